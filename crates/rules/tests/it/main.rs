//! The rules library's integration tests, one module per former test file, linked into one test
//! binary (`cargo test -p cavalo-rules --test it`).

mod common;

mod perft;
mod properties;
mod random_games;
mod rules;
