//! `cavalo serve`: the browser interface (the server lives in the `cavalo-web` crate).

use std::path::PathBuf;

use anyhow::{Context, Result};
use clap::Args;

#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The address to listen on: 127.0.0.1 serves this machine only; 0.0.0.0 serves the network.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// The port to listen on (0: any free port).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// Where games, records and log.dat are kept.
    #[arg(long, default_value = "cavalo-web-data")]
    pub data_dir: PathBuf,
    /// How many engines the server has: that many searches run at once, the others wait their
    /// turn (people's moves and hints first; computer-vs-computer games use at most N-1).
    #[arg(long, visible_alias = "max-searches", default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=64))]
    pub engines: u64,
    /// The longest time per move a game may ask for, in milliseconds.
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(10..=600_000))]
    pub max_time_ms: u64,
    /// Transposition table size of each engine, in MiB (search memory = engines × hash).
    #[arg(long = "hash", visible_alias = "hash-mib", default_value_t = 16, value_parser = clap::value_parser!(u64).range(1..=4096))]
    pub hash_mib: u64,
    /// Open connections served at once (more wait to be accepted).
    #[arg(long, default_value_t = 256, value_parser = clap::value_parser!(u64).range(1..=65_536))]
    pub max_connections: u64,
    /// Seconds a client has to send a request's head; also how long an idle connection is kept.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub header_timeout: u64,
    /// Computer-vs-computer games one client (IP address) may have running at once.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u64).range(1..=10_000))]
    pub cc_per_client: u64,
    /// Computer-vs-computer games the server may have running at once (all clients).
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u64).range(1..=10_000))]
    pub max_cc_games: u64,
    /// Game pages (event streams) open at once on the server; per client at most 8 (or fewer).
    #[arg(long, default_value_t = 128, value_parser = clap::value_parser!(u64).range(1..=65_536))]
    pub max_streams: u64,
}

pub fn serve(a: ServeArgs, rules: cavalo_rules::Rules) -> Result<()> {
    let mut config = cavalo_web::WebConfig::new(&a.data_dir);
    config.max_searches = a.engines as usize;
    config.max_time_ms = a.max_time_ms;
    config.hash_mib = a.hash_mib as usize;
    config.default_rules = rules;
    let limits = &mut config.limits;
    limits.max_connections = a.max_connections as usize;
    limits.header_timeout = std::time::Duration::from_secs(a.header_timeout);
    limits.max_cc_per_client = a.cc_per_client as usize;
    limits.max_cc_games = a.max_cc_games as usize;
    limits.max_streams = a.max_streams as usize;
    limits.max_streams_per_client = limits.max_streams_per_client.min(limits.max_streams);
    cavalo_web::run(&a.host, a.port, config).with_context(|| {
        format!("cannot serve on {}:{} with the data in {}", a.host, a.port, a.data_dir.display())
    })
}
