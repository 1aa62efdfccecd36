"""Gangster's action language: one small decision at a time.

A turn is a few short decisions, each with its own legal list:

- two players only: ``play COLOUR`` (which of your two colours acts this turn);
- drive: ``drive CARD`` (turn a face-up movement card 1, 2 or 3), then ``to DISTRICT``;
  with the Bumper ``bump COLOUR to DISTRICT`` or ``no-bump``; at the Gold Coast
  ``breakfast`` or ``keep-trunk``, then ``take KIND``;
- unload/load: ``unload COLOUR`` (your own colour from the car, another from the trunk),
  ``load SPACE`` (the gangster on that space here; spaces are numbered in reading order,
  so the number is the gangster's rank), ``tommy-gun DISTRICT SPACE`` (from a neighbouring
  district), and with the Door a second ``unload COLOUR`` or ``done``.

Every action is prebuilt once (no allocation while playing); the tables below index them.

>>> str(GRAMMAR.parse("Bump Blue to West-Side"))
'bump blue to west-side'
>>> GRAMMAR.parse("load 17")
Traceback (most recent call last):
...
gangland.engine.errors.InvalidAction: 'load 17': space must be from 1 to 16, not 17
"""

from __future__ import annotations

from gangland.engine import Action, Arg, Grammar, Verb

from .components import KINDS, MAX_SPACES, default_components

_PARTS = default_components()
DISTRICTS = _PARTS.districts
COLOURS = _PARTS.material.colours

GRAMMAR = Grammar(
    [
        Verb("play", Arg("colour", choices=COLOURS)),
        Verb("drive", Arg("card", low=1, high=3)),
        Verb("to", Arg("district", choices=DISTRICTS)),
        Verb("bump", Arg("colour", choices=COLOURS), Arg("to", choices=("to",)),
             Arg("district", choices=DISTRICTS)),
        Verb("no-bump"),
        Verb("breakfast"),
        Verb("keep-trunk"),
        Verb("take", Arg("kind", choices=KINDS)),
        Verb("unload", Arg("colour", choices=COLOURS)),
        Verb("load", Arg("space", low=1, high=MAX_SPACES)),
        Verb("tommy-gun", Arg("district", choices=DISTRICTS), Arg("space", low=1, high=MAX_SPACES)),
        Verb("done"),
    ]
)

PLAY = tuple(Action("play", (c,)) for c in COLOURS)
DRIVE = (Action("drive", (0,)), *(Action("drive", (k,)) for k in (1, 2, 3)))  # index = card
TO = tuple(Action("to", (d,)) for d in DISTRICTS)
BUMP = tuple(tuple(Action("bump", (c, "to", d)) for d in DISTRICTS) for c in COLOURS)
NO_BUMP = Action("no-bump")
BREAKFAST = Action("breakfast")
KEEP_TRUNK = Action("keep-trunk")
TAKE = tuple(Action("take", (k,)) for k in KINDS)
UNLOAD = tuple(Action("unload", (c,)) for c in COLOURS)
LOAD = tuple(Action("load", (s + 1,)) for s in range(MAX_SPACES))  # index = space - 1
TOMMY = tuple(tuple(Action("tommy-gun", (d, s + 1)) for s in range(MAX_SPACES)) for d in DISTRICTS)
DONE = Action("done")

#: DRIVES[cards]: the ``drive`` actions of a colour whose face-up movement cards are the
#: bit mask ``cards`` (bit k for card k), in card order; read on every ``act`` decision.
DRIVES = tuple(tuple(DRIVE[k] for k in (1, 2, 3) if cards >> k & 1) for cards in range(16))
#: TRUNK_UNLOADS[trunk]: the ``unload`` actions for the gangsters in a trunk, one per colour
#: in colour order, for every trunk of up to two gangsters (the most a trunk holds).
TRUNK_UNLOADS = {trunk: tuple(UNLOAD[x] for x in sorted(set(trunk)))
                 for trunk in [(), *((x,) for x in range(len(COLOURS))),
                               *((x, y) for x in range(len(COLOURS))
                                 for y in range(len(COLOURS)))]}

COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}
DISTRICT_INDEX = {d: i for i, d in enumerate(DISTRICTS)}
KIND_INDEX = {k: i for i, k in enumerate(KINDS)}


def title(word: str) -> str:
    """How people read a word of the language: ``little-italy`` -> ``Little Italy``."""
    return word.replace("-", " ").title()
