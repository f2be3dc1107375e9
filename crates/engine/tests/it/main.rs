//! The engine's integration tests, one module per former test file, linked into one test
//! binary (`cargo test -p cavalo-engine --test it`).

mod proofs;
mod search;
