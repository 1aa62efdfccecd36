"""The printed components of Gangster (1994): the track, the twelve decks and the setup.

Every card of every deck gets one number (0..N-1), the decks in the order of :data:`DECKS`;
``deck[c]`` says which deck card ``c`` belongs to and ``a[c]``/``b[c]`` carry its figures
(an amount, a value, a horse and its payout, men needed and a reward...). Numbers are what
the state moves around, so "every card is in exactly one place" is a check on integers.

>>> comps = default_components()
>>> len(comps.deck), comps.track[0], comps.count(PERLE)
(288, 'refuge', 24)
>>> comps.target(4, short=False), comps.target(4, short=True)
(40000, 30000)
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from functools import cache
from pathlib import Path
from typing import Any

from gangland.engine.components import Fields, load_fields

DEFAULT_COMPONENTS = Path(__file__).with_name("components.toml")

#: The twelve decks, in the canonical order of card numbers.
DECKS = ("aventure", "banque", "collecte", "commerce", "course", "diamant", "dossier",
         "justice", "mission", "perle", "protection", "recrutement")
(AVENTURE, BANQUE, COLLECTE, COMMERCE, COURSE, DIAMANT, DOSSIER, JUSTICE, MISSION, PERLE,
 PROTECTION, RECRUTEMENT) = range(len(DECKS))
#: The rulebook's card counts.
COUNTS = (48, 24, 24, 24, 12, 24, 12, 24, 24, 24, 12, 36)
ITEMS = (PERLE, DIAMANT)

#: Space kinds of the track (a double space is two kinds joined by ``/``).
SPACES = ("refuge", "aventure", "collecte", "course", "echange", "enchere", "expert",
          "mission", "passage", "protection", "recrutement", "vendeur", "vol")
DOUBLES = frozenset({("expert", "vendeur"), ("mission", "recrutement"), ("aventure", "vol"),
                     ("course", "echange"), ("echange", "protection")})

#: What people read for each space kind and deck: English, except where the English
#: rulebook keeps the printed French name (Aventure, Collecte, Dossier...). The kinds
#: themselves stay the printed names: they are what ``choose`` takes and records store.
NAMES = {
    "refuge": "Refuge", "aventure": "Aventure", "vendeur": "Dealer", "collecte": "Collecte",
    "mission": "Mission", "vol": "Theft", "expert": "Expert", "recrutement": "Recruitment",
    "enchere": "Auction", "passage": "Passage", "protection": "Protection", "course": "Race",
    "echange": "Exchange", "banque": "Bank", "commerce": "Shop", "diamant": "Diamond",
    "dossier": "Dossier", "justice": "Justice", "perle": "Pearl",
}


def space_name(space: str) -> str:
    """A space of the track in words: ``"expert/vendeur"`` is ``"Expert / Dealer"``.

    >>> space_name("expert/vendeur"), space_name("vol")
    ('Expert / Dealer', 'Theft')
    """
    return " / ".join(NAMES.get(k, k.capitalize()) for k in space.split("/"))


#: Aventure effects (see components.toml); BONUS cards are the starred ones.
EFFECTS = ("gain", "pay", "each", "jewel", "advance", "bonus", "alibi")
GAIN, PAY, EACH, JEWEL, ADVANCE, BONUS, ALIBI = range(len(EFFECTS))
#: The effects of starred (kept) Aventure cards.
STARRED = ("bonus", "alibi")


@dataclass(frozen=True)
class Components:
    """The track, the setup figures and every card as parallel tuples."""

    track: tuple[str, ...]
    options: tuple[tuple[str, ...], ...]  # per space: its one or two kinds
    start_cash: int
    targets: tuple[int, ...]
    short_less: int
    refuge_per_man: int
    refuge_exact: int
    protection_price: int
    vendeur_price: int
    auction_start: int
    auction_step: int
    dossier_penalty: int
    prison_at: int
    tiers: tuple[int, int, int]
    fees: tuple[int, int]
    deck: tuple[int, ...]  # per card: its deck
    a: tuple[int, ...]  # per card: first figure (amount, value, men, horse, effect amount)
    b: tuple[int, ...]  # per card: second figure (bank fine, payout, reward, effect code)
    star: tuple[bool, ...]
    text: tuple[str, ...]
    first: tuple[int, ...]  # per deck: its first card number

    def count(self, deck: int) -> int:
        """How many cards ``deck`` has."""
        return COUNTS[deck]

    def cards(self, deck: int) -> range:
        """The card numbers of ``deck``."""
        return range(self.first[deck], self.first[deck] + COUNTS[deck])

    def target(self, players: int, short: bool) -> int:
        """The sum needed for the purchase offer."""
        return self.targets[players - 2] - (self.short_less if short else 0)

    # Tables for the views and the rules, built once per components (a view is built at
    # every decision of every playout a search bot runs). Fields set once in
    # ``__post_init__``, not ``cached_property``s: compiled (the optional build,
    # docs/speed.md), a cached_property is worked out again at every read. The components
    # are immutable, so nothing invalidates them.

    #: Per card, how its holder reads it in a view's ``hand``: its deck, figures, star and
    #: text (an Aventure card's effect by name too, so a board can tell a starred sum to
    #: open from an alibi). Views hand out copies, never these dicts.
    hand_cards: tuple[dict[str, Any], ...] = field(init=False, repr=False, compare=False)
    #: The starred Aventure sums to open before rolling: asked of the roller's hand at every
    #: turn, for the ``play`` actions, where one set intersection in C counts them (most
    #: hands hold none).
    bonus: frozenset[int] = field(init=False, repr=False, compare=False)
    #: Per card, the men it brings: a Recruitment card's figure, 0 for any other.
    men_on: tuple[int, ...] = field(init=False, repr=False, compare=False)
    #: A memo of :meth:`summary`, keyed by its arguments: a pure function of immutable
    #: values, so an entry never goes stale, and a hand recurs at step after step of a
    #: playout (it changes only when a card is taken or given). Cleared when it grows past
    #: ``MEMO``, so a long run cannot fill the memory.
    hands_seen: dict[tuple[tuple[int, ...], int, int], HandSummary] = field(
        init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        """Build the tables.

        >>> default_components().hand_cards[0]["deck"], default_components().hand_cards[0]["effect"]
        ('aventure', 'gain')
        """
        cards = []
        for c, d in enumerate(self.deck):
            card: dict[str, Any] = {"deck": DECKS[d], "a": self.a[c], "b": self.b[c],
                                    "star": self.star[c], "text": self.text[c]}
            if d == AVENTURE:
                card["effect"] = EFFECTS[self.b[c]]
            cards.append(card)
        figures = list(zip(self.deck, self.a, self.b, strict=True))
        object.__setattr__(self, "hand_cards", tuple(cards))
        object.__setattr__(self, "bonus", frozenset(
            c for c, (d, _, b) in enumerate(figures) if d == AVENTURE and b == BONUS))
        object.__setattr__(self, "men_on", tuple(a if d == RECRUTEMENT else 0
                                                 for d, a, _ in figures))
        object.__setattr__(self, "hands_seen", {})

    def __getstate__(self) -> dict[str, Any]:
        """Pickled (for worker processes) without the tables: they are built again."""
        return {f.name: getattr(self, f.name) for f in fields(self) if f.init}

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Unpickled: the printed fields as sent, then the tables built here."""
        for name, value in state.items():
            object.__setattr__(self, name, value)
        self.__post_init__()

    def summary(self, hand: tuple[int, ...], pearls: int, diamonds: int) -> HandSummary:
        """What a view says of a hand that holds ``hand`` and that many pearls and
        diamonds: the count of each category (in the order of :data:`DECKS`, as a tuple
        of pairs to copy into a dict) and the men of its Recruitment cards, in order.

        >>> default_components().summary((0, 287, 286), 1, 0)
        ((('aventure', 1), ('perle', 1), ('recrutement', 2)), (3, 3))
        """
        key = (hand, pearls, diamonds)
        memo = self.hands_seen
        found = memo.get(key)
        if found is None:
            counts = [0] * len(DECKS)
            kind, a = self.deck, self.a
            recruits = []
            for c in hand:
                d = kind[c]
                counts[d] += 1
                if d == RECRUTEMENT:
                    recruits.append(a[c])
            counts[PERLE] += pearls
            counts[DIAMANT] += diamonds
            found = (tuple((DECKS[d], n) for d, n in enumerate(counts) if n),
                     tuple(recruits))
            if len(memo) >= MEMO:
                memo.clear()
            memo[key] = found
        return found


