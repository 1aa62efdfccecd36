"""The engine's fast paths (issue 30) answer exactly as the plain code they replaced.

The golden traces hold every game to its recorded moves; these tests pin the shared pieces
one by one, with inputs the traces rarely reach (a bound near ``2**64``, an action built
by hand, an observation whose view is never read).
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import gangland
from gangland.engine import Action, KeyedRng, Observation, Rng
from tests.dice import Dice


def _plain_randbelow(rng: Rng, n: int) -> int:
    """``randbelow`` as first written: whole 64-bit words, refused above the last full run."""
    limit = (1 << 64) - ((1 << 64) % n)
    r = rng.next64()
    while r >= limit:
        r = rng.next64()
    return r % n


@pytest.mark.parametrize("bound", [1, 2, 6, 52, 1000, 3 << 62, (1 << 63) + 1, (1 << 64) - 1])
def test_randbelow_draws_the_numbers_of_the_plain_rejection_loop(bound):
    """Bounds above ``2**63`` refuse about half the words: the loop's retries must match."""
    fast, plain = Rng(11), Rng(11)
    drawn = [fast.randbelow(bound) for _ in range(200)]
    assert drawn == [_plain_randbelow(plain, bound) for _ in range(200)]
    assert fast == plain  # the same words used up
    assert all(0 <= d < bound for d in drawn)


def test_randbelow_still_refuses_an_empty_range():
    with pytest.raises(ValueError, match="positive bound"):
        Rng(1).randbelow(0)


def test_actions_are_equal_exactly_when_verb_and_arguments_are():
    built = Action("drive", (3,))
    assert built == Action("drive", (3,)) and built is not Action("drive", (3,))
    assert built != Action("drive", ("3",))  # an int and a word are different arguments
    assert built != Action("drive", (4,)) and built != Action("load", (3,))
    assert built != ("drive", (3,)) and built != "drive 3"
    assert {built: 1}.get(Action("drive", (3,))) == 1
    assert Action("drive", (3,)) in [Action("load", (3,)), Action("drive", (3,))]


@pytest.mark.parametrize("game_id", gangland.game_ids())
def test_a_sampling_observation_builds_the_seats_view_only_when_read(game_id, monkeypatch):
    """A bot that only samples never pays for a view; one that reads it reads the seat's
    own view (equal to the state's), built once."""
    game = gangland.load(game_id)
    state = game.new_game(game.min_players, 4)
    for action in state.legal_actions()[:1]:
        state.apply(action)
    seat = state.current_player
    assert seat is not None
    expected = state.view(seat)
    built: list[int | None] = []
    plain_view = type(state).view

    def counted_view(self, who):  # type: ignore[no-untyped-def]
        built.append(who)
        return plain_view(self, who)

    monkeypatch.setattr(type(state), "view", counted_view)
    obs = Observation.of(state, seat, Rng(7))
    obs.sample_state(Rng(8))
    assert built == []
    assert obs.view == expected and obs.view is obs.view
    assert built == [seat]
    assert obs == Observation.of(state, seat)  # the same seat, legal moves and view


class _BriefBot:
    """Records the view it is given; plays the first legal move."""

    name = "brief"
    needs_samples = False
    brief = True

    def __init__(self) -> None:
        self.seen: list[object] = []

    def choose(self, obs: Observation) -> Action:
        self.seen.append(obs.view)
        return obs.legal_actions[0]


@pytest.mark.parametrize("samples", [False, True])
def test_a_brief_bot_is_given_the_brief_view_and_others_the_whole(samples, monkeypatch):
    from gangland.bots import decide

    game = gangland.load("gangster-city")
    state = game.new_game(3, 4)
    seat = state.current_player
    assert seat is not None
    whole = state.view(seat)
    monkeypatch.setattr(type(state), "brief_view",
                        lambda self, who: {"seat": self.view(who)["seat"]})
    bot = _BriefBot()
    monkeypatch.setattr(_BriefBot, "needs_samples", samples)
    decide(bot, state, Rng(3))
    assert bot.seen == [{"seat": whole["seat"]}]
    monkeypatch.setattr(_BriefBot, "brief", False)
    decide(bot, state, Rng(3))
    assert bot.seen[-1] == whole


