//! Tournaments: a round robin (everyone against everyone) or a gauntlet (everyone against the
//! first player) among any number of players. Every pairing plays the same boards, each board
//! twice with the colours swapped. The games are numbered across the whole tournament, so that
//! a tournament can be resumed, split into shards and merged; every record carries the
//! tournament's description (`meta.tournament`) so that a merge needs nothing else.
//!
//! Game `g` is unit `g / 2` (the pair of games on one board); unit `u` is pairing `u / boards` on
//! board `first_seed + u % boards`; the pairing's first player is White in the even game.

use std::collections::BTreeMap;

use cavalo_rules::{GameRecord, Rules};
use serde::Serialize;

use crate::ForfeitCase;
use crate::error::{PlanError, RecordMismatch};
use crate::limits::{MatchLimits, MoveLimits};

use crate::meta::{MatchMeta, RecordedLimits};

pub mod about;
use crate::ratings::{self, Rating, Results};
use crate::referee::{GameSetup, GameSpec, GameSummary};
use crate::runner::{Shard, Unit};
use crate::spec::{NamedPlayer, PlayerSpec, resolve_names};
use crate::termination::Forfeit;
use crate::termination::Termination;
pub use about::{About, Format};

/// What needs the referee and the record's meta: the schedule's games, a record read as one of
/// them. (The description itself is [`about`].)
impl About {
    /// The limits per move: the data, or for a record written before it was kept, its
    /// description read back ([`MatchLimits::from_description`]).
    pub fn limits(&self) -> RecordedLimits {
        match &self.limits_per_move {
            Some(l) => RecordedLimits::Data(MatchLimits { engine1: l.clone(), engine2: None }),
            None => match MatchLimits::from_description(&self.limits) {
                Some(l) => RecordedLimits::Data(l),
                None => RecordedLimits::Described(self.limits.clone()),
            },
        }
    }

    /// Game `index`: its pairing and board.
    pub fn game(&self, index: u64) -> (usize, GameSpec) {
        let unit = index / 2;
        let pairing = (unit / self.boards) as usize;
        (pairing, GameSpec { index, seed: self.first_seed.wrapping_add(unit % self.boards) })
    }

    /// Reads one game of this tournament from its record.
    pub fn read(&self, rec: &GameRecord) -> Result<TournamentGame, RecordMismatch> {
        let m = MatchMeta::read(&rec.meta).map_err(|e| match e {
            RecordMismatch::Invalid("tournament") => RecordMismatch::NotTournament,
            e => e,
        })?;
        let about = m.tournament.as_ref().ok_or(RecordMismatch::NotTournament)?;
        if let Some((what, here, there)) = self.difference(about) {
            return Err(RecordMismatch::OtherTournament { what, here, there });
        }
        let g = GameSummary::of(rec, &m);
        if g.index >= 2 * self.units() {
            return Err(RecordMismatch::Beyond { game: g.index, games: 2 * self.units(), tournament: true });
        }
        let (pairing, spec) = self.game(g.index);
        let (a, b) = self.pairings()[pairing];
        if m.specs != [self.players[a].clone(), self.players[b].clone()] || g.seed != spec.seed {
            return Err(RecordMismatch::Misplaced(g.index));
        }
        Ok(TournamentGame {
            index: g.index,
            seed: g.seed,
            players: [a, b],
            points: g.engine1_points,
            termination: g.termination,
            margin: g.engine1_margin,
            forfeit: g.forfeit,
        })
    }

    /// The tournament a record is of, when it is one's.
    pub fn of_record(rec: &GameRecord) -> Option<About> {
        MatchMeta::read(&rec.meta).ok()?.tournament
    }
}

/// A tournament to play.
#[derive(Clone, Debug)]
pub struct TournamentPlan {
    /// The players.
    pub players: Vec<PlayerSpec>,
    /// The schedule's description (names, format, boards, rules and limits as text).
    pub about: About,
    /// The rules.
    pub rules: Rules,
    /// The limits per move.
    pub limits: MoveLimits,
    /// Games played at once.
    pub concurrency: usize,
    /// Only this slice of the units.
    pub shard: Option<Shard>,
}

