"""Prebuilt actions and move lists per map: what legal-move generation would otherwise
build afresh at every decision.

Random play and search list the same few hundred moves again and again, and an
:class:`~gangland.engine.Action` is immutable, so one object per distinct action serves
every state of every game on the map. :class:`Acts` is made once per components object
(it hangs on :class:`~.table.Figures`, which a clone shares), so no state owns it and no
clone, resample or snapshot copies it: it holds nothing a position can change.

Two kinds of contents:

- tables filled when made (the spaces' tokens, a space's number by its token);
- memos filled on first use and never invalidated: each entry is a pure function of the
  map and its key (the ends of a walk by :func:`~.paths.walk_ends`, the action texts), so a
  later game can only find the same answer. The walks' are flat lists, a slot for every
  start, facing and step count (:func:`~.paths.slot`), so a remembered walk costs an
  index, not a tuple's hash; the gang pieces' walks, which also depend on the joints they
  may pass through, are emptied at ``MEMO`` of those, so a long simulation's memory stays
  flat.

>>> from .components import default_components
>>> acts = Acts(default_components())
>>> acts.tokens[acts.space["hh"]]
'hh'
>>> acts.cash("pay", 300)
[Action('pay', (100,)), Action('pay', (200,)), Action('pay', (300,))]
"""

from __future__ import annotations

from gangland.engine import Action

from .components import Components
from .moves import tokens
from .paths import (
    COP,
    GANG,
    INSIDE,
    PUBLIC,
    STEPS,
    graph,
    passable_at,
    placed,
    slot,
    walk_ends,
)

#: Entries a memo keeps before it is emptied (see the module docstring).
MEMO = 50_000

FACING_WORDS = ("north", "east", "south", "west")
STATUS = ("criminal", "citizen")
KIND_WORDS = ("racketeer", "thug", "vamp")

#: A move end with what its action needs checked: ``(action, building)``, where building is
#: the space of an end inside a building (the caller's ``enter`` test) and -1 on a street.
Checked = tuple[tuple[Action, int], ...]
#: A public piece's walk (:meth:`Acts.public_moves`): its ends as ``(action, space)``, the
#: actions alone, and the spaces.
PublicWalk = tuple[tuple[tuple[Action, int], ...], tuple[Action, ...], frozenset[int]]


def facing_word(f: int) -> str:
    """A facing's word in action texts: ``inside`` in a building (facing -1)."""
    return FACING_WORDS[f] if f >= 0 else "inside"


