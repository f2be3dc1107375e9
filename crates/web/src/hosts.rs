//! The names the server answers to as `Host`: its own, so that a page of another site whose name
//! was made to point at the server (DNS rebinding) is refused by the request guard.
//!
//! - Bound to a loopback address: the loopback names (`localhost`, `127.0.0.1`, `[::1]`) and the
//!   bound address (`127.0.0.5`, say).
//! - Bound to another address: those, the bound address, the machine's name (its hostname) and,
//!   for an unspecified address (`0.0.0.0`, `::`), every address of its network interfaces.
//! - Always: the names the teacher adds (`cavalo serve --allow-host NAME`).
//!
//! A name is compared without its port and case; an address by its value (`[::1]` is `::1`).

use std::collections::HashSet;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};

/// The names (and addresses) a `Host` header may give.
#[derive(Clone, Debug)]
pub(crate) struct HostNames {
    names: HashSet<String>,
    ips: HashSet<IpAddr>,
}

impl Default for HostNames {
    /// The loopback names only: what a server not bound yet answers to.
    fn default() -> HostNames {
        HostNames::loopback(&[])
    }
}

impl HostNames {
    /// The loopback names and `extra`.
    pub(crate) fn loopback(extra: &[String]) -> HostNames {
        let mut names = HostNames {
            names: HashSet::from(["localhost".to_string()]),
            ips: HashSet::from([IpAddr::V4(Ipv4Addr::LOCALHOST), IpAddr::V6(Ipv6Addr::LOCALHOST)]),
        };
        for name in extra {
            names.add(name);
        }
        names
    }

    /// The names of a server bound to `bound` (see the module's description), with `extra`.
    pub(crate) fn for_binding(bound: SocketAddr, extra: &[String]) -> HostNames {
        let mut names = HostNames::loopback(extra);
        if bound.ip().is_loopback() {
            // Its own address too: `--host 127.0.0.5` answers to the address it printed.
            names.ips.insert(bound.ip());
            return names;
        }
        if bound.ip().is_unspecified() {
            names.ips.extend(crate::addrs::interface_ips(bound.is_ipv6()));
        } else {
            names.ips.insert(bound.ip());
        }
        if let Some(host) = hostname() {
            names.add(&host);
        }
        names
    }

    /// Adds a name or an address (brackets, case and a final dot ignored).
    fn add(&mut self, name: &str) {
        let bare = name.trim().trim_start_matches('[').trim_end_matches(']').trim_end_matches('.');
        match bare.parse::<IpAddr>() {
            Ok(ip) => {
                self.ips.insert(ip);
            }
            Err(_) if !bare.is_empty() => {
                self.names.insert(bare.to_ascii_lowercase());
            }
            Err(_) => {}
        }
    }

    /// Whether `host` (a `Host` header: a name or an address, and an optional port) is one of
    /// these names.
    pub(crate) fn allows(&self, host: &str) -> bool {
        let Some(name) = host_name(host) else { return false };
        match name.parse::<IpAddr>() {
            Ok(ip) => self.ips.contains(&ip),
            Err(_) => self.names.contains(&name.trim_end_matches('.').to_ascii_lowercase()),
        }
    }
}

