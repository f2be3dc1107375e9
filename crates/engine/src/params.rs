//! Every tunable constant of search, move ordering, evaluation and time management, in one
//! [`SearchConfig`] value carried by the engine, described once by [`SearchConfig::PARAMS`].
//!
//! The table of descriptors is what the protocol's `ugi` lists, what `setoption` and the player
//! spec `cavalo:key=value,...` set (range-checked), and what a tuner varies. The defaults are the
//! values the engine was measured with.

/// Maximum search ply (games last at most 102 plies): the size of the per-ply arrays, not tunable.
pub const MAX_PLY: usize = 128;
/// Nodes between two looks at the clock and the stop flag.
pub const CHECK_EVERY: u64 = 1024;

/// What a parameter is about (for grouping in listings).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    /// Static evaluation weights.
    Eval,
    /// Search shape: aspiration windows, reductions, quiescence.
    Search,
    /// Move ordering keys.
    Ordering,
    /// Time management.
    Time,
}

/// The description of one tunable parameter: its protocol name, bounds, default and meaning.
#[derive(Clone, Copy, Debug)]
pub struct Param {
    /// The name used by `setoption` and `cavalo:` specs (matched ignoring case and `_`).
    pub name: &'static str,
    /// What it is about.
    pub group: Group,
    /// The default value.
    pub default: i32,
    /// The smallest accepted value.
    pub min: i32,
    /// The largest accepted value.
    pub max: i32,
    /// What it does and in which unit.
    pub doc: &'static str,
    /// Reads it from a configuration.
    pub get: fn(&SearchConfig) -> i32,
    /// Writes it into a configuration (the value must be in `min..=max`).
    pub set: fn(&mut SearchConfig, i32),
}

