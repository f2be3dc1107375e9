// The board: 100 cells and the engine's principal variation drawn as numbered arrows. It shows
// what it is given; the cursor is the only state it keeps (moved by board-input.js).

import { $, h, put, s } from "./dom.js";
import { FILES, cellName } from "./cells.js";
import { t } from "./i18n.js";

/** @typedef {import("./types/wire").Destination} Destination */
/** @typedef {import("./state.js").CellCode} CellCode */
/** @typedef {import("./state.js").Arrow} Arrow */
/** @typedef {import("./view-analysis.js").AnalysisArrow} AnalysisArrow */

/**
 * What the board shows.
 * @typedef {object} BoardView
 * @property {CellCode[]} cells The cells.
 * @property {{ from: number | null, to: number } | null} last The last move.
 * @property {Map<number, Destination>} dests The legal destinations by index.
 * @property {Set<number>} threatened The cells the other knight attacks.
 * @property {number | null} movable The knight that may move.
 * @property {number | null} hint The hint's destination.
 * @property {boolean} reviewing Whether an earlier position is shown.
 * @property {Set<number>} doubles The doubles' values.
 * @property {import("./choice.js").BurnShown | null} burn The choice of a double to remove.
 */

const two = (/** @type {number} */ v) => String(v).padStart(2, "0");

/** The centre of cell `i` in the overlay's coordinates. */
const center = (/** @type {number} */ i) => [(i % 10) * 10 + 5, Math.floor(i / 10) * 10 + 5];

/** The board's cells, coordinates and overlay. */
export class Board {
  /**
   * @param {HTMLElement} root
   * @param {HTMLElement} overlay
   */
  constructor(root, overlay) {
    this.root = root;
    this.overlay = overlay;
    this.cursor = 0;
    /** @type {HTMLElement[]} */
    this.cells = [];
    put($(".files"), [...FILES].map((f) => h("span", {}, f)));
    put($(".ranks"), Array.from({ length: 10 }, (_, i) => h("span", {}, String(i + 1))));
    for (let r = 0; r < 10; r++) {
      const row = h("div", { class: "row", role: "row" });
      for (let c = 0; c < 10; c++) {
        const i = r * 10 + c;
        const el = h("div", {
          class: "cell" + ((r + c) % 2 ? " dark" : ""),
          role: "gridcell",
          tabindex: i === 0 ? 0 : -1,
          dataset: { index: i, cell: cellName(i) },
        }, h("span", { class: "num" }));
        row.append(el);
        this.cells.push(el);
      }
      root.append(row);
    }
  }

  /**
   * The cell element at `index`.
   * @param {number} index
   */
  cell(index) {
    return this.cells[index];
  }

  /**
   * Moves the keyboard cursor to `index` (and the focus with it when `focus`).
   * @param {number} index
   */
  setCursor(index, focus = true) {
    const old = this.cells[this.cursor];
    old.tabIndex = -1;
    old.classList.remove("cursor");
    this.cursor = index;
    const el = this.cells[index];
    el.tabIndex = 0;
    el.classList.add("cursor");
    if (focus) el.focus();
  }

  /**
   * Shows a position. `view`: {cells, last: {from, to} | null, dests: Map(index -> destination),
   * threatened: Set, movable: index | null, hint: index | null, reviewing, doubles: Set,
   * burn: the double's choice (choice.js `burnChoice()`) or null}.
   * @param {BoardView} view
   */
  render(view) {
    const { cells, last, dests, threatened, movable, hint, reviewing, doubles, burn } = view;
    this.root.classList.toggle("reviewing", !!reviewing);
    for (let i = 0; i < 100; i++) {
      const el = this.cells[i];
      const v = cells[i];
      const cls = ["cell"];
      if ((Math.floor(i / 10) + (i % 10)) % 2) cls.push("dark");
      const label = [cellName(i)];
      if (v === null) {
        cls.push("removed");
        label.push(t("web-removed"));
        put(el, h("span", { class: "num" }));
      } else if (v === -1 || v === -2) {
        const white = v === -1;
        cls.push(white ? "knight-white" : "knight-black");
        label.push(t(white ? "web-white-knight" : "web-black-knight"));
        put(el, h("span", { class: "knight" }, white ? "♘" : "♞"));
      } else {
        if (doubles.has(v)) cls.push("double");
        label.push(two(v));
        put(el, h("span", { class: "num" }, two(v)));
      }
      if (last && i === last.to) {
        cls.push("last");
        label.push(t("web-last-move"));
      }
      if (last && i === last.from) cls.push("last-from");
      const dest = dests.get(i);
      if (dest) {
        const choice = dest.options.length > 1;
        cls.push("dest");
        if (choice) cls.push("choice");
        label.push(t(choice ? "web-legal-choice" : "web-legal-move"));
      }
      if (threatened.has(i)) {
        cls.push("threat");
        label.push(t("web-threatened"));
      }
      if (hint === i) {
        cls.push("hint");
        label.push(t("web-suggested"));
      }
      if (burn && burn.from === i) {
        cls.push("burn-from");
        label.push(t("web-burn-landing"));
      }
      const burns = burn ? burn.moves.get(i) : undefined;
      if (burns !== undefined) {
        cls.push("burn");
        label.push(t("web-burn-cell"));
        el.dataset.move = burns;
      } else delete el.dataset.move;
      if (movable === i) cls.push("movable");
      if (i === this.cursor) cls.push("cursor");
      el.className = cls.join(" ");
      el.setAttribute("aria-label", label.join(", "));
      el.tabIndex = i === this.cursor ? 0 : -1;
    }
  }

  /**
   * Draws `pv` ([{from, to, side}]) as arrows numbered 1, 2, 3... (at most 8).
   * @param {Arrow[]} pv
   */
  drawPv(pv) {
    const moves = pv.slice(0, 8);
    const sideClass = (/** @type {Arrow} */ m) => (m.side === "white" ? "pv-white" : "pv-black");
    // Lines first, then the numbered discs above every line.
    const lines = moves.flatMap((m) => {
      if (m.from === null || m.from === undefined) return [];
      const [x1, y1] = center(m.from);
      const [x2, y2] = center(m.to);
      return [s("line", { x1, y1, x2, y2, class: `pv-line ${sideClass(m)}` })];
    });
    const discs = moves.flatMap((m, n) => {
      const [x, y] = center(m.to);
      return [s("circle", { cx: x, cy: y, r: 3, class: sideClass(m) }), s("text", { x, y, class: "pv-num" }, String(n + 1))];
    });
    put(this.overlay, lines, discs);
  }

  /**
   * Draws the analysis's arrows of the ply shown (`[{from, to, kind}]`, `kind` `played` or
   * `best`): a line from the knight's cell to the destination, a ring on the destination.
   * @param {AnalysisArrow[]} arrows
   */
  drawArrows(arrows) {
    const parts = arrows.flatMap((a) => {
      const [x2, y2] = center(a.to);
      const ring = s("circle", { cx: x2, cy: y2, r: 3.6, class: `arrow-end arrow-${a.kind}` });
      if (a.from === null || a.from === undefined) return [ring];
      const [x1, y1] = center(a.from);
      return [s("line", { x1, y1, x2, y2, class: `arrow-line arrow-${a.kind}` }), ring];
    });
    put(this.overlay, parts);
  }
}