#: A hand's categories counted and its recruits' men (see :meth:`Components.summary`).
HandSummary = tuple[tuple[tuple[str, int], ...], tuple[int, ...]]
#: The most hands :attr:`Components.hands_seen` remembers before it starts afresh.
MEMO = 100_000


def _ints(f: Fields, key: str, n: int, low: int = 0, high: int = 100_000) -> list[int]:
    values = f.get(key, list)
    if len(values) != n:
        raise f.fail(key, f"must list {n} numbers, found {len(values)}")
    for i, v in enumerate(values):
        if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high:
            raise f.fail(f"{key}[{i}]", f"must be a whole number from {low} to {high}")
    return list(values)


def _track(root: Fields) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]:
    t = root.table("track")
    t.provenance()
    spaces = t.get("spaces", list)
    if not 12 <= len(spaces) <= 80:
        raise t.fail("spaces", "must list 12 to 80 spaces")
    options = []
    for i, s in enumerate(spaces):
        kinds = tuple(str(s).split("/"))
        if any(k not in SPACES for k in kinds) or (
                len(kinds) == 2 and tuple(sorted(kinds)) not in DOUBLES) or len(kinds) > 2:
            raise t.fail(f"spaces[{i}]", f"{s!r} is not a space of the rules")
        if "refuge" in kinds and (i != 0 or len(kinds) > 1):
            raise t.fail(f"spaces[{i}]", "the Refuge is the first space, and only there")
        options.append(kinds)
    if options[0] != ("refuge",):
        raise t.fail("spaces[0]", "the first space is the Refuge")
    return tuple(spaces), tuple(options)


