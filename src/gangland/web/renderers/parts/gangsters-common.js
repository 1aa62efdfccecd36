// Gangsters: what every part of the board needs from one view, gathered once per redraw:
// the legal actions as a set with their labels, the map's spaces by token, and how to name
// seats, pieces, places and money. Everything comes from the view and client_data.

import { h } from "../../js/dom.js";
import { SHAPES } from "../../js/colors.js";
import { seatText } from "./seats.js";

export { seatText };

const COPS_SIDE = 9; // a shootout's side of the cops

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

function pieceOf(g, p) {
  const kinds = g.cd.kinds || ["racketeer", "thug", "vamp"];
  return pieceName(g, Math.floor(p / 3), kinds[p % 3]);
}

function copOf(g, c) {
  const cop = g.view.cops[c];
  return cop ? `Cop ${cop.cop}` : `a cop`;
}

function sideOf(g, side) {
  return side === COPS_SIDE ? "the cops" : seatText(g, side);
}

/** The shootouts being resolved, in words, one line a fact (the view's ``fight``:
 * declarations, busts, the spaces, the current shootout's units, the hits to place). */
export function fightLines(g, fight) {
  const lines = [];
  try {
    const [declare, declared, bustQueue, busts, spaces, units, hits] = fight;
    if (declare.length) lines.push(`To declare: ${declare.map((p) => pieceOf(g, p)).join(", ")}.`);
    for (let i = 0; i + 1 < declared.length; i += 2) lines.push(`${pieceOf(g, declared[i])} declares a hit on ${sideOf(g, declared[i + 1])}.`);
    if (bustQueue.length) lines.push(`Cops picking a criminal: ${bustQueue.map((c) => copOf(g, c)).join(", ")}.`);
    for (let i = 0; i + 1 < busts.length; i += 2) lines.push(`${copOf(g, busts[i])} goes after ${pieceOf(g, busts[i + 1])}.`);
    const spaceList = g.cd.spaces || [];
    if (spaces.length) lines.push(`Shootouts at: ${spaces.map((sp) => (spaceList[sp] ? spaceList[sp].name : sp)).join("; ")}.`);
    for (let i = 0; i + 7 < units.length; i += 8) {
      const [side, what, ident, dice, need, , aim] = units.slice(i, i + 8);
      const who = what === 0 ? pieceOf(g, ident) : what === 1 ? `The ${g.view.gangs[side] ? g.view.gangs[side].gang : ""} Guard of ${spaceList[ident] ? spaceList[ident].name : ident}` : copOf(g, ident);
      lines.push(`${who}: ${dice} dice, hits on ${need}+, ${aim < 0 ? "aim not chosen yet" : `firing at ${sideOf(g, aim)}`}.`);
    }
    if (hits.length) lines.push(`${hits.length / 2} hit(s) still to be placed.`);
  } catch (err) {
    lines.push("A shootout is under way.");
  }
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
