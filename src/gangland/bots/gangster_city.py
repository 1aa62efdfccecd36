"""Gangster City's ``detective``: exact candidates, the most informative look, a justified arrest.

Everything the detective needs is in its own view. Its case is one of the *candidates*: the
unseen cards that agree with every count it was told and every arrest answered "wrong"
(:func:`~gangland.games.gangster_city.knowledge.own_candidates_from_view`). Nothing in the
rules favours one candidate over another, so the case is uniform over them, and it stays
uniform after every answer: each answer only strikes candidates out. That makes two things
exact and cheap, a few hundred ``&`` and ``bit_count`` on 54-bit masks:

*Which investigation.* For each face-up card and for the blind draw, the expected entropy
of the candidates after the answer (``log2`` of the number left, averaged over what may
happen). A face-up card ``x`` splits the candidates by their match count with ``x``; the
card turned up to refill its slot is then seen too, and strikes a candidate out when it is
one. The blind draw is a card uniform over the pile, and the pile is the unseen cards less
the detective's own case, so a candidate ``c`` is drawn with probability
``(m-1)/m / (pile size)`` (it is drawn only when it is *not* the case) and an uncandidate
with ``1 / (pile size)``; a drawn candidate is struck out *and* splits the rest by its
count. Once the pile is public (after a reshuffle of the discards) the draw is uniform
over the listed cards, none of them a candidate. The least expected entropy wins.

*Whether to arrest.* With one candidate, always. Otherwise the detective compares expected
turns to solve by a one-step lookahead over the *guessing* policy: arresting candidates
one after another solves ``m`` candidates in ``(m+1)/2`` turns on average, so guessing
now is worth ``(m+1)/2`` and the chosen investigation ``1 + E[(m'+1)/2]`` over its
outcomes ``m'``. It arrests when guessing is no slower. This is a rollout: a policy that
always picks an action no worse than the base policy's own continuation is never slower
than the base policy, and the estimate is exact wherever at most three candidates remain,
where guessing is optimal (an investigation costs a turn and the arrest another). In
practice: with two or three candidates it guesses; with four it investigates only when a
card splits them well; with five or more it investigates.

Two table situations change the rule. *Racing*: when this arrest would win the game and
some opponent will surely win on their turn (they need one case and have one candidate
left, as seen from here), the detective guesses, since waiting loses anyway. *Experienced
variant* (a second wrong arrest puts you out): with no wrong arrest yet it still guesses
between two (if wrong, the other is certain), otherwise it arrests only a certainty.

In a generated case (``case=...``) there is nothing to investigate: it arrests a candidate
consistent with the clues and with the wrong arrests already made.

Ties among investigations go to the lower lookahead, then to the lower card number (the
draw last); the arrest among equally likely candidates is drawn from the bot's seeded
:class:`~gangland.engine.Rng`, so a seed fixes every decision.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from math import log2
from typing import Any, ClassVar

from gangland.engine import Action, Game, Observation, OptionError, Rng
from gangland.games.gangster_city.cards import (
    ALL,
    Deck,
    card_list,
    cards_in,
    deck_from,
    default_deck,
    mask_of_numbers,
)
from gangland.games.gangster_city.knowledge import (
    consistent,
    own_candidates_from_view,
    visible_mask,
)
from gangland.games.gangster_city.moves import DRAW, INVESTIGATE

from .base import Bot, register_bot

__all__ = [
    "DRAWN",
    "Detective",
    "Pool",
    "Score",
    "arrest_now",
    "best_investigation",
    "draw_score",
    "face_up_score",
    "guess_turns",
    "open_choice_policy",
    "pool_of",
    "table_policy",
]

_LOG2 = tuple(log2(n) if n else 0.0 for n in range(55))
#: ``n * log2(n)``, the very floats the sums below would compute term by term.
_NLOG2 = tuple(n * _LOG2[n] for n in range(55))
_EPS = 1e-9


def guess_turns(m: int) -> float:
    """Expected turns to solve ``m`` equally likely candidates by arresting them in turn."""
    return (m + 1) / 2


@dataclass(frozen=True)
class Pool:
    """Where the next card turned over comes from: the draw pile, or the discards.

    ``cards`` is a mask of the cards it may be; ``own_inside`` says whether the viewer's
    own case is among them (an unknown pile: the unseen cards are the pile plus the case);
    ``size`` is how many cards it really holds. A card ``x`` then comes up with probability
    ``|C - {x}| / (|C| * size)``: a candidate only when it is not the case.
    """

    cards: int
    own_inside: bool
    size: int

    @classmethod
    def empty(cls) -> Pool:
        """No card left to turn over: no draw, no refill."""
        return cls(0, False, 0)

    def elimination(self, m: int) -> float:
        """Chance that the next card is one of ``m`` equally likely candidates (not the case)."""
        if not self.own_inside or self.size <= 0 or m <= 1:
            return 0.0
        return (m - 1) / self.size


@dataclass(frozen=True)
class Score:
    """An investigation's expected entropy (bits) and lookahead turns over guessing."""

    entropy: float
    turns: float


