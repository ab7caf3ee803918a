//! gadtools.library (libraries/gadtools.h): kinds, `NewGadget` flags,
//! `NewMenu`, IDCMP sets and tags.

use crate::intuition::{IDCMP_GADGETDOWN, IDCMP_GADGETUP, IDCMP_INTUITICKS, IDCMP_MOUSEBUTTONS, IDCMP_MOUSEMOVE};
use crate::utility::TAG_USER;

/// `GENERIC_KIND` (libraries/gadtools.h).
pub const GENERIC_KIND: u32 = 0;
/// `BUTTON_KIND` (libraries/gadtools.h).
pub const BUTTON_KIND: u32 = 1;
/// `CHECKBOX_KIND` (libraries/gadtools.h).
pub const CHECKBOX_KIND: u32 = 2;
/// `INTEGER_KIND` (libraries/gadtools.h).
pub const INTEGER_KIND: u32 = 3;
/// `LISTVIEW_KIND` (libraries/gadtools.h).
pub const LISTVIEW_KIND: u32 = 4;
/// `MX_KIND` (libraries/gadtools.h).
pub const MX_KIND: u32 = 5;
/// `NUMBER_KIND` (libraries/gadtools.h).
pub const NUMBER_KIND: u32 = 6;
/// `CYCLE_KIND` (libraries/gadtools.h).
pub const CYCLE_KIND: u32 = 7;
/// `PALETTE_KIND` (libraries/gadtools.h).
pub const PALETTE_KIND: u32 = 8;
/// `SCROLLER_KIND` (libraries/gadtools.h).
pub const SCROLLER_KIND: u32 = 9;
/// `SLIDER_KIND` (libraries/gadtools.h).
pub const SLIDER_KIND: u32 = 11;
/// `STRING_KIND` (libraries/gadtools.h).
pub const STRING_KIND: u32 = 12;
/// `TEXT_KIND` (libraries/gadtools.h).
pub const TEXT_KIND: u32 = 13;

/// `GADTOOL_TYPE`: the `GadgetType` bit GadTools sets on every gadget it makes (libraries/gadtools.h).
pub const GADTOOL_TYPE: u16 = 0x0100;

/// `PLACETEXT_LEFT` (`ng_Flags`: where the label goes) (libraries/gadtools.h).
pub const PLACETEXT_LEFT: u32 = 0x0001;
/// `PLACETEXT_RIGHT` (libraries/gadtools.h).
pub const PLACETEXT_RIGHT: u32 = 0x0002;
/// `PLACETEXT_ABOVE` (libraries/gadtools.h).
pub const PLACETEXT_ABOVE: u32 = 0x0004;
/// `PLACETEXT_BELOW` (libraries/gadtools.h).
pub const PLACETEXT_BELOW: u32 = 0x0008;
/// `PLACETEXT_IN`: the label is drawn into the gadget (libraries/gadtools.h).
pub const PLACETEXT_IN: u32 = 0x0010;
/// `NG_HIGHLABEL`: the label in the highlight pen (libraries/gadtools.h).
pub const NG_HIGHLABEL: u32 = 0x0020;

/// `NM_END`: the end of a `NewMenu` array (libraries/gadtools.h `nm_Type`).
pub const NM_END: u8 = 0;
/// `NM_TITLE` (libraries/gadtools.h).
pub const NM_TITLE: u8 = 1;
/// `NM_ITEM` (libraries/gadtools.h).
pub const NM_ITEM: u8 = 2;
/// `NM_SUB` (libraries/gadtools.h).
pub const NM_SUB: u8 = 3;
/// `NM_BARLABEL`: `nm_Label` of a separator bar, `(STRPTR)-1` (libraries/gadtools.h).
pub const NM_BARLABEL: u32 = 0xFFFF_FFFF;
/// `NM_MENUDISABLED` in `nm_Flags` of a title (libraries/gadtools.h).
pub const NM_MENUDISABLED: u16 = 0x0001;
/// `NM_ITEMDISABLED` in `nm_Flags` of an item (libraries/gadtools.h).
pub const NM_ITEMDISABLED: u16 = 0x0010;

/// `BUTTONIDCMP` (libraries/gadtools.h).
pub const BUTTONIDCMP: u32 = IDCMP_GADGETUP;
/// `MXIDCMP` (libraries/gadtools.h).
pub const MXIDCMP: u32 = IDCMP_GADGETDOWN;
/// `ARROWIDCMP` (libraries/gadtools.h).
pub const ARROWIDCMP: u32 = IDCMP_GADGETUP | IDCMP_GADGETDOWN | IDCMP_INTUITICKS | IDCMP_MOUSEBUTTONS;
/// `SLIDERIDCMP` (libraries/gadtools.h).
pub const SLIDERIDCMP: u32 = IDCMP_GADGETUP | IDCMP_GADGETDOWN | IDCMP_MOUSEMOVE;
/// `LISTVIEWIDCMP` (libraries/gadtools.h).
pub const LISTVIEWIDCMP: u32 = IDCMP_GADGETUP | IDCMP_GADGETDOWN | IDCMP_MOUSEMOVE | ARROWIDCMP;

