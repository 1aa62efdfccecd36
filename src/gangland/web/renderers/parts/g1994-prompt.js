// Gangster (1994)'s prompt: the decision the table waits for, in words, and when it is
// yours its answers as buttons from the legal actions. The auction is a live prompt: the
// lot, the highest bid and bidder, who is still bidding, and the bids you may make.

import { h } from "../../js/dom.js";
import { button, money, NAMES, seatText, spaceName } from "./g1994-common.js";

const MAX_BIDS = 12;

function auction(g, mine) {
  const d = g.view.decision;
  const lot = d.lot ? (d.lot === "perle" ? "a pearl" : "a diamond") : "an item";
  const high = d.high !== null && d.high !== undefined
    ? `Highest bid ${money(d.high)} by ${seatText(g, d.bidder)}.` : "No bid yet.";
  const still = (d.bidding || []).map((s) => seatText(g, s)).join(", ");
  const lines = [
    h("p", { class: "g94-prompt-head" }, `Auction of ${lot} (put up by ${seatText(g, d.player)}).`),
    h("p", { class: "g94-auction", dataset: { high: String(d.high ?? "") } }, high, still ? ` Still bidding: ${still}.` : "", ` ${seatText(g, d.seat)} ${d.seat === g.me ? "bid" : "bids"} next.`),
  ];
  if (mine) {
    const bids = [...g.legal].filter((t) => t.startsWith("bid ")).map((t) => Number(t.slice(4))).sort((a, b) => a - b);
    const shown = bids.length > MAX_BIDS ? [...bids.slice(0, MAX_BIDS - 1), bids[bids.length - 1]] : bids;
    lines.push(h("div", { class: "g94-answers" },
      shown.map((b, i) => button(g, `bid ${b}`, `Bid ${money(b)}`, i === 0)),
      g.legal.has("pass") ? button(g, "pass", "Pass") : null));
    if (bids.length > MAX_BIDS) {
      const input = h("input", { type: "number", step: 100, min: bids[0], max: bids[bids.length - 1], value: bids[0], class: "g94-bid-input", "aria-label": "your bid" });
      lines.push(h("div", { class: "g94-answers" }, input, h("button", {
        type: "button", class: "button", onclick: () => g.act(`bid ${Math.round(Number(input.value) / 100) * 100}`),
      }, "Bid this amount")));
    }
  }
  return lines;
}

function mineBody(g) {
  const d = g.view.decision;
  const head = {
    turn: "Your turn: roll the die, make the purchase offer, or open a starred card.",
    choose: `Double space ${spaceName(d.space)}: which half do you play?`,
    vol: `Theft${d.vol ? ` (${NAMES[d.vol] || d.vol})` : ""}: go through with it, or walk away?`,
  }[d.kind] || d.why;
  const texts = [...g.legal];
  const primary = texts.find((t) => t === "roll" || t === "rob" || t.startsWith("choose ")) || texts[0];
  return [
    h("p", { class: "g94-prompt-head" }, head),
    h("div", { class: "g94-answers" }, texts.slice(0, 60).map((t) => {
      let label = g.labels.get(t) || t;
      if (t === "pass" && d.kind === "vol") label = "Walk away";
      if (t.startsWith("choose ")) label = `Play ${spaceName(t.slice(7))}`;
      return button(g, t, label, t === primary);
    })),
  ];
}

function waiting(g) {
  const { view } = g;
  if (view.terminal) {
    const names = view.winners.map((s) => seatText(g, s)).join(" and ") || "nobody";
    return [h("p", { class: "g94-prompt-head" }, `Game over: ${names} ${view.winners.length === 1 && names !== "you" ? "wins" : "win"}.`)];
  }
  return [h("p", { class: "g94-prompt-head" }, view.decision.why)];
}

/** The decision the table waits for; a question with buttons when it is yours. */
export function prompt(g) {
  const { view, legal } = g;
  const d = view.decision;
  const mine = !view.terminal && g.seated && view.to_move === g.me && legal.size > 0;
  let body;
  if (!view.terminal && d.kind === "bid") body = auction(g, mine);
  else if (mine) body = mineBody(g);
  else body = waiting(g);
  return h("section", { class: `g94-prompt${mine ? " g94-prompt-mine" : ""}`, dataset: { kind: d.kind || "over" }, role: mine ? "alert" : null, "aria-live": "polite" }, body);
}
