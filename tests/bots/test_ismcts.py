"""The ``ismcts`` search bot: its budget, its determinism, forced wins found, and that it
only ever holds an observation."""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

import pytest

import gangland
from gangland.bots import decide, make_bot
from gangland.bots.base import register_bot
from gangland.bots.evaluations import EVALUATIONS, SHARED
from gangland.bots.ismcts import Ismcts, Settings, _Node, parse_settings
from gangland.engine import (
    Action,
    Arg,
    Event,
    Game,
    Grammar,
    Observation,
    OptionError,
    Rng,
    State,
    TurnState,
    Verb,
)
from tests.bots.checks import assert_deterministic

CITY = gangland.load("gangster-city")


# ----- a toy game with a forced win: take 1 to 3 stones, whoever takes the last wins -----

class Nim(Game):
    id: ClassVar[str] = "test-nim"
    title: ClassVar[str] = "Nim"
    designers: ClassVar[str] = "folk"
    summary: ClassVar[str] = "take 1-3; the last stone wins"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    grammar = Grammar([Verb("take", Arg("n", low=1, high=3))])

    def _new_state(self, players: int, seed: int, options: dict[str, Any]) -> State:
        return NimState(players, seed, options, Rng(seed))

    def move_bound(self, players: int, options: Any) -> int:
        return 100

    def _state_from_body(self, envelope: dict[str, Any]) -> State:
        raise NotImplementedError


class NimState(TurnState):
    __slots__ = ("stones",)

    def __init__(self, players: int, seed: int | None, options: dict[str, Any], rng: Rng,
                 stones: int = 5) -> None:
        super().__init__(players, seed, options, rng)
        self.stones, self.to_move, self.over, self.won = stones, 0, False, []

    def _legal(self) -> list[Action]:
        return [Action("take", (n,)) for n in (1, 2, 3) if n <= self.stones]

    def _apply(self, action: Action) -> list[Event]:
        self.stones -= int(action.args[0])
        if self.stones == 0:
            self._finish([self.to_move])
        else:
            self.to_move = 1 - self.to_move
        return [Event("take", f"{action}")]

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"stones": self.stones, "to_move": self.to_move}

    def _redraw(self, new: State, seat: int | None, rng: Rng) -> None:
        pass  # nothing is hidden

    def clone(self) -> NimState:
        new = NimState(self.players, self.seed, self.options, self.rng.copy(), self.stones)
        self._copy_base_into(new)
        new.stones = self.stones
        return new

    def scores(self) -> list[float]:
        return [0.0, 0.0]

    def _body_to_json(self) -> dict[str, Any]:
        return {"stones": self.stones}


NIM = Nim()
NimState.game = NIM


@pytest.mark.parametrize(("stones", "best"), [(5, 1), (6, 2), (7, 3), (3, 3)])
def test_it_finds_the_forced_win(stones, best):
    state = NimState(2, 1, {}, Rng(1), stones)
    bot = Ismcts(NIM, 3, Settings(iterations=400))
    assert decide(bot, state, Rng(1)) == Action("take", (best,))


def test_it_finds_a_hidden_information_win_in_gangster_city():
    """Its own case narrowed to one card (the others all refuted), one case to win: arrest
    it. Only the seat's own knowledge says which card that is."""
    state = CITY.new_game(3, 4, {"cases_to_win": 1})
    seat = state.current_player
    case = state.cases[seat]
    state.refuted[seat] = ((1 << 54) - 1) & ~(1 << case)
    state._legal_cache = None
    bot = Ismcts(CITY, 1, Settings(iterations=200))
    choice = decide(bot, state, Rng(5))
    assert choice == state.deck.arrests[case]


