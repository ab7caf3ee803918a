//! The wire's startup settings (docs/reference/wire.md "Carriers and
//! startup arguments"): AmiPilotServer's keywords `TCP`, `TCPPORT`,
//! `TCPPASSWORD`, plus `TCPBIND` (one interface), `TCPPORTFILE` (where
//! the port goes, for scripts and tests) and `TCPDIAL` (GadgetScope
//! connects out instead of listening); and its serial keywords `SERIAL`,
//! `SERDEVICE`, `SERUNIT`, `BAUD`. Pure: the Shell line and the
//! tooltypes both end here.
use alloc::string::String;
use alloc::vec::Vec;
use amiga_ndk::latin1::decimal;
use amiga_ndk::latin1::to_string as shown;

/// How the wire serves over TCP, when it is on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WireSettings {
    /// `TCPPASSWORD=`: with it, only `VERSION` and `AUTH <password>` are
    /// served before `AUTH` succeeds; without it nothing is gated.
    pub password: Option<Vec<u8>>,
    /// How the connections come: GadgetScope listens, or dials out.
    pub tcp: Tcp,
}

/// How the TCP wire meets its clients.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tcp {
    /// `TCPPORT=`: GadgetScope listens and clients connect in (as
    /// AmiPilotServer).
    Listen {
        /// `TCPPORT=`: the TCP port to listen on, 0 to 65535; 0 takes any
        /// free port (reported on the Shell and in `port_file`).
        port: u16,
        /// `TCPBIND=a.b.c.d`: the one interface address to listen on
        /// (host order); default 0.0.0.0, every interface (as
        /// AmiPilotServer).
        bind: u32,
        /// `TCPPORTFILE=<path>`: a file that gets the port, decimal, and a
        /// LF once the server listens.
        port_file: Option<Vec<u8>>,
    },
    /// `TCPDIAL=<host>:<port>`: GadgetScope connects out to a host that
    /// listens (a machine behind NAT or a firewall can be reached so), and
    /// serves that one connection as a listening wire serves an accepted
    /// one; it dials again [`REDIAL_SECS`] after an attempt fails or the
    /// connection ends.
    Dial(Dial),
}

/// Where `TCPDIAL` connects.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dial {
    /// The host: a dotted quad `a.b.c.d` or a name the TCP/IP stack looks
    /// up (1 to [`DIAL_HOST_MAX`] characters).
    pub host: Vec<u8>,
    /// The host's port, 1 to 65535.
    pub port: u16,
}

/// Seconds between `TCPDIAL`'s attempts: after an attempt that failed and
/// after a connection that ended.
pub const REDIAL_SECS: u32 = 5;
/// Longest `TCPDIAL` host, bytes: a domain name as text (RFC 1035 2.3.4:
/// 255 octets on the wire, 253 characters written out).
pub const DIAL_HOST_MAX: usize = 253;

/// `TCPDIAL`'s value `<host>:<port>`: the host a dotted quad or a name
/// (letters, digits, `-`, `_`, `.`; a host of digits and dots only must
/// be a dotted quad) of 1 to [`DIAL_HOST_MAX`] characters, the port 1 to
/// 65535. Err: a sentence for the user (RC 10 on the Shell).
pub fn dial(text: &[u8]) -> Result<Dial, String> {
    let colon = text.iter().rposition(|&b| b == b':').unwrap_or(0);
    let (Some(host @ [_, ..]), Some(port)) = (text.get(..colon), text.get(colon + 1..)) else {
        return Err(alloc::format!("TCPDIAL must be <host>:<port>, not \"{}\"", shown(text)));
    };
    let name_char = |b: &u8| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.');
    let quad_like = host.iter().all(|b| b.is_ascii_digit() || *b == b'.');
    if host.len() > DIAL_HOST_MAX || !host.iter().all(name_char) || (quad_like && ipv4(host).is_none()) {
        return Err("TCPDIAL's host must be a name or a.b.c.d of at most 253 characters".into());
    }
    match decimal(port) {
        Some(n @ 1..=65535) => Ok(Dial { host: host.to_vec(), port: n as u16 }),
        _ => Err(alloc::format!("TCPDIAL's port must be 1 to 65535, not \"{}\"", shown(port))),
    }
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
    /// `TCPDIAL=` (checked here).
    pub dial: Option<Vec<u8>>,
}

