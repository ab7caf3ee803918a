//! The native runtime's own imports (amiga-rt/c/runtime.c, `rt_*`).
#![allow(dead_code)]

#[link(wasm_import_module = "amiga")]
extern "C" {
    /// Absolute address of linear memory offset 0.
    pub fn rt_mem_base() -> u32;
    /// The `struct WBStartup *` of a Workbench start, 0 from a Shell.
    pub fn rt_wbstartup() -> u32;
    /// Loads the part file at the NUL-terminated path `name` and fills the
    /// function table's entries for its functions: its seglist (at least
    /// `part::PART_LOADED_MIN`) or why not (`part::PART_*`; IoErr set for
    /// `PART_CANNOT_LOAD`).
    pub fn rt_part_load(name: *const u8) -> u32;
    /// Puts the trap back into the table entries of the part `seg` (as
    /// `rt_part_load` gave it) and unloads it; nothing when it is not
    /// loaded.
    pub fn rt_part_unload(seg: u32);
    /// Unlinks the start code's hunk (the linker's `gs_init`) from the
    /// program's seglist and frees it; nothing when there is none or it
    /// is gone already (amiga_rt::init).
    pub fn rt_init_done();
    /// Runs the table's function `index` (`(i32) -> ()`) with `arg` on a
    /// native stack of `bytes` allocated for the call (amiga_rt::stack);
    /// 0 when that stack cannot be had (nothing run), 1 after the call.
    pub fn rt_on_stack(bytes: u32, index: u32, arg: u32) -> u32;
    /// Copies `len` bytes of OS memory at absolute `src` to `dst`; 0
    /// (nothing copied) when any of it is not readable memory (RAM exec
    /// manages or ROM; never the chips' registers).
    pub fn rt_copy_in(dst: *mut u8, src: u32, len: u32) -> u32;
    /// Reads a big-endian ULONG/UWORD/UBYTE of OS memory.
    pub fn rt_peek32(addr: u32) -> u32;
    pub fn rt_peek16(addr: u32) -> u32;
    pub fn rt_peek8(addr: u32) -> u32;
    /// Copies the string at absolute `src` (at most `max` bytes before its
    /// NUL; it ends where readable memory ends) to `dst`, at most `room`
    /// bytes of it; returns its length (`room` 0: only the length, nothing
    /// written), `u32::MAX` when `src` is not readable.
    pub fn rt_copy_cstr(dst: *mut u8, room: u32, src: u32, max: u32) -> u32;
    /// Copies up to `max` nodes of `size` bytes of the linked list at
    /// absolute `first` (next node's address at `next_off` of each) to
    /// `dst`; returns the number copied (it stops at a node that is not
    /// readable memory).
    pub fn rt_copy_chain(dst: *mut u8, first: u32, next_off: u32, size: u32, max: u32) -> u32;
    /// As `rt_copy_chain`, each node followed by a big-endian ULONG: the
    /// length of the string at the node's ULONG at `str_off` (at most
    /// `str_max`; `u32::MAX` for NULL or unreadable), its bytes appended at
    /// `sdst`. With `nkeys` > 0 it starts after the last of the keys (u32s
    /// of linear memory) found in the list within `limit` nodes (none
    /// found: nothing copied, bit 30 of the result set). Stops before a
    /// node whose string does not fit whole in `sroom` (bit 31 set); the
    /// count in the low bits. At `out`: the string bytes appended and the
    /// node it started at (big-endian ULONGs).
    pub fn rt_copy_titled(
        dst: *mut u8,
        first: u32,
        next_off: u32,
        size: u32,
        str_off: u32,
        max: u32,
        sdst: *mut u8,
        sroom: u32,
        str_max: u32,
        out: *mut u8,
        keys: *const u8,
        nkeys: u32,
        limit: u32,
    ) -> u32;
    /// Walks the list at `first` (at most `limit` nodes) until the last of
    /// the `n` keys (u32s of linear memory, n <= 16) or its end: the
    /// address after the last key found (0 when it ends the list),
    /// `u32::MAX` when no key is in the list.
    pub fn rt_chain_after(first: u32, next_off: u32, keys: *const u8, n: u32, limit: u32) -> u32;
    /// The node of the list whose first node is the ULONG at absolute
    /// `head` (next at `next_off`, at most `limit` nodes) whose own list
    /// (first node at `sub_off`, next at `sub_next_off`, at most
    /// `sub_limit` nodes) holds `key`; 0 when none does.
    pub fn rt_list_holding(
        head: u32,
        next_off: u32,
        sub_off: u32,
        sub_next_off: u32,
        key: u32,
        limit: u32,
        sub_limit: u32,
    ) -> u32;
    /// intuition `GetAttr(attrs[i], object, &v)` for i in 0..n (`attrs`:
    /// n u32s of linear memory, little-endian as wasm stores them, n <=
    /// 16): bit i of the result set when attribute i was processed, its
    /// value then at `values + 4 * i` (big-endian); bits 16-20 the number
    /// asked (fewer than n when another task ran during a GetAttr).
    pub fn rt_get_attrs(intuition: u32, object: u32, attrs: *const u8, n: u32, values: *mut u8) -> u32;
    /// exec `SysBase->DispCount` (exec/execbase.h).
    pub fn rt_dispatch_count() -> u32;
    /// Hands the panic message to the runtime (then the caller traps).
    pub fn rt_panic(msg: *const u8, len: u32);
    /// exec OpenLibrary(), tracked for release after a trap; 0 on failure.
    pub fn rt_open_library(name: *const u8, version: u32) -> u32;
    /// Tracks an OS resource (kind 1 library, 2 RDArgs, 3 file handle).
    pub fn rt_track(kind: u32, handle: u32) -> u32;
    /// Releases a tracked resource now (CloseLibrary/FreeArgs/Close).
    pub fn rt_release(kind: u32, handle: u32);
    /// An input handler's MEMF_PUBLIC block (runtime.c `struct hd_state`)
    /// of `kind` (`crate::handler::Kind`), owner = this task, signalled
    /// with `sigmask`; `ibase` = IntuitionBase (the recorder reads it);
    /// tracked (a trap removes the handler and frees it). 0 when out of
    /// memory.
    pub fn rt_handler_alloc(kind: u32, sigmask: u32, ibase: u32) -> u32;
    /// Tells the runtime the handler is installed through this open
    /// `IOStdReq` (absolute address), or removed again (0).
    pub fn rt_handler_armed(state: u32, ioreq: u32);
    /// Frees the block from `rt_handler_alloc` (handler removed before).
    pub fn rt_handler_free(state: u32);
    /// Writes a statistics line (label, the heap's high-water mark and
    /// size as given, both stacks' high-water marks) when statistics are
    /// on (`crate::memstat`); else nothing.
    pub fn rt_memstat(label: *const u8, len: u32, heap_high: u32, heap_size: u32);
}