def test_gangster_city_searches_only_the_arrests_its_clues_allow():
    """The arrests a seat knows are wrong (cards it sees, or that its clue rules out) are
    left out of the search and the playouts: what remains is the detective's own list of
    candidates, the true case among them, and every investigation stays."""
    from gangland.bots.evaluations import gangster_city_moves
    from gangland.games.gangster_city.cards import cards_in
    from gangland.games.gangster_city.knowledge import own_candidates_from_view

    state = CITY.new_game(4, 6)
    seat = state.current_player
    state.apply(next(a for a in state.legal_actions() if a.kind == "investigate"))
    while state.current_player != seat:
        state.apply(next(a for a in state.legal_actions() if a.kind == "investigate"))
    legal = state.legal_actions()
    kept = gangster_city_moves(state, legal)
    fits = set(cards_in(own_candidates_from_view(state.deck, state.view(seat))))
    arrests = {state.deck.arrest_of[a] for a in kept if a.kind == "arrest"}
    assert arrests == fits and state.cases[seat] in arrests
    assert len(arrests) < len(set(cards_in(state._fits(seat))))
    assert [a for a in kept if a.kind != "arrest"] == [a for a in legal if a.kind != "arrest"]
    bot = Ismcts(CITY, 2, Settings(iterations=300))
    root = _Node()
    obs = Observation.of(state, seat, Rng(3))
    for _ in range(300):
        bot._iterate(obs, root, bot.rng)
    searched = {state.deck.arrest_of[a] for a in root.n if a.kind == "arrest"}
    assert searched and searched <= fits


@pytest.mark.parametrize("seed", range(4))
def test_gangster_city_moves_are_the_candidates_all_game_long(seed):
    """At every decision of a random game (reshuffles, wrong arrests and new cases
    included) the arrests searched are exactly the mover's candidates."""
    from gangland.bots.evaluations import gangster_city_moves
    from gangland.games.gangster_city.cards import cards_in
    from gangland.games.gangster_city.knowledge import own_candidates_from_view

    state = CITY.new_game(3 + seed % 2, seed)
    rng = Rng(seed)
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        legal = state.legal_actions()
        kept = gangster_city_moves(state, legal)
        arrests = {state.deck.arrest_of[a] for a in kept if a.kind == "arrest"}
        assert arrests == set(cards_in(own_candidates_from_view(state.deck, state.view(seat))))
        assert state.cases[seat] in arrests
        state.apply(legal[rng.randbelow(len(legal))])


# ----- budget, forced moves, determinism ---------------------------------------------

def test_it_spends_exactly_its_iteration_budget():
    state = CITY.new_game(4, 2)
    bot = make_bot("ismcts:37", CITY, 1)
    decide(bot, state, Rng(1))
    assert isinstance(bot, Ismcts) and bot.iterations == 37


def test_a_time_budget_stops_the_search():
    state = CITY.new_game(4, 2)
    bot = make_bot("ismcts:20ms", CITY, 1)
    decide(bot, state, Rng(1))
    assert isinstance(bot, Ismcts) and 1 <= bot.iterations < 100_000


def test_one_legal_action_is_answered_without_search():
    state = NimState(2, 1, {}, Rng(1), 1)
    bot = Ismcts(NIM, 3, Settings(iterations=10_000))
    assert decide(bot, state, Rng(1)) == Action("take", (1,)) and bot.iterations == 0


def test_seeded_searches_are_identical():
    assert_deterministic(CITY, lambda seed: Ismcts(CITY, seed, Settings(iterations=15)))


# ----- only an observation -----------------------------------------------------------

def test_it_holds_an_observation_never_the_state():
    """The bot's one input is an Observation, which keeps no reference to the state it was
    made from (only a determinization drawn from the seat's own view)."""
    state = CITY.new_game(4, 6)
    obs = Observation.of(state, state.current_player, Rng(1))
    fields = [getattr(obs, f.name) for f in dataclasses.fields(obs)]
    assert all(value is not state for value in fields)
    sample = obs.sample_state(Rng(2))
    assert sample is not state and sample.seed is None  # a resample never claims the seed
    seen = {obs.sample_state(Rng(k)).cases[(obs.seat + 1) % 4] for k in range(30)}
    assert seen == {state.cases[(obs.seat + 1) % 4]}  # others' cases are visible to it
    own = {obs.sample_state(Rng(k)).cases[obs.seat] for k in range(30)}
    assert len(own) > 1  # its own case is not: samples vary


def test_bad_specs_are_refused():
    for spec in ("ismcts:0", "ismcts:fast", "ismcts:1s/c=-1", "ismcts:1s/spin=2",
                 "ismcts:1s/playout=nobody", "ismcts:700s", "ismcts:1s/expand=-1",
                 "ismcts:1s/expand=many", "ismcts:1s/depth=never", "ismcts:1s/depth=0"):
        with pytest.raises(OptionError):
            make_bot(spec, CITY, 1)
    assert parse_settings("250ms/depth=10").seconds == 0.25
    assert parse_settings("300/expand=50").expand == 50


