"""Gangster 1994's observation tensor: its view (``view.build_view``) as fixed slices for
an agent (layout: ``docs/rl.md``).

Seats are relative, the observer first. A hand the observer reads (its own; every hand
once the game is over) is a count per distinct card face of the components (deck and
figures: two identical Recruitment cards are one face, counted twice); the used cards
under the decks are one value per card of the components. Amounts of money are divided by
the target sum, so "reached the target" reads 1 whatever the options. Not encoded: the
track (fixed by the components), the sentence ``why``, and the final count's terms
(``assets``, ``count``: the winners and the hands shown at the end carry them).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gangland.engine.state import JSON
from gangland.engine.tensor import Encoder, encode_seats, relative, seat_names

from .components import COUNTS, COURSE, DECKS, SPACES, Components
from .table import PHASES

#: Scales (values above read as 1).
CARDS = 10  # cards of one deck in a hand
ITEMS = 6  # pearls or diamonds held
MEN = 20  # a gang's men
ASIDE = 10  # cards set aside with prisoners
DICE = 2  # the dice a roll shows at most

_FACES: dict[str, dict[tuple[str, int, int, bool, str], int]] = {}


def faces(comps: Components, key: str) -> dict[tuple[str, int, int, bool, str], int]:
    """Each distinct card face of ``comps`` (deck, figures, star, text), numbered in card
    order; cached per components file (``key``: the option naming it)."""
    found = _FACES.get(key)
    if found is None:
        found = {}
        for c in range(len(comps.deck)):
            face = (DECKS[comps.deck[c]], comps.a[c], comps.b[c], comps.star[c], comps.text[c])
            found.setdefault(face, len(found))
        _FACES[key] = found
    return found


def encode(enc: Encoder, view: JSON, players: int, options: Mapping[str, Any],
           comps: Components) -> None:
    """Append Gangster 1994's slices for ``view``."""
    face = faces(comps, str(options["components"]))
    observer = encode_seats(enc, view, players)
    target = view["target"]
    limit = int(options["turn_limit"])
    enc.scalar("turn", "turns played / the turn limit", view["turn"], limit)
    enc.scalar("target", "the target sum / $100,000", target, 100_000)
    offer = view["offer"]
    enc.onehot("offer", "who made the purchase offer (relative)", players,
               None if offer is None else relative(offer, observer, players))
    enc.flag("last", "the offerer reached the Refuge: this is the last turn", view["last"])
    roll = view["roll"]
    for i in range(DICE):
        enc.onehot(f"die {i + 1}", f"the last roll's die {i + 1} (1-6)", 6,
                   roll[i] - 1 if i < len(roll) else None)
    horses = 1 + max(comps.a[c] for c in comps.cards(COURSE))
    race = view["race"]
    enc.onehot("race horse", "the last race's winning horse", horses,
               None if race is None else race["horse"])
    names = seat_names(players)
    track = len(comps.track)
    for k, who in enumerate(names):
        seat = (k + (observer or 0)) % players
        entry = view["table"][seat]
        enc.multihot(f"{who} tickets", f"{who}: the horses of its tickets in the last race",
                     horses, (h for s, h in (race["tickets"] if race else ()) if s == seat))
        enc.onehot(f"{who} pos", f"{who}: its space on the track", track, entry["pos"] - 1)
        enc.scalar(f"{who} cash", f"{who}: cash / the target (at most 2)", entry["cash"],
                   target, high=2.0)
        enc.flag(f"{who} out", f"{who}: in prison, out of the game", entry["out"])
        held = entry["cards"]
        enc.scalars(f"{who} cards", f"{who}: cards held per deck / {CARDS}",
                    [held.get(d, 0) for d in DECKS], CARDS)
        for item, values in entry["items"].items():
            known = [v for v in values if v is not None]
            enc.scalar(f"{who} {item} unknown", f"{who}: {item}s of unknown value / {ITEMS}",
                       len(values) - len(known), ITEMS)
            enc.scalar(f"{who} {item} known", f"{who}: the known {item}s' value / the target",
                       sum(known), target)
        paid = entry["men_paid"]
        enc.flag(f"{who} counted", f"{who}: its men were counted at a Refuge", paid is not None)
        enc.scalar(f"{who} men paid", f"{who}: the men counted then / {MEN}", paid or 0, MEN)
        enc.scalar(f"{who} recruits paid", f"{who}: recruits counted then / {MEN}",
                   entry["recruits_paid"], MEN)
        hand = entry.get("hand")
        enc.flag(f"{who} hand seen", f"{who}: its hand is in the view", hand is not None)
        enc.counts(f"{who} hand", f"{who}: the hand, per card face / 4", len(face),
                   (face[(c["deck"], c["a"], c["b"], c["star"], c["text"])]
                    for c in hand or ()), 4)
        enc.scalar(f"{who} men", f"{who}: its men, when seen / {MEN}", entry.get("men") or 0,
                   MEN)
    decks = view["decks"]
    enc.scalars("decks", "cards face down per deck / the deck's size",
                [decks[d] / n for d, n in zip(DECKS, COUNTS, strict=True)], 1)
    used = view["used"]
    enc.multihot("used", "the used cards face up under the decks, per card", len(comps.deck),
                 (c for d in DECKS for c in used[d]))
    exchange = view["exchange"] or {}
    enc.onehot("exchange by", "the last exchange: who offered (relative)", players,
               relative(exchange["seat"], observer, players) if exchange else None)
    enc.onehot("exchange with", "the last exchange: with whom (relative)", players,
               relative(exchange["with"], observer, players) if exchange else None)
    enc.onehot("exchange kind", "the last exchange: the deck of the item", len(DECKS),
               DECKS.index(exchange["kind"]) if exchange else None)
    enc.scalar("aside", f"cards set aside with prisoners / {ASIDE}", view["aside"], ASIDE)
    _decision(enc, view["decision"], players, observer, target)


def _decision(enc: Encoder, decision: JSON, players: int, observer: int | None,
              target: int) -> None:
    kind = decision["kind"]
    enc.onehot("decision", "the decision: " + ", ".join(PHASES), len(PHASES),
               None if kind is None else PHASES.index(kind))
    enc.onehot("player", "the player whose turn it is (relative)", players,
               relative(decision["player"], observer, players))
    enc.multihot("space", "the kinds of that player's space", len(SPACES),
                 (SPACES.index(s) for s in decision["space"].split("/")))
    for name, meaning in (("vol", "the deck being robbed"), ("lot", "the lot auctioned")):
        value = decision[name]
        enc.onehot(name, meaning, len(DECKS), None if value is None else DECKS.index(value))
    enc.scalar("high bid", "the highest bid / the target", decision["high"] or 0, target)
    bidder = decision["bidder"]
    enc.onehot("bidder", "the highest bidder (relative)", players,
               None if bidder is None else relative(bidder, observer, players))
    enc.multihot("bidding", "the seats still in the auction (relative)", players,
                 (relative(s, observer, players) for s in decision["bidding"]))
    trade = decision["trade"]
    enc.onehot("trade", "the other player of the exchange under way (relative)", players,
               None if trade is None else relative(trade, observer, players))
    enc.flags("sold", "sold to the Expert (or given) this visit: pearl, diamond",
              [decision["sold"] & 1, decision["sold"] & 2])
    enc.scalar("aventures", "Aventure cards played this turn / 2", decision["aventures"], 2)
