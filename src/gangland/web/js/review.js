// The game review in the replay of a finished table (docs/review.md): one seat's decisions
// judged by the search from that seat's own view, made by the server's bot workers.
//
// The panel asks for a review (POST /api/tables/{id}/review), follows it while it is made
// (GET ...?seat=N, once a second, with a progress bar), then draws the expected result
// before each of the seat's decisions as a graph over the moves: a click on a point jumps
// the replay there. The marked decisions are listed under it, and the replay, at a step
// where the reviewed seat decided, shows what it played, the better move found, and draws
// that move on the board as the only one on offer. Under the three costliest, every marked
// decision in the order played.

import { h, s, fill, counted, seatLabel } from "./dom.js";
import { api } from "./api.js";
import { toast } from "./toast.js";

const POLL_MS = 1000;
const MARKS = ["blunder", "mistake", "inaccuracy"];
const PLURAL = { blunder: "blunders", mistake: "mistakes", inaccuracy: "inaccuracies" };

/** "+0.25" for an expected result. */
export function figure(value) {
  return `${value >= 0 ? "+" : "−"}${Math.abs(value).toFixed(2)}`;
}

export class ReviewPanel {
  /**
   * @param {HTMLElement} root  the card to fill
   * @param {{tableId, key, steps: () => number, onJump: (step) => void, onChange: () => void}} opts
   */
  constructor(root, opts) {
    this.root = root;
    this.opts = opts;
    this.seat = null;
    this.status = null;
    this.timer = null;
    this.ticket = 0;
    this.step = 0;
  }

  /** Follow the review of `seat` (null: a spectator's replay, so nobody's). */
  async setSeat(seat) {
    if (seat === this.seat && this.status) return;
    this.seat = seat;
    this.status = null;
    clearTimeout(this.timer);
    this.draw();
    if (seat !== null && seat !== undefined) await this.poll();
  }

  close() {
    clearTimeout(this.timer);
    this.ticket++;
  }

  path() {
    return `/api/tables/${encodeURIComponent(this.opts.tableId)}/review`;
  }

  async poll() {
    const ticket = ++this.ticket;
    const seat = this.seat;
    let status;
    try {
      status = await api(`${this.path()}?seat=${seat}`, undefined, this.opts.key);
    } catch (err) {
      if (ticket === this.ticket) toast(err.message);
      return;
    }
    if (ticket !== this.ticket || seat !== this.seat) return;
    this.update(status);
  }

  async start() {
    const seat = this.seat;
    try {
      this.update(await api(this.path(), { seat }, this.opts.key));
    } catch (err) {
      toast(err.message);
    }
  }

  update(status) {
    this.status = status;
    clearTimeout(this.timer);
    if (status.state === "running") this.timer = setTimeout(() => this.poll(), POLL_MS);
    this.draw();
    this.opts.onChange();
  }

  /** The judged decision made at `step` (the position after that many moves), or null. */
  decisionAt(step) {
    const review = this.status && this.status.review;
    if (!review) return null;
    return review.decisions.find((d) => d.ply === step) || null;
  }

  /** The replay moved to `step`: mark it on the graph. */
  moved(step) {
    this.step = step;
    if (this.cursor) {
      const x = this.x(step);
      this.cursor.setAttribute("x1", String(x));
      this.cursor.setAttribute("x2", String(x));
    }
  }

  x(step) {
    return 4 + (292 * step) / Math.max(1, this.opts.steps());
  }

