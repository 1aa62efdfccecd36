// Gangsters' table: the decision in words (the offer, the shootout) with this seat's
// answers, the city map with every piece, and beside it the dice and each gang's panel.
// Only the seat to move gets buttons and clickable pieces. A movement is made on the map:
// click one of your ringed pieces, then a highlighted space, then a facing and side.
//
// On a phone the map is wider than the screen and scrolls sideways; the page keeps where it
// was scrolled to across redraws.

import { h, s, seatLabel } from "../js/dom.js";
import { gather } from "./parts/gangsters-common.js";
import { C, drawCity } from "./parts/gangsters-map.js";
import { movementChoices } from "./parts/gangsters-moves.js";
import { dicePanel, finalPanel, gangPanels } from "./parts/gangsters-panels.js";
import { drawPieces, drawTargets, splash } from "./parts/gangsters-pieces.js";
import { prompt } from "./parts/gangsters-prompt.js";

let pickState = { stamp: null, key: null, space: null };
let scrolled = null;
let memory = { table: null, version: null, pieces: new Map() };

function quiet() {
  return typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Splashes where a gang piece lost strength since the last state of this table. */
function splashes(g, placed, fresh) {
  const table = g.ctx.table ? g.ctx.table.id : null;
  const out = [];
  const now = new Map();
  for (const gang of g.view.gangs) {
    for (const p of gang.pieces) {
      const id = `${gang.seat}:${p.kind}`;
      const before = memory.table === table ? memory.pieces.get(id) : null;
      const pos = placed.get(id) || (before ? before.pos : null);
      now.set(id, { strength: p.strength, pos });
      if (fresh && before && p.strength < before.strength && pos && !quiet()) out.push(splash(pos.x, pos.y));
    }
  }
  if (fresh) memory = { table, version: g.ctx.table ? g.ctx.table.version : null, pieces: now };
  return out;
}

function keepScroll(wrap) {
  wrap.scrollLeft = scrolled || 0;
  wrap.addEventListener("scroll", () => { scrolled = wrap.scrollLeft; }, { passive: true });
}

/** The renderer contract (docs/web.md). */
export function render(root, view, ctx) {
  const g = gather(view, ctx);
  const version = ctx.table ? ctx.table.version : null;
  const stamp = `${ctx.table ? ctx.table.id : ""}:${version}:${[...g.legal].join("|")}`;
  if (pickState.stamp !== stamp) pickState = { stamp, key: null, space: null };
  const moves = g.mine ? movementChoices(g.legal) : new Map();
  let fresh = true;
  const draw = () => {
    const pick = {
      moves,
      key: pickState.key,
      space: pickState.space,
      choose(key, space = null) {
        pickState = { stamp, key, space };
        draw();
      },
    };
    const grid = g.cd.grid || { rows: 0, cols: 0 };
    const svg = s("svg", { class: "gst-map", viewBox: `0 0 ${grid.cols * C} ${grid.rows * C}`, role: "img", "aria-label": "the city map", style: "display:block; width:100%; min-width:760px; height:auto" });
    const placed = new Map();
    // The spaces a chosen piece may end on lie over the pieces: a piece standing there
    // (a cop on a subway) must not catch the click meant for its space.
    svg.append(drawCity(g), drawPieces(g, pick, placed), drawTargets(g, pick));
    svg.append(...splashes(g, placed, fresh));
    fresh = false;
    const wrap = h("div", { class: "gst-map-wrap", style: "overflow-x:auto; border-radius:10px; border:1px solid var(--line)" }, svg);
    root.replaceChildren(h("div", { class: "gst", dataset: { seat: g.seated ? seatLabel(g.me) : "spectator", version: String(version ?? "") } },
      prompt(g, pick),
      finalPanel(g),
      wrap,
      h("p", { class: "muted", style: "font-size:0.8rem; margin:4px 0" }, "Pieces: the seat's shape in the gang colour (white with a coloured rim: criminal side up), R/T/V and strength, an arrow for the facing; C5 a cop, ×2 a public piece. A joint shows its owner's mark and level; #1-6 the subways."),
      dicePanel(g),
      gangPanels(g)));
    keepScroll(wrap);
  };
  draw();
}
