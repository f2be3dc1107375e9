// The API client: every request to the server goes through here, with the page's language
// (`?lang=`) so that the server words its answers (announcements, results, errors) in it.

import { page } from "./state.js";

/** @typedef {import("./types/wire").WireEvents} WireEvents */
/** @typedef {import("./types/wire").Changes} Changes */
/** @typedef {import("./types/wire").ErrorBody} ErrorBody */
/** @typedef {import("./state.js").Connection} Connection */

/**
 * An answer other than 2xx: `message` is the server's own (already translated) text, `code` its
 * stable kind (`not_found`, `illegal_move`, `moved_on`, …).
 */
export class ApiError extends Error {
  /**
   * @param {number} status
   * @param {string} message
   * @param {string | null} code
   * @param {(ErrorBody & Record<string, unknown>) | null} [data]
   */
  constructor(status, message, code, data = null) {
    super(message);
    this.status = status;
    this.code = code;
    /** The whole answer (an error may say more than its code: a log's games to pick from). */
    this.data = data;
  }
}

/**
 * The language sent with every request from now on.
 * @param {string} lang
 */
export function setLanguage(lang) {
  page.language = lang;
}

/**
 * Tells `told.lost()` when the server stops answering (a request fails on the network, the
 * event stream breaks) and `told.back()` once it answers again (any answer; while lost, the
 * server's `/api/info` is asked every two seconds). `offline` words the refusal of a request
 * made meanwhile.
 */
export function watchConnection(/** @type {Connection["told"]} */ told, /** @type {() => string} */ offline) {
  page.connection.told = told;
  page.connection.offline = offline;
}

function lost() {
  const connection = page.connection;
  if (connection.lost) return;
  connection.lost = true;
  connection.told.lost();
  connection.probing = setInterval(() => {
    fetch(withLang("/api/info"), { headers: { Accept: "application/json" } }).then((r) => r.ok && back(), () => {});
  }, 2000);
}

function back() {
  const connection = page.connection;
  if (!connection.lost) return;
  connection.lost = false;
  if (connection.probing !== null) clearInterval(connection.probing);
  connection.probing = null;
  connection.told.back();
}

/**
 * @param {string} path
 * @param {string} [lang]
 */
function withLang(path, lang = page.language) {
  return `${path}${path.includes("?") ? "&" : "?"}lang=${encodeURIComponent(lang)}`;
}

/**
 * A request; its answer's JSON, of the type `T` the caller names (the server's, see `types/wire.d.ts`).
 * @template T
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body]
 * @param {string} [lang]
 * @param {string | null} [token]
 * @param {Record<string, string>} [headers]
 * @returns {Promise<T>}
 */
