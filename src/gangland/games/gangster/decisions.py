"""The rule behind each decision of Gangster, shown at the table next to it.

Our own words, from the rulebook (``/work/shared/rules/gangster.txt``, which has no numbered
sections) and the game's summary; the conformance suite checks that every verb of the
grammar has one.
"""

from __future__ import annotations

from collections.abc import Mapping

VERB_RULES: Mapping[str, str] = {
    "play": (
        "With two players each of you plays two colours: you choose which of your colours "
        "acts this turn, with its own car and movement cards."
    ),
    "drive": (
        "Drive: you turn one face-up movement card down and must drive exactly that many "
        "roads, never straight back. Once all three cards are down they turn up at the end "
        "of your turn and a district card puts a doubler on a district (police: nothing)."
    ),
    "to": (
        "You choose the district where your car stops: one exactly as many roads away as "
        "your card (one more with the Motor, if you like). Stopping at the Gold Coast lets "
        "you unload your trunk there and makes you take a harbour tile."
    ),
    "bump": (
        "Bumper: having driven into a district, you may push one other car standing there "
        "one road on, to a neighbouring district of your choice."
    ),
    "no-bump": "Bumper: you leave the other cars where they stand.",
    "breakfast": (
        "At the Gold Coast you leave the gangsters in your trunk at the Sicilian Breakfast; "
        "they are out of the game for good."
    ),
    "keep-trunk": (
        "At the Gold Coast you keep the gangsters in your trunk for later instead of leaving "
        "them at the Sicilian Breakfast."
    ),
    "take": (
        "Stopping at the Gold Coast you must take a harbour tile you do not already hold. "
        "Your tableau holds two different tiles; a third pushes the oldest into the box."
    ),
    "unload": (
        "Unload: you put one gangster onto the next free space of the tile where your car "
        "stands, your own colour from the car or another colour from the trunk. Gaps are "
        "filled only once the tile's last space has been used."
    ),
    "load": (
        "Load: you take the gangster on that space of the tile where your car stands, into "
        "the car if it is yours, else into the trunk if it has room (one space, two with the "
        "Trunk). Nobody loads the gangsters of a Bodyguard's owner where that car stands."
    ),
    "tommy-gun": (
        "Tommy Gun: instead of loading where you stand, you take another colour's gangster "
        "into your trunk from a neighbouring district; not at the Gold Coast."
    ),
    "done": (
        "Door: you unload no second gangster of your own this turn, and your turn ends."
    ),
}
