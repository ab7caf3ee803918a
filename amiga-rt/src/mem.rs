//! Reading OS-owned memory: copy-in and peeks (the runtime's `rt_*`
//! imports). Linear-memory addresses for the OS: [`abs`].
use alloc::vec;
use alloc::vec::Vec;

/// Copies `len` bytes of OS memory at absolute address `addr` (zeros
/// where [`copy_into`] would refuse).
pub fn copy_in(addr: u32, len: usize) -> Vec<u8> {
    let mut v = vec![0u8; len];
    if !copy_into(addr, &mut v) {
        v.fill(0);
    }
    v
}

/// Copies `buf.len()` bytes of OS memory at absolute address `addr` into
/// `buf`. No allocation and no OS call (safe under `LockIBase()`); false
/// for a NULL address, a range that wraps past 4 GiB or one that is not
/// all readable memory: RAM on exec's memory list or ROM, never the custom
/// chips, CIAs or Gayle, whose registers act on reads (runtime.c
/// `readable`).
pub fn copy_into(addr: u32, buf: &mut [u8]) -> bool {
    if addr == 0 || addr.checked_add(buf.len() as u32).is_none() {
        return false;
    }
    // SAFETY: buf is writable for its length; the runtime bounds-checks it.
    (unsafe { crate::rt::rt_copy_in(buf.as_mut_ptr(), addr, buf.len() as u32) }) != 0
}

/// The string at absolute address `addr`: its length (at most `max` bytes
/// before its NUL; it ends where readable memory ends, see [`copy_into`])
/// and its first bytes appended to `out`, at most `room` and never more
/// than `out`'s spare capacity (no allocation: safe under `LockIBase()`).
/// `None` for a NULL or unreadable address (nothing appended). One native
/// loop (runtime.c `rt_copy_cstr`).
pub fn copy_cstr(addr: u32, max: usize, out: &mut Vec<u8>, room: usize) -> Option<usize> {
    if addr == 0 {
        return None;
    }
    let at = out.len();
    let room = room.min(out.capacity() - at);
    let max = u32::try_from(max).unwrap_or(u32::MAX).min(u32::MAX - addr);
    // SAFETY: the runtime writes at most `room` bytes after `at`, inside
    // `out`'s allocation (room <= spare capacity), and bounds-checks dst.
    let len = unsafe { crate::rt::rt_copy_cstr(out.as_mut_ptr().add(at), room as u32, addr, max) };
    if len == u32::MAX {
        return None;
    }
    // SAFETY: the call above wrote the first min(len, room) bytes.
    unsafe { out.set_len(at + (len as usize).min(room)) };
    Some(len as usize)
}

/// Copies up to `max` nodes of a linked list of OS memory, `size` bytes
/// each, appended to `out` within its spare capacity (no allocation: safe
/// under `LockIBase()`): the first node at absolute `first`, each next one
/// at the big-endian ULONG at `next_off` of the node before; a NULL next
/// pointer or a node that is not all readable memory ends the copy.
/// Returns the nodes copied. One native loop for the whole chain
/// (runtime.c `rt_copy_chain`).
pub fn copy_chain(first: u32, next_off: usize, size: usize, max: usize, out: &mut Vec<u8>) -> usize {
    if size < next_off.saturating_add(4) || first == 0 {
        return 0;
    }
    let at = out.len();
    let max = max.min((out.capacity() - at) / size);
    if max == 0 {
        return 0;
    }
    // SAFETY: at most `max` nodes of `size` bytes are written after `at`,
    // inside `out`'s allocation (max <= spare capacity / size); the
    // runtime bounds-checks dst.
    let n =
        unsafe { crate::rt::rt_copy_chain(out.as_mut_ptr().add(at), first, next_off as u32, size as u32, max as u32) }
            as usize;
    // SAFETY: those `n * size` bytes were written by the call above.
    unsafe { out.set_len(at + n.min(max) * size) };
    n.min(max)
}

/// Copies up to `max` nodes of a linked list of OS memory as
/// [`copy_chain`] does, each followed in `out` by a big-endian ULONG: the
/// length of the string the node's ULONG at `str_off` points at (at most
/// `str_max` bytes before its NUL; `u32::MAX` for NULL or unreadable),
/// whose bytes are appended to `strings` whole, within its spare capacity.
/// With `after` not empty (at most 16 keys), the copy starts after the
/// last of them found in the list within `limit` nodes ([`chain_after`]).
/// Returns the nodes copied, the node the copy started at (`None`: no key
/// of `after` is in the list, nothing copied) and whether it stopped
/// before a node whose string did not fit. No allocation: safe under
/// `LockIBase()`. One native loop for the whole batch (runtime.c
/// `rt_copy_titled`).
#[allow(clippy::too_many_arguments)]
pub fn copy_titled(
    first: u32,
    after: &[u32],
    next_off: usize,
    size: usize,
    str_off: usize,
    str_max: usize,
    limit: usize,
    max: usize,
    out: &mut Vec<u8>,
    strings: &mut Vec<u8>,
) -> (usize, Option<u32>, bool) {
    if size < next_off.saturating_add(4) || size < str_off.saturating_add(4) || after.len() > 16 {
        return (0, None, false);
    }
    let rec = size + 4;
    let at = out.len();
    let max = max.min((out.capacity() - at) / rec);
    let sat = strings.len();
    let sroom = strings.capacity() - sat;
    let str_max = u32::try_from(str_max).unwrap_or(u32::MAX);
    let limit = u32::try_from(limit).unwrap_or(u32::MAX);
    let mut info = [0u8; 8];
    // SAFETY: at most `max` records of `rec` bytes are written after `at`
    // (max <= spare capacity / rec), at most `sroom` bytes after `sat` of
    // `strings` (its spare capacity) and 8 bytes at `info`; `after` is
    // only read; the runtime bounds-checks all of them.
    let r = unsafe {
        crate::rt::rt_copy_titled(
            out.as_mut_ptr().add(at),
            first,
            next_off as u32,
            size as u32,
            str_off as u32,
            max as u32,
            strings.as_mut_ptr().add(sat),
            sroom as u32,
            str_max,
            info.as_mut_ptr(),
            after.as_ptr() as *const u8,
            after.len() as u32,
            limit,
        )
    };
    let n = ((r & 0x3FFF_FFFF) as usize).min(max);
    let put = u32::from_be_bytes([info[0], info[1], info[2], info[3]]) as usize;
    // SAFETY: the call wrote those `n` records and `put` string bytes (at
    // most `sroom`).
    unsafe {
        out.set_len(at + n * rec);
        strings.set_len(sat + put.min(sroom));
    }
    let start = u32::from_be_bytes([info[4], info[5], info[6], info[7]]);
    (n, (r & 0x4000_0000 == 0).then_some(start), r & 0x8000_0000 != 0)
}

