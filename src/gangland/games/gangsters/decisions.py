"""The rule behind each decision of Gangsters, shown at the table next to it.

Our own words, from the rulebook (``/work/shared/rules/gangsters.txt``, cited by its
section numbers) and the game's summary; the conformance suite checks that every verb of
the grammar has one. Each verb here means one thing in every phase, so no phase needs its
own text.
"""

from __future__ import annotations

from collections.abc import Mapping

_SETUP: Mapping[str, str] = {
    "joint": (
        "Setup: in turn order you pick one unowned coloured building as a starting joint, "
        "three in all, worth at most $1,100 together; the bank pays you the difference in "
        "cash (4.1)."
    ),
    "gang": (
        "Setup: you write down your starting gang in secret: Racketeers, Thugs and at most "
        "one Vamp, for $2,100 plus your change from the joints. The n-th Racketeer or Thug "
        "costs $100 x n and the Vamp $300 (4.2)."
    ),
    "start": (
        "Setup: you choose in secret which of your three joints each of your pieces starts "
        "in, one joint for each or several in one; all are revealed together (4.3)."
    ),
}

_BUY_PHASE: Mapping[str, str] = {
    "buy": (
        "You buy the unowned coloured building your Racketeer stands in, for its value, and "
        "it becomes your joint (5.1, 8.1)."
    ),
    "improve": (
        "You raise the joint your Racketeer stands in one level, paying its price again; "
        "you need at least as many joints of its colour as the new level, and only once a "
        "turn (8.3)."
    ),
    "sell": (
        "With no Racketeer and too little cash to recruit one, you may sell one joint to "
        "the bank for its original price; improvements are lost (7.5)."
    ),
    "offer": (
        "You open a trade with another gang: you may swap joints and cash with them, once "
        "in your Buy Phase (5.1, 14.1)."
    ),
    "give": "Trade: you add one of your joints to what you hand over (14.1).",
    "take": "Trade: you add one of their joints to what you ask for (14.1).",
    "pay": "Trade: you add this much of your cash to what you hand over (14.1).",
    "ask": "Trade: you ask for this much of their cash in return (14.1).",
    "propose": (
        "Trade: you put the deal as it stands to the other gang, who accepts or declines "
        "it (14.1)."
    ),
    "cancel": "Trade: you drop the deal before proposing it; nothing changes hands (14.1).",
    "accept": (
        "A trade is proposed to you: accepting carries it out at once, joints and cash "
        "changing hands as offered (14.1)."
    ),
    "decline": "A trade is proposed to you: declining refuses it and nothing changes (14.1).",
    "equip": (
        "Advanced rules: in a gray building you may buy Heaters for your Thugs ($1,000, hit "
        "on 4+), Wheels for your Racketeer ($1,000) or a Siren's outfit for your Vamp ($300) "
        "(16.1-16.3)."
    ),
    "discard": (
        "You return the Untouchable badge you drew to its cup; it bought no cop (9.5)."
    ),
    "release": (
        "You return the bribe badge of a cop under your Donut marker to its cup, and take "
        "the marker off that cop (16.4)."
    ),
    "roll": (
        "You roll all five dice, ending your Buy Phase; the rolls cannot change until the "
        "shootouts (5.2)."
    ),
}

_COPS: Mapping[str, str] = {
    "bribe": (
        "You bribe a cop instead of moving one: after your moves you pay $100 x the blue "
        "die and draw a secret badge naming the cop you now own, unless it is the "
        "Untouchable (5.3, 9.5)."
    ),
    "patrol": (
        "You start a new cop at the subway of the blue die and move it on; allowed only "
        "when no cop is out or the crime level is at least the number of cops out (9.2, "
        "9.3)."
    ),
    "cop": (
        "You move one cop by exact count of the blue die; it enters a joint only to raid it "
        "or to arrest a criminal there, and never moves through a building (5.3, 9.4)."
    ),
    "transfer": (
        "You move a cop into a subway and off the board: its patrol ends and a newly drawn "
        "cop starts at another subway exit (9.6, 10.3)."
    ),
    "exit": (
        "You choose the subway exit where the new cop starts its shift, never the one its "
        "predecessor left by; it moves off with the count left (9.6)."
    ),
    "pass": "No cop can be bribed or moved, so you leave the cops as they are (5.3).",
    "defer": (
        "Five players: instead of bribing a cop yourself you leave the blue die to the "
        "Commissioner, who bribes or moves a cop with it (17.2)."
    ),
    "flip": (
        "Donuts: instead of moving a cop you flip your Donut 1 marker to Donut 2; next turn "
        "it must come off (16.4)."
    ),
    "allow": (
        "A cop was moved: you let the move stand without revealing that you own that cop "
        "(9.5)."
    ),
    "reveal": (
        "A cop you bribed was moved: you show your badge, the cop returns where it was and "
        "the mover loses the cop move this turn, but your ownership ends (9.5)."
    ),
}

_MOVES: Mapping[str, str] = {
    "move": (
        "You move a piece of your gang by exact count of its die, facing forward, turning "
        "only at intersections and through your own joints only, and choose its side, "
        "criminal or citizen. Each piece moves once; you have half your Racketeer's strength "
        "in moves, at least one (5.4, 6)."
    ),
    "wheels": (
        "Wheels: once a turn you may move one gang piece by the green, red and black dice "
        "added together, as a single move (16.2)."
    ),
    "public": (
        "You move a public piece by the white die, using one of your moves; two public "
        "pieces never end on one space (6.8)."
    ),
    "newpublic": (
        "You bring a public piece off the board in at the subway of the white die, using "
        "one of your moves (6.8)."
    ),
    "recruit": (
        "Instead of moving a kind of gangster you recruit more of it, paying its Gang Track "
        "price x its die. At most seven minus the blue die a turn, and never over 10 "
        "Racketeers, 10 Thugs and one Vamp (7)."
    ),
    "place": (
        "A recruit with no piece on the board enters at one of your joints; you choose "
        "which (7.4)."
    ),
    "seduce": (
        "Your Vamp ended her move with a rival's Thug or Racketeer: you choose which one she "
        "seduces; it loses a level and yours gains one (13.1)."
    ),
    "done": "You end your movement; the moves you have left are lost (5.4).",
}

_SHOOTOUTS: Mapping[str, str] = {
    "hit": (
        "Your criminal Thug or Racketeer moved onto a space with a rival or a cop: you may "
        "declare a hit on them and start a shootout; in a rival's joint you must (11.4)."
    ),
    "hold": "You declare no hit with this piece this turn (11.4).",
    "bust": (
        "A cop shares a space with several criminals: as the active player you choose which "
        "one it attacks; the rest are ignored this turn (11.5)."
    ),
    "aim": (
        "Your unit is engaged with more than one side: you choose the side its dice go to "
        "(12.4)."
    ),
    "absorb": (
        "You place a hit your side took on one of your units in that space: a piece loses a "
        "strength level, a Guard costs its joint a level (12.3-12.5)."
    ),
}

VERB_RULES: Mapping[str, str] = {**_SETUP, **_BUY_PHASE, **_COPS, **_MOVES, **_SHOOTOUTS}
