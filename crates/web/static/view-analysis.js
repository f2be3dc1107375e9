// The analysis board's views: the marks of the move list, each side's figures, the value chart
// (White's view, exact stretches marked; a click goes to that ply), the judgement of the ply
// shown and the arrows of its played and best moves. They draw the server's analysis (the JSON of
// `cavalo analyse --json`) and judge nothing themselves.

import { h, put, s } from "./dom.js";
import { num, t } from "./i18n.js";
import { cellIndex, knightCode } from "./cells.js";

/** @typedef {import("./types/wire").Analysis} AnalysisData */
/** @typedef {import("./types/wire").PlyAnalysis} PlyAnalysis */
/** @typedef {import("./types/wire").AnalysisValue} Value */
/** @typedef {import("./types/wire").Class} Class */
/** @typedef {import("./types/wire").Side} Side */
/** @typedef {import("./types/wire").Shown} Exercise */
/** @typedef {import("./types/wire").Answer} Answer */
/** @typedef {import("./state.js").CellCode} CellCode */
/** @typedef {import("./state.js").Thinker} Thinker */
/** @typedef {import("./analysis.js").Analysis} Analysis */
/** @typedef {import("./exercise.js").Exercises} Exercises */
/** @typedef {{ text: string, cls: string, title: string }} Mark A mark of the move list. */
/** @typedef {{ from: number | null, to: number, kind: "played" | "best" }} AnalysisArrow A move the analysis draws. */

/**
 * The signs of the classes (as in chess books).
 * @type {Partial<Record<Class, string>>}
 */
const CLASS_SIGN = { inaccuracy: "?!", mistake: "?", blunder: "??" };

/**
 * A value in points, signed, with the sign of an exact value: "+12", "−3≡".
 * @param {Value} v
 */
export function points(v) {
  const sign = v.points > 0 ? "+" : v.points < 0 ? "−" : "";
  return sign + num(Math.abs(v.points)) + (v.exact ? "≡" : "");
}

/**
 * The marks of an analysed ply `p`: `[{text, cls, title}]`.
 * @param {PlyAnalysis} p
 * @returns {Mark[]}
 */
export function marks(p) {
  /** @type {Mark[]} */
  const out = [];
  if (p.forced) out.push({ text: "□", cls: "mark-forced", title: t("web-analysis-mark-forced") });
  const sign = p.class && CLASS_SIGN[p.class];
  if (sign) {
    const what = t(`web-analysis-mark-${p.class}`);
    const title = t("web-analysis-mark-loss", { mark: what, loss: p.loss }) + (p.uncertain ? ` · ${t("web-analysis-mark-uncertain")}` : "");
    // An uncertain class is its own sign (counted as such) in the uncertain style: never a
    // second "?", which would read as the next class.
    out.push({ text: sign, cls: `mark-${p.class}${p.uncertain ? " mark-uncertain" : ""}`, title });
  }
  if (p.unclear) out.push({ text: "∞", cls: "mark-unclear", title: t("web-analysis-mark-unclear") });
  if (p.turning) out.push({ text: "!", cls: "mark-turning", title: t("web-analysis-mark-turning") });
  if (p.played_value.exact) out.push({ text: "≡", cls: "mark-exact", title: t("web-analysis-mark-exact") });
  return out;
}

/**
 * The marks as elements, for the move list.
 * @param {Mark[]} list
 */
export function markNodes(list) {
  return list.map((m) => h("span", { class: `mark ${m.cls}`, title: m.title }, m.text));
}

/**
 * The value of every position from White's view, the start first: `[{ply, points, exact}]`.
 * @param {AnalysisData} an
 */
function whiteValues(an) {
  const white = (/** @type {PlyAnalysis} */ p, /** @type {Value} */ v) => (p.side === "white" ? v.points : -v.points);
  const vals = an.plies.map((p) => ({ ply: p.ply - 1, points: white(p, p.best_value), exact: p.best_value.exact }));
  vals.push({ ply: an.plies.length, points: an.last_value.points, exact: an.last_value.exact });
  return vals;
}

