// The dialogs and passing messages: errors, toasts, the new-game form, the end of the game, the
// list of games and the keyboard help.

import { $, h, put } from "./dom.js";
import { dateText, num, t, words } from "./i18n.js";
import { playerName, summaryTable } from "./view-panels.js";

/** Shows `msg` as the page's error (an empty one hides it). */
export function showError(msg) {
  const el = $("#error");
  el.textContent = msg || "";
  el.hidden = !msg;
}

let toastTimer = null;
/** Shows `msg` for a few seconds. */
export function toast(msg) {
  const el = $("#toast");
  el.textContent = msg;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (el.hidden = true), 3500);
}

function open(dlg) {
  if (!dlg.open) dlg.showModal();
}

/** Shows only the new-game fields that the chosen mode uses. */
export function updateNewGameForm() {
  const mode = $("#mode").value;
  $("#side-field").hidden = mode !== "human-computer";
  $("#engine-field").hidden = mode === "human-human";
  // The level is our engine's: the reference players have none.
  $("#level-field").hidden = $("#engine").value !== "cavalo";
}

/** Opens the new-game dialog. */
export function openNewGame() {
  newGameError("");
  updateNewGameForm();
  open($("#new-game"));
}

/** Shows why the server refused the new game. */
export function newGameError(msg) {
  const el = $("#new-game-error");
  el.textContent = msg;
  el.hidden = !msg;
}

/** The new-game form as the server's request body. */
export function readNewGame() {
  const body = {
    mode: $("#mode").value,
    human: $("input[name=human]:checked").value,
    engine: $("#engine").value,
    time_ms: Number($("#time").value),
    rules: { threat: $("#threat").checked, zero_double: $("#zero-double").checked },
    public: $("#public").checked,
  };
  if (body.engine === "cavalo") body.level = Number($("#level").value);
  const seed = $("#seed").value.trim();
  if (seed !== "") body.seed = Number(seed);
  const position = $("#position").value.trim();
  if (position !== "") body.position = position;
  return body;
}

/** Puts the server's limits and default rules in the new-game form. */
export function applyServerInfo(info) {
  $("#time").min = info.min_time_ms;
  $("#time").max = info.max_time_ms;
  $("#threat").checked = info.default_rules.threat;
  $("#zero-double").checked = info.default_rules.zero_double;
}

/** The end-of-game dialog with the result and both players' totals. */
export function showGameOver(st) {
  $("#game-over-text").textContent = words(st.result_text);
  put($("#game-over-summary"), summaryTable(st));
  open($("#game-over"));
}

const STATUS = { playing: "web-game-playing", over: "web-game-over", quit: "web-game-abandoned" };

function gameLine(g) {
  const text = [
    dateText(g.date),
    `${playerName(g.white_label)} – ${playerName(g.black_label)}`,
    `${num(g.points[0])}–${num(g.points[1])}`,
    STATUS[g.status] ? t(STATUS[g.status]) : g.status,
    ...(g.public ? [t("web-game-public")] : []),
    ...(g.uploaded ? [t("web-game-uploaded")] : []),
  ].join(" · ");
  return h("a", { href: `#/game/${encodeURIComponent(g.id)}`, onclick: () => $("#games").close() }, text);
}

/** Opens the list of games; `load()` answers `{games}`. */
export async function showGames(load) {
  const list = $("#games-list");
  put(list, h("p", { class: "muted" }, t("web-loading")));
  open($("#games"));
  try {
    const { games } = await load();
    put(list, games.length ? games.map(gameLine) : h("p", { class: "muted" }, t("web-no-games")));
  } catch (e) {
    put(list, e.message);
  }
}
