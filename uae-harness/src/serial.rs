//! Parsing the serial log: CrashGuard's report line.
//!
//! The AROS ROM also writes its own boot debug output to the serial port
//! (`[InitCode] ...`, `[TaskRes] ...`), so the report is found by its
//! `CRASHGUARD ` prefix, which CrashGuard prints after a line break.

/// One parsed `CRASHGUARD ...` line (see `native/CrashGuard.S`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CrashReport {
    /// Exception vector number: 2 bus error, 3 address error, 4 illegal
    /// instruction, 5 zero divide, 8 privilege violation, 10/11 line A/F,
    /// 32+n `TRAP #n`.
    pub trap: u32,
    /// PC from the exception frame (for 68020 bus/address error frames this
    /// is the PC of the instruction in progress, approximately).
    pub pc: u32,
    pub sr: u16,
    /// 68010+ format/vector word.
    pub format: u16,
    /// Format $A/$B (bus/address error): the data fault address; format $2
    /// (zero divide, CHK, TRAPV): the faulting instruction; else 0.
    pub fault_addr: u32,
    pub task: u32,
    /// Start of the running CLI command's first hunk, 0 if unknown.
    pub seg: u32,
    /// The running command's hunk (from 0) that holds the PC, and the
    /// PC's offset in it (bytes); `None` when none does or it is unknown.
    /// A program's code may be in several hunks
    /// (amiga-toolchain/src/codeparts.rs).
    pub hunk: Option<(u32, u32)>,
    /// The running CLI command's name as the Shell saw it (may be empty).
    pub command: String,
    /// The whole line as logged.
    pub line: String,
}

impl CrashReport {
    /// A one-line human description.
    pub fn describe(&self) -> String {
        let mut s = format!("{} (vector {}) at pc ${:08X}", trap_name(self.trap), self.trap, self.pc);
        let name = if self.command.is_empty() { "?" } else { &self.command };
        if let Some((hunk, off)) = self.hunk {
            s.push_str(&format!(" = {name}+${off:X} (hunk {hunk})"));
        } else if !self.command.is_empty() {
            s.push_str(&format!(" in {}, outside its hunks", self.command));
        }
        if self.fault_addr != 0 {
            let what = if self.format >> 12 == 2 { "faulting instruction at" } else { "fault address" };
            s.push_str(&format!(", {what} ${:08X}", self.fault_addr));
        }
        s
    }
}

/// Name of an exception vector number.
pub fn trap_name(v: u32) -> &'static str {
    match v {
        2 => "bus error",
        3 => "address error",
        4 => "illegal instruction",
        5 => "divide by zero",
        6 => "CHK",
        7 => "TRAPV",
        8 => "privilege violation",
        9 => "trace",
        10 => "line-A (1010) instruction",
        11 => "line-F (1111) instruction",
        14 => "format error",
        32..=47 => "TRAP #n",
        _ => "exception",
    }
}

/// The last CrashGuard report in a serial log, if any. Lines that are
/// cut off (the log is read while FS-UAE writes it) are ignored until their
/// line break arrives.
pub fn parse_crash(log: &str) -> Option<CrashReport> {
    let mut found = None;
    let mut rest = log;
    while let Some(i) = rest.find("CRASHGUARD ") {
        let from = &rest[i..];
        let Some(end) = from.find('\n') else { break };
        let line = from[..end].trim_end_matches('\r');
        if let Some(r) = parse_line(line) {
            found = Some(r);
        }
        rest = &from[end..];
    }
    found
}

fn parse_line(line: &str) -> Option<CrashReport> {
    let body = line.strip_prefix("CRASHGUARD ")?;
    let (fields, command) = match body.split_once(" cmd=") {
        Some((f, c)) => (f, c.to_string()),
        None => (body, String::new()),
    };
    let get = |key: &str| -> Option<u32> {
        fields.split_whitespace().find_map(|kv| {
            let (k, v) = kv.split_once('=')?;
            if k == key {
                u32::from_str_radix(v, 16).ok()
            } else {
                None
            }
        })
    };
    Some(CrashReport {
        trap: get("trap")?,
        pc: get("pc")?,
        sr: get("sr").unwrap_or(0) as u16,
        format: get("fmt").unwrap_or(0) as u16,
        fault_addr: get("addr").unwrap_or(0),
        task: get("task").unwrap_or(0),
        seg: get("seg").unwrap_or(0),
        hunk: get("hunk").zip(get("off")).filter(|&(h, _)| h != u32::MAX),
        command,
        line: line.to_string(),
    })
}
