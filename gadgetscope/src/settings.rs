//! Start-up settings: Workbench tooltypes of the program icon and of the
//! project icons it was started with (docs/reference/formats.md,
//! "Settings": `PORTNAME`, `STARTUP`, `CX_POPUP`, `REFRESH`, `PROFILEDIR`,
//! `CX_POPKEY`, `CX_PRIORITY`, `FSROOT`), the Shell's `STARTUP=`,
//! `REFRESH=`, `PROFILEDIR=`, `PORTNAME=` and `FSROOT=` (crate::shell).
//! (The window remembers its box itself: `gadgetscope_window::prefs`.)
//!
//! One validator per setting, shared by both sources: from the Shell a bad
//! value is an error (the command does not run); from tooltypes it is a
//! warning and the default stays, as Workbench programs treat tooltypes
//! (unknown tooltypes are ignored, the first of two equal ones counts, as
//! icon.library's `FindToolType()` finds the first).

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
// PROFILEDIR and each FSROOT directory: a path (docs/reference/commands.md, "Limits").
use amiga_ndk::dos::PATH_MAX;
use amiga_ndk::latin1::signed_decimal;
use amiga_ndk::latin1::to_string as shown;

/// Default directory of quirk profiles (docs/reference/formats.md, "Recording a
/// quirk profile"; created on demand).
pub const DEFAULT_PROFILE_DIR: &[u8] = b"ENVARC:GadgetScope/Profiles";
/// Default commodity hotkey, a commodities.library input description
/// (`ParseIX()` syntax), checked there when the broker is made.
pub const DEFAULT_POPKEY: &[u8] = b"ctrl alt g";
/// Default list refresh interval, seconds.
pub const DEFAULT_REFRESH: u16 = 1;
/// Longest refresh interval, seconds (one hour).
pub const REFRESH_MAX: u16 = 3600;
/// Longest port name, bytes (docs/reference/commands.md, "The port": the
/// `PORTNAME=` override; the same 31 the Shell's `NOGUI PORTNAME=` allows).
pub const PORT_NAME_MAX: usize = 31;
/// Longest `CX_POPKEY` description, bytes.
pub const POPKEY_MAX: usize = 127;

/// How the program starts from Workbench or the Shell.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Startup {
    /// `STARTUP=OPEN` (default): the window opens.
    #[default]
    Open,
    /// `STARTUP=ICONIFIED`: only the AppIcon (and the ARexx port).
    Iconified,
}

/// Everything the program starts with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// `PORTNAME=`: the exact ARexx port name (1 to 31 characters); `None`: the
    /// first free `GADGETSCOPE.1` … `.99` (docs/reference/commands.md, "The
    /// port").
    pub port_name: Option<Vec<u8>>,
    /// `STARTUP=OPEN|ICONIFIED` (case-insensitive), default open.
    /// `CX_POPUP=NO` (commodities convention) means iconified when no
    /// `STARTUP` tooltype is given.
    pub startup: Startup,
    /// `REFRESH=`: seconds between list refreshes, 1 to 3600, 0 = off;
    /// default 1.
    pub refresh: u16,
    /// `PROFILEDIR=`: where profiles are saved and loaded, default
    /// `ENVARC:GadgetScope/Profiles`.
    pub profile_dir: Vec<u8>,
    /// `CX_POPKEY=`: the commodity hotkey description, default `ctrl alt g`.
    pub popkey: Vec<u8>,
    /// `CX_PRIORITY=`: the commodity broker priority, -128 to 127, default 0.
    pub cx_priority: i8,
    /// `FSROOT=`: the directories granted to the file verbs (FSLIST …
    /// FSPUT); none by default, and then those verbs are off.
    pub fs_roots: Vec<Vec<u8>>,
    /// `TCPPORT=` or `TCPDIAL=` and the other wire keywords
    /// (gadgetscope_transport::settings): the TCP wire, off (`None`) unless
    /// a port to listen on or a host to dial is named.
    pub wire: Option<gadgetscope_transport::settings::WireSettings>,
    /// `SERIAL` with `SERDEVICE=`, `SERUNIT=`, `BAUD=` (gadgetscope_transport::settings): the
    /// serial wire, off (`None`) unless `SERIAL` is given.
    pub serial: Option<gadgetscope_transport::settings::SerialSettings>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            port_name: None,
            startup: Startup::Open,
            refresh: DEFAULT_REFRESH,
            profile_dir: DEFAULT_PROFILE_DIR.to_vec(),
            popkey: DEFAULT_POPKEY.to_vec(),
            cx_priority: 0,
            fs_roots: Vec::new(),
            wire: None,
            serial: None,
        }
    }
}

