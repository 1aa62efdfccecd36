"""Gangster City on a small terminal: every fact of :mod:`.text`, one line a detective.

The terminal asks for it (``render_compact``) under 100 columns or 30 rows. There the full
table (a panel of three lines or more for each detective, a line for each face-up card,
discard and arrest) leaves no room for the menu, whose three investigations, draw and
typed arrest take seven of the 24 rows. This one keeps the same facts, more tersely:

- a card is its number and a four-letter code of its elements in the order suspect,
  weapon, scene, motive (``25 SKTM``: Scientist, Knife, Theater, Money); the code is given
  where the elements help the viewer deduce (the middle, the cases on the stands, the
  viewer's own clues), elsewhere the number alone;
- one row a detective: who (``>`` to move), the case on the stand, the cases solved, the
  wrong arrests, and the clue cards with their matches (``16=2``) and the cards ruled out
  by a wrong arrest of this case (``x21``);
- the middle, the draw pile, the discards and the latest arrests (``P2 19 ok``, ``P4 21
  wrong``) run on in one paragraph, one line at the start, three late in the game.

Runs of items (the clue cards, the paragraph) are packed into lines here, for 80 columns,
so that no card or arrest is split across two lines (Rich would wrap at any space).

``legend`` at the prompt says what every abbreviation means and ``cards`` lists the 54
cards by their elements.

>>> import io
>>> from rich.console import Console
>>> import gangland
>>> state = gangland.load("gangster-city").new_game(players=5, seed=7)
>>> console = Console(width=80, record=True, color_system=None, file=io.StringIO())
>>> console.print(render_compact(state.view(0), state.options))
>>> lines = console.export_text().splitlines()
>>> len(lines), max(map(len, lines)) <= 80
(8, True)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from gangland.engine import OptionValue, counted, seat_label

from . import text as full
from .cards import Deck

View = Mapping[str, Any]
LINE = 80  # the width the compact table is laid out for
Options = Mapping[str, OptionValue] | None

LEGEND = """\
The compact table (under 100 columns or 30 rows):
  25 SKTM     card 25 and its elements: suspect, weapon, scene, motive, each by
              its first letter (the lines below); cards lists all 54
  >           the detective to move
  Case        the case card on the stand (hidden: your own; none: no card now)
  Solved      the cases each detective has solved, by card number
  Wrong       how many wrong arrests the detective has made
  Clues       16=2: clue card 16 shares 2 of its 4 elements with the case on
              that stand; x21: ruled out for that case by a wrong arrest of 21
  Middle      the face-up cards that investigate N takes (- an empty place)
  Pile        how many cards the draw pile holds, face down (once it is rebuilt
              from the discards, its cards); Discard: the discard pile, face up
  Arrests     the latest arrests, oldest first: P2 19 ok (solved), P4 21 wrong"""


def codes(deck: Deck) -> tuple[dict[str, str], ...]:
    """Each category's element words and their one-letter codes.

    >>> from .cards import default_deck
    >>> codes(default_deck())[2]
    {'theater': 'T', 'street': 'S', 'hotel-room': 'H'}
    """
    found = tuple({word: word[0].upper() for word in words} for words in deck.elements)
    if any(len(set(c.values())) != len(c) for c in found):
        raise ValueError("two elements of one category share a first letter")
    return found


def card_code(number: int, deck: Deck) -> str:
    """``25 SKTM``: the card's number and the first letters of its elements.

    >>> from .cards import default_deck
    >>> card_code(25, default_deck())
    '25 SKTM'
    """
    letters = codes(deck)
    return f"{number} " + "".join(
        letters[k][word] for k, word in enumerate(deck.words(number - 1)))


def _numbers(numbers: Sequence[int]) -> str:
    return " ".join(str(n) for n in numbers) or "-"


def _heading(view: View) -> Text:
    """Turn, who moves or who won, and the variant (as the full table's first line)."""
    viewer = view.get("seat")
    variant = f"first to {counted(view['cases_to_win'], 'case')} wins"
    if view.get("experienced"):
        variant += "; a 2nd wrong arrest: out"
    if view["terminal"]:
        winners = view["winners"]
        who = ", ".join(full._who(s, viewer) for s in winners) if winners else "nobody"
        return Text.assemble((f"Game over after {counted(view['turn'], 'turn')}. Winner: "
                              f"{who}.", "bold"), f" ({variant})")
    return Text.assemble((f"Turn {view['turn'] + 1}: {full._who(view['to_move'], viewer)} "
                          "to move", "bold"), f" ({variant})")


def _case(s: int, stand: Mapping[str, Any], view: View, deck: Deck) -> Text:
    """The case card on the stand as the viewer sees it (see ``text._case_cell``)."""
    if stand["out"]:
        return Text("out", style="dim")
    if stand["case"] is not None:
        return Text(card_code(stand["case"], deck), style="bold")
    if view["terminal"] or (s != view.get("seat") and view.get("seat") is not None):
        return Text("none", style="dim")
    return Text("hidden", style="italic")


def _clues(s: int, stand: Mapping[str, Any], view: View, deck: Deck) -> list[Text]:
    """``16=2`` ``4=0`` ``x21``; the viewer's own clue cards with their elements."""
    mine = s == view.get("seat")
    items = [f"{card_code(n, deck) if mine else n}={k}" for n, k in stand["clues"]]
    items += [f"x{n}" for n in stand["refuted"]]
    return [Text((" " if mine and i else "") + x) for i, x in enumerate(items)] or [Text("-")]


def _stands(view: View, deck: Deck) -> Table:
    """A row a detective; its clue cards run on under their heading, none broken apart
    (the columns before them are as wide as their widest cell)."""
    headers = ("Detective", "Case", "Solved", "Wrong", "Clues (card=matches, x ruled out)")
    viewer = view.get("seat")
    rows: list[tuple[bool, list[Text], list[Text]]] = []
    for s, stand in enumerate(view["stands"]):
        moving = s == view["to_move"] and not view["terminal"]
        who = (">" if moving else " ") + seat_label(s) + (" you" if s == viewer else "")
        rows.append((moving, [Text(who), _case(s, stand, view, deck),
                              Text(_numbers(stand["solved"])), Text(str(stand["wrong_arrests"]))],
                     _clues(s, stand, view, deck)))
    gap = 2
    table = Table(box=None, show_edge=False, pad_edge=False, padding=(0, gap, 0, 0),
                  header_style="bold underline")
    for header in headers:
        table.add_column(header, no_wrap=True)
    used = sum(max(len(h), *(cells[i].cell_len for _, cells, _ in rows)) + gap
               for i, h in enumerate(headers[:-1]))
    room = max(LINE - used, len(headers[-1]))
    for moving, cells, clues in rows:
        table.add_row(*cells, _packed(clues, room), style="bold" if moving else None)
    return table


def _packed(items: Sequence[Text], line: int = LINE) -> Text:
    """The items run on in lines of ``line`` columns, none broken across two; an
    item's leading spaces (a wider gap before it) are dropped at the start of a line.

    >>> _packed([Text("Pile 4"), Text(" Discard (1) 9")]).plain
    'Pile 4  Discard (1) 9'
    """
    text = Text()
    width = 0
    for item in items:
        if width and width + 1 + item.cell_len <= line:
            text.append(" ")
            width += 1
        elif width:
            text.append("\n")
            item = item[len(item.plain) - len(item.plain.lstrip(" ")):]
            width = 0
        text.append_text(item)
        width += item.cell_len
    return text


def _group(label: str, items: Sequence[str], first: bool = False) -> list[Text]:
    """``Middle 42 TRHL,`` ``52 TSSL``: a label kept with its first item, the rest apart."""
    head = Text("" if first else " ")
    head.append(label, "bold")
    head.append(" " + items[0])
    return [head, *(Text(x) for x in items[1:])]


def _piles(view: View, deck: Deck) -> Text:
    """The middle, the draw pile (and its cards once public), the discards and the latest
    arrests (as many as the full table lists, oldest first), run on as one paragraph with
    no card or arrest broken across two lines."""
    middle = [card_code(n, deck) if n is not None else "-" for n in view["middle"]]
    items = _group("Middle", [x + "," for x in middle[:-1]] + middle[-1:], first=True)
    pile = view["pile"]
    pile_text = [str(pile["size"])]
    if pile["cards"] is not None:
        mixed = pile.get("with_cases_of") or []
        if not mixed:
            pile_text[0] += " cards, known:"
        else:
            whose = "your case" if mixed == [view["seat"]] else " and ".join(
                f"{seat_label(s)}'s case" for s in mixed)
            pile_text[0] += f" cards; it and {whose} are:"
        pile_text += [str(n) for n in pile["cards"]]
    items += _group("Pile", pile_text)
    discard = view["discard"]
    items += _group("Discard", [f"({len(discard)})", *map(str, discard)] if discard
                    else ["empty"])
    return _packed(items + _arrests(view))


def _arrests(view: View, solved: str = "ok") -> list[Text]:
    """The latest arrests: ``P2 19 ok``, ``P4 21 wrong``."""
    arrests = view["arrests"]
    shown = arrests[-full.LOG_LINES:] if view.get("mode") != "case" else arrests
    label = "Arrests" if len(shown) == len(arrests) else (
        f"Arrests ({len(arrests)}, the last {len(shown)})")
    said = [f"{seat_label(s)} {n} {solved if ok else 'wrong'}" for s, n, ok in shown]
    return _group(label, [x + "," for x in said[:-1]] + said[-1:] or ["none yet"],
                  first=view.get("mode") == "case")


def render_compact(view: View, options: Options = None) -> RenderableType:
    """The whole table for a small terminal: every fact of ``render_view``, in fewer lines
    (``legend`` at the prompt explains the abbreviations)."""
    deck = full._deck(options)
    if view.get("mode") == "case":
        return _render_case(view, deck)
    return Group(_heading(view), _stands(view, deck), _piles(view, deck))


def _render_case(view: View, deck: Deck) -> Group:
    """A solo or co-operative case: the clues in full (they are few), one line for the
    arrests and one for the detectives."""
    head = Text(f"Unsolved case ({view['difficulty']})", style="bold")
    if view.get("experienced"):
        head.append(": a 2nd wrong arrest " + ("loses the case" if view["players"] == 1
                                                else "puts a detective out; all out lose"))
    parts: list[RenderableType] = [
        head, Text("Clue cards (how many elements each shares with the culprit's card):")]
    parts += [Text(f"  {count} of 4  {deck.label(number - 1)}")
              for number, count in view["clues"]]
    parts.append(_packed(_arrests(view, solved="solved!")))
    parts += full.case_footer(view, deck.label(view["solution"] - 1)
                              if view["terminal"] else "")
    return Group(*parts)


def render_legend(view: View, options: Options, rest: str) -> RenderableType:
    """The prompt's ``legend``: what the compact table's abbreviations mean."""
    deck = full._deck(options)
    lines = [Text(LEGEND)]
    for category, letters in zip(("suspect", "weapon", "scene", "motive"), codes(deck),
                                 strict=True):
        lines.append(Text(f"  {category:<11} " + ", ".join(
            f"{code} {word.replace('-', ' ')}" for word, code in letters.items())))
    return Group(*lines)


def render_cards(view: View, options: Options, rest: str) -> RenderableType:
    """The prompt's ``cards``: the 54 cards by their elements, a row for each suspect and
    weapon, a column for each scene and motive (a card is its number there)."""
    deck = full._deck(options)
    suspects, weapons, scenes, motives = deck.elements
    table = Table(box=None, pad_edge=False, padding=(0, 1, 0, 0), header_style="bold")
    table.add_column("", no_wrap=True)
    table.add_column("", no_wrap=True)
    columns = [(p, m) for p in range(len(scenes)) for m in range(len(motives))]
    for p, m in columns:
        table.add_column(f"{scenes[p].replace('-', ' ')}\n{motives[m]}", justify="right",
                         no_wrap=True)
    for s, suspect in enumerate(suspects):
        for w, weapon in enumerate(weapons):
            table.add_row(suspect if w == 0 else "", weapon, *(
                str(deck.by_elements[(s, w, p, m)] + 1) for p, m in columns))
    return table


def prompt_commands() -> dict[str, tuple[str, Callable[[View, Options, str], RenderableType]]]:
    """The terminal's hook: Gangster City's own prompt commands (see ``terminal.listing``)."""
    return {"legend": ("what the compact table's abbreviations mean", render_legend),
            "cards": ("the 54 cards by their elements: suspect and weapon, scene and motive",
                      render_cards)}
