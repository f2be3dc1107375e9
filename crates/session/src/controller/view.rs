//! The controller's view model: everything a terminal front end shows, already worded in the
//! player's language. Front ends lay it out and colour it; they word nothing.
//!
//! It is the game's one view model, [`Situation`] (what the web page is sent too), with its
//! sentences: the points, the clocks, whose turn, the result and the totals are worded from it.

use crate::i18n::Key;
use cavalo_rules::Side;

use super::{Controller, Prompt, Waiting};
use crate::game::Turn;
use crate::i18n::Arg;
use crate::key;
use crate::present::CellMark;
use crate::situation::{Situation, TurnView};

/// One side's line: who plays it, its points and its clock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerLine {
    /// The side.
    pub side: Side,
    /// `White (Cavalo engine)`.
    pub who: String,
    /// `White`: the side alone, where its player does not fit.
    pub side_name: String,
    /// Its points, written the language's way.
    pub points: String,
    /// The time it has used: `12.3 s` / `12,3 s`.
    pub clock: String,
}

/// The end of the game: the result and each side's totals.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Totals {
    /// The panel's title.
    pub title: String,
    /// Who won, by how much.
    pub result: String,
    /// One statistic a row: its name, White's value, Black's value (the first row names the
    /// players).
    pub rows: Vec<[String; 3]>,
}

/// Everything a front end shows, worded.
#[derive(Clone, Debug, PartialEq)]
pub struct View {
    /// The game as it stands, in no language: what the sentences below word.
    pub situation: Situation,
    /// `Jogo do Cavalo — Human vs Computer`.
    pub title: String,
    /// The board's cells with their marks (knights, last move, destinations).
    pub marks: [CellMark; 100],
    /// White's line, then Black's.
    pub players: [PlayerLine; 2],
    /// The points and the ply, in one sentence (for printing under the board).
    pub points_line: String,
    /// What the board's marks mean.
    pub legend: String,
    /// The moves so far, in one sentence (none before the first).
    pub moves_line: Option<String>,
    /// The moves, two a row, numbered (for a panel).
    pub move_rows: Vec<String>,
    /// Whose turn, what the computer is doing, or the result.
    pub status: String,
    /// The search panel's title and text: the live search, or the last computer move's
    /// statistics.
    pub search: (String, String),
    /// The question for the next line typed (`Branco (humano) a jogar> `).
    pub prompt: String,
    /// The same, as the title of an input field (with the commands).
    pub input_title: String,
    /// Every message kept, oldest first.
    pub messages: Vec<String>,
    /// What the controller waits for.
    pub waiting: Waiting,
    /// Whether keys type into the input line (a human's turn, or a question); otherwise only
    /// quitting is offered.
    pub typing: bool,
    /// The titles of the panels: the game, the moves, the messages.
    pub panels: [String; 3],
    /// The totals, once the game is over.
    pub totals: Option<Totals>,
}

/// The view of `c`.
pub(super) fn build(c: &Controller) -> View {
    let lang = c.lang;
    let g = c.game();
    let situation = Situation::of(g);
    let players = Side::BOTH.map(|side| PlayerLine {
        side,
        who: c.who(side),
        side_name: crate::present::side_name(lang, side),
        points: lang.int(situation.points[side.index()].into()),
        clock: lang.tr_with(
            key!("unit-s"),
            &[("s", Arg::Decimal(situation.clock[side.index()] as f64 / 1000.0, 1))],
        ),
    });
    let points_line = lang.tr_with(
        key!("term-points-line"),
        &[
            ("white", players[0].who.clone().into()),
            ("wpoints", situation.points[0].into()),
            ("black", players[1].who.clone().into()),
            ("bpoints", situation.points[1].into()),
            ("ply", g.plies().len().into()),
        ],
    );
    let moves_line = (!g.plies().is_empty()).then(|| {
        lang.tr_with(key!("term-moves-line"), &[("moves", crate::present::move_list(g.plies()).into())])
    });
    let (prompt, input_title) = prompts(c);
    let waiting = c.waiting();
    View {
        title: format!("Jogo do Cavalo — {}", lang.tr(crate::present::mode_key(g.mode()))),
        marks: c.marks(),
        players,
        points_line,
        legend: lang.tr(key!("term-legend")),
        moves_line,
        move_rows: move_rows(c),
        status: status(c, &situation),
        search: search_panel(c),
        prompt,
        input_title,
        messages: c.messages.clone(),
        waiting,
        typing: c.typing(),
        panels: [lang.tr(key!("term-game")), lang.tr(key!("term-moves")), lang.tr(key!("term-messages"))],
        totals: (waiting == Waiting::Over).then(|| totals(c, &situation)),
        situation,
    }
}

