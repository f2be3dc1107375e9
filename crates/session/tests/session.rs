//! The session: turns, forced plies, undo, logs, records, save and restore.

use std::sync::atomic::AtomicBool;

use cavalo_rules::{GameRecord, Move, Side, Start};
use cavalo_session::{Actor, Game, GameConfig, Mode, PlayerConfig, Session, Status, Turn, logfile};

fn computer(kind: &str) -> PlayerConfig {
    PlayerConfig::Computer(kind.parse().unwrap())
}

fn config(seed: u64, white: PlayerConfig, black: PlayerConfig) -> GameConfig {
    let mut c = GameConfig::new(Start::Seed(seed));
    c.players = [white, black];
    c.time_ms = 20;
    c
}

/// Plays both placements (a placement on a double may offer a choice of removal: take the first).
fn place(s: &mut Session) {
    while s.position().ply() < 2 {
        match s.turn() {
            Turn::Forced { .. } => {
                s.play_forced().unwrap();
            }
            _ => {
                let mv = s.position().legal_moves()[0];
                s.play_human(mv).unwrap();
            }
        }
    }
}

/// Plays the game to its end: computers search, humans play their first legal move.
fn play_out(s: &mut Session) {
    let stop = AtomicBool::new(false);
    loop {
        match s.turn() {
            Turn::Forced { .. } => {
                s.play_forced().unwrap();
            }
            Turn::Computer(_) => {
                s.play_computer(&stop, &mut |_| {}).unwrap();
            }
            Turn::Human(_) => {
                let mv = s.position().legal_moves()[0];
                s.play_human(mv).unwrap();
            }
            Turn::Program(_) => {
                let mv = s.position().legal_moves()[0];
                s.play_brought(mv, std::time::Duration::ZERO).unwrap();
            }
            Turn::Over(_) | Turn::Quit => break,
        }
    }
}

#[test]
fn turn_order_placements_and_modes() {
    let mut s = Session::new(config(1, PlayerConfig::human(), computer("greedy"))).unwrap();
    assert_eq!(s.mode(), Mode::HumanComputer);
    // Both placements are forced, whoever plays.
    assert_eq!(s.turn(), Turn::Forced { side: Side::White, mv: "F1".parse().unwrap() });
    assert!(s.play_human("A1".parse().unwrap()).is_err());
    let p = s.play_forced().unwrap();
    assert_eq!((p.number, p.side, p.by, p.forced, p.gained), (1, Side::White, Actor::Human, true, 86));
    assert!(matches!(s.turn(), Turn::Forced { side: Side::Black, .. }));
    assert_eq!(s.play_forced().unwrap().by, Actor::Computer);
    assert_eq!(s.turn(), Turn::Human(Side::White));
    // Not the computer's turn.
    assert!(s.begin_think().is_err());
    let mv = s.position().legal_moves()[0];
    s.play_human(mv).unwrap();
    assert_eq!(s.turn(), Turn::Computer(Side::Black));
    assert!(s.play_human(s.position().legal_moves()[0]).is_err());
    let stop = AtomicBool::new(false);
    let mut infos = 0;
    let p = s.play_computer(&stop, &mut |_| infos += 1).unwrap().clone();
    assert_eq!(p.by, Actor::Computer);
    assert!(p.search.is_some());
    assert_eq!(s.plies().len(), 4);
    assert_eq!(
        GameConfig { players: [computer("greedy"), computer("random")], ..s.config().clone() }.mode(),
        Mode::ComputerComputer
    );
}

#[test]
fn illegal_moves_are_refused_and_change_nothing() {
    let mut s = Session::new(config(3, PlayerConfig::human(), PlayerConfig::human())).unwrap();
    place(&mut s);
    let before = s.position().clone();
    let e = s.play_human("A1".parse().unwrap()).unwrap_err().to_string();
    assert!(e.contains("A1"), "{e}");
    assert_eq!(s.position(), &before);
    assert_eq!(s.plies().len(), 2);
}