/// The name of a `Host` header without its port (`[::1]:8080` → `::1`), or `None` when it is
/// not one (an empty name, a port that is not a number, a bracket not closed).
fn host_name(host: &str) -> Option<&str> {
    let (name, port) = match host.strip_prefix('[') {
        Some(v6) => {
            let (name, rest) = v6.split_once(']')?;
            match rest {
                "" => (name, None),
                r => (name, Some(r.strip_prefix(':')?)),
            }
        }
        None => match host.split_once(':') {
            Some((name, p)) => (name, Some(p)),
            None => (host, None),
        },
    };
    let port_ok = port.is_none_or(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
    (port_ok && !name.is_empty()).then_some(name)
}

/// This machine's name (its hostname), if the system says it.
#[cfg(unix)]
fn hostname() -> Option<String> {
    let mut buf = [0u8; 256];
    // SAFETY: the buffer is writable for its whole length, which is passed.
    let rc = unsafe { libc::gethostname(buf.as_mut_ptr().cast(), buf.len()) };
    if rc != 0 {
        return None;
    }
    let end = buf.iter().position(|&b| b == 0).unwrap_or(buf.len());
    let name = std::str::from_utf8(&buf[..end]).ok()?.trim();
    (!name.is_empty()).then(|| name.to_string())
}

/// This machine's name: not asked for outside Unix (`--allow-host` names it).
#[cfg(not(unix))]
fn hostname() -> Option<String> {
    None
}

/// Whether `name` may be given to `--allow-host`: a host name or an address, without a port,
/// scheme or path.
pub fn valid_allowed_host(name: &str) -> bool {
    let bare = name.strip_prefix('[').and_then(|n| n.strip_suffix(']')).unwrap_or(name);
    if bare.parse::<IpAddr>().is_ok() {
        return true;
    }
    (1..=253).contains(&name.len())
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.')
        && !name.starts_with(['.', '-'])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_loopback_binding_answers_to_the_loopback_names_only() {
        let names = HostNames::for_binding("127.0.0.1:8080".parse().unwrap(), &[]);
        for ok in ["localhost", "localhost:8080", "127.0.0.1:1", "[::1]:8080", "[::1]", "LOCALHOST:80"] {
            assert!(names.allows(ok), "{ok}");
        }
        for bad in
            ["evil.example", "evil.example:8080", "127.0.0.1.evil:80", "localhost:", "[::1]x", "", "10.0.0.1"]
        {
            assert!(!names.allows(bad), "{bad}");
        }
    }

    #[test]
    fn another_loopback_address_answers_to_itself() {
        let names = HostNames::for_binding("127.0.0.5:8080".parse().unwrap(), &[]);
        for ok in ["127.0.0.5:8080", "127.0.0.5", "localhost:8080", "127.0.0.1:8080"] {
            assert!(names.allows(ok), "{ok}");
        }
        assert!(!names.allows("127.0.0.6:8080"));
    }

    #[test]
    fn another_binding_adds_its_address_the_hostname_and_the_extras() {
        let extra = ["Cavalo.Escola.PT".to_string(), "[fd00::7]".to_string()];
        let names = HostNames::for_binding("192.0.2.7:8080".parse().unwrap(), &extra);
        for ok in ["192.0.2.7:8080", "192.0.2.7", "localhost:8080", "cavalo.escola.pt:8080", "[fd00::7]:80"] {
            assert!(names.allows(ok), "{ok}");
        }
        assert!(names.allows("cavalo.escola.pt.:8080"), "a final dot");
        if let Some(h) = hostname() {
            assert!(names.allows(&format!("{h}:8080")), "{h}");
        }
        for bad in ["evil.example:8080", "192.0.2.8:8080", "escola.pt", ""] {
            assert!(!names.allows(bad), "{bad}");
        }
        let any = HostNames::for_binding("0.0.0.0:8080".parse().unwrap(), &[]);
        assert!(any.allows("127.0.0.1:8080"));
        assert!(!any.allows("evil.example:8080"), "DNS rebinding onto a classroom server");
        for ip in crate::addrs::interface_ips(false) {
            assert!(any.allows(&SocketAddr::new(ip, 8080).to_string()), "{ip}");
        }
    }

    #[test]
    fn extras_are_names_or_addresses() {
        for ok in ["cavalo.escola.pt", "pc-07", "10.0.0.1", "[::1]", "fd00::7"] {
            assert!(valid_allowed_host(ok), "{ok}");
        }
        for bad in ["", "http://x", "x:8080", "a b", ".x", "x/y"] {
            assert!(!valid_allowed_host(bad), "{bad}");
        }
    }
}
