// Gangster's table: what is being decided, the city map, and every colour's tableau.
// Everything in Gangster is public but the order of the face-down piles, so every seat
// sees the same board; only the seat to move gets clickable spots (its legal actions).
//
// On a phone the map is wider than the screen and scrolls sideways. The page redraws on
// every state, so the map keeps where it was scrolled to; the first time, it centres on
// the car that acts.
//
// Once the game is over, the final count (where every seat's influence came from) comes
// first, under the result, and the board below it shows the tiles as they ended.

import { h } from "../js/dom.js";
import { drawFinal } from "./parts/gangster-final.js";
import { drawMap } from "./parts/gangster-map.js";
import { drawTableaus, pendingText } from "./parts/gangster-tableau.js";

let scrolled = null; // the map's sideways scroll, kept across redraws

function keepScroll(wrap, view, ctx) {
  if (wrap.scrollWidth <= wrap.clientWidth) return;
  if (scrolled === null) {
    const acting = view.tableaus.find((t) => t.colour === view.colour) || view.tableaus[0];
    const place = acting && (ctx.clientData.districts || []).find((d) => d.name === acting.car);
    const width = ctx.clientData.canvas ? ctx.clientData.canvas.width : 1;
    if (place) scrolled = (place.x / width) * wrap.scrollWidth - wrap.clientWidth / 2;
  }
  wrap.scrollLeft = scrolled || 0;
  wrap.addEventListener("scroll", () => { scrolled = wrap.scrollLeft; }, { passive: true });
}

/** The renderer contract (docs/web.md). */
export function render(root, view, ctx) {
  const legal = new Set((ctx.legal || []).map((a) => (typeof a === "string" ? a : a.text)));
  const wrap = h("div", { class: "gs-map-wrap" }, drawMap(view, ctx, legal));
  root.append(
    h(
      "div",
      { class: "gs" },
      h("p", { class: "gs-pending" }, pendingText(view, ctx)),
      drawFinal(view, ctx),
      wrap,
      h("p", { class: "gs-map-hint" }, "Swipe the map sideways to see the whole city."),
      drawTableaus(view, ctx, legal),
    ),
  );
  keepScroll(wrap, view, ctx);
}
