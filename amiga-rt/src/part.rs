//! A part of a program loaded on demand: code kept in a hunk file of its
//! own beside the program (`PROGDIR:<file>`), loaded with `LoadSeg()` when
//! it is first needed and unloaded when it is not (docs/design/parts.md).
//!
//! - [`Part`] declares one: its file's name and the crate or module whose
//!   code it holds. The program names its parts in [`crate::program!`]
//!   (`parts:`), which puts each in the module's custom section
//!   `gadgetscope.part` ([`section`]); the build (amiga-toolchain `part`)
//!   cuts their code out of the resident program and writes the files.
//!   Several parts may be loaded at once; each holds its own functions.
//! - The part file's code hunks come first; its last hunk is a header
//!   (`HUNK_DATA`) laid out here ([`ph_Magic`] …) and read by the native
//!   runtime
//!   (amiga-rt/c/runtime.c `rt_part_load`, through the generated `ndk.h`).
//! - [`Part::load`] (Amiga only) loads it; dropping the [`Loaded`] it gives
//!   unloads it. Until it is loaded, the function table's entries for the
//!   part's functions trap ("a part of the program is not loaded", RC 20):
//!   a call into an absent part stops the program, it never jumps into
//!   freed memory.
#![allow(non_upper_case_globals)]

/// A part of the program: `file` in the program's drawer holds the code of
/// `code` and every function only that code reaches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Part {
    /// The file's name, e.g. `GadgetScope.window`.
    pub file: &'static str,
    /// Whose code goes into it: a crate (its name with `_`, as in
    /// symbols: `gadgetscope_window`, its functions and its types' glue)
    /// or a module's path (`gadgetscope_system::wblaunch`, the functions
    /// defined in it).
    pub code: &'static str,
}

/// Bytes of `p`'s custom section: `file`, a NUL, `code`, a NUL.
pub const fn section_len(p: &Part) -> usize {
    p.file.len() + 1 + p.code.len() + 1
}

/// `p`'s custom section `gadgetscope.part` (N = [`section_len`]).
pub const fn section<const N: usize>(p: &Part) -> [u8; N] {
    let mut out = [0u8; N];
    let (f, c) = (p.file.as_bytes(), p.code.as_bytes());
    let mut i = 0;
    while i < f.len() {
        out[i] = f[i];
        i += 1;
    }
    let mut j = 0;
    while j < c.len() {
        out[f.len() + 1 + j] = c[j];
        j += 1;
    }
    out
}

/// Reads a `gadgetscope.part` section's bytes, one or more parts' in a
/// row (the linker may join them): (file, code) each. `None` when they
/// are not `file NUL code NUL`, repeated, with non-empty ASCII names.
pub fn parse_section(bytes: &[u8]) -> Option<alloc::vec::Vec<(&str, &str)>> {
    let s = core::str::from_utf8(bytes).ok()?.strip_suffix('\0')?;
    let ok = |n: &str| !n.is_empty() && n.bytes().all(|b| b.is_ascii_graphic());
    let names: alloc::vec::Vec<&str> = s.split('\0').collect();
    if !names.len().is_multiple_of(2) || !names.iter().all(|n| ok(n)) {
        return None;
    }
    Some(names.chunks(2).map(|p| (p[0], p[1])).collect())
}

/// The part file's header: the longwords of its first hunk, big-endian,
/// offsets in bytes. `'GSPT'`.
pub const PART_MAGIC: u32 = u32::from_be_bytes(*b"GSPT");
/// The header's format; a runtime refuses any other.
pub const PART_FORMAT: u32 = 2;
/// Bytes of the build identity: the first bytes of the wasm module's
/// SHA-256, the same in the program (`gs_build_id`) and its parts.
pub const BUILD_ID_BYTES: u32 = 8;
/// The most code hunks a part may have (the runtime's table of their
/// addresses).
pub const PART_MAX_HUNKS: u32 = 32;
/// The most bytes of one of a part's code hunks: its imports' offsets are
/// 16 bits.
pub const PART_HUNK_MAX: u32 = 64 * 1024;
/// Header: [`PART_MAGIC`].
pub const ph_Magic: u32 = 0;
/// Header: [`PART_FORMAT`].
pub const ph_Format: u32 = 4;
/// Header: the build identity ([`BUILD_ID_BYTES`]).
pub const ph_BuildId: u32 = 8;
/// Header: how many hunks the program it belongs to has (its own
/// relocations name them by number).
pub const ph_ResidentHunks: u32 = 16;
/// Header: how many code hunks come before the header (1 to
/// [`PART_MAX_HUNKS`]).
pub const ph_CodeHunks: u32 = 20;
/// Header: the code hunks' sizes in bytes, one longword each; after them
/// the exports and the imports:
///
/// - exports: a count, then per export its table index, its code hunk
///   (from 0) and its offset in bytes: the runtime writes that address
///   into the function table's entry;
/// - imports, per code hunk in order: groups of (count, the program's
///   hunk number, that many 16-bit offsets in the code hunk, padded to
///   a longword), ended by a 0 count. Each offset holds a longword that
///   is an offset in that hunk of the program; the runtime adds the
///   hunk's address (`HUNK_RELOC32`'s shape, across files: `LoadSeg()`
///   relocates only within one). A part's code hunks are at most 64 KiB
///   ([`PART_HUNK_MAX`]).
pub const ph_Sizes: u32 = 24;

