// Chicago Gangster's table: the war state and the piles, the decision the table waits for
// (a question with buttons when it is yours), the wall with the mobster against it and the
// hit list in order, your hand, and every gang. Only the seat to move gets buttons and
// clickable mobsters or gangs, each one of its legal actions.
//
// The view holds only what this seat may know: other hands are sizes, drawn as card backs.

import { counted, h, seatLabel } from "../js/dom.js";
import { gather, seatText } from "./parts/chicago-common.js";
import { gangs, street } from "./parts/chicago-mobsters.js";
import { hand, piles } from "./parts/chicago-cards.js";
import { prompt } from "./parts/chicago-prompt.js";

function warBadge(view) {
  const { rate, permanent } = view.war;
  if (!rate) {
    return h("div", { class: "ch-war ch-war-off", title: "no gang war: nobody is executed" }, h("span", { class: "ch-war-icon" }, "☮"), h("span", {}, h("strong", {}, "No war"), h("small", {}, "nobody is executed")));
  }
  const speed = rate === 2 ? "Double speed" : "Gang war";
  const what = rate === 2 ? "two executions a turn" : "one execution a turn";
  return h(
    "div",
    { class: `ch-war ch-war-on ch-war-${rate}${permanent ? " ch-war-forever" : ""}`, title: `gang war: ${what}${permanent ? "; it never stops" : ""}` },
    h("span", { class: "ch-war-icon" }, rate === 2 ? "✶✶" : "✶"),
    h("span", {}, h("strong", {}, rate === 2 ? `War · ${speed}` : speed), h("small", {}, what)),
    permanent ? h("span", { class: "ch-forever" }, "never stops") : null,
  );
}

function status(g) {
  const { view } = g;
  const d = view.decision;
  const alive = view.gangs.reduce((n, x) => n + x.in_play.length + x.listed.length, 0);
  let turn = `Turn ${view.turn} · ${d.player === g.me ? "your turn" : `${seatText(g, d.player)}'s turn`}`;
  if (view.terminal) turn = "Game over";
  else if (g.waiting) turn = "Dealt: the game starts once every seat is taken";
  return h(
    "div",
    { class: "ch-status" },
    h("div", { class: "ch-status-text" }, h("strong", {}, turn), h("span", { class: "muted" }, `${counted(alive, "mobster")} alive · ${view.dead.length} R.I.P. · turn limit ${view.turn_limit}`)),
    warBadge(view),
    piles(g),
  );
}

/** The renderer contract (docs/web.md). */
export function render(root, view, ctx) {
  const g = gather(view, ctx);
  root.append(
    h(
      "div",
      { class: `ch${g.seated ? "" : " ch-watching"}`, dataset: { seat: g.seated ? seatLabel(g.me) : "spectator" } },
      status(g),
      prompt(g),
      street(g),
      hand(g),
      gangs(g),
    ),
  );
}

/** The end-of-game panel's breakdown (js/endgame.js): each seat's living mobsters (its
 * score), in play and listed, its R.I.P., and the turn a beaten gang went out in. */
export function final(view) {
  const final = view.final || {};
  return {
    why: final.reason ? `${final.reason.charAt(0).toUpperCase()}${final.reason.slice(1)}.` : "",
    rows: (final.count || []).map((row) => ({
      seat: row.seat,
      score: counted(row.alive, "mobster"),
      detail: `${row.in_play} in play, ${row.listed} listed, ${row.dead} R.I.P.${row.out_turn ? ` · out in turn ${row.out_turn}` : ""}`,
    })),
  };
}
