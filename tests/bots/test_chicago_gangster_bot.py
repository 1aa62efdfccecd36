"""Chicago Gangster's ``heuristic`` bot: legal, deterministic, sensible, and beats random."""

from __future__ import annotations

import pytest

from gangland import OptionError
from gangland.bots import decide, default_bot, make_bot
from gangland.bots.chicago_gangster import Heuristic
from gangland.engine import Rng
from gangland.sim.simulate import simulate
from tests.bots.checks import assert_deterministic, play_mixed_games
from tests.games.chicago_gangster.scenario import GAME, mob, play, table


def choice(state, seed: int = 1) -> str:
    """What a fresh heuristic bot chooses for the seat to move."""
    return str(decide(Heuristic(seed), state, Rng(seed)))


def pick(name: str) -> str:
    """The ``pick`` action naming a mobster by its printed name."""
    return f"pick {mob(name) + 1}"


def test_it_is_the_default_opponent_and_takes_no_argument():
    assert default_bot("chicago-gangster") == "heuristic"
    assert make_bot("heuristic", GAME, 1).name == "heuristic"
    with pytest.raises(OptionError, match="no argument"):
        make_bot("heuristic:fast", GAME, 1)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_only_legal_choices_in_whole_games(players):
    """Heuristic bots in every other seat, random in the rest, three games per table size."""
    play_mixed_games(GAME, players, 3, Heuristic)


def test_the_same_seed_makes_the_same_game():
    assert_deterministic(GAME, Heuristic)


def test_it_rescues_its_own_mobster_at_the_wall_during_a_war():
    """A long list: a contract's victim would stand far back, Al Capone dies next turn."""
    state = table(3, hands={0: ["police-protection", "contract", "contract", "contract",
                                "family-influence"]},
                  hitlist=["Al Capone", "Bugs Moran", "Dutch Schultz", "Hymie Weiss",
                           "Frank Costello", "Dean O'Banion"], war=1)
    assert choice(state) == "play police-protection"
    play(state, "play police-protection")
    assert choice(state) == pick("Al Capone")


def test_it_keeps_its_rescue_while_the_list_is_calm():
    """No war and a short list: the contract is played, the rescue kept for later."""
    state = table(3, hands={0: ["police-protection", "contract", "mob-power", "finger",
                                "family-influence"]},
                  hitlist=["Al Capone"])
    assert choice(state) == "play contract"


def test_it_substitutes_the_leaders_mobster_for_its_own():
    state = table(3, hands={0: ["substitution", "contract", "contract", "contract",
                                "contract"]},
                  hitlist=["Al Capone", "Dutch Schultz"], war=1, remove={1: 5})
    assert choice(state) == "play substitution"
    play(state, "play substitution")
    assert choice(state) == pick("Al Capone")
    play(state, pick("Al Capone"))
    assert state.comps.mobster_name(int(choice(state).split()[1]) - 1) in (
        state.comps.members[2])  # New York Mob: nine in play, the strongest rival


def test_it_aims_the_contract_at_the_leader():
    """P2 has lost five mobsters, P3 none: the contract goes to P3."""
    state = table(3, hands={0: ["contract", "contract", "contract", "contract", "contract"]},
                  remove={1: 5})
    play(state, "play contract")
    assert choice(state) == "target 3"


def test_it_kills_the_leaders_mobster_with_a_hit():
    state = table(3, hands={0: ["hit", "mob-power", "mob-power", "family-influence",
                                "family-influence"]},
                  remove={2: 4})
    play(state, "play hit")
    assert state.owner[int(choice(state).split()[1]) - 1] == 1


@pytest.mark.parametrize("counter", ["mob-power", "family-influence"])
def test_it_counters_a_contract_aimed_at_it(counter):
    state = table(3, hands={0: ["contract"] * 5, 1: [counter, "contract", "contract"]})
    play(state, "play contract", "target 2")
    assert state.current_player == 1
    assert choice(state) == f"counter {counter}"


def test_mob_power_comes_before_family_influence():
    state = table(3, hands={0: ["contract"] * 5,
                            1: ["family-influence", "mob-power", "contract"]})
    play(state, "play contract", "target 2")
    assert choice(state) == "counter mob-power"


def test_finger_stops_a_rivals_lam_but_not_one_that_frees_its_own():
    hands = {0: ["lam", "contract", "contract", "contract", "contract"],
             1: ["finger", "contract", "contract"]}
    state = table(3, hands=hands, hitlist=["Al Capone", "Dutch Schultz"], war=1)
    play(state, "play lam", pick("Al Capone"))
    assert state.current_player == 1
    assert choice(state) == "counter finger"
    state = table(3, hands=hands, hitlist=["Bugs Moran", "Dutch Schultz"], war=1)
    play(state, "play lam", pick("Bugs Moran"))
    assert choice(state) == "pass"


def test_it_never_discards_a_counter_while_another_card_will_do():
    state = table(3, hands={0: ["mob-power", "family-influence", "finger", "safe-house",
                                "truce"]})
    state.hands[0].append(state.pile.pop())  # the turn's sixth card, whatever it is
    action = choice(state)
    assert action.split()[1] not in ("mob-power", "family-influence")


def test_intrigue_puts_the_rivals_at_the_wall_and_its_own_last():
    state = table(3, hands={0: ["intrigue", "contract", "contract", "contract", "contract"]},
                  hitlist=["Al Capone", "Frank Nitti", "Bugs Moran", "Dutch Schultz",
                           "Hymie Weiss", "Frank Costello", "Dean O'Banion", "Meyer Lansky"],
                  war=1)
    assert choice(state) == "play intrigue"
    play(state, "play intrigue")
    while state.current_player == 0 and state.card >= 0:
        play(state, choice(state))
    owners = [state.owner[m] for m in state.hitlist]  # the next turn has executed one
    assert state.owner[state.dead[-1]] != 0
    assert len(owners) == 7 and 0 not in owners[:5] and owners[5:] == [0, 0]


def test_it_beats_three_random_players():
    """A floor that cannot flake: 60 seeded games, at least 40% (measured: over 90% in
    200 games; see docs/games/chicago-gangster.md, "Bots")."""
    summary = simulate("chicago-gangster", ["heuristic", "random", "random", "random"], 60,
                       seed=11)
    heuristic = summary.data["by_bot"][0]
    assert heuristic["bot"] == "heuristic" and heuristic["wins"] >= 24


def test_the_memo_of_values_answers_as_the_model_would(monkeypatch):
    """Positions recur in a search, so the bot remembers its values; a remembered value is
    the model's own, and a full memo starts afresh instead of growing."""
    from gangland.bots import chicago_gangster as module
    from gangland.bots.chicago_gangster_eval import Position, value

    bot = Heuristic(1)
    positions = [Position(me=me, inplay=[3, 2, 1, 0], hitlist=listed, out=[False] * 4,
                          war=war, permanent=False)
                 for me in range(3) for listed in ([], [3], [3, 0, 1]) for war in (0, 1)]
    for pos in positions * 2:
        assert bot._value(pos) == value(pos, bot.weights)
    assert len(bot._values) == len(positions)
    monkeypatch.setattr(module, "_MEMO", 4)
    small = Heuristic(1)
    for pos in positions:
        assert small._value(pos) == value(pos, small.weights)
        assert 1 <= len(small._values) <= 4
