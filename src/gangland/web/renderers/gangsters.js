// Gangsters' table: the decision in words (the offer, the shootout) with this seat's
// answers, the city map with every piece, and beside it the dice and each gang's panel.
// Only the seat to move gets controls and clickable pieces. The opening is played on the
// map (the joints to pick, then each gangster's starting joint, highlighted) and in a small
// form (the secret gang); a movement too: click one of your ringed pieces, then a
// highlighted space, then a facing and side. Every other decision is a button, or a select
// where one verb has many answers. The renderer offers every legal action itself
// (`ownsActions`), so the table page shows no second list of them.
//
// On a phone the map is wider than the screen and scrolls sideways (the page keeps where it
// was scrolled to across redraws, and brings the highlighted spaces into view); during the
// opening it is fitted to the screen, and a button switches between the two. What changed
// since the seat's last turn is marked (parts/gangsters-marks.js).

import { h, s, seatLabel } from "../js/dom.js";
import { gather, money } from "./parts/gangsters-common.js";
import { C, drawCity } from "./parts/gangsters-map.js";
import { movementChoices } from "./parts/gangsters-moves.js";
import { dicePanel, finalPanel, gangPanels } from "./parts/gangsters-panels.js";
import { drawPieces, drawTargets, splash } from "./parts/gangsters-pieces.js";
import { prompt } from "./parts/gangsters-prompt.js";
import { setupKind, setupMarks } from "./parts/gangsters-setup.js";
import { markChanges } from "./parts/gangsters-marks.js";

/** The table page shows no generic list of actions beside this board (docs/web.md). */
export const ownsActions = true;

const fresh = (stamp) => ({ stamp, key: null, space: null, joint: null, gang: null, place: null, current: null });
let pickState = fresh(null);
let scrolled = null;
let zoom = null; // null: as the decision suits; "fit" or "zoom": the person's choice
let shown = { stamp: null, targets: null }; // what was last brought into view
let memory = { table: null, version: null, pieces: new Map() };

