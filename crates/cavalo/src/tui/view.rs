//! The full-screen game's view: draws a [`Model`] and changes nothing. Every word comes from the
//! catalogue, every mark and row from the session's presentation model.

use cavalo_rules::{CellState, Side};
use cavalo_session::Turn;
use cavalo_session::i18n::Arg;
use cavalo_session::present::{self, CellMark, GameResult};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};

use super::model::{Model, Prompt, who};
use crate::view::content;

/// The board's width with its border: 4 columns of row numbers, 10 cells of 5, 2 borders.
pub const BOARD_WIDTH: u16 = 56;
/// The board's height with its border: the column letters, 10 rows, 2 borders.
pub const BOARD_HEIGHT: u16 = 13;
/// The smallest screen the game is drawn on.
pub const MIN_WIDTH: u16 = BOARD_WIDTH + 2;
/// See [`MIN_WIDTH`].
pub const MIN_HEIGHT: u16 = BOARD_HEIGHT + 7;
/// Below this width the side panel is reduced to the points, the turn and the moves.
const WIDE: u16 = BOARD_WIDTH + 36;

fn cell_span(v: &CellMark) -> Span<'static> {
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
        CellState::Removed => "  ".to_string(),
        s => content(s),
    };
    let mut style = Style::default();
    match v.state {
        CellState::Knight(Side::White) => {
            style = style.fg(Color::Black).bg(Color::White).add_modifier(Modifier::BOLD)
        }
        CellState::Knight(Side::Black) => {
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
pub fn board_lines(cells: &[CellMark; 100]) -> Vec<Line<'static>> {
    let bold = Style::default().add_modifier(Modifier::BOLD);
    let mut head = String::from("    ");
    for c in 0..10u8 {
        head.push_str(&format!("  {}  ", (b'A' + c) as char));
    }
    let mut out = vec![Line::from(Span::styled(head, bold))];
    for r in 0..10 {
        let mut spans = vec![Span::styled(format!("{:>3} ", r + 1), bold)];
        for c in 0..10 {
            spans.push(cell_span(&cells[r * 10 + c]));
            spans.push(Span::raw(" "));
        }
        out.push(Line::from(spans));
    }
    out
}

fn block(title: String) -> Block<'static> {
    Block::default().borders(Borders::ALL).title(format!(" {title} "))
}

/// A panel of the lower part: a title line only, to leave the rows to the text.
fn band(title: String) -> Block<'static> {
    Block::default().borders(Borders::TOP).title(format!(" {title} "))
}

/// The last `height` lines of `texts`, each wrapped at `width` characters: the newest always show.
pub fn newest_lines(texts: &[String], width: u16, height: u16) -> Vec<Line<'static>> {
    let width = width.max(1) as usize;
    let mut out: Vec<String> = Vec::new();
    for t in texts.iter().rev() {
        let chars: Vec<char> = t.chars().collect();
        let mut pieces: Vec<String> = chars.chunks(width).map(|c| c.iter().collect()).collect();
        if pieces.is_empty() {
            pieces.push(String::new());
        }
        for p in pieces.into_iter().rev() {
            out.push(p);
        }
        if out.len() >= height as usize {
            break;
        }
    }
    out.truncate(height as usize);
    out.into_iter().rev().map(Line::raw).collect()
}

