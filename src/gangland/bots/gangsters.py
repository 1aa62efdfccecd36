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

from itertools import combinations_with_replacement
from typing import Any, ClassVar

from gangland.engine import Action, Game, Observation, OptionError, Rng

from . import gangster_1994 as _gangster_1994  # noqa: F401  (registers first)
from .base import Bot, register_bot
from .gangsters_board import FAR, Board, printed_board

__all__ = ["Heuristic"]

RESERVE = 800  # cash kept after buying a joint
SET_RESERVE = 300  # ... after buying one that brings a colour set nearer
SET_WEIGHT = 1000  # a starting plan's worth ($) of holding a whole colour, pro rata
BUDGET = 1100  # 4.1: the three starting joints together
APPROACH = 5.0  # a move's worth per turn it saves on the way to a joint it wants (at most 8)
BRIBE_AT = 8000  # the Commissioner's cash from which he buys his loyal cop (17.6)
KINDS = ("racketeer", "thug", "vamp")
STEP = {"racketeer": 100, "thug": 100, "vamp": 300}  # 4.2: base costs (17.4 rewards)


class Heuristic:
    """Fixed rules on the bot's own view."""

    needs_samples: ClassVar[bool] = False

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
        """The unowned buildings of the colour set the bot pursues, each with the share of
        the colour it would hold (1.0: it completes the set). It pursues the colour of
        which it holds the greatest share (the dearer on a tie) among those where it holds
        a joint and no rival holds one; a rival's only joint of a colour, at level 1, can
        be had (a Thug can shoot it empty, 12.5) and does not close the colour once the
        bot holds two of it and half of it (rounded down)."""
        want: dict[str, float] | None = self._facts.get(("want", 0))
        if want is None:
            want = self._facts["want", 0] = {}
            if self._boss(view):
                return want
            best, pursued = 0.0, ""
            for c, (mine, rival) in self._held(view).items():  # dearest colour first
                n = self.board.count[c]
                if mine and (not rival or (rival == 1 and mine >= max(2, n // 2)
                                           and self._weak(view, c))) and mine / n > best:
                    best, pursued = mine / n, c
            if not pursued:
                return want
            mine, rival = self._held(view)[pursued]
            share = (mine + 1) / self.board.count[pursued]
            buildings = view["buildings"]
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
        found: int | None = self._facts.get(("near", tok, facing))
        if found is None:
            turns_to = self.board.turns_to
            found = min((turns_to(t, tok, facing) for t in self._want(view)), default=FAR)
            self._facts["near", tok, facing] = found
        return found

    def _plan(self, view: dict[str, Any], colour: str) -> float:
        """The best three starting joints that begin with one of ``colour`` (4.1): their
        value, plus ``SET_WEIGHT`` times the share held of each colour of two or more that
        no rival has touched. The bot's own joints so far count; so do the buildings left."""
        board, seat = self.board, view["seat"]
        held = self._held(view)
        have = {c: mine for c, (mine, _) in held.items()}
        have[colour] += 1
        spent = sum(board.value[t] for t, _ in self._gang(view, seat)["joints"])
        spent += board.value[board.by_colour[colour][0]]
        owned = view["buildings"]
        free = {c: sum(1 for t in toks if t not in owned or owned[t][0] < 0) - (c == colour)
                for c, toks in board.by_colour.items()}
        left = 2 - sum(held[c][0] for c in held)
        price = {c: board.value[toks[0]] for c, toks in board.by_colour.items()}
        best = -1.0
        for more in combinations_with_replacement(board.by_colour, max(0, left)):
            if spent + sum(price[c] for c in more) > BUDGET or any(
                    more.count(c) > free[c] for c in more):
                continue
            counts = dict(have)
            for c in more:
                counts[c] += 1
            score = float(sum(price[c] * k for c, k in counts.items()))
            score += sum(SET_WEIGHT * k / board.count[c] for c, k in counts.items()
                         if k >= 2 and not held[c][1])
            best = max(best, score)
        return best

    def _gang(self, view: dict[str, Any], seat: int) -> dict[str, Any]:
        return next(g for g in view["gangs"] if g["seat"] == seat)

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
        """The best plan this pick begins (``_plan``), then the building nearest the
        others of its colour still to be had."""
        tok = str(a.args[0])
        colour = self.board.colour[tok]
        plan: float | None = self._facts.get(("plan", colour))
        if plan is None:
            plan = self._facts["plan", colour] = self._plan(view, colour)
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

    _score_patrol = _score_cop

    # ----- the Police Commissioner (17) ------------------------------------------------

    def _suspects(self, view: dict[str, Any]) -> dict[str, float]:
        """Where a cop earns the Commissioner money, and about how much (in $100s): each
        criminal gangster's reward (17.4: the base cost of the levels shot, a Vamp's $300
        with one hit), and a raid (11.6: the joint's base cost, and the organized crime it
        stops paying). The gang about to move may walk its criminals away: half; the
        richest gang (when cash is open, 15.1) is the one to slow down: half as much again."""
        found: dict[str, float] | None = self._facts.get(("suspects", 0))
        if found is None:
            found = self._facts["suspects", 0] = {}
            active = view["decision"]["active"]
            boss = view["seat"]
            worth = view["worth"]
            known = [w for s, w in enumerate(worth) if w is not None and s != boss]
            leader = worth.index(max(known)) if len(known) > 1 else -1
            for g in view["gangs"]:
                flee = 0.5 if g["seat"] == active and active != boss else 1.0
                flee *= 1.5 if g["seat"] == leader else 1.0
                for p in g["pieces"]:
                    if p["at"] and p["criminal"] and p["strength"]:
                        levels = 1 if p["kind"] == "vamp" else min(p["strength"], 3)
                        top = p["strength"] if p["kind"] != "vamp" else 1
                        reward = STEP[p["kind"]] * sum(range(top - levels + 1, top + 1))
                        found[p["at"]] = found.get(p["at"], 0.0) + flee * reward / 100
            for pub in view["public"]:
                tok = pub["at"]
                building = view["buildings"].get(tok) if tok else None
                if building is not None and building[0] >= 0:
                    pay = self.values.get(tok, 0) * (1 + building[1] * pub["strength"])
                    found[tok] = found.get(tok, 0.0) + pay / 100
        return found

    def _catch(self, view: dict[str, Any], state: int, steps: int) -> float:
        """The best suspect a cop in ``state`` reaches with a move of exactly ``steps``."""
        if not 1 <= steps <= 6:
            return 0.0
        ends, index = self.board.throw[steps - 1][state], self.board.index
        return max((worth for at, worth in self._suspects(view).items()
                    if any(x in ends for x in range(index[at] * 5, index[at] * 5 + 5))),
                   default=0.0)

    def _beat(self, view: dict[str, Any], tok: str | None, facing: str | None) -> float:
        """What a cop at ``tok`` facing ``facing`` may catch the next time he moves, on
        average over the six throws of the blue die (if the suspects stay where they are)."""
        if tok is None:
            return 0.0
        key = ("beat", tok, facing)
        found: float | None = self._facts.get(key)
        if found is None:
            state = self.board.state(tok, facing)
            found = self._facts[key] = sum(self._catch(view, state, k) for k in range(1, 7)) / 6
        return found

    def _police(self, view: dict[str, Any], a: Action) -> float:
        """The Commissioner's cop: onto a suspect (17.4), else where the next throw may
        catch one; a new patrol when he may (more cops, more arrests, 9.2); a bribe only
        for his win (17.6), since its money goes to the bank (17.5) and net worth decides
        a time limit (15.2)."""
        blue = view["dice"][0]
        if a.kind == "cop":
            tok, facing = str(a.args[1]), str(a.args[2])
            here = next((c for c in view["cops"] if c["cop"] == int(a.args[0])), None)
            if view["decision"]["kind"] == "patrol":
                here = None  # a new cop: nothing to leave
            score = self._suspects(view).get(tok, 0.0) * 2
            if score and self._last_cop(view):
                score -= 3.5  # the shootout takes him off the board: then bribes, forced
            before = self._beat(view, here["at"], here["facing"]) if here else 0.0
            return score + self._beat(view, tok, facing) - before
        if a.kind == "transfer":  # 9.6: a new cop on a subway, with the steps left
            here = next(c for c in view["cops"] if c["cop"] == int(a.args[0]))
            start = self.board.state(here["at"], here["facing"])
            target = self.board.index[str(a.args[1])] * 5
            used = next((k for k in range(1, blue + 1)
                         if any(target <= x < target + 5 for x in self.board.throw[k - 1][start])),
                        blue)
            exits = [self.board.state(t, None) for t in self.board.subway if t != a.args[1]]
            catch = max(self._catch(view, x, blue - used) for x in exits) * 2
            return catch + max(self._beat(view, t, None) for t in self.board.subway) / 2 - \
                self._beat(view, here["at"], here["facing"])
        if a.kind == "bribe":
            me = self._me(view)
            loyal = any(me.get("my_badges") or ())
            return 8.0 if not loyal and me["cash"] >= BRIBE_AT else -20.0
        if a.kind == "patrol":  # 9.2: in at the subway of the blue die, then blue - 1 on
            entry = self.board.state(self.board.subway[blue - 1], None)
            few = sum(1 for c in view["cops"] if c["at"]) < 3
            return (3.0 if few else 1.0) + self._catch(view, entry, blue - 1) * 2
        return 0.5  # pass

    def _last_cop(self, view: dict[str, Any]) -> bool:
        """Is one cop all the Commissioner has on the board, while he could pay a bribe?
        A gang's turn lets him bribe or move a cop, not start a patrol (17.2): with no cop
        to move, he must bribe ($100 x blue, to the bank, 17.5) while badges are left."""
        return sum(1 for c in view["cops"] if c["at"]) <= 1 and view["badge_cup"] > 0 \
            and self._me(view)["cash"] >= 100

    def _score_exit(self, view: dict[str, Any], a: Action) -> float:
        if not self._boss(view):
            return 0.0
        return self._beat(view, self.board.subway[int(a.args[0]) - 1], None)

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
        if a.kind == "sell":
            return 1.0
        return 0.5  # done

    def _racketeer_to(self, view: dict[str, Any], me: dict[str, Any], tok: str,
                      facing: str) -> float:
        """The Racketeer buys where it stands (5.1): a building it can pay for, one of a
        colour set first (with less cash kept), and nearer to the set's other buildings."""
        price, cash = self.values.get(tok, 0), me["cash"]
        share = self._want(view).get(tok, 0.0)
        score = 0.0
        if share:
            need = price + (0 if share >= 1.0 else SET_RESERVE)
            score += 6.0 + 10.0 * share if cash >= need else 2.0 + 4.0 * share
        elif price and self._owner(view, tok) < 0 and \
                cash >= price + RESERVE + self._set_cost(view):
            score += 6.0  # to buy it next turn
        if self._want(view):
            racketeer = me["pieces"][0]
            closer = self._near(view, racketeer["at"], racketeer["facing"]) - \
                self._near(view, tok, facing)
            score += max(-8.0, min(8.0, APPROACH * closer / 10))
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
        if not self._boss(view):
            return 1.0
        gang = self._gang(view, int(a.args[0]) - 1)
        piece = gang["pieces"][KINDS.index(str(a.args[1]))]
        return 1.0 + (3.0 if piece["kind"] == "vamp" else piece["strength"] / 3)

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
