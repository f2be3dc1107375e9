// The page's words: the language (chosen on the page and remembered, else the browser's), the
// catalogue the server sends for it (`GET /api/messages?lang=`), and numbers written its way.
// The page holds no sentences of its own: every label is looked up by key, and the game's
// announcements, results and problems come as messages with arguments (`{key, args}`), worded
// here by the catalogue's own patterns: arguments, numbers written the language's way, and
// choices by the language's plural rules.

import * as api from "./api.js";
import { page } from "./state.js";

/** @typedef {import("./types/wire").Words} Words */
/**
 * A pattern of the catalogue: a text, or a list of texts, `{var}` parts (an argument) and
 * `{select}` parts (a choice among variants by an argument).
 * @typedef {string | PatternPart[]} Pattern
 * @typedef {string | { var: string } | { select: string, variants: [string, Pattern][], default: number }} PatternPart
 */
/** @typedef {Record<string, string | number | Words | null | undefined>} Args A message's arguments by name. */

/** The languages the page offers. */
export const LANGS = ["pt", "en"];
const STORE_KEY = "cavalo-lang";

/**
 * Keys the page asked for that the catalogue lacks (checked by the browser tests).
 * @type {Set<string>}
 */
export const missing = new Set();
/** @type {Window & { cavaloMissing?: Set<string> }} */ (window).cavaloMissing = missing;

/**
 * @param {unknown} tag
 * @returns {string | null}
 */
function supported(tag) {
  const base = String(tag || "").toLowerCase().split(/[-_]/)[0];
  return LANGS.includes(base) ? base : null;
}

function stored() {
  try {
    return supported(localStorage.getItem(STORE_KEY));
  } catch {
    return null;
  }
}

/**
 * The catalogue the server put in the page (in the language it worded the page in), if any.
 * @returns {{ lang: string, messages: Record<string, unknown> } | null}
 */
function inline() {
  try {
    const data = JSON.parse(document.getElementById("cavalo-messages")?.textContent || "null");
    return supported(data.lang) ? data : null;
  } catch {
    return null;
  }
}

/**
 * The language to start in: the one chosen before, else the one the server worded the page in
 * (the reader's choice, else the browser's), else the browser's first we speak, else English.
 */
export function initialLang() {
  const fromPage = inline();
  return (
    stored() ||
    (fromPage && supported(fromPage.lang)) ||
    (navigator.languages || [navigator.language]).map(supported).find(Boolean) ||
    "en"
  );
}

/** The current language. */
export const lang = () => page.words.lang;

/**
 * Loads the catalogue of `lang` and makes it current (and remembered when `remember`).
 * @param {string} lang
 */
export async function load(lang, remember = false) {
  // The page came with its language's catalogue: no request (and no other language) first.
  const fromPage = inline();
  const data = fromPage && supported(fromPage.lang) === lang ? fromPage : await api.messages(lang);
  const current = supported(data.lang) || lang;
  const locale = current === "pt" ? "pt-PT" : "en";
  page.words = { lang: current, catalogue: data.messages || {}, numbers: new Map(), plurals: new Intl.PluralRules(locale) };
  api.setLanguage(current);
  document.documentElement.lang = current === "pt" ? "pt-PT" : "en";
  if (remember) {
    try {
      localStorage.setItem(STORE_KEY, current);
    } catch {
      // A browser without storage keeps the choice for this visit only.
    }
    // The server words the page in the chosen language from the next visit on.
    document.cookie = `cavalo-lang=${current}; path=/; max-age=31536000; SameSite=Lax`;
  }
}

/**
 * An argument in a message: a number as the catalogue writes it, a message worded, a text as it is.
 * @param {string | number | Words | null | undefined} value
 * @returns {string}
 */
function argText(value) {
  // Written as `num` writes every other number of the page (grouped from the thousands on: a
  // result of 1 867–620 beside the points' 1 867, never 1867).
  if (typeof value === "number") return num(value);
  if (value && typeof value === "object") return words(value);
  return String(value);
}

