//! The web server's integration tests, one module per former test file, linked into one test
//! binary (`cargo test -p cavalo-web --test it`; one module: `-- MODULE::`). The browser tests
//! (`tests/browser/`) are a binary of their own.

mod common;

mod analysis;
mod api;
mod arena;
mod bodies;
mod doors;
mod levels;
mod limits;
mod listing;
mod load;
mod page_files;
mod security;
mod watch;
