"""Gangsters' ``heuristic`` bot: economy first, joints defended, cops avoided, a victory chased.

It reads only its view (and the printed map, which is public) and follows fixed rules:

- **Setup.** The dearest joints the $1,100 allows; four Racketeers (two moves a turn), two
  Thugs and the Vamp, the rest kept as cash; everyone starts in its dearest joint, where
  the Guard helps.
- **Economy.** Public pieces are money: each one in a joint pays value x level x its
  strength at the end of every turn. So it moves public pieces into its own joints (the
  best paying first) and out of rivals', buys the building its Racketeer stands in and
  improves a joint when it keeps a reserve, and recruits a missing Thug or Vamp (victory
  needs one of each).
- **Cops.** Its pieces stay on their coloured (citizen) side, which cops ignore, except a
  Thug or Vamp extorting in an unowned building with no cop there. It moves cops onto
  rivals' criminals and raided joints, never into its own joints, and reveals a badge to
  stop a cop coming for its joint.
- **Shootouts.** It holds fire unless it must; hits go first on a Guard with levels to
  spare, then Thugs, the Racketeer only above strength 2, the Vamp last.
- **Victory.** A Racketeer, a Thug and a Vamp plus $10,000: saving is the plan, so it
  never trades and never buys equipment.
- **As the Police Commissioner** (five players) it sends cops after criminals and into
  joints with a public piece (its rewards, 17.4) and bribes a cop of its own (17.6).

Ties are broken by the order of the legal actions, so a seed fixes every decision.
"""

from __future__ import annotations

from typing import Any, ClassVar

from gangland.engine import Action, Game, Observation, OptionError, Rng

from . import gangster_1994 as _gangster_1994  # noqa: F401  (registers first)
from .base import Bot, register_bot

__all__ = ["Heuristic"]

RESERVE = 800  # cash kept after buying a joint
KINDS = ("racketeer", "thug", "vamp")


