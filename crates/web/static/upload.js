// Games brought to the server as files: the upload from the games dialog, the choice among the
// games of a log.dat that holds several (the server answers them instead of a game), and the ids
// of this browser's uploads, kept in localStorage so that the list of games shows them.

import * as api from "./api.js";
import { $, $of, h, put } from "./dom.js";
import { dateText, t } from "./i18n.js";
import { whoText } from "./view-panels.js";

/** @typedef {import("./types/wire").LogChoice} LogGame */

const KEY = "cavalo-uploads";

/** The most uploads remembered (the server lists no more for a request). */
const MAX_KEPT = 200;

/** The ids of the games this browser uploaded, the most recent last. */
export function uploadedIds() {
  try {
    /** @type {unknown[]} */
    const ids = JSON.parse(localStorage.getItem(KEY) || "null") || [];
    return ids.filter(/** @returns {id is string} */ (id) => typeof id === "string" && /^[A-Za-z0-9_-]{1,128}$/.test(id));
  } catch {
    return [];
  }
}

/** @param {string} id */
function remember(id) {
  const ids = uploadedIds().filter((x) => x !== id);
  ids.push(id);
  try {
    localStorage.setItem(KEY, JSON.stringify(ids.slice(-MAX_KEPT)));
  } catch {
    // Storage full or refused: the upload is opened, but not listed later.
  }
}

/**
 * A game of a log as the choice words it (`g`: one of the server's `games`).
 * @param {LogGame} g
 */
function choiceText(g) {
  return t("web-upload-choice", {
    date: g.date ? dateText(g.date) : "—",
    white: g.players[0] ? whoText(g.players[0]) : "—",
    black: g.players[1] ? whoText(g.players[1]) : "—",
    result: g.result || "none",
    wpoints: g.points[0],
    bpoints: g.points[1],
    plies: g.plies,
  });
}

/**
 * Shows the games of a log to pick one from; picking one uploads it with `pick(id)`.
 * @param {LogGame[]} games
 * @param {(id: string) => void} pick
 */
function showChoice(games, pick) {
  put($("#upload-choice"),
    h("p", {}, t("web-upload-several", { count: games.length })),
    h("div", { class: "choices" }, games.map((g) => h("button", {
      type: "button",
      class: "upload-pick",
      dataset: { game: g.id },
      onclick: () => pick(g.id),
    }, choiceText(g)))),
  );
}

/**
 * Sends the file chosen in the games dialog (`game`: the id of one game of a log, else the one
 * typed, if any) and calls `opened(id)` with the game it makes; a log of several games shows
 * them to pick from instead, and a refusal says why.
 * @param {(id: string) => void} opened
 * @param {string | null} [game]
 */
export async function uploadFile(opened, game = null) {
  const files = $of("#upload-file", "input").files;
  const file = files && files[0];
  const error = $("#upload-error");
  error.hidden = true;
  put($("#upload-choice"));
  if (!file) return;
  try {
    const got = await api.uploadGame(await file.text(), game || $of("#upload-game", "input").value.trim());
    remember(got.id);
    opened(got.id);
  } catch (e) {
    const games = e instanceof api.ApiError && e.code === "several_games" && e.data ? e.data.games : null;
    if (Array.isArray(games)) {
      showChoice(/** @type {LogGame[]} */ (games), (id) => uploadFile(opened, id));
      return;
    }
    error.textContent = api.errorText(e);
    error.hidden = false;
  }
}
