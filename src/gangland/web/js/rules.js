// The rules at the table: the rules of the decision at hand and the game in brief, in a
// dialog the table page opens over the board, so a newcomer never leaves the game to look
// a rule up. A button by the banner opens it, and one in the phone's dock.
//
// Both texts come from the server: the game's summary in the welcome (`rules`, the same as
// `gangland rules GAME`), and, for the seat to move only, the rules of the verbs among its
// legal moves in each state (`decision_rules`, from `State.decision_rules()`). Nothing here
// knows a game.

import { h, fill } from "./dom.js";

/**
 * A summary written for an 80-column terminal, as paragraphs for any width: the lines of
 * a block that share an indentation are one paragraph (rewrapped by the browser), and a
 * deeper or shallower line, or a list item, starts the next, indented as it was. A line
 * laid out in two columns ("arrest S W P M  name all four elements") starts a paragraph
 * whose first column is its term, set in bold, and the lines under its second column go
 * on with it.
 */
export function paragraphs(text) {
  const out = [];
  for (const block of String(text || "").split(/\n\s*\n/)) {
    let current = null;
    for (const raw of block.split("\n")) {
      if (!raw.trim()) continue;
      const indent = raw.length - raw.trimStart().length;
      const line = raw.trim();
      const columns = line.match(/^(\S.*?\S) {2,}(\S.*)$/);
      // (a two-column line's text goes on under its second column)
      const goesOn = current && !columns && !/^[-*•] /.test(line)
        && (current.indent === indent || current.column === indent);
      if (goesOn) {
        current.text += ` ${line}`;
      } else {
        const column = columns ? raw.indexOf(columns[2], indent + columns[1].length) : null;
        current = columns ? { indent, column, term: columns[1], text: columns[2] } : { indent, text: line };
        out.push(current);
      }
    }
    if (out.length) out[out.length - 1].ends = true;
  }
  return out.map((p) => h("p", { class: `rules-p rules-indent-${Math.min(3, Math.ceil(p.indent / 3))}${p.ends ? " rules-end" : ""}` },
    p.term ? [h("strong", { class: "rules-term" }, p.term), " "] : null, p.text));
}

export class RulesPanel {
  /**
   * @param {HTMLDialogElement} dialog  the dialog (table.html #rules-dialog)
   * @param {HTMLElement[]} openers  the buttons that open it
   */
  constructor(dialog, openers) {
    this.dialog = dialog;
    this.openers = openers;
    this.decision = dialog.querySelector("#rules-decision");
    this.game = dialog.querySelector("#rules-game");
    for (const button of openers) button.addEventListener("click", () => this.open());
    dialog.querySelector("#rules-close").addEventListener("click", () => dialog.close());
    // a click on the backdrop (outside the dialog's box) closes it too
    dialog.addEventListener("click", (event) => {
      if (event.target === dialog) dialog.close();
    });
    this.setGame("");
    this.setDecision([], false);
  }

  /** The game's rules in brief (the welcome's `rules`). */
  setGame(text) {
    fill(this.game, text ? paragraphs(text) : h("p", { class: "muted" }, "The rules are on their way."));
    for (const button of this.openers) button.hidden = !text;
  }

  /** The rules of the decision at hand: given to the seat to move only. */
  setDecision(rules, mine) {
    const list = mine ? rules || [] : [];
    this.decision.hidden = !list.length;
    fill(this.decision, h("h3", {}, "Your decision now"), list.map((text) => h("p", { class: "rules-p" }, text)));
    for (const button of this.openers) {
      button.title = list.length ? "the rules of the decision you are making, and the game in brief" : "the game's rules in brief";
    }
  }

  open() {
    if (!this.dialog.open) this.dialog.showModal();
    this.dialog.scrollTop = 0;
  }
}
