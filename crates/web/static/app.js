// The page's controller: loads the words and the game, passes the server's state and its
// events' changes to the store, redraws the views, and turns the user's choices into API calls. Legal moves, double choices,
// passes, results and announcements all come from the server.

import * as api from "./api.js";
import * as seats from "./seats.js";
import { $, $of } from "./dom.js";
import * as i18n from "./i18n.js";
import { t } from "./i18n.js";
import { knightCode, linePath } from "./cells.js";
import { Store, page } from "./state.js";
import { Board } from "./view-board.js";
import { bindBoard } from "./board-input.js";
import { drawChart } from "./view-chart.js";
import { renderMoves } from "./view-moves.js";
import { Analysis } from "./analysis.js";
import { arrows, marks, renderAnalysis, renderExercise, renderJudgement, renderThinkHere, tryArrows } from "./view-analysis.js";
import { Exercises } from "./exercise.js";
import { Clocks } from "./clock.js";
import { playerText, renderControls, renderPlayers, renderResult, renderThinking } from "./view-panels.js";
import * as dialogs from "./view-dialogs.js";
import { bindShortcuts } from "./shortcuts.js";
import { burnChoice, cancelBurn, chooseBurn, takeBurn } from "./choice.js";
import { uploadFile, uploadedIds } from "./upload.js";
import { claimInvitation, invite } from "./invitation.js";
import * as arena from "./arena.js";

/** @typedef {import("./types/wire").GameState} GameState */
/** @typedef {import("./types/wire").WireEvents} WireEvents */
/** @typedef {import("./types/wire").Changes} Changes */
/** @typedef {import("./types/wire").Destination} Destination */
/** @typedef {import("./types/wire").Side} Side */
/** @typedef {import("./state.js").Change} Change */
/** @typedef {import("./state.js").Thinker} Thinker */

// The controller's parts, made once: the game's store, the views and the analysis. Their state is
// theirs (the game's in `store`); the rest of the page's is `page` (state.js).
const store = new Store();
const clocks = new Clocks();
const board = new Board($("#board"), $("#overlay"));
const analysis = new Analysis(() => render());
const exercises = new Exercises(() => {
  // The exercise's position is the one before its ply.
  const ex = exercises.current();
  if (ex && store.state) store.review(ex.ply - 1);
  render();
});
// ---------- drawing ----------

function render() {
  const st = store.state;
  if (!st) return;
  const { idx, live, entry } = store.current();
  const myTurn = store.myTurn();
  const task = exerciseTask(idx);
  const burn = burnChoice();
  const dests = burn ? [] : task ? task.destinations : myTurn ? st.destinations : [];
  board.render({
    cells: entry.cells,
    last: entry.to !== null ? { from: entry.from, to: entry.to } : null,
    dests: new Map(dests.map((d) => [d.index, d])),
    threatened: new Set(myTurn && $of("#show-threats", "input").checked ? st.threatened : []),
    movable: burn ? null : task ? entry.cells.indexOf(knightCode(task.side)) : myTurn ? entry.cells.indexOf(knightCode(st.to_move)) : null,
    hint: live && store.hint ? store.hint.index : null,
    reviewing: !live,
    doubles: new Set(st.doubles),
    burn,
  });
  renderPlayers(store, idx, live, entry);
  // The choice of a double to remove says what to do where the status is (the board stays clear).
  $("#status").classList.toggle("choosing", !!burn);
  if (burn) $("#status").textContent = t("web-burn-hint", { number: String(burn.number).padStart(2, "0"), cell: burn.cell });
  clocks.sync(st);
  renderControls(store, idx, live);
  renderResult(store);
  const links = api.downloads(st.id);
  $of("#download-record", "a").href = links.record;
  $of("#download-log", "a").href = links.log;
  const an = analysis.data;
  const plyMarks = an ? new Map(an.plies.map((p) => [p.ply, marks(p)])) : null;
  renderMoves($("#moves tbody"), st.plies, idx, plyMarks);
  drawChart($("#chart"), st.plies);
  renderThinking(store);
  renderAnalysis($("#analysis"), analysis, {
    game: st.plies.length,
    names: /** @type {Side[]} */ (["white", "black"]).map((side) => {
      const p = store.player(side);
      return p ? playerText(p) : "";
    }),
    current: idx,
    onStart: () => analysis.start(),
    onPick: (ply) => review(ply),
  });
  // The live lines belong to the position they were asked for, and never to an exercise (they
  // would show its answer).
  if (page.thinker && (page.thinker.ply !== idx || exercises.current())) stopThinking();
  const over = idx === st.plies.length && st.status !== "playing";
  renderThinkHere($("#think-here"), page.thinker, {
    canThink: !over && !exerciseTask(idx),
    onThink: thinkHere,
    onStop: () => {
      if (page.thinker) {
        page.thinker.es.close();
        page.thinker.done = true;
      }
      render();
    },
  });
  renderExercise($("#exercise"), exercises, !!an);
  renderJudgement($("#judgement"), analysis, idx);
  showCoach();
  drawOverlay(idx);
}

