//! `cavalo play --plain` and friends driven through the real binary with piped input.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use cavalo_rules::{GameRecord, Position, Rules};
use cavalo_session::logfile;

const BIN: &str = env!("CARGO_BIN_EXE_cavalo");

/// Runs the binary in `dir` with `args`, feeding `input`; returns (stdout, success).
fn run(dir: &Path, args: &[&str], input: impl AsRef<[u8]>) -> (String, bool) {
    let mut child = Command::new(BIN)
        .args(args)
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        .env("XDG_DATA_HOME", dir)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.as_ref().to_vec();
    // The game may end before all input is read: ignore a broken pipe.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    let _ = writer.join();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(stderr.is_empty() || out.status.success(), "stderr: {stderr}\nstdout tail: {}", tail(&stdout));
    (stdout, out.status.success())
}

fn tail(s: &str) -> String {
    let lines: Vec<&str> = s.lines().collect();
    lines[lines.len().saturating_sub(30)..].join("\n")
}

/// Input that plays whatever is legal: every cell in turn, each followed by an empty line (ignored
/// at the move prompt, "the default double" at the removal prompt), repeated.
fn every_cell(times: usize) -> String {
    let mut one = String::new();
    for r in 1..=10 {
        for c in 'A'..='J' {
            one.push_str(&format!("{c}{r}\n\n"));
        }
    }
    one.repeat(times)
}

fn only_record(dir: &Path) -> GameRecord {
    let files: Vec<_> = std::fs::read_dir(dir.join("games")).unwrap().map(|e| e.unwrap().path()).collect();
    assert_eq!(files.len(), 1, "{files:?}");
    GameRecord::from_json(&std::fs::read_to_string(&files[0]).unwrap()).unwrap()
}

/// Checks the record replays, matches the log, and returns the record.
fn check_record_and_log(dir: &Path, stdout: &str) -> GameRecord {
    let rec = only_record(dir);
    let positions = rec.replay().expect("the record replays");
    let last = positions.last().unwrap();
    let games = logfile::parse(&std::fs::read_to_string(dir.join("log.dat")).unwrap()).unwrap();
    assert_eq!(games.len(), 1);
    let g = &games[0];
    assert_eq!(g.plies.iter().map(|p| p.mv.clone()).collect::<Vec<_>>(), rec.moves);
    assert_eq!(g.header["id"], rec.meta["id"].as_str().unwrap());
    // Every ply's board in the log is the position after it.
    for (p, pos) in g.plies.iter().zip(&positions[1..]) {
        let lisp: Vec<String> = pos.to_lisp().lines().map(|l| l.trim().to_string()).collect();
        assert_eq!(p.board, lisp.join("\n"));
    }
    // Per-ply statistics in the record's meta.
    let plies = rec.meta["plies"].as_array().unwrap();
    assert_eq!(plies.len(), rec.moves.len());
    for (lp, mp) in g.plies.iter().zip(plies) {
        assert_eq!(mp["move"].as_str().unwrap(), lp.mv);
        assert_eq!(mp["search"].get("nodes").and_then(|v| v.as_u64()), lp.nodes);
    }
    if last.is_over() {
        let end = g.end.as_ref().unwrap();
        assert_eq!(end["result"], last.outcome().unwrap().name());
        assert!(stdout.contains("Game over:"), "{}", tail(stdout));
    }
    rec
}

