// Invitations: a link that hands a seat to someone else (shown, and copied where the browser
// allows), and the seat taken when the page is opened with one.

import * as api from "./api.js";
import * as seats from "./seats.js";
import { $, $of } from "./dom.js";
import { t } from "./i18n.js";
import * as dialogs from "./view-dialogs.js";

/**
 * Shows (and copies when the browser allows) a link that hands `side`'s seat of game `id` to someone else.
 * @param {string | null} id
 * @param {import("./types/wire").Side} side
 */
export async function invite(id, side) {
  if (!id) return;
  try {
    const inv = await api.invite(id, side, seats.token(id, side));
    const url = new URL(inv.link, location.href).href;
    $of("#invite-link", "input").value = url;
    $("#invite-box").hidden = false;
    $("#invite-panel").hidden = false;
    $of("#invite-link", "input").select();
    try {
      await navigator.clipboard.writeText(url);
      dialogs.toast(t("web-invite-copied"));
    } catch {
      // No clipboard (a page not served from localhost or https): the link is shown to copy.
    }
  } catch (e) {
    dialogs.showError(api.errorText(e));
  }
}

/**
 * Takes the seat of an invitation link (`?game=ID&invite=CODE`), then forgets the code. Answers
 * why a link that gives no seat (spent, unknown) was refused, to be shown once the game is there.
 */
export async function claimInvitation() {
  const params = new URLSearchParams(location.search);
  const id = params.get("game");
  const code = params.get("invite");
  if (!id || !code) return null;
  /** @type {string | null} */
  let refused = null;
  try {
    const got = await api.claim(id, code);
    seats.keep(id, { [got.side]: got.token }, true);
    dialogs.toast(t("web-claimed"));
  } catch (e) {
    refused = api.errorText(e);
  }
  history.replaceState(null, "", `/#/game/${encodeURIComponent(id)}`);
  return refused;
}
