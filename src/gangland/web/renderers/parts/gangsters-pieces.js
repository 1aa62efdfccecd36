// Gangsters' pieces on the map: each gang piece in its seat's shape, the gang colour when it
// stands citizen side up, white with a coloured rim when criminal side up, its kind letter
// and strength inside and an arrow for its facing; cops (navy, "C5") and public pieces
// (pale, "×2"). Several pieces on one space share it in a small grid. Pieces the seat to
// move may move are ringed and clickable. A lost strength point gets a short water splash.

import { s } from "../../js/dom.js";
import { shapePath } from "../../js/colors.js";
import { gangColour, inkOn, placeName, seatShape, title } from "./gangsters-common.js";
import { box, C, streetRect } from "./gangsters-map.js";

const LETTER = { racketeer: "R", thug: "T", vamp: "V" };
const DIR = { north: [0, -1], east: [1, 0], south: [0, 1], west: [-1, 0] };

/** Everything on the board, by space token: [{key, type, draw, name, facing}]. */
export function occupants(g) {
  const { view } = g;
  const at = new Map();
  const add = (token, item) => {
    if (token === null || token === undefined) return;
    if (!at.has(token)) at.set(token, []);
    at.get(token).push(item);
  };
  view.gangs.forEach((gang) => gang.pieces.forEach((p) => {
    if (!p.strength || p.at === null) return;
    const mover = gang.seat === view.to_move;
    add(p.at, { key: mover ? `gang:${p.kind}` : null, id: `${gang.seat}:${p.kind}`, type: "gang", seat: gang.seat, piece: p, facing: p.facing });
  }));
  view.cops.forEach((c) => add(c.at, { key: `cop:${c.cop}`, id: `cop:${c.cop}`, type: "cop", cop: c.cop, facing: c.facing, donut: c.donut || null }));
  view.public.forEach((p, k) => add(p.at, { key: `public:${k + 1}`, id: `public:${k + 1}`, type: "public", strength: p.strength, facing: p.facing }));
  return at;
}

/** Centres and a radius for n pieces in a w x h region. */
function layout(region, n) {
  const cols = Math.max(1, Math.min(n, Math.round(Math.sqrt((n * region.w) / region.h)) || 1));
  const rows = Math.ceil(n / cols);
  const cw = region.w / cols;
  const ch = region.h / rows;
  const r = Math.min(10.5, Math.min(cw, ch) * 0.4);
  return Array.from({ length: n }, (_, i) => ({ x: region.x + cw * ((i % cols) + 0.5), y: region.y + ch * (Math.floor(i / cols) + 0.5), r }));
}

/** Where the pieces of a space go: a street cell, or a building's box below its label. */
export function region(sp) {
  if (!sp) return null;
  if (sp.street) {
    return box(sp.cells);
  }
  const b = box(sp.cells);
  if (b.h >= 3 * C) return { x: b.x, y: b.y + C * 0.6, w: b.w, h: b.h - C * 0.6 };
  if (b.h >= 2 * C) return { x: b.x + 2, y: b.y + 14, w: b.w - 4, h: b.h - 14 };
  return { x: b.x + 22, y: b.y, w: Math.max(C * 0.8, b.w - 42), h: b.h }; // one row: between the code and the joint mark
}

function arrow(facing, r, fill) {
  const d = DIR[facing];
  if (!d) return null;
  const [dx, dy] = d;
  const tip = r + 6;
  const base = r + 1;
  const w = r * 0.5;
  const pts = [[dx * tip, dy * tip], [dx * base - dy * w, dy * base + dx * w], [dx * base + dy * w, dy * base - dx * w]];
  return s("polygon", { class: "gst-arrow", points: pts.map((p) => p.join(",")).join(" "), fill, stroke: "#111", "stroke-width": 0.8 });
}

function body(g, item, r) {
  if (item.type === "gang") {
    const colour = gangColour(g, item.seat);
    const crim = item.piece.criminal;
    const label = `${LETTER[item.piece.kind]}${item.piece.kind === "vamp" ? "" : item.piece.strength}`;
    return [
      shapePath(seatShape(item.seat), r, { fill: crim ? "#fbfaf5" : colour, stroke: crim ? colour : "#111", "stroke-width": crim ? 2.6 : 1.2 }),
      s("text", { y: r * 0.36, "text-anchor": "middle", "font-size": r * 0.95, "font-weight": 700, fill: crim ? "#111" : inkOn(colour), text: label }),
      arrow(item.facing, r, colour),
    ];
  }
  if (item.type === "cop") {
    return [
      s("rect", { x: -r, y: -r * 0.8, width: 2 * r, height: 1.6 * r, rx: 3, fill: "#1f3a93", stroke: "#cfd8ff", "stroke-width": 1.2 }),
      s("text", { y: r * 0.36, "text-anchor": "middle", "font-size": r * 0.9, "font-weight": 700, fill: "#fff", text: `C${item.cop}` }),
      item.donut ? s("circle", { class: "gst-donut", cx: r, cy: -r * 0.8, r: r * 0.38, fill: "#f2c46d", stroke: "#7a4b12", "stroke-width": r * 0.22 }) : null,
      arrow(item.facing, r, "#1f3a93"),
    ];
  }
  return [
    s("circle", { r: r * 0.9, fill: "#e9e4d6", stroke: "#555", "stroke-width": 1.2 }),
    s("text", { y: r * 0.36, "text-anchor": "middle", "font-size": r * 0.9, "font-weight": 700, fill: "#222", text: `×${item.strength}` }),
    arrow(item.facing, r, "#e9e4d6"),
  ];
}