#[test]
fn human_against_computer_full_game_with_bad_input_double_choice_hint_and_undo() {
    let dir = tempfile::tempdir().unwrap();
    // Seed 1: after the placements F1 and J10, E3 holds 00, a double with many removals.
    let mut input = String::from("banana\nA1\n11 1\nhint\nhelp\ne3\nzz\n12\n77\nundo\n3 5\n\nundo\n");
    input.push_str(&every_cell(60));
    let (out, ok) = run(
        dir.path(),
        &[
            "play",
            "--plain",
            "--mode",
            "hc",
            "--human",
            "white",
            "--time-ms",
            "20",
            "--engine",
            "greedy",
            "--seed",
            "1",
        ],
        &input,
    );
    assert!(ok, "{}", tail(&out));
    assert!(out.contains("`banana` is not a move"), "bad input explained");
    assert!(
        out.contains("must place") || out.contains("not a knight's jump from F1"),
        "illegal move explained"
    );
    assert!(out.contains("the row must be a number from 1 to 10"));
    assert!(out.contains("Hint: "));
    assert!(out.contains("undo      take back"), "help shown");
    assert!(out.contains("E3 holds the double 00"));
    assert!(out.contains("`zz` is not one of the doubles that can be removed: 99, 88, 77,"));
    assert!(out.contains("`12` is not one of the doubles that can be removed"));
    assert!(out.contains("White plays E3x77 (+0)."));
    assert!(out.contains("The double 77 is removed."));
    assert!(out.contains("Taken back: E3x77"), "{}", tail(&out));
    assert!(out.contains("Black (greedy engine) plays"));
    assert!(out.contains("Statistics: nodes analysed"));
    assert!(out.contains("Game over:"), "{}", tail(&out));
    assert!(out.contains("  White: "), "per-side summary");
    let rec = check_record_and_log(dir.path(), &out);
    assert_eq!(rec.meta["mode"], "human-computer");
    assert_eq!(rec.meta["white"], "human");
    assert_eq!(rec.meta["status"], "over");
    assert!(rec.result.is_some());
    // The second undo took back `3 5` = E3 (default removal) and the reply; the log says so.
    let log = std::fs::read_to_string(dir.path().join("log.dat")).unwrap();
    assert_eq!(log.matches("\nUNDO game=").count(), 2, "two undos logged");
}

#[test]
fn computer_against_computer_with_a_pass_stats_and_replay() {
    let dir = tempfile::tempdir().unwrap();
    let (out, ok) = run(
        dir.path(),
        &[
            "play",
            "--plain",
            "--mode",
            "cc",
            "--time-ms",
            "20",
            "--seed",
            "3",
            "--white-engine",
            "greedy",
            "--black-engine",
            "classic:2",
        ],
        "",
    );
    assert!(ok, "{}", tail(&out));
    assert!(out.contains("has no legal move and passes."), "seed 3 has a pass");
    let rec = check_record_and_log(dir.path(), &out);
    assert!(rec.moves.iter().any(|m| m == "pass"));
    assert_eq!(rec.meta["white"], "computer:greedy");
    assert_eq!(rec.meta["black"], "computer:classic:2");

    // stats on this log
    let (st, ok) = run(dir.path(), &["stats", "log.dat", "--svg", "chart.svg"], "");
    assert!(ok, "{st}");
    let nodes_row =
        st.lines().find(|l| l.starts_with("black computer (classic:2)") && l.contains(" nodes ")).unwrap();
    let searches = rec.meta["plies"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["side"] == "black" && p.get("search").is_some())
        .count();
    assert_eq!(nodes_row.split_whitespace().nth(4).unwrap(), searches.to_string(), "{nodes_row}");
    let svg = std::fs::read_to_string(dir.path().join("chart.svg")).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("<polyline"));

    // replay, plain
    let path = std::fs::read_dir(dir.path().join("games")).unwrap().next().unwrap().unwrap().path();
    let (rp, ok) = run(dir.path(), &["replay", "--plain", path.to_str().unwrap()], "");
    assert!(ok, "{rp}");
    assert_eq!(rp.matches("\nPly ").count(), rec.moves.len());
    assert!(rp.contains("Game over:"));
    let (rp, ok) = run(dir.path(), &["replay", "--plain", "--lang", "pt", path.to_str().unwrap()], "");
    assert!(ok, "{rp}");
    assert_eq!(rp.matches("\nMeia-jogada ").count(), rec.moves.len());
    assert!(rp.contains("Fim do jogo: ") && rp.contains("Regras: "), "{}", tail(&rp));
    // Each computer ply's statistics, and no English in Portuguese (a pass is `passa`).
    assert!(rp.contains("\n  nós analisados "), "{}", tail(&rp));
    assert!(rp.contains(" passa (+0)"), "the game has a pass: {}", tail(&rp));
    let english = cavalo_session::i18n::english_words_in(&rp, &["seed", "cavalo", "classic"]);
    assert_eq!(english, Vec::<String>::new(), "English in the Portuguese replay");
}