/// A short name for a player: the file name of a Lisp program, the command of an external engine
/// (without its directory), the spec of a built-in player.
pub fn short_name(p: &PlayerSpec) -> String {
    let base = |s: &str| s.rsplit('/').next().unwrap_or(s).to_string();
    match p {
        PlayerSpec::Lisp { path, .. } => base(path),
        PlayerSpec::External { command, .. } => {
            let mut words = command.split_whitespace();
            let first = base(words.next().unwrap_or_default());
            std::iter::once(first).chain(words.map(str::to_string)).collect::<Vec<_>>().join(" ")
        }
        _ => p.to_string(),
    }
}

impl TournamentPlan {
    /// A tournament among `players` (at least two, no two alike, no two names alike; unnamed
    /// players are shown by their [`short_name`]s, told apart as `NAME#2`... when alike).
    pub fn new(
        players: Vec<NamedPlayer>,
        format: Format,
        first_seed: u64,
        boards: u64,
        rules: Rules,
        limits: MoveLimits,
    ) -> Result<TournamentPlan, PlanError> {
        if players.len() < 2 {
            return Err(PlanError::TooFewPlayers);
        }
        if boards == 0 {
            return Err(PlanError::NoBoards);
        }
        let specs: Vec<String> = players.iter().map(|p| p.spec.to_string()).collect();
        for (i, s) in specs.iter().enumerate() {
            if specs[..i].contains(s) {
                return Err(PlanError::Twice(s.clone()));
            }
        }
        let named: Vec<(Option<String>, String)> =
            players.iter().map(|p| (p.name.clone(), short_name(&p.spec))).collect();
        let names = resolve_names(&named, true)?;
        let players: Vec<PlayerSpec> = players.into_iter().map(|p| p.spec).collect();
        let setup = GameSetup {
            engine1: players[0].clone(),
            engine2: players[1].clone(),
            rules,
            limits: limits.clone(),
            limits2: None,
        };
        let about = About {
            names,
            players: specs,
            format,
            first_seed,
            boards,
            rules,
            limits: setup.describe_limits(),
            limits_per_move: Some(limits.clone()),
        };
        Ok(TournamentPlan { players, about, rules, limits, concurrency: 1, shard: None })
    }

    /// One setup per pairing, in schedule order.
    pub fn setups(&self) -> Vec<GameSetup> {
        self.about
            .pairings()
            .into_iter()
            .map(|(a, b)| GameSetup {
                engine1: self.players[a].clone(),
                engine2: self.players[b].clone(),
                rules: self.rules,
                limits: self.limits.clone(),
                limits2: None,
            })
            .collect()
    }

    /// The units of this plan's shard, without the games in `done`.
    pub fn units<'a>(&self, setups: &'a [GameSetup], done: &std::collections::HashSet<u64>) -> Vec<Unit<'a>> {
        (0..self.about.units())
            .filter(|&u| self.shard.is_none_or(|s| s.contains(u)))
            .map(|u| Unit {
                setup: &setups[(u / self.about.boards) as usize],
                games: [2 * u, 2 * u + 1]
                    .into_iter()
                    .filter(|g| !done.contains(g))
                    .map(|g| self.about.game(g).1)
                    .collect(),
            })
            .collect()
    }

    /// Games in this plan's shard.
    pub fn games(&self) -> u64 {
        2 * self.shard.map_or(self.about.units(), |s| s.count(self.about.units()))
    }

    /// Marks a record as this tournament's (`meta.tournament`), with its players' names and specs
    /// (as [`crate::MatchPlan::annotate`] does). A record that is no match's is left as it is.
    pub fn annotate(&self, rec: &mut GameRecord) {
        let Ok(mut m) = MatchMeta::read(&rec.meta) else { return };
        if m.game < 2 * self.about.units() {
            let (a, b) = self.about.pairings()[self.about.game(m.game).0];
            let (names, specs) = (&self.about.names, &self.about.players);
            m.names = [names[a].clone(), names[b].clone()];
            m.specs = [specs[a].clone(), specs[b].clone()];
        }
        m.tournament = Some(self.about.clone());
        m.write(&mut rec.meta);
    }

    /// Reads a record (from `--resume`): it must be of this tournament and of its shard.
    pub fn check_record(&self, rec: &GameRecord) -> Result<TournamentGame, RecordMismatch> {
        let g = self.about.read(rec)?;
        if let Some(shard) = self.shard
            && !shard.contains(g.index / 2)
        {
            return Err(RecordMismatch::NotInShard { game: g.index, shard });
        }
        Ok(g)
    }
}

