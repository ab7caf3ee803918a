//! diskfont.library's file formats (diskfont/diskfont.h): the `.font`
//! contents file and the `DiskFontHeader` at the start of each size's
//! font file. The AROS ROM has no diskfont.library
//! (docs/reference/toolchain.md); the test harness writes these files and
//! its fixture loads them as diskfont would (tests-uae/src/diskfont.rs).

/// `MAXFONTPATH`: the size of `fc_FileName`, the terminating NUL included
/// (diskfont/diskfont.h).
pub const MAXFONTPATH: usize = 256;
/// `MAXFONTNAME`: the size of `dfh_Name`, `.font` and the NUL included
/// (diskfont/diskfont.h).
pub const MAXFONTNAME: usize = 32;

/// `FCH_ID`: `fch_FileID` of a contents file whose entries are `struct
/// FontContents` (diskfont/diskfont.h).
pub const FCH_ID: u16 = 0x0f00;
/// `TFCH_ID`: `fch_FileID` of a contents file of `struct TFontContents`
/// (entries with tags) (diskfont/diskfont.h).
pub const TFCH_ID: u16 = 0x0f02;
/// `DFH_ID`: `dfh_FileID` of a font file's `DiskFontHeader`
/// (diskfont/diskfont.h).
pub const DFH_ID: u16 = 0x0f80;

// ---- struct FontContentsHeader (the `<name>.font` file): a UWORD id, a
// UWORD count, then the entries
/// `fch_FileID` (UWORD): `FCH_ID` or `TFCH_ID` (diskfont/diskfont.i).
pub const fch_FileID: usize = 0;
/// `fch_NumEntries` (UWORD): how many entries follow (diskfont/diskfont.i).
pub const fch_NumEntries: usize = 2;
/// `fch_FC`: where the first entry starts (diskfont/diskfont.i).
pub const fch_FC: usize = 4;

// ---- struct FontContents (260 bytes): one size of the font
/// `fc_FileName` (char[MAXFONTPATH]): the font file's path relative to
/// `FONTS:`, e.g. `topaz/11` (diskfont/diskfont.i).
pub const fc_FileName: usize = 0;
/// `fc_YSize` (UWORD): that size's `tf_YSize`, pixels (diskfont/diskfont.i).
pub const fc_YSize: usize = 256;
/// `fc_Style` (UBYTE): its `tf_Style` (diskfont/diskfont.i).
pub const fc_Style: usize = 258;
/// `fc_Flags` (UBYTE): its `tf_Flags` (diskfont/diskfont.i).
pub const fc_Flags: usize = 259;
/// Size of `struct FontContents` (diskfont/diskfont.i `fc_SIZEOF`).
pub const fc_SIZEOF: usize = 260;

// ---- struct DiskFontHeader (106 bytes). In the file's first hunk it
// follows a longword of code (`moveq #-1,d0 ; rts` or `moveq #0,d0 ; rts`,
// so that running the file does nothing); in memory, after LoadSeg, the
// segment's next-segment BPTR comes before that (diskfont/diskfont.i).
/// `dfh_DF` (struct Node): links loaded disk fonts; `ln_Name` points at
/// `dfh_Name` (diskfont/diskfont.i).
pub const dfh_DF: usize = 0;
/// `dfh_FileID` (UWORD): `DFH_ID` (diskfont/diskfont.i).
pub const dfh_FileID: usize = 14;
/// `dfh_Revision` (UWORD): the font's revision (diskfont/diskfont.i).
pub const dfh_Revision: usize = 16;
/// `dfh_Segment` (LONG): the segment list when loaded; 0 in the file
/// (diskfont/diskfont.i).
pub const dfh_Segment: usize = 18;
/// `dfh_Name` (char[MAXFONTNAME]): the font's name (diskfont/diskfont.i).
pub const dfh_Name: usize = 22;
/// `dfh_TF` (struct TextFont): the font itself, ready for `AddFont()`
/// once its pointers are relocated (diskfont/diskfont.i).
pub const dfh_TF: usize = 54;
/// Size of `struct DiskFontHeader` (diskfont/diskfont.i `dfh_SIZEOF`).
pub const dfh_SIZEOF: usize = 106;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exec::LN_SIZE;
    use crate::graphics::tf_SIZEOF;

    #[test]
    fn layouts_add_up() {
        assert_eq!(dfh_FileID, LN_SIZE);
        assert_eq!(dfh_TF, dfh_Name + MAXFONTNAME);
        assert_eq!(dfh_SIZEOF, dfh_TF + tf_SIZEOF);
        assert_eq!(fc_YSize, MAXFONTPATH);
        assert_eq!(fc_SIZEOF, fc_Flags + 1);
    }
}
