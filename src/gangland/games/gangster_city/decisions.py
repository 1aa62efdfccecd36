"""The rule behind each decision of Gangster City, shown at the table next to it.

Our own words, from the rulebook (``/work/shared/rules/gangster-city.txt``, which has no
numbered sections) and the game's summary; the conformance suite checks that every verb of
the grammar has one.
"""

from __future__ import annotations

from collections.abc import Mapping

VERB_RULES: Mapping[str, str] = {
    "investigate": (
        "Investigate: you take one of the face-up cards in the middle (it is refilled from "
        "the pile) and the table tells you how many of its four elements match your own "
        "case, never which. The card stays in front of you with that number."
    ),
    "draw": (
        "Investigate from the pile: you turn over its top card and the table tells you how "
        "many of its four elements match your own case, never which. The card stays in "
        "front of you with that number."
    ),
    "arrest": (
        "Arrest: you name the suspect, weapon, scene and motive of your own case and hear "
        "only right or wrong. Right: you keep the case and get a new one you cannot see, and "
        "enough solved cases win; wrong: your turn ends (with the experienced rule, a second "
        "wrong arrest puts you out)."
    ),
}
