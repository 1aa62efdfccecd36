// Gangster's city map in SVG: districts as boxes at the positions client_data gives, roads
// as streets between them, each district's scoring tile (its values, its spaces in rank
// order, four to a row as printed) and the cars standing there. Where the seat to move may
// act on the map, the spot is clickable: a district to stop at, a gangster to load, a
// harbour tile to take.

import { s } from "../../js/dom.js";
import { gangsterChip, carShape, colourTitle } from "./gangster-pieces.js";
import { mark } from "../../js/marks.js";

const CHIP = 22;
const GAP = 4;
const ORDINAL = ["1st", "2nd", "3rd", "4th", "5th"];

/** Colours on a tile, best placed first: most gangsters, ties to the highest rank. */
export function standings(spaces) {
  const count = new Map();
  const top = new Map();
  spaces.forEach((colour, i) => {
    if (colour === null) return;
    count.set(colour, (count.get(colour) || 0) + 1);
    top.set(colour, i + 1);
  });
  return [...count.keys()].sort((a, b) => count.get(b) - count.get(a) || top.get(b) - top.get(a)).map((c) => ({ colour: c, count: count.get(c) }));
}

/** What the seat to move can do by clicking the map, read off the legal texts. */
export function mapActions(view, legal) {
  const acting = view.colour ? view.tableaus.find((t) => t.colour === view.colour) : null;
  const here = acting ? acting.car : null;
  const stops = new Map();
  const spaces = new Map();
  const takes = new Map();
  const add = (map, key, text) => map.set(key, [...(map.get(key) || []), text]);
  for (const text of legal) {
    const words = text.split(" ");
    if (words[0] === "to") add(stops, words[1], text);
    else if (words[0] === "bump") add(stops, words[3], text);
    else if (words[0] === "load" && here) add(spaces, `${here}:${words[1]}`, text);
    else if (words[0] === "tommy-gun") add(spaces, `${words[1]}:${words[2]}`, text);
    else if (words[0] === "take") add(takes, words[1], text);
  }
  return { here, stops, spaces, takes };
}

function onlyOne(list, act) {
  return list && list.length === 1 ? () => act(list[0]) : null;
}

function clickableGroup(group, onClick, label) {
  group.classList.add("gs-clickable");
  group.setAttribute("tabindex", "0");
  group.setAttribute("role", "button");
  group.setAttribute("aria-label", label);
  group.addEventListener("click", (event) => {
    event.stopPropagation();
    onClick();
  });
  group.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      onClick();
    }
  });
}

function tileSpaces(district, geo, cd, acts, act, over) {
  const tile = district.tile;
  const g = s("g", { class: "gs-spaces" });
  tile.spaces.forEach((colour, i) => {
    const rank = i + 1;
    const x = geo.left + 10 + (i % 4) * (CHIP + GAP);
    const y = geo.top + 32 + Math.floor(i / 4) * (CHIP + GAP);
    const click = onlyOne(acts.spaces.get(`${district.name}:${rank}`), act);
    let cell;
    if (colour === null) {
      const next = !over && tile.next_space === rank; // nobody unloads after the end
      cell = s(
        "g",
        { class: `gs-space${next ? " gs-next" : ""}` },
        s("rect", { x, y, width: CHIP, height: CHIP, rx: 3 }),
        s("text", { x: x + CHIP / 2, y: y + CHIP * 0.66, "text-anchor": "middle", text: String(rank) }),
        s("title", { text: next ? `space ${rank}: the next gangster goes here` : `space ${rank}` }),
      );
    } else {
      cell = gangsterChip(cd, colour, x, y, CHIP);
      cell.append(s("title", { text: `${colourTitle(cd, colour)} gangster, rank ${rank}` }));
    }
    if (click) {
      clickableGroup(cell, click, `load the gangster on space ${rank} of ${district.title}`);
      cell.classList.add("gs-loadable");
    }
    g.append(cell);
  });
  return g;
}

