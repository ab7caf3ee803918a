//! graphics.library: layers and fonts.

/// `front` of a `struct Layer`: the layer in front of it, NULL for the
/// frontmost (graphics/clip.i).
pub const lr_front: usize = 0;
/// `back` of a `struct Layer`: the layer behind it (graphics/clip.i).
pub const lr_back: usize = 4;
/// `bounds` of a `struct Layer`: a `struct Rectangle` (`MinX`, `MinY`,
/// `MaxX`, `MaxY`, WORDs, inclusive) in screen pixels (graphics/clip.i).
pub const lr_bounds: usize = 16;
/// `Window` of a `struct Layer`: the window it belongs to (graphics/clip.i:
/// after `bounds` at 16, 4 reserved bytes, `priority`, `Flags`,
/// `SuperBitMap`, `SuperClipRect`).
pub const lr_Window: usize = 40;
/// `struct RastPort` `Font`: the `struct TextFont *` `Text()` draws with
/// (graphics/rastport.h).
pub const rp_Font: usize = 52;
/// `struct GfxBase` `TextFonts`: the `struct List` of every font in the
/// system, ROM and disk fonts that are open or cached (graphics/gfxbase.h).
pub const gb_TextFonts: usize = 140;

/// `struct TextFont` (graphics/text.h): after its `struct Message`
/// (`tf_Message`, whose `ln_Name` is the font's name) come these fields.
/// `tf_YSize` (UWORD): height, pixels.
pub const tf_YSize: usize = 20;
/// `tf_Style` (UBYTE): `FSF_*`.
pub const tf_Style: usize = 22;
/// `tf_Flags` (UBYTE): `FPF_*`.
pub const tf_Flags: usize = 23;
/// `tf_XSize` (UWORD): nominal width, pixels.
pub const tf_XSize: usize = 24;
/// `tf_Baseline` (UWORD): rows from the top to the baseline.
pub const tf_Baseline: usize = 26;
/// `tf_BoldSmear` (UWORD): the algorithmic bold's offset, pixels.
pub const tf_BoldSmear: usize = 28;
/// `tf_LoChar` (UBYTE): the first character.
pub const tf_LoChar: usize = 32;
/// `tf_HiChar` (UBYTE): the last character.
pub const tf_HiChar: usize = 33;
/// `tf_CharData` (APTR): the glyphs, `tf_YSize` rows of `tf_Modulo` bytes.
pub const tf_CharData: usize = 34;
/// `tf_Modulo` (UWORD): bytes per row of `tf_CharData`.
pub const tf_Modulo: usize = 38;
/// `tf_CharLoc` (APTR): two UWORDs per character, bit offset and width.
pub const tf_CharLoc: usize = 40;
/// `tf_CharSpace` (APTR, NULL for none): a WORD advance per character.
pub const tf_CharSpace: usize = 44;
/// `tf_CharKern` (APTR, NULL for none): a WORD kern per character.
pub const tf_CharKern: usize = 48;
/// `sizeof(struct TextFont)`, bytes.
pub const TEXTFONT_SIZE: usize = 52;

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
