"""The end of the game: who won and why, each seat's count, and what stays hidden."""

from __future__ import annotations

from gangland.engine.conformance import check_resample

from .scenario import GAME, flat, hand, play, table, text


def test_the_last_gang_standing_and_the_final_count():
    """ "Il giocatore che rimane l'unico a possedere ancora scagnozzi in gioco diventa il
    vincitore della partita."
    """
    s = table(players=3, hands={0: ["hit", "lam"]}, remove={0: 4, 1: 8, 2: 9},
              hitlist=["Al Capone"])
    s.out[2], s.out_at[2] = True, 1
    s.discard, s.hands[2] = s.discard + s.hands[2], []
    s.turn = 7
    play(s, "play hit", "pick Bugs Moran")
    assert s.over and s.winners() == [0] and s.scores() == [5.0, 0.0, 0.0]
    for seat in (None, 0, 1, 2):
        final = s.view(seat)["final"]
        assert final["ending"] == "last-gang" and final["reason"] == "the last gang standing"
        assert final["count"] == [
            {"seat": 0, "in_play": 4, "listed": 1, "alive": 5, "dead": 4, "out_turn": None,
             "winner": True},
            {"seat": 1, "in_play": 0, "listed": 0, "alive": 0, "dead": 9, "out_turn": 7,
             "winner": False},
            {"seat": 2, "in_play": 0, "listed": 0, "alive": 0, "dead": 9, "out_turn": 1,
             "winner": False},
        ]
    # No hand is laid open: the winner's stays theirs (the rules show a card only when used).
    assert s.view(None)["hand"] is None and s.view(1)["hand"] == []
    assert s.view(0)["hand"] == ["lam"] and s.view(1)["gangs"][0]["hand_size"] == 1
    assert check_resample(s, 4)  # the winner's hand is still hidden, and varies
    out = text(s.view(None), s.options)
    assert "Game over: P1 wins, the last gang standing." in out
    assert "Final count (score: living mobsters)" in out
    assert "No other hand is shown" in out and "lam" not in out
    assert "R.I.P.: 22 mobsters" in out
    assert "P2       Moran Gang" in out and "winner" in out
    mine = text(s.view(0), s.options)
    assert "P1 (you)" in mine and "Your hand: lam" in mine


def test_the_last_gangs_falling_in_one_blow_share_the_win():
    s = table(players=2, hands={0: ["massacre"]}, remove={0: 8, 1: 8},
              hitlist=["Al Capone", "Bugs Moran"])
    events = play(s, "play massacre")
    assert s.winners() == [0, 1]
    assert events[-1].text == ("P1 and P2 share the win: their last mobsters fell in the same "
                               "blow.")
    final = s.view(None)["final"]
    assert final["ending"] == "fell-together"
    assert [row["out_turn"] for row in final["count"]] == [1, 1]
    assert ("Game over: P1 and P2 share the win, the last gangs lost their last mobsters in "
            "the same blow.") in flat(text(s.view(None), s.options))


def test_the_turn_limit_gives_the_win_to_the_most_living_mobsters():
    s = table(players=2, hands={0: ["contract"]}, remove={1: 2}, turn_limit=5)
    s.turn = 5
    play(s, "discard contract")
    assert s.winners() == [0]
    final = s.view(1)["final"]
    assert final["ending"] == "turn-limit"
    assert [(r["alive"], r["out_turn"]) for r in final["count"]] == [(9, None), (7, None)]
    assert "still in" in text(s.view(1), s.options)


def test_no_final_count_while_the_game_goes_on_and_snapshots_keep_it():
    s = table(players=2, hands={0: ["hit"]}, remove={1: 8})
    assert s.view(0)["final"] is None
    play(s, "play hit", "pick Bugs Moran")
    again = GAME.state_from_json(s.to_json())
    assert again.view(None) == s.view(None) and again.view(None)["final"]["count"][1][
        "out_turn"] == 1
    assert hand(again, 0) == hand(s, 0)
