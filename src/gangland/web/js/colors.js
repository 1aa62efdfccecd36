// Seat colours and marks. Colours come from the Okabe–Ito palette, which stays distinct
// under the common kinds of colour blindness; every seat also has its own shape and its
// number, so nothing on the page depends on telling colours apart.

import { s } from "./dom.js";

/** Okabe–Ito, ordered so that the first seats get the most distinct hues on a dark page. */
export const SEAT_COLORS = [
  "#E69F00", // orange
  "#56B4E9", // sky blue
  "#009E73", // bluish green
  "#F0E442", // yellow
  "#D55E00", // vermillion
  "#CC79A7", // reddish purple
  "#0072B2", // blue
];

export const SHAPES = ["circle", "square", "triangle", "diamond", "hexagon", "star", "pentagon"];

/** One colour per seat (the renderer context's `colors`). */
export function seatColors(players) {
  return Array.from({ length: players }, (_, seat) => SEAT_COLORS[seat % SEAT_COLORS.length]);
}

function polygon(sides, r, rotate = -Math.PI / 2) {
  const points = [];
  for (let i = 0; i < sides; i += 1) {
    const a = rotate + (2 * Math.PI * i) / sides;
    points.push(`${(r * Math.cos(a)).toFixed(2)},${(r * Math.sin(a)).toFixed(2)}`);
  }
  return points.join(" ");
}

function star(r) {
  const points = [];
  for (let i = 0; i < 10; i += 1) {
    const a = -Math.PI / 2 + (Math.PI * i) / 5;
    const rr = i % 2 ? r * 0.5 : r;
    points.push(`${(rr * Math.cos(a)).toFixed(2)},${(rr * Math.sin(a)).toFixed(2)}`);
  }
  return points.join(" ");
}

/** The outline of a shape of radius r centred on 0,0, as an SVG element. */
export function shapePath(shape, r, attrs = {}) {
  switch (shape) {
    case "square":
      return s("rect", { x: -r * 0.85, y: -r * 0.85, width: r * 1.7, height: r * 1.7, rx: r * 0.15, ...attrs });
    case "triangle":
      return s("polygon", { points: polygon(3, r * 1.15, -Math.PI / 2), transform: `translate(0 ${r * 0.18})`, ...attrs });
    case "diamond":
      return s("polygon", { points: polygon(4, r * 1.1), ...attrs });
    case "hexagon":
      return s("polygon", { points: polygon(6, r), ...attrs });
    case "pentagon":
      return s("polygon", { points: polygon(5, r * 1.05), ...attrs });
    case "star":
      return s("polygon", { points: star(r * 1.2), ...attrs });
    default:
      return s("circle", { r, ...attrs });
  }
}

/** A seat's mark as a group centred on 0,0: its shape in its colour, its number inside. */
export function seatMark(seat, r = 10) {
  const color = SEAT_COLORS[seat % SEAT_COLORS.length];
  const shape = SHAPES[seat % SHAPES.length];
  return s(
    "g",
    { class: "seat-mark" },
    shapePath(shape, r, { fill: color, stroke: "#111", "stroke-width": 1.2 }),
    s("text", {
      y: r * 0.36, "text-anchor": "middle", "font-size": r * 1.05, "font-weight": 700,
      fill: "#111", text: String(seat + 1),
    }),
  );
}

/** The seat's mark as a small inline SVG badge, for lists and texts. */
export function seatBadge(seat, size = 22) {
  const r = size * 0.42;
  return s(
    "svg",
    { class: "seat-badge", width: size, height: size, viewBox: `${-size / 2} ${-size / 2} ${size} ${size}`, "aria-hidden": "true" },
    s("title", { text: `P${seat + 1}` }),
    seatMark(seat, r),
  );
}