macro_rules! search_config {
    ($( $(#[doc = $doc:literal])+ $field:ident: $name:literal, $group:ident, $default:expr, $min:expr, $max:expr; )*) => {
        /// Every tunable constant of the search and the evaluation. All values are `i32`; their
        /// units are in the docs of each field (centipoints are 1/100 of a game point).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
        #[serde(default)]
        pub struct SearchConfig {
            $( $(#[doc = $doc])+ pub $field: i32, )*
        }

        impl Default for SearchConfig {
            fn default() -> SearchConfig {
                SearchConfig { $( $field: $default, )* }
            }
        }

        impl SearchConfig {
            /// One descriptor per field, in declaration order.
            pub const PARAMS: &'static [Param] = &[ $(
                Param {
                    name: $name,
                    group: Group::$group,
                    default: $default,
                    min: $min,
                    max: $max,
                    doc: concat!($($doc),+),
                    get: |c| c.$field,
                    set: |c, v| c.$field = v,
                },
            )* ];
        }
    };
}

search_config! {
    /// Evaluation: centipoints per legal destination more than the opponent.
    mobility: "MobilityWeight", Eval, 0, 0, 5000;
    /// Evaluation: weight (per mille) of the best value the mover can land on next (the tempo).
    tempo_best: "TempoWeight", Eval, 279, 0, 2000;
    /// Evaluation: weight (per mille) of the difference of the values each knight alone can reach.
    region: "RegionWeight", Eval, 384, 0, 2000;
    /// Evaluation: centipoints of penalty for a knight with no legal destination (it must pass).
    stuck: "StuckPenalty", Eval, 3378, 0, 100_000;
    /// Evaluation: the region term is computed only when at most this many cells hold numbers.
    region_max_cells: "RegionMaxCells", Eval, 64, 0, 100;
    /// Evaluation: weight (per mille) of the values on the mover's legal destinations minus
    /// those on the opponent's (0: not computed).
    reach1: "Reach1Weight", Eval, 0, -1000, 1000;
    /// Evaluation: weight (per mille) of the values two knight jumps away and not one (through
    /// any destination), the mover's minus the opponent's (0: not computed).
    reach2: "Reach2Weight", Eval, 0, -1000, 1000;
    /// Evaluation: centipoints per cell two knight jumps away and not one, the mover's more than
    /// the opponent's (0: not computed).
    mobility2: "Mobility2Weight", Eval, 2792, -5000, 5000;
    /// Evaluation: weight (per mille) of the values on cells of the colour the mover's knight
    /// lands on next minus those of the colour the opponent's lands on next (0 when both
    /// knights stand on the same colour; 0: not computed).
    parity: "ParityWeight", Eval, 0, -1000, 1000;
    /// Evaluation: weight (per mille) of the distance term: every value each knight can still
    /// reach through cells holding numbers, discounted by `DistanceDecay` per jump of its
    /// shortest path, the mover's minus the opponent's (0: not computed).
    distance: "DistanceWeight", Eval, 0, -2000, 2000;
    /// Evaluation: the distance term's discount per jump, per mille (800: a value two jumps
    /// away counts 0.64 of its points, ten jumps away 0.11).
    distance_decay: "DistanceDecay", Eval, 800, 0, 1000;
    /// Search: the proven bounds on what each side can still collect (reachable values, see
    /// the engine's `bounds` module) are used when at most this many cells hold numbers (0: off).
    bound_max_cells: "BoundMaxCells", Search, 40, 0, 100;
    /// Search: when at most this many cells hold numbers, a position whose knights can no longer
    /// interact is solved exactly (each side's best collection alone; see the engine's `bounds`
    /// module; 0: off, the default: it cost more nodes than it saved on the proof horizon).
    separated_max_cells: "SeparatedMaxCells", Search, 0, 0, 100;
    /// Search: share (per cent) of the nodes given to the proof search (null-window probes to
    /// the end of the game, see the engine's `solver` module) after each iteration (0: off).
    proof_share: "ProofShare", Search, 90, 0, 95;
    /// Search: the proof search runs after iterations of at least this depth (not in searches
    /// limited by depth: `go depth`, the bench), so that small node budgets keep their nodes.
    proof_depth: "ProofDepth", Search, 8, 1, 120;
    /// Search: the proof search runs when at most this many cells hold numbers (84: from about
    /// ply 8 on, two cells leave the board per ply; earlier proofs are out of reach) and the
    /// search may spend `ProofMinNodes` nodes, or at most `ProofLateCells` cells hold numbers.
    proof_max_cells: "ProofMaxCells", Search, 84, 0, 100;
    /// Search: the nodes a search must be able to spend in all (its node limit, or its rate
    /// times its time; without a limit, the nodes spent so far) for the proof search to run
    /// above `ProofLateCells` cells, once a tenth of them is spent: a proof that early needs
    /// millions of nodes, a short search (100 ms) that gave it its share lost points in matches,
    /// and one started only after 1 M nodes spent left too few for it.
    proof_min_nodes: "ProofMinNodes", Search, 1_500_000, 0, 1_000_000_000;
    /// Search: with at most this many cells holding numbers (from about ply 18), the proof
    /// search runs whatever the nodes spent.
    proof_late_cells: "ProofLateCells", Search, 64, 0, 100;
    /// Search: with more than one thread, the helper threads leave their iterations to join the
    /// main thread's proof search while it runs, sharing its table and its probes (1), or only
    /// the main thread proves (0).
    helper_proofs: "HelperProofs", Search, 1, 0, 1;
    /// Search: with helper proofs, the nodes of a proof within this many cells of its root (two
    /// cells leave per ply) tell the other threads they are being searched, and a move into a
    /// node another thread is searching waits until the node's other moves are done. The count
    /// at 2 threads; 4 cells more per doubling of the threads (at 2 threads, `bench --proofs`:
    /// 4 cells 0.84 s, 8 0.75 s, 10 0.74 s, 16 0.80 s, 24 0.82 s).
    proof_defer_cells: "ProofDeferCells", Search, 10, 0, 100;
    /// Search: initial aspiration half-window, in centipoints.
    aspiration: "Aspiration", Search, 300, 1, 1_000_000;
    /// Search: depth from which aspiration windows are used.
    aspiration_depth: "AspirationDepth", Search, 4, 1, 120;
    /// Search: factor by which a failed aspiration window widens.
    aspiration_growth: "AspirationGrowth", Search, 4, 2, 64;
    /// Search: late-move reductions start at this remaining depth.
    lmr_depth: "LmrDepth", Search, 3, 1, 120;
    /// Search: moves searched in full before late-move reductions start.
    lmr_moves: "LmrMoves", Search, 3, 1, 64;
    /// Search: from this move on, late moves are reduced by two plies instead of one.
    lmr_late_moves: "LmrLateMoves", Search, 8, 1, 64;
    /// Search: the most plies of high-value landings searched past the horizon (quiescence).
    qs_max_ply: "QsMaxPly", Search, 2, 0, 16;
    /// Search: in quiescence a landing is "noisy" when its value is at least this.
    qs_min_value: "QsMinValue", Search, 80, 0, 99;
    /// Ordering: key of the first killer move.
    killer_first: "KillerFirst", Ordering, 1 << 22, 0, 1 << 28;
    /// Ordering: key of the second killer move.
    killer_second: "KillerSecond", Ordering, 1 << 21, 0, 1 << 28;
    /// Ordering: key per point of the value landed on.
    value_weight: "ValueWeight", Ordering, 1000, 0, 1_000_000;
    /// Ordering: key subtracted from a move naming a double other than the default removal.
    removal_penalty: "RemovalPenalty", Ordering, 2000, 0, 1 << 24;
    /// Ordering: the largest magnitude of a history score.
    history_max: "HistoryMax", Ordering, 16_384, 1, 1 << 24;
    /// Ordering: history bonus per squared depth of a cut-off (capped at half of HistoryMax).
    history_bonus: "HistoryBonus", Ordering, 16, 0, 1 << 16;
    /// Time: fraction (per mille) of the usable time after which no new iteration starts.
    soft_permille: "SoftPermille", Time, 450, 10, 1000;
    /// Time: margin kept back from the move time, per mille of it.
    margin_permille: "MarginPermille", Time, 80, 0, 500;
    /// Time: smallest margin kept back, in microseconds.
    min_margin_us: "MinMarginUs", Time, 3_000, 0, 1_000_000;
    /// Time: largest margin kept back, in microseconds.
    max_margin_us: "MaxMarginUs", Time, 40_000, 0, 10_000_000;
    /// Time: the margin also keeps back this many per mille of the measured lateness of answers.
    latency_permille: "LatencyPermille", Time, 1500, 0, 10_000;
    /// Time: the whole margin never exceeds this fraction (per mille) of the move time.
    margin_cap_permille: "MarginCapPermille", Time, 500, 0, 900;
    /// Time: the protocol writes the answer at the latest this many per mille of `movetime`
    /// before the limit, with the last completed iteration's move if the search is late.
    backstop_permille: "BackstopPermille", Time, 100, 0, 500;
    /// Time: the smallest such backstop margin, in microseconds: room for the answering thread
    /// and the reader to be scheduled on a busy machine (answers 10.5 ms late were seen on a
    /// loaded CI machine, once 23 ms inside the test script of a virtual machine).
    backstop_min_us: "BackstopMinUs", Time, 20_000, 0, 1_000_000;
    /// Time: with a clock, the share of the remaining time spent on a move is 1/ClockDivisor.
    clock_divisor: "ClockDivisor", Time, 20, 2, 1000;
    /// Time: with a clock, the part (per mille) of the increment added to a move's share.
    increment_permille: "IncrementPermille", Time, 750, 0, 1000;
}

/// Normalises an option name for matching: lower case, without `_`, `-` and spaces, so that
/// `LmrDepth`, `lmr_depth` and `Lmr Depth` are one name.
pub fn normalise_name(name: &str) -> String {
    name.chars().filter(|c| !matches!(c, '_' | '-' | ' ')).map(|c| c.to_ascii_lowercase()).collect()
}

/// `LmrDepth` → `lmr_depth`: the spelling of a name in `cavalo:` specs.
pub fn snake_case(name: &str) -> String {
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            out.push('_');
        }
        out.push(c.to_ascii_lowercase());
    }
    out
}

