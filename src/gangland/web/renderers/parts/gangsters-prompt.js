// Gangsters' prompt: the decision the table waits for in words, the trade offer on the
// table and the shootout being fought; when it is this seat's, its answers. Movement
// (`move`, `wheels`, `public`, `cop`) goes through the map: pick a piece, then one of its
// highlighted ends, then a facing and side (every such button is one legal action text).
// Everything else (buy, roll, bribe, hit 2, absorb guard, ...) is a button.

import { h, seatLabel } from "../../js/dom.js";
import { button, fightLines, money, placeName, seatText, shortLabel, title } from "./gangsters-common.js";
import { choiceLabel, parseMove, pieceOfKey } from "./gangsters-moves.js";
import { SETUP_VERBS, setupKind, setupPrompt } from "./gangsters-setup.js";

/** A verb with more answers than this (`pay 100` .. `pay 4000`) is a select, not a wall. */
const SELECT_FROM = 9;

function heading(g) {
  const { view } = g;
  if (view.terminal) {
    const names = view.winners.map((s) => seatText(g, s)).join(" and ") || "nobody";
    const why = view.final && view.winners.length ? `: ${view.final.why}` : "";
    return `Game over: ${names} ${view.winners.length === 1 && names !== "you" ? "wins" : "win"}${why}.`;
  }
  const d = view.decision;
  let why = String(d.why);
  if (d.seat === g.me && g.me !== null) why = why.replace(seatLabel(g.me), `${seatLabel(g.me)} (you)`);
  if (d.cop !== undefined && d.cop !== null) why += ` (Cop ${d.cop})`;
  return why;
}

function dealLine(g, deal) {
  const joints = (list) => list.map((t) => placeName(g, t)).join(", ") || "no joint";
  return `Offer from ${seatText(g, g.view.decision.active)} to ${seatText(g, deal.with)}: gives ${joints(deal.give)} and ${money(deal.pay)}; asks for ${joints(deal.take)} and ${money(deal.ask)}.`;
}

function movement(g, pick) {
  const out = [];
  if (!pick.moves.size) return out;
  if (!pick.key) {
    out.push(h("p", { class: "gst-hint" }, "Click a ringed piece on the map (or pick it here), then one of the highlighted spaces."));
    out.push(h("div", { class: "gst-answers", style: "display:flex; flex-wrap:wrap; gap:6px" }, [...pick.moves.keys()].map((key) => {
      const piece = pieceOfKey(g.view, key);
      const n = pick.moves.get(key).size;
      return h("button", { type: "button", class: "button gst-pick", dataset: { piece: key }, onclick: () => pick.choose(key) }, `Move ${piece ? piece.name : key} (${n} ${n === 1 ? "place" : "places"})`);
    })));
    return out;
  }
  const piece = pieceOfKey(g.view, pick.key);
  const ends = pick.moves.get(pick.key);
  out.push(h("p", { class: "gst-hint" }, `Moving ${piece ? piece.name : pick.key}${piece && piece.at ? ` from ${placeName(g, piece.at)}` : ""}: click a highlighted space on the map, or pick one here.`));
  out.push(h("div", { class: "gst-ends", style: "display:flex; flex-wrap:wrap; gap:4px" },
    [...ends.keys()].map((tok) => h("button", { type: "button", class: `button button-small gst-end${pick.space === tok ? " button-primary" : ""}`, dataset: { space: tok }, onclick: () => pick.choose(pick.key, tok) }, `${placeName(g, tok)} (${tok})`)),
    h("button", { type: "button", class: "button button-small button-quiet gst-back", onclick: () => pick.choose(null) }, "Another piece")));
  if (pick.space && ends.has(pick.space)) {
    out.push(h("p", { class: "gst-hint" }, h("strong", {}, `End on ${placeName(g, pick.space)}:`)));
    out.push(h("div", { class: "gst-choices", style: "display:flex; flex-wrap:wrap; gap:6px" }, ends.get(pick.space).map((m, i) => button(g, m.text, choiceLabel(m), i === 0))));
  }
  return out;
}

/** One verb's many answers as a select and a button (the button sends the one chosen). */
function chooser(g, verb, texts) {
  const select = h("select", { class: "gst-chooser", "aria-label": `${verb}: ${texts.length} choices`, dataset: { verb } },
    texts.map((t) => h("option", { value: t }, shortLabel(g, t))));
  const go = h("button", { type: "button", class: "button gst-answer", dataset: { verb } }, title(verb));
  go.addEventListener("click", () => g.act(select.value));
  return h("span", { class: "gst-setup-row" }, select, go);
}

/** The answers no other control makes: a button each, a select for a long run of one verb. */
function answers(g, texts) {
  const primary = texts.find((t) => t === "roll" || t === "accept") || null;
  const verbs = new Map();
  for (const t of texts) {
    const verb = t.split(" ")[0];
    if (!verbs.has(verb)) verbs.set(verb, []);
    verbs.get(verb).push(t);
  }
  const out = [];
  for (const [verb, list] of verbs) {
    if (list.length >= SELECT_FROM) out.push(chooser(g, verb, list));
    else out.push(...list.map((t) => button(g, t, null, t === primary)));
  }
  return h("div", { class: "gst-answers", style: "display:flex; flex-wrap:wrap; gap:6px; margin-top:6px" }, out);
}

/** The decision the table waits for; its answers when it is this seat's. */
export function prompt(g, pick) {
  const { view } = g;
  const d = view.decision;
  const body = [h("p", { class: "gst-why", style: "font-weight:700; margin:0 0 4px" }, heading(g))];
  if (view.pawns && !view.terminal) body.push(h("p", { class: "gst-pawns muted", style: "margin:2px 0" }, `Movement pawns still in the cup: ${view.pawns.map((s) => seatText(g, s)).join(", ") || "none"}.`));
  if (d.deal) body.push(h("p", { class: "gst-deal", style: "margin:2px 0" }, dealLine(g, d.deal)));
  if (d.fight) body.push(h("ul", { class: "gst-fight", style: "margin:2px 0; padding-left:18px" }, fightLines(g, d.fight).map((l) => h("li", {}, l))));
  if (g.mine) {
    const setup = setupKind(g);
    body.push(...setupPrompt(g, pick), ...movement(g, pick));
    const others = [...g.legal].filter((t) => !parseMove(t) && !(setup && SETUP_VERBS.has(t.split(" ")[0])));
    if (others.length) body.push(answers(g, others));
    if (d.kind === "reveal" && g.legal.has("reveal")) {
      body.push(h("p", { class: "gst-hint muted", style: "font-size:0.82rem" }, "Asked after every cop move? Choose a standing answer under “Answer for me” at the top of the page: the table then answers for you."));
    }
  }
  // (the phone's dock repeats the question: data-prompt; the renderer brings the prompt,
  // its button and the spaces to click into view itself, so no data-focus)
  return h("section", { class: `gst-prompt card${g.mine ? " gst-prompt-mine" : ""}`, style: "padding:10px 12px; margin-bottom:8px", dataset: { kind: d.kind || "over", prompt: body[0].textContent }, "aria-live": "polite" }, body);
}