// Once the game is over nothing moves after the last reckoning, so the tile's standings are
// what it paid then: "paid", with the last casino card in place of each "?".
function tileValues(district, geo, cd, view) {
  const tile = district.tile;
  const order = standings(tile.spaces);
  const x = geo.left + 10 + 4 * (CHIP + GAP) + 6;
  const g = s("g", { class: "gs-values" });
  const casino = view.terminal ? view.casino_drawn[view.casino_drawn.length - 1] : undefined;
  const verb = view.terminal ? "paid" : "pays";
  g.append(s("text", { class: "gs-small", x, y: geo.top + 40, text: district.doubler ? `${verb} ×2` : verb }));
  tile.values.forEach((raw, i) => {
    const value = raw === "?" && casino !== undefined ? casino : raw;
    const y = geo.top + 46 + i * 21;
    const leader = order[i];
    g.append(
      s("text", { class: "gs-ordinal", x, y: y + 13, text: ORDINAL[i] || `${i + 1}th` }),
      s("text", { class: `gs-value${raw === "?" ? " gs-wild" : ""}`, x: x + 28, y: y + 13, text: String(value) }),
    );
    if (leader) g.append(gangsterChip(cd, leader.colour, x + 52, y, 18, { class: "gs-chip gs-leader" }));
  });
  return g;
}

function harbour(view, geo, cd, acts, act) {
  const g = s("g", { class: "gs-harbour" });
  g.append(s("text", { class: "gs-small", x: geo.left + 10, y: geo.top + 40, text: "Harbour: equipment to take" }));
  view.harbour.forEach((kind, i) => {
    const x = geo.left + 10 + i * 65;
    const y = geo.top + 50;
    const info = (cd.kinds || []).find((k) => k.name === kind);
    const tileG = s(
      "g",
      { class: `gs-equip${kind ? "" : " gs-equip-empty"}` },
      s("rect", { x, y, width: 61, height: 40, rx: 4 }),
      s("text", { x: x + 30.5, y: y + 25, "text-anchor": "middle", text: kind ? (info ? info.title : kind) : "empty", textLength: kind && kind.length > 6 ? 55 : null, lengthAdjust: "spacingAndGlyphs" }),
      s("title", { text: info ? `${info.title}: ${info.help}` : "an empty harbour space" }),
    );
    const click = kind ? onlyOne(acts.takes.get(kind), act) : null;
    if (click) clickableGroup(tileG, click, `take the ${kind}`);
    g.append(tileG);
  });
  const eaten = view.tableaus.filter((t) => t.breakfast);
  const text = eaten.length ? `Sicilian Breakfast: ${eaten.map((t) => `${t.breakfast} ${colourTitle(cd, t.colour)}`).join(", ")}` : "Sicilian Breakfast: nobody";
  g.append(s("text", { class: "gs-small", x: geo.left + 10, y: geo.top + 112, text }));
  return g;
}

/** The districts the moves marked (ctx.lastEvents: every move since the seat's last turn)
 * changed: where a car stopped or was pushed to, where a gangster was unloaded or loaded,
 * the one a drawn district card doubled; each of them, over any number of moves. */
export function changedDistricts(events) {
  const names = new Set();
  for (const e of events || []) {
    const d = e.data || {};
    if ((e.kind === "drive" || e.kind === "bump") && d.to) names.add(d.to);
    if ((e.kind === "unload" || e.kind === "load") && d.district) names.add(d.district);
    if (e.kind === "district-card" && d.card && d.card !== "police") names.add(d.card);
  }
  return names;
}

function districtBox(district, geo, view, ctx, acts) {
  const cd = ctx.clientData;
  const stop = onlyOne(acts.stops.get(district.name), ctx.act);
  const target = acts.stops.has(district.name);
  const here = acts.here === district.name && !view.terminal && !ctx.waiting;
  const unused = !district.tile && !district.harbour;
  const classes = ["gs-district"];
  if (district.harbour) classes.push("gs-harbour-box");
  if (unused) classes.push("gs-unused");
  if (here) classes.push("gs-here");
  if (target) classes.push("gs-target");
  if (acts.changed.has(district.name)) classes.push("gs-changed");
  const g = s("g", { class: classes.join(" "), dataset: { district: district.name } });
  g.append(
    s("rect", { class: "gs-box", x: geo.left, y: geo.top, width: geo.w, height: geo.h, rx: 10 }),
    s("text", { class: "gs-name", x: geo.left + 10, y: geo.top + 22, text: district.title }),
  );
  if (district.tile) g.append(s("text", { class: "gs-small gs-tile-no", x: geo.left + geo.w - (district.doubler ? 24 : 10), y: geo.top + 22, "text-anchor": "end", text: `tile ${district.tile.number}` }));
  if (district.doubler) {
    g.append(s("g", { class: "gs-doubler", transform: `translate(${geo.left + geo.w - 4} ${geo.top + 4})` }, s("circle", { r: 15 }), s("text", { y: 5, "text-anchor": "middle", text: "×2" }), s("title", { text: "doubler: this district pays double" })));
  }
  if (district.tile) {
    g.append(tileSpaces(district, geo, cd, acts, ctx.act, view.terminal), tileValues(district, geo, cd, view));
  } else if (district.harbour) {
    g.append(harbour(view, geo, cd, acts, ctx.act));
  } else {
    g.append(s("text", { class: "gs-small", x: geo.left + geo.w / 2, y: geo.top + geo.h / 2 + 4, "text-anchor": "middle", text: "not in play" }));
  }
  district.cars.forEach((colour, i) => {
    const acting = colour === view.colour && !view.terminal && !ctx.waiting;
    g.append(carShape(cd, colour, geo.left + 10 + i * 38, geo.top + geo.h - 22, acting ? "gs-car-acting" : ""));
  });
  if (stop) clickableGroup(g, stop, `stop in ${district.title}`);
  if (acts.changed.has(district.name)) mark(g, ctx);
  return g;
}

