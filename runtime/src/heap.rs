//! The global allocator: `linked_list_allocator` over a fixed arena in
//! linear memory (linear memory never grows; TOOLCHAIN.md).
use linked_list_allocator::LockedHeap;

#[global_allocator]
static HEAP: LockedHeap = LockedHeap::empty();

/// Hands the arena to the allocator.
///
/// # Safety
/// Called once, before any allocation, with an arena of `size` bytes that
/// nothing else uses.
pub unsafe fn init(arena: *mut u8, size: usize) {
    // SAFETY: guaranteed by the caller (the `program!` macro).
    unsafe { HEAP.lock().init(arena, size) }
}

/// Bytes of the arena not allocated now.
pub fn free_bytes() -> usize {
    HEAP.lock().free()
}
