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
use serde::{Deserialize, Serialize};

use crate::ratings::{self, Rating, Results};
use crate::referee::{GameSetup, GameSpec, GameSummary, MoveLimits, Termination};
use crate::runner::{Shard, Unit};
use crate::spec::PlayerSpec;

/// Who plays whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Format {
    /// Every player against every other.
    RoundRobin,
    /// Every player against the first.
    Gauntlet,
}

/// What every record of a tournament carries in `meta.tournament`: enough to rebuild the
/// schedule and the report.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct About {
    /// The players' short names, in order.
    pub names: Vec<String>,
    /// The players' specs (as records name them), in order.
    pub players: Vec<String>,
    /// Round robin or gauntlet.
    pub format: Format,
    /// The first board.
    pub first_seed: u64,
    /// Boards per pairing.
    pub boards: u64,
    /// The rule variant.
    pub rules: String,
    /// The limits per move.
    pub limits: String,
}

impl About {
    /// The pairings, in schedule order.
    pub fn pairings(&self) -> Vec<(usize, usize)> {
        let n = self.names.len();
        match self.format {
            Format::RoundRobin => (0..n).flat_map(|i| (i + 1..n).map(move |j| (i, j))).collect(),
            Format::Gauntlet => (1..n).map(|j| (0, j)).collect(),
        }
    }

    /// Units (pairs of games) in the whole tournament.
    pub fn units(&self) -> u64 {
        self.pairings().len() as u64 * self.boards
    }

    /// Game `index`: its pairing and board.
    pub fn game(&self, index: u64) -> (usize, GameSpec) {
        let unit = index / 2;
        let pairing = (unit / self.boards) as usize;
        (pairing, GameSpec { index, seed: self.first_seed.wrapping_add(unit % self.boards) })
    }

    /// A description for people, e.g. `round robin of 4 players, 2 boards per pairing (seeds 1..2)`.
    pub fn describe(&self) -> String {
        let format = match self.format {
            Format::RoundRobin => "round robin",
            Format::Gauntlet => "gauntlet",
        };
        format!(
            "{format} of {} players, {} board{} per pairing (seeds {}..{}), {}, rules {}",
            self.names.len(),
            self.boards,
            if self.boards == 1 { "" } else { "s" },
            self.first_seed,
            self.first_seed.wrapping_add(self.boards - 1),
            self.limits,
            self.rules
        )
    }

    /// Reads one game of this tournament from its record.
    pub fn read(&self, rec: &GameRecord) -> Result<Game, String> {
        let about: About = serde_json::from_value(rec.meta.get("tournament").cloned().unwrap_or_default())
            .map_err(|_| "no valid `tournament` in meta: not a tournament's record".to_string())?;
        if &about != self {
            return Err("the record is of another tournament (other players, boards, limits or rules)".into());
        }
        let g = GameSummary::from_record(rec)?;
        if g.index >= 2 * self.units() {
            return Err(format!("game {} is beyond the tournament's {} games", g.index, 2 * self.units()));
        }
        let (pairing, spec) = self.game(g.index);
        let (a, b) = self.pairings()[pairing];
        if g.engines != [self.players[a].clone(), self.players[b].clone()] || g.seed != spec.seed {
            return Err(format!("game {} was not played by the players or on the board it should", g.index));
        }
        Ok(Game {
            index: g.index,
            players: [a, b],
            points: g.engine1_points,
            termination: g.termination,
            margin: g.engine1_margin,
        })
    }

