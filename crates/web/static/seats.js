// The seats this browser holds: the secret token of each side it may play, per game, kept in
// localStorage (never shown, never in a link). Creating a game or taking a seat with an invitation
// gives a token; a page without one only watches.

const KEY = "cavalo-seats";

/** @typedef {import("./types/wire").Side} Side */
/** @typedef {import("./types/wire").GameState} GameState */
/** @typedef {import("./state.js").Seats} Seats */

/**
 * Every game's seats this browser holds, by game id.
 * @returns {Record<string, Seats>}
 */
function all() {
  try {
    return JSON.parse(localStorage.getItem(KEY) || "null") || {};
  } catch {
    return {};
  }
}

/** @param {Record<string, Seats>} seats */
function write(seats) {
  try {
    localStorage.setItem(KEY, JSON.stringify(seats));
  } catch {
    // Storage full or refused: the seats last as long as the page.
  }
}

/**
 * The seats held in game `id`: `{white: {token, claimed}, black: …}`.
 * @param {string} id
 * @returns {Seats}
 */
export function held(id) {
  return all()[id] || {};
}

/**
 * Keeps the `tokens` (`{side: token}`) of game `id`; `claimed` when taken with an invitation.
 * @param {string} id
 * @param {Partial<Record<string, string>>} tokens
 */
export function keep(id, tokens, claimed = false) {
  const seats = all();
  const game = seats[id] || {};
  for (const [side, token] of Object.entries(tokens || {})) {
    if (token !== undefined && (side === "white" || side === "black")) game[side] = { token, claimed };
  }
  seats[id] = game;
  write(seats);
}

/**
 * Forgets a side's seat of game `id` (handed over), or all of them.
 * @param {string} id
 * @param {Side | null} [side]
 */
export function forget(id, side = null) {
  const seats = all();
  if (side && seats[id]) delete seats[id][side];
  if (!side || Object.keys(seats[id] || {}).length === 0) delete seats[id];
  write(seats);
}

/** The most seat tokens sent for the list of games (the server refuses more). */
const MAX_LISTED = 200;

/** The tokens of every seat held, the most recently kept last (at most MAX_LISTED of them). */
export function allTokens() {
  const tokens = Object.values(all()).flatMap((game) => Object.values(game).map((seat) => seat && seat.token));
  return tokens.filter((t) => typeof t === "string" && /^[A-Za-z0-9_-]{1,128}$/.test(t)).slice(-MAX_LISTED);
}

/**
 * The token of `side` in game `id`, or null.
 * @param {string} id
 * @param {Side | null} side
 * @returns {string | null}
 */
export function token(id, side) {
  if (!side) return null;
  const seat = held(id)[side];
  return seat ? seat.token : null;
}

/**
 * Any token held in game `id` (for resigning or deleting), or null.
 * @param {string} id
 * @returns {string | null}
 */
export function anyToken(id) {
  const seats = Object.values(held(id));
  return seats.length && seats[0] ? seats[0].token : null;
}

/**
 * Drops the seats the server says were handed over to someone else: a seat taken with an
 * invitation elsewhere (`claimed`) that this browser did not take itself.
 */
export function reconcile(/** @type {GameState} */ st) {
  const mine = held(st.id);
  for (const seat of st.seats || []) {
    const held = mine[seat.side];
    if (seat.claimed && held && !held.claimed) forget(st.id, seat.side);
  }
}
