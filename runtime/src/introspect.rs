//! Reading other programs' Intuition state: `LockIBase()`, `GetAttr()`,
//! `GT_GetGadgetAttrsA()`. The walker (gadgetscope-core) decides what to
//! read; these are the safe calls it is given.
use crate::be::Be32;
use crate::library::Library;
use crate::sys;

/// Runs `f` between `LockIBase(0)` and `UnlockIBase()` (intuition.library
/// autodoc: hold the lock briefly; no allocation, no Intuition or
/// graphics calls inside). `f` is meant to copy bytes only
/// ([`crate::mem::copy_into`], [`crate::mem::cstr_len`]). It runs under
/// exec `Forbid()` as well: a task switch inside the hold would keep
/// Intuition's input handling waiting for the lock for another task's
/// whole time slice (seen as 2-3 ms holds in `GadgetScope BENCH`).
pub fn with_ibase_locked<R>(intuition: &Library, f: impl FnOnce() -> R) -> R {
    // SAFETY: LockIBase/UnlockIBase pair around a closure that only copies
    // memory; the lock value is passed back unchanged. Forbid/Permit nest
    // inside it: LockIBase may wait for the lock, the copy never waits.
    let lock = unsafe { sys::intuition_LockIBase(intuition.base(), 0) };
    // SAFETY: balanced by the Permit below; nothing in between waits.
    unsafe { sys::exec_Forbid() };
    let r = f();
    // SAFETY: as above.
    unsafe {
        sys::exec_Permit();
        sys::intuition_UnlockIBase(intuition.base(), lock);
    }
    r
}

/// `GetAttr(attr, object, &value)`: `Some(value)` when the class processed
/// the attribute (non-zero return). `object` must be a BOOPSI object whose
/// class pointer the caller has checked (TypeOfMem).
pub fn get_attr(intuition: &Library, object: u32, attr: u32) -> Option<u32> {
    let mut storage = [0u8; 4];
    // SAFETY: storage is 4 writable bytes in linear memory; GetAttr writes
    // one ULONG there.
    let done = unsafe { sys::intuition_GetAttr(intuition.base(), attr, object, storage.as_mut_ptr()) };
    (done != 0).then(|| u32::from_be_bytes(storage))
}

/// The most attributes [`get_attrs`] asks in one call.
pub const GET_ATTRS_MAX: usize = 8;

/// [`get_attr`] of each of `attrs` (at most [`GET_ATTRS_MAX`]; the rest
/// are asked one by one) in one native loop (runtime.c `rt_get_attrs`);
/// answers into `out`.
pub fn get_attrs(intuition: &Library, object: u32, attrs: &[u32], out: &mut [Option<u32>]) {
    let n = attrs.len().min(out.len());
    let batch = n.min(GET_ATTRS_MAX);
    let mut values = [0u8; 4 * GET_ATTRS_MAX];
    // SAFETY: attrs holds `batch` u32s and values 4 * batch writable bytes,
    // both in linear memory for the call; the runtime bounds-checks them.
    let mask = unsafe {
        crate::rt::rt_get_attrs(
            intuition.base(),
            object,
            attrs.as_ptr() as *const u8,
            batch as u32,
            values.as_mut_ptr(),
        )
    };
    for (i, o) in out[..batch].iter_mut().enumerate() {
        *o = (mask & (1 << i) != 0)
            .then(|| u32::from_be_bytes([values[4 * i], values[4 * i + 1], values[4 * i + 2], values[4 * i + 3]]));
    }
    for i in batch..n {
        out[i] = get_attr(intuition, object, attrs[i]);
    }
}

/// `GT_GetGadgetAttrsA(gadget, window, NULL, {tag, &value, TAG_DONE})`:
/// `Some(value)` when the one tag was processed. gadtools.library V39+
/// (the caller checks the version).
pub fn gt_get_attr(gadtools: &Library, gadget: u32, window: u32, tag: u32) -> Option<u32> {
    let mut storage = [0u8; 4];
    // The OS writes through this address: it is taken from a mutable
    // pointer, so the write is visible to Rust after the call.
    let tags = [Be32::new(tag), Be32::new(crate::mem::abs(storage.as_mut_ptr())), Be32::new(0)];
    // SAFETY: tags is a TAG_DONE-terminated list whose ti_Data points at 4
    // bytes GT_GetGadgetAttrsA may write; both live across the call.
    let n = unsafe { sys::gadtools_GT_GetGadgetAttrsA(gadtools.base(), gadget, window, 0, tags.as_ptr() as *const u8) };
    (n == 1).then(|| u32::from_be_bytes(storage))
}
