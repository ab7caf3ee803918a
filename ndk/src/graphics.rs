//! graphics.library: layers and fonts.

/// `back` of a `struct Layer`: the layer behind it (graphics/clip.i).
pub const lr_back: usize = 4;
/// `Window` of a `struct Layer`: the window it belongs to (graphics/clip.i:
/// after `bounds` at 16, 4 reserved bytes, `priority`, `Flags`,
/// `SuperBitMap`, `SuperClipRect`).
pub const lr_Window: usize = 40;
/// `ta_YSize` (UWORD) of a `struct TextAttr`: the font height, pixels (graphics/text.i).
pub const ta_YSize: usize = 4;

/// `struct ViewPort` `ColorMap` (graphics/view.h).
pub const vp_ColorMap: usize = 4;
/// `struct ViewPort` `Modes` (UWORD: `HIRES`, `LACE`, `HAM`, …).
pub const vp_Modes: usize = 32;
/// `struct RastPort` `BitMap` (graphics/rastport.h).
pub const rp_BitMap: usize = 4;
/// `struct BitMap` `BytesPerRow` (UWORD, graphics/gfx.h): the distance
/// from one row of a plane to the next, bytes.
pub const bm_BytesPerRow: usize = 0;
/// `struct BitMap` `Depth` (UBYTE).
pub const bm_Depth: usize = 5;
/// `struct BitMap` `Planes[8]` (PLANEPTRs).
pub const bm_Planes: usize = 8;
/// `GetBitMapAttr()` attribute: the bitmap's flags (graphics/gfx.h).
pub const BMA_FLAGS: u32 = 12;
/// `BMF_STANDARD`: a plain planar bitmap whose `Planes[]` may be read
/// directly (graphics/gfx.h, V39).
pub const BMF_STANDARD: u32 = 1 << 3;

// ---- graphics/text.h: TextAttr/TextFont style and flag bits
/// `ta_Style`/`tf_Style` bit: underlined (graphics/text.h).
pub const FSF_UNDERLINED: u8 = 0x01;
/// `ta_Style`/`tf_Style` bit: bold (graphics/text.h).
pub const FSF_BOLD: u8 = 0x02;
/// `ta_Style`/`tf_Style` bit: italic (graphics/text.h).
pub const FSF_ITALIC: u8 = 0x04;
/// `tf_Style` bit: a `struct ColorTextFont`, glyphs in several planes
/// (graphics/text.h).
pub const FSF_COLORFONT: u8 = 0x40;
/// `tf_Flags` bit: the font's characters have their own widths
/// (`tf_CharSpace`, `tf_CharKern`) (graphics/text.h).
pub const FPF_PROPORTIONAL: u8 = 0x20;
/// `tf_Flags` bit: the font was designed in this style, not made by
/// graphics from another (graphics/text.h).
pub const FPF_DESIGNED: u8 = 0x40;
