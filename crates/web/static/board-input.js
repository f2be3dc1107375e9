// The user's hands on the board: clicks, drags of the knight to a destination, and the keyboard
// cursor (arrow keys, Home, End, Enter or Space). Each choice is reported as `onActivate(index)`.

/** @typedef {import("./view-board.js").Board} Board */

/**
 * The cell element an event is on, if any.
 * @param {Event} e
 * @returns {HTMLElement | null}
 */
const cellOf = (e) => (e.target instanceof Element ? e.target.closest(".cell") : null);

/**
 * Wires `board` (a view-board.js Board) to call `onActivate(index)` when a cell is chosen.
 * @param {Board} board
 * @param {(index: number) => void} onActivate
 */
export function bindBoard(board, onActivate) {
  const root = board.root;
  /** @type {{ from: number, over: number | null, moved: boolean, x: number, y: number } | null} the knight dragged */
  let drag = null;

  root.addEventListener("click", (e) => {
    const el = cellOf(e);
    if (!el) return;
    board.setCursor(Number(el.dataset.index), false);
    onActivate(Number(el.dataset.index));
  });

  root.addEventListener("keydown", (e) => {
    const i = board.cursor;
    const r = Math.floor(i / 10);
    const c = i % 10;
    /** @type {number} */
    let next;
    switch (e.key) {
      case "ArrowUp": next = r > 0 ? i - 10 : i; break;
      case "ArrowDown": next = r < 9 ? i + 10 : i; break;
      case "ArrowLeft": next = c > 0 ? i - 1 : i; break;
      case "ArrowRight": next = c < 9 ? i + 1 : i; break;
      case "Home": next = r * 10; break;
      case "End": next = r * 10 + 9; break;
      case "Enter":
      case " ":
        e.preventDefault();
        e.stopPropagation();
        onActivate(i);
        return;
      default: return;
    }
    e.preventDefault();
    e.stopPropagation();
    board.setCursor(next);
  });

  const cellAt = (/** @type {PointerEvent} */ e) => {
    const el = document.elementFromPoint(e.clientX, e.clientY);
    /** @type {HTMLElement | null} */
    const cell = el && el.closest ? el.closest(".cell") : null;
    return cell && root.contains(cell) ? Number(cell.dataset.index) : null;
  };

  root.addEventListener("pointerdown", (e) => {
    const el = cellOf(e);
    if (!el || !el.classList.contains("movable") || e.button !== 0) return;
    drag = { from: Number(el.dataset.index), over: null, moved: false, x: e.clientX, y: e.clientY };
  });

  window.addEventListener("pointermove", (e) => {
    if (!drag) return;
    if (Math.hypot(e.clientX - drag.x, e.clientY - drag.y) > 6) drag.moved = true;
    const i = cellAt(e);
    if (drag.over !== null) board.cell(drag.over).classList.remove("drop");
    drag.over = i !== null && board.cell(i).classList.contains("dest") ? i : null;
    if (drag.over !== null) board.cell(drag.over).classList.add("drop");
  });

  window.addEventListener("pointerup", (e) => {
    if (!drag) return;
    const d = drag;
    drag = null;
    if (d.over !== null) board.cell(d.over).classList.remove("drop");
    const i = cellAt(e);
    if (d.moved && i !== null && i !== d.from) onActivate(i);
  });
}
