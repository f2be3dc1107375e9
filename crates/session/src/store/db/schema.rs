//! The games database's schema: its numbered migrations (listed in the documentation of
//! [`super`]), applied in order when a file is opened.

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
CREATE TABLE seats (
    game_id      TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    side         TEXT NOT NULL CHECK (side IN ('white', 'black')),
    token_hash   TEXT NOT NULL,
    created      TEXT NOT NULL,
    PRIMARY KEY (game_id, side)
) STRICT;
";

const V2: &str = "
ALTER TABLE games ADD COLUMN ended TEXT;
UPDATE games SET ended = updated WHERE status <> 'playing';
CREATE INDEX games_by_update ON games(updated);
";

const V3: &str = "
CREATE TABLE web_games (
    game_id      TEXT PRIMARY KEY NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    added        TEXT NOT NULL
) STRICT;
ALTER TABLE seats ADD COLUMN invite_hash TEXT;
ALTER TABLE seats ADD COLUMN claimed INTEGER NOT NULL DEFAULT 0;
CREATE INDEX games_by_end ON games(ended);
";

const V4: &str = "
ALTER TABLE web_games ADD COLUMN public INTEGER NOT NULL DEFAULT 0;
CREATE INDEX seats_by_token ON seats(token_hash);
";

const V5: &str = "
CREATE TABLE analyses (
    game_id      TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    budget       TEXT NOT NULL,
    plies        INTEGER NOT NULL CHECK (plies >= 0),
    json         TEXT NOT NULL,
    created      TEXT NOT NULL,
    PRIMARY KEY (game_id, budget)
) STRICT;
";

/// Games brought to a web server as files (`POST /api/games/upload`) are marked so, for their
/// retention of their own.
const V6: &str = "
ALTER TABLE web_games ADD COLUMN uploaded INTEGER NOT NULL DEFAULT 0;
";

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
pub(super) const STEPS: &[M<'static>] =
    &[M::up(V1), M::up(V2), M::up(V3), M::up(V4), M::up(V5), M::up(V6), M::up(V7)];

/// The schema's migrations, oldest first (the schema version is their count).
pub fn migrations() -> Migrations<'static> {
    Migrations::from_slice(STEPS)
}
