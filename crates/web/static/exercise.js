// Learn from your mistakes: the exercises of the game's analysis (its worst moves, from the
// server), the one shown, and the judgement of a try (the server's, by the analysis's values).

import * as api from "./api.js";

/** The exercises of one game; `onChange()` is called after every change. */
export class Exercises {
  constructor(onChange) {
    this.onChange = onChange;
    this.reset(null);
  }

  /** Leaves the exercises; `id` is the game now shown. */
  reset(id) {
    this.id = id;
    this.list = null; // the exercises, once asked for
    this.i = 0; // the one shown
    this.answer = null; // the judgement of the last try
    this.busy = false; // a try is being judged
    this.error = null;
  }

  /** Whether an exercise is being shown. */
  active() {
    return !!this.list && this.list.length > 0;
  }

  /** The exercise shown, or null. */
  current() {
    return this.active() ? this.list[this.i] : null;
  }

  /** Asks the server for the game's exercises and shows the first. */
  async open() {
    const id = this.id;
    this.error = null;
    try {
      const r = await api.getExercises(id);
      if (id !== this.id) return;
      this.list = r.exercises;
      this.i = 0;
      this.answer = null;
    } catch (e) {
      this.error = e.message;
    }
    this.onChange();
  }

  /** Tries `move` at the exercise shown. */
  async attempt(move) {
    const ex = this.current();
    if (!ex || this.busy || this.answer) return;
    this.busy = true;
    this.error = null;
    this.onChange();
    try {
      const answer = await api.tryExercise(this.id, ex.ply, move);
      if (this.current() === ex) this.answer = answer;
    } catch (e) {
      this.error = e.message;
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
    this.i = (this.i + 1) % this.list.length;
    this.again();
  }

  /** Leaves the exercises. */
  close() {
    this.reset(this.id);
    this.onChange();
  }
}
