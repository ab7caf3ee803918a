//! The allocator's block classes (crate::heap): which free list serves a
//! request and how big its blocks are. Kept apart from the allocator,
//! which exists only on the Amiga, so the host tests it.
use core::alloc::Layout;

/// Size of a class step, bytes; also the alignment of small blocks.
pub const CLASS_BYTES: usize = 16;
/// Largest request served from the free lists, bytes.
pub const SMALL_MAX: usize = 256;
/// Free lists of small blocks (16-byte classes up to [`SMALL_MAX`]).
pub const CLASSES: usize = SMALL_MAX / CLASS_BYTES;
/// Largest request served from the power-of-two free lists, bytes.
pub const LARGE_MAX: usize = 16 * 1024;
/// Power-of-two classes above [`SMALL_MAX`]: 512 bytes up to [`LARGE_MAX`].
pub const LARGE_CLASSES: usize = 6;

/// The free list of a request and the block size it hands out.
pub fn class_of(layout: &Layout) -> Option<(usize, usize)> {
    let size = layout.size();
    if size == 0 || size > LARGE_MAX || layout.align() > CLASS_BYTES {
        return None;
    }
    if size <= SMALL_MAX {
        let c = (size - 1) / CLASS_BYTES;
        return Some((c, (c + 1) * CLASS_BYTES));
    }
    let block = size.next_power_of_two(); // 512 ..= LARGE_MAX
    Some((CLASSES + block.trailing_zeros() as usize - (SMALL_MAX * 2).trailing_zeros() as usize, block))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn class(size: usize, align: usize) -> Option<(usize, usize)> {
        class_of(&Layout::from_size_align(size, align).unwrap())
    }

    #[test]
    fn small_requests_come_in_16_byte_classes() {
        assert_eq!(class(1, 1), Some((0, 16)));
        assert_eq!(class(16, 8), Some((0, 16)));
        assert_eq!(class(17, 4), Some((1, 32)));
        assert_eq!(class(SMALL_MAX, 16), Some((CLASSES - 1, SMALL_MAX)));
    }

    #[test]
    fn large_requests_come_in_power_of_two_classes() {
        assert_eq!(class(SMALL_MAX + 1, 1), Some((CLASSES, 512)));
        assert_eq!(class(512, 4), Some((CLASSES, 512)));
        assert_eq!(class(513, 4), Some((CLASSES + 1, 1024)));
        assert_eq!(class(LARGE_MAX, 4), Some((CLASSES + LARGE_CLASSES - 1, LARGE_MAX)));
        for size in (SMALL_MAX + 1..=LARGE_MAX).step_by(97) {
            let (c, bytes) = class(size, 2).unwrap();
            assert!(c < CLASSES + LARGE_CLASSES && bytes >= size && bytes < 2 * size, "{size}: {c} {bytes}");
        }
    }

    #[test]
    fn the_rest_goes_to_the_linked_list() {
        assert_eq!(class(0, 1), None);
        assert_eq!(class(LARGE_MAX + 1, 4), None);
        assert_eq!(class(64, 32), None);
    }
}
