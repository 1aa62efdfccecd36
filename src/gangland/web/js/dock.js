// The dock: on a narrow screen, a bar pinned to the bottom of the table page with what the
// table waits for (whose turn, the game's prompt, the moves when they are few) and the
// latest event, which opens the whole log as a drawer.
//
// On a phone the board alone is taller than the screen, and the sidebar (the log) comes
// after it: without the dock a player who taps a card sees neither the question it leads
// to nor what just happened. The CSS shows the dock only where the sidebar is not beside
// the board (css/gangland.css, "the dock"); it is kept up to date at every width, which
// costs little, so a rotated phone needs nothing redrawn.
//
// Renderers take part through two attributes (docs/web.md): `data-prompt` on any element
// of the board holds the decision in a sentence, and `data-focus` marks what the decision
// is about (the map's targets, the cards to tap), brought into view when it becomes yours.

import { h, fill, titleCase } from "./dom.js";

const NARROW = "(max-width: 1000px)"; // where the side column goes below the board
const FEW = 10; // this many moves or fewer are buttons in the dock (one row, swiped); more: a link

export class Dock {
  /**
   * @param {HTMLElement} root  the dock (table.html #dock)
   * @param {HTMLElement} logCard  the log's card, which becomes the drawer
   * @param {HTMLElement} log  the log's list
   */
  constructor(root, logCard, log) {
    this.root = root;
    this.logCard = logCard;
    this.log = log;
    this.status = h("strong", { class: "dock-status" });
    this.clock = h("span", { class: "clock dock-clock", hidden: true });
    this.prompt = h("span", { class: "dock-prompt", hidden: true });
    this.actions = h("div", { class: "dock-actions", hidden: true });
    this.extra = h("div", { class: "dock-extra", hidden: true }); // (a take-back: js/takeback.js)
    this.last = h("span", { class: "dock-last" }, "Nothing has happened yet.");
    this.toggle = h("button", {
      class: "dock-log", type: "button", "aria-controls": logCard.id, "aria-expanded": "false",
      title: "the whole log", onclick: () => this.openLog(!this.isOpen),
    }, h("span", { class: "dock-log-label" }, "Log ▴"), this.last);
    // the rules at the table (js/rules.js opens them: the page hands it this button)
    this.rules = h("button", { class: "button button-small button-quiet dock-rules", type: "button", hidden: true, "aria-haspopup": "dialog" }, "Rules");
    // (whose turn and the game's sentence share one paragraph: the dock stays low)
    this.setStatus("Connecting…", "wait");
    fill(root, h("div", { class: "dock-head" }, h("p", { class: "dock-text" }, this.status, " ", this.prompt), this.extra, this.clock, this.rules), this.actions, this.toggle);
    this.focused = null; // the version whose decision was last brought into view
    document.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && this.isOpen) this.openLog(false);
    });
    // The page keeps room for the dock below its content, and scrolling into view keeps
    // clear of it (scroll-padding), so nothing the player needs stays hidden under it.
    new ResizeObserver(() => this.measure()).observe(root);
  }

  /** Tell the page how tall the dock is (0 where it does not show). */
  measure() {
    const height = this.root.hidden ? 0 : this.root.offsetHeight;
    document.documentElement.style.setProperty("--dock-h", `${height}px`);
  }

  get narrow() {
    return window.matchMedia(NARROW).matches;
  }

  get isOpen() {
    return document.body.classList.contains("log-open");
  }

  /** Open or close the log drawer; opened, it shows its newest entries. */
  openLog(open) {
    document.body.classList.toggle("log-open", open);
    this.toggle.setAttribute("aria-expanded", String(open));
    this.toggle.firstChild.textContent = open ? "Log ▾" : "Log ▴";
    if (open) this.log.scrollTop = this.log.scrollHeight;
  }

  /** The banner's sentence and its kind (mine, wait, won, over), as the banner has them. */
  setStatus(text, kind) {
    this.status.textContent = text;
    this.root.className = `dock dock-${kind}`;
  }

  setClock(text, low) {
    this.clock.hidden = !text;
    this.clock.textContent = text || "";
    this.clock.classList.toggle("clock-low", Boolean(low));
  }

  /** The game's prompt, read off the board the renderer just drew. */
  setPrompt(board) {
    const node = board.querySelector("[data-prompt]");
    const text = node ? node.dataset.prompt : "";
    this.prompt.hidden = !text;
    this.prompt.textContent = text || "";
  }

  /** The moves as buttons when they are few; otherwise one button that leads to them. */
  setActions(legal, act, busy, card) {
    this.actions.hidden = !legal.length;
    if (!legal.length) {
      this.actions.replaceChildren();
      return;
    }
    const buttons = legal.length <= FEW
      ? legal.map((a) => h("button", {
        class: "button button-small dock-action", type: "button", disabled: busy, title: a.label || a.text,
        dataset: { action: a.text }, onclick: () => act(a.text),
      }, titleCase(a.text)))
      : [h("button", {
        class: "button button-small dock-more", type: "button",
        onclick: () => card.scrollIntoView({ behavior: "smooth", block: "start" }),
      }, `All ${legal.length} moves ↓`)];
    fill(this.actions, buttons);
  }

  /** A control that goes with the decision, beside its sentence (or none). */
  setExtra(node) {
    this.extra.hidden = !node;
    this.extra.replaceChildren(...(node ? [node] : []));
  }

  /** The newest entry of the log, in one line. */
  setLast() {
    const line = this.log.lastElementChild;
    const text = line ? line.querySelector(".log-text") : null;
    this.last.textContent = text ? text.textContent : "Nothing has happened yet.";
  }

  /**
   * A decision that just became yours: bring what it is about into view (on a narrow
   * screen only; a wide one shows the board whole), once per decision, and only as far
   * as needed, so a player already looking at it is not moved.
   */
  focus(board, version, mine) {
    if (!mine || version === this.focused) return;
    const node = board.querySelector("[data-focus]");
    if (!node) return; // (not drawn yet, or nothing to show: a later redraw may have it)
    this.focused = version;
    if (!this.narrow) return;
    this.measure(); // (the dock was just redrawn: its height may not be known to the page yet)
    node.scrollIntoView({ block: "nearest" });
  }

  /** The replay hides the live table, and the dock with it. */
  show(on) {
    this.root.hidden = !on;
    if (!on) this.openLog(false);
  }
}
