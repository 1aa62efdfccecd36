// Gangster's table: what is being decided, the city map, and every colour's tableau.
// Everything in Gangster is public but the order of the face-down piles, so every seat
// sees the same board; only the seat to move gets clickable spots (its legal actions).
//
// On a phone the map is scaled to the screen's width, so every district (and every target
// of a drive) is on it; the page brings the map into view when a drive asks where to stop
// (data-focus), and its dock repeats the pending sentence (data-prompt).
//
// Once the game is over, the final count (where every seat's influence came from) comes
// first, under the result, and the board below it shows the tiles as they ended.

import { h } from "../js/dom.js";
import { drawFinal } from "./parts/gangster-final.js";
import { drawMap } from "./parts/gangster-map.js";
import { drawTableaus, movementCards, pendingText } from "./parts/gangster-tableau.js";

/** What the seat's decision is about, brought into view when it becomes theirs: the map
 * for a stop, a bump or a harbour tile, the movement cards for a turn, the tableaus for a
 * colour to choose. */
function focusOf(root, legal) {
  const verbs = new Set([...legal].map((text) => text.split(" ", 1)[0]));
  if (verbs.has("to") || verbs.has("bump") || verbs.has("take")) return root.querySelector(".gs-map-wrap");
  if (verbs.has("drive")) return root.querySelector(".gs-pending .gs-cards") || root.querySelector(".gs-acting .gs-cards");
  if (verbs.has("play")) return root.querySelector(".gs-tableaus");
  return null;
}

/** The acting colour's movement cards once more, after the question that they answer:
 * at a laptop's size its tableau is below the map, out of the window. Only for the seat
 * that may drive now. */
function driveCards(view, ctx, legal) {
  if (![...legal].some((text) => text.startsWith("drive "))) return null;
  const tableau = view.tableaus.find((t) => t.colour === view.colour);
  return tableau ? movementCards(tableau, view, legal, ctx) : null;
}

/** The renderer contract (docs/web.md). */
export function render(root, view, ctx) {
  const legal = new Set((ctx.legal || []).map((a) => (typeof a === "string" ? a : a.text)));
  const pending = pendingText(view, ctx);
  root.append(
    h(
      "div",
      { class: "gs" },
      h("p", { class: "gs-pending", dataset: { prompt: pending } }, pending, driveCards(view, ctx, legal)),
      drawFinal(view, ctx),
      h("div", { class: "gs-map-wrap" }, drawMap(view, ctx, legal)),
      drawTableaus(view, ctx, legal),
    ),
  );
  const focus = focusOf(root, legal);
  if (focus) focus.dataset.focus = "";
}

/** The end-of-game panel's breakdown (js/endgame.js): each seat's influence, the points
 * it won on each Day of Reckoning, and its colours. */
export function final(view) {
  const seats = (view.final || {}).seats || [];
  return {
    rows: seats.map((s) => ({
      seat: s.seat,
      score: `${s.influence} influence`,
      detail: `${s.reckonings.length ? s.reckonings.join(" + ") : "nothing"} on the Days of Reckoning · ${s.colours.join(", ")}`,
    })),
  };
}
