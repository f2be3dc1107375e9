//! The arena's tables in the games database (the store `arena`, see
//! `cavalo_session::store::StoreSchema`):
//! - v1: `arena_programs` (a team's program, one row per version: its files, entry and glue as
//!   JSON) and `arena_games` (an arena game: its seats, board, stage, the game of the games
//!   table that shows it, and once played the referee's record).

use cavalo_session::store::StoreSchema;

const V1: &str = "
CREATE TABLE arena_programs (
    id           TEXT PRIMARY KEY NOT NULL,
    team         TEXT NOT NULL,
    version      INTEGER NOT NULL,
    uploaded     TEXT NOT NULL,
    program      TEXT NOT NULL,
    UNIQUE (team, version)
) STRICT;
CREATE TABLE arena_games (
    id           INTEGER PRIMARY KEY,
    game_id      TEXT NOT NULL,
    white        TEXT NOT NULL,
    black        TEXT NOT NULL,
    seed         INTEGER NOT NULL,
    stage        TEXT NOT NULL CHECK (stage IN ('qualification', 'ladder')),
    started      TEXT NOT NULL,
    ended        TEXT,
    record       TEXT
) STRICT;
CREATE INDEX arena_games_by_white ON arena_games(white);
CREATE INDEX arena_games_by_black ON arena_games(black);
";

/// The arena's store in the games database: its name and migrations.
pub const SCHEMA: StoreSchema = StoreSchema { name: "arena", steps: &[V1], legacy: no_legacy };

/// The arena's tables came after the stores had versions of their own: no file has them
/// without their version.
fn no_legacy(_file: usize) -> usize {
    0
}
