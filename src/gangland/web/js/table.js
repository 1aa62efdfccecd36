// The table page: one seat's (or a spectator's) live view of a table, and its replay.
//
// Everything shown comes from the server's messages (docs/web.md): the page keeps the
// last welcome and state, and redraws from them. A reload or a lost connection needs no
// special care, because the first state after every hello carries the newest page of the
// log (older pages are fetched when the reader asks for them).

import { h, fill, seatLabel } from "./dom.js";
import { api, keyFor, mySeat, rememberSeat, rememberWatch, forgetSeat, savedName, saveName, watchKey, watchUrl } from "./api.js";
import { seatColors, seatBadge } from "./colors.js";
import { TableSocket } from "./socket.js";
import { renderActions } from "./panel.js";
import { renderView } from "./viewtree.js";
import { renderSeats, seatName, LogView, ChatView, formatClock } from "./sidebar.js";
import { loadRenderer, drawBoard } from "./board.js";
import { ReplayViewer } from "./replay.js";
import { toast } from "./toast.js";
import { inviteItem, watchItem } from "./invites.js";
import { Dock } from "./dock.js";
import { RulesPanel } from "./rules.js";
import { TurnAlerts } from "./alerts.js";
import { watchTurns, tablesWord } from "./turns.js";
import { EndGame } from "./endgame.js";
import { drawTakeBack } from "./takeback.js";
import { MarkSpan, motionSwitch } from "./marks.js";

const $ = (id) => document.getElementById(id);

/** The table id from /table/{id} (or ?id= when the folder is served by a plain file server). */
function tableIdFromUrl() {
  const match = location.pathname.match(/\/table\/([^/]+)\/?$/);
  if (match) return decodeURIComponent(match[1]);
  return new URLSearchParams(location.search).get("id");
}

/**
 * An invite link's fragment (#seat=N&token=T, with &watch=K at an invite-only table) or a
 * watch link's (#watch=K) is stored, then taken out of the address.
 */
function takeInviteFragment(tableId) {
  if (!location.hash) return false;
  const params = new URLSearchParams(location.hash.slice(1));
  const token = params.get("token");
  const seat = Number(params.get("seat"));
  const watch = params.get("watch");
  if (watch) rememberWatch(tableId, watch);
  const fresh = Boolean(token && Number.isInteger(seat));
  if (fresh) {
    const held = mySeat(tableId);
    if (held && held.token !== token) forgetSeat(tableId); // another seat's link: start afresh
    rememberSeat(tableId, { seat, token });
  }
  history.replaceState(null, "", location.pathname + location.search);
  return fresh;
}

const page = {
  tableId: null,
  token: null,
  socket: null,
  seat: null, // from welcome: null when watching
  table: null,
  clientData: null,
  renderer: undefined, // undefined: not loaded yet; null: the game has none
  rendererLoading: null, // the renderer's promise, while it loads
  state: null,
  busy: false,
  boardActs: false, // the board drawn offers every legal action (its renderer's ownsActions)
  filter: "",
  log: null,
  chat: null,
  dock: null,
  rules: null,
  alerts: null,
  otherTurns: new Set(), // the other tables where it is this browser's turn
  otherTurnsKnown: false, // (once the first answer is in)
  endgame: null,
  replay: null,
  marks: null, // what the board marks: every move since this seat last acted (js/marks.js)
  lastEvents: [],
  baseTitle: "Gangland",
  wantReplay: false, // ?replay: open the replay viewer once the table is known
};

function names(table) {
  return table.seats.map((info) => seatName(table, info.seat));
}

function myTurn() {
  const st = page.state;
  return Boolean(st && page.seat !== null && st.to_move === page.seat && st.legal.length);
}

