//! The full-screen interface (ratatui + crossterm): the game and the replay of a record.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use anyhow::Result;
use cavalo_engine::SearchInfo;
use cavalo_rules::{CellState, Position, Side};
use cavalo_session::{
    COMMANDS_HELP, Command, Mode, MoveChoice, Session, Thought, Turn, choose_removal, interpret_move,
    parse_command,
};
use ratatui::Frame;
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEventKind, KeyModifiers};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};

use crate::play::{live_line, result_line, stats_line, summary_lines, who};
use crate::view::{self, CellView};

/// What the input line is for.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Prompt {
    /// A move or a command.
    #[default]
    Move,
    /// Which double to remove: the legal moves, the default first, and the doubles' values.
    Removal { options: Vec<cavalo_rules::Move>, values: Vec<u8> },
    /// Quit? y/n.
    ConfirmQuit,
    /// The game is over: any key leaves.
    Over,
}

/// The interface's state apart from the game itself.
#[derive(Default)]
pub struct Ui {
    pub input: String,
    pub messages: Vec<String>,
    pub prompt: Prompt,
    /// The live search: the side searched for, the latest iteration, whether it is a hint.
    pub live: Option<(Side, Option<SearchInfo>, bool)>,
    pub thinking_since: Option<Instant>,
    /// The statistics of the last computer move.
    pub last_stats: Option<(Side, SearchInfo)>,
}

impl Ui {
    fn say(&mut self, m: impl Into<String>) {
        for l in m.into().lines() {
            self.messages.push(l.to_string());
        }
        let n = self.messages.len();
        if n > 200 {
            self.messages.drain(..n - 200);
        }
    }
}

fn cell_span(v: &CellView) -> Span<'static> {
    let (l, r) = if v.last_to {
        ('[', ']')
    } else if v.legal {
        ('*', ' ')
    } else if v.last_from {
        ('<', '>')
    } else {
        (' ', ' ')
    };
    let text = match v.state {
        Some(CellState::Removed) | None => "  ".to_string(),
        s => view::content(s),
    };
    let mut style = Style::default();
    match v.state {
        Some(CellState::Knight(Side::White)) => {
            style = style.fg(Color::Black).bg(Color::White).add_modifier(Modifier::BOLD)
        }
        Some(CellState::Knight(Side::Black)) => {
            style = style.fg(Color::White).bg(Color::Blue).add_modifier(Modifier::BOLD)
        }
        _ => {
            if v.legal {
                style = style.fg(Color::Black).bg(Color::Green);
            } else if v.threatened {
                style = style.bg(Color::DarkGray);
            }
            if v.last_from {
                style = style.fg(Color::Yellow);
            }
        }
    }
    if v.last_to {
        style = style.add_modifier(Modifier::UNDERLINED);
    }
    Span::styled(format!("{l}{text}{r}"), style)
}

/// The board with its coordinates: 11 lines of 4 + 10×5 columns.
pub fn board_lines(cells: &[CellView; 100]) -> Vec<Line<'static>> {
    let mut out = Vec::with_capacity(11);
    let mut head = String::from("    ");
    for c in 0..10u8 {
        head.push_str(&format!("  {}  ", (b'A' + c) as char));
    }
    out.push(Line::from(Span::styled(head, Style::default().add_modifier(Modifier::BOLD))));
    for r in 0..10 {
        let mut spans =
            vec![Span::styled(format!("{:>3} ", r + 1), Style::default().add_modifier(Modifier::BOLD))];
        for c in 0..10 {
            spans.push(cell_span(&cells[r * 10 + c]));
            spans.push(Span::raw(" "));
        }
        out.push(Line::from(spans));
    }
    out
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::White => "White",
        Side::Black => "Black",
    }
}

