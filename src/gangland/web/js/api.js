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

/** GET or POST JSON; a refusal becomes an ApiError carrying the server's own message. */
export async function api(path, body) {
  const init = body === undefined
    ? { headers: { Accept: "application/json" } }
    : { method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json" }, body: JSON.stringify(body) };
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
