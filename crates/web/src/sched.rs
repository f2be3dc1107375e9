//! The search scheduler: who gets the next free engine of the pool.
//!
//! Policy (documented in the technical manual, "Classroom server resources"):
//! - two lanes: **interactive** (a computer's move in a game with a human, and every hint) and
//!   **batch** (computer-vs-computer games). A free engine goes to the interactive lane first.
//! - the batch lane may hold at most `engines - 1` engines at once (all of them when the pool has
//!   one engine), so one engine is always kept for people waiting at a board: a 100 ms move never
//!   waits behind computer-vs-computer games at 10 s per move.
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
    interactive: Queue,
    batch: Queue,
}

/// The pool of engines and the queues in front of it.
pub(crate) struct Scheduler {
    state: Mutex<State>,
    engines: usize,
    batch_cap: usize,
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
    /// `engines` engines (at least one) with tables of `hash_mib` MiB, made when first used.
    pub(crate) fn new(engines: usize, hash_mib: usize) -> Arc<Scheduler> {
        Scheduler::aging_after(engines, hash_mib, BATCH_AGE)
    }

    /// [`Scheduler::new`] whose batch searches go first after waiting `batch_age`.
    fn aging_after(engines: usize, hash_mib: usize, batch_age: Duration) -> Arc<Scheduler> {
        let engines = engines.max(1);
        Arc::new(Scheduler {
            state: Mutex::new(State {
                free: (0..engines).map(|_| Slot::new(hash_mib)).collect(),
                batch_running: 0,
                interactive: Queue::default(),
                batch: Queue::default(),
            }),
            engines,
            batch_cap: if engines > 1 { engines - 1 } else { 1 },
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

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Waits for an engine for a search of `client` in `lane`. `None` only if the scheduler
    /// went away.
    pub(crate) async fn acquire(self: &Arc<Self>, client: IpAddr, lane: Lane) -> Option<Lease> {
        let (tx, rx) = oneshot::channel();
        {
            let mut st = self.lock();
            match lane {
                Lane::Interactive => st.interactive.push(client, tx),
                Lane::Batch => st.batch.push(client, tx),
            }
            self.dispatch(&mut st);
        }
        rx.await.ok()
    }

    fn release(self: &Arc<Self>, slot: Slot, lane: Lane) {
        let mut st = self.lock();
        if lane == Lane::Batch {
            st.batch_running -= 1;
        }
        st.free.push(slot);
        self.dispatch(&mut st);
    }

    /// Hands free engines to waiters: interactive first, batch within its cap, and a batch
    /// search that waited [`BATCH_AGE`] before all. A waiter that gave up (its receiver dropped)
    /// is skipped and the engine stays free.
    fn dispatch(self: &Arc<Self>, st: &mut State) {
        while !st.free.is_empty() {
            let batch_may = !st.batch.is_empty() && st.batch_running < self.batch_cap;
            let batch_aged = batch_may && st.batch.longest_wait().is_some_and(|w| w >= self.batch_age);
            let lane = if batch_aged || (batch_may && st.interactive.is_empty()) {
                Lane::Batch
            } else if !st.interactive.is_empty() {
                Lane::Interactive
            } else {
                return;
            };
            let tx = match lane {
                Lane::Interactive => st.interactive.pop(),
                Lane::Batch => st.batch.pop(),
            };
            let Some(tx) = tx else { continue };
            let slot = st.free.pop().expect("checked not empty");
            let lease = Lease { slot: Some(slot), lane, sched: self.clone() };
            if let Err(mut back) = tx.send(lease) {
                st.free.push(back.slot.take().expect("just made"));
                continue;
            }
            if lane == Lane::Batch {
                st.batch_running += 1;
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
        let s = Scheduler::new(2, 1);
        let b1 = quick(s.acquire(ip(1), Lane::Batch)).await.expect("first batch search runs");
        assert!(quick(s.acquire(ip(1), Lane::Batch)).await.is_none(), "a second batch search waits");
        let i = quick(s.acquire(ip(2), Lane::Interactive)).await;
        assert!(i.is_some(), "an interactive search gets the reserved engine");
        drop((b1, i));
    }

    #[tokio::test]
    async fn one_engine_is_shared_with_interactive_first() {
        let s = Scheduler::aging_after(1, 1, Duration::from_secs(3600));
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
        let s = Scheduler::aging_after(1, 1, Duration::from_millis(50));
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
    async fn clients_take_turns() {
        let s = Scheduler::new(1, 1);
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
        let s = Scheduler::new(1, 1);
        let held = s.acquire(ip(1), Lane::Interactive).await.unwrap();
        assert!(quick(s.acquire(ip(2), Lane::Interactive)).await.is_none(), "timed out: gave up");
        drop(held);
        assert!(quick(s.acquire(ip(3), Lane::Interactive)).await.is_some(), "the engine is free again");
    }
}
