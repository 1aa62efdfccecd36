// Chicago Gangster's prompt: the decision the table waits for, in words. When it is yours
// it is a clear question with its answers as buttons (from the legal actions): the target
// of your card, the mobster to pick, and above all the response window ("P2 plays a
// Contract against you: counter with Family Influence, or pass?").

import { h } from "../../js/dom.js";
import { mobsterToken } from "./chicago-mobsters.js";
import { mobsterText, seatText } from "./chicago-common.js";
import { finalCount, verdict } from "./chicago-final.js";

const PICK = {
  list: "Choose one of your mobsters to put at the end of the hit list",
  "list-front": "Choose one of your mobsters to stand against the wall",
  kill: "Choose the rival mobster to kill",
  "list-rival": "Choose a rival's mobster to put on the hit list",
  rescue: "Choose the mobster to take off the hit list",
  "substitute-out": "Choose the listed mobster who goes home",
  "substitute-in": "Choose the mobster in play who takes their place on the list",
  reorder: "Choose the mobsters in their new order on the list",
  "turncoat-kill": "Choose a mobster of the strongest gang: they die",
  "turncoat-revive": "Choose a dead mobster: they come back in the weakest gang",
};

const FOR = {
  list: "to put on the hit list", "list-front": "to stand against the wall", kill: "to kill",
  "list-rival": "to put on the hit list", rescue: "to take off the hit list", "substitute-out": "to send home",
  "substitute-in": "to take a listed mobster's place", reorder: "for the list's new order",
  "turncoat-kill": "to die", "turncoat-revive": "to come back to life",
};

function what(g) {
  const d = g.view.decision;
  const card = d.card ? g.card(d.card) : null;
  const by = seatText(g, d.player);
  const title = card ? card.title : "a card";
  if (d.card === "lam" && d.chosen.length) return `${by} plays ${title} to rescue ${mobsterText(g, d.chosen[0])}`;
  if (d.target !== null && d.target !== undefined) return `${by} ${by === "you" ? "play" : "plays"} ${title} against ${seatText(g, d.target)}`;
  return `${by} ${by === "you" ? "play" : "plays"} ${title}`;
}

/** Whether the server plays this seat's only move for it (the table page's auto-pass). */
function autoPass(g) {
  const seats = (g.ctx.table && g.ctx.table.seats) || [];
  const me = seats[g.me];
  return Boolean(me && me.auto_pass);
}

function button(g, text, label, primary, title) {
  return h("button", { type: "button", class: `button ${primary ? "button-primary" : ""} ch-answer`, title, onclick: () => g.act(text), dataset: { action: text } }, label);
}

function respond(g) {
  const d = g.view.decision;
  const card = g.card(d.card);
  const counters = [...g.legal].filter((t) => t.startsWith("counter ")).map((t) => g.card(t.slice(8)));
  const head = `${what(g)}${d.target === g.me ? "!" : "."}`;
  const ask = counters.length
    ? `Counter with ${counters.map((c) => c.title).join(" or ")}, or pass?`
    : `You hold no counter that answers it: pass${autoPass(g) ? " (the table passes for you in a moment)" : ""}.`;
  const answers = [
    ...counters.map((c) => button(g, `counter ${c.kind}`, `↺ Counter with ${c.title}`, true, c.help)),
    button(g, "pass", counters.length ? "Pass (no counter)" : "Pass", !counters.length, "let it happen"),
  ];
  return [
    h("p", { class: "ch-prompt-head" }, head),
    h("p", { class: "ch-prompt-detail" }, `${card.title}: ${card.help}.`),
    h("p", { class: "ch-prompt-ask" }, ask),
    h("div", { class: "ch-answers" }, answers),
  ];
}

function target(g) {
  const d = g.view.decision;
  const title = g.card(d.card).title;
  const seats = [...g.legal].filter((t) => t.startsWith("target ")).map((t) => Number(t.slice(7)) - 1);
  return [
    h("p", { class: "ch-prompt-head" }, `Aim your ${title}: choose a player.`),
    h("p", { class: "ch-prompt-detail" }, `${title}: ${g.card(d.card).help}. Click a highlighted gang, or:`),
    h("div", { class: "ch-answers" }, seats.map((s) => button(g, `target ${s + 1}`, `◎ ${seatText(g, s)} · ${g.view.gangs[s].gang}`, true, ""))),
  ];
}

