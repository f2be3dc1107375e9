//! `cavalo`: play Jogo do Cavalo, analyse positions, check the rules.

mod args;
mod budget;
mod chart;
mod commands;
mod crosstable;
mod game_ends;
mod input;
mod limits;
mod match_report;
mod progress;
mod records;
mod run_error;
mod signals;
mod table;
mod tui;
mod usage;
mod view;

use commands::{
    accuracy, apply, arena, bench, board, datagen, engine, fit, games, go, r#match, r#move, moves, perft,
    play, proofply, replay, serve, stats, tournament, tune,
};

use std::process::ExitCode;

use cavalo_session::i18n::Lang;
use clap::{Parser, Subcommand};

use crate::input::RulesArgs;
use cavalo_session::key;

/// Jogo do Cavalo: a two-player knight game on a 10×10 board of numbers.
///
/// Positions are given as position strings (see `cavalo board --seed 1`), as the course's Lisp
/// boards (then --side and --points give what the Lisp form lacks), or as `seed:N` for the seeded
/// board before the placements.
#[derive(Parser, Debug)]
#[command(name = "cavalo", version, about, long_about)]
struct Cli {
    #[command(flatten)]
    rules: RulesArgs,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Play a game: human against computer, computer against computer, or human against human.
    ///
    /// Without flags it asks, like the course's menu: the mode, who starts, the computer's time
    /// per move and our engine's level (1 to 8). Full-screen in a terminal; line by line with --plain or when input or output
    /// is not a terminal. Every game is kept ply by ply in the games database (see `cavalo games`),
    /// appended to log.dat and saved as a JSON record in games/.
    Play(Box<play::PlayArgs>),
    /// The games database: list, show, export (JSON record or log.dat), delete, import, check.
    ///
    /// Every game of `cavalo play` is kept there ply by ply (a ply is stored before it is
    /// shown). The database is games.sqlite in the platform's data directory unless --data-dir or
    /// --db says otherwise.
    Games(games::GamesArgs),
    /// Step through a saved game record (arrow keys in a terminal, printed ply by ply otherwise).
    Replay(replay::ReplayArgs),
    /// The statistics of a log.dat for the technical manual: per side and per game, count, mean,
    /// standard deviation, minimum and maximum of nodes, cuts, time, depth and points per move.
    Stats(stats::StatsArgs),
    /// The championship call: answer one move within --time-ms and print it and the new position
    /// (the course's jogar(state, time)).
    Move(r#move::MoveArgs),
    /// Print the initial position (before the placements) of a seeded board.
    Board(board::BoardArgs),
    /// Print the legal moves of a position, one per line (nothing when the game is over).
    Moves(moves::MovesArgs),
    /// Play moves from a position and print the resulting position string.
    Apply(apply::ApplyArgs),
    /// Count the leaf nodes of the move tree to a depth (move-generator check and speed test).
    Perft(perft::PerftArgs),
    /// Search a position: print the engine's thinking as it deepens, its statistics and its move.
    ///
    /// --time-ms is the whole command's time, counted from the program's start: the engine's
    /// tables are made inside it (sized to it unless --hash says otherwise), and a little is kept
    /// back to print the answer.
    Go(go::GoArgs),
    /// The engine as a teacher: judge every ply of a played game.
    ///
    /// For each ply: the best move and its value, the value of the move played, the points it
    /// lost and a class (good, inaccuracy, mistake, blunder); each side's accuracy (share of good
    /// moves) and mean loss; the turning points. Values are the expected final points difference
    /// from the mover's view, `*` when proven exact. The game is a JSON record, a game of a
    /// log.dat (--game ID when it holds several) or of the games database (--id ID).
    Analyse(Box<commands::analyse::AnalyseArgs>),
    /// Search a fixed set of positions to a fixed depth; print the node count (the search's
    /// signature) and the speed (--time-ms: the depth reached in a time; --proofs: the time to a
    /// proof per thread count).
    Bench(bench::BenchArgs),
    /// Measure move choice on the accuracy suite: the share of optimal moves and the mean points
    /// lost, against exact values proven to the end of the game (--build makes a suite).
    Accuracy(Box<accuracy::AccuracyArgs>),
    /// Make training data for the evaluation: games of varied players, positions along them
    /// labelled with exact final points differences (or deep search values, marked).
    Datagen(Box<datagen::DatagenArgs>),
    /// Fit the evaluation's weights to training data (`cavalo datagen`) by least squares, with
    /// held-out validation; print the errors and the resulting `cavalo:` spec.
    Fit(Box<fit::FitArgs>),
    /// The proof horizon: for self-play games, the earliest ply from which a search with a node
    /// budget proves the exact final result; per game and the mean.
    Proofply(proofply::ProofPlyArgs),
    /// Speak the engine protocol (docs/en/protocol.md, like UCI) on standard input and output, for a
    /// referee, a tournament runner or a GUI. Type `ugi`, `position seed 1`, `go movetime 1000`,
    /// `quit`.
    Engine,
    /// Play a match between two players (built in or external engines) and measure the
    /// difference in strength: W/D/L, Elo with its 95% interval, LOS, pair statistics, SPRT.
    Match(Box<r#match::MatchArgs>),
    /// Play a tournament (round robin or gauntlet) among any number of players, built in,
    /// external engines or course programs in Lisp; report a crosstable with ratings.
    Tournament(Box<tournament::TournamentArgs>),
    /// The course's arena, on the data of a server run with --arena: `cavalo arena championship`
    /// freezes every team's current version and plays the official round robin among them.
    Arena(Box<arena::ArenaArgs>),
    /// Tune search parameters by SPSA: each iteration a game pair of the engine with the values
    /// moved up against the engine with them moved down; prints the tuned values as a `cavalo:`
    /// spec. Resumable (--state, --resume). Confirm the result with `cavalo match`.
    Tune(Box<tune::TuneArgs>),
    /// Play in the browser: serve the game page and its JSON API, and print the address to open.
    ///
    /// Games live on the server, in the games database shared with `cavalo play` (--data-dir,
    /// --db): every move is stored before it is acknowledged, so a restarted server and a reloaded
    /// page continue where they were; log.dat is appended beside the database. Creating a game
    /// gives its players secret seat tokens (kept by the page); anyone with a game's link may watch
    /// it. The computer's moves are made by the server, at most --engines at once (a fixed pool: memory = engines × hash). Binds
    /// 127.0.0.1 (this machine only) unless --host says otherwise. --no-threat and
    /// --no-zero-double set the new-game dialog's default variant.
    Serve(serve::ServeArgs),
}

/// The exit status of a command whose reader went away: 128 + SIGPIPE, as a Unix tool killed by
/// the signal reports it.
const CLOSED_PIPE: u8 = 141;

/// A reader that goes away (`cavalo analyse game.json | head -1`) or a terminal that closes is
/// not a crash: `print!` panics when standard output or error cannot be written, and this hook
/// turns that panic into a quiet exit (status 141 for a closed pipe, 129 for a game's terminal
/// that closed, as after SIGHUP, 1 for another failure)
/// instead of a "panicked" message and a backtrace; a game being played is saved as abandoned
/// first. Every other panic is reported as before.
fn exit_quietly_when_output_closes() {
    let report = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| payload.downcast_ref::<&str>().copied())
            .unwrap_or_default();
        if message.starts_with("failed printing to std") {
            // A game's terminal that closed: as SIGHUP ends it (129), whoever notices first.
            signals::exit_if_terminal_gone();
            let broken_pipe = message.contains("Broken pipe") || message.contains("os error 32");
            signals::exit_after_saving(if broken_pipe { CLOSED_PIPE.into() } else { 1 }, "output closed");
        }
        report(info);
    }));
}

