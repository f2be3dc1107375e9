//! A game given as text, whatever its form: a JSON game record (as `cavalo play` saves it, the
//! page downloads it, `cavalo match` writes it), a saved game (a session's JSON, with `config`),
//! or a log.dat (one of its games, named by the beginning of its id, or its only game). Used by
//! `cavalo analyse` and by the server's upload.

use cavalo_rules::GameRecord;

use crate::store::logfile;

/// Why a text gives no game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TextGameError {
    /// JSON, but not a game record nor a saved game (the reader's words).
    #[error("not a game record: {0}")]
    NotARecord(String),
    /// A game picked by id in a JSON record, which holds one game.
    #[error("a game is picked by id in a log; this is a JSON record")]
    PickInRecord,
    /// Not a log that can be read (the reader's words).
    #[error("not a log: {0}")]
    NotALog(crate::logfile::LogLineError),
    /// Neither a record nor a log with a game.
    #[error("holds no game (neither a JSON game record nor a log.dat)")]
    Empty,
    /// No game of the log has an id beginning so.
    #[error("holds no game `{0}`")]
    NoSuchGame(String),
    /// The log holds several games and none was picked.
    #[error("holds {} games ({}): pick one", .0.len(), first_ids(.0))]
    Several(Vec<String>),
    /// The log's game cannot be made a record (its rules or start).
    #[error("{0}")]
    LogGame(String),
}

/// How many ids of a log's games a message names at most.
pub const IDS_SHOWN: usize = 10;

/// The first [`IDS_SHOWN`] of `ids`, joined by commas, then `…` when there are more: a message
/// about a log of ten thousand games stays a line.
pub fn first_ids(ids: &[String]) -> String {
    let mut text = ids.iter().take(IDS_SHOWN).map(String::as_str).collect::<Vec<_>>().join(", ");
    if ids.len() > IDS_SHOWN {
        text.push_str(", …");
    }
    text
}

/// The game of `text`; `game` picks a game of a log by the beginning of its id.
pub fn game_of_text(text: &str, game: Option<&str>) -> Result<GameRecord, TextGameError> {
    if text.trim_start().starts_with('{') {
        if game.is_some() {
            return Err(TextGameError::PickInRecord);
        }
        if serde_json::from_str::<serde_json::Value>(text).is_ok_and(|v| v.get("config").is_some()) {
            let saved = crate::store::read_game(text.as_bytes())
                .map_err(|e| TextGameError::NotARecord(e.to_string()))?;
            return Ok(crate::store::record::build(&saved));
        }
        return GameRecord::from_json(text).map_err(|e| TextGameError::NotARecord(e.to_string()));
    }
    let mut games = logfile::parse(text).map_err(TextGameError::NotALog)?;
    if let Some(id) = game {
        games.retain(|g| g.id().starts_with(id));
        if games.is_empty() {
            return Err(TextGameError::NoSuchGame(id.to_string()));
        }
    }
    match games.len() {
        0 => Err(TextGameError::Empty),
        1 => games[0].record().map_err(|e| TextGameError::LogGame(e.to_string())),
        _ => Err(TextGameError::Several(games.iter().map(|g| g.id().to_string()).collect())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_and_logs_give_their_game_and_say_what_is_wrong() {
        let rec = GameRecord::new(cavalo_rules::Start::Seed(4), Default::default());
        assert_eq!(game_of_text(&rec.to_json(), None).unwrap().start, rec.start);
        assert_eq!(game_of_text(&rec.to_json(), Some("x")), Err(TextGameError::PickInRecord));
        assert!(matches!(game_of_text("{\"moves\": 3}", None), Err(TextGameError::NotARecord(_))));
        assert_eq!(game_of_text("", None), Err(TextGameError::Empty));
        assert_eq!(game_of_text("hello\n", None), Err(TextGameError::Empty));
    }

    #[test]
    fn a_log_of_many_games_names_the_first_ten() {
        let ids: Vec<String> = (0..10_000).map(|n| format!("{n:08}")).collect();
        let e = TextGameError::Several(ids).to_string();
        assert!(e.starts_with("holds 10000 games (00000000, 00000001,"), "{e}");
        assert!(e.ends_with("00000009, …): pick one"), "{e}");
        assert_eq!(first_ids(&["a".into(), "b".into()]), "a, b");
    }
}