/**
 * The variant of a choice for `value`: the same key, else (a number) its plural category, else the default.
 * @param {{ variants: [string, Pattern][], default: number }} part
 * @param {unknown} value
 * @returns {Pattern}
 */
function choose(part, value) {
  const found = (/** @type {string} */ key) => part.variants.find((v) => v[0] === key);
  const plurals = page.words.plurals;
  let variant = value === undefined ? undefined : found(String(value));
  if (!variant && typeof value === "number" && plurals) variant = found(plurals.select(value));
  return (variant || part.variants[part.default] || ["", ""])[1];
}

/**
 * Fills a pattern of the catalogue (a text, or a list of texts, `{var}` and `{select}` parts).
 * @param {Pattern} pattern
 * @param {Args} args
 * @returns {string}
 */
function fill(pattern, args) {
  if (typeof pattern === "string") return pattern;
  if (!Array.isArray(pattern)) return "";
  return pattern.map((part) => {
    if (typeof part === "string") return part;
    if ("select" in part) return fill(choose(part, args[part.select]), args);
    return part.var in args ? argText(args[part.var]) : `{$${part.var}}`;
  }).join("");
}

/**
 * The text of `key` with its arguments (`{$name}` filled from `args`, choices made by them).
 * @param {string} key
 * @param {Args} [args]
 * @returns {string}
 */
export function t(key, args = {}) {
  const pattern = page.words.catalogue[key];
  if (pattern === undefined) {
    missing.add(key);
    return key;
  }
  return fill(/** @type {Pattern} */ (pattern), args);
}

/**
 * The server's words: a text, or a message `{key, args}` worded in the page's language.
 * @param {Words | null | undefined} w
 * @returns {string}
 */
export function words(w) {
  if (w === null || w === undefined) return "";
  if (typeof w === "string") return w;
  if (typeof w === "number") return num(w);
  return t(w.key, w.args || {});
}

/**
 * `n` written the language's way (grouped thousands), with `digits` decimals.
 * @param {number | string | null | undefined} n
 * @returns {string}
 */
export function num(n, digits = 0) {
  if (n === undefined || n === null || Number.isNaN(Number(n))) return "";
  const numbers = page.words.numbers;
  let f = numbers.get(digits);
  if (!f) {
    const locale = page.words.lang === "pt" ? "pt-PT" : "en-US";
    f = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: "always" });
    numbers.set(digits, f);
  }
  return f.format(Number(n));
}

/**
 * A date of the server (ISO 8601, UTC) in the reader's time zone, written the language's way.
 * @param {string} iso
 */
export function dateText(iso) {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return String(iso);
  const locale = page.words.lang === "pt" ? "pt-PT" : "en-GB";
  return d.toLocaleString(locale, { dateStyle: "short", timeStyle: "short" });
}

/**
 * `n` in at most about five characters, the language's way: 987, 12 k, 6,5 M, 1,2 G.
 * @param {number} n
 */
export function compact(n) {
  if (n >= 1e9) return num(n / 1e9, 1) + " G";
  if (n >= 1e6) return num(n / 1e6, 1) + " M";
  if (n >= 1e4) return num(n / 1e3, 0) + " k";
  return num(n);
}

/**
 * Puts the catalogue's words on the page's fixed labels: `data-i18n` (text), `data-i18n-title`,
 * `data-i18n-aria` (aria-label). A key the catalogue lacks leaves the element as it is.
 */
export function applyLabels(/** @type {ParentNode} */ root = document) {
  /**
   * @param {string} attr
   * @param {(el: HTMLElement, text: string) => void} apply
   */
  const set = (attr, apply) => {
    for (const el of root.querySelectorAll(`[${attr}]`)) {
      const key = el.getAttribute(attr) || "";
      if (key in page.words.catalogue) apply(/** @type {HTMLElement} */ (el), t(key));
      else missing.add(key);
    }
  };
  set("data-i18n", (el, text) => (el.textContent = text));
  set("data-i18n-title", (el, text) => (el.title = text));
  set("data-i18n-aria", (el, text) => el.setAttribute("aria-label", text));
}
