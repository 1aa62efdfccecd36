// Gangster (1994)'s track: the loop of spaces laid round a rectangle, clockwise from the
// Refuge in the top-left corner, every label upright and in HTML text (a page's own font
// sizes, never an SVG scaled down to a phone). Each space shows its number, its name (a
// double space its two halves, one above the other) and the pawns on it (seat colour,
// shape and number, so nothing depends on telling colours apart); the mover's space is
// outlined. Inside the loop: the turn, the target, the dice and every player's panel.
//
// Two layouts of one grid, chosen by CSS from the track's own width (a container query):
// wide (13 x 9 for 40 spaces) and narrow (5 x 17, for a phone); the players' panels are
// inside the loop in both. Every cell carries its place in both as CSS variables.
//
// Where a space is the choice it is clicked on the board: the secret passage's free
// spaces are buttons (`goto N`), the others dimmed; a double space's halves are buttons
// when the mover chooses which to play (`choose KIND`). The prompt keeps the same choices
// as a list, for keyboards and screen readers.

import { h } from "../../js/dom.js";
import { SEAT_COLORS } from "../../js/colors.js";
import { seatText } from "./g1994-common.js";

/** Where a name may break, with a hyphen, when a cell is too narrow for it (soft hyphens:
 * a wide font on a phone shows "Ex-change" on two lines rather than a clipped word). */
const BREAKS = {
  Aventure: "Aven\u00adture", Collecte: "Col\u00adlecte", Recruitment: "Recruit\u00adment",
  Protection: "Protec\u00adtion", Exchange: "Ex\u00adchange", Passage: "Pas\u00adsage",
  Auction: "Auc\u00adtion", Mission: "Mis\u00adsion", Refuge: "Ref\u00aduge",
};

/** The seats' shapes (as colors.js draws them), for pawns drawn in HTML text. */
const SHAPES = ["circle", "square", "triangle", "diamond", "hexagon", "star", "pentagon"];

/** A dark tint per kind of space (white text reads on every one). */
const TINT = {
  refuge: "#3a5a40", aventure: "#5b4b8a", vendeur: "#7a5526", collecte: "#8a3b3b",
  mission: "#2f5d7c", vol: "#6b2f2f", expert: "#6e5f22", recrutement: "#3d6b5a",
  enchere: "#85501a", passage: "#45474d", protection: "#2e5a6b", course: "#546528",
  echange: "#5a3d6b",
};

/**
 * Places round a rectangle of `cols` columns, clockwise from the top-left corner: the
 * first `n` of them, as [row, column] from 1, and the rows needed.
 */
export function loop(n, cols) {
  const c = Math.max(2, Math.min(cols, Math.floor(n / 2)));
  const rows = Math.max(2, Math.ceil((n + 4 - 2 * c) / 2));
  const cells = [];
  for (let j = 1; j <= c; j += 1) cells.push([1, j]);
  for (let i = 2; i <= rows; i += 1) cells.push([i, c]);
  for (let j = c - 1; j >= 1; j -= 1) cells.push([rows, j]);
  for (let i = rows - 1; i >= 2; i -= 1) cells.push([i, 1]);
  return { rows, cols: c, cells: cells.slice(0, n) };
}

/** The columns of the wide layout: about 3 across for 2 down (13 x 9 for 40 spaces). */
const wideCols = (n) => Math.ceil(((n + 4) / 2) * 0.59);
const NARROW_COLS = 5;

/** The legal `goto N` answers: space number -> action text. */
function passageTargets(g) {
  const targets = new Map();
  for (const t of g.legal) {
    if (t.startsWith("goto ")) targets.set(Number(t.slice(5)), t);
  }
  return targets;
}

/** What going to space `n` by the secret passage means, in words (decision 10). */
export function passageWords(g, n) {
  const d = g.view.decision;
  const here = g.view.table[d.player] ? g.view.table[d.player].pos : 0;
  const name = g.spaceName(g.track[n - 1] || "");
  if (n >= here) return `Space ${n} ${name}`;
  const last = g.view.offer === d.player;
  return `Space ${n} ${name} (through the Refuge: ${last ? "your last space" : "no pay"})`;
}

function pawns(g, list) {
  if (!list.length) return null;
  // A pawn is its seat's shape and colour with its number in the page's text (11 px and
  // bold, legible at any size), not an SVG badge scaled down.
  return h("span", { class: "g94-pawns" }, list.map((p) => h("span", {
    class: `g94-pawn g94-shape-${SHAPES[p.seat % SHAPES.length]}${p.out ? " g94-prison" : ""}`,
    dataset: { seat: String(p.seat), pos: String(p.pos) },
    style: `--seat: ${SEAT_COLORS[p.seat % SEAT_COLORS.length]}`,
    title: `${seatText(g, p.seat, false)} on space ${p.pos}${p.out ? " (in prison)" : ""}`,
  }, String(p.seat + 1))));
}

