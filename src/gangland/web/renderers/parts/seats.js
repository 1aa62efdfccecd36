// How a board names a seat, shared by the game renderers: in a sentence ("you", "P2 Bob")
// and as a header tag (badge, label, name, a "you" mark). `g` is a renderer's gathered
// context: it needs `me` (this page's seat or null) and `ctx.names`.

import { h, seatLabel } from "../../js/dom.js";
import { seatBadge } from "../../js/colors.js";

/** "P2 Bob" (or "you"), as a sentence names a seat. */
export function seatText(g, seat, you = true) {
  if (you && seat === g.me) return "you";
  const name = g.ctx.names && g.ctx.names[seat];
  return `${seatLabel(seat)}${name ? ` ${name}` : ""}`;
}

/** A seat's badge and name, for headers; `cls` is the game's class for the tag. */
export function seatTag(g, seat, cls) {
  const name = g.ctx.names && g.ctx.names[seat];
  return h(
    "span",
    { class: cls },
    seatBadge(seat, 20),
    h("strong", {}, ` ${seatLabel(seat)}`),
    name ? ` ${name}` : "",
    seat === g.me ? [" ", h("span", { class: "badge badge-you" }, "you")] : null,
  );
}
