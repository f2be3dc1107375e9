//! Catalogue messages with their arguments, not yet worded: what a front end that words the
//! catalogue itself (the web page) receives, one payload for every language. Each
//! [`Message::text`] gives the same sentence as the `text` functions of [`super`].

use crate::i18n::Key;
use std::collections::BTreeMap;

use cavalo_rules::Side;
use serde::Serialize;

use super::{Announcement, GameResult, Who};
use crate::SessionError;
use crate::i18n::{Arg, Lang};
use crate::key;
use crate::store::{StoreError, StoreErrorKind};

/// A catalogue message (`key`) with its arguments: `{"key": "ann-pass", "args": {"who": …}}`.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Message {
    /// The catalogue's key.
    #[serde(serialize_with = "key_id")]
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    pub key: Key,
    /// The arguments by name (none: left out).
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    #[cfg_attr(feature = "ts", ts(optional, as = "Option<BTreeMap<String, Words>>"))]
    pub args: BTreeMap<&'static str, Words>,
}

/// An argument of a [`Message`], or a text to show: a text as it is, a whole number (written the
/// language's way, and choosing plural forms), or another message worded first.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Words {
    /// A text inserted as it is (a cell, a move, a reason from outside the catalogue).
    Text(String),
    /// A whole number.
    Int(i64),
    /// A message.
    Message(Message),
}

impl Message {
    /// The message `key` with no arguments.
    pub fn new(key: Key) -> Message {
        Message { key, args: BTreeMap::new() }
    }

    /// Adds the argument `name`.
    pub fn with(mut self, name: &'static str, value: impl Into<Words>) -> Message {
        self.args.insert(name, value.into());
        self
    }

    /// The sentence in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        let args: Vec<(&str, Arg)> = self.args.iter().map(|(k, v)| (*k, v.arg(lang))).collect();
        lang.tr_with(self.key, &args)
    }
}

fn key_id<S: serde::Serializer>(key: &Key, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(key.id())
}

impl Words {
    /// The text in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            Words::Text(t) => t.clone(),
            Words::Int(n) => lang.int(*n),
            Words::Message(m) => m.text(lang),
        }
    }

    fn arg(&self, lang: Lang) -> Arg {
        match self {
            Words::Text(t) => Arg::from(t.as_str()),
            Words::Int(n) => Arg::from(*n),
            Words::Message(m) => Arg::from(m.text(lang)),
        }
    }
}

impl From<Message> for Words {
    fn from(m: Message) -> Words {
        Words::Message(m)
    }
}

impl From<String> for Words {
    fn from(t: String) -> Words {
        Words::Text(t)
    }
}

impl From<&str> for Words {
    fn from(t: &str) -> Words {
        Words::Text(t.to_string())
    }
}

macro_rules! words_from_int {
    ($($t:ty),*) => {$(
        impl From<$t> for Words {
            fn from(n: $t) -> Words {
                Words::Int(i64::from(n))
            }
        }
    )*};
}
words_from_int!(u8, u16, u32, i32, i64);

impl From<usize> for Words {
    fn from(n: usize) -> Words {
        Words::Int(i64::try_from(n).unwrap_or(i64::MAX))
    }
}

/// `White`/`Branco` as a message.
pub fn side_message(side: Side) -> Message {
    Message::new(match side {
        Side::White => key!("side-white"),
        Side::Black => key!("side-black"),
    })
}

impl Who {
    /// [`Who::text`] as a message.
    pub fn message(&self) -> Message {
        match &self.computer {
            Some(p) => {
                let m = match p.weaker_level() {
                    Some(level) => Message::new(key!("who-computer-level")).with("level", level),
                    None => Message::new(key!("who-computer")),
                };
                m.with("side", side_message(self.side)).with("player", super::engine_name(p))
            }
            None => Message::new(key!("who-human")).with("side", side_message(self.side)),
        }
    }
}

impl GameResult {
    /// [`GameResult::text`] as a message.
    pub fn message(&self) -> Message {
        match *self {
            GameResult::Win { side, winner, loser } => Message::new(key!("result-win"))
                .with("side", side_message(side))
                .with("winner", winner)
                .with("loser", loser),
            GameResult::Draw { points } => Message::new(key!("result-draw")).with("points", points),
            GameResult::Abandoned { white, black } => {
                Message::new(key!("result-abandoned")).with("white", white).with("black", black)
            }
        }
    }
}

impl Announcement {
    /// [`Announcement::text`] as words: a message, or for an error the catalogue cannot word
    /// without the language (an illegal or unreadable move), its text in English.
    pub fn words(&self) -> Words {
        let two = |n: u8| Words::Text(format!("{n:02}"));
        let m = match self {
            Announcement::Placement { who, cell, gained } => Message::new(key!("ann-placement"))
                .with("who", who.message())
                .with("cell", cell.to_string())
                .with("gained", *gained),
            Announcement::Moved { who, mv, gained } => Message::new(key!("ann-move"))
                .with("who", who.message())
                .with("move", mv.to_string())
                .with("gained", *gained),
            Announcement::SymmetricRemoved { number } => {
                Message::new(key!("ann-symmetric-removed")).with("number", two(*number))
            }
            Announcement::DoubleRemoved { number } => {
                Message::new(key!("ann-double-removed")).with("number", two(*number))
            }
            Announcement::Pass { who } => Message::new(key!("ann-pass")).with("who", who.message()),
            Announcement::Hint { mv } => Message::new(key!("ann-hint")).with("move", mv.to_string()),
            Announcement::Undone { count } => Message::new(key!("ann-undo")).with("count", *count),
            Announcement::GameOver(r) => Message::new(key!("ann-game-over")).with("result", r.message()),
            Announcement::Error(e) => return error_words(e),
        };
        Words::Message(m)
    }
}