#[test]
fn undo_takes_back_own_move_and_reply() {
    let mut s = Session::new(config(5, PlayerConfig::human(), computer("greedy"))).unwrap();
    assert!(matches!(s.undo(), Err(cavalo_session::SessionError::NothingToUndo)));
    s.play_forced().unwrap();
    s.play_forced().unwrap();
    assert!(s.undo().is_err(), "forced placements are not taken back");
    let start = s.position().clone();
    let mv = s.position().legal_moves()[0];
    s.play_human(mv).unwrap();
    let stop = AtomicBool::new(false);
    s.play_computer(&stop, &mut |_| {}).unwrap();
    let undone = s.undo().unwrap();
    assert_eq!(undone.len(), 2);
    assert_eq!(undone[0].mv, mv);
    assert_eq!(s.position(), &start);
    assert_eq!(s.turn(), Turn::Human(Side::White));
    assert_eq!(s.plies().len(), 2);
}

#[test]
fn a_forced_pass_is_offered_and_played() {
    // Play seeded games between greedy players until one side must pass.
    for seed in 0..300 {
        let mut s = Session::new(config(seed, computer("greedy"), PlayerConfig::human())).unwrap();
        let stop = AtomicBool::new(false);
        loop {
            match s.turn() {
                Turn::Forced { side, mv } if mv.is_pass() => {
                    assert_eq!(
                        s.position().legal_moves().iter().copied().collect::<Vec<_>>(),
                        vec![Move::PASS]
                    );
                    let p = s.play_forced().unwrap().clone();
                    assert!(p.forced && p.mv.is_pass() && p.gained == 0 && p.side == side);
                    assert_ne!(s.position().side_to_move(), side);
                    return;
                }
                Turn::Forced { .. } => {
                    s.play_forced().unwrap();
                }
                Turn::Computer(_) => {
                    s.play_computer(&stop, &mut |_| {}).unwrap();
                }
                Turn::Human(_) => {
                    let mv = s.position().legal_moves()[0];
                    s.play_human(mv).unwrap();
                }
                _ => break,
            }
        }
    }
    panic!("no pass in 300 games");
}

#[test]
fn record_round_trip_and_log() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = config(9, computer("greedy"), computer("random:3"));
    c.log = Some(dir.path().join("log.dat"));
    c.games_dir = Some(dir.path().join("games"));
    let mut s = Session::new(c).unwrap();
    play_out(&mut s);
    assert_eq!(s.status(), Status::Over);
    let path = s.save_record().unwrap();
    let rec = GameRecord::from_json(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let positions = rec.replay().unwrap();
    assert_eq!(positions.last().unwrap(), s.position());
    assert_eq!(rec.result, s.position().outcome());
    assert_eq!(rec.meta["plies"].as_array().unwrap().len(), s.plies().len());
    assert_eq!(rec.meta["mode"], "computer-computer");
    assert_eq!(rec.meta["status"], "over");
    // No temporary file is left behind.
    assert_eq!(std::fs::read_dir(dir.path().join("games")).unwrap().count(), 1);

    let log = std::fs::read_to_string(dir.path().join("log.dat")).unwrap();
    let games = logfile::parse(&log).unwrap();
    assert_eq!(games.len(), 1);
    let g = &games[0];
    assert_eq!(g.header["mode"], "computer-computer");
    assert_eq!(g.header["start"], "seed:9");
    assert_eq!(g.plies.len(), s.plies().len());
    for (lp, p) in g.plies.iter().zip(s.plies()) {
        assert_eq!(lp.mv, p.mv.to_string());
        assert_eq!(lp.points, p.gained as u64);
        assert_eq!(lp.nodes, p.search.as_ref().map(|i| i.nodes));
        assert_eq!(lp.board.lines().count(), 10);
    }
    assert_eq!(
        g.plies.last().unwrap().board,
        s.position().to_lisp().lines().map(str::trim).collect::<Vec<_>>().join("\n")
    );
    let end = g.end.as_ref().unwrap();
    assert_eq!(end["result"], s.position().outcome().unwrap().name());

    // A second game appends.
    let mut s2 = Session::new(s.config().clone()).unwrap();
    s2.quit();
    let games = logfile::parse(&std::fs::read_to_string(dir.path().join("log.dat")).unwrap()).unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[1].end.as_ref().unwrap()["status"], "quit");
}