function halves(g, kind, choosing) {
  return kind.split("/").map((k) => {
    const name = g.names[k] || k;
    const text = BREAKS[name] || name;
    const attrs = { class: "g94-half", style: `--tint: ${TINT[k] || "#333"}`, dataset: { half: k } };
    const action = `choose ${k}`;
    if (choosing && g.legal.has(action)) {
      return h("button", {
        ...attrs, type: "button", class: "g94-half g94-target", dataset: { half: k, action },
        "aria-label": `Play the ${g.names[k] || k} half`, onclick: () => g.act(action),
      }, text);
    }
    return h("span", attrs, text);
  });
}

function cell(g, i, kind, wide, narrow, ctx) {
  const n = i + 1;
  const [r, c] = wide.cells[i];
  const [nr, nc] = narrow.cells[i];
  const here = ctx.here === n;
  const target = ctx.targets.get(n);
  const through = target && n < ctx.herePos;
  const cls = ["g94-space"];
  if (kind.includes("/")) cls.push("g94-double");
  if (here) cls.push("g94-here");
  if (target) cls.push("g94-target");
  else if (ctx.targets.size) cls.push("g94-dim");
  if (through) cls.push("g94-through");
  const attrs = {
    class: cls.join(" "), dataset: { space: String(n), kind },
    style: `--r: ${r}; --c: ${c}; --nr: ${nr}; --nc: ${nc}`,
    title: `${n} ${g.spaceName(kind)}`,
  };
  const body = [
    h("span", { class: "g94-cell-top" }, h("span", { class: "g94-num" }, String(n)),
      through ? h("span", { class: "g94-round", "aria-hidden": "true" }, "↻") : null,
      pawns(g, ctx.bySpace.get(n) || [])),
    h("span", { class: "g94-halves" }, halves(g, kind, here && ctx.choosing)),
  ];
  if (target) {
    const words = passageWords(g, n);
    return h("button", {
      ...attrs, type: "button", dataset: { space: String(n), kind, action: target }, title: words,
      "aria-label": `Secret passage to ${words}`, onclick: () => g.act(target),
    }, body);
  }
  return h("div", attrs, body);
}

function centre(g) {
  const v = g.view;
  const lines = [h("strong", { class: "g94-turn" }, `Turn ${v.turn}`),
    h("span", {}, `Target $${Number(v.target).toLocaleString("en-US")}`)];
  if (v.roll && v.roll.length) lines.push(h("span", { class: "g94-dice" }, `Dice ${v.roll.join(" + ")}`));
  if (v.offer !== null && v.offer !== undefined) {
    lines.push(h("span", {}, `Purchase offer by ${seatText(g, v.offer)}`));
  }
  if (v.last) lines.push(h("span", {}, "Last round"));
  return lines;
}

/** The track, with `inside` (the players' panels) inside the loop (below a loop too
 * small to hold them). */
export function track(g, inside = null) {
  const n = g.track.length || 1;
  const wide = loop(n, wideCols(n));
  const narrow = loop(n, Math.min(NARROW_COLS, wide.cols));
  const v = g.view;
  const d = v.decision || {};
  const mover = !v.terminal && v.table[d.player] ? v.table[d.player] : null;
  const mine = !v.terminal && g.seated && v.to_move === g.me;
  const bySpace = new Map();
  for (const p of v.table) {
    if (!bySpace.has(p.pos)) bySpace.set(p.pos, []);
    bySpace.get(p.pos).push(p);
  }
  const ctx = {
    bySpace,
    here: mover ? mover.pos : null,
    herePos: mover ? mover.pos : 0,
    targets: mine ? passageTargets(g) : new Map(),
    choosing: mine && d.kind === "choose",
  };
  const grid = `--cols: ${wide.cols}; --rows: ${wide.rows}; --ncols: ${narrow.cols}; --nrows: ${narrow.rows}; `
    + `--in-c: 2 / ${wide.cols}; --nin-c: 2 / ${narrow.cols}`;
  return h(
    "div",
    { class: "g94-trackbox" },
    h(
      "div",
      { class: `g94-track${ctx.targets.size ? " g94-picking" : ""}${wide.rows < 5 ? " g94-inside-below" : ""}`, style: grid, role: "group", "aria-label": "the track" },
      g.track.map((k, i) => cell(g, i, k, wide, narrow, ctx)),
      h("div", { class: "g94-centre" }, centre(g),
        ctx.targets.size ? h("span", { class: "g94-pick-hint" }, "Click a highlighted space (↻: through the Refuge)") : null),
      inside ? h("div", { class: "g94-inside" }, inside) : null,
    ),
  );
}