def test_depth_end_plays_each_playout_to_the_end_of_the_game():
    """``depth=end`` scores a playout by who won, not by the evaluation of a cut."""
    state = CITY.new_game(4, 6)
    cut, whole = state.clone(), state.clone()
    Ismcts(CITY, 1, parse_settings("10"))._playout(cut, Rng(2))
    assert not cut.is_terminal  # Gangster City's playouts stop after 24 decisions
    returns = Ismcts(CITY, 1, parse_settings("10/depth=end"))._playout(whole, Rng(2))
    assert whole.is_terminal and returns == whole.returns()


def _searched(node: _Node, depth: int = 0) -> set[int]:
    """The depths of the nodes that hold statistics (whose moves were searched)."""
    here = {depth} if node.n else set()
    return here.union(*(_searched(child, depth + 1) for child in node.children.values()))


def test_expand_leaves_a_node_to_the_playouts_until_it_is_reached_often_enough():
    """With ``expand=k`` a decision below the root is searched only from the walk's
    k+1-th arrival on; before, the walk stops there and the playout policy plays it. An
    unreachable threshold leaves only the root searched (a rollout of the playout policy
    per root move: ``expand=root``); ``expand=0`` searches as before."""
    state = NimState(2, 1, {}, Rng(1), 9)
    obs = Observation.of(state, 0, Rng(1))
    trees: dict[object, _Node] = {}
    for k in (0, 5, "root"):
        bot = make_bot(f"ismcts:300/expand={k}", NIM, 3)
        assert isinstance(bot, Ismcts)
        root = trees[k] = _Node()
        for _ in range(300):
            bot._iterate(obs, root, bot.rng)
    assert {0, 1} <= _searched(trees[5]) <= _searched(trees[0])
    assert _searched(trees["root"]) == {0}
    assert all(child.reached == 5 for child in trees[5].children.values() if child.n)
    assert all(not child.reached for child in trees[0].children.values())
    assert sum(trees["root"].n.values()) == 300  # every walk stopped below the root


def test_a_heuristic_playout_policy_plays():
    state = gangland.load("gangster-1994").new_game(3, 1)
    bot = make_bot("ismcts:8/playout=heuristic", gangland.load("gangster-1994"), 1)
    assert decide(bot, state, Rng(1)) in state.legal_actions()


# ----- a prior: the game's own bot, kept unless the search clearly prefers another --------

def test_full_trust_plays_the_prior_and_none_searches_as_without():
    game = gangland.load("chicago-gangster")
    state = game.new_game(4, 3)
    rng = Rng(7)
    for _ in range(60):  # a few positions along a random game
        legal = state.legal_actions()
        if len(legal) > 1:
            seat = state.current_player
            prior = make_bot("heuristic", game, 11 ^ 0x9B10)
            hint = decide(prior, state, Rng(1))
            full = make_bot("ismcts:30/prior=heuristic/trust=1", game, 11)
            assert decide(full, state, Rng(1)) == hint
            plain, none = (make_bot(spec, game, 11) for spec in (
                "ismcts:30", "ismcts:30/prior=default/trust=0"))
            assert decide(plain, state, Rng(1)) == decide(none, state, Rng(1)), seat
        state.apply(legal[rng.randbelow(len(legal))])


class _FewestFirst:
    """A Nim bot that scores taking fewer stones higher, and counts the rankings asked."""

    needs_samples: ClassVar[bool] = False
    asked: ClassVar[list[int]] = []

    def __init__(self) -> None:
        self.name = "fewest-first"

    def scores(self, obs: Observation) -> list[float]:
        _FewestFirst.asked.append(obs.seat)
        return [-float(a.args[0]) for a in obs.legal_actions]

    def choose(self, obs: Observation) -> Action:
        return obs.legal_actions[0]


register_bot("fewest-first", lambda game, seed, arg: _FewestFirst(), "test", games=[NIM.id])


