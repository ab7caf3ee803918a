//! Tag lists (NDK utility/tagitem.h) built in linear memory, and the tag
//! IDs of the Intuition, BOOPSI and GadTools calls the project makes.
//!
//! A `struct TagItem` is two big-endian ULONGs (`ti_Tag`, `ti_Data`); a
//! list ends with `TAG_DONE`. Pointer data must be absolute addresses
//! (`mem::abs`) because the OS reads them as they are; only the top-level
//! tag-list pointer of a call is translated by the glue.
//!
//! Tag values are from the NDK 3.x includes named in each block (checked
//! against the AROS headers, which use the same numbers). The names are
//! the NDK's, hence `non_upper_case_globals`.
#![allow(non_upper_case_globals)]

use crate::be::Be32;
use alloc::vec::Vec;

/// utility/tagitem.h: end of a tag list.
pub const TAG_DONE: u32 = 0;
/// utility/tagitem.h: base of application/OS-defined tags.
pub const TAG_USER: u32 = 0x8000_0000;

/// A tag list under construction; [`Tags::done`] appends `TAG_DONE` and
/// yields the `Vec<Be32>` whose pointer is passed to the OS.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tags {
    items: Vec<(u32, u32)>,
}

impl Tags {
    /// An empty list.
    pub fn new() -> Tags {
        Tags { items: Vec::new() }
    }

    /// Appends `tag` with `data` (builder style).
    pub fn tag(mut self, tag: u32, data: u32) -> Tags {
        self.items.push((tag, data));
        self
    }

    /// Appends `tag` with `data` when `cond` holds.
    pub fn tag_if(self, cond: bool, tag: u32, data: u32) -> Tags {
        if cond {
            self.tag(tag, data)
        } else {
            self
        }
    }

    /// Appends `tag` with `data` in place.
    pub fn push(&mut self, tag: u32, data: u32) {
        self.items.push((tag, data));
    }

    /// The pairs so far (without the terminator).
    pub fn items(&self) -> &[(u32, u32)] {
        &self.items
    }

    /// The `TAG_DONE`-terminated list as big-endian longwords
    /// (`2 * (n + 1)` of them).
    pub fn done(&self) -> Vec<Be32> {
        let mut v = Vec::with_capacity(2 * self.items.len() + 2);
        for &(t, d) in &self.items {
            v.push(Be32::new(t));
            v.push(Be32::new(d));
        }
        v.push(Be32::new(TAG_DONE));
        v.push(Be32::new(0));
        v
    }
}

/// Boolean tag data (`TRUE` is 1 in exec/types.h).
pub const fn bool_data(b: bool) -> u32 {
    b as u32
}

/// A signed value as tag data (e.g. `-1` for "all").
pub const fn signed(v: i32) -> u32 {
    v as u32
}

// ---- intuition/intuition.h: OpenWindowTagList() (WA_Dummy = TAG_USER + 99) ----
pub const WA_Dummy: u32 = TAG_USER + 99;
/// Window position and outer size, pixels (screen-relative).
pub const WA_Left: u32 = WA_Dummy + 0x01;
pub const WA_Top: u32 = WA_Dummy + 0x02;
pub const WA_Width: u32 = WA_Dummy + 0x03;
pub const WA_Height: u32 = WA_Dummy + 0x04;
pub const WA_IDCMP: u32 = WA_Dummy + 0x07;
pub const WA_Flags: u32 = WA_Dummy + 0x08;
pub const WA_Gadgets: u32 = WA_Dummy + 0x09;
pub const WA_Title: u32 = WA_Dummy + 0x0B;
pub const WA_ScreenTitle: u32 = WA_Dummy + 0x0C;
pub const WA_CustomScreen: u32 = WA_Dummy + 0x0D;
/// Size of the window's interior (without borders), pixels.
pub const WA_MinWidth: u32 = WA_Dummy + 0x0F;
pub const WA_MinHeight: u32 = WA_Dummy + 0x10;
pub const WA_MaxWidth: u32 = WA_Dummy + 0x11;
pub const WA_MaxHeight: u32 = WA_Dummy + 0x12;
pub const WA_InnerWidth: u32 = WA_Dummy + 0x13;
pub const WA_InnerHeight: u32 = WA_Dummy + 0x14;
pub const WA_PubScreen: u32 = WA_Dummy + 0x16;
pub const WA_SizeGadget: u32 = WA_Dummy + 0x1E;
pub const WA_DragBar: u32 = WA_Dummy + 0x1F;
pub const WA_DepthGadget: u32 = WA_Dummy + 0x20;
pub const WA_CloseGadget: u32 = WA_Dummy + 0x21;
pub const WA_NoCareRefresh: u32 = WA_Dummy + 0x24;
pub const WA_Borderless: u32 = WA_Dummy + 0x25;
pub const WA_Activate: u32 = WA_Dummy + 0x26;
pub const WA_Zoom: u32 = WA_Dummy + 0x1A;
pub const WA_SimpleRefresh: u32 = WA_Dummy + 0x29;
pub const WA_SmartRefresh: u32 = WA_Dummy + 0x2A;
pub const WA_AutoAdjust: u32 = WA_Dummy + 0x2D;
pub const WA_NewLookMenus: u32 = WA_Dummy + 0x30;

