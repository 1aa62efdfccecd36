"""What each seat may see, resampling what it cannot, and snapshots.

Public: positions, cash, how many cards of each category every player holds, the used cards
face up under each deck (in the order they were used), the dice, the auction's bids, the last
race's tickets and who last exchanged what kind with whom. Hidden: the text of starred,
Recruitment and Course cards in other hands, the value of any pearl or diamond a seat has
not seen (its own, one it exchanged, or one sold to the Expert), and which cards are still
face down in each deck. Once the game is over the final count lays every hand and every
jewel of the players still in on the table, with each one's count term by term; only the
face-down pools and the prisoners' cards set aside stay hidden.
"""

from __future__ import annotations

from typing import Any

from gangland.engine import Rng, seat_label
from gangland.engine.errors import RecordError

from . import recruits
from .components import (
    AVENTURE,
    BONUS,
    DECKS,
    DIAMANT,
    ITEMS,
    MISSION,
    PERLE,
    RECRUTEMENT,
    Components,
)
from .table import ALL_SEATS, PHASES, TableBase

#: Per phase: the sentence for the table, and the one the seat to move reads ("you").
_WHY = {
    "turn": ("{who} may roll the die.", "You may roll the die."),
    "choose": ("{who} chooses which half of the double space to play.",
               "You choose which half of the double space to play."),
    "vendeur": ("{who} may buy a pearl or a diamond from the dealer for $500.",
                "You may buy a pearl or a diamond from the dealer for $500."),
    "protection": ("{who} may buy a Protection card for $500.",
                   "You may buy a Protection card for $500."),
    "expert": ("{who} may sell a pearl and a diamond to the Expert.",
               "You may sell a pearl and a diamond to the Expert."),
    "vol": ("{who} decides whether to go through with the theft.",
            "You decide whether to go through with the theft."),
    "collecte": ("{who} may return a Protection card instead of taking a Collecte card.",
                 "You may return a Protection card instead of taking a Collecte card."),
    "mission": ("{who} takes a Mission card or carries out a mission held.",
                "You take a Mission card or carry out a mission you hold."),
    "passage": ("{who} picks the free space the secret passage leads to.",
                "You pick the free space the secret passage leads to."),
    "echange": ("{who} may exchange a pearl or a diamond with another player.",
                "You may exchange a pearl or a diamond with another player."),
    "give": ("{who} picks the item to give in the exchange.",
             "You pick the item to give in the exchange."),
    "enchere": ("{who} picks a pearl or a diamond to put up for auction.",
                "You pick a pearl or a diamond to put up for auction."),
    "bid": ("{who} may outbid the highest offer, or pass.",
            "You may outbid the highest offer, or pass."),
}


_PERLE, _DIAMANT = DECKS[PERLE], DECKS[DIAMANT]

#: Decks whose cards are kept in hand only when starred.
STORY = (AVENTURE, MISSION)


#: A turn's other choices besides the roll, as the sentence names them (see :func:`why`).
_TURN_ALSO = ("make the purchase offer", "open a starred card")