#[test]
fn save_and_restore_mid_game() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = config(11, PlayerConfig::human(), computer("greedy"));
    c.log = Some(dir.path().join("log.dat"));
    let mut s = Session::new(c).unwrap();
    place(&mut s);
    let mv = s.position().legal_moves()[1];
    s.play_human(mv).unwrap();
    let json = s.to_json();
    let mut back = Session::from_json(&json).unwrap();
    assert_eq!(back.position(), s.position());
    assert_eq!(back.plies(), s.plies());
    assert_eq!(back.id(), s.id());
    assert_eq!(back.turn(), Turn::Computer(Side::Black));
    // The restored game goes on, and serde works too.
    let stop = AtomicBool::new(false);
    back.play_computer(&stop, &mut |_| {}).unwrap();
    let again: Game = serde_json::from_str(&serde_json::to_string(back.game()).unwrap()).unwrap();
    assert_eq!(again.position(), back.position());
    // A tampered save is refused.
    let bad = json.replace(&format!("\"{mv}\""), "\"A1\"");
    assert!(Session::from_json(&bad).is_err());
    fn is_send<T: Send>() {}
    is_send::<Session>();
    is_send::<cavalo_session::ThinkJob>();
}

#[test]
fn think_job_runs_on_another_thread_and_stale_results_are_refused() {
    let mut s = Session::new(config(2, computer("classic:2"), computer("greedy"))).unwrap();
    s.play_forced().unwrap();
    s.play_forced().unwrap();
    let job = s.begin_think().unwrap();
    assert_eq!(job.side(), Side::White);
    let thought = std::thread::spawn(move || job.run(&AtomicBool::new(false), &mut |_| {})).join().unwrap();
    let p = s.finish_think(thought).unwrap();
    assert_eq!(p.side, Side::White);
    // A hint for a human in a human game, then the game moves on: stale.
    let mut h = Session::new(config(2, PlayerConfig::human(), PlayerConfig::human())).unwrap();
    h.play_forced().unwrap();
    h.play_forced().unwrap();
    let (mv, _) = h.hint(&AtomicBool::new(false), &mut |_| {}).unwrap();
    assert!(h.position().check_move(mv).is_ok());
    let job = h.begin_hint().unwrap();
    h.play_human(mv).unwrap();
    let thought = job.run(&AtomicBool::new(false), &mut |_| {});
    assert!(matches!(h.finish_hint(thought), Err(cavalo_session::SessionError::Stale)));
}

#[test]
fn summary_counts_each_side() {
    let mut s = Session::new(config(4, computer("greedy"), computer("classic:1"))).unwrap();
    play_out(&mut s);
    let [w, b] = s.summary();
    assert_eq!(w.points, s.position().points(Side::White));
    assert_eq!(b.points, s.position().points(Side::Black));
    assert_eq!((w.moves + w.passes + b.moves + b.passes) as usize, s.plies().len());
    assert_eq!(w.player, "computer:greedy");
    assert!(b.searches > 0);
}

#[test]
fn one_games_log_text_matches_the_appended_log() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = config(11, computer("greedy"), computer("random:5"));
    c.log = Some(dir.path().join("log.dat"));
    let mut s = Session::new(c).unwrap();
    let mid = s.log_text();
    assert!(mid.starts_with("GAME id="));
    assert!(!mid.contains("END "));
    play_out(&mut s);
    let positions = s.positions();
    assert_eq!(positions.len(), s.plies().len() + 1);
    assert_eq!(positions[0], *s.initial_position());
    assert_eq!(positions.last().unwrap(), s.position());
    // Without undos, the game's own text is exactly what was appended to the log.
    let appended = std::fs::read_to_string(dir.path().join("log.dat")).unwrap();
    assert_eq!(s.log_text(), appended);
    let games = logfile::parse(&s.log_text()).unwrap();
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].plies.len(), s.plies().len());
}

