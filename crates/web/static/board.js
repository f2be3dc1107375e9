// The board: 100 focusable cells with a roving cursor, clicks, drags and the engine's principal
// variation drawn as numbered arrows. It only displays what it is given and reports the user's
// choices; every rule comes from the server.

const FILES = "ABCDEFGHIJ";
const SVG = "http://www.w3.org/2000/svg";

export function cellName(index) {
  return FILES[index % 10] + (Math.floor(index / 10) + 1);
}

// "E3" or "E3x77" -> the index of E3; null for "pass" or anything else.
export function cellIndex(move) {
  const m = /^([A-Ja-j])(10|[1-9])/.exec(move || "");
  if (!m) return null;
  return (Number(m[2]) - 1) * 10 + FILES.indexOf(m[1].toUpperCase());
}

export class Board {
  // onActivate(index): the user chose a cell (click, Enter, drop).
  constructor(root, overlay, { onActivate }) {
    this.root = root;
    this.overlay = overlay;
    this.onActivate = onActivate;
    this.cursor = 0;
    this.cells = [];
    this.drag = null;
    this.build();
  }

  build() {
    document.querySelector(".files").innerHTML = [...FILES].map((f) => `<span>${f}</span>`).join("");
    document.querySelector(".ranks").innerHTML = Array.from({ length: 10 }, (_, i) => `<span>${i + 1}</span>`).join("");
    for (let r = 0; r < 10; r++) {
      const row = document.createElement("div");
      row.className = "row";
      row.setAttribute("role", "row");
      for (let c = 0; c < 10; c++) {
        const i = r * 10 + c;
        const el = document.createElement("div");
        el.className = "cell" + ((r + c) % 2 ? " dark" : "");
        el.setAttribute("role", "gridcell");
        el.dataset.index = i;
        el.dataset.cell = cellName(i);
        el.tabIndex = i === 0 ? 0 : -1;
        el.innerHTML = `<span class="num"></span>`;
        row.appendChild(el);
        this.cells.push(el);
      }
      this.root.appendChild(row);
    }
    this.root.addEventListener("click", (e) => {
      const el = e.target.closest(".cell");
      if (!el) return;
      this.setCursor(Number(el.dataset.index), false);
      this.onActivate(Number(el.dataset.index));
    });
    this.root.addEventListener("keydown", (e) => this.key(e));
    this.root.addEventListener("pointerdown", (e) => this.dragStart(e));
    window.addEventListener("pointermove", (e) => this.dragMove(e));
    window.addEventListener("pointerup", (e) => this.dragEnd(e));
  }

  setCursor(i, focus = true) {
    this.cells[this.cursor].tabIndex = -1;
    this.cells[this.cursor].classList.remove("cursor");
    this.cursor = i;
    const el = this.cells[i];
    el.tabIndex = 0;
    el.classList.add("cursor");
    if (focus) el.focus();
  }

  key(e) {
    const i = this.cursor;
    const r = Math.floor(i / 10);
    const c = i % 10;
    let next = null;
    switch (e.key) {
      case "ArrowUp": next = r > 0 ? i - 10 : i; break;
      case "ArrowDown": next = r < 9 ? i + 10 : i; break;
      case "ArrowLeft": next = c > 0 ? i - 1 : i; break;
      case "ArrowRight": next = c < 9 ? i + 1 : i; break;
      case "Home": next = r * 10; break;
      case "End": next = r * 10 + 9; break;
      case "Enter":
      case " ":
        e.preventDefault();
        e.stopPropagation();
        this.onActivate(i);
        return;
      default: return;
    }
    e.preventDefault();
    e.stopPropagation();
    this.setCursor(next);
  }

  dragStart(e) {
    const el = e.target.closest(".cell");
    if (!el || !el.classList.contains("movable") || e.button !== 0) return;
    this.drag = { from: Number(el.dataset.index), over: null, moved: false, x: e.clientX, y: e.clientY };
  }

