//! The time limit is never exceeded, even with both cores busy: the real `cavalo engine` binary
//! plays at least 300 moves at `go movetime 100` while busy-loop processes keep every core
//! spinning, at
//! `Threads` 1, 2 and 256. Each answer is timed on the wall clock from writing `go` to reading
//! `bestmove`; not one may reach the limit.
//!
//! On a virtual machine the host may run other guests on our cores ("steal" time, which the
//! guest's scheduler cannot see or prevent): the time the kernel reports stolen during an
//! answer (`/proc/stat`, in 10 ms ticks, summed over the cores) is subtracted before comparing
//! with the limit. So is the time the engine's threads and this test's own were ready to run
//! but waited for a core (`/proc/PID/task/TID/schedstat`): that is other programs of the same
//! priority sharing the machine (a build beside the tests, a student's browser), which no
//! program can outrun; the busy loops of the test itself run at the lowest priority and hardly
//! delay a thread that wakes. The answers excused are counted, and the slowest five printed with
//! their excused time, `Threads` setting and statistics.
//!
//! Bounded: the load processes are killed when the test ends (and end by themselves after four
//! minutes), a watchdog kills the engine after three minutes.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::time::{Duration, Instant};

use crate::common;

const MOVETIME_MS: u64 = 100;
const MOVES: usize = 300;

/// The time the host took from this virtual machine's cores so far (the `steal` column of
/// `/proc/stat`'s `cpu` line, in ticks of 10 ms), zero where the kernel does not say.
fn stolen() -> Duration {
    let ticks = std::fs::read_to_string("/proc/stat")
        .ok()
        .and_then(|s| s.lines().next()?.split_whitespace().nth(8)?.parse::<u64>().ok())
        .unwrap_or(0);
    Duration::from_millis(ticks * 10)
}

/// The time the threads of the process `pid` (`self`: this one) have spent ready to run but
/// waiting for a core, summed (the second field of each thread's `schedstat`, in nanoseconds);
/// zero where the kernel does not say.
fn waited(pid: &str) -> Duration {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else { return Duration::ZERO };
    let ns: u64 = tasks
        .flatten()
        .filter_map(|t| std::fs::read_to_string(t.path().join("schedstat")).ok())
        .filter_map(|s| s.split_whitespace().nth(1)?.parse::<u64>().ok())
        .sum();
    Duration::from_nanos(ns)
}

/// One answer: how long it took, the time the host stole and the time the engine and this test
/// waited for a core meanwhile, the `Threads` setting and the statistics line before `bestmove`.
struct Answer {
    took: Duration,
    stolen: Duration,
    waited: Duration,
    threads: u32,
    stats: String,
}

impl Answer {
    /// The time the answer took, less what the host stole and the time spent waiting for a core.
    fn ours(&self) -> Duration {
        self.took.saturating_sub(self.stolen).saturating_sub(self.waited)
    }
}

/// Busy-loop processes, one per core, at the lowest priority (`nice -n 19`): the cores are never
/// idle, as on a machine running background work. Each ends by itself after four minutes and is
/// killed when the load is dropped.
struct Load(Vec<Child>);

impl Load {
    fn start() -> Load {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get()).min(8);
        let spin = "end=$(($(date +%s) + 240)); while [ $(date +%s) -lt $end ]; do i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done; done";
        Load(
            (0..cores)
                .map(|_| {
                    Command::new("nice")
                        .args(["-n", "19", "sh", "-c", spin])
                        .stdin(Stdio::null())
                        .spawn()
                        .expect("a load process starts")
                })
                .collect(),
        )
    }
}

