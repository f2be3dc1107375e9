//! Learn from your mistakes: a game's worst moves, from its [`Analysis`], become exercises — the
//! position before the move, "find a better move" — and a try is judged by the analysis's values
//! (exact where the analysis proved them), the answer shown after it.
//!
//! - The **exercises** of some sides are their plies classed mistake or blunder (inaccuracies when
//!   there are none), whose best move is another, the worst first (most points lost), at most a
//!   given number. An unclear ply (no class: the searches could not tell) never is one.
//! - A **try** is valued from the mover's view: the best move has the analysis's best value, the
//!   move played its played value; any other move is searched (the position after it) with the
//!   analysis's budget, exactly like the analysis's own values ([`try_value`]).
//! - Its **verdict** ([`judge_try`]): `best` (the analysis's best move, or a move as good: within
//!   the inaccuracy threshold of the value after the best move, searched as the try is), `better`
//!   (more than the move played, not as good as the best), `no_better`.

use std::sync::atomic::AtomicBool;

use cavalo_engine::Player;
use cavalo_rules::{Move, Position, Side};
use serde::{Deserialize, Serialize};

use crate::analysis::{Analysis, Budget, Class, Thresholds, Value};

/// One exercise: a move of the game to better.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Exercise {
    /// The ply whose move is to be bettered (from 1): the position is the one before it.
    pub ply: usize,
    /// Who is to move.
    pub side: Side,
    /// The move played.
    pub played: String,
    /// Its value, from the mover's view.
    pub played_value: Value,
    /// Points it lost against the best move.
    pub loss: i32,
    /// Its class.
    pub class: Class,
    /// The analysis's best move (the answer, shown after a try).
    pub best: String,
    /// The best move's value, from the mover's view.
    pub best_value: Value,
    /// What a try is measured against: the search of the position after the best move (as a
    /// try is searched) where the analysis made one, else the best value.
    pub reference: Value,
    /// The analysis's line from the position (best move first).
    pub pv: Vec<String>,
}

/// The exercises of `sides`' moves in `an`: mistakes and blunders (inaccuracies when there are
/// none), the worst first, at most `max`.
pub fn exercises(an: &Analysis, sides: &[Side], max: usize) -> Vec<Exercise> {
    let candidates = |classes: &[Class]| -> Vec<Exercise> {
        an.plies
            .iter()
            .filter(|p| sides.contains(&p.side) && !p.forced)
            .filter(|p| p.class.is_some_and(|c| classes.contains(&c)))
            .filter_map(|p| {
                let best = p.best.clone().filter(|b| *b != p.played)?;
                Some(Exercise {
                    ply: p.ply,
                    side: p.side,
                    played: p.played.clone(),
                    played_value: p.played_value,
                    loss: p.loss?,
                    class: p.class?,
                    best,
                    best_value: p.best_value,
                    reference: p.compared.unwrap_or(p.best_value),
                    pv: p.pv.clone(),
                })
            })
            .collect()
    };
    let mut found = candidates(&[Class::Mistake, Class::Blunder]);
    if found.is_empty() {
        found = candidates(&[Class::Inaccuracy]);
    }
    found.sort_by(|a, b| b.loss.cmp(&a.loss).then(a.ply.cmp(&b.ply)));
    found.truncate(max);
    found
}

/// How good a try was.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// The best move, or one as good (within the inaccuracy threshold of its value).
    Best,
    /// Better than the move played, not as good as the best.
    Better,
    /// No better than the move played.
    NoBetter,
}

/// A try judged.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Judged {
    /// The move tried, as written.
    #[serde(rename = "move")]
    pub mv: String,
    /// Its value, from the mover's view.
    pub value: Value,
    /// Points it loses against the best move (0 at best).
    pub loss: i32,
    /// The verdict.
    pub verdict: Verdict,
}