  draw() {
    this.cursor = null;
    const who = seatLabel(this.seat);
    if (this.seat === null || this.seat === undefined) {
      fill(this.root, h("h2", {}, "Game review"),
        h("p", { class: "muted" }, "Choose a seat under “Seen by” to review its play from its own view."));
      return;
    }
    const status = this.status;
    const head = h("h2", {}, `Game review: ${who}`);
    if (!status) {
      fill(this.root, head, h("p", { class: "muted" }, "…"));
      return;
    }
    if (status.state === "none" || status.state === "partial") {
      const more = status.state === "partial" ? ` (${status.done} of ${status.total} judged so far)` : "";
      fill(this.root, head,
        h("p", { class: "muted" }, `Each of ${who}'s decisions judged by the search from ${who}'s own view at the time${more}.`),
        h("button", { class: "button", type: "button", onclick: () => this.start() },
          status.state === "partial" ? `Carry on reviewing ${who}` : `Review ${who}'s play`));
      return;
    }
    if (status.state === "running") {
      fill(this.root, head,
        h("label", { class: "review-progress" }, `Judging ${who}'s decisions: ${status.done} of ${status.total || "…"}`,
          h("progress", { max: String(Math.max(1, status.total)), value: String(status.done) })),
        this.graph(status.review));
      return;
    }
    const review = status.review;
    const marks = MARKS.map((m) => counted(review.marks[m], m, PLURAL[m])).join(", ");
    const marked = review.decisions.filter((d) => d.mark);
    const worst = [...marked].sort((a, b) => b.cost - a.cost).slice(0, 3);
    const item = (d) => h("li", {},
      h("button", { class: "button button-small button-quiet", type: "button", onclick: () => this.opts.onJump(d.ply) },
        `Move ${d.ply + 1}`),
      h("span", { class: `review-mark review-${d.mark}` }, d.mark), " ",
      h("code", {}, d.played), " for ", h("code", {}, d.best), ` (cost ${d.cost.toFixed(2)})`,
      d.idea ? h("span", { class: "muted" }, `: ${d.idea}`) : null);
    fill(this.root, head,
      h("p", { class: "review-summary" },
        `Accuracy ${Math.round(review.accuracy * 100)}% (decisions with no mark); ${marks}. `,
        `Result ${figure(review.result)}.`,
        review.typical ? h("span", { class: "review-typical" }, ` Typical mistake: ${review.typical}.`) : null),
      this.graph(review),
      worst.length
        ? h("ol", { class: "review-marks" }, worst.map(item))
        : h("p", { class: "muted" }, "No decision was marked."),
      // Every marked decision in the order played, the move list of the review.
      marked.length > worst.length
        ? h("details", { class: "review-all" },
          h("summary", {}, `All ${counted(marked.length, "marked decision", "marked decisions")}, in order`),
          h("ol", { class: "review-marks" }, marked.map(item)))
        : null,
      h("p", { class: "muted review-scale" },
        "Expected result on the search's scale: +1 a sure win, 0 level with the best rival. ",
        `${status.budget.iterations} search iterations and ${status.budget.samples} playouts a decision.`));
  }

  /** The expected result before each judged decision, over the moves of the game. */
  graph(review) {
    const decisions = (review && review.decisions) || [];
    const y = (v) => 60 - 52 * Math.max(-1, Math.min(1, v));
    const points = decisions.map((d) => `${this.x(d.ply).toFixed(1)},${y(d.best_value).toFixed(1)}`).join(" ");
    this.cursor = s("line", { class: "review-cursor", x1: this.x(this.step), x2: this.x(this.step), y1: 4, y2: 116 });
    const dots = decisions.map((d) => {
      const dot = s("circle", {
        class: `review-dot${d.mark ? ` review-${d.mark}` : ""}`, cx: this.x(d.ply), cy: y(d.best_value),
        r: d.mark ? 3.6 : 2.2, tabindex: d.mark ? 0 : null, role: "button",
        onclick: () => this.opts.onJump(d.ply),
        onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); this.opts.onJump(d.ply); } },
      }, s("title", {}, `Move ${d.ply + 1}: ${d.played}${d.best !== d.played ? `, best ${d.best}` : ""} (${figure(d.best_value)})${d.mark ? `, ${d.mark}` : ""}`));
      return dot;
    });
    return s("svg", { class: "review-graph", viewBox: "0 0 300 120", role: "img",
      "aria-label": "expected result before each decision, over the moves of the game" },
    s("line", { class: "review-axis", x1: 4, x2: 296, y1: 60, y2: 60 }),
    s("text", { class: "review-label", x: 6, y: 14 }, "+1"),
    s("text", { class: "review-label", x: 6, y: 116 }, "−1"),
    points ? s("polyline", { class: "review-line", points }) : null,
    this.cursor, dots);
  }
}
