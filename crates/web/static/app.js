// The page: talks to the server's JSON API and event stream, and shows what it answers. Legal
// moves, double choices, passes and results all come from the server.

import { Board, cellIndex } from "./board.js";
import { drawChart } from "./chart.js";

const $ = (sel) => document.querySelector(sel);

const ui = {
  state: null, // the server's game state
  thinking: null, // the live search, or null
  view: null, // the ply under review, or null for the current position
  hint: null, // {index, move, info}
  events: null, // EventSource
  gameId: null,
  busy: false,
  lastPlies: null,
  announcedOver: false,
};

const board = new Board($("#board"), $("#overlay"), { onActivate: activate });

// ---------- API ----------

async function api(method, path, body) {
  const opts = { method, headers: {} };
  if (body !== undefined) {
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  const res = await fetch(path, opts);
  let data = null;
  try {
    data = await res.json();
  } catch {
    data = null;
  }
  if (!res.ok) throw new Error((data && data.error) || `${res.status} ${res.statusText}`);
  return data;
}

function showError(msg) {
  const el = $("#error");
  el.textContent = msg || "";
  el.hidden = !msg;
}

let toastTimer = null;
function toast(msg) {
  const el = $("#toast");
  el.textContent = msg;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (el.hidden = true), 3500);
}

// ---------- loading a game ----------

function gameIdFromUrl() {
  const m = /^#\/game\/([A-Za-z0-9-]+)/.exec(location.hash);
  if (m) return m[1];
  return new URLSearchParams(location.search).get("game");
}

async function loadGame(id) {
  if (ui.events) ui.events.close();
  ui.gameId = id;
  ui.state = null;
  ui.thinking = null;
  ui.view = null;
  ui.hint = null;
  ui.lastPlies = null;
  showError("");
  try {
    const st = await api("GET", `/api/games/${id}`);
    ui.announcedOver = st.status !== "playing";
    setState(st);
  } catch (e) {
    showError(e.message);
    openNewGame();
    return;
  }
  const es = new EventSource(`/api/games/${id}/events`);
  es.addEventListener("state", (ev) => setState(JSON.parse(ev.data)));
  es.addEventListener("thinking", (ev) => setThinking(JSON.parse(ev.data)));
  ui.events = es;
}

// ---------- state ----------

const sideName = (s) => (s === "white" ? "White" : "Black");

function setState(st) {
  if (!st || st.id !== ui.gameId) return;
  // Answers and events may cross: never go back to an older state.
  if (ui.state && ui.state.id === st.id && st.version < ui.state.version) return;
  const before = ui.lastPlies;
  ui.state = st;
  ui.lastPlies = st.plies.length;
  if (before !== st.plies.length) ui.announcement = "";
  if (before !== null && st.plies.length > before) {
    announce(st.plies.slice(before));
    ui.hint = null;
  }
  if (before !== null && st.plies.length < before) ui.hint = null;
  if (st.turn.kind !== "computer" && ui.thinking && !ui.thinking.hint) ui.thinking = null;
  if (ui.view !== null && ui.view > st.plies.length) ui.view = null;
  render();
  if (st.status !== "playing" && !ui.announcedOver) {
    ui.announcedOver = true;
    showGameOver();
  }
  if (st.status === "playing") ui.announcedOver = false;
}

function setThinking(t) {
  ui.thinking = t;
  renderThinking();
  renderPv();
}

function who(side) {
  const p = ui.state.players.find((x) => x.side === side);
  return p.human ? sideName(side) : `${sideName(side)} (${p.label.replace(/^computer:/, "")})`;
}

function announce(newPlies) {
  const msgs = [];
  for (const p of newPlies) {
    if (p.move === "pass") msgs.push(`${who(p.side)} has no legal move and passes.`);
    else if (p.forced && p.number <= 2) msgs.push(`${who(p.side)}'s knight is placed on ${p.move} (+${p.gained}).`);
    else if (p.by === "computer") msgs.push(`${who(p.side)} plays ${p.move} (+${p.gained}).`);
  }
  const passes = newPlies.filter((p) => p.move === "pass");
  if (passes.length) toast(msgs.filter((m) => m.includes("passes")).join(" "));
  if (msgs.length) ui.announcement = msgs.join(" ");
}

