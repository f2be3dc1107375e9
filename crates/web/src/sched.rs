//! The search scheduler: who gets the next free engine of the pool.
//!
//! Policy (documented in the technical manual, "Classroom server resources"):
//! - three lanes: **interactive** (a computer's move in a game with a human, and every hint),
//!   **study** (a game's analysis, an exercise's try, the live lines of "Think about this
//!   position") and **batch** (computer-vs-computer games). A free engine goes to the interactive
//!   lane first, then to study, then to batch.
//! - the study lane runs at most `study_cap` searches at once (`cavalo serve
//!   --study-searches`): however many analyses, tries and live lines are asked for, the others
//!   wait, and people's games keep the cores. Each study search is bounded in time or nodes.
//! - study and batch searches together hold at most `engines - 1` engines at once (all of them
//!   when the pool has one engine), so one engine is always kept for people waiting at a board:
//!   a 100 ms move never waits behind computer-vs-computer games at 10 s per move.
//! - within a lane, clients (peer IP addresses) take turns round-robin; a client's waiting
//!   searches go in the order they asked (each game has at most one search waiting, so this
//!   is also a round-robin over the client's games).
//! - aging: a batch search that has waited [`BATCH_AGE`] goes before people's searches, so that
//!   computer-vs-computer games keep moving (a ply every few seconds each) when people's
//!   searches keep every engine busy.
//!
//! A search holds a [`Lease`] while it runs; dropping the lease gives the engine back and hands
//! it to the next in line.

use std::collections::VecDeque;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::sync::oneshot;

use crate::engines::Slot;

/// Which queue a search waits in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Lane {
    /// A human is waiting: a computer's reply in a game with a human, or a hint.
    Interactive,
    /// Studying a game: an analysis, an exercise's try, live lines. At most the study cap run
    /// at once.
    Study,
    /// Computer against computer.
    Batch,
}

/// How long a batch search waits at most before it goes ahead of people's searches.
pub(crate) const BATCH_AGE: Duration = Duration::from_secs(2);

/// A waiting search: when it asked, and where its engine goes.
type Waiter = (Instant, oneshot::Sender<Lease>);

/// Waiting searches of one lane, round-robin by client.
#[derive(Default)]
struct Queue {
    clients: VecDeque<(IpAddr, VecDeque<Waiter>)>,
}

impl Queue {
    fn push(&mut self, client: IpAddr, tx: oneshot::Sender<Lease>) {
        let waiter = (Instant::now(), tx);
        match self.clients.iter_mut().find(|(c, _)| *c == client) {
            Some((_, q)) => q.push_back(waiter),
            None => self.clients.push_back((client, VecDeque::from([waiter]))),
        }
    }

    /// The next waiter: the first of the client at the front, which then goes to the back.
    fn pop(&mut self) -> Option<oneshot::Sender<Lease>> {
        let (client, mut q) = self.clients.pop_front()?;
        let tx = q.pop_front().map(|(_, tx)| tx);
        if !q.is_empty() {
            self.clients.push_back((client, q));
        }
        tx
    }

    /// How long the longest-waiting search has waited.
    fn longest_wait(&self) -> Option<Duration> {
        self.clients.iter().filter_map(|(_, q)| q.front()).map(|(since, _)| since.elapsed()).max()
    }

    fn is_empty(&self) -> bool {
        self.clients.is_empty()
    }

    #[cfg(test)]
    fn len(&self) -> usize {
        self.clients.iter().map(|(_, q)| q.len()).sum()
    }
}

struct State {
    free: Vec<Slot>,
    batch_running: usize,
    study_running: usize,
    interactive: Queue,
    study: Queue,
    batch: Queue,
}

impl State {
    fn queue(&mut self, lane: Lane) -> &mut Queue {
        match lane {
            Lane::Interactive => &mut self.interactive,
            Lane::Study => &mut self.study,
            Lane::Batch => &mut self.batch,
        }
    }

    fn running(&mut self, lane: Lane) -> Option<&mut usize> {
        match lane {
            Lane::Interactive => None,
            Lane::Study => Some(&mut self.study_running),
            Lane::Batch => Some(&mut self.batch_running),
        }
    }
}

/// The pool of engines and the queues in front of it.
pub(crate) struct Scheduler {
    state: Mutex<State>,
    engines: usize,
    /// The most engines study and batch searches hold together.
    background_cap: usize,
    study_cap: usize,
    batch_age: Duration,
}

/// An engine lent to one search; dropping it returns the engine to the pool.
pub(crate) struct Lease {
    slot: Option<Slot>,
    lane: Lane,
    sched: Arc<Scheduler>,
}

impl Lease {
    /// The engine slot.
    pub(crate) fn slot(&mut self) -> &mut Slot {
        self.slot.as_mut().expect("a lease holds its slot until dropped")
    }
}

impl Drop for Lease {
    fn drop(&mut self) {
        if let Some(slot) = self.slot.take() {
            self.sched.release(slot, self.lane);
        }
    }
}

