//! Terminal play interrupted: on SIGINT, SIGTERM or SIGHUP (the terminal closed) the game is
//! marked abandoned in the games database, its `END` line goes to log.dat and its record to the
//! records directory, then the program exits with 128 + the signal's number.
//!
//! Every ply is in the database already (it is stored before it is shown), so this works from the
//! database alone, on its own thread, whatever the game's thread is doing.

use std::path::PathBuf;
use std::sync::Arc;
use std::thread::JoinHandle;

use anyhow::Result;
use cavalo_session::logfile;
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
    }
}

/// Starts watching for SIGINT, SIGTERM and SIGHUP on behalf of the game `what` describes.
pub fn watch(what: Interrupted) -> Result<Watch> {
    let mut signals = Signals::new([SIGINT, SIGTERM, SIGHUP])?;
    let handle = signals.handle();
    let thread = std::thread::Builder::new().name("signals".into()).spawn(move || {
        if let Some(sig) = signals.forever().next() {
            if what.full_screen {
                ratatui::restore();
            }
            let name = match sig {
                SIGINT => "SIGINT",
                SIGTERM => "SIGTERM",
                _ => "SIGHUP",
            };
            match save(&what) {
                Ok(true) => eprintln!("\n{name}: game {} saved as abandoned", what.id),
                Ok(false) => {}
                Err(e) => eprintln!("\n{name}: game {} could not be marked abandoned: {e:#}", what.id),
            }
            std::process::exit(128 + sig);
        }
    })?;
    Ok(Watch { handle, thread: Some(thread) })
}

/// Marks the game abandoned, appends its `END` line and writes its record; `false` when the game
/// was not being played any more (finished or abandoned already: nothing to do).
fn save(w: &Interrupted) -> Result<bool> {
    let Some((points, plies)) = w.db.abandon(&w.id)? else { return Ok(false) };
    if let Some(log) = &w.log {
        logfile::append(log, &logfile::end_line(&w.id, "quit", "none", points, plies as usize))?;
    }
    let game = w.db.load(&w.id)?;
    cavalo_session::write_atomically(&w.games_dir.join(format!("{}.json", w.id)), &game.record().to_json())?;
    Ok(true)
}
