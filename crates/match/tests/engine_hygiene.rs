//! The referee leaves nothing behind: after games against misbehaving external engines (a line
//! without end, a forked child holding the output open, garbage), no reader thread is left in the
//! referee's process. This file holds one test so that no other test's threads are counted.

use std::os::unix::fs::PermissionsExt;

use cavalo_match::{GameSetup, GameSpec, MoveLimits, PlayerSpec, Termination, play_game};
use cavalo_rules::Rules;

fn threads() -> usize {
    std::fs::read_dir("/proc/self/task").unwrap().count()
}

#[test]
fn no_reader_thread_outlives_its_game() {
    let dir = tempfile::tempdir().unwrap();
    let engine = |name: &str, at_start: &str, on_go: &str| {
        let path = dir.path().join(name);
        let body = format!(
            "#!/usr/bin/env bash\n{at_start}\nwhile read -r line; do\n  case \"$line\" in\n    \
             ugi) echo ugiok ;;\n    isready) echo readyok ;;\n    quit) exit 0 ;;\n    go*) {on_go} ;;\n  \
             esac\ndone\n"
        );
        std::fs::write(&path, body).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        PlayerSpec::External { command: path.display().to_string(), options: Vec::new() }
    };
    let cases = [
        (engine("endless", "", "head -c 1000000 /dev/zero"), Termination::LineTooLong),
        (engine("forker", "sleep 600 &", "echo garbage"), Termination::Malformed),
        (engine("silent", "sleep 600 &", ":"), Termination::Timeout),
    ];
    let before = threads();
    for (spec, want) in cases {
        let setup = GameSetup {
            engine1: spec.clone(),
            engine2: "greedy".parse().unwrap(),
            rules: Rules::default(),
            limits: MoveLimits::movetime(100),
            limits2: None,
        };
        let rec = play_game(&setup, GameSpec { index: 0, seed: 3 });
        let got = rec.meta["termination"].as_str().unwrap().to_string();
        assert_eq!(got, want.name(), "{spec}: {:?}", rec.meta["detail"]);
        // A thread that has just been joined may stay listed for a moment.
        let until = std::time::Instant::now() + std::time::Duration::from_secs(2);
        while threads() > before && std::time::Instant::now() < until {
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        assert_eq!(threads(), before, "{spec}: a thread outlived the game");
    }
}
