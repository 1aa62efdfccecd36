// Chicago Gangster's mobsters: one token per mobster (its holder's shape, number and
// colour, its printed name), the wall with the mobster standing against it, the hit list in
// order, and every gang's panel (in play, listed, R.I.P., hand size as card backs).
// A mobster the seat to move may pick is a button; so is a gang it may aim a card at.

import { h, s, seatLabel } from "../../js/dom.js";
import { seatBadge } from "../../js/colors.js";
import { gangName, mobsterText, ordinal, seatTag, seatText } from "./chicago-common.js";
import { cardBacks } from "./chicago-cards.js";

function where(g, n) {
  if (g.dead.has(n)) return "R.I.P.";
  const place = g.listPlace.get(n);
  if (place === 1) return "against the wall";
  if (place) return `${ordinal(place)} on the hit list`;
  return "in play";
}

/** A mobster as a token; opts: {big, place (a number shown before it)}. */
export function mobsterToken(g, n, opts = {}) {
  const owner = g.owner(n);
  const dead = g.dead.has(n);
  const pick = g.canPick(n);
  const classes = ["ch-mob"];
  if (dead) classes.push("ch-dead");
  if (pick) classes.push("ch-pickable");
  if (g.chosen.has(n)) classes.push("ch-chosen");
  if (opts.big) classes.push("ch-mob-big");
  if (owner === g.me) classes.push("ch-mine");
  const title = `#${n} ${mobsterText(g, n)}, ${where(g, n)}${pick ? ": click to pick" : ""}`;
  return h(
    pick ? "button" : "span",
    {
      class: classes.join(" "),
      type: pick ? "button" : null,
      title,
      style: owner >= 0 ? `--seat-color: ${g.ctx.colors[owner]}` : null,
      dataset: { mobster: n },
      onclick: pick ? () => g.act(`pick ${n}`) : null,
    },
    opts.place ? h("span", { class: "ch-place" }, String(opts.place)) : null,
    owner >= 0 ? seatBadge(owner, opts.big ? 22 : 17) : null,
    h("span", { class: "ch-mob-name" }, g.mobster(n)),
    dead ? h("span", { class: "ch-rip" }, "R.I.P.") : null,
  );
}

/** The figure against the wall, in the holder's colour (a drawing; the token names them). */
function figure(g, n) {
  const line = { stroke: "#111", "stroke-width": 1.5 };
  const color = n ? g.ctx.colors[g.owner(n)] : "none";
  const body = n
    ? [
      s("path", { d: "M16 36 q14 -9 28 0 l4 34 h-10 l-2 16 h-12 l-2 -16 h-10 z", fill: color, ...line }),
      s("circle", { cx: 30, cy: 22, r: 9, fill: color, ...line }),
      s("path", { d: "M17 16 h26 l-4 -7 h-18 z", fill: "#111" }),
      s("rect", { x: 14, y: 15, width: 32, height: 3, fill: "#111" }),
    ]
    : s("rect", { x: 10, y: 20, width: 40, height: 60, rx: 6, fill: "none", stroke: "rgba(255,255,255,0.25)", "stroke-dasharray": "4 4" });
  return s("svg", { class: "ch-figure", viewBox: "0 0 60 90", "aria-hidden": "true" },
    s("ellipse", { cx: 30, cy: 86, rx: 22, ry: 3.5, fill: "rgba(0,0,0,0.45)" }), body);
}