// ---- intuition/screens.h: OpenScreenTagList() (SA_Dummy = TAG_USER + 32) ----
pub const SA_Dummy: u32 = TAG_USER + 32;
pub const SA_Left: u32 = SA_Dummy + 0x01;
pub const SA_Top: u32 = SA_Dummy + 0x02;
/// Screen size, pixels.
pub const SA_Width: u32 = SA_Dummy + 0x03;
pub const SA_Height: u32 = SA_Dummy + 0x04;
/// Bitplanes.
pub const SA_Depth: u32 = SA_Dummy + 0x05;
pub const SA_Title: u32 = SA_Dummy + 0x08;
pub const SA_Type: u32 = SA_Dummy + 0x0D;
pub const SA_DisplayID: u32 = SA_Dummy + 0x12;
pub const SA_ShowTitle: u32 = SA_Dummy + 0x16;
/// `UWORD` pen array ending with `~0`; `{~0}` alone selects the new look.
pub const SA_Pens: u32 = SA_Dummy + 0x1A;
/// V39: same mode, depth, size and colours as the Workbench screen.
pub const SA_LikeWorkbench: u32 = SA_Dummy + 0x27;

// ---- intuition/gadgetclass.h: gadgetclass attributes (GA_Dummy = TAG_USER + 0x30000) ----
pub const GA_Dummy: u32 = TAG_USER + 0x30000;
/// Gadget box, pixels relative to the window's top-left corner (borders included).
pub const GA_Left: u32 = GA_Dummy + 0x0001;
pub const GA_Top: u32 = GA_Dummy + 0x0003;
pub const GA_Width: u32 = GA_Dummy + 0x0005;
pub const GA_Height: u32 = GA_Dummy + 0x0007;
/// Label: a NUL-terminated string (sets `GFLG_LABELSTRING`).
pub const GA_Text: u32 = GA_Dummy + 0x0009;
/// `GadgetRender` image (for frbuttonclass: the frame).
pub const GA_Image: u32 = GA_Dummy + 0x000A;
pub const GA_Disabled: u32 = GA_Dummy + 0x000E;
/// `Gadget->GadgetID`.
pub const GA_ID: u32 = GA_Dummy + 0x0010;
pub const GA_UserData: u32 = GA_Dummy + 0x0011;
pub const GA_Selected: u32 = GA_Dummy + 0x0013;
pub const GA_Immediate: u32 = GA_Dummy + 0x0015;
pub const GA_RelVerify: u32 = GA_Dummy + 0x0016;
/// Links the new gadget after this one at creation (`prev->NextGadget`).
pub const GA_Previous: u32 = GA_Dummy + 0x001F;
pub const GA_DrawInfo: u32 = GA_Dummy + 0x0021;
/// Label: a `struct IntuiText *` (`GFLG_LABELITEXT`).
pub const GA_IntuiText: u32 = GA_Dummy + 0x0022;
pub const GA_TabCycle: u32 = GA_Dummy + 0x0024;

// ---- intuition/gadgetclass.h: propgclass (PGA_Dummy = TAG_USER + 0x31000) ----
pub const PGA_Dummy: u32 = TAG_USER + 0x31000;
/// `FREEHORIZ` or `FREEVERT` (intuition/intuition.h).
pub const PGA_Freedom: u32 = PGA_Dummy + 0x0001;
pub const PGA_Borderless: u32 = PGA_Dummy + 0x0002;
pub const PGA_Total: u32 = PGA_Dummy + 0x0007;
pub const PGA_Visible: u32 = PGA_Dummy + 0x0008;
pub const PGA_Top: u32 = PGA_Dummy + 0x0009;
pub const PGA_NewLook: u32 = PGA_Dummy + 0x000A;
/// intuition/intuition.h `PropInfo.Flags`.
pub const FREEHORIZ: u32 = 0x0002;
pub const FREEVERT: u32 = 0x0004;

// ---- intuition/gadgetclass.h: strgclass (STRINGA_Dummy = TAG_USER + 0x32000) ----
pub const STRINGA_Dummy: u32 = TAG_USER + 0x32000;
pub const STRINGA_MaxChars: u32 = STRINGA_Dummy + 0x0001;
pub const STRINGA_LongVal: u32 = STRINGA_Dummy + 0x0011;
/// Initial text (copied into the gadget's buffer); readable with GetAttr.
pub const STRINGA_TextVal: u32 = STRINGA_Dummy + 0x0012;

// ---- intuition/imageclass.h (IA_Dummy = TAG_USER + 0x20000) ----
pub const IA_Dummy: u32 = TAG_USER + 0x20000;
pub const IA_Left: u32 = IA_Dummy + 0x01;
pub const IA_Top: u32 = IA_Dummy + 0x02;
/// Image size, pixels.
pub const IA_Width: u32 = IA_Dummy + 0x03;
pub const IA_Height: u32 = IA_Dummy + 0x04;
pub const IA_Recessed: u32 = IA_Dummy + 0x15;
/// V39 frameiclass: `FRAME_DEFAULT` 0, `FRAME_BUTTON` 1, `FRAME_RIDGE` 2, `FRAME_ICONDROPBOX` 3.
pub const IA_FrameType: u32 = IA_Dummy + 0x1B;
pub const FRAME_BUTTON: u32 = 1;
pub const FRAME_RIDGE: u32 = 2;

