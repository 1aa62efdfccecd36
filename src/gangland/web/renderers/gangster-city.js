// Gangster City's table: every detective's card stand, the middle, the piles, and an
// arrest picker. Clicking a face-up card in the middle investigates it, clicking the pile
// draws, and clicking any card you can see fills the arrest picker with its elements.
// The cards turned face up since the seat's last turn (the middle's refills, the clues
// taken, a new case) are marked, so a player looking back at the table sees what changed.
//
// The view holds only what this seat may know: during play your own case comes as null, so
// it is drawn as a card back, and nothing about it exists on the page. Once the game is
// over the view shows every case, and so does the page.

import { counted, h, seatLabel } from "../js/dom.js";
import { seatBadge } from "../js/colors.js";
import { cardOf, cardFace, cardBack, cardSlot, clickable } from "./parts/city-cards.js";
import { arrestPicker } from "./parts/city-arrest.js";
import { markNote } from "../js/marks.js";

// The pile rebuilt from the discards is public, but a case dealt from it is not known to its
// holder (nor to spectators): the view then lists the pile together with that case.
function pileNote(pile, seat) {
  const mixed = pile.with_cases_of || [];
  if (!mixed.length) return "The pile was made from the discards, so its cards are known: ";
  const whose = mixed.length === 1 && mixed[0] === seat ? "your case" : `the case of ${mixed.map((s) => seatLabel(s)).join(", ")}`;
  return `The pile was made from the discards: it and ${whose}, dealt from it, are these cards: `;
}

function legalSet(ctx) {
  return new Set((ctx.legal || []).map((a) => (typeof a === "string" ? a : a.text)));
}

const TURNED_UP = new Set(["refill", "investigate", "new-case-shown"]);

/** The numbers of the cards turned face up by the moves marked (ctx.lastEvents). */
function turnedUp(ctx) {
  return new Set((ctx.lastEvents || []).filter((e) => TURNED_UP.has(e.kind) && e.data && e.data.card).map((e) => e.data.card));
}

/** A card face; opts.markNew: marked if a move since the seat's last turn turned it up
 * (ctx.fresh), with the words of the mark. */
function face(ctx, number, opts = {}) {
  const card = cardOf(ctx.clientData, number);
  if (!card) return cardSlot(`#${number}`);
  return cardFace(card, { ...opts, fresh: opts.markNew && ctx.fresh && ctx.fresh.has(number) ? markNote(ctx) : null });
}

function who(ctx, seat) {
  const name = ctx.names && ctx.names[seat];
  return [seatBadge(seat, 20), h("strong", {}, seatLabel(seat)), name ? ` ${name}` : "", seat === ctx.seat ? h("span", { class: "badge badge-you" }, "you") : null];
}

/** The case card on a stand, as this seat sees it. */
function caseCard(ctx, view, seat, stand, picker) {
  if (stand.out) return cardSlot("out");
  if (stand.case !== null && stand.case !== undefined) {
    // Once the game is over every case is in the view, your own and (for spectators) all.
    const hint = seat === ctx.seat ? "your case" : "their case";
    return face(ctx, stand.case, { extraClass: `gc-case${seat === ctx.seat ? " gc-mine" : ""}`, hint, onClick: picker.offer(stand.case), markNew: true });
  }
  if (view.terminal) return cardSlot("last case solved");
  if (seat === ctx.seat) {
    const back = cardBack(["your case", "hidden from you"], { extraClass: "gc-case gc-mine", title: "Your own case: everyone sees it but you" });
    return picker.canArrest ? clickable(back, () => picker.focus()) : back;
  }
  return cardBack(["a case", "hidden"], { extraClass: "gc-case" });
}

function stand(ctx, view, seat, picker) {
  const data = view.stands[seat];
  const moving = view.to_move === seat && !view.terminal && !ctx.waiting;
  const winner = (view.winners || []).includes(seat);
  const clues = data.clues.map(([number, count]) => h("div", { class: "gc-clue" }, face(ctx, number, { count, hint: `${count} of 4 match`, onClick: picker.offer(number), markNew: true })));
  const facts = [
    h("span", { class: "gc-fact", title: "cases solved" }, `★ ${data.solved.length} solved`),
    h("span", { class: `gc-fact${data.wrong_arrests ? " gc-bad" : ""}`, title: "wrong arrests over the whole game" }, `✗ ${data.wrong_arrests} wrong`),
  ];
  if (data.out) facts.push(h("span", { class: "badge badge-away" }, "out"));
  if (winner) facts.push(h("span", { class: "badge badge-winner" }, "winner"));
  const extra = [];
  if (data.refuted.length) {
    extra.push(h("p", { class: "gc-note" }, "Not this case: ", data.refuted.map((n) => h("span", { class: "chip", title: (cardOf(ctx.clientData, n) || {}).label || "" }, `#${n}`))));
  }
  if (data.solved.length) {
    extra.push(h("p", { class: "gc-note" }, "Solved: ", data.solved.map((n) => h("span", { class: "chip chip-good", title: (cardOf(ctx.clientData, n) || {}).label || "" }, `#${n}`))));
  }
  return h(
    "section",
    {
      class: `gc-stand${moving ? " gc-moving" : ""}${seat === ctx.seat ? " gc-own" : ""}`,
      style: `--seat-color: ${ctx.colors[seat]}`,
      dataset: { seat },
    },
    h("header", { class: "gc-stand-head" }, who(ctx, seat), moving ? h("span", { class: "gc-to-move" }, "to move") : null, h("span", { class: "gc-facts" }, facts)),
    h(
      "div",
      { class: "gc-stand-body" },
      h("div", { class: "gc-case-col" }, caseCard(ctx, view, seat, data, picker)),
      h("div", { class: "gc-clues" }, clues.length ? clues : h("p", { class: "muted gc-empty" }, "No clue cards yet.")),
    ),
    extra,
  );
}

