//! The page's declarations of the wire's types, `static/types/wire.d.ts`, generated from the Rust
//! types (ts-rs, in the tests' build only): everything the server sends or receives as JSON.
//! The page's modules name them in their JSDoc, and `tsc --checkJs` checks the page against
//! them (see the technical manual). The test fails when the committed file is not what the types
//! give now; `CAVALO_WRITE_TYPES=1` writes it.

use std::path::PathBuf;

use ts_rs::{Config, TS};

use crate::analysis::{NoAnalysis, Progress};
use crate::answers::{
    Claimed, Created, GameList, Hint, Invitation, LevelRange, ListedGame, LogChoice, ServerInfo, Uploaded,
};
use crate::error::ErrorBody;
use crate::exercises::{Answer, ExerciseList, Shown, TryRequest};
use crate::herald::Changes;
use crate::invite::{ClaimRequest, InviteRequest};
use crate::new_game::NewGame;
use crate::think::Lines;
use crate::upload::Upload;
use crate::wire::{
    GameState, LiveView, PlyEvent, PlyView, ProblemEvent, SeatOut, SeatsEvent, StatusEvent, UndoneEvent,
    WireEvent,
};

/// Where the declarations are kept.
fn path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("static/types/wire.d.ts")
}

/// What the file begins with.
const HEADER: &str = "\
// The wire's types: what the server sends and receives as JSON. Generated from the Rust types by
// the web crate's test `wire_ts` (`CAVALO_WRITE_TYPES=1 cargo test -p cavalo-web --lib wire_ts`
// writes it): do not edit.
";

/// The declarations no Rust type derives: an answer's events (`Told`, serialized by hand as
/// `{type, data}`), the stream's events by name, and the analysis's answers.
const BY_HAND: &str = "
/** The data of each event of a game's stream, by its name (its SSE name, `WireEvent::name`). */
export type WireEvents = {
  state: GameState;
  ply: PlyEvent;
  undone: UndoneEvent;
  status: StatusEvent;
  seats: SeatsEvent;
  problem: ProblemEvent;
  thinking: LiveView | null;
};

/** An event of a change's answer (`Told`): its name and the same data the stream carries. */
export type Told = { [K in keyof WireEvents]: { type: K; data: WireEvents[K] } }[keyof WireEvents];

/** What `GET` and `POST /api/games/{id}/analysis` answer: the analysis, its progress, or none. */
export type AnalysisAnswer = Analysis | Progress | NoAnalysis;
";

/// One type's declaration (its doc comment, then `export type …`), its name and the names it uses.
struct Decl {
    name: String,
    text: String,
    uses: Vec<String>,
}

fn decl<T: TS + 'static>(cfg: &Config) -> Decl {
    let docs = T::docs().unwrap_or_default();
    let uses = T::dependencies(cfg).into_iter().map(|d| d.ts_name).collect();
    Decl { name: T::ident(cfg), text: format!("{docs}export {}\n", T::decl(cfg)), uses }
}

macro_rules! decls {
    ($cfg:expr; $($t:ty),* $(,)?) => { vec![$(decl::<$t>($cfg)),*] };
}

/// Every type the page reads or sends, with every type they use.
fn all(cfg: &Config) -> Vec<Decl> {
    use cavalo_lab::analysis::{Analysis, Class, PlyAnalysis, Refinement, SideSummary, Thresholds, Value};
    use cavalo_lab::exercises::{Judged, Verdict};
    use cavalo_rules::{GameRecord, Outcome, Rules, Side, Start};
    use cavalo_session::present::{Message, Words};
    use cavalo_session::situation::{Destination, MoveOption, PlayerView, Said, Situation, TurnView, Who};
    use cavalo_session::{Actor, Ply};
    decls![cfg;
        // The game, its events and a change's answer.
        GameState, PlyView, SeatOut, LiveView, WireEvent, PlyEvent, UndoneEvent, StatusEvent, SeatsEvent,
        ProblemEvent, Changes,
        // The session's view model.
        Situation, TurnView, Destination, MoveOption, PlayerView, Who, Said, Words, Message, Ply, Actor,
        cavalo_session::SideSummary, cavalo_engine::SearchInfo, Side, Rules, Outcome, Start, GameRecord,
        // The requests.
        NewGame, crate::api::MoveRequest, InviteRequest, ClaimRequest, Upload, TryRequest,
        // The other answers.
        ErrorBody, Created, ServerInfo, LevelRange, GameList, ListedGame, LogChoice, Hint, Invitation, Claimed, Uploaded,
        Lines,
        // The analysis and its exercises.
        Progress, NoAnalysis, Analysis, PlyAnalysis, Value, SideSummary, Class, Thresholds, Refinement,
        cavalo_lab::analysis::Budget, ExerciseList, Shown, Answer, Judged, Verdict,
        // The arena.
        crate::arena::routes::ProgramUpload, crate::arena::routes::ProgramFile, crate::arena::routes::ProgramTaken,
        crate::arena::view::ArenaView, crate::arena::view::StandingView, crate::arena::view::ForfeitView,
        crate::arena::view::ArenaSeat, crate::arena::view::ArenaGameView,
    ]
}

/// The file's text.
fn declarations() -> String {
    let cfg = Config::new().with_large_int("number");
    let decls = all(&cfg);
    let mut out = String::from(HEADER);
    for d in &decls {
        for used in &d.uses {
            assert!(decls.iter().any(|o| &o.name == used), "{} uses {used}, which is not declared", d.name);
        }
        out.push('\n');
        out.push_str(&d.text);
    }
    out.push_str(BY_HAND);
    out
}

/// The committed declarations are the types' own: a changed type changes the file.
#[test]
fn the_page_declarations_are_the_wire_types() {
    let text = declarations();
    if std::env::var("CAVALO_WRITE_TYPES").as_deref() == Ok("1") {
        std::fs::create_dir_all(path().parent().unwrap()).unwrap();
        std::fs::write(path(), &text).unwrap();
    }
    let committed = std::fs::read_to_string(path()).unwrap_or_default();
    assert!(
        committed == text,
        "static/types/wire.d.ts is not what the Rust types give: run \
         `CAVALO_WRITE_TYPES=1 cargo test -p cavalo-web --lib wire_ts` and commit it"
    );
}
