//! Offsets, flags and tag values of the AmigaOS NDK structures the walker
//! decodes, plus big-endian field readers.
//!
//! Everything here is a fact taken from the NDK 3.x includes and checked
//! against the AROS includes (same m68k layout: 2-byte alignment, 4-byte
//! pointers). Offsets are byte offsets from the start of the structure.
//!
//! | structure / field | offset | type | source |
//! |---|---|---|---|
//! | `IntuitionBase.ActiveWindow` | 52 | APTR | intuition/intuitionbase.h (after `Library` 34 + `View` 18) |
//! | `IntuitionBase.FirstScreen` | 60 | APTR | intuition/intuitionbase.h |
//! | `Screen.NextScreen` | 0 | APTR | intuition/screens.h |
//! | `Screen.FirstWindow` | 4 | APTR | intuition/screens.h |
//! | `Screen.LeftEdge/TopEdge/Width/Height` | 8/10/12/14 | WORD | intuition/screens.h |
//! | `Screen.DefaultTitle` | 26 | UBYTE * | intuition/screens.h (after `Flags` 20, `Title` 22) |
//! | `Window.NextWindow` | 0 | APTR | intuition/intuition.h |
//! | `Window.LeftEdge/TopEdge/Width/Height` | 4/6/8/10 | WORD | intuition/intuition.h |
//! | `Window.Flags` | 24 | ULONG | intuition/intuition.h |
//! | `Window.MenuStrip` | 28 | APTR | intuition/intuition.h |
//! | `Window.Title` | 32 | UBYTE * | intuition/intuition.h |
//! | `Window.WScreen` | 46 | APTR | intuition/intuition.h (after `ReqCount` WORD at 44) |
//! | `Window.BorderLeft/Top/Right/Bottom` | 54/55/56/57 | BYTE | intuition/intuition.h |
//! | `Window.FirstGadget` | 62 | APTR | intuition/intuition.h |
//! | `Window.GZZWidth/GZZHeight` | 112/114 | WORD | intuition/intuition.h |
//! | `Gadget.NextGadget` | 0 | APTR | intuition/intuition.h |
//! | `Gadget.LeftEdge/TopEdge/Width/Height` | 4/6/8/10 | WORD | intuition/intuition.h |
//! | `Gadget.Flags/Activation/GadgetType` | 12/14/16 | UWORD | intuition/intuition.h |
//! | `Gadget.GadgetText` | 26 | APTR | intuition/intuition.h |
//! | `Gadget.SpecialInfo` | 34 | APTR | intuition/intuition.h |
//! | `Gadget.GadgetID` | 38 | UWORD | intuition/intuition.h (size 44) |
//! | `IntuiText.IText` | 12 | UBYTE * | intuition/intuition.h (3 UBYTEs, pad, 2 WORDs, TextAttr *) |
//! | `StringInfo.Buffer` | 0 | UBYTE * | intuition/intuition.h |
//! | `Menu.NextMenu/Flags/MenuName/FirstItem` | 0/12/14/18 | | intuition/intuition.h |
//! | `MenuItem.NextItem/Flags/ItemFill/Command/SubItem` | 0/12/18/26/28 | | intuition/intuition.h (pad byte at 27) |
//! | `_Object.o_Class` | object - 4 | APTR | intuition/classes.h `OCLASS()`: `_Object` is `MinNode` (8) + class pointer, placed just before the object |
//! | `IClass.cl_ID` | 28 | ClassID (UBYTE *) | intuition/classes.h (`Hook` 20, `cl_Reserved` 4, `cl_Super` 4) |
#![allow(missing_docs)] // the constants carry NDK names; the table above documents them

/// Size of `struct Gadget` in bytes (intuition/intuition.h).
pub const GADGET_SIZE: usize = 44;
/// Bytes of `struct Window` the walker copies (up to and including GZZHeight).
pub const WINDOW_READ_SIZE: usize = 116;
/// Bytes of `struct Screen` the walker copies (up to and including DefaultTitle).
pub const SCREEN_READ_SIZE: usize = 30;
/// Size of `struct Menu` in bytes (intuition/intuition.h).
pub const MENU_SIZE: usize = 30;
/// Size of `struct MenuItem` in bytes (intuition/intuition.h).
pub const MENUITEM_SIZE: usize = 34;

// intuition/intuitionbase.h
pub const IB_ACTIVE_WINDOW: usize = 52;
pub const IB_FIRST_SCREEN: usize = 60;