function middle(ctx, view, legal, picker) {
  const slots = view.middle.map((number) => {
    if (number === null) return cardSlot("empty");
    const action = `investigate ${number}`;
    const can = legal.has(action);
    return face(ctx, number, {
      extraClass: can ? "gc-take" : "",
      hint: can ? "click to investigate this card" : "face up in the middle",
      onClick: can ? () => ctx.act(action) : picker.offer(number),
      markNew: true,
    });
  });
  const pile = view.pile;
  const canDraw = legal.has("draw");
  const pileCard = pile.size
    ? cardBack([`${pile.size} card${pile.size === 1 ? "" : "s"}`, canDraw ? "click to draw" : "draw pile"], {
      extraClass: canDraw ? "gc-pile gc-take" : "gc-pile", mark: "✦", title: "the draw pile",
      onClick: canDraw ? () => ctx.act("draw") : null,
    })
    : cardSlot(view.discard.length ? "reshuffle" : "empty");
  const discard = view.discard;
  const top = discard.length ? face(ctx, discard[discard.length - 1], { extraClass: "gc-discard-top", hint: "top of the discard pile", onClick: picker.offer(discard[discard.length - 1]) }) : cardSlot("no discards");
  const parts = [
    h("div", { class: "gc-pile-col" }, pileCard, h("span", { class: "gc-caption" }, "Draw pile")),
    h("div", { class: "gc-middle-cards" }, slots.map((svg) => h("div", { class: "gc-middle-slot" }, svg))),
    h("div", { class: "gc-pile-col" }, top, h("span", { class: "gc-caption" }, `Discards: ${discard.length}`)),
  ];
  const notes = [];
  if (pile.cards) notes.push(h("p", { class: "gc-note" }, pileNote(pile, ctx.seat), pile.cards.map((n) => h("span", { class: "chip" }, `#${n}`))));
  if (discard.length > 1) {
    notes.push(h("details", { class: "gc-discards" }, h("summary", {}, `All ${discard.length} discards`), h("div", { class: "gc-mini-row" }, discard.map((n) => face(ctx, n, { extraClass: "gc-mini", onClick: picker.offer(n) })))));
  }
  // (a turn of yours is about the middle: brought into view when it comes, data-focus)
  const focus = canDraw || slots.some((svg) => svg.classList.contains("gc-take")) ? { focus: "" } : {};
  return h("section", { class: "gc-middle", dataset: focus }, h("h3", { class: "gc-title" }, "The middle of the table"), h("div", { class: "gc-middle-row" }, parts), notes);
}

function status(view, question) {
  const variant = [`first to ${view.cases_to_win} solved case${view.cases_to_win === 1 ? "" : "s"} wins`];
  if (view.experienced) variant.push("a second wrong arrest puts a detective out");
  return h("p", { class: "gc-status" }, `Turn ${view.turn + 1}`, h("span", { class: "muted" }, ` · ${variant.join(" · ")}`),
    question ? [h("br"), h("span", { class: "gc-question" }, question)] : null);
}

/** The decision in a sentence: over the board (a laptop's banner says only whose turn it
 * is) and in the narrow page's dock (data-prompt). */
function promptOf(view, ctx, legal) {
  if (view.terminal || ctx.waiting) return "";
  if (legal.size) return "Investigate a card in the middle, draw the top of the pile, or make an arrest.";
  const name = ctx.names && ctx.names[view.to_move];
  return `${seatLabel(view.to_move)}${name ? ` ${name}` : ""} investigates or makes an arrest.`;
}