def _moves_searched(node: _Node, depth: int = 0) -> dict[int, set[int]]:
    """The stones taken in the moves with statistics, by depth."""
    found = {depth: {int(a.args[0]) for a in node.n}} if node.n else {}
    for child in node.children.values():
        for d, moves in _moves_searched(child, depth + 1).items():
            found.setdefault(d, set()).update(moves)
    return found


@pytest.mark.parametrize(("width", "seat_moves"), [(0, {1, 2, 3}), (2, {1, 2})])
def test_width_searches_only_the_priors_best_moves_of_the_searching_seat(width, seat_moves):
    """With ``width=k`` the searching seat's own decisions are searched over the prior's
    k best moves by its scores, ranked once per node; the other seat's over all of them."""
    _FewestFirst.asked.clear()
    bot = make_bot(f"ismcts:300/prior=fewest-first/trust=0/width={width}", NIM, 3)
    assert isinstance(bot, Ismcts)
    root = _Node()
    obs = Observation.of(NimState(2, 1, {}, Rng(1), 9), 0, Rng(1))
    for _ in range(300):
        bot._iterate(obs, root, bot.rng)
    searched = _moves_searched(root)
    assert set().union(*(m for d, m in searched.items() if d % 2 == 0)) == seat_moves
    assert set().union(*(m for d, m in searched.items() if d % 2 == 1)) == {1, 2, 3}
    assert set(_FewestFirst.asked) <= {0}

    def seat_nodes(node: _Node, depth: int = 0) -> int:
        return int(depth % 2 == 0 and bool(node.n)) + sum(
            seat_nodes(child, depth + 1) for child in node.children.values())

    assert len(_FewestFirst.asked) <= (seat_nodes(root) if width else 0)


def test_bad_widths_are_refused():
    for spec in ("ismcts:1s/width=2", "ismcts:1s/prior=default/width=-1",
                 "ismcts:1s/prior=default/width=wide"):
        with pytest.raises(OptionError):
            make_bot(spec, CITY, 1)
    with pytest.raises(OptionError, match="scores its moves"):
        make_bot("ismcts:1s/prior=detective/width=2", CITY, 1)
    assert isinstance(make_bot("ismcts:1s/prior=default/width=4", gangland.load("gangsters"),
                               1), Ismcts)


def test_bad_priors_are_refused():
    for spec in ("ismcts:1s/prior=nobody", "ismcts:1s/prior=ismcts:10",
                 "ismcts:1s/trust=1.5", "ismcts:1s/trust=much"):
        with pytest.raises(OptionError):
            make_bot(spec, CITY, 1)


# ----- an opponent model: other seats play a bot's moves in the tree ------------------

class _TakeMost:
    """A Nim bot that always takes as many stones as it may, and remembers whom it played."""

    needs_samples: ClassVar[bool] = False
    seats: ClassVar[list[int]] = []

    def __init__(self) -> None:
        self.name = "take-most"

    def choose(self, obs: Observation) -> Action:
        _TakeMost.seats.append(obs.seat)
        return obs.legal_actions[-1]


register_bot("take-most", lambda game, seed, arg: _TakeMost(), "test", games=[NIM.id])


def test_a_model_plays_the_other_seats_and_leaves_them_out_of_the_tree():
    """With ``model=``, only the searching seat's decisions are searched: the model is asked
    for the other seat's moves, through that seat's observation, and the tree holds no
    statistics of its own for them."""
    _TakeMost.seats.clear()
    bot = make_bot("ismcts:200/model=take-most", NIM, 3)
    assert isinstance(bot, Ismcts)
    state = NimState(2, 1, {}, Rng(1), 9)
    root = _Node()
    obs = Observation.of(state, 0, Rng(1))
    for _ in range(200):
        bot._iterate(obs, root, bot.rng)
    assert set(_TakeMost.seats) == {1}

    def depths(node: _Node, depth: int) -> set[int]:
        here = {depth} if node.n else set()
        return here.union(*(depths(child, depth + 1) for child in node.children.values()))

    assert depths(root, 0) and all(d % 2 == 0 for d in depths(root, 0))  # seat 0's only


