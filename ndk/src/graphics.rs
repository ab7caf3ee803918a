//! graphics.library: layers and fonts.

/// `back` of a `struct Layer`: the layer behind it (graphics/clip.i).
pub const lr_back: usize = 4;
/// `Window` of a `struct Layer`: the window it belongs to (graphics/clip.i:
/// after `bounds` at 16, 4 reserved bytes, `priority`, `Flags`,
/// `SuperBitMap`, `SuperClipRect`).
pub const lr_Window: usize = 40;
/// `ta_YSize` (UWORD) of a `struct TextAttr`: the font height, pixels (graphics/text.i).
pub const ta_YSize: usize = 4;
