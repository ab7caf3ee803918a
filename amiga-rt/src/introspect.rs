//! Reading other programs' Intuition state: `LockIBase()`, `GetAttr()`,
//! `GT_GetGadgetAttrsA()`. The walker (gadgetscope-core) decides what to
//! read; these are the safe calls it is given.
use crate::be::Be32;
use crate::library::Library;
use crate::sys;

/// Runs `f` between `LockIBase(0)` and `UnlockIBase()` (intuition.library
/// autodoc: hold the lock briefly; no allocation, no Intuition or
/// graphics calls inside). `f` is meant to copy bytes only
/// ([`crate::mem::copy_into`], [`crate::mem::copy_cstr`]).
///
/// The hold sits inside exec `Forbid()`: `Forbid()` first, `Permit()`
/// last, so no other task runs while this one holds the lock and no task
/// ever waits for it because of this one (only when `LockIBase()` itself
/// must wait does its `Wait()` break the Forbid until the lock is ours).
/// A task waiting for the IBase lock is what opens the AROS ROM's
/// console.device use-after-free (docs/reference/toolchain.md, "What the
/// ROM does differently"); a task switch inside the hold also kept
/// Intuition's input handling waiting for a whole time slice.
pub fn with_ibase_locked<R>(intuition: &Library, f: impl FnOnce() -> R) -> R {
    // SAFETY: Forbid/Permit and LockIBase/UnlockIBase are balanced here;
    // the closure only copies memory, so nothing waits inside the hold;
    // the lock value is passed back unchanged.
    unsafe {
        sys::exec_Forbid();
        let lock = sys::intuition_LockIBase(intuition.base(), 0);
        let r = f();
        sys::intuition_UnlockIBase(intuition.base(), lock);
        sys::exec_Permit();
        r
    }
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

/// [`get_attr`] of the first of `attrs` (at most [`GET_ATTRS_MAX`]) in one
/// native loop (runtime.c `rt_get_attrs`), answers into `out`; returns how
/// many were asked. The loop stops after a `GetAttr()` during which
/// another task ran ([`crate::exec::dispatch_count`] moved: the class
/// waited, and the object may be gone since), so that the caller can look
/// again before asking the rest.
pub fn get_attrs(intuition: &Library, object: u32, attrs: &[u32], out: &mut [Option<u32>]) -> usize {
    let batch = attrs.len().min(out.len()).min(GET_ATTRS_MAX);
    let mut values = [0u8; 4 * GET_ATTRS_MAX];
    // SAFETY: attrs holds `batch` u32s and values 4 * batch writable bytes,
    // both in linear memory for the call; the runtime bounds-checks them.
    let r = unsafe {
        crate::rt::rt_get_attrs(
            intuition.base(),
            object,
            attrs.as_ptr() as *const u8,
            batch as u32,
            values.as_mut_ptr(),
        )
    };
    let asked = ((r >> 16) as usize).min(batch);
    for (i, o) in out[..asked].iter_mut().enumerate() {
        *o = (r & (1 << i) != 0)
            .then(|| u32::from_be_bytes([values[4 * i], values[4 * i + 1], values[4 * i + 2], values[4 * i + 3]]));
    }
    asked
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