/** The wall (with the first mobster of the list) and the rest of the list, in order. */
export function street(g) {
  const { view } = g;
  const wall = view.wall;
  const war = view.war.rate;
  const fate = !wall
    ? "Nobody is against the wall."
    : war
      ? `Executed at the start of the next turn${war === 2 && view.hitlist.length > 1 ? ", with the next in line" : ""}.`
      : "Next to die once a gang war breaks out.";
  const rest = view.hitlist.slice(1);
  return h(
    "section",
    { class: `ch-street${war ? " ch-street-war" : ""}` },
    h(
      "div",
      { class: "ch-wall", title: "the wall: the first mobster on the hit list stands here" },
      h("span", { class: "ch-wall-label" }, "The wall"),
      figure(g, wall),
      wall ? mobsterToken(g, wall, { big: true }) : null,
      h("span", { class: "ch-wall-fate" }, fate),
    ),
    h(
      "div",
      { class: "ch-list" },
      h("h3", { class: "ch-title" }, `Hit list`, h("span", { class: "ch-count" }, ` ${view.hitlist.length} listed`), view.hitlist.length >= 5 && !war ? h("span", { class: "ch-warn" }, " · six start a war") : null),
      view.hitlist.length
        ? h("ol", { class: "ch-list-items" }, wall ? h("li", { class: "ch-list-first" }, mobsterToken(g, wall, { place: 1 })) : null, rest.map((n, i) => h("li", {}, mobsterToken(g, n, { place: i + 2 }))))
        : h("p", { class: "muted ch-empty" }, "The list is empty."),
    ),
  );
}

function row(label, items, extraClass = "") {
  return h(
    "div",
    { class: `ch-gang-row ${extraClass}` },
    h("span", { class: "ch-row-label" }, label, h("span", { class: "ch-count" }, ` ${items.length}`)),
    h("div", { class: "ch-tokens" }, items.length ? items : h("span", { class: "muted ch-none" }, "none")),
  );
}

function gangPanel(g, gang) {
  const { view } = g;
  const seat = gang.seat;
  const target = `target ${seat + 1}`;
  const canAim = g.legal.has(target);
  const moving = !view.terminal && !g.waiting && view.to_move === seat;
  const playing = !view.terminal && !g.waiting && view.decision.player === seat;
  const winner = view.winners.includes(seat);
  const dead = view.dead.filter((n) => g.owner(n) === seat);
  const classes = ["ch-gang"];
  if (seat === g.me) classes.push("ch-own");
  if (moving) classes.push("ch-moving");
  if (canAim) classes.push("ch-aimable");
  if (gang.out) classes.push("ch-out");
  const card = view.decision.card ? g.card(view.decision.card).title : "card";
  return h(
    "section",
    { class: classes.join(" "), style: `--seat-color: ${g.ctx.colors[seat]}`, dataset: { seat } },
    h(
      "header",
      { class: "ch-gang-head" },
      seatTag(g, seat),
      h("span", { class: "ch-gang-name", title: `the ${gangName(g, seat)}, printed ${gang.colour}` }, h("span", { class: "ch-swatch", style: `background: ${paint(g, seat, gang.colour)}` }), gang.gang),
      moving ? h("span", { class: "ch-to-move" }, view.decision.kind === "respond" ? "answering" : "to move") : playing ? h("span", { class: "badge" }, "their turn") : null,
      gang.out ? h("span", { class: "badge badge-away" }, "out") : null,
      winner ? h("span", { class: "badge badge-winner" }, "winner") : null,
      h("span", { class: "ch-hand-size", title: `${seatLabel(seat)} holds ${gang.hand_size} card${gang.hand_size === 1 ? "" : "s"}` }, cardBacks(gang.hand_size), h("span", {}, `${gang.hand_size}`)),
    ),
    canAim ? h("button", { type: "button", class: "button button-primary ch-aim", onclick: () => g.act(target) }, `◎ Aim the ${card} at ${seatText(g, seat, false)}`) : null,
    row("In play", gang.in_play.map((n) => mobsterToken(g, n))),
    gang.listed.length ? row("Listed", gang.listed.map((n) => mobsterToken(g, n, { place: g.listPlace.get(n) })), "ch-row-listed") : null,
    dead.length ? row("R.I.P.", dead.map((n) => mobsterToken(g, n)), "ch-row-dead") : null,
  );
}

function paint(g, seat, colour) {
  const gangs = (g.ctx.clientData && g.ctx.clientData.gangs) || [];
  const found = gangs.find((x) => x.name === g.view.gangs[seat].gang);
  return found ? found.paint : colour;
}

/** Every gang; yours first. */
export function gangs(g) {
  const order = g.view.gangs.slice();
  if (g.seated) order.sort((a, b) => (a.seat === g.me ? -1 : b.seat === g.me ? 1 : a.seat - b.seat));
  return h("div", { class: "ch-gangs" }, order.map((gang) => gangPanel(g, gang)));
}