fn main() -> ExitCode {
    // One-shot commands count their time from here (see `budget`).
    budget::mark_start();
    exit_quietly_when_output_closes();
    let cli = Cli::try_parse().unwrap_or_else(|e| usage::exit(e));
    let rules = cli.rules.rules();
    // `cavalo play` speaks the player's language, its failures included, and `cavalo serve` the
    // machine's (LC_ALL, LC_MESSAGES, LANG) in its refusals; the tools speak English.
    let lang = match &cli.command {
        Command::Play(a) => a.lang.unwrap_or_else(Lang::from_env),
        Command::Serve(_) => Lang::from_env(),
        Command::Match(a) => a.lang(),
        Command::Tournament(a) => a.lang(),
        Command::Arena(a) => a.lang(),
        Command::Accuracy(a) => a.lang(),
        _ => Lang::En,
    };
    let result = match cli.command {
        Command::Play(a) => play::play(*a, rules, lang),
        Command::Replay(a) => replay::replay(a),
        Command::Games(a) => games::run(a),
        Command::Stats(a) => stats::stats(a),
        Command::Move(a) => r#move::mv(a, rules),
        Command::Board(a) => board::board(a, rules),
        Command::Moves(a) => moves::moves(a, rules),
        Command::Apply(a) => apply::apply(a, rules),
        Command::Perft(a) => perft::perft(a, rules),
        Command::Go(a) => go::go(a, rules),
        Command::Analyse(a) => commands::analyse::run(*a),
        Command::Bench(a) => bench::bench(a),
        Command::Accuracy(a) => accuracy::run(*a),
        Command::Datagen(a) => datagen::run(*a),
        Command::Fit(a) => fit::run(*a),
        Command::Proofply(a) => proofply::run(a, rules),
        Command::Engine => engine::run(rules),
        Command::Match(a) => r#match::run(*a, rules),
        Command::Tournament(a) => tournament::run(*a, rules),
        Command::Arena(a) => arena::run(*a, rules),
        Command::Tune(a) => tune::run(*a, rules),
        Command::Serve(a) => serve::serve(a, rules, lang),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // The reader went away (`cavalo moves … | head -1`): stop quietly, as Unix tools do.
        Err(e)
            if e.downcast_ref::<std::io::Error>()
                .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe) =>
        {
            ExitCode::from(CLOSED_PIPE)
        }
        Err(e) => {
            // A typed error is worded in the command's language; the others say what they say.
            let text = match e.downcast_ref::<run_error::RunError>() {
                Some(e) => e.text(lang),
                None => format!("{e:#}"),
            };
            eprintln!("{}: {text}", lang.tr(key!("error-prefix")));
            ExitCode::FAILURE
        }
    }
}
