//! What a human types: a move (`E3`, `3 5`, `E3x88`) or a command (`hint`, `undo`, `help`,
//! `quit`), and the choice of a double to remove.

use cavalo_rules::{Cell, Move, MoveError, ParseMoveError, ParseMoveReason, Position};

use crate::SessionError;
use crate::i18n::{Key, Lang};
use crate::key;

/// A line typed by a human.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Anything that is not a command word: to be read as a move.
    Move(String),
    /// `hint`.
    Hint,
    /// `undo`.
    Undo,
    /// `help` or `?`.
    Help,
    /// `quit`, `q` or `exit`.
    Quit,
    /// An empty line.
    Empty,
}

/// Reads a typed line as a command or a move. The command words are the catalogues' (`cmd-hint`,
/// `cmd-undo`, `cmd-help`, `cmd-quit`), Portuguese and English alike: `dica` and `hint`,
/// `anular` and `undo`, `ajuda` and `help` (or `?`), `sair` and `quit` (or `q`).
pub fn parse_command(text: &str) -> Command {
    let t = text.trim();
    let is = |key| is_word(t, key);
    if t.is_empty() {
        Command::Empty
    } else if is(key!("cmd-hint")) {
        Command::Hint
    } else if is(key!("cmd-undo")) {
        Command::Undo
    } else if is(key!("cmd-help")) {
        Command::Help
    } else if is(key!("cmd-quit")) {
        Command::Quit
    } else {
        Command::Move(t.to_string())
    }
}

/// Whether `text` is one of the words of catalogue message `key` in either language (the
/// message lists them separated by spaces: `cmd-yes = s sim`).
pub fn is_word(text: &str, key: Key) -> bool {
    let t = text.trim().to_lowercase();
    !t.is_empty() && Lang::ALL.iter().any(|l| l.tr(key).split_whitespace().any(|w| w == t))
}

/// A move read from text: either complete, or a landing on a double that needs the choice of
/// the double to remove.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveChoice {
    /// A legal move, normalised.
    Ready(Move),
    /// Landing on `destination` can remove one of several doubles: `options` are the legal moves,
    /// the default (highest double) first, then the others from high to low.
    ChooseRemoval {
        /// The double being landed on.
        destination: Cell,
        /// The value landed on.
        value: u8,
        /// One legal move per possible removal, the default first.
        options: Vec<Move>,
    },
}

impl MoveChoice {
    /// The doubles that may be removed, in the order of `options` (the default first).
    pub fn removable(&self, pos: &Position) -> Vec<u8> {
        match self {
            MoveChoice::Ready(_) => Vec::new(),
            MoveChoice::ChooseRemoval { options, .. } => {
                options.iter().map(|m| removal_value(pos, *m)).collect()
            }
        }
    }
}

/// The value of the double that `mv` removes (the default removal resolved), or 0 if none.
fn removal_value(pos: &Position, mv: Move) -> u8 {
    if let Some(r) = mv.removal() {
        return r;
    }
    let mut p = pos.clone();
    let undo = p.play(mv);
    undo.removed_double().and_then(|c| pos.value_at(c)).unwrap_or(0)
}

/// Reads a human's move in `pos`: `E3`, `e3`, `3 5` (row column, 1-based), `3,5`, `E3x88`,
/// `pass`. A landing on a double with several possible removals and no `xNN` asks for a choice.
/// Errors explain what is wrong, in a sentence.
pub fn interpret_move(pos: &Position, text: &str) -> Result<MoveChoice, SessionError> {
    let t = text.trim();
    if pos.is_over() {
        return Err(SessionError::GameOver);
    }
    let explicit = t.contains(['x', 'X']);
    let mv = if t.contains([' ', ',']) && !explicit {
        let cell = Cell::from_pair(&t.replace(',', " ")).map_err(|e| {
            SessionError::Unreadable(ParseMoveError {
                input: e.input,
                reason: ParseMoveReason::Cell(e.reason),
            })
        })?;
        pos.check_move(Move::land(cell))?
    } else {
        pos.parse_move(t).map_err(|e| match e {
            MoveError::Parse(p) => SessionError::Unreadable(p),
            MoveError::Illegal(i) => SessionError::Illegal(i),
        })?
    };
    if explicit {
        return Ok(MoveChoice::Ready(mv));
    }
    let Some(dest) = mv.destination() else { return Ok(MoveChoice::Ready(mv)) };
    let mut options: Vec<Move> =
        pos.legal_moves().iter().copied().filter(|m| m.destination() == Some(dest)).collect();
    if options.len() <= 1 {
        return Ok(MoveChoice::Ready(mv));
    }
    options.sort_by_key(|m| std::cmp::Reverse(m.removal().map_or(1000, u16::from)));
    let value = pos.value_at(dest).unwrap_or(0);
    Ok(MoveChoice::ChooseRemoval { destination: dest, value, options })
}

