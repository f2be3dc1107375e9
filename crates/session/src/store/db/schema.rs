//! The games database's schema: its numbered migrations (listed in the documentation of
//! [`super`]), applied in order when a file is opened. The tables of the stores above (the web
//! server's, the analyses) are theirs, with migrations of their own (see [`super::stores`]);
//! before version 7 they came with the file's versions 1 and 3 to 6, which now hold the games'
//! changes only.

use rusqlite_migration::{M, Migrations};

const V1: &str = "
CREATE TABLE games (
    id           TEXT PRIMARY KEY NOT NULL,
    created      TEXT NOT NULL,
    updated      TEXT NOT NULL,
    mode         TEXT NOT NULL,
    rules        TEXT NOT NULL,
    start        TEXT NOT NULL,
    time_ms      INTEGER NOT NULL,
    white        TEXT NOT NULL,
    black        TEXT NOT NULL,
    config       TEXT NOT NULL,
    status       TEXT NOT NULL CHECK (status IN ('playing', 'over', 'quit')),
    result       TEXT CHECK (result IN ('white', 'black', 'draw')),
    white_points INTEGER NOT NULL DEFAULT 0,
    black_points INTEGER NOT NULL DEFAULT 0,
    plies        INTEGER NOT NULL DEFAULT 0
) STRICT;
CREATE TABLE plies (
    game_id      TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    n            INTEGER NOT NULL CHECK (n >= 1),
    side         TEXT NOT NULL CHECK (side IN ('white', 'black')),
    move         TEXT NOT NULL,
    actor        TEXT NOT NULL CHECK (actor IN ('human', 'computer')),
    forced       INTEGER NOT NULL,
    gained       INTEGER NOT NULL,
    white_points INTEGER NOT NULL,
    black_points INTEGER NOT NULL,
    time_ms      INTEGER NOT NULL,
    nodes        INTEGER,
    alpha_cuts   INTEGER,
    beta_cuts    INTEGER,
    depth        INTEGER,
    value        INTEGER,
    pv           TEXT,
    data         TEXT NOT NULL,
    PRIMARY KEY (game_id, n)
) STRICT;
";

const V2: &str = "
ALTER TABLE games ADD COLUMN ended TEXT;
UPDATE games SET ended = updated WHERE status <> 'playing';
CREATE INDEX games_by_update ON games(updated);
";

const V3: &str = "
CREATE INDEX games_by_end ON games(ended);
";

/// Versions 4 to 6 changed only the tables of the stores above (now their own migrations).
const NOTHING_OF_THE_GAMES: &str = "-- the stores' tables only";

/// The stores of the crates above get versions of their own (see [`super::stores`]): the table
/// of their versions, and the file's schema version before this one, which tells each store what
/// an older file already holds of its tables.
const V7: &str = "
CREATE TABLE store_versions (
    store        TEXT PRIMARY KEY NOT NULL,
    version      INTEGER NOT NULL CHECK (version >= 0)
) STRICT;
CREATE TABLE schema_before_stores (
    version      INTEGER NOT NULL CHECK (version >= 0)
) STRICT;
INSERT INTO schema_before_stores (version) SELECT user_version FROM pragma_user_version;
";

/// The migrations, oldest first (see the module documentation of [`super`]).
pub(super) const STEPS: &[M<'static>] = &[
    M::up(V1),
    M::up(V2),
    M::up(V3),
    M::up(NOTHING_OF_THE_GAMES),
    M::up(NOTHING_OF_THE_GAMES),
    M::up(NOTHING_OF_THE_GAMES),
    M::up(V7),
];

/// The schema's migrations, oldest first (the schema version is their count).
pub fn migrations() -> Migrations<'static> {
    Migrations::from_slice(STEPS)
}
