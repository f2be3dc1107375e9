// The API client: every request to the server goes through here, with the page's language
// (`?lang=`) so that the server words its answers (announcements, results, errors) in it.

/**
 * An answer other than 2xx: `message` is the server's own (already translated) text, `code` its
 * stable kind (`not_found`, `illegal_move`, `moved_on`, …).
 */
export class ApiError extends Error {
  constructor(status, message, code, data = null) {
    super(message);
    this.status = status;
    this.code = code;
    /** The whole answer (an error may say more than its code: a log's games to pick from). */
    this.data = data;
  }
}

let language = "en";

/** The language sent with every request from now on. */
export function setLanguage(lang) {
  language = lang;
}

/** The connection to the server as the page last saw it, and who is told of a change. */
const connection = { lost: false, told: { lost() {}, back() {} }, offline: "", probing: null };

/**
 * Tells `told.lost()` when the server stops answering (a request fails on the network, the
 * event stream breaks) and `told.back()` once it answers again (any answer; while lost, the
 * server's `/api/info` is asked every two seconds). `offline` words the refusal of a request
 * made meanwhile.
 */
export function watchConnection(told, offline) {
  connection.told = told;
  connection.offline = offline;
}

function lost() {
  if (connection.lost) return;
  connection.lost = true;
  connection.told.lost();
  connection.probing = setInterval(() => {
    fetch(withLang("/api/info"), { headers: { Accept: "application/json" } }).then((r) => r.ok && back(), () => {});
  }, 2000);
}

function back() {
  if (!connection.lost) return;
  connection.lost = false;
  clearInterval(connection.probing);
  connection.told.back();
}

function withLang(path, lang = language) {
  return `${path}${path.includes("?") ? "&" : "?"}lang=${encodeURIComponent(lang)}`;
}

async function request(method, path, body, lang = language, token = null, headers = {}) {
  const opts = { method, headers: { Accept: "application/json", ...headers } };
  // Every change is sent as JSON (the server refuses anything else: no form of another site can).
  if (body === undefined && method !== "GET") body = {};
  if (body !== undefined) {
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  if (token) opts.headers.Authorization = `Bearer ${token}`;
  let res;
  try {
    res = await fetch(withLang(path, lang), opts);
  } catch {
    // No answer at all: the network or the server is gone (not the browser's raw words).
    lost();
    throw new ApiError(0, connection.offline(), "offline");
  }
  back();
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

const game = (id) => `/api/games/${encodeURIComponent(id)}`;

/** The server's limits and default rules. */
export const info = () => request("GET", "/api/info");
/** The page's labels in `lang`: `{lang, messages: {key: text}}`. */
export const messages = (lang) => request("GET", "/api/messages", undefined, lang);
/**
 * The games this browser holds seats of (their `tokens`, sent as X-Cavalo-Seats) and the public
 * ones: `{games: [{id, public, mine, …}]}`.
 */
export const listGames = (tokens, uploads = []) =>
  request("GET", "/api/games", undefined, language, null, {
    "X-Cavalo-Seats": tokens.join(","),
    "X-Cavalo-Uploads": uploads.join(","),
  });
/** Creates a game from the new-game form; answers its state, with `tokens` of its seats. */
export const createGame = (form) => request("POST", "/api/games", form);
/** A game's state. */
export const getGame = (id) => request("GET", game(id));
/**
 * Plays `move` at ply `ply` (the server refuses a move made on an older state). A change's answer
 * is `{events: [{type, data}]}`: the events it told every watcher (see `follow`).
 */
export const playMove = (id, move, ply, token) =>
  request("POST", `${game(id)}/move`, { move, ply }, language, token);
/** Takes back the last move a human chose (the token of that move's side). */
export const undo = (id, token) => request("POST", `${game(id)}/undo`, undefined, language, token);
/** Asks the engine for a move: `{move, cell, index, info}`. */
export const hint = (id, token) => request("POST", `${game(id)}/hint`, undefined, language, token);
/** Abandons the game. */
export const quit = (id, token) => request("POST", `${game(id)}/quit`, undefined, language, token);
/** Deletes the game for good. */
export const deleteGame = (id, token) => request("DELETE", game(id), undefined, language, token);
/** An invitation to `side`'s seat: `{side, invite, link}`. */
export const invite = (id, side, token) =>
  request("POST", `${game(id)}/invite`, { side }, language, token);
/** Takes the seat an invitation opens: `{side, token, state}`. */
export const claim = (id, code) => request("POST", `${game(id)}/claim`, { invite: code });
/**
 * The game's analysis: the analysis (as `cavalo analyse --json` writes it) once there, else its
 * progress `{state, done, total, plies}`; `{state: "none"}` when none was asked for.
 */
export const getAnalysis = (id) => request("GET", `${game(id)}/analysis`);
/** Asks for the analysis of the plies played so far (anyone who may watch may): answers as `getAnalysis`. */
export const startAnalysis = (id) => request("POST", `${game(id)}/analysis`);
/** The exercises of the game's analysis (`?side=`): `{exercises: [{ply, side, played, loss, class, destinations}]}`. */
export const getExercises = (id) => request("GET", `${game(id)}/exercises`);
/** A try at the exercise of ply `ply`: `{judged: {move, value, loss, verdict}, best, best_value, played, played_value, pv}`. */
export const tryExercise = (id, ply, move) => request("POST", `${game(id)}/exercises/${ply}`, { move });
/** Brings a game (a JSON record or a log.dat's `text`; `game` picks one of a log) to the server: `{id, plies}`. */
export const uploadGame = (text, game) => request("POST", "/api/games/upload", game ? { text, game } : { text });
/**
 * The engine's live lines for the position after ply `ply`: an EventSource of `info` events
 * (`{ply, side, info}`) and a last `done`.
 */
export const thinkAbout = (id, ply) => new EventSource(withLang(`${game(id)}/think?ply=${encodeURIComponent(ply)}`));
/** Where the game's record and log.dat are downloaded. */
export const downloads = (id) => ({ record: `${game(id)}/record`, log: `${game(id)}/log` });

/** The events of a game's stream that change it (see the technical manual's event list). */
const CHANGES = ["state", "ply", "undone", "status", "seats", "problem"];

/**
 * Follows a game's events from `version` (the one the page shows: the stream then starts with
 * the changes after it, else with the whole state): `onChange(type, data)` for each change,
 * `onThinking(live)` for the live search. Returns the EventSource.
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
