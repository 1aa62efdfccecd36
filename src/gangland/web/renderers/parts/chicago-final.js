// Chicago Gangster's end of the game: who won and why, and each seat's final count (its
// living mobsters in play and listed, which are its score, its R.I.P. and the turn it went
// out in), all from the view's `final`, which holds only what was public on the table. No
// hand is laid open: the rules show a card only when it is played (decision 21).

import { h } from "../../js/dom.js";
import { seatTag, seatText } from "./chicago-common.js";

/** "Game over: you win, the last gang standing." */
export function verdict(g) {
  const { view } = g;
  const final = view.final || {};
  const names = view.winners.map((s) => seatText(g, s));
  const who = names.join(" and ") || "nobody";
  const verb = names.length === 1 ? (who === "you" ? "win" : "wins") : "share the win";
  return `Game over: ${who} ${verb}${final.reason ? `, ${final.reason}` : ""}.`;
}

/** Below a seat's name: its gang, and for a beaten one the turn it went out in. */
function result(g, row) {
  const gang = g.view.gangs[row.seat].gang;
  const fate = row.winner ? "" : row.out_turn ? ` · out in turn ${row.out_turn}` : " · still in";
  return h("small", { class: "muted ch-final-result", style: "display: block; font-weight: normal" }, `${gang}${fate}`);
}

/** The final count as a table, one row per seat, winners first; a seat's result (winner,
 * out in turn N) stands with its name, so three columns fit a phone. */
export function finalCount(g) {
  const { view } = g;
  const final = view.final;
  if (!view.terminal || !final) return null;
  const rows = final.count.slice().sort((a, b) => (b.winner - a.winner) || (b.alive - a.alive) || ((b.out_turn || 0) - (a.out_turn || 0)) || (a.seat - b.seat));
  const cell = (text) => h("td", {}, String(text));
  // Headers and names may wrap (the shared table style keeps headers on one line), so the
  // count fits a phone's width.
  const wrap = "white-space: normal";
  return h(
    "div",
    { class: "ch-final", style: "min-width: 0; max-width: 100%" },
    h("p", { class: "ch-prompt-head" }, verdict(g)),
    h("p", { class: "ch-prompt-detail" }, `After ${final.turns} turn${final.turns === 1 ? "" : "s"}. A gang's score is its living mobsters, in play and on the hit list.`),
    h(
      "div",
      { class: "table-scroll" },
      h(
        "table",
        { class: "view-table ch-final-table", style: "width: 100%" },
        h("thead", {}, h("tr", {}, ["Player", "Score", "R.I.P."].map((t) => h("th", { scope: "col", style: wrap }, t)))),
        h(
          "tbody",
          {},
          rows.map((row) => h(
            "tr",
            { dataset: { seat: row.seat }, class: row.winner ? "ch-final-winner" : null },
            h("th", { scope: "row", style: wrap }, seatTag(g, row.seat), row.winner ? [" ", h("span", { class: "badge badge-winner" }, "winner")] : null, result(g, row)),
            h("td", { class: "ch-final-score", style: wrap }, h("strong", {}, String(row.alive)), h("small", { class: "muted", style: "display: block" }, `${row.in_play} in play, ${row.listed} listed`)),
            cell(row.dead),
          )),
        ),
      ),
    ),
    h("p", { class: "ch-prompt-detail" }, "No other hand is shown: the rules reveal a card only when it is played, and a beaten gang's cards went to the discard pile."),
  );
}
