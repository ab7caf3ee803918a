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
//! | `Screen.MouseY/MouseX` | 16/18 | WORD | intuition/screens.h (Y first) |
//! | `Screen.DefaultTitle` | 26 | UBYTE * | intuition/screens.h (after `Flags` 20, `Title` 22) |
//! | `Screen.BarHeight/BarVBorder/BarHBorder/MenuVBorder/MenuHBorder` | 30/31/32/33/34 | BYTE | intuition/screens.h |
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
//! | `Menu.NextMenu/LeftEdge/TopEdge/Width/Height/Flags/MenuName/FirstItem` | 0/4/6/8/10/12/14/18 | | intuition/intuition.h |
//! | `MenuItem.NextItem/LeftEdge/TopEdge/Width/Height/Flags/ItemFill/Command/SubItem` | 0/4/6/8/10/12/18/26/28 | | intuition/intuition.h (pad byte at 27) |
//! | `_Object.o_Class` | object - 4 | APTR | intuition/classes.h `OCLASS()`: `_Object` is `MinNode` (8) + class pointer, placed just before the object |
//! | `IClass.cl_ID` | 28 | ClassID (UBYTE *) | intuition/classes.h (`Hook` 20, `cl_Reserved` 4, `cl_Super` 4) |
#![warn(missing_docs)]

/// Size of `struct Gadget` in bytes (intuition/intuition.h).
pub const GADGET_SIZE: usize = 44;
/// Bytes of `struct Window` the walker copies (up to and including GZZHeight).
pub const WINDOW_READ_SIZE: usize = 116;
/// Bytes of `struct Screen` the walker copies (up to and including
/// MenuHBorder, plus the pad byte to keep the copy even).
pub const SCREEN_READ_SIZE: usize = 36;
/// Size of `struct Menu` in bytes (intuition/intuition.h).
pub const MENU_SIZE: usize = 30;
/// Size of `struct MenuItem` in bytes (intuition/intuition.h).
pub const MENUITEM_SIZE: usize = 34;

// intuition/intuitionbase.h
/// Byte offset of `IntuitionBase.ActiveWindow` (intuition/intuitionbase.h).
pub const IB_ACTIVE_WINDOW: usize = 52;
/// Byte offset of `IntuitionBase.FirstScreen` (intuition/intuitionbase.h).
pub const IB_FIRST_SCREEN: usize = 60;

// intuition/screens.h, struct Screen
/// Byte offset of `Screen.NextScreen` (intuition/screens.h).
pub const SC_NEXT_SCREEN: usize = 0;
/// Byte offset of `Screen.FirstWindow` (intuition/screens.h).
pub const SC_FIRST_WINDOW: usize = 4;
/// Byte offset of `Screen.LeftEdge` (intuition/screens.h).
pub const SC_LEFT_EDGE: usize = 8;
/// Byte offset of `Screen.TopEdge` (intuition/screens.h).
pub const SC_TOP_EDGE: usize = 10;
/// Byte offset of `Screen.Width` (intuition/screens.h).
pub const SC_WIDTH: usize = 12;
/// Byte offset of `Screen.Height` (intuition/screens.h).
pub const SC_HEIGHT: usize = 14;
/// Byte offset of `Screen.MouseY` (intuition/screens.h: `MouseY` before `MouseX`).
pub const SC_MOUSE_Y: usize = 16;
/// Byte offset of `Screen.MouseX` (intuition/screens.h).
pub const SC_MOUSE_X: usize = 18;
/// Byte offset of `Screen.DefaultTitle` (intuition/screens.h).
pub const SC_DEFAULT_TITLE: usize = 26;
/// Byte offset of `Screen.BarHeight` (BYTE, intuition/screens.h, after `Title` 22 and `DefaultTitle` 26).
pub const SC_BAR_HEIGHT: usize = 30;
/// Byte offset of `Screen.BarVBorder` (BYTE, intuition/screens.h).
pub const SC_BAR_VBORDER: usize = 31;
/// Byte offset of `Screen.BarHBorder` (BYTE, intuition/screens.h).
pub const SC_BAR_HBORDER: usize = 32;
/// Byte offset of `Screen.MenuVBorder` (BYTE, intuition/screens.h).
pub const SC_MENU_VBORDER: usize = 33;
/// Byte offset of `Screen.MenuHBorder` (BYTE, intuition/screens.h).
pub const SC_MENU_HBORDER: usize = 34;