function act(text) {
  if (page.busy) return;
  if (!page.state || !myTurn()) {
    toast("It is not your turn.", "info");
    return;
  }
  if (!page.socket.act(text, page.state.version)) {
    toast("Not connected: your move was not sent. Reconnecting…");
    return;
  }
  page.busy = true;
  page.marks.sent(page.state.version);
  drawActions();
  drawBanner();
}

function ctx() {
  const table = page.state ? page.state.table : page.table;
  return {
    seat: page.seat,
    legal: page.state && page.seat !== null ? page.state.legal : [],
    act,
    clientData: page.clientData || {},
    table,
    names: names(table),
    colors: seatColors(table.players),
    // Seats are still being taken: nobody is to move yet, whatever the dealt state says.
    waiting: table.status === "open",
    lastEvents: page.lastEvents,
    columns: page.renderer && page.renderer.columns,
  };
}

// ----- drawing ----------------------------------------------------------------------

function drawHeader() {
  const table = page.table;
  $("table-title").textContent = `${table.title || table.game} · table ${table.id}`;
  const who = $("whoami");
  if (page.seat === null) {
    fill(who, h("span", { class: "badge badge-spectator" }, "watching"));
  } else {
    fill(who, seatBadge(page.seat, 20), ` You are ${seatLabel(page.seat)} `, h("strong", {}, seatName(table, page.seat)));
  }
}

function winnersText(table) {
  const winners = table.winners || [];
  if (!winners.length) return "nobody won";
  const list = winners.map((s) => (s === page.seat ? "you" : `${seatLabel(s)} ${seatName(table, s)}`));
  return `won by ${list.join(" and ")}`;
}

function drawBanner() {
  const st = page.state;
  const table = st ? st.table : page.table;
  const banner = $("banner");
  let text;
  let kind = "wait";
  if (table.status === "open") {
    const open = table.seats.filter((x) => x.kind === "human" && !x.claimed).length;
    text = `Waiting for ${open} more player${open === 1 ? "" : "s"} to take a seat.`;
  } else if (table.status === "finished" || (st && st.view && st.view.terminal)) {
    const mine = (table.winners || []).includes(page.seat);
    text = `Game over: ${winnersText(table)}.`;
    kind = mine ? "won" : "over";
  } else if (myTurn()) {
    text = page.busy ? "Your move is on its way…" : "Your turn!";
    kind = "mine";
  } else if (st && st.to_move !== null && st.to_move !== undefined) {
    const info = table.seats[st.to_move];
    const thinking = info && (info.kind === "bot" || info.away) ? " (the bot is thinking)" : "";
    text = `Waiting for ${seatLabel(st.to_move)} ${seatName(table, st.to_move)}${thinking}.`;
  } else {
    text = "Waiting for the table…";
  }
  banner.className = `banner banner-${kind}`;
  $("banner-text").textContent = text;
  page.dock.setStatus(text, kind);
  // (the end-of-game panel has its own Replay button while it is open)
  $("replay-open").hidden = table.status !== "finished" || !$("replay").hidden || !$("endgame").hidden;
  const me = page.seat === null ? null : table.seats[page.seat];
  $("back").hidden = !(me && me.away && table.status === "running");
  $("auto-pass-box").hidden = !(me && me.kind === "human" && table.status !== "finished");
  if (me) $("auto-pass").checked = me.auto_pass !== false;
  drawStanding(me && me.kind === "human" && table.status !== "finished");
  if (!page.alerts.blinking) document.title = titleNow();
}

function titleNow() {
  return (myTurn() && !page.busy ? "● Your turn · " : "") + page.baseTitle;
}

/** The other tables that wait for this browser's move: a link to the longest waiting. */
function drawOtherTurns(list) {
  const others = list.filter((t) => String(t.id) !== String(page.tableId));
  const link = $("other-turns");
  link.hidden = !others.length;
  if (others.length) {
    link.textContent = `Your turn at ${tablesWord(others.length)} more`;
    link.href = `/table/${encodeURIComponent(others[0].id)}`;
    link.title = others.map((t) => `${t.title} #${t.id}`).join(", ");
  }
  const fresh = others.filter((t) => !page.otherTurns.has(String(t.id)));
  // (a table that was already waiting when the page opened is not news)
  if (fresh.length && page.otherTurnsKnown) page.alerts.turn(`Your turn at ${fresh[0].title}`);
  page.otherTurns = new Set(others.map((t) => String(t.id)));
  page.otherTurnsKnown = true;
}