/** No splash under reduced motion, nor when the player unticked "animations" (js/marks.js). */
function quiet() {
  if (document.body.classList.contains("no-motion")) return true;
  return typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Splashes where a gang piece lost strength since the last state of this table. */
function splashes(g, placed, isFresh) {
  const table = g.ctx.table ? g.ctx.table.id : null;
  const out = [];
  const now = new Map();
  for (const gang of g.view.gangs) {
    for (const p of gang.pieces) {
      const id = `${gang.seat}:${p.kind}`;
      const before = memory.table === table ? memory.pieces.get(id) : null;
      const pos = placed.get(id) || (before ? before.pos : null);
      now.set(id, { strength: p.strength, pos });
      if (isFresh && before && p.strength < before.strength && pos && !quiet()) out.push(splash(pos.x, pos.y));
    }
  }
  if (isFresh) memory = { table, version: g.ctx.table ? g.ctx.table.version : null, pieces: now };
  return out;
}

function keepScroll(wrap) {
  wrap.scrollLeft = scrolled || 0;
  wrap.addEventListener("scroll", () => { scrolled = wrap.scrollLeft; }, { passive: true });
}

/** Whether the map is fitted to its box: during the opening, unless the person zoomed in. */
function fitted(g) {
  if (zoom) return zoom === "fit";
  const kind = g.view.terminal ? null : g.view.decision.kind;
  return kind === "pick" || kind === "gang" || kind === "place";
}

/** Bring what the person must look at into view, once per new thing to look at: the
 * decision (when it is theirs and off screen), and on a map wider than its box, the
 * highlighted spaces (scrolled sideways to their middle). */
function bringIntoView(root, g, stamp) {
  if (!g.mine || typeof window === "undefined") return;
  const wrap = root.querySelector(".gst-map-wrap");
  const marks = [...root.querySelectorAll(".gst-target, .gst-pickable")];
  const targets = `${stamp}|${pickState.key}`;
  if (wrap && marks.length && shown.targets !== targets && wrap.scrollWidth > wrap.clientWidth) {
    const frame = wrap.getBoundingClientRect();
    const boxes = marks.map((m) => m.getBoundingClientRect());
    const left = Math.min(...boxes.map((b) => b.left)) - frame.left + wrap.scrollLeft;
    const right = Math.max(...boxes.map((b) => b.right)) - frame.left + wrap.scrollLeft;
    if (left < wrap.scrollLeft || right > wrap.scrollLeft + wrap.clientWidth) {
      wrap.scrollLeft = Math.max(0, (left + right) / 2 - wrap.clientWidth / 2);
      scrolled = wrap.scrollLeft;
    }
  }
  shown.targets = targets;
  if (shown.stamp === stamp) return;
  shown.stamp = stamp;
  const ask = root.querySelector(".gst-prompt");
  if (!ask) return;
  // The question, its button and the spaces to click should all be on screen; when they
  // are not, the prompt goes to the top (below the sticky top bar: its scroll margin).
  const margin = Number.parseFloat(getComputedStyle(ask).scrollMarginTop) || 0;
  const fits = (el) => {
    const r = el.getBoundingClientRect();
    return r.top >= margin - 1 && r.bottom <= window.innerHeight - dockHeight() + 0.5;
  };
  const wanted = [ask.querySelector(".gst-why") || ask, ...ask.querySelectorAll(".gst-confirm"), ...marks];
  if (!wanted.every(fits)) ask.scrollIntoView({ block: "start" });
}

/** How much of the window's foot the phone's dock covers (the table page sets --dock-h). */
function dockHeight() {
  return Number.parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--dock-h")) || 0;
}

/** The renderer contract (docs/web.md). */
export function render(root, view, ctx) {
  const g = gather(view, ctx);
  const version = ctx.table ? ctx.table.version : null;
  const stamp = `${ctx.table ? ctx.table.id : ""}:${version}:${[...g.legal].join("|")}`;
  if (pickState.stamp !== stamp) pickState = fresh(stamp);
  const moves = g.mine ? movementChoices(g.legal) : new Map();
  let isFresh = true;
  const draw = () => {
    const pick = {
      ...pickState,
      moves,
      choose(key, space = null) {
        pickState = { ...pickState, key, space };
        draw();
      },
      update(patch) {
        pickState = { ...pickState, ...patch };
        draw();
      },
    };
    const grid = g.cd.grid || { rows: 0, cols: 0 };
    const fit = fitted(g);
    const svg = s("svg", { class: `gst-map${fit ? " gst-map-fit" : ""}`, viewBox: `0 0 ${grid.cols * C} ${grid.rows * C}`, role: "group", "aria-label": "the city map", style: "display:block; width:100%; height:auto" });
    const placed = new Map();
    // The spaces a chosen piece may end on lie over the pieces: a piece standing there
    // (a cop on a subway) must not catch the click meant for its space.
    svg.append(drawCity(g));
    const marks = setupMarks(g, pick);
    if (marks) svg.append(marks);
    svg.append(drawPieces(g, pick, placed), drawTargets(g, pick));
    svg.append(...splashes(g, placed, isFresh));
    const wrap = h("div", { class: "gst-map-wrap", style: "overflow-x:auto; border-radius:10px; border:1px solid var(--line)" }, svg);
    const toggle = h("button", { type: "button", class: "button button-small button-quiet gst-zoom", "aria-pressed": fit ? "false" : "true", onclick: () => { zoom = fit ? "zoom" : "fit"; draw(); } },
      fit ? "Zoom in on the map" : "Fit the map to the screen");
    // (the control that had the keyboard's focus gets it back after the redraw: data-keep)
    const focus = document.activeElement && root.contains(document.activeElement) ? document.activeElement.dataset.keep : null;
    // what changed since the seat's last turn; it pulses on a new state only, not again
    // when a click redraws the board (mark-quiet)
    root.replaceChildren(h("div", { class: `gst${setupKind(g) ? " gst-setup" : ""}${isFresh ? "" : " mark-quiet"}`, dataset: { seat: g.seated ? seatLabel(g.me) : "spectator", version: String(version ?? "") } },
      prompt(g, pick),
      finalPanel(g),
      toggle,
      wrap,
      h("p", { class: "muted gst-legend", style: "font-size:0.8rem; margin:4px 0" }, "Pieces: the seat's shape in the gang colour (white with a coloured rim: criminal side up), R/T/V and strength, an arrow for the facing; C5 a cop, ×2 a public piece. A joint shows its owner's mark and level; #1-6 the subways."),
      dicePanel(g),
      gangPanels(g)));
    markChanges(root, g);
    isFresh = false;
    keepScroll(wrap);
    if (focus) {
      const again = root.querySelector(`[data-keep="${focus}"]`);
      if (again) again.focus();
    }
    bringIntoView(root, g, stamp);
  };
  draw();
}

/** The end-of-game panel's breakdown (js/endgame.js): each gang's net worth, its cash and
 * its joints with their improvements (15.2), and why the winners won. */
export function final(view) {
  const final = view.final || {};
  return {
    why: final.why ? `Won by ${final.why}.` : "",
    rows: (final.rows || []).map((row) => ({
      seat: row.seat,
      score: money(row.worth),
      detail: `${money(row.cash)} cash + ${money(row.joints)} in joints${row.out ? " · out of the game" : ""}`,
    })),
  };
}