// intuition/intuition.h, struct Window
/// Byte offset of `Window.NextWindow` (intuition/intuition.h).
pub const WD_NEXT_WINDOW: usize = 0;
/// Byte offset of `Window.LeftEdge` (intuition/intuition.h).
pub const WD_LEFT_EDGE: usize = 4;
/// Byte offset of `Window.TopEdge` (intuition/intuition.h).
pub const WD_TOP_EDGE: usize = 6;
/// Byte offset of `Window.Width` (intuition/intuition.h).
pub const WD_WIDTH: usize = 8;
/// Byte offset of `Window.Height` (intuition/intuition.h).
pub const WD_HEIGHT: usize = 10;
/// Byte offset of `Window.Flags` (intuition/intuition.h).
pub const WD_FLAGS: usize = 24;
/// Byte offset of `Window.MenuStrip` (intuition/intuition.h).
pub const WD_MENU_STRIP: usize = 28;
/// Byte offset of `Window.Title` (intuition/intuition.h).
pub const WD_TITLE: usize = 32;
/// `Window->FirstRequest` (struct Requester *): the window's active
/// requesters (intuition/intuition.h).
pub const WD_FIRST_REQUEST: usize = 36;
/// Byte offset of `Window.WScreen` (intuition/intuition.h).
pub const WD_WSCREEN: usize = 46;
/// Byte offset of `Window.BorderLeft` (intuition/intuition.h).
pub const WD_BORDER_LEFT: usize = 54;
/// Byte offset of `Window.BorderTop` (intuition/intuition.h).
pub const WD_BORDER_TOP: usize = 55;
/// Byte offset of `Window.BorderRight` (intuition/intuition.h).
pub const WD_BORDER_RIGHT: usize = 56;
/// Byte offset of `Window.BorderBottom` (intuition/intuition.h).
pub const WD_BORDER_BOTTOM: usize = 57;
/// Byte offset of `Window.FirstGadget` (intuition/intuition.h).
pub const WD_FIRST_GADGET: usize = 62;
/// Byte offset of `Window.GZZWidth` (intuition/intuition.h).
pub const WD_GZZ_WIDTH: usize = 112;
/// Byte offset of `Window.GZZHeight` (intuition/intuition.h).
pub const WD_GZZ_HEIGHT: usize = 114;

/// Window.Flags: inner layer for the client area (intuition/intuition.h).
pub const WFLG_GIMMEZEROZERO: u32 = 0x0000_0400;
/// Window.Flags: the window is active with its menus on (intuition/intuition.h).
pub const WFLG_MENUSTATE: u32 = 0x0000_8000;
/// Window.Flags: the right button goes to the program, not to the menus (intuition/intuition.h).
pub const WFLG_RMBTRAP: u32 = 0x0001_0000;

// intuition/intuition.h, struct Gadget
/// Byte offset of `Gadget.NextGadget` (intuition/intuition.h).
pub const GG_NEXT_GADGET: usize = 0;
/// Byte offset of `Gadget.LeftEdge` (intuition/intuition.h).
pub const GG_LEFT_EDGE: usize = 4;
/// Byte offset of `Gadget.TopEdge` (intuition/intuition.h).
pub const GG_TOP_EDGE: usize = 6;
/// Byte offset of `Gadget.Width` (intuition/intuition.h).
pub const GG_WIDTH: usize = 8;
/// Byte offset of `Gadget.Height` (intuition/intuition.h).
pub const GG_HEIGHT: usize = 10;
/// Byte offset of `Gadget.Flags` (intuition/intuition.h).
pub const GG_FLAGS: usize = 12;
/// Byte offset of `Gadget.Activation` (intuition/intuition.h).
pub const GG_ACTIVATION: usize = 14;
/// Byte offset of `Gadget.GadgetType` (intuition/intuition.h).
pub const GG_GADGET_TYPE: usize = 16;
/// Byte offset of `Gadget.GadgetText` (intuition/intuition.h).
pub const GG_GADGET_TEXT: usize = 26;
/// Byte offset of `Gadget.SpecialInfo` (intuition/intuition.h).
pub const GG_SPECIAL_INFO: usize = 34;
/// Byte offset of `Gadget.GadgetID` (intuition/intuition.h).
pub const GG_GADGET_ID: usize = 38;

