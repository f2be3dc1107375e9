// The page's controller: loads the words and the game, passes the server's state and its
// events' changes to the store, redraws the views, and turns the user's choices into API calls. Legal moves, double choices,
// passes, results and announcements all come from the server.

import * as api from "./api.js";
import * as seats from "./seats.js";
import { $ } from "./dom.js";
import * as i18n from "./i18n.js";
import { t } from "./i18n.js";
import { knightCode, linePath } from "./cells.js";
import { Store } from "./state.js";
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
let events = null;

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
    threatened: new Set(myTurn && $("#show-threats").checked ? st.threatened : []),
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
  $("#download-record").href = links.record;
  $("#download-log").href = links.log;
  const an = analysis.data;
  const plyMarks = an ? new Map(an.plies.map((p) => [p.ply, marks(p)])) : null;
  renderMoves($("#moves tbody"), st.plies, idx, plyMarks);
  drawChart($("#chart"), st.plies);
  renderThinking(store);
  renderAnalysis($("#analysis"), analysis, {
    game: st.plies.length,
    names: ["white", "black"].map((side) => (store.player(side) ? playerText(store.player(side)) : "")),
    current: idx,
    onStart: () => analysis.start(),
    onPick: (ply) => review(ply),
  });
  // The live lines belong to the position they were asked for, and never to an exercise (they
  // would show its answer).
  if (thinker && (thinker.ply !== idx || exercises.current())) stopThinking();
  const over = idx === st.plies.length && st.status !== "playing";
  renderThinkHere($("#think-here"), thinker, {
    canThink: !over && !exerciseTask(idx),
    onThink: thinkHere,
    onStop: () => {
      if (thinker) {
        thinker.es.close();
        thinker.done = true;
      }
      render();
    },
  });
  renderExercise($("#exercise"), exercises, !!an);
  renderJudgement($("#judgement"), analysis, idx);
  showCoach();
  drawOverlay(idx);
}

/** The try last shown, to bring its verdict into view once. */
let answerShown = null;

/**
 * The panel next to the board (the judgement of the ply shown, the exercise), hidden when
 * empty; a try's verdict is brought into view when it comes (a phone scrolled elsewhere).
 */
function showCoach() {
  $("#coach").hidden = !$("#judgement").childElementCount && !$("#exercise").childElementCount;
  if (exercises.answer === answerShown) return;
  answerShown = exercises.answer;
  const verdict = $(".exercise-verdict");
  if (!verdict) return;
  const r = verdict.getBoundingClientRect();
  if (r.top < 0 || r.bottom > innerHeight) verdict.scrollIntoView({ block: "nearest" });
}

/** The engine's live lines asked for the position shown: `{ply, es, data, done, error}`, or null. */
let thinker = null;

/** Asks the engine to think about the position shown. */
function thinkHere() {
  stopThinking();
  const ply = store.current().idx;
  const es = api.thinkAbout(store.gameId, ply);
  const me = { ply, es, data: null, done: false, error: false };
  thinker = me;
  const take = (ev, done) => {
    if (thinker !== me) return;
    me.data = JSON.parse(ev.data);
    me.done = done;
    if (done) es.close();
    render();
  };
  es.addEventListener("info", (ev) => take(ev, false));
  es.addEventListener("done", (ev) => take(ev, true));
  es.onerror = () => {
    es.close();
    if (thinker === me && !me.done) {
      me.error = !me.data;
      me.done = true;
      render();
    }
  };
  render();
}

/** Stops the engine's live lines (the server stops searching when the stream closes). */
function stopThinking() {
  if (thinker) thinker.es.close();
  thinker = null;
}

/** The exercise waiting for a try at the position shown (`idx`), or null. */
function exerciseTask(idx) {
  const ex = exercises.current();
  return ex && !exercises.answer && !exercises.busy && idx === ex.ply - 1 ? ex : null;
}

/** The live search's line (or the hint's) on the board, else the analysis's arrows of the ply shown. */
function drawOverlay(idx) {
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

function onState(st) {
  shown(store.accept(st));
}

/** An event of the stream: applied to the state, or (one was missed) the state loaded again. */
function onChange(type, ev) {
  const change = store.apply(type, ev);
  if (change && change.reload) {
    const id = store.gameId;
    api.getGame(id).then(onState, (e) => dialogs.showError(e.message));
    return;
  }
  shown(change);
}

/** Shows a change the store took (`null`: nothing new). */
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

function onThinking(th) {
  store.thinking = th;
  renderThinking(store);
  drawOverlay(store.current().idx);
}

function gameIdFromUrl() {
  const m = /^#\/game\/([A-Za-z0-9-]+)/.exec(location.hash);
  return m ? m[1] : new URLSearchParams(location.search).get("game");
}

/** The game (an upload) whose analysis starts as soon as it is shown. */
let analyseWhenShown = null;

/** Shows an uploaded game and starts its analysis. */
function openUploaded(id) {
  $("#games").close();
  analyseWhenShown = id;
  location.hash = `#/game/${id}`;
}

async function loadGame(id) {
  if (events) events.close();
  events = null;
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
    dialogs.showError(e.message);
    dialogs.openNewGame();
    return;
  }
  if (store.gameId !== id) return;
  events = api.follow(id, store.state.version, { onChange, onThinking });
  if (analyseWhenShown === id) {
    analyseWhenShown = null;
    analysis.start();
  } else analysis.load(id);
  if ($("#new-game").open) $("#new-game").close();
  showBoard();
}

