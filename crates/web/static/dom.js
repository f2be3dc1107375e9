// Building the page's DOM without `innerHTML`: every text goes in through `textContent` or an
// attribute, so data from the server (names, positions, messages) is shown, never parsed.

const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * @typedef {string | number | Node | null | undefined | false} Child A child: a node, or a text
 *   (`null`, `undefined` and `false` are left out).
 * @typedef {Child | Child[]} Children
 * @typedef {Record<string, unknown>} Attrs Attributes: `class`, `dataset` (an object), `on…`
 *   handlers (functions), the others as text (`true`: present; `null`, `false`: left out).
 */

/**
 * The page's element matching `sel` (the page's own markup: it is there).
 * @param {string} sel
 * @param {ParentNode} [root]
 * @returns {HTMLElement}
 */
export const $ = (sel, root = document) => /** @type {HTMLElement} */ (root.querySelector(sel));

/**
 * The page's element matching `sel`, which is a `<tag>` (checked: its properties are the tag's).
 * @template {keyof HTMLElementTagNameMap} K
 * @param {string} sel
 * @param {K} tag
 * @returns {HTMLElementTagNameMap[K]}
 */
export function $of(sel, tag) {
  const el = document.querySelector(sel);
  if (!el || el.localName !== tag) throw new TypeError(`${sel} is not a <${tag}>`);
  return /** @type {HTMLElementTagNameMap[K]} */ (el);
}

/**
 * @template {Element} E
 * @param {E} el
 * @param {Attrs | null | undefined} attrs
 * @param {Children[]} children
 * @returns {E}
 */
function fill(el, attrs, children) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") el.setAttribute("class", String(v));
    else if (k === "dataset") Object.assign(/** @type {HTMLElement | SVGElement} */ (/** @type {unknown} */ (el)).dataset, v);
    else if (k.startsWith("on")) {
      // Handlers are functions only: a string here would be code in an attribute.
      if (typeof v !== "function") throw new TypeError(`${k} must be a function`);
      el.addEventListener(k.slice(2), /** @type {EventListener} */ (v));
    }
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

/**
 * An HTML element: `h("td", {class: "x"}, "text", child)`; strings become text nodes.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Attrs | null} [attrs]
 * @param {...Children} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attrs, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/**
 * An SVG element, like `h`.
 * @param {string} tag
 * @param {Attrs | null} [attrs]
 * @param {...Children} children
 * @returns {SVGElement}
 */
export function s(tag, attrs, ...children) {
  return fill(/** @type {SVGElement} */ (document.createElementNS(SVG_NS, tag)), attrs, children);
}

/**
 * Replaces the children of `el` by `children` (nodes or strings).
 * @template {Element} E
 * @param {E} el
 * @param {...Children} children
 * @returns {E}
 */
export function put(el, ...children) {
  const kept = children.flat().filter((c) => c !== null && c !== undefined && c !== false);
  el.replaceChildren(...kept.map((c) => (c instanceof Node ? c : String(c))));
  return el;
}