// intuition/intuition.h, struct IntuiText and struct StringInfo
/// Byte offset of `IntuiText.IText` (intuition/intuition.h).
pub const IT_ITEXT: usize = 12;
/// Byte offset of `StringInfo.Buffer` (intuition/intuition.h).
pub const SI_BUFFER: usize = 0;

// intuition/intuition.h, struct Menu
/// Byte offset of `Menu.NextMenu` (intuition/intuition.h).
pub const MU_NEXT_MENU: usize = 0;
/// Byte offset of `Menu.LeftEdge` (intuition/intuition.h).
pub const MU_LEFT_EDGE: usize = 4;
/// Byte offset of `Menu.TopEdge` (intuition/intuition.h; ignored by Intuition).
pub const MU_TOP_EDGE: usize = 6;
/// Byte offset of `Menu.Width` (intuition/intuition.h).
pub const MU_WIDTH: usize = 8;
/// Byte offset of `Menu.Height` (intuition/intuition.h; ignored by Intuition).
pub const MU_HEIGHT: usize = 10;
/// Byte offset of `Menu.Flags` (intuition/intuition.h).
pub const MU_FLAGS: usize = 12;
/// Byte offset of `Menu.MenuName` (intuition/intuition.h).
pub const MU_MENU_NAME: usize = 14;
/// Byte offset of `Menu.FirstItem` (intuition/intuition.h).
pub const MU_FIRST_ITEM: usize = 18;

// intuition/intuition.h, struct MenuItem
/// Byte offset of `MenuItem.NextItem` (intuition/intuition.h).
pub const MI_NEXT_ITEM: usize = 0;
/// Byte offset of `MenuItem.LeftEdge` (intuition/intuition.h).
pub const MI_LEFT_EDGE: usize = 4;
/// Byte offset of `MenuItem.TopEdge` (intuition/intuition.h).
pub const MI_TOP_EDGE: usize = 6;
/// Byte offset of `MenuItem.Width` (intuition/intuition.h).
pub const MI_WIDTH: usize = 8;
/// Byte offset of `MenuItem.Height` (intuition/intuition.h).
pub const MI_HEIGHT: usize = 10;
/// Byte offset of `MenuItem.Flags` (intuition/intuition.h).
pub const MI_FLAGS: usize = 12;
/// Byte offset of `MenuItem.ItemFill` (intuition/intuition.h).
pub const MI_ITEM_FILL: usize = 18;
/// Byte offset of `MenuItem.Command` (intuition/intuition.h).
pub const MI_COMMAND: usize = 26;
/// Byte offset of `MenuItem.SubItem` (intuition/intuition.h).
pub const MI_SUB_ITEM: usize = 28;

// intuition/classes.h
/// `OCLASS(o)`: the class pointer sits this many bytes before the object.
pub const OBJECT_CLASS_BEFORE: u32 = 4;
/// `IClass.cl_ID` offset.
pub const CL_ID: usize = 28;

