"""Gangsters' action language: one small decision per action.

Spaces are written as tokens a person can find on the map: a building by its two-letter map
code (``hh`` is the Hawthorne Hotel), a street space by its grid cell ``ROW.COL`` (``5.16``;
where a bridge crosses a street, the street beneath is ``5.16u``). Facings are ``north``,
``east``, ``south``, ``west``, or ``inside`` for a building.

Setup: ``joint B`` (pick a starting joint), ``gang R T V`` (the secret gang: Racketeers,
Thugs, Vamp), ``start R T V`` (the secret starting joint, 1-3, of each piece; 0 for none).

A turn: ``buy`` / ``improve`` / ``sell B`` / ``offer P`` (then ``give B``, ``take B``,
``pay X``, ``ask X``, ``propose`` or ``cancel``; the other player ``accept``s or
``decline``s) / ``equip wheels|heaters|siren`` / ``discard`` (the Untouchable badge),
``release C`` (a badge returned to take a Donut marker off), then ``roll``. The cops:
``bribe``, ``patrol``, ``cop C SPACE FACING``, ``transfer C SPACE`` (then ``exit K``),
``flip`` (a Donut marker), or ``pass`` when no cop can be bribed or moved; in the
five-player game a gang may ``defer`` to the Commissioner; other players answer a cop move
with ``allow`` or ``reveal``. Movement: ``move KIND SPACE FACING STATUS``,
``wheels KIND SPACE FACING STATUS``, ``public K SPACE FACING``, ``newpublic``,
``recruit KIND N``, ``place B``, ``seduce P KIND``, ``done``. Shootouts: ``hit P`` /
``hit cops`` / ``hold``, ``bust P KIND``, ``aim P`` / ``aim cops``, ``absorb KIND`` /
``absorb guard``.

>>> str(GRAMMAR.parse("MOVE thug 5.16 North criminal"))
'move thug 5.16 north criminal'
"""

from __future__ import annotations

from gangland.engine import Action, Arg, Grammar, Verb

from .city import City
from .components import FACES, KINDS

FACINGS = (*FACES, "inside")
STATUS = ("criminal", "citizen")
_MAX_CASH = 10_000_000


def tokens(city: City) -> tuple[str, ...]:
    """The token of every space id, in id order (see the module docstring)."""
    out = []
    for s in range(len(city.names)):
        if not city.street[s]:
            out.append(city.code[s].lower())
            continue
        row, col = city.cell[s]
        shared = city.at(row, col) != city.at(row, col, beneath=True)
        under = shared and city.at(row, col, beneath=True) == s
        out.append(f"{row}.{col}" + ("u" if under else ""))
    return tuple(out)


def aliases(city: City) -> dict[str, str]:
    """Other words for a space, as a person reads them off the drawn map, to its token.

    A street space covering several cells (Subway 5 is drawn ``#5`` on cells 14.4 and
    14.5) is every one of its cells, and subway N is also its drawn ``#N``. Only parsing
    reads these: an action's text, and so every record, keeps the one token.

    >>> from .city import default_city
    >>> found = aliases(default_city())
    >>> found["14.5"], found["#5"], found["#1"]
    ('14.4', '14.4', '2.8')
    """
    names = tokens(city)
    known = set(names)
    out = {}
    for s in range(len(city.names)):
        if city.street[s]:
            for row, col in city.cells[s][1:]:
                if f"{row}.{col}" not in known:
                    out[f"{row}.{col}"] = names[s]
    for k, s in enumerate(city.subway):
        out[f"#{k + 1}"] = names[s]
    return out


#: A space token: a building's code or a street cell (see the module docstring).
SPACE = r"[a-z][a-z0-9]|\d{1,3}\.\d{1,3}u?"


def _grammar() -> Grammar:
    space = Arg("space", pattern=SPACE)
    kind = Arg("kind", choices=KINDS)
    player = Arg("player", low=1, high=5)
    return Grammar([
        Verb("joint", space),
        Verb("gang", Arg("racketeers", low=0, high=10), Arg("thugs", low=0, high=10),
             Arg("vamps", low=0, high=1)),
        Verb("start", Arg("racketeer", low=0, high=3), Arg("thug", low=0, high=3),
             Arg("vamp", low=0, high=3)),
        Verb("buy"), Verb("improve"), Verb("sell", space),
        Verb("offer", player), Verb("give", space), Verb("take", space),
        Verb("pay", Arg("amount", low=100, high=_MAX_CASH)),
        Verb("ask", Arg("amount", low=100, high=_MAX_CASH)),
        Verb("propose"), Verb("cancel"), Verb("accept"), Verb("decline"),
        Verb("equip", Arg("what", choices=("wheels", "heaters", "siren"))),
        Verb("wheels", kind, space, Arg("facing", choices=FACINGS),
             Arg("status", choices=STATUS)),
        Verb("discard"), Verb("roll"),
        Verb("bribe"), Verb("patrol"), Verb("pass"), Verb("defer"), Verb("flip"),
        Verb("release", Arg("cop", low=1, high=20)),
        Verb("cop", Arg("cop", low=1, high=20), space, Arg("facing", choices=FACINGS)),
        Verb("transfer", Arg("cop", low=1, high=20), space),
        Verb("exit", Arg("subway", low=1, high=6)),
        Verb("allow"), Verb("reveal"),
        Verb("move", kind, space, Arg("facing", choices=FACINGS),
             Arg("status", choices=STATUS)),
        Verb("public", Arg("piece", low=1, high=4), space, Arg("facing", choices=FACINGS)),
        Verb("newpublic"),
        Verb("recruit", kind, Arg("count", low=1, high=10)),
        Verb("place", space),
        Verb("seduce", player, kind),
        Verb("done"),
        Verb("hit", Arg("target", choices=("1", "2", "3", "4", "5", "cops"))),
        Verb("hold"),
        Verb("bust", player, kind),
        Verb("aim", Arg("target", choices=("1", "2", "3", "4", "5", "cops"))),
        Verb("absorb", Arg("what", choices=(*KINDS, "guard"))),
    ])


GRAMMAR = _grammar()


#: Actions without arguments, built once.
ROLL, BUY, IMPROVE, PROPOSE, CANCEL, ACCEPT, DECLINE, DISCARD, BRIBE, PATROL, PASS, ALLOW, \
    REVEAL, NEWPUBLIC, DONE, HOLD, DEFER, FLIP = (Action(v) for v in (
        "roll", "buy", "improve", "propose", "cancel", "accept", "decline", "discard",
        "bribe", "patrol", "pass", "allow", "reveal", "newpublic", "done", "hold", "defer",
        "flip"))
#: ``offer P`` by the partner's seat (``OFFER_TO[seat]``) and ``equip WHAT`` by the kind
#: that carries it (``EQUIP[kind]``): the Buy Phase lists them at nearly every turn.
OFFER_TO = tuple(Action("offer", (seat + 1,)) for seat in range(5))
EQUIP = tuple(Action("equip", (what,)) for what in ("wheels", "heaters", "siren"))
