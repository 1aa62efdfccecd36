// Invite links: one per human seat still to be taken, each with a copy button. The lobby
// shows them right after creating a table, the table page while the table is open.

import { h, seatLabel } from "./dom.js";
import { seatBadge } from "./colors.js";
import { toast } from "./toast.js";

async function copy(text, input) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    input.select();
    return document.execCommand("copy");
  }
}

function linkItem(url, mark, label, what) {
  const input = h("input", { class: "invite-url", readonly: true, value: url, "aria-label": what });
  input.addEventListener("focus", () => input.select());
  const button = h("button", {
    class: "button", type: "button",
    onclick: async () => {
      const done = await copy(url, input);
      toast(done ? `The ${what} is copied.` : "Select the link and copy it by hand.", done ? "ok" : "info", 2500);
    },
  }, "Copy");
  return h("li", { class: "invite" }, mark, h("strong", {}, label), input, button);
}

/** A list item: the seat's mark, its link (full address) and a copy button. */
export function inviteItem(invite) {
  const url = new URL(invite.url, location.origin).href;
  return linkItem(url, seatBadge(invite.seat, 20), seatLabel(invite.seat), `invite link for ${seatLabel(invite.seat)}`);
}

/** An invite-only table's watch link: whoever opens it watches (as a spectator). */
export function watchItem(url) {
  return linkItem(url, h("span", { class: "badge badge-watch" }, "watch"), "Spectators", "watch link");
}