/**
 * The panel next to the board (the judgement of the ply shown, the exercise), hidden when
 * empty; a try's verdict is brought into view when it comes (a phone scrolled elsewhere).
 */
function showCoach() {
  $("#coach").hidden = !$("#judgement").childElementCount && !$("#exercise").childElementCount;
  // The try last shown, to bring its verdict into view once.
  if (exercises.answer === page.answerShown) return;
  page.answerShown = exercises.answer;
  const verdict = document.querySelector(".exercise-verdict");
  if (!verdict) return;
  const r = verdict.getBoundingClientRect();
  if (r.top < 0 || r.bottom > innerHeight) verdict.scrollIntoView({ block: "nearest" });
}

/** Asks the engine to think about the position shown (its live lines: `page.thinker`). */
function thinkHere() {
  stopThinking();
  if (!store.gameId) return;
  const ply = store.current().idx;
  const es = api.thinkAbout(store.gameId, ply);
  /** @type {Thinker} */
  const me = { ply, es, data: null, done: false, error: false };
  page.thinker = me;
  const take = (/** @type {MessageEvent<string>} */ ev, /** @type {boolean} */ done) => {
    if (page.thinker !== me) return;
    me.data = JSON.parse(ev.data);
    me.done = done;
    if (done) es.close();
    render();
  };
  es.addEventListener("info", (ev) => take(ev, false));
  es.addEventListener("done", (ev) => take(ev, true));
  es.onerror = () => {
    es.close();
    if (page.thinker === me && !me.done) {
      me.error = !me.data;
      me.done = true;
      render();
    }
  };
  render();
}

/** Stops the engine's live lines (the server stops searching when the stream closes). */
function stopThinking() {
  if (page.thinker) page.thinker.es.close();
  page.thinker = null;
}

/**
 * The exercise waiting for a try at the position shown (`idx`), or null.
 * @param {number} idx
 */
function exerciseTask(idx) {
  const ex = exercises.current();
  return ex && !exercises.answer && !exercises.busy && idx === ex.ply - 1 ? ex : null;
}

/**
 * The live search's line (or the hint's) on the board, else the analysis's arrows of the ply shown.
 * @param {number} idx
 */
function drawOverlay(idx) {
  const thinker = page.thinker;
  const pv = store.pvPath();
  const ex = exercises.current();
  // An exercise's position shows only its own arrows (none before a try).
  if (ex && idx === ex.ply - 1) board.drawArrows(exercises.answer ? tryArrows(ex, exercises.answer, store.boards[idx]) : []);
  else if (thinker && thinker.data && thinker.ply === idx) {
    board.drawPv(linePath(store.boards[idx], thinker.data.side, thinker.data.info.pv));
  }
  else if (pv.length || !analysis.data) board.drawPv(pv);
  else board.drawArrows(arrows(analysis.data, idx, idx > 0 ? store.boards[idx - 1] : null));
}