function currentView() {
  const st = ui.state;
  const n = st.plies.length;
  const idx = ui.view === null ? n : ui.view;
  return { idx, live: ui.view === null || ui.view === n, entry: st.history[idx] };
}

function render() {
  const st = ui.state;
  if (!st) return;
  const { idx, live, entry } = currentView();
  const myTurn = live && st.turn.kind === "human";
  const dests = new Map();
  if (myTurn) for (const d of st.destinations) dests.set(d.index, d);
  const threatened = new Set(myTurn && $("#show-threats").checked ? st.threatened : []);
  let movable = null;
  if (myTurn) {
    const knight = entry.cells.indexOf(st.to_move === "white" ? -1 : -2);
    movable = knight >= 0 ? knight : null;
  }
  board.render({
    cells: entry.cells,
    last: entry.to !== null ? { from: entry.from, to: entry.to } : null,
    dests,
    threatened,
    movable,
    hint: live && ui.hint ? ui.hint.index : null,
    reviewing: !live,
    doubles: new Set(st.doubles),
  });

  const pts = entry.points;
  $("#points-white").textContent = pts[0];
  $("#points-black").textContent = pts[1];
  for (const p of st.players) {
    const el = $(`#name-${p.side}`);
    el.textContent = p.human ? "human" : p.label.replace(/^computer:/, "");
    el.title = p.name;
  }
  const toMove = live && st.status === "playing" ? st.to_move : null;
  $("#player-white").classList.toggle("to-move", toMove === "white");
  $("#player-black").classList.toggle("to-move", toMove === "black");

  $("#status").textContent = statusText(idx, live);
  $("#undo").disabled = !st.can_undo;
  $("#undo").hidden = st.mode === "computer-computer";
  $("#hint").disabled = !(myTurn && st.can_hint);
  $("#hint").hidden = st.mode === "computer-computer";
  $("#quit").disabled = st.status !== "playing";
  $("#first").disabled = idx === 0;
  $("#prev").disabled = idx === 0;
  $("#next").disabled = live;
  $("#last").disabled = live;

  const over = st.status !== "playing";
  $("#result").hidden = !over;
  if (over) {
    $("#result-text").textContent = st.result_text;
    $("#summary").innerHTML = summaryTable(st);
  }
  $("#download-record").href = `/api/games/${st.id}/record`;
  $("#download-log").href = `/api/games/${st.id}/log`;
  $("#game-id").textContent = `Game ${st.id} · ${st.mode} · ${st.time_ms} ms per move · start ${st.start.length > 40 ? "position" : st.start}${rulesText(st.rules)}`;
  renderMoves(idx);
  drawChart($("#chart"), st.plies);
  renderThinking();
  renderPv();
}

function rulesText(r) {
  const parts = [];
  if (!r.threat) parts.push("no threat rule");
  if (!r.zero_double) parts.push("00 not a double");
  return parts.length ? ` · ${parts.join(", ")}` : "";
}

function statusText(idx, live) {
  const st = ui.state;
  if (!live) return `Reviewing the position after ply ${idx} of ${st.plies.length} (End returns to the game).`;
  const prefix = ui.announcement ? ui.announcement + " " : "";
  switch (st.turn.kind) {
    case "human": {
      const n = st.destinations.length;
      const vs = st.mode === "human-human" ? sideName(st.turn.side) : "You";
      return `${prefix}${vs} to move (${sideName(st.turn.side)}): ${n} legal move${n === 1 ? "" : "s"}.`;
    }
    case "computer":
      return `${prefix}${who(st.turn.side)} is thinking…`;
    case "forced":
      return `${prefix}${sideName(st.turn.side)} plays the forced move ${st.turn.move}.`;
    default:
      return `${prefix}Game over: ${st.result_text}.`;
  }
}

function num(n) {
  return n === undefined || n === null ? "" : Number(n).toLocaleString("en-US");
}

