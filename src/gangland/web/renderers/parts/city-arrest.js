// The arrest picker of Gangster City: choose one element per category and arrest.
//
// An arrest names all four elements of one's own case; the legal list has 54 of them (fewer
// once some were answered "wrong"), far too many buttons. The picker builds the action's
// text from four choices and enables it only when the server's legal list contains it. A
// seated detective may prepare an arrest while others move; it is kept across redraws,
// until the case is solved (the next case needs a new arrest) or the table is replayed
// (nothing can be arrested from a replay, so it has no picker).

import { h } from "../../js/dom.js";
import { cardFace } from "./city-cards.js";

const FIELDS = ["Who", "With what", "Where", "Why"];
const chosen = new Map(); // "table:seat" -> [suspect, weapon, scene, motive] indices (or null)
const solvedAt = new Map(); // "table:seat" -> how many cases the seat had solved at that pick

function key(ctx) {
  return `${ctx.table ? ctx.table.id : ""}:${ctx.seat}`;
}

function findCard(clientData, pick) {
  return (clientData.cards || []).find((c) => c.elements.every((e, i) => e === pick[i])) || null;
}

/**
 * @returns {{node: HTMLElement|null, canArrest: boolean, offer: (n: number) => Function|null, focus: () => void}}
 */
export function arrestPicker(ctx, legal, view) {
  const elements = (ctx.clientData && ctx.clientData.elements) || [];
  const seated = ctx.seat !== null && ctx.seat !== undefined;
  const standOut = view.stands ? view.stands[ctx.seat] && view.stands[ctx.seat].out : Boolean(view.out && view.out[ctx.seat]);
  const shown = seated && !ctx.replay && !view.terminal && !standOut && elements.length === 4;
  const canArrest = [...legal].some((t) => t.startsWith("arrest "));
  const refuted = new Set(view.stands && seated ? view.stands[ctx.seat].refuted : []);
  const id = key(ctx);
  const solved = view.stands && seated && view.stands[ctx.seat] ? view.stands[ctx.seat].solved.length : 0;
  if (!chosen.has(id) || solvedAt.get(id) !== solved) chosen.set(id, [null, null, null, null]);
  solvedAt.set(id, solved);
  const node = shown ? h("section", { class: "gc-arrest", id: "gc-arrest" }) : null;

  const draw = () => {
    if (!node) return;
    const pick = chosen.get(id);
    const rows = elements.map((cat, row) => h(
      "div",
      { class: "gc-arrest-row", role: "radiogroup", "aria-label": FIELDS[row] },
      h("span", { class: "gc-arrest-label" }, FIELDS[row]),
      cat.titles.map((title, index) => h("button", {
        type: "button",
        class: `gc-choice gc-choice-${index}${pick[row] === index ? " gc-chosen" : ""}`,
        role: "radio",
        "aria-checked": pick[row] === index ? "true" : "false",
        onclick: () => {
          pick[row] = pick[row] === index ? null : index;
          draw();
        },
      }, h("span", { class: "gc-roundel" }, title.charAt(0)), title)),
    ));
    const complete = pick.every((x) => x !== null);
    const card = complete ? findCard(ctx.clientData, pick) : null;
    let why = "";
    if (!complete) why = "Choose one of each.";
    else if (!card) why = "No such card.";
    else if (refuted.has(card.number)) why = "Already answered “wrong” for this case.";
    else if (!canArrest) why = "You can arrest on your turn.";
    else if (!legal.has(card.arrest)) why = "Not possible now.";
    const go = h("button", {
      type: "button", class: "button button-danger gc-arrest-go", disabled: Boolean(why),
      onclick: () => ctx.act(card.arrest),
    }, card ? `Arrest #${card.number}` : "Arrest");
    node.replaceChildren(
      h("h3", { class: "gc-title" }, "Make an arrest"),
      h("div", { class: "gc-arrest-body" },
        h("div", { class: "gc-arrest-rows" }, rows),
        h("div", { class: "gc-arrest-side" }, card ? cardFace(card, { extraClass: "gc-mini" }) : null, go, why ? h("span", { class: "muted gc-why" }, why) : null)),
      h("p", { class: "muted gc-tip" }, view.mode === "case" ? "Right: the case is solved, for everyone. Wrong: nobody says which element was off. Click any card you can see to copy its elements here." : "Right: you solve the case and get a new one. Wrong: nobody says which element was off. Click any card you can see to copy its elements here."),
    );
  };
  draw();

  return {
    node,
    canArrest,
    offer(number) {
      if (!node) return null;
      return () => {
        const card = (ctx.clientData.cards || [])[number - 1];
        if (!card) return;
        chosen.set(id, [...card.elements]);
        draw();
        node.scrollIntoView({ behavior: "smooth", block: "nearest" });
      };
    },
    focus() {
      if (node) node.scrollIntoView({ behavior: "smooth", block: "nearest" });
    },
  };
}
