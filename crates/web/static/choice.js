// The choice of the double to burn when a move lands on a double (`H7x00`): the candidates are
// marked on the board itself, each a cell to click or to reach with the board's cursor and
// Enter; the status line says what to do, and Escape (or a click elsewhere) cancels. Nothing
// covers the board.

import { page } from "./state.js";

/** @typedef {import("./types/wire").Destination} Destination */
/** @typedef {import("./state.js").CellCode} CellCode */

/**
 * Starts the choice for destination `dest` (one of the server's, its `options` each removing a
 * double) on a board of `cells`: resolves to the move of the cell chosen, or null when
 * cancelled. `redraw()` is called whenever the choice starts or ends.
 * @param {Destination} dest
 * @param {CellCode[]} cells
 * @param {() => void} redraw
 * @returns {Promise<string | null>}
 */
export function chooseBurn(dest, cells, redraw) {
  cancelBurn();
  /** @type {Map<number, string>} */
  const moves = new Map();
  for (const o of dest.options) {
    const at = cells.indexOf(o.removes);
    if (at >= 0) moves.set(at, o.move);
  }
  return new Promise((resolve) => {
    // The choice waits in the page's state (`page.burn`) for a cell.
    page.burn = {
      dest,
      moves,
      resolve: (move) => {
        page.burn = null;
        resolve(move);
        redraw();
      },
    };
    redraw();
  });
}

/**
 * The choice of a double to remove as the board shows it.
 * @typedef {object} BurnShown
 * @property {number} from The destination's index.
 * @property {number | null} number The number it holds.
 * @property {string} cell Its name.
 * @property {Map<number, string>} moves The move of each candidate's cell.
 * @property {number | undefined} first The default's cell (the highest double).
 */

/**
 * The choice shown: `{from, number, cell, moves: Map(index -> move), first}` (`first`: the
 * default's cell, the highest double), or null.
 * @returns {BurnShown | null}
 */
export function burnChoice() {
  if (!page.burn) return null;
  const { dest, moves } = page.burn;
  return { from: dest.index, number: dest.value, cell: dest.cell, moves, first: moves.keys().next().value };
}

/**
 * A cell chosen while a choice waits: its move when it is a candidate, else the choice is
 * cancelled. Answers whether the choice took the cell (the page does nothing else with it).
 */
export function takeBurn(/** @type {number} */ index) {
  if (!page.burn) return false;
  const move = page.burn.moves.get(index);
  page.burn.resolve(move === undefined ? null : move);
  return true;
}

/** Cancels the choice waiting, if any. */
export function cancelBurn() {
  if (page.burn) page.burn.resolve(null);
}

document.addEventListener("keydown", (e) => {
  if (page.burn && e.key === "Escape") {
    e.preventDefault();
    cancelBurn();
  }
});