/// Draws the whole game screen.
pub fn render(f: &mut Frame, s: &Session, ui: &Ui) {
    let [top, bottom] = Layout::vertical([Constraint::Length(14), Constraint::Min(5)]).areas(f.area());
    let [board_area, side_area] =
        Layout::horizontal([Constraint::Length(57), Constraint::Min(30)]).areas(top);
    let start = match &s.config().start {
        cavalo_rules::Start::Seed(n) => format!("seed {n}"),
        cavalo_rules::Start::Position(_) => "from a position".to_string(),
    };
    let title = format!(" Jogo do Cavalo — {} — {start} ", s.mode().name());
    f.render_widget(
        Paragraph::new(board_lines(&view::session_cells(s)))
            .block(Block::default().borders(Borders::ALL).title(title)),
        board_area,
    );
    render_side(f, s, ui, side_area);
    let [msg_area, input_area] = Layout::vertical([Constraint::Min(3), Constraint::Length(3)]).areas(bottom);
    let h = msg_area.height.saturating_sub(2) as usize;
    let msgs: Vec<Line> =
        ui.messages.iter().skip(ui.messages.len().saturating_sub(h)).map(|m| Line::raw(m.clone())).collect();
    f.render_widget(
        Paragraph::new(msgs).block(Block::default().borders(Borders::ALL).title(" Messages ")),
        msg_area,
    );
    let label = match &ui.prompt {
        Prompt::Move => match s.turn() {
            Turn::Human(side) => {
                format!(" {} to move: a cell (E3 or 3 5), hint, undo, help, quit ", who(s, side))
            }
            _ => " q: quit ".to_string(),
        },
        Prompt::Removal { values, .. } => format!(
            " Which double to remove? {} (Enter: {:02}) ",
            values.iter().map(|v| format!("{v:02}")).collect::<Vec<_>>().join(" "),
            values[0]
        ),
        Prompt::ConfirmQuit => " Quit this game? It will be saved. (y/n) ".to_string(),
        Prompt::Over => " Game over: press any key to leave ".to_string(),
    };
    f.render_widget(
        Paragraph::new(format!("> {}_", ui.input)).block(Block::default().borders(Borders::ALL).title(label)),
        input_area,
    );
}

fn render_side(f: &mut Frame, s: &Session, ui: &Ui, area: Rect) {
    let p = s.position();
    let mut lines: Vec<Line> = Vec::new();
    for side in Side::BOTH {
        let style = match side {
            Side::White => Style::default().fg(Color::Black).bg(Color::White),
            Side::Black => Style::default().fg(Color::White).bg(Color::Blue),
        };
        lines.push(Line::from(vec![
            Span::styled(format!(" {} ", side_name(side)), style.add_modifier(Modifier::BOLD)),
            Span::raw(format!(
                " {:>4} points  {}  {:.1} s",
                p.points(side),
                s.player(side).describe(),
                s.clock(side).as_secs_f64()
            )),
        ]));
    }
    let status = match s.turn() {
        Turn::Human(side) => format!("{} to move", who(s, side)),
        Turn::Computer(side) => match ui.thinking_since {
            Some(t) => format!("{} is thinking… {:.1} s", who(s, side), t.elapsed().as_secs_f64()),
            None => format!("{} to move", who(s, side)),
        },
        Turn::Forced { side, .. } => format!("{} to move (forced)", who(s, side)),
        Turn::Over(_) | Turn::Quit => result_line(s),
    };
    lines.push(Line::raw(""));
    lines.push(Line::styled(status, Style::default().add_modifier(Modifier::BOLD)));
    if let Some((side, Some(info), hint)) = &ui.live {
        let what = if *hint { "Hint search" } else { side_name(*side) };
        lines.push(Line::raw(format!("{what}: {}", live_line(info))));
    }
    if let Some((side, info)) = &ui.last_stats {
        lines.push(Line::raw(format!("Last {} search: {}", side_name(*side), stats_line(info))));
    }
    lines.push(Line::raw(""));
    lines.push(Line::styled("Moves", Style::default().add_modifier(Modifier::BOLD)));
    let plies = s.plies();
    let mut rows: Vec<String> = Vec::new();
    for (i, pair) in plies.chunks(2).enumerate() {
        let b = pair.get(1).map_or(String::new(), |p| format!("{:<7}", p.mv.to_string()));
        rows.push(format!("{:>3}. {:<7} {}", i + 1, pair[0].mv.to_string(), b));
    }
    let room = (area.height as usize).saturating_sub(lines.len() + 2);
    for r in rows.iter().skip(rows.len().saturating_sub(room)) {
        lines.push(Line::raw(r.clone()));
    }
    f.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(Block::default().borders(Borders::ALL).title(" Game ")),
        area,
    );
}

