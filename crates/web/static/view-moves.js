// The move table: one row per ply with the course's statistics of the computer's searches
// (nodes analysed, alpha and beta cuts, written short with the whole number on hover; time, depth,
// value).

import { $, h, put } from "./dom.js";
import { compact, num, t } from "./i18n.js";
import { markNodes } from "./view-analysis.js";

/**
 * The signed value of a search: "+3", "-2≡" (proven, the sign of the analysis's exact values;
 * "!" is only ever a turning point).
 */
/** @typedef {import("./types/wire").PlyView} PlyView */
/** @typedef {import("./view-analysis.js").Mark} Mark */

/**
 * @param {{ score: number, proven: boolean }} search
 */
export function value(search, proven = "≡") {
  return (search.score > 0 ? "+" : "") + num(search.score) + (search.proven ? proven : "");
}

/** How the server writes a pass. */
const PASS = "pass";

/** @param {PlyView} p */
function time(p) {
  if (p.forced) return "";
  return p.by === "computer" ? `${num(p.time_ms)} ms` : `${num(p.time_ms / 1000, 1)} s`;
}

/**
 * A count of the search's statistics, short (`6,5 M`) with the whole number as its title.
 * @param {number | null | undefined} n
 */
function count(n) {
  if (n === undefined || n === null) return h("td", {}, "");
  return h("td", { title: n >= 1e4 ? num(n) : null }, compact(n));
}

/**
 * @param {PlyView} p
 * @param {number} current
 * @param {Mark[] | null | undefined} marks
 */
function row(p, current, marks) {
  const s = p.search;
  const white = p.side === "white";
  const side = h("span", { class: white ? "w" : "b", title: t(white ? "web-white" : "web-black") }, white ? "♘" : "♞");
  const cls = [p.forced ? "forced" : "", p.number === current ? "current" : ""].join(" ").trim();
  return h("tr", { dataset: { ply: p.number }, class: cls || null },
    h("td", {}, String(p.number)),
    h("td", {}, side),
    h("td", {}, p.move === PASS ? t("web-pass") : p.move, marks ? markNodes(marks) : null),
    h("td", {}, `+${p.gained}`),
    h("td", {}, `${num(p.points[0])}–${num(p.points[1])}`),
    count(s && s.nodes),
    count(s && s.alpha_cuts),
    count(s && s.beta_cuts),
    h("td", {}, time(p)),
    h("td", {}, s ? String(s.depth) : ""),
    h("td", {}, s ? value(s) : ""),
  );
}

/**
 * Fills `tbody` with the rows of `plies`, ply `current` marked and scrolled into view, each move
 * with its analysis's marks (`marks`: ply number -> marks, or null before an analysis).
 * @param {HTMLElement} tbody
 * @param {PlyView[]} plies
 * @param {number} current
 * @param {Map<number, Mark[]> | null} [marks]
 */
export function renderMoves(tbody, plies, current, marks = null) {
  put(tbody, plies.map((p) => row(p, current, marks && marks.get(p.number))));
  /** @type {HTMLElement | null} */
  const cur = tbody.querySelector("tr.current") || /** @type {HTMLElement | null} */ (tbody.lastElementChild);
  if (cur) {
    // Scroll the table's own box only: the page must not jump away from the board.
    const box = tbody.closest(".table-wrap");
    if (box) {
      const top = cur.offsetTop - $("thead", box).offsetHeight;
      const bottom = cur.offsetTop + cur.offsetHeight;
      if (top < box.scrollTop) box.scrollTop = top;
      else if (bottom > box.scrollTop + box.clientHeight) box.scrollTop = bottom - box.clientHeight;
    }
  }
}
