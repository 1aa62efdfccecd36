"""``ismcts``: information-set Monte Carlo tree search, for every game, from the seat's view.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012). Each iteration:

1. **Determinize.** Draw a full state consistent with what the seat knows
   (:meth:`Observation.sample_state`). The bot is given an :class:`Observation` and nothing
   else: it holds no state, so it cannot reach the true one, whatever it does.
2. **Select and expand.** Walk down the tree (where a game names the moves worth
   searching, ``evaluations.MOVES``, the others are left out: in Gangster City, the
   arrests the mover knows are wrong). A node is an information set *of the
   searching seat*: children are keyed by what that seat observes of a step (its own
   action, and the events it is shown), so two opponent decisions it cannot tell apart,
   or two deals it cannot see, lead to the same node. At each decision the actor picks by
   UCB among the actions legal *in this determinization*; an action's exploration term
   counts the iterations in which it was available, not the node's visits, so actions
   legal in only some determinizations are not starved nor favoured. The first untried
   legal action is expanded and the walk stops. With ``expand=k`` a decision below the
   root is searched only once the walk has reached it k times: until then the walk stops
   there and the playout policy plays it, so a good playout policy is not replaced by the
   near-random tries of a node with few visits.
3. **Play out** with the playout policy (random by default), up to ``depth`` decisions;
   a game that is not over is scored by the evaluation (see :func:`evaluate`).
4. **Back up** each actor's own reward along the path.

The move played is the root action visited most. With an iteration budget and a seed the
bot is deterministic; a time budget (``ismcts:1s``) depends on the machine's speed.

Spec: ``ismcts`` (1,000 iterations), ``ismcts:2000``, ``ismcts:1s``, ``ismcts:250ms``,
with options after slashes (commas separate the seats of ``simulate --bots``):
``c=0.7`` (exploration), ``depth=60`` (playout cut; by default the game's, see
``evaluations``; ``depth=end`` plays every playout to the end of the game),
``playout=default`` (the game's own bot plays the playouts instead of random; any bot
that does not search may be named), ``prior=default`` with ``trust=0.25``
(that bot's move is played unless the search clearly prefers another: it counts as if it
had a quarter of the iterations more visits), ``model=default`` (the other seats play that
bot's moves inside the tree, each from its own view of the sampled state, instead of being
searched: a best response to that bot, a guess against anyone else; where every seat knows
the same, ``evaluations.SHARED``, it is asked once per node), ``expand=50`` (visits
before a decision below the root is searched; ``expand=root`` searches the root alone,
each of its moves scored by playouts of the playout policy), ``width=4`` (at the searching
seat's own decisions only the prior's four best moves by its own scores are searched, so
that a small budget is not spread over a hundred moves a playout apiece; the prior must
score its moves, :class:`~gangland.bots.base.Ranker`).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass
from typing import ClassVar

from gangland.engine import Action, Event, Game, Observation, OptionError, Rng, State

from .base import Bot, Ranker, decide, default_bot, make_bot, register_bot
from .evaluations import DEPTHS, EVALUATIONS, MOVES, SHARED, TUNED

__all__ = ["END", "ROOT", "Ismcts", "Settings", "evaluate", "parse_settings", "should_stop",
           "tuned_spec"]

#: A position's value for each seat in [-1, 1], used when a playout is cut.
Evaluation = Callable[[State], list[float]]

#: ``expand=root``: visits no search reaches, so only the root is searched.
ROOT = 1 << 62

#: ``depth=end``: decisions no game lasts, so every playout runs to the end of its game.
END = 1 << 62

#: A caller's stop hook, polled between iterations (after the first): when it answers true
#: the search plays its best move so far. The web table sets it around each decision, so a
#: search ends at the table's deadline whatever its budget, and at once when the table has
#: moved on or the server is stopping (``server.botpool``). A context variable rather than
#: a parameter, so that every road to a bot (``decide``, ``make_bot``) stays as it is.
should_stop: ContextVar[Callable[[], bool] | None] = ContextVar("ismcts_should_stop",
                                                                default=None)


@dataclass(frozen=True)
class Settings:
    """How hard and how the search looks."""

    iterations: int | None = 1_000
    seconds: float | None = None
    c: float = 0.7
    depth: int | None = None  # playout cut; None: the game's default (``evaluations``)
    playout: str = "random"
    #: A bot whose move the search keeps unless it clearly prefers another ("" for none).
    prior: str = ""
    #: The prior's move counts as if it had this share of the iterations more visits.
    trust: float = 0.25
    #: A bot that plays the other seats' moves inside the tree instead of searching them
    #: ("" for none: every seat is searched, each for its own reward).
    model: str = ""
    #: Below the root, a decision is searched only once the walk has reached it this many
    #: times; until then the playout policy plays it (0: searched from the first visit).
    expand: int = 0
    #: At the searching seat's own decisions, only the prior's this many best moves by its
    #: scores are searched (0: every legal move).
    width: int = 0


def parse_settings(arg: str) -> Settings:
    """Read a spec's argument: a budget, then ``name=value`` options, slash separated.

    >>> parse_settings("1s/c=0.5/prior=default").prior
    'default'
    >>> parse_settings("1s/c=0.5").seconds
    1.0
    >>> parse_settings("2000").iterations
    2000
    >>> parse_settings("800/expand=root").expand == ROOT
    True
    >>> parse_settings("1s/depth=end").depth == END
    True
    """
    parts = [p.strip() for p in arg.split("/") if p.strip()]
    values: dict[str, object] = {}
    for part in parts:
        name, eq, value = part.partition("=")
        if not eq:
            budget = name.lower()
            try:
                if budget.endswith("ms"):
                    values.update(iterations=None, seconds=float(budget[:-2]) / 1000)
                elif budget.endswith("s"):
                    values.update(iterations=None, seconds=float(budget[:-1]))
                else:
                    values.update(iterations=int(budget), seconds=None)
            except ValueError:
                raise OptionError(f"ismcts: {part!r} is not a budget (2000, 1s, 250ms)") from None
            continue
        try:
            if name == "c":
                values["c"] = float(value)
            elif name == "depth":
                values["depth"] = END if value == "end" else int(value)
            elif name == "width":
                values["width"] = int(value)
            elif name == "expand":
                values["expand"] = ROOT if value == "root" else int(value)
            elif name in ("playout", "prior", "model"):
                if not value:
                    raise OptionError(f"ismcts: {name}= needs a bot's name (or default)")
                values[name] = value
            elif name == "trust":
                values["trust"] = float(value)
            else:
                raise OptionError(f"ismcts: unknown option {name!r} "
                                  "(c, depth, expand, model, playout, prior, trust, width)")
        except OptionError:
            raise
        except ValueError:
            raise OptionError(f"ismcts: {part!r} has a bad value") from None
    settings = Settings(**values)  # type: ignore[arg-type]
    if settings.iterations is not None and settings.iterations < 1:
        raise OptionError("ismcts: the budget must be at least one iteration")
    if settings.seconds is not None and not 0 < settings.seconds <= 600:
        raise OptionError("ismcts: a time budget is from 1ms to 600s")
    if settings.c < 0 or (settings.depth is not None and settings.depth < 1):
        raise OptionError("ismcts: c must be at least 0 and depth at least 1")
    if settings.width < 0:
        raise OptionError("ismcts: width is a number of moves, at least 0 (0: all)")
    if settings.width and not settings.prior:
        raise OptionError("ismcts: width= ranks moves by the prior's scores: name a prior")
    if settings.expand < 0:
        raise OptionError("ismcts: expand is a number of visits, at least 0")
    if not 0 <= settings.trust <= 1:
        raise OptionError("ismcts: trust is a share of the iterations, from 0 to 1")
    return settings


#: What a node's children are keyed by: the searching seat's own action (``None`` at
#: another seat's decision) and the ``(kind, text)`` of each event it was shown.
Observed = tuple[tuple[str, str], ...]
ChildKey = tuple[Action | None, Observed]


class _Node:
    """An information set of the searching seat: per action of the actor here, its visits,
    total reward (for that actor) and availability; children by observation.

    The three counts of an action live in one small list, ``stats[action] = [visits,
    reward, available]``, so that a visit looks each legal action up once (the action's
    hash is a Python method: three dicts cost three calls and three probes per action),
    and the walk keeps the list itself on its path, so the back-up looks nothing up.
    """

    __slots__ = ("children", "modelled", "ranked", "reached", "stats", "tried")

    def __init__(self) -> None:
        #: Walks that stopped here before it was searched (see ``Settings.expand``).
        self.reached = 0
        #: ``[visits, total reward, iterations available]`` per action seen legal here.
        self.stats: dict[Action, list[float]] = {}
        #: The actions visited at least once, in the order first tried (``root_visits``).
        self.tried: list[Action] = []
        #: The model's move here, where every seat knows the same (see ``SHARED``).
        self.modelled: Action | None = None
        #: The searching seat's moves worth searching here (see ``Settings.width``).
        self.ranked: list[Action] | None = None
        #: Keyed by the searching seat's own action (None at another seat's): the same
        #: nodes as keying by its text, since a legal action's canonical text names it
        #: alone (the conformance suite parses every one back), and no text to build.
        self.children: dict[ChildKey, _Node] = {}

    @property
    def n(self) -> dict[Action, int]:
        """Each action tried here and its visits, in the order first tried.

        >>> _Node().n
        {}
        """
        stats = self.stats
        return {a: int(stats[a][0]) for a in self.tried}

    def child(self, key: ChildKey) -> _Node:
        node = self.children.get(key)
        if node is None:
            node = self.children[key] = _Node()
        return node


def evaluate(state: State) -> list[float]:
    """A finished game's returns; otherwise the game's evaluation if it has one, else the
    running scores as margins: each seat's score less the best other's, over the spread."""
    if state.is_terminal:
        return state.returns()
    own = EVALUATIONS.get(state.game.id)
    if own is not None:
        return own(state)
    scores = state.scores()
    n = len(scores)
    if n == 1:
        return [0.0]
    spread = max(scores) - min(scores)
    if spread <= 0:
        return [0.0] * n
    return [(s - max(scores[:i] + scores[i + 1:])) / spread for i, s in enumerate(scores)]


class Ismcts:
    """The search bot (see the module docstring)."""

    needs_samples: ClassVar[bool] = True

    def __init__(self, game: Game, seed: int, settings: Settings) -> None:
        self.name = "ismcts"
        self.game = game
        self.settings = settings
        self.rng = Rng.for_seed(seed)
        self.iterations = 0  # in the last decision (for tests and benchmarks)
        self._root: _Node | None = None  # the last decision's tree (see root_visits)
        self._playout_bots: dict[int, Bot] = {}
        self._model_bots: dict[int, Bot] = {}
        self.depth = settings.depth or DEPTHS.get(game.id, 1_000)
        self._moves = MOVES.get(game.id)  # the moves worth searching, where a game says
        self._shared = game.id in SHARED  # a node fixes what the model sees: ask it once
        # Seeded apart from the search's own generator: trust=0 searches as with no prior.
        self._prior = (make_bot(_bot_name(settings.prior, game), game, seed ^ 0x9B10)
                       if settings.prior else None)
        if settings.width and not isinstance(self._prior, Ranker):
            raise OptionError(f"ismcts: width= needs a prior that scores its moves; "
                              f"{game.id}'s {_bot_name(settings.prior, game)!r} does not")

    def choose(self, obs: Observation) -> Action:
        legal = obs.legal_actions
        if len(legal) == 1:
            self.iterations, self._root = 0, None
            return legal[0]
        root = self._root = _Node()
        settings, rng = self.settings, self.rng
        deadline = None if settings.seconds is None else time.perf_counter() + settings.seconds
        hint = self._prior.choose(obs) if self._prior is not None else None
        stop = should_stop.get()
        done = 0
        while True:
            if settings.iterations is not None and done >= settings.iterations:
                break
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            if stop is not None and done and stop():
                break
            self._iterate(obs, root, rng)
            done += 1
        self.iterations = done
        bonus = settings.trust * (done + 1)  # trust=1: the prior's move, whatever the search
        unseen = [0, 0.0, 0]
        stats = root.stats

        def rank(a: Action) -> tuple[float, float]:
            visits, reward, _ = stats.get(a, unseen)
            return visits + (bonus if a == hint else 0.0), reward

        return max(legal, key=rank)

    def root_visits(self) -> list[tuple[Action, int]]:
        """The last decision's root: each action searched and its visits, in the order
        first tried (empty after a decision with one legal move). The golden traces keep
        them, so that a faster search must also search alike."""
        return [] if self._root is None else list(self._root.n.items())

    def _iterate(self, obs: Observation, root: _Node, rng: Rng) -> None:
        state = obs.sample_state(rng)
        settings = self.settings
        seat, c, model, expand = obs.seat, settings.c, settings.model, settings.expand
        node = root
        path: list[tuple[list[float], int]] = []  # each step's action statistics and actor
        while not state.is_terminal:
            actor = state.current_player
            assert actor is not None
            legal = self._legal(state)
            if actor == seat and 0 < settings.width < len(legal):
                legal = self._ranked(node, state, seat, legal)
            expanded = False
            if len(legal) == 1:
                action = legal[0]
            elif model and actor != seat:
                action = self._modelled(node, state, actor, legal, rng)
            elif node.reached < expand and node is not root:
                node.reached += 1  # not searched yet: the playout policy plays from here
                break
            else:
                stats = node.stats
                column = []  # the statistics of ``legal``, in its order
                untried = []
                for a in legal:
                    stat = stats.get(a)
                    if stat is None:
                        stat = stats[a] = [0, 0.0, 0]
                    stat[2] += 1
                    column.append(stat)
                    if not stat[0]:
                        untried.append(a)
                if untried:
                    action = untried[rng.randbelow(len(untried))]
                    node.tried.append(action)
                    stat = stats[action]
                    expanded = True
                else:
                    action, stat = _ucb(legal, column, c)
                path.append((stat, actor))
            events = state.apply(action)
            node = node.child((action if actor == seat else None, _observed(events, seat)))
            if expanded:
                break
        reward = self._playout(state, rng)
        for stat, actor in path:
            stat[0] += 1
            stat[1] += reward[actor]

    def play_out(self, state: State, rng: Rng) -> list[float]:
        """Play ``state`` on with this search's playout policy, to its depth, and score it
        as the search scores a playout: the yardstick the game review judges moves by.
        ``state`` is stepped in place."""
        return self._playout(state, rng)

    def _playout(self, state: State, rng: Rng) -> list[float]:
        heuristic = self.settings.playout != "random"
        # ``_legal`` written out and the bound methods kept: this loop is most of a search.
        moves, randbelow, step = self._moves, rng.randbelow, state.step
        bots = self._playout_bots
        for _ in range(self.depth):
            legal = state.legal_actions()
            if not legal:  # empty only once the game is over (the protocol's promise)
                break
            if moves is not None:
                legal = moves(state, legal)
            if heuristic and len(legal) > 1:
                seat = state.current_player
                assert seat is not None
                bot = bots.get(seat)
                if bot is None:
                    bot = self._bot(bots, self.settings.playout, seat)
                action = decide(bot, state, rng, seat)
            else:
                action = legal[randbelow(len(legal))]
            step(action)
        return evaluate(state)

    def _modelled(self, node: _Node, state: State, actor: int, legal: list[Action],
                  rng: Rng) -> Action:
        """The model's move for ``actor``. Where every seat knows the same (``SHARED``),
        the node the walk has reached fixes all the model can see, so it is asked once per
        node and its answer reused: the walk down the tree then costs about what plain
        search's does, instead of a model decision at every opponent's step."""
        if self._shared:
            known = node.modelled
            if known is not None and known in legal:
                return known
        action = decide(self._bot(self._model_bots, self.settings.model, actor), state, rng)
        if self._shared:
            node.modelled = action
        return action

    def _ranked(self, node: _Node, state: State, seat: int, legal: list[Action]) -> list[Action]:
        """The prior's ``width`` best moves here by its scores, in the legal order. The node
        is an information set of the searching seat, so at its own move the seat's view,
        and with it the ranking, is the same in every determinization: ranked once."""
        ranked = node.ranked
        if ranked is None or any(a not in legal for a in ranked):
            assert isinstance(self._prior, Ranker)
            obs = Observation.of(state, seat, brief=getattr(self._prior, "brief", False))
            scores, moves, allowed = self._prior.scores(obs), obs.legal_actions, set(legal)
            best = [i for i in sorted(range(len(moves)), key=lambda i: -scores[i])
                    if moves[i] in allowed][:self.settings.width]
            ranked = node.ranked = [moves[i] for i in sorted(best)]
        return ranked

    def _legal(self, state: State) -> list[Action]:
        """The legal moves worth searching (all of them unless the game names some)."""
        legal = state.legal_actions()
        return legal if self._moves is None else self._moves(state, legal)

    def _bot(self, bots: dict[int, Bot], name: str, seat: int) -> Bot:
        """The playout or model bot of ``seat`` (one per seat, each seeded apart)."""
        bot = bots.get(seat)
        if bot is None:
            bot = bots[seat] = make_bot(_bot_name(name, self.game), self.game,
                                        self.rng.next_seed())
        return bot


def _ucb(legal: list[Action], column: list[list[float]],
         c: float) -> tuple[Action, list[float]]:
    """The legal action with the best upper confidence bound, the first of equals, and its
    statistics (``column``, in the order of ``legal``; every one visited). A plain loop:
    this is the search's innermost step."""
    log, sqrt = math.log, math.sqrt
    best, top, chosen = legal[0], -math.inf, column[0]
    for a, stat in zip(legal, column, strict=True):
        visits, reward, avail = stat
        value = reward / visits + c * sqrt(log(avail) / visits)
        if value > top:
            best, top, chosen = a, value, stat
    return best, chosen


