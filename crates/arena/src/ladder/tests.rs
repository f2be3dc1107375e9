use super::*;
use crate::store::Finished;
use cavalo_match::Termination;
use cavalo_match::program::TeamProgram;

fn version(id: &str) -> Version {
    let program = TeamProgram::check(vec![("a.lisp".into(), String::new())], None, vec![]).unwrap();
    Version { id: id.into(), team: format!("team {id}"), version: 1, uploaded: String::new(), program }
}

/// `planned` started; played with White's points `white_points`, or still playing (`None`).
fn started(games: &mut Vec<ArenaGame>, planned: &Planned, white_points: Option<f64>) {
    let ended = white_points.map(|p| {
        let f = Finished {
            white_points: p,
            termination: Termination::Normal,
            forfeit: None,
            points: None,
            plies: 40,
        };
        (String::new(), f)
    });
    games.push(ArenaGame {
        row: games.len() as i64 + 1,
        game_id: format!("g{}", games.len()),
        white: planned.white.clone(),
        black: planned.black.clone(),
        seed: planned.seed,
        stage: planned.stage,
        started: String::new(),
        ended,
    });
}

/// Plays the ladder's games until it rests, `points(white, black)` deciding each; the games.
fn run(current: &[Version], points: impl Fn(&Seat, &Seat) -> f64) -> Vec<ArenaGame> {
    let mut games = Vec::new();
    while let Some(p) = next_game(current, &games) {
        assert!(games.len() < 500, "the ladder rests at last");
        let w = points(&p.white, &p.black);
        started(&mut games, &p, Some(w));
    }
    games
}

/// The stronger player wins, equals draw.
fn strength(s: &Seat, strengths: &[(&str, u8)]) -> u8 {
    match s {
        Seat::Level(l) => *l,
        Seat::Program(id) => strengths.iter().find(|(i, _)| i == id).unwrap().1,
    }
}

#[test]
fn a_version_climbs_the_levels_while_it_beats_them_then_meets_the_others_once_each_colour() {
    let current = [version("a"), version("b"), version("c")];
    let strengths = [("a", 3), ("b", 0), ("c", 9)];
    let games = run(&current, |w, b| {
        let (w, b) = (strength(w, &strengths), strength(b, &strengths));
        if w > b {
            1.0
        } else if w < b {
            0.0
        } else {
            0.5
        }
    });
    let levels_met = |id: &str| {
        let me = Seat::Program(id.into());
        let mut l: Vec<u8> = games
            .iter()
            .filter(|g| g.stage == Stage::Qualification && (g.white == me || g.black == me))
            .filter_map(|g| g.white.level().or(g.black.level()))
            .collect();
        l.dedup();
        l
    };
    assert_eq!(levels_met("a"), [1, 2, 3], "beats 1 and 2, draws 3 and stops");
    assert_eq!(levels_met("b"), [1]);
    assert_eq!(levels_met("c"), (1..=MAX_LEVEL).collect::<Vec<_>>(), "beats every level");
    assert_eq!(qualification("a", &games), Qualification::Done(Some(2)));
    assert_eq!(qualification("b", &games), Qualification::Done(None));
    assert_eq!(qualification("c", &games), Qualification::Done(Some(MAX_LEVEL)));
    // Every level is met on its own board, both colours.
    for g in games.iter().filter(|g| g.stage == Stage::Qualification) {
        let level = g.white.level().or(g.black.level()).unwrap();
        assert_eq!(g.seed, qualification_seed(level));
    }
    // Then three pairs, each both colours on one fresh board.
    let ladder: Vec<&ArenaGame> = games.iter().filter(|g| g.stage == Stage::Ladder).collect();
    assert_eq!(ladder.len(), 6);
    for (x, y) in [("a", "b"), ("a", "c"), ("b", "c")] {
        let pair: Vec<&&ArenaGame> = ladder.iter().filter(|g| meet(g, x, y)).collect();
        assert_eq!(pair.len(), 2, "{x}-{y}");
        assert_ne!(pair[0].white, pair[1].white, "both colours");
        assert_eq!(pair[0].seed, pair[1].seed, "one board");
        assert_eq!(pair[0].seed, pair_seed(y, x, 0));
    }
    // The qualifications all come before the ladder.
    let first_ladder = games.iter().position(|g| g.stage == Stage::Ladder).unwrap();
    assert!(games[first_ladder..].iter().all(|g| g.stage == Stage::Ladder));
}

#[test]
fn a_new_version_qualifies_then_plays_its_pairs_first_and_nothing_started_is_planned_twice() {
    let mut current = vec![version("a"), version("b")];
    let mut games = run(&current, |_, _| 0.5);
    assert_eq!(next_game(&current, &games), None, "the ladder rests");
    // Team b uploads again: its new version replaces b among the current ones.
    current[1] = version("b2");
    let p = next_game(&current, &games).unwrap();
    assert_eq!((p.stage, p.seats()), (Stage::Qualification, [&Seat::Program("b2".into()), &Seat::Level(1)]));
    // While that game is played, the next one is its other colour; then it waits.
    started(&mut games, &p, None);
    let q = next_game(&current, &games).unwrap();
    assert_eq!(q.seats(), [&Seat::Level(1), &Seat::Program("b2".into())]);
    started(&mut games, &q, None);
    assert_eq!(next_game(&current, &games), None, "waits for its qualification");
    // A game forgotten (the server stopped during it) is planned again.
    let forgotten = games.pop().unwrap();
    assert!(forgotten.is(&next_game(&current, &games).unwrap()));
}

#[test]
fn boards_of_pairs_are_fresh_and_stable() {
    assert_eq!(pair_seed("x", "y", 0), pair_seed("y", "x", 0));
    assert_ne!(pair_seed("x", "y", 0), pair_seed("x", "y", 1));
    assert_ne!(pair_seed("x", "y", 0), pair_seed("x", "z", 0));
    assert_ne!(pair_seed("ab", "c", 0), pair_seed("a", "bc", 0));
}
