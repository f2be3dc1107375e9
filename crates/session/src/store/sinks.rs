//! The stores as [`Sink`]s of a game's events: the games database ([`DbSink`]), the course's
//! `log.dat` ([`LogSink`]) and the JSON game record written when the game ends ([`RecordSink`]).

use std::path::PathBuf;
use std::sync::Arc;

use crate::error::{FileError, FileKind, SessionError};
use crate::game::{Game, GameEvent, Status};
use crate::sink::Sink;
use crate::store::{Db, logfile, record, save_record};

/// The games database: the set-up when the game starts, each ply in its own transaction, undo,
/// and the end. The event does not happen when the database cannot record it.
pub struct DbSink(pub Arc<Db>);

impl Sink for DbSink {
    fn record(&mut self, game: &Game, event: &GameEvent) -> Result<Option<PathBuf>, SessionError> {
        let db = &self.0;
        match event {
            GameEvent::Started => db.put_game(game)?,
            GameEvent::Played(ply) => db.add_ply(game.id(), ply, game.position())?,
            GameEvent::Undone(_) => {
                db.undo(game.id(), game.plies().len(), game.last_ply().map_or([0, 0], |p| p.points))?
            }
            GameEvent::Abandoned => {
                db.abandon(game.id())?;
            }
        }
        Ok(None)
    }

    fn must_record(&self) -> bool {
        true
    }
}

/// The course's `log.dat`, appended to: the `GAME` line, each ply with its board, `UNDO`, and
/// the `END` line when the game ends or is abandoned.
pub struct LogSink(pub PathBuf);

impl Sink for LogSink {
    fn record(&mut self, game: &Game, event: &GameEvent) -> Result<Option<PathBuf>, SessionError> {
        let text = match event {
            GameEvent::Started => logfile::header(game),
            GameEvent::Played(ply) => {
                let mut t = logfile::ply_entry(game.id(), ply, game.player(ply.side), game.position());
                if game.status() != Status::Playing {
                    t.push_str(&logfile::footer(game));
                }
                t
            }
            GameEvent::Undone(undone) => logfile::undo_line(game.id(), undone.len(), game.plies().len()),
            GameEvent::Abandoned => logfile::footer(game),
        };
        logfile::append(&self.0, &text).map_err(|e| FileError::new(FileKind::Log, &self.0, &e))?;
        Ok(None)
    }

    fn must_record(&self) -> bool {
        false
    }
}

/// The JSON game record, written to `<dir>/<id>.json` (atomically) when the game ends or is
/// abandoned.
pub struct RecordSink(pub PathBuf);

impl Sink for RecordSink {
    fn record(&mut self, game: &Game, event: &GameEvent) -> Result<Option<PathBuf>, SessionError> {
        let ended =
            matches!(event, GameEvent::Played(_) | GameEvent::Abandoned) && game.status() != Status::Playing;
        if !ended {
            return Ok(None);
        }
        let dir = &self.0;
        let path = save_record(dir, game.id(), &record::build(game).to_json())
            .map_err(|e| FileError::new(FileKind::Record, dir.join(format!("{}.json", game.id())), &e))?;
        Ok(Some(path))
    }

    fn must_record(&self) -> bool {
        false
    }
}
