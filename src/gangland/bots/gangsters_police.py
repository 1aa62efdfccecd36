"""The Police Commissioner of Gangsters' five-player game (17), as the ``heuristic`` bot
plays him: what his cops go after and when he pays.

He has cash and cops, no gang: at a time limit his cash is his net worth (15.2), so he
keeps it. A bribe's money goes to the bank (17.5), so he bribes only for his win (a loyal
cop once he holds $8,000, 17.6). He earns the base cost of every level his cops shoot
(17.4) and of a joint they raid (11.6), so his cops go onto criminals, the richest gang's
first when cash is open, and into joints with a public piece; else where the next throw
of the blue die may catch one (the exact throws worked out from the printed map,
``gangsters_board``). He starts a patrol when he may (9.2): more cops, more arrests. On a
gang's turn he may bribe or move a cop, not start one (17.2), and with none on the board
he must bribe: his last cop stays out of shootouts while that could cost him.
"""

from __future__ import annotations

from typing import Any

from gangland.engine import Action

from .gangsters_board import Board

BRIBE_AT = 8000  # the cash from which he buys his loyal cop (17.6)
STEP = {"racketeer": 100, "thug": 100, "vamp": 300}  # 4.2: base costs (17.4 rewards)


class Commissioner:
    """The Commissioner's rules, mixed into the heuristic bot (its view helpers)."""

    board: Board
    values: dict[str, int]
    _facts: dict[tuple[Any, ...], Any]

    @staticmethod
    def _boss(view: dict[str, Any]) -> bool:
        """Is the bot the Police Commissioner of the five-player game?"""
        police: dict[str, Any] | None = view.get("commissioner")
        return police is not None and police["seat"] == view["seat"]

    def _me(self, view: dict[str, Any]) -> dict[str, Any]:
        raise NotImplementedError

    def _gang(self, view: dict[str, Any], seat: int) -> dict[str, Any]:
        return next(g for g in view["gangs"] if g["seat"] == seat)

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
        where: dict[int, float] | None = self._facts.get(("suspect states", 0))
        if where is None:
            index = self.board.index
            where = self._facts["suspect states", 0] = {
                x: worth for at, worth in self._suspects(view).items()
                for x in range(index[at] * 5, index[at] * 5 + 5)}
        caught = self.board.throw[steps - 1][state].intersection(where)
        return max((where[x] for x in caught), default=0.0)

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


    def _bust_worth(self, view: dict[str, Any], a: Action) -> float:
        """Which criminal his cop fights (11.5): the Vamp (one hit, $300), else the
        strongest."""
        gang = self._gang(view, int(a.args[0]) - 1)
        piece = gang["pieces"][("racketeer", "thug", "vamp").index(str(a.args[1]))]
        return 1.0 + (3.0 if piece["kind"] == "vamp" else piece["strength"] / 3)
