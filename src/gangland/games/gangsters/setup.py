"""Before the first turn (3, 4): the order of play, the starting joints, the secret gangs and
their secret starting places.

The rulebook's simultaneous secret choices (4.2, 4.3) become one decision per player in
turn order, each kept out of every other view (and out of every event but the chooser's)
until the last player has chosen; then all are revealed together. So choosing later tells
a player nothing more than choosing first.
"""

from __future__ import annotations

from gangland.engine import Action, Event, OptionValue, seat_label

from .components import KINDS, Components
from .moving import Moving
from .table import (
    BUY,
    GANG,
    GANGS,
    INSIDE,
    PICK,
    PLACE,
    PUBLICS,
    VAMP,
    TableBase,
    cost,
    figures,
    gang_words,
)


def gang_options(state: TableBase, seat: int) -> list[tuple[int, int, int]]:
    """Every gang ``seat`` can afford: $2,100 plus the change from its joints (4.2)."""
    budget = state.fig.gang_budget + state.cash[seat]
    step, most = state.fig.step, state.fig.most
    return [(r, t, v) for r in range(most[0] + 1) for t in range(most[1] + 1)
            for v in range(most[2] + 1)
            if cost(0, 0, r, step) + cost(1, 0, t, step) + cost(VAMP, 0, v, step) <= budget]


def place_options(state: TableBase, seat: int) -> list[tuple[int, int, int]]:
    """A starting joint (1-3, in ascending order) for each piece the gang has (4.3)."""
    n = len(state.joints(seat))
    ranges = [range(1, n + 1) if state.strength[3 * seat + k] else range(0, 1)
              for k in range(3)]
    return [(a, b, c) for a in ranges[0] for b in ranges[1] for c in ranges[2]]


