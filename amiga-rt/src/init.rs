//! Code that runs once at the start, freed before the program settles
//! (docs/design/parts.md, "Start code freed"): the program's `init:` entry
//! (see [`crate::program!`]) and every function only it reaches are one
//! code hunk of their own, the program file's last; once the entry has
//! returned, [`done`] unlinks that hunk from the program's seglist and
//! frees it, so a program left running does not hold code it ran once.
//!
//! - The entry's path travels to the build in the module's custom section
//!   `gadgetscope.init` ([`SECTION`], the bytes of `stringify!(path)`);
//!   amiga-toolchain `part::init_plan` cuts the code by the call graph and
//!   fails the build when anything but the macro's one call reaches the
//!   entry directly.
//! - Nothing resident can call into the freed hunk: no function of it is
//!   in the function table (the table's entries are resident by the cut),
//!   and the build allows one direct call into it, the macro's.

/// The custom section naming the init entry.
pub const SECTION: &str = "gadgetscope.init";

/// `path` (the init entry's `stringify!`) as the section's `N` bytes.
pub const fn section<const N: usize>(path: &str) -> [u8; N] {
    let mut out = [0u8; N];
    let b = path.as_bytes();
    let mut i = 0;
    while i < N {
        out[i] = b[i];
        i += 1;
    }
    out
}

/// The section's bytes as the entry's path without spaces
/// (`gadgetscope::start::prepare`); `None` when they are no Rust path.
pub fn parse_section(bytes: &[u8]) -> Option<alloc::string::String> {
    let s: alloc::string::String = core::str::from_utf8(bytes).ok()?.chars().filter(|c| *c != ' ').collect();
    let ok = !s.is_empty()
        && s.split("::").all(|seg| {
            !seg.is_empty()
                && seg.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
                && !seg.as_bytes()[0].is_ascii_digit()
        });
    ok.then_some(s)
}

/// Frees the start code's hunk (amiga-rt/c/runtime.c `rt_init_done`);
/// nothing in a program without one, or the second time. Called by
/// [`crate::program!`] once the entry has returned.
#[cfg(target_arch = "wasm32")]
pub fn done() {
    // SAFETY: the init entry has returned and nothing of its code is on
    // the stack or in the function table; the build allowed only the
    // macro's one call into it.
    unsafe { crate::rt::rt_init_done() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_section_names_a_path() {
        let s: [u8; 31] = section("gadgetscope :: start :: prepare");
        assert_eq!(parse_section(&s).as_deref(), Some("gadgetscope::start::prepare"));
        for bad in [&b""[..], b"a::", b"::a", b"a b::c-d", b"1a::b", b"\xff"] {
            assert_eq!(parse_section(bad), None, "{bad:?}");
        }
    }
}