function pick(g) {
  const d = g.view.decision;
  const title = d.card ? g.card(d.card).title : "";
  const options = [...g.legal].filter((t) => t.startsWith("pick ")).map((t) => Number(t.slice(5)));
  let extra = "";
  if (d.purpose === "list-rival") {
    const owed = d.quota.map((q, s) => (q ? `${seatText(g, s)} ${q}` : null)).filter(Boolean);
    if (owed.length) extra = ` Still to list: ${owed.join(", ")}.`;
  }
  if (d.purpose === "reorder") extra = ` Next: position ${d.chosen.length + 1}.`;
  if (d.purpose === "substitute-in" && d.chosen.length) extra = ` They replace ${mobsterText(g, d.chosen[0])}.`;
  if (d.purpose === "turncoat-revive" && d.for_seat !== null && d.for_seat !== undefined) {
    extra = ` They join ${seatText(g, d.for_seat)}'s gang.`;
  }
  return [
    h("p", { class: "ch-prompt-head" }, `${title ? `${title}: ` : ""}${PICK[d.purpose] || "Choose a mobster"}.`),
    h("p", { class: "ch-prompt-detail" }, `Click a highlighted mobster on the table, or one here.${extra}`),
    h("div", { class: "ch-answers ch-tokens" }, options.map((n) => mobsterToken(g, n))),
  ];
}

function waiting(g) {
  const { view } = g;
  const d = view.decision;
  if (view.terminal) return view.final ? [finalCount(g)] : [h("p", { class: "ch-prompt-head" }, verdict(g))];
  const who = seatText(g, d.seat);
  let head = d.why;
  const title = d.card ? g.card(d.card).title : "card";
  if (d.kind === "respond") head = `${what(g)}. ${who === "you" ? "You" : who} may answer with a counter.`;
  if (d.kind === "target") head = `${who} ${who === "you" ? "choose" : "chooses"} the player the ${title} aims at.`;
  if (d.kind === "pick") head = `${who} ${who === "you" ? "choose" : "chooses"} a mobster ${FOR[d.purpose] || ""} (${title}).`;
  const lines = [h("p", { class: "ch-prompt-head" }, head)];
  if (d.kind === "respond" && d.card) lines.push(h("p", { class: "ch-prompt-detail" }, `${g.card(d.card).title}: ${g.card(d.card).help}.`));
  if (d.kind === "turn" && d.seat === g.me && !g.legal.size) lines.push(h("p", { class: "ch-prompt-detail" }, "Your move is on its way…"));
  return lines;
}

/** The decision the table waits for; a question with buttons when it is yours. */
export function prompt(g) {
  const { view, legal } = g;
  const d = view.decision;
  const mine = !view.terminal && g.seated && view.to_move === g.me && legal.size > 0;
  let body;
  if (mine && d.kind === "respond") body = respond(g);
  else if (mine && d.kind === "target") body = target(g);
  else if (mine && d.kind === "pick") body = pick(g);
  else if (mine && d.kind === "turn") body = [h("p", { class: "ch-prompt-head" }, "Your turn: play a card from your hand, or discard one.")];
  else if (g.waiting && !view.terminal) body = [h("p", { class: "ch-prompt-head" }, "The game starts once every seat is taken.")];
  else body = waiting(g);
  const kind = mine ? ` ch-prompt-mine ch-prompt-${d.kind}` : "";
  // The first line is the decision in a sentence (the narrow page's dock repeats it); the
  // prompt, with its answers, is what a decision of yours is about (data-focus).
  const first = body[0];
  const dataset = {};
  if (first && first.classList && first.classList.contains("ch-prompt-head")) dataset.prompt = first.textContent;
  if (mine && d.kind !== "turn") dataset.focus = ""; // (a turn is about the hand: see hand())
  // min-width 0: a wide final count scrolls inside the prompt instead of widening the page.
  return h("section", { class: `ch-prompt${kind}`, style: "min-width: 0", role: mine ? "alert" : null, "aria-live": "polite", dataset }, body);
}