// ---------- the server's news ----------

/** @param {GameState} st */
function onState(st) {
  shown(store.accept(st));
}

/**
 * An event of the stream: applied to the state, or (one was missed) the state loaded again.
 * @template {keyof WireEvents} K
 * @param {K} type
 * @param {WireEvents[K]} ev
 */
function onChange(type, ev) {
  const change = store.apply(type, ev);
  if (change && "reload" in change) {
    const id = store.gameId;
    if (id) api.getGame(id).then(onState, (e) => dialogs.showError(api.errorText(e)));
    return;
  }
  shown(change);
}

/**
 * Shows a change the store took (`null`: nothing new).
 * @param {Change | null} change
 */
function shown(change) {
  const st = store.state;
  if (!change || !st) return;
  seats.reconcile(st);
  store.seats = seats.held(st.id);
  // The server could not store the computer's move (disk full, …): say so until it can.
  if (st.problem) dialogs.showError(i18n.words(st.problem));
  if (change.plies > 0) {
    const passes = store.announcement.filter((a) => a.kind === "pass");
    if (passes.length) dialogs.toast(passes.map((a) => i18n.words(a.message)).join(" "));
  }
  render();
  if (change.ended) dialogs.showGameOver(st);
}

/** @param {WireEvents["thinking"]} th */
function onThinking(th) {
  store.thinking = th;
  renderThinking(store);
  drawOverlay(store.current().idx);
}

function gameIdFromUrl() {
  const m = /^#\/game\/([A-Za-z0-9-]+)/.exec(location.hash);
  return m ? m[1] : new URLSearchParams(location.search).get("game");
}

/**
 * Shows an uploaded game and starts its analysis (once shown: `page.analyseWhenShown`).
 * @param {string} id
 */
function openUploaded(id) {
  $of("#games", "dialog").close();
  page.analyseWhenShown = id;
  location.hash = `#/game/${id}`;
}

/** @param {string} id */
async function loadGame(id) {
  if (page.events) page.events.close();
  page.events = null;
  stopThinking();
  cancelBurn();
  store.reset(id);
  analysis.reset(id);
  exercises.reset(id);
  store.seats = seats.held(id);
  $("#invite-box").hidden = true;
  dialogs.showError("");
  try {
    onState(await api.getGame(id));
  } catch (e) {
    dialogs.showError(api.errorText(e));
    dialogs.openNewGame();
    return;
  }
  if (store.gameId !== id || !store.state) return;
  page.events = api.follow(id, store.state.version, { onChange, onThinking });
  if (page.analyseWhenShown === id) {
    page.analyseWhenShown = null;
    analysis.start();
  } else analysis.load(id);
  if ($of("#new-game", "dialog").open) $of("#new-game", "dialog").close();
  showBoard();
}

/** Brings the board into view if it is not (a phone scrolled down to the move list). */
function showBoard() {
  const r = $("#board").getBoundingClientRect();
  if (r.top < 0 || r.bottom > innerHeight) $(".players").scrollIntoView({ block: "start" });
}

// ---------- the user's choices ----------

/**
 * Sends a request that changes the game; its answer's events are applied as the stream's are.
 * @param {() => Promise<Changes | void>} request
 */
async function call(request) {
  dialogs.showError("");
  try {
    const answer = await request();
    // A change's answer: the events it told every watcher, applied as the stream's are.
    if (answer) for (const e of answer.events) onChange(e.type, e.data);
  } catch (e) {
    dialogs.showError(api.errorText(e));
    // The game moved on before the move arrived (another tab, a second click): show where it is.
    if (api.errorCode(e) === "moved_on" && store.gameId) api.getGame(store.gameId).then(onState, () => {});
  }
}