impl Scheduler {
    /// `engines` engines (at least one) with tables of `hash_mib` MiB, made when first used, of
    /// which at most `study_cap` (at least one) search for the study lane at once.
    pub(crate) fn new(engines: usize, hash_mib: usize, study_cap: usize) -> Arc<Scheduler> {
        Scheduler::aging_after(engines, hash_mib, study_cap, BATCH_AGE)
    }

    /// [`Scheduler::new`] whose batch searches go first after waiting `batch_age`.
    fn aging_after(engines: usize, hash_mib: usize, study_cap: usize, batch_age: Duration) -> Arc<Scheduler> {
        let engines = engines.max(1);
        Arc::new(Scheduler {
            state: Mutex::new(State {
                free: (0..engines).map(|_| Slot::new(hash_mib)).collect(),
                batch_running: 0,
                study_running: 0,
                interactive: Queue::default(),
                study: Queue::default(),
                batch: Queue::default(),
            }),
            engines,
            background_cap: if engines > 1 { engines - 1 } else { 1 },
            study_cap: study_cap.max(1),
            batch_age,
        })
    }

    /// The number of engines.
    pub(crate) fn engines(&self) -> usize {
        self.engines
    }

    /// How many searches wait, interactive and batch.
    #[cfg(test)]
    pub(crate) fn waiting(&self) -> (usize, usize) {
        let st = self.lock();
        (st.interactive.len(), st.batch.len())
    }