fn has_control(v: &[u8]) -> bool {
    v.iter().any(|&b| b < 0x20 || b == 0x7f)
}

/// `PORTNAME`: 1 to 31 characters, no control characters.
pub fn port_name(v: &[u8]) -> Result<Vec<u8>, String> {
    if v.is_empty() || v.len() > PORT_NAME_MAX || has_control(v) {
        return Err(String::from("PORTNAME must be 1 to 31 characters"));
    }
    Ok(v.to_vec())
}

/// `STARTUP`: `OPEN` or `ICONIFIED`, any case.
pub fn startup(v: &[u8]) -> Result<Startup, String> {
    if v.eq_ignore_ascii_case(b"OPEN") {
        Ok(Startup::Open)
    } else if v.eq_ignore_ascii_case(b"ICONIFIED") {
        Ok(Startup::Iconified)
    } else {
        Err(String::from("STARTUP must be OPEN or ICONIFIED"))
    }
}

/// `REFRESH` as a number: 0 (off) or 1 to 3600 seconds.
pub fn refresh(n: i64) -> Result<u16, String> {
    match u16::try_from(n) {
        Ok(s) if s <= REFRESH_MAX => Ok(s),
        _ => Err(format!("REFRESH must be 0 (off) or 1 to {REFRESH_MAX} seconds, not {n}")),
    }
}

/// A number as the Shell line and the tooltypes give it: decimal with an
/// optional `-` or `+` (`amiga_ndk::latin1::signed_decimal`). `None` also for a
/// number too large for 64 bits, so that no message shows a saturated
/// value. The Shell's keywords are read as text, not as `ReadArgs()`'s
/// `/N`, because `StrToLong()` wraps at 32 bits (`TCPPORT=4294967296`
/// would be port 0).
pub fn number(v: &[u8]) -> Option<i64> {
    let v = v.strip_prefix(b"+").filter(|d| d.first() != Some(&b'-')).unwrap_or(v);
    signed_decimal(v).filter(|&n| n != i64::MAX && n != i64::MIN)
}

/// `REFRESH` as text (a tooltype or the Shell's `REFRESH=`).
pub fn refresh_text(v: &[u8]) -> Result<u16, String> {
    match number(v) {
        Some(n) => refresh(n),
        None => Err(format!("REFRESH must be a number of seconds, 0 (off) or 1 to {REFRESH_MAX}")),
    }
}

/// The wire's numbers as text (`TCPPORT`, `SERUNIT`, `BAUD`), by key:
/// a number, whose range [`gadgetscope_transport::settings::WireArgs`] and
/// [`gadgetscope_transport::settings::SerialArgs`] check; else the sentence that says what
/// the key takes.
pub fn wire_number(key: &[u8], v: &[u8]) -> Result<i64, String> {
    number(v).ok_or_else(|| {
        String::from(match key {
            b"TCPPORT" => "TCPPORT must be a number, 0 to 65535",
            b"SERUNIT" => "SERUNIT must be a number, 0 or more",
            _ => "BAUD must be a number, such as 19200",
        })
    })
}

/// `PROFILEDIR`: a path of 1 to 255 characters.
pub fn profile_dir(v: &[u8]) -> Result<Vec<u8>, String> {
    if v.is_empty() || v.len() > PATH_MAX || has_control(v) {
        return Err(format!("PROFILEDIR must be a path of 1 to {PATH_MAX} characters"));
    }
    Ok(v.to_vec())
}

/// Most `FSROOT` directories.
pub const FS_ROOTS_MAX: usize = 16;

/// `FSROOT`: the directories the file verbs may reach, as a tooltype
/// `FSROOT=Work:a|Work:b` (`|` between values, as icon.library's
/// `MatchToolValue()` reads them) or the Shell's `FSROOT=` given again for
/// each; each a path of 1 to 255 characters.
pub fn fs_roots<'v>(values: impl IntoIterator<Item = &'v [u8]>) -> Result<Vec<Vec<u8>>, String> {
    let mut out = Vec::new();
    for v in values {
        for p in v.split(|&b| b == b'|').map(trim) {
            if p.is_empty() || p.len() > PATH_MAX || has_control(p) {
                return Err(format!("FSROOT must be directories of 1 to {PATH_MAX} characters, separated by |"));
            }
            out.push(p.to_vec());
        }
    }
    if out.len() > FS_ROOTS_MAX {
        return Err(format!("FSROOT takes at most {FS_ROOTS_MAX} directories"));
    }
    Ok(out)
}

