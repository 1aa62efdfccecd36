"""A case dealt from a pile rebuilt from the discards (issue 24).

Decision 5 makes a rebuilt pile's contents public. A case then dealt from it stays one of
those cards to its holder (who never sees it) and to spectators (who see no case), so their
views list the pile's cards *and* that case together, never which one is the case; every
other seat sees the case and knows the pile exactly. ``resample`` varies the case among
exactly those cards.
"""

from __future__ import annotations

from collections import Counter

from gangland.engine import Rng
from gangland.games.gangster_city import TableState
from gangland.games.gangster_city.cards import ALL, cards_in
from gangland.games.gangster_city.knowledge import own_candidates_from_view, visible_mask

from .scenario import DECK, GAME, dealt_from_a_public_pile


def _the_issue_position() -> TableState:
    """``new_game(players=1, seed=3)``: draw the pile out, take the middle, arrest the
    one card not yet seen; the new case comes from the pile rebuilt of 53 clue cards."""
    state = GAME.new_game(players=1, seed=3)
    assert isinstance(state, TableState)
    while state.view(0)["pile"]["size"]:
        state.apply(state.parse_action("draw"))
    for number in list(state.view(0)["middle"]):
        state.apply(state.parse_action(f"investigate {number}"))
    (unseen,) = cards_in(ALL & ~visible_mask(state.view(0)))
    state.apply(DECK.arrests[unseen])
    assert len(state.solved[0]) == 1 and state.pile_known
    return state


def test_the_issue_repro_no_longer_names_the_case():
    state = _the_issue_position()
    view = state.view(0)
    pile, middle = view["pile"], {n for n in view["middle"] if n is not None}
    case_from = set(view["stands"][0]["case_from"])
    # Today: case_from - pile - middle == {1}, the true case.
    assert case_from - set(pile["cards"]) - middle != {state.cases[0] + 1}
    assert state.cases[0] + 1 in pile["cards"]
    assert len(pile["cards"]) == pile["size"] + 1 and pile["with_cases_of"] == [0]
    mine = set(cards_in(own_candidates_from_view(DECK, view)))
    assert mine == {n - 1 for n in pile["cards"]}


def test_resample_varies_that_case_uniformly_over_the_pile_and_it():
    state = _the_issue_position()
    cards = {n - 1 for n in state.view(0)["pile"]["cards"]}
    assert len(cards) == 50
    draws = 5000
    counts = Counter(state.resample(0, Rng(s)).cases[0] for s in range(draws))
    assert set(counts) == cards  # today: always the true case
    expected = draws / len(cards)
    chi2 = sum((n - expected) ** 2 / expected for n in counts.values())
    assert chi2 < 95  # 99.9% quantile of chi-square with 49 degrees of freedom is 85.4
    for s in range(20):
        assert state.resample(0, Rng(s)).view(0) == state.view(0)


def test_spectators_cannot_tell_the_case_from_the_pile_either():
    state = _the_issue_position()
    view = state.view(None)
    assert view["pile"]["with_cases_of"] == [0]
    assert state.cases[0] + 1 in view["pile"]["cards"]
    assert len({state.resample(None, Rng(s)).cases[0] for s in range(30)}) > 1


def test_a_case_dealt_from_a_public_pile_without_a_rebuild():
    state = dealt_from_a_public_pile()
    mine, theirs, spectator = state.view(0), state.view(1), state.view(None)
    case = state.cases[0] + 1
    # P1 and spectators: the pile and the case, not which is which.
    for view in (mine, spectator):
        assert case in view["pile"]["cards"]
        assert len(view["pile"]["cards"]) == view["pile"]["size"] + 1
        assert view["pile"]["with_cases_of"] == [0]
    # P2 sees P1's case, so it knows the pile exactly.
    assert theirs["stands"][0]["case"] == case
    assert theirs["pile"]["cards"] == sorted(c + 1 for c in state.pile)
    assert theirs["pile"]["with_cases_of"] == []
    assert len({state.resample(0, Rng(s)).cases[0] for s in range(30)}) > 1
    assert all(state.resample(1, Rng(s)).cases[0] == state.cases[0] for s in range(10))
    # P2's own case came from before the rebuild: P2 has seen every other card.
    assert list(cards_in(own_candidates_from_view(DECK, theirs))) == [state.cases[1]]


def test_the_case_stays_mixed_in_until_the_pile_is_drawn_out():
    state = dealt_from_a_public_pile()
    case = state.cases[0]
    while state.pile:
        view = state.view(0)
        assert view["pile"]["with_cases_of"] == [0]
        assert len(view["pile"]["cards"]) == view["pile"]["size"] + 1
        legal = state.legal_actions()
        state.apply(next((a for a in legal if a.kind == "draw"), legal[0]))
        assert state.cases[0] == case
    # Drawn out: P1 has now seen every card of that pile but its case, so it knows it.
    assert list(cards_in(own_candidates_from_view(DECK, state.view(0)))) == [case]


def test_old_snapshots_without_the_field_still_hide_the_case():
    state = _the_issue_position()
    data = state.to_json()
    del data["state"]["from_pile"]
    again = GAME.state_from_json(data)
    assert again.view(0) == state.view(0) and again.view(None) == state.view(None)


def test_the_rebuild_is_announced_with_its_size():
    """Decision 5's rebuilt pile is news to everyone: the move that empties the pile and
    deals the next case from the shuffled discards says so, once, with how many cards."""
    state = GAME.new_game(players=1, seed=3)
    assert isinstance(state, TableState)
    while state.view(0)["pile"]["size"]:
        assert not any(e.kind == "reshuffle" for e in state.apply(state.parse_action("draw")))
    for number in list(state.view(0)["middle"]):
        state.apply(state.parse_action(f"investigate {number}"))
    (unseen,) = cards_in(ALL & ~visible_mask(state.view(0)))
    discards = len(state.discard) + len(state.clues[0])
    events = state.apply(DECK.arrests[unseen])
    (news,) = [e for e in events if e.kind == "reshuffle"]
    assert news.data == {"cards": discards} and f"({discards} cards)" in news.text
    assert events.index(news) == len(events) - 1  # after the arrest whose case it deals
    assert state.rebuilt == [] and state.clone().rebuilt == []