function renderMoves(idx) {
  const st = ui.state;
  const rows = st.plies.map((p) => {
    const s = p.search;
    const cls = [p.forced ? "forced" : "", p.number === idx ? "current" : ""].join(" ");
    const side = p.side === "white" ? `<span class="w" title="White">♘</span>` : `<span class="b" title="Black">♞</span>`;
    const val = s ? (s.score > 0 ? "+" : "") + s.score + (s.proven ? "!" : "") : "";
    return `<tr data-ply="${p.number}" class="${cls}"><td>${p.number}</td><td>${side}</td><td>${p.move}</td>` +
      `<td>+${p.gained}</td><td>${p.points[0]}–${p.points[1]}</td><td>${s ? num(s.nodes) : ""}</td><td>${s ? num(s.alpha_cuts) : ""}</td>` +
      `<td>${s ? num(s.beta_cuts) : ""}</td><td>${p.by === "computer" && !p.forced ? p.time_ms + " ms" : p.forced ? "" : (p.time_ms / 1000).toFixed(1) + " s"}</td>` +
      `<td>${s ? s.depth : ""}</td><td>${val}</td></tr>`;
  });
  const body = $("#moves tbody");
  body.innerHTML = rows.join("");
  const cur = body.querySelector("tr.current") || body.lastElementChild;
  if (cur) cur.scrollIntoView({ block: "nearest" });
}

function summaryTable(st) {
  const [w, b] = st.summary;
  const row = (label, f) => `<tr><td>${label}</td><td>${f(w)}</td><td>${f(b)}</td></tr>`;
  return `<table class="summary"><thead><tr><th></th><th>White</th><th>Black</th></tr></thead><tbody>` +
    row("Player", (s) => s.player) +
    row("Points", (s) => s.points) +
    row("Moves", (s) => s.moves) +
    row("Passes", (s) => s.passes) +
    row("Time", (s) => (s.time_ms / 1000).toFixed(1) + " s") +
    row("Searches", (s) => s.searches) +
    row("Nodes", (s) => num(s.nodes)) +
    row("Alpha cuts", (s) => num(s.alpha_cuts)) +
    row("Beta cuts", (s) => num(s.beta_cuts)) +
    row("Mean depth", (s) => s.mean_depth.toFixed(1)) +
    row("Max depth", (s) => s.max_depth) +
    `</tbody></table>`;
}

function renderThinking() {
  const el = $("#thinking");
  const t = ui.thinking;
  const st = ui.state;
  if (t) {
    const i = t.info;
    const head = t.queued
      ? `${sideName(t.side)} (${t.player}) is waiting for a free engine…`
      : `${t.hint ? "Hint: " : ""}${sideName(t.side)} (${t.player}) is thinking…`;
    el.innerHTML = `<p><strong>${head}</strong></p>` + (i ? infoList(i) : "");
    return;
  }
  const last = st && [...st.plies].reverse().find((p) => p.search);
  if (ui.hint) {
    el.innerHTML = `<p><strong>Hint: ${ui.hint.move}</strong></p>` + infoList(ui.hint.info);
  } else if (last) {
    el.innerHTML = `<p>Last search: ${sideName(last.side)} played <strong>${last.move}</strong></p>` + infoList(last.search);
  } else {
    el.innerHTML = `<p class="muted">No search yet.</p>`;
  }
}

function infoList(i) {
  const val = (i.score > 0 ? "+" : "") + i.score + (i.proven ? " (proven)" : "");
  return `<dl><div><dt>Depth</dt><dd>${i.depth}/${i.seldepth}</dd></div><div><dt>Value</dt><dd>${val}</dd></div>` +
    `<div><dt>Nodes</dt><dd>${num(i.nodes)}</dd></div><div><dt>Time</dt><dd>${i.time} ms</dd></div>` +
    `<div><dt>Speed</dt><dd>${num(i.nps)} n/s</dd></div><div><dt>α / β cuts</dt><dd>${num(i.alpha_cuts)} / ${num(i.beta_cuts)}</dd></div></dl>` +
    `<p class="pv"><span class="muted">PV</span> ${i.pv.join(" ") || "—"}</p>`;
}

