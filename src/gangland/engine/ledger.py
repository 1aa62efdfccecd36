"""Money moved by the bank, logged so that every seat's cash can be audited from the events.

Games where players hold cash (Gangster 1994, Gangsters) route every change through
:func:`gain` and :func:`pay`. Each returns ``gain``/``pay`` events whose ``data`` carries
``seat`` and ``amount``, so a test (or a suspicious player) can check that cash equals the
start plus every logged gain minus every logged payment. Nobody's cash ever goes below
zero: a payment takes what there is and says how much that was.

They are functions of the cash list, not a mixin class, so that a game's state stays a
single chain of classes: mypyc compiles a class only with its bases and refuses one with
two (docs/speed.md).

>>> cash = [500, 0]
>>> [e.data for e in gain(cash, 1, 300, "a tip")]
[{'seat': 1, 'amount': 300}]
>>> paid, events = pay(cash, 0, 800, "a fine")
>>> paid, cash, events[0].text
(500, [0, 300], 'P1 pays $500: a fine.')
>>> gain(cash, 1, 100, "stepped", quiet=True), pay(cash, 1, 50, "stepped", quiet=True), cash
([], (50, []), [0, 350])
"""

from __future__ import annotations

from .events import Event
from .labels import seat_label

__all__ = ["gain", "pay"]


def gain(cash: list[int], seat: int, amount: int, why: str,
         quiet: bool = False) -> list[Event]:
    """The bank (or a rival, named in ``why``) pays ``seat``; logged as a gain.

    Nothing happens and nothing is logged for an amount of zero or less. ``quiet`` (a
    state being stepped, ``State.step``): the cash moves, and nothing is logged.
    """
    if amount <= 0:
        return []
    cash[seat] += amount
    if quiet:
        return []
    return [Event("gain", f"{seat_label(seat)} collects ${amount:,}: {why}.",
                  data={"seat": seat, "amount": amount})]


def pay(cash: list[int], seat: int, amount: int, why: str,
        quiet: bool = False) -> tuple[int, list[Event]]:
    """``seat`` pays up to ``amount`` (all its cash if less); returns what was paid.
    ``quiet``: as for :func:`gain`."""
    paid = min(amount, cash[seat])
    if paid <= 0:
        return 0, []
    cash[seat] -= paid
    if quiet:
        return paid, []
    return paid, [Event("pay", f"{seat_label(seat)} pays ${paid:,}: {why}.",
                        data={"seat": seat, "amount": paid})]
