// The HTTP side of the protocol (docs/web.md) and the seats this browser holds.
//
// A seat's token is the only proof that a seat is yours, so it is kept in localStorage
// (keyed by table id) from the moment the server hands it out: "My tables" in the lobby
// and a reload of the table page both find it there.

const STORE_KEY = "gangland.seats";

/** Raised for any refused request; `status` and the server's precise `detail`. */
export class ApiError extends Error {
  constructor(status, detail) {
    super(detail);
    this.status = status;
  }
}

/**
 * GET or POST JSON; a refusal becomes an ApiError carrying the server's own message.
 * `key`: a seat token or watch key proving the right to see an invite-only table; it
 * travels in a header, never in the address (which servers and proxies log).
 */
export async function api(path, body, key = null, extraHeaders = {}) {
  const headers = { Accept: "application/json", ...extraHeaders };
  if (key) headers["X-Gangland-Key"] = key;
  const init = body === undefined
    ? { headers }
    : { method: "POST", headers: { ...headers, "Content-Type": "application/json" }, body: JSON.stringify(body) };
  let response;
  try {
    response = await fetch(path, init);
  } catch (err) {
    throw new ApiError(0, `The server cannot be reached (${err.message}).`);
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const detail = data && data.detail ? data.detail : `${response.status} ${response.statusText}`;
    throw new ApiError(response.status, typeof detail === "string" ? detail : JSON.stringify(detail));
  }
  return data;
}

function readAll() {
  try {
    const data = JSON.parse(localStorage.getItem(STORE_KEY) || "{}");
    return data && typeof data === "object" ? data : {};
  } catch {
    return {};
  }
}

/** Every seat this browser holds: {tableId: {seat, token, name, game, title, saved}}. */
export function mySeats() {
  return readAll();
}

/** The seat held at one table, or null. */
export function mySeat(tableId) {
  return readAll()[tableId] || null;
}

/** Remember (or update) the seat held at a table. */
export function rememberSeat(tableId, entry) {
  const all = readAll();
  all[tableId] = { ...(all[tableId] || {}), ...entry, saved: Date.now() };
  localStorage.setItem(STORE_KEY, JSON.stringify(all));
}

/** Forget a seat (the table is gone, or the player asked). */
export function forgetSeat(tableId) {
  const all = readAll();
  delete all[tableId];
  localStorage.setItem(STORE_KEY, JSON.stringify(all));
}

const WATCH_KEY = "gangland.watch";

function readWatch() {
  try {
    const data = JSON.parse(localStorage.getItem(WATCH_KEY) || "{}");
    return data && typeof data === "object" ? data : {};
  } catch {
    return {};
  }
}

/** The watch key of an invite-only table (from its watch link or a seat's invite), or null. */
export function watchKey(tableId) {
  return readWatch()[tableId] || null;
}

/** Remember an invite-only table's watch key: the page shows its watch link to share. */
export function rememberWatch(tableId, key) {
  const all = readWatch();
  all[tableId] = key;
  localStorage.setItem(WATCH_KEY, JSON.stringify(all));
}

/** What proves this browser may see a table: its seat's token, else the watch key. */
export function keyFor(tableId) {
  const seat = mySeat(tableId);
  return (seat && seat.token) || watchKey(tableId);
}

/** Every seat token and watch key held here, for the lobby's lists (invite-only tables
 * are listed only to those who hold one of theirs); at most 100, the newest seats first. */
export function allKeys() {
  const seats = Object.values(readAll()).sort((a, b) => (b.saved || 0) - (a.saved || 0));
  const keys = [...seats.map((e) => e.token), ...Object.values(readWatch())];
  return [...new Set(keys.filter((k) => typeof k === "string" && /^[\w-]{1,200}$/.test(k)))].slice(0, 100);
}

/** The full address of an invite-only table's watch link. */
export function watchUrl(tableId, key) {
  return new URL(`${tableUrl(tableId)}#watch=${encodeURIComponent(key)}`, location.origin).href;
}

/** The table page's address for a table id. */
export function tableUrl(tableId) {
  return `/table/${encodeURIComponent(tableId)}`;
}

/** The player's name, remembered between visits. */
export function savedName() {
  return localStorage.getItem("gangland.name") || "";
}

export function saveName(name) {
  localStorage.setItem("gangland.name", name);
}
