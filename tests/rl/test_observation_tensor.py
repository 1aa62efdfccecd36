"""The observation tensors of every game, player count and preset (``engine/tensor.py``).

Random play, checked with the conformance suite's own functions: fixed shape, float32,
finite, within the layout's bounds, built from the view alone, blind to resampling, and
different between seats whose views differ. Plus the layout itself, the errors, and that
``import gangland`` never loads numpy.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy
import pytest

import gangland
from gangland.engine import conformance as c
from gangland.engine import tensordoc
from gangland.engine.rng import Rng
from gangland.engine.tensor import Encoder, Slice
from tests.conformance.test_conformance import CASES, _id

#: Moves played per game (the full game for the short ones): enough to meet every phase
#: the first rounds have, and the end wherever a game is shorter.
MOVES = 400
EVERY = 5
#: Moves played per game where a test needs the later stages too.
LONG = 1500




@pytest.mark.parametrize("case", CASES, ids=[_id(x) for x in CASES])
def test_layout_covers_the_shape_exactly(case: tuple[str, int, dict[str, object]]):
    game_id, players, options = case
    c.check_observation_layout(gangland.load(game_id), players, options)


@pytest.mark.parametrize("case", CASES, ids=[_id(x) for x in CASES])
def test_tensors_keep_their_promises_over_random_play(case: tuple[str, int, dict[str, object]]):
    game_id, players, options = case
    game = gangland.load(game_id)
    state = game.new_game(players, 11, options)
    rng = Rng(12)
    checked = 0
    for move in range(MOVES):
        if move < EVERY or move % EVERY == 0:
            c.check_observation_tensor(state, seed=move)
            checked += 1
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
    if state.is_terminal:
        c.check_observation_tensor(state, seed=MOVES)
    assert checked > 1


def test_finished_games_are_encoded():
    """Every game's end, where views change most (hands and cases laid open)."""
    for game_id in gangland.game_ids():
        game = gangland.load(game_id)
        options = dict(game.conformance_options[-1])
        final = None
        for state, _ in c.playout(game, game.min_players, 5, options):
            final = state
        assert final is not None and final.is_terminal
        c.check_observation_tensor(final, seed=5)


def test_the_tensor_follows_the_view():
    """A move that changes what a seat sees changes its tensor: the encoder drops nothing
    that play moves (a check that a view field forgotten by the encoder would fail)."""
    for game_id in gangland.game_ids():
        game = gangland.load(game_id)
        state = game.new_game(game.min_players, 3)
        rng = Rng(4)
        before = state.observation_tensor(0)
        changed = 0
        for _ in range(60):
            if state.is_terminal:
                break
            state.apply(rng.choice(state.legal_actions()))
            after = state.observation_tensor(0)
            changed += not numpy.array_equal(before, after)
            before = after
        assert changed > 10, f"{game_id}: the tensor changed only {changed} times in play"


def test_seats_see_different_tensors():
    for game_id in gangland.game_ids():
        state = gangland.load(game_id).new_game(3, 1)
        tensors = [state.observation_tensor(s).tobytes() for s in range(3)]
        assert len(set(tensors)) == 3, game_id


def test_bad_views_are_refused_precisely():
    city = gangland.load("gangster-city")
    view = city.new_game(2, 1).view(0)
    with pytest.raises(ValueError, match="expected a gangsters view, not 'gangster-city'"):
        gangland.load("gangsters").encode_view(view, 2)
    with pytest.raises(ValueError, match="a 2-player game, not 3"):
        city.encode_view(view, 3)
    with pytest.raises(gangland.engine.OptionError, match="1 to 6 players, not 7"):
        city.observation_shape(7)
    with pytest.raises(gangland.engine.OptionError, match="unknown option"):
        city.observation_layout(2, {"nope": 1})


def test_a_layout_that_depends_on_the_view_is_caught():
    enc = Encoder(3)
    enc.onehot("a", "two values", 2, 0)
    with pytest.raises(RuntimeError, match="filled 2 values of a 3-value tensor"):
        enc.finish("demo")
    with pytest.raises(ValueError, match=r"a: index 2 outside 0\.\.1"):
        Encoder().onehot("a", "two values", 2, 2)


def test_amounts_are_clipped_to_their_bounds():
    enc = Encoder(2)
    enc.scalar("cash", "cash / 1000", 5000, 1000, high=2.0)
    enc.scalar("debt", "debt / 1000", -5000, 1000)
    assert enc.finish("demo").tolist() == [2.0, 0.0]
    recorded = Encoder()
    recorded.scalar("cash", "cash / 1000", 5000, 1000, high=2.0)
    assert recorded.slices == [Slice("cash", 0, 1, "cash / 1000", 0.0, 2.0)]


def test_import_gangland_does_not_load_numpy():
    code = "import gangland, sys; assert 'numpy' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_the_docs_tables_are_the_code():
    """docs/rl.md's layout tables are written from ``observation_layout``: regenerate them
    with ``PYTHONPATH=src python scripts/observation_layout.py`` after changing an encoder."""
    doc = (Path(__file__).resolve().parents[2] / "docs" / "rl.md").read_text(encoding="utf-8")
    start, end = doc.index(tensordoc.BEGIN), doc.index(tensordoc.END) + len(tensordoc.END)
    assert doc[start:end] == tensordoc.observation_doc(), (
        "docs/rl.md's observation tables differ from the code: run "
        "scripts/observation_layout.py")


#: Slices that random play seldom or never sets, by game, with why (families: a slice's
#: meaning after "who:", so "you: out of the game" and "next: out of the game" are one).
RARE: dict[str, set[str]] = {
    "chicago-gangster": set(),
    "gangster": set(),
    # a prisoner's cards, an offer and the last turn come late in a long game
    "gangster-1994": {"aside", "in prison, out of the game", "offer",
                      "this is the last turn"},
    # a pile rebuilt from the discards: only after 54 cards have been seen
    "gangster-city": {"pile cards", "pile hides", "pile known"},
    # a declared hit and a bust need a fight that random play seldom starts; Donut markers
    # the donuts option and a cop in a gray building; gear a rich gang; out, a lost one
    "gangsters": {"shootout declared", "shootout to bust",
                  "the Donut marker's count / 2", "whose Donut marker it holds (relative)",
                  "its gear (heater, wheels, siren's outfit)", "out of the game"},
}


def _family(part: Slice) -> str:
    return part.meaning.split(": ", 1)[1] if ": " in part.meaning else part.name


@pytest.mark.parametrize("game_id", gangland.game_ids())
def test_every_slice_is_set_somewhere_in_play(game_id: str):
    """A slice that stays zero in every position is a fact the encoder lost (a key read
    wrongly, a name that never matches): random games at the fewest and most players, in
    every preset, must set each slice family at least once, but for the few named rare."""
    game = gangland.load(game_id)
    wanted: set[str] = set()
    live: set[str] = set()
    for players in sorted({game.min_players, game.max_players, 3}):
        for options in game.conformance_options:
            layout = game.observation_layout(players, options)
            wanted.update(_family(p) for p in layout)
            for seed in (1, 2, 3):
                state = game.new_game(players, seed, options)
                rng = Rng(seed + 10)
                for move in range(LONG):
                    if move % 3 == 0 or state.is_terminal:
                        for seat in range(players):
                            tensor = state.observation_tensor(seat)
                            live.update(_family(p) for p in layout
                                        if tensor[p.start:p.start + p.size].any())
                    if state.is_terminal:
                        break
                    state.apply(rng.choice(state.legal_actions()))
    never = sorted(wanted - live - RARE[game_id])
    assert not never, f"{game_id}: never set in play: {never}"
