// Gangsters' opening (4.1-4.3) at the table. A joint is picked on the map (the buildings
// the seat may take are outlined with their price, the others dimmed); the secret gang is
// written in a small form (a counter for each kind, the budget left, a button that sends the
// matching legal action and, when there is none, says why); each gangster's starting joint
// is picked on the map, one gangster after another. A select beside each map pick does the
// same from the keyboard or a screen reader. Every decision is one legal action text, sent
// only when the server listed it; what the page adds is the choosing.

import { h, s } from "../../js/dom.js";
import { shapePath } from "../../js/colors.js";
import { gangColour, inkOn, money, seatShape, title } from "./gangsters-common.js";
import { C, outline } from "./gangsters-map.js";
import { region } from "./gangsters-pieces.js";

const KINDS = ["racketeer", "thug", "vamp"];
const PLURAL = { racketeer: "Racketeers", thug: "Thugs", vamp: "Vamp" };
const LETTER = { racketeer: "R", thug: "T", vamp: "V" };
const FREE = "#56B4E9";
const CHOSEN = "#E69F00";

/** The opening decision the seat has to make now ("pick", "gang", "place"), or null. */
export function setupKind(g) {
  if (!g.mine) return null;
  const kind = g.view.decision.kind;
  return kind === "pick" || kind === "gang" || kind === "place" ? kind : null;
}

/** The verbs the opening's own controls answer (so no other button repeats them). */
export const SETUP_VERBS = new Set(["joint", "gang", "start"]);

function myGang(g) {
  return g.view.gangs.find((x) => x.seat === g.me) || { joints: [], pieces: [], cash: 0 };
}

function figures(g) {
  return g.cd.setup || { joints: 3, joint_budget: 1100, gang_budget: 2100, step: [100, 100, 300], most: [10, 10, 1] };
}

/** "the Hawthorne Hotel", "the Ambassadors' Club", "Lou's Diner", "Grinders'" (as the
 * terminal's menus name a building: one named after its owner takes no article). */
export function buildingName(sp) {
  const name = sp ? sp.name : "?";
  const own = name.includes("'s") || name.endsWith("'");
  return own || name.startsWith("St. ") || name.startsWith("Shop ") ? name : `the ${name}`;
}

/** "a red joint", "an orange joint". */
function jointOf(colour) {
  return `${/^[aeiou]/i.test(colour) ? "an" : "a"} ${colour} joint`;
}

// ----- 4.1 joints ------------------------------------------------------------------------

function pickable(g) {
  return [...g.legal].filter((t) => t.startsWith("joint ")).map((t) => t.split(" ")[1]);
}

function pickPrompt(g, pick) {
  const fig = figures(g);
  const have = myGang(g).joints.map(([t]) => t);
  const spent = have.reduce((sum, t) => sum + ((g.spaces.get(t) || {}).value || 0), 0);
  const tokens = pickable(g);
  const chosen = tokens.includes(pick.joint) ? pick.joint : null;
  const sp = chosen ? g.spaces.get(chosen) : null;
  const select = h("select", { class: "gst-joint-select", "aria-label": "the joint to take", dataset: { keep: "joint-select" } },
    h("option", { value: "" }, tokens.length === 1 ? "Choose the one joint left…" : `Choose one of ${tokens.length} joints…`),
    tokens.map((t) => {
      const b = g.spaces.get(t) || { name: t, colour: "?", value: 0 };
      return h("option", { value: t, selected: t === chosen }, `${b.name} (${t.toUpperCase()}) · ${b.colour} · ${money(b.value)}`);
    }));
  select.addEventListener("change", () => pick.update({ joint: select.value || null }));
  const text = chosen ? `joint ${chosen}` : null;
  return [
    h("p", { class: "gst-hint" },
      `Joint ${have.length + 1} of ${fig.joints}: click one of the highlighted buildings on the map (its price is on it). `,
      `You have spent ${money(spent)} of ${money(fig.joint_budget)}; what is left is paid to you as change.`),
    h("div", { class: "gst-setup-row" }, select,
      h("button", {
        type: "button", class: "button button-primary gst-answer gst-confirm", disabled: !text, dataset: { action: text || "", keep: "confirm" },
        onclick: () => text && g.act(text),
      }, sp ? `Take ${buildingName(sp)} for ${money(sp.value)}` : "Pick a joint first")),
  ];
}

