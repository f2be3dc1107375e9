//! Ending every process of a contestant. The contestant starts as the leader of a session of its
//! own, and as a child subreaper ([`in_own_session`]): a process it started whose parent died is
//! handed to it rather than to init. At the end of its game [`end_all`] kills every process of
//! that session and every descendant of those (found by walking the parent links in `/proc`, so
//! that a child that moved to a session of its own is caught too), in a few bounded rounds so
//! that a process forked meanwhile is caught as well; [`tree`], taken while the leader still
//! lives, adds the descendants that its death would cut off.
//!
//! Nothing else is touched. A session's id is its leader's process id, and the leader is not
//! reaped before [`end_all`] returns, so that id names no other session; a process is killed only
//! when it is in that session or descends from one that is, and only after it has been checked
//! again through a pidfd (which names that very process, never a later one given the same number).
//! The referee is made a child subreaper, so that the processes killed, orphaned, become its
//! children and are reaped here instead of lingering as zombies where init does not reap.

use std::collections::{HashMap, HashSet};
use std::os::fd::OwnedFd;
use std::os::unix::process::CommandExt;
use std::process::Command;
use std::time::{Duration, Instant};

/// Rounds of looking for processes and killing them.
const ROUNDS: u32 = 6;

/// How long the processes killed are waited for, to be reaped.
const REAP_WAIT: Duration = Duration::from_millis(500);

/// Makes `command` start its program as the leader of a new session (and so of a new process
/// group), and the calling process a child subreaper (once, on Linux).
pub(crate) fn in_own_session(command: &mut Command) -> &mut Command {
    #[cfg(target_os = "linux")]
    {
        static SUBREAPER: std::sync::Once = std::sync::Once::new();
        // SAFETY: prctl with PR_SET_CHILD_SUBREAPER only sets a flag of this process.
        SUBREAPER.call_once(|| unsafe {
            libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
        });
    }
    // SAFETY: the closure runs in the child between fork and exec and makes only system calls
    // (setsid, prctl), which are async-signal-safe.
    unsafe {
        command.pre_exec(|| {
            if libc::setsid() == -1 {
                return Err(std::io::Error::last_os_error());
            }
            // Kept across exec: orphans of the contestant's own children stay in its tree.
            #[cfg(target_os = "linux")]
            libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
            Ok(())
        })
    }
}

/// Makes `command` start its program with its whole address space limited to `bytes`
/// (`RLIMIT_AS`, soft and hard: the program cannot raise it, and what it starts inherits it):
/// its heap, foreign memory, threads' stacks and code together. Past the limit, `mmap` and
/// `malloc` fail.
pub(crate) fn limit_address_space(command: &mut Command, bytes: u64) -> &mut Command {
    // SAFETY: the closure runs in the child between fork and exec and makes one system call
    // (setrlimit, async-signal-safe) on a value built before the fork.
    unsafe {
        command.pre_exec(move || {
            let limit = libc::rlimit { rlim_cur: bytes as libc::rlim_t, rlim_max: bytes as libc::rlim_t };
            if libc::setrlimit(libc::RLIMIT_AS, &limit) == -1 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        })
    }
}

/// Makes `command` start its program confined (a sandbox's first process): no core files, no
/// file written past `file_bytes` (the write fails), and as `user` (when given) with no
/// supplementary groups.
pub(crate) fn sandboxed(command: &mut Command, user: Option<u32>, file_bytes: u64) -> &mut Command {
    let file = file_bytes as libc::rlim_t;
    // SAFETY: the closure runs in the child between fork and exec and makes only system calls
    // (setrlimit, setgroups, setgid, setuid: async-signal-safe) on values built before the fork.
    unsafe {
        command.pre_exec(move || {
            let set = |resource, value: libc::rlim_t| {
                let limit = libc::rlimit { rlim_cur: value, rlim_max: value };
                if libc::setrlimit(resource, &limit) == -1 {
                    Err(std::io::Error::last_os_error())
                } else {
                    Ok(())
                }
            };
            set(libc::RLIMIT_CORE, 0)?;
            set(libc::RLIMIT_FSIZE, file)?;
            // Past the file size, a write fails (EFBIG, an error the program sees) instead of
            // killing it with SIGXFSZ; an ignored signal stays ignored across exec.
            libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
            if let Some(id) = user
                && (libc::setgroups(0, std::ptr::null()) == -1
                    || libc::setgid(id) == -1
                    || libc::setuid(id) == -1)
            {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        })
    }
}

/// What `/proc/PID/stat` says of a process.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Stat {
    pid: i32,
    ppid: i32,
    session: i32,
    /// Dead, waiting to be reaped (nothing to kill).
    zombie: bool,
    /// Clock ticks after boot when it started: with the id, it names one process for ever.
    start: u64,
}

