"""``moves [PREFIX]``, a game's own prompt commands (Gangsters' ``buildings``) and tab
completion, as a person at the prompt uses them."""

from __future__ import annotations

import gangland
from gangland.engine import Action
from gangland.games.gangsters.city import default_city
from gangland.terminal.listing import completions, game_commands, matching

CITY = gangland.load("gangster-city")
GANGSTERS = gangland.load("gangsters")


def _after(out: str, typed: str) -> str:
    """What the terminal printed after the prompt line where ``typed`` was answered."""
    return out.split(typed, 1)[1] if typed in out else ""


def test_moves_lists_every_legal_move_of_a_crowded_decision(invoke):
    state = CITY.new_game(3, 5)
    result = invoke("play", "gangster-city", "--seed", "5", input=["moves", "quit"])
    assert result.exit_code == 0
    listed = result.output.split("legal moves:")[1].split("Game saved")[0]
    assert f"{len(state.legal_actions())} legal moves:" in result.output
    for action in state.legal_actions():
        assert f"  {action}" in listed
    assert "moves arrest lists them" in result.output  # the menu says how


def test_moves_with_a_prefix_lists_only_those(invoke):
    state = CITY.new_game(3, 5)
    wanted = [a for a in state.legal_actions() if str(a).startswith("arrest thug")]
    result = invoke("play", "gangster-city", "--seed", "5",
                    input=["moves ARREST  thug", "moves fly", "quit"])
    out = result.output
    assert f"{len(wanted)} legal moves start with 'arrest thug':" in out
    listed = out.split("start with 'arrest thug':")[1].split("No legal move")[0]
    assert all(str(a) in listed for a in wanted)
    assert "arrest entertainer" not in listed and "investigate" not in listed
    assert "No legal move starts with 'fly'. Type moves to list them all." in out


def test_gangsters_moves_lists_the_starting_joints(invoke):
    state = GANGSTERS.new_game(3, 3)
    joints = [str(a) for a in state.legal_actions()]
    result = invoke("play", "gangsters", "--seat", "human", "--seat", "random", "--seat",
                    "random", "--seed", "3", input=["moves", "moves joint h", "quit"])
    out = result.output
    assert "(39 legal; moves joint lists them)" in out and len(joints) == 39
    everything = out.split("39 legal moves:")[1].split("legal moves start with")[0]
    assert all(j in everything for j in joints)
    some = out.split("2 legal moves start with 'joint h':")[1].split("P1 (you) >")[0]
    assert "joint hh  (start with the Hawthorne Hotel, a red joint worth $600)" in some
    assert "joint hb" in some and "joint ah" not in some


def test_gangsters_refusals_reach_the_prompt(invoke):
    result = invoke("play", "gangsters", "--seat", "human", "--seat", "random", "--seat",
                    "random", "--seed", "3", input=["joint md", "joint 1.4", "quit"])
    out = result.output
    assert "md (Marshall's Department Store) is gray: a gray building is never a joint" in out
    assert "1.4 is a cell of Astoria House: a building is named by its code, ah" in out
    assert "not now" not in out


def test_the_building_reference_at_the_prompt(invoke):
    result = invoke("play", "gangsters", "--seat", "human", "--seat", "random", "--seat",
                    "random", "--seed", "3",
                    input=["help", "buildings", "buildings red md", "buildings zz", "quit"])
    out = result.output
    help_text = out.split("> help")[1].split("> buildings")[0]
    assert "  buildings every building: name, colour, price" in help_text
    everything = _after(out, "> buildings\n")
    for name in ("Hawthorne Hotel", "Lou's Diner", "Greenwood Park", "Rosie's Bakery"):
        assert name in everything
    assert f"{len(default_city().buildings)} buildings." in everything
    narrowed = _after(out, "> buildings red md\n").split("P1 (you) >")[0]
    assert "5 buildings (red md)" in narrowed
    assert "Hotel Belgrave" in narrowed and "$600" in narrowed and "free" in narrowed
    row = next(line for line in narrowed.splitlines() if "Marshall's" in line)
    assert "gray" in row and "$" not in row and "free" not in row  # never a joint
    assert "Lou's Diner" not in narrowed
    assert "No building matches 'zz'" in out


def test_a_game_has_only_its_own_commands(invoke):
    assert set(game_commands(gangland.load("gangster-1994"))) == {"legend"}
    assert set(game_commands(CITY)) == {"legend", "cards"}  # its compact table's
    assert set(game_commands(GANGSTERS)) == {"buildings", "legend"}
    result = invoke("play", "gangster-city", "--seed", "5", input=["help", "buildings",
                                                                    "quit"])
    help_text = result.output.split("> help")[1].split("> buildings")[0]
    assert "moves" in help_text and "buildings" not in help_text
    assert "Not accepted: unknown action 'buildings'" in result.output


def test_completion_goes_word_by_word_through_legal_actions_and_commands():
    acts = [Action("joint", ("hh",)), Action("joint", ("hb",)), Action("joint", ("ah",))]
    assert completions("joint h", acts, []) == ["joint hb", "joint hh"]
    assert completions("jo", acts, []) == ["joint "]
    assert completions("bu", acts, ["buildings", "moves "]) == ["buildings"]
    assert completions("moves joint a", acts, ["moves "]) == ["moves joint ah"]
    assert completions("zz", acts, ["moves "]) == []
    assert [str(a) for a in matching(acts, "  JOINT h ")] == ["joint hh", "joint hb"]
