// Gangster (1994): what this page saw happen between two redraws, where the view keeps no
// trace of it. The view lists used piles sorted by card number (so which card was used last
// is not in it), and forgets an exchange once made (`decision.trade` is then null). From
// one state to the next on a live page (the table's version going up) the new card of a
// used pile is the latest one, and a pending exchange ("give") that is gone was made.
// Anything else (a first load, a replay stepping back and forth) forgets: nothing is shown
// rather than something wrong.

const memory = { table: null, version: -1, key: "", used: null, latest: new Map(), exchange: null, pending: null };

function usedSets(view) {
  return new Map(Object.entries(view.used || {}).map(([d, cards]) => [d, new Set(cards)]));
}

function pendingTrade(view) {
  const d = view.decision;
  if (view.terminal || !d || d.kind !== "give" || d.trade === null || d.trade === undefined) return null;
  return { seat: d.player, with: d.trade, kind: d.sold === 1 ? "diamant" : "perle" };
}

/** The latest card seen to reach each used pile, and the last exchange seen made. */
export function remember(view, ctx) {
  const table = ctx.table ? ctx.table.id : null;
  const version = ctx.table && Number.isFinite(ctx.table.version) ? ctx.table.version : -1;
  const key = JSON.stringify([view.used, view.decision, view.turn]);
  const forget = table !== memory.table || version < memory.version || (version === memory.version && key !== memory.key);
  if (forget) {
    memory.latest = new Map();
    memory.exchange = null;
  } else if (version > memory.version && memory.used) {
    for (const [d, cards] of Object.entries(view.used || {})) {
      const before = memory.used.get(d) || new Set();
      if (cards.length < before.size) memory.latest.delete(d); // shuffled back into the deck
      const added = cards.filter((c) => !before.has(c));
      if (added.length) memory.latest.set(d, added[added.length - 1]);
    }
    const now = pendingTrade(view);
    if (memory.pending && JSON.stringify(now) !== JSON.stringify(memory.pending)) memory.exchange = memory.pending;
  }
  memory.table = table;
  memory.version = version;
  memory.key = key;
  memory.used = usedSets(view);
  memory.pending = pendingTrade(view);
  return { latest: memory.latest, exchange: memory.exchange };
}
