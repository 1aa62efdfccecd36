"""Gangsters' observation tensor: its view (``view.build_view``) as fixed slices for an
agent (layout: ``docs/rl.md``).

The board is public, so most of the tensor is where things are: per piece (three per gang,
each cop, each public piece) a one-hot over the map's spaces and its facing, and per
building its owner and level. Seats are relative, the observer first; a seat with no gang
(the Commissioner with five players) leaves its gang slices zero. Secrets appear only for
their holder: the observer's own Bribe badges and its written-down gang or starting joints,
and others' cash when the secret-cash option hides it (a ``cash seen`` flag says so).
Amounts of money are divided by the winning cash (option ``cash``). Not encoded: the
sentence ``why`` and the final count (the winners and ``worth`` carry it).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gangland.engine.state import JSON
from gangland.engine.tensor import Encoder, encode_seats, relative, seat_names

from .components import FACES, KINDS, Components
from .rules import space_tokens
from .table import GANGS, PHASES, figures

#: Scales (values above read as 1).
STRENGTH = 10
BADGES = 10
CRIME = 20
DICE = 5
OPTIONS = 10  # movement options used in one turn


def encode(enc: Encoder, view: JSON, players: int, options: Mapping[str, Any],
           comps: Components) -> None:
    """Append Gangsters' slices for ``view``."""
    space = space_tokens(comps)[1]
    fig = figures(comps)
    cops = (0, *fig.cops)  # a badge names its cop; 0 is the Untouchable
    money = int(options["cash"])
    observer = encode_seats(enc, view, players)
    enc.scalar("turn", "turns played / the turn limit", view["turn"], int(options["turn_limit"]))
    order = view["order"]
    start = enc.pos
    enc.multihot("order", "turn order: row i, the relative seat playing i-th",
                 players * players, ())
    if enc.out is not None:
        for i, s in enumerate(order):
            enc.out[start + i * players + relative(s, observer, players)] = 1.0
    pawns = view["pawns"]
    enc.flag("drawn order", "each turn's player is drawn from a cup", pawns is not None)
    enc.multihot("cup", "the seats whose pawn is still in the cup (relative)", players,
                 (relative(s, observer, players) for s in pawns or ()))
    dice = view["dice"]
    for i in range(DICE):
        value = dice[i] if i < len(dice) else 0
        enc.onehot(f"die {i + 1}", f"die {i + 1} (1-6; zero: not rolled)", 6,
                   value - 1 if value else None)
    gangs = {g["seat"]: g for g in view["gangs"]}
    worth = view["worth"]
    for k, who in enumerate(seat_names(players)):
        seat = (k + (observer or 0)) % players
        gang = gangs.get(seat)
        _gang(enc, who, gang, space, money)
        enc.flag(f"{who} worth seen", f"{who}: its net worth is in the view",
                 worth[seat] is not None)
        enc.scalar(f"{who} worth", f"{who}: net worth / the winning cash (at most 2)",
                   worth[seat] or 0, money, high=2.0)
    police = view["commissioner"]
    enc.onehot("commissioner", "the Commissioner's seat (relative)", players,
               None if police is None else relative(police["seat"], observer, players))
    enc.scalar("commissioner cash", "the Commissioner's cash, when seen / the winning cash",
               (police or {}).get("cash") or 0, money, high=2.0)
    enc.scalar("commissioner badges", f"Bribe badges the Commissioner holds / {BADGES}",
               (police or {}).get("badges", 0), BADGES)
    own = (gangs.get(observer) or {}) if observer is not None else {}
    badges = own.get("my_badges") or (police or {}).get("my_badges") or ()
    enc.multihot("my badges", "the observer's own Bribe badges, by cop (first: the "
                 "Untouchable)", len(cops), (cops.index(c) for c in badges))
    _secret(enc, own.get("secret") or {}, space)
    _police(enc, view, players, observer, space)
    tokens = space_tokens(comps)[0]
    buildings = [tokens[b] for b in comps.city.buildings]
    owned = view["buildings"]
    for b in buildings:
        owner, level = owned.get(b, (-1, 0))
        enc.onehot(f"{b} owner", f"building {b}: its owner (relative)", players,
                   None if owner < 0 else relative(owner, observer, players))
        enc.scalar(f"{b} level", f"building {b}: its level / {max(fig.most)}", level,
                   max(fig.most))
    enc.scalar("badge cup", f"Bribe badges in the cup / {fig.markers}", view["badge_cup"],
               fig.markers)
    enc.scalar("crime", f"the crime level / {CRIME}", view["crime"], CRIME)
    _decision(enc, view["decision"], players, observer, space, cops, money)


