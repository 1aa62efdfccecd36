"""The report's HTML page: the figures written for a person, in sentences and tables.

Every figure is given in its unit and to its grain (money to the dollar with a ``$``,
shares as percentages, counts with their nouns), options as "short = yes" (or "none: the
standard game"), and nothing as raw JSON: ``figures.json`` beside the page holds the
numbers for a program.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import Any

from gangland.engine import Score, counted

from .gamestats import MEASURES, UNITS, WHO_WON
from .report_figures import bots_text, options_text

STYLE = """body{font-family:system-ui,sans-serif;max-width:76rem;margin:1.5rem auto;
padding:0 1rem;line-height:1.45;color:#222}
h1{font-size:1.6rem;margin-bottom:.3rem}h2{font-size:1.25rem;margin-top:2rem}
h3{font-size:1.05rem;margin:1.2rem 0 .3rem}
.scroll{overflow-x:auto}table{border-collapse:collapse;margin:.4rem 0}
td,th{border-bottom:1px solid #ccc;padding:.25rem .6rem;text-align:left;white-space:nowrap}
th{vertical-align:bottom}td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}
.note{color:#555;font-size:.92rem}
.plots{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,34rem),1fr));
gap:.5rem 1.5rem;align-items:start}figure{margin:.5rem 0}
img{max-width:100%;height:auto}figcaption{font-size:.9rem;color:#555}
@media (max-width:40rem){td,th{padding:.2rem .35rem;font-size:.9rem}th{white-space:normal}
td:first-child{white-space:normal;min-width:8rem}}"""

E = html.escape
Plot = tuple[str, str, str]  # the page's section, the file, the caption


def run_page(figs: Mapping[str, Any], plots: Sequence[Plot]) -> str:
    """The page of one run."""
    score = Score(**figs["score"])
    lengths = figs["lengths"]
    seating = ("Seats rotated: the bots moved one seat on each game, so each sat in every "
               "seat in turn." if figs["rotate"] else "Seats fixed: seat P<i>i</i> played "
               "the <i>i</i>-th bot.")
    bots = (f"bots {bots_text(figs['bots'])}" if figs["rotate"] and len(set(figs["bots"])) > 1
            else seat_bots(figs["bots"]))
    intro = (f"{counted(figs['games'], 'game')} of {E(figs['title'])}, "
             f"{counted(figs['players'], 'player')}: {E(bots)}. "
             f"{seating} Options: {E(options_line(figs['options']))}. Base seed "
             f"{figs['seed']}. Scores count {E(score.name)}"
             f"{' (in dollars)' if score.unit == '$' else ''}. "
             f"{E(who_won_line(figs['who_won']))}.")
    seat_rows = [[f"P{s['seat']}", E(s["bot"]), num(f"{s['wins']:g}"),
                  num(f"{s['win_rate']:.1%}"), num(interval(s["ci95"])),
                  num(mean_of(s["scores"], score))] for s in figs["seats"]]
    seat_note = ("<p class=note>Each bot sat in each seat in turn, so a seat's rate is the "
                 "seat's own advantage, whoever played it.</p>" if figs["rotate"] else "")
    parts = [
        f"<h1>{E(figs['title'])}: {counted(figs['games'], 'game')}</h1>",
        f"<p>{intro}</p>",
        '<p class=note>The numbers behind every plot are in <a href="figures.json">'
        "figures.json</a>.</p>",
        "<h2>Win rate</h2><h3>By bot</h3>",
        table(["bot", "seat-games", "wins", "win rate", "95% interval",
               f"mean {score.name}"], bot_rows(figs["by_bot"], score)),
        (f"<p class=note>Every seat played {E(figs['bots'][0])}, so its win rate is the "
         "share of the games someone won; the seats below tell them apart.</p>"
         if len(figs["by_bot"]) == 1 else ""),
        "<h3>By seat</h3>", seat_note,
        table(["seat", "bot", "wins", "win rate", "95% interval", f"mean {score.name}"],
              seat_rows),
        figures(plots, "win"),
        f"<h2>Final {E(score.name)}</h2>", figures(plots, "scores"),
        "<h2>Game length</h2>",
        f"<p>{length_line(lengths)}.</p>", figures(plots, "length"),
        "<h2>Endings</h2>", endings_table(figs), figures(plots, "endings"),
    ]
    extra = game_figures(figs["game_stats"], plots)
    if extra:
        parts += ["<h2>This game</h2>", extra]
    return page(f"{figs['title']}: simulation report", parts)


def compare_page(data: Mapping[str, Any], plots: Sequence[Plot]) -> str:
    """The page comparing several runs of one game."""
    runs = data["runs"]
    score = Score(**data["score"])
    differ = ", ".join(data["differ"]) or "nothing but the folder"
    overview = [[E(r["label"]), E(r["folder"]), num(str(r["games"])), E(bots_text(r["bots"])),
                 E(options_text(r["options"]) or "none"), num(str(r["seed"])),
                 "rotated" if r["rotate"] else "fixed"] for r in runs]
    rates = [[E(r["label"]) if k == 0 else "", *row] for r in runs  # the label once a run
             for k, row in enumerate(bot_rows(r["by_bot"], score))]
    lengths = [[E(r["label"]), E(length_line(r["lengths"]))] for r in runs]
    parts = [
        f"<h1>{E(data['title'])}: {counted(len(runs), 'run')} compared</h1>",
        f"<p>What differs between the runs: {E(differ)}. Each run is labelled by it.</p>",
        '<p class=note>The numbers behind every plot are in <a href="figures.json">'
        "figures.json</a>.</p>",
        "<h2>The runs</h2>",
        table(["run", "folder", "games", "bots", "options", "seed", "seats"], overview),
        "<h2>Win rate by bot</h2>",
        table(["run", "bot", "seat-games", "wins", "win rate", "95% interval",
               f"mean {score.name}"], rates),
        figures(plots, "win"),
        "<h2>Game length</h2>", table(["run", "decisions"], lengths),
        figures(plots, "length"),
    ]
    names = list(dict.fromkeys(k for r in runs for k in r["endings"]))
    parts.append("<h2>Endings</h2>")
    if names:
        rows = [[E(r["label"]), *(num(share(r["endings"].get(name, 0), r["games"]))
                                  if r["endings"] else "no records" for name in names)]
                for r in runs]
        parts.append(table(["run", *(E(n) for n in names)], rows))
    parts.append(figures(plots, "endings"))
    parts.append(compare_game_figures(runs))
    return page(f"{data['title']}: {len(runs)} runs compared", parts)


def compare_game_figures(runs: Sequence[Mapping[str, Any]]) -> str:
    """The game's own figures of each run: the spreads in one table, a row a run; each
    figure by name in its own table, a column a run."""
    stats = [r["game_stats"] for r in runs]
    titles = list(dict.fromkeys(k for s in stats for k in s))
    if not titles:
        return ""
    out = ["<h2>This game</h2>"]
    spreads = [t for t in titles if any(is_spread(s.get(t)) for s in stats)]
    if spreads:
        rows = [[E(r["label"]), *(spread_text(r["game_stats"].get(t) or {}) if r["records"]
                                  else "no records" for t in spreads)] for r in runs]
        out.append(table(["run", *(E(t) for t in spreads)], rows))
    for title in titles:
        if title in spreads:
            continue
        names = list(dict.fromkeys(k for s in stats for k in s.get(title) or {}))
        unit = UNITS.get(title, "")
        rows = [[E(str(name)), *(num(value_text(s[title][name], unit))
                                 if name in (s.get(title) or {}) else "-" for s in stats)]
                for name in names]
        measure = MEASURES.get(title, "")
        out.append(f"<h3>{E(title[0].upper() + title[1:])}</h3><p class=note>"
                   f"{E(measure[:1].upper() + measure[1:])}.</p>"
                   + table(["", *(E(r["label"]) for r in runs)], rows))
    return "\n".join(out)


def page(title: str, parts: Sequence[str]) -> str:
    """The whole document."""
    body = "\n".join(p for p in parts if p)
    return (f'<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{E(title)}</title><style>{STYLE}</style></head><body>\n{body}\n"
            "</body></html>\n")


def figures(plots: Sequence[Plot], section: str, lead: str = "") -> str:
    """The plots of one section of the page, side by side where the page is wide (after
    ``lead``, a table of their numbers, when given)."""
    shown = [f'<figure><img src="{E(src)}" alt="{E(caption)}"><figcaption>{E(caption)}'
             "</figcaption></figure>" for where, src, caption in plots if where == section]
    if lead:
        shown.insert(0, f"<div>{lead}</div>")
    return f"<div class=plots>{''.join(shown)}</div>" if shown else ""


def table(head: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A table of already-escaped cells; a cell made by :func:`num` is right-aligned."""
    def cell(tag: str, text: str) -> str:
        if text.startswith("\0"):
            return f"<{tag} class=n>{text[1:]}</{tag}>"
        return f"<{tag}>{text}</{tag}>"

    top = "".join(cell("th", h) for h in head)
    body = "".join("<tr>" + "".join(cell("td", c) for c in row) + "</tr>" for row in rows)
    return f'<div class=scroll><table><tr>{top}</tr>{body}</table></div>'


def num(text: str) -> str:
    """A numeric cell (right-aligned by :func:`table`)."""
    return "\0" + E(text)


def bot_rows(by_bot: Sequence[Mapping[str, Any]], score: Score) -> list[list[str]]:
    """Rows of the win-rate-by-bot table."""
    return [[E(b["bot"]), num(str(b["seat_games"])), num(f"{b['wins']:g}"),
             num(f"{b['win_rate']:.1%}"), num(interval(b["win_rate_ci95"])),
             num(mean_of(b["scores"], score))] for b in by_bot]


def endings_table(figs: Mapping[str, Any]) -> str:
    """How the games ended, each ending split by who won; who won alone without records."""
    if not figs["endings"]:
        return (f"<p>{E(who_won_line(figs['who_won']))}. The run kept no records, so how "
                "the games ended is not known: simulate with --records to see it.</p>")
    rows = [[E(name), num(str(count)),
             *(num(str(figs["endings_by_who_won"].get(name, {}).get(w, 0))) for w in WHO_WON)]
            for name, count in figs["endings"].items()]
    return table(["ending", "games", *WHO_WON], rows)


def game_figures(stats: Mapping[str, Any], plots: Sequence[Plot]) -> str:
    """The game's own figures: a spread in a sentence, a figure per name as a table
    beside its plot."""
    out = []
    for title, values in stats.items():
        name = E(title[0].upper() + title[1:])
        if is_spread(values):
            out.append(f"<p>{name}: {spread_text(values)}.</p>")
        elif isinstance(values, dict) and values:
            unit = UNITS.get(title, "")
            numbers = table(["", E(MEASURES.get(title, "value"))],
                            [[E(str(k)), num(value_text(v, unit))] for k, v in values.items()])
            out.append(f"<h3>{name}</h3>{figures(plots, 'game:' + title, numbers)}")
        elif isinstance(values, dict):
            out.append(f"<p>{name}: none in these games.</p>")
    return "\n".join(out)


def is_spread(values: object) -> bool:
    """Whether a figure is the spread of one number (mean, median, min, max)."""
    return isinstance(values, dict) and set(values) == {"mean", "median", "min", "max"}


def spread_text(values: Mapping[str, float]) -> str:
    """A spread in words.

    >>> spread_text({"mean": 40.55, "median": 19.0, "min": 2.0, "max": 124.0})
    'mean 40.5, median 19, from 2 to 124'
    """
    if not values:
        return "none in these games"
    return (f"mean {value_text(values['mean'], '')}, median {value_text(values['median'], '')}"
            f", from {value_text(values['min'], '')} to {value_text(values['max'], '')}")


def value_text(value: float, unit: str) -> str:
    """A figure in its unit: ``$1,839,100``, ``25%``, ``33.1``."""
    if unit == "%":
        return f"{value:.0%}"
    return Score("", unit).format(value)


def mean_of(values: Sequence[float], score: Score) -> str:
    """The mean of some scores, in the score's unit: to the dollar, or to two places for
    a count (a mean of 0, 1 and 2 needs them).

    >>> mean_of([0, 1, 1], Score("cases solved")), mean_of([1.5, 2], Score("assets", "$"))
    ('0.67', '$2')
    """
    if not values:
        return "-"
    mean = sum(values) / len(values)
    return score.format(mean) if score.unit else f"{mean:,.2f}"


def interval(ci: Sequence[float]) -> str:
    """A 95% interval of a rate: ``14.5% - 51.9%``."""
    return f"{ci[0]:.1%} - {ci[1]:.1%}"


def length_line(lengths: Sequence[int]) -> str:
    """Game lengths in words.

    >>> length_line([1215, 1318, 1296])
    '1,276.3 decisions on average, from 1,215 to 1,318'
    """
    return (f"{sum(lengths) / len(lengths):,.1f} decisions on average, from "
            f"{min(lengths):,} to {max(lengths):,}")


def share(count: int, games: int) -> str:
    """A count with its share of the games: ``12 (60%)``."""
    return f"{count} ({count / games:.0%})" if games else str(count)


def seat_bots(bots: Sequence[str]) -> str:
    """Who sat where, in words.

    >>> seat_bots(["random"] * 3), seat_bots(["detective", "random"])
    ('random in every seat', 'P1 detective, P2 random')
    """
    if len(set(bots)) == 1:
        return f"{bots[0]} in every seat"
    return ", ".join(f"P{k + 1} {b}" for k, b in enumerate(bots))


def options_line(options: Mapping[str, Any]) -> str:
    """The run's options, or that it played the standard game."""
    return options_text(options) or "none (the standard game)"


def who_won_line(who: Mapping[str, int]) -> str:
    """How many games had one winner, a shared win, or none.

    >>> who_won_line({"one winner": 19, "shared win": 0, "nobody won": 1})
    'One winner in 19 games, no winner in 1 game'
    """
    said = {"one winner": "one winner", "shared win": "a shared win",
            "nobody won": "no winner"}
    line = ", ".join(f"{said[w]} in {counted(n, 'game')}" for w, n in who.items() if n)
    return line[:1].upper() + line[1:]
