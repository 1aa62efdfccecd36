"""Building exact Gangsters positions for scripted rule tests.

``table()`` gives a game past setup, nobody owning anything, with ``active`` in its Buy
Phase; ``joint``, ``gang``, ``cop`` and ``public`` put things where a test wants them (by a
space's map name, ``Lou's Diner``, or its action token, ``ld`` / ``14.9``); ``Dice``
replaces the state's generator so a test says which die faces come up (``randbelow(n)``
answers the next scripted value: ``face - 1`` for dice, an index for draws); ``play``
applies action texts through ``state.parse_action`` and checks the board after each.
"""

from __future__ import annotations

from collections.abc import Iterable

import gangland
from gangland.engine import Event
from gangland.games.gangsters import GangstersState
from gangland.games.gangsters.components import default_components
from gangland.games.gangsters.moves import tokens
from gangland.games.gangsters.table import BUY, INSIDE, KINDS, PHASES
from tests.dice import Dice

GAME = gangland.load("gangsters")
CITY = default_components().city
TOKENS = tokens(CITY)
SPACE_OF = {t: s for s, t in enumerate(TOKENS)}
RED, YELLOW, GREEN, BROWN = range(4)
FACES = ("north", "east", "south", "west")
N, E, S, W = range(4)


def where(name: str | int) -> int:
    """A space id from a map name, an action token, or an id."""
    if isinstance(name, int):
        return name
    if name in SPACE_OF:
        return SPACE_OF[name]
    return CITY.space(name)


def tok(name: str | int) -> str:
    """The action token of a space."""
    return TOKENS[where(name)]


def step(name: str | int, *dirs: int) -> int:
    """The street space reached from ``name`` by single steps in ``dirs`` (N, E, S, W);
    from a building, its entrance first."""
    s = where(name)
    if not CITY.street[s]:
        s = CITY.entrance_of[s]
    for d in dirs:
        s = CITY.step[s][d]
        assert s >= 0, f"no street {FACES[d]} of {CITY.names[s]}"
    return s


def door(name: str | int) -> int:
    return CITY.entrance_of[where(name)]


def table(players: int = 4, active: int = GREEN, money: int = 0,
          **options: object) -> GangstersState:
    """A game past setup: empty board, ``money`` each, seats in order 0..n-1, ``active`` to buy."""
    state = GAME.new_game(players, seed=1, options=options)
    assert isinstance(state, GangstersState)
    state.order = list(range(players))
    state.turn, state.phase, state.active, state.to_move = 1, BUY, active, active
    state.pending, state.chosen, state.deal, state.fight = [], [[] for _ in range(players)], \
        [], []
    state.cash = [money] * players
    state.dice, state.moved, state.recruits, state.used = [0] * 5, 0, 0, 0
    state._legal_cache = None
    return state


def joint(state: GangstersState, seat: int, name: str, level: int = 1) -> int:
    b = where(name)
    assert not CITY.street[b]
    state.owner[b], state.level[b] = seat, level
    state._legal_cache = None
    return b


def gang(state: GangstersState, seat: int, kind: str, strength: int, at: str | int,
         facing: int = INSIDE, criminal: bool = False) -> int:
    """Put ``seat``'s piece of ``kind`` at a space with a strength, facing and side."""
    p = seat * 3 + KINDS.index(kind)
    s = where(at)
    state.strength[p], state.at[p] = strength, s
    state.face[p] = INSIDE if not CITY.street[s] else facing
    state.criminal[p] = criminal
    state._legal_cache = None
    return p


def cop(state: GangstersState, strength: int, at: str | int, facing: int = INSIDE) -> int:
    c = state.fig.cops.index(strength)
    s = where(at)
    state.cop_at[c], state.cop_face[c] = s, INSIDE if not CITY.street[s] else facing
    state._legal_cache = None
    return c


def public(state: GangstersState, k: int, at: str | int, facing: int = INSIDE) -> None:
    """Public piece ``k`` (0, 1: x1; 2: x2; 3: x3) at a space."""
    s = where(at)
    state.pub_at[k], state.pub_face[k] = s, INSIDE if not CITY.street[s] else facing
    state._legal_cache = None


def script(state: GangstersState, *values: int) -> None:
    """The next values of ``randbelow``: die faces minus one, or draw indexes."""
    state.rng = Dice(values)


def rolls(state: GangstersState, *faces: int) -> None:
    """Script die faces (1-6) for the next rolls (dice of a turn, shootout dice)."""
    script(state, *(f - 1 for f in faces))


def play(state: GangstersState, *texts: str) -> list[Event]:
    """Apply actions given as text, checking the board after each."""
    events: list[Event] = []
    for text in texts:
        events += state.apply(state.parse_action(text))
        check_board(state)
    return events


def roll(state: GangstersState, blue: int, white: int, green: int, red: int, black: int,
         *then: int) -> list[Event]:
    """Roll these five dice (then script ``then`` faces for what follows)."""
    rolls(state, blue, white, green, red, black, *then)
    return play(state, "roll")


def allow_all(state: GangstersState) -> list[Event]:
    """Every other gang lets a cop move stand."""
    events: list[Event] = []
    while PHASES[state.phase] == "reveal":
        events += play(state, "allow")
    return events


def legal(state: GangstersState) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]


def gains(events: Iterable[Event], seat: int) -> list[int]:
    return [e.data["amount"] for e in events if e.kind == "gain" and e.data["seat"] == seat]


def pays(events: Iterable[Event], seat: int) -> list[int]:
    return [e.data["amount"] for e in events if e.kind == "pay" and e.data["seat"] == seat]


def fired(events: Iterable[Event]) -> list[tuple[list[int], int]]:
    """The dice and hits of every unit that fired."""
    return [(e.data["dice"], e.data["hits"]) for e in events if e.kind == "fire"]


def check_board(state: GangstersState) -> None:
    """Every piece is on a real space or off the board, never with strength 0 on it."""
    n = len(CITY.names)
    for p, s in enumerate(state.at):
        assert -1 <= s < n
        assert 0 <= state.strength[p] <= (1 if p % 3 == 2 else 10)
        if state.strength[p] == 0:  # a piece shot or vamped down to nothing leaves
            assert s == -1 and not state.criminal[p], (p, s)
    for s in (*state.cop_at, *state.pub_at):
        assert -1 <= s < n
    assert min(state.cash) >= 0
