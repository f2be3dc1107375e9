//! The commands the referee sends to an engine: how they are written (the referee's side) and
//! how the arguments of `setoption`, `position` and `go` are read (the engine's side).

use std::time::Duration;

use cavalo_rules::{Position, Rules, Side};

use crate::{Clock, Limits};

/// What `go` asked for.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GoRequest {
    /// The limits of the search; a clock is the mover's.
    pub limits: Limits,
    /// `go infinite`: the answer waits for `stop`.
    pub infinite: bool,
}

/// The arguments of `setoption`: `name <N...> value <V...>` → (N, V).
pub fn parse_setoption(args: &[&str]) -> Result<(String, String), String> {
    if args.first() != Some(&"name") {
        return Err("setoption: expected `setoption name <name> value <value>`".into());
    }
    let rest = &args[1..];
    let v = rest.iter().position(|t| *t == "value");
    let name = rest[..v.unwrap_or(rest.len())].join(" ");
    if name.is_empty() {
        return Err("setoption: the option name is missing".into());
    }
    let value = v.map(|i| rest[i + 1..].join(" ")).unwrap_or_default();
    Ok((name, value))
}

/// `true` or `false`, in any case: the value of a `check` option.
pub fn parse_check(v: &str) -> Result<bool, String> {
    match v.to_ascii_lowercase().as_str() {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(format!("`{v}` is not true or false")),
    }
}

/// The arguments of `position`: `fen <cells> <side> <w> <b> [moves ...]` or
/// `seed <n> [moves ...]`.
pub fn parse_position(args: &[&str], rules: Rules) -> Result<Position, String> {
    let m = args.iter().position(|t| *t == "moves");
    let (head, moves) = match m {
        Some(i) => (&args[..i], &args[i + 1..]),
        None => (args, &[][..]),
    };
    let mut pos = match head {
        ["fen", fields @ ..] => {
            Position::from_position_string(&fields.join(" "), rules).map_err(|e| format!("fen: {e}"))?
        }
        ["seed", n] => {
            let seed: u64 =
                n.parse().map_err(|_| format!("seed: `{n}` is not a whole number from 0 to 2^64-1"))?;
            Position::from_seed(seed, rules)
        }
        ["seed", ..] => return Err("seed: expected one number after `seed`".into()),
        [other, ..] => return Err(format!("`{other}` is not `fen` or `seed`")),
        [] => return Err("expected `position fen <position string>` or `position seed <n>`".into()),
    };
    for (i, text) in moves.iter().enumerate() {
        let mv = pos.parse_move(text).map_err(|e| format!("move {} ({}): {e}", i + 1, pos.side_to_move()))?;
        pos.play(mv);
    }
    Ok(pos)
}

/// What is wrong with an argument of `go`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GoProblem {
    /// A word `go` does not know (ignored).
    Unknown(String),
    /// A limit without a valid value: the `go` is refused.
    Bad(String),
}

/// The longest time `go` accepts, in milliseconds (about 24 days): larger values are refused.
pub const MAX_GO_MS: u64 = i32::MAX as u64;

/// Reads the `go` arguments; the clock given is the mover's (`p1` = White).
pub fn parse_go(args: &[&str], mover: Side) -> (GoRequest, Vec<GoProblem>) {
    let mut req = GoRequest::default();
    let mut problems = Vec::new();
    let mut times: [Option<u64>; 4] = [None; 4]; // p1time p2time p1inc p2inc
    let mut i = 0;
    while i < args.len() {
        let key = args[i];
        let slot = match key {
            "movetime" => 0,
            "depth" => 1,
            "nodes" => 2,
            "p1time" | "wtime" => 3,
            "p2time" | "btime" => 4,
            "p1inc" | "winc" => 5,
            "p2inc" | "binc" => 6,
            "infinite" => {
                req.infinite = true;
                i += 1;
                continue;
            }
            other => {
                problems.push(GoProblem::Unknown(other.to_string()));
                i += 1;
                continue;
            }
        };
        // Times up to MAX_GO_MS, depth and nodes from 1; everything else is refused.
        let (min, max) = match slot {
            0 => (1, MAX_GO_MS),
            1 => (1, u32::MAX as u64),
            2 => (1, u64::MAX),
            _ => (0, MAX_GO_MS),
        };
        let value = args.get(i + 1).and_then(|v| v.parse::<u64>().ok()).filter(|v| (min..=max).contains(v));
        let Some(v) = value else {
            let got = args.get(i + 1).map_or("nothing".to_string(), |v| format!("`{v}`"));
            problems
                .push(GoProblem::Bad(format!("{key} needs a whole number from {min} to {max}, got {got}")));
            i += if args.get(i + 1).is_some() { 2 } else { 1 };
            continue;
        };
        match slot {
            0 => req.limits.movetime = Some(Duration::from_millis(v)),
            1 => req.limits.depth = Some(v as u32),
            2 => req.limits.nodes = Some(v),
            s => times[s - 3] = Some(v),
        }
        i += 2;
    }
    let (time, inc) = match mover {
        Side::White => (times[0], times[2]),
        Side::Black => (times[1], times[3]),
    };
    if let Some(t) = time {
        req.limits.clock = Some(Clock {
            remaining: Duration::from_millis(t.max(1)),
            increment: Duration::from_millis(inc.unwrap_or(0)),
        });
    }
    (req, problems)
}