/// Draws the whole game screen.
pub fn view(f: &mut Frame, m: &Model) {
    let area = f.area();
    let lang = m.lang;
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        let text =
            lang.tr_with("term-enlarge", &[("width", MIN_WIDTH.into()), ("height", MIN_HEIGHT.into())]);
        f.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
        return;
    }
    let [top, bottom] = Layout::vertical([Constraint::Length(BOARD_HEIGHT), Constraint::Min(0)]).areas(area);
    let [board_area, side_area] =
        Layout::horizontal([Constraint::Length(BOARD_WIDTH), Constraint::Min(0)]).areas(top);
    let s = &m.session;
    let title = format!("Jogo do Cavalo — {}", lang.tr(&format!("mode-{}", s.mode().name())));
    f.render_widget(Paragraph::new(board_lines(&present::session_marks(s))).block(block(title)), board_area);
    side(f, m, side_area);
    if m.prompt == Prompt::Over {
        totals(f, m, bottom);
        return;
    }
    let search_rows = if area.width >= WIDE { 2 } else { 3 };
    let [search_area, msg_area, input_area] =
        Layout::vertical([Constraint::Length(search_rows), Constraint::Min(2), Constraint::Length(2)])
            .areas(bottom);
    search_panel(f, m, search_area);
    let inner = band(String::new()).inner(msg_area);
    let messages = newest_lines(&m.messages, inner.width, inner.height);
    f.render_widget(Paragraph::new(messages).block(band(lang.tr("term-messages"))), msg_area);
    let label = match &m.prompt {
        Prompt::Move => match s.turn() {
            Turn::Human(side) => lang.tr_with("term-input-title", &[("who", who(m, side).into())]),
            _ => lang.tr("term-keys-computer"),
        },
        Prompt::Removal { values, .. } => {
            lang.tr_with("term-double-which", &[("default", format!("{:02}", values[0]).into())])
        }
        Prompt::ConfirmQuit => lang.tr("term-quit-ask"),
        Prompt::Over => lang.tr("term-game-over-key"),
    };
    let input = Paragraph::new(format!("> {}_", m.input)).block(band(label.trim_end().to_string()));
    f.render_widget(input, input_area);
}

/// The points, the turn, and the moves, newest last (never pushed off). A narrow panel leaves
/// out the clocks and wraps the turn.
fn side(f: &mut Frame, m: &Model, area: Rect) {
    let s = &m.session;
    let lang = m.lang;
    let p = s.position();
    let narrow = area.width < WIDE - BOARD_WIDTH;
    let mut lines: Vec<Line> = Vec::new();
    for side in Side::BOTH {
        let style = match side {
            Side::White => Style::default().fg(Color::Black).bg(Color::White),
            Side::Black => Style::default().fg(Color::White).bg(Color::Blue),
        };
        let clock = Arg::Decimal(s.clock(side).as_secs_f64(), 1);
        let rest = if narrow {
            format!(" {}", who(m, side))
        } else {
            format!(" {} {}", who(m, side), lang.tr_with("unit-s", &[("s", clock)]))
        };
        let points = format!(" {} ", lang.int(p.points(side) as i64));
        lines.push(Line::from(vec![
            Span::styled(points, style.add_modifier(Modifier::BOLD)),
            Span::raw(rest),
        ]));
    }
    let status = match s.turn() {
        Turn::Human(side) => {
            let count = s.position().destinations(side).len();
            lang.tr_with("ann-to-move", &[("who", who(m, side).into()), ("count", count.into())])
        }
        Turn::Computer(side) | Turn::Forced { side, .. } => match &m.search {
            Some(se) => {
                let secs = Arg::Decimal(se.handle().elapsed().as_secs_f64(), 1);
                lang.tr_with("term-thinking-for", &[("who", who(m, side).into()), ("seconds", secs)])
            }
            None => lang.tr_with("ann-thinking", &[("who", who(m, side).into())]),
        },
        Turn::Over(_) | Turn::Quit => GameResult::of(s).map(|r| r.text(lang)).unwrap_or_default(),
    };
    let inner_width = area.width.saturating_sub(2).max(1) as usize;
    let status_rows = status.chars().count().div_ceil(inner_width).max(1) as u16;
    lines.push(Line::styled(status, Style::default().add_modifier(Modifier::BOLD)));
    let head = (4 + status_rows).min(area.height);
    let [game_area, moves_area] =
        Layout::vertical([Constraint::Length(head), Constraint::Min(0)]).areas(area);
    let game = Paragraph::new(lines).wrap(Wrap { trim: false }).block(block(lang.tr("term-game")));
    f.render_widget(game, game_area);
    let rows: Vec<String> = s
        .plies()
        .chunks(2)
        .enumerate()
        .map(|(i, pair)| {
            let b = pair.get(1).map_or(String::new(), |p| p.mv.to_string());
            format!("{:>3}. {:<7} {b}", i + 1, pair[0].mv.to_string())
        })
        .collect();
    let inner = block(String::new()).inner(moves_area);
    let shown: Vec<Line> = rows
        .iter()
        .skip(rows.len().saturating_sub(inner.height as usize))
        .map(|r| Line::raw(r.clone()))
        .collect();
    f.render_widget(Paragraph::new(shown).block(block(lang.tr("term-moves"))), moves_area);
}