// intuition/screens.h, struct Screen
pub const SC_NEXT_SCREEN: usize = 0;
pub const SC_FIRST_WINDOW: usize = 4;
pub const SC_LEFT_EDGE: usize = 8;
pub const SC_TOP_EDGE: usize = 10;
pub const SC_WIDTH: usize = 12;
pub const SC_HEIGHT: usize = 14;
pub const SC_DEFAULT_TITLE: usize = 26;

// intuition/intuition.h, struct Window
pub const WD_NEXT_WINDOW: usize = 0;
pub const WD_LEFT_EDGE: usize = 4;
pub const WD_TOP_EDGE: usize = 6;
pub const WD_WIDTH: usize = 8;
pub const WD_HEIGHT: usize = 10;
pub const WD_FLAGS: usize = 24;
pub const WD_MENU_STRIP: usize = 28;
pub const WD_TITLE: usize = 32;
pub const WD_WSCREEN: usize = 46;
pub const WD_BORDER_LEFT: usize = 54;
pub const WD_BORDER_TOP: usize = 55;
pub const WD_BORDER_RIGHT: usize = 56;
pub const WD_BORDER_BOTTOM: usize = 57;
pub const WD_FIRST_GADGET: usize = 62;
pub const WD_GZZ_WIDTH: usize = 112;
pub const WD_GZZ_HEIGHT: usize = 114;

/// Window.Flags: inner layer for the client area (intuition/intuition.h).
pub const WFLG_GIMMEZEROZERO: u32 = 0x0000_0400;

// intuition/intuition.h, struct Gadget
pub const GG_NEXT_GADGET: usize = 0;
pub const GG_LEFT_EDGE: usize = 4;
pub const GG_TOP_EDGE: usize = 6;
pub const GG_WIDTH: usize = 8;
pub const GG_HEIGHT: usize = 10;
pub const GG_FLAGS: usize = 12;
pub const GG_ACTIVATION: usize = 14;
pub const GG_GADGET_TYPE: usize = 16;
pub const GG_GADGET_TEXT: usize = 26;
pub const GG_SPECIAL_INFO: usize = 34;
pub const GG_GADGET_ID: usize = 38;

// intuition/intuition.h, struct IntuiText and struct StringInfo
pub const IT_ITEXT: usize = 12;
pub const SI_BUFFER: usize = 0;

// intuition/intuition.h, struct Menu
pub const MU_NEXT_MENU: usize = 0;
pub const MU_FLAGS: usize = 12;
pub const MU_MENU_NAME: usize = 14;
pub const MU_FIRST_ITEM: usize = 18;

// intuition/intuition.h, struct MenuItem
pub const MI_NEXT_ITEM: usize = 0;
pub const MI_FLAGS: usize = 12;
pub const MI_ITEM_FILL: usize = 18;
pub const MI_COMMAND: usize = 26;
pub const MI_SUB_ITEM: usize = 28;

// intuition/classes.h
/// `OCLASS(o)`: the class pointer sits this many bytes before the object.
pub const OBJECT_CLASS_BEFORE: u32 = 4;
/// `IClass.cl_ID` offset.
pub const CL_ID: usize = 28;

// Gadget.Flags (intuition/intuition.h)
pub const GFLG_GADGIMAGE: u16 = 0x0004;
pub const GFLG_RELBOTTOM: u16 = 0x0008;
pub const GFLG_RELRIGHT: u16 = 0x0010;
pub const GFLG_RELWIDTH: u16 = 0x0020;
pub const GFLG_RELHEIGHT: u16 = 0x0040;
pub const GFLG_SELECTED: u16 = 0x0080;
pub const GFLG_DISABLED: u16 = 0x0100;
pub const GFLG_LABELITEXT: u16 = 0x0000;
pub const GFLG_LABELSTRING: u16 = 0x1000;
pub const GFLG_LABELIMAGE: u16 = 0x2000;
pub const GFLG_LABELMASK: u16 = 0x3000;

// Gadget.Activation (intuition/intuition.h)
pub const GACT_LONGINT: u16 = 0x0800;