/** The seat's standing answer (private: only its own state messages carry it). */
function drawStanding(shown) {
  const standing = page.state && page.state.standing;
  const answers = standing ? standing.answers : [];
  $("standing-box").hidden = !(shown && answers.length);
  if ($("standing-box").hidden) return;
  const select = $("standing");
  const want = [["", "Never: ask me every time"], ...answers.map((a) => [a.name, a.label])];
  if (select.options.length !== want.length) {
    fill(select, want.map(([value, label]) => h("option", { value }, label)));
  }
  select.value = standing.answer || "";
}

function drawClock() {
  const st = page.state;
  const clock = $("clock");
  if (!st || !st.deadline || st.table.status !== "running") {
    clock.hidden = true;
    page.dock.setClock("");
    return;
  }
  const left = st.deadline - Date.now();
  clock.hidden = false;
  clock.textContent = `${formatClock(left)} left`;
  clock.classList.toggle("clock-low", left < 15000);
  page.dock.setClock(clock.textContent, left < 15000);
  clock.title = myTurn() ? "time left for your move; then a bot plays for you" : "time left for this move";
}

function drawActions() {
  const card = $("actions-card");
  const legal = page.state && page.seat !== null ? page.state.legal : [];
  // A board that offers every legal action itself says so (`ownsActions`): a second list
  // of the same decisions would only be a wall of buttons to scroll past.
  card.hidden = !legal.length || page.boardActs;
  renderActions($("actions"), legal, act, {
    busy: page.busy, filter: page.filter, onFilter: (text) => { page.filter = text; },
  });
  page.dock.setActions(legal, act, page.busy, card);
  drawTakeBack(page, $("board"), card, () => { drawActions(); drawBanner(); });
}

function drawInvites() {
  const section = $("invites");
  const stored = mySeat(page.tableId);
  const invites = stored && stored.invites ? stored.invites : [];
  const table = page.table;
  const pending = table.status !== "open" ? [] : invites.filter((inv) => {
    const info = table.seats[inv.seat];
    return info && !info.claimed;
  });
  // an invite-only table is watched only through its link: its seats may pass it on
  const watch = table.invite_only && page.seat !== null ? watchKey(page.tableId) : null;
  section.hidden = !pending.length && !watch;
  if (section.hidden) return;
  $("invites-title").textContent = pending.length ? "Invite your friends" : "Let others watch";
  $("invites-help").textContent = [
    pending.length ? "Send each friend the link of their seat; the game starts once every seat is taken." : "",
    watch ? "This table is invite-only: nobody else sees it in the lobby, and watching it takes the watch link." : "",
  ].filter(Boolean).join(" ");
  fill($("invite-list"), pending.map((inv) => inviteItem(inv)), watch ? watchItem(watchUrl(page.tableId, watch)) : null);
}

function drawSeats(online) {
  const st = page.state;
  const over = st.view && st.view.terminal;
  const toMove = over || st.table.status === "open" ? null : st.to_move; // (none before the start)
  renderSeats($("seats"), st.table, page.seat, toMove, online);
}

