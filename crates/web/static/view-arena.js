// The arena's tab drawn: the standings of the teams' current versions and the arena's games, each
// with its players, stage, result and termination, a forfeit's reason and the program's last
// lines on standard error (the server's words, shown as text), and a link to the game's board.

import { h, put } from "./dom.js";
import { dateText, num, t } from "./i18n.js";
import { sideName } from "./view-panels.js";

/** @typedef {import("./types/wire").ArenaView} ArenaView */
/** @typedef {import("./types/wire").StandingView} StandingView */
/** @typedef {import("./types/wire").ArenaGameView} ArenaGameView */
/** @typedef {import("./types/wire").ArenaSeat} ArenaSeat */
/** @typedef {import("./types/wire").ForfeitView} ForfeitView */

/** The words of each way a game ends (the server's names, `illegal move`, as keys' ends). */
/** @type {Record<string, string>} */
const ENDS = {
  normal: "web-arena-end-normal",
  "illegal-move": "web-arena-end-illegal-move",
  timeout: "web-arena-end-timeout",
  crash: "web-arena-end-crash",
  "malformed-output": "web-arena-end-malformed-output",
  "line-too-long": "web-arena-end-line-too-long",
  "invalid-utf-8": "web-arena-end-invalid-utf-8",
  "second-bestmove": "web-arena-end-second-bestmove",
  "refused-option": "web-arena-end-refused-option",
};

/** A version for people: `Equipa A v2`. */
export const versionText = (/** @type {string} */ team, /** @type {number} */ version) =>
  t("web-arena-version", { team, version });

/** A seat for people: a team's version, or our engine at a level (`Cavalo, nível 3`). */
export function seatText(/** @type {ArenaSeat} */ seat) {
  return seat.kind === "program" ? versionText(seat.team, seat.version) : t("who-engine-level", { player: "Cavalo", level: seat.level });
}

/** How a game ended, in the page's language (a name the page does not know, as it is). */
function endText(/** @type {string} */ termination) {
  const key = ENDS[termination.replace(/ /g, "-")];
  return key ? t(key) : termination;
}

/** A game's points (1, 0.5, 0) as a score: `1`, `½`, `0`. */
const pointsText = (/** @type {number} */ p) => (p === 0.5 ? "½" : num(p));

/** A rating with its margin: `312 ± 45`; `—` before any game. */
function ratingText(/** @type {StandingView} */ s) {
  if (s.rating === undefined) return "—";
  return s.margin === undefined ? num(s.rating) : `${num(s.rating)} ± ${num(s.margin)}`;
}

/** The highest level beaten, `qualifying…` while it qualifies, `none` when it beat none. */
function levelText(/** @type {StandingView} */ s) {
  if (s.qualifying) return t("web-arena-qualifying");
  return s.level === undefined ? t("web-arena-no-level") : num(s.level);
}

/** The marker of a version or game being played. */
const playingMark = () => h("span", { class: "arena-playing" }, t("web-arena-playing"));

/**
 * A standing's row; `selected`: the version whose games are listed.
 * @param {StandingView} s
 * @param {number} rank
 * @param {string | null} selected
 */
function standingRow(s, rank, selected) {
  const href = `#/arena/${encodeURIComponent(s.id)}`;
  return h("tr", { dataset: { id: s.id }, class: s.id === selected ? "selected" : null, "aria-current": s.id === selected ? "true" : null },
    h("td", {}, num(rank)),
    h("td", { class: "arena-team" }, h("a", { href }, s.team), h("span", { class: "phone-version" }, ` v${s.version}`), s.playing && playingMark()),
    h("td", { class: "col-version" }, `v${s.version}`),
    h("td", { class: "col-games" }, num(s.games)),
    h("td", { class: "col-score" }, num(s.score, s.score % 1 ? 1 : 0)),
    h("td", {}, ratingText(s)),
    h("td", {}, levelText(s)),
    h("td", { class: s.forfeits ? "arena-forfeits" : null }, num(s.forfeits)),
  );
}

/**
 * Draws the standings into the table's body `tbody`.
 * @param {HTMLElement} tbody
 * @param {StandingView[]} standings
 * @param {string | null} selected
 */
export function renderStandings(tbody, standings, selected) {
  if (!standings.length) {
    put(tbody, h("tr", {}, h("td", { colspan: "8", class: "muted" }, t("web-arena-no-teams"))));
    return;
  }
  put(tbody, standings.map((s, i) => standingRow(s, i + 1, selected)));
}

/**
 * A forfeit: who lost by it, when and why, and the program's last lines on standard error (in a
 * `<details>` whose opening is kept in `opened` across redraws).
 * @param {ForfeitView} f
 * @param {string} who
 * @param {Set<string>} opened
 */
export function forfeitBlock(f, who, opened) {
  const lines = f.stderr.length
    ? h("details", {
        class: "arena-stderr",
        open: opened.has(f.game),
        ontoggle: (/** @type {Event} */ e) => {
          const open = /** @type {HTMLDetailsElement} */ (e.currentTarget).open;
          if (open) opened.add(f.game);
          else opened.delete(f.game);
        },
      },
      h("summary", {}, t("web-arena-stderr", { count: f.stderr.length })),
      h("pre", {}, f.stderr.join("\n")))
    : null;
  return h("div", { class: "arena-forfeit" },
    h("p", {}, t("web-arena-forfeit", { who, when: f.when, message: f.message })),
    lines);
}

/** A finished game's result: `1–0 (86–65) · played out`. */
function resultText(/** @type {ArenaGameView} */ g) {
  const parts = [];
  if (g.white_points !== undefined) parts.push(`${pointsText(g.white_points)}–${pointsText(1 - g.white_points)}`);
  if (g.points) parts.push(`(${num(g.points[0])}–${num(g.points[1])})`);
  const result = parts.join(" ");
  return [result, g.termination ? endText(g.termination) : ""].filter(Boolean).join(" · ");
}

/**
 * A game of the list: its players, stage, start, result, forfeit and the link to its board.
 * @param {ArenaGameView} g
 * @param {Set<string>} opened
 */
function gameItem(g, opened) {
  const stage = t(g.stage === "qualification" ? "web-arena-stage-qualification" : "web-arena-stage-ladder");
  const loser = g.forfeit_side === "black" ? g.black : g.white;
  const who = g.forfeit_side ? `${sideName(g.forfeit_side)} (${seatText(loser)})` : "";
  return h("li", { class: "arena-game", dataset: { game: g.game } },
    h("div", { class: "arena-game-head" },
      h("span", { class: "arena-players" },
        h("span", { class: "arena-white" }, seatText(g.white)), " – ", h("span", { class: "arena-black" }, seatText(g.black))),
      h("a", { class: "arena-open", href: `#/game/${encodeURIComponent(g.game)}`, title: t("web-arena-open-title") },
        t(g.playing ? "web-arena-watch" : "web-arena-open"))),
    h("p", { class: "muted small" }, [stage, dateText(g.started)].join(" · "), " · ",
      g.playing ? playingMark() : resultText(g)),
    g.forfeit && forfeitBlock(g.forfeit, who, opened));
}

/**
 * Draws the games into the list `ol`.
 * @param {HTMLElement} ol
 * @param {ArenaGameView[]} games
 * @param {Set<string>} opened
 */
export function renderGames(ol, games, opened) {
  put(ol, games.length ? games.map((g) => gameItem(g, opened)) : h("li", { class: "muted" }, t("web-arena-no-games")));
}