/** Brings the board into view if it is not (a phone scrolled down to the move list). */
function showBoard() {
  const r = $("#board").getBoundingClientRect();
  if (r.top < 0 || r.bottom > innerHeight) $(".players").scrollIntoView({ block: "start" });
}

// ---------- the user's choices ----------

async function call(request) {
  dialogs.showError("");
  try {
    const answer = await request();
    // A change's answer: the events it told every watcher, applied as the stream's are.
    if (answer && answer.events) for (const e of answer.events) onChange(e.type, e.data);
    else if (answer) onState(answer);
  } catch (e) {
    dialogs.showError(e.message);
    // The game moved on before the move arrived (another tab, a second click): show where it is.
    if (e.code === "moved_on" && store.gameId) api.getGame(store.gameId).then(onState, () => {});
  }
}

async function send(move) {
  if (store.busy) return;
  store.busy = true;
  const token = seats.token(store.gameId, store.state.turn.side);
  await call(() => api.playMove(store.gameId, move, store.state.plies.length, token));
  store.busy = false;
}

/** The move to `dest` removing the double the user picks on the board (null: cancelled). */
function pickBurn(dest) {
  const chosen = chooseBurn(dest, store.current().entry.cells, render);
  const burn = burnChoice();
  // The cursor on the default (the highest): Enter takes it; the focus follows when on the board.
  if (burn && burn.first !== undefined) board.setCursor(burn.first, board.root.contains(document.activeElement));
  return chosen;
}

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
  if ($("#hint").disabled) return;
  $("#hint").disabled = true;
  await call(async () => {
    const h = await api.hint(store.gameId, seats.token(store.gameId, store.state.turn.side));
    store.hint = { index: h.index, move: h.move, info: h.info };
    dialogs.toast(i18n.words(h.message));
    render();
  });
}

function undo() {
  const token = seats.token(store.gameId, store.undoSide());
  if (!$("#undo").disabled) call(() => api.undo(store.gameId, token));
}

function resign() {
  if (confirm(t("web-resign-confirm"))) call(() => api.quit(store.gameId, seats.anyToken(store.gameId)));
}

async function deleteGame() {
  const id = store.gameId;
  if (!id || !confirm(t("web-delete-confirm"))) return;
  try {
    await api.deleteGame(id, seats.anyToken(id));
  } catch (e) {
    dialogs.showError(e.message);
    return;
  }
  seats.forget(id);
  if (events) events.close();
  events = null;
  store.reset(null);
  analysis.reset(null);
  exercises.reset(null);
  history.replaceState(null, "", "/");
  dialogs.toast(t("web-deleted"));
  dialogs.openNewGame();
}

function review(to) {
  if (!store.state) return;
  cancelBurn();
  store.review(to);
  render();
}

async function startGame(e) {
  e.preventDefault();
  try {
    const st = await api.createGame(dialogs.readNewGame());
    seats.keep(st.id, st.tokens);
    $("#new-game").close();
    location.hash = `#/game/${st.id}`;
  } catch (err) {
    dialogs.newGameError(err.message);
  }
}

async function switchLanguage(lang) {
  try {
    await i18n.load(lang, true);
  } catch (e) {
    dialogs.showError(e.message);
    return;
  }
  i18n.applyLabels();
  $("#lang").value = i18n.lang();
  // The game's words (announcements, result) are messages the page words itself: draw again.
  render();
}

// ---------- wiring ----------

bindBoard(board, activate);
const viewIdx = () => store.current().idx;
bindShortcuts({
  active: () => !!store.state,
  back: () => review(viewIdx() - 1),
  forward: () => review(viewIdx() + 1),
  first: () => review(0),
  last: () => review(Infinity),
  hint,
  undo,
  threats: () => {
    $("#show-threats").checked = !$("#show-threats").checked;
    render();
  },
  newGame: dialogs.openNewGame,
});

const on = (sel, event, f) => $(sel).addEventListener(event, f);
on("#new-game-button", "click", dialogs.openNewGame);
on("#new-game-cancel", "click", () => $("#new-game").close());
on("#new-game-form", "submit", startGame);
on("#mode", "change", dialogs.updateNewGameForm);
on("#engine", "change", dialogs.updateNewGameForm);
on("#games-button", "click", () => dialogs.showGames(() => api.listGames(seats.allTokens(), uploadedIds())));
on("#games-close", "click", () => $("#games").close());
on("#upload-button", "click", () => uploadFile(openUploaded));
on("#help-button", "click", () => $("#help").showModal());
on("#help-close", "click", () => $("#help").close());
on("#game-over-close", "click", () => $("#game-over").close());
on("#game-over-new", "click", () => {
  $("#game-over").close();
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
on("#lang", "change", (e) => switchLanguage(e.target.value));
on("#moves tbody", "click", (e) => {
  const tr = e.target.closest("tr[data-ply]");
  if (tr) review(Number(tr.dataset.ply));
});
window.addEventListener("hashchange", () => {
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
    dialogs.showError(e.message);
  }
  $("#lang").value = i18n.lang();
  api.info().then(dialogs.applyServerInfo).catch(() => {});
  const refused = await claimInvitation();
  const initial = gameIdFromUrl();
  if (initial) await loadGame(initial);
  else dialogs.openNewGame();
  // A spent or unknown invitation says so above the game it names (which may still be watched).
  if (refused) dialogs.showError(refused);
  document.documentElement.dataset.ready = "true";
}

start();
