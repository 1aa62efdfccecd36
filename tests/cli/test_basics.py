"""The first things a new user types: version, the game list, the rules, and mistakes."""

from __future__ import annotations

import pytest

import gangland

from .conftest import one_error_line


def test_version(invoke):
    result = invoke("--version")
    assert result.exit_code == 0
    assert gangland.__version__ in result.output


def test_help_lists_the_commands(invoke):
    result = invoke("--help")
    assert result.exit_code == 0
    for command in ("games", "rules", "play", "replay", "simulate", "bench"):
        assert command in result.output


def test_games_lists_every_game(invoke):
    result = invoke("games")
    assert result.exit_code == 0
    for game_id in gangland.game_ids():
        game = gangland.load(game_id)
        assert game_id in result.output
        assert game.title in result.output
    assert "1-6" in result.output  # Gangster City's player counts


def test_rules_show_summary_options_and_bots(invoke):
    result = invoke("rules", "gangster-city")
    assert result.exit_code == 0
    assert "investigate N" in result.output
    for option in ("cases_to_win", "experienced", "case", "components"):
        assert option in result.output
    assert "random" in result.output


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("rules", "gangster-town"), "unknown game"),
        (("play", "gangster-town"), "unknown game"),
        (("play", "gangster-city", "--option", "cases_to_win=99"), "cases_to_win"),
        (("play", "gangster-city", "--option", "nonsense"), "NAME=VALUE"),
        (("play", "gangster-city", "--option", "colour=red"), "unknown option"),
        (("play", "gangster-city", "--seat", "human", "--seat", "genius"), "unknown bot"),
        (("play", "gangster-city", "--players", "9"), "1 to 6 players"),
        (("play", "gangster-city", "--players", "two"), "--players"),
        (("play", "gangster-city", "--seat", "human", "--players", "1", "--seat", "random"),
         "2 seats given for 1 players"),
        (("play", "gangster-city", "--components", "missing.toml"), "missing.toml"),
        (("play", "gangster-city", "--solo", "--difficulty", "impossible"), "--difficulty"),
        (("play",), "GAME"),
        (("play", "gangster-city", "--frobnicate"), "--frobnicate"),
        (("simulate", "gangster-city", "--bots", "random,genius"), "unknown bot"),
        (("simulate", "gangster-city", "--bots", "random,random", "--players", "3"), "--players"),
        (("simulate", "gangster-city", "--games", "0"), "--games"),
        (("bench", "gangster-town"), "unknown game"),
        (("replay",), "FILE"),
        (("nonsense",), "nonsense"),
    ],
)
def test_bad_input_is_one_clear_error_line(invoke, args, words):
    line = one_error_line(invoke(*args))
    assert words in line


def test_a_bad_components_file_names_the_field(invoke, tmp_path):
    bad = tmp_path / "mine.toml"
    bad.write_text('[elements]\nprovenance = "rulebook"\n')
    line = one_error_line(invoke("play", "gangster-city", "--components", str(bad)))
    assert "suspects" in line