/// `CX_POPKEY`: a description of 1 to 127 characters (its syntax is
/// commodities.library's to judge).
pub fn popkey(v: &[u8]) -> Result<Vec<u8>, String> {
    if v.is_empty() || v.len() > POPKEY_MAX || has_control(v) {
        return Err(format!(
            "CX_POPKEY must be a key description of 1 to {POPKEY_MAX} characters, such as \"ctrl alt g\""
        ));
    }
    Ok(v.to_vec())
}

/// `CX_PRIORITY`: -128 to 127.
pub fn cx_priority(v: &[u8]) -> Result<i8, String> {
    number(v)
        .and_then(|n| i8::try_from(n).ok())
        .ok_or_else(|| String::from("CX_PRIORITY must be a number from -128 to 127"))
}

/// `CX_POPUP`: `YES` or `NO`, any case.
fn popup(v: &[u8]) -> Result<bool, String> {
    yes_no(v, false).map_err(|_| String::from("CX_POPUP must be YES or NO"))
}

/// A switch tooltype's value: `YES` or `NO`, any case; with `bare`, an
/// empty value (the key alone, `SERIAL`) means yes.
fn yes_no(v: &[u8], bare: bool) -> Result<bool, String> {
    if v.eq_ignore_ascii_case(b"YES") || (bare && v.is_empty()) {
        Ok(true)
    } else if v.eq_ignore_ascii_case(b"NO") {
        Ok(false)
    } else {
        Err(String::from("SERIAL takes no value, or YES or NO"))
    }
}

fn trim(v: &[u8]) -> &[u8] {
    let blank = |b: &u8| *b == b' ' || *b == b'\t';
    let start = v.iter().position(|b| !blank(b)).unwrap_or(v.len());
    let end = v.iter().rposition(|b| !blank(b)).map_or(start, |i| i + 1);
    &v[start..end]
}

/// Every tooltype the program reads, by key.
pub const TOOLTYPES: [&[u8]; 17] = [
    b"PORTNAME",
    b"STARTUP",
    b"REFRESH",
    b"PROFILEDIR",
    b"CX_POPKEY",
    b"CX_PRIORITY",
    b"CX_POPUP",
    b"FSROOT",
    b"TCPPORT",
    b"TCPPASSWORD",
    b"TCPBIND",
    b"TCPPORTFILE",
    b"TCPDIAL",
    b"SERIAL",
    b"SERDEVICE",
    b"SERUNIT",
    b"BAUD",
];

/// The key of a tooltype read as a setting: the [`TOOLTYPES`] entry its
/// `KEY` part (before `=`, blanks trimmed) names, case-insensitively, and
/// the value (blanks trimmed); `None` for any other tooltype, including
/// a disabled `(KEY=value)`.
fn setting(t: &[u8]) -> Option<(&'static [u8], &[u8])> {
    let (key, value) = match t.iter().position(|&b| b == b'=') {
        Some(i) => (trim(&t[..i]), trim(&t[i + 1..])),
        None => (trim(t), &t[..0]),
    };
    TOOLTYPES.iter().find(|k| k.eq_ignore_ascii_case(key)).map(|&k| (k, value))
}

impl Settings {
    /// Settings from the tooltypes of every icon of a Workbench start
    /// (`WBStartup` `sm_ArgList`): the tool's own icon first, then the
    /// project icons in order. Within one icon the first of two equal
    /// keys counts (as `FindToolType()` finds it); a later icon's setting
    /// overrides an earlier one's, so a project icon (e.g. one in
    /// WBStartup) can start the program with its own `STARTUP` or
    /// `PORTNAME`. Warnings as for [`Settings::from_tooltypes`].
    pub fn from_icons(icons: &[Vec<Vec<u8>>]) -> (Settings, Vec<String>) {
        let mut merged: Vec<&Vec<u8>> = Vec::new();
        for icon in icons {
            let mut seen: Vec<&[u8]> = Vec::new();
            for t in icon {
                let Some((k, _)) = setting(t) else { continue };
                if seen.contains(&k) {
                    continue;
                }
                seen.push(k);
                match merged.iter().position(|m| setting(m).map(|(mk, _)| mk) == Some(k)) {
                    Some(i) => merged[i] = t,
                    None => merged.push(t),
                }
            }
        }
        let merged: Vec<Vec<u8>> = merged.into_iter().cloned().collect();
        Settings::from_tooltypes(&merged)
    }

