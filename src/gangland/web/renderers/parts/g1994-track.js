// Gangster (1994)'s track: the ring of spaces from the Refuge, each with its name (a double
// space shows both halves), and every player's pawn on it (seat colour, shape and number,
// so nothing depends on telling colours apart). The mover's space is outlined.

import { s } from "../../js/dom.js";
import { seatMark } from "../../js/colors.js";
import { NAMES, spaceName } from "./g1994-common.js";

const SIZE = 560;
const R = 230;
const SHORT = {
  refuge: "Ref", aventure: "Av", vendeur: "Deal", collecte: "Coll", mission: "Miss",
  vol: "Theft", expert: "Exp", recrutement: "Recr", enchere: "Auct", passage: "Pass",
  protection: "Prot", course: "Race", echange: "Exch",
};
const TINT = {
  refuge: "#3a5a40", aventure: "#5b4b8a", vendeur: "#7a5c2e", collecte: "#8a3b3b",
  mission: "#2f5d7c", vol: "#6b2f2f", expert: "#7a6a2e", recrutement: "#3d6b5a",
  enchere: "#8a5a1e", passage: "#444", protection: "#2e5a6b", course: "#5a6b2e",
  echange: "#5a3d6b",
};

function spaceCell(g, i, kind, n) {
  const a = (2 * Math.PI * i) / n - Math.PI / 2;
  const x = SIZE / 2 + R * Math.cos(a);
  const y = SIZE / 2 + R * Math.sin(a);
  const halves = kind.split("/");
  const w = Math.min(44, (2 * Math.PI * R) / n - 4);
  const here = g.view.decision && g.view.table[g.view.decision.player]
    && g.view.table[g.view.decision.player].pos === i + 1 && !g.view.terminal;
  const rot = (a * 180) / Math.PI + 90;
  return s(
    "g",
    { class: "g94-space", transform: `translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${rot.toFixed(1)})`, dataset: { space: String(i + 1), kind } },
    s("title", { text: `${i + 1} ${spaceName(kind)}` }),
    halves.map((k, j) => s("rect", {
      x: -w / 2 + (j * w) / halves.length, y: -26, width: w / halves.length, height: 52,
      fill: TINT[k] || "#333", stroke: here ? "#fff" : "#111", "stroke-width": here ? 2.5 : 1,
    })),
    s("text", { y: -14, "text-anchor": "middle", "font-size": 9, fill: "#ddd", text: String(i + 1) }),
    halves.map((k, j) => s("text", {
      y: halves.length > 1 ? j * 10 - 2 : 3, "text-anchor": "middle", "font-size": 8.5,
      fill: "#fff", text: SHORT[k] || (NAMES[k] || k).slice(0, 4),
    })),
  );
}

function pawns(g, n) {
  const bySpace = new Map();
  for (const p of g.view.table) {
    const list = bySpace.get(p.pos) || [];
    list.push(p);
    bySpace.set(p.pos, list);
  }
  const out = [];
  for (const [pos, list] of bySpace) {
    const a = (2 * Math.PI * (pos - 1)) / n - Math.PI / 2;
    list.forEach((p, k) => {
      const rr = R - 44 - k * 20;
      const x = SIZE / 2 + rr * Math.cos(a);
      const y = SIZE / 2 + rr * Math.sin(a);
      out.push(s(
        "g",
        { class: `g94-pawn${p.out ? " g94-prison" : ""}`, transform: `translate(${x.toFixed(1)} ${y.toFixed(1)})`, opacity: p.out ? 0.45 : 1, dataset: { seat: String(p.seat), pos: String(pos) } },
        s("title", { text: `P${p.seat + 1} on ${pos} ${spaceName(g.track[pos - 1] || "")}${p.out ? " (in prison)" : ""}` }),
        seatMark(p.seat, 9),
      ));
    });
  }
  return out;
}

function centre(g) {
  const v = g.view;
  const lines = [`Turn ${v.turn}`, `Target $${Number(v.target).toLocaleString("en-US")}`];
  if (v.roll && v.roll.length) lines.push(`Dice ${v.roll.join(" + ")}`);
  if (v.offer !== null && v.offer !== undefined) lines.push(`Purchase offer by P${v.offer + 1}`);
  if (v.last) lines.push("Last round");
  return s("g", { class: "g94-centre" }, lines.map((t, i) => s("text", {
    x: SIZE / 2, y: SIZE / 2 - 20 + i * 18, "text-anchor": "middle", "font-size": i ? 13 : 16,
    "font-weight": i ? 400 : 700, fill: "#ddd", text: t,
  })));
}

/** The track as an SVG ring with every pawn. */
export function track(g) {
  const n = g.track.length || 1;
  return s(
    "svg",
    { class: "g94-track", viewBox: `0 0 ${SIZE} ${SIZE}`, width: "100%", style: "max-width: 560px", role: "img", "aria-label": "the track" },
    g.track.map((k, i) => spaceCell(g, i, k, n)),
    centre(g),
    pawns(g, n),
  );
}