def why(state: TableBase, seat: int | None = None) -> str:
    """Whose decision it is and why, in words: to the seat to move itself, "You...".

    At the start of a turn it names only what is open: the purchase offer once the cash
    is there and nobody made it, a starred card when one is held and fewer than two
    Aventure cards were played (the rules' test in ``legal_actions``). The other seats
    cannot tell a sum to open from an alibi, so they are told of any kept card. The
    dealer offers only the jewels still to be had.
    """
    if state.over:
        return "The game is over."
    also = 0
    if PHASES[state.phase] == "turn":
        player = state.player
        offer = (state.offer < 0 and state.cash[player]
                 >= state.goal)
        # Whether a kept Aventure card is a sum to open or an alibi is the holder's secret:
        # the others read "or open a starred card" whenever one is held.
        own = seat == state.to_move
        comps = state.comps
        starred = state.aventures < 2 and any(
            comps.deck[c] == AVENTURE and (not own or comps.b[c] == BONUS)
            for c in state.hands[player])
        also = int(offer) + 2 * int(starred)
    elif PHASES[state.phase] == "vendeur":  # a jewel whose deck is all in hands is not sold
        also = sum(1 << i for i, d in enumerate((PERLE, DIAMANT))
                   if state.pool[d] or state.used[d])
    key = (state.phase, state.to_move, state.to_move == seat, also)
    text = _WHY_TEXT.get(key)
    if text is None:
        table, mine = _WHY[PHASES[state.phase]]
        text = mine if key[2] else table.format(who=seat_label(state.to_move))
        if PHASES[state.phase] == "turn":
            named = [w for i, w in enumerate(_TURN_ALSO) if also >> i & 1]
            if named:  # "...roll the die." becomes "...roll the die (or ...)."
                text = f"{text[:-1]} (or {', or '.join(named)})."
        elif PHASES[state.phase] == "vendeur" and also != 3:
            text = text.replace("a pearl or a diamond", "a pearl" if also == 1 else "a diamond")
        _WHY_TEXT[key] = text
    return text


#: Each (phase, seat, to the seat itself, the turn's other choices)'s sentence, formatted
#: once: a view is built at every decision of every playout a search bot runs.
_WHY_TEXT: dict[tuple[int, int, bool, int], str] = {}


def build_view(state: TableBase, seat: int | None) -> dict[str, Any]:
    """All that ``seat`` may know (``None``: spectators).

    Built at every decision of every playout a search bot runs (two fifths of the hard
    level's search), so a hand's counts and recruits come from the components' memo
    (:meth:`Components.summary`) and the holder's cards are copies of the components'
    ``hand_cards``, rather than being worked out card by card each time.
    """
    comps = state.comps
    summary, hand_cards = comps.summary, comps.hand_cards
    # The final count lays every card in hand on the table (decision 15): every seat reads
    # every value, every hand and every player's men.
    over = state.over
    bit = ALL_SEATS if over else 0 if seat is None else 1 << seat
    players = []
    for s in range(state.players):
        hand = state.hands[s]
        pearls, diamonds = _jewels(state, s, bit)
        counts, recruits = summary(tuple(hand), len(pearls), len(diamonds))
        paid = state.paid[s]
        entry: dict[str, Any] = {
            "seat": s, "pos": state.pos[s] + 1, "cash": state.cash[s], "out": state.out[s],
            "cards": dict(counts),
            "items": {_PERLE: pearls, _DIAMANT: diamonds},
            # counted in public at the last Refuge payment (see ``recruits``)
            "men_paid": None if paid < 0 else 1 + sum(recruits[:paid]),
            "recruits_paid": paid if paid > 0 else 0,
        }
        if s == seat or over:
            entry["hand"] = [hand_cards[c].copy() for c in hand]
            entry["men"] = 1 + sum(recruits)
        players.append(entry)
    to_move = state.current_player
    decision: dict[str, Any] = {
        "seat": to_move,
        "kind": None if state.over else PHASES[state.phase],
        "player": state.player,
        "space": comps.track[state.pos[state.player]],
        "vol": DECKS[state.vol] if state.vol >= 0 else None,
        "lot": DECKS[comps.deck[state.lot]] if state.lot >= 0 else None,
        "high": state.high if state.bidder >= 0 else None,
        "bidder": state.bidder if state.bidder >= 0 else None,
        "bidding": list(state.bidding),
        "trade": state.trade if state.trade >= 0 else None,
        "sold": state.sold,
        "aventures": state.aventures,
        "why": why(state, seat),
    }
    race = state.race
    pool, used = state.pool, state.used
    return {
        "game": "gangster-1994",
        "seat": seat,
        "players": state.players,
        "to_move": to_move,
        "turn": state.turn,
        "terminal": state.over,
        "winners": list(state.won),
        "target": state.goal,
        "offer": state.offer if state.offer >= 0 else None,
        "last": state.last,
        "roll": list(state.roll),
        "race": {"horse": race[0],
                 "tickets": [[s, h] for s, h in zip(race[1::2], race[2::2], strict=True)]}
        if race else None,
        "track": list(comps.track),
        "table": players,
        "decks": {name: len(pool[d]) for d, name in enumerate(DECKS)},
        "used": dict(zip(DECKS, map(list, used), strict=True)),  # as played
        "exchange": {"seat": state.swap[0], "with": state.swap[1],
                     "kind": DECKS[state.swap[2]]} if state.swap else None,
        "aside": len(state.aside),
        "assets": [state.assets(s) if not state.out[s] else None
                   for s in range(state.players)] if state.over else None,
        "men": [state.men(s) for s in range(state.players)] if state.over else None,
        # the final count term by term, for the players still in (None: in prison)
        "count": [None if state.out[s] else state.count(s) for s in range(state.players)]
        if state.over else None,
        "decision": decision,
    }


