// The page's keyboard shortcuts (the board's own keys are in board-input.js).

/**
 * Calls `actions.review(n)`, `first()`, `last()`, `back()`, `forward()`, `hint()`, `undo()`,
 * `threats()`, `newGame()` on the page's keys; `active()` says whether a game is shown.
 * @param {{ active(): boolean, back(): void, forward(): void, first(): void, last(): void, hint(): void, undo(): void, threats(): void, newGame(): void }} actions
 */
export function bindShortcuts(actions) {
  document.addEventListener("keydown", (e) => {
    if (!actions.active() || document.querySelector("dialog[open]")) return;
    const target = e.target instanceof Element ? e.target : null;
    const tag = ((target && target.tagName) || "").toLowerCase();
    if (["input", "select", "textarea"].includes(tag) || e.ctrlKey || e.metaKey || e.altKey) return;
    if (target && target.closest("#board")) return;
    switch (e.key) {
      case "ArrowLeft": actions.back(); break;
      case "ArrowRight": actions.forward(); break;
      case "Home": actions.first(); break;
      case "End": actions.last(); break;
      case "h": case "H": actions.hint(); break;
      case "u": case "U": actions.undo(); break;
      case "t": case "T": actions.threats(); break;
      case "n": case "N": actions.newGame(); break;
      default: return;
    }
    e.preventDefault();
  });
}
