// Gangster (1994)'s public piles: the last race (winning horse, every ticket shown, the
// winners marked) with the tickets still to hand out, and each deck's face-down count and
// face-up used pile (faces from client_data; a used pearl's or diamond's value is public).
// A used pile comes in the order the cards were used, so its last card is the latest.

import { counted, h } from "../../js/dom.js";
import { money, NAMES, seatText } from "./g1994-common.js";

/** One card's face in words (null: a card number the client data does not know). */
export function faceText(c) {
  if (!c) return "?";
  switch (c.deck) {
    case "aventure": return `${c.star ? "★ " : ""}${c.text || c.effect || "Aventure"}${c.a ? ` (${money(c.a)})` : ""}`;
    case "banque": return c.a ? `Bank robbed: ${money(c.a)}` : "Bank: caught";
    case "commerce": return c.a ? `Shop robbed: ${money(c.a)}` : "Shop: caught";
    case "collecte": return `Collection: ${money(c.a)}`;
    case "course": return `Ticket: horse ${c.a} (pays ${money(c.b)})`;
    case "justice": return `Fine: shop ${money(c.a)}, bank ${money(c.b)}`;
    case "mission": return `${c.star ? "★ " : ""}Mission: ${counted(c.a, "man", "men")}, ${money(c.b)}${c.text ? ` (${c.text})` : ""}`;
    case "perle": return `Pearl: ${money(c.a)}`;
    case "diamant": return `Diamond: ${money(c.a)}`;
    case "recrutement": return `Recruits: ${counted(c.a, "man", "men")}`;
    default: return `${NAMES[c.deck] || c.deck}${c.text ? `: ${c.text}` : ""}`;
  }
}

/** The last race and the tickets still to hand out. */
export function race(g) {
  const v = g.view;
  const left = v.decks ? v.decks.course : null;
  const body = [];
  if (v.race) {
    const bySeat = new Map();
    for (const [seat, horse] of v.race.tickets || []) {
      if (!bySeat.has(seat)) bySeat.set(seat, []);
      bySeat.get(seat).push(horse);
    }
    body.push(h("p", { class: "g94-race-head" }, h("strong", {}, `Last race: horse ${v.race.horse} won.`)));
    body.push(h("ul", { class: "g94-tickets", style: "list-style: none; padding: 0; margin: 0" }, [...bySeat].sort((a, b) => a[0] - b[0]).map(([seat, horses]) => {
      const won = horses.includes(v.race.horse);
      return h("li", { class: `g94-race-seat${won ? " g94-race-winner" : ""}`, dataset: { seat: String(seat) },
        style: `border-left: 4px solid ${(g.ctx.colors || [])[seat] || "#888"}; padding-left: 6px; margin: 2px 0` },
      `${seatText(g, seat)}: `,
      horses.map((n, i) => h(n === v.race.horse ? "strong" : "span", {
        class: `g94-ticket${n === v.race.horse ? " g94-ticket-won" : ""}`, dataset: { horse: String(n) },
      }, `${i ? ", " : ""}${n === v.race.horse ? "✓ " : ""}horse ${n}`)),
      won ? h("span", { class: "badge" }, " wins") : null);
    })));
  } else {
    body.push(h("p", { class: "muted g94-race-head" }, "No race run yet."));
  }
  if (left !== null && left !== undefined) {
    body.push(h("p", { class: "g94-race-left", dataset: { left: String(left) } },
      left ? `${counted(left, "race ticket")} still to hand out; the last one out starts the race.` : "Every ticket is out."));
  }
  return h("section", { class: "g94-race" }, h("h3", {}, "The race"), body);
}

function pile(g, deck) {
  const down = (g.view.decks || {})[deck] ?? 0;
  const used = (g.view.used || {})[deck] || [];
  const top = used.length ? used[used.length - 1] : null;
  const item = deck === "perle" || deck === "diamant";
  const summary = [
    h("strong", {}, g.names[deck] || NAMES[deck] || deck),
    ` · ${down} face down · ${used.length} used`,
  ];
  const row = [h("div", {}, summary)];
  if (top !== null) row.push(h("div", { class: "g94-pile-top", dataset: { card: String(top) } }, h("span", { class: "muted" }, "Latest: "), faceText(g.card(top))));
  if (item && used.length) {
    const total = used.reduce((t, n) => t + ((g.card(n) || {}).a || 0), 0);
    row.push(h("div", { class: "g94-pile-values" }, used.map((n, i) => `${i ? ", " : ""}${money((g.card(n) || {}).a || 0)}`).join(""), h("span", { class: "muted" }, ` (total ${money(total)})`)));
  }
  if (used.length) {
    row.push(h("details", { class: "g94-pile-all" },
      h("summary", {}, `All ${counted(used.length, "used card")}`),
      h("ul", {}, used.map((n) => h("li", { dataset: { card: String(n) } }, faceText(g.card(n)))))));
  }
  return h("li", { class: `g94-pile${used.length ? "" : " g94-pile-empty"}`, dataset: { deck, down: String(down), used: String(used.length) } }, row);
}

/** Every deck: face-down count, used pile (its latest card, the whole pile). */
export function piles(g) {
  const decks = (g.cd.decks && g.cd.decks.length ? g.cd.decks : Object.keys(g.view.decks || {}));
  return h("section", { class: "g94-piles" },
    h("h3", {}, "Decks and used piles"),
    g.view.aside ? h("p", { class: "muted" }, `${counted(g.view.aside, "card")} set aside (prison).`) : null,
    h("ul", { class: "g94-pile-list" }, decks.map((d) => pile(g, d))));
}

/** The last exchange made, in public words (values stay in the two players' logs). */
export function exchangeNote(g) {
  const exchange = g.view.exchange;
  if (!exchange) return null;
  const kind = exchange.kind === "diamant" ? "a diamond" : "a pearl";
  const who = exchange.seat === g.me ? "You" : seatText(g, exchange.seat);
  return h("p", { class: "g94-last-exchange", dataset: { seat: String(exchange.seat), with: String(exchange.with) } },
    h("span", { class: "muted" }, "Last exchange: "), `${who} exchanged ${kind} with ${seatText(g, exchange.with)}.`);
}
