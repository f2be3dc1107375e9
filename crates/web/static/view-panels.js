// The panels around the board: players and points, the status line, the buttons' states, the
// engine panel, the result with its summary, and the game's details line.

import { $, $of, h, put } from "./dom.js";
import { num, t, words } from "./i18n.js";
import { GAME_OVER } from "./state.js";
import { value } from "./view-moves.js";

/** @typedef {import("./types/wire").Side} Side */
/** @typedef {import("./types/wire").PlayerView} PlayerView */
/** @typedef {import("./types/wire").Who} Who */
/** @typedef {import("./types/wire").GameState} GameState */
/** @typedef {import("./types/wire").SearchInfo} SearchInfo */
/** @typedef {import("./types/wire").SideSummary} SideSummary */
/** @typedef {import("./state.js").Store} Store */
/** @typedef {ReturnType<Store["current"]>["entry"]} Entry */

/** "White" or "Black" in the page's language. */
export const sideName = (/** @type {Side} */ side) => t(side === "white" ? "web-white" : "web-black");

/** An engine's name as people read it: our engine as `Cavalo` (its name, never the piece). */
const engineName = (/** @type {string} */ engine) => (engine === "cavalo" ? "Cavalo" : engine);

/** Our engine below full strength for people: "Cavalo, nível 3". */
const atLevel = (/** @type {string} */ engine, /** @type {number} */ level) => t("who-engine-level", { player: engine, level });

/**
 * A player for people (`Who`, as the server gives it in parts): `human`, `Ana`, `greedy`,
 * `Cavalo, level 3`, or a name kept as written.
 */
export function whoText(/** @type {Who} */ who) {
  switch (who.kind) {
    case "human":
      return who.name || t("web-human");
    case "computer": {
      const name = engineName(who.engine);
      return who.level ? atLevel(name, who.level) : name;
    }
    case "program":
    case "named":
      return who.name;
  }
}

/** A player of the game's state (its engine and level given apart) for people: `Cavalo, level 3`. */
export function playerText(/** @type {PlayerView} */ p) {
  return whoText(p.who);
}

/** "White" for a human, "White (greedy engine)", "Preto (motor Cavalo, nível 3)" for the
 * computer: our engine by its name, never read as the piece. */
export function who(/** @type {Store} */ store, /** @type {Side} */ side) {
  const p = store.player(side);
  if (!p || p.human) return sideName(side);
  if (p.who.kind === "program") return `${sideName(side)} (${p.who.name})`;
  const args = { side: sideName(side), player: engineName(p.engine || ""), level: p.level };
  return t(p.level ? "who-computer-level" : "who-computer", args);
}

/**
 * @param {Store} store
 * @param {number} idx
 * @param {boolean} live
 */
function statusText(store, idx, live) {
  const st = /** @type {GameState} */ (store.state);
  if (!live) return t("web-reviewing", { ply: idx, total: st.plies.length });
  const said = store.announcement.map((a) => words(a.message));
  const turn = st.turn;
  switch (turn.kind) {
    case "human": {
      const side = turn.side;
      const n = st.destinations.length;
      // Two people: the side is who moves (not "White to move (White)").
      if (st.mode === "human-human") said.push(t("web-side-to-move", { side: sideName(side), count: n }));
      else said.push(t("web-to-move", { who: t("web-you"), side: sideName(side), count: n }));
      break;
    }
    case "computer":
    case "program":
      said.push(t("web-thinking", { who: who(store, turn.side) }));
      break;
    case "forced":
      said.push(t("web-forced", { side: sideName(turn.side), move: turn.move }));
      break;
    default:
      // The game's end is among the server's announcements; say it if it is not.
      if (!store.announcement.some((a) => a.kind === GAME_OVER)) said.push(words(st.result_text));
  }
  return said.join(" ");
}

/** The players' names and points, whose turn it is, and the status line. */
/**
 * @param {Store} store
 * @param {number} idx
 * @param {boolean} live
 * @param {Entry} entry
 */
export function renderPlayers(store, idx, live, entry) {
  const st = /** @type {GameState} */ (store.state);
  $("#points-white").textContent = num(entry.points[0]);
  $("#points-black").textContent = num(entry.points[1]);
  for (const p of st.players) {
    const el = $(`#name-${p.side}`);
    el.textContent = playerText(p);
    el.title = p.name;
  }
  const toMove = live && st.status === "playing" ? st.to_move : null;
  $("#player-white").classList.toggle("to-move", toMove === "white");
  $("#player-black").classList.toggle("to-move", toMove === "black");
  $("#status").textContent = statusText(store, idx, live);
}

/** Which buttons are shown and usable. */
/**
 * @param {Store} store
 * @param {number} idx
 * @param {boolean} live
 */