/** Top left of the map: how far the game and the round are. */
function roundPanel(view) {
  const g = s("g", { class: "gs-round", transform: "translate(24 22)" });
  g.append(
    s("rect", { class: "gs-round-box", width: 240, height: 128, rx: 10 }),
    s("text", { class: "gs-round-title", x: 14, y: 30, text: view.terminal ? "Game over" : `Round ${view.round} of ${view.rounds}` }),
    s("text", { class: "gs-small", x: 14, y: 56, text: `Doublers placed: ${view.doublers.placed} of ${view.doublers.total}` }),
  );
  for (let i = 0; i < view.doublers.total; i += 1) {
    g.append(s("circle", { class: i < view.doublers.placed ? "gs-pip gs-pip-on" : "gs-pip", cx: 22 + i * 26, cy: 76, r: 9 }));
  }
  g.append(
    s("text", { class: "gs-small", x: 14, y: 106, text: view.terminal ? `After ${view.rounds} Days of Reckoning` : `Turn ${view.turns_taken + 1} of at most ${view.turn_limit}` }),
    s("text", { class: "gs-small", x: 14, y: 122, text: `District deck ${view.district_deck.size} · casino cards ${view.casino_deck.size}` }),
  );
  return g;
}

/** The whole map as one SVG element. */
export function drawMap(view, ctx, legal) {
  const cd = ctx.clientData;
  const canvas = cd.canvas || { width: 1140, height: 1020, box_width: 200, box_height: 150 };
  const where = new Map((cd.districts || []).map((d) => [d.name, d]));
  const acts = { ...mapActions(view, legal), changed: changedDistricts(ctx.lastEvents) };
  const svg = s("svg", { class: "gs-map", viewBox: `0 0 ${canvas.width} ${canvas.height}`, role: "img", "aria-label": "the city map" });
  svg.append(
    s("defs", {}, s("pattern", { id: "gs-grid", width: 40, height: 40, patternUnits: "userSpaceOnUse" }, s("path", { d: "M 40 0 L 0 0 0 40", class: "gs-gridline" }))),
    s("rect", { class: "gs-ground", width: canvas.width, height: canvas.height, rx: 14 }),
    s("rect", { width: canvas.width, height: canvas.height, fill: "url(#gs-grid)", rx: 14 }),
    s("path", { class: "gs-lake", d: `M ${canvas.width - 360} 0 H ${canvas.width} V 150 Q ${canvas.width - 140} 190 ${canvas.width - 230} 90 Q ${canvas.width - 300} 30 ${canvas.width - 360} 0 Z` }),
    s("text", { class: "gs-lake-text", x: canvas.width - 120, y: 40, "text-anchor": "middle", text: "Lake Michigan" }),
  );
  const roads = s("g", { class: "gs-roads" });
  for (const [a, b] of cd.roads || []) {
    const pa = where.get(a);
    const pb = where.get(b);
    if (!pa || !pb) continue;
    roads.append(
      s("line", { class: "gs-road", x1: pa.x, y1: pa.y, x2: pb.x, y2: pb.y }),
      s("line", { class: "gs-road-mark", x1: pa.x, y1: pa.y, x2: pb.x, y2: pb.y }),
    );
  }
  svg.append(roads, roundPanel(view));
  const w = canvas.box_width;
  const hgt = canvas.box_height;
  for (const district of view.districts) {
    const pos = where.get(district.name);
    if (!pos) continue;
    svg.append(districtBox(district, { left: pos.x - w / 2, top: pos.y - hgt / 2, w, h: hgt }, view, ctx, acts));
  }
  return svg;
}