#[test]
fn human_against_human_full_game() {
    let dir = tempfile::tempdir().unwrap();
    let (out, ok) = run(dir.path(), &["play", "--plain", "--mode", "hh", "--seed", "8"], every_cell(120));
    assert!(ok, "{}", tail(&out));
    let rec = check_record_and_log(dir.path(), &out);
    assert_eq!(rec.meta["mode"], "human-human");
    assert!(rec.result.is_some(), "{}", tail(&out));
}

#[test]
fn the_menu_asks_and_reasks_then_quit_saves() {
    let dir = tempfile::tempdir().unwrap();
    // Mode 1 (human against computer), the computer starts, 500 ms is refused, then 1000.
    let (out, ok) = run(
        dir.path(),
        &["play", "--plain", "--engine", "greedy", "--seed", "5", "--no-threat"],
        "7\n1\n2\n500\n1000\nquit\nn\nquit\ny\n",
    );
    assert!(ok, "{}", tail(&out));
    assert!(out.contains("Please answer 1, 2 or 3."));
    assert!(out.contains("The time limit must be a whole number from 1000 to 5000."));
    assert!(out.contains("The game goes on."));
    assert!(out.contains("Game saved to games/"));
    let rec = only_record(dir.path());
    assert_eq!(rec.meta["white"], "computer:greedy");
    assert_eq!(rec.meta["black"], "human");
    assert_eq!(rec.meta["time_ms"], 1000);
    assert_eq!(rec.meta["status"], "quit");
    assert!(!rec.rules.threat);
    rec.replay().unwrap();
    let log = std::fs::read_to_string(dir.path().join("log.dat")).unwrap();
    assert!(log.contains("rules=no-threat"));
    assert!(log.contains(" status=quit "));
    // A second game appends to the log.
    let (_, ok) = run(dir.path(), &["play", "--plain", "--mode", "hh", "--seed", "5"], "");
    assert!(ok);
    let games = logfile::parse(&std::fs::read_to_string(dir.path().join("log.dat")).unwrap()).unwrap();
    assert_eq!(games.len(), 2);
}

#[test]
fn a_board_file_and_end_of_input() {
    let dir = tempfile::tempdir().unwrap();
    let pos = Position::from_seed(12, Rules::default());
    std::fs::write(dir.path().join("board.lisp"), pos.to_lisp()).unwrap();
    let (out, ok) = run(
        dir.path(),
        &[
            "play",
            "--plain",
            "--mode",
            "hc",
            "--human",
            "black",
            "--time-ms",
            "10",
            "--engine",
            "random:1",
            "--board",
            "board.lisp",
        ],
        "",
    );
    assert!(ok, "{}", tail(&out));
    assert!(out.contains("End of input: the game is stopped and saved as abandoned (to review with `cavalo games show`; an abandoned game cannot be resumed)."));
    let rec = only_record(dir.path());
    assert_eq!(rec.start, cavalo_rules::Start::Position(pos.to_string()));
}

#[test]
fn the_championship_call() {
    let dir = tempfile::tempdir().unwrap();
    let start = Position::from_seed(1, Rules::default());
    let mut placed = start.clone();
    for m in ["F1", "J10"] {
        placed.play(placed.parse_move(m).unwrap());
    }
    let t = std::time::Instant::now();
    let (out, ok) = run(dir.path(), &["move", &placed.to_string(), "--time-ms", "200"], "");
    assert!(ok, "{out}");
    assert!(t.elapsed().as_millis() < 2000);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    let mv = placed.parse_move(lines[0]).expect("a legal move");
    let mut after = placed.clone();
    after.play(mv);
    assert_eq!(lines[1], after.to_string());
    // A Lisp board in, a Lisp board out.
    let (out, ok) = run(
        dir.path(),
        &[
            "move",
            &placed.to_lisp(),
            "--side",
            "w",
            "--points",
            "86,65",
            "--time-ms",
            "100",
            "--lisp",
            "--engine",
            "greedy",
        ],
        "",
    );
    assert!(ok, "{out}");
    let mv = placed.parse_move(out.lines().next().unwrap()).unwrap();
    let mut after = placed.clone();
    after.play(mv);
    assert_eq!(out.lines().skip(1).collect::<Vec<_>>().join("\n"), after.to_lisp());
}

