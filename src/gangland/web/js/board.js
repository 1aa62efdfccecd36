// The game's own board renderer, when it has one (web/renderers/<game-id>.js).
//
// The renderer contract (docs/web.md): `render(root, view, ctx)` draws into an empty div
// and is called again on every state. A renderer that throws must not take the table
// down with it: the generic panel below the board still shows everything.

import { h } from "./dom.js";

const cache = new Map();

/** The renderer module of a game, or null when it has none (or it fails to load). */
export function loadRenderer(game) {
  if (!cache.has(game)) {
    const safe = String(game).replace(/[^a-z0-9-]/gi, "");
    const url = new URL(`../renderers/${safe}.js`, import.meta.url);
    cache.set(
      game,
      import(url.href)
        .then((mod) => (typeof mod.render === "function" ? mod : null))
        .catch(() => null),
    );
  }
  return cache.get(game);
}

/** Draw one view with the renderer into root; false when there is nothing to draw, or
 * the renderer failed (then the generic panel is all there is). */
export function drawBoard(root, renderer, view, ctx) {
  root.replaceChildren();
  if (!renderer || !view) {
    root.hidden = true;
    return false;
  }
  root.hidden = false;
  const canvas = h("div", { class: "board-canvas" });
  root.append(canvas);
  try {
    renderer.render(canvas, view, ctx);
  } catch (err) {
    console.error(err);
    root.replaceChildren(h("p", { class: "muted board-error" }, "The board could not be drawn; everything is listed below."));
    return false;
  }
  return true;
}
