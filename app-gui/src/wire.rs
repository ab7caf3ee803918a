//! The wire's startup settings (docs/reference/wire.md "Carriers and
//! startup arguments"): AmiPilotServer's keywords `TCP`, `TCPPORT`,
//! `TCPPASSWORD`, plus `TCPBIND` (one interface) and `TCPPORTFILE` (where
//! the port goes, for scripts and tests). Pure: the Shell line and the
//! tooltypes both end here.
use alloc::string::String;
use alloc::vec::Vec;

/// How the wire serves, when it is on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WireSettings {
    /// `TCPPORT=`: the TCP port to listen on, 0 to 65535; 0 takes any free
    /// port (reported on the Shell and in [`WireSettings::port_file`]).
    pub port: u16,
    /// `TCPPASSWORD=`: with it, only `VERSION` and `AUTH <password>` are
    /// served before `AUTH` succeeds; without it nothing is gated.
    pub password: Option<Vec<u8>>,
    /// `TCPBIND=a.b.c.d`: the one interface address to listen on (host
    /// order); default 0.0.0.0, every interface (as AmiPilotServer).
    pub bind: u32,
    /// `TCPPORTFILE=<path>`: a file that gets the port, decimal, and a LF
    /// once the server listens.
    pub port_file: Option<Vec<u8>>,
}

/// The wire's keywords as given (Shell or tooltypes), before checking.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WireArgs {
    /// `TCP` given (AmiPilotServer's switch).
    pub tcp: bool,
    /// `TCPPORT=` (may be out of range: checked here).
    pub port: Option<i64>,
    /// `TCPPASSWORD=`.
    pub password: Option<Vec<u8>>,
    /// `TCPBIND=`.
    pub bind: Option<Vec<u8>>,
    /// `TCPPORTFILE=`.
    pub port_file: Option<Vec<u8>>,
}

impl WireArgs {
    /// The wire's settings: `None` (off) when no wire keyword is given;
    /// `TCPPORT` turns it on (`TCP` alone is an error, as in
    /// AmiPilotServer); the others need `TCPPORT`. Err: a sentence for the
    /// user (RC 10 on the Shell).
    pub fn settings(self) -> Result<Option<WireSettings>, String> {
        let Some(port) = self.port else {
            if self.tcp {
                return Err("TCP needs TCPPORT=<port> (0: any free port)".into());
            }
            let others = [
                ("TCPPASSWORD", self.password.is_some()),
                ("TCPBIND", self.bind.is_some()),
                ("TCPPORTFILE", self.port_file.is_some()),
            ];
            return match others.iter().find(|(_, set)| *set) {
                Some((k, _)) => Err(alloc::format!("{k} needs TCPPORT=<port>")),
                None => Ok(None),
            };
        };
        let port = u16::try_from(port).map_err(|_| alloc::format!("TCPPORT must be 0 to 65535, not {port}"))?;
        let bind = match &self.bind {
            None => 0,
            Some(b) => ipv4(b).ok_or_else(|| {
                alloc::format!("TCPBIND must be an IPv4 address a.b.c.d, not \"{}\"", amiga_ndk::latin1::to_string(b))
            })?,
        };
        if let Some(p) = &self.password {
            if p.is_empty() || p.len() > gadgetscope_arexx::PASSWORD_MAX || p.iter().any(|&c| c <= b' ' || c == 0x7f) {
                return Err("TCPPASSWORD must be 1 to 64 characters without blanks".into());
            }
        }
        if self.port_file.as_ref().is_some_and(|f| f.is_empty()) {
            return Err("TCPPORTFILE needs a file name".into());
        }
        Ok(Some(WireSettings { port, password: self.password, bind, port_file: self.port_file }))
    }
}

/// A dotted IPv4 address `a.b.c.d` (each 0 to 255, decimal) in host order.
pub fn ipv4(text: &[u8]) -> Option<u32> {
    let mut parts = text.split(|&b| b == b'.');
    let mut addr = 0u32;
    for _ in 0..4 {
        let p = parts.next()?;
        if p.is_empty() || p.len() > 3 || !p.iter().all(u8::is_ascii_digit) {
            return None;
        }
        let v = p.iter().fold(0u32, |a, &d| a * 10 + u32::from(d - b'0'));
        if v > 255 {
            return None;
        }
        addr = (addr << 8) | v;
    }
    parts.next().is_none().then_some(addr)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn off_unless_a_port_is_named() {
        assert_eq!(WireArgs::default().settings(), Ok(None));
        let tcp_only = WireArgs { tcp: true, ..Default::default() };
        assert_eq!(tcp_only.settings().unwrap_err(), "TCP needs TCPPORT=<port> (0: any free port)");
        let pw = WireArgs { password: Some(b"x".to_vec()), ..Default::default() };
        assert_eq!(pw.settings().unwrap_err(), "TCPPASSWORD needs TCPPORT=<port>");
    }

    #[test]
    fn port_bind_password_file() {
        let a = WireArgs {
            tcp: true,
            port: Some(1234),
            password: Some(b"secret".to_vec()),
            bind: Some(b"127.0.0.1".to_vec()),
            port_file: Some(b"RAM:port".to_vec()),
        };
        let s = a.settings().unwrap().unwrap();
        assert_eq!((s.port, s.bind), (1234, 0x7f00_0001));
        assert_eq!(s.password.as_deref(), Some(&b"secret"[..]));
        let any = WireArgs { port: Some(0), ..Default::default() }.settings().unwrap().unwrap();
        assert_eq!((any.port, any.bind, any.password), (0, 0, None));
        for bad in [-1, 65536] {
            let e = WireArgs { port: Some(bad), ..Default::default() }.settings().unwrap_err();
            assert_eq!(e, alloc::format!("TCPPORT must be 0 to 65535, not {bad}"));
        }
        let e = WireArgs { port: Some(1), bind: Some(b"localhost".to_vec()), ..Default::default() };
        assert_eq!(e.settings().unwrap_err(), "TCPBIND must be an IPv4 address a.b.c.d, not \"localhost\"");
        let e = WireArgs { port: Some(1), password: Some(b"a b".to_vec()), ..Default::default() };
        assert!(e.settings().unwrap_err().starts_with("TCPPASSWORD must be"));
    }

    #[test]
    fn dotted_quads() {
        assert_eq!(ipv4(b"192.168.1.20"), Some(0xc0a8_0114));
        assert_eq!(ipv4(b"0.0.0.0"), Some(0));
        for bad in [&b"1.2.3"[..], b"1.2.3.4.5", b"256.0.0.1", b"1..2.3", b"a.b.c.d", b"1.2.3.4 ", b"0001.2.3.4"] {
            assert_eq!(ipv4(bad), None, "{bad:?}");
        }
    }
}