impl WireArgs {
    /// The wire's settings: `None` (off) when no wire keyword is given;
    /// `TCPPORT` turns it on listening, `TCPDIAL` dialing out (the two
    /// together are an error, and so is `TCP` alone, as in
    /// AmiPilotServer); `TCPPASSWORD` needs one of them, `TCPBIND` and
    /// `TCPPORTFILE` need `TCPPORT`. Err: a sentence for the user (RC 10 on
    /// the Shell).
    pub fn settings(self) -> Result<Option<WireSettings>, String> {
        let listen_only = [("TCPBIND", self.bind.is_some()), ("TCPPORTFILE", self.port_file.is_some())];
        let tcp = match (self.port, &self.dial) {
            (Some(_), Some(_)) => return Err("TCPDIAL and TCPPORT do not go together".into()),
            (None, Some(d)) => {
                if let Some((k, _)) = listen_only.iter().find(|(_, set)| *set) {
                    return Err(alloc::format!("{k} goes with TCPPORT, not TCPDIAL"));
                }
                Tcp::Dial(dial(d)?)
            }
            (None, None) => {
                let given = [
                    ("TCP", self.tcp),
                    ("TCPPASSWORD", self.password.is_some()),
                    ("TCPBIND", self.bind.is_some()),
                    ("TCPPORTFILE", self.port_file.is_some()),
                ];
                return match given.iter().position(|(_, set)| *set) {
                    // TCPBIND and TCPPORTFILE need a listening wire.
                    Some(i) => {
                        let or_dial = if i < 2 { " or TCPDIAL=<host>:<port>" } else { "" };
                        Err(alloc::format!("{} needs TCPPORT=<port>{or_dial}", given[i].0))
                    }
                    None => Ok(None),
                };
            }
            (Some(port), None) => {
                let port = u16::try_from(port).map_err(|_| alloc::format!("TCPPORT must be 0 to 65535, not {port}"))?;
                let bind = match &self.bind {
                    None => 0,
                    Some(b) => ipv4(b).ok_or_else(|| {
                        alloc::format!("TCPBIND must be an IPv4 address a.b.c.d, not \"{}\"", shown(b))
                    })?,
                };
                if self.port_file.as_ref().is_some_and(|f| f.is_empty()) {
                    return Err("TCPPORTFILE needs a file name".into());
                }
                Tcp::Listen { port, bind, port_file: self.port_file }
            }
        };
        if let Some(p) = &self.password {
            if p.is_empty() || p.len() > gadgetscope_arexx::PASSWORD_MAX || p.iter().any(|&c| c <= b' ' || c == 0x7f) {
                return Err("TCPPASSWORD must be 1 to 64 characters without blanks".into());
            }
        }
        Ok(Some(WireSettings { password: self.password, tcp }))
    }
}

/// `SERDEVICE`'s default: the built-in port's driver (devices/serial.h
/// `SERIALNAME`).
pub const SERIAL_DEVICE: &[u8] = b"serial.device";
/// `BAUD`'s default, AmiPilotServer's (its `server/WIRE.md`): both ends
/// must use the same rate.
pub const DEFAULT_BAUD: u32 = 19200;
/// The rates serial.device takes, bits per second (serial.device autodoc,
/// SDCMD_SETPARAMS note 1: "between 112 and 292000 baud inclusive").
/// Another `SERDEVICE` (a multi-port card's driver) judges its own rates.
pub const SERIAL_DEVICE_BAUD: core::ops::RangeInclusive<u32> = 112..=292_000;
/// Longest `SERDEVICE` name, bytes (a device name, as `PROFILEDIR`'s
/// paths).
pub const SERDEVICE_MAX: usize = 255;

/// How the serial wire serves, when it is on: 8 data bits, no parity, one
/// stop bit, XON/XOFF off (AmiPilot's line), at `baud`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SerialSettings {
    /// `SERDEVICE=`: the exec device to open, default `serial.device`.
    pub device: Vec<u8>,
    /// `SERUNIT=`: its unit, default 0.
    pub unit: u32,
    /// `BAUD=`: bits per second, default [`DEFAULT_BAUD`].
    pub baud: u32,
}

