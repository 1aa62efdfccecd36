"""Shootouts (5.7, 8.4, 11.4-11.6, 12, 13.2): who fights whom, the dice, and the losses.

At the end of a turn, in this order:

1. each of the active gang's criminal Thugs and Racketeers that moved this turn and stands
   with an opposing gang member or a cop may declare a hit on one of them (``hit P``,
   ``hit cops``) or ``hold``; in an opposing joint it must declare (11.4);
2. each cop with criminals on its space attacks one of them, the active player's choice
   when there are several (11.5, ``bust P KIND``);
3. every joint's Guard attacks the opposing Thugs and Racketeers in it (8.4).

Then space by space: everyone attacked fires back at its attacker (12.1); a unit (a piece,
a Guard, a cop) engaged with more than one side picks the one its dice go to (``aim``);
all dice are rolled at once (12.3: strength at the start of the shootout); each side's
owner places every hit it takes on one of its units that may take it (12.4, ``absorb``):

- a cop's hits only on the criminal it attacks (or, answering a hit on the cops, on
  criminals); a Guard never takes a cop's hit (12.7);
- a Guard's hits only on Thugs and Racketeers; only a cop or a Racketeer may hit a Vamp
  (13.2), and one hit removes her;
- a piece takes as many hits as its strength, a Guard as many as its joint's level.

Hits on a Guard cost the joint a level each unless every piece that hit it is shot down
(12.5); a joint lost that way starts a gang war (12.6). Every cop in a shootout goes back
to its cup (12.3). Hits on cops do nothing else.
"""

from __future__ import annotations

from typing import Any

from gangland.engine import Action, Event, counted

from .components import KINDS
from .crime import Crime
from .moves import HOLD
from .table import ABSORB, AIM, BUST, GANGS, HIT, INSIDE, RACKETEER, THUG, VAMP

COPS = 9  # the side of the cops (a seat is its own side)
PIECE, GUARD, COP = range(3)
#: fight = [declare queue, declared pairs, bust queue, bust pairs, spaces, units, hits,
#: absorbed]; a unit is 8 ints: controller, what, ident, dice, need, enemies mask, aim,
#: bust target; a hit is 4 ints: side, unit index, 0, 0; absorbed holds (what, ident,
#: unit index) triples, one per hit taken.
_DECLARE, _DECLARED, _BUSTQ, _BUSTS, _SPACES, _UNITS, _HITS, _TAKEN = range(8)
_U = 8


def _side_token(side: int) -> str:
    return "cops" if side == COPS else str(side + 1)


