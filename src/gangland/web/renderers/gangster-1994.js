// Gangster (1994)'s table: the live prompt for the decision the table waits for (the
// auction above all, and a pending exchange; it stays on screen while you scroll), the
// track with every pawn and each player's panel inside the loop, your own cards, the last
// race with every ticket shown, and each deck's face-down count and used pile; what changed
// since the seat's last turn is marked (parts/g1994-marks.js). Only the
// seat to move gets buttons, each one of its legal actions, and where a space is the
// choice it is clicked on the track. At the end, the final count: every player's sum term by term and the verdict.
//
// The view holds only what this seat may know: until the end other hands are counts by
// category, and an item's value shows only when this seat has seen it ("?" otherwise);
// the final count lays every hand and jewel open. Used cards are public.

import { counted, h, seatLabel } from "../js/dom.js";
import { gather, money } from "./parts/g1994-common.js";
import { exchangeNote, piles, race } from "./parts/g1994-piles.js";
import { track } from "./parts/g1994-track.js";
import { hand, players } from "./parts/g1994-players.js";
import { prompt } from "./parts/g1994-prompt.js";
import { finalCount } from "./parts/g1994-count.js";
import { markChanges } from "./parts/g1994-marks.js";

/** The renderer contract (docs/web.md). */
export function render(root, view, ctx) {
  const g = gather(view, ctx);
  root.append(
    h(
      "div",
      { class: "g94", dataset: { seat: g.seated ? seatLabel(g.me) : "spectator", version: String(ctx.table ? ctx.table.version ?? "" : "") } },
      prompt(g),
      finalCount(g),
      track(g, players(g)),
      h("div", { class: "g94-public" },
        hand(g),
        h("div", { class: "g94-public-part" }, exchangeNote(g), race(g)),
        h("div", { class: "g94-public-part g94-public-wide" }, piles(g))),
    ),
  );
  // The secret passage is answered on the track: its first free space is what the phone's
  // dock brings into view (the prompt marks itself for every other decision of yours).
  const spot = g.view.decision && g.view.decision.kind === "passage" ? root.querySelector(".g94-space.g94-target") : null;
  if (spot) spot.dataset.focus = "";
  markChanges(root, g); // what changed since this seat's last turn
}

/** The end-of-game panel's breakdown (js/endgame.js): each free player's assets, term by
 * term as the final count lays them open, and the men who settle a tie. */
export function final(view) {
  return {
    rows: (view.count || []).map((c, seat) => (c ? {
      seat,
      score: money(c.assets),
      detail: `${money(c.cash)} cash + ${money(c.half)} for the jewels${c.penalty ? ` − ${money(c.penalty)} for ${counted(c.dossiers, "Dossier")}` : ""} · ${counted(c.men, "man", "men")}`,
    } : { seat, score: "in prison", detail: "" })),
  };
}