enum Msg {
    Info(SearchInfo),
    Done(Box<Thought>),
}

struct Search {
    rx: Receiver<Msg>,
    stop: Arc<AtomicBool>,
}

fn spawn(job: cavalo_session::ThinkJob) -> Search {
    let (tx, rx) = channel();
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    std::thread::spawn(move || {
        let info_tx = tx.clone();
        let thought = job.run(&flag, &mut |i| {
            let _ = info_tx.send(Msg::Info(i.clone()));
        });
        let _ = tx.send(Msg::Done(Box::new(thought)));
    });
    Search { rx, stop }
}

/// Plays a game full-screen until it ends or is abandoned; then saves the record.
pub fn play(mut s: Session) -> Result<()> {
    let mut terminal = ratatui::try_init()?;
    let result = run_game(&mut terminal, &mut s);
    ratatui::restore();
    result?;
    println!("{}", result_line(&s));
    for l in summary_lines(&s) {
        println!("  {l}");
    }
    let path = s.save_record()?;
    println!("Game saved to {}", path.display());
    if let Some(log) = &s.config().log {
        println!("Log appended to {}", log.display());
    }
    for w in s.take_warnings() {
        eprintln!("warning: {w}");
    }
    Ok(())
}

fn run_game(terminal: &mut ratatui::DefaultTerminal, s: &mut Session) -> Result<()> {
    let mut ui = Ui::default();
    ui.say(format!("{} against {}.", who(s, Side::White), who(s, Side::Black)));
    if s.mode() != Mode::ComputerComputer {
        ui.say("Type a move such as E3 or 3 5 and press Enter; help lists the commands.");
    }
    let mut search: Option<Search> = None;
    let mut over_announced = false;
    loop {
        // Advance the game when nobody needs to type.
        if search.is_none() && ui.prompt == Prompt::Move {
            match s.turn() {
                Turn::Forced { side, mv } => {
                    if mv.is_pass() {
                        ui.say(format!("{} has no legal move and passes.", who(s, side)));
                    } else {
                        ui.say(format!("{} places its knight on {mv}.", who(s, side)));
                    }
                    s.play_forced()?;
                    continue;
                }
                Turn::Computer(side) => {
                    search = Some(spawn(s.begin_think()?));
                    ui.live = Some((side, None, false));
                    ui.thinking_since = Some(Instant::now());
                }
                Turn::Over(_) if !over_announced => {
                    over_announced = true;
                    ui.say(result_line(s));
                    for l in summary_lines(s) {
                        ui.say(l);
                    }
                    ui.prompt = Prompt::Over;
                }
                Turn::Quit => return Ok(()),
                _ => {}
            }
        }
        for w in s.take_warnings() {
            ui.say(format!("warning: {w}"));
        }
        terminal.draw(|f| render(f, s, &ui))?;
        // Results of the search thread.
        if let Some(se) = &search {
            let mut done = None;
            while let Ok(m) = se.rx.try_recv() {
                match m {
                    Msg::Info(i) => {
                        if let Some(l) = &mut ui.live {
                            l.1 = Some(i);
                        }
                    }
                    Msg::Done(t) => done = Some(*t),
                }
            }
            if let Some(t) = done {
                search = None;
                let hint = ui.live.as_ref().is_some_and(|l| l.2);
                ui.live = None;
                ui.thinking_since = None;
                if hint {
                    match s.finish_hint(t) {
                        Ok((mv, info)) => ui.say(format!(
                            "Hint: {mv} (value {}, depth {}).",
                            view::signed(info.score),
                            info.depth
                        )),
                        Err(e) => ui.say(format!("No hint: {e}.")),
                    }
                } else {
                    let quit = s.status() == cavalo_session::Status::Quit;
                    match s.finish_think(t).cloned() {
                        Ok(p) => {
                            ui.say(format!("{} plays {} (+{} points).", who(s, p.side), p.mv, p.gained));
                            if let Some(i) = &p.search {
                                ui.say(format!("  {}", stats_line(i)));
                                ui.last_stats = Some((p.side, i.clone()));
                            }
                        }
                        Err(_) if quit => {}
                        Err(e) => ui.say(format!("The computer's search was dropped: {e}.")),
                    }
                }
            }
        }
        if !event::poll(Duration::from_millis(50))? {
            continue;
        }
        let Event::Key(key) = event::read()? else { continue };
        if key.kind != KeyEventKind::Press {
            continue;
        }
        if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
            if let Some(se) = &search {
                se.stop.store(true, Ordering::Relaxed);
            }
            s.quit();
            return Ok(());
        }
        match ui.prompt.clone() {
            Prompt::Over => return Ok(()),
            Prompt::ConfirmQuit => match key.code {
                KeyCode::Char('y') | KeyCode::Char('Y') => {
                    if let Some(se) = &search {
                        se.stop.store(true, Ordering::Relaxed);
                    }
                    s.quit();
                    return Ok(());
                }
                _ => {
                    ui.prompt = Prompt::Move;
                    ui.say("The game goes on.");
                }
            },
            prompt => {
                let human = matches!(s.turn(), Turn::Human(_));
                if !human && !matches!(prompt, Prompt::Removal { .. }) {
                    if matches!(key.code, KeyCode::Char('q') | KeyCode::Esc) {
                        ui.prompt = Prompt::ConfirmQuit;
                    }
                    continue;
                }
                match key.code {
                    KeyCode::Char(c) => ui.input.push(c),
                    KeyCode::Backspace => {
                        ui.input.pop();
                    }
                    KeyCode::Esc => {
                        ui.input.clear();
                        ui.prompt = Prompt::Move;
                    }
                    KeyCode::Enter => {
                        let line = std::mem::take(&mut ui.input);
                        if search.is_some() {
                            ui.say("Please wait for the hint.");
                            continue;
                        }
                        if let Some(job) = submit(s, &mut ui, &line) {
                            ui.live = Some((job.side(), None, true));
                            ui.thinking_since = Some(Instant::now());
                            search = Some(spawn(job));
                        }
                    }
                    _ => {}
                }
            }
        }
    }
}

