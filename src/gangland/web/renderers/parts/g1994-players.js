// Gangster (1994)'s players: a panel per seat (space, cash, men when this seat may know
// them, pearls and diamonds with their values or "?", card counts by category, dossiers,
// prison), and the viewer's own hand (starred Aventure cards, missions, recruits, tickets).
// At the end of the game every hand is laid open in its panel, as the final count does.

import { counted, h } from "../../js/dom.js";
import { money, seatTag } from "./g1994-common.js";

function items(values, kind) {
  if (!values || !values.length) return null;
  const name = kind === "perle" ? "Pearls" : "Diamonds";
  const icon = kind === "perle" ? "●" : "◆";
  return h("div", { class: "g94-items", dataset: { kind } }, h("span", { class: "muted" }, `${icon} ${name}: `),
    values.map((v, i) => h("span", { class: "g94-item", title: v === null ? "value unknown to you" : "" }, `${i ? ", " : ""}${v === null ? "?" : money(v)}`)));
}

function counts(g, p) {
  const entries = Object.entries(p.cards || {}).filter(([k]) => k !== "perle" && k !== "diamant");
  if (!entries.length) return h("div", { class: "muted" }, "No cards");
  return h("div", { class: "g94-counts" }, entries.map(([k, n]) => h("span", {
    class: `g94-count${k === "dossier" ? " g94-dossier" : ""}`, dataset: { deck: k }, title: counted(n, `${g.names[k] || k} card`),
  }, `${g.names[k] || k} ×${n} `)));
}

function panel(g, p) {
  const v = g.view;
  const men = p.men !== undefined ? p.men : (v.men ? v.men[p.seat] : null);
  const mover = !v.terminal && v.decision && v.decision.seat === p.seat;
  return h(
    "section",
    { class: `g94-player${mover ? " g94-to-move" : ""}`, dataset: { seat: String(p.seat) }, style: `border-left-color: ${(g.ctx.colors || [])[p.seat] || "#888"}` },
    h("div", {}, seatTag(g, p.seat), mover ? [" ", h("span", { class: "badge" }, "to move")] : null, p.out ? [" ", h("span", { class: "badge" }, "in prison")] : null),
    h("div", {}, h("strong", { class: "g94-cash" }, money(p.cash)), h("span", { class: "muted" }, ` · space ${p.pos} ${g.spaceName(g.track[p.pos - 1] || "")}`),
      men !== null && men !== undefined ? h("span", { class: "g94-men" }, ` · ${counted(men, "man", "men")}`) : null),
    items(p.items && p.items.perle, "perle"),
    items(p.items && p.items.diamant, "diamant"),
    v.terminal && p.hand ? laid(g, p) : counts(g, p),
    v.assets && v.assets[p.seat] !== null && v.assets[p.seat] !== undefined ? h("div", { class: "g94-final-assets" }, `Final assets: ${money(v.assets[p.seat])}`) : null,
  );
}

/** At the end every hand is on the table (the final count): each card in words. */
function laid(g, p) {
  if (!p.hand.length) return h("div", { class: "muted" }, "No cards");
  return h("ul", { class: "g94-laid" },
    p.hand.map((c) => h("li", { class: "g94-card", dataset: { deck: c.deck } }, c.star ? "★ " : "", cardText(g, c))));
}

const menText = (n) => counted(n, "man", "men");

function cardText(g, c) {
  switch (c.deck) {
    case "recrutement": return `Recruits: ${menText(c.a)}`;
    case "course": return `Race ticket: horse ${c.a}`;
    case "mission": return `Mission: ${menText(c.a)}, ${money(c.b)}`;
    case "aventure": return `Aventure: ${c.text || c.effect || ""}`;
    default: return `${g.names[c.deck] || c.deck}${c.text ? `: ${c.text}` : ""}`;
  }
}

/** The viewer's own cards, starred ones marked. */
export function hand(g) {
  const me = g.seated ? g.view.table[g.me] : null;
  if (!me || !me.hand || g.view.terminal) return null; // at the end: in every panel
  return h(
    "section",
    { class: "g94-hand" },
    h("h3", {}, `Your cards (${me.hand.length})`),
    me.hand.length
      ? h("ul", {}, me.hand.map((c) => h("li", { class: "g94-card", dataset: { deck: c.deck } }, c.star ? "★ " : "", cardText(g, c))))
      : h("p", { class: "muted" }, "No cards in hand."),
  );
}

/** Every player's panel. */
export function players(g) {
  return h("div", { class: "g94-players" }, g.view.table.map((p) => panel(g, p)));
}