def face_up_score(deck: Deck, cands: int, card: int, refill: Pool) -> Score:
    """Investigating face-up ``card`` (not a candidate), then seeing its refill.

    The count splits the candidates; the refill strikes one more out with probability
    :meth:`Pool.elimination` of the part that remains.
    """
    m = cands.bit_count()
    entropy = 0.0
    turns = 0.0
    # (Pool.elimination and guess_turns inlined: the detective weighs every face-up card
    # at every step of a search's playouts.)
    size = refill.size if refill.own_inside else 0
    row = deck._masks[card]
    for k in range(4):
        mk = (cands & row[k]).bit_count()
        if mk:
            q = (mk - 1) / size if size > 0 and mk > 1 else 0.0
            entropy += mk * ((1 - q) * _LOG2[mk] + q * _LOG2[mk - 1])
            turns += mk * ((mk + 1) / 2 - q / 2)
    return Score(entropy / m, 1 + turns / m)


def draw_score(deck: Deck, cands: int, pool: Pool) -> Score:
    """The blind draw: a card uniform over ``pool``, never the viewer's own case.

    A drawn candidate is struck out and splits the others by its count; any other card
    splits all the candidates.

    The innermost loop of the hard level's search (the detective weighs the draw at every
    step of its playouts), so it is written out: a card shares 4 elements only with
    itself, so the ``r`` candidates other than ``x`` split into counts 0 to 3 and the last
    is what the first three leave; each sum adds the same floats in the same order as
    the plain loop would (``h = sum(n * log2(n))``, ``weight = 1 / (m * size)``, since
    ``P(x) = r / (m * size)`` and ``h`` and the squares carry the ``r``).
    """
    m = cands.bit_count()
    entropy = 0.0
    turns = 0.0
    weight = 1.0 / (m * pool.size) if m and pool.size else 0.0
    nlog2 = _NLOG2
    for bit, row0, row1, row2 in deck.rows_in(pool.cards):
        r = m - 1 if cands & bit else m
        if not r:
            continue  # x is the only candidate: it is the case, so it is not in the pile
        n0 = (cands & row0).bit_count()
        n1 = (cands & row1).bit_count()
        n2 = (cands & row2).bit_count()
        n3 = r - n0 - n1 - n2
        entropy += weight * (nlog2[n0] + nlog2[n1] + nlog2[n2] + nlog2[n3])
        turns += weight * (n0 * n0 + n1 * n1 + n2 * n2 + n3 * n3 + r) / 2
    return Score(entropy, 1 + turns)


def arrest_now(m: int, best: Score | None) -> bool:
    """The plain arrest rule: one candidate, no investigation, or guessing is no slower."""
    return m <= 1 or best is None or guess_turns(m) <= best.turns + _EPS