class Shootout(Crime):
    """The shootouts at the end of a turn."""

    __slots__ = ()

    # ----- in words, for views -----------------------------------------------------------

    def fight_view(self) -> dict[str, Any]:
        """The shootouts being resolved, as a view shows them (everything here is public):
        pieces as ``{"seat", "kind"}``, sides as a seat or ``"cops"``, spaces as tokens."""
        fight = self.fight

        def piece(p: int) -> dict[str, Any]:
            return {"seat": p // 3, "kind": KINDS[p % 3]}

        def side(x: int) -> int | str:
            return "cops" if x == COPS else x

        units = []
        for i in range(0, len(fight[_UNITS]), _U):
            ctrl, what, ident, dice, need, enemies, aim, _ = fight[_UNITS][i:i + _U]
            unit: dict[str, Any] = {"seat": ctrl, "unit": ("piece", "guard", "cop")[what],
                                    "dice": dice, "need": need,
                                    "aim": None if aim < 0 else side(aim),
                                    "enemies": [side(x) for x in range(10) if enemies >> x & 1]}
            if what == PIECE:
                unit.update(piece(ident))
            elif what == GUARD:
                unit["space"] = self.tok(ident)
            else:
                unit["cop"] = self.fig.cops[ident]
            units.append(unit)
        declared, busts, hits = fight[_DECLARED], fight[_BUSTS], fight[_HITS]
        out: dict[str, Any] = {
            "to_declare": [piece(p) for p in fight[_DECLARE]],
            "declared": [{**piece(declared[j]), "target": side(declared[j + 1])}
                         for j in range(0, len(declared), 2)],
            "to_bust": [self.fig.cops[c] for c in fight[_BUSTQ]],
            "busts": [{"cop": self.fig.cops[busts[j]], **piece(busts[j + 1])}
                      for j in range(0, len(busts), 2)],
            "spaces": [self.tok(x) for x in fight[_SPACES]],
            "units": units,
            "hits_left": len(hits) // 2,
        }
        if hits:
            out["hit"] = {"side": side(hits[0]), "from": hits[1] // _U}
        return out

    # ----- who is where ------------------------------------------------------------------

    def _pieces_at(self, space: int) -> list[int]:
        return [p for p in range(len(self.at)) if self.at[p] == space and self.strength[p] > 0]

    def _cops_at(self, space: int) -> list[int]:
        return [c for c, a in enumerate(self.cop_at) if a == space]

    def _hit_targets(self, p: int) -> list[int]:
        """The sides piece ``p`` may declare a hit on (11.4)."""
        seat, here = p // 3, self.at[p]
        # 13.2: only a Cop or a Racketeer may attack a Vamp, so a Thug has no hit on a gang
        # that has only its Vamp here
        sides = {q // 3 for q in self._pieces_at(here) if q // 3 != seat
                 and (q % 3 != VAMP or p % 3 == RACKETEER)}
        if self.owner[here] >= 0 and self.owner[here] != seat:
            sides.add(self.owner[here])
        out = sorted(sides)
        return out + ([COPS] if self._cops_at(here) else [])

    def _must_hit(self, p: int) -> bool:
        here = self.at[p]
        return self.owner[here] >= 0 and self.owner[here] != p // 3

    # ----- 1 and 2: declarations ---------------------------------------------------------

    def _start_shootouts(self) -> list[Event]:
        seat = self.active
        mine = [] if seat == self.commissioner else [self.piece(seat, k)
                                                      for k in (RACKETEER, THUG)]
        declare = [p for p in mine if self.moved >> (12 + p % 3) & 1 and self.criminal[p]
                   and self.strength[p] > 0 and self._hit_targets(p)]
        strength, at = self.strength, self.at
        crooks = {at[q] for q, c in enumerate(self.criminal) if c and strength[q] > 0}
        busts = [c for c, a in enumerate(self.cop_at) if a >= 0 and a in crooks]
        if not declare and not busts and not any(
                self._guard_attacks(q) for q in range(len(at))):
            # nobody fights (most turns): what the steps below come to, without them
            self.to_move, self.fight, self.pending = self.active, [], []
            return self._end_turn(False)
        self.fight = [declare, [], busts, [], [], [], [], []]
        return self._next_declaration()

    def _next_declaration(self) -> list[Event]:
        fight = self.fight
        self.to_move = self.active
        while fight[_DECLARE]:
            p = fight[_DECLARE][0]
            targets = self._hit_targets(p)
            if len(targets) == 1 and self._must_hit(p):
                fight[_DECLARE].pop(0)
                fight[_DECLARED] += [p, targets[0]]
                continue
            self.phase = HIT
            return []
        while fight[_BUSTQ]:
            c = fight[_BUSTQ][0]
            suspects = [q for q in self._pieces_at(self.cop_at[c]) if self.criminal[q]]
            if len(suspects) == 1:
                fight[_BUSTQ].pop(0)
                fight[_BUSTS] += [c, suspects[0]]
                continue
            self.phase, self.to_move = BUST, self.cop_boss
            return []
        return self._plan()

    def _hit_legal(self) -> list[Action]:
        p = self.fight[_DECLARE][0]
        legal = [Action("hit", (_side_token(s),)) for s in self._hit_targets(p)]
        return legal if self._must_hit(p) else [*legal, HOLD]

    def _bust_legal(self) -> list[Action]:
        c = self.fight[_BUSTQ][0]
        return [Action("bust", (q // 3 + 1, KINDS[q % 3]))
                for q in self._pieces_at(self.cop_at[c]) if self.criminal[q]]

    def _declare(self, action: Action) -> list[Event]:
        p = self.fight[_DECLARE].pop(0)
        if action.kind == "hold":
            return self._next_declaration()
        target = COPS if action.args[0] == "cops" else int(action.args[0]) - 1
        self.fight[_DECLARED] += [p, target]
        who = "the cops" if target == COPS else GANGS[target].title()
        return [Event("hit", f"{self.describe_piece(p)} declares a hit on {who}.",
                      data={"piece": p, "target": target}), *self._next_declaration()]

    def _bust(self, action: Action) -> list[Event]:
        c = self.fight[_BUSTQ].pop(0)
        q = self.piece(int(action.args[0]) - 1, KINDS.index(str(action.args[1])))
        self.fight[_BUSTS] += [c, q]
        return self._next_declaration()

    # ----- 3: engagements, space by space ------------------------------------------------

    def _plan(self) -> list[Event]:
        """Every space where someone fights, in id order."""
        fight = self.fight
        spaces = {self.at[p] for p in fight[_DECLARED][::2]}
        spaces |= {self.cop_at[c] for c in fight[_BUSTS][::2]}
        # a Guard fights only where a piece it attacks stands: one pass over the pieces
        spaces |= {self.at[q] for q in range(len(self.at)) if self._guard_attacks(q)}
        fight[_SPACES] = sorted(spaces)
        self.pending = [0]  # gang war so far (0/1)
        return self._next_space()

    def _guard_targets(self, b: int) -> list[int]:
        """Opposing Thugs and Racketeers in joint ``b`` (8.4); a Guard never fights cops."""
        if self.owner[b] < 0:
            return []
        return [q for q in range(len(self.at)) if self.at[q] == b and self._guard_attacks(q)]

    def _guard_attacks(self, q: int) -> bool:
        """8.4: does a joint's Guard attack piece ``q``? A Thug or Racketeer in play, in
        another gang's joint."""
        b = self.at[q]
        if b < 0 or self.strength[q] <= 0 or q % 3 == VAMP:
            return False
        owner = self.owner[b]
        return owner >= 0 and owner != q // 3

    def _next_space(self) -> list[Event]:
        fight = self.fight
        if not fight[_SPACES]:
            war = bool(self.pending and self.pending[0])
            self.fight, self.pending = [], []
            return self._end_turn(war)
        space = fight[_SPACES][0]
        fight[_UNITS] = self._units(space)
        return self._next_aim()

    def _units(self, space: int) -> list[int]:
        units: dict[tuple[int, int], list[int]] = {}
        heaters = self.gear

        def unit(what: int, ident: int) -> list[int]:
            key = (what, ident)
            if key not in units:
                if what == PIECE:
                    seat, kind = divmod(ident, 3)
                    need = 6 if kind == RACKETEER else (4 if heaters[seat] >> THUG & 1 else 5)
                    dice = 0 if kind == VAMP else self.strength[ident]  # 12.2: a Vamp never fires
                    units[key] = [seat, PIECE, ident, dice, need, 0, -1, -1]
                elif what == GUARD:
                    units[key] = [self.owner[ident], GUARD, ident, 2 * self.level[ident], 4, 0,
                                  -1, -1]
                else:
                    units[key] = [self.cop_boss, COP, ident, self.fig.cops[ident], 5, 0, -1, -1]
            return units[key]

        fight = self.fight
        for i in range(0, len(fight[_DECLARED]), 2):
            p, target = fight[_DECLARED][i:i + 2]
            if self.at[p] != space or self.strength[p] == 0:
                continue
            unit(PIECE, p)[5] |= 1 << target
            if target == COPS:
                for c in self._cops_at(space):
                    unit(COP, c)[5] |= 1 << (p // 3)
                continue
            for q in self._pieces_at(space):
                if q // 3 == target and q % 3 != VAMP:
                    unit(PIECE, q)[5] |= 1 << (p // 3)
            if self.owner[space] == target:
                unit(GUARD, space)[5] |= 1 << (p // 3)
        for i in range(0, len(fight[_BUSTS]), 2):
            c, q = fight[_BUSTS][i:i + 2]
            if self.cop_at[c] != space or self.strength[q] == 0:
                continue
            cop = unit(COP, c)
            cop[5] |= 1 << (q // 3)
            cop[7] = q
            unit(PIECE, q)[5] |= 1 << COPS
        for q in self._guard_targets(space):
            unit(GUARD, space)[5] |= 1 << (q // 3)
            unit(PIECE, q)[5] |= 1 << self.owner[space]
        out: list[int] = []
        for key in sorted(units):
            u = units[key]
            if u[3] > 0 and u[5]:
                sides = [s for s in range(10) if u[5] >> s & 1]
                if len(sides) == 1:
                    u[6] = sides[0]
                out += u
        return out

    def _next_aim(self) -> list[Event]:
        units = self.fight[_UNITS]
        for i in range(0, len(units), _U):
            if units[i + 6] < 0:
                self.phase, self.to_move, self.pending[1:] = AIM, units[i], [i]
                return []
        return self._fire()

    def _aim_legal(self) -> list[Action]:
        u = self.fight[_UNITS][self.pending[1]:self.pending[1] + _U]
        return [Action("aim", (_side_token(s),)) for s in range(10) if u[5] >> s & 1]

    def _aim(self, action: Action) -> list[Event]:
        i = self.pending[1]
        self.fight[_UNITS][i + 6] = COPS if action.args[0] == "cops" else int(action.args[0]) - 1
        del self.pending[1:]
        return self._next_aim()

    def _fire(self) -> list[Event]:
        """12.3: everyone rolls at once, a die per strength level (two per Guard level)."""
        units, hits = self.fight[_UNITS], self.fight[_HITS]
        space = self.fight[_SPACES][0]
        events = [Event("shootout", f"Shootout at {self.comps.city.names[space]}!",
                        data={"space": space})]
        for i in range(0, len(units), _U):
            _, what, ident, dice, need, _, aim, _ = units[i:i + _U]
            rolls = self.rng.dice(dice)
            scored = sum(1 for r in rolls if r >= need)
            events.append(Event("fire", f"{self._unit_name(units, i)} rolls "
                                f"{' '.join(map(str, rolls))}: {counted(scored, 'hit')}.",
                                data={"unit": [what, ident], "dice": rolls, "hits": scored}))
            if aim != COPS:
                hits += [aim, i] * scored
        return events + self._next_hit()

    def _unit_name(self, units: list[int], i: int) -> str:
        what, ident = units[i + 1], units[i + 2]
        if what == PIECE:
            return self.describe_piece(ident)
        if what == GUARD:
            return f"The {GANGS[self.owner[ident]]} Guard"
        return f"Cop {self.fig.cops[ident]}"

    # ----- absorbing hits ----------------------------------------------------------------

    def _absorbers(self, side: int, i: int) -> list[tuple[int, int]]:
        """Where a hit from unit ``i`` on ``side`` may go, with room left: (what, ident)."""
        units, space = self.fight[_UNITS], self.fight[_SPACES][0]
        what, ident, target = units[i + 1], units[i + 2], units[i + 7]
        taken = self.fight[_TAKEN]

        def room(w: int, x: int, cap: int) -> bool:
            used = sum(1 for j in range(0, len(taken), 3) if taken[j] == w and taken[j + 1] == x)
            return used < cap

        if what == COP and target >= 0:
            candidates = [target]
        else:
            candidates = [q for q in self._pieces_at(space) if q // 3 == side]
            if what == COP:
                candidates = [q for q in candidates if self.criminal[q]]
            elif what == GUARD or (what == PIECE and ident % 3 == THUG):
                candidates = [q for q in candidates if q % 3 != VAMP]
        guard = what != COP and what != GUARD and self.owner[space] == side
        if what == PIECE and not self._declared(ident, side):
            # 12.1, 12.4: a piece that only returns fire hits the units that attacked it
            # (the section 12 example: "the Yellow Racketeer can neither fire nor be
            # attacked" while the Green Thug answers the Guard and the cop)
            engaged = self._engaged(side, ident // 3)
            candidates = [q for q in candidates if (PIECE, q) in engaged]
            guard = guard and (GUARD, space) in engaged
        out = [(PIECE, q) for q in candidates
               if room(PIECE, q, 1 if q % 3 == VAMP else self.strength[q])]
        if guard and room(GUARD, space, self.level[space]):
            out.append((GUARD, space))
        return out

    def _declared(self, p: int, side: int) -> bool:
        """Did piece ``p`` declare a hit on ``side`` this turn (11.4)?"""
        pairs = self.fight[_DECLARED]
        return any(pairs[j] == p and pairs[j + 1] == side for j in range(0, len(pairs), 2))

    def _engaged(self, side: int, enemy: int) -> set[tuple[int, int]]:
        """The units of ``side`` in this space's shootout that attack ``enemy``."""
        units = self.fight[_UNITS]
        return {(units[i + 1], units[i + 2]) for i in range(0, len(units), _U)
                if units[i] == side and units[i + 5] >> enemy & 1}

    def _next_hit(self) -> list[Event]:
        hits = self.fight[_HITS]
        while hits:
            side, i = hits[0], hits[1]
            options = self._absorbers(side, i)
            if len(options) > 1:
                self.phase, self.to_move = ABSORB, side
                return []
            del hits[:2]
            if options:
                self.fight[_TAKEN] += [*options[0], i]
        return self._losses()

    def _absorb_legal(self) -> list[Action]:
        side, i = self.fight[_HITS][:2]
        return [Action("absorb", ("guard" if w == GUARD else KINDS[x % 3],))
                for w, x in self._absorbers(side, i)]

    def _absorb(self, action: Action) -> list[Event]:
        side, i = self.fight[_HITS][:2]
        del self.fight[_HITS][:2]
        for w, x in self._absorbers(side, i):
            if ("guard" if w == GUARD else KINDS[x % 3]) == action.args[0]:
                self.fight[_TAKEN] += [w, x, i]
                break
        return self._next_hit()

    def _reward(self, q: int, levels: int) -> list[Event]:
        """17.4: the Commissioner earns the base cost of each gangster his cops shoot down
        (the top levels: two of a four-Thug gang are $400 + $300)."""
        kind, top = q % 3, self.strength[q]
        step = self.fig.step[kind]
        levels = min(levels, top)
        amount = step * levels if kind == VAMP else step * sum(range(top - levels + 1, top + 1))
        return self._gain(self.commissioner, amount, f"the reward for the {self.describe_piece(q)}")

    def _losses(self) -> list[Event]:
        """Strength, Vamps, joint levels and cops, all at once (12.3, 12.5, 12.6)."""
        fight, space = self.fight, self.fight[_SPACES].pop(0)
        units, taken = fight[_UNITS], fight[_TAKEN]
        events: list[Event] = []
        on_piece: dict[int, int] = {}
        by_cops: dict[int, int] = {}
        guard_hits, guard_shooters = 0, set()
        for j in range(0, len(taken), 3):
            w, x, i = taken[j:j + 3]
            if w == PIECE:
                on_piece[x] = on_piece.get(x, 0) + 1
                if units[i + 1] == COP:
                    by_cops[x] = by_cops.get(x, 0) + 1
            else:
                guard_hits += 1
                guard_shooters.add(units[i + 2])
        for q, n in sorted(on_piece.items()):
            if q in by_cops and self.commissioner >= 0:
                events += self._reward(q, min(n, by_cops[q]))
            events += self._lose(q, n)
        if guard_hits and any(self.strength[p] > 0 for p in guard_shooters):
            owner = self.owner[space]
            for _ in range(guard_hits):
                if self.owner[space] < 0:
                    break
                events += self._lose_level(space, "The shootout")
            if self.owner[space] < 0 and owner >= 0:
                self.pending[0] = 1
        for i in range(0, len(units), _U):
            if units[i + 1] == COP:
                c = units[i + 2]
                self.cop_at[c], self.cop_face[c], self.donut[c] = -1, INSIDE, -1
                events.append(Event("cop-cup", f"Cop {self.fig.cops[c]} goes back to the "
                                    "cup.", data={"cop": self.fig.cops[c]}))
        fight[_UNITS], fight[_HITS], fight[_TAKEN] = [], [], []
        return events + self._next_space()
