// Gangster (1994)'s prompt: the decision the table waits for, in words, and when it is
// yours its answers as buttons from the legal actions. The auction is a live prompt: the
// lot, the highest bid and bidder, who is still bidding, and the bids you may make. A
// pending exchange names both players and the kind for everyone.

import { h } from "../../js/dom.js";
import { button, money, NAMES, seatText, spaceName } from "./g1994-common.js";
import { verdict } from "./g1994-count.js";

const MAX_BIDS = 12;

function auction(g, mine) {
  const d = g.view.decision;
  const lot = d.lot ? (d.lot === "perle" ? "a pearl" : "a diamond") : "an item";
  const high = d.high !== null && d.high !== undefined
    ? `Highest bid ${money(d.high)} by ${seatText(g, d.bidder)}.` : "No bid yet.";
  const still = (d.bidding || []).map((s) => seatText(g, s)).join(", ");
  const lines = [
    h("p", { class: "g94-prompt-head" }, `Auction of ${lot} (put up by ${seatText(g, d.player)}).`),
    h("p", { class: "g94-auction", dataset: { high: String(d.high ?? "") } }, high, still ? ` Still bidding: ${still}.` : "", d.seat === g.me ? " You bid next." : ` ${seatText(g, d.seat)} bids next.`),
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

const KIND = { perle: "a pearl", diamant: "a diamond" };

/** The pending exchange in words: "P1 exchanges a pearl with P2" (give), or who may trade. */
function exchangeHead(g, mine) {
  const d = g.view.decision;
  if (d.kind === "give" && d.trade !== null && d.trade !== undefined) {
    const kind = d.sold === 1 ? "diamant" : "perle";
    const who = mine ? "You exchange" : `${seatText(g, d.player)} exchanges`;
    return `${who} ${KIND[kind]} with ${seatText(g, d.trade)}: ${mine ? "which of yours do you give? You take one of theirs at random" : "they pick the item to give; theirs is taken at random"}.`;
  }
  return mine ? "Exchange: swap one of your pearls or diamonds with a rival's (taken at random), or pass."
    : `${seatText(g, d.player)} may exchange a pearl or a diamond with another player.`;
}

function answerLabel(g, t) {
  const d = g.view.decision;
  if (t.startsWith("trade ")) {
    const [, p, kind] = t.split(" ");
    return `Exchange ${KIND[kind] || kind} with ${seatText(g, Number(p) - 1)}`;
  }
  if (t.startsWith("give ")) {
    const kind = d.sold === 1 ? "diamant" : "perle";
    const i = Number(t.slice(5)) - 1;
    const mine = g.view.table[g.me] && g.view.table[g.me].items ? g.view.table[g.me].items[kind] || [] : [];
    const v = mine[i];
    return `Give ${kind === "perle" ? "pearl" : "diamond"} ${i + 1}${v === null || v === undefined ? "" : ` (${money(v)})`}`;
  }
  if (t === "pass" && d.kind === "vol") return "Walk away";
  if (t === "pass" && d.kind === "echange") return "No exchange";
  if (t.startsWith("choose ")) return `Play ${spaceName(t.slice(7))}`;
  if (t.startsWith("goto ")) {
    // The secret passage: a space below the Passage's is reached round the loop, through
    // the Refuge (decision 10): no pay, and for the offerer the last space of the game.
    const n = Number(t.slice(5));
    const here = g.view.table[d.player] ? g.view.table[d.player].pos : 0;
    const round = n < here ? (g.view.offer === d.player ? " (through the Refuge: your last space)" : " (through the Refuge, no pay)") : "";
    return `Space ${n} ${spaceName(g.track[n - 1] || "")}${round}`;
  }
  return g.labels.get(t) || t;
}

function mineBody(g) {
  const d = g.view.decision;
  const head = d.kind === "echange" || d.kind === "give" ? exchangeHead(g, true) : {
    turn: "Your turn: roll the die, make the purchase offer, or open a starred card.",
    choose: `Double space ${spaceName(d.space)}: which half do you play?`,
    vol: `Theft${d.vol ? ` (${NAMES[d.vol] || d.vol})` : ""}: go through with it, or walk away?`,
  }[d.kind] || d.why;
  const texts = [...g.legal];
  const primary = texts.find((t) => t === "roll" || t === "rob" || t.startsWith("choose ")) || texts[0];
  return [
    h("p", { class: "g94-prompt-head" }, head),
    h("div", { class: "g94-answers" }, texts.slice(0, 60).map((t) => button(g, t, answerLabel(g, t), t === primary))),
  ];
}

function waiting(g) {
  const { view } = g;
  if (view.terminal) return [h("p", { class: "g94-prompt-head g94-verdict" }, h("strong", {}, `Game over: ${verdict(g)}`))];
  const d = view.decision;
  if (d.kind === "echange" || d.kind === "give") return [h("p", { class: "g94-prompt-head g94-exchange-pending" }, exchangeHead(g, false))];
  return [h("p", { class: "g94-prompt-head" }, d.why)];
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
