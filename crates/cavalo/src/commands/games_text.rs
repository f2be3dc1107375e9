//! What `cavalo games list` and `cavalo games show` print, worded from the catalogues (the
//! `games-*` messages) in the reader's language. The database keeps its own codes (`over`,
//! `computer-computer`, `computer:greedy`); they are read as codes here, never shown as words.

use cavalo_rules::{Outcome, Side, Start};
use cavalo_session::i18n::{Arg, Key, Lang};
use cavalo_session::present::{engine_text, move_text, player_text, rules_text, side_name};
use cavalo_session::store::GameRow;
use cavalo_session::{Actor, Game, Mode, PlayerConfig, Status, key};

use crate::table::{Align, table};

/// A game's mode as the list and `show` name it (`humano-computador`).
fn mode_text(lang: Lang, mode: Mode) -> String {
    lang.tr(match mode {
        Mode::HumanComputer => key!("games-mode-human-computer"),
        Mode::ComputerComputer => key!("games-mode-computer-computer"),
        Mode::HumanHuman => key!("games-mode-human-human"),
    })
}

/// A game's status (`terminado`).
fn status_text(lang: Lang, status: Status) -> String {
    lang.tr(match status {
        Status::Playing => key!("games-status-playing"),
        Status::Over => key!("games-status-over"),
        Status::Quit => key!("games-status-quit"),
    })
}

/// Who won (`Branco`, `empate`).
fn winner_text(lang: Lang, outcome: Outcome) -> String {
    lang.tr(match outcome.winner() {
        Some(Side::White) => key!("games-winner-white"),
        Some(Side::Black) => key!("games-winner-black"),
        None => key!("games-winner-draw"),
    })
}

/// A stored code read back: the database's status, mode and result are codes it wrote itself
/// (a code it does not know, from a newer Cavalo, is shown as it is).
fn status_of(code: &str) -> Option<Status> {
    [Status::Playing, Status::Over, Status::Quit].into_iter().find(|s| s.name() == code)
}

fn outcome_of(code: &str) -> Option<Outcome> {
    match code {
        "white" => Some(Outcome::White),
        "black" => Some(Outcome::Black),
        "draw" => Some(Outcome::Draw),
        _ => None,
    }
}

/// The messages of `keys` in `lang`.
fn words(lang: Lang, keys: &[Key]) -> Vec<String> {
    keys.iter().map(|k| lang.tr(*k)).collect()
}

/// The table of `games list`, in `lang`.
pub fn list_text(lang: Lang, rows: &[GameRow]) -> String {
    let header = words(
        lang,
        &[
            key!("games-col-id"),
            key!("games-col-created"),
            key!("games-col-mode"),
            key!("games-col-white"),
            key!("games-col-black"),
            key!("games-col-status"),
            key!("games-col-result"),
            key!("games-col-points"),
            key!("games-col-plies"),
        ],
    );
    let cells: Vec<Vec<String>> = rows
        .iter()
        .map(|r| {
            let mode = Mode::parse(&r.mode).map_or_else(|| r.mode.clone(), |m| mode_text(lang, m));
            let status = status_of(&r.status).map_or_else(|| r.status.clone(), |s| status_text(lang, s));
            let result = match r.result.as_deref() {
                None => "-".to_string(),
                Some(code) => outcome_of(code).map_or_else(|| code.to_string(), |o| winner_text(lang, o)),
            };
            vec![
                r.id.clone(),
                r.created.clone(),
                mode,
                player_text(lang, &r.players[0]),
                player_text(lang, &r.players[1]),
                status,
                result,
                format!("{}-{}", r.points[0], r.points[1]),
                r.plies.to_string(),
            ]
        })
        .collect();
    let right = [7, 8];
    let align: Vec<Align> =
        (0..header.len()).map(|i| if right.contains(&i) { Align::Right } else { Align::Left }).collect();
    table(&header, &cells, &align)
}

/// A player of a game's set-up: `humano`, `Ana`, `computador (Cavalo, nível 3)`.
fn player_words(lang: Lang, p: &PlayerConfig) -> String {
    match p {
        PlayerConfig::Human { name } if name.is_empty() => lang.tr(key!("player-human")),
        PlayerConfig::Human { name } | PlayerConfig::Program { name } => name.clone(),
        PlayerConfig::Computer(e) => {
            lang.tr_with(key!("player-computer-named"), &[("name", engine_text(lang, e).into())])
        }
    }
}

/// The lines above the plies: the game, its date, mode and players, rules, status and result.
fn heading(lang: Lang, s: &Game) -> String {
    let c = s.config();
    let pos = s.position();
    let start = match &c.start {
        Start::Seed(seed) => lang.tr_with(key!("games-show-start-seed"), &[("seed", Arg::Count(*seed))]),
        Start::Position(p) => p.clone(),
    };
    let players = [
        ("mode", Arg::from(mode_text(lang, s.mode()))),
        ("white", player_words(lang, &c.players[0]).into()),
        ("black", player_words(lang, &c.players[1]).into()),
    ];
    let setup = [
        ("rules", Arg::from(rules_text(lang, c.rules))),
        ("ms", Arg::Count(c.time_ms)),
        ("start", start.into()),
    ];
    let result =
        pos.outcome().map_or_else(|| lang.tr(key!("games-show-no-result")), |o| winner_text(lang, o));
    let points = format!("{}-{}", pos.points(Side::White), pos.points(Side::Black));
    let state = [
        ("status", Arg::from(status_text(lang, s.status()))),
        ("result", result.into()),
        ("points", points.into()),
    ];
    let lines = [
        (key!("games-show-game"), s.id().to_string()),
        (key!("games-show-date"), s.date().to_string()),
        (key!("games-show-mode"), lang.tr_with(key!("games-show-players"), &players)),
        (key!("games-show-rules"), lang.tr_with(key!("games-show-setup"), &setup)),
        (key!("games-show-status"), lang.tr_with(key!("games-show-state"), &state)),
    ];
    let labels: Vec<String> = lines.iter().map(|(k, _)| lang.tr(*k)).collect();
    let rows: Vec<Vec<String>> =
        labels.into_iter().zip(lines).map(|(label, (_, text))| vec![label, text]).collect();
    table(&[], &rows, &[Align::Left, Align::Left])
}

