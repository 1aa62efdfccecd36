"""The draw pile: remade from the discards the moment it runs out, and resampled from them."""

from __future__ import annotations

from gangland.engine import Rng
from gangland.engine.conformance import check_resample

from .scenario import hand, play, table, text


def one_card_left():
    """P1 (seat 0) to play with one Contract; one card in the pile, the rest discarded."""
    s = table(players=2, hands={0: ["contract"]})
    s.discard, s.pile = s.pile[:-1], s.pile[-1:]
    return s


def test_the_pile_is_remade_as_soon_as_it_runs_out():
    """ "Quando il mazzo viene esaurito, la pila viene mescolata e diventa il nuovo mazzo."

    P2's sixth card is the last of the pile: the discards (P1's Contract among them) become
    the new pile at once, so the card P2 plays next starts a new discard pile.
    """
    s = one_card_left()
    remade = sorted([*s.discard, s.hands[0][0]])
    events = play(s, "discard contract")
    assert s.player == 1 and len(s.hands[1]) == 6
    assert s.discard == [] and sorted(s.pile) == remade and s.restock == remade
    shuffled = [e for e in events if e.kind == "reshuffle"]
    assert len(shuffled) == 1 and shuffled[0].to is None
    assert shuffled[0].text == ("The draw pile is used up: the discard pile (52 cards) is "
                                "shuffled and becomes the new draw pile.")
    card = hand(s, 1)[0]
    play(s, f"discard {card}")
    assert [s.comps_kind(c) for c in s.discard] == [card]
    assert not set(s.discard) & set(s.pile)


def test_everyone_knows_what_the_new_pile_was_made_of_but_not_its_order():
    s = one_card_left()
    play(s, "discard contract")
    kinds = sorted(s.comps_kind(c) for c in s.restock)
    for seat in (None, 0, 1):
        assert sorted(s.view(seat)["new_deck"]) == kinds
    assert check_resample(s, 3)
    out = text(s.view(0), s.options)
    assert "(remade from 52 discards)" in out
    # Resampling deals the pile only from those cards: the hands keep the others.
    for seed in range(20):
        new = s.resample(0, Rng(seed))
        assert len(new.pile) == len(s.pile) and set(new.pile) <= set(s.restock)
        assert sorted(new.hands[1]) == sorted(s.hands[1])  # P1 can tell P2's hand exactly
    piles = {tuple(s.resample(0, Rng(seed)).pile) for seed in range(5)}
    assert len(piles) > 1


def test_a_snapshot_keeps_what_the_pile_was_remade_from():
    s = one_card_left()
    play(s, "discard contract")
    again = s.game.state_from_json(s.to_json())
    assert again.restock == s.restock and again.view(0) == s.view(0)
