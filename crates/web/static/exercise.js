// Learn from your mistakes: the exercises of the game's analysis (its worst moves, from the
// server), the one shown, and the judgement of a try (the server's, by the analysis's values).

import * as api from "./api.js";

/** @typedef {import("./types/wire").Shown} Exercise An exercise, its answer kept back. */
/** @typedef {import("./types/wire").Answer} Answer The judgement of a try, with the answer. */

/** The exercises of one game; `onChange()` is called after every change. */
export class Exercises {
  /** @type {string | null} the game shown */
  id = null;
  /** @type {Exercise[] | null} the exercises, once asked for */
  list = null;
  /** the one shown */
  i = 0;
  /** @type {Answer | null} the judgement of the last try */
  answer = null;
  /** a try is being judged */
  busy = false;
  /** @type {string | null} */
  error = null;

  /** @param {() => void} onChange */
  constructor(onChange) {
    this.onChange = onChange;
    this.reset(null);
  }

  /**
   * Leaves the exercises; `id` is the game now shown.
   * @param {string | null} id
   */
  reset(id) {
    this.id = id;
    this.list = null;
    this.i = 0;
    this.answer = null;
    this.busy = false;
    this.error = null;
  }

  /** Whether an exercise is being shown. */
  active() {
    return !!this.list && this.list.length > 0;
  }

  /**
   * The exercise shown, or null.
   * @returns {Exercise | null}
   */
  current() {
    return this.list && this.list.length > 0 ? this.list[this.i] : null;
  }

  /** Asks the server for the game's exercises and shows the first. */
  async open() {
    const id = this.id;
    if (!id) return;
    this.error = null;
    try {
      const r = await api.getExercises(id);
      if (id !== this.id) return;
      this.list = r.exercises;
      this.i = 0;
      this.answer = null;
    } catch (e) {
      this.error = api.errorText(e);
    }
    this.onChange();
  }

  /**
   * Tries `move` at the exercise shown.
   * @param {string} move
   */
  async attempt(move) {
    const ex = this.current();
    if (!ex || !this.id || this.busy || this.answer) return;
    this.busy = true;
    this.error = null;
    this.onChange();
    try {
      const answer = await api.tryExercise(this.id, ex.ply, move);
      if (this.current() === ex) this.answer = answer;
    } catch (e) {
      this.error = api.errorText(e);
    }
    this.busy = false;
    this.onChange();
  }

  /** The same exercise, to try again. */
  again() {
    this.answer = null;
    this.error = null;
    this.onChange();
  }

  /** The next exercise (after the last: the first). */
  next() {
    if (this.list) this.i = (this.i + 1) % this.list.length;
    this.again();
  }

  /** Leaves the exercises. */
  close() {
    this.reset(this.id);
    this.onChange();
  }
}