class Detective:
    """The Gangster City detective: see the module docstring for how and why it decides."""

    needs_samples: ClassVar[bool] = False
    #: It reads the table's brief view (``TableState.brief_view``): all it reads is there.
    brief: ClassVar[bool] = True

    def __init__(self, seed: int, deck: Deck | None = None) -> None:
        self.name = "detective"
        self.rng = Rng.for_seed(seed)
        self.given = deck
        self.deck = deck or default_deck()

    # ----- the protocol -----------------------------------------------------------------

    def choose(self, obs: Observation) -> Action:
        """One of ``obs.legal_actions``, from the view alone."""
        view = obs.view
        if self.given is None:
            # The view names the numbering in use (a user's components file, or the default).
            path = view.get("components") or ""
            self.deck = deck_from(path) if path else default_deck()
        if view.get("mode") == "case":
            return self._solve_case(obs)
        return self._table(obs)

    # ----- a generated case ------------------------------------------------------------

    def _solve_case(self, obs: Observation) -> Action:
        """Arrest a candidate consistent with the clues and every wrong arrest so far."""
        view = obs.view
        clues = [(n - 1, k) for n, k in view["clues"]]
        refuted = 0
        for _, n, correct in view["arrests"]:
            if not correct:
                refuted |= 1 << (n - 1)
        return self._arrest(obs, consistent(self.deck, clues, refuted))

    # ----- the table game --------------------------------------------------------------

    def _table(self, obs: Observation) -> Action:
        view = obs.view
        # What the view shows, worked out once: the candidates, the pool and the race
        # all read it (the detective decides at every step of a search's playouts).
        seen = visible_mask(view)
        cands = own_candidates_from_view(self.deck, view, seen)
        m = cands.bit_count()
        me = view["stands"][obs.seat]
        # The game lists the investigations and the draw first, then the open arrests in
        # card order (``TableState._legal``): the head's ids answer the investigations'
        # legality, and an arrest is looked for where that layout puts it (``_arrest``).
        # Any other list still gets the plain answers, by the fallbacks.
        legal = obs.legal_actions
        head: set[int] = set()
        for a in legal:
            if a.kind == "arrest":
                break
            head.add(id(a))
        if m <= 1 or (m <= 3 and not view["experienced"]) or (
                m == 2 and not me["wrong_arrests"]):
            # ``_should_arrest``'s answer, unweighed (below)
            return self._arrest(obs, cands, (len(head), mask_of_numbers(me["refuted"])))
        face_up = [c for c in (n - 1 for n in view["middle"] if n is not None)
                   if id(INVESTIGATE[c]) in head or INVESTIGATE[c] in legal]
        can_draw = id(DRAW) in head or DRAW in legal
        best_action, best = self._weigh(view, cands, face_up, can_draw, seen)
        if self._should_arrest(view, obs.seat, me, m, best, seen):
            return self._arrest(obs, cands, (len(head), mask_of_numbers(me["refuted"])))
        assert best_action is not None
        return best_action

    def best_investigation(
        self, view: dict[str, Any], cands: int, legal: set[Action], seen: int | None = None
    ) -> tuple[Action | None, Score | None]:
        """The legal investigation with the least expected entropy (``None`` if none).

        ``seen``: the view's ``visible_mask``, where the caller has it already.
        """
        face_up = [n - 1 for n in view["middle"] if n is not None]
        face_up = [c for c in face_up if INVESTIGATE[c] in legal]
        return self._weigh(view, cands, face_up, DRAW in legal, seen)

    def _weigh(
        self, view: dict[str, Any], cands: int, face_up: list[int], can_draw: bool,
        seen: int | None,
    ) -> tuple[Action | None, Score | None]:
        """:meth:`best_investigation` among the legal face-up cards and draw given."""
        pool = pool_of(view, seen)
        card, best = best_investigation(self.deck, cands, face_up, pool, can_draw)
        if card is None:
            return None, None
        return (DRAW if card == DRAWN else INVESTIGATE[card]), best

    # Where the arrest needs no weighing of investigations (two fifths of the
    # detective's decisions in a search's playouts, and the weighing is most of its time).
    # One candidate: ``_should_arrest`` arrests first thing. Two, in the plain game or
    # with no wrong arrest yet, or three in the plain game: it arrests unless
    # ``guess_turns(m)`` (1.5, 2) is more than the best investigation's lookahead turns,
    # which are never under 2 in a view that is consistent (every real one), since every
    # candidate adds at least 1 to their sum over m. A face-up card's group of ``k``
    # candidates adds ``k (k + 1 - q) / 2 >= k`` (``q = (k - 1) / size <= 1``: the pile
    # holds all unseen cards but the case, so ``k <= size + 1``; and ``q = 0`` at
    # ``k = 1``). The draw's turns are 1 + sum over the pool of ``(squares + r) / (2 m
    # size)``, with squares >= r, and the pool's ``r`` add up to ``m size``: a pool the
    # case is in holds it and ``size`` other cards, so each candidate is another card's
    # ``r`` ``size`` times; a pool it is not in holds ``size`` cards, none a candidate.
    # (The experienced variant at three candidates investigates: the full rule, below.)

    def _should_arrest(
        self, view: dict[str, Any], seat: int, me: dict[str, Any], m: int, best: Score | None,
        seen: int,
    ) -> bool:
        if m <= 1 or best is None:
            return True
        if self._raced(view, seat, me, seen):
            return True
        if view["experienced"]:
            lives = 2 - int(me["wrong_arrests"])
            if lives <= 1 or m > 2:
                return False
        return arrest_now(m, best)

    def _raced(self, view: dict[str, Any], seat: int, me: dict[str, Any], seen: int) -> bool:
        """Whether this arrest would win and an opponent surely wins on their next turn."""
        goal = int(view["cases_to_win"])
        if len(me["solved"]) + 1 < goal:
            return False
        unseen = ALL & ~seen
        for s, stand in enumerate(view["stands"]):
            if s == seat or stand["out"] or stand["case"] is None:
                continue
            if len(stand["solved"]) + 1 < goal:
                continue
            refuted = 0
            for n in stand["refuted"]:
                refuted |= 1 << (n - 1)
            clues = [(n - 1, k) for n, k in stand["clues"]]
            theirs = consistent(self.deck, clues, refuted) & (unseen | 1 << (stand["case"] - 1))
            if theirs.bit_count() <= 1:
                return True
        return False

    def _arrest(self, obs: Observation, cands: int,
                layout: tuple[int, int] | None = None) -> Action:
        """Arrest a uniformly drawn candidate (all are equally likely); fall back if none.

        ``layout``: ``(head, refuted)``, the number of actions before the first arrest and
        the mask of the viewer's refuted cards, where the caller knows them: the game's
        list then holds card ``c``'s arrest at ``head`` plus the open cards below ``c``.
        """
        arrests = self.deck.arrests
        # ``arrests[c] in obs.legal_actions``, by identity first: the game lists its deck's
        # very arrests, so where the layout puts each (or, without one, their ids) answer
        # at once where a set of the actions would call the Python ``Action.__hash__`` of
        # each of some fifty; an arrest found elsewhere, or an equal one that is another
        # object (a deck the bot was given), is found by the plain tests.
        legal = obs.legal_actions
        options = []
        ids: set[int] | None = None
        for c in card_list(cands):
            a = arrests[c]
            if layout is not None:
                at = layout[0] + (~layout[1] & ((1 << c) - 1)).bit_count()
                if at < len(legal) and legal[at] is a:
                    options.append(a)
                    continue
            if ids is None:
                ids = set(map(id, legal))
            if id(a) in ids or a in legal:
                options.append(a)
        if not options:  # only if the view were inconsistent: never stall the game
            options = [a for a in obs.legal_actions if a.kind == "arrest"] or list(
                obs.legal_actions
            )
        return self.rng.choice(options)


