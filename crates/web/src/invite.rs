//! Handing a seat over: `POST /api/games/{id}/invite` (the seat's holder asks for a code) and
//! `POST /api/games/{id}/claim` (whoever has the code takes the seat, once). See [`crate::seats`].

use axum::Json;
use axum::extract::{Path, State};
use cavalo_rules::Side;
use cavalo_session::i18n::Lang;
use cavalo_session::key;
use serde::Deserialize;

use crate::App;
use crate::answers::{Claimed, Invitation};
use crate::body::Body;
use crate::error::{ApiError, ApiResult};
use crate::game::HostedGame;
use crate::gate::Stores;
use crate::guard::{Refusal, serving};
use crate::lang::ReqLang;
use crate::lookup::find;
use crate::seats::{Need, SeatToken, seat_of};
use crate::store::new_secret;

/// Reads the game's seats again after a change of theirs and tells the watchers.
fn refresh_seats(st: &Stores, g: &HostedGame, lang: Lang) -> ApiResult<()> {
    let mut s = g.lock();
    s.set_seats(st.web().seats(&g.id).map_err(|e| ApiError::store(&e, lang))?);
    Ok(())
}

/// The invitation form: which seat to hand over.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct InviteRequest {
    side: String,
}

/// `POST /api/games/{id}/invite {"side": "black"}`, with that seat's token: a code that takes the
/// seat once (a new invitation replaces the previous one), and the page's link with it.
pub(crate) async fn invite(
    State(app): State<App>,
    Path(id): Path<String>,
    ReqLang(lang): ReqLang,
    token: SeatToken,
    Body(req): Body<InviteRequest>,
) -> ApiResult<Json<Invitation>> {
    serving(&app, lang)?;
    let side = Side::parse(&req.side)
        .ok_or_else(|| ApiError::bad(lang, key!("bad-side"), &[("side", req.side.as_str().into())]))?;
    // The seats are written on a blocking thread, through the database's gate (see `crate::gate`).
    let app2 = app.clone();
    app.store(lang, move |st| {
        let g = find(&app2, st, &id, lang)?;
        seat_of(st, &g, &token, Need::Side(side), lang)?;
        let code = new_secret();
        if !st.web().invite(&id, side, &code).map_err(|e| ApiError::store(&e, lang))? {
            return Err(Refusal::NoSuchSeat(side).answer(lang));
        }
        refresh_seats(st, &g, lang)?;
        Ok(Json(Invitation { side, link: format!("/?game={id}&invite={code}"), invite: code }))
    })
    .await
}

/// The claim form: the invitation's code.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ClaimRequest {
    invite: String,
}

/// `POST /api/games/{id}/claim {"invite": CODE}`: takes the seat the invitation opens, once;
/// answers its side and its new token (the seat's previous token stops working).
pub(crate) async fn claim(
    State(app): State<App>,
    Path(id): Path<String>,
    ReqLang(lang): ReqLang,
    Body(req): Body<ClaimRequest>,
) -> ApiResult<Json<Claimed>> {
    serving(&app, lang)?;
    let app2 = app.clone();
    app.store(lang, move |st| {
        let g = find(&app2, st, &id, lang)?;
        let token = new_secret();
        let side = st
            .web()
            .claim(&id, req.invite.trim(), &token)
            .map_err(|e| ApiError::store(&e, lang))?
            .ok_or_else(|| Refusal::BadInvite.answer(lang))?;
        refresh_seats(st, &g, lang)?;
        Ok(Json(Claimed { side, token, state: g.lock().state(None) }))
    })
    .await
}