/// Resource kinds known to `rt_track` / `rt_release`.
pub const RES_LIBRARY: u32 = 1;
pub const RES_RDARGS: u32 = 2;
pub const RES_FILE: u32 = 3;

/// The `struct WBStartup *` if Workbench started this program (the
/// runtime has already taken it from `pr_MsgPort` and replies it at exit).
pub fn wb_startup() -> Option<u32> {
    // SAFETY: a plain read of a value the runtime stored at start.
    let m = unsafe { rt_wbstartup() };
    (m != 0).then_some(m)
}

extern "Rust" {
    /// The `$VER:` string [`program!`](crate::program) places (a
    /// `&'static [u8]`, NUL-terminated) in the program's entry crate.
    static AMIGA_VERSTAG: &'static [u8];
}

/// This program's version line, e.g. `GadgetScope 0.1 (30.11.2026)`: its
/// `$VER:` string without the prefix and the NUL.
pub fn version_line() -> &'static str {
    // SAFETY: AMIGA_VERSTAG is the immutable static the program! macro
    // defines in every program (one definition per program, linked in).
    let tag: &'static [u8] = unsafe { AMIGA_VERSTAG };
    let tag = tag.strip_prefix(b"$VER: ").unwrap_or(tag);
    let tag = tag.strip_suffix(b"\0").unwrap_or(tag);
    core::str::from_utf8(tag).unwrap_or("")
}