// The principal variation of the live search (or of the hint) as numbered arrows.
function renderPv() {
  const st = ui.state;
  const { live, entry } = st ? currentView() : { live: false };
  const src = ui.thinking && ui.thinking.info ? ui.thinking : ui.hint ? { side: st.to_move, info: ui.hint.info } : null;
  if (!st || !live || !src) {
    board.drawPv([]);
    return;
  }
  const knights = { white: entry.cells.indexOf(-1), black: entry.cells.indexOf(-2) };
  let side = src.side;
  const pv = [];
  for (const mv of src.info.pv) {
    const to = cellIndex(mv);
    if (to !== null) {
      pv.push({ from: knights[side] >= 0 ? knights[side] : null, to, side });
      knights[side] = to;
    }
    side = side === "white" ? "black" : "white";
  }
  board.drawPv(pv);
}

// ---------- the user's choices ----------

async function activate(index) {
  const st = ui.state;
  if (!st) return;
  if (!currentView().live) {
    ui.view = null;
    render();
    return;
  }
  if (st.turn.kind !== "human") return;
  const dest = st.destinations.find((d) => d.index === index);
  if (!dest) {
    const v = st.history[st.plies.length].cells[index];
    if (v !== (st.to_move === "white" ? -1 : -2)) {
      const names = st.destinations.map((d) => d.cell).join(", ");
      showError(`You cannot move there. Legal moves: ${names}.`);
    }
    return;
  }
  if (dest.options.length === 1) return send(dest.options[0].move);
  const chosen = await pickRemoval(dest);
  if (chosen) send(chosen);
}

async function send(move) {
  if (ui.busy) return;
  ui.busy = true;
  showError("");
  try {
    const st = await api("POST", `/api/games/${ui.gameId}/move`, { move, ply: ui.state.plies.length });
    setState(st);
  } catch (e) {
    showError(e.message);
  } finally {
    ui.busy = false;
  }
}

function pickRemoval(dest) {
  return new Promise((resolve) => {
    const dlg = $("#picker");
    const v = String(dest.value).padStart(2, "0");
    $("#picker-text").textContent = `Landing on ${v} at ${dest.cell} removes another double. Which one?`;
    const box = $("#picker-options");
    box.innerHTML = "";
    dest.options.forEach((o, n) => {
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.move = o.move;
      b.textContent = String(o.removes).padStart(2, "0");
      b.title = n === 0 ? "the highest (default)" : "";
      if (n === 0) b.classList.add("primary");
      b.addEventListener("click", () => {
        dlg.close();
        resolve(o.move);
      });
      box.appendChild(b);
    });
    const cancel = () => {
      dlg.close();
      resolve(null);
    };
    $("#picker-cancel").onclick = cancel;
    dlg.oncancel = () => resolve(null);
    dlg.showModal();
    box.firstElementChild.focus();
  });
}

async function undo() {
  showError("");
  try {
    setState(await api("POST", `/api/games/${ui.gameId}/undo`));
  } catch (e) {
    showError(e.message);
  }
}

async function hint() {
  showError("");
  $("#hint").disabled = true;
  try {
    const h = await api("POST", `/api/games/${ui.gameId}/hint`);
    ui.hint = { index: h.index, move: h.move, info: h.info };
    toast(`Hint: ${h.move}`);
    render();
  } catch (e) {
    showError(e.message);
  }
}

async function resign() {
  if (!confirm("Abandon this game?")) return;
  try {
    setState(await api("POST", `/api/games/${ui.gameId}/quit`));
  } catch (e) {
    showError(e.message);
  }
}

function review(to) {
  const st = ui.state;
  if (!st) return;
  const n = st.plies.length;
  ui.view = to >= n ? null : Math.max(0, to);
  render();
}

function viewIndex() {
  return currentView().idx;
}

// ---------- dialogs ----------

function showGameOver() {
  const st = ui.state;
  $("#game-over-text").textContent = st.result_text;
  $("#game-over-summary").innerHTML = summaryTable(st);
  const dlg = $("#game-over");
  if (!dlg.open) dlg.showModal();
}

function openNewGame() {
  $("#new-game-error").hidden = true;
  updateFormVisibility();
  const dlg = $("#new-game");
  if (!dlg.open) dlg.showModal();
}

function updateFormVisibility() {
  const mode = $("#mode").value;
  $("#side-field").hidden = mode !== "human-computer";
  $("#engine-field").hidden = mode === "human-human";
}

