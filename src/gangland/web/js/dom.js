// Small DOM helpers shared by every page and renderer, so no module builds elements by hand.

const SVG_NS = "http://www.w3.org/2000/svg";

function assign(node, attrs) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.setAttribute("class", value);
    else if (key === "text") node.textContent = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    // Through the CSSOM: the server's Content-Security-Policy (style-src 'self') refuses
    // style attributes, but not styles a script sets.
    else if (key === "style") node.style.cssText = value;
    else if (key.startsWith("on") && typeof value === "function") {
      node.addEventListener(key.slice(2), value);
    } else if (value === true) node.setAttribute(key, "");
    else node.setAttribute(key, String(value));
  }
}

function append(node, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** An HTML element: h("button", {class: "x", onclick: f}, "Label", child, ...). */
export function h(tag, attrs, ...children) {
  const node = document.createElement(tag);
  assign(node, attrs);
  return append(node, children);
}

/** An SVG element, same calling convention as h(). */
export function s(tag, attrs, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  assign(node, attrs);
  return append(node, children);
}

/** Empty a node and put new children in it. */
export function fill(node, ...children) {
  node.replaceChildren();
  return append(node, children);
}

/** "wrong_arrests" or "hotel-room" -> "Wrong arrests" / "Hotel room". */
export function humanize(key) {
  const words = String(key).replace(/[_-]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** "hotel-room" -> "Hotel Room" (how element and district words are printed). */
export function titleCase(word) {
  return String(word).replace(/[-_]+/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());
}

/** Seat numbers are shown from 1, as in every text the engine writes (P1 is seat 0). */
export function seatLabel(seat) {
  return seat === null || seat === undefined ? "spectator" : `P${seat + 1}`;
}

/** A number and its noun, singular for exactly one (as the engine's `counted`). */
export function counted(n, word, plural = `${word}s`) {
  return `${n} ${n === 1 ? word : plural}`;
}