/** Where a price goes in a building: the left of its lowest run of two cells (so it lies
 * on the building, whatever its shape), else its lowest cell. */
function pillSpot(sp) {
  const cells = new Set(sp.cells.map(([r, c]) => `${r},${c}`));
  const order = sp.cells.slice().sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  const [r, c] = order.find(([rr, cc]) => cells.has(`${rr},${cc + 1}`)) || order[0];
  return { x: c * C + 3, y: r * C + C - 15 };
}

function pricePill(sp) {
  const at = pillSpot(sp);
  const text = money(sp.value);
  const w = 7 + text.length * 5.6;
  return s("g", { class: "gst-price", transform: `translate(${at.x} ${at.y})`, "pointer-events": "none" },
    s("rect", { width: w, height: 12, rx: 6, fill: "#101318", stroke: FREE, "stroke-width": 1 }),
    s("text", { x: w / 2, y: 9, "text-anchor": "middle", "font-size": 9, "font-weight": 700, fill: "#fff", text }));
}

/** A building the seat may click: outlined, filled when chosen; Enter and Space click it. */
function target(g, sp, on, label, click, extra = null) {
  const grp = s("g", {
    class: `gst-pickable${on ? " gst-pickable-on" : ""}`, role: "button", tabindex: "0",
    "aria-label": label, "aria-pressed": on ? "true" : "false", dataset: { token: sp.token },
  });
  for (const [r, c] of sp.cells) {
    grp.append(s("rect", { x: c * C, y: r * C, width: C, height: C, fill: on ? "rgba(230,159,0,0.42)" : "rgba(86,180,233,0.16)" }));
  }
  // (the outline keeps its width on screen when the map is fitted to a phone)
  grp.append(s("path", { d: outline(sp.cells), fill: "none", stroke: on ? CHOSEN : FREE, "stroke-width": on ? 4 : 3, "stroke-dasharray": on ? null : "6 3", "vector-effect": "non-scaling-stroke" }));
  if (extra) grp.append(extra);
  grp.append(s("title", { text: label }));
  grp.style.cursor = "pointer";
  const go = (e) => { e.stopPropagation(); click(); };
  grp.addEventListener("click", go);
  grp.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); go(e); } });
  return grp;
}

function dim(sp) {
  return s("g", { class: "gst-dim", "pointer-events": "none" },
    sp.cells.map(([r, c]) => s("rect", { x: c * C, y: r * C, width: C, height: C, fill: "rgba(12,14,18,0.6)" })));
}

function pickMarks(g, pick) {
  const layer = s("g", { class: "gst-setup-marks" });
  const open = new Set(pickable(g));
  const mine = new Set(myGang(g).joints.map(([t]) => t));
  for (const sp of g.cd.spaces || []) {
    if (sp.street) continue;
    if (!open.has(sp.token)) {
      if (!mine.has(sp.token)) layer.append(dim(sp)); // (your own joints stay bright)
      continue;
    }
    const label = `${sp.name} (${sp.token.toUpperCase()}): ${jointOf(sp.colour)}, ${money(sp.value)}`;
    layer.append(target(g, sp, pick.joint === sp.token, label, () => pick.update({ joint: sp.token }), pricePill(sp)));
  }
  return layer;
}

// ----- 4.2 the secret gang -----------------------------------------------------------------

/** The Gang Track price of n gangsters of kind k (the n-th Racketeer or Thug costs n steps). */
export function price(fig, k, n) {
  return k === 2 ? fig.step[2] * n : (fig.step[k] * n * (n + 1)) / 2;
}

