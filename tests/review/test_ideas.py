"""The idea behind a costly move, game by game: each names a rule the seat could see
broken from its own view, and a planted Gangster blunder is marked and named."""

from __future__ import annotations

import copy

import gangland
from gangland.engine import Action, Observation, Rng
from gangland.review import Budget, judge, mark_of
from gangland.review.ideas import idea_of

#: A Gangster game of three (seed 32, a round ends after 5 turns a colour) played to move
#: 21: blue's car stands in Little Italy (doubled, an empty tile worth 8, 5, 3, 1) with a
#: yellow gangster in its trunk, and the Day of Reckoning comes after three more turns.
PLANTED = ["drive 3", "to the-loop", "drive 2", "to little-africa", "drive 2", "to stickney",
           "unload blue", "unload yellow", "done", "unload brown", "drive 2", "to little-italy",
           "load 1", "drive 1", "to little-italy", "load 1", "drive 3", "to stickney",
           "drive 3", "to north-side"]


def _planted():  # type: ignore[no-untyped-def]
    game = gangland.load("gangster")
    state = game.new_game(3, 32, {"turn_limit": 5})
    for text in PLANTED:
        state.apply(state.parse_action(text))
    return game, state


def test_the_planted_position_is_what_the_test_says():
    _, state = _planted()
    view = state.view(0)
    assert view["colour"] == "blue" and view["phase"] == "act"
    blue = view["tableaus"][0]
    assert blue["car"] == "little-italy" and blue["trunk"] == ["yellow"]
    italy = next(d for d in view["districts"] if d["name"] == "little-italy")
    assert italy["doubler"] and not any(italy["tile"]["spaces"])
    assert view["turn_limit"] - view["turns_taken"] == 3


def test_a_gangster_unload_that_hands_a_rival_the_majority_is_marked_and_named():
    """Unloading the trunk's yellow gangster onto the empty doubled tile just before the
    Day of Reckoning gives yellow its 16 points; unloading blue's own takes them."""
    game, state = _planted()
    bad = state.parse_action("unload yellow")
    judgement = judge(game, Observation.of(state, 0, Rng(1)), bad, Budget(100, 32), 2)
    assert judgement.best == "unload blue", judgement
    assert mark_of(judgement) in ("mistake", "blunder"), judgement
    assert judgement.idea == ("an unload that hands yellow the majority in Little Italy "
                              "with the Day of Reckoning before your next turn")


def test_gangster_ideas_read_the_tiles():
    _, state = _planted()
    view = state.view(0)
    own, drive = state.parse_action("unload blue"), state.parse_action("drive 1")
    assert idea_of("gangster", view, drive, own) == (
        "a drive where unloading a blue gangster would take the majority in Little Italy")
    assert idea_of("gangster", view, own, drive) == "unload where the search chose drive"
    # Blue, two to brown's one in Stickney, loads one away: one each, and brown's ranks
    # higher (the tie goes to "the highest-ranked gangster").
    stickney = copy.deepcopy(view)
    stickney["tableaus"][0]["car"] = "stickney"
    tile = next(d["tile"] for d in stickney["districts"] if d["name"] == "stickney")
    tile["spaces"][:3] = ["blue", "blue", "brown"]
    assert idea_of("gangster", stickney, Action("load", (1,)), drive) == (
        "a load that gives up your majority in Stickney to brown "
        "with the Day of Reckoning before your next turn")
    early = copy.deepcopy(view)
    early["turns_taken"] = 0
    assert idea_of("gangster", early, state.parse_action("unload yellow"), own) == (
        "an unload that hands yellow the majority in Little Italy")


def _chicago_view(**changes):  # type: ignore[no-untyped-def]
    state = gangland.load("chicago-gangster").new_game(3, 1)
    view = state.view(0)
    view.update(changes)
    return view


