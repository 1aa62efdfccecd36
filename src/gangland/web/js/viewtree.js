// Any game's view, laid out for people: objects become definition lists, lists of
// records become tables, short lists become rows of chips. It knows no game; the only
// words it reads are the ones every view uses for seats (seat, to_move, winners, ...),
// which it shows with the seat's mark and name. A renderer may name the fields of a list
// of tuples (`ctx.columns`, from its `columns` export), which then becomes a table.

import { h, humanize, seatLabel } from "./dom.js";
import { seatBadge } from "./colors.js";

const SEAT_KEYS = new Set(["seat", "to_move", "owner", "triggered_by", "player", "winner"]);
const SEAT_LIST_KEYS = new Set(["winners", "seats", "players_out"]);
const SKIP_TOP = new Set(["game"]);
const INLINE_LIMIT = 40; // longer lists of plain values fold away
const TABLE_KEYS = 10; // records with more fields are listed, not tabled

const isPlain = (v) => v === null || v === undefined || ["string", "number", "boolean"].includes(typeof v);
const isRecord = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

function seatChip(seat, ctx) {
  if (typeof seat !== "number") return plain(seat);
  const name = ctx.names && ctx.names[seat];
  return h("span", { class: "seat-chip" }, seatBadge(seat, 16), name ? `${seatLabel(seat)} ${name}` : seatLabel(seat));
}

function plain(value) {
  if (value === null || value === undefined || value === "") return h("span", { class: "muted" }, "—");
  if (value === true) return h("span", { class: "yes" }, "yes");
  if (value === false) return h("span", { class: "no" }, "no");
  return h("span", {}, String(value));
}

function chips(values, ctx, key) {
  const asSeats = SEAT_LIST_KEYS.has(key);
  const items = values.map((v) => (asSeats ? seatChip(v, ctx) : h("span", { class: "chip" }, plain(v))));
  const row = h("span", { class: "chips" }, items);
  if (values.length <= INLINE_LIMIT) return row;
  return h("details", { class: "fold" }, h("summary", {}, `${values.length} items`), row);
}

function tuples(values) {
  return h("span", { class: "chips" }, values.map((t) => h("span", { class: "chip" }, t.map((x) => (x === null ? "—" : String(x))).join(" · "))));
}

function recordTable(rows, ctx, depth) {
  const keys = [];
  for (const row of rows) for (const k of Object.keys(row)) if (!keys.includes(k)) keys.push(k);
  const head = h("tr", {}, h("th", {}, "#"), keys.map((k) => h("th", {}, humanize(k))));
  const body = rows.map((row, i) => h("tr", {}, h("td", { class: "muted" }, String(i + 1)), keys.map((k) => h("td", {}, cell(row[k], k, ctx, depth + 1)))));
  return h("div", { class: "table-scroll" }, h("table", { class: "view-table" }, h("thead", {}, head), h("tbody", {}, body)));
}

/** A table cell: a nested record is written as one wrapped line of "key value" pairs. */
function cell(v, key, ctx, depth) {
  if (!isRecord(v)) return value(v, key, ctx, depth);
  return h("span", { class: "inline-record" }, Object.entries(v).map(([k, x]) => h("span", { class: "inline-pair" }, h("span", { class: "inline-key" }, humanize(k)), " ", value(x, k, ctx, depth + 1))));
}

function list(values, key, ctx, depth) {
  if (values.length === 0) return h("span", { class: "muted" }, "none");
  if (values.every(isPlain)) return chips(values, ctx, key);
  const names = ctx.columns && ctx.columns[key];
  if (names && values.every((v) => Array.isArray(v) && v.length === names.length)) {
    // A renderer named the fields of these tuples (its `columns` export): a table, whose
    // seat fields show as seats (P1 for seat 0) rather than bare numbers.
    return recordTable(values.map((v) => Object.fromEntries(names.map((n, i) => [n, v[i]]))), ctx, depth);
  }
  if (values.every((v) => Array.isArray(v) && v.every(isPlain))) return tuples(values);
  if (values.every(isRecord) && values.every((v) => Object.keys(v).length <= TABLE_KEYS)) {
    return recordTable(values, ctx, depth);
  }
  return h("ol", { class: "view-list" }, values.map((v) => h("li", {}, value(v, key, ctx, depth + 1))));
}

function record(obj, ctx, depth, skip = new Set()) {
  const entries = Object.entries(obj).filter(([k]) => !skip.has(k));
  if (entries.length === 0) return h("span", { class: "muted" }, "nothing");
  return h(
    "dl",
    { class: `view-dl depth-${Math.min(depth, 3)}` },
    entries.map(([k, v]) => [h("dt", {}, humanize(k)), h("dd", {}, value(v, k, ctx, depth + 1))]),
  );
}

/** One value of a view, rendered by its shape; `key` is its field name (for seat fields). */
export function value(v, key, ctx, depth = 0) {
  if (SEAT_KEYS.has(key) && typeof v === "number") return seatChip(v, ctx);
  if (isPlain(v)) return plain(v);
  if (Array.isArray(v)) return list(v, key, ctx, depth);
  return record(v, ctx, depth);
}

/** The whole view: one folding section per large field, small fields in a summary list. */
export function renderView(view, ctx) {
  if (!isRecord(view)) return h("div", { class: "view-tree" }, value(view, "", ctx));
  const small = {};
  const sections = [];
  for (const [k, v] of Object.entries(view)) {
    if (SKIP_TOP.has(k)) continue;
    const big = (Array.isArray(v) && !v.every(isPlain)) || (isRecord(v) && Object.keys(v).length > 3);
    if (big) {
      sections.push(h("details", { class: "view-section", open: true }, h("summary", {}, humanize(k)), value(v, k, ctx, 1)));
    } else {
      small[k] = v;
    }
  }
  return h("div", { class: "view-tree" }, record(small, ctx, 0), sections);
}
