// The end-of-game panel: who won, every seat's final score with its breakdown, the
// replay, and Play again with the same seats. Game-agnostic.
//
// The breakdown is the game's own where its renderer exports `final(view, ctx)`: it
// returns `{ why, rows: [{ seat, score, detail }] }` from what the terminal view lays
// open. Otherwise each seat shows the score the server gives once the game is over
// (`state.scores`). The panel opens by itself when the table finishes (at the top of the
// page, in view on a phone as on a laptop); closing it shows the board as it ended, and
// the banner's "Final scores" opens it again.
//
// Play again asks the server for this seat's place at the rematch
// (`POST /api/tables/{id}/again`): the first seat to ask creates it, the others are seated
// at the same table. Once the table's summary names a rematch (`again`), every open page
// says so: a seat takes its kept place with one click, a spectator gets the link to watch.

import { h, fill, seatLabel } from "./dom.js";
import { api, rememberSeat, tableUrl, watchKey, watchUrl } from "./api.js";
import { seatBadge } from "./colors.js";
import { seatName } from "./sidebar.js";
import { toast } from "./toast.js";

/** "you", "P2 Bea", "you and P2 Bea". */
function who(table, seats, me) {
  const list = seats.map((s) => (s === me ? "you" : `${seatLabel(s)} ${seatName(table, s)}`));
  return list.length > 1 ? `${list.slice(0, -1).join(", ")} and ${list[list.length - 1]}` : list[0];
}

/** The headline: "You won", "P2 Bea won", "You and P2 Bea share the win", "Nobody won". */
export function headline(table, me) {
  const winners = table.winners || [];
  if (!winners.length) return "Nobody won";
  const text = who(table, winners, me);
  const line = winners.length === 1 ? `${text} won` : `${text} share the win`;
  return line.charAt(0).toUpperCase() + line.slice(1);
}

/** The rows to list: the renderer's own, or the server's scores; best first. */
function finalRows(state, renderer, ctx) {
  let own = null;
  if (renderer && typeof renderer.final === "function") {
    try {
      own = renderer.final(state.view, ctx);
    } catch (err) {
      console.error(err);
    }
  }
  const scores = state.scores || [];
  const rows = own && own.rows && own.rows.length ? own.rows : scores.map((score, seat) => ({ seat, score: String(score), detail: "" }));
  const rank = (seat) => (Number.isFinite(scores[seat]) ? scores[seat] : 0);
  const won = new Set(state.table.winners || []);
  const sorted = [...rows].sort((a, b) => (won.has(b.seat) - won.has(a.seat)) || rank(b.seat) - rank(a.seat) || a.seat - b.seat);
  return { why: own ? own.why || "" : "", rows: sorted };
}

export class EndGame {
  /**
   * `node`: the panel's section; `opener`: the banner's button that opens it again;
   * `onReplay`: opens the replay viewer; `onToggle`: called when the panel opens or closes.
   */
  constructor(node, opener, { tableId, onReplay, onToggle = () => {} }) {
    this.node = node;
    this.opener = opener;
    this.tableId = tableId;
    this.onReplay = onReplay;
    this.onToggle = onToggle;
    this.closed = false;
    this.asking = false;
    this.last = null;
    opener.addEventListener("click", () => {
      this.closed = false;
      this.redraw();
      this.node.scrollIntoView({ block: "start" });
    });
  }

  /** Draw from the newest state (hidden while the table is not finished). */
  update(state, seat, token, renderer, ctx) {
    this.last = { state, seat, token, renderer, ctx };
    this.redraw();
  }

  redraw() {
    const last = this.last;
    const over = Boolean(last && last.state.table.status === "finished");
    const was = this.node.hidden;
    this.node.hidden = !over || this.closed;
    this.opener.hidden = !over || !this.closed;
    if (was !== this.node.hidden) this.onToggle();
    if (this.node.hidden) return;
    const { state, seat, renderer, ctx } = last;
    const table = state.table;
    const { why, rows } = finalRows(state, renderer, ctx);
    const won = new Set(table.winners || []);
    const mine = won.has(seat);
    this.node.className = `card endgame${mine ? " endgame-won" : ""}`;
    fill(
      this.node,
      h("div", { class: "endgame-head" },
        h("h2", { class: "endgame-title" }, headline(table, seat)),
        h("button", { class: "button endgame-close", type: "button", title: "close, to look at the board as it ended", "aria-label": "close the final scores" }, "×")),
      why ? h("p", { class: "endgame-why muted" }, why) : null,
      h("ol", { class: "endgame-scores" }, rows.map((row) => h("li", { class: `endgame-row${won.has(row.seat) ? " endgame-winner" : ""}`, "data-seat": String(row.seat) },
        seatBadge(row.seat, 18),
        h("span", { class: "endgame-name" }, `${seatLabel(row.seat)} ${seatName(table, row.seat)}`, row.seat === seat ? h("span", { class: "badge badge-you" }, "you") : null),
        h("strong", { class: "endgame-score" }, row.score),
        row.detail ? h("span", { class: "endgame-detail muted" }, row.detail) : null))),
      this.buttons(table, seat),
    );
    this.node.querySelector(".endgame-close").addEventListener("click", () => {
      this.closed = true;
      this.redraw();
    });
  }

  /** Replay, and Play again (a seat) or the rematch's link (a spectator). */
  buttons(table, seat) {
    const replay = h("button", { class: "button endgame-replay", type: "button" }, "Replay");
    replay.addEventListener("click", () => this.onReplay());
    let again = null;
    let note = null;
    if (seat !== null) {
      again = h("button", { class: "button button-primary endgame-again", type: "button" }, table.again ? "Join the rematch" : "Play again");
      again.disabled = this.asking;
      again.addEventListener("click", () => this.playAgain());
      note = table.again ? "A rematch with the same seats is waiting; your seat there is kept for you." : "The same seats, a fresh deal: the others are asked to join.";
    } else if (table.again) {
      const key = watchKey(this.tableId);
      again = h("a", { class: "button button-primary endgame-watch", href: key ? watchUrl(table.again, key) : tableUrl(table.again) }, "Watch the rematch");
      note = "The players started a rematch.";
    }
    return h("div", { class: "endgame-actions" }, again, replay, note ? h("span", { class: "endgame-note muted" }, note) : null);
  }

  /** Take this seat's place at the rematch (creating it if nobody has), then go there. */
  async playAgain() {
    const { seat, token, state } = this.last;
    this.asking = true;
    this.redraw();
    try {
      const got = await api(`/api/tables/${encodeURIComponent(this.tableId)}/again`, { token });
      rememberSeat(got.table.id, {
        seat: got.seat, token: got.token, name: seatName(state.table, seat), game: got.table.game, title: got.table.title,
      });
      const key = watchKey(this.tableId);
      location.assign(tableUrl(got.table.id) + (key ? `#watch=${encodeURIComponent(key)}` : ""));
    } catch (err) {
      toast(err.message || "The rematch could not be started.");
      this.asking = false;
      this.redraw();
    }
  }
}
