"""Chicago Gangster's action language: one small decision per action.

- ``play KIND`` / ``discard KIND``: on your turn, play a card for its effect, or discard it
  forgoing the effect;
- ``target N``: the player (seat number, 1-based) a card aims at;
- ``pick M``: a mobster (1..54) the card's effect asks for: to list, to kill, to rescue...;
- ``counter KIND`` / ``pass``: your answer when a rival's card may be countered.

>>> str(GRAMMAR.parse("Play Double-Contract"))
'play double-contract'
>>> PICK[0], TARGET[2]
(Action('pick', (1,)), Action('target', (3,)))
"""

from __future__ import annotations

from gangland.engine import Action, Arg, Grammar, Verb

from .cards import COUNTERS, KINDS, NMOBSTERS

GRAMMAR = Grammar(
    [
        Verb("play", Arg("card", choices=KINDS)),
        Verb("discard", Arg("card", choices=KINDS)),
        Verb("target", Arg("player", low=1, high=6)),
        Verb("pick", Arg("mobster", low=1, high=NMOBSTERS)),
        Verb("counter", Arg("card", choices=tuple(KINDS[k] for k in sorted(COUNTERS)))),
        Verb("pass"),
    ]
)

PLAY = tuple(Action("play", (k,)) for k in KINDS)
DISCARD = tuple(Action("discard", (k,)) for k in KINDS)
TARGET = tuple(Action("target", (s + 1,)) for s in range(6))
PICK = tuple(Action("pick", (m + 1,)) for m in range(NMOBSTERS))
COUNTER = {k: Action("counter", (KINDS[k],)) for k in sorted(COUNTERS)}
PASS = Action("pass")