def _jewels(state: TableBase, seat: int, bit: int) -> tuple[list[int | None], list[int | None]]:
    """``seat``'s pearls and diamonds as the view lists them, in the order acquired: the
    value where a seat of ``bit`` knows it, else None."""
    comps, known = state.comps, state.known
    kind, value = comps.deck, comps.a
    pearls: list[int | None] = []
    diamonds: list[int | None] = []
    for c in state.items[seat]:
        if kind[c] == PERLE:
            pearls.append(value[c] if known[c] & bit else None)
        else:
            diamonds.append(value[c] if known[c] & bit else None)
    return pearls, diamonds


#: The decisions at which the heuristic bot weighs every player (the purchase offer's
#: lead, the exchange's rival), not just itself.
_WEIGHS_ALL = frozenset({"turn", "echange"})


def build_brief(state: TableBase, seat: int) -> dict[str, Any]:
    """The part of ``build_view(state, seat)`` that the game's heuristic bot reads
    (``bots.gangster_1994``), for the search's playout and model bots (``brief_view``).

    The search asks for one at each of its playouts' decisions, three fifths of them
    auction bids, where the bot reads its cash, the bidder and its seat: a whole view
    (every hand counted, the track, the used piles, the sentence) was two fifths of the
    hard level's search. What is kept depends on the decision: the seat, the decision's
    kind (and at a bid its bidder), and in ``table`` one entry per player, empty but for
    what the bot reads there: its own cash at a bid; its cash, card counts and jewels at
    the others; every player's seat, prison, cash, card counts and jewels where it weighs
    them all (``_WEIGHS_ALL``); and the track at the secret passage. Every value is what
    the view holds at that place (the conformance suite checks it is a part).
    """
    over = state.over
    phase = None if over else PHASES[state.phase]
    decision: dict[str, Any] = {"kind": phase}
    table: list[dict[str, Any]] = [{} for _ in range(state.players)]
    brief: dict[str, Any] = {"seat": seat, "decision": decision, "table": table}
    if phase == "bid":  # the most frequent decision: the bot reads three numbers
        decision["bidder"] = state.bidder if state.bidder >= 0 else None
        table[seat]["cash"] = state.cash[seat]
        return brief
    bit = ALL_SEATS if over else 1 << seat
    summary = state.comps.summary
    for s in range(state.players) if phase in _WEIGHS_ALL else (seat,):
        pearls, diamonds = _jewels(state, s, bit)
        counts, _ = summary(tuple(state.hands[s]), len(pearls), len(diamonds))
        table[s] = {"seat": s, "cash": state.cash[s], "out": state.out[s],
                    "cards": dict(counts), "items": {_PERLE: pearls, _DIAMANT: diamonds}}
    if phase == "passage":
        brief["track"] = list(state.comps.track)
    return brief


