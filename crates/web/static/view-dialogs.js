// The dialogs and passing messages: errors, toasts, the new-game form, the end of the game, the
// list of games and the keyboard help.

import { $, $of, h, put } from "./dom.js";
import { dateText, num, t, words } from "./i18n.js";
import { summaryTable, whoText } from "./view-panels.js";

import { errorText } from "./api.js";
import { page } from "./state.js";

/** @typedef {import("./types/wire").GameState} GameState */
/** @typedef {import("./types/wire").NewGame} NewGame */
/** @typedef {import("./types/wire").ServerInfo} ServerInfo */
/** @typedef {import("./types/wire").ListedGame} ListedGame */
/** @typedef {import("./types/wire").GameList} GameList */

/**
 * Shows `msg` as the page's error (an empty one hides it).
 * @param {string | null | undefined} msg
 */
export function showError(msg) {
  const el = $("#error");
  el.textContent = msg || "";
  el.hidden = !msg;
}

/**
 * Shows `msg` for a few seconds.
 * @param {string} msg
 */
export function toast(msg) {
  const el = $("#toast");
  el.textContent = msg;
  el.hidden = false;
  if (page.toastTimer !== null) clearTimeout(page.toastTimer);
  page.toastTimer = setTimeout(() => (el.hidden = true), 3500);
}

/** @param {HTMLDialogElement} dlg */
function open(dlg) {
  if (!dlg.open) dlg.showModal();
}

/** Shows only the new-game fields that the chosen mode uses. */
export function updateNewGameForm() {
  const mode = $of("#mode", "select").value;
  $("#side-field").hidden = mode !== "human-computer";
  $("#engine-field").hidden = mode === "human-human";
  // The level is our engine's: the reference players have none.
  $("#level-field").hidden = $of("#engine", "select").value !== "cavalo";
}

/** Opens the new-game dialog. */
export function openNewGame() {
  newGameError("");
  updateNewGameForm();
  open($of("#new-game", "dialog"));
}

/**
 * Shows why the server refused the new game.
 * @param {string} msg
 */
export function newGameError(msg) {
  const el = $("#new-game-error");
  el.textContent = msg;
  el.hidden = !msg;
}

/**
 * The new-game form as the server's request body.
 * @returns {NewGame}
 */
export function readNewGame() {
  /** @type {NewGame} */
  const body = {
    mode: $of("#mode", "select").value,
    human: $of("input[name=human]:checked", "input").value,
    engine: $of("#engine", "select").value,
    time_ms: Number($of("#time", "input").value),
    rules: { threat: $of("#threat", "input").checked, zero_double: $of("#zero-double", "input").checked },
    public: $of("#public", "input").checked,
  };
  if (body.engine === "cavalo") body.level = Number($of("#level", "select").value);
  const seed = $of("#seed", "input").value.trim();
  if (seed !== "") body.seed = Number(seed);
  const position = $of("#position", "textarea").value.trim();
  if (position !== "") body.position = position;
  return body;
}

/**
 * Puts the server's limits and default rules in the new-game form.
 * @param {ServerInfo} info
 */
export function applyServerInfo(info) {
  $of("#time", "input").min = String(info.min_time_ms);
  $of("#time", "input").max = String(info.max_time_ms);
  $of("#threat", "input").checked = info.default_rules.threat;
  $of("#zero-double", "input").checked = info.default_rules.zero_double;
}

/** The end-of-game dialog with the result and both players' totals. */
export function showGameOver(/** @type {GameState} */ st) {
  $("#game-over-text").textContent = words(st.result_text);
  put($("#game-over-summary"), summaryTable(st));
  open($of("#game-over", "dialog"));
}

/** @type {Record<string, string>} */
const STATUS = { playing: "web-game-playing", over: "web-game-over", quit: "web-game-abandoned" };

/** @param {ListedGame} g */
function gameLine(g) {
  const text = [
    dateText(g.date),
    `${whoText(g.players[0])} – ${whoText(g.players[1])}`,
    `${num(g.points[0])}–${num(g.points[1])}`,
    STATUS[g.status] ? t(STATUS[g.status]) : g.status,
    ...(g.public ? [t("web-game-public")] : []),
    ...(g.uploaded ? [t("web-game-uploaded")] : []),
  ].join(" · ");
  return h("a", { href: `#/game/${encodeURIComponent(g.id)}`, onclick: () => $of("#games", "dialog").close() }, text);
}

/**
 * Opens the list of games; `load()` answers `{games}`.
 * @param {() => Promise<GameList>} load
 */
export async function showGames(load) {
  const list = $("#games-list");
  put(list, h("p", { class: "muted" }, t("web-loading")));
  open($of("#games", "dialog"));
  try {
    const { games } = await load();
    put(list, games.length ? games.map(gameLine) : h("p", { class: "muted" }, t("web-no-games")));
  } catch (e) {
    put(list, errorText(e));
  }
}
