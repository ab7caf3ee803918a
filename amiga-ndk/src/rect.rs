//! A box in pixels.

/// A box in pixels: `left`, `top` relative to whatever the owner says
/// (window-relative for gadgets, screen-relative for windows and frames).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rect {
    /// Left edge, pixels.
    pub left: i32,
    /// Top edge, pixels.
    pub top: i32,
    /// Width, pixels.
    pub width: i32,
    /// Height, pixels.
    pub height: i32,
}

impl Rect {
    /// A box.
    pub const fn new(left: i32, top: i32, width: i32, height: i32) -> Rect {
        Rect { left, top, width, height }
    }

    /// Whether the box has no pixel (width or height not positive).
    pub fn is_empty(&self) -> bool {
        self.width <= 0 || self.height <= 0
    }

    /// The centre pixel (`left + width / 2`, `top + height / 2`, always
    /// inside a box of at least 1×1); `None` for an empty box.
    pub fn centre(&self) -> Option<(i32, i32)> {
        (!self.is_empty()).then(|| (self.left + self.width / 2, self.top + self.height / 2))
    }

    /// Whether the pixel (`x`, `y`) lies in the box.
    pub fn contains(&self, x: i32, y: i32) -> bool {
        x >= self.left && x < self.left + self.width && y >= self.top && y < self.top + self.height
    }

    /// Whether the two boxes share at least one pixel.
    pub fn overlaps(&self, o: &Rect) -> bool {
        self.left < o.left + o.width
            && o.left < self.left + self.width
            && self.top < o.top + o.height
            && o.top < self.top + self.height
    }

    /// The same box moved by (`dx`, `dy`) pixels.
    pub fn offset(&self, dx: i32, dy: i32) -> Rect {
        Rect { left: self.left + dx, top: self.top + dy, ..*self }
    }

    /// The part of the box inside `0..width` × `0..height` (a screen);
    /// `None` when nothing is left.
    pub fn clip(&self, width: i32, height: i32) -> Option<Rect> {
        let l = self.left.max(0);
        let t = self.top.max(0);
        let right = self.left.saturating_add(self.width).min(width);
        let bottom = self.top.saturating_add(self.height).min(height);
        (right > l && bottom > t).then(|| Rect::new(l, t, right - l, bottom - t))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn geometry() {
        let r = Rect::new(10, 20, 5, 4);
        assert_eq!(r.centre(), Some((12, 22)));
        assert_eq!(Rect::new(0, 0, 0, 3).centre(), None);
        assert!(r.contains(10, 20) && r.contains(14, 23) && !r.contains(15, 20) && !r.contains(10, 24));
        assert!(r.overlaps(&Rect::new(14, 23, 1, 1)) && !r.overlaps(&Rect::new(15, 20, 3, 3)));
        assert_eq!(r.offset(-10, 1), Rect::new(0, 21, 5, 4));
        assert_eq!(Rect::new(-2, -2, 6, 6).clip(3, 10), Some(Rect::new(0, 0, 3, 4)));
        assert_eq!(Rect::new(5, 5, 2, 2).clip(5, 5), None);
    }
}
