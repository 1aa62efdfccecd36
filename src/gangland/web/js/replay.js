// The replay viewer of a finished table: any step, as any seat (or a spectator) saw it.
//
// Each step is asked of the server (GET /api/tables/{id}/replay?seat=N&step=K), which
// rebuilds it from the nearest checkpoint of its record; the viewer draws the answer with the game's renderer
// and the generic view, exactly as the live table would have shown it to that seat.

import { h, s, fill, seatLabel } from "./dom.js";
import { api } from "./api.js";
import { seatColors } from "./colors.js";
import { drawBoard } from "./board.js";
import { renderView } from "./viewtree.js";
import { seatName, logLine } from "./sidebar.js";
import { toast } from "./toast.js";
import { ReviewPanel, figure } from "./review.js";

/** Step buttons drawn in SVG (symbol fonts are not on every machine). */
function icon(kind) {
  const shapes = {
    first: [s("rect", { x: 2, y: 2, width: 2.5, height: 12 }), s("polygon", { points: "14,2 5,8 14,14" })],
    back: [s("polygon", { points: "12,2 3,8 12,14" })],
    on: [s("polygon", { points: "4,2 13,8 4,14" })],
    last: [s("polygon", { points: "2,2 11,8 2,14" }), s("rect", { x: 11.5, y: 2, width: 2.5, height: 12 })],
  };
  return s("svg", { width: 14, height: 14, viewBox: "0 0 16 16", fill: "currentColor", "aria-hidden": "true" }, shapes[kind]);
}

export class ReplayViewer {
  /**
   * @param {HTMLElement} root  the section to fill
   * @param {{tableId, table, seat, key, renderer, clientData, onClose}} opts
   */
  constructor(root, opts) {
    this.root = root;
    this.opts = opts;
    this.seat = opts.seat;
    this.step = 0;
    this.steps = null;
    this.request = 0;
    this.keys = (event) => this.onKey(event);
    this.build();
  }

  build() {
    const { table } = this.opts;
    const choices = [h("option", { value: "" }, "a spectator")];
    for (const info of table.seats) {
      choices.push(h("option", { value: String(info.seat), selected: info.seat === this.seat }, `${seatLabel(info.seat)} ${seatName(table, info.seat)}`));
    }
    this.select = h("select", { "aria-label": "whose view to replay" }, choices);
    this.select.addEventListener("change", () => {
      this.seat = this.select.value === "" ? null : Number(this.select.value);
      this.review.setSeat(this.seat);
      this.load(this.step);
    });
    const nav = (icon, title, to) => h("button", { class: "button", type: "button", title, "aria-label": title, onclick: () => this.load(to()) }, icon);
    this.counter = h("span", { class: "replay-counter" }, "…");
    this.slider = h("input", { type: "range", min: 0, max: 0, value: 0, class: "replay-slider", "aria-label": "step" });
    this.slider.addEventListener("input", () => this.load(Number(this.slider.value)));
    this.actionLine = h("p", { class: "replay-action" });
    this.board = h("div", { class: "board" });
    this.view = h("div", {});
    this.events = h("ol", { class: "log" });
    this.reviewCard = h("section", { class: "card review-card", "aria-label": "game review" });
    this.review = new ReviewPanel(this.reviewCard, {
      tableId: this.opts.tableId, key: this.opts.key, steps: () => this.steps ?? 0,
      onJump: (step) => this.load(step), onChange: () => this.answer && this.show(this.answer),
    });
    fill(
      this.root,
      h(
        "div",
        { class: "card replay-bar" },
        h("button", { class: "button", type: "button", onclick: () => this.opts.onClose() }, "← Back to the table"),
        h("label", { class: "replay-seat" }, "Seen by ", this.select),
        h(
          "div",
          { class: "replay-nav" },
          nav(icon("first"), "first step (Home)", () => 0),
          nav(icon("back"), "one step back (←)", () => this.step - 1),
          this.counter,
          nav(icon("on"), "one step on (→)", () => this.step + 1),
          nav(icon("last"), "last step (End)", () => this.steps ?? 0),
        ),
        this.slider,
      ),
      this.actionLine,
      h(
        "div",
        { class: "table-layout" },
        h("section", { class: "board-col" }, this.board, h("details", { class: "card view-card", open: !this.opts.renderer }, h("summary", {}, h("h2", {}, "The view at this step")), this.view)),
        h("aside", { class: "side-col" }, this.reviewCard, h("section", { class: "card log-card" }, h("h2", {}, "This step's events"), this.events)),
      ),
    );
  }

