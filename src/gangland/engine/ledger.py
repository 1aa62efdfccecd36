"""Money moved by the bank, logged so that every seat's cash can be audited from the events.

Games where players hold cash (Gangster 1994, Gangsters) route every change through
:meth:`Ledger._gain` and :meth:`Ledger._pay`. Each returns ``gain``/``pay`` events whose
``data`` carries ``seat`` and ``amount``, so a test (or a suspicious player) can check that
cash equals the start plus every logged gain minus every logged payment. Nobody's cash
ever goes below zero: a payment takes what there is and says how much that was.

>>> class Wallet(Ledger):
...     def __init__(self) -> None:
...         self.cash = [500, 0]
>>> w = Wallet()
>>> [e.data for e in w._gain(1, 300, "a tip")]
[{'seat': 1, 'amount': 300}]
>>> paid, events = w._pay(0, 800, "a fine")
>>> paid, w.cash
(500, [0, 300])
"""

from __future__ import annotations

from .events import Event
from .labels import seat_label


class Ledger:
    """A mixin for states with a ``cash`` list, one amount per seat."""

    __slots__ = ()

    cash: list[int]

    def _gain(self, seat: int, amount: int, why: str) -> list[Event]:
        """The bank (or a rival, named in ``why``) pays ``seat``; logged as a gain."""
        if amount <= 0:
            return []
        self.cash[seat] += amount
        return [Event("gain", f"{seat_label(seat)} collects ${amount:,}: {why}.",
                      data={"seat": seat, "amount": amount})]

    def _pay(self, seat: int, amount: int, why: str) -> tuple[int, list[Event]]:
        """``seat`` pays up to ``amount`` (all its cash if less); returns what was paid."""
        paid = min(amount, self.cash[seat])
        if paid <= 0:
            return 0, []
        self.cash[seat] -= paid
        return paid, [Event("pay", f"{seat_label(seat)} pays ${paid:,}: {why}.",
                            data={"seat": seat, "amount": paid})]
