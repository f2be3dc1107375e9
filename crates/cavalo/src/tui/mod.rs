//! The full-screen interface (ratatui + crossterm) in the Elm style: [`model`] (Model, Msg,
//! update), [`view`] (draws a model), and this loop that feeds keys and ticks to `update` and
//! draws after each. Also the replay of a record.

pub mod model;
pub mod view;

use std::time::Duration;

use anyhow::Result;
use cavalo_rules::Position;
use cavalo_session::Session;
use cavalo_session::i18n::Lang;
use cavalo_session::present;
use ratatui::Frame;
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEventKind};
use ratatui::layout::{Constraint, Layout};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Paragraph};

use self::model::{Model, Msg, update};
use self::view::board_lines;
use cavalo_session::key;

/// Plays a game full-screen until it ends or is abandoned; then prints the result and the totals
/// and saves the record.
pub fn play(s: Session, lang: Lang) -> Result<()> {
    let mut terminal = init()?;
    let mut model = Model::new(s, lang);
    let result = run(&mut terminal, &mut model);
    let _ = ratatui::try_restore();
    result?;
    let mut s = model.ctl.into_session();
    for a in present::announcements_since(&s, s.plies().len()) {
        println!("{}", a.text(lang));
    }
    for l in present::summary_lines(&s, lang) {
        println!("  {l}");
    }
    crate::game_ends::finish(&mut s, lang)
}

/// Takes the terminal (raw mode, the alternate screen), with a panic hook that gives it back
/// without writing anything that could fail: unlike `ratatui::init`'s hook, which reports a
/// failed restore on standard error and so panics again inside the hook (an abort) when the
/// terminal has gone.
fn init() -> Result<ratatui::DefaultTerminal> {
    use ratatui::crossterm::{execute, terminal};
    terminal::enable_raw_mode()?;
    execute!(std::io::stdout(), terminal::EnterAlternateScreen)?;
    let report = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = ratatui::try_restore();
        report(info);
    }));
    Ok(ratatui::Terminal::new(ratatui::backend::CrosstermBackend::new(std::io::stdout()))?)
}

/// Whether the terminal is still there: a terminal that hung up (closed window, lost
/// connection) answers no terminal request any more, while reads from it end at once.
fn terminal_gone() -> bool {
    use std::io::IsTerminal;
    !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal()
}

fn run(terminal: &mut ratatui::DefaultTerminal, m: &mut Model) -> Result<()> {
    let _watch = HangupWatch::start();
    while !m.done() {
        update(m, Msg::Tick)?;
        terminal.draw(|f| view::view(f, m))?;
        if event::poll(Duration::from_millis(50))?
            && let Event::Key(key) = event::read()?
        {
            update(m, Msg::Key(key))?;
        }
    }
    Ok(())
}

/// Watches, on a thread of its own, for the terminal to vanish without a SIGHUP (or before it
/// comes): crossterm's event reader then reads nothing for ever without returning, so the
/// check cannot live in the loop. Ten looks a second; when the terminal is gone, the game being
/// played is saved abandoned and the program exits as the signal would have made it. Dropping
/// the watch stops it.
struct HangupWatch {
    done: std::sync::Arc<std::sync::atomic::AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl HangupWatch {
    fn start() -> HangupWatch {
        use std::sync::atomic::Ordering::Relaxed;
        let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let flag = done.clone();
        let thread = std::thread::Builder::new()
            .name("terminal-watch".into())
            .spawn(move || {
                while !flag.load(Relaxed) {
                    if terminal_gone() {
                        crate::signals::exit_after_saving(
                            128 + signal_hook::consts::SIGHUP,
                            "the terminal closed",
                        );
                    }
                    std::thread::sleep(Duration::from_millis(100));
                }
            })
            .ok();
        HangupWatch { done, thread }
    }
}

impl Drop for HangupWatch {
    fn drop(&mut self) {
        self.done.store(true, std::sync::atomic::Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// A record to replay: its title, its positions, its moves and the worded statistics of each
/// ply's search (none for a human's ply).
pub struct Replay<'a> {
    /// The board's title.
    pub title: &'a str,
    /// The start, then the position after each ply.
    pub positions: &'a [Position],
    /// The plies.
    pub moves: &'a [cavalo_rules::Move],
    /// Each ply's search statistics, worded.
    pub stats: &'a [Option<String>],
}

/// Draws position `i` of a replayed record. The board keeps its width (all ten columns at 80
/// columns); the panel beside it takes what is left and wraps.
pub fn render_replay(f: &mut Frame, lang: Lang, r: &Replay, i: usize) {
    let (title, positions, moves) = (r.title, r.positions, r.moves);
    let [top, bottom] = Layout::vertical([Constraint::Length(14), Constraint::Min(4)]).areas(f.area());
    let pos = &positions[i];
    let last = (i > 0).then(|| {
        let side = positions[i - 1].side_to_move();
        (moves[i - 1], positions[i - 1].knight(side))
    });
    let cells = present::marks(pos, last, None);
    let [board_area, side_area] = Layout::horizontal([Constraint::Length(57), Constraint::Min(0)]).areas(top);
    let titled = |t: &str| Block::default().borders(Borders::ALL).title(format!(" {t} "));
    f.render_widget(Paragraph::new(board_lines(&cells)).block(titled(title)), board_area);
    let mut lines = vec![
        Line::raw(lang.tr_with(key!("replay-ply-of"), &[("ply", i.into()), ("total", moves.len().into())])),
        Line::raw(present::points_text(lang, pos)),
    ];
    if let Some((mv, _)) = last {
        let side = present::side_name(lang, positions[i - 1].side_to_move());
        lines.push(Line::raw(lang.tr_with(
            key!("replay-last"),
            &[("side", side.into()), ("move", present::move_text(lang, mv).into())],
        )));
        if let Some(Some(stats)) = r.stats.get(i - 1) {
            lines.push(Line::raw(stats.clone()));
        }
    }
    lines.push(Line::raw(match present::GameResult::of_position(pos) {
        Some(r) => present::Announcement::GameOver(r).text(lang),
        None => {
            let who = present::side_name(lang, pos.side_to_move());
            lang.tr_with(key!("who-human"), &[("side", who.into())])
        }
    }));
    let side = Paragraph::new(lines)
        .wrap(ratatui::widgets::Wrap { trim: true })
        .block(titled(&lang.tr(key!("replay-panel"))));
    f.render_widget(side, side_area);
    f.render_widget(
        Paragraph::new(lang.tr(key!("replay-keys"))).block(titled(&lang.tr(key!("replay-keys-title")))),
        bottom,
    );
}

/// Steps through a record with the arrow keys.
pub fn replay(lang: Lang, r: &Replay) -> Result<()> {
    let moves = r.moves;
    let mut terminal = init()?;
    let mut i = 0usize;
    let result = (|| -> Result<()> {
        let _watch = HangupWatch::start();
        loop {
            terminal.draw(|f| render_replay(f, lang, r, i))?;
            let Event::Key(key) = event::read()? else { continue };
            if key.kind != KeyEventKind::Press {
                continue;
            }
            match key.code {
                KeyCode::Right | KeyCode::Char(' ') | KeyCode::Down => i = (i + 1).min(moves.len()),
                KeyCode::Left | KeyCode::Up | KeyCode::Backspace => i = i.saturating_sub(1),
                KeyCode::Home => i = 0,
                KeyCode::End => i = moves.len(),
                KeyCode::Char('q') | KeyCode::Esc | KeyCode::Enter => return Ok(()),
                _ => {}
            }
        }
    })();
    let _ = ratatui::try_restore();
    result
}

#[cfg(test)]
mod tests;