/// An error as words: its message, or (an illegal or unreadable move, whose reasons are worded
/// in pieces) its text in English.
pub fn error_words(e: &SessionError) -> Words {
    let plain = |key: Key| Words::Message(Message::new(key));
    match e {
        SessionError::Start(p) => {
            Words::Message(Message::new(key!("err-start")).with("reason", super::position_message(p)))
        }
        SessionError::NotHumanTurn => plain(key!("err-not-your-turn")),
        SessionError::NotComputerTurn => plain(key!("err-not-computer-turn")),
        SessionError::NotProgramTurn => plain(key!("err-not-program-turn")),
        SessionError::NotForced => plain(key!("err-not-forced")),
        SessionError::GameOver => plain(key!("err-game-over")),
        SessionError::Abandoned => plain(key!("err-game-abandoned")),
        SessionError::HintNotMove => plain(key!("err-hint-not-move")),
        SessionError::NothingToUndo => plain(key!("err-nothing-to-undo")),
        SessionError::Stale => plain(key!("err-stale")),
        SessionError::Io(f) => Words::Message(super::file_message(f)),
        SessionError::Store(e) => Words::Message(store_error_message(e)),
        SessionError::Restore(r) => {
            Words::Message(Message::new(key!("err-restore")).with("reason", super::restore_message(r)))
        }
        SessionError::Illegal(_) | SessionError::Unreadable(_) | SessionError::NotARemoval { .. } => {
            Words::Text(super::error_text(e, Lang::En))
        }
    }
}

/// [`super::store_error_text`] as a message.
pub fn store_error_message(e: &StoreError) -> Message {
    let key = match e.kind {
        StoreErrorKind::Full => key!("err-store-full"),
        StoreErrorKind::ReadOnly => key!("err-store-read-only"),
        StoreErrorKind::Locked => key!("err-store-locked"),
        StoreErrorKind::Corrupt | StoreErrorKind::BadVersion { .. } => key!("err-store-corrupt"),
        StoreErrorKind::NotFound => key!("err-store-not-found"),
        StoreErrorKind::Open
        | StoreErrorKind::Invalid
        | StoreErrorKind::Newer { .. }
        | StoreErrorKind::Other => key!("err-store"),
    };
    Message::new(key).with("reason", e.message.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::StoreErrorKind;

    /// Every announcement's message words the same sentence as its `text`, in both languages.
    #[test]
    fn messages_word_what_the_texts_say() {
        let who = Who { side: Side::Black, computer: Some("cavalo".parse().unwrap()) };
        let cell: cavalo_rules::Cell = "E3".parse().unwrap();
        let all = [
            Announcement::Placement { who: who.clone(), cell, gained: 42 },
            Announcement::Pass { who: Who { side: Side::White, computer: None } },
            Announcement::DoubleRemoved { number: 7 },
            Announcement::Undone { count: 1 },
            Announcement::Undone { count: 3 },
            Announcement::GameOver(GameResult::Win { side: Side::White, winner: 1200, loser: 95 }),
            Announcement::GameOver(GameResult::Abandoned { white: 3, black: 4 }),
            Announcement::Error(SessionError::Store(StoreError::new(StoreErrorKind::Full, "disk"))),
            Announcement::Error(SessionError::GameOver),
            Announcement::Error(SessionError::Start(cavalo_rules::PositionError::TwoKnights {
                side: Side::Black,
                first: cell,
                second: "F5".parse().unwrap(),
            })),
            Announcement::Error(SessionError::Start(cavalo_rules::PositionError::Lisp(
                cavalo_rules::LispBoardError::ShortRow { row: 3, cells: 9 },
            ))),
            Announcement::Error(SessionError::Io(crate::FileError::new(
                crate::FileKind::Record,
                "games/x.json",
                &std::io::Error::from(std::io::ErrorKind::StorageFull),
            ))),
            Announcement::Error(SessionError::Restore(crate::RestoreError::Numbering {
                index: 4,
                number: 7,
            })),
        ];
        for a in all {
            for lang in Lang::ALL {
                assert_eq!(a.words().text(lang), a.text(lang), "{a:?}");
            }
        }
    }

    #[test]
    fn a_message_serializes_as_key_and_arguments() {
        let a = Announcement::Pass { who: Who { side: Side::White, computer: None } };
        let json = serde_json::to_value(a.words()).unwrap();
        assert_eq!(
            json,
            serde_json::json!({"key": "ann-pass", "args": {"who": {"key": "who-human", "args": {"side": {"key": "side-white"}}}}})
        );
    }
}
