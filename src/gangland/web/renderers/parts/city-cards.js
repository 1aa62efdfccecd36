// Gangster City's case cards drawn in SVG: the number, and the four elements one per row,
// each with a lettered roundel (its position in its category sets the colour, its initial
// the letter), so two cards can be compared at a glance and without relying on colour.

import { s } from "../../js/dom.js";

export const CARD_W = 120;
export const CARD_H = 168;
const ROW_Y = [50, 80, 110, 140];
const ROUNDEL = ["#E69F00", "#56B4E9", "#009E73"]; // Okabe–Ito, by position in the category
const CATEGORY_LABEL = ["who", "with", "where", "why"];

/** The card data of a number (1..54) from client_data, or null. */
export function cardOf(clientData, number) {
  const cards = clientData && clientData.cards;
  return cards && number >= 1 && number <= cards.length ? cards[number - 1] : null;
}

function frame(extraClass, title) {
  return s(
    "svg",
    { class: `gc-card ${extraClass}`, viewBox: `0 0 ${CARD_W} ${CARD_H}`, role: "img", "aria-label": title },
    s("title", { text: title }),
  );
}

/** A face-up card. opts: {count (0..4 matches), extraClass, onClick, hint}. */
export function cardFace(card, opts = {}) {
  const svg = frame(`gc-face ${opts.extraClass || ""}`, opts.hint ? `${card.label} — ${opts.hint}` : card.label);
  svg.append(
    s("rect", { class: "gc-paper", x: 1.5, y: 1.5, width: CARD_W - 3, height: CARD_H - 3, rx: 9 }),
    s("rect", { class: "gc-inner", x: 7, y: 7, width: CARD_W - 14, height: CARD_H - 14, rx: 6 }),
    s("text", { class: "gc-number", x: 14, y: 28, text: `#${card.number}` }),
  );
  card.titles.forEach((title, row) => {
    const y = ROW_Y[row];
    const index = card.elements[row];
    svg.append(
      s("line", { class: "gc-rule", x1: 12, x2: CARD_W - 12, y1: y - 17, y2: y - 17 }),
      s("circle", { cx: 24, cy: y - 4, r: 9.5, fill: ROUNDEL[index % ROUNDEL.length], stroke: "#1b1b1b", "stroke-width": 1 }),
      s("text", { class: "gc-initial", x: 24, y: y, "text-anchor": "middle", text: title.charAt(0) }),
      s("text", { class: "gc-cat", x: 39, y: y - 7, text: CATEGORY_LABEL[row] }),
      s("text", { class: "gc-word", x: 39, y: y + 5, text: title, textLength: title.length > 10 ? 72 : null, lengthAdjust: "spacingAndGlyphs" }),
    );
  });
  if (opts.count !== undefined && opts.count !== null) svg.append(countBadge(opts.count));
  if (opts.fresh) markFresh(svg, opts.fresh);
  if (opts.onClick) clickable(svg, opts.onClick);
  return svg;
}

/** A card turned face up since the seat's last turn (`note`: the words of the mark, as
 * js/marks.js words them): a soft glow of the mark family and a small tag at its foot. */
function markFresh(svg, note) {
  svg.classList.add("gc-new", "mark", "mark-svg");
  svg.append(s("g", { class: "gc-new-tag", transform: `translate(${CARD_W / 2} ${CARD_H - 10})` },
    s("rect", { x: -19, y: -8, width: 38, height: 14, rx: 7 }),
    s("text", { y: 3, "text-anchor": "middle", text: "new" })));
  svg.setAttribute("aria-label", `${svg.getAttribute("aria-label")} (turned face up, ${typeof note === "string" ? note : "by the last move"})`);
}

/** The match count of a clue card, on its top right: how many elements it shares. */
function countBadge(count) {
  return s(
    "g",
    { class: `gc-count gc-count-${count}`, transform: `translate(${CARD_W - 27} 24)` },
    s("circle", { r: 17 }),
    s("text", { y: 7, "text-anchor": "middle", text: String(count) }),
  );
}

/** The back of a card: a case you may not see, or the draw pile. */
export function cardBack(lines, opts = {}) {
  const svg = frame(`gc-back ${opts.extraClass || ""}`, opts.title || lines.join(" "));
  svg.append(
    s("rect", { class: "gc-back-paper", x: 1.5, y: 1.5, width: CARD_W - 3, height: CARD_H - 3, rx: 9 }),
    s("rect", { class: "gc-back-inner", x: 9, y: 9, width: CARD_W - 18, height: CARD_H - 18, rx: 6 }),
    s("text", { class: "gc-back-mark", x: CARD_W / 2, y: 82, "text-anchor": "middle", text: opts.mark || "?" }),
  );
  lines.forEach((line, i) => {
    svg.append(s("text", { class: "gc-back-text", x: CARD_W / 2, y: 118 + i * 16, "text-anchor": "middle", text: line }));
  });
  if (opts.onClick) clickable(svg, opts.onClick);
  return svg;
}

/** An empty place where a card will come. */
export function cardSlot(text) {
  const svg = frame("gc-slot", text);
  svg.append(
    s("rect", { class: "gc-slot-line", x: 3, y: 3, width: CARD_W - 6, height: CARD_H - 6, rx: 9 }),
    s("text", { class: "gc-back-text", x: CARD_W / 2, y: CARD_H / 2 + 5, "text-anchor": "middle", text }),
  );
  return svg;
}

/** Make a card a button: clickable, focusable, Enter/Space act. */
export function clickable(svg, onClick) {
  svg.classList.add("gc-clickable");
  svg.setAttribute("tabindex", "0");
  svg.setAttribute("role", "button");
  svg.addEventListener("click", onClick);
  svg.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      onClick(event);
    }
  });
  return svg;
}