/// Handles a typed line; returns a hint search to start, if asked for.
pub fn submit(s: &mut Session, ui: &mut Ui, line: &str) -> Option<cavalo_session::ThinkJob> {
    if let Prompt::Removal { options, .. } = &ui.prompt {
        match choose_removal(s.position(), options, line) {
            Ok(mv) => {
                ui.prompt = Prompt::Move;
                play_move(s, ui, mv);
            }
            Err(e) => ui.say(format!("{e}.")),
        }
        return None;
    }
    match parse_command(line) {
        Command::Empty => {}
        Command::Help => ui.say(COMMANDS_HELP),
        Command::Quit => ui.prompt = Prompt::ConfirmQuit,
        Command::Hint => match s.begin_hint() {
            Ok(job) => {
                ui.say("Thinking about a hint…");
                return Some(job);
            }
            Err(e) => ui.say(format!("No hint: {e}.")),
        },
        Command::Undo => match s.undo() {
            Ok(undone) => {
                let list: Vec<String> = undone.iter().map(|p| p.mv.to_string()).collect();
                ui.say(format!("Taken back: {}.", list.join(" ")));
            }
            Err(e) => ui.say(format!("Cannot undo: {e}.")),
        },
        Command::Move(text) => match interpret_move(s.position(), &text) {
            Err(e) => ui.say(format!("{e}.")),
            Ok(MoveChoice::Ready(mv)) => play_move(s, ui, mv),
            Ok(choice @ MoveChoice::ChooseRemoval { .. }) => {
                let values = choice.removable(s.position());
                let MoveChoice::ChooseRemoval { destination, value, options } = choice else {
                    unreachable!()
                };
                ui.say(format!("{destination} holds the double {value:02}: choose the double to remove."));
                ui.prompt = Prompt::Removal { options, values };
            }
        },
    }
    None
}

