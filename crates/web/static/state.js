// What the page knows: the server's game state (loaded whole, then kept up to date by the
// events' changes), the positions of every ply, the live search, the ply under review and the
// last hint ([`Store`]); and the rest of the page's state, in one place ([`page`]). No DOM here;
// the views read it and the controller (app.js) changes it.

import { knightCode, linePath } from "./cells.js";

/**
 * The wire's types (`types/wire.d.ts`, generated from the server's Rust types).
 * @typedef {import("./types/wire").GameState} GameState
 * @typedef {import("./types/wire").PlyView} PlyView
 * @typedef {import("./types/wire").Said} Said
 * @typedef {import("./types/wire").Side} Side
 * @typedef {import("./types/wire").LiveView} LiveView
 * @typedef {import("./types/wire").SearchInfo} SearchInfo
 * @typedef {import("./types/wire").Destination} Destination
 * @typedef {import("./types/wire").PlayerView} PlayerView
 * @typedef {import("./types/wire").WireEvents} WireEvents
 * @typedef {import("./types/wire").Lines} Lines
 */

/** @typedef {number | null} CellCode A cell as the server writes it: its number, `null` once removed, `-1`/`-2` a knight. */
/** @typedef {{ token: string, claimed: boolean }} Seat A seat this browser holds. */
/** @typedef {Partial<Record<Side, Seat>>} Seats The seats this browser holds in a game, by side. */
/** @typedef {{ index: number | null, move: string, info: SearchInfo }} HintShown The last hint. */
/** @typedef {{ plies: number, ended: boolean }} Change What a state or an event changed. */
/** @typedef {{ from: number | null, to: number, side: Side }} Arrow A move drawn on the board. */

/**
 * The engine's live lines asked for the position shown.
 * @typedef {object} Thinker
 * @property {number} ply The position's ply.
 * @property {EventSource} es Its stream.
 * @property {Lines | null} data The last lines.
 * @property {boolean} done Whether they have ended.
 * @property {boolean} error Whether they ended before any line.
 */

/**
 * The choice of a double to remove, waiting for a cell.
 * @typedef {object} PendingBurn
 * @property {Destination} dest The destination.
 * @property {Map<number, string>} moves The move of each candidate's cell.
 * @property {(move: string | null) => void} resolve Ends the choice.
 */

/**
 * The connection to the server as the page last saw it, and who is told of a change.
 * @typedef {object} Connection
 * @property {boolean} lost Whether the server stopped answering.
 * @property {{ lost(): void, back(): void }} told Who is told.
 * @property {() => string} offline Words the refusal of a request made while lost.
 * @property {ReturnType<typeof setInterval> | null} probing The probe of the server while lost.
 */

/**
 * The page's words: the language, its catalogue, its number formats and plural rules.
 * @typedef {object} Words
 * @property {string} lang The language's code.
 * @property {Record<string, unknown>} catalogue The server's patterns by key.
 * @property {Map<number, Intl.NumberFormat>} numbers Number formats by decimals.
 * @property {Intl.PluralRules | null} plurals The language's plural rules.
 */

/**
 * The page's state besides the game's: every module reads and writes it here, none keeps its own.
 * @typedef {object} PageState
 * @property {string} language The language every request carries (api.js).
 * @property {Connection} connection The server's connection (api.js).
 * @property {Words} words The language's words (i18n.js).
 * @property {EventSource | null} events The game's event stream (app.js).
 * @property {Thinker | null} thinker The engine's live lines (app.js).
 * @property {unknown} answerShown The exercise's try last brought into view (app.js).
 * @property {string | null} analyseWhenShown The game (an upload) analysed once shown (app.js).
 * @property {PendingBurn | null} burn The choice of a double waiting (choice.js).
 * @property {ReturnType<typeof setTimeout> | null} toastTimer The toast's hiding (view-dialogs.js).
 * @property {ArenaTab} arena The arena's tab (arena.js).
 */

/**
 * The arena's tab: shown on `#/arena` (the most recent games) and `#/arena/ID` (one version's).
 * @typedef {object} ArenaTab
 * @property {boolean} shown Whether the tab is shown.
 * @property {string | null} program The version whose games are listed (null: the most recent).
 * @property {ReturnType<typeof setTimeout> | null} timer The next refresh.
 * @property {number} asked The number of the last request (an older one's answer is dropped).
 * @property {string} drawn The answer last drawn, as JSON (the same one is not drawn again).
 * @property {Set<string>} opened The games whose standard error the reader opened.
 */

