// Gangsters' panels beside the map: the five dice in their colours (with pips and what each
// moves), and one panel per gang: cash, worth, its pieces (strength, where, facing, side),
// its joints with their levels, equipment and Bribe badges (your own badges by cop); at the
// end, the final count (15.2): each player's cash, joints and net worth, laid open to all.

import { h, s } from "../../js/dom.js";
import { gangColour, money, placeName, seatText, title } from "./gangsters-common.js";
import { seatTag } from "./seats.js";

const PIPS = {
  1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]], 5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
};
const GEAR = ["Wheels", "Heaters", "Siren's outfit"];

function die(info, value) {
  const pip = info.name === "white" ? "#111" : "#fff";
  const svg = s("svg", { width: 38, height: 38, viewBox: "-19 -19 38 38", role: "img", "aria-label": `${info.name} die: ${value || "not rolled"}` },
    s("rect", { x: -17, y: -17, width: 34, height: 34, rx: 6, fill: info.colour, stroke: "#888", "stroke-width": 1.5 }));
  for (const [dx, dy] of PIPS[value] || []) svg.append(s("circle", { cx: dx * 9, cy: dy * 9, r: 3.2, fill: pip }));
  if (!value) svg.append(s("text", { y: 5, "text-anchor": "middle", "font-size": 14, fill: pip, text: "–" }));
  return svg;
}

/** The five dice of this turn. */
export function dicePanel(g) {
  const values = g.view.dice || [];
  const rolled = values.some((v) => v);
  return h("section", { class: "gst-dice", style: "display:flex; flex-wrap:wrap; gap:10px; align-items:center; margin:6px 0", dataset: { rolled: String(rolled) } },
    h("strong", {}, rolled ? "Dice" : "Dice (not rolled yet)"),
    (g.cd.dice || []).map((info, i) => h("span", { class: "gst-die", dataset: { die: info.name, value: String(values[i] || 0) }, style: "display:inline-flex; flex-direction:column; align-items:center; font-size:0.78rem", title: `${info.name}: moves the ${info.moves}` },
      die(info, values[i]), `${info.name} ${values[i] || "–"}`, h("span", { class: "muted" }, info.moves))));
}

/** A piece written down in secret, not on the board yet: only its owner's view has it. */
function secretLine(g, gang, p) {
  const secret = gang.secret || {};
  if (secret.gang) {
    const n = secret.gang[p.kind];
    const what = p.kind === "vamp" ? (n ? "Vamp" : "no Vamp") : `${title(p.kind)} ${n}`;
    return h("li", { class: "gst-secret", dataset: { kind: p.kind } }, h("strong", {}, what), " · written down");
  }
  if (secret.start && p.strength) {
    const at = secret.start[p.kind];
    return h("li", { class: "gst-secret", dataset: { kind: p.kind } },
      h("strong", {}, `${title(p.kind)}${p.kind === "vamp" ? "" : ` ${p.strength}`}`),
      ` · starts in ${placeName(g, at)} (written down)`);
  }
  return null;
}

function pieceLine(g, gang, p) {
  const secret = secretLine(g, gang, p);
  if (secret) return secret;
  if (!p.strength) return h("li", { class: "muted" }, `${title(p.kind)}: none`);
  const where = placeName(g, p.at);
  const facing = p.facing ? `, ${p.facing}` : "";
  return h("li", { dataset: { kind: p.kind } },
    h("strong", {}, `${title(p.kind)}${p.kind === "vamp" ? "" : ` ${p.strength}`}`),
    ` · ${where}${facing} · `,
    h("span", { style: p.criminal ? "background:#fbfaf5; color:#111; padding:0 4px; border-radius:3px" : "" }, p.criminal ? "criminal" : "citizen"));
}

function jointChip(g, token, level) {
  const sp = g.spaces.get(token);
  const colour = sp ? (g.cd.joint_colours || {})[sp.colour] || "#777" : "#777";
  return h("span", { class: "gst-joint-chip", title: sp ? `${sp.name}, ${sp.colour}, level ${level}` : token, style: `display:inline-block; margin:2px 4px 2px 0; padding:0 5px; border-radius:4px; background:${colour}; color:#111; font:600 0.8rem monospace` }, `${token.toUpperCase()} ${level}`);
}

function badgesLine(gang) {
  if (!gang.my_badges) return `Bribe badges: ${gang.badges}`;
  const cops = gang.my_badges.filter((b) => b);
  const parts = cops.length ? [`cop${cops.length > 1 ? "s" : ""} ${cops.join(", ")}`] : [];
  if (gang.my_badges.includes(0)) parts.push("the Untouchable");
  return `Your Bribe badges: ${parts.join(" and ") || "none"}`;
}

