// Gangster (1994)'s prompt: the decision the table waits for, in words, and when it is
// yours its answers as buttons from the legal actions, each said in English ("Buy a pearl
// ($500)", never the action's text). It stays on screen while you scroll (sticky). The
// auction is a live prompt: the lot, the highest bid and bidder, who is still bidding, and
// the bids you may make. A pending exchange names both players and the kind for everyone.
// Where a space is the choice (the secret passage, a double space's half) the track is
// clicked; the prompt keeps the same answers as a list, folded away for the passage.

import { counted, h } from "../../js/dom.js";
import { button, DECK_OF, money, seatText } from "./g1994-common.js";
import { passageWords } from "./g1994-track.js";
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
      g.legal.has("pass") ? button(g, "pass", "Pass (drop out)") : null));
    if (bids.length > MAX_BIDS) {
      const input = h("input", { type: "number", step: 100, min: bids[0], max: bids[bids.length - 1], value: bids[0], class: "g94-bid-input", "aria-label": "your bid" });
      lines.push(h("div", { class: "g94-answers" }, input, h("button", {
        type: "button", class: "button", onclick: () => g.act(`bid ${Math.round(Number(input.value) / 100) * 100}`),
      }, "Bid this amount")));
    }
  }
  return lines;
}

/** "a pearl", from a view's key (perle) or an action's word (pearl). */
const KIND = { perle: "a pearl", diamant: "a diamond", pearl: "a pearl", diamond: "a diamond" };

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

/** Your own cards of a deck, in the order the action numbers count them. */
function myCards(g, test) {
  const me = g.view.table[g.me];
  return me && me.hand ? me.hand.filter(test) : [];
}

function myItems(g, deck) {
  const me = g.view.table[g.me];
  return me && me.items ? me.items[deck] || [] : [];
}

/** An answer in English: what it does, with the figures this seat may know. */
function answerLabel(g, t) {
  const d = g.view.decision;
  const [verb, ...args] = t.split(" ");
  switch (verb) {
    case "roll": return "Roll the die";
    case "offer": return "Make the purchase offer";
    case "play": {
      const card = myCards(g, (c) => c.deck === "aventure" && c.star && c.effect === "bonus")[Number(args[0]) - 1];
      return `Open starred card ${args[0]}${card ? ` (+${money(card.a)})` : ""}`;
    }
    case "choose": return `Play ${g.names[args[0]] || args[0]}`;
    case "buy":
      if (args[0] === "protection") return `Buy a Protection card (${money(g.prices.protection)})`;
      return `Buy ${KIND[args[0]] || args[0]} (${money(g.prices.vendeur)})`;
    case "sell": {
      const v = myItems(g, DECK_OF[args[0]])[Number(args[1]) - 1];
      return `Sell ${args[0]} ${args[1]}${v === null || v === undefined ? "" : ` (${money(v)})`}`;
    }
    case "done": return "Sell nothing more";
    case "rob": return `Rob the ${d.vol === "banque" ? "bank" : "shop"}`;
    case "protect": return "Return a Protection card";
    case "take": return d.kind === "collecte" ? "Take a Collecte card" : "Take a Mission card";
    case "do": {
      const card = myCards(g, (c) => c.deck === "mission")[Number(args[0]) - 1];
      return `Carry out mission ${args[0]}${card ? ` (${counted(card.a, "man", "men")}, ${money(card.b)})` : ""}`;
    }
    case "goto": return passageWords(g, Number(args[0]));
    case "trade": return `Exchange ${KIND[args[1]] || args[1]} with ${seatText(g, Number(args[0]) - 1)}`;
    case "give": {
      const kind = d.sold === 1 ? "diamant" : "perle";
      const v = myItems(g, kind)[Number(args[0]) - 1];
      return `Give ${kind === "perle" ? "pearl" : "diamond"} ${args[0]}${v === null || v === undefined ? "" : ` (${money(v)})`}`;
    }
    case "auction": return `Put ${KIND[args[0]] || args[0]} up for auction`;
    case "pass":
      if (d.kind === "vol") return "Walk away";
      if (d.kind === "echange") return "No exchange";
      return "No, thanks";
    default: return g.labels.get(t) || t;
  }
}

/** The question put to the seat to move, in the second person. */
function question(g) {
  const d = g.view.decision;
  const p = g.prices;
  switch (d.kind) {
    case "turn": {
      const also = [g.legal.has("offer") ? "make the purchase offer" : "", [...g.legal].some((t) => t.startsWith("play ")) ? "open a starred card" : ""].filter(Boolean);
      return `Your turn: roll the die${also.length ? ` (or first ${also.join(", or ")})` : ""}.`;
    }
    case "choose": return `Double space ${g.spaceName(d.space)}: which half do you play? Click it on the board, or here:`;
    case "vendeur": return `The dealer offers you an unseen pearl or diamond for ${money(p.vendeur)}.`;
    case "protection": return `The Godfather's cousin offers you a Protection card for ${money(p.protection)}.`;
    case "expert": return d.sold ? "The Expert buys one of each kind: sell the other kind too?" : "The Expert buys a pearl and a diamond at their value, for all to see.";
    case "vol": return `Theft (${d.vol === "banque" ? "a bank" : "a shop"}): go through with it, or walk away?`;
    case "collecte": return "The Godfather wants his cut: take a Collecte card, or return a Protection card?";
    case "mission": return "Mission: take a Mission card, or carry out one you hold?";
    case "passage": return "Secret passage: click a highlighted free space on the board to go there and play it.";
    case "enchere": return `Auction: put a pearl or a diamond up for sale (bids from ${money(p.auction)}).`;
    case "echange":
    case "give": return exchangeHead(g, true);
    default: return d.why;
  }
}

function mineBody(g) {
  const d = g.view.decision;
  const texts = [...g.legal];
  const primary = texts.find((t) => t === "roll" || t === "rob" || t.startsWith("choose ")) || texts[0];
  const answers = texts.slice(0, 60).map((t) => button(g, t, answerLabel(g, t), t === primary, g.labels.get(t)));
  const body = [h("p", { class: "g94-prompt-head" }, question(g))];
  if (d.kind === "passage") {
    // The board is the way to answer; the list stays for keyboards and screen readers.
    body.push(h("details", { class: "g94-goto-list" },
      h("summary", {}, `Or pick from the list (${counted(texts.length, "free space")})`),
      h("div", { class: "g94-answers" }, answers)));
  } else {
    body.push(h("div", { class: "g94-answers" }, answers));
  }
  return body;
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
  // The phone's dock repeats the question (data-prompt) and, when the decision is yours,
  // brings what it is about into view (data-focus): the prompt and its buttons, or the
  // track's free spaces when a space is the answer (marked there, see track()).
  const head = body.find((node) => node.classList && (node.classList.contains("g94-prompt-head") || node.classList.contains("g94-auction")));
  const dataset = { kind: d.kind || "over", prompt: head ? head.textContent : "" };
  if (mine && d.kind !== "passage") dataset.focus = "";
  return h("section", { class: `g94-prompt${mine ? " g94-prompt-mine" : ""}`, dataset, role: mine ? "alert" : null, "aria-live": "polite" }, body);
}