#[test]
fn our_engine_shows_its_thinking_and_the_course_statistics() {
    let dir = tempfile::tempdir().unwrap();
    let (out, ok) = run(
        dir.path(),
        &[
            "play",
            "--plain",
            "--mode",
            "hc",
            "--human",
            "black",
            "--time-ms",
            "60",
            "--seed",
            "1",
            "--hash",
            "1",
        ],
        "quit\ny\n",
    );
    assert!(ok, "{}", tail(&out));
    assert!(out.contains("White (Cavalo engine) is thinking…"));
    let live = out.lines().find(|l| l.trim_start().starts_with("depth 1 value")).expect("live lines");
    assert!(
        live.contains(" nodes analysed ") && live.contains(" ms") && live.contains(" principal variation "),
        "{live}"
    );
    let stats = out.lines().find(|l| l.starts_with("Statistics: ")).unwrap();
    for w in ["nodes analysed", "alpha cuts", "beta cuts", "time", "depth", "value"] {
        assert!(stats.contains(w), "{stats}");
    }
    let games = logfile::parse(&std::fs::read_to_string(dir.path().join("log.dat")).unwrap()).unwrap();
    let p = games[0].plies.iter().find(|p| p.player == "computer" && !p.forced).unwrap();
    assert!(p.nodes.unwrap() > 0 && p.depth.unwrap() > 0 && p.alpha_cuts.is_some() && p.beta_cuts.is_some());
    assert!(p.time_ms <= 200, "{}", p.time_ms);
}