/// Reads the answer to "which double to remove?": empty for the default (the first option),
/// or the double's value (`77`, `x77`, `7` is not accepted: two digits).
pub fn choose_removal(pos: &Position, options: &[Move], text: &str) -> Result<Move, SessionError> {
    let t = text.trim().trim_start_matches(['x', 'X']);
    let Some(&default) = options.first() else { return Err(SessionError::GameOver) };
    if t.is_empty() {
        return Ok(default);
    }
    let values: Vec<u8> = options.iter().map(|m| removal_value(pos, *m)).collect();
    let not_one = || SessionError::NotARemoval { text: text.trim().to_string(), choices: values.clone() };
    if t.len() != 2 {
        return Err(not_one());
    }
    let v: u8 = t.parse().map_err(|_| not_one())?;
    match values.iter().position(|&x| x == v) {
        Some(i) => Ok(options[i]),
        None => Err(not_one()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cavalo_rules::Rules;

    #[test]
    fn commands() {
        assert_eq!(parse_command(" HINT "), Command::Hint);
        assert_eq!(parse_command("undo"), Command::Undo);
        assert_eq!(parse_command("?"), Command::Help);
        assert_eq!(parse_command("q"), Command::Quit);
        assert_eq!(parse_command(""), Command::Empty);
        assert_eq!(parse_command("e3"), Command::Move("e3".into()));
    }

    #[test]
    fn moves_in_all_notations() {
        let pos = Position::from_seed(1, Rules::default());
        for text in ["f1", "1 6", "1,6"] {
            assert_eq!(interpret_move(&pos, text).unwrap(), MoveChoice::Ready("F1".parse().unwrap()));
        }
        let e = interpret_move(&pos, "A1").unwrap_err();
        assert!(matches!(e, SessionError::Illegal(_)) && e.to_string().contains("F1"), "{e}");
        let e = interpret_move(&pos, "banana").unwrap_err();
        assert!(matches!(e, SessionError::Unreadable(_)) && e.to_string().contains("invalid"), "{e}");
        let e = interpret_move(&pos, "11 1").unwrap_err();
        assert!(matches!(e, SessionError::Unreadable(_)), "{e}");
    }

    #[test]
    fn double_choice() {
        // Find a seeded position where a legal landing on a double offers several removals.
        for seed in 0..200u64 {
            let mut pos = Position::from_seed(seed, Rules::default());
            while !pos.is_over() {
                let moves = pos.legal_moves();
                if let Some(m) = moves.iter().find(|m| m.removal().is_some()) {
                    let dest = m.destination().unwrap();
                    let choice = interpret_move(&pos, &dest.to_string()).unwrap();
                    let MoveChoice::ChooseRemoval { options, destination, .. } = &choice else {
                        panic!("expected a choice")
                    };
                    assert_eq!(*destination, dest);
                    assert!(options[0].removal().is_none(), "default first");
                    let values = choice.removable(&pos);
                    assert!(values.windows(2).all(|w| w[0] > w[1]), "{values:?}");
                    assert_eq!(choose_removal(&pos, options, "").unwrap(), options[0]);
                    let last = *values.last().unwrap();
                    assert_eq!(
                        choose_removal(&pos, options, &format!("{last:02}")).unwrap(),
                        *options.last().unwrap()
                    );
                    for bad in ["12", "zz", "7", "077"] {
                        let e = choose_removal(&pos, options, bad).unwrap_err();
                        assert!(
                            matches!(&e, SessionError::NotARemoval { choices, .. } if *choices == values),
                            "{e}"
                        );
                    }
                    let explicit = interpret_move(&pos, &m.to_string()).unwrap();
                    assert_eq!(explicit, MoveChoice::Ready(*m));
                    return;
                }
                pos.play(moves[0]);
            }
        }
        panic!("no double choice found");
    }
}
