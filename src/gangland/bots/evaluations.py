"""Position values for search: what a cut playout is worth to each seat, per game.

ISMCTS cuts each playout after a number of decisions (:data:`DEPTHS`) and asks how the
position stands: a few random moves and a game's own yardstick judge a position better
than a random game played to its end (in Gangster about 300 decisions of noise). Each
value is a seat's progress less the best rival's, in [-1, 1]; it reads a determinization
(a full state the searching seat has sampled), so it may look at anything in it. A game
without an entry here is scored by its running ``scores()`` as margins (see
``ismcts.evaluate``), which is how a new game starts.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from typing import TYPE_CHECKING

from gangland.engine import Action, State
from gangland.games.gangster_city.cards import ALL as _CITY_CARDS
from gangland.games.gangster_city.rules import TableState as _CityState

from .chicago_gangster_eval import Weights as _ChicagoWeights
from .gangster_eval import Evaluator

_CHICAGO = _ChicagoWeights()

if TYPE_CHECKING:
    from gangland.games.gangsters.rules import GangstersState

#: Decisions a playout runs before it is cut and evaluated, by game (others: to the end).
DEPTHS = {"gangster-city": 24, "gangster": 16, "gangster-1994": 60, "gangsters": 60,
          "chicago-gangster": 24}

#: Games in which every seat knows the same: views differ only in the seat they are for
#: (Gangster hides just the order of its face-down piles, from everyone). There the
#: searching seat's information set fixes what any other seat sees, so a model bot's move
#: at a tree node is worked out once (``Ismcts._modelled``). A test checks the views.
SHARED = frozenset({"gangster"})

#: The game's own bot plays the other seats and the playouts inside the search, and is its
#: prior: a best response to that bot, keeping its move unless the search clearly finds a
#: better one. It beat the bot where plain search, blind to what a sane opponent does with
#: its cash or its cards, did not.
BEST_RESPONSE = "playout=default/model=default/prior=default"

#: The search options that measured strongest against each game's own bot (docs/bots.md,
#: Strength); a game not named searches with the defaults.
TUNED = {"gangster-1994": BEST_RESPONSE, "gangster-city": BEST_RESPONSE,
         # The heuristic's four best moves only: a second's 140 iterations spread over up
         # to 118 moves tried each about once, and the prior's move stood.
         "gangsters": BEST_RESPONSE + "/width=4",
         # The root alone: deeper, its own later moves were tried at random inside the
         # tree where the heuristic's playouts play them better, and a second's 800
         # iterations won a third as often as 300 had. Playouts to the end: who is left
         # standing depends on whom the heuristic bots gang up on later, which the
         # standings after 24 decisions do not see.
         "chicago-gangster": BEST_RESPONSE + "/expand=root/depth=end",
         # Random playouts: the greedy bot playing every step of a playout costs some 60
         # times the iterations, where as model it is asked once per node (``SHARED``).
         "gangster": "model=default/prior=default"}


def margins(progress: list[float], scale: float) -> list[float]:
    """Each seat's progress less the best other seat's, squashed into [-1, 1].

    >>> [round(v, 2) for v in margins([2.0, 1.0, 0.0], 1.0)]
    [0.76, -0.76, -0.96]
    """
    out = []
    for i, p in enumerate(progress):
        best = max(progress[:i] + progress[i + 1:], default=p)
        out.append(math.tanh((p - best) / scale))
    return out


def gangster_city(state: State) -> list[float]:
    """Cases solved, plus how far each seat's clues narrow its current case down (the
    cards that still fit, out of 54, on a log scale)."""
    assert isinstance(state, _CityState)
    full = math.log2(54)
    progress = []
    for s in range(state.players):
        if state.out[s]:
            progress.append(-1.0)
            continue
        fits = max(1, state._fits(s).bit_count())
        progress.append(len(state.solved[s]) + 0.8 * (1 - math.log2(fits) / full))
    return margins(progress, 1.0)


@functools.cache
def _gangster_evaluator() -> Evaluator:
    """One evaluator for every search in the process: its caches are worth sharing."""
    return Evaluator()


def gangster(state: State) -> list[float]:
    """Influence plus what the districts would pay if the round ended now, projected over
    the reckonings to come (the greedy bot's standings, ``gangster_eval``)."""
    from gangland.games.gangster.rules import GangsterState

    assert isinstance(state, GangsterState)
    return margins(_gangster_evaluator().projected(state), 20.0)


def chicago_gangster(state: State) -> list[float]:
    """Each family's expected survivors: mobsters in play, plus listed ones by their
    chance to live through the executions to come (the heuristic bot's ``strengths``)."""
    from gangland.games.chicago_gangster.rules import ChicagoState

    from .chicago_gangster_eval import Position, strengths

    assert isinstance(state, ChicagoState)
    pos = Position(me=0, inplay=[len(g) for g in state.inplay],
                   hitlist=[state.owner[m] for m in state.hitlist], out=list(state.out),
                   war=state.war, permanent=state.permanent)
    live = strengths(pos, _CHICAGO)
    return margins([-2.0 if out else s for s, out in zip(live, state.out, strict=True)], 1.5)


def gangster_1994(state: State) -> list[float]:
    """Final assets as they stand (cash, half the items, less Dossiers); a seat in prison
    has none. Once the purchase offer is made the game ends soon, so a lead counts more."""
    from gangland.games.gangster_1994.rules import Gangster1994State

    assert isinstance(state, Gangster1994State)
    assets = [-20_000.0 if state.out[s] else float(state.assets(s))
              for s in range(state.players)]
    return margins(assets, 6_000.0 if state.offer >= 0 else 12_000.0)


def gangsters(state: State) -> list[float]:
    """How far each gang is along its nearest road to victory (15.1): the cash, the ten
    joints, or a whole colour, at half weight while a figure of the three is missing."""
    from gangland.games.gangsters.rules import GangstersState

    assert isinstance(state, GangstersState)
    return margins([_gangsters_progress(state, s) for s in range(state.players)], 0.25)


def _gangsters_progress(state: GangstersState, seat: int) -> float:
    from gangland.games.gangsters.table import RACKETEER, THUG, VAMP

    if state.out[seat]:
        return -1.0
    target = int(state.options.get("cash") or state.fig.win_cash)
    joints = state.joints(seat)
    colour = state.comps.city.colour
    roads = [state.cash[seat] / target, len(joints) / state.fig.win_joints]
    for c, count in state.fig.counts.items():
        roads.append(sum(1 for b in joints if colour[b] == c) / count)
    best = min(max(roads), 1.0)
    if seat != state.commissioner and not all(
            state.strength[state.piece(seat, k)] > 0 for k in (RACKETEER, THUG, VAMP)):
        best /= 2
    return best


def gangster_city_moves(state: State, legal: list[Action]) -> list[Action]:
    """The moves worth a turn: no arrest of a card the mover knows is not its case.

    Its case is a card it cannot see (not another seat's case, the middle, the discards,
    nor a pile made public) that agrees with its clues and wrong arrests: the detective's
    candidates (``knowledge.own_candidates_from_view``), the very cards ``resample`` draws
    the case from. Arresting any other card is answered "wrong" for sure: a turn thrown
    away, and in the experienced variant a step towards prison. Left in, such arrests are
    most of a seat's 58 moves, so random playouts would race as if every player wasted
    most turns, and each decision in the tree would spend dozens of iterations trying them
    once each. Everything read here is the mover's own knowledge.
    """
    # (Imported once at the top, and ``to_move`` rather than the ``current_player``
    # property: this runs at every step of the hard level's search.)
    assert isinstance(state, _CityState) and not state.over
    possible = state.candidates(state.to_move)
    if not possible:
        return legal
    if legal is state.legal_actions():
        # The state's own list (the search's every step), laid out by ``TableState._legal``:
        # the few investigations and the draw first, then only arrests. So the moves kept
        # are its head, found in at most four steps, not by a walk over fifty arrests.
        head = 0
        for a in legal:
            if a.kind == "arrest":
                break
            head += 1
        kept = legal[:head]
    else:
        kept = [a for a in legal if a.kind != "arrest"]
    kept.extend(state.deck.open_arrests(_CITY_CARDS & ~possible))
    return kept if kept and len(kept) < len(legal) else legal


#: Per game: the legal moves a search considers (the others are never worth playing).
MOVES: dict[str, Callable[[State, list[Action]], list[Action]]] = {
    "gangster-city": gangster_city_moves}

EVALUATIONS: dict[str, Callable[[State], list[float]]] = {
    "gangster-city": gangster_city, "gangster": gangster, "gangster-1994": gangster_1994,
    "gangsters": gangsters, "chicago-gangster": chicago_gangster}
