//! Bounds per client (an IP address):
//! - [`Quota`]: at most `max` uses of a door in the last `window`, e.g. the uploads of an hour.
//!   Memory is bounded: a client's uses older than the window are forgotten whenever it is asked
//!   about, and every client's once the map holds [`SWEEP_AT`] clients;
//! - [`Places`]: at most `cap` things under way at once (connections, event streams, analyses,
//!   tries), each held by a
//!   [`Place`] that whoever does the work keeps until the work has ended, so that hanging up or
//!   asking again never frees a place while its search runs on.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Things under way, counted per client.
#[derive(Default)]
pub(crate) struct Places {
    held: Mutex<HashMap<IpAddr, usize>>,
}

/// Why no place was given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NoPlace {
    /// The client holds its cap.
    Client,
    /// Every client together holds the server's cap.
    Server,
}

/// One thing under way; dropping it frees its place.
pub(crate) struct Place {
    all: Arc<Places>,
    client: IpAddr,
}

impl Places {
    /// A place for one more thing of `client`, unless it holds `cap` or all clients together
    /// hold `server_cap`.
    pub(crate) fn take(
        self: &Arc<Self>,
        client: IpAddr,
        cap: usize,
        server_cap: usize,
    ) -> Result<Place, NoPlace> {
        let mut held = self.held.lock().unwrap_or_else(|e| e.into_inner());
        if held.get(&client).copied().unwrap_or(0) >= cap {
            return Err(NoPlace::Client);
        }
        if held.values().sum::<usize>() >= server_cap {
            return Err(NoPlace::Server);
        }
        *held.entry(client).or_insert(0) += 1;
        Ok(Place { all: self.clone(), client })
    }

    /// How many places `client` holds.
    #[cfg(test)]
    pub(crate) fn held_by(&self, client: IpAddr) -> usize {
        self.held.lock().unwrap().get(&client).copied().unwrap_or(0)
    }
}

impl Drop for Place {
    fn drop(&mut self) {
        let mut held = self.all.held.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = held.get_mut(&self.client) {
            *n -= 1;
            if *n == 0 {
                held.remove(&self.client);
            }
        }
    }
}

/// The number of clients at which the uses of every client are swept.
const SWEEP_AT: usize = 4096;

/// Uses of one door, per client.
pub(crate) struct Quota {
    max: usize,
    window: Duration,
    uses: Mutex<HashMap<IpAddr, VecDeque<Instant>>>,
}

impl Quota {
    /// At most `max` uses per client in any `window`.
    pub(crate) fn new(max: usize, window: Duration) -> Quota {
        Quota { max, window, uses: Mutex::new(HashMap::new()) }
    }

    /// The most uses a client has in a window.
    pub(crate) fn max(&self) -> usize {
        self.max
    }

    /// Counts one use of `client` now, or refuses it (`false`) when the client used the door
    /// `max` times in the last window.
    pub(crate) fn take(&self, client: IpAddr) -> bool {
        self.take_at(client, Instant::now())
    }

    fn take_at(&self, client: IpAddr, now: Instant) -> bool {
        let mut uses = self.uses.lock().unwrap_or_else(|e| e.into_inner());
        let window = self.window;
        let fresh = |t: &Instant| now.saturating_duration_since(*t) < window;
        if uses.len() >= SWEEP_AT {
            uses.retain(|_, q| {
                q.retain(&fresh);
                !q.is_empty()
            });
        }
        let q = uses.entry(client).or_default();
        q.retain(fresh);
        if q.len() >= self.max {
            return false;
        }
        q.push_back(now);
        true
    }

    #[cfg(test)]
    fn clients(&self) -> usize {
        self.uses.lock().unwrap().len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_are_held_until_dropped_within_both_caps() {
        let places = Arc::new(Places::default());
        let (a, b, c) =
            (IpAddr::from([10, 0, 0, 1]), IpAddr::from([10, 0, 0, 2]), IpAddr::from([10, 0, 0, 3]));
        let first = places.take(a, 2, 3).unwrap();
        let _second = places.take(a, 2, 3).unwrap();
        assert_eq!(places.take(a, 2, 3).err(), Some(NoPlace::Client));
        let _other = places.take(b, 2, 3).unwrap();
        assert_eq!(places.take(c, 2, 3).err(), Some(NoPlace::Server));
        drop(first);
        assert_eq!(places.held_by(a), 1);
        assert!(places.take(c, 2, 3).is_ok());
    }

    #[test]
    fn a_client_has_its_quota_per_window_and_others_their_own() {
        let q = Quota::new(2, Duration::from_secs(60));
        let (a, b) = (IpAddr::from([10, 0, 0, 1]), IpAddr::from([10, 0, 0, 2]));
        let t0 = Instant::now();
        assert!(q.take_at(a, t0) && q.take_at(a, t0 + Duration::from_secs(1)));
        assert!(!q.take_at(a, t0 + Duration::from_secs(2)), "a third use within the window");
        assert!(q.take_at(b, t0 + Duration::from_secs(2)), "another client's own quota");
        assert!(q.take_at(a, t0 + Duration::from_secs(60)), "the first use left the window");
        assert!(!q.take_at(a, t0 + Duration::from_secs(60)));
    }

    #[test]
    fn the_clients_remembered_stay_bounded() {
        let q = Quota::new(1, Duration::from_secs(1));
        let t0 = Instant::now();
        for n in 0..(SWEEP_AT as u32 * 3) {
            let t = t0 + Duration::from_secs(u64::from(n / SWEEP_AT as u32) * 2);
            assert!(q.take_at(IpAddr::from(n.to_be_bytes()), t));
        }
        assert!(q.clients() <= SWEEP_AT + 1, "{}", q.clients());
    }
}
