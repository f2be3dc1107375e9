//! The full-screen game's view: draws a [`Model`] and changes nothing. It lays out and colours
//! the controller's [`View`], which holds every word, mark and row.

use cavalo_rules::{CellState, Side};
use cavalo_session::controller::{Totals, View};
use cavalo_session::present::CellMark;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};

use super::model::Model;
use crate::view::content;
use cavalo_session::key;

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
pub fn newest_lines(texts: &[String], width: u16, height: u16, back: usize) -> Vec<Line<'static>> {
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
        if out.len() >= height as usize + back {
            break;
        }
    }
    // Scrolled back: as far as the oldest line, a whole panel of it.
    let back = back.min(out.len().saturating_sub(height as usize));
    out.into_iter()
        .skip(back)
        .take(height as usize)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .map(Line::raw)
        .collect()
}

/// Draws the whole game screen from the controller's view.
pub fn view(f: &mut Frame, m: &Model) {
    let area = f.area();
    let lang = m.ctl.lang();
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        let text =
            lang.tr_with(key!("term-enlarge"), &[("width", MIN_WIDTH.into()), ("height", MIN_HEIGHT.into())]);
        f.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
        return;
    }
    let v = m.ctl.view();
    let [top, bottom] = Layout::vertical([Constraint::Length(BOARD_HEIGHT), Constraint::Min(0)]).areas(area);
    let [board_area, side_area] =
        Layout::horizontal([Constraint::Length(BOARD_WIDTH), Constraint::Min(0)]).areas(top);
    f.render_widget(Paragraph::new(board_lines(&v.marks)).block(block(v.title.clone())), board_area);
    side(f, &v, side_area);
    if let Some(t) = &v.totals {
        totals(f, t, [&v.players[0].side_name, &v.players[1].side_name], bottom);
        return;
    }
    let search_rows = if area.width >= WIDE { 2 } else { 3 };
    // A question longer than the band's title line wraps onto rows of its own above the input.
    let question = input_question(&v.input_title, area.width);
    let input_rows = 2 + question.len() as u16;
    let [search_area, msg_area, input_area] = Layout::vertical([
        Constraint::Length(search_rows),
        Constraint::Min(2),
        Constraint::Length(input_rows),
    ])
    .areas(bottom);
    let (title, text) = v.search.clone();
    f.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }).block(band(title)), search_area);
    let inner = band(String::new()).inner(msg_area);
    let messages = newest_lines(&v.messages, inner.width, inner.height, m.back);
    let title = if m.back > 0 { format!("{} ↑ (PgUp/PgDn)", v.panels[2]) } else { v.panels[2].clone() };
    f.render_widget(Paragraph::new(messages).block(band(title)), msg_area);
    let title = if question.is_empty() { v.input_title.clone() } else { String::new() };
    let mut lines: Vec<Line> = question.into_iter().map(Line::raw).collect();
    lines.push(Line::raw(format!("> {}_", m.input)));
    f.render_widget(Paragraph::new(lines).block(band(title)), input_area);
}

/// The input band's question as rows of at most `width` characters (broken between words),
/// when it does not fit on the band's title line; none when it does.
fn input_question(question: &str, width: u16) -> Vec<String> {
    let width = width.max(8) as usize;
    if question.chars().count() + 4 <= width {
        return Vec::new();
    }
    let mut rows: Vec<String> = vec![String::new()];
    for word in question.split_whitespace() {
        let row = rows.last_mut().expect("one row at least");
        if !row.is_empty() && row.chars().count() + 1 + word.chars().count() > width {
            rows.push(word.to_string());
        } else {
            if !row.is_empty() {
                row.push(' ');
            }
            row.push_str(word);
        }
    }
    rows
}

/// The points, the clocks, the turn, and the moves, newest last (never pushed off). A narrow
/// panel puts each clock on a line of its own and wraps the turn.
fn side(f: &mut Frame, v: &View, area: Rect) {
    let narrow = area.width < WIDE - BOARD_WIDTH;
    let mut lines: Vec<Line> = Vec::new();
    for p in &v.players {
        let style = match p.side {
            Side::White => Style::default().fg(Color::Black).bg(Color::White),
            Side::Black => Style::default().fg(Color::White).bg(Color::Blue),
        };
        // A narrow panel names the side alone when its player does not fit on the line (the
        // title names the mode).
        let fits = p.points.chars().count() + p.who.chars().count() + 5 <= usize::from(area.width);
        let who = if narrow && !fits { &p.side_name } else { &p.who };
        let rest = if narrow { format!(" {who}") } else { format!(" {who} {}", p.clock) };
        lines.push(Line::from(vec![
            Span::styled(format!(" {} ", p.points), style.add_modifier(Modifier::BOLD)),
            Span::raw(rest),
        ]));
        if narrow {
            // The clock on a line of its own.
            lines.push(Line::raw(format!("  {}", p.clock)));
        }
    }
    let inner_width = area.width.saturating_sub(2).max(1) as usize;
    let status_rows = v.status.chars().count().div_ceil(inner_width).max(1) as u16;
    lines.push(Line::styled(v.status.clone(), Style::default().add_modifier(Modifier::BOLD)));
    let head = (if narrow { 6 } else { 4 } + status_rows).min(area.height);
    let [game_area, moves_area] =
        Layout::vertical([Constraint::Length(head), Constraint::Min(0)]).areas(area);
    let game = Paragraph::new(lines).wrap(Wrap { trim: false }).block(block(v.panels[0].clone()));
    f.render_widget(game, game_area);
    let inner = block(String::new()).inner(moves_area);
    let rows = &v.move_rows;
    let shown: Vec<Line> = rows
        .iter()
        .skip(rows.len().saturating_sub(inner.height as usize))
        .map(|r| Line::raw(r.clone()))
        .collect();
    f.render_widget(Paragraph::new(shown).block(block(v.panels[1].clone())), moves_area);
}

/// The end of the game: the result and each side's totals, one statistic a line. Where the
/// players' names do not fit, the columns are headed by the sides' names (`sides`) alone.
fn totals(f: &mut Frame, t: &Totals, sides: [&str; 2], area: Rect) {
    let mut rows = t.rows.clone();
    let width = |rows: &[[String; 3]], i: usize| rows.iter().map(|r| r[i].chars().count()).max().unwrap_or(0);
    let fits = |rows: &[[String; 3]]| {
        width(rows, 0) + 4 + 2 * width(rows, 1).max(width(rows, 2)) + 2 <= usize::from(area.width)
    };
    if !fits(&rows)
        && let Some(first) = rows.first_mut()
    {
        first[1] = sides[0].to_string();
        first[2] = sides[1].to_string();
    }
    let (lw, cw) = (width(&rows, 0), width(&rows, 1).max(width(&rows, 2)));
    let mut lines = vec![Line::raw(t.result.clone())];
    lines.extend(rows.iter().map(|[l, a, b]| Line::raw(format!("{l:<lw$}  {a:>cw$}  {b:>cw$}"))));
    f.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }).block(block(t.title.clone())), area);
}