/** @param {string} move */
async function send(move) {
  const [id, st] = [store.gameId, store.state];
  if (store.busy || !id || !st) return;
  store.busy = true;
  const token = seats.token(id, st.turn.side);
  await call(() => api.playMove(id, move, st.plies.length, token));
  store.busy = false;
}

/**
 * The move to `dest` removing the double the user picks on the board (null: cancelled).
 * @param {Destination} dest
 */
function pickBurn(dest) {
  const chosen = chooseBurn(dest, store.current().entry.cells, render);
  const burn = burnChoice();
  // The cursor on the default (the highest): Enter takes it; the focus follows when on the board.
  if (burn && burn.first !== undefined) board.setCursor(burn.first, board.root.contains(document.activeElement));
  return chosen;
}

/** @param {number} index */
async function activate(index) {
  const st = store.state;
  if (!st || takeBurn(index)) return;
  const task = exerciseTask(store.current().idx);
  if (task) {
    const dest = task.destinations.find((d) => d.index === index);
    if (!dest) return;
    const chosen = dest.options.length === 1 ? dest.options[0].move : await pickBurn(dest);
    if (chosen) exercises.attempt(chosen);
    return;
  }
  if (!store.current().live) {
    store.review(Infinity);
    render();
    return;
  }
  if (st.turn.kind !== "human") return;
  const dest = store.destination(index);
  if (!dest) {
    if (!store.isOwnKnight(index)) {
      dialogs.showError(t("web-cannot-move", { moves: st.destinations.map((d) => d.cell).join(", ") }));
    }
    return;
  }
  if (dest.options.length === 1) return send(dest.options[0].move);
  const chosen = await pickBurn(dest);
  if (chosen) send(chosen);
}

async function hint() {
  const [id, st] = [store.gameId, store.state];
  if ($of("#hint", "button").disabled || !id || !st) return;
  $of("#hint", "button").disabled = true;
  await call(async () => {
    const h = await api.hint(id, seats.token(id, st.turn.side));
    store.hint = { index: h.index, move: h.move, info: h.info };
    dialogs.toast(i18n.words(h.message));
    render();
  });
}

function undo() {
  const id = store.gameId;
  if (!id) return;
  const token = seats.token(id, store.undoSide());
  if (!$of("#undo", "button").disabled) call(() => api.undo(id, token));
}

function resign() {
  const id = store.gameId;
  if (id && confirm(t("web-resign-confirm"))) call(() => api.quit(id, seats.anyToken(id)));
}

async function deleteGame() {
  const id = store.gameId;
  if (!id || !confirm(t("web-delete-confirm"))) return;
  try {
    await api.deleteGame(id, seats.anyToken(id));
  } catch (e) {
    dialogs.showError(api.errorText(e));
    return;
  }
  seats.forget(id);
  if (page.events) page.events.close();
  page.events = null;
  store.reset(null);
  analysis.reset(null);
  exercises.reset(null);
  history.replaceState(null, "", "/");
  dialogs.toast(t("web-deleted"));
  dialogs.openNewGame();
}

/** @param {number} to */
function review(to) {
  if (!store.state) return;
  cancelBurn();
  store.review(to);
  render();
}

/** @param {Event} e */
async function startGame(e) {
  e.preventDefault();
  try {
    const st = await api.createGame(dialogs.readNewGame());
    seats.keep(st.id, st.tokens);
    $of("#new-game", "dialog").close();
    location.hash = `#/game/${st.id}`;
  } catch (err) {
    dialogs.newGameError(api.errorText(err));
  }
}

/** @param {string} lang */
async function switchLanguage(lang) {
  try {
    await i18n.load(lang, true);
  } catch (e) {
    dialogs.showError(api.errorText(e));
    return;
  }
  i18n.applyLabels();
  $of("#lang", "select").value = i18n.lang();
  // The game's words (announcements, result) are messages the page words itself: draw again.
  render();
  arena.relabel();
}

