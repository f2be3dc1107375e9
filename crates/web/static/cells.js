// Cell names and indices (A1 = 0, J10 = 99), as the server writes them.

/** The column letters. */
export const FILES = "ABCDEFGHIJ";

/** @typedef {import("./types/wire").Side} Side */

/**
 * The name of cell `index`: 0 -> "A1".
 * @param {number} index
 */
export function cellName(index) {
  return FILES[index % 10] + (Math.floor(index / 10) + 1);
}

/**
 * "E3" or "E3x77" -> the index of E3; null for "pass" or anything else.
 * @param {string | null | undefined} move
 * @returns {number | null}
 */
export function cellIndex(move) {
  const m = /^([A-Ja-j])(10|[1-9])/.exec(move || "");
  if (!m) return null;
  return (Number(m[2]) - 1) * 10 + FILES.indexOf(m[1].toUpperCase());
}

/** The value a cell holds for `side`'s knight in the server's `cells` arrays. */
export const knightCode = (/** @type {Side} */ side) => (side === "white" ? -1 : -2);

/**
 * The other side.
 * @param {Side} side
 * @returns {Side}
 */
export const other = (side) => (side === "white" ? "black" : "white");

/**
 * The line `pv` (moves as written) from the position `cells`, `side` to move, as arrows `[{from, to, side}]`.
 * @param {(number | null)[]} cells
 * @param {Side} side
 * @param {string[]} pv
 * @returns {{ from: number | null, to: number, side: Side }[]}
 */
export function linePath(cells, side, pv) {
  /** @type {Record<Side, number>} */
  const knights = { white: cells.indexOf(knightCode("white")), black: cells.indexOf(knightCode("black")) };
  /** @type {{ from: number | null, to: number, side: Side }[]} */
  const out = [];
  let who = side;
  for (const mv of pv) {
    const to = cellIndex(mv);
    if (to !== null) {
      out.push({ from: knights[who] >= 0 ? knights[who] : null, to, side: who });
      knights[who] = to;
    }
    who = other(who);
  }
  return out;
}