// Gadget.Flags (intuition/intuition.h)
/// `Gadget.Flags` value `GFLG_GADGIMAGE` (intuition/intuition.h).
pub const GFLG_GADGIMAGE: u16 = 0x0004;
/// `Gadget.Flags` value `GFLG_RELBOTTOM` (intuition/intuition.h).
pub const GFLG_RELBOTTOM: u16 = 0x0008;
/// `Gadget.Flags` value `GFLG_RELRIGHT` (intuition/intuition.h).
pub const GFLG_RELRIGHT: u16 = 0x0010;
/// `Gadget.Flags` value `GFLG_RELWIDTH` (intuition/intuition.h).
pub const GFLG_RELWIDTH: u16 = 0x0020;
/// `Gadget.Flags` value `GFLG_RELHEIGHT` (intuition/intuition.h).
pub const GFLG_RELHEIGHT: u16 = 0x0040;
/// `Gadget.Flags` value `GFLG_SELECTED` (intuition/intuition.h).
pub const GFLG_SELECTED: u16 = 0x0080;
/// `Gadget.Flags` value `GFLG_DISABLED` (intuition/intuition.h).
pub const GFLG_DISABLED: u16 = 0x0100;
/// `Gadget.Flags` value `GFLG_LABELITEXT` (intuition/intuition.h).
pub const GFLG_LABELITEXT: u16 = 0x0000;
/// `Gadget.Flags` value `GFLG_LABELSTRING` (intuition/intuition.h).
pub const GFLG_LABELSTRING: u16 = 0x1000;
/// `Gadget.Flags` value `GFLG_LABELIMAGE` (intuition/intuition.h).
pub const GFLG_LABELIMAGE: u16 = 0x2000;
/// `Gadget.Flags` value `GFLG_LABELMASK` (intuition/intuition.h).
pub const GFLG_LABELMASK: u16 = 0x3000;

// Gadget.Activation (intuition/intuition.h)
/// `Gadget.Activation` flag `GACT_LONGINT` (intuition/intuition.h).
pub const GACT_LONGINT: u16 = 0x0800;

// Gadget.GadgetType (intuition/intuition.h)
/// `Gadget.GadgetType` value `GTYP_SYSGADGET` (intuition/intuition.h).
pub const GTYP_SYSGADGET: u16 = 0x8000;
/// `Gadget.GadgetType` value `GTYP_SCRGADGET` (intuition/intuition.h).
pub const GTYP_SCRGADGET: u16 = 0x4000;
/// `Gadget.GadgetType` value `GTYP_GZZGADGET` (intuition/intuition.h).
pub const GTYP_GZZGADGET: u16 = 0x2000;
/// `Gadget.GadgetType` value `GTYP_REQGADGET` (intuition/intuition.h).
pub const GTYP_REQGADGET: u16 = 0x1000;
/// `Gadget.GadgetType` value `GTYP_SYSTYPEMASK` (intuition/intuition.h).
pub const GTYP_SYSTYPEMASK: u16 = 0x00F0;
/// `Gadget.GadgetType` value `GTYP_SIZING` (intuition/intuition.h).
pub const GTYP_SIZING: u16 = 0x0010;
/// `Gadget.GadgetType` value `GTYP_WDRAGGING` (intuition/intuition.h).
pub const GTYP_WDRAGGING: u16 = 0x0020;
/// `Gadget.GadgetType` value `GTYP_SDRAGGING` (intuition/intuition.h).
pub const GTYP_SDRAGGING: u16 = 0x0030;
/// `Gadget.GadgetType` value `GTYP_WDEPTH` (intuition/intuition.h).
pub const GTYP_WDEPTH: u16 = 0x0040;
/// `Gadget.GadgetType` value `GTYP_SDEPTH` (intuition/intuition.h).
pub const GTYP_SDEPTH: u16 = 0x0050;
/// `Gadget.GadgetType` value `GTYP_WZOOM` (intuition/intuition.h).
pub const GTYP_WZOOM: u16 = 0x0060;
/// `Gadget.GadgetType` value `GTYP_CLOSE` (intuition/intuition.h).
pub const GTYP_CLOSE: u16 = 0x0080;
/// `Gadget.GadgetType` value `GTYP_GTYPEMASK` (intuition/intuition.h).
pub const GTYP_GTYPEMASK: u16 = 0x0007;
/// `Gadget.GadgetType` value `GTYP_BOOLGADGET` (intuition/intuition.h).
pub const GTYP_BOOLGADGET: u16 = 0x0001;
/// `Gadget.GadgetType` value `GTYP_GADGET0002` (intuition/intuition.h).
pub const GTYP_GADGET0002: u16 = 0x0002;
/// `Gadget.GadgetType` value `GTYP_PROPGADGET` (intuition/intuition.h).
pub const GTYP_PROPGADGET: u16 = 0x0003;
/// `Gadget.GadgetType` value `GTYP_STRGADGET` (intuition/intuition.h).
pub const GTYP_STRGADGET: u16 = 0x0004;
/// `Gadget.GadgetType` value `GTYP_CUSTOMGADGET` (intuition/intuition.h).
pub const GTYP_CUSTOMGADGET: u16 = 0x0005;
/// GadgetType bit GadTools sets on every gadget it creates (libraries/gadtools.h).
pub const GADTOOL_TYPE: u16 = 0x0100;

