//! Terminal play interrupted: on SIGINT, SIGTERM or SIGHUP (the terminal closed), or when the
//! terminal goes away without a signal, the game is marked abandoned in the games database, its
//! `END` line goes to log.dat and its record to the records directory, then the program exits
//! (128 + the signal's number after a signal; 129, as after SIGHUP, when the terminal is gone,
//! whichever of the signal, a read or a write notices it first).
//!
//! Every ply is in the database already (it is stored before it is shown), so this works from the
//! database alone, on any thread, whatever the game's thread is doing. The game is saved first;
//! only then is the terminal restored, without writing anything to it that could fail (a closed
//! terminal cannot be written to).

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use anyhow::Result;
use cavalo_session::store::Db;
use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use signal_hook::iterator::{Handle, Signals};

/// What to save when a signal comes.
pub struct Interrupted {
    /// The store holding the game.
    pub db: Arc<Db>,
    /// The game.
    pub id: String,
    /// The log to append the `END` line to.
    pub log: Option<PathBuf>,
    /// Where to write the record.
    pub games_dir: PathBuf,
    /// Whether the full-screen interface holds the terminal (restored before exiting).
    pub full_screen: bool,
}

/// The game being played in this process, saved by [`exit_after_saving`]; one at a time.
static PLAYING: Mutex<Option<Interrupted>> = Mutex::new(None);

/// Whether standard input and output were terminals when the game began ([`watch`]).
static ON_TERMINAL: Mutex<[bool; 2]> = Mutex::new([false; 2]);

/// The two standard streams: whether each is a terminal now.
fn terminals() -> [bool; 2] {
    [std::io::stdin().is_terminal(), std::io::stdout().is_terminal()]
}

/// Whether the terminal the game began on is gone: standard input or output was a terminal then
/// and is no longer one (the terminal closed or hung up; it then reads nothing and cannot be
/// written). Never when the game began without a terminal.
pub fn terminal_gone() -> bool {
    let then = *ON_TERMINAL.lock().unwrap_or_else(|e| e.into_inner());
    then.iter().zip(terminals()).any(|(&was, is)| was && !is)
}

/// Ends the program as SIGHUP would (128 + its number, the game saved abandoned first) when the
/// game's terminal is gone ([`terminal_gone`]); returns otherwise. For a read that ended or a
/// write that failed: the terminal's going, not the end of the input or a failure of its own.
pub fn exit_if_terminal_gone() {
    if PLAYING.lock().unwrap_or_else(|e| e.into_inner()).is_some() && terminal_gone() {
        exit_after_saving(128 + SIGHUP, "the terminal closed");
    }
}

/// Watches for the signals while alive; dropping it stops watching.
pub struct Watch {
    handle: Handle,
    thread: Option<JoinHandle<()>>,
}

impl Drop for Watch {
    fn drop(&mut self) {
        self.handle.close();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
        *PLAYING.lock().unwrap_or_else(|e| e.into_inner()) = None;
    }
}

/// Starts watching for SIGINT, SIGTERM and SIGHUP on behalf of the game `what` describes, which
/// is also the game [`exit_after_saving`] saves.
pub fn watch(what: Interrupted) -> Result<Watch> {
    let mut signals = Signals::new([SIGINT, SIGTERM, SIGHUP])?;
    let handle = signals.handle();
    *ON_TERMINAL.lock().unwrap_or_else(|e| e.into_inner()) = terminals();
    *PLAYING.lock().unwrap_or_else(|e| e.into_inner()) = Some(what);
    let thread = std::thread::Builder::new().name("signals".into()).spawn(move || {
        if let Some(sig) = signals.forever().next() {
            let name = match sig {
                SIGINT => "SIGINT",
                SIGTERM => "SIGTERM",
                _ => "SIGHUP",
            };
            exit_after_saving(128 + sig, name);
        }
    })?;
    Ok(Watch { handle, thread: Some(thread) })
}

/// Ends the program with `code`: first the game being played (if any) is marked abandoned and
/// saved, then the terminal is restored when the full-screen interface held it, and what
/// happened is said on standard error if that can still be written (`why` names the cause).
/// Whichever thread comes first saves; another that arrives meanwhile waits and never returns.
pub fn exit_after_saving(code: i32, why: &str) -> ! {
    let playing = PLAYING.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(what) = playing.as_ref() {
        let said = match crate::commands::games::close_game(
            &what.db,
            &what.id,
            what.log.as_deref(),
            &what.games_dir,
        ) {
            Ok(true) => Some(format!("{why}: game {} saved as abandoned", what.id)),
            Ok(false) => None,
            Err(e) => Some(format!("{why}: game {} could not be marked abandoned: {e:#}", what.id)),
        };
        if what.full_screen {
            // Writes the terminal's reset sequences; on a closed terminal that fails, quietly.
            let _ = ratatui::try_restore();
        }
        if let Some(said) = said {
            let _ = writeln!(std::io::stderr(), "\n{said}");
        }
    }
    std::process::exit(code)
}
