// Taking back a half-made move (docs/web.md, "Take-backs"): a movement card turned before
// its district is chosen, an offer being put together, an exchange's rival named before the
// item. The server says when this seat may (`take_back: true` in its own state, only while
// it is to move) and checks the request as it checks a move; the page only offers it.
//
// The button goes beside the decision: after the board's own sentence (`data-prompt`; on
// top of the board where there is none), kept in view while the board scrolls, and in the
// "Your move" card with the choices; on a narrow screen in the dock instead, whose bar is
// always in view. A take-back answers with a `state` that has `reset`,
// so the page redraws from it as after a reconnection.

import { h } from "./dom.js";
import { toast } from "./toast.js";

const TITLE = "Undo your last choice: it was the first half of a move and showed nobody anything";

function button(page, redraw) {
  return h("button", {
    class: "button button-small take-back", type: "button", disabled: page.busy, title: TITLE,
    onclick: () => {
      if (page.busy || !page.state) return;
      if (!page.socket.takeBack(page.state.version)) {
        toast("Not connected: nothing was taken back. Reconnecting…");
        return;
      }
      page.busy = true;
      redraw();
    },
  }, "↶ Take back");
}

/**
 * Draw (or remove) the take-back buttons for the page's state.
 * @param {object} page  the table page (its state, socket, busy flag and dock)
 * @param {HTMLElement} board  the drawn board
 * @param {HTMLElement} card  the "Your move" card
 * @param {() => void} redraw  redraws the moves once the request is on its way
 */
export function drawTakeBack(page, board, card, redraw) {
  for (const old of [...board.querySelectorAll(".take-back-row"), ...card.querySelectorAll(".take-back-row")]) old.remove();
  const shown = Boolean(page.state && page.state.take_back && page.seat !== null);
  page.dock.setExtra(shown ? button(page, redraw) : null);
  if (!shown) return;
  // (a board whose whole drawing holds the sentence, or none, gets the button on top)
  const prompt = board.querySelector("[data-prompt]");
  const row = h("div", { class: "take-back-row" }, button(page, redraw));
  if (prompt && prompt.parentElement !== board) prompt.after(row);
  else board.prepend(row);
  card.querySelector("h2").after(h("div", { class: "take-back-row" }, button(page, redraw)));
}