def test_the_conformance_suite_refuses_a_brief_view_that_knows_more(monkeypatch):
    from gangland.engine import conformance

    game = gangland.load("gangster-city")
    state = game.new_game(3, 4)
    conformance.check_observation(state, 5)  # the default brief view is the view
    monkeypatch.setattr(type(state), "brief_view",
                        lambda self, who: {**self.view(who), "truth": self.to_json()})
    with pytest.raises(AssertionError, match="is not a part of view"):
        conformance.check_observation(state, 5)


@pytest.mark.parametrize("game_id", gangland.game_ids())
def test_an_observation_of_a_state_is_the_dataclass_built_from_its_fields(game_id):
    """``Observation.of`` writes its fields into the instance directly: the very object
    the frozen dataclass's ``__init__`` builds, fields in their declared order."""
    game = gangland.load(game_id)
    state = game.new_game(game.min_players, 3)
    for seat in range(state.players):
        for brief in (False, True):
            view = state.brief_view(seat) if brief else state.view(seat)
            legal = tuple(state.legal_actions()) if state.current_player == seat else ()
            made = Observation(seat, view, legal, None, brief)
            obs = Observation.of(state, seat, brief=brief)
            assert obs == made and repr(obs) == repr(made)
            assert list(vars(obs).items()) == list(vars(made).items())
            sampled = Observation.of(state, seat, Rng(5), brief=brief)
            assert list(vars(sampled)) == list(vars(made))
            assert sampled.view == view and sampled.legal_actions == legal


def _plain_shuffle(rng: Rng, seq: list[int]) -> None:
    for i in range(len(seq) - 1, 0, -1):
        j = rng.randbelow(i + 1)
        seq[i], seq[j] = seq[j], seq[i]


@pytest.mark.parametrize("size", [0, 1, 2, 3, 21, 54, 110, 256, 257, 400])
def test_shuffle_draws_what_randbelow_would(size):
    """``Rng.shuffle`` writes ``randbelow``'s steps out: the same order and the same state
    after, over many seeds, past the end of its table of bounds too (257 on)."""
    for seed in range(60):
        fast, plain = Rng(seed), Rng(seed)
        a, b = list(range(size)), list(range(size))
        fast.shuffle(a)
        _plain_shuffle(plain, b)
        assert a == b
        assert fast.next64() == plain.next64()


def test_shuffle_refuses_a_word_as_randbelow_does():
    """A word in the last incomplete run of a bound is refused and another drawn: with
    bound 3 that run is the top word alone, so the state is set to draw it first."""
    inverse = _unmix_state_for(0xFFFFFFFFFFFFFFFF)
    fast, plain = Rng(inverse), Rng(inverse)
    a, b = [0, 1, 2], [0, 1, 2]
    fast.shuffle(a)
    _plain_shuffle(plain, b)
    assert a == b and fast.next64() == plain.next64()


def _unmix_state_for(word: int) -> int:
    """The state whose next word is ``word`` (SplitMix64's mixer inverted)."""
    mask = (1 << 64) - 1

    def unshift(x: int, k: int) -> int:
        y = x
        for _ in range(64 // k + 1):
            y = x ^ (y >> k)
        return y & mask

    z = unshift(word, 31)
    z = (z * pow(0x94D049BB133111EB, -1, 1 << 64)) & mask
    z = unshift(z, 27)
    z = (z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64)) & mask
    z = unshift(z, 30)
    return (z - 0x9E3779B97F4A7C15) & mask


def test_the_unmixed_state_draws_the_word_asked_for():
    assert Rng(_unmix_state_for(0xFFFFFFFFFFFFFFFF)).next64() == 0xFFFFFFFFFFFFFFFF
    assert Rng(_unmix_state_for(12345)).next64() == 12345


def test_a_keyed_generator_shuffles_on_its_own_randbelow():
    seed = 2**128 + 11
    keyed, plain = KeyedRng(seed), KeyedRng(seed)
    a, b = list(range(40)), list(range(40))
    keyed.shuffle(a)
    _plain_shuffle(plain, b)
    assert a == b and keyed.next64() == plain.next64()


