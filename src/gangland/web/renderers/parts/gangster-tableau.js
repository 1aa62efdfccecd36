// Gangster's tableaus (one per colour: car, gangsters riding, trunk, equipment, movement
// cards), the influence of each seat, the pending decision in words, and past reckonings.
// Where the seat to move can act here (drive a card, unload, choose a colour), the thing
// itself is a button.

import { h, seatLabel } from "../../js/dom.js";
import { seatBadge } from "../../js/colors.js";
import { colourBadge, colourTitle, piece } from "./gangster-pieces.js";

function districtTitle(view, name) {
  const found = view.districts.find((d) => d.name === name);
  return found ? found.title : name;
}

function seatText(ctx, seat) {
  const name = ctx.names && ctx.names[seat];
  return `${seatLabel(seat)}${name ? ` ${name}` : ""}${seat === ctx.seat ? " (you)" : ""}`;
}

function legalButton(legal, text, ctx, label, extraClass = "") {
  if (!legal.has(text)) return null;
  return h("button", { type: "button", class: `button button-small ${extraClass}`, onclick: () => ctx.act(text), title: text }, label);
}

/** The decision the game waits for, in a sentence. */
export function pendingText(view, ctx) {
  const cd = ctx.clientData;
  if (view.terminal) {
    const best = Math.max(...view.influence);
    const names = view.winners.map((s) => seatText(ctx, s)).join(" and ") || "nobody";
    return `Game over: ${names} won with ${best} influence.`;
  }
  if (ctx.waiting) return "The cars are on the map: the game starts once every seat is taken.";
  const seat = view.to_move;
  if (view.phase === "choose-colour" || !view.colour) {
    return `${seatText(ctx, seat)} chooses which of their colours plays this turn.`;
  }
  const tableau = view.tableaus.find((t) => t.colour === view.colour);
  const name = ctx.names && ctx.names[seat];
  const who = `${colourTitle(cd, view.colour)} (${seatLabel(seat)}${name ? ` ${name}` : ""}${seat === ctx.seat ? ", you" : ""})`;
  const where = districtTitle(view, tableau.car);
  switch (view.phase) {
    case "act":
      return `${who}, at ${where}: drive with a movement card, or unload or load one gangster here.`;
    case "destination":
      return `${who} drives ${view.drive_card} road${view.drive_card === 1 ? "" : "s"} from ${where}${tableau.equipment.includes("motor") ? " (or one more, with the Motor)" : ""}: pick where to stop.`;
    case "bump":
      return `${who} stopped at ${where}: push another car on with the Bumper, or leave it.`;
    case "breakfast":
      return `${who} is at the Gold Coast: leave the trunk's gangsters at the Sicilian Breakfast, or keep them.`;
    case "take":
      return `${who} is at the Gold Coast: take one equipment tile from the harbour.`;
    case "door":
      return `${who} may unload a second gangster of its own through the Door, or stop.`;
    default:
      return `${who} decides (${view.phase}).`;
  }
}

export function movementCards(t, view, legal, ctx) {
  const acting = t.colour === view.colour && !view.terminal && !ctx.waiting;
  return h("span", { class: "gs-cards" }, [1, 2, 3].map((k) => {
    const up = t.face_up.includes(k);
    const text = `drive ${k}`;
    const can = acting && up && legal.has(text);
    return h(can ? "button" : "span", {
      class: `gs-move-card${up ? "" : " gs-down"}${can ? " gs-move-can" : ""}`,
      type: can ? "button" : null,
      title: up ? (can ? `drive ${k} road${k === 1 ? "" : "s"}` : `movement card ${k}, face up`) : `movement card ${k}, used this cycle`,
      onclick: can ? () => ctx.act(text) : null,
    }, up ? String(k) : "–");
  }));
}

function trunk(t, view, legal, ctx) {
  const cd = ctx.clientData;
  const acting = t.colour === view.colour;
  const slots = [];
  for (let i = 0; i < t.trunk_spaces; i += 1) {
    const colour = t.trunk[i];
    if (!colour) {
      slots.push(h("span", { class: "gs-slot", title: "a free trunk space" }, "·"));
      continue;
    }
    const text = `unload ${colour}`;
    slots.push(acting && legal.has(text)
      ? h("button", { type: "button", class: "gs-chip-button", title: `unload the ${colour} gangster here`, onclick: () => ctx.act(text) }, colourBadge(cd, colour))
      : colourBadge(cd, colour));
  }
  return h("span", { class: "gs-trunk" }, slots);
}

