// The lobby: the tables to join, watch or replay, the tables this browser holds a seat at,
// and the form to open a new one. Lists refresh every few seconds.

import { h, fill, seatLabel } from "./dom.js";
import { api, allKeys, mySeats, mySeat, rememberSeat, forgetSeat, savedName, saveName, tableUrl } from "./api.js";
import { seatBadge } from "./colors.js";
import { CreateForm } from "./createform.js";
import { seatName } from "./sidebar.js";
import { toast } from "./toast.js";
import { yourTurns, tablesWord } from "./turns.js";

const $ = (id) => document.getElementById(id);
const REFRESH_MS = 5000;
const known = new Map(); // table id -> latest table object seen in any list
let turns = []; // the tables where it is this browser's turn, the longest waiting first

function when(iso) {
  const date = iso ? new Date(iso) : null;
  if (!date || Number.isNaN(date.getTime())) return "";
  const today = new Date().toDateString() === date.toDateString();
  return today ? date.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" }) : date.toLocaleDateString();
}

function seatsLine(table) {
  return h("span", { class: "seat-line" }, table.seats.map((info) => h("span", { class: `seat-pill${info.claimed || info.kind === "bot" ? "" : " seat-free"}` },
    seatBadge(info.seat, 16),
    info.kind === "bot" ? `${info.bot} (bot)` : info.claimed ? seatName(table, info.seat) : table.again_of ? "kept" : "free")));
}

async function join(table, seat) {
  let name = ($("name").value || savedName()).trim();
  if (!name) name = (prompt("Your name at the table?") || "").trim();
  if (!name) return;
  saveName(name);
  try {
    const answer = await api(`/api/tables/${encodeURIComponent(table.id)}/join`, { seat, name });
    rememberSeat(table.id, { seat: answer.seat, token: answer.token, name, game: table.game, title: table.title });
    location.assign(tableUrl(table.id));
  } catch (err) {
    toast(err.message);
    refresh();
  }
}

function tableItem(table, kind) {
  const mine = mySeat(table.id);
  const buttons = [];
  if (mine) {
    buttons.push(h("a", { class: "button button-primary", href: tableUrl(table.id) }, kind === "finished" ? "Your table" : "Take your seat"));
  }
  // (a rematch's free seats are kept for the last game's players: nobody joins them here)
  if (kind === "open" && !mine && !table.invite_only && !table.again_of) {
    for (const info of table.seats) {
      if (info.kind === "human" && !info.claimed) {
        buttons.push(h("button", { class: "button", type: "button", onclick: () => join(table, info.seat) }, `Join as ${seatLabel(info.seat)}`));
      }
    }
  }
  if (kind === "open" && table.invite_only && !mine) buttons.push(h("span", { class: "muted" }, "invite only"));
  if (kind === "open" && table.again_of && !table.invite_only && !mine) buttons.push(h("span", { class: "muted" }, "a rematch: its seats are kept"));
  if (kind === "running" && !mine) buttons.push(h("a", { class: "button", href: `${tableUrl(table.id)}?watch` }, "Watch"));
  if (kind === "finished") buttons.push(h("a", { class: "button", href: `${tableUrl(table.id)}?replay` }, "Replay"));
  const moves = `${table.version} move${table.version === 1 ? "" : "s"}`;
  const winners = (table.winners || []).map((s) => seatName(table, s)).join(" & ");
  const status = kind === "finished" ? `${moves} · ${winners ? `${winners} won` : "nobody won"}` : moves;
  return h(
    "li",
    { class: "table-item", dataset: { table: table.id } },
    h("div", { class: "table-head" }, h("strong", {}, table.title || table.game), h("span", { class: "muted" }, ` #${table.id} · ${status} · ${when(table.updated || table.created)}`)),
    seatsLine(table),
    h("div", { class: "table-buttons" }, buttons),
  );
}

async function loadList(kind) {
  const root = $(kind);
  try {
    const keys = allKeys();  // (invite-only tables are listed only to their seats)
    const tables = await api(`/api/tables?status=${kind}`, undefined, null, keys.length ? { "X-Gangland-Keys": keys.join(" ") } : {});
    for (const t of tables) known.set(String(t.id), t);
    fill(root, tables.length ? tables.map((t) => tableItem(t, kind)) : h("li", { class: "muted" }, kind === "open" ? "No table is waiting; open one." : "None."));
  } catch (err) {
    fill(root, h("li", { class: "muted" }, `Could not load: ${err.message}`));
  }
}

/** "Your turn" across every table held here: counted by the heading and in the title. */
function drawTurns() {
  const n = turns.length;
  const badge = $("mine-turns");
  badge.hidden = !n;
  badge.textContent = n ? `your turn at ${tablesWord(n)}` : "";
  // (on a phone "My tables" is below the form: the top bar leads to the longest waiting)
  const link = $("other-turns");
  link.hidden = !n;
  if (n) {
    link.textContent = `Your turn at ${tablesWord(n)}`;
    link.href = tableUrl(turns[0].id);
    link.title = `to ${turns[0].title} #${turns[0].id}, waiting the longest`;
  }
  document.title = n ? `(${n}) Your turn · Gangland` : "Gangland";
}

const isMyTurn = (id) => turns.some((t) => String(t.id) === String(id));

async function drawMine() {
  // the tables waiting for you first, then the newest
  const seats = Object.entries(mySeats()).sort((a, b) => (isMyTurn(b[0]) - isMyTurn(a[0])) || (b[1].saved || 0) - (a[1].saved || 0));
  const root = $("mine");
  if (!seats.length) {
    fill(root, h("li", { class: "muted" }, "Tables you open or join appear here, on this browser."));
    return;
  }
  const items = await Promise.all(seats.slice(0, 20).map(async ([id, entry]) => {
    let table = known.get(String(id));
    if (!table) {
      try {
        table = await api(`/api/tables/${encodeURIComponent(id)}`, undefined, entry.token);
        known.set(String(id), table);
      } catch (err) {
        if (err.status === 404) {
          forgetSeat(id);
          return null;
        }
      }
    }
    const status = table ? table.status : "unknown";
    const mine = isMyTurn(id);
    return h(
      "li",
      { class: `table-item${mine ? " table-your-turn" : ""}`, dataset: { table: id } },
      h("div", { class: "table-head" }, seatBadge(entry.seat, 18), " ", h("strong", {}, entry.title || entry.game || "table"),
        mine ? [" ", h("span", { class: "badge badge-you" }, "your turn")] : null,
        h("span", { class: "muted" }, ` #${id} · you are ${seatLabel(entry.seat)} · ${status}`)),
      table ? seatsLine(table) : null,
      h("div", { class: "table-buttons" },
        h("a", { class: "button button-primary", href: tableUrl(id) }, status === "finished" ? "See the end" : mine ? "Play your turn" : "Take your seat"),
        h("button", { class: "button button-quiet", type: "button", title: "forget this seat on this browser", onclick: () => { forgetSeat(id); drawMine(); } }, "Forget")),
    );
  }));
  fill(root, items.filter(Boolean));
}

async function refresh() {
  const [list] = await Promise.all([yourTurns(), ...["open", "running", "finished"].map(loadList)]);
  if (list) turns = list;
  drawTurns();
  await drawMine();
}

function start() {
  new CreateForm(refresh).load();
  refresh();
  setInterval(() => {
    if (document.visibilityState === "visible") refresh();
  }, REFRESH_MS);
}

start();
