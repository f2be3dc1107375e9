//! Retention: how long the web server keeps its finished games, and the deletion of those its
//! rules no longer keep (games of `cavalo play` and games still being played are never touched).

use cavalo_session::datetime::iso_from_unix_ms;
use cavalo_session::store::StoreError;

use super::WebStore;

/// How long finished web games are kept.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Retention {
    /// Finished games that ended more than this many days ago are deleted.
    pub keep_days: Option<u32>,
    /// At most this many finished games are kept; the ones that ended first go.
    pub max_finished: Option<usize>,
}

/// The web server's finished games.
const FINISHED: &str =
    "SELECT g.id FROM games g JOIN web_games w ON w.game_id = g.id WHERE g.status <> 'playing'";

impl WebStore {
    /// Deletes the web server's finished games that `rules` no longer keep: those that ended
    /// before `now_ms - keep_days`, then the ones that ended first beyond `max_finished`, in one
    /// transaction. Returns the ids deleted.
    pub fn prune(&self, rules: Retention, now_ms: i64) -> Result<Vec<String>, StoreError> {
        let db = &self.db;
        db.write(|tx| {
            let mut gone = Vec::new();
            let mut take = |sql: &str, arg: rusqlite::types::Value| -> Result<(), StoreError> {
                let err = |e| db.sql_error(e);
                let mut stmt = tx.prepare(sql).map_err(err)?;
                let ids: Vec<String> = stmt
                    .query_map([arg], |r| r.get(0))
                    .map_err(err)?
                    .collect::<Result<_, _>>()
                    .map_err(err)?;
                for id in ids {
                    db.delete_in(tx, &id)?;
                    gone.push(id);
                }
                Ok(())
            };
            if let Some(days) = rules.keep_days {
                let cutoff = iso_from_unix_ms(now_ms - i64::from(days) * 86_400_000);
                take(&format!("{FINISHED} AND coalesce(g.ended, g.updated) < ?1"), cutoff.into())?;
            }
            if let Some(max) = rules.max_finished {
                let sql = format!(
                    "{FINISHED} ORDER BY coalesce(g.ended, g.updated) DESC, g.id DESC LIMIT -1 OFFSET ?1"
                );
                take(&sql, (max as i64).into())?;
            }
            Ok(gone)
        })
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use cavalo_session::store::Db;
    use rusqlite::params;

    use super::*;
    use crate::store::tests::{hh, store};

    #[test]
    fn retention_deletes_old_and_surplus_finished_web_games_only() {
        let (_dir, store) = store();
        let db = store.db().clone();
        let mut ids = Vec::new();
        for _ in 0..4 {
            let mut s = hh();
            store.add_game(&s, &[], false).unwrap();
            s.attach_store(Arc::new(Db::open(db.path()).unwrap())).unwrap();
            s.quit();
            ids.push(s.id().to_string());
        }
        let playing = hh();
        store.add_game(&playing, &[], false).unwrap();
        let terminal = {
            let mut s = hh();
            db.put_game(&s).unwrap();
            s.quit();
            db.abandon(s.id()).unwrap();
            s.id().to_string()
        };
        let set_end = |id: &str, ended: &str| {
            db.write(|tx| {
                tx.execute("UPDATE games SET ended = ?2 WHERE id = ?1", params![id, ended])
                    .map_err(|e| db.sql_error(e))
            })
            .unwrap();
        };
        set_end(&ids[0], "2020-01-01T00:00:00Z");
        set_end(&ids[1], "2026-01-01T00:00:00Z");
        set_end(&ids[2], "2026-01-02T00:00:00Z");
        set_end(&ids[3], "2026-01-03T00:00:00Z");
        set_end(&terminal, "2000-01-01T00:00:00Z");
        let jan5 = 1_767_571_200_000; // 2026-01-05T00:00:00Z
        let gone = store.prune(Retention { keep_days: Some(30), max_finished: None }, jan5).unwrap();
        assert_eq!(gone, [ids[0].clone()]);
        let gone = store.prune(Retention { keep_days: None, max_finished: Some(1) }, jan5).unwrap();
        assert_eq!(gone.len(), 2);
        assert!(gone.contains(&ids[1]) && gone.contains(&ids[2]), "{gone:?}");
        let left: Vec<String> = db.list().unwrap().into_iter().map(|r| r.id).collect();
        assert_eq!(left.len(), 3, "{left:?}");
        for id in [&ids[3], &terminal, &playing.id().to_string()] {
            assert!(left.contains(id), "{id} kept: {left:?}");
        }
    }
}
