//! The global allocator: `linked_list_allocator` over a fixed arena in linear
//! memory (linear memory never grows; docs/reference/toolchain.md, "Rust"),
//! with free lists of small blocks in front of it.
//!
//! Why the free lists: on a 68020 one allocate-and-free of a small `Vec`
//! through the linked list costs 150–250 µs (docs/design/performance.md),
//! and a TREE makes dozens. Blocks of up to [`SMALL_MAX`] bytes come in
//! 16-byte classes; a freed small block goes on its class's list and is
//! handed out again at once. Blocks of up to [`LARGE_MAX`] bytes (the
//! walker's list and gadget buffers, the text of a TREE: about ten per
//! TREE) come in power-of-two classes from 512 bytes, the same way.
//! Neither is returned to the linked list, so the arena's high-water mark
//! of each class stays reserved (a large block may use up to twice what
//! was asked).
pub use crate::heap_class::{LARGE_MAX, SMALL_MAX};
use core::alloc::{GlobalAlloc, Layout};
use core::cell::UnsafeCell;
use linked_list_allocator::LockedHeap;

use crate::heap_class::{class_of, CLASSES, CLASS_BYTES, LARGE_CLASSES};

struct Allocator {
    heap: LockedHeap,
    /// The arena's start and the highest end of any block the linked list
    /// handed out, as an offset from it (bytes): the arena size that the
    /// run so far would have needed (first fit places the same blocks at
    /// the same offsets in any arena they fit). Blocks on the free lists
    /// are never given back, so this is the high-water mark of the arena.
    mark: UnsafeCell<[usize; 2]>,
    /// Head of each class's free list (an address in linear memory, 0 when
    /// empty); each free block holds the next block's address.
    free: UnsafeCell<[usize; CLASSES + LARGE_CLASSES]>,
}

// SAFETY: an Amiga program's wasm instance runs on one task; code on other
// tasks never enters it (docs/reference/toolchain.md, "Callbacks and other
// tasks"), so the allocator is never used concurrently.
unsafe impl Sync for Allocator {}

impl Allocator {
    /// A block from the linked list; moves the high-water mark.
    ///
    /// # Safety
    /// As `GlobalAlloc::alloc`.
    unsafe fn arena_block(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded as received; single-threaded (see `Sync`).
        unsafe {
            let p = self.heap.alloc(layout);
            let mark = &mut *self.mark.get();
            let end = (p as usize).wrapping_add(layout.size()).wrapping_sub(mark[0]);
            if !p.is_null() && end > mark[1] {
                mark[1] = end;
            }
            p
        }
    }
}

// SAFETY: every block handed out is either a fresh block of the linked
// list for `layout` (or its class's size and alignment) or a freed block
// of the same class, so it is valid for the layout and used once at a
// time; blocks come back to the list or class they came from.
unsafe impl GlobalAlloc for Allocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        match class_of(&layout) {
            Some((c, bytes)) => {
                // SAFETY: single-threaded (see `Sync`); a non-zero head is a
                // free block of this class whose first word is the next one.
                unsafe {
                    let heads = &mut *self.free.get();
                    if heads[c] != 0 {
                        let block = heads[c] as *mut usize;
                        heads[c] = *block;
                        return block as *mut u8;
                    }
                    self.arena_block(Layout::from_size_align_unchecked(bytes, CLASS_BYTES))
                }
            }
            // SAFETY: forwarded as received.
            None => unsafe { self.arena_block(layout) },
        }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        match class_of(&layout) {
            // SAFETY: ptr is a block of this class (allocated above with the
            // same layout), at least 16 bytes and aligned: it can hold the
            // list link.
            Some((c, _)) => unsafe {
                let heads = &mut *self.free.get();
                *(ptr as *mut usize) = heads[c];
                heads[c] = ptr as usize;
            },
            // SAFETY: forwarded as received.
            None => unsafe { self.heap.dealloc(ptr, layout) },
        }
    }
}

#[global_allocator]
static HEAP: Allocator = Allocator {
    heap: LockedHeap::empty(),
    mark: UnsafeCell::new([0; 2]),
    free: UnsafeCell::new([0; CLASSES + LARGE_CLASSES]),
};

/// Hands the arena to the allocator.
///
/// # Safety
/// Called once, before any allocation, with an arena of `size` bytes that
/// nothing else uses.
pub unsafe fn init(arena: *mut u8, size: usize) {
    // SAFETY: guaranteed by the caller (the `program!` macro); nothing
    // allocates yet, so the mark is not in use.
    unsafe {
        *HEAP.mark.get() = [arena as usize, 0];
        HEAP.heap.lock().init(arena, size)
    }
}

/// The arena's high-water mark, bytes: the highest end of a block the
/// linked list has handed out, from the arena's start (blocks on the free
/// lists stay reserved, so this is what the run needed so far).
pub fn high_water() -> usize {
    // SAFETY: a plain read; single-threaded (see `Sync`).
    unsafe { (*HEAP.mark.get())[1] }
}

/// The arena's size, bytes.
pub fn size() -> usize {
    HEAP.heap.lock().size()
}

/// Bytes of the arena not allocated now (blocks on the free lists
/// count as allocated).
pub fn free_bytes() -> usize {
    HEAP.heap.lock().free()
}