/// Why a part could not be loaded (`rt_part_load`'s result).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PartError {
    /// `LoadSeg()` failed: IoErr's code (205 object not found, 103 out of
    /// memory, …).
    CannotLoad(i32),
    /// The file is no part of this program (its header is not one).
    NotAPart,
    /// The file is a part of another build of the program.
    OtherBuild,
    /// This part is loaded already.
    Busy,
}

/// `rt_part_load`'s results (amiga-rt/c/runtime.c), defined once here:
/// the part's seglist (a BPTR, never below [`PART_LOADED_MIN`]), or one
/// of the failures below.
pub const PART_LOADED_MIN: u32 = 16;
/// See [`PART_LOADED_MIN`]: `LoadSeg()` failed (IoErr says why).
pub const PART_CANNOT_LOAD: u32 = 1;
/// See [`PART_LOADED_MIN`].
pub const PART_NOT_A_PART: u32 = 2;
/// See [`PART_LOADED_MIN`].
pub const PART_OTHER_BUILD: u32 = 3;
/// See [`PART_LOADED_MIN`]: its functions are in the table already.
pub const PART_BUSY: u32 = 4;

impl PartError {
    /// What to tell the user, after the file's name: `cannot be loaded:
    /// <fault>` with `fault` dos's text for the code (`Dos::fault_text`),
    /// or the reason. Latin-1 bytes.
    pub fn text(&self, file: &str, fault: &[u8]) -> alloc::vec::Vec<u8> {
        let mut out = alloc::vec::Vec::from(file.as_bytes());
        match self {
            PartError::CannotLoad(_) => {
                out.extend_from_slice(b" cannot be loaded: ");
                out.extend_from_slice(fault);
            }
            PartError::NotAPart => out.extend_from_slice(b" is not a part of this program"),
            PartError::OtherBuild => out.extend_from_slice(b" belongs to another build of this program"),
            PartError::Busy => out.extend_from_slice(b" is loaded already"),
        }
        out
    }
}

/// A loaded part; dropping it unloads it (the table's entries trap again).
/// Nothing the part made may outlive it: its owner drops every object
/// whose methods are the part's code first.
#[cfg(target_arch = "wasm32")]
pub struct Loaded {
    /// The part's seglist, as `rt_part_load` gave it.
    seg: u32,
}

#[cfg(target_arch = "wasm32")]
impl Part {
    /// Loads `PROGDIR:<file>`. Err: [`PartError`]; `CannotLoad`'s code is
    /// IoErr's.
    pub fn load(&self, dos: &crate::dos::Dos) -> Result<Loaded, PartError> {
        let mut path = alloc::vec::Vec::from(&b"PROGDIR:"[..]);
        path.extend_from_slice(self.file.as_bytes());
        path.push(0);
        // SAFETY: path is NUL-terminated in linear memory.
        match unsafe { crate::rt::rt_part_load(path.as_ptr()) } {
            seg if seg >= PART_LOADED_MIN => Ok(Loaded { seg }),
            PART_CANNOT_LOAD => Err(PartError::CannotLoad(dos.io_err())),
            PART_OTHER_BUILD => Err(PartError::OtherBuild),
            PART_BUSY => Err(PartError::Busy),
            _ => Err(PartError::NotAPart),
        }
    }

    /// [`Part::load`], a failure given as what to tell the user
    /// ([`PartError::text`] with dos's text for IoErr's code).
    pub fn load_or_why(&self, dos: &crate::dos::Dos) -> Result<Loaded, alloc::vec::Vec<u8>> {
        self.load(dos).map_err(|e| {
            let code = if let PartError::CannotLoad(code) = e { code } else { 0 };
            e.text(self.file, &dos.fault_text(code))
        })
    }
}

#[cfg(target_arch = "wasm32")]
impl Drop for Loaded {
    fn drop(&mut self) {
        // SAFETY: the part was loaded by `Part::load`; its owner has
        // dropped everything whose code is in it, and no part function
        // is on the stack (this is resident code).
        unsafe { crate::rt::rt_part_unload(self.seg) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const P: Part = Part { file: "GadgetScope.window", code: "gadgetscope_window" };

    #[test]
    fn the_section_round_trips() {
        let s: [u8; section_len(&P)] = section(&P);
        assert_eq!(&s[..], b"GadgetScope.window\0gadgetscope_window\0");
        assert_eq!(parse_section(&s), Some(alloc::vec![("GadgetScope.window", "gadgetscope_window")]));
        const Q: Part = Part { file: "GS.launch", code: "system::wblaunch" };
        let q: [u8; section_len(&Q)] = section(&Q);
        let both = [&s[..], &q[..]].concat();
        assert_eq!(
            parse_section(&both),
            Some(alloc::vec![("GadgetScope.window", "gadgetscope_window"), ("GS.launch", "system::wblaunch")]),
            "the linker joins the declarations"
        );
        for bad in [&b"a"[..], b"\0b\0", b"a\0\0", b"a\0b", b"a b\0c\0", b"a\0b\0c\0", b"\xff\0c\0", b""] {
            assert_eq!(parse_section(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn the_texts_name_the_file() {
        assert_eq!(P.file.len(), 18);
        assert_eq!(
            PartError::CannotLoad(205).text(P.file, b"object not found"),
            b"GadgetScope.window cannot be loaded: object not found"
        );
        assert_eq!(
            PartError::OtherBuild.text(P.file, b""),
            b"GadgetScope.window belongs to another build of this program"
        );
    }
}
