// The arena's tab (`#/arena`, `#/arena/ID` for one version's games): shown instead of the board,
// refreshed every few seconds while it is in view, and the upload of a team's program (its
// files read as text here, their count and size checked against the server's bounds first; the
// team's name and the class code remembered in localStorage).

import * as api from "./api.js";
import { $, $of, h, put } from "./dom.js";
import { num, t } from "./i18n.js";
import { page } from "./state.js";
import { forfeitBlock, renderGames, renderStandings, versionText } from "./view-arena.js";

/** @typedef {import("./types/wire").ArenaView} ArenaView */
/** @typedef {import("./types/wire").ProgramUpload} ProgramUpload */
/** @typedef {import("./types/wire").ServerInfo} ServerInfo */

/** How often the tab asks for the arena again, in milliseconds. */
const REFRESH_MS = 3000;
/** The server's bounds on an upload (cavalo_match::program: MAX_FILES, MAX_BYTES). */
const MAX_FILES = 8;
const MAX_KIB = 512;
/** The glue keys the form offers, by their fields. */
const GLUE = /** @type {const} */ ([["function", "#arena-function"], ["args", "#arena-args"], ["state", "#arena-state"]]);
const KEEP = { team: "cavalo-arena-team", code: "cavalo-arena-code" };

/** The version `#/arena/ID` names (null: `#/arena`), or undefined for another address. */
function routed() {
  const m = /^#\/arena(?:\/([^/?#]+))?\/?$/.exec(location.hash);
  if (!m) return undefined;
  return m[1] ? decodeURIComponent(m[1]) : null;
}

/**
 * Shows the tab when the address is the arena's, else the board; answers whether it is shown.
 * A change of the version listed asks the arena again at once.
 */
export function route() {
  const program = routed();
  const tab = page.arena;
  const shown = program !== undefined;
  $("#arena").hidden = !shown;
  $(".layout").hidden = shown;
  $("#arena-link").setAttribute("aria-current", shown ? "page" : "false");
  if (!shown) {
    tab.shown = false;
    stop();
    return false;
  }
  if (!tab.shown || tab.program !== program) {
    tab.shown = true;
    tab.program = program;
    tab.drawn = "";
    refresh();
  }
  return true;
}

/** Whether the arena's tab is shown. */
export const shown = () => page.arena.shown;

function stop() {
  const tab = page.arena;
  if (tab.timer !== null) clearTimeout(tab.timer);
  tab.timer = null;
  // An answer on its way is dropped.
  tab.asked++;
}

/** Asks the arena now and again every few seconds while the tab is shown and the page in view. */
async function refresh() {
  stop();
  const tab = page.arena;
  if (!tab.shown || document.visibilityState === "hidden") return;
  const asked = tab.asked;
  const program = tab.program;
  try {
    const view = await api.arena(program);
    if (tab.asked !== asked) return;
    showError("");
    draw(view);
  } catch (e) {
    if (tab.asked !== asked) return;
    showError(api.errorText(e));
    // A server without the arena will not have one a moment later.
    if (api.errorCode(e) === "arena_off") return;
  }
  tab.timer = setTimeout(refresh, REFRESH_MS);
}

/** @param {string} msg */
function showError(msg) {
  const el = $("#arena-error");
  el.textContent = msg;
  el.hidden = !msg;
}

/**
 * Draws the arena's answer (unless it is the one already drawn: the reader's place, focus and
 * opened details stay as they are).
 * @param {ArenaView} view
 */
function draw(view) {
  const tab = page.arena;
  const json = JSON.stringify(view);
  if (json === tab.drawn) return;
  tab.drawn = json;
  renderStandings($("#arena-standings tbody"), view.standings, tab.program);
  const mine = view.standings.find((s) => s.id === tab.program);
  const about = [t("web-arena-total", { count: view.total_games }), t("web-arena-time", { ms: view.time_ms })];
  $("#arena-summary").textContent = about.join(" · ");
  $("#arena-championship").hidden = !view.championship;
  $("#arena-games-title").textContent = mine ? t("web-arena-games-of", { version: versionText(mine.team, mine.version) }) : t(tab.program ? "web-arena-games-old" : "web-arena-recent");
  $("#arena-all").hidden = !tab.program;
  const last = mine && mine.last_error;
  put($("#arena-last-error"), last && [h("h3", {}, t("web-arena-last-forfeit")), forfeitBlock(last, versionText(mine.team, mine.version), tab.opened)]);
  renderGames($("#arena-games"), view.games, tab.opened);
}

/** Words the tab again in the page's language (the server's words asked again in it). */
export function relabel() {
  showFiles();
  if (!page.arena.shown) return;
  page.arena.drawn = "";
  refresh();
}