class Heuristic:
    """Fixed rules on the bot's own view."""

    needs_samples: ClassVar[bool] = False

    def __init__(self, seed: int, values: dict[str, int]) -> None:
        self.name = "heuristic"
        self.rng = Rng.for_seed(seed)
        self.values = values  # a building token's joint value (0: gray)
        #: What the current decision's view says that every action's score asks again
        #: (the bot's own entry, joints, cops' spaces): worked out once per decision, and
        #: emptied by ``choose``, the only caller of the methods that read the view.
        self._facts: dict[tuple[str, int], Any] = {}

    # ----- what it sees ----------------------------------------------------------------

    @staticmethod
    def _boss(view: dict[str, Any]) -> bool:
        """Is the bot the Police Commissioner of the five-player game?"""
        police: dict[str, Any] | None = view.get("commissioner")
        return police is not None and police["seat"] == view["seat"]

    def _me(self, view: dict[str, Any]) -> dict[str, Any]:
        me: dict[str, Any] | None = self._facts.get(("me", 0))
        if me is None:
            me = self._facts["me", 0] = (
                view["commissioner"] if self._boss(view)
                else next(g for g in view["gangs"] if g["seat"] == view["seat"]))
        return me

    def _joints(self, view: dict[str, Any], seat: int) -> dict[str, int]:
        joints: dict[str, int] | None = self._facts.get(("joints", seat))
        if joints is None:
            gang = next((g for g in view["gangs"] if g["seat"] == seat), None)
            joints = self._facts["joints", seat] = (
                {} if gang is None else {tok: level for tok, level in gang["joints"]})
        return joints

    def _owner(self, view: dict[str, Any], tok: str) -> int:
        found = view["buildings"].get(tok)
        return -1 if found is None else int(found[0])

    def _pay(self, view: dict[str, Any], tok: str) -> int:
        """What a public piece of strength 1 earns its owner in building ``tok``."""
        found = view["buildings"].get(tok)
        return 0 if found is None or found[0] < 0 else self.values.get(tok, 0) * int(found[1])

    def _cops_at(self, view: dict[str, Any]) -> set[str]:
        cops: set[str] | None = self._facts.get(("cops", 0))
        if cops is None:
            cops = self._facts["cops", 0] = {c["at"] for c in view["cops"] if c["at"]}
        return cops

    def _criminals_at(self, view: dict[str, Any], rivals: bool) -> set[str]:
        found: set[str] | None = self._facts.get(("criminals", rivals))
        if found is None:
            me = view["seat"]
            found = self._facts["criminals", rivals] = {
                p["at"] for g in view["gangs"] if (g["seat"] != me) == rivals
                for p in g["pieces"] if p["at"] and p["criminal"] and p["strength"]}
        return found

    # ----- decisions ---------------------------------------------------------------------

    def choose(self, obs: Observation) -> Action:
        legal = obs.legal_actions
        if len(legal) == 1:
            return legal[0]
        scores = self.scores(obs)
        top = max(scores)
        return next(a for a, s in zip(legal, scores, strict=True) if s == top)

    def scores(self, obs: Observation) -> list[float]:
        """Each legal move's score by the rules above (a search looks at the best few)."""
        view = obs.view
        kind = view["decision"]["kind"]
        self._facts = {}
        return [self._score(view, kind, a) for a in obs.legal_actions]

    def _score(self, view: dict[str, Any], kind: str, a: Action) -> float:
        handler = getattr(self, "_score_" + kind, None)
        return float(handler(view, a)) if handler else (1.0 if a.kind in ("hold", "pass",
                                                                          "done") else 0.0)

    def _score_pick(self, view: dict[str, Any], a: Action) -> float:
        return self.values.get(str(a.args[0]), 0)

    def _score_gang(self, view: dict[str, Any], a: Action) -> float:
        r, t, v = (int(x) for x in a.args)
        return -abs(r - 4) * 3 - abs(t - 2) * 2 - (1 - v) * 5

    def _score_place(self, view: dict[str, Any], a: Action) -> float:
        joints = sorted(self._joints(view, view["seat"]))
        best = max(range(len(joints)), key=lambda i: self.values.get(joints[i], 0)) + 1
        return -sum(abs(int(x) - best) for x in a.args if int(x))

    def _score_buy(self, view: dict[str, Any], a: Action) -> float:
        cash = self._me(view)["cash"]
        if a.kind in ("buy", "improve"):
            racketeer = self._me(view)["pieces"][0]["at"]
            return 5.0 if cash >= self.values.get(racketeer, 0) + RESERVE else -1.0
        return 1.0 if a.kind == "roll" else -5.0

    def _score_offer(self, view: dict[str, Any], a: Action) -> float:
        return 1.0 if a.kind == "cancel" else 0.0

    def _score_answer(self, view: dict[str, Any], a: Action) -> float:
        return 1.0 if a.kind == "decline" else 0.0

    def _cop_end(self, view: dict[str, Any], tok: str) -> float:
        mine = self._joints(view, view["seat"])
        publics = {p["at"] for p in view["public"] if p["at"]}
        if tok in mine:
            return -20.0
        if tok in self._criminals_at(view, rivals=False):
            return -10.0
        score = 0.0
        if tok in self._criminals_at(view, rivals=True):
            score += 6.0
        if tok in publics and self._owner(view, tok) >= 0:
            score += 4.0  # a raid on a rival's organized crime
        return score

    def _score_cop(self, view: dict[str, Any], a: Action) -> float:
        if a.kind == "cop":
            return self._cop_end(view, str(a.args[1]))
        if a.kind == "transfer":
            return -1.0
        if a.kind == "bribe":
            # 17.6: the Commissioner needs a cop of his own to win
            return 8.0 if self._boss(view) and not self._me(view)["badges"] else -2.0
        return 0.5  # patrol, pass, defer

    _score_patrol = _score_cop

    def _score_reveal(self, view: dict[str, Any], a: Action) -> float:
        cop = view["decision"].get("cop")
        where = next((c["at"] for c in view["cops"] if c["cop"] == cop), None)
        threat = where is not None and self._cop_end(view, where) < 0
        return (1.0 if threat else -1.0) if a.kind == "reveal" else 0.0

    def _score_move(self, view: dict[str, Any], a: Action) -> float:
        me, seat = self._me(view), view["seat"]
        mine = self._joints(view, seat)
        cops = self._cops_at(view)
        if a.kind == "public":
            k, tok = int(a.args[0]) - 1, str(a.args[1])
            strength = view["public"][k]["strength"]
            here = view["public"][k]["at"]
            gain = self._pay(view, tok) * strength if tok in mine else 0
            loss = self._pay(view, here) * strength if here in mine else 0
            rival = self._pay(view, here) * strength if here and here not in mine else 0
            return (gain - loss + rival * 0.5) / 100
        if a.kind == "newpublic":
            return 2.0
        if a.kind == "recruit":
            kind, n = KINDS.index(str(a.args[0])), int(a.args[1])
            strength = me["pieces"][kind]["strength"]
            if kind != 0 and strength == 0 and n == 1:
                return 8.0
            if kind == 0 and strength < 4:
                return 3.0 - n * 0.1 if me["cash"] > 1500 else -1.0
            return -2.0
        if a.kind in ("move", "wheels"):
            kind, tok, criminal = KINDS.index(str(a.args[0])), str(a.args[1]), \
                a.args[3] == "criminal"
            if tok in cops and criminal:
                return -10.0
            owner = self._owner(view, tok)
            if owner >= 0 and owner != seat and kind != 2:
                return -8.0  # into a rival's joint: a fight with its Guard
            score = 0.0
            if kind == 0 and owner < 0 and self.values.get(tok, 0) and \
                    me["cash"] >= self.values[tok] + RESERVE:
                score += 6.0  # to buy it next turn
            if kind in (1, 2) and criminal and owner < 0 and "." not in tok \
                    and tok not in cops:
                score += 3.0  # extortion
            elif criminal:
                score -= 3.0
            if tok in mine:
                score += 1.0
            return score - (0.5 if a.kind == "wheels" else 0.0)
        if a.kind == "sell":
            return 1.0
        return 0.5  # done

    def _score_public(self, view: dict[str, Any], a: Action) -> float:
        return self._score_move(view, a)

    def _score_entry(self, view: dict[str, Any], a: Action) -> float:
        return self.values.get(str(a.args[0]), 0)

    def _score_seduce(self, view: dict[str, Any], a: Action) -> float:
        return 2.0 if a.args[1] == "racketeer" else 1.0

    def _score_hit(self, view: dict[str, Any], a: Action) -> float:
        return 1.0 if a.kind == "hold" else (0.5 if a.args[0] != "cops" else 0.0)

    def _score_bust(self, view: dict[str, Any], a: Action) -> float:
        return -10.0 if int(a.args[0]) - 1 == view["seat"] else 1.0

    def _score_aim(self, view: dict[str, Any], a: Action) -> float:
        return 0.0 if a.args[0] == "cops" else 1.0

    def _score_absorb(self, view: dict[str, Any], a: Action) -> float:
        me = self._me(view)
        what = str(a.args[0])
        if what == "guard":
            return 2.0
        strength = me["pieces"][KINDS.index(what)]["strength"]
        return {"thug": 3.0, "racketeer": 1.0 if strength > 2 else -1.0, "vamp": -3.0}[what]


def _values() -> dict[str, int]:
    from gangland.games.gangsters.components import default_components
    from gangland.games.gangsters.moves import tokens

    city = default_components().city
    names = tokens(city)
    return {names[b]: city.value[b] for b in city.buildings}


def _heuristic(game: Game, seed: int, arg: str) -> Bot:
    if arg:
        raise OptionError("the heuristic bot takes no argument")
    return Heuristic(seed, _values())


register_bot("heuristic", _heuristic,
             "lures the public into its joints, saves for $10,000, keeps clear of cops",
             games=["gangsters"], strength=10)
