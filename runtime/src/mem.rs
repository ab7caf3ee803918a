//! Reading OS-owned memory: copy-in and peeks (the runtime's `rt_*`
//! imports). Linear-memory addresses for the OS: [`abs`].
use alloc::vec;
use alloc::vec::Vec;

/// Copies `len` bytes of OS memory at absolute address `addr`.
pub fn copy_in(addr: u32, len: usize) -> Vec<u8> {
    let mut v = vec![0u8; len];
    // SAFETY: v is writable for len bytes; the runtime bounds-checks dst.
    unsafe { crate::rt::rt_copy_in(v.as_mut_ptr(), addr, len as u32) };
    v
}

/// Copies `buf.len()` bytes of OS memory at absolute address `addr` into
/// `buf`. No allocation and no OS call (safe under `LockIBase()`); false
/// for a NULL address or a range that wraps past 4 GiB.
pub fn copy_into(addr: u32, buf: &mut [u8]) -> bool {
    if addr == 0 || addr.checked_add(buf.len() as u32).is_none() {
        return false;
    }
    // SAFETY: buf is writable for its length; the runtime bounds-checks it.
    unsafe { crate::rt::rt_copy_in(buf.as_mut_ptr(), addr, buf.len() as u32) };
    true
}

/// Length of the NUL-terminated string at absolute address `addr`, at
/// most `max` bytes (NUL excluded); None for a NULL address. One loop in
/// the native runtime: no copy, no allocation (safe under `LockIBase()`).
pub fn cstr_len(addr: u32, max: usize) -> Option<usize> {
    if addr == 0 {
        return None;
    }
    let max = u32::try_from(max).unwrap_or(u32::MAX).min(u32::MAX - addr);
    // SAFETY: reads OS memory up to `max` bytes from an address the OS
    // gave; with room 0 nothing is written at dst.
    Some(unsafe { crate::rt::rt_copy_cstr(core::ptr::null_mut(), 0, addr, max) } as usize)
}

/// Appends the NUL-terminated string at absolute address `addr` (at most
/// `max` bytes before its NUL) to `out`, keeping at most `room` of its
/// bytes and never more than `out`'s spare capacity (no allocation: safe
/// under `LockIBase()`). `Some(cut)`, `cut` when the string did not fit;
/// `None` for a NULL address. One native loop, no separate length scan.
pub fn append_cstr(addr: u32, out: &mut alloc::vec::Vec<u8>, room: usize, max: usize) -> Option<bool> {
    if addr == 0 {
        return None;
    }
    let at = out.len();
    let room = room.min(out.capacity() - at);
    let max = u32::try_from(max).unwrap_or(u32::MAX).min(u32::MAX - addr);
    // SAFETY: the runtime writes at most `room` bytes after `at`, inside
    // `out`'s allocation (room <= spare capacity), and bounds-checks dst.
    let len = unsafe { crate::rt::rt_copy_cstr(out.as_mut_ptr().add(at), room as u32, addr, max) } as usize;
    let take = len.min(room);
    // SAFETY: those `take` bytes were written by the call above.
    unsafe { out.set_len(at + take) };
    Some(take < len)
}

/// Copies up to `max` nodes of a linked list of OS memory, `size` bytes
/// each, appended to `out` within its spare capacity (no allocation: safe
/// under `LockIBase()`): the first node at absolute `first`, each next one
/// at the big-endian ULONG at `next_off` of the node before. Returns the
/// nodes copied and the address of the first one not copied (0 at the end
/// of the list). One native loop for the whole chain.
pub fn read_chain(first: u32, next_off: usize, size: usize, max: usize, out: &mut alloc::vec::Vec<u8>) -> (usize, u32) {
    if size < next_off.saturating_add(4) {
        return (0, first);
    }
    let at = out.len();
    let max = max.min((out.capacity() - at) / size);
    if first == 0 || max == 0 {
        return (0, first);
    }
    // SAFETY: at most `max` nodes of `size` bytes are written after `at`,
    // inside `out`'s allocation (max <= spare capacity / size); the
    // runtime bounds-checks dst.
    let n =
        unsafe { crate::rt::rt_copy_chain(out.as_mut_ptr().add(at), first, next_off as u32, size as u32, max as u32) }
            as usize;
    // SAFETY: those `n * size` bytes were written by the call above.
    unsafe { out.set_len(at + n * size) };
    let rest = match n {
        0 => first,
        _ => crate::decode::u32_at(&out[at + (n - 1) * size..], next_off).unwrap_or(0),
    };
    (n, rest)
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

/// ULONG at absolute address `addr`.
pub fn peek32(addr: u32) -> u32 {
    // SAFETY: reads OS memory; callers pass addresses the OS gave them.
    unsafe { crate::rt::rt_peek32(addr) }
}

/// UWORD at absolute address `addr`.
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
