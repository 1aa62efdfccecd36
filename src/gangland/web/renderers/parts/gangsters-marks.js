// Gangsters: what the moves since the seat's last turn changed (ctx.lastEvents), marked on
// the board once it is drawn: each piece that moved (gang pieces, cops, public pieces) and
// the spaces it left and reached, the joints bought, improved, sold, traded or cut down
// (raids, the police's arrests), the shootouts' spaces and every piece their hits struck
// (its strength in the gang's panel too), cash that changed hands, gear and the dice.
//
// Events name spaces by id, and client_data's `spaces` come in id order: `spaces[id]` is
// the space whose token the drawing carries (`data-token`). A piece is `seat:kind` for a
// gang piece (piece id p: seat p / 3, kind p % 3), `cop:N` for Cop N, `public:k+1`.

import { markAll } from "../../js/marks.js";

const KINDS = ["racketeer", "thug", "vamp"];
const PIECE = 0; // a shootout unit that is a gang piece (shootout.py's units)

/** The selectors of what the marked events changed. */
export function changedParts(g) {
  const found = new Set();
  const space = (id) => {
    const sp = Number.isInteger(id) && id >= 0 ? (g.cd.spaces || [])[id] : null;
    if (!sp) return;
    const token = CSS.escape(sp.token);
    found.add(`.gst-building[data-token="${token}"]`);
    found.add(`.gst-street[data-token="${token}"]`);
  };
  const piece = (p) => {
    if (!Number.isInteger(p) || p < 0) return;
    const seat = Math.floor(p / 3);
    const kind = KINDS[p % 3];
    found.add(`.gst-piece[data-piece="${seat}:${kind}"]`);
    found.add(`.gst-panel[data-seat="${seat}"] li[data-kind="${kind}"]`);
  };
  const panel = (seat, part) => {
    if (Number.isInteger(seat)) found.add(`.gst-gangs [data-seat="${seat}"] ${part}`);
  };
  for (const e of g.ctx.lastEvents || []) {
    const d = e.data || {};
    switch (e.kind) {
      case "move":
        piece(d.piece);
        space(d.from);
        space(d.space);
        break;
      case "public":
      case "public-cup":
        if (Number.isInteger(d.public)) found.add(`.gst-piece[data-piece="public:${d.public + 1}"]`);
        space(d.from);
        space(d.space);
        break;
      case "cop":
      case "patrol":
      case "donut":
      case "transfer":
      case "cop-cup":
        if (Number.isInteger(d.cop)) found.add(`.gst-piece[data-piece="cop:${d.cop}"]`);
        if (Number.isInteger(d.new)) found.add(`.gst-piece[data-piece="cop:${d.new}"]`);
        space(d.from);
        space(d.space);
        break;
      case "enter":
      case "recruit":
      case "strength":
      case "removed":
      case "hit":
        piece(d.piece);
        break;
      case "seduce":
        piece(d.victim);
        break;
      case "fire":
        if (Array.isArray(d.unit) && d.unit[0] === PIECE) piece(d.unit[1]);
        break;
      case "shootout":
        space(d.space);
        break;
      case "joint":
      case "improve":
      case "sell":
      case "joint-lost":
      case "raid":
        space(d.building);
        panel(d.seat, ".gst-joints");
        break;
      case "trade":
        for (const seat of [d.seat, d.with]) {
          panel(seat, ".gst-joints");
          panel(seat, ".gst-cash");
        }
        break;
      case "gain":
      case "pay":
      case "cash":
        panel(d.seat, ".gst-cash");
        break;
      case "gear":
        panel(d.seat, ".gst-gear");
        break;
      case "dice":
        found.add(".gst-dice");
        break;
      default:
    }
  }
  return found;
}

/** Mark on the drawn board (`root`) what the marked events changed. A marked space is
 * drawn last of the city (under the pieces still), so no neighbour hides its glow. */
export function markChanges(root, g) {
  for (const selector of changedParts(g)) markAll(root, selector, g.ctx);
  for (const space of root.querySelectorAll(".gst-city > .mark")) space.parentNode.append(space);
}