function gangPrompt(g, pick) {
  const fig = figures(g);
  const change = myGang(g).cash || 0;
  const budget = fig.gang_budget + change;
  const counts = pick.gang || [0, 0, 0];
  const cost = counts.reduce((sum, n, k) => sum + price(fig, k, n), 0);
  const text = `gang ${counts.join(" ")}`;
  const ok = g.legal.has(text);
  const set = (k, n) => {
    const next = counts.slice();
    next[k] = Math.max(0, Math.min(fig.most[k], n));
    pick.update({ gang: next });
  };
  const rows = KINDS.map((kind, k) => {
    const n = counts[k];
    const input = h("input", {
      type: "number", min: 0, max: fig.most[k], value: n, inputmode: "numeric", class: "gst-count",
      "aria-label": PLURAL[kind], dataset: { kind, keep: `count-${kind}` },
    });
    input.addEventListener("change", () => set(k, Number.parseInt(input.value, 10) || 0));
    return h("div", { class: "gst-counter", dataset: { kind } },
      h("span", { class: "gst-counter-name" }, kind === "vamp" ? "Vamp" : PLURAL[kind]),
      h("button", { type: "button", class: "button button-small gst-less", disabled: n <= 0, "aria-label": `one ${title(kind)} fewer`, dataset: { keep: `less-${kind}` }, onclick: () => set(k, n - 1) }, "−"),
      input,
      h("button", { type: "button", class: "button button-small gst-more", disabled: n >= fig.most[k], "aria-label": `one ${title(kind)} more`, dataset: { keep: `more-${kind}` }, onclick: () => set(k, n + 1) }, "+"),
      h("span", { class: "gst-counter-cost muted" }, money(price(fig, k, n))));
  });
  let status;
  if (ok) status = `This gang costs ${money(cost)}; ${money(budget - cost)} is left, paid to you as change.`;
  else if (cost > budget) status = `Over budget: this gang costs ${money(cost)}, ${money(cost - budget)} more than your ${money(budget)}. Take a gangster away.`;
  else status = "The rules do not allow this gang.";
  const form = h("form", { class: "gst-gang-form", dataset: { cost: String(cost), budget: String(budget) } },
    h("p", { class: "gst-hint" },
      `Write down your gang in secret: nobody sees it until every gang has chosen. Your budget is ${money(fig.gang_budget)}`,
      change ? ` and your ${money(change)} change from the joints: ${money(budget)}.` : ".",
      ` The n-th Racketeer or Thug costs ${money(fig.step[0])} × n, the Vamp ${money(fig.step[2])}.`),
    h("div", { class: "gst-counters" }, rows),
    h("p", { class: `gst-gang-status${ok ? "" : " gst-invalid"}`, role: ok ? null : "alert" }, status),
    h("button", { type: "submit", class: "button button-primary gst-answer gst-confirm", disabled: !ok, dataset: { action: ok ? text : "", keep: "confirm" } },
      "Write down this gang"));
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    if (ok) g.act(text);
  });
  return [form];
}

// ----- 4.3 the starting joints ---------------------------------------------------------------

function placing(g, pick) {
  const gang = myGang(g);
  const joints = gang.joints.map(([t]) => t);
  const pieces = KINDS.filter((k) => (gang.pieces.find((p) => p.kind === k) || {}).strength);
  const at = { ...(pick.place || {}) };
  for (const k of Object.keys(at)) if (!joints.includes(at[k]) || !pieces.includes(k)) delete at[k];
  const current = pieces.includes(pick.current) ? pick.current : pieces.find((k) => !at[k]) || pieces[pieces.length - 1] || null;
  const text = `start ${KINDS.map((k) => (at[k] ? joints.indexOf(at[k]) + 1 : 0)).join(" ")}`;
  const done = pieces.every((k) => at[k]);
  return { gang, joints, pieces, at, current, text, ok: done && g.legal.has(text) };
}

function assign(pick, p, kind, token) {
  const at = { ...p.at, [kind]: token };
  const next = p.pieces.find((k) => !at[k]) || kind;
  pick.update({ place: at, current: next });
}

function pieceLabel(gang, kind) {
  const p = gang.pieces.find((x) => x.kind === kind);
  return kind === "vamp" || !p ? title(kind) : `${title(kind)} ${p.strength}`;
}

