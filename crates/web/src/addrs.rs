//! The addresses of `cavalo serve`: the `--host` it is given (an IP address, `[::1]`, or a name
//! such as `localhost`, resolved), and the addresses it really serves, to print.

use std::net::{IpAddr, Ipv4Addr, SocketAddr, ToSocketAddrs};

/// The address `host` names: an IPv4 or IPv6 address (brackets allowed), or a name resolved by
/// the system (`localhost`: the IPv4 loopback first).
pub fn resolve(host: &str) -> std::io::Result<IpAddr> {
    let bare = host.strip_prefix('[').and_then(|h| h.strip_suffix(']')).unwrap_or(host);
    if let Ok(ip) = bare.parse::<IpAddr>() {
        return Ok(ip);
    }
    if bare.eq_ignore_ascii_case("localhost") {
        return Ok(IpAddr::V4(Ipv4Addr::LOCALHOST));
    }
    let not_found = || {
        std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!("`{host}` is not an IP address nor a name of this network"),
        )
    };
    let addrs: Vec<SocketAddr> = (bare, 0).to_socket_addrs().map_err(|_| not_found())?.collect();
    addrs.iter().find(|a| a.is_ipv4()).or(addrs.first()).map(|a| a.ip()).ok_or_else(not_found)
}

/// The URLs a server bound to `bound` answers at: that address, or for an unspecified one
/// (`0.0.0.0`, `::`) the loopback address and every other address of this machine's network
/// interfaces (of the family it listens on; both for `::`).
pub fn urls(bound: SocketAddr) -> Vec<String> {
    let url = |ip: IpAddr| format!("http://{}/", SocketAddr::new(ip, bound.port()));
    if !bound.ip().is_unspecified() {
        return vec![url(bound.ip())];
    }
    let mut out = vec![url(IpAddr::V4(Ipv4Addr::LOCALHOST))];
    out.extend(interface_ips(bound.is_ipv6()).into_iter().map(url));
    out
}

/// The addresses of this machine's network interfaces but the loopback (and IPv6 link-local)
/// ones, sorted: the IPv4 ones, and the IPv6 ones too when `v6`.
pub fn interface_ips(v6: bool) -> Vec<IpAddr> {
    let mut ips: Vec<IpAddr> = if_addrs::get_if_addrs()
        .unwrap_or_default()
        .into_iter()
        .map(|i| i.ip())
        .filter(|ip| !ip.is_loopback() && (v6 || ip.is_ipv4()))
        .filter(|ip| !matches!(ip, IpAddr::V6(a) if a.is_unicast_link_local()))
        .collect();
    ips.sort();
    ips.dedup();
    ips
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_resolve() {
        assert_eq!(resolve("127.0.0.1").unwrap(), IpAddr::V4(Ipv4Addr::LOCALHOST));
        assert_eq!(resolve("localhost").unwrap(), IpAddr::V4(Ipv4Addr::LOCALHOST));
        assert_eq!(resolve("::1").unwrap(), "::1".parse::<IpAddr>().unwrap());
        assert_eq!(resolve("[::1]").unwrap(), "::1".parse::<IpAddr>().unwrap());
        assert!(resolve("no such host.invalid").is_err());
    }

    #[test]
    fn an_unspecified_address_lists_loopback_and_the_interfaces() {
        let urls = urls("0.0.0.0:8080".parse().unwrap());
        assert_eq!(urls[0], "http://127.0.0.1:8080/");
        assert!(urls.iter().all(|u| !u.contains("0.0.0.0")), "{urls:?}");
        assert_eq!(super::urls("127.0.0.1:9".parse().unwrap()), ["http://127.0.0.1:9/"]);
    }
}
