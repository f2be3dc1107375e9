//! Who may change a game: the holder of a seat's secret token.
//!
//! Creating a game answers a token per human seat (both seats of a computer-against-computer
//! game, so that its creator can stop or delete it). A request that changes a game sends it as
//! `Authorization: Bearer TOKEN` (or `X-Cavalo-Seat: TOKEN`); anyone with the game's link may
//! watch it. The database keeps only the tokens' digests. A seat is handed to someone else with
//! an invitation: its holder asks for a code, the link `/?game=ID&invite=CODE` takes the seat
//! once and gives the new holder a new token (the old one stops working).
//!
//! The list of games shows a client the games whose seats it holds: it sends their tokens as
//! `X-Cavalo-Seats: TOKEN, TOKEN, …` (at most [`MAX_LISTED`], each at most [`MAX_TOKEN`]
//! characters of letters, digits, `-` and `_`), plus the games their creators made public, and
//! the games it uploaded: it sends their ids as `X-Cavalo-Uploads: ID, ID, …` (the same limits).

use std::convert::Infallible;

use axum::extract::FromRequestParts;
use axum::http::header;
use axum::http::request::Parts;
use cavalo_rules::Side;
use cavalo_session::i18n::Lang;

use crate::error::{ApiError, ApiResult};
use crate::game::HostedGame;
use crate::gate::Stores;
use crate::guard::{MAX_LISTED, MAX_TOKEN, Refusal};
use crate::lang::ReqLang;

/// The seat token a request carries, if any (never a rejection: the route says what it needs).
#[derive(Clone, Debug, Default)]
pub(crate) struct SeatToken(Option<String>);

impl<S: Send + Sync> FromRequestParts<S> for SeatToken {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<SeatToken, Infallible> {
        let bearer = parts
            .headers
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer ").or_else(|| v.strip_prefix("bearer ")));
        let own = parts.headers.get("x-cavalo-seat").and_then(|v| v.to_str().ok());
        let token = bearer.or(own).map(str::trim).filter(|t| !t.is_empty() && t.len() <= 128);
        Ok(SeatToken(token.map(str::to_string)))
    }
}

/// The seat tokens a request presents for the list of games (`X-Cavalo-Seats`; none when it
/// sends none). Too many, or one that is not a token, is refused (400) rather than cut short.
#[derive(Clone, Debug, Default)]
pub(crate) struct HeldSeats(pub(crate) Vec<String>);

impl<S: Send + Sync> FromRequestParts<S> for HeldSeats {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<HeldSeats, ApiError> {
        held_list(parts, state, "x-cavalo-seats").await.map(HeldSeats)
    }
}

/// The ids of the uploaded games a request names for the list of games (`X-Cavalo-Uploads`;
/// none when it sends none): as many and as written as seat tokens, refused (400) likewise.
#[derive(Clone, Debug, Default)]
pub(crate) struct HeldUploads(pub(crate) Vec<String>);

impl<S: Send + Sync> FromRequestParts<S> for HeldUploads {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<HeldUploads, ApiError> {
        held_list(parts, state, "x-cavalo-uploads").await.map(HeldUploads)
    }
}

/// The list of tokens in the request's `header` (empty when it has none; see [`held_seats`]), or
/// the refusal (400 `bad_seat_list`, in the request's language).
async fn held_list<S: Send + Sync>(
    parts: &mut Parts,
    state: &S,
    header: &str,
) -> Result<Vec<String>, ApiError> {
    let Some(value) = parts.headers.get(header).cloned() else {
        return Ok(Vec::new());
    };
    let ReqLang(lang) = ReqLang::from_request_parts(parts, state).await?;
    let refused = || Refusal::BadSeatList.answer(lang);
    let text = value.to_str().map_err(|_| refused())?;
    held_seats(text).ok_or_else(refused)
}

/// The tokens of an `X-Cavalo-Seats` value, or `None` when it is not a list of at most
/// [`MAX_LISTED`] tokens.
fn held_seats(text: &str) -> Option<Vec<String>> {
    let token = |t: &&str| {
        (1..=MAX_TOKEN).contains(&t.len())
            && t.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    };
    let tokens: Vec<&str> =
        text.split(',').map(str::trim).filter(|t| !t.is_empty()).take(MAX_LISTED + 1).collect();
    (tokens.len() <= MAX_LISTED && tokens.iter().all(token))
        .then(|| tokens.into_iter().map(String::from).collect())
}

/// Which seat a request needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Need {
    /// That side's seat.
    Side(Side),
    /// Any seat of the game.
    Any,
}

/// Either the side whose seat `token` opens in `game`, when it is the seat `need` asks for, or
/// why not. A failed read of the database is a refusal too (nothing is changed either way), but
/// reported.
pub(crate) fn authorize(
    st: &Stores,
    game: &HostedGame,
    token: &SeatToken,
    need: Need,
) -> Result<Side, SeatError> {
    let Some(token) = &token.0 else { return Err(SeatError::Refused(Refusal::NoSeat)) };
    let seat = st.web().seat_of(&game.id, token)?.ok_or(SeatError::Refused(Refusal::WrongSeat))?;
    match need {
        Need::Side(needed) if needed != seat => Err(SeatError::Refused(Refusal::OtherSeat { seat, needed })),
        _ => Ok(seat),
    }
}

/// Why [`authorize`] said no.
#[derive(Debug, thiserror::Error)]
pub(crate) enum SeatError {
    /// The request does not hold the seat.
    #[error("{0:?}")]
    Refused(Refusal),
    /// The database could not be read.
    #[error(transparent)]
    Store(#[from] cavalo_session::store::StoreError),
}

/// The side whose seat the request holds, when it is the one `need` asks for; else the answer
/// saying why not, in `lang`.
pub(crate) fn seat_of(
    st: &Stores,
    g: &HostedGame,
    token: &SeatToken,
    need: Need,
    lang: Lang,
) -> ApiResult<Side> {
    authorize(st, g, token, need).map_err(|e| match e {
        SeatError::Refused(r) => r.answer(lang),
        SeatError::Store(e) => ApiError::store(&e, lang),
    })
}

/// The seats a new game gets: its human sides, or both sides of a computer-against-computer game.
pub(crate) fn seat_sides(humans: [bool; 2]) -> Vec<Side> {
    let sides: Vec<Side> = Side::BOTH.into_iter().filter(|s| humans[s.index()]).collect();
    if sides.is_empty() { Side::BOTH.to_vec() } else { sides }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn held_seats_are_a_bounded_list_of_tokens() {
        assert_eq!(held_seats("ab12, cd-_34 ,,").unwrap(), ["ab12", "cd-_34"]);
        assert_eq!(held_seats("").unwrap(), Vec::<String>::new());
        assert!(held_seats("ab; DROP TABLE").is_none());
        assert!(held_seats(&"x".repeat(MAX_TOKEN + 1)).is_none());
        assert!(held_seats(&vec!["ab"; MAX_LISTED].join(",")).is_some());
        assert!(held_seats(&vec!["ab"; MAX_LISTED + 1].join(",")).is_none());
    }

    #[test]
    fn a_computer_game_gives_both_seats_to_its_creator() {
        assert_eq!(seat_sides([true, false]), [Side::White]);
        assert_eq!(seat_sides([false, true]), [Side::Black]);
        assert_eq!(seat_sides([true, true]), Side::BOTH);
        assert_eq!(seat_sides([false, false]), Side::BOTH);
    }
}