/** Every arrest so far, right or wrong (they are public), seats counted from P1. */
function arrestList(ctx, arrests) {
  if (!arrests || !arrests.length) return null;
  const rows = arrests.map(([seat, number, ok]) => h("li", {}, seatBadge(seat, 14), ` ${seatLabel(seat)} arrested `, (cardOf(ctx.clientData, number) || { label: `#${number}` }).label, ok ? " — solved!" : " — wrong"));
  return h("section", { class: "gc-arrests" }, h("h3", { class: "gc-title" }, "Arrests"), h("ul", {}, rows));
}

function tableGame(root, view, given) {
  const ctx = { ...given, fresh: turnedUp(given) };
  const legal = legalSet(ctx);
  const picker = arrestPicker(ctx, legal, view);
  const order = view.stands.map((_, seat) => seat);
  if (ctx.seat !== null && ctx.seat !== undefined) order.sort((a, b) => (a === ctx.seat ? -1 : b === ctx.seat ? 1 : 0));
  root.append(
    h(
      "div",
      { class: "gc", dataset: { prompt: promptOf(view, ctx, legal) } },
      status(view, promptOf(view, ctx, legal)),
      middle(ctx, view, legal, picker),
      picker.node,
      h("p", { class: "muted gc-legend" }, view.terminal ? "The game is over, so every case is shown, yours too. Each stand: the case card and the clue cards; the number on a clue card is how many of its four elements match that detective's case." : "Each detective's stand: their case card (yours is turned away from you) and their clue cards. The number on a clue card is how many of its four elements match that detective's case."),
      h("div", { class: "gc-stands" }, order.map((seat) => stand(ctx, view, seat, picker))),
      arrestList(ctx, view.arrests),
    ),
  );
}

// The experienced variant in a case is per detective, as in the rulebook's own variant.
function caseVariant(view) {
  return view.players === 1 ? "a second wrong arrest loses the case" : "a detective's second wrong arrest puts them out; all out loses the case";
}

function detectives(view, ctx) {
  if (!view.experienced || view.players === 1 || !view.out) return null;
  return h("p", { class: "gc-note" }, view.out.map((out, seat) => h("span", { class: `chip${out ? " gc-bad" : ""}` }, seatBadge(seat, 14), ` ${seatLabel(seat)}${seat === ctx.seat ? " (you)" : ""}: ${out ? "out" : `${view.wrong_arrests[seat]} wrong`}`)));
}

function soloCase(root, view, ctx) {
  const legal = legalSet(ctx);
  const picker = arrestPicker(ctx, legal, view);
  const clues = view.clues.map(([number, count]) => h("div", { class: "gc-clue" }, face(ctx, number, { count, hint: `${count} of 4 match the culprit`, onClick: picker.offer(number) })));
  let solution = null;
  if (view.terminal && view.solution) {
    solution = h("div", { class: "gc-solution" }, face(ctx, view.solution, { extraClass: "gc-case" }), h("p", {}, view.winners.length ? "Solved: this was the culprit." : "Not solved. This was the culprit."));
  }
  root.append(
    h(
      "div",
      { class: "gc" },
      h("p", { class: "gc-status" }, `Unsolved case (${view.difficulty})`, view.experienced ? h("span", { class: "muted" }, ` · ${caseVariant(view)}`) : null),
      detectives(view, ctx),
      h("section", { class: "gc-middle" }, h("h3", { class: "gc-title" }, "The clues: each card shares this many elements with the culprit"), h("div", { class: "gc-clues" }, clues)),
      picker.node,
      solution,
      arrestList(ctx, view.arrests),
    ),
  );
}

/** The fields of the view's lists of tuples, for the generic panel (docs/web.md): an arrest
 * is [seat, card, solved], and its seat is shown as everywhere else (P1 for seat 0). */
export const columns = { arrests: ["seat", "card", "solved"] };

/** The renderer contract (docs/web.md). */
export function render(root, view, ctx) {
  if (view.mode === "case") soloCase(root, view, ctx);
  else tableGame(root, view, ctx);
}

/** The end-of-game panel's breakdown (js/endgame.js): each seat's solved cases, and its
 * own case, laid open at the end, with its wrong arrests. */
export function final(view) {
  if (view.mode === "case") { // a case from the book: who arrested the solution, and the solution laid open
    const solvedBy = new Set((view.arrests || []).filter((a) => a[2]).map((a) => a[0]));
    return {
      why: view.solution ? `The solution was #${view.solution}.` : "",
      rows: (view.wrong_arrests || []).map((wrong, seat) => ({
        seat, score: solvedBy.has(seat) ? "solved" : "not solved", detail: counted(wrong, "wrong arrest"),
      })),
    };
  }
  return {
    rows: (view.stands || []).map((stand, seat) => ({
      seat,
      score: `${counted(stand.solved.length, "case")} solved`,
      detail: [stand.case ? `own case #${stand.case}` : "", counted(stand.wrong_arrests, "wrong arrest"), stand.out ? "out" : ""].filter(Boolean).join(" · "),
    })),
  };
}