/** @type {PageState} */
export const page = {
  language: "en",
  connection: { lost: false, told: { lost() {}, back() {} }, offline: () => "", probing: null },
  words: { lang: "en", catalogue: {}, numbers: new Map(), plurals: null },
  events: null,
  thinker: null,
  answerShown: null,
  analyseWhenShown: null,
  burn: null,
  toastTimer: null,
  arena: { shown: false, program: null, timer: null, asked: 0, drawn: "", opened: new Set() },
};

/** The kinds of announcement that begin a ply's (its placement, move or pass); what it removed follows. */
const PLY_KINDS = new Set(["placement", "move", "pass"]);
/** The kind of the announcement of the game's end. */
export const GAME_OVER = "game-over";

/**
 * The server's announcements (in order, a ply's own after it, the game's end last) of the last
 * `n` plies, with the game's end: what the page says after `n` plies came in.
 * @param {Said[]} list
 * @param {number} n
 * @returns {Said[]}
 */
export function latest(list, n) {
  if (n <= 0) return list.filter((a) => a.kind === GAME_OVER);
  /** @type {number[]} */
  const starts = [];
  list.forEach((a, i) => PLY_KINDS.has(a.kind) && starts.push(i));
  return list.slice(n >= starts.length ? 0 : starts[starts.length - n]);
}

/**
 * The cells after ply `p` (its `changes`: `[index, cell]`) from `cells`.
 * @param {CellCode[]} cells
 * @param {PlyView} p
 * @returns {CellCode[]}
 */
function played(cells, p) {
  const next = cells.slice();
  for (const [i, c] of p.changes || []) next[i] = c;
  return next;
}

/** The page's state. */
export class Store {
  /** @type {string | null} the game followed */
  gameId = null;
  /** @type {Seats} the seats this browser holds */
  seats = {};
  /** @type {GameState | null} the server's game state */
  state = null;
  /** @type {CellCode[][]} the cells after each ply (0: the first position) */
  boards = [];
  /** @type {LiveView | null} the live search */
  thinking = null;
  /** @type {number | null} the ply under review, or null for the current position */
  view = null;
  /** @type {HintShown | null} the last hint */
  hint = null;
  /** a move is on its way */
  busy = false;
  /** @type {Said[]} what the server announced of the last change */
  announcement = [];
  /** the game-over dialog was shown for this end */
  endShown = false;

  /**
   * Forgets everything about the current game; `id` is the game now followed.
   * @param {string | null} id
   */
  reset(id) {
    this.gameId = id;
    this.seats = {};
    this.state = null;
    this.boards = [];
    this.thinking = null;
    this.view = null;
    this.hint = null;
    this.busy = false;
    this.announcement = [];
    this.endShown = false;
  }

  /**
   * Takes a state from the server. Answers and events may cross, so an older one is ignored
   * (answer `null`). Otherwise answers what changed: `{plies: new ply count - old, ended}`, where
   * `ended` says the game has just ended (to be announced once).
   * @param {GameState} st
   * @returns {Change | null}
   */
  accept(st) {
    if (!st || st.id !== this.gameId) return null;
    const prev = this.state;
    if (prev && st.version < prev.version) return null;
    this.state = st;
    this.boards = [st.cells];
    for (const p of st.plies) this.boards.push(played(this.boards[this.boards.length - 1], p));
    const before = prev ? prev.plies.length : null;
    const plies = before === null ? 0 : st.plies.length - before;
    const said = st.announcements || [];
    // A game opened: what happened last. Plies came in: what they did. Taken back: nothing.
    if (!prev) this.announcement = latest(said, 1);
    else if (plies !== 0 || st.status !== prev.status) this.announcement = latest(said, plies);
    return this.settle(prev, plies);
  }

  /**
   * Takes an event of the server's stream (`type`, its data). Answers what changed, as
   * [`accept`] does; `null` for an event already seen; `{reload: true}` when one was missed.
   * @template {keyof WireEvents} K
   * @param {K} type
   * @param {WireEvents[K]} data
   * @returns {Change | { reload: true } | null}
   */
  apply(type, data) {
    const st = this.state;
    if (type === "state") return this.accept(/** @type {GameState} */ (data));
    if (!st || type === "thinking") return null;
    const ev = /** @type {Exclude<WireEvents[keyof WireEvents], GameState | LiveView | null>} */ (data);
    if (ev.version <= st.version) return null;
    if (ev.version !== st.version + 1) return { reload: true };
    const prev = { ...st };
    st.version = ev.version;
    let plies = 0;
    if ("ply" in ev) {
      st.plies = [...st.plies, ev.ply];
      this.boards.push(played(this.boards[this.boards.length - 1], ev.ply));
      plies = 1;
    } else if ("count" in ev) {
      const n = Math.min(ev.count, st.plies.length);
      st.plies = st.plies.slice(0, st.plies.length - n);
      this.boards = this.boards.slice(0, this.boards.length - n);
      plies = -n;
    } else if ("seats" in ev) st.seats = ev.seats;
    else if ("problem" in ev) st.problem = ev.problem;
    if ("now" in ev) Object.assign(st, ev.now);
    if ("announcements" in ev) st.announcements = ev.announcements;
    if (type === "ply" || type === "status") this.announcement = "announcements" in ev ? ev.announcements : [];
    if (type === "undone") this.announcement = [];
    return this.settle(prev, plies);
  }