#[test]
fn starts_read_from_text() {
    use cavalo_rules::{Position, Rules};
    use cavalo_session::read_start;
    let rules = Rules::default();
    assert_eq!(read_start(" seed:42 ", rules), Ok(Start::Seed(42)));
    assert!(read_start("seed:x", rules).unwrap_err().contains("not a seed"));
    let pos = Position::from_seed(3, rules);
    assert_eq!(read_start(&pos.to_string(), rules), Ok(Start::Position(pos.to_string())));
    assert_eq!(read_start(&pos.to_lisp(), rules), Ok(Start::Position(pos.to_string())));
    assert!(read_start("((1 2 3))", rules).is_err());
    assert!(read_start("", rules).is_err());
}

#[test]
fn each_wrong_call_has_its_own_error_and_kind() {
    use cavalo_session::{ErrorKind, SessionError as E};
    let mut s = Session::new(config(1, PlayerConfig::human(), computer("greedy"))).unwrap();
    assert_eq!(s.begin_think().unwrap_err(), E::NotComputerTurn);
    assert_eq!(s.human_to_move().unwrap_err(), E::NotHumanTurn);
    s.play_forced().unwrap();
    s.play_forced().unwrap();
    assert_eq!(s.play_forced().unwrap_err(), E::NotForced);
    assert_eq!(s.human_to_move(), Ok(Side::White));
    let e = s.play_human("A1".parse().unwrap()).unwrap_err();
    assert!(matches!(e, E::Illegal(_)) && e.kind() == ErrorKind::Illegal, "{e:?}");
    s.play_human(s.position().legal_moves()[0]).unwrap();
    assert_eq!(s.play_human(s.position().legal_moves()[0]).unwrap_err(), E::NotHumanTurn);
    s.quit();
    for e in [s.undo().unwrap_err(), s.begin_hint().unwrap_err(), s.human_to_move().unwrap_err()] {
        assert_eq!(e, E::Abandoned);
        assert_eq!(e.kind(), ErrorKind::NotNow);
    }
    let mut over = Session::new(config(4, computer("greedy"), computer("greedy"))).unwrap();
    play_out(&mut over);
    assert_eq!(over.begin_hint().unwrap_err(), E::GameOver);
    assert_eq!(over.begin_think().unwrap_err(), E::GameOver);
    assert_eq!(E::Start(cavalo_rules::PositionError::Fields(1)).kind(), ErrorKind::Invalid);
    assert_eq!(E::Unreadable("x".parse::<cavalo_rules::Move>().unwrap_err()).kind(), ErrorKind::Illegal);
    let denied = std::io::Error::from(std::io::ErrorKind::PermissionDenied);
    assert_eq!(
        E::Io(cavalo_session::FileError::new(cavalo_session::FileKind::Log, "x", &denied)).kind(),
        ErrorKind::Storage
    );
    assert_eq!(E::Stale.kind(), ErrorKind::NotNow);
}