    /// Settings from the program icon's tooltypes (`KEY=value`, keys
    /// case-insensitive, values trimmed of blanks). Unknown tooltypes,
    /// and disabled ones written `(KEY=value)`, are ignored; of two
    /// equal keys the first counts. A bad value keeps the default and adds
    /// a warning sentence naming the tooltype.
    pub fn from_tooltypes(tt: &[Vec<u8>]) -> (Settings, Vec<String>) {
        let mut s = Settings::default();
        let mut warnings = Vec::new();
        let mut seen: Vec<&[u8]> = Vec::new();
        let mut popup_no = false;
        let mut startup_given = false;
        let mut wire = gadgetscope_transport::settings::WireArgs::default();
        let mut serial = gadgetscope_transport::settings::SerialArgs::default();
        for t in tt {
            let Some((k, value)) = setting(t) else { continue };
            if seen.contains(&k) {
                continue;
            }
            seen.push(k);
            let result = match k {
                b"PORTNAME" => port_name(value).map(|v| s.port_name = Some(v)),
                b"STARTUP" => startup(value).map(|v| {
                    s.startup = v;
                    startup_given = true;
                }),
                b"REFRESH" => refresh_text(value).map(|v| s.refresh = v),
                b"PROFILEDIR" => profile_dir(value).map(|v| s.profile_dir = v),
                b"CX_POPKEY" => popkey(value).map(|v| s.popkey = v),
                b"CX_PRIORITY" => cx_priority(value).map(|v| s.cx_priority = v),
                b"FSROOT" => fs_roots([value]).map(|v| s.fs_roots = v),
                b"TCPPORT" => wire_number(k, value).map(|n| wire.port = Some(n)),
                b"TCPPASSWORD" => {
                    wire.password = Some(value.to_vec());
                    Ok(())
                }
                b"TCPBIND" => {
                    wire.bind = Some(value.to_vec());
                    Ok(())
                }
                b"TCPPORTFILE" => {
                    wire.port_file = Some(value.to_vec());
                    Ok(())
                }
                b"TCPDIAL" => {
                    wire.dial = Some(value.to_vec());
                    Ok(())
                }
                b"SERIAL" => yes_no(value, true).map(|on| serial.serial = on),
                b"SERDEVICE" => {
                    serial.device = Some(value.to_vec());
                    Ok(())
                }
                b"SERUNIT" => wire_number(k, value).map(|n| serial.unit = Some(n)),
                b"BAUD" => wire_number(k, value).map(|n| serial.baud = Some(n)),
                _ => popup(value).map(|v| popup_no = !v),
            };
            if let Err(reason) = result {
                warnings.push(format!("tooltype {} ignored: {reason}", shown(t)));
            }
        }
        if popup_no && !startup_given {
            s.startup = Startup::Iconified;
        }
        match wire.settings() {
            Ok(w) => s.wire = w,
            Err(reason) => warnings.push(format!("the wire stays off: {reason}")),
        }
        match serial.settings() {
            Ok(v) => s.serial = v,
            Err(reason) => warnings.push(format!("the serial wire stays off: {reason}")),
        }
        (s, warnings)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gadgetscope_transport::settings::{Dial, Tcp, WireSettings};

    fn tt(list: &[&str]) -> Vec<Vec<u8>> {
        list.iter().map(|s| s.as_bytes().to_vec()).collect()
    }

    #[test]
    fn defaults() {
        let s = Settings::default();
        assert_eq!(s.port_name, None);
        assert_eq!(s.startup, Startup::Open);
        assert_eq!(s.refresh, 1);
        assert_eq!(s.profile_dir, b"ENVARC:GadgetScope/Profiles");
        assert_eq!(s.popkey, b"ctrl alt g");
        assert_eq!(s.cx_priority, 0);
        assert_eq!(Settings::from_tooltypes(&[]), (Settings::default(), Vec::new()));
    }

    /// The tooltypes of a shipped icon (icons/src/lib.rs `ICONS`).
    fn shipped(file: &str) -> Vec<Vec<u8>> {
        let spec = icons::ICONS.iter().find(|s| s.file == file).unwrap_or_else(|| panic!("no {file}"));
        tt(spec.tool_types)
    }

    #[test]
    fn the_shipped_icon_gives_the_defaults_and_its_port() {
        let (s, w) = Settings::from_tooltypes(&shipped("GadgetScope.info"));
        assert!(w.is_empty(), "{w:?}");
        assert_eq!(s, Settings { port_name: Some(b"GADGETSCOPE.1".to_vec()), ..Settings::default() });
    }

    /// The program icon shows every tooltype the program reads, switched
    /// on or as a disabled `(KEY=default)`, once, and nothing else; only
    /// the port is switched on.
    #[test]
    fn the_shipped_icon_shows_every_tooltype_read() {
        let icon = shipped("GadgetScope.info");
        let key = |t: &[u8]| -> Vec<u8> {
            let t = t.strip_prefix(b"(").and_then(|t| t.strip_suffix(b")")).unwrap_or(t);
            t.split(|&b| b == b'=').next().unwrap_or_default().to_vec()
        };
        let mut shown: Vec<Vec<u8>> = icon.iter().map(|t| key(t)).collect();
        shown.sort();
        let mut read: Vec<Vec<u8>> = TOOLTYPES.iter().map(|k| k.to_vec()).collect();
        read.sort();
        assert_eq!(shown, read);
        let on: Vec<&Vec<u8>> = icon.iter().filter(|t| !t.starts_with(b"(")).collect();
        assert_eq!(on, [b"PORTNAME=GADGETSCOPE.1"]);
    }

    #[test]
    fn the_wbstartup_icon_starts_the_shipped_program_iconified() {
        let (s, w) = Settings::from_icons(&[shipped("GadgetScope.info"), shipped("WBStartup.info")]);
        assert!(w.is_empty(), "{w:?}");
        assert_eq!(s.startup, Startup::Iconified);
        assert_eq!(s.port_name.as_deref(), Some(&b"GADGETSCOPE.1"[..]));
    }

    #[test]
    fn later_icons_override_earlier_ones() {
        let tool = tt(&["PORTNAME=TOOL", "STARTUP=OPEN", "REFRESH=5", "PORTNAME=SECOND"]);
        let project = tt(&["portname = PROJ", "REFRESH=7", "REFRESH=9", "(STARTUP=ICONIFIED)", "DONOTWAIT"]);
        let (s, w) = Settings::from_icons(&[tool.clone(), project]);
        assert!(w.is_empty(), "{w:?}");
        // Project: its first REFRESH and its PORTNAME; the disabled
        // STARTUP is no setting, so the tool's stays.
        assert_eq!((s.port_name.as_deref(), s.refresh, s.startup), (Some(&b"PROJ"[..]), 7, Startup::Open));
        // One icon alone reads as from_tooltypes does.
        assert_eq!(Settings::from_icons(core::slice::from_ref(&tool)), Settings::from_tooltypes(&tool));
        assert_eq!(Settings::from_icons(&[]), (Settings::default(), Vec::new()));
        // A project's bad value replaces the tool's: default and a warning.
        let (s, w) = Settings::from_icons(&[tool, tt(&["REFRESH=x"])]);
        assert_eq!((s.refresh, w.len()), (DEFAULT_REFRESH, 1));
        // A project's CX_POPUP=NO iconifies unless some icon gives STARTUP.
        let (s, _) = Settings::from_icons(&[tt(&["PORTNAME=A"]), tt(&["CX_POPUP=NO"])]);
        assert_eq!(s.startup, Startup::Iconified);
        let (s, _) = Settings::from_icons(&[tt(&["STARTUP=OPEN"]), tt(&["CX_POPUP=NO"])]);
        assert_eq!(s.startup, Startup::Open);
    }

    #[test]
    fn every_tooltype_read() {
        let (s, w) = Settings::from_tooltypes(&tt(&[
            "DONOTWAIT",
            "portname=AMIPILOT.1",
            "STARTUP=iconified",
            "REFRESH = 0",
            "PROFILEDIR=Work:Profiles",
            "CX_POPKEY=lcommand shift p",
            "CX_PRIORITY=-5",
            "TOOLPRI=3",
            "FSROOT=RAM:Staging | Work:a b",
            "TCPPORT=1234",
            "TCPPASSWORD=secret",
            "serial",
            "SERUNIT=1",
            "BAUD=38400",
        ]));
        assert!(w.is_empty(), "{w:?}");
        assert_eq!(
            s,
            Settings {
                port_name: Some(b"AMIPILOT.1".to_vec()),
                startup: Startup::Iconified,
                refresh: 0,
                profile_dir: b"Work:Profiles".to_vec(),
                popkey: b"lcommand shift p".to_vec(),
                cx_priority: -5,
                fs_roots: vec![b"RAM:Staging".to_vec(), b"Work:a b".to_vec()],
                wire: Some(gadgetscope_transport::settings::WireSettings {
                    password: Some(b"secret".to_vec()),
                    tcp: Tcp::Listen { port: 1234, bind: 0, port_file: None }
                }),
                serial: Some(gadgetscope_transport::settings::SerialSettings {
                    device: b"serial.device".to_vec(),
                    unit: 1,
                    baud: 38400
                }),
            }
        );
        let (s, w) = Settings::from_tooltypes(&tt(&["SERIAL=NO", "SERDEVICE=x.device"]));
        assert_eq!((s.serial, w), (None, vec![String::from("the serial wire stays off: SERDEVICE needs SERIAL")]));
        let (s, w) = Settings::from_tooltypes(&tt(&["SERIAL=YES", "BAUD=fast", "SERUNIT=-2"]));
        assert_eq!(s.serial, None);
        assert_eq!(
            w,
            [
                "tooltype BAUD=fast ignored: BAUD must be a number, such as 19200",
                "the serial wire stays off: SERUNIT must be 0 or more, not -2",
            ]
        );
        let (s, w) = Settings::from_tooltypes(&tt(&["SERIAL=maybe"]));
        assert_eq!(
            (s.serial, w),
            (None, vec![String::from("tooltype SERIAL=maybe ignored: SERIAL takes no value, or YES or NO")])
        );
        let (s, w) = Settings::from_tooltypes(&tt(&["FSROOT=RAM:x||Work:y"]));
        assert!(s.fs_roots.is_empty());
        assert_eq!(w, ["tooltype FSROOT=RAM:x||Work:y ignored: FSROOT must be directories of 1 to 255 characters, separated by |"]);
        let (s, w) = Settings::from_tooltypes(&tt(&["TCPPASSWORD=x"]));
        assert_eq!(
            (s.wire, w),
            (None, vec![String::from("the wire stays off: TCPPASSWORD needs TCPPORT=<port> or TCPDIAL=<host>:<port>")])
        );
        let (s, w) = Settings::from_tooltypes(&tt(&["TCPPORT=lots"]));
        assert_eq!(s.wire, None);
        assert_eq!(w, vec![String::from("tooltype TCPPORT=lots ignored: TCPPORT must be a number, 0 to 65535")]);
        let (s, _) = Settings::from_tooltypes(&tt(&["REFRESH=3600", "CX_PRIORITY=127", "STARTUP=Open"]));
        assert_eq!((s.refresh, s.cx_priority, s.startup), (3600, 127, Startup::Open));
        let (s, _) = Settings::from_tooltypes(&tt(&["CX_PRIORITY=+3"]));
        assert_eq!(s.cx_priority, 3);
    }

    /// `TCPDIAL` as a tooltype: the wire dials out; with `TCPPORT` too, or
    /// a bad value, it stays off and says why (a tooltype warns, the Shell
    /// refuses: shell.rs).
    #[test]
    fn tcpdial_tooltype() {
        let (s, w) = Settings::from_tooltypes(&tt(&["TCPDIAL=192.168.1.20:1234", "TCPPASSWORD=pw"]));
        assert!(w.is_empty(), "{w:?}");
        let dial = Dial { host: b"192.168.1.20".to_vec(), port: 1234 };
        assert_eq!(s.wire, Some(WireSettings { password: Some(b"pw".to_vec()), tcp: Tcp::Dial(dial) }));
        let (s, w) = Settings::from_tooltypes(&tt(&["TCPDIAL=host:1", "TCPPORT=1234"]));
        assert_eq!(s.wire, None);
        assert_eq!(w, ["the wire stays off: TCPDIAL and TCPPORT do not go together"]);
        let (s, w) = Settings::from_tooltypes(&tt(&["TCPDIAL=host"]));
        assert_eq!(s.wire, None);
        assert_eq!(w, ["the wire stays off: TCPDIAL must be <host>:<port>, not \"host\""]);
    }

    #[test]
    fn first_of_two_counts_and_cx_popup() {
        let (s, w) = Settings::from_tooltypes(&tt(&["REFRESH=5", "REFRESH=junk", "STARTUP=OPEN"]));
        assert_eq!(s.refresh, 5);
        assert!(w.is_empty(), "the second is never looked at: {w:?}");
        let (s, _) = Settings::from_tooltypes(&tt(&["CX_POPUP=NO"]));
        assert_eq!(s.startup, Startup::Iconified);
        let (s, _) = Settings::from_tooltypes(&tt(&["CX_POPUP=no", "STARTUP=OPEN"]));
        assert_eq!(s.startup, Startup::Open, "STARTUP wins");
        let (s, _) = Settings::from_tooltypes(&tt(&["CX_POPUP=YES"]));
        assert_eq!(s.startup, Startup::Open);
    }

    #[test]
    fn bad_tooltypes_warn_and_keep_defaults() {
        let (s, w) = Settings::from_tooltypes(&tt(&[
            "PORTNAME=",
            "STARTUP=HIDDEN",
            "REFRESH=3601",
            "PROFILEDIR",
            "CX_POPKEY=",
            "CX_PRIORITY=128",
            "CX_POPUP=maybe",
        ]));
        assert_eq!(s, Settings::default());
        assert_eq!(
            w,
            [
                "tooltype PORTNAME= ignored: PORTNAME must be 1 to 31 characters",
                "tooltype STARTUP=HIDDEN ignored: STARTUP must be OPEN or ICONIFIED",
                "tooltype REFRESH=3601 ignored: REFRESH must be 0 (off) or 1 to 3600 seconds, not 3601",
                "tooltype PROFILEDIR ignored: PROFILEDIR must be a path of 1 to 255 characters",
                "tooltype CX_POPKEY= ignored: CX_POPKEY must be a key description of 1 to 127 characters, such as \"ctrl alt g\"",
                "tooltype CX_PRIORITY=128 ignored: CX_PRIORITY must be a number from -128 to 127",
                "tooltype CX_POPUP=maybe ignored: CX_POPUP must be YES or NO",
            ]
        );
        let (_, w) = Settings::from_tooltypes(&tt(&["REFRESH=1s", "REFRESH=x"]));
        assert_eq!(w, ["tooltype REFRESH=1s ignored: REFRESH must be a number of seconds, 0 (off) or 1 to 3600"]);
        let (_, w) = Settings::from_tooltypes(&tt(&["REFRESH=-1"]));
        assert_eq!(w, ["tooltype REFRESH=-1 ignored: REFRESH must be 0 (off) or 1 to 3600 seconds, not -1"]);
        let (_, w) = Settings::from_tooltypes(&tt(&["PORTNAME=A_PORT_NAME_THAT_IS_MUCH_TOO_LONG"]));
        assert_eq!(w.len(), 1);
        let (_, w) = Settings::from_tooltypes(&tt(&["CX_PRIORITY=9999999", "PROFILEDIR=a\x01b"]));
        assert_eq!(w.len(), 2);
        let long = alloc::format!("PROFILEDIR={}", "d".repeat(256));
        let (s, w) = Settings::from_tooltypes(&tt(&[&long]));
        assert_eq!((s.profile_dir.as_slice(), w.len()), (DEFAULT_PROFILE_DIR, 1));
        let ok = alloc::format!("PROFILEDIR={}", "d".repeat(255));
        assert!(Settings::from_tooltypes(&tt(&[&ok])).1.is_empty());
    }

    #[test]
    fn validators_shared_with_the_shell() {
        assert_eq!(refresh(0), Ok(0));
        assert_eq!(refresh(3600), Ok(3600));
        assert_eq!(refresh(70000).unwrap_err(), "REFRESH must be 0 (off) or 1 to 3600 seconds, not 70000");
        assert_eq!(startup(b"ICONIFIED"), Ok(Startup::Iconified));
        assert_eq!(port_name(&[b'P'; 31]), Ok([b'P'; 31].to_vec()));
        assert!(port_name(&[b'P'; 32]).is_err());
        assert_eq!(cx_priority(b"-128"), Ok(-128));
        assert!(cx_priority(b"-129").is_err());
        assert!(cx_priority(b"").is_err() && cx_priority(b"-").is_err());
    }
}
