//! The wire's startup settings (docs/reference/wire.md "Carriers and
//! startup arguments"): AmiPilotServer's keywords `TCP`, `TCPPORT`,
//! `TCPPASSWORD`, plus `TCPBIND` (one interface) and `TCPPORTFILE` (where
//! the port goes, for scripts and tests); and its serial keywords
//! `SERIAL`, `SERDEVICE`, `SERUNIT`, `BAUD`. Pure: the Shell line and the
//! tooltypes both end here.
use alloc::string::String;
use alloc::vec::Vec;
use amiga_ndk::latin1::decimal;

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
