"""Scripted scenarios: every rescue card, Finger, and Truce's restart."""

from __future__ import annotations

from .scenario import hand, mob, names, play, table


def test_lam_takes_a_mobster_off_the_list_after_the_window():
    s = table(hands={0: ["lam"]}, hitlist=["Bugs Moran", "Al Capone"])
    play(s, "play lam", "pick Al Capone")
    assert s.to_move == 1  # the window is open: the rival sees what is being rescued
    play(s, "pass", "pass")
    assert names(s.hitlist) == ["Bugs Moran"] and mob("Al Capone") in s.inplay[0]


def test_finger_makes_the_lam_fail():
    s = table(hands={0: ["lam"], 2: ["finger", "hit"]}, hitlist=["Al Capone"])
    play(s, "play lam", "pick Al Capone", "pass", "counter finger")
    assert names(s.hitlist) == ["Al Capone"]
    assert s.player == 2 and "finger" not in hand(s, 2)


def test_police_protection_cannot_be_countered():
    s = table(hands={0: ["police-protection"], 1: ["finger"]}, hitlist=["Bugs Moran"])
    play(s, "play police-protection", "pick Bugs Moran")
    assert s.hitlist == [] and s.player == 1 and s.phase == 0


def test_substitution_swaps_a_listed_mobster_for_one_in_play():
    s = table(hands={0: ["substitution"]}, hitlist=["Bugs Moran", "Al Capone", "Meyer Lansky"])
    play(s, "play substitution", "pick Al Capone", "pick Hymie Weiss")
    assert names(s.hitlist) == ["Bugs Moran", "Hymie Weiss", "Meyer Lansky"]
    assert mob("Al Capone") in s.inplay[0]


def test_intrigue_reorders_the_list():
    s = table(hands={0: ["intrigue"]}, hitlist=["Al Capone", "Bugs Moran", "Meyer Lansky"])
    play(s, "play intrigue", "pick Meyer Lansky")
    assert len(s.legal_actions()) == 2
    play(s, "pick Bugs Moran")
    assert names(s.hitlist) == ["Meyer Lansky", "Bugs Moran", "Al Capone"]
    assert s.player == 1


def test_pay_off_frees_every_listed_mobster_of_one_player():
    s = table(hands={0: ["pay-off"]}, hitlist=["Bugs Moran", "Al Capone", "Hymie Weiss"])
    play(s, "play pay-off")
    assert [str(a) for a in s.legal_actions()] == ["target 1", "target 2"]
    play(s, "target 2")
    assert names(s.hitlist) == ["Al Capone"]


def test_crackdown_frees_everyone():
    s = table(hands={0: ["crackdown"]}, hitlist=["Bugs Moran", "Al Capone"])
    play(s, "play crackdown")
    assert s.hitlist == [] and len(s.inplay[0]) == len(s.inplay[1]) == 9


def test_truce_stops_a_war():
    s = table(hands={0: ["truce"]}, hitlist=["Bugs Moran"], war=2)
    play(s, "play truce")
    assert s.war == 0 and names(s.hitlist) == ["Bugs Moran"] and s.dead == []


def test_truce_restarts_at_once_if_six_are_listed():
    listed = ["Bugs Moran", "Hymie Weiss", "Al Capone", "Frank Nitti", "Meyer Lansky",
              "Dutch Schultz"]
    s = table(hands={0: ["truce"]}, hitlist=listed, war=2)
    play(s, "play truce")
    assert s.war == 1  # restarted, at normal speed
    assert names(s.dead) == ["Bugs Moran"]


def test_truce_cannot_stop_the_last_stand():
    s = table(hands={0: ["truce"]}, remove={0: 7, 1: 8, 2: 8}, hitlist=["Frank Nitti"])
    s.permanent, s.war = True, 2
    play(s, "play truce")
    assert s.war == 1 and s.permanent


def test_a_truce_that_would_change_nothing_can_only_be_discarded():
    listed = ["Bugs Moran", "Hymie Weiss", "Al Capone", "Frank Nitti", "Meyer Lansky",
              "Dutch Schultz"]
    crowded = table(hands={0: ["truce"]}, hitlist=listed, war=1)
    last_stand = table(hands={0: ["truce"]}, remove={0: 7, 1: 8, 2: 8},
                       hitlist=["Frank Nitti"])
    last_stand.permanent, last_stand.war = True, 1
    for s in (crowded, last_stand):
        assert "play truce" not in {str(a) for a in s.legal_actions()}
        assert "discard truce" in {str(a) for a in s.legal_actions()}


def test_rescues_need_someone_on_the_list():
    s = table(hands={0: ["lam", "police-protection", "intrigue", "truce"]})
    assert all(a.kind == "discard" for a in s.legal_actions())
