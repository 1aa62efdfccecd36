"""The Day of Reckoning, and the passage to the next round or the end of the game.

The player who triggered it draws a casino card; its number is every "?" this time, and the
card leaves the game. Each district in play is scored on its own: most gangsters first,
equal numbers ordered by their highest-ranked gangster, one placement per colour, each
placement the next value on the tile (doubled under a doubler), nothing past the last
value. In a two-player game each player's two colours are placed separately and the
points added together.
"""

from __future__ import annotations

from gangland.engine import Event, counted, seat_label

from .components import WILD
from .setup import start_round
from .table import DistrictResult, Placement, Reckoning, Table
from .tiles import standings

__all__ = ["ROUNDS", "DistrictResult", "Placement", "Reckoning", "finish", "next_round",
           "reckon", "score_district"]

ROUNDS = 3


def score_district(
    values: tuple[int, ...], tile_spaces: list[int], doubled: bool, casino: int
) -> tuple[Placement, ...]:
    """The placements of one district (colours beyond the tile's values win 0).

    >>> score_district((0, 4, 2, 0), [1, 4, 2, 1, 0, 2, 3, 1, 3], True, 5)
    ((1, 3, 10, 8), (3, 2, 8, 9), (2, 2, 4, 6), (0, 1, 10, 5), (4, 1, 0, 2))
    """
    factor = 2 if doubled else 1
    result = []
    for place, (colour, gangsters, rank) in enumerate(standings(tile_spaces)):
        value = 0
        if place < len(values):
            value = (casino if values[place] == WILD else values[place]) * factor
        result.append((colour, gangsters, value, rank))
    return tuple(result)


def reckon(state: Table, seat: int, why: str) -> list[Event]:
    """Score every district; then prepare the next round, or end the game after the last."""
    board = state.board
    casino = state.casino.pop() if state.casino else 0
    state.casino_drawn.append(casino)
    quiet = state.quiet  # stepped by a search or a simulation: nobody reads the events
    events = [] if quiet else [Event(
        "reckoning", f"Day of Reckoning {state.round} ({why}). {seat_label(seat)} draws the "
                     f"casino card {casino}: every '?' is worth {casino}.",
        data={"round": state.round, "casino": casino, "seat": seat})]
    won = [0] * state.players
    results: list[DistrictResult] = []
    for d in state.scoring:
        b, cap = state.base[d], state.cap[d]
        tile = board.parts.tiles[state.tile[d]]
        doubled = state.doubler[d]
        placements = score_district(tile.values, state.spaces[b:b + cap], doubled, casino)
        results.append((d, doubled, placements))
        for colour, _, points, _ in placements:
            won[state.owner[colour]] += points
        if placements and not quiet:
            shown = [f"{state.colour_title(colour)} {points} ({counted(gangsters, 'gangster')})"
                     for colour, gangsters, points, _ in placements]
            events.append(Event(
                "district-scored",
                f"{board.titles[d]}{' (doubled)' if doubled else ''}: {', '.join(shown)}.",
                data={"district": board.names[d], "doubled": doubled,
                      "placements": [[state.colour_word(c), g, p] for c, g, p, _ in placements]}))
    for s in range(state.players):
        state.influence[s] += won[s]
    state.reckonings.append((state.round, casino, seat, why, tuple(results), tuple(won)))
    if not quiet:
        totals = ", ".join(f"{seat_label(s)} {state.influence[s]}" for s in range(state.players))
        events.append(Event("influence", f"Influence after round {state.round}: {totals}.",
                            data={"influence": list(state.influence)}))
    if state.round >= ROUNDS:
        return events + finish(state)
    return events + next_round(state, seat)


def finish(state: Table) -> list[Event]:
    """After the third reckoning: the most influence wins; ties share the win."""
    best = max(state.influence)
    state.won = [s for s in range(state.players) if state.influence[s] == best]
    state.over = True
    if state.quiet:
        return []
    names = " and ".join(seat_label(s) for s in state.won)
    verb = "win" if len(state.won) > 1 else "wins"
    return [Event("end", f"The game is over: {names} {verb} with {best} influence.",
                  data={"winners": list(state.won), "influence": list(state.influence)})]


def next_round(state: Table, trigger: int) -> list[Event]:
    """Doublers off, new gangsters onto the tableaus, the first doubler.

    Cars, trunks, equipment and movement cards stay as they are. The player to the left of
    ``trigger`` starts; handing them the turn is the rules' business (``rules``).
    """
    material = state.board.parts.material
    state.round += 1
    state.turns = 0
    state.doubler = [False] * len(state.doubler)
    new = material.new_gangsters[state.round - 2]
    for colour in range(state.ncol):
        given = min(new, state.reserve[colour])
        state.reserve[colour] -= given
        state.ride[colour] += given
    if state.quiet:
        return start_round(state)
    events = [Event("new-round", f"Round {state.round} begins: each colour gets "
                                 f"{counted(new, 'new gangster')}; "
                                 f"{seat_label((trigger + 1) % state.players)} starts.",
                    data={"round": state.round, "new_gangsters": new})]
    return events + start_round(state)