/// One game of a tournament, as the report needs it.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentGame {
    /// Its number in the tournament.
    pub index: u64,
    /// Its board.
    pub seed: u64,
    /// The pairing's players (the first is White in even games).
    pub players: [usize; 2],
    /// The first player's points: 0, ½ or 1.
    pub points: f64,
    /// How it ended.
    pub termination: Termination,
    /// The first player's board points minus the second's, when recorded.
    pub margin: Option<f64>,
    /// Why the loser forfeited, when it did (records written before it was kept have none).
    pub forfeit: Option<Forfeit>,
}

/// One row of the crosstable.
#[derive(Clone, Debug, Serialize)]
pub struct Standing {
    /// Short name.
    pub name: String,
    /// Spec.
    pub player: String,
    /// Rating and its 95% margin (`null` when the games do not connect this player).
    pub rating: Option<Rating>,
    /// Tournament points (1 a win, ½ a draw).
    pub points: f64,
    /// Games played.
    pub games: u64,
    /// Wins.
    pub wins: u64,
    /// Draws.
    pub draws: u64,
    /// Losses.
    pub losses: u64,
    /// Mean of (own board points − opponent's) over the games that have them.
    pub mean_margin: Option<f64>,
    /// Games lost by forfeit, by reason.
    pub forfeits: BTreeMap<Termination, u64>,
    /// The first game (the lowest number) lost by each reason, with what went wrong.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub forfeit_cases: BTreeMap<Termination, ForfeitCase>,
    /// Points and games against each player (by index in the tournament's order).
    pub against: Vec<Option<[f64; 2]>>,
}

/// The report of a tournament: standings sorted by rating, then points.
#[derive(Clone, Debug, Serialize)]
pub struct Crosstable {
    /// What was played.
    pub about: About,
    /// Games in the schedule (of the shard, when one was played alone).
    pub planned_games: u64,
    /// Games counted.
    pub games: u64,
    /// The anchored player's name and rating.
    pub anchor: (String, f64),
    /// The players in the tournament's order.
    pub standings: Vec<Standing>,
    /// Indices into `standings`, best first.
    pub ranking: Vec<usize>,
}

impl Crosstable {
    /// The report of `games` (each counted once) of the tournament `about`, with player `anchor`
    /// at `anchor_elo`.
    pub fn new(
        about: &About,
        games: &[TournamentGame],
        planned_games: u64,
        anchor: usize,
        anchor_elo: f64,
    ) -> Crosstable {
        let n = about.names.len();
        let mut results = Results::new(n);
        let mut standings: Vec<Standing> = (0..n)
            .map(|i| Standing {
                name: about.names[i].clone(),
                player: about.players[i].clone(),
                rating: None,
                points: 0.0,
                games: 0,
                wins: 0,
                draws: 0,
                losses: 0,
                mean_margin: None,
                forfeits: BTreeMap::new(),
                forfeit_cases: BTreeMap::new(),
                against: vec![None; n],
            })
            .collect();
        let mut margins = vec![(0.0, 0u64); n];
        for g in games {
            let [a, b] = g.players;
            results.add(a, b, g.points);
            for (me, other, pts, sign) in [(a, b, g.points, 1.0), (b, a, 1.0 - g.points, -1.0)] {
                let s = &mut standings[me];
                s.games += 1;
                s.points += pts;
                match pts {
                    p if p >= 1.0 => s.wins += 1,
                    p if p <= 0.0 => s.losses += 1,
                    _ => s.draws += 1,
                }
                if g.termination != Termination::Normal && pts <= 0.0 {
                    *s.forfeits.entry(g.termination).or_default() += 1;
                    if let Some(f) = &g.forfeit {
                        first_case(&mut s.forfeit_cases, g, f);
                    }
                }
                let cell = s.against[other].get_or_insert([0.0, 0.0]);
                cell[0] += pts;
                cell[1] += 1.0;
                if let Some(m) = g.margin {
                    margins[me].0 += sign * m;
                    margins[me].1 += 1;
                }
            }
        }
        let ratings = ratings::fit(&results, anchor, anchor_elo);
        for (i, s) in standings.iter_mut().enumerate() {
            s.mean_margin = (margins[i].1 > 0).then(|| margins[i].0 / margins[i].1 as f64);
            s.rating = ratings.as_ref().map(|r| r[i]).filter(|_| s.games > 0 || i == anchor);
        }
        let mut ranking: Vec<usize> = (0..n).collect();
        ranking.sort_by(|&x, &y| {
            let key =
                |i: usize| (standings[i].rating.map_or(f64::NEG_INFINITY, |r| r.elo), standings[i].points);
            key(y).partial_cmp(&key(x)).unwrap_or(std::cmp::Ordering::Equal)
        });
        Crosstable {
            about: about.clone(),
            planned_games,
            games: games.len() as u64,
            anchor: (about.names[anchor].clone(), anchor_elo),
            standings,
            ranking,
        }
    }