// ---- libraries/gadtools.h (GT_TagBase = TAG_USER + 0x80000) ----
pub const GT_TagBase: u32 = TAG_USER + 0x80000;
pub const GTCB_Checked: u32 = GT_TagBase + 4;
pub const GTLV_Top: u32 = GT_TagBase + 5;
/// `struct List *` of nodes whose `ln_Name` are the items.
pub const GTLV_Labels: u32 = GT_TagBase + 6;
pub const GTLV_ReadOnly: u32 = GT_TagBase + 7;
pub const GTMX_Labels: u32 = GT_TagBase + 9;
pub const GTMX_Active: u32 = GT_TagBase + 10;
/// `STRPTR` shown by a TEXT_KIND gadget (kept by pointer unless GTTX_CopyText).
pub const GTTX_Text: u32 = GT_TagBase + 11;
/// TEXT_KIND: copy the GTTX_Text string (V37).
pub const GTTX_CopyText: u32 = GT_TagBase + 12;
pub const GTCY_Labels: u32 = GT_TagBase + 14;
pub const GTCY_Active: u32 = GT_TagBase + 15;
pub const GTSL_Min: u32 = GT_TagBase + 38;
pub const GTSL_Max: u32 = GT_TagBase + 39;
pub const GTSL_Level: u32 = GT_TagBase + 40;
pub const GTSL_MaxLevelLen: u32 = GT_TagBase + 41;
pub const GTSL_LevelFormat: u32 = GT_TagBase + 42;
pub const GTSL_LevelPlace: u32 = GT_TagBase + 43;
pub const GTST_String: u32 = GT_TagBase + 45;
pub const GTST_MaxChars: u32 = GT_TagBase + 46;
pub const GTIN_Number: u32 = GT_TagBase + 47;
pub const GTIN_MaxChars: u32 = GT_TagBase + 48;
pub const GTLV_ShowSelected: u32 = GT_TagBase + 53;
pub const GTLV_Selected: u32 = GT_TagBase + 54;
/// TEXT_KIND: a recessed border around the text.
pub const GTTX_Border: u32 = GT_TagBase + 57;
pub const GTMX_Spacing: u32 = GT_TagBase + 61;
pub const GTMN_FullMenu: u32 = GT_TagBase + 62;
/// The character that marks the next one as the keyboard shortcut (`'_'`).
pub const GT_Underscore: u32 = GT_TagBase + 64;
pub const GTMN_NewLookMenus: u32 = GT_TagBase + 67;
pub const GTCB_Scaled: u32 = GT_TagBase + 68;
pub const GTMX_Scaled: u32 = GT_TagBase + 69;
/// LISTVIEW_KIND: scroll so that this item is visible (V39).
pub const GTLV_MakeVisible: u32 = GT_TagBase + 78;

#[cfg(test)]
mod tests {
    use super::*;

    fn bytes(v: &[Be32]) -> Vec<u8> {
        v.iter().flat_map(|b| b.get().to_be_bytes()).collect()
    }

    #[test]
    fn empty_list_is_just_tag_done() {
        assert_eq!(bytes(&Tags::new().done()), [0u8; 8]);
    }

    #[test]
    fn pairs_are_big_endian_and_terminated() {
        let t = Tags::new().tag(GA_ID, 7).tag_if(false, GA_Disabled, 1).tag(GA_Left, signed(-1));
        assert_eq!(t.items().len(), 2);
        let b = bytes(&t.done());
        assert_eq!(b.len(), 24);
        assert_eq!(&b[0..8], &[0x80, 0x03, 0x00, 0x10, 0, 0, 0, 7]);
        assert_eq!(&b[8..16], &[0x80, 0x03, 0x00, 0x01, 0xFF, 0xFF, 0xFF, 0xFF]);
        assert_eq!(&b[16..], &[0u8; 8]);
    }

    #[test]
    fn ndk_values() {
        // Spot checks against the NDK headers' numbers.
        assert_eq!(WA_Title, 0x8000_006E);
        assert_eq!(WA_PubScreen, 0x8000_0079);
        assert_eq!(WA_NewLookMenus, 0x8000_0093);
        assert_eq!(SA_Title, 0x8000_0028);
        assert_eq!(SA_LikeWorkbench, 0x8000_0047);
        assert_eq!(GA_ID, 0x8003_0010);
        assert_eq!(STRINGA_TextVal, 0x8003_2012);
        assert_eq!(GTST_String, 0x8008_002D);
        assert_eq!(GTIN_Number, 0x8008_002F);
        assert_eq!(GT_Underscore, 0x8008_0040);
        let mut t = Tags::new();
        t.push(TAG_USER, bool_data(true));
        assert_eq!(t.items(), &[(TAG_USER, 1)]);
    }
}
