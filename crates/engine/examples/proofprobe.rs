use cavalo_engine::solver::Solver;
use cavalo_engine::{Engine, Limits, Options};
use cavalo_rules::{Position, Rules};
use std::sync::atomic::AtomicBool;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let ply: usize = args[1].parse().unwrap();
    let budget: u64 = args[2].parse().unwrap();
    let text = std::fs::read_to_string("/tmp/proof-games.txt").unwrap();
    for line in text.lines().filter(|l| ["1 ", "3 ", "5 "].iter().any(|p| l.starts_with(p))) {
        let mut w = line.split_whitespace();
        let seed: u64 = w.next().unwrap().parse().unwrap();
        let mut pos = Position::from_seed(seed, Rules::default());
        for m in w.take(ply) {
            let m = pos.parse_move(m).unwrap();
            pos.play(m);
        }
        let mut o = Options::default();
        o.search.proof_share = 0;
        let mut e = Engine::new(o);
        let stop = AtomicBool::new(false);
        let r = e.search(&pos, &Limits::nodes(200_000), &stop, &mut |_| {});
        let guess = r.info.score;
        let mut s = Solver::new(32, u64::MAX);
        let t = std::time::Instant::now();
        let p = s.prove(&pos, guess, budget, &mut |_| false);
        println!(
            "seed {seed} ply {ply} guess {guess} proof {:?} nodes {} ms {}",
            p.map(|p| p.diff),
            s.nodes(),
            t.elapsed().as_millis()
        );
    }
}
