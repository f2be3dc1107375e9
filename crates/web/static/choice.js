// The choice of the double to burn when a move lands on a double (`H7x00`): the candidates are
// marked on the board itself, each a cell to click or to reach with the board's cursor and
// Enter; the status line says what to do, and Escape (or a click elsewhere) cancels. Nothing
// covers the board.

/** The choice waiting for a cell: `{dest, moves: Map(index -> move), resolve}`, or null. */
let pending = null;

/**
 * Starts the choice for destination `dest` (one of the server's, its `options` each removing a
 * double) on a board of `cells`: resolves to the move of the cell chosen, or null when
 * cancelled. `redraw()` is called whenever the choice starts or ends.
 */
export function chooseBurn(dest, cells, redraw) {
  cancelBurn();
  const moves = new Map();
  for (const o of dest.options) {
    const at = cells.indexOf(o.removes);
    if (at >= 0) moves.set(at, o.move);
  }
  return new Promise((resolve) => {
    pending = {
      dest,
      moves,
      resolve: (move) => {
        pending = null;
        resolve(move);
        redraw();
      },
    };
    redraw();
  });
}

/**
 * The choice shown: `{from, number, cell, moves: Map(index -> move), first}` (`first`: the
 * default's cell, the highest double), or null.
 */
export function burnChoice() {
  if (!pending) return null;
  const { dest, moves } = pending;
  return { from: dest.index, number: dest.value, cell: dest.cell, moves, first: moves.keys().next().value };
}

/**
 * A cell chosen while a choice waits: its move when it is a candidate, else the choice is
 * cancelled. Answers whether the choice took the cell (the page does nothing else with it).
 */
export function takeBurn(index) {
  if (!pending) return false;
  const move = pending.moves.get(index);
  pending.resolve(move === undefined ? null : move);
  return true;
}

/** Cancels the choice waiting, if any. */
export function cancelBurn() {
  if (pending) pending.resolve(null);
}

document.addEventListener("keydown", (e) => {
  if (pending && e.key === "Escape") {
    e.preventDefault();
    cancelBurn();
  }
});
