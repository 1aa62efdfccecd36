"""The fixed action index of every game (engine/actionindex.py, docs/rl.md "Action index").

Random seeded play of every game, player count and conformance preset: every legal action
met round-trips through the index, the mask agrees with the legal actions, and an action
keeps its number everywhere. Then the refusals, the caps, and a property over the whole
range of each index.
"""

from __future__ import annotations

import subprocess
import sys
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gangland
from gangland.engine import Action, InvalidAction, OptionError
from gangland.engine import conformance as c
from gangland.engine.actionindex import ActionIndex, ActionIndexError
from tests.conformance.test_conformance import CASES, _id

SIZES = [(g, p) for g in gangland.game_ids()
         for p in range(gangland.load(g).min_players, gangland.load(g).max_players + 1)]


@pytest.mark.parametrize("case", CASES, ids=[_id(x) for x in CASES])
def test_every_legal_action_met_in_random_play_round_trips(case):
    game_id, players, options = case
    game = gangland.load(game_id)
    seen: dict[Action, int] = {}
    for seed in (1, 2):
        for state, _ in c.playout(game, players, seed, options):
            c.check_action_index(state, seen)
    assert seen, "no legal action was met"
    # a fresh build, not the cached one, numbers them all the same
    fresh = game.build_action_index(players, game.new_game(players, 0, options).options)
    assert fresh is not game.action_index(players, options)
    assert all(fresh.index(a) == i for a, i in seen.items())


