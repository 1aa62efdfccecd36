// Gangsters' city in SVG, from client_data alone: the river, streets (intersections a shade
// lighter), the two bridges over the river and Water St, the six subways numbered, and the
// buildings in their joint colours with their code and a door on the entrance side. A
// joint's owner is marked with its seat's shape in the gang colour, the level inside, and
// the building is outlined in that colour.

import { s } from "../../js/dom.js";
import { shapePath } from "../../js/colors.js";
import { gangColour, inkOn, money, seatShape } from "./gangsters-common.js";

/** A cell's side in SVG units. */
export const C = 28;

const STREET = "#4b505a";
const CROSSING = "#5d6370";
const DECK = "#8a6a45";
const RIVER = "#24557f";

/** The bounding box of a list of [row, col] cells. */
export function box(cells) {
  const rows = cells.map((rc) => rc[0]);
  const cols = cells.map((rc) => rc[1]);
  const top = Math.min(...rows);
  const left = Math.min(...cols);
  return { x: left * C, y: top * C, w: (Math.max(...cols) - left + 1) * C, h: (Math.max(...rows) - top + 1) * C };
}

/** The rectangle a street space takes in its cell: a deck or the street beneath a bridge is
 * a strip along its axis, so both levels of a crossing can be told apart. */
export function streetRect(sp, r, c) {
  const x = c * C;
  const y = r * C;
  if (sp.axis === "ns") return { x: x + C * 0.22, y, w: C * 0.56, h: C };
  if (sp.axis === "ew") return { x, y: y + C * 0.22, w: C, h: C * 0.56 };
  return { x, y, w: C, h: C };
}

function street(sp) {
  const g = s("g", { class: "gst-street", dataset: { token: sp.token } });
  for (const [r, c] of sp.cells) {
    const q = sp.level === "beneath" ? { x: c * C, y: r * C, w: C, h: C } : streetRect(sp, r, c);
    const fill = sp.level === "deck" || (sp.axis && !sp.level) ? DECK : sp.intersection ? CROSSING : STREET;
    g.append(s("rect", { x: q.x, y: q.y, width: q.w, height: q.h, fill }));
    if (sp.level === "deck" || (sp.axis && !sp.level)) {
      const rails = sp.axis === "ns"
        ? [[q.x, q.y, q.x, q.y + q.h], [q.x + q.w, q.y, q.x + q.w, q.y + q.h]]
        : [[q.x, q.y, q.x + q.w, q.y], [q.x, q.y + q.h, q.x + q.w, q.y + q.h]];
      for (const [x1, y1, x2, y2] of rails) g.append(s("line", { x1, y1, x2, y2, stroke: "#2b2118", "stroke-width": 1.5 }));
    }
  }
  g.append(s("title", { text: `${sp.name} (${sp.token})` }));
  return g;
}

/** The outline of a set of cells: the edges no other cell of the set shares. */
export function outline(cells) {
  const set = new Set(cells.map(([r, c]) => `${r},${c}`));
  const d = [];
  for (const [r, c] of cells) {
    const x = c * C;
    const y = r * C;
    if (!set.has(`${r - 1},${c}`)) d.push(`M${x} ${y}h${C}`);
    if (!set.has(`${r + 1},${c}`)) d.push(`M${x} ${y + C}h${C}`);
    if (!set.has(`${r},${c - 1}`)) d.push(`M${x} ${y}v${C}`);
    if (!set.has(`${r},${c + 1}`)) d.push(`M${x + C} ${y}v${C}`);
  }
  return d.join("");
}

function door(sp) {
  if (!sp.door_cell) return null;
  const [r, c] = sp.door_cell;
  const x = c * C;
  const y = r * C;
  const w = C * 0.5;
  const t = 4;
  const at = { N: [x + (C - w) / 2, y, w, t], S: [x + (C - w) / 2, y + C - t, w, t], W: [x, y + (C - w) / 2, t, w], E: [x + C - t, y + (C - w) / 2, t, w] }[sp.door];
  return at ? s("rect", { class: "gst-door", x: at[0], y: at[1], width: at[2], height: at[3], fill: "#111" }) : null;
}

function building(g, sp, owned) {
  const colour = (g.cd.joint_colours || {})[sp.colour] || "#777";
  const b = box(sp.cells);
  const grp = s("g", { class: "gst-building", dataset: { token: sp.token } });
  for (const [r, c] of sp.cells) grp.append(s("rect", { x: c * C - 0.3, y: r * C - 0.3, width: C + 0.6, height: C + 0.6, fill: colour }));
  const ownerColour = owned ? gangColour(g, owned[0]) : null;
  grp.append(s("path", { d: outline(sp.cells), fill: "none", stroke: ownerColour || "#15171b", "stroke-width": owned ? 3 : 1.2 }));
  grp.append(door(sp));
  grp.append(s("text", { x: b.x + 4, y: b.y + 12, "font-size": 10, "font-weight": 700, fill: "#111", "font-family": "monospace", text: sp.code }));
  if (owned) {
    const [seat, level] = owned;
    const mark = s("g", { class: "gst-joint", transform: `translate(${b.x + b.w - 10} ${b.y + 10})`, dataset: { owner: String(seat), level: String(level) } },
      shapePath(seatShape(seat), 7.5, { fill: ownerColour, stroke: "#111", "stroke-width": 1 }),
      s("text", { y: 3.5, "text-anchor": "middle", "font-size": 9, "font-weight": 700, fill: inkOn(ownerColour), text: String(level) }));
    grp.append(mark);
  }
  const value = sp.value ? `, ${money(sp.value)}` : "";
  const who = owned ? ` · P${owned[0] + 1}'s joint, level ${owned[1]}` : "";
  grp.append(s("title", { text: `${sp.name} (${sp.token}): ${sp.colour}${value}${who}` }));
  return grp;
}

function subway(sub) {
  const b = box(sub.cells);
  return s("g", { class: "gst-subway", dataset: { subway: String(sub.number) } },
    s("circle", { cx: b.x + b.w / 2, cy: b.y + b.h / 2, r: 9, fill: "#111", stroke: "#e6e0d0", "stroke-width": 1.5 }),
    s("text", { x: b.x + b.w / 2, y: b.y + b.h / 2 + 3.5, "text-anchor": "middle", "font-size": 10, "font-weight": 700, fill: "#fff", text: String(sub.number) }),
    s("title", { text: `Subway ${sub.number} (${sub.token})` }));
}

/** The city without pieces: a <g> to draw first. */
export function drawCity(g) {
  const grid = g.cd.grid || { rows: 0, cols: 0 };
  const city = s("g", { class: "gst-city" });
  city.append(s("rect", { width: grid.cols * C, height: grid.rows * C, fill: "#23262c" }));
  (g.cd.cells || []).forEach((row, r) => row.forEach((kind, c) => {
    if (kind === "river" || kind === "crossing" || kind === "bridge") city.append(s("rect", { x: c * C, y: r * C, width: C, height: C, fill: kind === "river" ? RIVER : "#23262c" }));
  }));
  const buildings = g.view.buildings || {};
  // streets beneath bridges first, so the decks lie on top
  const streets = (g.cd.spaces || []).filter((sp) => sp.street).sort((a, b) => (a.level === "deck") - (b.level === "deck"));
  for (const sp of streets) city.append(street(sp));
  for (const sp of g.cd.spaces || []) {
    if (sp.street) continue;
    const owned = buildings[sp.token];
    city.append(building(g, sp, owned && owned[0] >= 0 ? owned : null));
  }
  for (const sub of g.cd.subways || []) city.append(subway(sub));
  return city;
}
