"""The rule behind each decision of Gangster (1994), shown at the table next to it.

Our own words, from the rulebook (``/work/shared/rules/gangster-1994.txt``, whose sections
are named after the spaces, not numbered) and the game's summary; the conformance suite
checks that every verb of the grammar has one. ``pass`` and ``take`` answer different
offers on different spaces, so :data:`PHASE_RULES` gives each phase its own text (the
phase is public: every player sees which space is being played).
"""

from __future__ import annotations

from collections.abc import Mapping

VERB_RULES: Mapping[str, str] = {
    "roll": (
        "You roll one die and move your pawn that many spaces clockwise, then play the space "
        "you land on. Passing the Refuge pays $100 per man in your service, yourself "
        "counted, and $500 more if you stop on it."
    ),
    "offer": (
        "With the district's price in cash you may announce the purchase offer before you "
        "roll. The game ends once you are back at or past the Refuge and have played that "
        "space, whatever your cash by then."
    ),
    "play": (
        "Before rolling you may open one of your starred Aventure cards, kept secret until "
        "now, and follow it. No more than two Aventure cards may be played in one turn."
    ),
    "choose": (
        "You stand on a double space: you choose which of its two halves you play, before "
        "anything else happens."
    ),
    "buy": (
        "You buy what is offered here: an unseen pearl or diamond from the Vendeur for $500, "
        "or a Protection card for $500, one at a time."
    ),
    "pass": (
        "You turn down what is offered here: the Vendeur's item, a Protection card, a theft, "
        "an exchange or a higher bid at the auction (passing drops you out of the bidding)."
    ),
    "sell": (
        "The Expert buys one of your pearls or diamonds at its true value, for all to see. "
        "He buys at most one pearl and one diamond a visit."
    ),
    "done": "You sell nothing more to the Expert this visit.",
    "rob": (
        "You go through with the theft the die picked, a shop or a bank, and draw its card. "
        "If you are caught you pay a fine, or take a Dossier card if you cannot pay; a third "
        "Dossier sends you to prison, out of the game."
    ),
    "protect": (
        "With more than $10,000 in cash the Godfather's collection draws a Collecte card; "
        "you return a Protection card instead and pay nothing."
    ),
    "take": (
        "You draw the card of the space: a Collecte card, paying what it demands, or a "
        "Mission card (a starred one is kept secret for a later Mission space)."
    ),
    "do": (
        "You carry out a starred Mission card you hold instead of drawing one. You need at "
        "least as many men as it asks, yourself counted, and you keep your recruits."
    ),
    "goto": (
        "Secret passage: your three dice made 13 or more, so you go to any free space you "
        "choose, except the Refuge, and play it. Going round through the Refuge pays "
        "nothing."
    ),
    "trade": (
        "Exchange: you choose a rival and a kind, pearl or diamond, that you both hold; you "
        "give one of yours and take one of theirs at random. Like is swapped only for like, "
        "and the rival cannot refuse."
    ),
    "give": (
        "Exchange: you choose which of your items of that kind you give; you take one of the "
        "rival's at random."
    ),
    "auction": (
        "Enchere: as the first to arrive, you choose whether a pearl or a diamond is "
        "auctioned. Its value stays secret and the bidding starts at $300."
    ),
    "bid": (
        "You bid for the auctioned item: at least $100 above the last bid, and never more "
        "than your cash. When everyone else has passed, the highest bidder pays the bank "
        "and takes the item."
    ),
}

#: The texts of verbs whose meaning depends on the space being played, by the phase's
#: name (``table.PHASES``) and the verb.
PHASE_RULES: Mapping[tuple[str, str], str] = {
    ("vendeur", "pass"): "You buy nothing from the Vendeur this time.",
    ("protection", "pass"): "You buy no Protection card this time.",
    ("vol", "pass"): (
        "You walk away from the theft: nothing is drawn and your turn is over."
    ),
    ("echange", "pass"): "You make no exchange this time.",
    ("bid", "pass"): (
        "You bid no higher and drop out of this auction; the last bidder standing pays "
        "their bid and takes the item."
    ),
    ("collecte", "take"): (
        "You take a Collecte card and pay the Godfather what it demands, instead of "
        "returning a Protection card."
    ),
    ("mission", "take"): (
        "You draw a Mission card: a plain one is read aloud and followed at once, a starred "
        "one is kept secret for a later Mission space and ends your turn."
    ),
}