/** Shows the arena's entry in the navigation when the server runs it. */
export function applyServerInfo(/** @type {ServerInfo} */ info) {
  $("#arena-link").hidden = !info.arena;
}

// ---------- the upload ----------

/** The files chosen. */
const chosen = () => [...($of("#arena-files", "input").files || [])];

/** Shows the files chosen, their size against the bounds, and the entry to pick among them. */
function showFiles() {
  const files = chosen();
  const bytes = files.reduce((sum, f) => sum + f.size, 0);
  put($("#arena-file-list"), files.map((f) => h("li", {}, h("code", {}, f.name), ` · ${num(f.size / 1024, 1)} KiB`)));
  const over = files.length > MAX_FILES ? t("web-arena-too-many", { max: MAX_FILES }) : bytes > MAX_KIB * 1024 ? t("web-arena-too-big", { max: MAX_KIB }) : "";
  const total = $("#arena-files-total");
  total.textContent = files.length ? over || t("web-arena-files-total", { count: files.length, size: num(bytes / 1024, 1), max: MAX_KIB }) : "";
  total.classList.toggle("error", !!over);
  const entry = $of("#arena-entry", "select");
  const before = entry.value;
  put(entry, files.map((f) => h("option", { value: f.name }, f.name)));
  if (files.some((f) => f.name === before)) entry.value = before;
  $("#arena-entry-field").hidden = files.length < 2;
  return !over;
}

/**
 * The upload as the server takes it, the files read as text; a refusal here says why.
 * @returns {Promise<ProgramUpload | string>}
 */
async function readForm() {
  const files = chosen();
  if (!files.length) return t("web-arena-no-files");
  if (!showFiles()) return $("#arena-files-total").textContent || "";
  /** @type {ProgramUpload} */
  const upload = {
    team: $of("#arena-team", "input").value.trim(),
    code: $of("#arena-code", "input").value.trim(),
    files: await Promise.all(files.map(async (f) => ({ name: f.name, text: await f.text() }))),
  };
  if (files.length > 1) upload.entry = $of("#arena-entry", "select").value;
  /** @type {Record<string, string>} */
  const options = {};
  for (const [key, sel] of GLUE) {
    const value = $of(sel, "input").value.trim();
    if (value) options[key] = value;
  }
  if (Object.keys(options).length) upload.options = options;
  return upload;
}

/** Keeps the team's name and the class code for the next upload. */
function remember() {
  try {
    localStorage.setItem(KEEP.team, $of("#arena-team", "input").value.trim());
    localStorage.setItem(KEEP.code, $of("#arena-code", "input").value.trim());
  } catch {
    // A browser without storage asks for them again next time.
  }
}

function recall() {
  try {
    $of("#arena-team", "input").value = localStorage.getItem(KEEP.team) || "";
    $of("#arena-code", "input").value = localStorage.getItem(KEEP.code) || "";
  } catch {
    // Nothing kept.
  }
}

/**
 * Says how the upload went: `error` (the server's words), else `done`.
 * @param {string} error
 * @param {string} [done]
 */
function said(error, done = "") {
  const [e, d] = [$("#arena-upload-error"), $("#arena-upload-done")];
  e.textContent = error;
  e.hidden = !error;
  d.textContent = done;
  d.hidden = !done;
}

/** Sends the form: the new version is shown with its games, or the refusal is said. */
async function send(/** @type {Event} */ e) {
  e.preventDefault();
  const button = $of("#arena-send", "button");
  if (button.disabled) return;
  said("");
  const upload = await readForm();
  if (typeof upload === "string") return said(upload);
  remember();
  button.disabled = true;
  try {
    const got = await api.uploadProgram(upload);
    said("", t("web-arena-taken", { version: versionText(got.team, got.version) }));
    location.hash = `#/arena/${encodeURIComponent(got.id)}`;
  } catch (err) {
    said(api.errorText(err));
  } finally {
    button.disabled = false;
  }
}

/** Wires the tab: its form, its rows (each opens its version's games) and the page's visibility. */
export function bindArena() {
  recall();
  $("#arena-form").addEventListener("submit", send);
  $("#arena-files").addEventListener("change", () => showFiles());
  $("#arena-standings").addEventListener("click", (e) => {
    /** @type {HTMLElement | null} */
    const tr = e.target instanceof Element && !e.target.closest("a") ? e.target.closest("tr[data-id]") : null;
    if (tr && tr.dataset.id) location.hash = `#/arena/${encodeURIComponent(tr.dataset.id)}`;
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && page.arena.shown) refresh();
    else stop();
  });
}