/// `setoption name NAME value VALUE`.
pub fn setoption_command(name: &str, value: &str) -> String {
    format!("setoption name {name} value {value}")
}

/// `position seed SEED [moves M...]`: a seeded board and the moves played on it.
pub fn position_seed_command(seed: u64, moves: &[String]) -> String {
    match moves {
        [] => format!("position seed {seed}"),
        moves => format!("position seed {seed} moves {}", moves.join(" ")),
    }
}

/// `position fen POSITION`: a position by its position string.
pub fn position_fen_command(pos: &Position) -> String {
    format!("position fen {pos}")
}

/// `go [movetime MS] [depth D] [nodes N]`: the limits the referee gives a move.
pub fn go_command(movetime_ms: Option<u64>, depth: Option<u32>, nodes: Option<u64>) -> String {
    let mut s = String::from("go");
    if let Some(t) = movetime_ms {
        s += &format!(" movetime {t}");
    }
    if let Some(d) = depth {
        s += &format!(" depth {d}");
    }
    if let Some(n) = nodes {
        s += &format!(" nodes {n}");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_arguments() {
        let (r, p) = parse_go(&["movetime", "100", "depth", "7", "nodes", "5000"], Side::White);
        assert!(p.is_empty());
        assert_eq!(r.limits.movetime, Some(Duration::from_millis(100)));
        assert_eq!(r.limits.depth, Some(7));
        assert_eq!(r.limits.nodes, Some(5000));
        assert!(!r.infinite);
        let args = ["p1time", "1000", "p2time", "2000", "p1inc", "10", "p2inc", "20"];
        let (r, _) = parse_go(&args, Side::Black);
        assert_eq!(
            r.limits.clock,
            Some(Clock { remaining: Duration::from_millis(2000), increment: Duration::from_millis(20) })
        );
        let (r, p) = parse_go(&["infinite", "banana", "movetime", "x"], Side::White);
        assert!(r.infinite);
        assert_eq!(r.limits, Limits::default());
        assert_eq!(p.len(), 2);
        assert_eq!(p[0], GoProblem::Unknown("banana".into()));
        for bad in ["0", "-5", "99999999999999999999", "2147483648", "1e3", ""] {
            let (_, p) = parse_go(&["movetime", bad], Side::White);
            assert!(matches!(&p[..], [GoProblem::Bad(_)]), "movetime {bad:?}: {p:?}");
        }
        for bad in [["depth", "0"], ["nodes", "0"], ["p1time", "-1"], ["p2inc", "18446744073709551616"]] {
            let (_, p) = parse_go(&bad, Side::White);
            assert!(matches!(&p[..], [GoProblem::Bad(_)]), "{bad:?}: {p:?}");
        }
        let (r, p) = parse_go(&["movetime", "2147483647", "p1time", "0"], Side::White);
        assert!(p.is_empty());
        assert_eq!(r.limits.movetime, Some(Duration::from_millis(2147483647)));
    }

    #[test]
    fn setoption_arguments() {
        assert_eq!(
            parse_setoption(&["name", "Zero", "Double", "value", "a", "b"]).unwrap(),
            ("Zero Double".to_string(), "a b".to_string())
        );
        assert!(parse_setoption(&["Hash", "3"]).is_err());
        assert!(parse_setoption(&["name", "value", "3"]).is_err());
        assert!(parse_check("maybe").is_err());
    }

    #[test]
    fn positions_and_their_errors() {
        let r = Rules::default();
        let p = parse_position(&["seed", "1", "moves", "F1", "J10"], r).unwrap();
        assert_eq!(p.ply(), 2);
        let e = parse_position(&["seed", "1", "moves", "F1", "A1"], r).unwrap_err();
        assert!(e.contains("move 2") && e.contains("A1"), "{e}");
        let e = parse_position(&["fen", "1,2", "w", "0", "0"], r).unwrap_err();
        assert!(e.contains("rows"), "{e}");
        assert!(parse_position(&["seed", "x"], r).unwrap_err().contains("seed"));
        assert!(parse_position(&["startpos"], r).is_err());
        let fen = Position::from_seed(3, r).to_string();
        let toks: Vec<&str> = fen.split(' ').collect();
        assert_eq!(parse_position(&[&["fen"][..], &toks].concat(), r).unwrap().to_string(), fen);
    }

    #[test]
    fn commands_are_written() {
        assert_eq!(go_command(Some(100), None, Some(5)), "go movetime 100 nodes 5");
        assert_eq!(go_command(None, None, None), "go");
        assert_eq!(position_seed_command(3, &[]), "position seed 3");
        assert_eq!(position_seed_command(3, &["F1".into(), "J10".into()]), "position seed 3 moves F1 J10");
        assert_eq!(setoption_command("Hash", "16"), "setoption name Hash value 16");
        let r = Rules::default();
        let line = position_seed_command(1, &["F1".into(), "J10".into()]);
        let args: Vec<&str> = line.split_whitespace().skip(1).collect();
        assert_eq!(parse_position(&args, r).unwrap().ply(), 2, "what is written is read back");
        let (req, p) = parse_go(&["movetime", "100", "nodes", "5"], Side::White);
        assert!(p.is_empty());
        assert_eq!((req.limits.movetime, req.limits.nodes), (Some(Duration::from_millis(100)), Some(5)));
    }
}
