"""Scripted scenarios: every attack card, with its counters and limits."""

from __future__ import annotations

import pytest

from gangland.engine import Action, IllegalAction

from .scenario import check_places, gang, hand, mob, names, play, table


def test_contract_the_target_lists_one_of_their_own_at_the_end():
    s = table(hands={0: ["contract"]}, hitlist=["Jake Guzik"])
    play(s, "play contract")
    assert [str(a) for a in s.legal_actions()] == ["target 2", "target 3"]
    play(s, "target 2")
    # Every rival is asked, from the player's left; P3 cannot counter a contract on P2.
    play(s, "pass")
    assert s.to_move == 2 and [str(a) for a in s.legal_actions()] == ["pass"]
    play(s, "pass")
    assert s.to_move == 1 and s.tasks  # the target chooses which mobster
    play(s, "pick Hymie Weiss")
    assert names(s.hitlist) == ["Jake Guzik", "Hymie Weiss"]
    assert s.player == 1 and s.phase == 0  # the turn passed on clockwise


def test_first_listed_mobster_stands_against_the_wall():
    s = table(hands={0: ["contract"]})
    play(s, "play contract", "target 3", "pass", "pass", "pick Meyer Lansky")
    assert s.view(None)["wall"] == mob("Meyer Lansky") + 1


def test_priority_contract_goes_to_the_front():
    s = table(hands={0: ["priority-contract"]}, hitlist=["Jake Guzik"])
    play(s, "play priority-contract", "target 2", "pass", "pass", "pick Bugs Moran")
    assert names(s.hitlist) == ["Bugs Moran", "Jake Guzik"]


def test_double_contract_lists_two():
    s = table(hands={0: ["double-contract"]})
    play(s, "play double-contract", "target 2", "pass", "pass", "pick Bugs Moran",
         "pick Hymie Weiss")
    assert names(s.hitlist) == ["Bugs Moran", "Hymie Weiss"]


def test_family_influence_cancels_a_contract_and_its_player_moves_next():
    s = table(players=4, hands={0: ["contract"], 2: ["family-influence", "hit"]})
    play(s, "play contract", "target 3", "pass")
    assert s.to_move == 2
    assert {str(a) for a in s.legal_actions()} == {"pass", "counter family-influence"}
    play(s, "counter family-influence")
    assert s.hitlist == []
    # The counter's player replaced it at once, then took the next turn (P3, not P2).
    assert s.player == 2 and "family-influence" not in hand(s, 2)
    play(s, "discard hit")
    assert s.player == 3  # order continues from the counter's player


def test_a_counter_answers_only_the_first_of_a_double_contract():
    s = table(hands={0: ["double-contract"], 1: ["family-influence"]})
    play(s, "play double-contract", "target 2", "counter family-influence")
    assert s.to_move == 1
    play(s, "pick Bugs Moran")
    assert names(s.hitlist) == ["Bugs Moran"]
    assert s.player == 1


def test_mob_power_turns_the_contract_on_its_maker():
    s = table(hands={0: ["priority-contract"], 1: ["mob-power"]}, hitlist=["Bugs Moran"])
    play(s, "play priority-contract", "target 2", "counter mob-power")
    assert s.to_move == 0
    play(s, "pick Al Capone")
    assert names(s.hitlist) == ["Al Capone", "Bugs Moran"]


def test_mob_power_on_a_double_contract_reverses_only_the_first():
    s = table(hands={0: ["double-contract"], 1: ["mob-power"]})
    play(s, "play double-contract", "target 2", "counter mob-power", "pick Al Capone",
         "pick Bugs Moran")
    assert names(s.hitlist) == ["Al Capone", "Bugs Moran"]


def test_only_the_target_may_counter_a_contract():
    s = table(hands={0: ["contract"], 1: ["family-influence"], 2: ["family-influence"]})
    play(s, "play contract", "target 3")
    assert [str(a) for a in s.legal_actions()] == ["pass"]  # P2 holds one, but is not aimed at
    with pytest.raises(IllegalAction):
        s.apply(Action("counter", ("family-influence",)))


def test_hit_kills_a_rival_then_the_hitter_lists_one_of_their_own():
    s = table(hands={0: ["hit"]})
    play(s, "play hit")
    assert all(int(a.args[0]) - 1 not in gang(0) for a in s.legal_actions())
    play(s, "pick Dutch Schultz", "pick Al Capone")
    assert names(s.dead) == ["Dutch Schultz"] and names(s.hitlist) == ["Al Capone"]


def test_massacre_kills_everyone_on_the_list():
    s = table(hands={0: ["massacre"]}, hitlist=["Bugs Moran", "Al Capone", "Meyer Lansky"])
    play(s, "play massacre")
    assert s.hitlist == [] and len(s.dead) == 3


def test_massacre_needs_someone_on_the_list():
    s = table(hands={0: ["massacre"]})
    assert [str(a) for a in s.legal_actions()] == ["discard massacre"]


