"""Gangster City in the terminal: a seat's view drawn with Rich.

This module renders a *view* (``state.view(seat)``), never a state: whatever it prints is
by construction something that seat may know. Every game offers the same two functions,
which the command line finds by importing ``gangland.games.<id>.text``:

- ``render_view(view, options)``: the whole table as one Rich renderable;
- ``describe_action(action, options)``: an action with what it refers to spelled out.

``options`` are the game's (public) options; Gangster City needs them only for the card
numbering, which a components file may change.

>>> import io
>>> from rich.console import Console
>>> import gangland
>>> state = gangland.load("gangster-city").new_game(players=3, seed=7)
>>> console = Console(width=100, record=True, color_system=None, file=io.StringIO())
>>> console.print(render_view(state.view(0), state.options))
>>> "hidden" in console.export_text()
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from gangland.engine import Action, OptionValue, counted, seat_label

from .cards import Deck, deck_from, default_deck

__all__ = ["card_label", "describe_action", "prompt_commands", "render_compact", "render_view"]

LOG_LINES = 10  # arrests listed under the table; older ones stay in the history


def _deck(options: Mapping[str, OptionValue] | None) -> Deck:
    """The deck whose numbering the view's card numbers refer to."""
    path = (options or {}).get("components") or ""
    return deck_from(str(path)) if path else default_deck()


def card_label(number: int, options: Mapping[str, OptionValue] | None = None) -> str:
    """``#17 Entertainer, Syringe, Hotel Room, Money`` for card number 17 (1..54).

    >>> card_label(17)
    '#17 Entertainer, Syringe, Hotel Room, Money'
    """
    return _deck(options).label(number - 1)


def describe_action(action: Action, options: Mapping[str, OptionValue] | None = None) -> str:
    """The action's text, with the card it takes named in full.

    >>> describe_action(Action("investigate", (17,)))
    'investigate 17  (take #17 Entertainer, Syringe, Hotel Room, Money)'
    >>> describe_action(Action("draw"))
    'draw  (turn over the top card of the pile)'
    """
    if action.kind == "investigate":
        number = int(action.args[0])
        # (the middle is where investigate takes from: said, the longest card's line runs
        # past 80 columns in the menu)
        return f"{action}  (take {card_label(number, options)})"
    if action.kind == "draw":
        return f"{action}  (turn over the top card of the pile)"
    return str(action)


def render_view(
    view: Mapping[str, Any], options: Mapping[str, OptionValue] | None = None
) -> RenderableType:
    """The whole position as the viewing seat may see it (table game or solo case)."""
    if view.get("mode") == "case":
        return _render_case(view, options)
    return _render_table(view, options)


# ----- the table game ---------------------------------------------------------------------


def _who(seat: int, viewer: int | None) -> str:
    """``P2`` or ``P2 (you)``."""
    return seat_label(seat) + (" (you)" if seat == viewer else "")


def _status_line(view: Mapping[str, Any]) -> Text:
    """Turn, who is to move or who won, and the variant in play."""
    viewer = view.get("seat")
    variant = f"first to {counted(view['cases_to_win'], 'solved case')} wins"
    if view.get("experienced"):
        variant += "; a second wrong arrest puts a detective out"
    if view["terminal"]:
        winners = view["winners"]
        who = ", ".join(_who(s, viewer) for s in winners) if winners else "nobody"
        head = Text(f"Game over after {counted(view['turn'], 'turn')}. Winner: {who}.",
                    style="bold")
    else:
        head = Text(
            f"Turn {view['turn'] + 1}: {_who(view['to_move'], viewer)} to move.", style="bold"
        )
    return Text.assemble(head, f"  ({variant})")


def _case_cell(s: int, stand: Mapping[str, Any], view: Mapping[str, Any],
               options: Mapping[str, OptionValue] | None) -> Text:
    """What the seat's card stand shows to the viewer."""
    viewer = view.get("seat")
    if stand["out"]:
        return Text("out of the game", style="dim")
    if stand["case"] is not None:
        mine = " (your case)" if s == viewer else ""
        return Text(card_label(stand["case"], options) + mine, style="bold")
    if view["terminal"]:  # (every case is shown at the end: the stand's last one was solved)
        return Text("none (the last case was solved)", style="dim")
    if s == viewer:
        return Text("hidden (your own case)", style="italic")
    if viewer is None:  # (spectators see no case during play: decision 9)
        return Text("hidden", style="italic")
    return Text("none", style="dim")


def _clue_lines(pairs: Sequence[Sequence[int]], options: Mapping[str, OptionValue] | None
                ) -> RenderableType:
    """Clue cards with their match counts, packed into columns when the screen is wide."""
    if not pairs:
        return Text("Clue cards: none", style="dim")
    items = [Text.assemble((f"{k} of 4", "bold"), "  ", card_label(n, options)) for n, k in pairs]
    return Group(Text("Clue cards (how many elements match the case):"),
                 Columns(items, padding=(0, 4)))


def _stand(s: int, stand: Mapping[str, Any], view: Mapping[str, Any],
           options: Mapping[str, OptionValue] | None) -> Panel:
    """One detective's card stand: case card, clues, wrong arrests of this case, solved."""
    viewer = view.get("seat")
    title = _who(s, viewer) + (" - to move" if s == view["to_move"] else "")
    summary = Text.assemble(
        "Case card: ", _case_cell(s, stand, view, options),
        f"   Solved: {len(stand['solved'])}   Wrong arrests: {stand['wrong_arrests']}",
    )
    parts: list[RenderableType] = [summary, _clue_lines(stand["clues"], options)]
    if stand["refuted"]:
        parts.append(Text("Ruled out by wrong arrests: " + "; ".join(
            card_label(n, options) for n in stand["refuted"])))
    if stand["solved"]:
        parts.append(Text("Solved cases: " + "; ".join(
            card_label(n, options) for n in stand["solved"])))
    return Panel(Group(*parts), title=title, title_align="left",
                 border_style="bold" if s == view["to_move"] else "")


