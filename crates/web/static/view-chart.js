// A chart of nodes (bars) and time (line) per computer move, as inline SVG built node by node.

import { h, put, s } from "./dom.js";
import { compact, num, t } from "./i18n.js";

/** @typedef {import("./types/wire").PlyView} PlyView */
/** @typedef {import("./types/wire").SearchInfo} SearchInfo */

/**
 * Draws the chart of `plies` (the server's ply list) into `container`.
 * @param {HTMLElement} container
 * @param {PlyView[]} plies
 */
export function drawChart(container, plies) {
  const searched = plies.flatMap((p) => (p.search ? [{ ...p, search: p.search }] : []));
  if (searched.length === 0) {
    put(container, h("p", { class: "muted" }, t("web-chart-empty")));
    return;
  }
  const W = 420, H = 180, L = 42, R = 56, T = 12, B = 24;
  const maxPly = Math.max(...plies.map((p) => p.number), 2);
  const maxNodes = Math.max(...searched.map((p) => p.search.nodes), 1);
  const maxTime = Math.max(...searched.map((p) => p.time_ms), 1);
  const x = (/** @type {number} */ n) => L + ((n - 0.5) / maxPly) * (W - L - R);
  const yN = (/** @type {number} */ v) => H - B - (v / maxNodes) * (H - T - B);
  const yT = (/** @type {number} */ v) => H - B - (v / maxTime) * (H - T - B);
  const bw = Math.max(1.5, ((W - L - R) / maxPly) * 0.8);
  const f = (/** @type {number} */ v) => v.toFixed(1);
  const bars = searched.map((p) => {
    const y = yN(p.search.nodes);
    const title = t("web-chart-bar", { ply: p.number, move: p.move, nodes: num(p.search.nodes), time: num(p.time_ms) });
    return s("rect", {
      class: p.side === "white" ? "bar-white" : "bar-black",
      x: f(x(p.number) - bw / 2), y: f(y), width: f(bw), height: f(H - B - y),
    }, s("title", {}, title));
  });
  const points = searched.map((p) => `${f(x(p.number))},${f(yT(p.time_ms))}`).join(" ");
  put(container, s("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": t("web-chart-label") },
    s("line", { class: "axis", x1: L, y1: H - B, x2: W - R, y2: H - B }),
    s("line", { class: "axis", x1: L, y1: T, x2: L, y2: H - B }),
    s("line", { class: "axis", x1: W - R, y1: T, x2: W - R, y2: H - B }),
    s("text", { x: L - 4, y: T + 8, "text-anchor": "end" }, compact(maxNodes)),
    s("text", { x: L - 4, y: H - B, "text-anchor": "end" }, "0"),
    s("text", { x: W - R + 4, y: T + 8 }, `${num(maxTime)} ms`),
    s("text", { x: W - R + 4, y: H - B }, "0"),
    s("text", { x: (L + W - R) / 2, y: H - 6, "text-anchor": "middle" }, t("web-chart-axis")),
    bars,
    s("polyline", { class: "time-line", points }),
    searched.map((p) => s("circle", { class: "time-dot", cx: f(x(p.number)), cy: f(yT(p.time_ms)), r: 1.8 })),
  ));
}
