"""Trades (14.1): an offer built item by item in the Buy Phase, accepted or declined."""

from __future__ import annotations

from .scenario import GREEN, RED, joint, legal, play, table, tok


def test_an_accepted_offer_moves_joints_and_cash_both_ways():
    state = table(4, active=GREEN, money=2000)
    mine = joint(state, GREEN, "Lou's Diner")
    theirs = joint(state, RED, "Hawthorne Hotel")
    assert "offer 1" in legal(state)
    play(state, "offer 1", f"give {tok(mine)}", f"take {tok(theirs)}", "pay 500")
    assert "pay 100" not in legal(state) and "ask 100" not in legal(state)  # one cash item
    events = play(state, "propose")
    assert state.to_move == RED and legal(state) == {"accept", "decline"}
    assert any(e.kind == "offer" and e.to is None for e in events)  # the offer is public
    play(state, "accept")
    assert state.owner[mine] == RED and state.owner[theirs] == GREEN
    assert state.cash[GREEN] == 1500 and state.cash[RED] == 2500
    assert state.to_move == GREEN and "offer 1" not in legal(state)  # one offer a turn


def test_a_declined_offer_changes_nothing():
    state = table(4, active=GREEN, money=2000)
    mine = joint(state, GREEN, "Lou's Diner")
    before = state.to_json()["state"]
    play(state, "offer 1", f"give {tok(mine)}", "ask 700", "propose", "decline")
    after = state.to_json()["state"]
    assert after["owner"] == before["owner"] and after["cash"] == before["cash"]
    assert state.to_move == GREEN and "roll" in legal(state)


def test_an_offer_the_other_cannot_meet_can_only_be_declined():
    state = table(4, active=GREEN, money=2000, secret_cash=True)
    state.cash[RED] = 300
    # With secret cash the amounts offered do not tell Red's cash: asking beyond it is
    # possible, and Red can then only decline.
    play(state, "offer 1")
    assert "ask 5000" in legal(state)
    play(state, "ask 5000", "propose")
    assert legal(state) == {"decline"}


def test_nobody_holds_more_than_ten_joints():
    state = table(4, active=GREEN, money=2000)
    names = ["Lou's Diner", "Grinders'", "Mac's Quick-Stop", "Brandon's Bikeshop",
             "Shop 'n' Save", "Burly's Beefhaus", "Astoria House", "Pussycat Club",
             "Caravan Club", "Channel View"]
    for name in names:
        joint(state, RED, name)
    gift = joint(state, GREEN, "Hawthorne Hotel")
    play(state, "offer 1", f"give {tok(gift)}", "propose")
    assert legal(state) == {"decline"}  # Red has no eleventh Joint marker
