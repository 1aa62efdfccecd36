// Gangster (1994): what every part of the board needs from one view, gathered once per
// redraw: the legal actions as a set, card faces from client_data, and how to name seats,
// spaces and money. Everything comes from the view and the static client_data.

import { h, humanize, seatLabel } from "../../js/dom.js";
import { seatTag as tag } from "./seats.js";

/** What people read for each space kind and deck (client_data's `names`, the same as the
 * terminal's; this copy is for a view drawn without client data). English, except where
 * the English rulebook keeps the printed French name (Aventure, Collecte, Dossier...). */
export const NAMES = {
  refuge: "Refuge", aventure: "Aventure", vendeur: "Dealer", collecte: "Collecte",
  mission: "Mission", vol: "Theft", expert: "Expert", recrutement: "Recruitment",
  enchere: "Auction", passage: "Passage", protection: "Protection", course: "Race",
  echange: "Exchange", banque: "Bank", commerce: "Shop", diamant: "Diamond",
  dossier: "Dossier", justice: "Justice", perle: "Pearl",
};

/** An action's item word and the view's key for those items: `buy pearl`, `items.perle`. */
export const DECK_OF = { pearl: "perle", diamond: "diamant" };

/** "expert/vendeur" -> "Expert / Dealer". */
export function spaceName(kind, names = NAMES) {
  return String(kind).split("/").map((k) => names[k] || NAMES[k] || humanize(k)).join(" / ");
}

/** $12,500. */
export function money(n) {
  return `$${Number(n).toLocaleString("en-US")}`;
}

/** The facts of one redraw, shared by the parts of the board. */
export function gather(view, ctx) {
  const cd = ctx.clientData || {};
  const legal = new Set((ctx.legal || []).map((a) => (typeof a === "string" ? a : a.text)));
  const labels = new Map((ctx.legal || []).map((a) => (typeof a === "string" ? [a, a] : [a.text, a.label || a.text])));
  const seated = ctx.seat !== null && ctx.seat !== undefined;
  return {
    view,
    ctx,
    cd,
    legal,
    labels,
    seated,
    me: seated ? ctx.seat : null,
    track: view.track || cd.track || [],
    names: { ...NAMES, ...(cd.names || {}) },
    prices: { vendeur: 500, protection: 500, auction: 300, ...(cd.prices || {}) },
    spaceName(kind) {
      return spaceName(kind, this.names);
    },
    card(n) {
      return (cd.cards || [])[n] || null;
    },
    act(text) {
      if (legal.has(text)) ctx.act(text);
    },
  };
}

export { seatText } from "./seats.js";

/** A seat's badge and name, for headers. */
export const seatTag = (g, seat) => tag(g, seat, "g94-seat-tag");

/** A button for one legal action. */
export function button(g, text, label, primary = false, title = null) {
  return h("button", {
    type: "button", class: `button${primary ? " button-primary" : ""} g94-answer`, title,
    onclick: () => g.act(text), dataset: { action: text },
  }, label || g.labels.get(text) || text);
}