    /// The report as pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a crosstable serialises")
    }
}

/// Keeps `g` as the case of its reason in `cases` unless a game of a lower number is kept.
fn first_case(cases: &mut BTreeMap<Termination, ForfeitCase>, g: &TournamentGame, f: &Forfeit) {
    let case = ForfeitCase { game: g.index, seed: g.seed, forfeit: f.clone() };
    let kept = cases.entry(g.termination).or_insert_with(|| case.clone());
    if kept.game > g.index {
        *kept = case;
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;
    use std::ops::ControlFlow;

    use super::*;
    use crate::runner::run_units;

    fn plan(format: Format) -> TournamentPlan {
        let players = ["greedy", "random:1", "random:2"].iter().map(|s| s.parse().unwrap()).collect();
        TournamentPlan::new(players, format, 7, 2, Rules::default(), MoveLimits::movetime(20)).unwrap()
    }

    #[test]
    fn schedules() {
        let rr = plan(Format::RoundRobin);
        assert_eq!(rr.about.pairings(), [(0, 1), (0, 2), (1, 2)]);
        assert_eq!(rr.games(), 12);
        // Game 9: unit 4 = pairing 2 (random:1 vs random:2), board 7 + 0, colours swapped.
        let (p, g) = rr.about.game(9);
        assert_eq!((p, g.seed, g.engine1_side()), (2, 7, cavalo_rules::Side::Black));
        let g = plan(Format::Gauntlet);
        assert_eq!(g.about.pairings(), [(0, 1), (0, 2)]);
        let mut sharded = plan(Format::RoundRobin);
        sharded.shard = Some("2/4".parse().unwrap());
        let setups = sharded.setups();
        let units = sharded.units(&setups, &HashSet::new());
        assert_eq!(units.len(), 2, "units 1 and 5 of 6");
        assert_eq!(sharded.games(), 4);
        let twice = vec!["greedy".parse().unwrap(), "greedy".parse().unwrap()];
        assert!(
            TournamentPlan::new(twice, Format::RoundRobin, 1, 1, Rules::default(), MoveLimits::movetime(5))
                .is_err()
        );
    }

    #[test]
    fn a_small_round_robin_is_counted_once_per_game() {
        let plan = plan(Format::RoundRobin);
        let setups = plan.setups();
        let mut games = Vec::new();
        run_units(plan.units(&setups, &HashSet::new()), 2, &mut |mut rec| {
            plan.annotate(&mut rec);
            games.push(plan.check_record(&rec).unwrap());
            ControlFlow::Continue(())
        });
        assert_eq!(games.len(), 12);
        let c = Crosstable::new(&plan.about, &games, plan.games(), 1, 0.0);
        let total: f64 = c.standings.iter().map(|s| s.points).sum();
        assert_eq!(total, 12.0);
        assert!(c.standings.iter().all(|s| s.games == 8));
        assert_eq!(c.standings[1].rating.unwrap().elo, 0.0);
        assert_eq!(c.ranking[0], 0, "greedy beats random players: {c:?}");
        let json: serde_json::Value = serde_json::from_str(&c.to_json()).unwrap();
        assert_eq!(json["games"], 12);
    }
}
