// The players' clocks: the time each side has spent (the state's `clock`, in milliseconds), the
// side to move's running on between the server's changes, so that it ticks while a person or the
// engine thinks. The server's figure is taken again at every change; the page only adds the time
// since it came.

import { $ } from "./dom.js";

/** @typedef {import("./types/wire").Side} Side */
/** @typedef {import("./types/wire").GameState} GameState */

/**
 * `m:ss` (or `h:mm:ss`) of `ms`.
 * @param {number} ms
 */
export function clockText(ms) {
  const s = Math.floor(Math.max(0, ms) / 1000);
  const [h, m, sec] = [Math.floor(s / 3600), Math.floor(s / 60) % 60, s % 60];
  const two = (/** @type {number} */ n) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${two(m)}:${two(sec)}` : `${m}:${two(sec)}`;
}

/** The two clocks on the page. */
export class Clocks {
  constructor() {
    this.base = [0, 0]; // the server's figures
    this.since = 0; // when they came (performance.now())
    /** @type {Side | null} the side whose clock runs */
    this.running = null;
    this.key = "";
    setInterval(() => this.draw(), 250);
  }

  /**
   * Takes the game's state: its clock, and whose runs (the side to move while it is playing).
   * @param {GameState | null} st
   */
  sync(st) {
    const running = st && st.status === "playing" && st.clock ? st.to_move : null;
    const key = st ? `${st.id} ${st.plies.length} ${st.clock} ${running}` : "";
    if (key === this.key) return;
    this.key = key;
    this.base = st && st.clock ? [...st.clock] : [0, 0];
    this.since = performance.now();
    this.running = running;
    this.draw();
  }

  /**
   * The time of `side` now, in milliseconds.
   * @param {Side} side
   */
  now(side) {
    const ms = this.base[side === "white" ? 0 : 1];
    return this.running === side ? ms + (performance.now() - this.since) : ms;
  }

  draw() {
    for (const side of /** @type {Side[]} */ (["white", "black"])) {
      const el = $(`#clock-${side}`);
      if (!el) continue;
      const text = clockText(this.now(side));
      if (el.textContent !== text) el.textContent = text;
      el.classList.toggle("running", this.running === side);
    }
  }
}