impl Exercise {
    /// The analysis's value of `mv` when it is the best move or the move played; another move
    /// must be searched ([`try_value`]).
    pub fn known_value(&self, mv: &str) -> Option<Value> {
        if mv == self.best {
            Some(self.best_value)
        } else if mv == self.played {
            Some(self.played_value)
        } else {
            None
        }
    }
}

/// Judges the try `mv` of exercise `ex` worth `value` ([`Exercise::known_value`], else
/// [`try_value`]). The best move and the move played lose what the analysis says; another move
/// loses what its value falls short of the exercise's reference.
pub fn judge_try(ex: &Exercise, mv: &str, value: Value, thresholds: &Thresholds) -> Judged {
    let loss = if mv == ex.best {
        0
    } else if mv == ex.played {
        ex.loss
    } else {
        (ex.reference.points - value.points).max(0)
    };
    let verdict = if loss < thresholds.inaccuracy {
        Verdict::Best
    } else if mv != ex.played && value.points > ex.played_value.points {
        Verdict::Better
    } else {
        Verdict::NoBetter
    };
    Judged { mv: mv.to_string(), value, loss, verdict }
}

/// The value of playing `mv` in `before`, from the mover's view: the position after it searched
/// by `engine` within `budget` (the game's final difference when it ends there).
pub fn try_value(
    engine: &mut dyn Player,
    before: &Position,
    mv: Move,
    budget: &Budget,
    stop: &AtomicBool,
) -> Value {
    let side = before.side_to_move();
    let mut after = before.clone();
    after.play(mv);
    if after.is_over() {
        return Value { points: after.points_diff(side), exact: true };
    }
    let r = engine.choose(&after, &budget.limits(), stop, &mut |_| {});
    let value = Value { points: r.info.score, exact: r.info.proven };
    if after.side_to_move() == side { value } else { value.negated() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::{self, PlyAnalysis};
    use cavalo_engine::{Engine, Options};
    use cavalo_rules::{GameRecord, Start};

    fn ply(n: usize, side: Side, played: &str, best: &str, loss: i32, class: Class) -> PlyAnalysis {
        PlyAnalysis {
            ply: n,
            side,
            played: played.into(),
            forced: false,
            best: Some(best.into()),
            best_value: Value { points: 10, exact: false },
            played_value: Value { points: 10 - loss, exact: false },
            loss: Some(loss),
            loss_exact: false,
            class: Some(class),
            turning: false,
            pv: vec![best.into()],
            depth: 5,
            nodes: 100,
            measured_loss: Some(loss),
            margin: Some(0),
            compared: None,
            uncertain: false,
            unclear: false,
            refined: false,
        }
    }

    fn analysis_of(plies: Vec<PlyAnalysis>) -> Analysis {
        let game = GameRecord::new(Start::Seed(1), Default::default());
        let positions = game.replay().unwrap();
        let mut an = analysis::judge(
            game,
            &positions,
            &[],
            &[analysis::PositionSearch {
                side: Side::White,
                value: Value { points: 0, exact: false },
                best: None,
                pv: vec![],
                depth: 0,
                nodes: 0,
                spread: None,
                after_best: None,
            }],
            Budget { nodes: Some(1), time_ms: None, threads: 1 },
            Thresholds::default(),
        );
        an.plies = plies;
        an
    }

    #[test]
    fn the_worst_mistakes_of_the_sides_asked_first() {
        let an = analysis_of(vec![
            ply(3, Side::White, "A1", "B2", 12, Class::Mistake),
            ply(4, Side::Black, "C1", "D2", 50, Class::Blunder),
            ply(5, Side::White, "E1", "F2", 30, Class::Blunder),
            ply(7, Side::White, "G1", "H2", 4, Class::Inaccuracy),
            ply(9, Side::White, "I1", "J2", 0, Class::Good),
        ]);
        let ex = exercises(&an, &[Side::White], 5);
        assert_eq!(ex.iter().map(|e| e.ply).collect::<Vec<_>>(), [5, 3], "blunder 30, then mistake 12");
        assert_eq!(
            exercises(&an, &[Side::White, Side::Black], 2).iter().map(|e| e.ply).collect::<Vec<_>>(),
            [4, 5]
        );
        // A side without mistakes learns from its inaccuracies.
        let an = analysis_of(vec![ply(7, Side::White, "G1", "H2", 4, Class::Inaccuracy)]);
        assert_eq!(exercises(&an, &[Side::White], 5)[0].ply, 7);
        assert!(exercises(&an, &[Side::Black], 5).is_empty());
        // An unclear ply (its loss swallowed by the margin: no class) never becomes an exercise.
        let mut unclear = ply(6, Side::Black, "A1", "B2", 0, Class::Good);
        (unclear.loss, unclear.class, unclear.unclear, unclear.measured_loss) = (None, None, true, Some(60));
        let an = analysis_of(vec![unclear, ply(8, Side::Black, "C1", "D2", 9, Class::Mistake)]);
        assert_eq!(exercises(&an, &[Side::Black], 5).iter().map(|e| e.ply).collect::<Vec<_>>(), [8]);
    }

    #[test]
    fn a_try_is_judged_by_the_analysis_values() {
        let ex = Exercise {
            ply: 5,
            side: Side::White,
            played: "E1".into(),
            played_value: Value { points: -20, exact: false },
            loss: 30,
            class: Class::Blunder,
            best: "F2".into(),
            best_value: Value { points: 10, exact: true },
            reference: Value { points: 10, exact: true },
            pv: vec!["F2".into()],
        };
        let t = Thresholds::default();
        assert_eq!(ex.known_value("A3"), None, "another move must be searched");
        let best = judge_try(&ex, "F2", ex.known_value("F2").unwrap(), &t);
        assert_eq!((best.verdict, best.loss, best.value), (Verdict::Best, 0, ex.best_value));
        let same = judge_try(&ex, "E1", ex.known_value("E1").unwrap(), &t);
        assert_eq!((same.verdict, same.loss, same.value), (Verdict::NoBetter, 30, ex.played_value));
        let as_good = judge_try(&ex, "A3", Value { points: 8, exact: false }, &t);
        assert_eq!((as_good.verdict, as_good.loss), (Verdict::Best, 2), "within the inaccuracy threshold");
        let better = judge_try(&ex, "A3", Value { points: 0, exact: true }, &t);
        assert_eq!((better.verdict, better.loss), (Verdict::Better, 10));
        let worse = judge_try(&ex, "A3", Value { points: -25, exact: false }, &t);
        assert_eq!(worse.verdict, Verdict::NoBetter);
    }

    #[test]
    fn a_try_is_valued_like_the_analysis_values_a_move() {
        // Late in a game every line is searched to the end: a try's value is exact, and the
        // best try's value is the position's own (both from the mover's view).
        let mut pos = GameRecord::new(Start::Seed(3), Default::default()).initial_position().unwrap();
        let mut walk = vec![pos.clone()];
        while !pos.is_over() {
            let mv = pos.legal_moves()[0];
            pos.play(mv);
            walk.push(pos.clone());
        }
        let pos = walk
            .iter()
            .rev()
            .skip(4)
            .find(|p| p.legal_moves().len() >= 2)
            .expect("a choice near the end")
            .clone();
        let mut engine = Engine::new(Options { hash_mib: 1, threads: 1, ..Options::default() });
        let stop = AtomicBool::new(false);
        let budget = Budget { nodes: Some(2_000_000), time_ms: None, threads: 1 };
        let whole = engine.choose(&pos, &budget.limits(), &stop, &mut |_| {});
        assert!(whole.info.proven, "a position this late is proven");
        let tries: Vec<Value> =
            pos.legal_moves().iter().map(|&mv| try_value(&mut engine, &pos, mv, &budget, &stop)).collect();
        assert!(tries.iter().all(|v| v.exact), "{tries:?}");
        assert_eq!(tries.iter().map(|v| v.points).max(), Some(whole.info.score));
    }
}