# ----- Rng.skip_shuffle: where a shuffle leaves the generator, without the shuffle -----


@pytest.mark.parametrize("size", [0, 1, 2, 3, 5, 21, 54, 255, 256, 257, 400])
def test_skip_shuffle_leaves_the_generator_where_shuffle_would(size):
    for seed in range(60):
        skipped, shuffled = Rng(seed), Rng(seed)
        skipped.skip_shuffle(size)
        _plain_shuffle(shuffled, list(range(size)))
        assert skipped == shuffled


@pytest.mark.parametrize("size, refused_at", [(3, 3), (7, 3), (21, 21), (21, 13), (200, 7)])
def test_skip_shuffle_steps_past_a_refused_word(size, refused_at):
    """The state is set so that the draw for bound ``refused_at`` meets the top word, which
    every bound that is not a power of two refuses: the skip must step once more there."""
    assert (1 << 64) % refused_at, "a power of two refuses no word"
    draws_before = size - refused_at  # bounds size, size - 1, ..., refused_at + 1
    state = (_unmix_state_for(0xFFFFFFFFFFFFFFFF) - draws_before * 0x9E3779B97F4A7C15) \
        % (1 << 64)
    skipped, shuffled = Rng(state), Rng(state)
    skipped.skip_shuffle(size)
    _plain_shuffle(shuffled, list(range(size)))
    assert skipped == shuffled
    assert skipped.state == (state + size * 0x9E3779B97F4A7C15) % (1 << 64)  # one step more


def test_a_keyed_generator_skips_by_drawing():
    skipped, shuffled = KeyedRng(2**128 + 5), KeyedRng(2**128 + 5)
    skipped.skip_shuffle(40)
    _plain_shuffle(shuffled, list(range(40)))
    assert skipped == shuffled


def test_gangsters_determinization_gives_the_samples_a_resample_gives():
    """Gangster's observation keeps its piles sorted and skips the shuffles
    (``GangsterState.determinization``): every sample drawn from it, and the generator
    after it, are those of the shuffled determinization it replaces; its piles' order is
    their contents' own."""
    game = gangland.load("gangster")
    for seed in range(12):
        state = game.new_game(3 + seed % 3, seed=seed)
        rng = Rng(seed)
        for _ in range(seed * 7):
            state.step(rng.choice(state.legal_actions()))
        seat = state.current_player
        made, resampling = Rng(seed + 100), Rng(seed + 100)
        kept = state.determinization(seat, made)
        drawn = state.resample(seat, resampling)
        assert made == resampling and kept.rng == drawn.rng
        assert kept.deck == sorted(state.deck) and kept.supply == sorted(state.supply)
        assert kept.view(seat) == drawn.view(seat) == state.view(seat)
        for k in range(3):
            assert (kept.resample(seat, Rng(k)).to_json()
                    == drawn.resample(seat, Rng(k)).to_json())


@given(seed=st.one_of(st.integers(0, 2**64 - 1), st.integers(2**64, 2**200)),
       count=st.integers(0, 12), sides=st.integers(1, 300))
def test_dice_draw_what_randint_would(seed, count, sides):
    """``Rng.dice`` rolls as ``randint`` would: the same rolls and the same state after,
    for both kinds of generator."""
    fast, plain = Rng.for_seed(seed), Rng.for_seed(seed)
    assert fast.dice(count, sides) == [plain.randint(1, sides) for _ in range(count)]
    assert fast.next64() == plain.next64()


def test_dice_refuse_a_word_as_randbelow_does():
    """The top word lies in the last incomplete run of a six-sided die: refused, and the
    next one rolled, as ``randint`` does; and a rule test's scripted dice roll as
    scripted (``dice`` draws on the generator's own ``randbelow``)."""
    inverse = _unmix_state_for(0xFFFFFFFFFFFFFFFF)
    fast, plain = Rng(inverse), Rng(inverse)
    assert fast.dice(3) == [plain.randint(1, 6) for _ in range(3)]
    assert fast.next64() == plain.next64()
    assert Dice([2, 5]).dice(2) == [3, 6]
