//! Tunable constants of search and evaluation, in one place.

/// Evaluation weights, in centipoints.
pub mod eval {
    /// Per legal destination more than the opponent.
    pub const MOBILITY: i32 = 200;
    /// Weight (per mille) of the best value the mover can land on next (the tempo).
    pub const TEMPO_BEST: i32 = 500;
    /// Weight (per mille) of the difference of the values each knight can still reach.
    pub const REGION: i32 = 150;
    /// Penalty for a knight with no legal destination (it must pass).
    pub const STUCK: i32 = 1500;
    /// The region term is computed only when at most this many cells still hold numbers: on a
    /// fuller board both knights reach the same single region and the term is zero anyway.
    pub const REGION_MAX_CELLS: usize = 64;

    /// The evaluation weights as one value (defaults: the constants above), so that matches can
    /// compare settings without rebuilding.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub struct Weights {
        /// See [`MOBILITY`].
        pub mobility: i32,
        /// See [`TEMPO_BEST`].
        pub tempo_best: i32,
        /// See [`REGION`].
        pub region: i32,
        /// See [`STUCK`].
        pub stuck: i32,
    }

    impl Default for Weights {
        fn default() -> Weights {
            Weights { mobility: MOBILITY, tempo_best: TEMPO_BEST, region: REGION, stuck: STUCK }
        }
    }
}

/// Search constants.
pub mod search {
    /// Initial aspiration half-window, in centipoints.
    pub const ASPIRATION: i32 = 300;
    /// Depth from which aspiration windows are used.
    pub const ASPIRATION_DEPTH: u32 = 4;
    /// Late-move reductions: minimum depth and the number of moves searched in full first.
    pub const LMR_DEPTH: i32 = 3;
    /// Moves searched before reductions start.
    pub const LMR_MOVES: usize = 3;
    /// Maximum search ply (games last at most 102 plies).
    pub const MAX_PLY: usize = 128;
    /// Quiescence: the most plies of high-value landings searched past the horizon.
    pub const QS_MAX_PLY: u32 = 2;
    /// Quiescence: a landing is "noisy" when its value is at least this.
    pub const QS_MIN_VALUE: u8 = 80;
    /// Nodes between two looks at the clock and the stop flag.
    pub const CHECK_EVERY: u64 = 1024;
}

/// Time management.
pub mod time {
    /// Fraction (per mille) of the move time after which no new iteration starts.
    pub const SOFT_PERMILLE: u64 = 450;
    /// Time kept back from the hard limit for returning (thread join, output), in microseconds,
    /// at least.
    pub const MIN_MARGIN_US: u64 = 3_000;
    /// Margin as a fraction (per mille) of the move time.
    pub const MARGIN_PERMILLE: u64 = 80;
    /// Largest margin, in microseconds.
    pub const MAX_MARGIN_US: u64 = 40_000;
}