export function renderControls(store, idx, live) {
  const st = /** @type {GameState} */ (store.state);
  const cc = st.mode === "computer-computer";
  const seated = Object.keys(store.seats || {}).length > 0;
  const undoSide = store.undoSide();
  $of("#undo", "button").disabled = !(undoSide && store.holds(undoSide));
  $("#undo").hidden = cc || !seated;
  $of("#hint", "button").disabled = !(store.myTurn() && st.can_hint);
  $("#hint").hidden = cc || !seated;
  $of("#quit", "button").disabled = st.status !== "playing";
  $("#quit").hidden = !seated;
  $("#delete").hidden = !seated;
  $("#watching").hidden = seated;
  // A seat can be handed over while this browser keeps another: human against human.
  let offered = false;
  for (const side of /** @type {Side[]} */ (["white", "black"])) {
    const seat = (st.seats || []).find((s) => s.side === side);
    /** @type {Side} */
    const other = side === "white" ? "black" : "white";
    const offer = st.mode === "human-human" && st.status === "playing" && !!seat && !seat.claimed &&
      store.holds(side) && store.holds(other);
    $(`#invite-${side}`).hidden = !offer;
    offered ||= offer;
  }
  // The invitations' panel, beside the board: while a seat can be offered, or its link is shown.
  $("#invite-panel").hidden = !offered && $("#invite-box").hidden;
  $of("#first", "button").disabled = idx === 0;
  $of("#prev", "button").disabled = idx === 0;
  $of("#next", "button").disabled = live;
  $of("#last", "button").disabled = live;
}

/** The end-of-game totals of both players as a table. */
export function summaryTable(/** @type {GameState} */ st) {
  if (!st.summary) return null;
  const [w, b] = st.summary;
  const row = (/** @type {string} */ key, /** @type {(s: SideSummary) => string} */ f) => h("tr", {}, h("td", {}, t(key)), h("td", {}, f(w)), h("td", {}, f(b)));
  const [pw, pb] = st.players;
  return h("table", { class: "summary" },
    h("thead", {}, h("tr", {}, h("th"), h("th", {}, sideName("white")), h("th", {}, sideName("black")))),
    h("tbody", {},
      h("tr", {}, h("td", {}, t("web-summary-player")), h("td", {}, playerText(pw)), h("td", {}, playerText(pb))),
      row("web-summary-points", (s) => num(s.points)),
      row("web-summary-moves", (s) => num(s.moves)),
      row("web-summary-passes", (s) => num(s.passes)),
      row("web-summary-time", (s) => `${num(s.time_ms / 1000, 1)} s`),
      row("web-summary-searches", (s) => num(s.searches)),
      row("web-summary-nodes", (s) => num(s.nodes)),
      row("web-summary-alpha", (s) => num(s.alpha_cuts)),
      row("web-summary-beta", (s) => num(s.beta_cuts)),
      row("web-summary-mean-depth", (s) => num(s.mean_depth, 1)),
      row("web-summary-max-depth", (s) => num(s.max_depth)),
    ));
}

/** The result under the board (when the game is over) and the game's details line. */
export function renderResult(/** @type {Store} */ store) {
  const st = /** @type {GameState} */ (store.state);
  const over = st.status !== "playing";
  $("#result").hidden = !over;
  if (over) {
    $("#result-text").textContent = words(st.result_text);
    put($("#summary"), summaryTable(st));
  }
  const rules = [];
  if (!st.rules.threat) rules.push(t("web-no-threat-rule"));
  if (!st.rules.zero_double) rules.push(t("web-zero-not-double"));
  const start = st.start.length > 40 ? t("web-start-position") : st.start;
  const mode = t(`web-mode-${st.mode}`);
  const details = t("web-game-info", { id: st.id, mode, ms: num(st.time_ms), start });
  $("#game-id").textContent = rules.length ? `${details} · ${rules.join(", ")}` : details;
}

/** @param {SearchInfo} i */
function infoList(i) {
  const item = (/** @type {string} */ key, /** @type {string} */ text) => h("div", {}, h("dt", {}, t(key)), h("dd", {}, text));
  return [
    h("dl", {},
      item("web-depth", `${i.depth}/${i.seldepth}`),
      item("web-value", value(i, ` (${t("web-proven")})`)),
      item("web-nodes", num(i.nodes)),
      item("web-time", `${num(i.time)} ms`),
      item("web-speed", `${num(i.nps)} n/s`),
      item("web-cuts", `${num(i.alpha_cuts)} / ${num(i.beta_cuts)}`)),
    h("p", { class: "pv" }, h("span", { class: "muted" }, t("web-pv")), " ", i.pv.join(" ") || "—"),
  ];
}

/** The engine panel: the live search, else the hint, else the last search, with its statistics. */
export function renderThinking(/** @type {Store} */ store) {
  const el = $("#thinking");
  const live = store.thinking;
  if (live) {
    const whom = { who: `${sideName(live.side)} (${live.player})` };
    const head = live.queued
      ? t("web-waiting", whom)
      : `${live.hint ? t("web-hint-prefix") + " " : ""}${t("web-thinking", whom)}`;
    put(el, h("p", {}, h("strong", {}, head)), live.info ? infoList(live.info) : null);
    return;
  }
  const last = store.lastSearch();
  if (store.hint) {
    put(el, h("p", {}, h("strong", {}, `${t("web-hint-prefix")} ${store.hint.move}`)), infoList(store.hint.info));
  } else if (last && last.search) {
    put(el, h("p", {}, t("web-last-search", { side: sideName(last.side), move: last.move })), infoList(last.search));
  } else {
    put(el, h("p", { class: "muted" }, t("web-no-search")));
  }
}