/// Runs the binary with `args` in `dir` (its data directory too), nothing on standard input, the
/// language variables removed and then `env` set.
fn run_in(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> std::process::Output {
    let mut cmd = Command::new(BIN);
    cmd.args(args)
        .current_dir(dir)
        .env("XDG_DATA_HOME", dir)
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        .stdin(Stdio::null());
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.output().unwrap()
}

/// Runs `cavalo play --plain --mode cc --time-ms 50 --seed 7` with the environment `env` and the
/// extra `args`, nothing on standard input.
fn cc_game(env: &[(&str, &str)], args: &[&str]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let base = ["play", "--plain", "--mode", "cc", "--time-ms", "50", "--seed", "7", "--hash", "1"];
    let out = run_in(dir.path(), &[&base[..], args].concat(), env);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn the_language_comes_from_lang_or_the_flag() {
    let pt = cc_game(&[("LANG", "pt_PT.UTF-8")], &[]);
    for w in
        ["nós analisados", "cortes alfa", "cortes beta", "tempo", "profundidade", "valor", "Fim do jogo: "]
    {
        assert!(pt.contains(w), "`{w}` missing\n{}", tail(&pt));
    }
    assert!(pt.contains("Vitória de ") || pt.contains("Empate"), "{}", tail(&pt));
    assert!(pt.contains("Estatísticas: nós analisados "));
    let en = cc_game(&[("LANG", "pt_PT.UTF-8")], &["--lang", "en"]);
    assert!(en.contains("Statistics: nodes analysed ") && en.contains("Game over: "), "{}", tail(&en));
    assert!(!en.contains("nós analisados"));
    let by_lc_all = cc_game(&[("LANG", "en_GB.UTF-8"), ("LC_ALL", "pt_PT.UTF-8")], &[]);
    assert!(by_lc_all.contains("Fim do jogo: "));
}

#[test]
fn a_failure_of_the_game_is_told_in_its_language_and_a_tools_in_english() {
    let dir = tempfile::tempdir().unwrap();
    let fail = |args: &[&str], env: &[(&str, &str)]| {
        let out = run_in(dir.path(), args, env);
        assert!(!out.status.success(), "{args:?}");
        String::from_utf8(out.stderr).unwrap()
    };
    // No answer to the menu: the game never starts.
    let pt = fail(&["play", "--plain", "--lang", "pt"], &[]);
    assert!(pt.starts_with("erro: sem resposta"), "{pt}");
    let by_lang = fail(&["play", "--plain"], &[("LANG", "pt_PT.UTF-8")]);
    assert!(by_lang.starts_with("erro: "), "{by_lang}");
    let en = fail(&["play", "--plain", "--lang", "en"], &[("LANG", "pt_PT.UTF-8")]);
    assert!(en.starts_with("error: no answer"), "{en}");
    let tool = fail(&["moves", "nonsense"], &[("LANG", "pt_PT.UTF-8")]);
    assert!(tool.starts_with("error: invalid position"), "{tool}");
}

/// A scripted human-human game on seed `seed`: the moves typed (each human's `k`-th legal move,
/// `k` the ply number) and the announcements the session makes for it, in `lang`.
fn scripted_game(seed: u64, lang: cavalo_session::i18n::Lang) -> (Vec<String>, Vec<String>) {
    use cavalo_session::{GameConfig, PlayerConfig, Session, Turn, present};
    let mut c = GameConfig::new(cavalo_rules::Start::Seed(seed));
    c.players = [PlayerConfig::human(), PlayerConfig::human()];
    let mut s = Session::new(c).unwrap();
    let mut typed = Vec::new();
    loop {
        match s.turn() {
            Turn::Forced { .. } => drop(s.play_forced().unwrap()),
            Turn::Human(_) => {
                let moves = s.position().legal_moves();
                let mv = moves[s.plies().len() % moves.len()];
                typed.push(mv.to_string());
                s.play_human(mv).unwrap();
            }
            _ => break,
        }
    }
    (typed, present::announcements_since(&s, 0).iter().map(|a| a.text(lang)).collect())
}

/// Whether `wanted` appear in `lines` in this order, each as a whole line.
fn in_order(lines: &[&str], wanted: &[String]) -> Result<(), String> {
    let mut it = lines.iter();
    for w in wanted {
        if !it.any(|l| l.trim() == w) {
            return Err(w.clone());
        }
    }
    Ok(())
}

#[test]
fn the_plain_terminal_says_the_models_announcements() {
    use cavalo_session::i18n::Lang;
    for lang in Lang::ALL {
        let (typed, wanted) = scripted_game(11, lang);
        assert!(wanted.len() > typed.len() && wanted.last().unwrap().contains(':'));
        let dir = tempfile::tempdir().unwrap();
        let input: String = typed.iter().map(|m| format!("{m}\n\n")).collect();
        let (out, ok) = run(
            dir.path(),
            &["play", "--plain", "--mode", "hh", "--seed", "11", "--lang", lang.code()],
            &input,
        );
        assert!(ok, "{}", tail(&out));
        let lines: Vec<&str> = out.lines().collect();
        if let Err(missing) = in_order(&lines, &wanted) {
            panic!("{lang:?}: `{missing}` not said in order\n{}", tail(&out));
        }
    }
}

#[test]
fn a_line_that_is_not_utf8_or_too_long_is_refused_not_taken_as_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let mut input = b"\xff\xfe\n".to_vec();
    input.extend(std::iter::repeat_n(b'a', 70_000));
    input.extend(b"\nquit\ny\n");
    let (stdout, ok) = run(
        dir.path(),
        &["play", "--plain", "--lang", "en", "--mode", "hh", "--seed", "1", "--no-log"],
        input,
    );
    assert!(ok, "{}", tail(&stdout));
    assert!(stdout.contains("That line was not valid UTF-8 text and was ignored."), "{}", tail(&stdout));
    assert!(stdout.contains("That line was longer than 64 KiB and was ignored."), "{}", tail(&stdout));
    assert!(stdout.contains("Abandoned at 86–65."), "the game went on to the quit: {}", tail(&stdout));
}

#[test]
fn the_menu_asks_the_level_after_the_time_and_names_it_everywhere() {
    let dir = tempfile::tempdir().unwrap();
    // Human against computer, the human starts, the default time, level 9 refused, then 3.
    let (out, ok) = run(dir.path(), &["play", "--plain", "--seed", "5"], "1\n1\n\n9\n3\nquit\ny\n");
    assert!(ok, "{}", tail(&out));
    assert!(
        out.contains("Computer's level, from 1 (a beginner) to 8 (full strength) [8]:"),
        "{}",
        tail(&out)
    );
    assert!(out.contains("The level must be a whole number from 1 to 8."), "{}", tail(&out));
    assert!(out.contains("against Black (Cavalo engine, level 3)"), "{}", tail(&out));
    let rec = only_record(dir.path());
    assert_eq!(rec.meta["black"], "computer:cavalo:level=3");
    let log = std::fs::read_to_string(dir.path().join("log.dat")).unwrap();
    assert!(log.contains(" black=computer:cavalo:level=3 "), "{log}");

    // In Portuguese; Enter keeps full strength, which names no level.
    let pt = tempfile::tempdir().unwrap();
    let (out, ok) =
        run(pt.path(), &["play", "--plain", "--seed", "5", "--lang", "pt"], "1\n1\n\n0\n\nsair\ns\n");
    assert!(ok, "{}", tail(&out));
    assert!(
        out.contains("Nível do computador, de 1 (principiante) a 8 (força máxima) [8]:"),
        "{}",
        tail(&out)
    );
    assert!(out.contains("O nível tem de ser um número inteiro de 1 a 8."), "{}", tail(&out));
    assert!(out.contains("Preto (motor Cavalo)") && !out.contains("nível 8"), "{}", tail(&out));
    assert_eq!(only_record(pt.path()).meta["black"], "computer:cavalo");
}

#[test]
fn a_level_given_by_flag_is_not_asked_and_a_bad_one_is_refused_naming_the_range() {
    let dir = tempfile::tempdir().unwrap();
    let (out, ok) = run(
        dir.path(),
        &["play", "--plain", "--seed", "5", "--mode", "hc", "--human", "black", "--engine", "cavalo:level=2"],
        "\nquit\ny\n",
    );
    assert!(ok, "{}", tail(&out));
    assert!(!out.contains("Computer's level"), "{}", tail(&out));
    assert_eq!(only_record(dir.path()).meta["white"], "computer:cavalo:level=2");
    for (bad, env, says) in [
        ("cavalo:level=0", "C", "level must be a whole number from 1 to 8, not `0`"),
        ("cavalo:level=9", "pt_PT.UTF-8", "level tem de ser um número inteiro de 1 a 8, não `9`"),
        ("cavalo:level=x", "pt_PT.UTF-8", "não `x`"),
    ] {
        let out = run_in(dir.path(), &["play", "--plain", "--engine", bad], &[("LANG", env)]);
        assert!(!out.status.success(), "{bad}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(says), "{bad}: {err}");
    }
}

/// A game left with `quit` says how it is kept (abandoned, to review), and `--resume` refuses it
/// saying why, in Portuguese (issue 45).
#[test]
fn an_abandoned_game_says_it_cannot_be_resumed() {
    let dir = tempfile::tempdir().unwrap();
    let args = ["play", "--plain", "--mode", "hh", "--seed", "5", "--lang", "pt"];
    let (out, ok) = run(dir.path(), &args, "ajuda\nsair\ns\n");
    assert!(ok, "{}", tail(&out));
    assert!(
        out.contains("Fica guardado como abandonado, para rever mas não para continuar."),
        "{}",
        tail(&out)
    );
    assert!(out.contains("fica guardado como abandonado: pode ser revisto, não retomado"), "{}", tail(&out));
    let id = out.lines().find_map(|l| l.strip_prefix("Jogo ")?.split(',').next()).expect(&out).to_string();
    let o = Command::new(BIN)
        .args(["play", "--plain", "--lang", "pt", "--resume", &id])
        .env("XDG_DATA_HOME", dir.path())
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains(&format!("O jogo {id} não está a decorrer")), "{err}");
    assert!(
        err.contains("só um jogo cortado sem aviso (o programa morto, a máquina parada) se retoma"),
        "{err}"
    );
}