class Acts:
    """The prebuilt actions of one components object (see the module docstring)."""

    __slots__ = ("_cash", "_cops", "_graph", "_joint_walks", "_made", "_moves", "_publics",
                 "_walks", "buildings", "city", "comps", "cops", "give", "place", "release",
                 "sell", "space", "take", "tokens", "where")

    def __init__(self, comps: Components) -> None:
        self.comps = comps  # kept: who caches by ``id(comps)`` checks it is this one
        self.city = comps.city
        #: Each space's token by space id, and the space of each token.
        self.tokens: tuple[str, ...] = tokens(self.city)
        self.space: dict[str, int] = {t: s for s, t in enumerate(self.tokens)}
        #: A space's token by space + 1, None for -1 (off the board): views name places so.
        self.where: tuple[str | None, ...] = (None, *self.tokens)
        self.cops = comps.cops
        #: ``release C`` by cop index (16.4: a Donut marker taken off with the cop's badge).
        self.release = tuple(Action("release", (c,)) for c in self.cops)
        #: The building space ids (``City.buildings`` works them out at every call): a
        #: range, since the buildings follow the street spaces (``table.marked``).
        self.buildings: range = self.city.buildings
        names = self.tokens
        # verb B actions by building (or any space: a list indexed by space id)
        self.place = tuple(Action("place", (t,)) for t in names)
        self.sell = tuple(Action("sell", (t,)) for t in names)
        self.give = tuple(Action("give", (t,)) for t in names)
        self.take = tuple(Action("take", (t,)) for t in names)
        self._cash: dict[str, list[Action]] = {"pay": [], "ask": []}
        #: The walks' actions by their words (``_one``), each made once per map.
        self._made: dict[tuple[str | int, ...], Action] = {}
        self._graph = graph(self.city)
        #: The memos of the walks, flat lists by ``paths.slot`` (``_walks`` slots a
        #: piece): a gang piece's by verb and kind, each a dict by the joints it could
        #: pass through (``_joint_walks`` entries in all); a cop's by cop; a public
        #: piece's by piece, the cup's (-1) first. None: not walked yet.
        self._walks = self._graph.spaces * 5 * STEPS
        self._moves: list[dict[int, tuple[Action, ...]] | None] = [None] * (6 * self._walks)
        self._joint_walks = 0
        self._cops: list[tuple[Checked, tuple[Action, ...]] | None] = \
            [None] * (len(self.cops) * self._walks)
        self._publics: list[PublicWalk | None] = \
            [None] * ((len(comps.public) + 1) * self._walks)

    def cash(self, verb: str, top: int) -> list[Action]:
        """``pay``/``ask`` actions of $100, $200, ... up to ``top`` (a new list)."""
        made = self._cash[verb]
        while len(made) * 100 < top - 99:
            made.append(Action(verb, ((len(made) + 1) * 100,)))
        return made[: max(0, top // 100)]

    def moves(self, verb: str, kind: int, start: int, face: int, steps: int,
              through: int) -> tuple[Action, ...]:
        """``move``/``wheels`` actions of a gang piece (both statuses per end, as
        ``reach``'s sorted ends come): every end is allowed (a gang mover enters anywhere).
        ``through``: the gang's joints as a bit mask; the key keeps only those the walk
        could pass through (``paths.passable``), so positions that differ in other joints
        share it."""
        g = self._graph
        i = slot(g.spaces, start, face, steps)
        if through:
            through &= passable_at(g, i, start, face, steps, True)
        if i < 0:  # off the tables (never in play): walked again
            return self._gang_moves(verb, kind, start, face, steps, through)
        i += (kind if verb == "move" else 3 + kind) * self._walks
        by_joints = self._moves[i]
        if by_joints is None:
            by_joints = self._moves[i] = {}
        found = by_joints.get(through)
        if found is None:
            self._joint_walks += 1
            if self._joint_walks > MEMO:  # a long simulation's memory stays flat
                self._moves = [None] * len(self._moves)
                self._joint_walks = 0
            found = by_joints[through] = self._gang_moves(verb, kind, start, face, steps,
                                                          through)
        return found

    def _gang_moves(self, verb: str, kind: int, start: int, face: int, steps: int,
                    through: int) -> tuple[Action, ...]:
        """A gang piece's walk, worked out (see :meth:`moves`)."""
        ends, _ = walk_ends(self.city, start, face, steps, GANG, through, True)
        word, names, one = KIND_WORDS[kind], self.tokens, self._one
        return tuple(one((verb, word, names[s], facing_word(f), status))
                     for s, f in ends for status in STATUS)

    def cop_moves(self, c: int, start: int, face: int,
                  steps: int) -> tuple[Checked, tuple[Action, ...]]:
        """Cop ``c``'s ``cop`` actions with the building each enters (-1 on a street),
        then its ``transfer`` actions, in ``reach``'s order. When no end is in a building
        (nothing for the caller to ask), the first part is empty and the second holds the
        ``cop`` actions, then the transfers: the whole list, with nothing to check."""
        i = slot(self._graph.spaces, start, face, steps)
        if i < 0:  # off the table (never in play): walked again
            return self._cop_moves(c, start, face, steps)
        i += c * self._walks
        found = self._cops[i]
        if found is None:
            found = self._cops[i] = self._cop_moves(c, start, face, steps)
        return found

    def _cop_moves(self, c: int, start: int, face: int,
                   steps: int) -> tuple[Checked, tuple[Action, ...]]:
        """Cop ``c``'s walk, worked out (see :meth:`cop_moves`)."""
        name, names = self.cops[c], self.tokens
        ends: tuple[tuple[int, int], ...]
        transfers: tuple[tuple[int, int], ...]
        if steps == 0:
            ends, transfers = placed(self.city, start), ()
        else:
            ends, transfers = walk_ends(self.city, start, face, steps, COP, 0, True)
        one = self._one
        checked = tuple((one(("cop", name, names[s], facing_word(f))), s if f < 0 else -1)
                        for s, f in ends)
        moves = tuple(one(("transfer", name, names[s])) for s, _ in sorted(set(transfers)))
        if all(b < 0 for _, b in checked):  # no end asks ``enter``: the list as it is
            moves = tuple(a for a, _ in checked) + moves
            checked = ()
        return checked, moves

    def public_moves(self, k: int, start: int, face: int, steps: int) -> PublicWalk:
        """Public piece ``k``'s ``public`` actions with the space each ends on (the caller
        drops those on another public piece, 6.8), the actions alone (the list when no
        other public piece stands on an end), and the spaces the walk ends on (so that
        test is a look-up a piece); ``k`` -1 for a piece still in the cup, whose actions
        are never played (only whether any is left counts)."""
        i = slot(self._graph.spaces, start, face, steps)
        if i < 0:  # off the table (no step, or never in play): worked out again
            return self._public_moves(k, start, face, steps)
        i += (k + 1) * self._walks
        found = self._publics[i]
        if found is None:
            found = self._publics[i] = self._public_moves(k, start, face, steps)
        return found

    def _public_moves(self, k: int, start: int, face: int, steps: int) -> PublicWalk:
        """Public piece ``k``'s walk, worked out (see :meth:`public_moves`)."""
        ends: tuple[tuple[int, int], ...]
        if steps == 0:
            ends = placed(self.city, start)
        elif steps < 1:
            ends = ()
        else:
            ends, _ = walk_ends(self.city, start, face, steps, PUBLIC, 0, False)
        names, one = self.tokens, self._one
        pairs = tuple((one(("public", k + 1, names[s], facing_word(f))), s) for s, f in ends)
        return pairs, tuple(a for a, _ in pairs), frozenset(s for _, s in pairs)

    def _one(self, words: tuple[str | int, ...]) -> Action:
        """The one action of these words (the verb first): the lists of every walk that
        ends there share it, so a new walk's list makes no new actions."""
        found = self._made.get(words)
        if found is None:
            found = self._made[words] = Action(str(words[0]), words[1:])
        return found

__all__ = ["INSIDE", "Acts", "facing_word"]
