// Gangster (1994)'s final count: once the game is over the view lays every player's count
// open (view.count, per seat, null for a prisoner): cash, half the pearls and diamonds
// (of their total), the Dossiers' cost, the assets (never below $0: the sum before the
// floor is shown when it was lower) and the men, who settle a tie. The verdict says how
// the winner was found, in the same words as the log's end event.

import { counted, h } from "../../js/dom.js";
import { money, seatText } from "./g1994-common.js";

/** -$1,500 or $1,500. */
export function signed(n) {
  return n < 0 ? `-${money(-n)}` : money(n);
}

function names(g, seats) {
  const list = seats.map((s) => seatText(g, s));
  return list.length === 1 ? list[0] : `${list.slice(0, -1).join(", ")} and ${list[list.length - 1]}`;
}

/** How the game was won: the last one free, the most money, or the most men among the tied. */
export function verdict(g) {
  const v = g.view;
  const counts = (v.count || []).filter((c) => c);
  const winners = v.winners || [];
  if (!winners.length) return "Nobody wins.";
  const who = names(g, winners);
  const one = winners.length === 1 && who !== "you";
  if (counts.length === 1) return `${who} ${who === "you" ? "are" : "is"} the last player free and ${one ? "wins" : "win"}.`;
  if (!counts.length) return `${who} ${one ? "wins" : "win"}.`;
  const best = Math.max(...counts.map((c) => c.assets));
  const tied = counts.filter((c) => c.assets === best);
  if (tied.length === 1) return `${who} ${one ? "wins" : "win"} with ${money(best)}.`;
  const men = Math.max(...tied.map((c) => c.men));
  const tie = `${names(g, tied.map((c) => c.seat))} tie at ${money(best)}`;
  if (winners.length === 1) return `${tie}; ${who} ${who === "you" ? "have" : "has"} the most men (${men}) and ${one ? "wins" : "win"}.`;
  return `${tie} and the most men (${men} each): ${who} share the win.`;
}

const CELL = "text-align: right; padding: 0.2rem 0.35rem";
const sub = (text) => h("div", { class: "muted", style: "font-size: 0.72rem" }, text);

function row(g, c, tiedMen) {
  const won = (g.view.winners || []).includes(c.seat);
  const name = g.ctx.names && g.ctx.names[c.seat];
  const cell = (cls, ...children) => h("td", { class: cls, style: CELL }, ...children);
  return h("tr", { class: `g94-count-row${won ? " g94-winner" : ""}`, dataset: { seat: String(c.seat), assets: String(c.assets) } },
    h("td", { style: "padding: 0.2rem 0.35rem 0.2rem 0" },
      h("strong", {}, seatText(g, c.seat, false).split(" ")[0]), c.seat === g.me ? " (you)" : "",
      name ? sub(name) : null, won ? h("span", { class: "badge" }, "wins") : null),
    cell("g94-cash", money(c.cash)),
    cell("g94-jewels", c.jewels ? `+${money(c.half)}` : "-", c.jewels ? sub(`half of ${money(c.jewels)}`) : null),
    cell("g94-dossiers", c.dossiers ? `-${money(c.penalty)}` : "-",
      c.dossiers ? sub(counted(c.dossiers, "Dossier")) : null),
    cell("g94-assets", h("strong", {}, money(c.assets)),
      c.total < 0 ? sub(`sum ${signed(c.total)}`) : null),
    h("td", { class: "g94-men", style: CELL, title: tiedMen ? "the men settle the tie" : "" }, String(c.men), tiedMen ? " ★" : ""),
  );
}

/** The final count as a table; null while the game goes on (the verdict is the prompt's). */
export function finalCount(g) {
  const v = g.view;
  if (!v.terminal) return null;
  const counts = (v.count || []).filter((c) => c);
  if (!counts.length) return null;
  const best = Math.max(...counts.map((c) => c.assets));
  const tied = counts.filter((c) => c.assets === best);
  const dossier = counts.find((c) => c.dossiers > 0);
  const head = (text, left = false) => h("th", { style: `${left ? "text-align: left; padding: 0.2rem 0.35rem 0.2rem 0" : CELL}` }, text);
  return h(
    "section",
    { class: "g94-final", style: "margin: 8px 0" },
    h("h3", { style: "margin: 0 0 4px" }, "Final count"),
    h("div", { class: "table-scroll" }, h("table", { class: "view-table g94-count", style: "font-size: 0.8rem" },
      h("thead", {}, h("tr", {}, head("Player", true), head("Cash"), head("Jewels"), head("Dossiers"), head("Assets"), head("Men"))),
      h("tbody", {}, counts.map((c) => row(g, c, tied.length > 1 && tied.includes(c)))))),
    h("p", { class: "muted", style: "margin: 4px 0 0; font-size: 0.85rem" },
      "Jewels: half the pearls' and diamonds' value, rounded up to $100.",
      dossier ? ` Dossiers: ${money(dossier.penalty / dossier.dossiers)} each.` : "",
      counts.some((c) => c.total < 0) ? " Nobody goes below $0: a Dossier that cannot be paid takes all there is." : "",
      tied.length > 1 ? " ★ The most men settle the tie." : ""),
  );
}