/** The Police Commissioner of the five-player game (17): cash and badges. */
function commissioner(g, police, acting) {
  return h("div", { class: "gst-panel gst-commissioner card", dataset: { seat: String(police.seat) }, style: `flex:1 1 280px; min-width:0; border-left:6px solid #1f3a93; padding:8px 10px; ${police.seat === acting ? "outline:2px solid var(--accent);" : ""}` },
    h("div", { style: "display:flex; justify-content:space-between; gap:8px; flex-wrap:wrap" }, seatTag(g, police.seat, "gst-seat-tag"), h("strong", {}, "Police Commissioner")),
    h("div", { class: "gst-cash" }, `Cash ${money(police.cash)}`),
    h("div", { style: "font-size:0.85rem" }, badgesLine(police)));
}

/** One panel per gang (and the Commissioner's). */
export function gangPanels(g) {
  const { view } = g;
  // (in the opening every player decides in turn: the one deciding is the one to play)
  const opening = ["pick", "gang", "place"].includes(view.decision.kind);
  const acting = view.terminal ? null : opening ? view.decision.seat : view.decision.active;
  return h("section", { class: "gst-gangs", style: "display:flex; flex-wrap:wrap; gap:8px" },
    view.commissioner ? commissioner(g, view.commissioner, acting) : null,
    view.gangs.map((gang) => {
      const colour = gangColour(g, gang.seat);
      const worth = (view.worth || [])[gang.seat];
      return h("div", { class: "gst-panel card", dataset: { seat: String(gang.seat) }, style: `flex:1 1 280px; min-width:0; border-left:6px solid ${colour}; padding:8px 10px; ${gang.seat === acting ? "outline:2px solid var(--accent);" : ""}` },
        h("div", { style: "display:flex; justify-content:space-between; gap:8px; flex-wrap:wrap" },
          seatTag(g, gang.seat, "gst-seat-tag"),
          h("span", {}, h("strong", { style: `color:${colour}` }, `${title(gang.gang)} gang`), gang.out ? " (out)" : "", gang.seat === acting ? " · to play" : "")),
        h("div", { class: "gst-cash" }, `Cash ${money(gang.cash)}`, worth !== undefined && worth !== null ? ` · worth ${money(worth)}` : ""),
        h("ul", { style: "margin:4px 0; padding-left:18px; font-size:0.88rem" }, gang.pieces.map((p) => pieceLine(g, gang, p))),
        gang.secret ? h("p", { class: "muted", style: "margin:0 0 4px; font-size:0.8rem" }, "Written down in secret: nobody else sees it until every gang has chosen.") : null,
        h("div", { class: "gst-joints" }, gang.joints.length ? gang.joints.map(([t, l]) => jointChip(g, t, l)) : h("span", { class: "muted" }, "No joints")),
        h("div", { class: "gst-gear", style: "font-size:0.85rem" }, gang.gear.length ? `Gear: ${gang.gear.map((k) => GEAR[k]).join(", ")} · ` : "", badgesLine(gang),
          gang.choosing && gang.seat !== g.me ? ` · ${seatText(g, gang.seat)} has written a choice down` : ""));
    }));
}

/** The final count, once the game is over: the same table for every seat. */
export function finalPanel(g) {
  const final = g.view.final;
  if (!final) return null;
  const cell = "padding:2px 0 2px 12px; text-align:right; white-space:nowrap";
  const name = (seat) => (seat === (g.view.commissioner || {}).seat ? "Commissioner"
    : title((g.view.gangs.find((x) => x.seat === seat) || {}).gang || ""));
  return h("section", { class: "gst-final card", style: "padding:8px 10px; margin:6px 0; overflow-x:auto" },
    h("strong", {}, "Final count (worth: cash and joints with their improvements)"),
    h("table", { style: "border-collapse:collapse; font-size:0.9rem; margin-top:4px" },
      h("thead", {}, h("tr", {}, ["Player", "Cash", "Joints", "Worth"].map((t, i) => h("th", { style: i ? cell : "padding:2px 0; text-align:left" }, t)))),
      h("tbody", {}, final.rows.map((row) => h("tr", { dataset: { seat: String(row.seat) }, style: row.won ? "font-weight:700" : "" },
        h("td", { style: "padding:2px 0" }, seatTag(g, row.seat, "gst-seat-tag"), ` ${name(row.seat)}`,
          row.won ? " · wins" : row.out ? h("span", { class: "muted" }, " · out") : ""),
        h("td", { style: cell }, money(row.cash)), h("td", { style: cell }, money(row.joints)),
        h("td", { style: cell }, money(row.worth)))))));
}
