// Gangsters: what every part of the board needs from one view, gathered once per redraw:
// the legal actions as a set with their labels, the map's spaces by token, and how to name
// seats, pieces, places and money. Everything comes from the view and client_data.

import { h } from "../../js/dom.js";
import { SHAPES } from "../../js/colors.js";
import { seatText } from "./seats.js";

export { seatText };


/** $12,500; "hidden" for another player's cash under the secret-cash option. */
export function money(n) {
  if (n === null || n === undefined) return "hidden";
  return `$${Number(n).toLocaleString("en-US")}`;
}

/** "thug" -> "Thug". */
export function title(word) {
  return String(word).charAt(0).toUpperCase() + String(word).slice(1);
}

/** The facts of one redraw, shared by the parts of the board. */
export function gather(view, ctx) {
  const cd = ctx.clientData || {};
  const texts = (ctx.legal || []).map((a) => (typeof a === "string" ? a : a.text));
  const legal = new Set(texts);
  const labels = new Map((ctx.legal || []).map((a) => (typeof a === "string" ? [a, a] : [a.text, a.label || a.text])));
  const seated = ctx.seat !== null && ctx.seat !== undefined;
  const me = seated ? ctx.seat : null;
  return {
    view,
    ctx,
    cd,
    legal,
    labels,
    seated,
    me,
    mine: !view.terminal && seated && view.to_move === me && legal.size > 0,
    spaces: new Map((cd.spaces || []).map((sp) => [sp.token, sp])),
    act(text) {
      if (legal.has(text)) ctx.act(text);
    },
  };
}

/** A gang's colour on screen (client_data's hue for the game's colour name). */
export function gangColour(g, seat) {
  const gang = (g.cd.gangs || [])[seat];
  return gang ? gang.colour : "#999";
}

/** Ink that reads on a gang colour. */
export function inkOn(colour) {
  const c = String(colour).replace("#", "");
  const [r, gr, b] = [0, 2, 4].map((i) => parseInt(c.slice(i, i + 2), 16));
  return 0.299 * r + 0.587 * gr + 0.114 * b > 150 ? "#111" : "#fff";
}

/** The seat's shape (the same as its badge in the seat list). */
export function seatShape(seat) {
  return SHAPES[seat % SHAPES.length];
}

/** "Riverside Drive 3" for "8.3"; "off the board" for null. */
export function placeName(g, token) {
  if (token === null || token === undefined) return "off the board";
  const sp = g.spaces.get(token);
  return sp ? sp.name : token;
}

/** "Red Thug 3" (a Vamp has no number). */
export function pieceName(g, seat, kind) {
  const gang = g.view.gangs[seat];
  if (!gang) return `P${seat + 1} ${kind}`;
  const piece = gang.pieces.find((p) => p.kind === kind);
  const name = `${title(gang.gang)} ${title(kind)}`;
  return kind === "vamp" || !piece ? name : `${name} ${piece.strength}`;
}

function pieceOf(g, piece) {
  return pieceName(g, piece.seat, piece.kind);
}

function sideOf(g, side) {
  return side === "cops" ? "the cops" : seatText(g, side);
}

/** The shootouts being resolved, in words, one line a fact (the view's
 * ``decision.fight``: pieces as {seat, kind}, sides as a seat or "cops", spaces as tokens). */
export function fightLines(g, fight) {
  const lines = [];
  if (fight.to_declare.length) lines.push(`To declare: ${fight.to_declare.map((p) => pieceOf(g, p)).join(", ")}.`);
  for (const d of fight.declared) lines.push(`${pieceOf(g, d)} declares a hit on ${sideOf(g, d.target)}.`);
  if (fight.to_bust.length) lines.push(`Cops picking a criminal: ${fight.to_bust.map((c) => `Cop ${c}`).join(", ")}.`);
  for (const b of fight.busts) lines.push(`Cop ${b.cop} goes after ${pieceOf(g, b)}.`);
  if (fight.spaces.length) lines.push(`Shootouts at: ${fight.spaces.map((t) => placeName(g, t)).join("; ")}.`);
  for (const u of fight.units) {
    const who = u.unit === "piece" ? pieceOf(g, u) : u.unit === "guard" ? `The ${seatText(g, u.seat)} Guard of ${placeName(g, u.space)}` : `Cop ${u.cop}`;
    lines.push(`${who}: ${u.dice} ${u.dice === 1 ? "die" : "dice"}, hits on ${u.need}+, ${u.aim === null ? "aim not chosen yet" : `firing at ${sideOf(g, u.aim)}`}.`);
  }
  if (fight.hits_left) lines.push(`${fight.hits_left} ${fight.hits_left === 1 ? "hit" : "hits"} still to be placed.`);
  return lines;
}

/** The readable part of a server label: "roll  (roll the five dice)" -> "Roll the five dice". */
export function shortLabel(g, text) {
  const label = g.labels.get(text) || text;
  const m = /\(([^()]*)\)\s*$/.exec(label);
  return m ? title(m[1]) : label;
}

/** A button for one legal action. */
export function button(g, text, label, primary = false) {
  return h("button", {
    type: "button", class: `button${primary ? " button-primary" : ""} gst-answer`, title: text,
    onclick: () => g.act(text), dataset: { action: text },
  }, label || shortLabel(g, text));
}
