//! One `go`: the search runs on its own thread while this one sleeps until the answer is due.
//!
//! The thread that writes `bestmove` has been sleeping, so a loaded machine schedules it at once
//! when it wakes; the search thread is busy computing and may be kept waiting by the scheduler.
//! Both threads live as long as the conversation ([`Worker`]): a newly started thread may wait a
//! whole time slice before it first runs, a sleeping one woken by a job runs at once.
//! Normally the engine finishes before its own (adaptive) deadline and hands its result over;
//! if it has not by the backstop, shortly before the limit, the best move of its last completed
//! iteration is played and the search is told to stop.

use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicBool, Ordering::SeqCst};
use std::sync::mpsc::{RecvTimeoutError, Sender, channel};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use cavalo_engine::protocol::{bestmove_line, info_line, stats_line};
use cavalo_engine::{Latency, Limits, SearchConfig, SearchInfo, SearchResult};
use cavalo_rules::Position;

use super::{Brain, GoRequest, Out};

/// A job for a [`Worker`].
pub(super) type Job = Box<dyn FnOnce() + Send>;

/// A thread kept for the whole conversation, running the jobs sent to it in order.
pub(super) struct Worker {
    jobs: Option<Sender<Job>>,
    handle: Option<JoinHandle<()>>,
}

impl Worker {
    /// Starts the thread.
    pub fn new(name: &str) -> std::io::Result<Worker> {
        let (jobs, rx) = channel::<Job>();
        let handle = std::thread::Builder::new().name(name.into()).spawn(move || {
            for job in rx {
                job();
            }
        })?;
        Ok(Worker { jobs: Some(jobs), handle: Some(handle) })
    }

    /// A sender of jobs to this thread.
    pub fn sender(&self) -> Sender<Job> {
        self.jobs.clone().expect("open until dropped")
    }

    /// Runs `job` on the thread; `false` if the thread has gone.
    pub fn run(&self, job: Job) -> bool {
        self.jobs.as_ref().is_some_and(|j| j.send(job).is_ok())
    }

    /// Wakes the thread if it is parked.
    pub fn unpark(&self) {
        if let Some(h) = &self.handle {
            h.thread().unpark();
        }
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        drop(self.jobs.take());
        if let Some(h) = self.handle.take() {
            let _ = h.join();
        }
    }
}

/// What one `go` needs.
pub(super) struct Go {
    pub brain: Arc<Mutex<Brain>>,
    pub out: Out,
    pub pos: Position,
    pub req: GoRequest,
    /// When `go` was read: every limit counts from here.
    pub received: Instant,
    pub stop: Arc<AtomicBool>,
    /// Raised just before `bestmove` is written.
    pub answered: Arc<AtomicBool>,
    pub config: SearchConfig,
    /// How late earlier answers were written after they were due (shared by the `go`s of a
    /// conversation): the backstop moves earlier on a loaded machine.
    pub lateness: Arc<Mutex<Latency>>,
    /// The thread that runs searches.
    pub searcher: Sender<Job>,
}

/// How long before `movetime` the answer is written at the latest: the configured margin plus
/// the measured lateness of earlier answers, at most half the move time.
fn backstop(movetime: Duration, c: &SearchConfig, lateness: &Latency) -> Duration {
    let us = movetime.as_micros().min(u64::MAX as u128) as u64;
    let base = (us * c.backstop_permille as u64 / 1000).max(c.backstop_min_us as u64);
    let adaptive = lateness.worst().as_micros() as u64 * c.latency_permille as u64 / 1000;
    Duration::from_micros((base + adaptive).min(us / 2))
}

/// The search's limits: the request's, ending `MinMarginUs` before the backstop (`due`), so that
/// the search hands over its own result (the interrupted iteration, a proof's bounds) and the
/// backstop's fallback is only for a search the machine kept from running.
fn search_limits(limits: &Limits, due: Option<Instant>, c: &SearchConfig) -> Limits {
    let gap = Duration::from_micros(c.min_margin_us as u64);
    Limits { answer_by: due.map(|d| d.checked_sub(gap).unwrap_or(d)), ..limits.clone() }
}

/// The move of the last completed iteration, else the first legal move.
fn fallback(pos: &Position, latest: Option<SearchInfo>) -> SearchResult {
    match latest {
        Some(info) if !info.pv.is_empty() => SearchResult { best_move: info.pv.first().copied(), info },
        _ => SearchResult { best_move: pos.legal_moves().first().copied(), info: SearchInfo::default() },
    }
}