@pytest.mark.parametrize(("game_id", "players"), SIZES)
def test_the_index_is_a_bijection_in_canonical_text(game_id, players):
    game = gangland.load(game_id)
    index = game.action_index(players)
    names = index.names()
    assert len(set(names)) == index.size == game.num_actions(players) == len(index)
    assert [game.parse(n) for n in names[:: max(1, index.size // 500)]] == [
        index.action(i) for i in range(0, index.size, max(1, index.size // 500))]
    layout = index.layout()
    assert [r.verb for r in layout] == list(game.grammar.verbs)
    assert layout[0].start == 0 and sum(r.size for r in layout) == index.size
    assert all(a.start + a.size == b.start for a, b in pairwise(layout))


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_property_any_index_round_trips_through_action_and_text(data):
    game_id, players = data.draw(st.sampled_from(SIZES))
    game = gangland.load(game_id)
    index = game.action_index(players)
    i = data.draw(st.integers(0, index.size - 1))
    action = index.action(i)
    assert index.index(action) == i
    assert game.parse(str(action)) == action
    assert game.grammar.problem(action) == ""
    assert i in range(*_block(index, action.kind))


def _block(index: ActionIndex, verb: str) -> tuple[int, int]:
    (r,) = [r for r in index.layout() if r.verb == verb]
    return r.start, r.start + r.size


def test_same_index_whatever_the_options_are_spelt_as():
    game = gangland.load("gangsters")
    assert game.action_index(3) is game.action_index(3, {"cash": 10_000})
    assert game.action_index(3) is not game.action_index(4)
    assert game.action_index(3, {"cash": 5_000}).size < game.action_index(3).size


@pytest.mark.parametrize("bad", [-1, 10**9, True, 2.0, "3", None])
def test_an_index_outside_the_range_is_refused_precisely(bad):
    index = gangland.load("gangster").action_index(2)
    with pytest.raises(ActionIndexError) as err:
        index.action(bad)
    assert isinstance(err.value, IndexError) and isinstance(err.value, InvalidAction)
    if isinstance(bad, int) and not isinstance(bad, bool):
        assert f"action index {bad} is outside range({index.size}) of gangster" in str(err.value)
    else:
        assert f"an action index is an int, not {type(bad).__name__}" in str(err.value)


@pytest.mark.parametrize(("game_id", "players", "action", "says"), [
    ("gangster", 2, Action("fly"), "unknown action 'fly'"),
    ("gangster", 2, "roll", "expected an Action, not str"),
    ("gangster", 2, [1], "expected an Action, not list"),
    ("chicago-gangster", 3, Action("arrest", ("thug", "knife", "street", "love")),
     "unknown action 'arrest'"),  # another game's action
    ("gangster-city", 2, Action("investigate", (55,)), "card must be from 1 to 54, not 55"),
    ("chicago-gangster", 2, Action("target", (3,)),
     "'target 3' is outside the action index of chicago-gangster for 2 players "
     "(seats 1 to 2)"),
    ("gangster-1994", 3, Action("bid", (200_100,)), "(bids of $100 to $200,000"),
    ("gangster-1994", 3, Action("bid", (150,)), "'bid 150' is outside the action index"),
    ("gangsters", 2, Action("pay", (100_100,)), "amounts of $100 to $100,000"),
    ("gangsters", 2, Action("joint", ("9.9",)), "(the buildings of the map)"),
    ("gangsters", 2, Action("offer", (3,)), "outside the action index of gangsters for 2"),
])
def test_an_action_outside_the_index_is_refused_naming_it(game_id, players, action, says):
    index = gangland.load(game_id).action_index(players)
    with pytest.raises(ActionIndexError) as err:
        index.index(action)
    assert says in str(err.value)
    with pytest.raises(ActionIndexError):
        index.indices([action])


def test_bad_players_and_options_are_refused():
    game = gangland.load("gangsters")
    with pytest.raises(OptionError, match="gangsters is for 2 to 5 players, not 1"):
        game.action_index(1)
    with pytest.raises(OptionError, match="not True"):
        game.num_actions(True)  # type: ignore[arg-type]
    with pytest.raises(OptionError):
        game.action_index(2, {"no_such_option": 1})
    with pytest.raises(OptionError):
        game.action_index(5, {"donuts": True})


def test_a_legal_bid_above_the_cap_raises_rather_than_drop_out_of_the_mask():
    game = gangland.load("gangster-1994")
    bidding = next(s for seed in range(1, 40) for s, _ in c.playout(game, 2, seed)
                   if any(a.kind == "bid" for a in s.legal_actions()))
    rich = bidding.clone()
    rich.cash[rich.current_player] = 250_000  # type: ignore[attr-defined]
    rich._legal_cache = None
    assert Action("bid", (250_000,)) in rich.legal_actions()
    with pytest.raises(ActionIndexError, match=r"'bid 200100' is outside .* \$200,000"):
        rich.legal_action_indices()
    assert bidding.legal_action_indices()  # the real position is unaffected


def test_a_game_must_supply_an_open_or_huge_domain():
    from gangland.engine import Arg, Grammar, Verb

    with pytest.raises(ValueError, match="space is a pattern; its game must supply"):
        ActionIndex("demo", 2, Grammar([Verb("go", Arg("space", pattern="[a-z]+"))]))
    with pytest.raises(ValueError, match="ranges from 1 to 1000000, too wide"):
        ActionIndex("demo", 2, Grammar([Verb("pay", Arg("amount", low=1, high=10**6))]))
    with pytest.raises(ValueError, match="malformed action"):
        ActionIndex("demo", 2, Grammar([Verb("go", Arg("n", low=1, high=3))]),
                    {"go": [[(4,)]]})
    with pytest.raises(ValueError, match="listed twice"):
        ActionIndex("demo", 2, Grammar([Verb("go", Arg("n", low=1, high=3))]),
                    {"go": [[(1,), (1,)]]})
    with pytest.raises(ValueError, match="unknown verbs fly"):
        ActionIndex("demo", 2, Grammar([Verb("go")]), {"fly": []})


def test_the_index_needs_no_numpy_until_a_mask_is_asked_for():
    code = ("import sys, gangland\n"
            "s = gangland.load('gangster-city').new_game(2, seed=1)\n"
            "assert s.legal_action_indices()\n"
            "assert 'numpy' not in sys.modules\n"
            "assert s.legal_action_mask().sum() == len(s.legal_actions())\n"
            "assert 'numpy' in sys.modules\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=False)
    assert result.returncode == 0, result.stderr


def test_docs_give_every_games_sizes_and_layout():
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "rl.md").read_text()
    for game_id in gangland.game_ids():
        game = gangland.load(game_id)
        section = text.split(f"### {game_id} actions\n", 1)[1].split("\n### ", 1)[0]
        sizes = ", ".join(f"{p}: {game.num_actions(p)}"
                          for p in range(game.min_players, game.max_players + 1))
        assert f"Sizes (players: actions): {sizes}." in section, game_id
        rows = [line for line in section.splitlines() if line.startswith("| `")]
        wanted = [f"| `{r.verb}` | {r.start}" + ("" if r.size == 1 else
                                                 f"-{r.start + r.size - 1}") + f" | {r.values} |"
                  for r in game.action_index(game.max_players).layout()]
        assert rows == wanted, game_id