// ---------- wiring ----------

bindBoard(board, activate);
const viewIdx = () => store.current().idx;
bindShortcuts({
  active: () => !!store.state && !arena.shown(),
  back: () => review(viewIdx() - 1),
  forward: () => review(viewIdx() + 1),
  first: () => review(0),
  last: () => review(Infinity),
  hint,
  undo,
  threats: () => {
    $of("#show-threats", "input").checked = !$of("#show-threats", "input").checked;
    render();
  },
  newGame: dialogs.openNewGame,
});

/**
 * @param {string} sel
 * @param {string} event
 * @param {(e: Event) => void} f
 */
const on = (sel, event, f) => $(sel).addEventListener(event, f);
on("#new-game-button", "click", dialogs.openNewGame);
on("#new-game-cancel", "click", () => $of("#new-game", "dialog").close());
on("#new-game-form", "submit", startGame);
on("#mode", "change", dialogs.updateNewGameForm);
on("#engine", "change", dialogs.updateNewGameForm);
on("#games-button", "click", () => dialogs.showGames(() => api.listGames(seats.allTokens(), uploadedIds())));
on("#games-close", "click", () => $of("#games", "dialog").close());
on("#upload-button", "click", () => uploadFile(openUploaded));
on("#help-button", "click", () => $of("#help", "dialog").showModal());
on("#help-close", "click", () => $of("#help", "dialog").close());
on("#game-over-close", "click", () => $of("#game-over", "dialog").close());
on("#game-over-new", "click", () => {
  $of("#game-over", "dialog").close();
  dialogs.openNewGame();
});
on("#undo", "click", undo);
on("#hint", "click", hint);
on("#quit", "click", resign);
on("#delete", "click", deleteGame);
on("#invite-white", "click", () => invite(store.gameId, "white"));
on("#invite-black", "click", () => invite(store.gameId, "black"));
on("#show-threats", "change", render);
on("#first", "click", () => review(0));
on("#prev", "click", () => review(viewIdx() - 1));
on("#next", "click", () => review(viewIdx() + 1));
on("#last", "click", () => review(Infinity));
on("#lang", "change", () => switchLanguage($of("#lang", "select").value));
on("#moves tbody", "click", (e) => {
  /** @type {HTMLElement | null} */
  const tr = e.target instanceof Element ? e.target.closest("tr[data-ply]") : null;
  if (tr) review(Number(tr.dataset.ply));
});
window.addEventListener("hashchange", () => {
  if (arena.route()) return;
  const id = gameIdFromUrl();
  if (id && id !== store.gameId) loadGame(id);
});

// ---------- start ----------

/** The banner of a lost connection, shown until the server answers again (then the game is read again). */
function watchConnection() {
  api.watchConnection(
    {
      lost: () => {
        $("#offline").hidden = false;
      },
      back: () => {
        $("#offline").hidden = true;
        const error = $("#error");
        if (error.textContent === t("web-offline")) error.hidden = true;
        if (store.gameId) api.getGame(store.gameId).then(onState, () => {});
      },
    },
    () => t("web-offline"),
  );
}

async function start() {
  watchConnection();
  try {
    await i18n.load(i18n.initialLang());
    i18n.applyLabels();
  } catch (e) {
    dialogs.showError(api.errorText(e));
  }
  $of("#lang", "select").value = i18n.lang();
  api.info().then((info) => {
    dialogs.applyServerInfo(info);
    arena.applyServerInfo(info);
  }).catch(() => {});
  arena.bindArena();
  const refused = await claimInvitation();
  const initial = gameIdFromUrl();
  if (arena.route()) {
    // The arena's tab: no game until one is opened from it.
  } else if (initial) await loadGame(initial);
  else dialogs.openNewGame();
  // A spent or unknown invitation says so above the game it names (which may still be watched).
  if (refused) dialogs.showError(refused);
  document.documentElement.dataset.ready = "true";
}

start();