/// Reads a `/proc/PID/stat` line (the command name, in parentheses, may hold anything).
fn parse_stat(text: &str) -> Option<Stat> {
    let pid = text.split(' ').next()?.parse().ok()?;
    let fields: Vec<&str> = text[text.rfind(')')? + 1..].split_whitespace().collect();
    // After the name: state, ppid, pgrp, session, ..., the start time 19 fields on.
    Some(Stat {
        pid,
        ppid: fields.get(1)?.parse().ok()?,
        session: fields.get(3)?.parse().ok()?,
        zombie: matches!(*fields.first()?, "Z" | "X" | "x"),
        start: fields.get(19)?.parse().ok()?,
    })
}

fn read_stat(pid: i32) -> Option<Stat> {
    parse_stat(&std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?)
}

/// Every process (none without `/proc`).
fn snapshot() -> Vec<Stat> {
    let Ok(dir) = std::fs::read_dir("/proc") else { return Vec::new() };
    dir.flatten().filter_map(|e| e.file_name().to_str()?.parse().ok()).filter_map(read_stat).collect()
}

/// The processes of `leader`'s session and their descendants (zombies too), the leader aside.
fn members(all: &[Stat], leader: i32) -> Vec<Stat> {
    let mut children: HashMap<i32, Vec<i32>> = HashMap::new();
    for s in all {
        children.entry(s.ppid).or_default().push(s.pid);
    }
    let mut ours: HashSet<i32> = all.iter().filter(|s| s.session == leader).map(|s| s.pid).collect();
    ours.insert(leader);
    let mut todo: Vec<i32> = ours.iter().copied().collect();
    while let Some(p) = todo.pop() {
        for &c in children.get(&p).map(Vec::as_slice).unwrap_or_default() {
            if ours.insert(c) {
                todo.push(c);
            }
        }
    }
    let me = std::process::id() as i32;
    all.iter()
        .filter(|s| ours.contains(&s.pid) && s.pid != leader && s.pid > 1 && s.pid != me)
        .copied()
        .collect()
}

/// The processes of `leader`'s session and their descendants, the leader aside.
pub(crate) fn tree(leader: u32) -> Vec<Stat> {
    members(&snapshot(), leader as i32)
}

/// Kills `s` if it is still the process seen (same id, same start; a zombie is only held);
/// returns its pidfd, to reap it.
fn kill_checked(s: &Stat) -> Option<OwnedFd> {
    #[cfg(target_os = "linux")]
    {
        use std::os::fd::{AsRawFd, FromRawFd};
        // SAFETY: pidfd_open takes a process id and flags and returns a new descriptor or -1.
        let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, s.pid, 0) };
        if fd >= 0 {
            // SAFETY: `fd` was just opened and is owned by nothing else.
            let fd = unsafe { OwnedFd::from_raw_fd(fd as i32) };
            if read_stat(s.pid).is_none_or(|now| now.start != s.start) {
                return None;
            }
            if !s.zombie {
                // SAFETY: the pidfd names the process checked; a null siginfo is allowed.
                unsafe {
                    libc::syscall(
                        libc::SYS_pidfd_send_signal,
                        fd.as_raw_fd(),
                        libc::SIGKILL,
                        std::ptr::null::<libc::siginfo_t>(),
                        0,
                    );
                }
            }
            return Some(fd);
        }
        if std::io::Error::last_os_error().raw_os_error() == Some(libc::ESRCH) {
            return None;
        }
    }
    // Without a pidfd (an old kernel, no descriptor left): checked, then killed by number (a tiny
    // window for the number's reuse).
    if !s.zombie && read_stat(s.pid).is_some_and(|now| now.start == s.start) {
        // SAFETY: kill only sends a signal.
        unsafe {
            libc::kill(s.pid, libc::SIGKILL);
        }
    }
    None
}

/// Kills the leader `leader` (an unreaped child of this process), its process group, every
/// process of its session and every descendant, and the processes of `known` (its [`tree`] taken
/// earlier) that still live; returns the pidfds of the processes killed (and of the zombies
/// found), to be given to [`reap`] once the leader is reaped.
pub(crate) fn end_all(leader: u32, known: &[Stat]) -> Vec<OwnedFd> {
    let leader = leader as i32;
    let mut seen: HashSet<(i32, u64)> = HashSet::new();
    let mut held = Vec::new();
    let mut kill_new = |found: &[Stat]| {
        for s in found {
            if seen.insert((s.pid, s.start)) {
                held.extend(kill_checked(s));
            }
        }
    };
    // The descendants first, while a living leader still links them to it.
    kill_new(known);
    kill_new(&members(&snapshot(), leader));
    // SAFETY: kill and killpg only send a signal; the leader is not reaped, so its id (and the
    // id of its group, which it leads) still names it.
    unsafe {
        libc::kill(leader, libc::SIGKILL);
        libc::killpg(leader, libc::SIGKILL);
    }
    for round in 0..ROUNDS {
        let found = members(&snapshot(), leader);
        kill_new(&found);
        if found.iter().all(|s| s.zombie) {
            break;
        }
        std::thread::sleep(Duration::from_millis(1 << round));
    }
    held
}

