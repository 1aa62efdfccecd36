// Gangster (1994): what every part of the board needs from one view, gathered once per
// redraw: the legal actions as a set, card faces from client_data, and how to name seats,
// spaces and money. Everything comes from the view and the static client_data.

import { h, humanize, seatLabel } from "../../js/dom.js";
import { seatTag as tag } from "./seats.js";

/** Printed names of the track's spaces and of the decks. */
export const NAMES = {
  refuge: "Refuge", aventure: "Aventure", vendeur: "Dealer", collecte: "Collecte",
  mission: "Mission", vol: "Theft", expert: "Expert", recrutement: "Recruitment",
  enchere: "Auction", passage: "Secret passage", protection: "Protection", course: "Race",
  echange: "Exchange", banque: "Bank", commerce: "Business", diamant: "Diamond",
  dossier: "Dossier", justice: "Justice", perle: "Pearl",
};

/** "expert/vendeur" -> "Expert / Dealer". */
export function spaceName(kind) {
  return String(kind).split("/").map((k) => NAMES[k] || humanize(k)).join(" / ");
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