DRAWN = -1
"""Stands for the blind draw where an investigation is named by its card."""


def best_investigation(
    deck: Deck, cands: int, face_up: Iterable[int], pool: Pool, can_draw: bool
) -> tuple[int | None, Score | None]:
    """The investigation with the least expected entropy: a face-up card, or ``DRAWN``.

    Face-up cards are weighed in ascending order and the draw last, so exact ties go to
    the lowest card: the choice depends on the position alone (not on where the cards
    lie), which lets :mod:`~gangland.games.gangster_city.optimum` evaluate this very
    policy exactly.
    """
    card: int | None = None
    best: Score | None = None
    for x in sorted(face_up):
        score = face_up_score(deck, cands, x, pool)
        if _better(score, best):
            card, best = x, score
    if can_draw and pool.size:
        score = draw_score(deck, cands, pool)
        if _better(score, best):
            card, best = DRAWN, score
    return card, best


def _better(score: Score, best: Score | None) -> bool:
    """Less entropy wins; then fewer lookahead turns; earlier actions keep exact ties."""
    if best is None:
        return True
    if score.entropy < best.entropy - _EPS:
        return True
    return abs(score.entropy - best.entropy) <= _EPS and score.turns < best.turns - _EPS


def pool_of(view: dict[str, Any], seen: int | None = None) -> Pool:
    """The source of the next card turned over (blind draw or refill), from the view.

    An unknown pile holds every unseen card but the viewer's case; a public pile (after a
    reshuffle) lists its cards; an empty pile is refilled from the shuffled discards.
    ``seen``: the view's ``visible_mask``, where the caller has it already.
    """
    pile = view["pile"]
    size = int(pile["size"])
    if size:
        if pile["cards"] is None:
            return Pool(ALL & ~(visible_mask(view) if seen is None else seen), True, size)
        # The viewer's own case is among the listed cards when it was dealt from this pile.
        own_inside = view["seat"] in pile.get("with_cases_of", ())
        return Pool(_mask(pile["cards"]), own_inside, size)
    discard: Sequence[int] = view["discard"]
    if discard:
        return Pool(_mask(discard), False, len(discard))
    return Pool.empty()