def _gang(enc: Encoder, who: str, gang: JSON | None, space: dict[str, int],
          money: int) -> None:
    gang = gang or {}
    enc.flag(f"{who} plays", f"{who}: has a gang", gang)
    enc.onehot(f"{who} gang", f"{who}: the gang's colour (" + ", ".join(GANGS) + ")",
               len(GANGS), GANGS.index(gang["gang"]) if gang else None)
    enc.flag(f"{who} out", f"{who}: out of the game", gang.get("out"))
    cash = gang.get("cash")
    enc.flag(f"{who} cash seen", f"{who}: its cash is in the view", cash is not None)
    enc.scalar(f"{who} cash", f"{who}: cash / the winning cash (at most 2)", cash or 0,
               money, high=2.0)
    pieces = gang.get("pieces") or [{} for _ in KINDS]
    for kind, piece in zip(KINDS, pieces, strict=True):
        enc.scalar(f"{who} {kind} strength", f"{who}: the {kind}'s strength / {STRENGTH}",
                   piece.get("strength", 0), STRENGTH)
        _place(enc, f"{who} {kind}", piece, space)
        enc.flag(f"{who} {kind} criminal", f"{who}: the {kind} is a criminal",
                 piece.get("criminal"))
    enc.multihot(f"{who} gear", f"{who}: its gear (heater, wheels, siren's outfit)", 3,
                 gang.get("gear", ()))
    enc.scalar(f"{who} badges", f"{who}: Bribe badges held / {BADGES}", gang.get("badges", 0),
               BADGES)
    enc.flag(f"{who} choosing", f"{who}: has written down a secret choice",
             gang.get("choosing"))


def _place(enc: Encoder, who: str, piece: JSON, space: dict[str, int]) -> None:
    at = piece.get("at")
    enc.onehot(f"{who} at", f"{who}: its space on the map", len(space),
               None if at is None else space[at])
    facing = piece.get("facing")
    enc.onehot(f"{who} facing", f"{who}: its facing (" + ", ".join(FACES) + ")", len(FACES),
               None if facing is None else FACES.index(facing))


def _secret(enc: Encoder, secret: JSON, space: dict[str, int]) -> None:
    gang = secret.get("gang") or {}
    enc.scalars("my secret gang", f"the gang written down, per kind, strength / {STRENGTH}",
                [gang.get(k, 0) for k in KINDS], STRENGTH)
    start = secret.get("start") or {}
    for kind in KINDS:
        at = start.get(kind)
        enc.onehot(f"my secret {kind} start", f"the joint written down for the {kind}",
                   len(space), None if at is None else space[at])


def _police(enc: Encoder, view: JSON, players: int, observer: int | None,
            space: dict[str, int]) -> None:
    for cop in view["cops"]:
        who = f"cop {cop['cop']}"
        _place(enc, who, cop, space)
        donut = cop["donut"]
        enc.onehot(f"{who} donut", f"{who}: whose Donut marker it holds (relative)", players,
                   None if donut is None else relative(donut[0], observer, players))
        enc.scalar(f"{who} donuts", f"{who}: the Donut marker's count / 2",
                   donut[1] if donut else 0, 2)
    for i, piece in enumerate(view["public"]):
        who = f"public {i + 1}"
        enc.scalar(f"{who} strength", f"{who}: its strength / {STRENGTH}", piece["strength"],
                   STRENGTH)
        _place(enc, who, piece, space)


def _decision(enc: Encoder, decision: JSON, players: int, observer: int | None,
              space: dict[str, int], cops: tuple[int, ...], money: int) -> None:
    kind = decision["kind"]
    enc.onehot("decision", "the decision: " + ", ".join(PHASES), len(PHASES),
               None if kind is None else PHASES.index(kind))
    enc.onehot("active", "the player whose turn it is (relative)", players,
               relative(decision["active"], observer, players))
    enc.scalar("options used", f"movement options used this turn / {OPTIONS}",
               decision["used"], OPTIONS)
    cop = decision.get("cop")
    enc.onehot("cop in question", "the cop being revealed, moved or brought in", len(cops),
               None if cop is None else cops.index(cop))
    deal = decision.get("deal") or {}
    enc.onehot("deal with", "the offer under way: with whom (relative)", players,
               relative(deal["with"], observer, players) if deal else None)
    enc.scalar("deal pays", "the offer: cash paid / the winning cash", deal.get("pay", 0),
               money)
    enc.scalar("deal asks", "the offer: cash asked / the winning cash", deal.get("ask", 0),
               money)
    enc.multihot("deal gives", "the offer: joints given", len(space),
                 (space[t] for t in deal.get("give", ())))
    enc.multihot("deal takes", "the offer: joints taken", len(space),
                 (space[t] for t in deal.get("take", ())))
    fight = decision.get("fight") or {}
    enc.flag("shootout", "a shootout is being fought", fight)
    enc.multihot("shootout spaces", "the spaces of the shootouts", len(space),
                 (space[t] for t in fight.get("spaces", ())))
    for name, meaning in (("to_declare", "pieces still to declare a hit"),
                          ("declared", "pieces that declared a hit")):
        start = enc.pos
        enc.multihot(f"shootout {name.replace('_', ' ')}", f"the shootout's {meaning}, per "
                     "relative seat and kind", players * len(KINDS), ())
        if enc.out is not None:
            for p in fight.get(name, ()):
                seat = relative(p["seat"], observer, players)
                enc.out[start + seat * len(KINDS) + KINDS.index(p["kind"])] = 1.0
    enc.multihot("shootout to bust", "the cops still to pick a criminal", len(cops),
                 (cops.index(c) for c in fight.get("to_bust", ())))
    enc.scalar("shootout hits", "hits still to absorb / 10", fight.get("hits_left", 0), 10)
