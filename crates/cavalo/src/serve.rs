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
    /// How many engine searches may run at once (the others wait their turn).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=64))]
    pub max_searches: u64,
    /// The longest time per move a game may ask for, in milliseconds.
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(10..=600_000))]
    pub max_time_ms: u64,
    /// Transposition table size of each computer player, in MiB.
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u64).range(1..=4096))]
    pub hash_mib: u64,
}

pub fn serve(a: ServeArgs, rules: cavalo_rules::Rules) -> Result<()> {
    let mut config = cavalo_web::WebConfig::new(&a.data_dir);
    config.max_searches = a.max_searches as usize;
    config.max_time_ms = a.max_time_ms;
    config.hash_mib = a.hash_mib as usize;
    config.default_rules = rules;
    cavalo_web::run(&a.host, a.port, config).with_context(|| {
        format!("cannot serve on {}:{} with the data in {}", a.host, a.port, a.data_dir.display())
    })
}