def _middle_and_piles(view: Mapping[str, Any], options: Mapping[str, OptionValue] | None) -> Group:
    """The three face-up cards, the draw pile (and its contents once public), the discards."""
    middle = Text("\n".join(
        "  " + (card_label(n, options) if n is not None else "(empty)") for n in view["middle"]
    ))
    pile = view["pile"]
    pile_text = Text(f"Draw pile: {counted(pile['size'], 'card')} face down")
    if pile["cards"] is not None:
        cards = ", ".join(f"#{n}" for n in pile["cards"])
        mixed = pile.get("with_cases_of") or []
        if not mixed:
            pile_text.append(f"; made from the shuffled discards, so its cards are known: {cards}")
        else:
            whose = "your case" if mixed == [view["seat"]] else "the case of " + ", ".join(
                seat_label(s) for s in mixed)
            pile_text.append(
                f"; made from the shuffled discards: it and {whose}, dealt from it, "
                f"are these cards: {cards}"
            )
    parts: list[RenderableType] = [Text("Middle of the table (face up):", style="bold"),
                                   middle, pile_text]
    discard = view["discard"]
    if discard:
        parts.append(Text(f"Discard pile ({len(discard)} face up):", style="bold"))
        parts.append(Columns([card_label(n, options) for n in discard], padding=(0, 3)))
    else:
        parts.append(Text("Discard pile: empty"))
    return Group(*parts)


def _arrest_log(view: Mapping[str, Any], options: Mapping[str, OptionValue] | None) -> Text:
    """The latest arrests, right or wrong (public); each stand keeps its own case's."""
    arrests = view["arrests"]
    if not arrests:
        return Text("Arrests: none yet.")
    viewer = view.get("seat")
    shown = arrests[-LOG_LINES:]
    lines = [
        f"  {_who(s, viewer)} arrested {card_label(n, options)}: {'solved' if ok else 'wrong'}"
        for s, n, ok in shown
    ]
    head = "Arrests:" if len(shown) == len(arrests) else (
        f"Arrests ({len(arrests)}, the last {len(shown)} shown):")
    return Text(head + "\n" + "\n".join(lines))


def _render_table(view: Mapping[str, Any], options: Mapping[str, OptionValue] | None) -> Group:
    return Group(
        _status_line(view),
        *(_stand(s, stand, view, options) for s, stand in enumerate(view["stands"])),
        _middle_and_piles(view, options),
        _arrest_log(view, options),
    )


# ----- a solo or co-operative case --------------------------------------------------------


def _render_case(view: Mapping[str, Any], options: Mapping[str, OptionValue] | None) -> Group:
    """The case's clues, the arrests tried, and the outcome once it is over."""
    viewer = view.get("seat")
    head = Text(f"Unsolved case ({view['difficulty']})", style="bold")
    if view.get("experienced"):
        head.append("  - " + _case_variant(view["players"]))
    clues = Table()
    clues.add_column("Clue card")
    clues.add_column("Matches", justify="right")
    for number, count in view["clues"]:
        clues.add_row(card_label(number, options), f"{count} of 4")
    parts: list[RenderableType] = [
        head, Text("Each clue card shares this many elements with the culprit's card:"), clues,
    ]
    if view["arrests"]:
        lines = [
            f"  {_who(s, viewer)} arrested {card_label(n, options)}: "
            + ("solved!" if ok else "wrong")
            for s, n, ok in view["arrests"]
        ]
        parts.append(Text("Arrests:\n" + "\n".join(lines)))
    else:
        parts.append(Text("Arrests: none yet."))
    parts += case_footer(view, card_label(view["solution"], options)
                         if view["terminal"] else "")
    return Group(*parts)


def case_footer(view: Mapping[str, Any], culprit: str) -> list[Text]:
    """The closing lines of a solo or co-operative case, in the full and the compact
    table alike: each detective's wrong arrests (or out), then the outcome with the
    ``culprit`` named, or who makes the next arrest."""
    viewer = view.get("seat")
    lines = []
    if view.get("experienced") and view["players"] > 1 and "out" in view:
        lines.append(Text("Detectives: " + ", ".join(
            _who(s, viewer) + (": out" if out else f": {wrong} wrong")
            for s, (wrong, out) in enumerate(zip(view["wrong_arrests"], view["out"],
                                                 strict=True)))))
    if view["terminal"]:
        outcome = "Solved" if view["winners"] else "Lost"
        lines.append(Text(f"{outcome}. The culprit was {culprit}.", style="bold"))
    elif view["players"] > 1:
        lines.append(Text(f"{_who(view['to_move'], viewer)} to make the next arrest."))
    return lines


def _case_variant(players: int) -> str:
    """The experienced variant in a case: per detective, as in the rulebook."""
    if players == 1:
        return "a second wrong arrest loses the case"
    return "a detective's second wrong arrest puts them out; all out loses the case"


# The compact table's module reads this one's helpers, so it is imported when first used.
def render_compact(view: Mapping[str, Any],
                   options: Mapping[str, OptionValue] | None = None) -> RenderableType:
    """The table for a small terminal, every fact in fewer lines (see :mod:`.text_compact`)."""
    from .text_compact import render_compact as compact
    return compact(view, options)


def prompt_commands() -> dict[str, tuple[str, Callable[[Mapping[str, Any], Mapping[
        str, OptionValue] | None, str], RenderableType]]]:
    """The terminal's hook: ``legend`` and ``cards`` (see :mod:`.text_compact`)."""
    from .text_compact import prompt_commands as commands
    return commands()