def load_components(path: str | Path) -> Components:
    """Read and check a components file; any problem raises :class:`ComponentError`."""
    root = load_fields(path)
    track, options = _track(root)
    s = root.table("setup")
    s.provenance()
    num = {k: s.get(k, int) for k in (
        "start_cash", "short_less", "refuge_per_man", "refuge_exact", "protection_price",
        "vendeur_price", "auction_start", "auction_step", "dossier_penalty", "prison_at")}
    for key in ("auction_start", "auction_step"):
        if num[key] < 100 or num[key] % 100:
            raise s.fail(key, "must be a positive multiple of $100 (bids go by $100)")
    if num["prison_at"] < 1:
        raise s.fail("prison_at", "must be at least 1")
    targets = _ints(s, "targets", 5, 1000, 1_000_000)
    tiers = _ints(s, "collecte_tiers", 3)
    fees = _ints(s, "collecte_fees", 2)
    deck: list[int] = []
    a: list[int] = []
    b: list[int] = []
    star: list[bool] = []
    text: list[str] = []
    first: list[int] = []

    def add(d: int, xs: list[int], ys: list[int] | None = None,
            stars: list[bool] | None = None, texts: list[str] | None = None) -> None:
        first.append(len(deck))
        for i, x in enumerate(xs):
            deck.append(d)
            a.append(x)
            b.append(ys[i] if ys else 0)
            star.append(stars[i] if stars else False)
            text.append(texts[i] if texts else "")

    for d, name in enumerate(DECKS):
        f = root.table(name)
        f.provenance()
        n = COUNTS[d]
        if d in ITEMS:
            add(d, _ints(f, "values", n, 100, 100_000))
        elif d == COLLECTE:
            add(d, _ints(f, "amounts", n))
        elif d in (COMMERCE, BANQUE):
            add(d, _ints(f, "loot", n))
        elif d == JUSTICE:
            add(d, _ints(f, "shop", n), _ints(f, "bank", n))
        elif d == RECRUTEMENT:
            add(d, _ints(f, "men", n, 1, 9))
        elif d == COURSE:
            add(d, _ints(f, "horses", n, 2, 12), _ints(f, "payouts", n))
        elif d in (DOSSIER, PROTECTION):
            if f.get("count", int) != n:
                raise f.fail("count", f"is {n} in the printed game")
            add(d, [0] * n)
        else:
            _story_deck(f, d, n, add)
    return Components(track, options, num["start_cash"], tuple(targets), num["short_less"],
                      num["refuge_per_man"], num["refuge_exact"], num["protection_price"],
                      num["vendeur_price"], num["auction_start"], num["auction_step"],
                      num["dossier_penalty"], num["prison_at"],
                      (tiers[0], tiers[1], tiers[2]), (fees[0], fees[1]),
                      tuple(deck), tuple(a), tuple(b), tuple(star), tuple(text), tuple(first))


def _story_deck(f: Fields, d: int, n: int, add: object) -> None:
    """Aventure and Mission cards: a table per card, with its text and star."""
    cards = f.get("cards", list)
    if len(cards) != n:
        raise f.fail("cards", f"must list {n} cards, found {len(cards)}")
    xs, ys, stars, texts = [], [], [], []
    for i, entry in enumerate(cards):
        if not isinstance(entry, dict):
            raise f.fail(f"cards[{i}]", "must be a table")
        card = Fields(entry, f"{f.where}.cards[{i}]")
        texts.append(card.get("text", str))
        starred = bool(entry.get("star", False))
        if d == AVENTURE:
            effect = card.get("effect", str)
            if effect not in EFFECTS:
                raise card.fail("effect", f"must be one of {', '.join(EFFECTS)}")
            if (effect in STARRED) != starred:
                raise card.fail("star", "bonus and alibi cards, and only they, are starred")
            amount = card.get("amount", int)
            low = 0 if effect == "alibi" else 1
            if not low <= amount <= (6 if effect == "advance" else 100_000):
                raise card.fail("amount", "out of range")
            xs.append(amount)
            ys.append(EFFECTS.index(effect))
        else:
            men = card.get("men", int)
            if not 1 <= men <= 50:
                raise card.fail("men", "must be from 1 to 50")
            xs.append(men)
            ys.append(card.get("reward", int))
        stars.append(starred)
    add(d, xs, ys, stars, texts)  # type: ignore[operator]


@cache
def default_components() -> Components:
    """The shipped components (cached: they never change during a run)."""
    return load_components(DEFAULT_COMPONENTS)


@cache
def components_from(path: str) -> Components:
    """A user's components file, or the shipped one for ``""`` (cached per path)."""
    return load_components(path) if path else default_components()
