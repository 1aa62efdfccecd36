// Gangsters: the movement choices of the seat to move, read off its legal action texts.
// `move KIND SPACE FACING STATUS`, `wheels ...` (the same piece, with Wheels),
// `public K SPACE FACING` and `cop C SPACE FACING` each end a piece on a space; the map lets
// a person click the piece, then one of its highlighted ends, then pick a facing and side.

const FACE_WORD = { north: "facing north", east: "facing east", south: "facing south", west: "facing west", inside: "inside" };

/** The piece an action text moves and where it ends, or null for any other action. */
export function parseMove(text) {
  const w = text.split(" ");
  if ((w[0] === "move" || w[0] === "wheels") && w.length === 5) {
    return { key: `gang:${w[1]}`, verb: w[0], token: w[2], facing: w[3], status: w[4], text };
  }
  if (w[0] === "public" && w.length === 4) return { key: `public:${w[1]}`, verb: w[0], token: w[2], facing: w[3], status: null, text };
  if (w[0] === "cop" && w.length === 4) return { key: `cop:${w[1]}`, verb: w[0], token: w[2], facing: w[3], status: null, text };
  return null;
}

/** key -> Map(end token -> [move]), in the order of the legal actions. */
export function movementChoices(legal) {
  const pieces = new Map();
  for (const text of legal) {
    const m = parseMove(text);
    if (!m) continue;
    if (!pieces.has(m.key)) pieces.set(m.key, new Map());
    const ends = pieces.get(m.key);
    if (!ends.has(m.token)) ends.set(m.token, []);
    ends.get(m.token).push(m);
  }
  return pieces;
}

/** The piece a key names in the view: where it stands and what to call it. */
export function pieceOfKey(view, key) {
  const [type, id] = key.split(":");
  if (type === "gang") {
    const gang = view.gangs[view.to_move];
    const piece = gang ? gang.pieces.find((p) => p.kind === id) : null;
    if (!piece) return null;
    const name = `${id.charAt(0).toUpperCase()}${id.slice(1)}${id === "vamp" ? "" : ` ${piece.strength}`}`;
    return { at: piece.at, name };
  }
  if (type === "public") {
    const pub = view.public[Number(id) - 1];
    return pub ? { at: pub.at, name: `Public piece ${id} (×${pub.strength})` } : null;
  }
  const cop = view.cops.find((c) => String(c.cop) === id);
  return cop ? { at: cop.at, name: `Cop ${id}` } : null;
}

/** "Facing north, criminal side up (with Wheels)". */
export function choiceLabel(m) {
  const parts = [FACE_WORD[m.facing] || m.facing];
  if (m.status) parts.push(m.status === "criminal" ? "criminal side up" : "citizen side up");
  let label = parts.join(", ");
  label = label.charAt(0).toUpperCase() + label.slice(1);
  return m.verb === "wheels" ? `${label} (with Wheels)` : label;
}
