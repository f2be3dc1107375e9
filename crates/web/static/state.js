// What the page knows: the server's game state (loaded whole, then kept up to date by the
// events' changes), the positions of every ply, the live search, the ply under review and the
// last hint. No DOM here; the views read it and the controller (app.js) changes it.

import { knightCode, linePath } from "./cells.js";

/** The kinds of announcement that begin a ply's (its placement, move or pass); what it removed follows. */
const PLY_KINDS = new Set(["placement", "move", "pass"]);
/** The kind of the announcement of the game's end. */
export const GAME_OVER = "game-over";

/**
 * The server's announcements (in order, a ply's own after it, the game's end last) of the last
 * `n` plies, with the game's end: what the page says after `n` plies came in.
 */
export function latest(list, n) {
  if (n <= 0) return list.filter((a) => a.kind === GAME_OVER);
  const starts = [];
  list.forEach((a, i) => PLY_KINDS.has(a.kind) && starts.push(i));
  return list.slice(n >= starts.length ? 0 : starts[starts.length - n]);
}

/** The cells after ply `p` (its `changes`: `[index, cell]`) from `cells`. */
function played(cells, p) {
  const next = cells.slice();
  for (const [i, c] of p.changes || []) next[i] = c;
  return next;
}

/** The page's state. */
export class Store {
  constructor() {
    this.reset(null);
  }

  /** Forgets everything about the current game; `id` is the game now followed. */
  reset(id) {
    this.gameId = id;
    this.seats = {}; // the seats this browser holds: side -> {token, claimed}
    this.state = null; // the server's game state
    this.boards = []; // the cells after each ply (0: the first position)
    this.thinking = null; // the live search, or null
    this.view = null; // the ply under review, or null for the current position
    this.hint = null; // {index, move, info}
    this.busy = false; // a move is on its way
    this.announcement = []; // what the server announced of the last change: [{kind, message}]
    this.endShown = false; // the game-over dialog was shown for this end
  }

  /**
   * Takes a state from the server. Answers and events may cross, so an older one is ignored
   * (answer `null`). Otherwise answers what changed: `{plies: new ply count - old, ended}`, where
   * `ended` says the game has just ended (to be announced once).
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
    if (before === null) this.announcement = latest(said, 1);
    else if (plies !== 0 || st.status !== prev.status) this.announcement = latest(said, plies);
    return this.settle(prev, plies);
  }

  /**
   * Takes an event of the server's stream (`type`, its data). Answers what changed, as
   * [`accept`] does; `null` for an event already seen; `{reload: true}` when one was missed.
   */
  apply(type, ev) {
    const st = this.state;
    if (type === "state") return this.accept(ev);
    if (!st || type === "thinking") return null;
    if (ev.version <= st.version) return null;
    if (ev.version !== st.version + 1) return { reload: true };
    const prev = { ...st };
    st.version = ev.version;
    let plies = 0;
    if (type === "ply") {
      st.plies = [...st.plies, ev.ply];
      this.boards.push(played(this.boards[this.boards.length - 1], ev.ply));
      plies = 1;
    } else if (type === "undone") {
      const n = Math.min(ev.count, st.plies.length);
      st.plies = st.plies.slice(0, st.plies.length - n);
      this.boards = this.boards.slice(0, this.boards.length - n);
      plies = -n;
    } else if (type === "seats") st.seats = ev.seats;
    else if (type === "problem") st.problem = ev.problem;
    if (ev.now) Object.assign(st, ev.now);
    if (ev.announcements) st.announcements = ev.announcements;
    if (type === "ply" || type === "status") this.announcement = ev.announcements || [];
    if (type === "undone") this.announcement = [];
    return this.settle(prev, plies);
  }

  /** What follows a change from `prev` by `plies` plies: the hint, the live search, the review, the end. */
  settle(prev, plies) {
    const st = this.state;
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

  /** The ply shown: `{idx, live, entry}` (`entry`: `{cells, points, from, to}` after that ply). */
  current() {
    const st = this.state;
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

  /** Shows the position after ply `to` (clamped; past the end returns to the game). */
  review(to) {
    const n = this.state.plies.length;
    this.view = to >= n ? null : Math.max(0, to);
  }

  /** Whether this browser holds the seat of the human to move, in the position shown. */
  myTurn() {
    const st = this.state;
    return !!st && this.current().live && st.turn.kind === "human" && this.holds(st.turn.side);
  }

  /** Whether this browser holds `side`'s seat (`this.seats`: side -> {token, claimed}). */
  holds(side) {
    return !!(this.seats && this.seats[side]);
  }

  /** The side whose last chosen move an undo takes back (the server says), or null. */
  undoSide() {
    return (this.state && this.state.undo_side) || null;
  }

  /** The legal destination at `index` for the human to move, or undefined. */
  destination(index) {
    return this.state.destinations.find((d) => d.index === index);
  }

  /** Whether `index` holds the knight of the side to move (in the current position). */
  isOwnKnight(index) {
    const st = this.state;
    return this.boards[st.plies.length][index] === knightCode(st.to_move);
  }

  /** The players' `{side, human, label, name}` of `side`. */
  player(side) {
    return this.state.players.find((p) => p.side === side);
  }

  /** The most recent ply with search statistics, or undefined. */
  lastSearch() {
    return this.state ? [...this.state.plies].reverse().find((p) => p.search) : undefined;
  }

  /** The principal variation to draw (live search, else the hint) as `[{from, to, side}]`. */
  pvPath() {
    const st = this.state;
    if (!st) return [];
    const { live, entry } = this.current();
    const src = this.thinking && this.thinking.info
      ? this.thinking
      : this.hint
        ? { side: st.to_move, info: this.hint.info }
        : null;
    if (!live || !src) return [];
    return linePath(entry.cells, src.side, src.info.pv);
  }
}
