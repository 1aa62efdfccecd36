// Chicago Gangster: what every part of the board needs to know about one view, gathered
// once per redraw: the legal actions as a set, mobster and card lookups from client_data,
// and how to name a seat. Everything comes from the view and the static client_data.

import { h, seatLabel, titleCase } from "../../js/dom.js";
import { seatTag as tag } from "./seats.js";

const PLAYED = new Set(["play", "discard", "counter"]); // events that put a card face up

/** What the moves since this seat's last turn (ctx.lastEvents) turned face up: a card
 * played (the discard pile's top is then new) and every card dealt to this seat over those
 * moves (kind -> how many, summed), which the board marks as new. */
function turnedUp(ctx) {
  const events = ctx.lastEvents || [];
  const drawn = new Map();
  for (const e of events) {
    if (e.kind !== "drawn" || !e.data || !Array.isArray(e.data.cards)) continue;
    for (const kind of e.data.cards) drawn.set(kind, (drawn.get(kind) || 0) + 1);
  }
  return { discard: events.some((e) => PLAYED.has(e.kind)), drawn };
}

/** The facts of one redraw, shared by the parts of the board. */
export function gather(view, ctx) {
  const cd = ctx.clientData || {};
  const legal = new Set((ctx.legal || []).map((a) => (typeof a === "string" ? a : a.text)));
  const cards = new Map((cd.cards || []).map((c) => [c.kind, c]));
  const seated = ctx.seat !== null && ctx.seat !== undefined;
  const listPlace = new Map(view.hitlist.map((n, i) => [n, i + 1]));
  return {
    view,
    ctx,
    legal,
    seated,
    me: seated ? ctx.seat : null,
    waiting: Boolean(ctx.waiting), // seats are still being taken: nobody moves yet
    fresh: turnedUp(ctx),
    dead: new Set(view.dead),
    listPlace,
    chosen: new Set(view.decision.chosen || []),
    mobster(n) {
      const m = (cd.mobsters || [])[n - 1];
      return m ? m.name : `Mobster #${n}`;
    },
    owner(n) {
      return view.owners[n - 1];
    },
    card(kind) {
      return cards.get(kind) || { kind, title: titleCase(kind), type: "attack", short: "", help: "", answers: [] };
    },
    canPick(n) {
      return legal.has(`pick ${n}`);
    },
    act(text) {
      if (legal.has(text)) ctx.act(text);
    },
  };
}

export { seatText } from "./seats.js";

/** A seat's badge and name, for headers. */
export const seatTag = (g, seat) => tag(g, seat, "ch-seat-tag");

/** The printed gang name of a seat (seat s plays gang s). */
export function gangName(g, seat) {
  const gang = g.view.gangs[seat];
  return gang ? gang.gang : "";
}

/** "Bugs Moran (P2)": a mobster and who holds them now. */
export function mobsterText(g, n) {
  const owner = g.owner(n);
  return `${g.mobster(n)}${owner >= 0 ? ` (${seatLabel(owner)})` : ""}`;
}

/** "1st", "2nd", "3rd", "11th". */
export function ordinal(n) {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? "th" : ({ 1: "st", 2: "nd", 3: "rd" }[n % 10] || "th");
  return `${n}${suffix}`;
}