def test_chicago_ideas_name_the_mobster_at_the_wall():
    # P1's Al Capone (mobster 1) is first on the list in a war at normal speed.
    view = _chicago_view(hitlist=[1, 10], war={"rate": 1, "permanent": False})
    rescue = Action("play", ("police-protection",))
    assert idea_of("chicago-gangster", view, Action("discard", ("mob-war",)), rescue) == (
        "discard Mob War rather than Police Protection to save your Al Capone from "
        "execution at the next turn")
    # Not at the wall (P2's mobster 10 is): the fallback.
    calm = _chicago_view(hitlist=[10, 1], war={"rate": 1, "permanent": False})
    assert idea_of("chicago-gangster", calm, Action("discard", ("mob-war",)), rescue) == (
        "discard where the search chose play")
    # Starting the war oneself, with one's own mobster first in line.
    peace = _chicago_view(hitlist=[1, 10], war={"rate": 0, "permanent": False})
    assert idea_of("chicago-gangster", peace, Action("play", ("mob-war",)),
                   Action("discard", ("mob-war",))) == (
        "a war card (Mob War) with your Al Capone first in line against the wall")


def test_chicago_idea_of_an_attack_past_the_strongest_rival():
    view = _chicago_view()
    view["gangs"][2]["in_play"] = view["gangs"][2]["in_play"][:4]  # P3: 4 mobsters left
    view["decision"]["card"] = "contract"
    assert idea_of("chicago-gangster", view, Action("target", (3,)), Action("target", (2,))) == (
        "Contract aimed at P3 (4 mobsters alive) rather than the strongest rival, P2 (9)")
    # Aimed at the strongest (or one as strong): nothing to name.
    assert idea_of("chicago-gangster", view, Action("target", (2,)),
                   Action("target", (3,))) == ""


def test_gangster_1994_ideas_count_the_items_at_half():
    state = gangland.load("gangster-1994").new_game(3, 1)
    view = state.view(0)
    view["table"][0]["items"] = {"perle": [500, 6200], "diamant": [None]}
    sell = Action("sell", ("pearl", 2))
    assert idea_of("gangster-1994", view, Action("done"), sell) == (
        "keeping a $6,200 pearl the Expert would buy at its value: unsold, it counts half "
        "at the end")
    assert idea_of("gangster-1994", view, Action("sell", ("pearl", 1)), sell) == (
        "selling the $500 pearl rather than the $6,200 one (the Expert buys one pearl a "
        "visit; unsold, it counts half)")
    # A diamond of unknown value names nothing but the kind of move.
    assert idea_of("gangster-1994", view, Action("done"), Action("sell", ("diamond", 1))) == (
        "done where the search chose sell")
    assert idea_of("gangster-1994", view, Action("pass"), Action("buy", ("diamond",))) == (
        "passing up the dealer's diamond for $500, when one is worth about $3,900 on average")


def test_gangsters_ideas_see_the_cops():
    state = gangland.load("gangsters").new_game(3, 1)
    view = state.view(0)
    view["cops"][0]["at"] = "8.27"
    crook = Action("move", ("thug", "8.27", "west", "criminal"))
    assert idea_of("gangsters", view, crook, Action("done")) == (
        "a criminal thug moved onto cop 2: a shootout at the end of the turn, where a "
        "citizen is left alone (9.7)")
    elsewhere = Action("move", ("vamp", "8.25", "west", "criminal"))
    assert idea_of("gangsters", view, elsewhere,
                   Action("move", ("vamp", "8.25", "west", "citizen"))) == (
        "the criminal side for the vamp where the citizen side would do: cops ignore a "
        "citizen (9.7)")
    view["buildings"] = {"hh": [0, 2]}
    view["public"][0]["at"] = "hh"
    assert idea_of("gangsters", view, Action("cop", (5, "hh", "inside")), Action("bribe")) == (
        "cop 5 sent into your own joint with the public in it: the raid costs it a level "
        "(11.6)")
    view["buildings"] = {"hh": [1, 2]}  # a rival's joint: a raid there is no mistake named
    assert idea_of("gangsters", view, Action("cop", (5, "hh", "inside")), Action("bribe")) == (
        "cop where the search chose bribe")
