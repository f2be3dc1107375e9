use super::*;

fn spsa(iterations: u64, r_end: f64) -> Spsa {
    let params = vec![
        // Started away from the optimum whatever today's defaults are.
        TunedParam { r_end, theta: 200.0, c_end: 40.0, ..("MobilityWeight").parse().unwrap() },
        TunedParam { r_end, theta: 500.0, c_end: 100.0, ..("tempo_weight").parse().unwrap() },
    ];
    Spsa::new(params, iterations, 7, 1, 100.0).unwrap()
}

/// A fake match with a known optimum: the strength of θ is −Σ((θ − opt)/c_end)², the margin of
/// + over − is 100 times the difference of strengths plus a deterministic noise.
fn fake_match(opt: [f64; 2]) -> impl FnMut(&SearchConfig, &SearchConfig, u64) -> Result<f64, PairError> {
    let strength = move |c: &SearchConfig| {
        -((f64::from(c.mobility) - opt[0]) / 40.0).powi(2)
            - ((f64::from(c.tempo_best) - opt[1]) / 100.0).powi(2)
    };
    move |plus, minus, board| {
        let noise = (SplitMix64::new(board).next_u64() % 101) as f64 - 50.0;
        Ok(100.0 * (strength(plus) - strength(minus)) + noise)
    }
}

#[test]
fn specs_are_read_and_bad_ones_refused() {
    let p: TunedParam = "MobilityWeight".parse().unwrap();
    // Default 0: a twentieth of the range 0..5000.
    assert_eq!((p.name.as_str(), p.theta, p.c_end, p.r_end), ("MobilityWeight", 0.0, 250.0, DEFAULT_R_END));
    let p: TunedParam = "TempoWeight".parse().unwrap();
    // A fifth of the default, 279.
    assert_eq!((p.theta, p.c_end), (279.0, 55.8));
    let p: TunedParam = "region_max_cells:3:0.01".parse().unwrap();
    assert_eq!((p.name.as_str(), p.theta, p.c_end, p.r_end), ("RegionMaxCells", 64.0, 3.0, 0.01));
    assert_eq!("Hash".parse::<TunedParam>(), Err(TuneError::Unknown("Hash".into())));
    assert!(matches!("Nope:1".parse::<TunedParam>(), Err(TuneError::Unknown(_))));
    for bad in ["", "MobilityWeight:1:2:3", ":4"] {
        assert!(matches!(bad.parse::<TunedParam>(), Err(TuneError::Syntax(_))), "{bad}");
    }
    for bad in ["MobilityWeight:0", "MobilityWeight:x", "MobilityWeight:5:-1", "MobilityWeight:inf"] {
        assert!(matches!(bad.parse::<TunedParam>(), Err(TuneError::NotPositive { .. })), "{bad}");
    }
    let twice = vec!["MobilityWeight".parse().unwrap(), "mobility_weight".parse().unwrap()];
    assert_eq!(Spsa::new(twice, 4, 1, 1, 100.0), Err(TuneError::Twice("MobilityWeight".into())));
    assert_eq!(Spsa::new(Vec::new(), 4, 1, 1, 100.0), Err(TuneError::Nothing));
}

#[test]
fn the_schedules_end_at_c_end_and_a_end() {
    let s = spsa(50, 0.002);
    let p = &s.params[0];
    let (c_last, a_last) = s.schedule(p, 49);
    assert!((c_last - p.c_end).abs() < 1e-9, "{c_last}");
    assert!((a_last - p.r_end * p.c_end * p.c_end).abs() < 1e-9, "{a_last}");
    let (c0, a0) = s.schedule(p, 0);
    assert!(c0 > c_last && a0 > a_last, "both decrease");
    let d = s.deltas(3);
    assert!(d.iter().all(|x| x.abs() == 1.0));
    assert_eq!(d, s.deltas(3), "the signs of an iteration are fixed by the seed");
    let signs: std::collections::HashSet<Vec<i64>> =
        (0..40).map(|k| s.deltas(k).iter().map(|x| *x as i64).collect()).collect();
    assert_eq!(signs.len(), 4, "every combination of signs comes up");
}

#[test]
fn spsa_converges_on_a_synthetic_objective_with_a_known_optimum() {
    let opt = [320.0, 380.0];
    let mut s = spsa(300, 0.02);
    let base = SearchConfig::default();
    let mut play = fake_match(opt);
    while !s.finished() {
        let step = s.step(&base, &mut play).unwrap();
        assert_eq!(step.plus.len(), 2);
    }
    for (p, (o, start)) in s.params.iter().zip(opt.iter().zip([200.0, 500.0])) {
        let (from, to) = ((start - o).abs(), (p.theta - o).abs());
        assert!(to < from / 4.0, "{}: {start} → {} (optimum {o})", p.name, p.theta);
    }
    assert_eq!(s.history.len(), 300);
    let spec = s.spec();
    assert!(spec.starts_with("cavalo:mobility_weight=") && spec.contains(",tempo_weight="), "{spec}");
    let c = s.config(&base);
    assert_eq!(c.mobility, s.params[0].theta.round() as i32);
}

#[test]
fn values_stay_in_their_bounds() {
    let p = TunedParam { theta: 1.0, c_end: 30.0, r_end: 1.0, ..("RegionMaxCells".parse().unwrap()) };
    let mut s = Spsa::new(vec![p], 20, 3, 1, 1.0).unwrap();
    let base = SearchConfig::default();
    while !s.finished() {
        s.step(&base, &mut |plus, minus, _| {
            Ok(f64::from(minus.region_max_cells - plus.region_max_cells) * 50.0)
        })
        .unwrap();
        let v = s.params[0].theta;
        assert!((0.0..=100.0).contains(&v), "{v}");
        let last = s.history.last().unwrap();
        assert!(last.plus.iter().chain(&last.minus).all(|v| (0..=100).contains(v)));
    }
}

#[test]
fn a_resumed_run_is_the_straight_run() {
    let base = SearchConfig::default();
    let mut straight = spsa(4, 0.01);
    let mut play = fake_match([300.0, 450.0]);
    while !straight.finished() {
        straight.step(&base, &mut play).unwrap();
    }
    let mut first = spsa(4, 0.01);
    for _ in 0..2 {
        first.step(&base, &mut play).unwrap();
    }
    let mut resumed = Spsa::from_json(&first.to_json()).unwrap();
    resumed.check_resume(&spsa(4, 0.01)).unwrap();
    while !resumed.finished() {
        resumed.step(&base, &mut play).unwrap();
    }
    assert_eq!(resumed, straight);
    assert!(matches!(resumed.check_resume(&spsa(5, 0.01)), Err(TuneError::Resume(_))));
    assert!(matches!(resumed.check_resume(&spsa(4, 0.02)), Err(TuneError::Resume(_))));
    assert!(matches!(Spsa::from_json("{"), Err(TuneError::Resume(_))));
}