def tuned_spec(game_id: str, budget: str = "1s") -> str:
    """The search at ``budget`` with the options that measured strongest for the game.

    >>> tuned_spec("chicago-gangster", "300")
    'ismcts:300/playout=default/model=default/prior=default/expand=root/depth=end'
    >>> tuned_spec("gangster")
    'ismcts:1s/model=default/prior=default'
    >>> tuned_spec("a-game-with-no-tuning")
    'ismcts:1s'
    """
    options = TUNED.get(game_id)
    return f"ismcts:{budget}/{options}" if options else f"ismcts:{budget}"


def _bot_name(name: str, game: Game) -> str:
    """``default`` is the game's own bot (its default opponent); other names as given."""
    return default_bot(game.id) if name == "default" else name


def _observed(events: list[Event], seat: int) -> Observed:
    """What ``seat`` is shown of a step: the events addressed to it (``Event.visible_to``
    written out for a seat: it runs for every event of every step down the tree)."""
    if not events:
        return ()
    return tuple([(e.kind, e.text) for e in events if e.to is None or seat in e.to])


def _ismcts(game: Game, seed: int, arg: str) -> Bot:
    settings = parse_settings(arg)
    for option in ("playout", "prior", "model"):
        name = getattr(settings, option)
        if name in ("", "random"):
            continue
        if _bot_name(name, game).startswith("ismcts"):
            raise OptionError(f"ismcts: the {option} must be a bot that does not search")
        make_bot(_bot_name(name, game), game, seed)  # refuses an unknown bot now
    return Ismcts(game, seed, settings)


register_bot("ismcts", _ismcts,
             "information-set Monte Carlo tree search (ismcts:2000 iterations, ismcts:1s)",
             strength=5)