fn play_move(s: &mut Session, ui: &mut Ui, mv: cavalo_rules::Move) {
    match s.play_human(mv) {
        Ok(p) => {
            let p = p.clone();
            ui.say(format!("{} plays {} (+{} points).", who(s, p.side), p.mv, p.gained));
        }
        Err(e) => ui.say(format!("{e}.")),
    }
}

/// Draws one position of a replayed record.
pub fn render_replay(
    f: &mut Frame,
    title: &str,
    positions: &[Position],
    moves: &[cavalo_rules::Move],
    i: usize,
) {
    let [top, bottom] = Layout::vertical([Constraint::Length(14), Constraint::Min(4)]).areas(f.area());
    let pos = &positions[i];
    let last = (i > 0).then(|| {
        let side = positions[i - 1].side_to_move();
        (moves[i - 1], positions[i - 1].knight(side))
    });
    let cells = view::cells(pos, last, None);
    let [board_area, side_area] =
        Layout::horizontal([Constraint::Length(57), Constraint::Min(30)]).areas(top);
    f.render_widget(
        Paragraph::new(board_lines(&cells))
            .block(Block::default().borders(Borders::ALL).title(format!(" {title} "))),
        board_area,
    );
    let mut lines = vec![
        Line::raw(format!("Ply {i} of {}", moves.len())),
        Line::raw(format!("White {}  Black {}", pos.points(Side::White), pos.points(Side::Black))),
    ];
    if let Some((mv, _)) = last {
        lines.push(Line::raw(format!("Last: {} {}", side_name(positions[i - 1].side_to_move()), mv)));
    }
    match pos.outcome() {
        Some(o) => lines.push(Line::raw(format!("Game over: {o}"))),
        None => lines.push(Line::raw(format!("{} to move", side_name(pos.side_to_move())))),
    }
    f.render_widget(
        Paragraph::new(lines).block(Block::default().borders(Borders::ALL).title(" Replay ")),
        side_area,
    );
    f.render_widget(
        Paragraph::new("←/→ one ply, Home/End first/last, q leave")
            .block(Block::default().borders(Borders::ALL).title(" Keys ")),
        bottom,
    );
}

