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
/// `struct GfxBase` `TextFonts`: the `struct List` of every font in the
/// system, ROM and disk fonts that are open or cached (graphics/gfxbase.h).
pub const gb_TextFonts: usize = 140;

// ---- graphics/text.h struct TextAttr (8 bytes)
/// `ta_Name` (STRPTR) of a `struct TextAttr`: the font's name, e.g.
/// `topaz.font` (graphics/text.i).
pub const ta_Name: usize = 0;
/// `ta_YSize` (UWORD) of a `struct TextAttr`: the font height, pixels (graphics/text.i).
pub const ta_YSize: usize = 4;
/// `ta_Style` (UBYTE) of a `struct TextAttr`: `FSF_*` (graphics/text.i).
pub const ta_Style: usize = 6;
/// `ta_Flags` (UBYTE) of a `struct TextAttr`: `FPF_*` (graphics/text.i).
pub const ta_Flags: usize = 7;
/// Size of `struct TextAttr` (graphics/text.i `ta_SIZEOF`).
pub const ta_SIZEOF: usize = 8;

// ---- graphics/text.h struct TextFont (52 bytes): a struct Message, then
// the font's metrics and tables
/// `tf_Message` (struct Message): its `mn_Node.ln_Name` is the font's
/// name, `ln_Type` `NT_FONT` (graphics/text.i).
pub const tf_Message: usize = 0;
/// `tf_YSize` (UWORD): the font's height, pixels (graphics/text.i).
pub const tf_YSize: usize = 20;
/// `tf_Style` (UBYTE): `FSF_*` the font was designed with (graphics/text.i).
pub const tf_Style: usize = 22;
/// `tf_Flags` (UBYTE): `FPF_*` (graphics/text.i).
pub const tf_Flags: usize = 23;
/// `tf_XSize` (UWORD): the nominal width, pixels (graphics/text.i).
pub const tf_XSize: usize = 24;
/// `tf_Baseline` (UWORD): rows from the top of the glyphs to the
/// baseline (graphics/text.i).
pub const tf_Baseline: usize = 26;
/// `tf_BoldSmear` (UWORD): the algorithmic bold's offset, pixels (graphics/text.i).
pub const tf_BoldSmear: usize = 28;
/// `tf_Accessors` (UWORD): how many `OpenFont()`s hold the font (graphics/text.i).
pub const tf_Accessors: usize = 30;
/// `tf_LoChar` (UBYTE): the first character with a glyph (graphics/text.i).
pub const tf_LoChar: usize = 32;
/// `tf_HiChar` (UBYTE): the last character with a glyph (graphics/text.i).
pub const tf_HiChar: usize = 33;
/// `tf_CharData` (APTR): the glyphs' bitmap, `tf_YSize` rows of
/// `tf_Modulo` bytes (graphics/text.i).
pub const tf_CharData: usize = 34;
/// `tf_Modulo` (UWORD): bytes per row of `tf_CharData` (graphics/text.i).
pub const tf_Modulo: usize = 38;
/// `tf_CharLoc` (APTR): per glyph a ULONG, the bit offset in a row
/// (high word) and the width in bits (low word) (graphics/text.i).
pub const tf_CharLoc: usize = 40;
/// `tf_CharSpace` (APTR): per glyph a WORD, the advance after it, pixels;
/// 0 for none (graphics/text.i).
pub const tf_CharSpace: usize = 44;
/// `tf_CharKern` (APTR): per glyph a WORD, the move before it, pixels;
/// 0 for none (graphics/text.i).
pub const tf_CharKern: usize = 48;
/// Size of `struct TextFont` (graphics/text.i `tf_SIZEOF`).
pub const tf_SIZEOF: usize = 52;

// ---- graphics/text.h struct TextExtent (12 bytes, `TextExtent()`)
/// `te_Width` (UWORD): `TextLength()` of the string, pixels (graphics/text.h).
pub const te_Width: usize = 0;
/// `te_Height` (UWORD): the font's `tf_YSize`, pixels (graphics/text.h).
pub const te_Height: usize = 2;
/// `te_Extent` (struct Rectangle: WORD MinX, MinY, MaxX, MaxY): the
/// pixels the text covers, relative to the pen position (MinY is
/// `-tf_Baseline`), inclusive (graphics/text.h).
pub const te_Extent: usize = 4;
/// Size of `struct TextExtent` (graphics/text.h).
pub const te_SIZEOF: usize = 12;

// ---- graphics/rastport.h
/// `Font` (struct TextFont *) of a `struct RastPort`: the font `Text()`
/// draws with (graphics/rastport.i).
pub const rp_Font: usize = 52;
/// `SetDrMd()` mode: only the foreground pen's pixels are drawn
/// (graphics/rastport.h).
pub const JAM1: u8 = 0;
/// `SetDrMd()` mode: foreground pen for set pixels, background pen for
/// the rest of the text's box (graphics/rastport.h).
pub const JAM2: u8 = 1;

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
/// `ta_Style`/`tf_Style` bit: extended (wide) (graphics/text.h).
pub const FSF_EXTENDED: u8 = 0x08;
/// `tf_Style` bit: a `struct ColorTextFont`, glyphs in several planes
/// (graphics/text.h).
pub const FSF_COLORFONT: u8 = 0x40;
/// `ta_Style` bit: the attribute is a `struct TTextAttr` with tags;
/// `tf_Style` bit: the font has a tag list in its extension
/// (graphics/text.h). Not a style: AROS's `SetSoftStyle()` answers it
/// for every font `OpenFont()` extended (measured: 128 for plain topaz 8).
pub const FSF_TAGGED: u8 = 0x80;
/// `tf_Style` value: no style (graphics/text.h).
pub const FS_NORMAL: u8 = 0;
/// `tf_Flags` bit: the font is in ROM (graphics/text.h).
pub const FPF_ROMFONT: u8 = 0x01;
/// `tf_Flags` bit: the font was loaded from disk (graphics/text.h).
pub const FPF_DISKFONT: u8 = 0x02;
/// `tf_Flags` bit: the font's characters have their own widths
/// (`tf_CharSpace`, `tf_CharKern`) (graphics/text.h).
pub const FPF_PROPORTIONAL: u8 = 0x20;
/// `tf_Flags` bit: the font was designed in this style, not made by
/// graphics from another (graphics/text.h).
pub const FPF_DESIGNED: u8 = 0x40;
/// `tf_Flags` bit: the font was taken out of graphics' list
/// (`RemFont()`) (graphics/text.h).
pub const FPF_REMOVED: u8 = 0x80;