impl Go {
    /// Searches and answers with exactly one `bestmove`.
    pub fn run(self) {
        let Go { brain, out, pos, req, received, stop, answered, config, lateness, searcher } = self;
        let worst = *lateness.lock().unwrap_or_else(|e| e.into_inner());
        let due = req.limits.movetime.map(|t| received + t.saturating_sub(backstop(t, &config, &worst)));
        let limits = search_limits(&req.limits, due, &config);
        let latest: Arc<Mutex<Option<SearchInfo>>> = Arc::default();
        let (result_tx, result_rx) = channel::<Option<SearchResult>>();
        let (sent_tx, sent_rx) = channel::<Instant>();
        let searching = {
            let (out, pos, stop, latest) = (out.clone(), pos.clone(), stop.clone(), latest.clone());
            searcher.send(Box::new(move || {
                let mut brain = brain.lock().unwrap_or_else(|e| e.into_inner());
                let r = (!pos.is_over()).then(|| {
                    let mut on_info = |i: &SearchInfo| {
                        out.line(&info_line(i));
                        *latest.lock().unwrap_or_else(|e| e.into_inner()) = Some(i.clone());
                    };
                    let searched = std::panic::catch_unwind(AssertUnwindSafe(|| {
                        brain.search(received, &pos, &limits, &stop, &mut on_info)
                    }));
                    // A failed search still answers, with the best move known.
                    searched.unwrap_or_else(|_| {
                        out.line("info string error: the search failed; playing the best move known");
                        fallback(&pos, latest.lock().unwrap_or_else(|e| e.into_inner()).take())
                    })
                });
                let _ = result_tx.send(r);
                // The engine learns when the answer really left, to keep a margin that covers
                // the delay; its helpers are stopped before the next search (under this lock).
                if let (Ok(at), Brain::Engine(e)) = (sent_rx.recv(), &mut *brain) {
                    e.answered_at(at);
                }
            }))
        };
        let late = || {
            stop.store(true, SeqCst);
            let latest = latest.lock().unwrap_or_else(|e| e.into_inner()).take();
            (!pos.is_over()).then(|| fallback(&pos, latest))
        };
        let r = match (searching, due) {
            (Err(_), _) => late(),
            (Ok(_), Some(due)) => match result_rx.recv_timeout(due.saturating_duration_since(Instant::now()))
            {
                Ok(r) => r,
                Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => late(),
            },
            (Ok(_), None) => result_rx.recv().unwrap_or_else(|_| late()),
        };
        // `go infinite` answers only when told to stop.
        while req.infinite && !stop.load(SeqCst) {
            std::thread::park_timeout(Duration::from_millis(20));
        }
        answered.store(true, SeqCst);
        match r.and_then(|r| r.best_move.map(|m| (m, r.info))) {
            Some((m, info)) => out.lines(&[&stats_line(&info), &bestmove_line(Some(m))]),
            None => out.line(&bestmove_line(None)),
        }
        let sent = Instant::now();
        let _ = sent_tx.send(sent);
        if let Some(due) = due {
            lateness.lock().unwrap_or_else(|e| e.into_inner()).record(sent.saturating_duration_since(due));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_backstop_is_inside_the_limit() {
        let c = SearchConfig::default();
        let quiet = Latency::default();
        let b = backstop(Duration::from_millis(100), &c, &quiet);
        assert!(b >= Duration::from_micros(c.backstop_min_us as u64) && b < Duration::from_millis(50));
        assert_eq!(
            backstop(Duration::from_millis(1), &c, &quiet),
            Duration::from_micros(500),
            "at most half"
        );
        let mut loaded = Latency::default();
        loaded.record(Duration::from_millis(10));
        assert_eq!(backstop(Duration::from_millis(100), &c, &loaded), b + Duration::from_millis(15));
    }

    #[test]
    fn the_search_ends_just_before_the_backstop() {
        let c = SearchConfig::default();
        let received = Instant::now();
        let limits = Limits::movetime_ms(1000);
        let due = received + Duration::from_millis(1000)
            - backstop(Duration::from_secs(1), &c, &Latency::default());
        let l = search_limits(&limits, Some(due), &c);
        assert_eq!(l.answer_by, Some(due - Duration::from_micros(c.min_margin_us as u64)));
        assert_eq!(Limits { answer_by: None, ..l }, limits, "the other limits are the request's");
        // Without a move time (a clock, a depth, `go infinite`) there is no backstop to beat.
        assert_eq!(search_limits(&Limits::depth(5), None, &c), Limits::depth(5));
    }
}
