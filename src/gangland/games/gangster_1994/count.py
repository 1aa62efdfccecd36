"""The final count in words: one player's assets term by term, and how the winner was found.

Pure functions of the count's figures (:meth:`TableBase.count`), so the log's events, the
terminal and any other reader say the same sums the same way.

>>> line({"seat": 1, "cash": 1000, "jewels": 0, "half": 0, "dossiers": 1,
...       "penalty": 2500, "total": -1500, "assets": 0})
'P2: cash $1,000 - 1 Dossier $2,500 = -$1,500, so $0 (nobody goes below $0).'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gangland.engine import counted, seat_label

__all__ = ["dollars", "line", "verdict"]


def dollars(n: int) -> str:
    """$1,500 or -$1,500."""
    return f"-${-n:,}" if n < 0 else f"${n:,}"


def line(count: Mapping[str, Any]) -> str:
    """One player's count: cash, plus half the jewels, less the Dossiers, the sum, and the
    $0 floor when the sum is below it."""
    terms = [f"cash {dollars(count['cash'])}"]
    if count["jewels"]:
        terms.append(f"+ half of {dollars(count['jewels'])} in jewels {dollars(count['half'])}")
    if count["dossiers"]:
        terms.append(f"- {counted(count['dossiers'], 'Dossier')} {dollars(count['penalty'])}")
    text = f"{seat_label(count['seat'])}: {' '.join(terms)}"
    if len(terms) > 1:
        text += f" = {dollars(count['total'])}"
    if count["total"] < 0:
        text += ", so $0 (nobody goes below $0)"
    return text + "."


def verdict(counts: Sequence[Mapping[str, Any]], winners: Sequence[int]) -> str:
    """Who wins and why: the most money, then among those tied the most men.

    >>> c = [{"seat": 0, "assets": 500, "men": 1}, {"seat": 1, "assets": 500, "men": 3}]
    >>> verdict(c, [1])
    'P1 and P2 tie at $500; P2 has the most men (3) and wins.'
    """
    best = max(c["assets"] for c in counts)
    tied = [c for c in counts if c["assets"] == best]
    names = _names([seat_label(w) for w in winners])
    if len(tied) == 1:
        return f"{names} wins with {dollars(best)}."
    tie = f"{_names([seat_label(c['seat']) for c in tied])} tie at {dollars(best)}"
    men = max(c["men"] for c in tied)
    if len(winners) == 1:
        return f"{tie}; {names} has the most men ({men}) and wins."
    return f"{tie} and the most men ({men} each): {names} share the win."


def _names(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