/// Steps through a record with the arrow keys.
pub fn replay(title: &str, positions: &[Position], moves: &[cavalo_rules::Move]) -> Result<()> {
    let mut terminal = ratatui::try_init()?;
    let mut i = 0usize;
    let result = (|| -> Result<()> {
        loop {
            terminal.draw(|f| render_replay(f, title, positions, moves, i))?;
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
    ratatui::restore();
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use cavalo_rules::Start;
    use cavalo_session::{GameConfig, PlayerConfig};
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    use ratatui::buffer::Buffer;

    fn text(b: &Buffer) -> String {
        let w = b.area.width as usize;
        b.content()
            .chunks(w)
            .map(|row| row.iter().map(|c| c.symbol()).collect::<String>())
            .collect::<Vec<_>>()
            .join("\n")
    }

    fn find(b: &Buffer, needle: &str) -> (u16, u16) {
        let t = text(b);
        for (y, line) in t.lines().enumerate() {
            if let Some(x) = line.find(needle) {
                return (line[..x].chars().count() as u16, y as u16);
            }
        }
        panic!("`{needle}` not on screen:\n{t}");
    }

    fn session() -> Session {
        let mut c = GameConfig::new(Start::Seed(1));
        c.players = [PlayerConfig::human(), PlayerConfig::computer("greedy".parse().unwrap())];
        let mut s = Session::new(c).unwrap();
        s.play_forced().unwrap();
        s.play_forced().unwrap();
        s
    }

    #[test]
    fn the_game_screen_shows_board_numbers_knights_scores_and_marks() {
        let s = session();
        let mut ui = Ui::default();
        ui.say("hello there");
        let mut t = Terminal::new(TestBackend::new(120, 34)).unwrap();
        t.draw(|f| render(f, &s, &ui)).unwrap();
        let b = t.backend().buffer().clone();
        let screen = text(&b);
        // Coordinates.
        assert!(screen.contains("  A    B    C    D    E    F    G    H    I    J"), "{screen}");
        for r in 1..=10 {
            assert!(screen.lines().any(|l| l.contains(&format!("│{r:>3}  "))), "row {r}\n{screen}");
        }
        // Numbers of seed 1's first row, the removed cell D3 (symmetric of 86) blank.
        assert!(screen.contains(" 32   42   35   28   03 "), "{screen}");
        assert!(
            screen.contains(" 78   43   98        00 ") || screen.contains(" 78   43   98       *00"),
            "{screen}"
        );
        // Knights in distinct colours; the last move (J10) highlighted.
        let (x, y) = find(&b, "WN");
        assert_eq!(b[(x, y)].bg, Color::White);
        let (x, y) = find(&b, "[BN]");
        assert_eq!(b[(x + 1, y)].bg, Color::Blue);
        // The human's destinations marked, the black knight's threats shaded.
        let (x, y) = find(&b, "*00");
        assert_eq!(b[(x + 1, y)].bg, Color::Green);
        let (x, y) = find(&b, " 82 ");
        assert_eq!(b[(x + 1, y)].bg, Color::DarkGray);
        // Scores, turn, moves, messages, prompt.
        assert!(screen.contains(" White ") && screen.contains("86 points"), "{screen}");
        assert!(screen.contains("65 points"), "{screen}");
        assert!(screen.contains("White (human) to move"));
        assert!(screen.contains("  1. F1      J10"), "{screen}");
        assert!(screen.contains("hello there"));
        assert!(screen.contains("a cell (E3 or 3 5), hint, undo, help, quit"));
    }

    #[test]
    fn typed_lines_drive_the_game() {
        let mut s = session();
        let mut ui = Ui::default();
        assert!(submit(&mut s, &mut ui, "banana").is_none());
        assert!(ui.messages.last().unwrap().contains("invalid move"));
        submit(&mut s, &mut ui, "e3");
        assert!(matches!(ui.prompt, Prompt::Removal { .. }));
        let mut t = Terminal::new(TestBackend::new(120, 34)).unwrap();
        t.draw(|f| render(f, &s, &ui)).unwrap();
        assert!(text(t.backend().buffer()).contains("Which double to remove? 99 88 77"));
        submit(&mut s, &mut ui, "88");
        assert_eq!(ui.prompt, Prompt::Move);
        assert_eq!(s.last_ply().unwrap().mv.to_string(), "E3x88");
        submit(&mut s, &mut ui, "undo");
        assert_eq!(s.plies().len(), 2);
        assert!(submit(&mut s, &mut ui, "hint").is_some());
        submit(&mut s, &mut ui, "quit");
        assert_eq!(ui.prompt, Prompt::ConfirmQuit);
        ui.live =
            Some((Side::Black, Some(SearchInfo { depth: 7, nodes: 4242, ..SearchInfo::default() }), false));
        ui.last_stats =
            Some((Side::Black, SearchInfo { alpha_cuts: 3, beta_cuts: 9, ..SearchInfo::default() }));
        t.draw(|f| render(f, &s, &ui)).unwrap();
        let screen = text(t.backend().buffer());
        assert!(screen.contains("Quit this game? It will be saved. (y/n)"));
        assert!(screen.contains("Black: depth 7 value 0 nodes 4242"), "{screen}");
        assert!(screen.contains("alpha cuts 3, beta cuts"), "{screen}");
    }

    #[test]
    fn the_replay_screen() {
        let s = session();
        let rec = s.record();
        let positions = rec.replay().unwrap();
        let moves = rec.parsed_moves().unwrap();
        let mut t = Terminal::new(TestBackend::new(100, 20)).unwrap();
        t.draw(|f| render_replay(f, "a game", &positions, &moves, 2)).unwrap();
        let screen = text(t.backend().buffer());
        assert!(screen.contains("Ply 2 of 2"), "{screen}");
        assert!(screen.contains("White 86  Black 65"));
        assert!(screen.contains("Last: Black J10"));
        assert!(screen.contains("[BN]") && screen.contains("WN"));
        t.draw(|f| render_replay(f, "a game", &positions, &moves, 0)).unwrap();
        let screen = text(t.backend().buffer());
        assert!(screen.contains("Ply 0 of 2") && !screen.contains("WN"));
    }
}