impl SearchConfig {
    /// The descriptor of the parameter called `name` (any spelling, see [`normalise_name`]).
    pub fn param(name: &str) -> Option<&'static Param> {
        let n = normalise_name(name);
        SearchConfig::PARAMS.iter().find(|p| normalise_name(p.name) == n)
    }

    /// The parameters whose value differs from the default, with their values.
    pub fn changed(&self) -> impl Iterator<Item = (&'static Param, i32)> + '_ {
        SearchConfig::PARAMS.iter().map(|p| (p, (p.get)(self))).filter(|(p, v)| *v != p.default)
    }

    /// The same configuration with every value brought into its range.
    pub fn clamped(mut self) -> SearchConfig {
        for p in SearchConfig::PARAMS {
            let v = (p.get)(&self).clamp(p.min, p.max);
            (p.set)(&mut self, v);
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn descriptors_are_consistent() {
        let d = SearchConfig::default();
        let mut names = std::collections::HashSet::new();
        for p in SearchConfig::PARAMS {
            assert!(p.min <= p.default && p.default <= p.max, "{}", p.name);
            assert_eq!((p.get)(&d), p.default, "{}", p.name);
            assert!(names.insert(normalise_name(p.name)), "{} twice", p.name);
            assert!(!p.doc.is_empty());
            let mut c = d;
            (p.set)(&mut c, p.max);
            assert_eq!((p.get)(&c), p.max, "{} sets its own field", p.name);
            assert_eq!(c.changed().count(), usize::from(p.max != p.default), "{}", p.name);
        }
    }

    #[test]
    fn names_match_in_any_spelling() {
        assert_eq!(SearchConfig::param("lmr_depth").unwrap().name, "LmrDepth");
        assert_eq!(SearchConfig::param("LMRDEPTH").unwrap().name, "LmrDepth");
        assert!(SearchConfig::param("speed").is_none());
        assert_eq!(snake_case("MobilityWeight"), "mobility_weight");
    }

    #[test]
    fn clamping_and_serde() {
        let c = SearchConfig { lmr_depth: 1000, aspiration: -5, ..SearchConfig::default() }.clamped();
        assert_eq!((c.lmr_depth, c.aspiration), (120, 1));
        let json = serde_json::to_string(&c).unwrap();
        let back: SearchConfig = serde_json::from_str(&json).unwrap();
        assert_eq!(back, c);
        let partial: SearchConfig = serde_json::from_str(r#"{"mobility": 7}"#).unwrap();
        assert_eq!(partial, SearchConfig { mobility: 7, ..SearchConfig::default() });
    }
}
