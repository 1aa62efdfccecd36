"""Gangsters' ``heuristic`` bot: economy first, a fortune of joints chased, cops avoided.

It reads only its view (and the printed map, which is public) and follows fixed rules:

- **Setup.** Three joints within the $1,100 with a colour set in mind: each pick begins
  the best plan it can still make, scored by the joints' value plus, for each colour of
  which it would hold two or more while no rival holds one, $1,000 times the share of
  the colour held (so two purples and an orange come before a red, a blue and an
  orange, worth the same), and of a colour's buildings it takes the one nearest the
  others. Four Racketeers (two moves a turn), two Thugs and the Vamp, the rest kept as
  cash; everyone starts in its dearest joint, where the Guard helps.
- **Economy.** Public pieces are money: each one in a joint pays value x level x its
  strength at the end of every turn. So it moves public pieces into its own joints (the
  best paying first) and out of rivals', improves a joint when it keeps $800, and
  recruits a missing Thug or Vamp (victory needs one of each).
- **Joints (15.1).** It follows the road to a victory of joints it is furthest along: the
  colour of which it holds the greatest share (where no rival holds one; a rival's only
  joint of the colour, at level 1, can be had once the bot holds two and half of it, and
  its criminal Thug goes in to shoot it empty, 12.5), or ten joints of any colour when
  it holds a greater share of ten. A building on that road is bought keeping $300 (the
  one that wins, with all it has); any other only keeping $800 and what the road still
  costs. The Racketeer (who buys where he stands, 5.1) heads for the road's buildings by
  the turns he needs on average to end a move in one: the green die's exact throws,
  facings and subways, worked out from the printed map (``gangsters_board``).
- **Cops.** Its pieces stay on their coloured (citizen) side, which cops ignore, except a
  Thug or Vamp extorting in an unowned building with no cop there. It moves cops onto
  rivals' criminals and raided joints, never into its own joints, and reveals a badge to
  stop a cop coming for its joint.
- **Shootouts.** It holds fire unless it must; hits go first on a Guard with levels to
  spare, then Thugs, the Racketeer only above strength 2, the Vamp last.
- **Victory.** A Racketeer, a Thug and a Vamp, plus a whole colour, ten joints or
  $10,000; it never trades and never buys equipment.
- **As the Police Commissioner** (five players, ``gangsters_police``) it keeps its money,
  which at a time limit is its net worth (15.2): no bribe but the one that wins (a loyal
  cop once it holds $8,000, 17.6), for a bribe goes to the bank (17.5). Its cops go onto
  criminals (17.4: the base cost of the levels shot), the richest gang's first, and into
  joints with a public piece, else where the blue die's next throw may catch one; it
  starts a patrol when it may, and keeps its last cop out of shootouts while a gang's
  turn could force a bribe on it (17.2: then it may bribe or move a cop, not start one).

Ties are broken by the order of the legal actions, so a seed fixes every decision.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any, ClassVar

from gangland.engine import Action, Game, Observation, OptionError, Rng

from . import gangster_1994 as _gangster_1994  # noqa: F401  (registers first)
from .base import Bot, register_bot
from .gangsters_board import FAR, Board, printed_board
from .gangsters_police import Commissioner

__all__ = ["Heuristic"]

RESERVE = 800  # cash kept after buying a joint
SET_RESERVE = 300  # ... after buying one that brings a colour set nearer
SET_WEIGHT = 1000  # a starting plan's worth ($) of holding a whole colour, pro rata
BUDGET = 1100  # 4.1: the three starting joints together
WIN_JOINTS = 10  # 15.1: joints of any colours that win
APPROACH = 5.0  # a move's worth per turn it saves on the way to a joint it wants (at most 8)
KINDS = ("racketeer", "thug", "vamp")
_KIND = {k: i for i, k in enumerate(KINDS)}  # a kind's number by its word
_STEPS = frozenset({"move", "wheels"})  # the verbs that ``_score_step`` scores
#: Decisions scored by another kind's method (an alias in the class body instead would
#: not compile under mypyc: docs/speed.md).
_SCORED_AS = {"patrol": "cop"}


class Heuristic(Commissioner):
    """Fixed rules on the bot's own view."""

    needs_samples: ClassVar[bool] = False
    #: It reads only the brief view's keys (``GangstersState.brief_view``): a search asks
    #: it for most decisions of every playout, and the whole view cost a third of that.
    brief: ClassVar[bool] = True

    def __init__(self, seed: int, values: dict[str, int], board: Board | None = None) -> None:
        self.name = "heuristic"
        self.rng = Rng.for_seed(seed)
        self.values = values  # a building token's joint value (0: gray)
        self.board = board or printed_board()  # colours, counts and distances
        #: What the current decision's view says that every action's score asks again
        #: (the bot's own entry, joints, cops' spaces): worked out once per decision, and
        #: emptied by ``choose``, the only caller of the methods that read the view.
        self._facts: dict[tuple[Any, ...], Any] = {}

    # ----- what it sees ----------------------------------------------------------------

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

    # ----- colour sets (15.1) -----------------------------------------------------------

    def _held(self, view: dict[str, Any]) -> dict[str, tuple[int, int]]:
        """Per colour: the joints the bot holds and the joints its rivals hold."""
        held: dict[str, tuple[int, int]] | None = self._facts.get(("held", 0))
        if held is None:
            me, colour = view["seat"], self.board.colour
            mine = dict.fromkeys(self.board.count, 0)
            rival = dict.fromkeys(self.board.count, 0)
            for tok, found in view["buildings"].items():
                c = colour.get(tok)
                if c is not None and found[0] >= 0:
                    if found[0] == me:
                        mine[c] += 1
                    else:
                        rival[c] += 1
            held = self._facts["held", 0] = {c: (mine[c], rival[c]) for c in mine}
        return held

    def _want(self, view: dict[str, Any]) -> dict[str, float]:
        """The unowned buildings on the bot's road to a fortune of joints (15.1), each with
        the share of it the bot would hold (1.0: the building wins). It takes the road it
        is furthest along: the colour of which it holds the greatest share (the dearer on
        a tie), among those where it holds a joint and no rival holds one, or ten joints
        of any colour when it holds a greater share of ten. A rival's only joint of a
        colour, at level 1, can be had (a Thug can shoot it empty, 12.5) and does not
        close the colour once the bot holds two of it and half of it (rounded down)."""
        want: dict[str, float] | None = self._facts.get(("want", 0))
        if want is None:
            want = self._facts["want", 0] = {}
            if self._boss(view):
                return want
            held = self._held(view)
            joints = sum(mine for mine, _ in held.values())
            best, pursued = joints / WIN_JOINTS, ""
            for c, (mine, rival) in held.items():  # dearest colour first
                n = self.board.count[c]
                if mine and (not rival or (rival == 1 and mine >= max(2, n // 2)
                                           and self._weak(view, c))) and mine / n >= best:
                    best, pursued = mine / n, c
            buildings = view["buildings"]
            if not pursued:  # ten joints
                share = (joints + 1) / WIN_JOINTS
                for tok in self.board.colour:
                    found = buildings.get(tok)
                    if found is None or found[0] < 0:
                        want[tok] = share
                return want
            mine, rival = held[pursued]
            share = (mine + 1) / self.board.count[pursued]
            for tok in self.board.by_colour[pursued]:
                found = buildings.get(tok)
                if found is None or found[0] < 0:
                    want[tok] = min(share, 0.99) if rival else share
        return want

    def _set_cost(self, view: dict[str, Any]) -> int:
        """What the nearest colour set still costs (0: none in view): kept aside before
        the bot buys a joint of no set."""
        cost: int | None = self._facts.get(("set cost", 0))
        if cost is None:
            price: dict[str, int] = {}
            for tok in self._want(view):
                c = self.board.colour[tok]
                price[c] = price.get(c, 0) + self.board.value[tok]
            cost = self._facts["set cost", 0] = min(price.values(), default=0)
        return cost

    def _weak(self, view: dict[str, Any], colour: str) -> bool:
        """Is the rivals' one joint of ``colour`` at level 1 (one Guard, two dice)?"""
        me = view["seat"]
        return any(found[0] >= 0 and found[0] != me and found[1] == 1
                   for tok, found in view["buildings"].items()
                   if self.board.colour.get(tok) == colour)

    def _prey(self, view: dict[str, Any]) -> set[str]:
        """Rivals' joints that stand between the bot and a colour (see ``_want``)."""
        prey: set[str] | None = self._facts.get(("prey", 0))
        if prey is None:
            prey = self._facts["prey", 0] = set()
            me, held = view["seat"], self._held(view)
            for tok, found in view["buildings"].items():
                c = self.board.colour.get(tok)
                if c is None or found[0] < 0 or found[0] == me or found[1] != 1:
                    continue
                mine, rival = held[c]
                if rival == 1 and mine >= max(2, self.board.count[c] // 2):
                    prey.add(tok)
        return prey

    def _near(self, view: dict[str, Any], tok: str | None, facing: str | None) -> int:
        """How far a gangster at ``tok`` facing ``facing`` is from the nearest building the
        bot wants (``Board.turns_to``; FAR: none wanted, or off the board)."""
        if tok is None:
            return FAR
        found: tuple[frozenset[str], dict[int, int]] | None = self._facts.get(("near", 0))
        if found is None:
            wanted = frozenset(self._want(view))
            found = self._facts["near", 0] = (wanted, self.board.nearest(wanted))
        return self.board.near(found[0], found[1], self.board.state(tok, facing))

    def _plans(self, view: dict[str, Any]) -> dict[str, float]:
        """For each colour, the best three starting joints with this pick of that colour
        (4.1): their value, plus ``SET_WEIGHT`` times the share held of each colour of two
        or more that no rival has touched. The bot's joints so far count, and only the
        buildings left can be picked."""
        plans: dict[str, float] | None = self._facts.get(("plans", 0))
        if plans is not None:
            return plans
        board = self.board
        held = self._held(view)
        spent = sum(board.value[t] for t, _ in self._gang(view, view["seat"])["joints"])
        owned = view["buildings"]
        free = {c: sum(1 for t in toks if t not in owned or owned[t][0] < 0)
                for c, toks in board.by_colour.items()}
        price = {c: board.value[toks[0]] for c, toks in board.by_colour.items()}
        left = 3 - sum(mine for mine, _ in held.values())
        plans = self._facts["plans", 0] = dict.fromkeys(board.by_colour, -1.0)
        for picks in combinations_with_replacement(board.by_colour, max(1, left)):
            if spent + sum(price[c] for c in picks) > BUDGET or any(
                    picks.count(c) > free[c] for c in set(picks)):
                continue
            score = 0.0
            for c, (mine, rival) in held.items():
                k = mine + picks.count(c)
                score += price[c] * k
                if k >= 2 and not rival:
                    score += SET_WEIGHT * k / board.count[c]
            for c in set(picks):
                plans[c] = max(plans[c], score)
        return plans

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
        if kind in ("move", "public"):  # the long lists: what every move reads, read once
            me, seat = self._me(view), view["seat"]
            mine, cops = self._joints(view, seat), self._cops_at(view)
            step, other = self._score_step, self._score_move  # most are steps: called direct
            return [float(step(view, a, me, seat, mine, cops) if a.kind in _STEPS
                          else other(view, a, me, seat, mine, cops))
                    for a in obs.legal_actions]
        # Looked up once, not per action; a patrol is scored as a cop move.
        handler = getattr(self, "_score_" + _SCORED_AS.get(kind, kind), None)
        if handler is None:
            return [1.0 if a.kind in ("hold", "pass", "done") else 0.0
                    for a in obs.legal_actions]
        return [float(handler(view, a)) for a in obs.legal_actions]

    def _score_pick(self, view: dict[str, Any], a: Action) -> float:
        """The best plan this pick begins (``_plans``), then the building nearest the
        others of its colour still to be had."""
        tok = str(a.args[0])
        colour = self.board.colour[tok]
        plan = self._plans(view)[colour]
        owned = view["buildings"]
        others = [self.board.steps(tok, t) for t in self.board.by_colour[colour]
                  if t != tok and (t not in owned or owned[t][0] < 0)]
        return plan - min(others, default=0) / 100

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
            share = self._want(view).get(racketeer, 0.0) if a.kind == "buy" else 0.0
            price = self.values.get(racketeer, 0)
            if share >= 1.0:
                return 20.0 if cash >= price else -1.0  # the set, and the game
            reserve = SET_RESERVE if share else RESERVE + self._set_cost(view)
            if a.kind == "improve":
                reserve = RESERVE
            return 5.0 + 10.0 * share if cash >= price + reserve else -1.0
        return 1.0 if a.kind == "roll" else -5.0

    def _score_offer(self, view: dict[str, Any], a: Action) -> float:
        return 1.0 if a.kind == "cancel" else 0.0

    def _score_answer(self, view: dict[str, Any], a: Action) -> float:
        return 1.0 if a.kind == "decline" else 0.0

    def _cop_end(self, view: dict[str, Any], tok: str) -> float:
        """A cop ending on ``tok``: never into its own joints or onto its own criminals;
        onto rivals' criminals and raids (a public piece in a joint)."""
        found: tuple[dict[str, int], set[str], set[str], set[str]] | None = \
            self._facts.get(("cop ends", 0))
        if found is None:  # once a decision, not once per cop move
            buildings = view["buildings"]
            raids = {p["at"] for p in view["public"]
                     if p["at"] and p["at"] in buildings and buildings[p["at"]][0] >= 0}
            found = self._facts["cop ends", 0] = (
                self._joints(view, view["seat"]), self._criminals_at(view, rivals=False),
                self._criminals_at(view, rivals=True), raids)
        mine, own, rivals, raids = found
        if tok in mine:
            return -20.0
        if tok in own:
            return -10.0
        score = 0.0
        if tok in rivals:
            score += 6.0
        if tok in raids:
            score += 4.0  # a raid on a rival's organized crime
        return score

    def _score_cop(self, view: dict[str, Any], a: Action) -> float:
        if self._boss(view):
            return self._police(view, a)
        if a.kind == "cop":
            return self._cop_end(view, str(a.args[1]))
        if a.kind == "transfer":
            return -1.0
        if a.kind == "bribe":
            # 17.6: the Commissioner needs a cop of his own to win
            return 8.0 if self._boss(view) and not self._me(view)["badges"] else -2.0
        return 0.5  # patrol, pass, defer

    def _score_reveal(self, view: dict[str, Any], a: Action) -> float:
        cop = view["decision"].get("cop")
        where = next((c["at"] for c in view["cops"] if c["cop"] == cop), None)
        threat = where is not None and self._cop_end(view, where) < 0
        return (1.0 if threat else -1.0) if a.kind == "reveal" else 0.0

    def _score_move(self, view: dict[str, Any], a: Action, me: dict[str, Any] | None = None,
                    seat: int = -1, mine: dict[str, int] | None = None,
                    cops: set[str] | None = None) -> float:
        """A movement action's score; ``scores`` passes what the view says for every
        action of the decision (the bot's entry, seat, joints and the cops' spaces)."""
        if me is None or mine is None or cops is None:
            me, seat = self._me(view), view["seat"]
            mine, cops = self._joints(view, seat), self._cops_at(view)
        kind_ = a.kind
        if kind_ == "move" or kind_ == "wheels":
            return self._score_step(view, a, me, seat, mine, cops)
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
        if a.kind == "sell":
            return 1.0
        return 0.5  # done

    def _score_step(self, view: dict[str, Any], a: Action, me: dict[str, Any], seat: int,
                    mine: dict[str, int], cops: set[str]) -> float:
        """A ``move`` or ``wheels`` action's score (the most of every movement decision)."""
        kind, tok, criminal = _KIND[str(a.args[0])], str(a.args[1]), a.args[3] == "criminal"
        if criminal and tok in cops:
            return -10.0
        found = view["buildings"].get(tok)  # ``_owner``, written out: once per move
        owner = -1 if found is None else int(found[0])
        if owner >= 0 and owner != seat and kind != 2:
            if kind == 1 and criminal and tok in self._prey(view) and \
                    me["pieces"][1]["strength"] >= 2:
                return 4.0  # shoot the joint empty that keeps a colour from the bot
            return -8.0  # into a rival's joint: a fight with its Guard
        score = 0.0
        if kind == 0:
            score += self._racketeer_to(view, me, tok, str(a.args[2]))
        if kind in (1, 2) and criminal and owner < 0 and "." not in tok \
                and tok not in cops:
            score += 3.0  # extortion
        elif criminal:
            score -= 3.0
        if tok in mine:
            score += 1.0
        return score - (0.5 if a.kind == "wheels" else 0.0)

    def _racketeer_to(self, view: dict[str, Any], me: dict[str, Any], tok: str,
                      facing: str) -> float:
        """The Racketeer buys where it stands (5.1): a building it can pay for, one of a
        colour set first (with less cash kept), and nearer to the set's other buildings.
        The same for either side up (worked out once)."""
        key = ("to", tok, facing)
        found: float | None = self._facts.get(key)
        if found is not None:
            return found
        price, cash = self.values.get(tok, 0), me["cash"]
        want = self._want(view)
        share = want.get(tok, 0.0)
        score = 0.0
        if share:
            need = price + (0 if share >= 1.0 else SET_RESERVE)
            score += 6.0 + 10.0 * share if cash >= need else 2.0 + 4.0 * share
        elif price and self._owner(view, tok) < 0 and \
                cash >= price + RESERVE + self._set_cost(view):
            score += 6.0  # to buy it next turn
        if want:
            racketeer = me["pieces"][0]
            closer = self._near(view, racketeer["at"], racketeer["facing"]) - \
                self._near(view, tok, facing)
            score += max(-8.0, min(8.0, APPROACH * closer / 10))
        self._facts[key] = score
        return score

    def _score_public(self, view: dict[str, Any], a: Action) -> float:
        return self._score_move(view, a)

    def _score_entry(self, view: dict[str, Any], a: Action) -> float:
        return self.values.get(str(a.args[0]), 0)

    def _score_seduce(self, view: dict[str, Any], a: Action) -> float:
        return 2.0 if a.args[1] == "racketeer" else 1.0

    def _score_hit(self, view: dict[str, Any], a: Action) -> float:
        return 1.0 if a.kind == "hold" else (0.5 if a.args[0] != "cops" else 0.0)

    def _score_bust(self, view: dict[str, Any], a: Action) -> float:
        if int(a.args[0]) - 1 == view["seat"]:
            return -10.0
        return self._bust_worth(view, a) if self._boss(view) else 1.0

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
    from gangland.games.gangsters.table import figures

    comps = default_components()  # the tokens from the map's prebuilt tables: a search
    city, names = comps.city, figures(comps).acts.tokens  # makes a bot per playout
    return {names[b]: city.value[b] for b in city.buildings}


def _heuristic(game: Game, seed: int, arg: str) -> Bot:
    if arg:
        raise OptionError("the heuristic bot takes no argument")
    return Heuristic(seed, _values())


register_bot("heuristic", _heuristic,
             "chases a colour set, ten joints or $10,000, lures the public, keeps clear of cops",
             games=["gangsters"], strength=10)
