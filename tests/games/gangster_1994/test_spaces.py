"""Scripted scenarios: each space of the track as the rulebook describes it."""

from __future__ import annotations

from gangland.games.gangster_1994.components import DECKS

from .scenario import card, give, play, script, table, top

PERLE, DIAMANT = DECKS.index("perle"), DECKS.index("diamant")


def test_passing_the_refuge_pays_100_per_man_and_an_exact_landing_500_more():
    state = table(2)
    give(state, 0, card("recrutement", 2))
    state.pos[0] = 38
    script(state, 3)  # a 4: space 38 -> 2 (vendeur), passing the Refuge
    state.cash[0] = 100  # too poor for the dealer, so the turn ends at once
    play(state, "roll")
    assert state.cash[0] == 100 + 300
    state = table(2)
    state.pos[0] = 36
    script(state, 3)  # a 4: exactly on the Refuge
    play(state, "roll")
    assert state.cash[0] == 3000 + 100 + 500


def test_collecte_tiers_by_cash():
    for cash, after in ((900, 900), (1000, 900), (5000, 4900), (5001, 4501), (10000, 9500)):
        state = table(2)
        state.cash[0] = cash
        state.pos[0] = 2
        script(state, 0)  # a 1: onto the Collecte at space 3
        play(state, "roll")
        assert state.cash[0] == after, cash


def test_above_10000_a_collecte_card_or_a_protection_card_returned():
    state = table(2)
    state.cash[0] = 12000
    state.pos[0] = 2
    top(state, "collecte", card("collecte", 3300))
    script(state, 0, 0)  # the die, then the card drawn
    play(state, "roll")
    assert state.cash[0] == 12000 - 3300
    state = table(2)
    state.cash[0] = 12000
    give(state, 0, card("protection", 0))
    state.pos[0] = 2
    script(state, 0)
    play(state, "roll")
    assert state.view(0)["decision"]["kind"] == "collecte"
    play(state, "protect")
    assert state.cash[0] == 12000 and not state.hands[0]


def test_protection_costs_500_one_at_a_time():
    state = table(2)
    state.pos[0] = 10
    script(state, 0)  # space 11: Protection
    play(state, "roll")
    assert [str(a) for a in state.legal_actions()] == ["pass", "buy protection"]
    play(state, "buy protection")
    assert state.cash[0] == 2500 and len(state.hands[0]) == 1 and state.to_move == 1


def test_vendeur_sells_an_unseen_item_whose_value_only_the_buyer_learns():
    state = table(3)
    state.pos[0] = 1
    script(state, 0)
    play(state, "roll")
    events = play(state, "buy diamond")
    assert state.cash[0] == 2500 and len(state.items[0]) == 1
    value = state.comps.a[state.items[0][0]]
    private = [e for e in events if e.kind == "item-value"]
    assert private[0].to == frozenset({0}) and private[0].data["value"] == value
    assert state.view(0)["table"][0]["items"]["diamant"] == [value]
    assert state.view(1)["table"][0]["items"]["diamant"] == [None]


def test_expert_buys_one_pearl_and_one_diamond_never_two_alike():
    state = table(2)
    p1, p2, d1 = card("perle", 4200), card("perle", 100), card("diamant", 10000)
    give(state, 0, p1, p2, d1)
    state.pos[0] = 21
    script(state, 0)  # space 22: Expert
    play(state, "roll")
    assert {str(a) for a in state.legal_actions()} == {
        "done", "sell pearl 1", "sell pearl 2", "sell diamond 1"}
    events = play(state, "sell pearl 1")
    assert any(e.kind == "sell" and e.to is None and e.data["value"] == 4200 for e in events)
    assert [str(a) for a in state.legal_actions()] == ["done", "sell diamond 1"]
    play(state, "sell diamond 1")
    assert state.cash[0] == 3000 + 4200 + 10000 and state.items[0] == [p2]
    assert state.to_move == 1  # nothing left to sell: the turn is over


def test_vol_walk_away_rob_and_get_caught():
    state = table(2)
    state.pos[0] = 4
    script(state, 0, 4)  # move 1 to the Vol, its die shows 5: a bank
    play(state, "roll")
    assert state.view(1)["decision"]["vol"] == "banque"
    play(state, "pass")
    assert state.cash[0] == 3000 and state.to_move == 1
    state = table(2)
    state.pos[0] = 4
    loot = card("commerce", 2500)
    top(state, "commerce", loot)
    script(state, 0, 0, 0)
    play(state, "roll", "rob")
    assert state.cash[0] == 5500
    state = table(2)
    state.pos[0] = 4
    top(state, "commerce", card("commerce", 0))
    top(state, "justice", card("justice", 300))
    script(state, 0, 0, 0, 0)
    play(state, "roll", "rob")
    assert state.cash[0] == 2700


