// Gangster's final count, drawn once the game is over from the view's `final` entry: where
// every seat's influence came from. The seats in order of influence, each with its points
// per Day of Reckoning; then one row per district and one column per colour, each cell the
// points won there on reckonings 1, 2 and 3 ("·" for none), each column's sums below. A
// cell's tooltip says how each of those came about (place, gangsters, doubled, casino),
// read from the view's reckonings. Nothing here was hidden during the game: Gangster has
// no secrets left to open at the end (docs/games/gangster.md, Hidden information).

import { h, seatLabel } from "../../js/dom.js";
import { seatBadge } from "../../js/colors.js";
import { colourBadge, colourTitle } from "./gangster-pieces.js";

const ORDINAL = ["1st", "2nd", "3rd", "4th", "5th"];
const CELL = "white-space: nowrap; text-align: right";
const NUMBER = "display: inline-block; min-width: 1.4em; margin-left: 0.3em; text-align: right; font-variant-numeric: tabular-nums";
// The district names stay in sight while a phone scrolls the colours sideways.
const STICKY = "position: sticky; left: 0; background: var(--card); z-index: 1";

function ordinal(n) {
  return ORDINAL[n - 1] || `${n}th`;
}

function seatText(ctx, seat) {
  const name = ctx.names && ctx.names[seat];
  return `${seatLabel(seat)}${name ? ` ${name}` : ""}${seat === ctx.seat ? " (you)" : ""}`;
}

/** One number per reckoning, in columns of their own; a dot for nothing won. */
function perReckoning(points, muted = false) {
  return points.map((p) => h("span", { class: muted ? "muted" : null, style: NUMBER }, p ? String(p) : "·"));
}

/** How one colour did in one district on each reckoning, in words (a cell's tooltip). */
function cellTitle(view, cd, district, colour) {
  const lines = view.reckonings.map((r) => {
    const entry = r.districts.find((d) => d.district === district.district);
    const places = entry ? entry.placements : [];
    const at = places.findIndex((p) => p.colour === colour);
    const how = `reckoning ${r.round}${entry && entry.doubled ? " (doubled)" : ""}`;
    if (at < 0) return `${how}: no gangster there`;
    const p = places[at];
    const gangsters = `${p.gangsters} gangster${p.gangsters === 1 ? "" : "s"}`;
    const tied = p.rank && places.some((q) => q !== p && q.gangsters === p.gangsters);
    const tie = tied ? ` (a tie, placed by its gangster on space ${p.rank})` : "";
    return `${how}: ${ordinal(at + 1)} with ${gangsters}${tie}, ${p.points} point${p.points === 1 ? "" : "s"}`;
  });
  return `${colourTitle(cd, colour)} in ${district.title}\n${lines.join("\n")}`;
}

function seats(final, ctx) {
  const cd = ctx.clientData;
  const order = [...final.seats].sort((a, b) => a.place - b.place || a.seat - b.seat);
  return h("div", { class: "gs-influence gs-final-seats" }, order.map((s) => h(
    "span",
    { class: `gs-score${s.winner ? " gs-winner" : ""}`, style: `--seat-color:${ctx.colors[s.seat]}; flex-wrap: wrap`, dataset: { seat: String(s.seat) } },
    h("span", { class: "muted" }, ordinal(s.place)),
    seatBadge(s.seat, 18),
    h("span", {}, seatText(ctx, s.seat)),
    h("span", { class: "gs-colours" }, s.colours.map((c) => colourBadge(cd, c))),
    h("strong", { class: "gs-points", title: "influence" }, String(s.influence)),
    h("span", { class: "muted", title: "won on each Day of Reckoning" }, `= ${s.reckonings.join(" + ")}`),
    s.winner ? h("strong", {}, "wins") : null,
  )));
}

function table(view, final, ctx) {
  const cd = ctx.clientData;
  const rounds = final.casino.map((_, i) => i + 1);
  const head = h("tr", {}, h("th", { style: STICKY }, "District"), final.colours.map((c) => h(
    "th", { style: CELL }, colourBadge(cd, c.colour), ` ${seatLabel(c.seat)}`)));
  const numbers = h("tr", { title: "the Days of Reckoning" }, h("th", { class: "muted", style: `${STICKY}; font-weight: 400` }, "Reckoning"),
    final.colours.map(() => h("th", { style: `${CELL}; font-weight: 400` }, perReckoning(rounds, true))));
  const rows = final.districts.map((d) => h(
    "tr", { dataset: { district: d.district } },
    h("th", { scope: "row", style: STICKY }, d.title, d.doubled.length ? h("div", { class: "muted", style: "font-weight: 400; font-size: 0.75rem" }, `×2 on ${d.doubled.join(", ")}`) : null),
    final.colours.map((c) => h("td", { style: CELL, title: cellTitle(view, cd, d, c.colour) }, perReckoning(d.points[c.colour]))),
  ));
  const sums = h("tr", {}, h("th", { scope: "row", style: STICKY }, "Each reckoning"), final.colours.map((c) => h("td", { style: CELL }, perReckoning(c.reckonings))));
  const totals = h("tr", {}, h("th", { scope: "row", style: STICKY }, "In all"), final.colours.map((c) => h("td", { style: CELL }, h("strong", {}, String(c.total)))));
  return h("div", { class: "table-scroll" }, h(
    "table", { class: "view-table gs-final-table" },
    h("thead", {}, head, numbers), h("tbody", {}, rows), h("tfoot", {}, sums, totals),
  ));
}

/** The final count, or null while the game goes on. */
export function drawFinal(view, ctx) {
  const final = view.final;
  if (!final) return null;
  const rounds = final.casino.map((_, i) => i + 1).join(", ");
  return h(
    "section",
    { class: "gs-final", style: "min-width: 0" },
    h("h3", { style: "margin: 0 0 0.4rem" }, "Final count"),
    seats(final, ctx),
    h("p", { class: "muted", style: "margin: 0.5rem 0 0.3rem; font-size: 0.85rem" },
      `Influence won in each district on the Days of Reckoning ${rounds} (casino cards ${final.casino.join(", ")}); `
      + "× 2: the reckonings that doubled it. Point at a number for how it was won."),
    table(view, final, ctx),
  );
}