/// The live search, or the statistics of the last computer move still in the game.
fn search_panel(f: &mut Frame, m: &Model, area: Rect) {
    let lang = m.lang;
    let (title, text) = match &m.search {
        Some(se) => {
            let title =
                if se.handle().is_hint() { lang.tr("term-hint-search") } else { who(m, se.handle().side()) };
            (title, se.info().map(|i| present::live_line(lang, i)).unwrap_or_default())
        }
        None => match m.session.plies().iter().rev().find_map(|p| p.search.as_ref().map(|i| (p, i))) {
            Some((p, i)) => (
                format!("{}: {} {}", lang.tr("term-last-search"), who(m, p.side), p.mv),
                present::stats_line(lang, i),
            ),
            None => (lang.tr("term-last-search"), lang.tr("term-no-search")),
        },
    };
    f.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }).block(band(title)), area);
}

/// The end of the game: the result and each side's totals, one statistic a line.
fn totals(f: &mut Frame, m: &Model, area: Rect) {
    let lang = m.lang;
    let s = &m.session;
    let [w, b] = s.summary();
    let secs = |ms: u64| lang.tr_with("unit-s", &[("s", Arg::Decimal(ms as f64 / 1000.0, 1))]);
    let two = |a: &str, b: &str| format!("{} / {}", lang.tr(a), lang.tr(b));
    let pair = |a: String, b: String| format!("{a} / {b}");
    let int = |n: u64| lang.int(n as i64);
    let rows: Vec<(String, String, String)> = vec![
        (String::new(), who(m, Side::White), who(m, Side::Black)),
        (lang.tr("stat-points"), int(w.points.into()), int(b.points.into())),
        (
            two("stat-moves", "stat-passes"),
            pair(w.moves.to_string(), w.passes.to_string()),
            pair(b.moves.to_string(), b.passes.to_string()),
        ),
        (lang.tr("stat-time"), secs(w.time_ms), secs(b.time_ms)),
        (lang.tr("stat-nodes"), int(w.nodes), int(b.nodes)),
        (
            two("stat-alpha-cuts", "stat-beta-cuts"),
            pair(int(w.alpha_cuts), int(w.beta_cuts)),
            pair(int(b.alpha_cuts), int(b.beta_cuts)),
        ),
        (
            two("stat-mean-depth", "stat-max-depth"),
            pair(lang.decimal(w.mean_depth, 1), w.max_depth.to_string()),
            pair(lang.decimal(b.mean_depth, 1), b.max_depth.to_string()),
        ),
    ];
    let width = |f: fn(&(String, String, String)) -> &String| {
        rows.iter().map(|r| f(r).chars().count()).max().unwrap_or(0)
    };
    let (lw, cw) = (width(|r| &r.0), width(|r| &r.1).max(width(|r| &r.2)));
    let mut lines = vec![Line::raw(GameResult::of(s).map(|r| r.text(lang)).unwrap_or_default())];
    lines.extend(rows.iter().map(|(l, a, b)| Line::raw(format!("{l:<lw$}  {a:>cw$}  {b:>cw$}"))));
    let title = format!("{} — {}", lang.tr("term-totals"), lang.tr("term-game-over-key"));
    f.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }).block(block(title)), area);
}
