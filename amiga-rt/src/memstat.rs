//! Memory statistics for measuring (docs/design/performance.md, "Resident
//! memory"): when the Shell's local variable `GSMEMSTAT` names a file at
//! start, the runtime paints both stacks and appends one line per
//! [`note`] there, with the heap arena's and both stacks' high-water
//! marks; otherwise a note is one call into the runtime that returns.
//! Set it with `Set GSMEMSTAT RAM:memstat` in the Shell that starts the
//! program (`Run` hands local variables on).

/// Writes `<label> heap <high-water> of <arena> shadow <used> of <size>
/// native <used> of <size>` (bytes) to the statistics file, when there is
/// one. `label` is cut at 32 bytes.
pub fn note(label: &[u8]) {
    let label = &label[..label.len().min(32)];
    // SAFETY: `label` is valid for its length; the runtime copies it out.
    unsafe {
        super::rt::rt_memstat(
            label.as_ptr(),
            label.len() as u32,
            crate::heap::high_water() as u32,
            crate::heap::size() as u32,
        )
    }
}
