//! The integration tests of the `cavalo` binary, one module per former test file, linked
//! into one test binary (`cargo test -p cavalo --test it`; one module: `-- MODULE::`).

mod common;

mod accuracy_players;
mod analyse;
mod arena;
mod closed_pipe;
mod fit;
mod forfeit_words;
mod games;
mod links;
mod lisp;
mod lisp_failures;
mod r#match;
mod names;
mod play;
mod protocol;
mod readme;
mod reports;
mod run_errors;
mod sandbox;
mod serve;
mod serve_kill;
mod serve_store;
mod store;
mod terminal_closed;
mod timelimit;
mod toolbox;
mod tournament;
mod tune;