/**
 * The value chart of `an` with ply `current` marked; `onPick(ply)` when clicked.
 * @param {AnalysisData} an
 * @param {number} current
 * @param {(ply: number) => void} onPick
 */
function chart(an, current, onPick) {
  const vals = whiteValues(an);
  const W = 420, H = 170, L = 40, R = 8, T = 8, B = 22;
  const n = Math.max(vals.length - 1, 1);
  const top = Math.max(10, ...vals.map((v) => Math.abs(v.points)));
  const x = (/** @type {number} */ k) => L + (k / n) * (W - L - R);
  const y = (/** @type {number} */ p) => T + (1 - (p + top) / (2 * top)) * (H - T - B);
  const f = (/** @type {number} */ v) => v.toFixed(1);
  const segments = vals.slice(1).map((v, i) => {
    const a = vals[i];
    const cls = a.exact && v.exact ? "value-line exact" : "value-line";
    return s("line", { class: cls, x1: f(x(i)), y1: f(y(a.points)), x2: f(x(i + 1)), y2: f(y(v.points)) });
  });
  const dots = vals.map((v) => s("circle", {
    class: v.exact ? "value-dot exact" : "value-dot", cx: f(x(v.ply)), cy: f(y(v.points)), r: v.exact ? 2 : 1.4,
  }, s("title", {}, t("web-analysis-chart-point", { ply: v.ply, value: points(v) }))));
  const bad = an.plies.filter((p) => p.class === "mistake" || p.class === "blunder" || p.unclear).map((p) => {
    const after = p.side === "white" ? p.played_value.points : -p.played_value.points;
    const cls = p.unclear ? "unclear" : p.class;
    return s("circle", { class: `value-bad mark-${cls}`, cx: f(x(p.ply)), cy: f(y(after)), r: 3.2 });
  });
  const svg = s("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": t("web-analysis-chart-label"), class: "value-chart" },
    s("rect", { class: "white-ahead", x: L, y: T, width: W - L - R, height: f(y(0) - T) }),
    s("line", { class: "axis", x1: L, y1: f(y(0)), x2: W - R, y2: f(y(0)) }),
    s("line", { class: "axis", x1: L, y1: T, x2: L, y2: H - B }),
    s("text", { x: L - 4, y: T + 8, "text-anchor": "end" }, "+" + num(top)),
    s("text", { x: L - 4, y: f(y(0) + 3), "text-anchor": "end" }, "0"),
    s("text", { x: L - 4, y: H - B, "text-anchor": "end" }, "−" + num(top)),
    s("text", { x: (L + W - R) / 2, y: H - 6, "text-anchor": "middle" }, t("web-analysis-chart-axis")),
    s("line", { class: "cursor-line", x1: f(x(current)), y1: T, x2: f(x(current)), y2: H - B }),
    segments, bad, dots,
  );
  svg.addEventListener("click", (/** @type {Event} */ ev) => {
    const e = /** @type {MouseEvent} */ (ev);
    const r = svg.getBoundingClientRect();
    const px = ((e.clientX - r.left) / r.width) * W;
    onPick(Math.max(0, Math.min(n, Math.round(((px - L) / (W - L - R)) * n))));
  });
  return svg;
}

/**
 * Each side's figures: accuracy, mean loss and the count of each class of error.
 * @param {AnalysisData} an
 * @param {string[]} names
 */
