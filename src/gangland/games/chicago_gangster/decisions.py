"""The rule behind each decision of Chicago Gangster, shown at the table next to it.

Our own words, from the rulebook (``/work/shared/rules/chicago-gangster.it.txt``, which has
no numbered sections) and the game's summary; the conformance suite checks that every verb
of the grammar has one.
"""

from __future__ import annotations

from collections.abc import Mapping

VERB_RULES: Mapping[str, str] = {
    "play": (
        "Your turn: after drawing up to five cards and one more, you play one card face up "
        "for its effect. Counters cannot be played this way, only in answer to a rival, and "
        "a card that could change nothing now may only be discarded."
    ),
    "discard": (
        "Instead of playing a card for its effect, you may discard it face up and forgo its "
        "effect; that ends your turn."
    ),
    "target": (
        "The card you played aims at one rival: you choose which player it hits. Only a "
        "rival the card can affect may be chosen."
    ),
    "pick": (
        "The card in play makes you choose a mobster: which one goes onto the hit list, "
        "comes off it, dies or takes a new place in it, as the card says. Only the mobsters "
        "the card allows can be picked."
    ),
    "counter": (
        "A rival's contract, Lam or Vendetta may be answered with a counter card you hold. "
        "Only the first counter takes effect: you draw a card at once and take the next "
        "turn, and play goes on from you."
    ),
    "pass": (
        "You let the rival's card through without a counter; the next rival to your left is "
        "asked, and the card takes effect if nobody counters it."
    ),
}