function drawAll() {
  const st = page.state;
  if (!st) return;
  drawHeader();
  drawBanner();
  drawClock();
  drawInvites();
  drawSeats(page.socket.isOpen);
  const c = ctx();
  const drawn = drawBoard($("board"), page.renderer, st.view, c);
  page.boardActs = Boolean(drawn && page.renderer && page.renderer.ownsActions);
  drawActions();
  fill($("view"), renderView(st.view, c));
  page.endgame.update(st, page.seat, page.token, page.renderer, c);
  // Spectators chat too; their lines are signed "(watching)" by the server.
  $("chat-input").placeholder = page.seat === null ? "Say something, as a spectator" : "Say something to the table";
  page.rules.setDecision(st.decision_rules, myTurn());
  page.dock.setPrompt($("board"));
  page.dock.setLast();
  page.dock.focus($("board"), st.version, myTurn() && !page.busy);
}

// ----- messages -----------------------------------------------------------------------

async function onWelcome(message) {
  page.seat = message.seat === undefined ? null : message.seat;
  page.table = message.table;
  page.clientData = message.client_data || {};
  page.baseTitle = `${message.table.title || message.table.game} · Gangland`;
  page.rules.setGame(message.rules || "");
  page.chat.clear();
  if (page.seat !== null) {
    const stored = mySeat(page.tableId) || {};
    rememberSeat(page.tableId, {
      ...stored, seat: page.seat, name: seatName(message.table, page.seat), game: message.table.game, title: message.table.title,
    });
  }
  drawHeader();
  if (page.renderer === undefined) {
    page.rendererLoading = page.rendererLoading || loadRenderer(message.table.game);
    page.renderer = await page.rendererLoading;
    $("view-card").open = !page.renderer;
  }
  if (page.state) drawAll();
  if (page.wantReplay && message.table.status === "finished") {
    page.wantReplay = false;
    openReplay();
  }
}

function onState(message) {
  const wasMine = myTurn();
  const first = !page.state || message.reset;
  const moved = first || message.version !== page.state.version; // (else: seats changed)
  page.state = message;
  page.table = message.table;
  page.busy = false;
  if (first) page.log.reset(message.events || [], message.log_from);
  else page.log.replaceFrom(message.log_from, message.events || []);
  const marked = page.marks.update(message, page.seat);
  if (moved) page.lastEvents = marked;
  drawAll();
  if (!wasMine && myTurn()) page.alerts.turn();
}

function onError(message) {
  if (page.busy) page.marks.refused(); // (the action sent was not taken)
  page.busy = false;
  if (message.code === "bad_token") {
    toast("This seat's token was refused, so you are watching instead.");
    forgetSeat(page.tableId);
    page.token = null;
    page.socket.stop();
    startSocket();
    return;
  }
  if (message.code === "not_found") {
    page.socket.stop();
    $("table-title").textContent = "No such table";
    $("banner-text").textContent = "This table does not exist (or no longer does). Back to the lobby to open one.";
    page.dock.setStatus($("banner-text").textContent, "over");
    onStatus("stopped");
    return;
  }
  const kind = message.code === "stale" ? "info" : "error";
  toast(message.message || message.code, kind);
  if (page.state) drawActions();
  drawBanner();
}

function onStatus(status) {
  const node = $("conn");
  node.className = `conn conn-${status}`;
  node.textContent = { open: "online", connecting: "connecting", closed: "reconnecting", stopped: "offline" }[status] || status;
  if (page.state) drawSeats(status === "open");
}

function startSocket(name = "") {
  page.socket = new TableSocket(page.tableId, page.token, {
    welcome: onWelcome,
    state: onState,
    chat: (m) => page.chat.add(m, page.table),
    error: onError,
    status: onStatus,
  }, name, page.token ? null : watchKey(page.tableId) || keyFor(page.tableId));
  page.socket.start();
}

/** Whether an invite's seat is still to be taken (then its holder is asked for a name). */
async function seatIsFree(tableId, seat) {
  try {
    const table = await api(`/api/tables/${encodeURIComponent(tableId)}`, undefined, keyFor(tableId));
    const info = table.seats[seat];
    return Boolean(info && info.kind === "human" && !info.claimed);
  } catch {
    return false;
  }
}