/// Reaps the processes killed that became children of this process (the subreaper), waiting
/// a bounded time for them to die.
pub(crate) fn reap(mut killed: Vec<OwnedFd>) {
    #[cfg(target_os = "linux")]
    {
        use std::os::fd::AsRawFd;
        let until = Instant::now() + REAP_WAIT;
        while !killed.is_empty() && Instant::now() < until {
            killed.retain(|fd| {
                // SAFETY: waitid fills `info`; P_PIDFD names the very process killed.
                unsafe {
                    let mut info: libc::siginfo_t = std::mem::zeroed();
                    let flags = libc::WEXITED | libc::WNOHANG;
                    let r = libc::waitid(libc::P_PIDFD, fd.as_raw_fd() as libc::id_t, &mut info, flags);
                    // Not reaped yet: alive, or still the child of another (dying) process.
                    !(r == 0 && info.si_pid() != 0)
                }
            });
            if !killed.is_empty() {
                std::thread::sleep(Duration::from_millis(2));
            }
        }
    }
    drop(killed);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stat_lines_are_read_whatever_the_name() {
        let line = "4242 (a (b) c) S 7 4242 4242 0 -1 4194304 108 0 1 0 0 0 0 0 20 0 1 0 45465 2990080";
        let s = parse_stat(line).unwrap();
        assert_eq!((s.pid, s.ppid, s.session, s.zombie, s.start), (4242, 7, 4242, false, 45465));
        assert!(parse_stat("12 (x) Z 1 12 12 0 -1 0 0 0 0 0 0 0 0 0 20 0 1 0 9").unwrap().zombie);
        assert_eq!(parse_stat("12 (x) S 1"), None);
        assert_eq!(parse_stat(""), None);
    }

    fn stat(pid: i32, ppid: i32, session: i32) -> Stat {
        Stat { pid, ppid, session, zombie: false, start: 1 }
    }

    #[test]
    fn members_are_the_session_and_the_descendants_only() {
        let all = [
            stat(1, 0, 1),
            stat(50, 1, 50),    // someone else
            stat(100, 50, 100), // the leader
            stat(101, 100, 100),
            stat(102, 1, 100),   // orphaned, still in the session
            stat(103, 101, 103), // left the session, its parent is ours
            stat(104, 103, 103),
            stat(105, 50, 50), // a sibling of the leader
            Stat { zombie: true, ..stat(106, 100, 100) },
        ];
        let mut found: Vec<i32> = members(&all, 100).iter().map(|s| s.pid).collect();
        found.sort();
        assert_eq!(found, [101, 102, 103, 104, 106], "zombies are found, to be reaped");
        assert!(members(&all, 999).is_empty());
    }

    #[test]
    fn a_session_and_its_runaway_children_are_ended() {
        // A shell in a session of its own forks a sleep that moves to another session, and one
        // that stays; both die with the shell, and nothing else does.
        let mut cmd = Command::new("/bin/sh");
        cmd.args(["-c", "setsid sleep 600 & sleep 600 & echo started; wait"]);
        cmd.stdout(std::process::Stdio::piped());
        let mut child = in_own_session(&mut cmd).spawn().unwrap();
        let mut out = child.stdout.take().unwrap();
        let mut buf = [0u8; 8];
        let _ = std::io::Read::read(&mut out, &mut buf);
        let leader = child.id() as i32;
        // Until the one has left the session: only its parent links it to the leader.
        let until = Instant::now() + Duration::from_secs(10);
        let away = |m: &[Stat]| m.len() == 2 && m.iter().any(|s| s.session != leader);
        while !away(&members(&snapshot(), leader)) && Instant::now() < until {
            std::thread::sleep(Duration::from_millis(10));
        }
        let before = members(&snapshot(), leader);
        assert!(away(&before), "{before:?}");
        let killed = end_all(child.id(), &[]);
        child.wait().unwrap();
        reap(killed);
        for s in before {
            let now = read_stat(s.pid);
            assert!(now.is_none_or(|n| n.start != s.start || n.zombie), "{s:?} survived: {now:?}");
        }
    }
}