function sides(an, names) {
  const row = (/** @type {Side} */ side, /** @type {number} */ i) => {
    const sd = an.sides[i];
    return h("tr", {},
      h("th", { scope: "row" }, names[i] ? `${t(side === "white" ? "web-white" : "web-black")} · ${names[i]}` : t(side === "white" ? "web-white" : "web-black")),
      h("td", {}, sd.judged ? `${num(sd.accuracy, 1)} %` : "—"),
      h("td", {}, sd.judged ? num(sd.mean_loss, 1) : "—"),
      h("td", {}, num(sd.classes[1])), h("td", {}, num(sd.classes[2])), h("td", {}, num(sd.classes[3])),
      h("td", {}, num(sd.unclear || 0)),
    );
  };
  return h("table", { class: "analysis-sides" },
    h("thead", {}, h("tr", {},
      h("th", { scope: "col" }, ""),
      h("th", { scope: "col", title: t("web-analysis-accuracy-title") }, t("web-analysis-accuracy")),
      h("th", { scope: "col", title: t("web-analysis-loss-title") }, t("web-analysis-loss")),
      h("th", { scope: "col", title: t("web-analysis-mark-inaccuracy") }, "?!"),
      h("th", { scope: "col", title: t("web-analysis-mark-mistake") }, "?"),
      h("th", { scope: "col", title: t("web-analysis-mark-blunder") }, "??"),
      h("th", { scope: "col", title: t("web-analysis-mark-unclear") }, "∞"),
    )),
    h("tbody", {}, row("white", 0), row("black", 1)),
  );
}

/**
 * What the analysis says of ply `idx` (0: the start).
 * @param {AnalysisData} an
 * @param {number} idx
 */
function plyLine(an, idx) {
  if (idx === 0 || idx > an.plies.length) return h("p", { class: "muted ply-judgement" }, t("web-analysis-at-start"));
  const p = an.plies[idx - 1];
  const played = p.played === "pass" ? t("web-pass") : p.played;
  if (p.forced) {
    return h("p", { class: "ply-judgement" }, t("web-analysis-ply-forced", { ply: p.ply, move: played, value: points(p.played_value) }));
  }
  const best = p.best === "pass" ? t("web-pass") : p.best || "—";
  if (p.best === p.played) {
    // Unclear when its search valued it far from its proven value: both values shown.
    const key = p.unclear ? "web-analysis-ply-best-unclear" : "web-analysis-ply-best";
    const args = { ply: p.ply, move: played, value: points(p.played_value), best_value: points(p.best_value), margin: p.margin };
    return h("p", { class: "ply-judgement" }, t(key, args), " ", markNodes(marks(p)));
  }
  // The best move's value is the one the loss was measured against (the search of the position
  // after it, where there is one): the two values shown differ by the loss measured.
  const reference = p.compared || p.best_value;
  const args = {
    ply: p.ply, move: played, value: points(p.played_value), best, best_value: points(reference),
    loss: p.loss, measured: p.measured_loss, margin: p.margin,
  };
  const key = p.unclear ? "web-analysis-ply-unclear" : p.loss === null ? "web-analysis-ply-unjudged" : "web-analysis-ply";
  // An unproven loss counts only beyond the searches' own uncertainty: say how much was set aside.
  const margin = !p.unclear && p.margin && p.measured_loss
    ? h("span", { class: "muted small" }, " ", t("web-analysis-margin", { measured: p.measured_loss, margin: p.margin }))
    : null;
  const refined = p.refined ? h("span", { class: "muted small" }, " ", t("web-analysis-refined")) : null;
  return h("p", { class: "ply-judgement" }, t(key, args), " ", markNodes(marks(p)), margin, refined);
}

/**
 * Draws the analysis panel: `a` is the page's analysis (see analysis.js), `game` the plies the
 * game has now, `names` the players' names, `current` the ply shown; `onStart()` asks for an
 * analysis, `onPick(ply)` goes to a ply.
 * @param {HTMLElement} container
 * @param {Analysis} a
 * @param {{ game: number, names: string[], current: number, onStart: () => void, onPick: (ply: number) => void }} how
 */
