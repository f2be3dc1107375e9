//! The priority of a search's threads: a server runs its searches below the threads that answer
//! people, so that many searches sharing the cores never delay a move's acknowledgement.
//!
//! On Linux a thread's nice value is its own: [`lower_this_thread`] changes only the calling
//! thread, and the threads it creates afterwards (the search's helper threads) inherit it.
//! Elsewhere it does nothing.

/// The nice value of a server's search threads: the lowest. A search thread then weighs about a
/// seventieth of a normal thread when both want a core, so sixty searches sharing two cores still
/// leave the web's threads (nice 0) most of a core when they need it; with nothing else to run,
/// the searches have the cores to themselves.
pub const BACKGROUND_NICE: i32 = 19;

/// Lowers the calling thread's priority to nice `nice` (0..=19; a thread may lower its own
/// priority without privileges). Returns whether it took effect.
pub fn lower_this_thread(nice: i32) -> bool {
    imp::lower(nice.clamp(0, 19))
}

/// The calling thread's nice value, where the platform says.
pub fn this_thread_nice() -> Option<i32> {
    imp::nice()
}

#[cfg(target_os = "linux")]
mod imp {
    fn tid() -> libc::id_t {
        // SAFETY: gettid has no preconditions and cannot fail.
        unsafe { libc::gettid() as libc::id_t }
    }

    pub(super) fn lower(nice: i32) -> bool {
        // SAFETY: setpriority on the calling thread's id; no memory is passed.
        unsafe { libc::setpriority(libc::PRIO_PROCESS, tid(), nice) == 0 }
    }

    pub(super) fn nice() -> Option<i32> {
        // getpriority may return -1 as a value: errno tells an error apart.
        // SAFETY: errno is the calling thread's; getpriority takes no memory.
        unsafe {
            *libc::__errno_location() = 0;
            let n = libc::getpriority(libc::PRIO_PROCESS, tid());
            (*libc::__errno_location() == 0).then_some(n)
        }
    }
}

#[cfg(not(target_os = "linux"))]
mod imp {
    pub(super) fn lower(_nice: i32) -> bool {
        false
    }

    pub(super) fn nice() -> Option<i32> {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg(target_os = "linux")]
    fn only_the_calling_thread_and_its_children_are_lowered() {
        let before = this_thread_nice().expect("Linux says");
        let (own, child) = std::thread::spawn(move || {
            assert!(lower_this_thread(before.max(BACKGROUND_NICE)));
            let own = this_thread_nice();
            let child = std::thread::spawn(this_thread_nice).join().unwrap();
            (own, child)
        })
        .join()
        .unwrap();
        assert_eq!(own, Some(before.max(BACKGROUND_NICE)));
        assert_eq!(child, own, "a helper thread inherits its parent's priority");
        assert_eq!(this_thread_nice(), Some(before), "the other threads keep theirs");
    }
}
