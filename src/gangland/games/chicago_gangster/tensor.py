"""Chicago Gangster's observation tensor: its view (``view.build_view``) as fixed slices
for an agent (layout: ``docs/rl.md``).

Seats are relative, the observer first. Each of the 54 mobsters has its owner and its
state (in play, listed, dead) and its place on the hit list; cards are counted per kind,
each divided by how many of that kind the deck holds, so a slice reads 1 when every such
card is there. The observer's hand is the only hand in the view; the others are sizes.
Not encoded: gang names and colours (fixed by seat), the discards' order beyond the last
one, the sentence ``why`` and the final count (the winners and the mobsters carry it).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gangland.engine.state import JSON
from gangland.engine.tensor import Encoder, encode_seats, relative, seat_names

from .cards import KINDS, NMOBSTERS, Components
from .table import PHASES, PURPOSES

#: Scales (values above read as 1).
HAND = 10  # cards in a hand
QUOTA = 5  # mobsters still to list
UNIQUE_PURPOSES = tuple(dict.fromkeys(PURPOSES))


def _per_kind(enc: Encoder, name: str, meaning: str, cards: list[str],
              counts: tuple[int, ...]) -> None:
    held = [0.0] * len(KINDS)
    for card in cards:
        held[KINDS.index(card)] += 1
    enc.scalars(name, meaning + ", per kind / the deck's cards of that kind",
                [h / (n or 1) for h, n in zip(held, counts, strict=True)], 1)


def encode(enc: Encoder, view: JSON, players: int, options: Mapping[str, Any],
           comps: Components) -> None:
    """Append Chicago Gangster's slices for ``view``."""
    observer = encode_seats(enc, view, players)
    enc.scalar("turn", "turns played / the turn limit", view["turn"], view["turn_limit"])
    _per_kind(enc, "hand", "the observer's hand", view["hand"] or [], comps.counts)
    for k, who in enumerate(seat_names(players)):
        gang = view["gangs"][(k + (observer or 0)) % players]
        enc.scalar(f"{who} hand size", f"{who}: cards in hand / {HAND}", gang["hand_size"],
                   HAND)
        enc.flag(f"{who} out", f"{who}: out of the game", gang["out"])
    owners = view["owners"]
    listed = set(view["hitlist"])
    dead = set(view["dead"])
    start = enc.pos
    enc.multihot("owners", "per mobster, its owner (relative)", NMOBSTERS * players, ())
    if enc.out is not None:
        for m, owner in enumerate(owners):
            if owner >= 0:
                enc.out[start + m * players + relative(owner, observer, players)] = 1.0
    in_play = {m for g in view["gangs"] for m in g["in_play"]}
    enc.multihot("in play", "the mobsters in play", NMOBSTERS, (m - 1 for m in in_play))
    enc.multihot("listed", "the mobsters on the hit list", NMOBSTERS, (m - 1 for m in listed))
    enc.multihot("dead", "the dead mobsters", NMOBSTERS, (m - 1 for m in dead))
    start = enc.pos
    enc.multihot("list place", "per listed mobster, its place on the list / 54 (the wall "
                 "first, at 1/54)", NMOBSTERS, ())
    if enc.out is not None:
        for i, m in enumerate(view["hitlist"]):
            enc.out[start + m - 1] = (i + 1) / NMOBSTERS
    war = view["war"]
    enc.onehot("war", "the mob war: none, normal speed, double speed", 3, war["rate"])
    enc.flag("war permanent", "six or fewer living mobsters: the war never stops",
             war["permanent"])
    enc.scalar("pile", "cards in the pile / the deck", view["pile_size"], comps.ncards)
    _per_kind(enc, "discard", "the discard pile", view["discard"], comps.counts)
    last = view["discard"][-1] if view["discard"] else None
    enc.onehot("last discard", "the kind of the card on top of the discard pile",
               len(KINDS), None if last is None else KINDS.index(last))
    _per_kind(enc, "new deck", "the discards the pile was last remade from",
              view["new_deck"], comps.counts)
    _decision(enc, view["decision"], players, observer)


def _decision(enc: Encoder, decision: JSON, players: int, observer: int | None) -> None:
    def seat(name: str, meaning: str, value: int | None) -> None:
        enc.onehot(name, meaning + " (relative)", players,
                   None if value is None else relative(value, observer, players))

    kind = decision["kind"]
    enc.onehot("decision", "the decision: " + ", ".join(PHASES), len(PHASES),
               None if kind is None else PHASES.index(kind))
    seat("player", "the player whose card is being played", decision["player"])
    card = decision["card"]
    enc.onehot("card", "the card being played", len(KINDS),
               None if card is None else KINDS.index(card))
    seat("target", "the player the card aims at", decision["target"])
    enc.multihot("asking", "the players still to be asked for a counter (relative)", players,
                 (relative(s, observer, players) for s in decision["asking"]))
    purpose = decision["purpose"]
    enc.onehot("purpose", "what the mobster picked is for: " + ", ".join(UNIQUE_PURPOSES),
               len(UNIQUE_PURPOSES), None if purpose is None else
               UNIQUE_PURPOSES.index(purpose))
    enc.multihot("chosen", "the mobsters picked so far", NMOBSTERS,
                 (m - 1 for m in decision["chosen"]))
    quota = decision["quota"]
    enc.scalars("quota", f"per seat (relative), mobsters still to list / {QUOTA}",
                [quota[(k + (observer or 0)) % players] for k in range(players)], QUOTA)
    seat("countered by", "the player who countered", decision["countered_by"])
    seat("for seat", "the gang a revived mobster joins", decision["for_seat"])