class Setup(Moving):
    """Setting the table up, from the first roll to the first turn."""

    __slots__ = ()

    def _setup(self, players: int, options: dict[str, OptionValue], comps: Components) -> None:
        """Empty board, cops, badges and public pieces in their cups; roll for the order."""
        self.comps, self.fig = comps, figures(comps)
        n_spaces = len(comps.city.names)
        gangs = 4 if players == 5 else players  # 17: the fifth player runs the cops
        self.strength = [0] * (3 * gangs)
        self.at = [-1] * (3 * gangs)
        self.face = [INSIDE] * (3 * gangs)
        self.criminal = [False] * (3 * gangs)
        cops = len(self.fig.cops)
        self.cop_at, self.cop_face = [-1] * cops, [INSIDE] * cops
        self.badge, self.untouchable, self.donut = [-1] * cops, -1, [-1] * cops
        self.pub_at, self.pub_face = [-1] * PUBLICS, [INSIDE] * PUBLICS
        self.owner, self.level = [-1] * n_spaces, [0] * n_spaces
        self.cash, self.gear, self.out = [0] * players, [0] * players, [False] * players
        self.turn, self.phase, self.dice, self.pawns = 0, PICK, [0] * 5, []
        self.moved = self.recruits = self.used = 0
        self.pending, self.chosen, self.deal, self.fight = [], [[] for _ in range(players)], [], []
        self.over, self.won = False, []
        # 3.1: everyone rolls the five dice; the highest total plays first (ties roll again).
        rolling = list(range(gangs))
        while len(rolling) > 1:
            totals = [sum(self.rng.randint(1, 6) for _ in range(5)) for _ in rolling]
            best = max(totals)
            rolling = [s for s, t in zip(rolling, totals, strict=True) if t == best]
        first = rolling[0]
        self.order = [(first + k) % gangs for k in range(gangs)]
        # 4.1: joints are picked one at a time in turn order until each player has three.
        self.pending = self.order * self.fig.start_joints
        self.active = self.to_move = self.pending[0]

    # ----- 4.1 joints ------------------------------------------------------------------

    def _pick_legal(self) -> list[int]:
        """Unowned colored buildings the picker can take and still fit three joints into
        the $1,100 budget (with the cheapest joints left for the remaining picks)."""
        seat, city = self.to_move, self.comps.city
        mine = self.joints(seat)
        left = self.fig.start_joints - len(mine) - 1
        spent = sum(city.value[b] for b in mine)
        free = sorted((city.value[b], b) for b in city.buildings
                      if city.colour[b] != "gray" and self.owner[b] < 0)
        out = []
        for i, (v, b) in enumerate(free):
            cheapest = [w for j, (w, _) in enumerate(free) if j != i][:left]
            if len(cheapest) == left and spent + v + sum(cheapest) <= self.fig.joint_budget:
                out.append(b)
        return sorted(out)

    def _pick(self, b: int) -> list[Event]:
        seat = self.pending.pop(0)
        self.owner[b], self.level[b] = seat, 1
        city = self.comps.city
        events = [Event("joint", f"{seat_label(seat)} takes {city.names[b]} as a joint.",
                        data={"seat": seat, "building": b})]
        if self.pending:
            self.to_move = self.pending[0]
            return events
        for s in self.order:  # 4.1: the difference up to $1,100 is paid in cash
            spent = sum(city.value[b] for b in self.joints(s))
            events += self._gain(s, self.fig.joint_budget - spent, "change from the joints")
        if self.commissioner >= 0:  # 17.1
            events += self._gain(self.commissioner, self.fig.commissioner_cash,
                                 "the Police Commissioner's budget")
        self.phase, self.pending = GANG, list(self.order)
        self.to_move = self.pending[0]
        return events

    # ----- 4.2 gangs -------------------------------------------------------------------

    def _gang_legal(self) -> list[tuple[int, int, int]]:
        return gang_options(self, self.to_move)

    def _gang(self, r: int, t: int, v: int) -> list[Event]:
        seat = self.pending.pop(0)
        self.chosen[seat] = [r, t, v]
        events = [Event("gang-chosen", f"{seat_label(seat)} has written down a gang.",
                        data={"seat": seat}),
                  Event("gang-secret", f"Your gang: {gang_words(r, t, v)}.",
                        to=frozenset({seat}), data={"seat": seat, "gang": [r, t, v]})]
        if self.pending:
            self.to_move = self.pending[0]
            return events
        step = self.fig.step
        for s in self.order:  # every gang is revealed together
            r, t, v = self.chosen[s]
            self.strength[3 * s:3 * s + 3] = [r, t, v]
            price = cost(0, 0, r, step) + cost(1, 0, t, step) + cost(VAMP, 0, v, step)
            events.append(Event("gang", f"{GANGS[s].title()} ({seat_label(s)}) recruits "
                                f"{gang_words(r, t, v)} for ${price:,}.",
                                data={"seat": s, "gang": [r, t, v], "cost": price}))
            change = self.fig.gang_budget - price
            if change >= 0:
                events += self._gain(s, change, "change from the gang")
            else:
                events += self._pay(s, -change, "the gang beyond $2,100")[1]
            self.chosen[s] = []
        self.phase, self.pending = PLACE, list(self.order)
        self.to_move = self.pending[0]
        return events

    # ----- 4.3 starting places ---------------------------------------------------------

    def _place_legal(self) -> list[tuple[int, int, int]]:
        return place_options(self, self.to_move)

    def _place(self, choice: tuple[int, int, int]) -> list[Event]:
        seat = self.pending.pop(0)
        self.chosen[seat] = list(choice)
        names = self.comps.city.names
        joints = self.joints(seat)
        where = ", ".join(f"{KINDS[k]} in {names[joints[j - 1]]}"
                          for k, j in enumerate(choice) if j)
        events = [Event("place-chosen", f"{seat_label(seat)} has written down where the gang "
                        "starts.", data={"seat": seat}),
                  Event("place-secret", f"Your gang starts: {where or 'nowhere'}.",
                        to=frozenset({seat}), data={"seat": seat, "start": list(choice)})]
        if self.pending:
            self.to_move = self.pending[0]
            return events
        for s in self.order:  # all revealed together, pieces on the board colored side up
            joints = self.joints(s)
            for k, j in enumerate(self.chosen[s]):
                if j:
                    self.at[3 * s + k] = joints[j - 1]
            events.append(Event("start", f"{GANGS[s].title()} ({seat_label(s)}) starts: "
                                + ", ".join(f"{KINDS[k]} in {names[joints[j - 1]]}"
                                            for k, j in enumerate(self.chosen[s]) if j) + ".",
                                data={"seat": s, "start": list(self.chosen[s])}))
            self.chosen[s] = []
        self.phase = BUY
        return events + self._start_turn(self._next_seat())

    # ----- legal actions and effects of setup --------------------------------------------

    def _setup_legal(self, tokens: tuple[str, ...]) -> list[Action]:
        if self.phase == PICK:
            return [Action("joint", (tokens[b],)) for b in self._pick_legal()]
        if self.phase == GANG:
            return [Action("gang", g) for g in self._gang_legal()]
        return [Action("start", p) for p in self._place_legal()]