/// The serial keywords as given (Shell or tooltypes), before checking.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SerialArgs {
    /// `SERIAL` given (AmiPilotServer's switch): the serial wire is on.
    pub serial: bool,
    /// `SERDEVICE=`.
    pub device: Option<Vec<u8>>,
    /// `SERUNIT=` (may be negative: checked here).
    pub unit: Option<i64>,
    /// `BAUD=` (checked here).
    pub baud: Option<i64>,
}

impl SerialArgs {
    /// The serial wire's settings: `None` (off) without `SERIAL`; the
    /// others need `SERIAL`. Err: a sentence for the user (RC 10 on the
    /// Shell, a warning for a tooltype).
    pub fn settings(self) -> Result<Option<SerialSettings>, String> {
        if !self.serial {
            let others =
                [("SERDEVICE", self.device.is_some()), ("SERUNIT", self.unit.is_some()), ("BAUD", self.baud.is_some())];
            return match others.iter().find(|(_, set)| *set) {
                Some((k, _)) => Err(alloc::format!("{k} needs SERIAL")),
                None => Ok(None),
            };
        }
        let device = self.device.unwrap_or_else(|| SERIAL_DEVICE.to_vec());
        if device.is_empty() || device.len() > SERDEVICE_MAX || device.iter().any(|&b| b < 0x20 || b == 0x7f) {
            return Err(alloc::format!("SERDEVICE must be a device name of 1 to {SERDEVICE_MAX} characters"));
        }
        let unit = match self.unit {
            None => 0,
            Some(u) => u32::try_from(u).map_err(|_| alloc::format!("SERUNIT must be 0 or more, not {u}"))?,
        };
        let baud = match self.baud {
            None => DEFAULT_BAUD,
            Some(b) => match u32::try_from(b) {
                Ok(b) if b > 0 => b,
                _ => return Err(alloc::format!("BAUD must be a rate in bits per second, not {b}")),
            },
        };
        if device.eq_ignore_ascii_case(SERIAL_DEVICE) && !SERIAL_DEVICE_BAUD.contains(&baud) {
            return Err(alloc::format!(
                "BAUD must be {} to {} for serial.device, not {baud}",
                SERIAL_DEVICE_BAUD.start(),
                SERIAL_DEVICE_BAUD.end()
            ));
        }
        Ok(Some(SerialSettings { device, unit, baud }))
    }
}

