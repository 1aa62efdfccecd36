"""The legal actions offered at the prompt: numbered when few, grouped by verb when many.

Gangster City offers up to 54 arrests on every turn; listing 54 numbered lines would bury
the three investigations. So when a turn has more than :data:`LIMIT` actions, the verbs
with only a few legal actions stay numbered and each crowded verb is explained once by its
usage line (``arrest entertainer|scientist|thug ...``), to be typed as text.

>>> import gangland
>>> game = gangland.load("gangster-city")
>>> state = game.new_game(players=3, seed=7)
>>> menu = build_menu(game, state.legal_actions())
>>> [str(a) for a in menu.numbered]
['investigate 46', 'investigate 25', 'investigate 42', 'draw']
>>> [(v.name, n) for v, n in menu.crowded]
[('arrest', 54)]
>>> str(menu.resolve("2", state))
'investigate 25'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from rich.console import Group, RenderableType
from rich.text import Text

from gangland.engine import Action, Game, InvalidAction, State, Verb

from .ranges import number_ranges
from .render import ActionDescriber, Options, describer, hook
from .screen import Flow, hanging

LIMIT = 12  # more legal actions than this: group by verb
FEW = 6  # a verb with at most this many legal actions stays numbered


@dataclass(frozen=True)
class Menu:
    """The numbered actions, and the verbs to be typed as text with their legal counts."""

    game: Game
    numbered: tuple[Action, ...]
    crowded: tuple[tuple[Verb, int], ...]
    #: per crowded verb, the values its number arguments take now (see :mod:`.ranges`)
    ranges: dict[str, list[str]] = field(default_factory=dict)

    def resolve(self, text: str, state: State) -> Action:
        """A number from the menu or action text, as a legal action (else a precise error)."""
        text = text.strip()
        if text.isdigit():
            index = int(text)
            if not 1 <= index <= len(self.numbered):
                if not self.numbered:
                    raise InvalidAction(f"no numbered choices now; type an action ({text!r})")
                raise InvalidAction(
                    f"choose a number from 1 to {len(self.numbered)}, or type an action"
                )
            return self.numbered[index - 1]
        return state.parse_action(text)

    def render(self, options: Options, brief: bool = False) -> RenderableType:
        """The numbered list, then how to type each crowded verb; ``brief``: each action
        as it is typed, not spelled out, side by side (where a small terminal has no room
        for more: ``moves`` spells them out)."""
        lines: list[RenderableType] = []
        width = len(str(len(self.numbered)))
        if brief:  # side by side, as many to a line as fit: a dozen bids take three
            lines.append(Flow(tuple(Text(f"{i}. {action}") for i, action
                                    in enumerate(self.numbered, 1)), indent=2, gap=3))
        else:
            describe: ActionDescriber = describer(self.game)
            for i, action in enumerate(self.numbered, 1):
                lines.append(hanging(f"  {i:>{width}}. ", describe(action, options)))
        for verb, count in self.crowded:  # long lines wrap under their own text
            lines.append(hanging("  Type: ", f"{verb_usage(verb)}   ({count} legal; "
                                             f"moves {verb.name} lists them)"))
            choices = [a for a in verb.args if a.choices]  # side by side where they fit
            lines.append(Flow(tuple(Text(f"{a.name}: " + ", ".join(a.choices), style="dim")
                                    for a in choices), indent=8, gap=3,
                              hangs=tuple(len(a.name) + 2 for a in choices)))
            lines.extend(hanging("        ", line, style="dim")
                         for line in self.ranges.get(verb.name, ()))
        return Group(*lines)


def choices(menu: Menu, options: Options, after: Sequence[RenderableType] = (),
            brief: bool = False) -> list[RenderableType]:
    """The block under the table: its heading, the menu, then ``after`` (the take-back
    offer); ``brief``: the menu's actions as typed, the heading saying how to have them
    spelled out."""
    heading = "Your choices (moves spells them out):" if brief else "Your choices:"
    return [Text(heading, style="bold"), menu.render(options, brief), *after]


def verb_usage(verb: Verb) -> str:
    """``arrest SUSPECT WEAPON SCENE MOTIVE``: argument names, not every choice."""
    return " ".join([verb.name, *(a.name.upper() for a in verb.args)])


def build_menu(game: Game, actions: Sequence[Action], limit: int = LIMIT) -> Menu:
    """Number everything when there are few actions; otherwise group crowded verbs."""
    if len(actions) <= limit:
        return Menu(game, tuple(actions), ())
    by_verb: dict[str, list[Action]] = {}
    for action in actions:
        by_verb.setdefault(action.kind, []).append(action)
    numbered: list[Action] = []
    crowded: list[tuple[Verb, int]] = []
    ranges: dict[str, list[str]] = {}
    for kind, group in by_verb.items():
        verb = game.grammar.verbs.get(kind)
        if len(group) <= FEW or verb is None:
            numbered.extend(group)
        else:
            crowded.append((verb, len(group)))
            ranges[kind] = number_ranges(verb, group, hook(game, "format_value"))
    return Menu(game, tuple(numbered), tuple(crowded), ranges)
