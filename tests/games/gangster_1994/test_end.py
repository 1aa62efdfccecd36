"""The purchase offer, the end of the game, the final count and its tie-break."""

from __future__ import annotations

from .scenario import card, give, play, script, table


def test_the_offer_needs_the_target_sum_and_ends_the_game_at_the_refuge():
    state = table(4)  # target $40,000
    assert "offer" not in [str(a) for a in state.legal_actions()]
    state.cash[0] = 40000
    state._legal_cache = None
    play(state, "offer")
    assert state.offer == 0 and state.view(2)["offer"] == 0
    state.pos[0] = 38
    state.cash[1] = 60000
    script(state, 3)  # a 4: past the Refuge onto space 2 (Vendeur), played as the last space
    play(state, "roll")
    assert state.last and not state.over
    assert state.cash[0] == 40000  # passing pays nothing now
    play(state, "pass")
    assert state.over and state.winners() == [1]


def test_an_exact_landing_after_the_offer_pays_500_only():
    state = table(2, short=True)  # target $50,000
    state.cash[0] = 50000
    give(state, 0, card("recrutement", 3))
    state._legal_cache = None
    state.pos[0] = 36
    script(state, 3)
    play(state, "offer", "roll")
    assert state.over and state.cash[0] == 50500


def test_final_count_half_the_items_rounded_up_less_dossiers_then_men_break_ties():
    state = table(3)
    give(state, 0, card("perle", 100), card("diamant", 800))  # 900 / 2 -> 500
    give(state, 1, card("dossier", 0))
    state.cash[:] = [10000, 13000, 10500]
    assert state.assets(0) == 10500 and state.assets(1) == 10500 and state.assets(2) == 10500
    give(state, 2, card("recrutement", 1))
    state.offer, state.last = 0, True
    events = state._end_turn()
    assert state.over and state.winners() == [2]
    assert events[-1].data["assets"] == [10500, 10500, 10500]


def test_the_last_player_out_of_prison_wins():
    state = table(2)
    state.cash[0] = 0
    give(state, 0, card("dossier", 0), card("dossier", 0, skip=1))
    state.pos[0] = 4
    script(state, 0, 0, 0, 0)
    from .scenario import top
    top(state, "commerce", card("commerce", 0))
    top(state, "justice", card("justice", 300))
    play(state, "roll", "rob")
    assert state.over and state.winners() == [1]