/// The question for the next line, and the input field's title.
fn prompts(c: &Controller) -> (String, String) {
    let lang = c.lang;
    match &c.prompt {
        Prompt::Move => match c.game().turn() {
            Turn::Human(side) => (
                lang.tr_with(key!("term-prompt-move"), &[("who", c.who(side).into())]),
                lang.tr_with(key!("term-input-title"), &[("who", c.who(side).into())]),
            ),
            Turn::Over(_) => (String::new(), lang.tr(key!("term-game-over-key"))),
            _ => (String::new(), lang.tr(key!("term-keys-computer"))),
        },
        Prompt::Removal { values, .. } => {
            let t =
                lang.tr_with(key!("term-double-which"), &[("default", format!("{:02}", values[0]).into())]);
            (t.clone(), t.trim_end().to_string())
        }
        Prompt::ConfirmQuit => {
            let t = lang.tr(key!("term-quit-ask"));
            (t.clone(), t.trim_end().to_string())
        }
    }
}

fn move_rows(c: &Controller) -> Vec<String> {
    c.game()
        .plies()
        .chunks(2)
        .enumerate()
        .map(|(i, pair)| {
            let b = pair.get(1).map_or(String::new(), |p| p.mv.to_string());
            format!("{:>3}. {:<7} {b}", i + 1, pair[0].mv.to_string())
        })
        .collect()
}

fn status(c: &Controller, now: &Situation) -> String {
    let lang = c.lang;
    match &now.turn {
        &TurnView::Human { side } => lang.tr_with(
            key!("ann-to-move"),
            &[("who", c.who(side).into()), ("count", now.destinations.len().into())],
        ),
        &TurnView::Computer { side } | &TurnView::Forced { side, .. } | &TurnView::Program { side } => {
            match &c.search {
                Some(se) => {
                    let secs = Arg::Decimal(se.handle().elapsed().as_secs_f64(), 1);
                    lang.tr_with(key!("term-thinking-for"), &[("who", c.who(side).into()), ("seconds", secs)])
                }
                None => lang.tr_with(key!("ann-thinking"), &[("who", c.who(side).into())]),
            }
        }
        TurnView::Over { .. } | TurnView::Quit { .. } => result_text(now, lang),
    }
}

/// The result, worded (empty while the game goes on).
fn result_text(now: &Situation, lang: crate::i18n::Lang) -> String {
    now.result_text.as_ref().map(|w| w.text(lang)).unwrap_or_default()
}

/// The live search, or the statistics of the last computer move still in the game.
fn search_panel(c: &Controller) -> (String, String) {
    let lang = c.lang;
    match &c.search {
        Some(se) => {
            let title = if se.handle().is_hint() {
                lang.tr(key!("term-hint-search"))
            } else {
                c.who(se.handle().side())
            };
            (title, se.info().map(|i| crate::present::live_line(lang, i)).unwrap_or_default())
        }
        None => match c.game().plies().iter().rev().find_map(|p| p.search.as_ref().map(|i| (p, i))) {
            Some((p, i)) => (
                format!("{}: {} {}", lang.tr(key!("term-last-search")), c.who(p.side), p.mv),
                crate::present::stats_line(lang, i),
            ),
            None => (lang.tr(key!("term-last-search")), lang.tr(key!("term-no-search"))),
        },
    }
}

/// The result and each side's totals, one statistic a row.
fn totals(c: &Controller, now: &Situation) -> Totals {
    let lang = c.lang;
    let [w, b] = now.summary.clone().unwrap_or_else(|| c.game().summary());
    let secs = |ms: u64| lang.tr_with(key!("unit-s"), &[("s", Arg::Decimal(ms as f64 / 1000.0, 1))]);
    let two = |a: Key, b: Key| format!("{} / {}", lang.tr(a), lang.tr(b));
    let pair = |a: String, b: String| format!("{a} / {b}");
    let int = |n: u64| lang.int(n as i64);
    let rows = vec![
        [String::new(), c.who(Side::White), c.who(Side::Black)],
        [lang.tr(key!("stat-points")), int(w.points.into()), int(b.points.into())],
        [
            two(key!("stat-moves"), key!("stat-passes")),
            pair(w.moves.to_string(), w.passes.to_string()),
            pair(b.moves.to_string(), b.passes.to_string()),
        ],
        [lang.tr(key!("stat-time")), secs(w.time_ms), secs(b.time_ms)],
        [lang.tr(key!("stat-nodes")), int(w.nodes), int(b.nodes)],
        [
            two(key!("stat-alpha-cuts"), key!("stat-beta-cuts")),
            pair(int(w.alpha_cuts), int(w.beta_cuts)),
            pair(int(b.alpha_cuts), int(b.beta_cuts)),
        ],
        [
            two(key!("stat-mean-depth"), key!("stat-max-depth")),
            pair(lang.decimal(w.mean_depth, 1), w.max_depth.to_string()),
            pair(lang.decimal(b.mean_depth, 1), b.max_depth.to_string()),
        ],
    ];
    Totals {
        title: format!("{} — {}", lang.tr(key!("term-totals")), lang.tr(key!("term-game-over-key"))),
        result: result_text(now, lang),
        rows,
    }
}
