// Your turn, across all your tables: the running tables where a seat this browser holds
// is to move (GET /api/turns with the seats' tokens), asked again every few seconds while
// the page is in view and at once when it comes back into view.
//
// The lobby marks those tables in "Your tables" and counts them in its title; a table page
// shows how many others wait for you, with a link to the longest waiting. The server
// answers from the tokens alone, so a browser learns of no seat but its own.

import { api, mySeats } from "./api.js";

const EVERY_MS = 10_000;

/** The tokens of every seat held here (watch keys are nobody's turn). */
function tokens() {
  const seats = Object.values(mySeats());
  return [...new Set(seats.map((e) => e.token).filter((k) => typeof k === "string" && /^[\w-]{1,200}$/.test(k)))].slice(0, 100);
}

/** One answer: [{id, game, title, seat, version, updated}], the longest waiting first. */
export async function yourTurns() {
  const keys = tokens();
  if (!keys.length) return [];
  try {
    return await api("/api/turns", undefined, null, { "X-Gangland-Keys": keys.join(" ") });
  } catch {
    return null; // (offline for a moment: the next round asks again)
  }
}

/** Call `onTurns(list)` now and whenever the list may have changed; returns a stop. */
export function watchTurns(onTurns) {
  let stopped = false;
  const round = async () => {
    if (stopped || document.visibilityState !== "visible") return;
    const list = await yourTurns();
    if (list && !stopped) onTurns(list);
  };
  round();
  const timer = setInterval(round, EVERY_MS);
  const onShow = () => { if (document.visibilityState === "visible") round(); };
  document.addEventListener("visibilitychange", onShow);
  return () => {
    stopped = true;
    clearInterval(timer);
    document.removeEventListener("visibilitychange", onShow);
  };
}

/** "2 tables", "1 table": how many. */
export function tablesWord(n) {
  return `${n} table${n === 1 ? "" : "s"}`;
}