def redraw(state: TableBase, new: TableBase, seat: int | None, rng: Rng) -> None:
    """Deal every card ``seat`` cannot see afresh, deck by deck.

    For each deck, the unseen cards are those not face up under it, not in ``seat``'s hand
    and (for items) not of known value to ``seat``, listed in ascending order: public facts
    and the seat's own memory only. They are shuffled into the slots they could fill (other
    players' cards of that category, the set-aside cards, the auctioned lot, the face-down
    pool), and an item's knowledge marks stay with its slot. Aventure and Mission cards in a
    hand are starred (only those are kept), so those slots draw from the starred ones.

    Once the game is over every hand and item is on the table (``build_view``), so all of
    them count as seen and only the set-aside cards and the pools are dealt afresh.

    Knowledge marks mean something for items only (who knows a pearl's or a diamond's
    value); other cards keep the marks they have, whatever slot they are dealt to: a
    discarded card's mark outlives its reshuffle, and moving it with the card would make
    the draw depend on where the true cards lie.
    """
    comps = state.comps
    kind, known = comps.deck, state.known
    bit = 0 if seat is None else 1 << seat
    over = state.over  # every hand and item is on the table: only pools and aside are drawn
    # What the seat has seen, every deck at once: the face-up cards, its own hand and
    # items (everyone's once the game is over), and the items whose value it knows.
    seen = set().union(*state.used)
    for s in range(state.players) if over else () if seat is None else (seat,):
        seen.update(state.hands[s])
        seen.update(state.items[s])
    seen.update(c for d in ITEMS for c in comps.cards(d) if known[c] & bit)
    # The slots to deal into, by deck, in dealing order: the other seats' hands and items
    # (seat by seat, in the order held), then the set-aside cards, then the lot. Each is
    # (the new state's list, index, the card there, its seat or -1).
    slots: list[list[tuple[list[int], int, int, int]]] = [[] for _ in DECKS]
    for s in range(state.players):
        if s == seat:
            continue
        for src, dst in ((state.hands[s], new.hands[s]), (state.items[s], new.items[s])):
            for i, c in enumerate(src):
                if c not in seen:
                    slots[kind[c]].append((dst, i, c, s))
    for i, c in enumerate(state.aside):
        if c not in seen:
            slots[kind[c]].append((new.aside, i, c, -1))
    lot = state.lot
    for d in range(len(DECKS)):
        item = d in ITEMS
        unseen = [c for c in comps.cards(d) if c not in seen]
        if not unseen:
            continue
        plain: list[int] = []
        if d in STORY:  # only starred cards are ever kept in a hand
            plain = [c for c in unseen if not comps.star[c]]
            unseen = [c for c in unseen if comps.star[c]]
        rng.shuffle(unseen)
        fixed = _paid_recruits(state, seat, unseen, rng) if d == RECRUTEMENT and not over \
            else {}
        take = iter(unseen)
        # the cards counted at a rival's last Refuge pay go to its first slots
        first = {s: iter(cards) for s, cards in fixed.items()}
        for dst, i, c, s in slots[d]:
            n = next(first[s], -1) if s in first else -1
            n = n if n >= 0 else next(take)
            dst[i] = n
            if item:
                new.known[n] = known[c]
        if lot >= 0 and kind[lot] == d and lot not in seen:
            n = next(take)
            new.lot = n
            if item:
                new.known[n] = known[lot]
        rest = sorted([*take, *plain])
        if item:
            for n in rest:
                new.known[n] = 0
        new.pool[d] = rest


def _paid_recruits(state: TableBase, seat: int | None, unseen: list[int],
                   rng: Rng) -> dict[int, list[int]]:
    """Per rival, the Recruitment cards for the slots the table counted at their last
    Refuge payment, drawn (and removed) from ``unseen`` so the men counted stay right."""
    a = state.comps.a
    rivals = [s for s in range(state.players)
              if s != seat and not state.out[s] and state.paid[s] > 0]
    if not rivals:
        return {}
    wants = [(state.paid[s], (state.men_paid(s) or 1) - 1) for s in rivals]
    by_value: dict[int, list[int]] = {}
    for c in unseen:  # already shuffled
        by_value.setdefault(a[c], []).append(c)
    dealt = recruits.deal(sorted(a[c] for c in unseen), wants, rng)
    fixed = {s: [by_value[v].pop() for v in values]
             for s, values in zip(rivals, dealt, strict=True)}
    taken = {c for cards in fixed.values() for c in cards}
    unseen[:] = [c for c in unseen if c not in taken]
    return fixed