async function request(method, path, body, lang = page.language, token = null, headers = {}) {
  /** @type {Record<string, string>} */
  const sent = { Accept: "application/json", ...headers };
  /** @type {RequestInit} */
  const opts = { method, headers: sent };
  // Every change is sent as JSON (the server refuses anything else: no form of another site can).
  if (body === undefined && method !== "GET") body = {};
  if (body !== undefined) {
    sent["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  if (token) sent.Authorization = `Bearer ${token}`;
  let res;
  try {
    res = await fetch(withLang(path, lang), opts);
  } catch {
    // No answer at all: the network or the server is gone (not the browser's raw words).
    lost();
    throw new ApiError(0, page.connection.offline(), "offline");
  }
  back();
  /** @type {any} the server's JSON, of the type the caller names */
  let data = null;
  try {
    data = await res.json();
  } catch {
    data = null;
  }
  if (!res.ok) {
    throw new ApiError(res.status, (data && data.message) || `${res.status} ${res.statusText}`, data && data.code, data);
  }
  return data;
}

/**
 * What an error says: an ApiError's (the server's words) or another error's message.
 * @param {unknown} e
 * @returns {string}
 */
export const errorText = (e) => (e instanceof Error ? e.message : String(e));

/**
 * The stable code of an error (`moved_on`, …), or null for an error that is not the server's.
 * @param {unknown} e
 * @returns {string | null}
 */
export const errorCode = (e) => (e instanceof ApiError ? e.code : null);

const game = (/** @type {string} */ id) => `/api/games/${encodeURIComponent(id)}`;

/**
 * The server's limits and default rules.
 * @returns {Promise<import("./types/wire").ServerInfo>}
 */
export const info = () => request("GET", "/api/info");
/**
 * The page's labels in `lang`: `{lang, messages: {key: pattern}}` (the patterns as i18n.js reads them).
 * @param {string} lang
 * @returns {Promise<{ lang: string, messages: Record<string, unknown> }>}
 */
export const messages = (lang) => request("GET", "/api/messages", undefined, lang);
/**
 * The games this browser holds seats of (their `tokens`, sent as X-Cavalo-Seats) and the public
 * ones: `{games: [{id, public, mine, …}]}`.
 * @param {string[]} tokens
 * @param {string[]} [uploads]
 * @returns {Promise<import("./types/wire").GameList>}
 */
export const listGames = (tokens, uploads = []) =>
  request("GET", "/api/games", undefined, page.language, null, {
    "X-Cavalo-Seats": tokens.join(","),
    "X-Cavalo-Uploads": uploads.join(","),
  });
/**
 * Creates a game from the new-game form; answers its state, with `tokens` of its seats.
 * @param {import("./types/wire").NewGame} form
 * @returns {Promise<import("./types/wire").Created>}
 */
export const createGame = (form) => request("POST", "/api/games", form);
/**
 * A game's state.
 * @param {string} id
 * @returns {Promise<import("./types/wire").GameState>}
 */
export const getGame = (id) => request("GET", game(id));
/**
 * Plays `move` at ply `ply` (the server refuses a move made on an older state). A change's answer
 * is `{events: [{type, data}]}`: the events it told every watcher (see `follow`).
 * @param {string} id
 * @param {string} move
 * @param {number} ply
 * @param {string | null} token
 * @returns {Promise<Changes>}
 */
export const playMove = (id, move, ply, token) =>
  request("POST", `${game(id)}/move`, /** @type {import("./types/wire").MoveRequest} */ ({ move, ply }), page.language, token);
/**
 * Takes back the last move a human chose (the token of that move's side).
 * @param {string} id
 * @param {string | null} token
 * @returns {Promise<Changes>}
 */
export const undo = (id, token) => request("POST", `${game(id)}/undo`, undefined, page.language, token);
/**
 * Asks the engine for a move: `{move, cell, index, info, message}`.
 * @param {string} id
 * @param {string | null} token
 * @returns {Promise<import("./types/wire").Hint>}
 */
export const hint = (id, token) => request("POST", `${game(id)}/hint`, undefined, page.language, token);
/**
 * Abandons the game.
 * @param {string} id
 * @param {string | null} token
 * @returns {Promise<Changes>}
 */
export const quit = (id, token) => request("POST", `${game(id)}/quit`, undefined, page.language, token);
/**
 * Deletes the game for good.
 * @param {string} id
 * @param {string | null} token
 * @returns {Promise<unknown>}
 */
export const deleteGame = (id, token) => request("DELETE", game(id), undefined, page.language, token);
/**
 * An invitation to `side`'s seat: `{side, invite, link}`.
 * @param {string} id
 * @param {import("./types/wire").Side} side
 * @param {string | null} token
 * @returns {Promise<import("./types/wire").Invitation>}
 */
export const invite = (id, side, token) =>
  request("POST", `${game(id)}/invite`, /** @type {import("./types/wire").InviteRequest} */ ({ side }), page.language, token);
/**
 * Takes the seat an invitation opens: `{side, token, state}`.
 * @param {string} id
 * @param {string} code
 * @returns {Promise<import("./types/wire").Claimed>}
 */
export const claim = (id, code) =>
  request("POST", `${game(id)}/claim`, /** @type {import("./types/wire").ClaimRequest} */ ({ invite: code }));
/**
 * The game's analysis: the analysis (as `cavalo analyse --json` writes it) once there, else its
 * progress `{state, done, total, plies}`; `{state: "none"}` when none was asked for.
 */
export const getAnalysis = (/** @type {string} */ id) =>
  /** @type {Promise<import("./types/wire").AnalysisAnswer>} */ (request("GET", `${game(id)}/analysis`));
/** Asks for the analysis of the plies played so far (anyone who may watch may): answers as `getAnalysis`. */
export const startAnalysis = (/** @type {string} */ id) =>
  /** @type {Promise<import("./types/wire").AnalysisAnswer>} */ (request("POST", `${game(id)}/analysis`));
/**
 * The exercises of the game's analysis (`?side=`): `{exercises: [{ply, side, played, loss, class, destinations}]}`.
 * @param {string} id
 * @returns {Promise<import("./types/wire").ExerciseList>}
 */
export const getExercises = (id) => request("GET", `${game(id)}/exercises`);
/**
 * A try at the exercise of ply `ply`: `{judged: {move, value, loss, verdict}, best, best_value, played, played_value, pv}`.
 * @param {string} id
 * @param {number} ply
 * @param {string} move
 * @returns {Promise<import("./types/wire").Answer>}
 */
export const tryExercise = (id, ply, move) =>
  request("POST", `${game(id)}/exercises/${ply}`, /** @type {import("./types/wire").TryRequest} */ ({ move }));
/**
 * Brings a game (a JSON record or a log.dat's `text`; `game` picks one of a log) to the server: `{id, plies}`.
 * @param {string} text
 * @param {string | null} [game]
 * @returns {Promise<import("./types/wire").Uploaded>}
 */
export const uploadGame = (text, game) =>
  request("POST", "/api/games/upload", /** @type {import("./types/wire").Upload} */ (game ? { text, game } : { text }));
/**
 * The arena: its standings and games, the most recent or (`program`) every one of that version.
 * @param {string | null} [program]
 * @returns {Promise<import("./types/wire").ArenaView>}
 */
export const arena = (program = null) =>
  request("GET", program ? `/api/arena?program=${encodeURIComponent(program)}` : "/api/arena");
/**
 * A team's program for the arena, with the class code: answers its new version `{id, team, version}`.
 * @param {import("./types/wire").ProgramUpload} upload
 * @returns {Promise<import("./types/wire").ProgramTaken>}
 */
export const uploadProgram = (upload) => request("POST", "/api/arena/programs", upload);
/**
 * The engine's live lines for the position after ply `ply`: an EventSource of `info` events
 * (`{ply, side, info}`) and a last `done`.
 */
export const thinkAbout = (/** @type {string} */ id, /** @type {number} */ ply) => new EventSource(withLang(`${game(id)}/think?ply=${encodeURIComponent(ply)}`));
/** Where the game's record and log.dat are downloaded. */
export const downloads = (/** @type {string} */ id) => ({ record: `${game(id)}/record`, log: `${game(id)}/log` });

/**
 * The events of a game's stream that change it (see the technical manual's event list).
 * @type {(keyof WireEvents)[]}
 */
const CHANGES = ["state", "ply", "undone", "status", "seats", "problem"];

/**
 * Follows a game's events from `version` (the one the page shows: the stream then starts with
 * the changes after it, else with the whole state): `onChange(type, data)` for each change,
 * `onThinking(live)` for the live search. Returns the EventSource.
 * @param {string} id
 * @param {number} version
 * @param {{ onChange: <K extends keyof WireEvents>(type: K, data: WireEvents[K]) => void, onThinking: (live: WireEvents["thinking"]) => void }} told
 * @returns {EventSource}
 */
export function follow(id, version, { onChange, onThinking }) {
  const es = new EventSource(withLang(`${game(id)}/events?version=${encodeURIComponent(version)}`));
  for (const type of CHANGES) es.addEventListener(type, (ev) => onChange(type, JSON.parse(ev.data)));
  es.addEventListener("thinking", (ev) => onThinking(JSON.parse(ev.data)));
  // The browser tries the stream again by itself; the page says meanwhile that it is lost.
  es.addEventListener("error", () => lost());
  es.addEventListener("open", () => back());
  return es;
}