  /**
   * What follows a change from `prev` by `plies` plies: the hint, the live search, the review, the end.
   * @param {GameState | null} prev
   * @param {number} plies
   * @returns {Change}
   */
  settle(prev, plies) {
    const st = /** @type {GameState} */ (this.state);
    if (plies !== 0) this.hint = null;
    if (st.turn.kind !== "computer" && this.thinking && !this.thinking.hint) this.thinking = null;
    if (this.view !== null && this.view > st.plies.length) this.view = null;
    let ended = false;
    if (st.status === "playing") this.endShown = false;
    else if (!this.endShown) {
      this.endShown = true;
      // A game loaded already over is not announced again.
      ended = !!prev;
    }
    return { plies, ended };
  }

  /**
   * The ply shown: `{idx, live, entry}` (`entry`: `{cells, points, from, to}` after that ply).
   * @returns {{ idx: number, live: boolean, entry: { cells: CellCode[], points: number[], from: number | null, to: number | null } }}
   */
  current() {
    const st = /** @type {GameState} */ (this.state);
    const n = st.plies.length;
    const idx = this.view === null ? n : this.view;
    const p = idx > 0 ? st.plies[idx - 1] : null;
    const entry = {
      cells: this.boards[idx],
      points: p ? p.points : [0, 0],
      from: p ? p.from : null,
      to: p ? p.to : null,
    };
    return { idx, live: this.view === null || this.view === n, entry };
  }

  /**
   * Shows the position after ply `to` (clamped; past the end returns to the game).
   * @param {number} to
   */
  review(to) {
    const n = /** @type {GameState} */ (this.state).plies.length;
    this.view = to >= n ? null : Math.max(0, to);
  }

  /** Whether this browser holds the seat of the human to move, in the position shown. */
  myTurn() {
    const st = this.state;
    return !!st && this.current().live && st.turn.kind === "human" && this.holds(st.turn.side);
  }

  /**
   * Whether this browser holds `side`'s seat (`this.seats`: side -> {token, claimed}).
   * @param {Side} side
   */
  holds(side) {
    return !!(this.seats && this.seats[side]);
  }

  /**
   * The side whose last chosen move an undo takes back (the server says), or null.
   * @returns {Side | null}
   */
  undoSide() {
    return (this.state && this.state.undo_side) || null;
  }

  /**
   * The legal destination at `index` for the human to move, or undefined.
   * @param {number} index
   */
  destination(index) {
    return /** @type {GameState} */ (this.state).destinations.find((d) => d.index === index);
  }

  /**
   * Whether `index` holds the knight of the side to move (in the current position).
   * @param {number} index
   */
  isOwnKnight(index) {
    const st = /** @type {GameState} */ (this.state);
    return this.boards[st.plies.length][index] === knightCode(st.to_move);
  }

  /**
   * The players' `{side, human, label, name}` of `side`.
   * @param {Side} side
   */
  player(side) {
    return /** @type {GameState} */ (this.state).players.find((p) => p.side === side);
  }

  /** The most recent ply with search statistics, or undefined. */
  lastSearch() {
    return this.state ? [...this.state.plies].reverse().find((p) => p.search) : undefined;
  }

  /**
   * The principal variation to draw (live search, else the hint) as `[{from, to, side}]`.
   * @returns {Arrow[]}
   */
  pvPath() {
    const st = this.state;
    if (!st) return [];
    const { live, entry } = this.current();
    const src = this.thinking && this.thinking.info
      ? { side: this.thinking.side, info: this.thinking.info }
      : this.hint
        ? { side: st.to_move, info: this.hint.info }
        : null;
    if (!live || !src) return [];
    return linePath(entry.cells, src.side, src.info.pv);
  }
}
