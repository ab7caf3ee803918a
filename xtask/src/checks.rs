//! Host-side checkers for users and tests: ARexx command lines and
//! manifest files, checked without an Amiga (being written).

/// `cargo xtask arexx-check`: returns the process exit code.
pub fn arexx_check(_args: &[String]) -> u8 {
    eprintln!("arexx-check: not written yet");
    20
}

/// `cargo xtask manifest-check <file>`: returns the process exit code.
pub fn manifest_check(_args: &[String]) -> u8 {
    eprintln!("manifest-check: not written yet");
    20
}