/// A dotted IPv4 address `a.b.c.d` (each 0 to 255, decimal) in host order.
pub fn ipv4(text: &[u8]) -> Option<u32> {
    let mut parts = text.split(|&b| b == b'.');
    let mut addr = 0u32;
    for _ in 0..4 {
        let p = parts.next()?;
        // At most three digits each, as the dotted quad is written.
        let v = decimal(p).filter(|&v| p.len() <= 3 && v <= 255)?;
        addr = (addr << 8) | v as u32;
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
        assert_eq!(tcp_only.settings().unwrap_err(), "TCP needs TCPPORT=<port> or TCPDIAL=<host>:<port>");
        let pw = WireArgs { password: Some(b"x".to_vec()), ..Default::default() };
        assert_eq!(pw.settings().unwrap_err(), "TCPPASSWORD needs TCPPORT=<port> or TCPDIAL=<host>:<port>");
        let bind = WireArgs { bind: Some(b"127.0.0.1".to_vec()), ..Default::default() };
        assert_eq!(bind.settings().unwrap_err(), "TCPBIND needs TCPPORT=<port>");
    }

    fn listen(s: WireSettings) -> (u16, u32, Option<Vec<u8>>) {
        match s.tcp {
            Tcp::Listen { port, bind, port_file } => (port, bind, port_file),
            Tcp::Dial(d) => panic!("dials {d:?}"),
        }
    }

    #[test]
    fn port_bind_password_file() {
        let a = WireArgs {
            tcp: true,
            port: Some(1234),
            password: Some(b"secret".to_vec()),
            bind: Some(b"127.0.0.1".to_vec()),
            port_file: Some(b"RAM:port".to_vec()),
            dial: None,
        };
        let s = a.settings().unwrap().unwrap();
        assert_eq!(s.password.as_deref(), Some(&b"secret"[..]));
        assert_eq!(listen(s), (1234, 0x7f00_0001, Some(b"RAM:port".to_vec())));
        let any = WireArgs { port: Some(0), ..Default::default() }.settings().unwrap().unwrap();
        assert_eq!(any.password, None);
        assert_eq!(listen(any), (0, 0, None));
        for bad in [-1, 65536] {
            let e = WireArgs { port: Some(bad), ..Default::default() }.settings().unwrap_err();
            assert_eq!(e, alloc::format!("TCPPORT must be 0 to 65535, not {bad}"));
        }
        let e = WireArgs { port: Some(1), bind: Some(b"localhost".to_vec()), ..Default::default() };
        assert_eq!(e.settings().unwrap_err(), "TCPBIND must be an IPv4 address a.b.c.d, not \"localhost\"");
        let e = WireArgs { port: Some(1), password: Some(b"a b".to_vec()), ..Default::default() };
        assert!(e.settings().unwrap_err().starts_with("TCPPASSWORD must be"));
    }

    fn dial_args(v: &str) -> WireArgs {
        WireArgs { dial: Some(v.as_bytes().to_vec()), ..Default::default() }
    }

    #[test]
    fn dial_out_to_a_quad_or_a_name() {
        let s = dial_args("192.168.1.20:1234").settings().unwrap().unwrap();
        assert_eq!(
            s,
            WireSettings { password: None, tcp: Tcp::Dial(Dial { host: b"192.168.1.20".to_vec(), port: 1234 }) }
        );
        for (text, host, port) in [
            ("127.0.0.1:1", "127.0.0.1", 1),
            ("host.example.org:65535", "host.example.org", 65535),
            ("my-pc_2:01234", "my-pc_2", 1234),
            ("localhost:22", "localhost", 22),
        ] {
            assert_eq!(dial(text.as_bytes()), Ok(Dial { host: host.as_bytes().to_vec(), port }), "{text}");
        }
        // With the password and AmiPilotServer's TCP switch.
        let a = WireArgs { tcp: true, password: Some(b"pw".to_vec()), ..dial_args("10.0.0.2:1234") };
        assert_eq!(a.settings().unwrap().unwrap().password.as_deref(), Some(&b"pw"[..]));
        let h = "h".repeat(DIAL_HOST_MAX);
        assert_eq!(dial(format!("{h}:1").as_bytes()).map(|d| d.host.len()), Ok(DIAL_HOST_MAX));
    }

    #[test]
    fn bad_dial_values_are_named() {
        let host = "TCPDIAL's host must be a name or a.b.c.d of at most 253 characters";
        let cases = [
            ("1234", "TCPDIAL must be <host>:<port>, not \"1234\""),
            ("", "TCPDIAL must be <host>:<port>, not \"\""),
            (":1234", "TCPDIAL must be <host>:<port>, not \":1234\""),
            ("host:0", "TCPDIAL's port must be 1 to 65535, not \"0\""),
            ("host:65536", "TCPDIAL's port must be 1 to 65535, not \"65536\""),
            ("host:99999999999999999999999", "TCPDIAL's port must be 1 to 65535, not \"99999999999999999999999\""),
            ("host:", "TCPDIAL's port must be 1 to 65535, not \"\""),
            ("host:-1", "TCPDIAL's port must be 1 to 65535, not \"-1\""),
            ("host:0x10", "TCPDIAL's port must be 1 to 65535, not \"0x10\""),
            ("a b:1", host),
            ("1.2.3.256:1", host),
            ("1.2.3:1", host),
            ("::1:80", host),
            ("h\u{e9}te:1", host),
        ];
        for (text, want) in cases {
            let bytes: Vec<u8> = text.chars().map(|c| c as u8).collect();
            let a = WireArgs { dial: Some(bytes), ..Default::default() };
            assert_eq!(a.settings().unwrap_err(), want, "{text:?}");
        }
        let long = format!("{}:1", "h".repeat(DIAL_HOST_MAX + 1));
        assert_eq!(dial_args(&long).settings().unwrap_err(), host);
        assert!(host.contains(&DIAL_HOST_MAX.to_string()), "the sentence names the limit");
    }

    #[test]
    fn dial_and_listen_do_not_go_together() {
        let both = WireArgs { port: Some(1234), ..dial_args("10.0.0.2:1234") };
        assert_eq!(both.settings().unwrap_err(), "TCPDIAL and TCPPORT do not go together");
        let both = WireArgs { port: Some(0), ..dial_args("bad") };
        assert_eq!(both.settings().unwrap_err(), "TCPDIAL and TCPPORT do not go together", "named first");
        let bind = WireArgs { bind: Some(b"10.0.0.1".to_vec()), ..dial_args("10.0.0.2:1234") };
        assert_eq!(bind.settings().unwrap_err(), "TCPBIND goes with TCPPORT, not TCPDIAL");
        let file = WireArgs { port_file: Some(b"T:port".to_vec()), ..dial_args("10.0.0.2:1234") };
        assert_eq!(file.settings().unwrap_err(), "TCPPORTFILE goes with TCPPORT, not TCPDIAL");
        let pw = WireArgs { password: Some(vec![b'p'; 65]), ..dial_args("10.0.0.2:1234") };
        assert!(pw.settings().unwrap_err().starts_with("TCPPASSWORD must be"));
    }

    #[test]
    fn serial_is_off_unless_switched_on() {
        assert_eq!(SerialArgs::default().settings(), Ok(None));
        let unit = SerialArgs { unit: Some(1), ..Default::default() };
        assert_eq!(unit.settings().unwrap_err(), "SERUNIT needs SERIAL");
        let dev = SerialArgs { device: Some(b"x.device".to_vec()), baud: Some(9600), ..Default::default() };
        assert_eq!(dev.settings().unwrap_err(), "SERDEVICE needs SERIAL");
        let baud = SerialArgs { baud: Some(9600), ..Default::default() };
        assert_eq!(baud.settings().unwrap_err(), "BAUD needs SERIAL");
    }

    #[test]
    fn serial_defaults_are_amipilots() {
        let s = SerialArgs { serial: true, ..Default::default() }.settings().unwrap().unwrap();
        assert_eq!(s, SerialSettings { device: b"serial.device".to_vec(), unit: 0, baud: 19200 });
        let s = SerialArgs { serial: true, device: Some(b"duart.device".to_vec()), unit: Some(3), baud: Some(460_800) };
        assert_eq!(
            s.settings().unwrap().unwrap(),
            SerialSettings { device: b"duart.device".to_vec(), unit: 3, baud: 460_800 },
            "another driver judges its own rates"
        );
    }

    #[test]
    fn bad_serial_values_are_named() {
        let on = |f: fn(&mut SerialArgs)| {
            let mut a = SerialArgs { serial: true, ..Default::default() };
            f(&mut a);
            a.settings()
        };
        assert_eq!(on(|a| a.unit = Some(-1)).unwrap_err(), "SERUNIT must be 0 or more, not -1");
        assert_eq!(on(|a| a.baud = Some(0)).unwrap_err(), "BAUD must be a rate in bits per second, not 0");
        assert_eq!(on(|a| a.baud = Some(-9600)).unwrap_err(), "BAUD must be a rate in bits per second, not -9600");
        assert_eq!(on(|a| a.baud = Some(111)).unwrap_err(), "BAUD must be 112 to 292000 for serial.device, not 111");
        assert_eq!(
            on(|a| a.baud = Some(292_001)).unwrap_err(),
            "BAUD must be 112 to 292000 for serial.device, not 292001"
        );
        assert_eq!(on(|a| a.baud = Some(112)).unwrap().unwrap().baud, 112);
        assert_eq!(on(|a| a.baud = Some(292_000)).unwrap().unwrap().baud, 292_000);
        assert_eq!(
            on(|a| a.device = Some(Vec::new())).unwrap_err(),
            "SERDEVICE must be a device name of 1 to 255 characters"
        );
        assert!(on(|a| a.device = Some(b"a\x01.device".to_vec())).is_err());
        assert!(on(|a| a.device = Some(vec![b'd'; 256])).is_err());
        assert!(on(|a| a.device = Some(vec![b'd'; 255])).is_ok());
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