  cellAt(e) {
    const el = document.elementFromPoint(e.clientX, e.clientY);
    const cell = el && el.closest ? el.closest(".cell") : null;
    return cell && this.root.contains(cell) ? Number(cell.dataset.index) : null;
  }

  dragMove(e) {
    if (!this.drag) return;
    if (Math.hypot(e.clientX - this.drag.x, e.clientY - this.drag.y) > 6) this.drag.moved = true;
    const i = this.cellAt(e);
    if (this.drag.over !== null) this.cells[this.drag.over].classList.remove("drop");
    this.drag.over = i !== null && this.cells[i].classList.contains("dest") ? i : null;
    if (this.drag.over !== null) this.cells[this.drag.over].classList.add("drop");
  }

  dragEnd(e) {
    if (!this.drag) return;
    const d = this.drag;
    this.drag = null;
    if (d.over !== null) this.cells[d.over].classList.remove("drop");
    const i = this.cellAt(e);
    if (d.moved && i !== null && i !== d.from) this.onActivate(i);
  }

  // view: {cells, last: {from, to}, dests: Map(index -> destination), threatened: Set,
  //        movable: index | null, selected: index | null, hint: index | null, reviewing: bool}
  render(view) {
    const { cells, last, dests, threatened, movable, hint, reviewing, doubles } = view;
    this.root.classList.toggle("reviewing", !!reviewing);
    for (let i = 0; i < 100; i++) {
      const el = this.cells[i];
      const v = cells[i];
      const cls = ["cell"];
      if ((Math.floor(i / 10) + (i % 10)) % 2) cls.push("dark");
      let label = cellName(i);
      if (v === null) {
        cls.push("removed");
        label += ", removed";
        el.innerHTML = `<span class="num"></span>`;
      } else if (v === -1 || v === -2) {
        const white = v === -1;
        cls.push(white ? "knight-white" : "knight-black");
        label += white ? ", white knight" : ", black knight";
        el.innerHTML = `<span class="knight">${white ? "♘" : "♞"}</span>`;
      } else {
        if (doubles.has(v)) cls.push("double");
        label += `, ${String(v).padStart(2, "0")}`;
        el.innerHTML = `<span class="num">${String(v).padStart(2, "0")}</span>`;
      }
      if (last && i === last.to) { cls.push("last"); label += ", last move"; }
      if (last && i === last.from) cls.push("last-from");
      const dest = dests.get(i);
      if (dest) {
        cls.push("dest");
        if (dest.options.length > 1) cls.push("choice");
        label += dest.options.length > 1 ? ", legal move with a choice of double" : ", legal move";
      }
      if (threatened.has(i)) { cls.push("threat"); label += ", threatened"; }
      if (hint === i) { cls.push("hint"); label += ", suggested"; }
      if (movable === i) cls.push("movable");
      if (i === this.cursor) cls.push("cursor");
      el.className = cls.join(" ");
      el.setAttribute("aria-label", label);
      el.tabIndex = i === this.cursor ? 0 : -1;
    }
  }

  // pv: [{from, to, side}] drawn as arrows numbered 1, 2, 3...
  drawPv(pv) {
    this.overlay.innerHTML = "";
    const center = (i) => [(i % 10) * 10 + 5, Math.floor(i / 10) * 10 + 5];
    const moves = pv.slice(0, 8);
    const add = (name, attrs, text) => {
      const el = document.createElementNS(SVG, name);
      for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
      if (text !== undefined) el.textContent = text;
      this.overlay.appendChild(el);
    };
    // Lines first, then the numbered discs above every line.
    for (const m of moves) {
      if (m.from === null || m.from === undefined) continue;
      const [x1, y1] = center(m.from);
      const [x2, y2] = center(m.to);
      add("line", { x1, y1, x2, y2, class: `pv-line ${m.side === "white" ? "pv-white" : "pv-black"}` });
    }
    moves.forEach((m, n) => {
      const [x, y] = center(m.to);
      add("circle", { cx: x, cy: y, r: 3, class: m.side === "white" ? "pv-white" : "pv-black" });
      add("text", { x, y, class: "pv-num" }, String(n + 1));
    });
  }
}
