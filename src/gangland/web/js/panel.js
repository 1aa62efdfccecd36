// The legal actions of the seat to move, as buttons: any game, no game code.
//
// The server sends each legal action's canonical text and a label for people. Many
// actions are grouped by their verb (the first word of the text); long groups fold away,
// and past FILTER_FROM actions a filter box narrows them down by any words typed.

import { h, humanize } from "./dom.js";

const GROUP_FROM = 9; // fewer actions than this: one row, no groups
const FOLD_FROM = 13; // a group this long starts folded
const FILTER_FROM = 31; // this many actions: offer a filter box

/** What the label adds to the text: "investigate 17  (take #17 …)" -> "take #17 …". */
export function detailOf(action) {
  const label = (action.label || "").trim();
  if (!label || label === action.text) return "";
  let rest = label.startsWith(action.text) ? label.slice(action.text.length).trim() : label;
  if (rest.startsWith("(") && rest.endsWith(")")) rest = rest.slice(1, -1).trim();
  return rest;
}

export function verbOf(text) {
  return text.split(/\s+/, 1)[0];
}

function button(action, act, disabled) {
  const detail = detailOf(action);
  return h(
    "button",
    {
      class: "action", type: "button", disabled, title: action.label || action.text,
      dataset: { action: action.text },
      onclick: () => act(action.text),
    },
    h("span", { class: "action-text" }, action.text),
    detail ? h("span", { class: "action-detail" }, detail) : null,
  );
}

function matches(action, words) {
  const hay = `${action.text} ${action.label || ""}`.toLowerCase();
  return words.every((w) => hay.includes(w));
}

/**
 * Draw the actions into `root`.
 * @param {HTMLElement} root
 * @param {{text: string, label: string}[]} legal
 * @param {(text: string) => void} act
 * @param {{busy?: boolean, filter?: string, onFilter?: (text: string) => void}} opts
 */
export function renderActions(root, legal, act, opts = {}) {
  root.replaceChildren();
  if (!legal.length) return;
  const busy = Boolean(opts.busy);
  if (legal.length < GROUP_FROM) {
    root.append(h("div", { class: "action-row" }, legal.map((a) => button(a, act, busy))));
    return;
  }
  const groups = new Map();
  for (const action of legal) {
    const verb = verbOf(action.text);
    if (!groups.has(verb)) groups.set(verb, []);
    groups.get(verb).push(action);
  }
  const body = h("div", { class: "action-groups" });
  const draw = (filter) => {
    const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
    body.replaceChildren();
    let shown = 0;
    for (const [verb, actions] of groups) {
      const visible = words.length ? actions.filter((a) => matches(a, words)) : actions;
      if (!visible.length) continue;
      shown += visible.length;
      const row = h("div", { class: "action-row" }, visible.map((a) => button(a, act, busy)));
      const title = [humanize(verb), h("span", { class: "count" }, String(visible.length))];
      const folded = !words.length && visible.length >= FOLD_FROM && groups.size > 1;
      body.append(
        folded
          ? h("details", { class: "action-group" }, h("summary", {}, title), row)
          : h("section", { class: "action-group" }, h("h4", {}, title), row),
      );
    }
    if (!shown) body.append(h("p", { class: "muted" }, "No action matches the filter."));
  };
  if (legal.length >= FILTER_FROM) {
    const input = h("input", {
      type: "search", class: "action-filter", placeholder: `Filter ${legal.length} actions…`,
      "aria-label": "Filter the actions", value: opts.filter || "",
    });
    input.addEventListener("input", () => {
      draw(input.value);
      if (opts.onFilter) opts.onFilter(input.value);
    });
    root.append(input);
  }
  draw(opts.filter || "");
  root.append(body);
}
