// The table's side: seats, the event log, chat and the turn clock. Game-agnostic.

import { h, seatLabel } from "./dom.js";
import { seatBadge } from "./colors.js";

/** A seat's name for texts: the player's name, the bot's name, or "P2". */
export function seatName(table, seat) {
  const info = table && table.seats ? table.seats[seat] : null;
  if (!info) return seatLabel(seat);
  if (info.name) return info.name;
  if (info.kind === "bot") return `${info.bot || "bot"}`;
  return info.claimed ? seatLabel(seat) : "open seat";
}

function badge(text, kind, title) {
  return h("span", { class: `badge badge-${kind}`, title: title || text }, text);
}

/**
 * The list of seats with their state; `toMove` is null when nobody is to move. `online`:
 * whether this page is connected, which the server may not have told it about itself yet.
 */
export function renderSeats(root, table, mySeat, toMove, online = false) {
  const winners = new Set(table.winners || []);
  root.replaceChildren(
    ...table.seats.map((info) => {
      const badges = [];
      if (info.seat === mySeat) badges.push(badge("you", "you"));
      if (info.kind === "bot") badges.push(badge(`bot · ${info.bot}`, "bot", "played by the server"));
      else if (!info.claimed) badges.push(badge("open", "open", "nobody has taken this seat yet"));
      if (info.away) badges.push(badge("away", "away", "the turn clock ran out: a bot plays for them until they are back"));
      if (info.kind === "human" && info.claimed) {
        badges.push(
          info.connected || (info.seat === mySeat && online)
            ? badge("online", "online", "connected now")
            : badge("offline", "offline", "not connected"),
        );
      }
      if (winners.has(info.seat)) badges.push(badge("winner", "winner"));
      const moving = toMove === info.seat;
      return h(
        "li",
        { class: `seat${moving ? " seat-moving" : ""}${info.seat === mySeat ? " seat-mine" : ""}`, dataset: { seat: info.seat } },
        h("span", { class: "seat-turn", "aria-label": moving ? "to move" : "" }, moving ? "▶" : ""),
        seatBadge(info.seat, 22),
        h("span", { class: "seat-name" }, h("strong", {}, seatLabel(info.seat)), " ", seatName(table, info.seat)),
        h("span", { class: "seat-badges" }, badges),
      );
    }),
  );
}

/** One event of the log: the action count it follows, the seat's mark, the text. */
export function logLine(event) {
  const seat = event.data && typeof event.data.seat === "number" ? event.data.seat : null;
  const version = event.version === undefined ? null : h("span", { class: "log-version", title: "after this many actions" }, String(event.version));
  return h(
    "li",
    { class: `log-line log-${event.kind}`, dataset: { version: event.version ?? "" } },
    version,
    seat === null ? null : seatBadge(seat, 14),
    h("span", { class: "log-text" }, event.text),
  );
}

/**
 * The event log: newest at the bottom, kept scrolled down unless the reader scrolled up.
 * A new connection gets only the newest page of it; `loadOlder(before)` (given by the page)
 * fetches the page before a version, and the button above the log asks for it.
 */
export class LogView {
  constructor(root, loadOlder = null) {
    this.root = root;
    this.loadOlder = loadOlder;
    this.start = 0; // the log holds the events of the moves after this version
    this.more = h("button", { class: "button button-quiet log-older", type: "button", hidden: true, onclick: () => this.older() }, "Show earlier entries");
    root.before(this.more);
  }

  get count() {
    return this.root.children.length;
  }

  nearBottom() {
    const r = this.root;
    return r.scrollHeight - r.scrollTop - r.clientHeight < 40;
  }

  /** Replace the whole log: the first state after a (re)connection carries its newest
   * page, the events of the moves after `from`. */
  reset(events, from = 0) {
    this.root.replaceChildren(...events.map((e) => logLine(e)));
    this.root.scrollTop = this.root.scrollHeight;
    this.setStart(from);
  }

  setStart(from) {
    this.start = from || 0;
    this.more.hidden = !(this.start > 0 && this.loadOlder);
  }

  /** Put the page before the oldest entry shown at the top, keeping the reader's place. */
  async older() {
    if (!this.loadOlder || this.start <= 0 || this.more.disabled) return;
    this.more.disabled = true;
    try {
      const page = await this.loadOlder(this.start);
      if (!page || page.before !== this.start) return; // (the log was reset meanwhile)
      const height = this.root.scrollHeight;
      this.root.prepend(...page.events.map((e) => logLine(e)));
      this.root.scrollTop += this.root.scrollHeight - height;
      this.setStart(page.log_from);
    } finally {
      this.more.disabled = false;
    }
  }

  /** The events of moves after `from` replace whatever the log held for them. */
  replaceFrom(from, events) {
    const stick = this.nearBottom();
    for (const node of [...this.root.children]) {
      if (Number(node.dataset.version) > from) node.remove();
    }
    this.append(events, stick);
  }

  append(events, stick = this.nearBottom()) {
    if (!events.length) return;
    this.root.append(...events.map((e) => logLine(e)));
    if (stick) this.root.scrollTop = this.root.scrollHeight;
  }
}

/** Chat lines, newest at the bottom; sending is left to the page (it owns the socket). */
export class ChatView {
  constructor(root) {
    this.root = root;
  }

  clear() {
    this.root.replaceChildren();
  }

  add(message, table) {
    const stick = this.root.scrollHeight - this.root.scrollTop - this.root.clientHeight < 40;
    const at = message.at ? new Date(message.at) : null;
    const when = at && !Number.isNaN(at.getTime()) ? at.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" }) : "";
    const who = typeof message.seat === "number" ? [seatBadge(message.seat, 14), " ", message.name || seatName(table, message.seat)]
      : [h("span", { class: "muted" }, message.name || "a spectator (watching)")];
    this.root.append(
      h("li", { class: "chat-line" }, h("span", { class: "chat-when" }, when), h("span", { class: "chat-who" }, who), h("span", { class: "chat-text" }, message.text)),
    );
    if (stick) this.root.scrollTop = this.root.scrollHeight;
  }
}

/** "1:05" for 65 seconds; "0:00" once the time is up. */
export function formatClock(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = String(total % 60).padStart(2, "0");
  return `${minutes}:${seconds}`;
}