/// The text of `games show`, in `lang`: the set-up, then one row per ply with the computer's
/// statistics.
pub fn show_text(lang: Lang, s: &Game) -> String {
    let header = words(
        lang,
        &[
            key!("games-ply-col-ply"),
            key!("games-ply-col-side"),
            key!("games-ply-col-player"),
            key!("games-ply-col-move"),
            key!("games-ply-col-gained"),
            key!("games-ply-col-total"),
            key!("games-ply-col-time"),
            key!("games-ply-col-nodes"),
            key!("games-ply-col-depth"),
            key!("games-ply-col-value"),
            key!("games-ply-col-pv"),
        ],
    );
    let rows: Vec<Vec<String>> = s
        .plies()
        .iter()
        .map(|p| {
            let who = match (p.by, p.forced) {
                (_, true) => key!("games-by-forced"),
                (Actor::Human, _) => key!("games-by-human"),
                (Actor::Computer, _) => key!("games-by-computer"),
            };
            let i = p.search.as_ref();
            let or_dash = |f: &dyn Fn(&cavalo_engine::SearchInfo) -> String| i.map_or("-".into(), f);
            vec![
                p.number.to_string(),
                side_name(lang, p.side),
                lang.tr(who),
                move_text(lang, p.mv),
                p.gained.to_string(),
                format!("{}-{}", p.points[0], p.points[1]),
                p.time_ms.to_string(),
                or_dash(&|i| i.nodes.to_string()),
                or_dash(&|i| i.depth.to_string()),
                or_dash(&|i| i.score.to_string()),
                i.map_or(String::new(), |i| i.pv_string()),
            ]
        })
        .collect();
    let mut align = vec![Align::Right; header.len()];
    for left in [1, 2, 3, 10] {
        align[left] = Align::Left;
    }
    format!("{}\n{}", heading(lang, s), table(&header, &rows, &align))
}

#[cfg(test)]
mod tests {
    use super::*;
    use cavalo_session::GameConfig;
    use cavalo_session::i18n::english_words_in;

    fn row(mode: &str, players: [&str; 2], status: &str, result: Option<&str>) -> GameRow {
        GameRow {
            id: "3794f8de-fddc-455a-8703-080620032d62".into(),
            created: "2026-11-29T12:35:04Z".into(),
            updated: "2026-11-29T12:35:04Z".into(),
            ended: None,
            mode: mode.into(),
            players: players.map(String::from),
            status: status.into(),
            result: result.map(String::from),
            points: [791, 999],
            plies: 32,
            start: "seed:3".into(),
        }
    }

    #[test]
    fn the_list_is_worded_in_the_readers_language_and_its_columns_line_up() {
        let rows = [
            row("computer-computer", ["computer:greedy", "computer:cavalo"], "over", Some("black")),
            row("human-computer", ["human:Ana", "computer:classic:4"], "quit", None),
            row("human-human", ["human", "human"], "playing", None),
        ];
        let pt = list_text(Lang::Pt, &rows);
        assert!(pt.starts_with("id  "), "{pt}");
        for word in ["computador-computador", "terminado", "abandonado", "a decorrer", "Preto", "humano"] {
            assert!(pt.contains(word), "{word}: {pt}");
        }
        assert_eq!(english_words_in(&pt, &["greedy", "cavalo", "classic"]), Vec::<String>::new(), "{pt}");
        let en = list_text(Lang::En, &rows);
        for word in ["computer-computer", "over", "quit", "playing", "black", "plies"] {
            assert!(en.contains(word), "{word}: {en}");
        }
        // Every row's points end in the same column, in both languages.
        for text in [pt, en] {
            let ends: Vec<usize> = text.lines().skip(1).map(|l| l.find("791-999").unwrap()).collect();
            assert!(ends.windows(2).all(|w| w[0] == w[1]), "{text}");
        }
    }

    #[test]
    fn a_game_is_shown_in_the_readers_language() {
        let mut c = GameConfig::new(Start::Seed(3));
        c.players = [PlayerConfig::human(), PlayerConfig::computer(cavalo_engine::PlayerKind::Greedy)];
        let mut s = cavalo_session::Session::new(c).unwrap();
        while s.plies().len() < 3 {
            let _ = match s.turn() {
                cavalo_session::Turn::Forced { .. } => s.play_forced().unwrap(),
                cavalo_session::Turn::Human(_) => s.play_human(s.position().legal_moves()[0]).unwrap(),
                _ => break,
            };
        }
        let pt = show_text(Lang::Pt, s.game());
        assert!(pt.contains("semente 3") && pt.contains("computador (greedy)"), "{pt}");
        assert_eq!(english_words_in(&pt, &["greedy"]), Vec::<String>::new(), "{pt}");
        let en = show_text(Lang::En, s.game());
        assert!(en.contains("seed 3") && en.contains("status  playing"), "{en}");
    }
}
