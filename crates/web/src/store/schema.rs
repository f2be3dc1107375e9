//! The web server's tables and their migrations (the store `web` of the games database, see
//! `cavalo_session::store::db::stores`):
//! - v1: `seats` (a web game's seat: its side and the SHA-256 of its token);
//! - v2: `web_games` (the games the server keeps and resumes), the seats' invitations
//!   (`seats.invite_hash`, `seats.claimed`);
//! - v3: `web_games.public` (a game its creator lists for everyone) and an index of the seats by
//!   token (the list of a client's own games);
//! - v4: `web_games.uploaded` (a game brought to the server as a file, with its own retention).
//!
//! Files made before the stores had versions of their own got these at their schema versions
//! 1, 3, 4 and 6 ([`legacy_version`]).

use cavalo_session::store::StoreSchema;

const V1: &str = "
CREATE TABLE seats (
    game_id      TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    side         TEXT NOT NULL CHECK (side IN ('white', 'black')),
    token_hash   TEXT NOT NULL,
    created      TEXT NOT NULL,
    PRIMARY KEY (game_id, side)
) STRICT;
";

const V2: &str = "
CREATE TABLE web_games (
    game_id      TEXT PRIMARY KEY NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    added        TEXT NOT NULL
) STRICT;
ALTER TABLE seats ADD COLUMN invite_hash TEXT;
ALTER TABLE seats ADD COLUMN claimed INTEGER NOT NULL DEFAULT 0;
";

const V3: &str = "
ALTER TABLE web_games ADD COLUMN public INTEGER NOT NULL DEFAULT 0;
CREATE INDEX seats_by_token ON seats(token_hash);
";

const V4: &str = "
ALTER TABLE web_games ADD COLUMN uploaded INTEGER NOT NULL DEFAULT 0;
";

/// The web server's store in the games database: its name and migrations.
pub const SCHEMA: StoreSchema = StoreSchema { name: "web", steps: &[V1, V2, V3, V4], legacy: legacy_version };

/// The version of the web's tables in a file made before the stores had versions of their own,
/// of schema version `file`: `seats` came with 1, `web_games` and the invitations with 3, public
/// games with 4, uploads with 6.
fn legacy_version(file: usize) -> usize {
    match file {
        0 => 0,
        1 | 2 => 1,
        3 => 2,
        4 | 5 => 3,
        _ => 4,
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use cavalo_rules::Side;
    use cavalo_session::store::Db;

    use super::*;
    use crate::store::{Listed, SeatView, WebStore};

    const PLAYED: &str = "325a154d-8d0c-4e60-9d21-c5d0cb1c6c4d";
    const UPLOADED: &str = "9673f4fe-4eb4-41e9-89a4-4c9e34f22e68";
    const FINISHED: &str = "7bb87c58-c4b6-4bf2-bf41-6e3fbce01f5f";
    const TERMINAL: &str = "8b6b6d19-c62f-4b16-9800-b6f4073b25ca";

    /// A copy of the database a Cavalo of schema version 6 made (see the fixture's README).
    fn old_file() -> (tempfile::TempDir, std::path::PathBuf) {
        let fixture = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../session/tests/fixtures/games-schema-6.sqlite");
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.sqlite");
        std::fs::copy(fixture, &path).unwrap();
        (dir, path)
    }

    #[test]
    fn a_file_made_before_the_stores_had_versions_keeps_its_seats_invitations_and_web_games() {
        let (_dir, path) = old_file();
        let db = Arc::new(Db::open(&path).unwrap());
        let store = WebStore::open(db.clone()).unwrap();
        assert_eq!(db.store_version(&SCHEMA).unwrap(), 4, "every table was there");
        assert_eq!(store.seat_of(PLAYED, "aaaa1111aaaa1111aaaa1111aaaa1111").unwrap(), Some(Side::White));
        assert_eq!(store.seat_of(PLAYED, "bbbb2222bbbb2222bbbb2222bbbb2222").unwrap(), None, "handed over");
        assert_eq!(store.seat_of(PLAYED, "dddd4444dddd4444dddd4444dddd4444").unwrap(), Some(Side::Black));
        let seats = store.seats(PLAYED).unwrap();
        assert_eq!(seats[0], SeatView { side: Side::White, invited: true, claimed: false });
        assert_eq!(seats[1], SeatView { side: Side::Black, invited: false, claimed: true });
        assert_eq!(
            store
                .claim(PLAYED, "eeee5555eeee5555eeee5555eeee5555", "ffff0000ffff0000ffff0000ffff0000")
                .unwrap(),
            Some(Side::White),
            "the open invitation still works"
        );
        let mut ids = store.game_ids(false).unwrap();
        ids.sort();
        let mut want = vec![PLAYED, UPLOADED, FINISHED];
        want.sort();
        assert_eq!(ids, want, "the game of `cavalo play` is not the server's");
        assert!(!store.is_web_game(TERMINAL).unwrap());
        assert_eq!(store.upload_count().unwrap(), 1);
        let listed = store.listed(&[], &[UPLOADED]).unwrap();
        let mut listed: Vec<(String, bool, bool)> =
            listed.into_iter().map(|l| (l.id, l.public, l.uploaded)).collect();
        listed.sort();
        let mut want = vec![(PLAYED.to_string(), true, false), (UPLOADED.to_string(), false, true)];
        want.sort();
        assert_eq!(listed, want, "public and uploaded as they were");
        let mine = store.listed(&["ffff6666ffff6666ffff6666ffff6666"], &[]).unwrap();
        assert!(mine.contains(&Listed { id: FINISHED.into(), public: false, mine: true, uploaded: false }));
        assert_eq!(db.load(PLAYED).unwrap().plies().len(), 12, "the games and plies kept");
        assert_eq!(db.integrity_check().unwrap(), "ok");
    }

    #[test]
    fn each_older_file_version_names_the_web_tables_it_holds() {
        assert_eq!((0..=7).map(legacy_version).collect::<Vec<_>>(), [0, 1, 1, 2, 3, 3, 4, 4]);
        assert!((0..=7).all(|v| legacy_version(v) <= SCHEMA.steps.len()));
    }
}