impl Drop for Load {
    fn drop(&mut self) {
        for c in &mut self.0 {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

#[test]
fn no_move_over_the_limit_with_the_cores_loaded() {
    // Alone in a process of its own: `waited("self")` sums the waits of this process's threads,
    // which the other tests of the binary would swell.
    if !common::alone::alone(module_path!(), "no_move_over_the_limit_with_the_cores_loaded") {
        return;
    }
    // CAVALO_ENGINE_BIN measures another build (e.g. an older one) the same way.
    let bin = std::env::var("CAVALO_ENGINE_BIN")
        .ok()
        .filter(|b| !b.is_empty())
        .unwrap_or_else(|| env!("CARGO_BIN_EXE_cavalo").to_string());
    let mut child = Command::new(bin)
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("cavalo engine starts");
    let pid = child.id();
    let engine = pid.to_string();
    let both_waited = || waited(&engine) + waited("self");
    let finished = Arc::new(AtomicBool::new(false));
    let watchdog = {
        let finished = Arc::clone(&finished);
        std::thread::spawn(move || {
            let deadline = Instant::now() + Duration::from_secs(180);
            while !finished.load(Relaxed) {
                if Instant::now() > deadline {
                    let _ = Command::new("kill").arg("-9").arg(pid.to_string()).status();
                    return;
                }
                std::thread::sleep(Duration::from_millis(200));
            }
        })
    };
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut send = |l: &str| {
        writeln!(stdin, "{l}").unwrap();
        stdin.flush().unwrap();
    };
    // The line read just before the one asked for (for a `bestmove`, its statistics).
    let mut read_until = |prefix: &str| -> (String, String) {
        let (mut line, mut before) = (String::new(), String::new());
        loop {
            line.clear();
            assert!(stdout.read_line(&mut line).unwrap() > 0, "the engine closed its output");
            if line.starts_with(prefix) {
                return (line.trim_end().to_string(), before);
            }
            before = line.trim_end().to_string();
        }
    };

    let load = Load::start();
    let mut latencies = Vec::new();
    let mut game = 0u64;
    while latencies.len() < MOVES {
        let threads = [1, 2, 256][game as usize % 3];
        send(&format!("setoption name Threads value {threads}"));
        send("uginewgame");
        send("isready");
        read_until("readyok");
        let mut moves: Vec<String> = Vec::new();
        loop {
            let list = if moves.is_empty() { String::new() } else { format!(" moves {}", moves.join(" ")) };
            send(&format!("position seed {}{list}", 100 + game));
            let (t, s, w) = (Instant::now(), stolen(), both_waited());
            send(&format!("go movetime {MOVETIME_MS}"));
            let (best, stats) = read_until("bestmove");
            let (took, stolen, waited) =
                (t.elapsed(), stolen().saturating_sub(s), both_waited().saturating_sub(w));
            latencies.push(Answer { took, stolen, waited, threads, stats });
            let mv = best["bestmove ".len()..].to_string();
            if mv == "none" {
                latencies.pop();
                break;
            }
            moves.push(mv);
        }
        game += 1;
    }
    drop(load);
    send("quit");
    assert!(child.wait().unwrap().success());
    finished.store(true, Relaxed);
    let _ = watchdog.join();

    latencies.sort_by_key(|a| a.took);
    let limit = Duration::from_millis(MOVETIME_MS);
    let over = latencies.iter().filter(|a| a.ours() >= limit).count();
    let excused = latencies.iter().filter(|a| a.took >= limit && a.ours() < limit).count();
    let max = latencies.last().unwrap().took;
    let median = latencies[latencies.len() / 2].took;
    // The slowest answers, to tell a late search from a late answer when this fails.
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    for a in latencies.iter().rev().take(5) {
        println!(
            "  {:.1} ms ({:.0} ms stolen by the host, {:.1} ms waiting for a core), Threads {}: {}",
            ms(a.took),
            ms(a.stolen),
            ms(a.waited),
            a.threads,
            a.stats
        );
    }
    println!(
        "time limit test: {} moves in {game} games at movetime {MOVETIME_MS} ms, cores loaded: max {:.1} ms, median {:.1} ms, over the limit {over} (and {excused} over only with the time stolen or waited for a core)",
        latencies.len(),
        ms(max),
        ms(median),
    );
    assert_eq!(
        over, 0,
        "{over} answers at or over {MOVETIME_MS} ms, less the time stolen or waited for a core (max {max:?})"
    );
}