    /// The description of the first record that has one.
    pub fn of_record(rec: &GameRecord) -> Option<About> {
        serde_json::from_value(rec.meta.get("tournament").cloned()?).ok()
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
    /// A tournament among `players` (at least two, no two alike).
    pub fn new(
        players: Vec<PlayerSpec>,
        format: Format,
        first_seed: u64,
        boards: u64,
        rules: Rules,
        limits: MoveLimits,
    ) -> Result<TournamentPlan, String> {
        if players.len() < 2 {
            return Err("a tournament needs at least two players".into());
        }
        if boards == 0 {
            return Err("a tournament needs at least one board per pairing".into());
        }
        let specs: Vec<String> = players.iter().map(PlayerSpec::to_string).collect();
        for (i, s) in specs.iter().enumerate() {
            if specs[..i].contains(s) {
                return Err(format!("{s} is given twice"));
            }
        }
        let mut names: Vec<String> = Vec::new();
        for p in &players {
            let base = short_name(p);
            let mut name = base.clone();
            let mut k = 2;
            while names.contains(&name) {
                name = format!("{base}#{k}");
                k += 1;
            }
            names.push(name);
        }
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
            rules: rules.to_string(),
            limits: setup.describe_limits(),
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

    /// Marks a record as this tournament's (`meta.tournament`).
    pub fn annotate(&self, rec: &mut GameRecord) {
        rec.meta.insert("tournament".into(), serde_json::to_value(&self.about).expect("serialises"));
    }

    /// Reads a record (from `--resume`): it must be of this tournament and of its shard.
    pub fn check_record(&self, rec: &GameRecord) -> Result<Game, String> {
        let g = self.about.read(rec)?;
        if let Some(s) = self.shard
            && !s.contains(g.index / 2)
        {
            return Err(format!("game {} is not in shard {s}", g.index));
        }
        Ok(g)
    }
}

/// One game of a tournament, as the report needs it.
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    /// Its number in the tournament.
    pub index: u64,
    /// The pairing's players (the first is White in even games).
    pub players: [usize; 2],
    /// The first player's points: 0, ½ or 1.
    pub points: f64,
    /// How it ended.
    pub termination: Termination,
    /// The first player's board points minus the second's, when recorded.
    pub margin: Option<f64>,
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
    pub forfeits: BTreeMap<String, u64>,
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
        games: &[Game],
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
                    *s.forfeits.entry(g.termination.name().to_string()).or_default() += 1;
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

    /// A player's forfeits as text: `2 illegal move, 1 timeout`.
    pub fn forfeits_text(s: &Standing) -> String {
        s.forfeits.iter().map(|(k, v)| format!("{v} {k}")).collect::<Vec<_>>().join(", ")
    }

    /// The rating as text: `+123.4 ±56.7`, `0.0 (anchor)`, `n/a`.
    pub fn rating_text(&self, s: &Standing) -> (String, String) {
        match s.rating {
            Some(r) if s.name == self.anchor.0 => (format!("{:.1}", r.elo), "anchor".into()),
            Some(r) => (format!("{:+.1}", r.elo), format!("±{:.1}", r.margin)),
            None => ("n/a".into(), String::new()),
        }
    }

    /// Points against another player as text, `3.5/4`, or `.` for none.
    pub fn cell_text(c: Option<[f64; 2]>) -> String {
        c.map_or(".".into(), |[p, g]| format!("{p}/{g}"))
    }
}

impl std::fmt::Display for Crosstable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "Tournament  {}", self.about.describe())?;
        writeln!(f, "Games       {} of {}", self.games, self.planned_games)?;
        let w = self.standings.iter().map(|s| s.name.chars().count()).max().unwrap_or(6).clamp(6, 40);
        writeln!(f)?;
        writeln!(
            f,
            "{:>2}  {:<w$}  {:>8} {:>8}  {:>6}  {:>5}  {:>9}  {:>6}  {:>7}  Forfeits",
            "#", "Player", "Elo", "95%", "Points", "Games", "W-D-L", "Score", "Margin"
        )?;
        for (rank, &i) in self.ranking.iter().enumerate() {
            let s = &self.standings[i];
            let (elo, margin) = self.rating_text(s);
            let score = if s.games == 0 { 0.0 } else { 100.0 * s.points / s.games as f64 };
            let name: String = s.name.chars().take(w).collect();
            writeln!(
                f,
                "{:>2}  {:<w$}  {:>8} {:>8}  {:>6}  {:>5}  {:>9}  {:>5.1}%  {:>7}  {}",
                rank + 1,
                name,
                elo,
                margin,
                s.points,
                s.games,
                format!("{}-{}-{}", s.wins, s.draws, s.losses),
                score,
                s.mean_margin.map_or("n/a".into(), |m| format!("{m:+.1}")),
                Self::forfeits_text(s)
            )?;
        }
        writeln!(f)?;
        writeln!(
            f,
            "Ratings: maximum likelihood (Bradley-Terry) over all games, one virtual draw per pairing, \
             {} anchored at {}; ± is the 95% interval.",
            self.anchor.0, self.anchor.1
        )?;
        writeln!(f, "Margin: mean board points difference per game (own minus opponent's).")?;
        writeln!(f)?;
        writeln!(f, "Crosstable (points/games of the row against the column)")?;
        write!(f, "{:>2}  {:<w$}", "#", "Player")?;
        for k in 1..=self.ranking.len() {
            write!(f, "  {k:>7}")?;
        }
        writeln!(f)?;
        for (rank, &i) in self.ranking.iter().enumerate() {
            let name: String = self.standings[i].name.chars().take(w).collect();
            write!(f, "{:>2}  {:<w$}", rank + 1, name)?;
            for &j in &self.ranking {
                let c = if i == j { "-".into() } else { Self::cell_text(self.standings[i].against[j]) };
                write!(f, "  {c:>7}")?;
            }
            writeln!(f)?;
        }
        if self.standings.iter().any(|s| s.name != s.player) {
            writeln!(f)?;
            writeln!(f, "Players")?;
            for s in self.standings.iter().filter(|s| s.name != s.player) {
                writeln!(f, "  {} = {}", s.name, s.player)?;
            }
        }
        Ok(())
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
        assert_eq!(c.ranking[0], 0, "greedy beats random players: {c}");
        let text = c.to_string();
        assert!(text.contains("round robin of 3 players") && text.contains("Crosstable"), "{text}");
        let json: serde_json::Value = serde_json::from_str(&c.to_json()).unwrap();
        assert_eq!(json["games"], 12);
    }
}