export function renderAnalysis(container, a, { game, names, current, onStart, onPick }) {
  /** @type {import("./dom.js").Child[]} */
  const parts = [];
  const button = (/** @type {string} */ key) => h("button", { type: "button", id: "analyse", onclick: onStart }, t(key));
  if (a.state === "none" && game > 0) {
    parts.push(h("p", { class: "muted" }, t("web-analysis-about")), button("web-analysis-start"));
  } else if (a.state === "none") {
    parts.push(h("p", { class: "muted" }, t("web-analysis-nothing-yet")));
  }
  if (a.state === "waiting" && a.progress) {
    const pr = a.progress;
    const label = pr.state === "queued" ? t("web-analysis-queued") : t("web-analysis-running", { done: pr.done, total: pr.total });
    parts.push(h("p", { class: "analysis-progress", role: "status" }, label, " ",
      h("progress", { max: pr.total, value: pr.done, "aria-label": label })));
  }
  if (a.state === "failed") parts.push(h("p", { class: "error" }, a.error), button("web-analysis-again"));
  const an = a.data;
  if (an) {
    if (an.plies.length < game && a.state !== "waiting") {
      parts.push(h("p", { class: "muted" }, t("web-analysis-partial", { plies: an.plies.length }), " ", button("web-analysis-again")));
    }
    if (an.too_small) parts.push(h("p", { class: "error" }, t("web-analysis-too-small", { nodes: an.median_nodes })));
    parts.push(sides(an, names), chart(an, Math.min(current, an.plies.length), onPick));
    parts.push(h("p", { class: "muted small" }, t("web-analysis-legend")));
  }
  put(container, parts);
}

/**
 * Draws what the analysis says of ply `current` (nothing before an analysis): next to the board,
 * apart from the analysis's figures, so that a phone shows it right under the board.
 * @param {HTMLElement} container
 * @param {Analysis} a
 * @param {number} current
 */
export function renderJudgement(container, a, current) {
  put(container, a.data ? plyLine(a.data, current) : []);
}

/**
 * Arrows for a move `played` and, when it is another, the `best` move, both from where `side`'s
 * knight stands in `cells`: `[{from, to, kind}]`, `kind` `played` or `best`.
 * @param {CellCode[]} cells
 * @param {Side} side
 * @param {string} played
 * @param {string | null} best
 * @returns {AnalysisArrow[]}
 */
function moveArrows(cells, side, played, best) {
  const at = cells.indexOf(knightCode(side));
  const from = at >= 0 ? at : null;
  /** @type {AnalysisArrow[]} */
  const out = [];
  const p = cellIndex(played);
  if (p !== null) out.push({ from, to: p, kind: "played" });
  const b = cellIndex(best);
  if (b !== null && best !== played) out.push({ from, to: b, kind: "best" });
  return out;
}

/**
 * The arrows of ply `idx` of analysis `an` (`before`: the cells before the ply).
 * @param {AnalysisData | null} an
 * @param {number} idx
 * @param {CellCode[] | null} before
 */
export function arrows(an, idx, before) {
  const p = an && idx > 0 ? an.plies[idx - 1] : null;
  return p && before ? moveArrows(before, p.side, p.played, p.best) : [];
}

/** A move as the page writes it (`pass` in the page's language). */
const moveText = (/** @type {string} */ mv) => (mv === "pass" ? t("web-pass") : mv);

/**
 * The judgement of a try, worded.
 * @param {Answer} a
 */
function verdict(a) {
  const j = a.judged;
  const args = {
    move: moveText(j.move), value: points(j.value), best: moveText(a.best), best_value: points(a.best_value),
    played: moveText(a.played), played_value: points(a.played_value),
  };
  if (j.verdict === "best") return t(j.move === a.best ? "web-exercise-best-same" : "web-exercise-best", args);
  if (j.verdict === "better") return t("web-exercise-better", args);
  return t("web-exercise-no-better", args);
}