def test_a_fine_you_cannot_pay_is_a_dossier_and_the_third_is_prison():
    state = table(3)
    state.cash[0] = 100
    give(state, 0, card("dossier", 0), card("dossier", 0, skip=1), card("perle", 7500))
    state.pos[0] = 4
    top(state, "commerce", card("commerce", 0))
    top(state, "justice", card("justice", 300))
    script(state, 0, 0, 0, 0)
    events = play(state, "roll", "rob")
    assert state.out[0] and state.cash[0] == 0 and not state.hands[0] and not state.items[0]
    assert any(e.kind == "prison" for e in events)
    assert state.to_move == 1 and state.active() == [1, 2]


def test_recruits_count_at_the_refuge_and_for_missions():
    state = table(2)
    state.pos[0] = 6
    top(state, "recrutement", card("recrutement", 3))
    script(state, 0, 0)  # space 7: Recrutement
    events = play(state, "roll")
    assert state.men(0) == 4
    assert [e.to for e in events if e.kind == "recruit-card"] == [frozenset({0})]
    assert "men" not in state.view(1)["table"][0]


def test_starred_mission_kept_then_carried_out_with_enough_men():
    state = table(2)
    star = card("mission", 2, 2000)
    state.pos[0] = 3
    top(state, "mission", star)
    script(state, 0, 0)  # space 4: Mission, nothing held: take a card
    play(state, "roll")
    assert state.hands[0] == [star] and state.to_move == 1
    assert state.view(1)["table"][0]["cards"] == {"mission": 1}
    give(state, 0, card("recrutement", 1))
    state.player = state.to_move = 0
    state.phase = 0
    state.pos[0] = 3
    script(state, 0)
    play(state, "roll")
    assert [str(a) for a in state.legal_actions()] == ["take", "do 1"]
    play(state, "do 1")
    assert state.cash[0] == 5000 and star in state.used[DECKS.index("mission")]


def test_starred_aventure_is_kept_and_opened_before_a_later_roll():
    state = table(2)
    star = card("aventure", 3000, 5)
    state.pos[0] = 0
    top(state, "aventure", star)
    script(state, 0, 0)  # space 1: Aventure
    play(state, "roll")
    assert state.hands[0] == [star] and state.to_move == 1
    state.player = state.to_move = 0
    state.phase = 0
    state._legal_cache = None
    assert "play 1" in [str(a) for a in state.legal_actions()]
    play(state, "play 1")
    assert state.cash[0] == 6000 and state.to_move == 0  # still to roll


def test_at_most_two_aventure_cards_a_turn():
    state = table(2)
    six, four = card("aventure", 6, 4), card("aventure", 4, 4)
    pool = state.pool[DECKS.index("aventure")]
    pool.remove(six)
    pool.remove(four)
    pool[:0] = [six, four]
    state.pos[0] = 30
    script(state, 0)  # space 31: Aventure or Vol
    play(state, "roll")
    script(state, 0, 1)  # move six to 37 (Aventure), then move four past the Refuge to 1
    events = play(state, "choose aventure")
    assert state.pos[0] == 1 and state.to_move == 1
    assert state.cash[0] == 3100  # passing the Refuge paid; no third card
    assert any("third" in e.text for e in events)


def test_passage_low_roll_is_a_collection_high_roll_a_secret_passage():
    state = table(2)
    state.pos[0] = 9
    script(state, 0, 0, 0, 0)  # onto the Passage; 3 dice of 1: the collection
    play(state, "roll")
    assert state.cash[0] == 2900
    state = table(2)
    state.pos[0] = 9
    state.pos[1] = 22
    script(state, 0, 5, 5, 5)  # 18: any free space
    play(state, "roll")
    options = [str(a) for a in state.legal_actions()]
    assert "goto 1" not in options and "goto 23" not in options and "goto 11" not in options
    play(state, "goto 12")  # Protection
    assert state.pos[0] == 11 and state.view(0)["decision"]["kind"] == "protection"
    state = table(2)
    state.pos[0] = 9
    script(state, 0, 2, 2, 1)  # onto the Passage; 3 + 3 + 2 = 8: an Aventure card
    events = play(state, "roll")
    assert any(e.kind in ("card", "star") and e.data.get("deck") == "aventure" for e in events)


