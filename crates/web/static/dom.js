// Building the page's DOM without `innerHTML`: every text goes in through `textContent` or an
// attribute, so data from the server (names, positions, messages) is shown, never parsed.

const SVG_NS = "http://www.w3.org/2000/svg";

/** The first element matching `sel`. */
export const $ = (sel, root = document) => root.querySelector(sel);

function fill(el, attrs, children) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") el.setAttribute("class", v);
    else if (k === "dataset") Object.assign(el.dataset, v);
    else if (k.startsWith("on")) {
      // Handlers are functions only: a string here would be code in an attribute.
      if (typeof v !== "function") throw new TypeError(`${k} must be a function`);
      el.addEventListener(k.slice(2), v);
    }
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

/** An HTML element: `h("td", {class: "x"}, "text", child)`; strings become text nodes. */
export function h(tag, attrs, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/** An SVG element, like `h`. */
export function s(tag, attrs, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** Replaces the children of `el` by `children` (nodes or strings). */
export function put(el, ...children) {
  el.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
  return el;
}