// Menu.Flags / MenuItem.Flags (intuition/intuition.h)
/// `Menu.Flags` flag `MENUENABLED` (intuition/intuition.h).
pub const MENUENABLED: u16 = 0x0001;
/// `MenuItem.Flags` flag `CHECKIT` (intuition/intuition.h).
pub const CHECKIT: u16 = 0x0001;
/// `MenuItem.Flags` flag `ITEMTEXT` (intuition/intuition.h).
pub const ITEMTEXT: u16 = 0x0002;
/// `MenuItem.Flags` flag `COMMSEQ` (intuition/intuition.h).
pub const COMMSEQ: u16 = 0x0004;
/// `MenuItem.Flags` flag `MENUTOGGLE` (intuition/intuition.h).
pub const MENUTOGGLE: u16 = 0x0008;
/// `MenuItem.Flags` flag `ITEMENABLED` (intuition/intuition.h).
pub const ITEMENABLED: u16 = 0x0010;
/// `MenuItem.Flags` flag `CHECKED` (intuition/intuition.h).
pub const CHECKED: u16 = 0x0100;

// Tags (utility/tagitem.h TAG_USER = 0x80000000).
/// intuition/gadgetclass.h: `GA_Dummy` = TAG_USER + 0x30000.
pub const GA_DUMMY: u32 = 0x8003_0000;
/// BOOPSI gadget attribute tag `GA_LEFT` (intuition/gadgetclass.h).
pub const GA_LEFT: u32 = GA_DUMMY + 1;
/// BOOPSI gadget attribute tag `GA_TOP` (intuition/gadgetclass.h).
pub const GA_TOP: u32 = GA_DUMMY + 3;
/// BOOPSI gadget attribute tag `GA_WIDTH` (intuition/gadgetclass.h).
pub const GA_WIDTH: u32 = GA_DUMMY + 5;
/// BOOPSI gadget attribute tag `GA_HEIGHT` (intuition/gadgetclass.h).
pub const GA_HEIGHT: u32 = GA_DUMMY + 7;
/// BOOPSI gadget attribute tag `GA_TEXT` (intuition/gadgetclass.h).
pub const GA_TEXT: u32 = GA_DUMMY + 9;
/// BOOPSI gadget attribute tag `GA_ID` (intuition/gadgetclass.h).
pub const GA_ID: u32 = GA_DUMMY + 16;
/// BOOPSI gadget attribute tag `GA_SELECTED` (intuition/gadgetclass.h).
pub const GA_SELECTED: u32 = GA_DUMMY + 19;
/// intuition/gadgetclass.h: `STRINGA_Dummy` = TAG_USER + 0x32000.
pub const STRINGA_DUMMY: u32 = 0x8003_2000;
/// String gadget attribute tag `STRINGA_TEXTVAL` (intuition/gadgetclass.h).
pub const STRINGA_TEXTVAL: u32 = STRINGA_DUMMY + 0x12;
/// reaction/reaction.h: `REACTION_Dummy` = TAG_USER + 0x5000000.
pub const REACTION_DUMMY: u32 = 0x8500_0000;
/// gadgets/integer.h: `INTEGER_Dummy` = REACTION_Dummy + 0x2000; `INTEGER_Number` = +1.
pub const INTEGER_NUMBER: u32 = REACTION_DUMMY + 0x2000 + 1;
/// gadgets/slider.h: `SLIDER_Dummy` = REACTION_Dummy + 0x28000; `SLIDER_Level` = +3.
pub const SLIDER_LEVEL: u32 = REACTION_DUMMY + 0x28000 + 3;
/// libraries/gadtools.h: `GT_TagBase` = TAG_USER + 0x80000.
pub const GT_TAGBASE: u32 = 0x8008_0000;
/// GadTools tag `GTCB_CHECKED` for `GT_GetGadgetAttrsA` (libraries/gadtools.h).
pub const GTCB_CHECKED: u32 = GT_TAGBASE + 4;
/// GadTools tag `GTLV_TOP` for `GT_GetGadgetAttrsA` (libraries/gadtools.h).
pub const GTLV_TOP: u32 = GT_TAGBASE + 5;
/// GadTools tag `GTTX_TEXT` for `GT_GetGadgetAttrsA` (libraries/gadtools.h).
pub const GTTX_TEXT: u32 = GT_TAGBASE + 11;
/// GadTools tag `GTNM_NUMBER` for `GT_GetGadgetAttrsA` (libraries/gadtools.h).
pub const GTNM_NUMBER: u32 = GT_TAGBASE + 13;
/// GadTools tag `GTSC_TOP` for `GT_GetGadgetAttrsA` (libraries/gadtools.h).
pub const GTSC_TOP: u32 = GT_TAGBASE + 21;
/// GadTools tag `GTSL_LEVEL` for `GT_GetGadgetAttrsA` (libraries/gadtools.h).
pub const GTSL_LEVEL: u32 = GT_TAGBASE + 40;
/// GadTools tag `GTST_STRING` for `GT_GetGadgetAttrsA` (libraries/gadtools.h).
pub const GTST_STRING: u32 = GT_TAGBASE + 45;
/// GadTools tag `GTIN_NUMBER` for `GT_GetGadgetAttrsA` (libraries/gadtools.h).
pub const GTIN_NUMBER: u32 = GT_TAGBASE + 47;