def test_course_tickets_two_for_the_lander_one_each_then_the_race():
    state = table(4)
    state.pos[0] = 11
    script(state, 0)  # space 12: Course, 12 tickets: 5 a landing
    play(state, "roll")
    assert [len(h) for h in state.hands] == [2, 1, 1, 1]
    assert len(state.pool[DECKS.index("course")]) == 7
    # Put every ticket but two in hands, the 7 with seat 3; seat 0's next landing takes
    # the last two and starts the race, whose dice show 3 + 4.
    course = DECKS.index("course")
    seven = card("course", 7)
    for h in state.hands:
        h.clear()
    tickets = [c for c in state.comps.cards(course) if c != seven]
    state.hands[3] = [seven, *tickets[:5]]
    state.hands[1] = tickets[5:9]
    state.pool[course] = tickets[9:]
    assert len(state.pool[course]) == 2
    state.player = state.to_move = 0
    state.phase = 0
    state.pos[0] = 11
    state._legal_cache = None
    cash3 = state.cash[3]
    script(state, 0, 0, 0, 2, 3)
    play(state, "roll")
    assert state.race[0] == 7
    assert not any(h for h in state.hands)
    assert state.cash[3] == cash3 + 2000
    assert state.view(1)["race"]["tickets"][0][0] == 0


def test_exchange_swaps_like_items_one_taken_at_random():
    state = table(3)
    mine, theirs = card("perle", 100), card("perle", 7500)
    give(state, 0, mine)
    give(state, 2, card("diamant", 100), theirs)
    state.pos[0] = 13
    script(state, 0)  # space 14: Échange
    play(state, "roll")
    assert [str(a) for a in state.legal_actions()] == ["pass", "trade 3 pearl"]
    play(state, "trade 3 pearl")
    script(state, 0)
    events = play(state, "give 1")
    assert state.items[0] == [theirs] and mine in state.items[2]
    private = [e for e in events if e.kind == "exchange-values"]
    assert private[0].to == frozenset({0, 2})
    assert state.view(2)["table"][0]["items"]["perle"] == [7500]
    assert state.view(1)["table"][0]["items"]["perle"] == [None]
    assert state.view(1)["exchange"] == {"seat": 0, "with": 2, "kind": "perle"}  # no values


def test_auction_from_300_raises_of_100_never_above_cash_buyer_learns_value():
    state = table(3)
    state.cash[1] = 800
    state.pos[0] = 7
    script(state, 0)  # space 8: Enchère
    play(state, "roll", "auction diamond")
    assert state.to_move == 0
    legal = [str(a) for a in state.legal_actions()]
    assert legal[:3] == ["pass", "bid 300", "bid 400"] and legal[-1] == "bid 3000"
    # every step of $100, in ascending order: the heuristic bot takes the first as the lowest
    assert legal[1:] == [f"bid {amount}" for amount in range(300, 3001, 100)]
    play(state, "bid 300")
    assert state.to_move == 1
    assert [str(a) for a in state.legal_actions()][-1] == "bid 800"
    play(state, "bid 800")
    play(state, "pass")  # seat 2
    play(state, "bid 900")  # seat 0; seat 1 cannot afford $900 and drops out
    assert state.items[0] and state.cash[0] == 2100 and state.to_move == 1


def test_auction_nobody_bids_the_item_goes_back():
    state = table(2)
    state.pos[0] = 7
    script(state, 0)
    play(state, "roll", "auction pearl", "pass", "pass")
    assert not state.items[0] and not state.items[1] and state.lot == -1
    assert len(state.pool[PERLE]) == 24


def test_double_space_asks_which_half_first():
    state = table(2)
    state.pos[0] = 5
    script(state, 0)  # space 6: Expert or Vendeur
    play(state, "roll")
    assert [str(a) for a in state.legal_actions()] == ["choose expert", "choose vendeur"]
    play(state, "choose vendeur")
    assert state.view(0)["decision"]["kind"] == "vendeur"


def test_a_bid_off_the_100_grid_or_above_cash_is_refused():
    import pytest

    from gangland.engine import IllegalAction

    state = table(2)
    state.pos[0] = 7
    script(state, 0)
    play(state, "roll", "auction pearl")
    for text in ("bid 350", "bid 200", "bid 3100"):
        with pytest.raises(IllegalAction, match="multiple of"):
            state.parse_action(text)