  open() {
    document.addEventListener("keydown", this.keys);
    this.review.setSeat(this.seat);
    this.load(this.step);
  }

  close() {
    document.removeEventListener("keydown", this.keys);
    this.review.close();
  }

  onKey(event) {
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
    const moves = { ArrowLeft: this.step - 1, ArrowRight: this.step + 1, Home: 0, End: this.steps ?? 0 };
    if (event.key in moves) {
      event.preventDefault();
      this.load(moves[event.key]);
    }
  }

  async load(step) {
    const last = this.steps ?? Infinity;
    const target = Math.max(0, Math.min(step, last));
    const ticket = ++this.request;
    const query = new URLSearchParams({ step: String(target) });
    if (this.seat !== null && this.seat !== undefined) query.set("seat", String(this.seat));
    let answer;
    try {
      answer = await api(`/api/tables/${encodeURIComponent(this.opts.tableId)}/replay?${query}`, undefined, this.opts.key);
    } catch (err) {
      if (ticket === this.request) toast(err.message);
      return;
    }
    if (ticket !== this.request) return; // a later step was asked for meanwhile
    this.show(answer);
  }

  show(answer) {
    const { table, renderer, clientData } = this.opts;
    this.answer = answer;
    this.step = answer.step;
    this.review.moved(answer.step);
    // The reviewed seat decided here: what it played, the better move found, and that move
    // offered on the board as the one legal move (nothing happens when it is clicked).
    const judged = this.review.seat === this.seat ? this.review.decisionAt(answer.step) : null;
    this.steps = answer.steps;
    this.slider.max = String(answer.steps);
    this.slider.value = String(answer.step);
    this.counter.textContent = `step ${answer.step} of ${answer.steps}`;
    fill(
      this.actionLine,
      answer.step === 0
        ? "The table as it was dealt."
        : [h("span", { class: "muted" }, `Move ${answer.step}: `), h("code", {}, answer.action || "")],
      judged ? reviewNote(judged) : null,
    );
    // replay: nothing can be done from here (no arrest to prepare, no move to pick);
    // lastEvents: this step's, so what it changed is marked as at the live table.
    const ctx = {
      seat: this.seat, legal: judged ? [{ text: judged.best, label: "the better move found" }] : [],
      act: () => {}, clientData: clientData || {}, table,
      names: table.seats.map((x) => seatName(table, x.seat)), colors: seatColors(table.players),
      replay: true, lastEvents: answer.events || [], columns: renderer && renderer.columns,
    };
    drawBoard(this.board, renderer, answer.view, ctx);
    fill(this.view, renderView(answer.view, ctx));
    const events = answer.events || [];
    fill(
      this.events,
      events.length
        ? events.map(logLine)
        : h("li", { class: "muted" }, "Nothing to see."),
    );
  }
}

/** What the review found at a decision of the reviewed seat. */
function reviewNote(d) {
  const played = h("code", {}, d.played);
  if (d.best === d.played) {
    return h("span", { class: "review-note" }, " Next, ", played, `: the best move the review found (${figure(d.best_value)}).`);
  }
  return h("span", { class: `review-note${d.mark ? ` review-${d.mark}` : ""}` },
    " Next, ", played, ` (${figure(d.played_value)}); the review's better move, drawn on the board: `,
    h("code", {}, d.best), ` (${figure(d.best_value)}, cost ${d.cost.toFixed(2)} ± ${d.cost_error.toFixed(2)})`,
    d.mark ? `: a ${d.mark}${d.idea ? `, ${d.idea}` : ""}.` : ".");
}