// Gadget.GadgetType (intuition/intuition.h)
pub const GTYP_SYSGADGET: u16 = 0x8000;
pub const GTYP_SCRGADGET: u16 = 0x4000;
pub const GTYP_GZZGADGET: u16 = 0x2000;
pub const GTYP_REQGADGET: u16 = 0x1000;
pub const GTYP_SYSTYPEMASK: u16 = 0x00F0;
pub const GTYP_SIZING: u16 = 0x0010;
pub const GTYP_WDRAGGING: u16 = 0x0020;
pub const GTYP_SDRAGGING: u16 = 0x0030;
pub const GTYP_WDEPTH: u16 = 0x0040;
pub const GTYP_SDEPTH: u16 = 0x0050;
pub const GTYP_WZOOM: u16 = 0x0060;
pub const GTYP_CLOSE: u16 = 0x0080;
pub const GTYP_GTYPEMASK: u16 = 0x0007;
pub const GTYP_BOOLGADGET: u16 = 0x0001;
pub const GTYP_GADGET0002: u16 = 0x0002;
pub const GTYP_PROPGADGET: u16 = 0x0003;
pub const GTYP_STRGADGET: u16 = 0x0004;
pub const GTYP_CUSTOMGADGET: u16 = 0x0005;
/// GadgetType bit GadTools sets on every gadget it creates (libraries/gadtools.h).
pub const GADTOOL_TYPE: u16 = 0x0100;

// Menu.Flags / MenuItem.Flags (intuition/intuition.h)
pub const MENUENABLED: u16 = 0x0001;
pub const CHECKIT: u16 = 0x0001;
pub const ITEMTEXT: u16 = 0x0002;
pub const COMMSEQ: u16 = 0x0004;
pub const MENUTOGGLE: u16 = 0x0008;
pub const ITEMENABLED: u16 = 0x0010;
pub const CHECKED: u16 = 0x0100;

// Tags (utility/tagitem.h TAG_USER = 0x80000000).
/// intuition/gadgetclass.h: `GA_Dummy` = TAG_USER + 0x30000.
pub const GA_DUMMY: u32 = 0x8003_0000;
pub const GA_LEFT: u32 = GA_DUMMY + 1;
pub const GA_TOP: u32 = GA_DUMMY + 3;
pub const GA_WIDTH: u32 = GA_DUMMY + 5;
pub const GA_HEIGHT: u32 = GA_DUMMY + 7;
pub const GA_TEXT: u32 = GA_DUMMY + 9;
pub const GA_ID: u32 = GA_DUMMY + 16;
pub const GA_SELECTED: u32 = GA_DUMMY + 19;
/// intuition/gadgetclass.h: `STRINGA_Dummy` = TAG_USER + 0x32000.
pub const STRINGA_DUMMY: u32 = 0x8003_2000;
pub const STRINGA_TEXTVAL: u32 = STRINGA_DUMMY + 0x12;
/// reaction/reaction.h: `REACTION_Dummy` = TAG_USER + 0x5000000.
pub const REACTION_DUMMY: u32 = 0x8500_0000;
/// gadgets/integer.h: `INTEGER_Dummy` = REACTION_Dummy + 0x2000; `INTEGER_Number` = +1.
pub const INTEGER_NUMBER: u32 = REACTION_DUMMY + 0x2000 + 1;
/// gadgets/slider.h: `SLIDER_Dummy` = REACTION_Dummy + 0x28000; `SLIDER_Level` = +3.
pub const SLIDER_LEVEL: u32 = REACTION_DUMMY + 0x28000 + 3;
/// libraries/gadtools.h: `GT_TagBase` = TAG_USER + 0x80000.
pub const GT_TAGBASE: u32 = 0x8008_0000;
pub const GTCB_CHECKED: u32 = GT_TAGBASE + 4;
pub const GTLV_TOP: u32 = GT_TAGBASE + 5;
pub const GTTX_TEXT: u32 = GT_TAGBASE + 11;
pub const GTNM_NUMBER: u32 = GT_TAGBASE + 13;
pub const GTSC_TOP: u32 = GT_TAGBASE + 21;
pub const GTSL_LEVEL: u32 = GT_TAGBASE + 40;
pub const GTST_STRING: u32 = GT_TAGBASE + 45;
pub const GTIN_NUMBER: u32 = GT_TAGBASE + 47;

/// Big-endian UWORD at `off` of `b`; 0 when out of range.
pub fn be_u16(b: &[u8], off: usize) -> u16 {
    match b.get(off..off + 2) {
        Some(s) => u16::from_be_bytes([s[0], s[1]]),
        None => 0,
    }
}

/// Big-endian WORD at `off` of `b`; 0 when out of range.
pub fn be_i16(b: &[u8], off: usize) -> i16 {
    be_u16(b, off) as i16
}

/// Big-endian ULONG / APTR at `off` of `b`; 0 when out of range.
pub fn be_u32(b: &[u8], off: usize) -> u32 {
    match b.get(off..off + 4) {
        Some(s) => u32::from_be_bytes([s[0], s[1], s[2], s[3]]),
        None => 0,
    }
}

/// BYTE at `off` of `b`; 0 when out of range.
pub fn be_i8(b: &[u8], off: usize) -> i8 {
    b.get(off).copied().unwrap_or(0) as i8
}