/**
 * Draws the exercises (see exercise.js) into `container`: the button that starts them, or the
 * exercise shown (its task, then the judgement of a try and the answer) with its buttons.
 * @param {HTMLElement} container
 * @param {Exercises} ex
 * @param {boolean} analysed
 */
export function renderExercise(container, ex, analysed) {
  const button = (/** @type {string} */ id, /** @type {string} */ key, /** @type {() => void} */ onclick, primary = false) =>
    h("button", { type: "button", id, class: primary ? "primary" : null, onclick }, t(key));
  /** @type {import("./dom.js").Child[]} */
  const parts = [];
  const list = ex.list || [];
  if (ex.error) parts.push(h("p", { class: "error", role: "alert" }, ex.error));
  const cur = ex.current();
  if (!cur) {
    if (ex.list && ex.list.length === 0) parts.push(h("p", { class: "muted" }, t("web-exercises-none")));
    else if (analysed) parts.push(button("exercises-start", "web-exercises-start", () => ex.open()));
    put(container, parts);
    return;
  }
  const side = t(cur.side === "white" ? "web-white" : "web-black");
  parts.push(
    h("h3", {}, t("web-exercise-title", { n: ex.i + 1, total: list.length })),
    h("p", { class: "exercise-task" }, t("web-exercise-task", { ply: cur.ply, side, move: moveText(cur.played), loss: cur.loss })),
  );
  if (ex.busy) parts.push(h("p", { class: "muted", role: "status" }, t("web-exercise-searching")));
  const a = ex.answer;
  if (a) {
    parts.push(h("p", { class: `exercise-verdict verdict-${a.judged.verdict}`, role: "status" }, verdict(a)));
    if (a.pv.length) parts.push(h("p", { class: "muted small" }, t("web-exercise-line", { pv: a.pv.slice(0, 8).map(moveText).join(" ") })));
  }
  parts.push(h("div", { class: "buttons exercise-buttons" },
    a ? button("exercise-again", "web-exercise-again", () => ex.again()) : null,
    list.length > 1 ? button("exercise-next", "web-exercise-next", () => ex.next(), !!a) : null,
    button("exercise-close", "web-exercise-close", () => ex.close()),
  ));
  put(container, parts);
}

/**
 * The arrows of an answered try: the move tried and the best move, from `cells`.
 * @param {Exercise} cur
 * @param {Answer} answer
 * @param {CellCode[]} cells
 */
export function tryArrows(cur, answer, cells) {
  return moveArrows(cells, cur.side, answer.judged.move, answer.best);
}

/**
 * The engine's live lines for the position shown (see app.js): a button to ask for them, then
 * the search's depth, value and line (stopped, or done), or why it could not search.
 * @param {HTMLElement} container
 * @param {Thinker | null} thinker
 * @param {{ canThink: boolean, onThink: () => void, onStop: () => void }} how
 */
export function renderThinkHere(container, thinker, { canThink, onThink, onStop }) {
  /** @type {import("./dom.js").Child[]} */
  const parts = [];
  const d = thinker && thinker.data;
  if (d) {
    const info = d.info;
    const value = points({ points: info.score, exact: info.proven });
    const key = thinker.done ? "web-think-done" : "web-think-running";
    parts.push(h("p", { class: "think-lines", role: "status" }, t(key, { depth: info.depth, value, nodes: info.nodes })),
      h("p", { class: "pv" }, info.pv.slice(0, 12).map(moveText).join(" ")));
  } else if (thinker && thinker.error) {
    parts.push(h("p", { class: "error" }, t("web-think-failed")));
  } else if (thinker) {
    parts.push(h("p", { class: "muted", role: "status" }, t("web-think-waiting")));
  }
  if (thinker && !thinker.done && !thinker.error) {
    parts.push(h("button", { type: "button", id: "think-stop", onclick: onStop }, t("web-think-stop")));
  } else if (canThink) {
    parts.push(h("button", { type: "button", id: "think", onclick: onThink }, t("web-think")));
  }
  put(container, parts);
}
