// Gangster's pieces: the five gang colours, each also written as two letters (Bl, Ye, Br,
// Gy, Gn) on every piece, so the board can be read without telling colours apart.

import { h, s } from "../../js/dom.js";

/** Fill and ink per gang colour; blue, yellow and green are Okabe–Ito hues. */
export const PIECE = {
  blue: { fill: "#0072B2", ink: "#ffffff" },
  yellow: { fill: "#F0E442", ink: "#1a1a1a" },
  brown: { fill: "#8C5A2B", ink: "#ffffff" },
  gray: { fill: "#A3A3A3", ink: "#111111" },
  green: { fill: "#009E73", ink: "#ffffff" },
};

const FALLBACK = { fill: "#777777", ink: "#ffffff" };

export function piece(colour) {
  return PIECE[colour] || FALLBACK;
}

/** The two letters of a colour, from client_data (a components file may rename nothing). */
export function code(clientData, colour) {
  const found = (clientData.colours || []).find((c) => c.name === colour);
  return found ? found.code : String(colour).slice(0, 2).replace(/^./, (c) => c.toUpperCase());
}

export function colourTitle(clientData, colour) {
  const found = (clientData.colours || []).find((c) => c.name === colour);
  return found ? found.title : colour;
}

/** A gangster as an SVG square with its colour's letters (size in map units). */
export function gangsterChip(clientData, colour, x, y, size, extra = {}) {
  const p = piece(colour);
  return s(
    "g",
    { class: "gs-chip", transform: `translate(${x} ${y})`, ...extra },
    s("rect", { width: size, height: size, rx: 3, fill: p.fill, stroke: "#0d0d0d", "stroke-width": 1 }),
    s("text", { x: size / 2, y: size * 0.68, "text-anchor": "middle", "font-size": size * 0.5, "font-weight": 700, fill: p.ink, text: code(clientData, colour) }),
  );
}

/** A car seen from above, with the colour's letters on its roof. */
export function carShape(clientData, colour, x, y, extraClass = "") {
  const p = piece(colour);
  return s(
    "g",
    { class: `gs-car ${extraClass}`, transform: `translate(${x} ${y})` },
    s("title", { text: `${colourTitle(clientData, colour)} car` }),
    s("rect", { x: 3, y: -2, width: 6, height: 4, rx: 1, fill: "#111" }),
    s("rect", { x: 23, y: -2, width: 6, height: 4, rx: 1, fill: "#111" }),
    s("rect", { x: 3, y: 14, width: 6, height: 4, rx: 1, fill: "#111" }),
    s("rect", { x: 23, y: 14, width: 6, height: 4, rx: 1, fill: "#111" }),
    s("rect", { class: "gs-car-body", width: 32, height: 16, rx: 5, fill: p.fill, stroke: "#0d0d0d", "stroke-width": 1.2 }),
    s("text", { x: 16, y: 12, "text-anchor": "middle", "font-size": 10, "font-weight": 700, fill: p.ink, text: code(clientData, colour) }),
  );
}

/** The same chip as an inline HTML badge (tableaus, texts). */
export function colourBadge(clientData, colour) {
  const p = piece(colour);
  return h("span", { class: "gs-badge", style: `background:${p.fill};color:${p.ink}`, title: colourTitle(clientData, colour) }, code(clientData, colour));
}