def test_where_every_seat_knows_the_same_the_model_is_asked_once_per_node():
    """In a game listed in ``SHARED`` a node fixes what the model sees, so it is asked once
    per node; the search then picks exactly as when it asks at every step."""
    state = NimState(2, 1, {}, Rng(1), 9)
    obs = Observation.of(state, 0, Rng(1))
    picks, calls = [], []
    for shared in (False, True):
        _TakeMost.seats.clear()
        bot = make_bot("ismcts:300/model=take-most", NIM, 3)
        assert isinstance(bot, Ismcts)
        bot._shared = shared
        picks.append(bot.choose(obs))
        calls.append(len(_TakeMost.seats))
    assert picks[0] == picks[1]
    assert 0 < calls[1] < calls[0] / 3


@pytest.mark.parametrize("game_id", sorted(SHARED))
def test_shared_games_show_every_seat_the_same(game_id):
    """The promise ``SHARED`` makes: views differ only in the seat they are for, all game
    long (so a model bot sees the same wherever the searching seat's node is the same)."""
    game = gangland.load(game_id)
    for seed in range(3):
        state, rng = game.new_game(4, seed), Rng(seed)
        while not state.is_terminal:
            if rng.randbelow(8) == 0:
                views = [{k: v for k, v in state.view(s).items() if k != "seat"}
                         for s in range(4)]
                assert all(v == views[0] for v in views)
            legal = state.legal_actions()
            state.apply(legal[rng.randbelow(len(legal))])


def test_bad_models_are_refused():
    for spec in ("ismcts:1s/model=nobody", "ismcts:1s/model=ismcts:10", "ismcts:1s/model=",
                 "ismcts:1s/playout=ismcts"):
        with pytest.raises(OptionError):
            make_bot(spec, CITY, 1)
    with pytest.raises(OptionError, match="model= needs a bot's name"):
        make_bot("ismcts:1s/model=", CITY, 1)


# ----- the evaluations of cut playouts -------------------------------------------------

@pytest.mark.parametrize("game_id", sorted(EVALUATIONS))
def test_an_evaluation_ranks_the_seats_and_stays_in_bounds(game_id):
    """Along random games: one value per seat in [-1, 1], and (being margins over the best
    rival) at most one seat ahead, never a seat ahead while another is level with it."""
    game = gangland.load(game_id)
    for seed in range(3):
        state, rng = game.new_game(4, seed), Rng(seed)
        for step in range(400):
            if state.is_terminal:
                break
            legal = state.legal_actions()
            state.apply(legal[rng.randbelow(len(legal))])
            if step % 40 == 39:
                values = EVALUATIONS[game_id](state)
                assert len(values) == 4 and all(-1 <= v <= 1 for v in values)
                assert sum(v > 0 for v in values) <= 1
                if any(v > 0 for v in values):
                    assert sorted(values)[-2] < 0


def test_gangster_evaluation_favours_the_projected_leader():
    """Whoever leads the standings (influence plus what the districts would pay now) is the
    one seat valued above zero."""
    from gangland.bots.gangster_eval import Evaluator

    game = gangland.load("gangster")
    state, rng = game.new_game(4, 5), Rng(5)
    for _ in range(150):
        legal = state.legal_actions()
        state.apply(legal[rng.randbelow(len(legal))])
    projected = Evaluator().projected(state)
    values = EVALUATIONS["gangster"](state)
    leader = max(range(4), key=projected.__getitem__)
    assert values[leader] == max(values) > 0


def test_gangster_1994_values_prison_below_everyone():
    game = gangland.load("gangster-1994")
    state = game.new_game(4, 2)
    state.out[1] = True
    values = EVALUATIONS["gangster-1994"](state)
    assert values[1] == min(values) < 0


@pytest.mark.parametrize("game_id", sorted(gangland.engine.game_ids()))
def test_each_games_tuned_search_is_a_valid_bot(game_id):
    """The web table's *hard* level: every game's tuned spec makes a bot that plays."""
    from gangland.bots.ismcts import tuned_spec

    game = gangland.load(game_id)
    state = game.new_game(max(3, game.min_players), 2)
    bot = make_bot(tuned_spec(game_id, "3"), game, 1)
    while len(state.legal_actions()) == 1:
        state.apply(state.legal_actions()[0])
    assert decide(bot, state, Rng(1)) in state.legal_actions()
