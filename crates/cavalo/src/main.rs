//! `cavalo`: play Jogo do Cavalo, analyse positions, check the rules.

mod analyse;
mod input;
mod matchcmd;
mod protocol;
mod report;
mod toolbox;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::input::RulesArgs;

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
    /// Print the initial position (before the placements) of a seeded board.
    Board(toolbox::BoardArgs),
    /// Print the legal moves of a position, one per line (nothing when the game is over).
    Moves(toolbox::MovesArgs),
    /// Play moves from a position and print the resulting position string.
    Apply(toolbox::ApplyArgs),
    /// Count the leaf nodes of the move tree to a depth (move-generator check and speed test).
    Perft(toolbox::PerftArgs),
    /// Search a position: print the engine's thinking as it deepens, its statistics and its move.
    Go(analyse::GoArgs),
    /// Search a fixed set of positions to a fixed depth; print the node count (the search's
    /// signature) and the speed.
    Bench(analyse::BenchArgs),
    /// Speak the engine protocol (PROTOCOL.md, like UCI) on standard input and output, for a
    /// referee, a tournament runner or a GUI. Type `ugi`, `position seed 1`, `go movetime 1000`,
    /// `quit`.
    Engine,
    /// Play a match between two players (built in or external engines) and measure the
    /// difference in strength: W/D/L, Elo with its 95% interval, LOS, pair statistics, SPRT.
    Match(Box<matchcmd::MatchArgs>),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let rules = cli.rules.rules();
    let result = match cli.command {
        Command::Board(a) => toolbox::board(a, rules),
        Command::Moves(a) => toolbox::moves(a, rules),
        Command::Apply(a) => toolbox::apply(a, rules),
        Command::Perft(a) => toolbox::perft(a, rules),
        Command::Go(a) => analyse::go(a, rules),
        Command::Bench(a) => analyse::bench(a),
        Command::Engine => protocol::run(rules),
        Command::Match(a) => matchcmd::run(*a, rules),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
