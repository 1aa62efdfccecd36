// Gangster (1994): what the moves since the seat's last turn changed (ctx.lastEvents),
// marked on the board once it is drawn: the pawn that moved and the spaces it left and
// reached, the cash that changed hands, the pearls and diamonds bought, sold or exchanged,
// the cards taken (the player's counts) and the used piles they went to, the race run.
// Every mark comes from an event's public data (docs/web.md); an event addressed to this
// seat only (a card's value) reaches only this seat anyway.

import { markAll } from "../../js/marks.js";

/** An event's item word (pearl/diamond) as the view's key. */
const ITEM = { pearl: "perle", diamond: "diamant", perle: "perle", diamant: "diamant" };
/** The events that put a card of a deck in the player's hand, by kind. */
const TAKEN = { recruit: "recrutement", ticket: "course", dossier: "dossier" };

/** The selectors of what the marked events changed. */
export function changedParts(g) {
  const found = new Set();
  const player = (seat, part = "") => {
    if (Number.isInteger(seat)) found.add(`.g94-player[data-seat="${seat}"]${part ? ` ${part}` : ""}`);
  };
  const space = (n) => {
    if (Number.isInteger(n)) found.add(`.g94-space[data-space="${n}"]`);
  };
  const pile = (deck) => {
    if (deck) found.add(`.g94-pile[data-deck="${deck}"]`);
  };
  for (const e of g.ctx.lastEvents || []) {
    const d = e.data || {};
    const card = Number.isInteger(d.card) ? g.card(d.card) : null;
    switch (e.kind) {
      case "move":
        space(d.from);
        space(d.to);
        if (Number.isInteger(d.seat)) found.add(`.g94-pawn[data-seat="${d.seat}"]`);
        break;
      case "gain":
      case "pay":
        player(d.seat, ".g94-cash");
        break;
      case "item":
      case "sell":
        player(d.seat, `.g94-items[data-kind="${ITEM[d.kind] || d.kind}"]`);
        if (e.kind === "sell") pile(ITEM[d.kind]);
        break;
      case "exchange":
        for (const seat of [d.seat, d.with]) player(seat, `.g94-items[data-kind="${ITEM[d.kind] || d.kind}"]`);
        found.add(".g94-last-exchange");
        break;
      case "card":
      case "alibi":
        pile(d.deck || (card && card.deck));
        if (e.kind === "alibi" || (card && card.star)) player(d.seat, '.g94-count[data-deck="aventure"]');
        break;
      case "star":
        player(d.seat, `.g94-count[data-deck="${d.deck}"]`);
        break;
      case "caught":
        pile("justice");
        break;
      case "race":
        found.add(".g94-race");
        pile("course");
        break;
      case "reshuffle":
        pile(d.deck);
        break;
      case "protect":
        player(d.seat, '.g94-count[data-deck="protection"]');
        pile("protection");
        break;
      case "prison":
        player(d.seat);
        break;
      default:
        if (TAKEN[e.kind]) player(d.seat, `.g94-count[data-deck="${TAKEN[e.kind]}"]`);
        if (e.kind === "ticket") found.add(".g94-race-left");
    }
  }
  return found;
}

/** Mark on the drawn board (`root`) what the marked events changed. */
export function markChanges(root, g) {
  for (const selector of changedParts(g)) markAll(root, selector, g.ctx);
}