def _mask(numbers: Sequence[int]) -> int:
    return mask_of_numbers(numbers)


def _detective(game: Game, seed: int, arg: str) -> Bot:
    if arg:
        raise OptionError("the detective takes no argument")
    return Detective(seed)


register_bot(
    "detective",
    _detective,
    "exact candidates; investigates where most is learnt, arrests when the odds justify it",
    games=["gangster-city"],
    strength=10,
)


def open_choice_policy(deck: Deck) -> Callable[[int, int], tuple[str, int | None]]:
    """The detective's rule in the open-choice solo game of :mod:`.optimum`.

    There every card that is not a candidate may be investigated, so the detective weighs
    them all, exactly as it weighs the face-up cards at the table (refill included), and
    arrests by the same rule. It never draws blind: the open-choice draw lets the drawer
    pick the card whenever it is not a candidate, which has no counterpart at the table.
    """

    def decide(cands: int, unseen: int) -> tuple[str, int | None]:
        m = cands.bit_count()
        if m <= 1:
            return ("arrest", None)
        refill = Pool(0, True, unseen - 1)
        best: Score | None = None
        card = None
        for x in cards_in(ALL & ~cands):
            score = face_up_score(deck, cands, x, refill)
            if _better(score, best):
                card, best = x, score
        if arrest_now(m, best):
            return ("arrest", None)
        return ("query", card)

    return decide


def table_policy(deck: Deck) -> Callable[[int, int, int], tuple[str, int]]:
    """The detective's rule at a solo table, as a function of the position alone.

    ``(candidates, unseen, face-up) -> ("face-up", card) | ("draw", -1) | ("arrest", -1)``
    (``-1``: a uniformly random candidate), the very decisions :class:`Detective` makes
    from the view of a lone detective, for exact evaluation in
    :mod:`~gangland.games.gangster_city.optimum`.
    """

    def decide(cands: int, unseen: int, face_up: int) -> tuple[str, int]:
        pool = Pool(unseen, True, unseen.bit_count() - 1)
        card, best = best_investigation(deck, cands, cards_in(face_up), pool, True)
        if arrest_now(cands.bit_count(), best) or card is None:
            return ("arrest", -1)
        return ("draw", -1) if card == DRAWN else ("face-up", card)

    return decide
