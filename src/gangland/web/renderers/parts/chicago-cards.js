// Chicago Gangster's action cards: your hand as cards, each with its own Play and Discard
// buttons (discarding forgoes the effect, so the two never look alike), the counters you
// may answer with in a response window, other hands as card backs, and the two piles.
// Only your own hand is ever drawn face up; the view holds no other.

import { h } from "../../js/dom.js";
import { markNote } from "../../js/marks.js";

const TYPE_MARK = { attack: "✦", counter: "↺", rescue: "✚" };
const TYPE_TEXT = { attack: "Attack", counter: "Counter", rescue: "Rescue" };

/** A row of small card backs (at most seven drawn), for a hand's size. */
export function cardBacks(count, max = 7) {
  const shown = Math.min(count, max);
  return h("span", { class: "ch-backs", "aria-hidden": "true" }, Array.from({ length: shown }, () => h("span", { class: "ch-back-mini" })));
}

/** A face-up card: type, title, a few words; opts: {extraClass, footer, small, fresh (the
 * last move turned it up: marked new)}. */
export function cardFace(g, kind, opts = {}) {
  const card = g.card(kind);
  return h(
    "div",
    { class: `ch-card ch-${card.type}${opts.small ? " ch-card-small" : ""}${opts.fresh ? " ch-new mark" : ""} ${opts.extraClass || ""}`, title: `${card.title}: ${card.help}${opts.fresh ? ` (new: ${markNote(g.ctx)})` : ""}`, dataset: { kind } },
    opts.fresh ? h("span", { class: "ch-new-tag", "aria-hidden": "true" }, "new") : null,
    h("span", { class: "ch-card-type" }, `${TYPE_MARK[card.type] || ""} ${TYPE_TEXT[card.type] || card.type}`),
    h("strong", { class: "ch-card-title" }, card.title),
    opts.small ? null : h("span", { class: "ch-card-short" }, card.short),
    opts.footer || null,
  );
}

function handButtons(g, kind) {
  const card = g.card(kind);
  const play = `play ${kind}`;
  const discard = `discard ${kind}`;
  const counter = `counter ${kind}`;
  const buttons = [];
  if (g.legal.has(counter)) {
    buttons.push(h("button", { type: "button", class: "button button-primary ch-play", title: card.help, onclick: () => g.act(counter) }, "↺ Counter"));
  }
  if (g.legal.has(play)) {
    buttons.push(h("button", { type: "button", class: "button button-primary ch-play", title: `play ${card.title}: ${card.help}`, onclick: () => g.act(play) }, "▶ Play"));
  }
  if (g.legal.has(discard)) {
    if (!g.legal.has(play)) {
      buttons.push(h("span", { class: "ch-why-not" }, card.type === "counter" ? "only as an answer" : "no effect now"));
    }
    buttons.push(h("button", { type: "button", class: "button button-quiet button-small ch-discard", title: `discard ${card.title} without its effect`, onclick: () => g.act(discard) }, "✕ Discard"));
  }
  return buttons.length ? h("span", { class: "ch-card-buttons" }, buttons) : null;
}

/** Whether one more card of this kind was just drawn (and count it off). */
function takeDrawn(drawn, kind) {
  const left = drawn.get(kind) || 0;
  if (left) drawn.set(kind, left - 1);
  return left > 0;
}

/** Your hand, face up, with the actions each card allows now. */
export function hand(g) {
  const { view } = g;
  if (!g.seated || view.hand === null || view.hand === undefined) return null;
  const mine = view.gangs[g.me];
  const turn = view.decision.kind === "turn" && view.to_move === g.me && g.legal.size;
  const drawn = new Map(g.fresh.drawn); // (one mark per card drawn, of each kind)
  const note = view.terminal
    ? "The game is over; your cards stay hidden from the others."
    : turn
      ? "Play a card for its effect, or discard one and forgo it."
      : mine && mine.out ? "You are out of the game." : "Cards you may play on your turn; counters answer a rival's card.";
  return h(
    "section",
    { class: `ch-hand${turn ? " ch-hand-turn" : ""}`, dataset: turn ? { focus: "" } : {} },
    h("h3", { class: "ch-title" }, "Your hand", h("span", { class: "ch-count" }, ` ${view.hand.length} card${view.hand.length === 1 ? "" : "s"}`), h("span", { class: "ch-note" }, ` · ${note}`)),
    view.hand.length
      ? h("div", { class: "ch-hand-cards" }, view.hand.map((kind) => cardFace(g, kind, { footer: handButtons(g, kind), fresh: takeDrawn(drawn, kind) })))
      : h("p", { class: "muted ch-empty" }, "No cards."),
  );
}

/** The draw pile (its size) and the discard pile (top card, the rest on demand). */
export function piles(g) {
  const { view } = g;
  const discard = view.discard;
  const top = discard.length ? discard[discard.length - 1] : null;
  const remade = (view.new_deck || []).length;
  return h(
    "div",
    { class: "ch-piles" },
    h(
      "div",
      { class: "ch-pile", title: `${view.pile_size} card${view.pile_size === 1 ? "" : "s"} in the draw pile${remade ? `, remade from ${remade} discard${remade === 1 ? "" : "s"}` : ""}` },
      h("span", { class: "ch-pile-back" }, h("span", {}, String(view.pile_size))),
      h("span", { class: "ch-caption" }, "Draw pile"),
    ),
    h(
      "div",
      { class: "ch-pile" },
      top ? cardFace(g, top, { small: true, extraClass: "ch-discard-top", fresh: g.fresh.discard }) : h("span", { class: "ch-pile-empty" }, "empty"),
      discard.length > 1
        ? h("details", { class: "ch-discards" }, h("summary", {}, `Discards: ${discard.length}`), h("ol", { class: "ch-discard-list", reversed: true }, discard.slice().reverse().map((kind) => h("li", {}, g.card(kind).title))))
        : h("span", { class: "ch-caption" }, `Discards: ${discard.length}`),
    ),
  );
}