/// Walks the linked list at `first` (at most `limit` nodes, each next one
/// at the big-endian ULONG at `next_off`) until the last of `keys` is
/// found or the list ends: the address after the last key found
/// (`Some(0)` when it ends the list), `None` when no key is in it (or more
/// than 16 keys are given). Keys are only compared, never read through.
/// No allocation: safe under `LockIBase()`. One native loop (runtime.c
/// `rt_chain_after`).
pub fn chain_after(first: u32, next_off: usize, keys: &[u32], limit: usize) -> Option<u32> {
    if keys.len() > 16 || keys.is_empty() || first == 0 {
        return None;
    }
    let limit = u32::try_from(limit).unwrap_or(u32::MAX);
    // SAFETY: keys is keys.len() u32s of linear memory for the call; the
    // runtime bounds-checks it and only reads it.
    let r = unsafe {
        crate::rt::rt_chain_after(first, next_off as u32, keys.as_ptr() as *const u8, keys.len() as u32, limit)
    };
    (r != u32::MAX).then_some(r)
}

/// The node of the linked list whose first node's address is the
/// big-endian ULONG at absolute `head` (each next one at `next_off`, at
/// most `limit` nodes) whose own list (its first node at the ULONG at
/// `sub_off`, each next at `sub_next_off`, at most `sub_limit` nodes)
/// holds the node `key`; `None` when none does or `head` is not readable.
/// A node whose fields are not readable ends its list; `key` is only
/// compared, never read through. No allocation: safe under `LockIBase()`.
/// One native loop (runtime.c `rt_list_holding`).
pub fn list_holding(
    head: u32,
    next_off: usize,
    sub_off: usize,
    sub_next_off: usize,
    key: u32,
    limit: usize,
    sub_limit: usize,
) -> Option<u32> {
    let w = |v: usize| u32::try_from(v).unwrap_or(u32::MAX);
    // SAFETY: only reads OS memory, through the runtime's readable check.
    let r = unsafe {
        crate::rt::rt_list_holding(head, w(next_off), w(sub_off), w(sub_next_off), key, w(limit), w(sub_limit))
    };
    (r != 0).then_some(r)
}

/// Writes a big-endian ULONG into OS memory (exec `CopyMem`).
///
/// # Safety
/// `addr` must be 4 bytes of memory the caller may write (a field of an
/// OS structure it owns).
pub unsafe fn poke32(addr: u32, value: u32) {
    let b = value.to_be_bytes();
    // SAFETY: the caller vouches for addr; b is 4 bytes of linear memory.
    unsafe { crate::sys::exec_CopyMem(b.as_ptr(), addr, 4) }
}

/// ULONG at absolute address `addr` (0 at an odd address in the 68000
/// build, where the CPU cannot read one: runtime.c `NODE_OK`).
pub fn peek32(addr: u32) -> u32 {
    // SAFETY: reads OS memory; callers pass addresses the OS gave them.
    unsafe { crate::rt::rt_peek32(addr) }
}

/// UWORD at absolute address `addr` (0 at an odd address in the 68000
/// build, as [`peek32`]).
pub fn peek16(addr: u32) -> u16 {
    // SAFETY: as peek32.
    unsafe { crate::rt::rt_peek16(addr) as u16 }
}

/// UBYTE at absolute address `addr`.
pub fn peek8(addr: u32) -> u8 {
    // SAFETY: as peek32.
    unsafe { crate::rt::rt_peek8(addr) as u8 }
}

/// A NUL-terminated string of OS memory, at most `max` bytes (without the
/// NUL); `None` when no NUL came within `max` bytes or `addr` is 0.
pub fn c_string(addr: u32, max: usize) -> Option<Vec<u8>> {
    if addr == 0 {
        return None;
    }
    let mut out = Vec::new();
    for i in 0..=max {
        let c = peek8(addr.wrapping_add(i as u32));
        if c == 0 {
            return Some(out);
        }
        if i == max {
            break;
        }
        out.push(c);
    }
    None
}

/// The absolute address of a linear-memory object, for OS structures
/// that point at other structures Rust built.
pub fn abs<T>(p: *const T) -> u32 {
    // SAFETY: a plain read of the runtime's linear-memory base.
    unsafe { crate::rt::rt_mem_base() }.wrapping_add(p as usize as u32)
}
