//! A player asked for moves, whatever it is: a built-in player run in this process (stopped by a
//! watchdog at the deadline) or an external engine (a program speaking the protocol, or a course
//! program behind the Lisp adapter). The referee asks it for the moves of a game; `cavalo
//! accuracy` asks it for the move of single positions.

use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::mpsc::{RecvTimeoutError, channel};
use std::time::Instant;

use cavalo_engine::{Player, protocol};
use cavalo_rules::{Position, Rules};

use crate::external::{EngineReport, ExternalEngine, Launch};
use crate::limits::MoveLimits;
use crate::spec::PlayerSpec;
use crate::termination::{Failure, Fault, Termination};

/// A started player.
pub enum Contestant {
    /// Run in this process.
    Builtin(Box<dyn Player>),
    /// A separate process spoken to through the protocol.
    External(Box<ExternalEngine>),
}

/// How the position asked about is given to an external engine.
#[derive(Clone, Copy, Debug)]
pub enum Question<'a> {
    /// The seeded board and the moves played from it (`position seed N moves ...`): a game.
    Game {
        /// The board's seed.
        seed: u64,
        /// The moves so far.
        moves: &'a [String],
    },
    /// The position alone (`position fen ...`).
    Position,
}

impl Contestant {
    /// Starts the player `spec` for games under `rules` (an external engine gets the variant's
    /// options and a new game).
    pub fn start(spec: &PlayerSpec, rules: Rules) -> Result<Contestant, Failure> {
        match spec {
            PlayerSpec::Builtin { kind, options } => {
                let mut p = kind.build(options);
                p.new_game();
                Ok(Contestant::Builtin(p))
            }
            PlayerSpec::External { command, options } => {
                let engine = ExternalEngine::start(&Launch::shell(command), rules, options)?;
                Ok(Contestant::External(Box::new(engine)))
            }
            PlayerSpec::Lisp { path, glue } => {
                let engine = ExternalEngine::start(&crate::lisp::launch(path, glue)?, rules, &[])?;
                Ok(Contestant::External(Box::new(engine)))
            }
        }
    }

    /// Asks for a move in `pos` (given to an external engine as `question` says) within
    /// `limits`, and returns it with what the player said of its search. A built-in player that
    /// overruns is stopped at the deadline; an external engine that has not answered by then has
    /// timed out.
    pub fn ask(
        &mut self,
        question: Question<'_>,
        pos: &Position,
        limits: &MoveLimits,
    ) -> Result<EngineReport, Failure> {
        match self {
            Contestant::Builtin(p) => {
                // A watchdog stops the search at the deadline, so that a player that overruns
                // its limit answers (and then loses on time) instead of thinking on.
                let stop = AtomicBool::new(false);
                let (done, wait) = channel::<()>();
                let r = std::thread::scope(|scope| {
                    let stop = &stop;
                    scope.spawn(move || {
                        if let Err(RecvTimeoutError::Timeout) = wait.recv_timeout(limits.deadline()) {
                            stop.store(true, Relaxed);
                        }
                    });
                    let r = std::panic::catch_unwind(AssertUnwindSafe(|| {
                        p.choose(pos, &limits.limits(), stop, &mut |_| {})
                    }));
                    drop(done);
                    r
                });
                let r = r.map_err(|_| Failure::new(Termination::Crash, Fault::Panicked))?;
                Ok(EngineReport {
                    bestmove: r.best_move.map_or_else(|| "none".to_string(), |m| m.to_string()),
                    depth: Some(r.info.depth),
                    score: Some(r.info.score),
                    nodes: Some(r.info.nodes),
                    said: None,
                })
            }
            Contestant::External(e) => {
                let position = match question {
                    Question::Game { seed, moves } => protocol::position_seed_command(seed, moves),
                    Question::Position => protocol::position_fen_command(pos),
                };
                let deadline = Instant::now() + limits.deadline();
                e.think(&position, &limits.go_command(), deadline)
            }
        }
    }

    /// After an answer: an external engine must have nothing more to say about that `go`.
    pub fn settle(&mut self) -> Result<(), Failure> {
        match self {
            Contestant::Builtin(_) => Ok(()),
            Contestant::External(e) => e.settle(),
        }
    }

    /// Ends the player after a game it lost by forfeit: an external engine is ended (every
    /// process of it killed) and the last lines of its standard error are returned; none for a
    /// built-in player, or an engine that wrote nothing there.
    pub fn end(&mut self) -> Vec<String> {
        match self {
            Contestant::Builtin(_) => Vec::new(),
            Contestant::External(e) => e.end(),
        }
    }

    /// A new game: the built-in player forgets what it learnt, an external engine gets
    /// `uginewgame` (and is waited for).
    pub fn new_game(&mut self) -> Result<(), Failure> {
        match self {
            Contestant::Builtin(p) => {
                p.new_game();
                Ok(())
            }
            Contestant::External(e) => {
                e.send("uginewgame")?;
                e.settle()
            }
        }
    }
}