async function startGame(e) {
  e.preventDefault();
  const mode = $("#mode").value;
  const body = {
    mode,
    human: document.querySelector("input[name=human]:checked").value,
    engine: $("#engine").value,
    time_ms: Number($("#time").value),
    rules: { threat: $("#threat").checked, zero_double: $("#zero-double").checked },
  };
  const seed = $("#seed").value.trim();
  if (seed !== "") body.seed = Number(seed);
  const position = $("#position").value.trim();
  if (position !== "") body.position = position;
  try {
    const st = await api("POST", "/api/games", body);
    $("#new-game").close();
    location.hash = `#/game/${st.id}`;
  } catch (err) {
    const el = $("#new-game-error");
    el.textContent = err.message;
    el.hidden = false;
  }
}

async function showGames() {
  const list = $("#games-list");
  list.innerHTML = "<p class='muted'>Loading…</p>";
  $("#games").showModal();
  try {
    const { games } = await api("GET", "/api/games");
    list.innerHTML = games.length
      ? games.map((g) => `<a href="#/game/${g.id}">${g.date.replace("T", " ").replace("Z", "")} · ${g.white} vs ${g.black} · ${g.points[0]}–${g.points[1]} · ${g.status}${g.result ? " (" + g.result + ")" : ""}</a>`).join("")
      : "<p class='muted'>No games yet.</p>";
    list.querySelectorAll("a").forEach((a) => a.addEventListener("click", () => $("#games").close()));
  } catch (e) {
    list.textContent = e.message;
  }
}

// ---------- wiring ----------

$("#new-game-button").addEventListener("click", openNewGame);
$("#new-game-cancel").addEventListener("click", () => $("#new-game").close());
$("#new-game-form").addEventListener("submit", startGame);
$("#mode").addEventListener("change", updateFormVisibility);
$("#games-button").addEventListener("click", showGames);
$("#games-close").addEventListener("click", () => $("#games").close());
$("#help-button").addEventListener("click", () => $("#help").showModal());
$("#help-close").addEventListener("click", () => $("#help").close());
$("#game-over-close").addEventListener("click", () => $("#game-over").close());
$("#game-over-new").addEventListener("click", () => {
  $("#game-over").close();
  openNewGame();
});
$("#undo").addEventListener("click", undo);
$("#hint").addEventListener("click", hint);
$("#quit").addEventListener("click", resign);
$("#show-threats").addEventListener("change", render);
$("#first").addEventListener("click", () => review(0));
$("#prev").addEventListener("click", () => review(viewIndex() - 1));
$("#next").addEventListener("click", () => review(viewIndex() + 1));
$("#last").addEventListener("click", () => review(Infinity));
$("#moves tbody").addEventListener("click", (e) => {
  const tr = e.target.closest("tr[data-ply]");
  if (tr) review(Number(tr.dataset.ply));
});

document.addEventListener("keydown", (e) => {
  if (!ui.state || document.querySelector("dialog[open]")) return;
  const tag = (e.target.tagName || "").toLowerCase();
  if (["input", "select", "textarea"].includes(tag) || e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.target.closest && e.target.closest("#board")) return; // the board's own keys
  switch (e.key) {
    case "ArrowLeft": review(viewIndex() - 1); break;
    case "ArrowRight": review(viewIndex() + 1); break;
    case "Home": review(0); break;
    case "End": review(Infinity); break;
    case "h": case "H": if (!$("#hint").disabled) hint(); break;
    case "u": case "U": if (!$("#undo").disabled) undo(); break;
    case "t": case "T": $("#show-threats").checked = !$("#show-threats").checked; render(); break;
    case "n": case "N": openNewGame(); break;
    default: return;
  }
  e.preventDefault();
});

window.addEventListener("hashchange", () => {
  const id = gameIdFromUrl();
  if (id && id !== ui.gameId) loadGame(id);
});

// The server's limits and default rules for the new-game dialog.
api("GET", "/api/info")
  .then((info) => {
    $("#time").min = info.min_time_ms;
    $("#time").max = info.max_time_ms;
    $("#threat").checked = info.default_rules.threat;
    $("#zero-double").checked = info.default_rules.zero_double;
  })
  .catch(() => {});

const initial = gameIdFromUrl();
if (initial) loadGame(initial);
else openNewGame();
