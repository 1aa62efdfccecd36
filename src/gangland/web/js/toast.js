// Short notices in a corner: the server's refusals and connection news. Each one fades by
// itself, so a refused move never blocks the table.

import { h } from "./dom.js";

function area() {
  let node = document.getElementById("toasts");
  if (!node) {
    node = h("div", { id: "toasts", class: "toasts", role: "status", "aria-live": "polite" });
    document.body.append(node);
  }
  return node;
}

/** Show a message; kind is "error", "info" or "ok". */
export function toast(message, kind = "error", ms = 6000) {
  const node = h("div", { class: `toast toast-${kind}` }, message);
  node.addEventListener("click", () => node.remove());
  area().append(node);
  setTimeout(() => node.classList.add("toast-leaving"), ms - 400);
  setTimeout(() => node.remove(), ms);
  return node;
}