def body_to_json(state: TableBase) -> dict[str, Any]:
    """The game-specific part of a snapshot (hidden parts included).

    Every list is a copy: a snapshot must not change as the game goes on, nor edit it.
    """
    return {
        "pos": state.pos.copy(), "cash": state.cash.copy(),
        "hands": [h.copy() for h in state.hands], "items": [i.copy() for i in state.items],
        "known": state.known.copy(), "pool": [p.copy() for p in state.pool],
        "used": [u.copy() for u in state.used], "aside": state.aside.copy(),
        "out": state.out.copy(), "paid": state.paid.copy(), "offer": state.offer,
        "last": state.last, "turn": state.turn,
        "player": state.player, "to_move": state.to_move, "phase": state.phase,
        "aventures": state.aventures, "roll": state.roll.copy(), "vol": state.vol,
        "sold": state.sold, "trade": state.trade, "lot": state.lot, "high": state.high,
        "bidder": state.bidder, "bidding": state.bidding.copy(), "race": state.race.copy(),
        "swap": state.swap.copy(), "won": state.won.copy(),
        "over": state.over,
    }


def _ints(value: Any) -> list[int]:
    return [int(x) for x in value]


def state_from_body(state: TableBase, comps: Components, body: dict[str, Any]) -> None:
    """Fill ``state`` from :func:`body_to_json`, checking that no card is lost or doubled."""
    n = state.players
    state._fix(state.options, comps)
    state.pos, state.cash = _ints(body["pos"]), _ints(body["cash"])
    state.hands = [_ints(h) for h in body["hands"]]
    state.items = [_ints(h) for h in body["items"]]
    state.known = _ints(body["known"])
    state.pool = [_ints(p) for p in body["pool"]]
    state.used = [_ints(p) for p in body["used"]]
    state.aside = _ints(body["aside"])
    state.out = [bool(x) for x in body["out"]]
    state.paid = _ints(body.get("paid", [-1] * n))
    state.offer, state.last = int(body["offer"]), bool(body["last"])
    state.turn, state.player = int(body["turn"]), int(body["player"])
    state.to_move, state.phase = int(body["to_move"]), int(body["phase"])
    state.aventures, state.roll = int(body["aventures"]), _ints(body["roll"])
    state.vol, state.sold, state.trade = int(body["vol"]), int(body["sold"]), int(body["trade"])
    state.lot, state.high, state.bidder = int(body["lot"]), int(body["high"]), int(body["bidder"])
    state.bidding = _ints(body["bidding"])
    state.race = _ints(body["race"])
    state.swap = _ints(body.get("swap", []))
    state.shuffled = []
    state.won, state.over = _ints(body["won"]), bool(body["over"])
    if any(len(x) != n for x in (state.pos, state.cash, state.hands, state.items, state.out,
                                 state.paid)):
        raise RecordError("gangster-1994 snapshot: per-seat lists do not match players")
    if len(state.pool) != len(DECKS) or len(state.used) != len(DECKS):
        raise RecordError("gangster-1994 snapshot: one pool and one used pile per deck")
    if sorted(all_cards(state)) != list(range(len(comps.deck))):
        raise RecordError("gangster-1994 snapshot: the cards are not each in one place")


def all_cards(state: TableBase) -> list[int]:
    """Every card wherever it is (each must appear exactly once)."""
    cards = [c for p in state.pool for c in p] + [c for u in state.used for c in u]
    cards += [c for h in state.hands for c in h] + [c for h in state.items for c in h]
    cards += state.aside + ([state.lot] if state.lot >= 0 else [])
    return cards
