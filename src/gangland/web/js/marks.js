// What changed since your last turn: which events a board marks, and how it marks them.
//
// A seat that looks back at the table after its rivals played wants to see everything they
// did, not only the newest move: the events to mark are those of every move since the
// seat's own last action, and always those of the newest move (a spectator: the newest
// move only). The seat's last acted version is kept per table and seat in localStorage
// (`gangland.acted`), so a reload marks the same span. It is set when the seat's own action
// is acknowledged: the first state of a newer version after the seat sent one.
//
// Renderers mark an element with `mark(node, ctx)`: the classes of the `mark` family
// (css/marks.css: a static highlight, and a short pulse when it appears) and a text
// alternative in its title. The pulse is off under `prefers-reduced-motion` and when the
// player unticks the table page's "animations" box (`gangland.motion`, the class
// `no-motion` on <body>).

import { s } from "./dom.js";

const ACTED_KEY = "gangland.acted";
const MOTION_KEY = "gangland.motion";
const KEEP = 200; // tables remembered; the oldest entries go first

function readActed() {
  try {
    const data = JSON.parse(localStorage.getItem(ACTED_KEY) || "{}");
    return data && typeof data === "object" && !Array.isArray(data) ? data : {};
  } catch {
    return {};
  }
}

const actedKey = (tableId, seat) => `${tableId}#${seat}`;

/** The version of the seat's last acknowledged action at this table, or null. */
export function actedVersion(tableId, seat) {
  const version = readActed()[actedKey(tableId, seat)];
  return Number.isInteger(version) ? version : null;
}

/** Remember that the seat's own action made `version` (kept across reloads). */
export function rememberActed(tableId, seat, version) {
  const all = readActed();
  delete all[actedKey(tableId, seat)]; // re-inserted last: the newest entry
  all[actedKey(tableId, seat)] = version;
  const keys = Object.keys(all);
  for (const key of keys.slice(0, Math.max(0, keys.length - KEEP))) delete all[key];
  try {
    localStorage.setItem(ACTED_KEY, JSON.stringify(all));
  } catch {
    // a full or refused storage: the span is only the newest move after a reload
  }
}

/** The events to mark: those of the newest move, and of every move after `since`. */
export function markedEvents(events, newest, since) {
  return events.filter((e) => e.version === newest || (since !== null && e.version > since));
}

/**
 * The events a table page marks, kept from its state messages. `update(state, seat)` takes
 * each state (the first after a connection carries the newest page of the log, later ones
 * the events after `log_from`) and answers the events to mark; `sent(version)` notes the
 * seat's action at a version, `refused()` that it was not taken.
 */
export class MarkSpan {
  constructor(tableId) {
    this.tableId = tableId;
    this.events = [];
    this.pending = null; // the version the seat's unacknowledged action was sent at
  }

  sent(version) {
    this.pending = version;
  }

  refused() {
    this.pending = null;
  }

  update(state, seat) {
    const events = state.events || [];
    if (state.reset) this.events = [...events];
    else this.events = [...this.events.filter((e) => e.version <= (state.log_from || 0)), ...events];
    const seated = seat !== null && seat !== undefined;
    if (seated && this.pending !== null && state.version > this.pending) {
      rememberActed(this.tableId, seat, this.pending + 1); // its own move is the next version
      this.pending = null;
    }
    const since = seated ? actedVersion(this.tableId, seat) : null;
    // what no later state marks again (both the newest and the acted version only grow)
    const floor = since === null ? state.version - 1 : Math.min(since, state.version - 1);
    this.events = this.events.filter((e) => e.version > floor);
    return markedEvents(this.events, state.version, since);
  }
}

/** The words a marked element's title gains. */
export function markNote(ctx) {
  const seated = ctx && ctx.seat !== null && ctx.seat !== undefined && !ctx.replay;
  return seated ? "changed since your last turn" : "changed by the last move";
}

/** Mark a board element as changed: the `mark` classes and a text alternative (an SVG
 * element's <title>, an HTML element's title, and an aria-label it has). */
export function mark(node, ctx) {
  if (!node || node.classList.contains("mark")) return node;
  const note = markNote(ctx);
  node.classList.add("mark");
  if (node instanceof SVGElement) {
    node.classList.add("mark-svg");
    const title = [...node.children].find((c) => c.tagName === "title");
    if (title) title.textContent = `${title.textContent} (${note})`;
    else node.append(s("title", { text: note }));
  } else {
    node.title = node.title ? `${node.title} (${note})` : note.charAt(0).toUpperCase() + note.slice(1);
  }
  const label = node.getAttribute("aria-label");
  if (label) node.setAttribute("aria-label", `${label} (${note})`);
  return node;
}

/** Mark every element under `root` that a selector finds. */
export function markAll(root, selector, ctx) {
  for (const node of root.querySelectorAll(selector)) mark(node, ctx);
}

/** The table page's "animations" box: ticked unless the player turned them off; the
 * choice is kept and shown as the class `no-motion` on <body>. */
export function motionSwitch(input) {
  const apply = (on) => document.body.classList.toggle("no-motion", !on);
  let on = true;
  try {
    on = localStorage.getItem(MOTION_KEY) !== "off";
  } catch {
    // no storage: animations stay on
  }
  input.checked = on;
  apply(on);
  input.addEventListener("change", () => {
    apply(input.checked);
    try {
      localStorage.setItem(MOTION_KEY, input.checked ? "on" : "off");
    } catch {
      // the choice holds for this page only
    }
  });
}