def test_double_cross_one_of_each_rival_in_the_players_order():
    s = table(players=4, hands={0: ["double-cross"]})
    play(s, "play double-cross", "pick Meyer Lansky")
    assert all(int(a.args[0]) - 1 not in gang(2) for a in s.legal_actions())
    play(s, "pick Abe Reles", "pick Bugs Moran")
    assert names(s.hitlist) == ["Meyer Lansky", "Abe Reles", "Bugs Moran"]
    assert s.player == 1


def test_mob_war_starts_a_war_and_executions_begin_next_turn():
    s = table(hands={0: ["mob-war"]}, hitlist=["Bugs Moran", "Al Capone"])
    play(s, "play mob-war")
    assert s.war == 1
    assert names(s.dead) == ["Bugs Moran"]  # at the start of P2's turn
    assert names(s.hitlist) == ["Al Capone"]


def test_mob_war_cannot_be_played_during_a_war():
    s = table(hands={0: ["mob-war"]}, hitlist=["Bugs Moran"], war=1)
    assert [str(a) for a in s.legal_actions()] == ["discard mob-war"]


def test_ambush_starts_a_double_war_or_doubles_one():
    s = table(hands={0: ["ambush"]}, hitlist=["Bugs Moran", "Al Capone", "Meyer Lansky"],
              war=1)
    play(s, "play ambush")
    assert s.war == 2 and names(s.dead) == ["Bugs Moran", "Al Capone"]
    s = table(hands={0: ["ambush"]}, war=2, hitlist=["Bugs Moran"])
    assert [str(a) for a in s.legal_actions()] == ["discard ambush"]


def test_mob_war_and_ambush_on_an_empty_list_may_only_be_discarded():
    """A war on an empty list is over at the next turn's start with nobody executed."""
    s = table(hands={0: ["mob-war", "ambush"]})
    assert [str(a) for a in s.legal_actions()] == ["discard mob-war", "discard ambush"]
    for card in ("mob-war", "ambush"):
        assert "could change nothing" in s.why_illegal(Action("play", (card,)))


def test_ambush_on_an_empty_list_in_the_last_stand_doubles_the_war_for_good():
    """The last stand's war never stops, so doubling it changes the turns to come."""
    s = table(players=2, hands={0: ["ambush", "mob-war"]}, remove={0: 6, 1: 6}, war=1)
    s.permanent = True
    s._legal_cache = None
    assert [str(a) for a in s.legal_actions()] == ["discard mob-war", "play ambush",
                                                   "discard ambush"]
    play(s, "play ambush")
    assert s.war == 2 and s.hitlist == [] and s.player == 1


def test_vendetta_two_of_each_rival_then_double_war():
    s = table(hands={0: ["vendetta"]})
    play(s, "play vendetta", "pass", "pass")
    play(s, "pick Bugs Moran", "pick Meyer Lansky", "pick Hymie Weiss")
    # Moran's quota is full now: only New York Mob mobsters may be picked.
    assert all(int(a.args[0]) - 1 in gang(2) for a in s.legal_actions())
    play(s, "pick Dutch Schultz")
    assert s.war == 2
    # P2's turn began with two executions.
    assert names(s.dead) == ["Bugs Moran", "Meyer Lansky"]


def test_safe_house_spares_only_its_holder():
    s = table(hands={0: ["vendetta"], 2: ["safe-house"]})
    play(s, "play vendetta", "pass", "counter safe-house")
    assert all(int(a.args[0]) - 1 in gang(1) for a in s.legal_actions())
    play(s, "pick Bugs Moran", "pick Hymie Weiss")
    assert s.player == 2  # the Safe House's player moves next
    # Two executions at double speed opened P3's turn; the empty list ended the war.
    assert names(s.dead) == ["Bugs Moran", "Hymie Weiss"] and s.war == 0


def test_turncoat_kills_from_the_largest_gang_and_revives_for_the_smallest():
    s = table(hands={0: ["turncoat"]}, remove={1: 5}, dead=["Dutch Schultz"])
    # P1 has 9 in play, P2 4, P3 8: the turncoat is one of P1's own.
    play(s, "play turncoat")
    assert all(int(a.args[0]) - 1 in gang(0) for a in s.legal_actions())
    assert s.view(2)["decision"]["for_seat"] is None
    play(s, "pick Frank Nitti")
    assert s.view(2)["decision"]["for_seat"] == 1  # everyone sees where the revived one goes
    play(s, "pick Dutch Schultz")
    assert "Dutch Schultz" in names(s.inplay[1]) and s.owner[mob("Dutch Schultz")] == 1
    assert "Frank Nitti" in names(s.dead)


def test_turncoat_never_revives_an_eliminated_player():
    s = table(hands={0: ["turncoat"]}, remove={1: 9, 2: 2})
    assert s.out == [False, False, False]
    s._check_out()
    assert s.out[1]
    play(s, "play turncoat", "pick Al Capone")
    play(s, f"pick {gang(2)[-1] + 1}")
    assert s.owner[gang(2)[-1]] == 2 and not s.inplay[1]
    check_places(s)


def test_turncoat_needs_a_dead_mobster_and_unequal_gangs():
    s = table(hands={0: ["turncoat"]})
    assert [str(a) for a in s.legal_actions()] == ["discard turncoat"]