    /// How many study searches wait and run.
    #[cfg(test)]
    pub(crate) fn studying(&self) -> (usize, usize) {
        let st = self.lock();
        (st.study.len(), st.study_running)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Waits for an engine for a search of `client` in `lane`. `None` only if the scheduler
    /// went away.
    pub(crate) async fn acquire(self: &Arc<Self>, client: IpAddr, lane: Lane) -> Option<Lease> {
        let (tx, rx) = oneshot::channel();
        {
            let mut st = self.lock();
            st.queue(lane).push(client, tx);
            self.dispatch(&mut st);
        }
        rx.await.ok()
    }

    fn release(self: &Arc<Self>, slot: Slot, lane: Lane) {
        let mut st = self.lock();
        if let Some(n) = st.running(lane) {
            *n -= 1;
        }
        st.free.push(slot);
        self.dispatch(&mut st);
    }

    /// The lane the next free engine goes to: interactive first, then study within its cap,
    /// then batch, study and batch together within the background cap; a batch search that
    /// waited [`BATCH_AGE`] before all.
    fn next_lane(&self, st: &State) -> Option<Lane> {
        let background = st.batch_running + st.study_running < self.background_cap;
        let batch_may = background && !st.batch.is_empty();
        let study_may = background && !st.study.is_empty() && st.study_running < self.study_cap;
        if batch_may && st.batch.longest_wait().is_some_and(|w| w >= self.batch_age) {
            Some(Lane::Batch)
        } else if !st.interactive.is_empty() {
            Some(Lane::Interactive)
        } else if study_may {
            Some(Lane::Study)
        } else if batch_may {
            Some(Lane::Batch)
        } else {
            None
        }
    }

    /// Hands free engines to waiters in the order of [`Scheduler::next_lane`]. A waiter that
    /// gave up (its receiver dropped) is skipped and the engine stays free.
    fn dispatch(self: &Arc<Self>, st: &mut State) {
        while !st.free.is_empty() {
            let Some(lane) = self.next_lane(st) else { return };
            let Some(tx) = st.queue(lane).pop() else { continue };
            let slot = st.free.pop().expect("checked not empty");
            let lease = Lease { slot: Some(slot), lane, sched: self.clone() };
            if let Err(mut back) = tx.send(lease) {
                st.free.push(back.slot.take().expect("just made"));
                continue;
            }
            if let Some(n) = st.running(lane) {
                *n += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn ip(n: u8) -> IpAddr {
        IpAddr::from([10, 0, 0, n])
    }

    async fn quick(f: impl std::future::Future<Output = Option<Lease>>) -> Option<Lease> {
        tokio::time::timeout(Duration::from_millis(200), f).await.ok().flatten()
    }

    #[tokio::test]
    async fn batch_leaves_one_engine_for_people() {
        let s = Scheduler::new(2, 1, 1);
        let b1 = quick(s.acquire(ip(1), Lane::Batch)).await.expect("first batch search runs");
        assert!(quick(s.acquire(ip(1), Lane::Batch)).await.is_none(), "a second batch search waits");
        let i = quick(s.acquire(ip(2), Lane::Interactive)).await;
        assert!(i.is_some(), "an interactive search gets the reserved engine");
        drop((b1, i));
    }

    #[tokio::test]
    async fn one_engine_is_shared_with_interactive_first() {
        let s = Scheduler::aging_after(1, 1, 1, Duration::from_secs(3600));
        let held = quick(s.acquire(ip(1), Lane::Batch)).await.unwrap();
        let (s1, s2) = (s.clone(), s.clone());
        let batch = tokio::spawn(async move { s1.acquire(ip(1), Lane::Batch).await.map(|_| "batch") });
        tokio::time::sleep(Duration::from_millis(20)).await;
        let inter = tokio::spawn(async move { s2.acquire(ip(2), Lane::Interactive).await.map(|_| "inter") });
        tokio::time::sleep(Duration::from_millis(20)).await;
        assert_eq!(s.waiting(), (1, 1));
        drop(held);
        assert_eq!(inter.await.unwrap(), Some("inter"), "the interactive search went first");
        assert_eq!(batch.await.unwrap(), Some("batch"));
    }

    #[tokio::test]
    async fn a_batch_search_that_waited_long_goes_before_people() {
        let s = Scheduler::aging_after(1, 1, 1, Duration::from_millis(50));
        let held = quick(s.acquire(ip(1), Lane::Interactive)).await.unwrap();
        let s1 = s.clone();
        let batch = tokio::spawn(async move { s1.acquire(ip(2), Lane::Batch).await.map(|_| "batch") });
        // Longer than the batch search's age: it has waited long enough when the engine frees.
        tokio::time::sleep(Duration::from_millis(120)).await;
        let s2 = s.clone();
        let inter = tokio::spawn(async move { s2.acquire(ip(3), Lane::Interactive).await.map(|_| "inter") });
        while s.waiting() != (1, 1) {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        drop(held);
        assert_eq!(batch.await.unwrap(), Some("batch"), "the aged batch search went first");
        assert_eq!(inter.await.unwrap(), Some("inter"));
    }

    #[tokio::test]
    async fn study_searches_run_within_their_cap_and_after_people() {
        let s = Scheduler::new(8, 1, 2);
        let a = quick(s.acquire(ip(1), Lane::Study)).await.expect("a first study search runs");
        let b = quick(s.acquire(ip(2), Lane::Study)).await.expect("a second one runs");
        let s1 = s.clone();
        let third = tokio::spawn(async move { s1.acquire(ip(3), Lane::Study).await.map(|_| "study") });
        tokio::time::sleep(Duration::from_millis(20)).await;
        assert_eq!(s.studying(), (1, 2), "the third waits though engines are free");
        let mut people = Vec::new();
        for n in 0..5 {
            people.push(quick(s.acquire(ip(10 + n), Lane::Interactive)).await.expect("people get engines"));
        }
        drop(a);
        assert_eq!(third.await.unwrap(), Some("study"), "its turn came when one ended");
        drop((b, people));
    }

    #[tokio::test]
    async fn people_go_before_study_when_engines_are_short() {
        let s = Scheduler::new(2, 1, 2);
        let held = quick(s.acquire(ip(1), Lane::Interactive)).await.unwrap();
        let held2 = quick(s.acquire(ip(1), Lane::Interactive)).await.unwrap();
        let (s1, s2) = (s.clone(), s.clone());
        let study = tokio::spawn(async move { s1.acquire(ip(2), Lane::Study).await.map(|_| "study") });
        tokio::time::sleep(Duration::from_millis(20)).await;
        let inter = tokio::spawn(async move { s2.acquire(ip(3), Lane::Interactive).await.map(|_| "inter") });
        tokio::time::sleep(Duration::from_millis(20)).await;
        drop(held);
        assert_eq!(inter.await.unwrap(), Some("inter"), "the person went first");
        drop(held2);
        assert_eq!(study.await.unwrap(), Some("study"));
    }

    #[tokio::test]
    async fn clients_take_turns() {
        let s = Scheduler::new(1, 1, 1);
        let held = s.acquire(ip(9), Lane::Interactive).await.unwrap();
        let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
        // Client 1 asks three times, then client 2 once: client 2 must come second.
        for (n, client) in [(1, ip(1)), (2, ip(1)), (3, ip(1)), (4, ip(2))] {
            let (s, tx) = (s.clone(), tx.clone());
            tokio::spawn(async move {
                let lease = s.acquire(client, Lane::Interactive).await;
                tx.send(n).unwrap();
                tokio::time::sleep(Duration::from_millis(5)).await;
                drop(lease);
            });
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        drop(held);
        let mut order = Vec::new();
        for _ in 0..4 {
            order.push(rx.recv().await.unwrap());
        }
        assert_eq!(order, [1, 4, 2, 3]);
    }

    #[tokio::test]
    async fn a_waiter_that_gave_up_is_skipped() {
        let s = Scheduler::new(1, 1, 1);
        let held = s.acquire(ip(1), Lane::Interactive).await.unwrap();
        assert!(quick(s.acquire(ip(2), Lane::Interactive)).await.is_none(), "timed out: gave up");
        drop(held);
        assert!(quick(s.acquire(ip(3), Lane::Interactive)).await.is_some(), "the engine is free again");
    }
}