/** Someone arriving by invite link sits under a name: ask for it once, then connect. */
function askName(then) {
  const dialog = $("name-dialog");
  const input = $("name-input");
  input.value = savedName();
  dialog.hidden = false;
  input.focus();
  $("name-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const name = input.value.trim();
    if (!name) return;
    saveName(name);
    rememberSeat(page.tableId, { name });
    dialog.hidden = true;
    then(name);
  }, { once: true });
}

// ----- replay -------------------------------------------------------------------------

async function openReplay() {
  // A state can arrive (and the end-of-game panel offer the replay) while the game's
  // renderer is still loading: the replay waits for it rather than draw without a board.
  if (page.renderer === undefined && page.rendererLoading) await page.rendererLoading;
  $("live").hidden = true;
  page.dock.show(false);
  $("replay").hidden = false;
  if (!page.replay) {
    page.replay = new ReplayViewer($("replay"), {
      tableId: page.tableId,
      table: page.table,
      seat: page.seat,
      key: page.token || watchKey(page.tableId) || keyFor(page.tableId),
      renderer: page.renderer,
      clientData: page.clientData,
      onClose: closeReplay,
    });
  }
  page.replay.open();
  drawBanner();
}

function closeReplay() {
  $("replay").hidden = true;
  $("live").hidden = false;
  page.dock.show(true);
  if (page.replay) page.replay.close();
  drawBanner();
}

// ----- start --------------------------------------------------------------------------

function start() {
  page.dock = new Dock($("dock"), $("log-card"), $("log"));
  page.rules = new RulesPanel($("rules-dialog"), [$("rules-open"), page.dock.rules]);
  page.alerts = new TurnAlerts($("alerts"), titleNow);
  page.endgame = new EndGame($("endgame"), $("endgame-open"), { tableId: tableIdFromUrl(), onReplay: openReplay, onToggle: drawBanner });
  page.tableId = tableIdFromUrl();
  if (!page.tableId) {
    $("table-title").textContent = "No table given";
    $("banner-text").textContent = "Open a table from the lobby.";
    page.dock.setStatus($("banner-text").textContent, "over");
    return;
  }
  page.marks = new MarkSpan(page.tableId);
  motionSwitch($("motion"));
  const invited = takeInviteFragment(page.tableId);
  const query = new URLSearchParams(location.search);
  const watch = query.has("watch");
  page.wantReplay = query.has("replay");
  const stored = mySeat(page.tableId);
  page.token = !watch && stored ? stored.token : null;
  page.log = new LogView($("log"), (before) => api(
    `/api/tables/${encodeURIComponent(page.tableId)}/log?before=${before}`, undefined,
    page.token || watchKey(page.tableId) || keyFor(page.tableId),
  ).catch((err) => { toast(err.message); return null; }));
  page.chat = new ChatView($("chat"));
  $("chat-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const input = $("chat-input");
    const text = input.value.trim();
    if (!text) return;
    if (page.socket.chat(text.slice(0, 500))) input.value = "";
    else toast("Not connected: the message was not sent.");
  });
  $("replay-open").addEventListener("click", openReplay);
  $("auto-pass").addEventListener("change", (event) => {
    if (!page.socket.autoPass(event.target.checked)) toast("Not connected: the setting was not sent.");
  });
  $("standing").addEventListener("change", (event) => {
    if (!page.socket.standing(event.target.value || null)) toast("Not connected: the setting was not sent.");
  });
  $("back").addEventListener("click", () => {
    if (!page.socket.back()) toast("Not connected yet; try again in a moment.");
  });
  setInterval(drawClock, 250);
  watchTurns(drawOtherTurns);
  const name = stored && stored.name ? stored.name : savedName();
  if (invited && page.token && !(stored && stored.name)) {
    seatIsFree(page.tableId, stored.seat).then((free) => (free ? askName(startSocket) : startSocket(name)));
  } else {
    startSocket(name);
  }
}

start();
