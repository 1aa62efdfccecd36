"""War triggers, executions, turn order after a counter, and players put out."""

from __future__ import annotations

from .scenario import gang, hand, names, play, table

SIX = ["Bugs Moran", "Hymie Weiss", "Al Capone", "Frank Nitti", "Meyer Lansky",
       "Dutch Schultz"]


def test_six_on_the_list_start_a_war_at_normal_speed():
    s = table(hands={0: ["contract"]}, hitlist=SIX[:5])
    play(s, "play contract", "target 2", "pass", "pass", "pick Dean O'Banion")
    assert s.war == 1 and names(s.dead) == ["Bugs Moran"]


def test_six_or_fewer_alive_means_a_war_that_never_stops():
    s = table(players=2, hands={0: ["contract"]}, remove={0: 6, 1: 5})
    assert s.living() == 7
    play(s, "play contract", "target 2", "pass", "pick Bugs Moran")
    assert s.war == 0  # seven alive
    s = table(players=2, hands={0: ["hit"]}, remove={0: 6, 1: 5})
    play(s, "play hit", "pick Bugs Moran", "pick Al Capone")
    assert s.permanent and s.war == 1
    # The next turn began with the execution of the first listed mobster...
    assert names(s.dead)[-1] == "Al Capone"
    # ...and the war goes on with an empty list.
    assert s.hitlist == [] and s.war == 1


def test_executions_open_each_turn_and_a_war_ends_with_an_empty_list():
    s = table(hands={0: ["contract"]}, hitlist=["Al Capone", "Bugs Moran"], war=1)
    play(s, "discard contract")
    assert names(s.dead) == ["Al Capone"] and s.war == 1
    play(s, f"discard {hand(s, 1)[0]}")
    assert names(s.dead) == ["Al Capone", "Bugs Moran"] and s.war == 0


def test_draw_to_five_plus_the_sixth():
    s = table(hands={0: ["contract"], 1: ["hit", "hit"]})
    play(s, "discard contract")
    assert len(s.hands[1]) == 6
    s = table(hands={0: ["contract"], 1: ["hit"] * 2 + ["contract"] * 5})
    play(s, "discard contract")
    assert len(s.hands[1]) == 8  # already five or more: only the sixth card


def test_every_rival_is_asked_in_order_from_the_players_left():
    s = table(players=5, hands={2: ["contract"]})
    s.player = s.to_move = 2
    s.hands[0], s.hands[2] = s.hands[2], s.hands[0]
    s._legal_cache = None
    play(s, "play contract", "target 1")
    asked = []
    while s.phase == 2:
        asked.append(s.to_move)
        assert [str(a) for a in s.legal_actions()] == ["pass"]
        view = s.view(s.to_move)
        assert view["decision"]["kind"] == "respond"
        play(s, "pass")
    assert asked == [3, 4, 0, 1]


def test_turn_order_continues_from_the_counter_player():
    s = table(players=4, hands={0: ["contract"], 1: ["contract"] * 5,
                                2: ["family-influence", "contract", "hit"]})
    play(s, "play contract", "target 3", "pass", "counter family-influence")
    assert s.player == 2  # P2 (seat 1) is skipped
    play(s, "discard hit")
    assert s.player == 3
    play(s, f"discard {hand(s, 3)[0]}")
    assert s.player == 0


def test_a_player_put_out_mid_turn_discards_their_hand_at_once():
    s = table(hands={0: ["hit"]}, remove={1: 8})
    play(s, "play hit", "pick Bugs Moran")
    # Before the hitter has listed their own mobster, P2 is out and their hand discarded.
    assert s.out[1] and s.hands[1] == [] and len(s.discard) == 1 + 5
    assert s.to_move == 0
    play(s, "pick Al Capone")
    assert s.player == 2  # P2 is skipped from now on


def test_a_player_out_during_their_own_turn_loses_the_rest_of_it():
    s = table(hands={0: ["massacre", "hit", "hit"]}, remove={0: 8},
              hitlist=["Al Capone", "Bugs Moran"])
    play(s, "play massacre")
    assert s.out[0] and s.hands[0] == []
    assert s.player == 1 and not s.over


def test_the_last_player_with_mobsters_wins():
    s = table(players=2, hands={0: ["hit"]}, remove={1: 8})
    play(s, "play hit", "pick Bugs Moran")
    assert s.over and s.winners() == [0]
    assert s.returns() == [1.0, -1.0]


def test_listed_mobsters_keep_a_player_in():
    s = table(players=2, hands={0: ["massacre"]}, remove={1: 7},
              hitlist=["Bugs Moran", "Hymie Weiss"])
    assert s.inplay[1] == [] and not s.out[1]
    play(s, "play massacre")
    assert s.over and s.winners() == [0]


def test_gang_of_nine_and_hands_of_five_at_the_start():
    from .scenario import GAME

    s = GAME.new_game(6, seed=3)
    assert [len(p) for p in s.inplay] == [9] * 6
    assert [len(h) for h in s.hands] == [6, 5, 5, 5, 5, 5]
    assert s.box == []
    s = GAME.new_game(2, seed=3)
    assert len(s.box) == 36 and s.inplay[1] == gang(1)


def test_the_last_stand_keeps_the_war_that_was_on():
    """Executions that empty the list and leave six alive: a double war stays double.

    "Quando i giocatori controllano, in totale, meno di sei carte Scagnozzo, la 'Guerra tra
    Gang!' perdura fino alla conclusione del gioco."
    """
    s = table(players=2, hands={0: ["contract"]}, remove={0: 5, 1: 5},
              hitlist=["Al Capone", "Bugs Moran"], war=2)
    assert s.living() == 8
    events = play(s, "discard contract")
    assert names(s.dead)[-2:] == ["Al Capone", "Bugs Moran"] and s.living() == 6
    assert s.permanent and s.war == 2 and s.hitlist == []
    wars = [e.text for e in events if e.kind == "war"]
    assert wars == ["6 or fewer mobsters are left alive: the war will never stop."]