/// GadTools kind `CHECKBOX_KIND` (libraries/gadtools.h).
pub const CHECKBOX_KIND: u32 = 2;
/// GadTools kind `INTEGER_KIND` (libraries/gadtools.h).
pub const INTEGER_KIND: u32 = 3;
/// GadTools kind `LISTVIEW_KIND` (libraries/gadtools.h).
pub const LISTVIEW_KIND: u32 = 4;
/// GadTools kind `NUMBER_KIND` (libraries/gadtools.h).
pub const NUMBER_KIND: u32 = 6;
/// GadTools kind `SCROLLER_KIND` (libraries/gadtools.h).
pub const SCROLLER_KIND: u32 = 9;
/// GadTools kind `SLIDER_KIND` (libraries/gadtools.h).
pub const SLIDER_KIND: u32 = 11;
/// GadTools kind `STRING_KIND` (libraries/gadtools.h).
pub const STRING_KIND: u32 = 12;
/// GadTools kind `TEXT_KIND` (libraries/gadtools.h).
pub const TEXT_KIND: u32 = 13;
/// AROS GadTools's private `GTA_ChildGadgetKind` (AROS source
/// workbench/libs/gadtools/gadtools_intern.h: TAG_USER + 10). Every class
/// of AROS's GadTools answers it in OM_GET with the gadget's `*_KIND`, the
/// arrows of scrollers and listviews with an internal arrow kind. Not in
/// the NDK: asked only of AROS's BOOPSI GadTools gadgets (GadgetType
/// 0x0105), and a gadget that does not answer is probed as before.
pub const GTA_CHILD_GADGET_KIND: u32 = 0x8000_000A;

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