#[test]
fn the_background_driver_reports_live_info_and_drops_stale_results() {
    use cavalo_session::{EngineConfig, Finished, Search, SessionError};
    let mut engine = EngineConfig::new("cavalo".parse().unwrap());
    engine.options.hash_mib = 1;
    let ours = PlayerConfig::Computer(engine);
    let mut s = Session::new(config(2, ours, PlayerConfig::human())).unwrap();
    s.play_forced().unwrap();
    s.play_forced().unwrap();
    // A computer move through the driver, waited for.
    let search = Search::start(s.begin_think().unwrap());
    assert_eq!(search.handle().side(), Side::White);
    assert!(!search.handle().is_hint());
    let mut infos = 0;
    let thought = search.wait(&mut |_| infos += 1).unwrap();
    assert!(infos > 0);
    assert!(matches!(s.finish(thought).unwrap(), Finished::Played(p) if p.side == Side::White));
    // A hint, polled, then stopped: it still answers with a move.
    let mut hint = Search::start(s.begin_hint().unwrap());
    assert!(hint.handle().is_hint());
    hint.handle().stop();
    let thought = loop {
        if let Some(t) = hint.poll() {
            break t;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    };
    let Finished::Hint { mv, .. } = s.finish(thought).unwrap() else { panic!("a hint") };
    // A hint for a position the game has left is dropped.
    let job = s.begin_hint().unwrap();
    s.play_human(mv).unwrap();
    let stale = Search::start(job).wait(&mut |_| {}).unwrap();
    assert_eq!(s.finish(stale).unwrap_err(), SessionError::Stale);
    // The same for a computer move after the game was abandoned.
    let job = s.begin_think().unwrap();
    s.quit();
    let stale = Search::start(job).wait(&mut |_| {}).unwrap();
    assert_eq!(s.finish(stale).unwrap_err(), SessionError::Stale);
}

#[test]
fn for_mode_builds_the_players_of_each_mode() {
    use cavalo_session::EngineConfig;
    let e = |k: &str| EngineConfig::new(k.parse().unwrap());
    let engines = || [e("greedy"), e("random")];
    let c = GameConfig::for_mode(Start::Seed(1), Mode::HumanComputer, Side::White, engines());
    assert_eq!(c.players, [PlayerConfig::human(), computer("random")]);
    let c = GameConfig::for_mode(Start::Seed(1), Mode::HumanComputer, Side::Black, engines());
    assert_eq!(c.players, [computer("greedy"), PlayerConfig::human()]);
    let c = GameConfig::for_mode(Start::Seed(1), Mode::ComputerComputer, Side::White, engines());
    assert_eq!(c.players, [computer("greedy"), computer("random")]);
    let c = GameConfig::for_mode(Start::Seed(1), Mode::HumanHuman, Side::Black, engines());
    assert_eq!(c.mode(), Mode::HumanHuman);
}

#[test]
fn a_level_is_named_everywhere_and_a_hint_is_at_full_strength() {
    use cavalo_session::i18n::Lang;
    use cavalo_session::present::{Who, engine_text};
    use cavalo_session::store::import::player_of_label;
    let level3 = computer("cavalo:level=3,seed=7");
    let PlayerConfig::Computer(e) = &level3 else { unreachable!() };
    assert_eq!(e.weaker_level(), Some(3));
    assert_eq!(engine_text(Lang::Pt, e), "Cavalo, nível 3");
    assert_eq!(engine_text(Lang::En, e), "Cavalo, level 3");
    // The label carries the level and its seed (not the table or the threads), and reads back.
    let mut big = level3.clone();
    if let PlayerConfig::Computer(e) = &mut big {
        e.options.hash_mib = 4;
        e.options.threads = 2;
    }
    assert_eq!(big.label(), "computer:cavalo:level=3,seed=7");
    let back = player_of_label(&big.label()).unwrap();
    assert_eq!(back, level3);
    assert_eq!(computer("cavalo").label(), "computer:cavalo");
    assert_eq!(computer("cavalo:level=8").label(), "computer:cavalo");

    let mut s = Session::new(config(5, PlayerConfig::human(), level3)).unwrap();
    assert_eq!(Who::of(s.game(), Side::Black).text(Lang::Pt), "Preto (motor Cavalo, nível 3)");
    s.play_forced().unwrap();
    // The computer plays at its level; a hint for the human is our engine at full strength.
    let hint = s.begin_hint().unwrap();
    assert_eq!(hint.engine().engine, cavalo_engine::PlayerKind::Cavalo);
    assert_eq!(hint.engine().options.level, cavalo_engine::level::FULL);
    // Against a reference player too.
    let mut greedy = Session::new(config(5, PlayerConfig::human(), computer("greedy"))).unwrap();
    greedy.play_forced().unwrap();
    assert_eq!(greedy.begin_hint().unwrap().engine().engine, cavalo_engine::PlayerKind::Cavalo);
}