function describe(g, item, token) {
  const where = placeName(g, token);
  const facing = item.facing ? `, facing ${item.facing}` : "";
  if (item.type === "gang") {
    const p = item.piece;
    const gang = g.view.gangs[item.seat].gang;
    const str = p.kind === "vamp" ? "" : ` ${p.strength}`;
    return `${title(gang)} ${title(p.kind)}${str} at ${where}${facing}, ${p.criminal ? "criminal (white side up)" : "citizen (coloured side up)"}`;
  }
  if (item.type === "cop") return `Cop ${item.cop} at ${where}${facing}${item.donut ? `, at his donuts (P${item.donut[0] + 1}'s marker, level ${item.donut[1]})` : ""}`;
  return `Public piece ×${item.strength} at ${where}${facing}`;
}

/** Every piece on the map; `pick` is the movement state ({moves, key, choose(key)}). */
export function drawPieces(g, pick, placed) {
  const layer = s("g", { class: "gst-pieces" });
  for (const [token, items] of occupants(g)) {
    const sp = g.spaces.get(token);
    let area = region(sp) || { x: 0, y: 0, w: C, h: C };
    if (sp && sp.street && items.length > 1) {
      const grid = g.cd.grid || { rows: 99, cols: 99 };
      const x = Math.max(0, Math.min(area.x - C / 4, grid.cols * C - area.w - C / 2));
      const y = Math.max(0, Math.min(area.y - C / 4, grid.rows * C - area.h - C / 2));
      area = { x, y, w: area.w + C / 2, h: area.h + C / 2 };
    }
    const spots = layout(area, items.length);
    items.forEach((item, i) => {
      const { x, y, r } = spots[i];
      placed.set(item.id, { x, y });
      const movable = item.key && pick.moves.has(item.key);
      const chosen = movable && pick.key === item.key;
      const grp = s("g", { class: `gst-piece gst-${item.type}${movable ? " gst-movable" : ""}${chosen ? " gst-chosen" : ""}`, transform: `translate(${x.toFixed(1)} ${y.toFixed(1)})`, dataset: { piece: item.id, at: token, key: item.key || "" } });
      if (movable) grp.append(s("circle", { r: r + 4, fill: "none", stroke: chosen ? "#E69F00" : "#56B4E9", "stroke-width": chosen ? 3 : 2, "stroke-dasharray": chosen ? null : "3 2" }));
      grp.append(...body(g, item, r).filter(Boolean), s("title", { text: describe(g, item, token) + (movable ? " (click to move)" : "") }));
      if (movable) {
        grp.setAttribute("role", "button");
        grp.setAttribute("tabindex", "0");
        grp.setAttribute("aria-label", `move ${describe(g, item, token)}`);
        grp.style.cursor = "pointer";
        const go = (e) => { e.stopPropagation(); pick.choose(item.key); };
        grp.addEventListener("click", go);
        grp.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); go(e); } });
      }
      layer.append(grp);
    });
  }
  return layer;
}

/** The spaces the chosen piece may end on, highlighted and clickable. */
export function drawTargets(g, pick) {
  const layer = s("g", { class: "gst-targets" });
  const ends = pick.key ? pick.moves.get(pick.key) : null;
  if (!ends) return layer;
  for (const token of ends.keys()) {
    const sp = g.spaces.get(token);
    if (!sp) continue;
    const on = pick.space === token;
    const grp = s("g", { class: `gst-target${on ? " gst-target-on" : ""}`, dataset: { token }, role: "button", tabindex: "0", "aria-label": `end on ${sp.name}` });
    for (const [r, c] of sp.cells) {
      const q = sp.street ? streetRect(sp, r, c) : { x: c * C, y: r * C, w: C, h: C };
      grp.append(s("rect", { x: q.x + 1, y: q.y + 1, width: q.w - 2, height: q.h - 2, fill: on ? "rgba(230,159,0,0.55)" : "rgba(86,180,233,0.45)", stroke: on ? "#E69F00" : "#56B4E9", "stroke-width": 2 }));
    }
    grp.append(s("title", { text: `${sp.name} (${token})` }));
    grp.style.cursor = "pointer";
    const go = (e) => { e.stopPropagation(); pick.choose(pick.key, token); };
    grp.addEventListener("click", go);
    grp.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); go(e); } });
    layer.append(grp);
  }
  return layer;
}

/** A short splash of water where a piece lost strength (the rulebook's squirt gun, 12.8). */
export function splash(x, y) {
  const grp = s("g", { class: "gst-splash", transform: `translate(${x} ${y})`, "pointer-events": "none" });
  const ring = s("circle", { r: 4, fill: "none", stroke: "#8fd3ff", "stroke-width": 2 });
  ring.append(s("animate", { attributeName: "r", from: 4, to: 20, dur: "0.7s", fill: "freeze" }),
    s("animate", { attributeName: "opacity", from: 1, to: 0, dur: "0.7s", fill: "freeze" }));
  grp.append(ring);
  for (let i = 0; i < 6; i += 1) {
    const a = (Math.PI * 2 * i) / 6 - Math.PI / 2;
    const drop = s("circle", { r: 2.2, fill: "#8fd3ff" });
    drop.append(s("animateTransform", { attributeName: "transform", type: "translate", from: "0 0", to: `${(Math.cos(a) * 18).toFixed(1)} ${(Math.sin(a) * 18 + 6).toFixed(1)}`, dur: "0.8s", fill: "freeze" }),
      s("animate", { attributeName: "opacity", from: 1, to: 0, dur: "0.8s", fill: "freeze" }));
    grp.append(drop);
  }
  return grp;
}
