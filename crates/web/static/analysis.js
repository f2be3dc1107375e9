// The analysis of the game shown: asked of the server (`GET`/`POST /api/games/{id}/analysis`),
// followed while it runs (its progress polled), then kept for the views. Nothing here judges a
// move: the analysis is the server's, the JSON `cavalo analyse --json` writes.

import * as api from "./api.js";

/** How often the progress of a running analysis is asked for, in milliseconds. */
const POLL_MS = 400;

/** @typedef {import("./types/wire").AnalysisAnswer} AnalysisAnswer */
/** @typedef {import("./types/wire").Analysis} AnalysisData */
/** @typedef {import("./types/wire").Progress} Progress */

/**
 * Whether `data` is an analysis (else a progress answer `{state, done, total, plies}`, or none).
 * @param {AnalysisAnswer | null} data
 * @returns {data is AnalysisData}
 */
export const isAnalysis = (data) => !!data && "sides" in data && Array.isArray(data.plies) && Array.isArray(data.sides);

/**
 * The analysis of one game: `state` is `none` (not asked for), `waiting` (`progress` says how
 * far), `done` (`data`), `failed` (`error`, the server's words). `onChange()` is called after
 * every change.
 */
export class Analysis {
  /** @type {ReturnType<typeof setTimeout> | null} the next poll of the progress */
  timer = null;
  /** @type {string | null} the game shown */
  id = null;
  /** @type {"none" | "waiting" | "done" | "failed"} */
  state = "none";
  /** @type {AnalysisData | null} */
  data = null;
  /** @type {Progress | null} */
  progress = null;
  /** @type {string | null} */
  error = null;

  /** @param {() => void} onChange */
  constructor(onChange) {
    this.onChange = onChange;
    this.reset(null);
  }

  /**
   * Forgets the analysis; `id` is the game now shown.
   * @param {string | null} id
   */
  reset(id) {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.id = id;
    this.state = "none";
    this.data = null;
    this.progress = null;
    this.error = null;
  }

  /** The analysis's judged plies (0 when there is none). */
  plies() {
    return this.data ? this.data.plies.length : 0;
  }

  /**
   * Loads what the server holds for game `id`: the analysis, its progress, or nothing yet.
   * @param {string} id
   */
  async load(id) {
    this.reset(id);
    await this.ask(() => api.getAnalysis(id));
  }

  /** Asks for the analysis of the plies played so far. */
  async start() {
    const id = this.id;
    if (!id || this.state === "waiting") return;
    this.error = null;
    await this.ask(() => api.startAnalysis(id));
  }

  /**
   * Asks the server (`request`) and takes its answer; polls again while the analysis runs.
   * @param {() => Promise<AnalysisAnswer>} request
   */
  async ask(request) {
    const id = this.id;
    if (!id) return;
    let answer;
    try {
      answer = await request();
    } catch (e) {
      if (id !== this.id) return;
      this.state = "failed";
      this.error = api.errorText(e);
      this.onChange();
      return;
    }
    if (id !== this.id) return;
    if (isAnalysis(answer)) {
      this.state = "done";
      this.data = answer;
      this.progress = null;
    } else if (answer.state === "none") {
      this.state = "none";
    } else {
      this.state = "waiting";
      this.progress = answer;
      this.timer = setTimeout(() => this.ask(() => api.getAnalysis(id)), POLL_MS);
    }
    this.onChange();
  }
}