/// `GT_TagBase` = TAG_USER + 0x80000 (libraries/gadtools.h).
pub const GT_TagBase: u32 = TAG_USER + 0x80000;
/// `GTBB_Recessed`: `DrawBevelBoxA()` draws the box sunk in, as a text
/// field's (libraries/gadtools.h).
pub const GTBB_Recessed: u32 = GT_TagBase + 51;
/// `GT_VisualInfo`: the screen's `VisualInfo`, which `DrawBevelBoxA()`
/// needs (libraries/gadtools.h).
pub const GT_VisualInfo: u32 = GT_TagBase + 52;
/// `GTCB_Checked`: a checkbox's state (libraries/gadtools.h).
pub const GTCB_Checked: u32 = GT_TagBase + 4;
/// `GTLV_Top` (libraries/gadtools.h).
pub const GTLV_Top: u32 = GT_TagBase + 5;
/// `GTLV_Labels` (libraries/gadtools.h).
pub const GTLV_Labels: u32 = GT_TagBase + 6;
/// `GTLV_ReadOnly` (libraries/gadtools.h).
pub const GTLV_ReadOnly: u32 = GT_TagBase + 7;
/// `GTMX_Labels` (libraries/gadtools.h).
pub const GTMX_Labels: u32 = GT_TagBase + 9;
/// `GTMX_Active` (libraries/gadtools.h).
pub const GTMX_Active: u32 = GT_TagBase + 10;
/// `GTTX_Text`: the `STRPTR` a TEXT_KIND gadget shows (libraries/gadtools.h).
pub const GTTX_Text: u32 = GT_TagBase + 11;
/// `GTTX_CopyText`: copy the `GTTX_Text` string (V37) (libraries/gadtools.h).
pub const GTTX_CopyText: u32 = GT_TagBase + 12;
/// `GTNM_Number`: a NUMBER_KIND gadget's number (libraries/gadtools.h).
pub const GTNM_Number: u32 = GT_TagBase + 13;
/// `GTCY_Labels` (libraries/gadtools.h).
pub const GTCY_Labels: u32 = GT_TagBase + 14;
/// `GTCY_Active` (libraries/gadtools.h).
pub const GTCY_Active: u32 = GT_TagBase + 15;
/// `GTSC_Top` (libraries/gadtools.h).
pub const GTSC_Top: u32 = GT_TagBase + 21;
/// `GTSL_Min` (libraries/gadtools.h).
pub const GTSL_Min: u32 = GT_TagBase + 38;
/// `GTSL_Max` (libraries/gadtools.h).
pub const GTSL_Max: u32 = GT_TagBase + 39;
/// `GTSL_Level` (libraries/gadtools.h).
pub const GTSL_Level: u32 = GT_TagBase + 40;
/// `GTSL_MaxLevelLen` (libraries/gadtools.h).
pub const GTSL_MaxLevelLen: u32 = GT_TagBase + 41;
/// `GTSL_LevelFormat` (libraries/gadtools.h).
pub const GTSL_LevelFormat: u32 = GT_TagBase + 42;
/// `GTSL_LevelPlace` (libraries/gadtools.h).
pub const GTSL_LevelPlace: u32 = GT_TagBase + 43;
/// `GTST_String`: a string gadget's contents (libraries/gadtools.h).
pub const GTST_String: u32 = GT_TagBase + 45;
/// `GTST_MaxChars` (libraries/gadtools.h).
pub const GTST_MaxChars: u32 = GT_TagBase + 46;
/// `GTIN_Number`: an integer gadget's value (libraries/gadtools.h).
pub const GTIN_Number: u32 = GT_TagBase + 47;
/// `GTIN_MaxChars` (libraries/gadtools.h).
pub const GTIN_MaxChars: u32 = GT_TagBase + 48;
/// `GTLV_ShowSelected` (libraries/gadtools.h).
pub const GTLV_ShowSelected: u32 = GT_TagBase + 53;
/// `GTLV_Selected` (libraries/gadtools.h).
pub const GTLV_Selected: u32 = GT_TagBase + 54;
/// `GTTX_Border`: a recessed border around the text (libraries/gadtools.h).
pub const GTTX_Border: u32 = GT_TagBase + 57;
/// `GTMX_Spacing` (libraries/gadtools.h).
pub const GTMX_Spacing: u32 = GT_TagBase + 61;
/// `GTMN_FullMenu` (libraries/gadtools.h).
pub const GTMN_FullMenu: u32 = GT_TagBase + 62;
/// `GT_Underscore`: the character that marks the next one as the shortcut (libraries/gadtools.h).
pub const GT_Underscore: u32 = GT_TagBase + 64;
/// `GTMN_NewLookMenus` (libraries/gadtools.h).
pub const GTMN_NewLookMenus: u32 = GT_TagBase + 67;
/// `GTCB_Scaled` (libraries/gadtools.h).
pub const GTCB_Scaled: u32 = GT_TagBase + 68;
/// `GTMX_Scaled` (libraries/gadtools.h).
pub const GTMX_Scaled: u32 = GT_TagBase + 69;
/// `GTLV_MakeVisible`: scroll so that this item shows (V39) (libraries/gadtools.h).
pub const GTLV_MakeVisible: u32 = GT_TagBase + 78;

/// AROS GadTools's private `GTA_ChildGadgetKind` (not in the NDK; AROS
/// workbench/libs/gadtools/gadtools_intern.h: TAG_USER + 10). Every class
/// of AROS's GadTools answers it in `OM_GET` with the gadget's `*_KIND`,
/// the arrows of scrollers and listviews with an internal arrow kind.
pub const GTA_ChildGadgetKind: u32 = TAG_USER + 10;

/// AROS GadTools's private `_ARROW_KIND` (not in the NDK; AROS
/// workbench/libs/gadtools/gadtools_intern.h: 100): what
/// [`GTA_ChildGadgetKind`] answers for the arrow buttons of a scroller or
/// listview.
pub const AROS_ARROW_KIND: u32 = 100;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tag_values_match_the_ndk_numbers() {
        assert_eq!(
            (GTST_String, GTIN_Number, GT_Underscore, GTLV_MakeVisible),
            (0x8008_002D, 0x8008_002F, 0x8008_0040, 0x8008_004E)
        );
        assert_eq!(GTA_ChildGadgetKind, 0x8000_000A);
    }
}
