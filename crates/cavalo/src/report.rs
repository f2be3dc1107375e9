//! How search reports are written: the protocol's `info` lines (PROTOCOL.md), shared by `go`,
//! the engine protocol and the logs.

use cavalo_engine::SearchInfo;

/// `info depth <d> seldepth <sd> score cp <v> [proven] nodes <n> nps <n> hashfull <h> time <ms> pv ...`
pub fn info_line(i: &SearchInfo) -> String {
    let proven = if i.proven { " proven" } else { "" };
    let mut s = format!(
        "info depth {} seldepth {} score cp {}{} nodes {} nps {} hashfull {} time {}",
        i.depth,
        i.seldepth,
        i.score,
        proven,
        i.nodes,
        i.nps,
        i.hashfull,
        i.time_ms()
    );
    if !i.pv.is_empty() {
        s.push_str(" pv ");
        s.push_str(&i.pv_string());
    }
    s
}

/// `info string stats nodes <n> alphacuts <a> betacuts <b> depth <d> time <ms> value <v>`
pub fn stats_line(i: &SearchInfo) -> String {
    format!(
        "info string stats nodes {} alphacuts {} betacuts {} depth {} time {} value {}",
        i.nodes,
        i.alpha_cuts,
        i.beta_cuts,
        i.depth,
        i.time_ms(),
        i.score
    )
}
