"""The values a crowded verb's number arguments may take now, summed up in words.

A menu that groups 16 bids under ``bid AMOUNT (16 legal)`` leaves a person guessing which
amounts those are. This sums them up from the legal actions themselves: a run with one
step reads ``$300 to $1,800, in steps of $100``, anything else is listed (cut short when
long). The game's text module may format a value (``format_value(verb, arg, value)``:
dollars for a bid); otherwise it is the plain number.

>>> from gangland.engine import Action, Arg, Verb
>>> bid = Verb("bid", Arg("amount", low=100, high=99_900))
>>> number_ranges(bid, [Action("bid", (v,)) for v in range(300, 1900, 100)])
['amount: 300 to 1800, in steps of 100']
>>> number_ranges(bid, [Action("bid", (v,)) for v in (2, 3, 7)])
['amount: 2, 3 or 7']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import pairwise

from gangland.engine import Action, Verb

ValueFormat = Callable[[str, str, int], str]
SHOWN = 12  # values listed at most when they are not one even run


def _plain(verb: str, arg: str, value: int) -> str:
    return str(value)


def number_ranges(verb: Verb, actions: Sequence[Action],
                  fmt: ValueFormat | None = None) -> list[str]:
    """One line per number argument of ``verb``: the values it takes in ``actions``."""
    fmt = fmt or _plain
    lines = []
    for i, arg in enumerate(verb.args):
        if arg.choices or arg.pattern:
            continue
        values = sorted({int(a.args[i]) for a in actions if isinstance(a.args[i], int)})
        if not values:
            continue
        words = [fmt(verb.name, arg.name, v) for v in values]
        steps = {b - a for a, b in pairwise(values)}
        if len(values) > 2 and len(steps) == 1:
            [step] = steps
            text = f"{words[0]} to {words[-1]}, in steps of {fmt(verb.name, arg.name, step)}"
        elif len(values) == 1:
            text = words[0]
        elif len(values) <= SHOWN:
            text = ", ".join(words[:-1]) + " or " + words[-1]
        else:
            text = ", ".join(words[:SHOWN]) + f" and {len(values) - SHOWN} more"
        lines.append(f"{arg.name}: {text}")
    return lines
