"""The final count: the $0 floor, what the end lays open, and the secret passage's return
to the Refuge for the player who made the purchase offer."""

from __future__ import annotations

from gangland.engine import Rng
from gangland.games.gangster_1994.components import DECKS

from .scenario import card, give, play, script, table


def _count_now(state):
    state.offer, state.last = 0, True
    return state._end_turn()


def test_final_assets_never_go_below_zero():
    state = table(2)
    state.cash[:] = [1000, 5000]
    give(state, 0, card("dossier", 0))
    assert state.assets(0) == 0  # $1,000 - $2,500: a payment that takes all you have
    assert state.count(0)["total"] == -1500 and state.count(0)["assets"] == 0
    events = _count_now(state)
    line = next(e for e in events if e.kind == "count" and e.data["seat"] == 0)
    assert line.text == ("P1: cash $1,000 - 1 Dossier $2,500 = -$1,500, so $0 (nobody goes "
                         "below $0).")
    assert state.scores() == [0.0, 5000.0]


def test_when_everyone_is_below_zero_the_men_settle_the_tie_at_zero():
    state = table(2)
    state.cash[:] = [1000, 0]  # -1,500 and -2,500 before the floor: both $0
    give(state, 0, card("dossier", 0))
    give(state, 1, card("dossier", 0, skip=1), card("recrutement", 2))
    events = _count_now(state)
    assert state.over and state.winners() == [1]
    assert events[-1].data["assets"] == [0, 0]
    assert "P1 and P2 tie at $0; P2 has the most men (3) and wins." in events[-1].text


def test_the_final_count_lays_every_jewel_hand_and_sum_open():
    state = table(3)
    pearl, diamond = card("perle", 4200), card("diamant", 800)
    give(state, 0, pearl, diamond, card("recrutement", 1), card("dossier", 0))
    state.cash[:] = [10000, 3000, 2000]
    assert state.view(1)["table"][0]["items"] == {"perle": [None], "diamant": [None]}
    events = _count_now(state)
    for seat in (None, 0, 1, 2):
        view = state.view(seat)
        p1 = view["table"][0]
        assert p1["items"] == {"perle": [4200], "diamant": [800]}
        assert sorted(c["deck"] for c in p1["hand"]) == ["dossier", "recrutement"]
        assert p1["men"] == 2
        assert view["count"][0] == {
            "seat": 0, "cash": 10000, "perle": [4200], "diamant": [800], "jewels": 5000,
            "half": 2500, "dossiers": 1, "penalty": 2500, "total": 10000, "assets": 10000,
            "men": 2}
    assert any(e.text == "P1: cash $10,000 + half of $5,000 in jewels $2,500 - 1 Dossier "
               "$2,500 = $10,000." for e in events)


def test_at_the_end_resampling_keeps_every_hand_and_deals_the_set_aside_cards_afresh():
    state = table(3)
    give(state, 2, card("perle", 7500), card("recrutement", 3))
    state._prison(2)  # set aside: hidden for good
    give(state, 0, card("perle", 100))
    _count_now(state)
    assert state.view(1)["count"][2] is None
    aside = sorted(state.aside)
    varied = False
    for k in range(8):
        new = state.resample(1, Rng(k))
        assert new.view(1) == state.view(1)
        assert new.items == state.items and new.hands == state.hands
        varied |= sorted(new.aside) != aside
    assert varied


def _passage(offer: bool):
    state = table(4)  # target $40,000
    state.cash[0] = 40000
    state._legal_cache = None
    if offer:
        play(state, "offer")
    state.pos[0] = 24
    script(state, 0, 5, 5, 5)  # a 1 onto the Passage (space 26), then 18: a secret passage
    play(state, "roll")
    assert state.view(0)["decision"]["kind"] == "passage"
    return state


def test_a_passage_round_through_the_refuge_pays_nothing():
    state = _passage(offer=False)
    events = play(state, "goto 3")  # the Vendeur: round the loop, through the Refuge
    assert state.cash[0] == 40000 and not state.last
    assert "through the Refuge (no pay)" in events[0].text


def test_the_offerer_passing_the_refuge_by_the_passage_plays_their_last_space():
    state = _passage(offer=True)
    events = play(state, "goto 3")
    assert state.last and not state.over and state.cash[0] == 40000
    assert any(e.kind == "last" for e in events)
    play(state, "pass")  # the dealer's offer declined: that was the last space
    assert state.over


def test_the_offerer_going_on_by_the_passage_does_not_end_the_game():
    state = _passage(offer=True)
    play(state, "goto 29")  # Collecte, further along: the Refuge is not reached
    assert not state.last and not state.over


def test_a_recruit_of_one_man_says_man():
    state = table(2)
    state.pos[0] = 6
    pool = state.pool[DECKS.index("recrutement")]
    one = card("recrutement", 1)
    pool.remove(one)
    pool.insert(0, one)
    script(state, 0, 0)  # a 1 onto Recruitment (space 8), the first card
    events = play(state, "roll")
    assert any(e.text == "Your new card brings 1 man." for e in events)


def test_the_terminal_shows_the_final_count_term_by_term():
    import io

    from rich.console import Console

    from gangland.games.gangster_1994.text import render_view

    state = table(3)
    give(state, 0, card("perle", 4200), card("diamant", 800), card("recrutement", 1))
    give(state, 1, card("dossier", 0))
    state.cash[:] = [9000, 1000, 12500]
    _count_now(state)
    console = Console(width=80, record=True, color_system=None, file=io.StringIO())
    console.print(render_view(state.view(1), state.options))
    text = console.export_text()
    assert "Game over. P3 wins with $12,500." in text
    assert "Final count" in text and "$0 (-$1,500)" in text
    assert "$2,500 of $5,000" in text
    assert "$4,200" in text and "recruits (1 man)" in text  # a rival's jewel and hand
    assert max(len(row) for row in text.splitlines()) <= 80


def test_the_last_player_free_is_named_so_in_the_terminal_and_shown_in_full():
    import io

    from rich.console import Console

    from gangland.games.gangster_1994.text import render_view

    from .scenario import top

    state = table(2)
    state.cash[0] = 0
    give(state, 0, card("dossier", 0), card("dossier", 0, skip=1))
    give(state, 1, card("perle", 2500))
    state.pos[0] = 4
    script(state, 0, 0, 0, 0)
    top(state, "commerce", card("commerce", 0))
    top(state, "justice", card("justice", 300))
    play(state, "roll", "rob")  # a third Dossier: prison
    assert state.over and state.winners() == [1]
    view = state.view(0)
    assert view["count"][0] is None and view["count"][1]["perle"] == [2500]
    console = Console(width=80, record=True, color_system=None, file=io.StringIO())
    console.print(render_view(view, state.options))
    assert "Game over. P2 is the last player free and wins." in console.export_text()
