"""Gangster City's action language.

``investigate N`` takes face-up card number N from the middle; ``draw`` turns over the top
card of the pile; ``arrest SUSPECT WEAPON SCENE MOTIVE`` names a whole case.

>>> str(GRAMMAR.parse("Arrest Thug Knife Hotel-Room Love"))
'arrest thug knife hotel-room love'
"""

from __future__ import annotations

from gangland.engine import Action, Arg, Grammar, Verb

from .cards import NCARDS, Deck, default_deck

_ELEMENTS = default_deck().elements

GRAMMAR = Grammar(
    [
        Verb("investigate", Arg("card", low=1, high=NCARDS)),
        Verb("draw"),
        Verb(
            "arrest",
            Arg("suspect", choices=_ELEMENTS[0]),
            Arg("weapon", choices=_ELEMENTS[1]),
            Arg("scene", choices=_ELEMENTS[2]),
            Arg("motive", choices=_ELEMENTS[3]),
        ),
    ]
)

INVESTIGATE = tuple(Action("investigate", (c + 1,)) for c in range(NCARDS))
DRAW = Action("draw")


def arrest_card(deck: Deck, action: Action) -> int:
    """The card a legal arrest names."""
    return deck.arrest_of[action]


def arrested(deck: Deck, action: Action) -> int | None:
    """The card an arrest names, ``None`` for a malformed one (a wrong or missing word)."""
    return deck.arrest_of.get(action)