function tableau(t, view, legal, ctx) {
  const cd = ctx.clientData;
  const acting = t.colour === view.colour && !view.terminal && !ctx.waiting;
  const kinds = new Map((cd.kinds || []).map((k) => [k.name, k]));
  const riding = h("span", {}, h("span", { class: "gs-riders", style: `--piece:${piece(t.colour).fill}` }, "▮".repeat(Math.min(t.in_car, 20))), ` ${t.in_car}`);
  const play = legalButton(legal, `play ${t.colour}`, ctx, `Play ${colourTitle(cd, t.colour)}`, "button-primary");
  const unload = acting ? legalButton(legal, `unload ${t.colour}`, ctx, "Unload one here") : null;
  return h(
    "section",
    { class: `gs-tableau${acting ? " gs-acting" : ""}`, style: `--seat-color:${ctx.colors[t.seat]}`, dataset: { colour: t.colour } },
    h("header", {}, colourBadge(cd, t.colour), h("strong", {}, colourTitle(cd, t.colour)), h("span", { class: "gs-owner" }, seatBadge(t.seat, 16), seatText(ctx, t.seat)), acting ? h("span", { class: "gc-to-move" }, "acting") : null, play),
    h(
      "dl",
      { class: "gs-facts" },
      h("dt", {}, "Car at"), h("dd", {}, districtTitle(view, t.car)),
      h("dt", {}, "Riding"), h("dd", {}, riding, unload),
      h("dt", {}, "Trunk"), h("dd", {}, trunk(t, view, legal, ctx)),
      h("dt", {}, "Equipment"), h("dd", {}, t.equipment.length ? t.equipment.map((k) => h("span", { class: "chip", title: kinds.get(k) ? kinds.get(k).help : k }, kinds.get(k) ? kinds.get(k).title : k)) : h("span", { class: "muted" }, "none")),
      h("dt", {}, "Cards"), h("dd", {}, movementCards(t, view, legal, ctx)),
      h("dt", {}, "Still to come"), h("dd", {}, `${t.in_box} gangster${t.in_box === 1 ? "" : "s"}`),
    ),
  );
}

function influence(view, ctx) {
  return h("div", { class: "gs-influence" }, view.influence.map((points, seat) => h(
    "span",
    { class: `gs-score${(view.winners || []).includes(seat) ? " gs-winner" : ""}`, style: `--seat-color:${ctx.colors[seat]}` },
    seatBadge(seat, 18),
    h("span", {}, seatText(ctx, seat)),
    h("span", { class: "gs-colours" }, view.tableaus.filter((t) => t.seat === seat).map((t) => colourBadge(ctx.clientData, t.colour))),
    h("strong", { class: "gs-points", title: "influence" }, String(points)),
  )));
}

function reckonings(view, ctx) {
  if (!view.reckonings.length) return null;
  const head = h("tr", {}, h("th", {}, "Round"), h("th", {}, "Casino"), view.influence.map((_, seat) => h("th", {}, seatBadge(seat, 14), ` ${seatLabel(seat)}`)));
  const rows = view.reckonings.map((r) => h("tr", {}, h("td", {}, String(r.round)), h("td", {}, String(r.casino)), r.points.map((p) => h("td", {}, `+${p}`))));
  return h("details", { class: "gs-reckonings" }, h("summary", {}, `Days of Reckoning (${view.reckonings.length})`), h("div", { class: "table-scroll" }, h("table", { class: "view-table" }, h("thead", {}, head), h("tbody", {}, rows))));
}

/** Everything below the map. */
export function drawTableaus(view, ctx, legal) {
  const order = [...view.tableaus].sort((a, b) => (a.colour === view.colour ? -1 : b.colour === view.colour ? 1 : 0));
  return h(
    "div",
    { class: "gs-below" },
    influence(view, ctx),
    h("div", { class: "gs-tableaus" }, order.map((t) => tableau(t, view, legal, ctx))),
    reckonings(view, ctx),
  );
}
