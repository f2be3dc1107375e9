//! The persistent helper threads of the Lazy SMP search.
//!
//! Helpers are started once and reused by every search. The main thread never waits for them to
//! answer: when it has its move it raises the search's `done` flag and returns. Before anything
//! touches the shared state again (the next search, a new game that clears the table, new
//! options) [`Pool::wait`] makes sure every helper has finished its job, so no helper ever
//! writes into a table being cleared or replaced.

use std::sync::Arc;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::JoinHandle;

use cavalo_rules::Position;

use crate::search::{Shared, Worker};

/// One search job for a helper.
struct Job {
    shared: Arc<Shared>,
    pos: Position,
    history: Box<[[i32; 100]; 2]>,
    start_depth: u32,
}

struct Helper {
    jobs: Sender<Job>,
    finished: Receiver<()>,
    busy: bool,
    handle: Option<JoinHandle<()>>,
}

/// The helper threads.
#[derive(Default)]
pub(crate) struct Pool {
    helpers: Vec<Helper>,
}

/// The number of helper threads worth running for `threads` search threads: more threads than
/// cores only take time from the main thread, so the count is capped at the cores available.
pub(crate) fn helpers_for(threads: usize) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    threads.clamp(1, cores.max(1)) - 1
}

impl Pool {
    /// Keeps `n` helpers (starting or ending threads as needed). Waits for running jobs first.
    pub fn resize(&mut self, n: usize) {
        self.wait();
        while self.helpers.len() > n {
            let h = self.helpers.pop().expect("not empty");
            drop(h.jobs);
            if let Some(t) = h.handle {
                let _ = t.join();
            }
        }
        while self.helpers.len() < n {
            let (jobs, job_rx) = channel::<Job>();
            let (done_tx, finished) = channel();
            let id = self.helpers.len() + 1;
            let spawned = std::thread::Builder::new().name(format!("cavalo-helper-{id}")).spawn(move || {
                for job in job_rx {
                    let mut w = Worker::new(&job.shared, None, &job.pos, job.history);
                    w.iterate(job.start_depth, &mut |_, _| {});
                    drop(w);
                    drop(job.shared);
                    if done_tx.send(()).is_err() {
                        break;
                    }
                }
            });
            match spawned {
                Ok(t) => self.helpers.push(Helper { jobs, finished, busy: false, handle: Some(t) }),
                Err(_) => break, // no more threads: search with those there are
            }
        }
    }

    /// The number of helpers.
    pub fn len(&self) -> usize {
        self.helpers.len()
    }

    /// Starts every helper on `shared`'s search of `pos`, staggering their first depths.
    pub fn start(&mut self, shared: &Arc<Shared>, pos: &Position, history: &[[i32; 100]; 2]) {
        self.wait();
        for (i, h) in self.helpers.iter_mut().enumerate() {
            let job = Job {
                shared: Arc::clone(shared),
                pos: pos.clone(),
                history: Box::new(*history),
                start_depth: 1 + ((i + 1) as u32 % 2),
            };
            h.busy = h.jobs.send(job).is_ok();
        }
    }

    /// Waits until every helper has finished its job. The caller must have raised the search's
    /// `done` flag (helpers also stop at the hard deadline and the node limit).
    pub fn wait(&mut self) {
        for h in &mut self.helpers {
            if h.busy {
                let _ = h.finished.recv();
                h.busy = false;
            }
        }
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        self.resize(0);
    }
}