function placePrompt(g, pick) {
  const p = placing(g, pick);
  if (!p.pieces.length) {
    const text = "start 0 0 0";
    return [h("p", { class: "gst-hint" }, "Your gang has nobody to place: write that down."),
      h("button", { type: "button", class: "button button-primary gst-answer gst-confirm", dataset: { action: text, keep: "confirm" }, onclick: () => g.act(text) }, "Write it down")];
  }
  const rows = p.pieces.map((kind) => {
    const select = h("select", { class: "gst-place-select", "aria-label": `the joint the ${title(kind)} starts in`, dataset: { kind, keep: `place-${kind}` } },
      h("option", { value: "" }, "choose a joint…"),
      p.joints.map((t) => h("option", { value: t, selected: p.at[kind] === t }, `${(g.spaces.get(t) || { name: t }).name} (${t.toUpperCase()})`)));
    select.addEventListener("change", () => (select.value ? assign(pick, p, kind, select.value) : pick.update({ place: { ...p.at, [kind]: null }, current: kind })));
    return h("div", { class: `gst-place-row${kind === p.current ? " gst-place-current" : ""}`, dataset: { kind } },
      h("button", { type: "button", class: "button button-small button-quiet gst-place-who", "aria-pressed": kind === p.current ? "true" : "false", dataset: { keep: `who-${kind}` }, onclick: () => pick.update({ current: kind }) },
        shapeIcon(g, kind), pieceLabel(p.gang, kind)),
      select);
  });
  const missing = p.pieces.filter((k) => !p.at[k]).map((k) => `the ${title(k)}`);
  const where = p.pieces.map((k) => `the ${title(k)} in ${buildingName(g.spaces.get(p.at[k]))}`).join(", ");
  return [
    h("p", { class: "gst-hint" }, "Where does each gangster start? Click one of your highlighted joints on the map for the ",
      h("strong", {}, pieceLabel(p.gang, p.current)), ", or choose below. Secret until every gang has chosen."),
    h("div", { class: "gst-place-rows" }, rows),
    p.ok ? null : h("p", { class: "gst-gang-status gst-invalid" }, `Choose a joint for ${missing.join(" and ")}.`),
    h("button", { type: "button", class: "button button-primary gst-answer gst-confirm", disabled: !p.ok, title: p.ok ? `Start ${where}` : null, dataset: { action: p.ok ? p.text : "", keep: "confirm" }, onclick: () => p.ok && g.act(p.text) },
      "Write it down"),
  ];
}

function shapeIcon(g, kind) {
  const colour = gangColour(g, g.me);
  return s("svg", { width: 18, height: 18, viewBox: "-9 -9 18 18", "aria-hidden": "true" },
    shapePath(seatShape(g.me), 7.5, { fill: colour, stroke: "#111", "stroke-width": 1 }),
    s("text", { y: 3, "text-anchor": "middle", "font-size": 8, "font-weight": 700, fill: inkOn(colour), text: LETTER[kind] }));
}

/** Where a piece would start: its shape, dashed, in the joint (not on the board yet). */
function ghosts(g, sp, kinds) {
  const area = region(sp);
  const colour = gangColour(g, g.me);
  const r = Math.min(10, area.h * 0.4);
  return kinds.map((kind, i) => {
    const x = area.x + (area.w * (i + 1)) / (kinds.length + 1);
    const y = area.y + area.h / 2;
    return s("g", { class: "gst-ghost", transform: `translate(${x.toFixed(1)} ${y.toFixed(1)})`, "pointer-events": "none", dataset: { kind } },
      shapePath(seatShape(g.me), r, { fill: colour, stroke: "#fff", "stroke-width": 1.5, "stroke-dasharray": "3 2", opacity: 0.85 }),
      s("text", { y: r * 0.36, "text-anchor": "middle", "font-size": r * 0.95, "font-weight": 700, fill: inkOn(colour), text: LETTER[kind] }));
  });
}

function placeMarks(g, pick) {
  const layer = s("g", { class: "gst-setup-marks" });
  const p = placing(g, pick);
  const mine = new Set(p.joints);
  for (const sp of g.cd.spaces || []) {
    if (sp.street) continue;
    if (!mine.has(sp.token) || !p.current) {
      if (!mine.has(sp.token)) layer.append(dim(sp));
      continue;
    }
    const here = p.pieces.filter((k) => p.at[k] === sp.token);
    const label = `${sp.name} (${sp.token.toUpperCase()}): the ${title(p.current)} starts here`;
    const extra = here.length ? s("g", {}, ghosts(g, sp, here)) : null;
    layer.append(target(g, sp, p.at[p.current] === sp.token, label, () => assign(pick, p, p.current, sp.token), extra));
  }
  return layer;
}

// ----- the parts the board asks for ------------------------------------------------------------

/** The prompt's controls for the opening decision of the seat to move. */
export function setupPrompt(g, pick) {
  const kind = setupKind(g);
  if (kind === "pick") return pickPrompt(g, pick);
  if (kind === "gang") return gangPrompt(g, pick);
  if (kind === "place") return placePrompt(g, pick);
  return [];
}

/** The map's marks for it: the buildings to click, highlighted, and the rest dimmed. */
export function setupMarks(g, pick) {
  const kind = setupKind(g);
  if (kind === "pick") return pickMarks(g, pick);
  if (kind === "place") return placeMarks(g, pick);
  return null;
}
