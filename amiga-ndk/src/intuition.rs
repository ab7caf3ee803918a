//! intuition.library: IntuitionBase, Screen, Window, Gadget, menus,
//! BOOPSI, IDCMP, and the tags of the calls GadgetScope makes.
//!
//! Offsets from intuition/intuition.i, screens.i, intuitionbase.i and
//! classes.i (NDK 3.x); values from the matching `.h` files.

use crate::utility::TAG_USER;

// ---- intuition/intuitionbase.h struct IntuitionBase
/// `ActiveWindow` (intuition/intuitionbase.i: after `LibNode` 34 and `ViewLord` 18).
pub const ib_ActiveWindow: usize = 52;
/// `ActiveScreen` (intuition/intuitionbase.i).
pub const ib_ActiveScreen: usize = 56;
/// `FirstScreen`: the screen list, front to back (intuition/intuitionbase.i).
pub const ib_FirstScreen: usize = 60;

// ---- intuition/screens.h struct Screen
/// `NextScreen` (intuition/screens.i).
pub const sc_NextScreen: usize = 0;
/// `FirstWindow`: the screen's window list (intuition/screens.i).
pub const sc_FirstWindow: usize = 4;
/// `LeftEdge` (WORD) (intuition/screens.i).
pub const sc_LeftEdge: usize = 8;
/// `TopEdge` (WORD) (intuition/screens.i).
pub const sc_TopEdge: usize = 10;
/// `Width` (WORD), pixels (intuition/screens.i).
pub const sc_Width: usize = 12;
/// `Height` (WORD), pixels (intuition/screens.i).
pub const sc_Height: usize = 14;
/// `MouseY` (WORD; before `MouseX`), screen-relative pixels (intuition/screens.i).
pub const sc_MouseY: usize = 16;
/// `MouseX` (WORD), screen-relative pixels (intuition/screens.i).
pub const sc_MouseX: usize = 18;
/// `DefaultTitle` (UBYTE *) (intuition/screens.i).
pub const sc_DefaultTitle: usize = 26;
/// `struct Screen` `ViewPort` (embedded `struct ViewPort`, intuition/screens.h).
pub const sc_ViewPort: usize = 44;
/// `struct Screen` `RastPort` (embedded `struct RastPort`; its `BitMap`
/// is the screen's real bitmap, the one to read pixels from).
pub const sc_RastPort: usize = 84;
/// `BarHeight` (BYTE) (intuition/screens.i).
pub const sc_BarHeight: usize = 30;
/// `BarVBorder` (BYTE) (intuition/screens.i).
pub const sc_BarVBorder: usize = 31;
/// `BarHBorder` (BYTE) (intuition/screens.i).
pub const sc_BarHBorder: usize = 32;
/// `MenuVBorder` (BYTE) (intuition/screens.i).
pub const sc_MenuVBorder: usize = 33;
/// `MenuHBorder` (BYTE) (intuition/screens.i).
pub const sc_MenuHBorder: usize = 34;
/// `WBorTop` (BYTE): top border of windows on the screen (intuition/screens.i).
pub const sc_WBorTop: usize = 35;
/// `WBorLeft` (BYTE): left border of windows on the screen (intuition/screens.i).
pub const sc_WBorLeft: usize = 36;
/// `Font` (struct TextAttr *) (intuition/screens.i).
pub const sc_Font: usize = 40;
/// `LayerInfo` (an embedded `struct Layer_Info`, whose first field is
/// `top_layer`) (intuition/screens.i: after `ViewPort` 44, `RastPort` 84,
/// `BitMap` 184).
pub const sc_LayerInfo: usize = 224;

// ---- intuition/intuition.h struct Window
/// `NextWindow` (intuition/intuition.i).
pub const wd_NextWindow: usize = 0;
/// `LeftEdge` (WORD), screen-relative pixels (intuition/intuition.i).
pub const wd_LeftEdge: usize = 4;
/// `TopEdge` (WORD) (intuition/intuition.i).
pub const wd_TopEdge: usize = 6;
/// `Width` (WORD), pixels (intuition/intuition.i).
pub const wd_Width: usize = 8;
/// `Height` (WORD), pixels (intuition/intuition.i).
pub const wd_Height: usize = 10;
/// `Flags` (ULONG, `WFLG_*`) (intuition/intuition.i).
pub const wd_Flags: usize = 24;
/// `MenuStrip` (struct Menu *) (intuition/intuition.i).
pub const wd_MenuStrip: usize = 28;
/// `Title` (UBYTE *) (intuition/intuition.i).
pub const wd_Title: usize = 32;
/// `FirstRequest`: the window's active requesters (intuition/intuition.i).
pub const wd_FirstRequest: usize = 36;
/// `WScreen` (struct Screen *; after `ReqCount` WORD at 44) (intuition/intuition.i).
pub const wd_WScreen: usize = 46;
/// `RPort` (struct RastPort *) (intuition/intuition.i).
pub const wd_RPort: usize = 50;
/// `Window->WLayer`: the window's `struct Layer` (intuition/intuition.h).
pub const wd_WLayer: usize = 124;
/// `BorderLeft` (BYTE), pixels (intuition/intuition.i).
pub const wd_BorderLeft: usize = 54;
/// `BorderTop` (BYTE), pixels (intuition/intuition.i).
pub const wd_BorderTop: usize = 55;
/// `BorderRight` (BYTE), pixels (intuition/intuition.i).
pub const wd_BorderRight: usize = 56;
/// `BorderBottom` (BYTE), pixels (intuition/intuition.i).
pub const wd_BorderBottom: usize = 57;
/// `FirstGadget` (struct Gadget *) (intuition/intuition.i).
pub const wd_FirstGadget: usize = 62;
/// `IDCMPFlags` (ULONG) (intuition/intuition.i).
pub const wd_IDCMPFlags: usize = 82;
/// `UserPort` (struct MsgPort *) (intuition/intuition.i).
pub const wd_UserPort: usize = 86;
/// `GZZWidth` (WORD) (intuition/intuition.i).
pub const wd_GZZWidth: usize = 112;
/// `GZZHeight` (WORD) (intuition/intuition.i).
pub const wd_GZZHeight: usize = 114;

/// `WFLG_SIZEGADGET`: the window has a sizing gadget (intuition/intuition.h).
pub const WFLG_SIZEGADGET: u32 = 0x0000_0001;
/// `WFLG_DRAGBAR`: the window has a drag bar (intuition/intuition.h).
pub const WFLG_DRAGBAR: u32 = 0x0000_0002;
/// `WFLG_DEPTHGADGET` (intuition/intuition.h).
pub const WFLG_DEPTHGADGET: u32 = 0x0000_0004;
/// `WFLG_CLOSEGADGET` (intuition/intuition.h).
pub const WFLG_CLOSEGADGET: u32 = 0x0000_0008;
/// `WFLG_BACKDROP`: behind every other window (intuition/intuition.h).
pub const WFLG_BACKDROP: u32 = 0x0000_0100;
/// `WFLG_BORDERLESS` (intuition/intuition.h).
pub const WFLG_BORDERLESS: u32 = 0x0000_0800;
/// `WFLG_GIMMEZEROZERO`: an inner layer for the client area (intuition/intuition.h).
pub const WFLG_GIMMEZEROZERO: u32 = 0x0000_0400;
/// `WFLG_ACTIVATE` (intuition/intuition.h).
pub const WFLG_ACTIVATE: u32 = 0x0000_1000;
/// `WFLG_MENUSTATE`: the window is active with its menus on (intuition/intuition.h).
pub const WFLG_MENUSTATE: u32 = 0x0000_8000;
/// `WFLG_RMBTRAP`: the right button goes to the program, not to the menus (intuition/intuition.h).
pub const WFLG_RMBTRAP: u32 = 0x0001_0000;
/// `WFLG_SIZEBRIGHT`: the sizing gadget sits in the right border (intuition/intuition.h).
pub const WFLG_SIZEBRIGHT: u32 = 0x0000_0010;
/// `WFLG_SIZEBBOTTOM`: the sizing gadget sits in the bottom border (intuition/intuition.h).
pub const WFLG_SIZEBBOTTOM: u32 = 0x0000_0020;
/// `WFLG_REFRESHBITS`: the two-bit refresh method field (intuition/intuition.h).
pub const WFLG_REFRESHBITS: u32 = 0x0000_00C0;
/// `WFLG_SMART_REFRESH` (refresh method 0; intuition/intuition.h).
pub const WFLG_SMART_REFRESH: u32 = 0x0000_0000;
/// `WFLG_SIMPLE_REFRESH` (intuition/intuition.h).
pub const WFLG_SIMPLE_REFRESH: u32 = 0x0000_0040;
/// `WFLG_SUPER_BITMAP` (intuition/intuition.h).
pub const WFLG_SUPER_BITMAP: u32 = 0x0000_0080;
/// `WFLG_OTHER_REFRESH` (intuition/intuition.h).
pub const WFLG_OTHER_REFRESH: u32 = 0x0000_00C0;
/// `WFLG_REPORTMOUSE`: pointer moves are reported (intuition/intuition.h).
pub const WFLG_REPORTMOUSE: u32 = 0x0000_0200;
/// `WFLG_WINDOWACTIVE`: the active window (set by Intuition; intuition/intuition.h).
pub const WFLG_WINDOWACTIVE: u32 = 0x0000_2000;
/// `WFLG_INREQUEST`: in request mode (set by Intuition; intuition/intuition.h).
pub const WFLG_INREQUEST: u32 = 0x0000_4000;
/// `WFLG_NOCAREREFRESH` (intuition/intuition.h).
pub const WFLG_NOCAREREFRESH: u32 = 0x0002_0000;
/// `WFLG_NW_EXTENDED`: opened from an ExtNewWindow (intuition/intuition.h).
pub const WFLG_NW_EXTENDED: u32 = 0x0004_0000;
/// `WFLG_NEWLOOKMENUS` (V39; intuition/intuition.h).
pub const WFLG_NEWLOOKMENUS: u32 = 0x0020_0000;
/// `WFLG_WINDOWREFRESH`: refreshing now (set by Intuition; intuition/intuition.h).
pub const WFLG_WINDOWREFRESH: u32 = 0x0100_0000;
/// `WFLG_WBENCHWINDOW`: a Workbench tool's window (set by Intuition; intuition/intuition.h).
pub const WFLG_WBENCHWINDOW: u32 = 0x0200_0000;
/// `WFLG_WINDOWTICKED` (set by Intuition; intuition/intuition.h).
pub const WFLG_WINDOWTICKED: u32 = 0x0400_0000;
/// `WFLG_VISITOR`: a visitor window (V36, set by Intuition; intuition/intuition.h).
pub const WFLG_VISITOR: u32 = 0x0800_0000;
/// `WFLG_ZOOMED`: in its zoomed state (V36, set by Intuition; intuition/intuition.h).
pub const WFLG_ZOOMED: u32 = 0x1000_0000;
/// `WFLG_HASZOOM`: has a zoom gadget (V36, set by Intuition; intuition/intuition.h).
pub const WFLG_HASZOOM: u32 = 0x2000_0000;

bitflags::bitflags! {
    /// `Window.Flags` as a set of its one-bit flags by their NDK names,
    /// printable with [`FlagNames`] (`WFLG_DRAGBAR | WFLG_ACTIVATE`). The
    /// refresh method ([`WFLG_REFRESHBITS`]) is a two-bit field, not flags:
    /// [`refresh_name`].
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub struct WindowFlags: u32 {
        /// `WFLG_SIZEGADGET` as a member of the set.
        const WFLG_SIZEGADGET = WFLG_SIZEGADGET;
        /// `WFLG_DRAGBAR` as a member of the set.
        const WFLG_DRAGBAR = WFLG_DRAGBAR;
        /// `WFLG_DEPTHGADGET` as a member of the set.
        const WFLG_DEPTHGADGET = WFLG_DEPTHGADGET;
        /// `WFLG_CLOSEGADGET` as a member of the set.
        const WFLG_CLOSEGADGET = WFLG_CLOSEGADGET;
        /// `WFLG_SIZEBRIGHT` as a member of the set.
        const WFLG_SIZEBRIGHT = WFLG_SIZEBRIGHT;
        /// `WFLG_SIZEBBOTTOM` as a member of the set.
        const WFLG_SIZEBBOTTOM = WFLG_SIZEBBOTTOM;
        /// `WFLG_BACKDROP` as a member of the set.
        const WFLG_BACKDROP = WFLG_BACKDROP;
        /// `WFLG_REPORTMOUSE` as a member of the set.
        const WFLG_REPORTMOUSE = WFLG_REPORTMOUSE;
        /// `WFLG_GIMMEZEROZERO` as a member of the set.
        const WFLG_GIMMEZEROZERO = WFLG_GIMMEZEROZERO;
        /// `WFLG_BORDERLESS` as a member of the set.
        const WFLG_BORDERLESS = WFLG_BORDERLESS;
        /// `WFLG_ACTIVATE` as a member of the set.
        const WFLG_ACTIVATE = WFLG_ACTIVATE;
        /// `WFLG_WINDOWACTIVE` as a member of the set.
        const WFLG_WINDOWACTIVE = WFLG_WINDOWACTIVE;
        /// `WFLG_INREQUEST` as a member of the set.
        const WFLG_INREQUEST = WFLG_INREQUEST;
        /// `WFLG_MENUSTATE` as a member of the set.
        const WFLG_MENUSTATE = WFLG_MENUSTATE;
        /// `WFLG_RMBTRAP` as a member of the set.
        const WFLG_RMBTRAP = WFLG_RMBTRAP;
        /// `WFLG_NOCAREREFRESH` as a member of the set.
        const WFLG_NOCAREREFRESH = WFLG_NOCAREREFRESH;
        /// `WFLG_NW_EXTENDED` as a member of the set.
        const WFLG_NW_EXTENDED = WFLG_NW_EXTENDED;
        /// `WFLG_NEWLOOKMENUS` as a member of the set.
        const WFLG_NEWLOOKMENUS = WFLG_NEWLOOKMENUS;
        /// `WFLG_WINDOWREFRESH` as a member of the set.
        const WFLG_WINDOWREFRESH = WFLG_WINDOWREFRESH;
        /// `WFLG_WBENCHWINDOW` as a member of the set.
        const WFLG_WBENCHWINDOW = WFLG_WBENCHWINDOW;
        /// `WFLG_WINDOWTICKED` as a member of the set.
        const WFLG_WINDOWTICKED = WFLG_WINDOWTICKED;
        /// `WFLG_VISITOR` as a member of the set.
        const WFLG_VISITOR = WFLG_VISITOR;
        /// `WFLG_ZOOMED` as a member of the set.
        const WFLG_ZOOMED = WFLG_ZOOMED;
        /// `WFLG_HASZOOM` as a member of the set.
        const WFLG_HASZOOM = WFLG_HASZOOM;
    }
}

/// The refresh method of `Window.Flags`, by its NDK name.
pub fn refresh_name(flags: u32) -> &'static str {
    match flags & WFLG_REFRESHBITS {
        WFLG_SMART_REFRESH => "WFLG_SMART_REFRESH",
        WFLG_SIMPLE_REFRESH => "WFLG_SIMPLE_REFRESH",
        WFLG_SUPER_BITMAP => "WFLG_SUPER_BITMAP",
        _ => "WFLG_OTHER_REFRESH",
    }
}

// ---- IDCMP classes (intuition/intuition.h; Window.IDCMPFlags, IntuiMessage.Class)
/// `IDCMP_REFRESHWINDOW` (intuition/intuition.h).
pub const IDCMP_REFRESHWINDOW: u32 = 0x0000_0004;
/// `IDCMP_MOUSEBUTTONS` (intuition/intuition.h).
pub const IDCMP_MOUSEBUTTONS: u32 = 0x0000_0008;
/// `SELECTDOWN`: the `Code` of IDCMP_MOUSEBUTTONS for a left button
/// press (intuition/intuition.h: `IECODE_LBUTTON`).
pub const SELECTDOWN: u16 = 0x68;
/// `SELECTUP`: the left button released (intuition/intuition.h).
pub const SELECTUP: u16 = 0xE8;
/// `IDCMP_MOUSEMOVE` (intuition/intuition.h).
pub const IDCMP_MOUSEMOVE: u32 = 0x0000_0010;
/// `IDCMP_GADGETDOWN` (intuition/intuition.h).
pub const IDCMP_GADGETDOWN: u32 = 0x0000_0020;
/// `IDCMP_GADGETUP` (intuition/intuition.h).
pub const IDCMP_GADGETUP: u32 = 0x0000_0040;
/// `IDCMP_REQSET` (intuition/intuition.h).
pub const IDCMP_REQSET: u32 = 0x0000_0080;
/// `IDCMP_MENUPICK` (intuition/intuition.h).
pub const IDCMP_MENUPICK: u32 = 0x0000_0100;
/// `IDCMP_CLOSEWINDOW` (intuition/intuition.h).
pub const IDCMP_CLOSEWINDOW: u32 = 0x0000_0200;
/// `IDCMP_RAWKEY` (intuition/intuition.h).
pub const IDCMP_RAWKEY: u32 = 0x0000_0400;
/// `IDCMP_VANILLAKEY` (intuition/intuition.h).
pub const IDCMP_VANILLAKEY: u32 = 0x0020_0000;
/// `IDCMP_INTUITICKS`: about ten a second, to the active window only (intuition/intuition.h).
pub const IDCMP_INTUITICKS: u32 = 0x0040_0000;
/// `IDCMP_IDCMPUPDATE`: BOOPSI notifications (`ICTARGET_IDCMP`), e.g.
/// layout.gadget's deferred layout requests (intuition/intuition.h).
pub const IDCMP_IDCMPUPDATE: u32 = 0x0080_0000;

// ---- intuition/intuition.h struct IntuiMessage, struct EasyStruct
/// `im_Class` (ULONG): the `IDCMP_*` class, after the message's `struct
/// Message` (intuition/intuition.i).
pub const im_Class: usize = 20;
/// `im_Code` (UWORD): the class's code (intuition/intuition.i).
pub const im_Code: usize = 24;
/// `im_Qualifier` (UWORD): the `IEQUALIFIER_*` bits (intuition/intuition.i).
pub const im_Qualifier: usize = 26;
/// `im_IAddress` (APTR): the gadget, or the class's other address (intuition/intuition.i).
pub const im_IAddress: usize = 28;
/// `im_MouseX` (WORD): pixels from the window's left edge (intuition/intuition.i).
pub const im_MouseX: usize = 32;
/// `im_MouseY` (WORD): pixels from the window's top edge (intuition/intuition.i).
pub const im_MouseY: usize = 34;
/// `im_Seconds` (ULONG): the time stamp's seconds (intuition/intuition.i).
pub const im_Seconds: usize = 36;
/// `im_Micros` (ULONG): the time stamp's microseconds (intuition/intuition.i).
pub const im_Micros: usize = 40;
/// `im_IDCMPWindow` (struct Window *): the window the message is for (intuition/intuition.i).
pub const im_IDCMPWindow: usize = 44;
/// `im_SpecialLink` (struct IntuiMessage *): Intuition's own (intuition/intuition.i).
pub const im_SpecialLink: usize = 48;
/// Size of `struct IntuiMessage` (intuition/intuition.i `im_SIZEOF`).
pub const im_SIZEOF: usize = 52;
/// Size of `struct EasyStruct` (intuition/intuition.h: five ULONG-sized fields).
pub const es_SIZEOF: usize = 20;

// ---- intuition/intuition.h struct Gadget
/// `NextGadget` (intuition/intuition.i).
pub const gg_NextGadget: usize = 0;
/// `LeftEdge` (WORD) of the hit box (intuition/intuition.i).
pub const gg_LeftEdge: usize = 4;
/// `TopEdge` (WORD) (intuition/intuition.i).
pub const gg_TopEdge: usize = 6;
/// `Width` (WORD) (intuition/intuition.i).
pub const gg_Width: usize = 8;
/// `Height` (WORD) (intuition/intuition.i).
pub const gg_Height: usize = 10;
/// `Flags` (UWORD, `GFLG_*`) (intuition/intuition.i).
pub const gg_Flags: usize = 12;
/// `Activation` (UWORD, `GACT_*`) (intuition/intuition.i).
pub const gg_Activation: usize = 14;
/// `GadgetType` (UWORD, `GTYP_*`) (intuition/intuition.i).
pub const gg_GadgetType: usize = 16;
/// `GadgetRender` (intuition/intuition.i).
pub const gg_GadgetRender: usize = 18;
/// `SelectRender` (intuition/intuition.i).
pub const gg_SelectRender: usize = 22;
/// `GadgetText` (an IntuiText, a string or an Image, as `GFLG_LABELMASK` says) (intuition/intuition.i).
pub const gg_GadgetText: usize = 26;
/// `SpecialInfo` (StringInfo, PropInfo, ...) (intuition/intuition.i).
pub const gg_SpecialInfo: usize = 34;
/// `GadgetID` (UWORD) (intuition/intuition.i).
pub const gg_GadgetID: usize = 38;
/// Size of `struct Gadget` (intuition/intuition.i).
pub const gg_SIZEOF: usize = 44;

/// `GFLG_GADGHIGHBITS`: the two-bit highlight method field (intuition/intuition.h).
pub const GFLG_GADGHIGHBITS: u16 = 0x0003;
/// `GFLG_GADGHCOMP`: highlight by complementing the select box (method 0; intuition/intuition.h).
pub const GFLG_GADGHCOMP: u16 = 0x0000;
/// `GFLG_GADGHBOX`: highlight by a box around it (intuition/intuition.h).
pub const GFLG_GADGHBOX: u16 = 0x0001;
/// `GFLG_GADGHIMAGE`: highlight by showing `SelectRender` (intuition/intuition.h).
pub const GFLG_GADGHIMAGE: u16 = 0x0002;
/// `GFLG_GADGHNONE`: no highlighting (intuition/intuition.h).
pub const GFLG_GADGHNONE: u16 = 0x0003;
/// `GFLG_GADGIMAGE`: the renders are `struct Image`s (intuition/intuition.h).
pub const GFLG_GADGIMAGE: u16 = 0x0004;
/// `GFLG_RELBOTTOM`: `TopEdge` is relative to the bottom (intuition/intuition.h).
pub const GFLG_RELBOTTOM: u16 = 0x0008;
/// `GFLG_RELRIGHT`: `LeftEdge` is relative to the right edge (intuition/intuition.h).
pub const GFLG_RELRIGHT: u16 = 0x0010;
/// `GFLG_RELWIDTH`: `Width` is relative to the window's width (intuition/intuition.h).
pub const GFLG_RELWIDTH: u16 = 0x0020;
/// `GFLG_RELHEIGHT`: `Height` is relative to the window's height (intuition/intuition.h).
pub const GFLG_RELHEIGHT: u16 = 0x0040;
/// `GFLG_SELECTED` (intuition/intuition.h).
pub const GFLG_SELECTED: u16 = 0x0080;
/// `GFLG_DISABLED` (intuition/intuition.h).
pub const GFLG_DISABLED: u16 = 0x0100;
/// `GFLG_LABELITEXT`: `GadgetText` is an IntuiText (intuition/intuition.h).
pub const GFLG_LABELITEXT: u16 = 0x0000;
/// `GFLG_LABELSTRING`: `GadgetText` is a string (intuition/intuition.h).
pub const GFLG_LABELSTRING: u16 = 0x1000;
/// `GFLG_LABELIMAGE`: `GadgetText` is an Image (intuition/intuition.h).
pub const GFLG_LABELIMAGE: u16 = 0x2000;
/// `GFLG_LABELMASK` (intuition/intuition.h).
pub const GFLG_LABELMASK: u16 = 0x3000;
/// `GFLG_TABCYCLE`: in the Tab cycle of string gadgets (intuition/intuition.h).
pub const GFLG_TABCYCLE: u16 = 0x0200;
/// `GFLG_STRINGEXTEND`: the StringInfo has a StringExtend (intuition/intuition.h).
pub const GFLG_STRINGEXTEND: u16 = 0x0400;
/// `GFLG_IMAGEDISABLE`: its image draws the disabled state itself (intuition/intuition.h).
pub const GFLG_IMAGEDISABLE: u16 = 0x0800;
/// `GFLG_RELSPECIAL`: its box is laid out by `GM_LAYOUT` (V39; intuition/intuition.h).
pub const GFLG_RELSPECIAL: u16 = 0x4000;
/// `GFLG_EXTENDED`: a `struct ExtGadget` (V39; intuition/intuition.h).
pub const GFLG_EXTENDED: u16 = 0x8000;

bitflags::bitflags! {
    /// `Gadget.Flags` as a set of its one-bit flags by their NDK names,
    /// printable with [`FlagNames`] (`GFLG_RELRIGHT | GFLG_DISABLED`). The
    /// highlight method ([`GFLG_GADGHIGHBITS`]) and the label's kind
    /// ([`GFLG_LABELMASK`]) are two-bit fields, not flags:
    /// [`highlight_name`], [`label_name`].
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub struct GadgetFlags: u16 {
        /// `GFLG_GADGIMAGE` as a member of the set.
        const GFLG_GADGIMAGE = GFLG_GADGIMAGE;
        /// `GFLG_RELBOTTOM` as a member of the set.
        const GFLG_RELBOTTOM = GFLG_RELBOTTOM;
        /// `GFLG_RELRIGHT` as a member of the set.
        const GFLG_RELRIGHT = GFLG_RELRIGHT;
        /// `GFLG_RELWIDTH` as a member of the set.
        const GFLG_RELWIDTH = GFLG_RELWIDTH;
        /// `GFLG_RELHEIGHT` as a member of the set.
        const GFLG_RELHEIGHT = GFLG_RELHEIGHT;
        /// `GFLG_SELECTED` as a member of the set.
        const GFLG_SELECTED = GFLG_SELECTED;
        /// `GFLG_DISABLED` as a member of the set.
        const GFLG_DISABLED = GFLG_DISABLED;
        /// `GFLG_TABCYCLE` as a member of the set.
        const GFLG_TABCYCLE = GFLG_TABCYCLE;
        /// `GFLG_STRINGEXTEND` as a member of the set.
        const GFLG_STRINGEXTEND = GFLG_STRINGEXTEND;
        /// `GFLG_IMAGEDISABLE` as a member of the set.
        const GFLG_IMAGEDISABLE = GFLG_IMAGEDISABLE;
        /// `GFLG_RELSPECIAL` as a member of the set.
        const GFLG_RELSPECIAL = GFLG_RELSPECIAL;
        /// `GFLG_EXTENDED` as a member of the set.
        const GFLG_EXTENDED = GFLG_EXTENDED;
    }
}

/// The highlight method of `Gadget.Flags`, by its NDK name.
pub fn highlight_name(flags: u16) -> &'static str {
    match flags & GFLG_GADGHIGHBITS {
        GFLG_GADGHCOMP => "GFLG_GADGHCOMP",
        GFLG_GADGHBOX => "GFLG_GADGHBOX",
        GFLG_GADGHIMAGE => "GFLG_GADGHIMAGE",
        _ => "GFLG_GADGHNONE",
    }
}

/// What `Gadget.GadgetText` points to, by the NDK name of
/// `Gadget.Flags`' label field (`GFLG_LABELMASK`; `0x3000`, no name, as
/// `GFLG_LABELMASK`).
pub fn label_name(flags: u16) -> &'static str {
    match flags & GFLG_LABELMASK {
        GFLG_LABELITEXT => "GFLG_LABELITEXT",
        GFLG_LABELSTRING => "GFLG_LABELSTRING",
        GFLG_LABELIMAGE => "GFLG_LABELIMAGE",
        _ => "GFLG_LABELMASK",
    }
}

/// A flag set shown by its members' NDK names joined by ` | `, bits no
/// name covers in hex (`0x…`), `0` when empty (bitflags' text form):
/// `format!("{}", FlagNames(&set))`.
pub struct FlagNames<'a, F>(pub &'a F);

impl<F: bitflags::Flags> core::fmt::Display for FlagNames<'_, F>
where
    F::Bits: bitflags::parser::WriteHex,
{
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        if self.0.is_empty() {
            f.write_str("0")
        } else {
            bitflags::parser::to_writer(self.0, f)
        }
    }
}

/// `GACT_RELVERIFY` (intuition/intuition.h).
pub const GACT_RELVERIFY: u16 = 0x0001;
/// `GACT_IMMEDIATE` (intuition/intuition.h).
pub const GACT_IMMEDIATE: u16 = 0x0002;
/// `GACT_LONGINT`: an integer string gadget (intuition/intuition.h).
pub const GACT_LONGINT: u16 = 0x0800;
/// `GACT_ACTIVEGADGET`: set by Intuition while the gadget is the active
/// one (intuition/intuition.h).
pub const GACT_ACTIVEGADGET: u16 = 0x4000;

/// `GTYP_SYSGADGET`: a system gadget (intuition/intuition.h).
pub const GTYP_SYSGADGET: u16 = 0x8000;
/// `GTYP_SCRGADGET`: a screen gadget (intuition/intuition.h).
pub const GTYP_SCRGADGET: u16 = 0x4000;
/// `GTYP_GZZGADGET`: in the GIMMEZEROZERO border (intuition/intuition.h).
pub const GTYP_GZZGADGET: u16 = 0x2000;
/// `GTYP_REQGADGET`: in a requester (intuition/intuition.h).
pub const GTYP_REQGADGET: u16 = 0x1000;
/// `GTYP_SYSTYPEMASK`: which system gadget (intuition/intuition.h).
pub const GTYP_SYSTYPEMASK: u16 = 0x00F0;
/// `GTYP_SIZING` (intuition/intuition.h).
pub const GTYP_SIZING: u16 = 0x0010;
/// `GTYP_WDRAGGING` (intuition/intuition.h).
pub const GTYP_WDRAGGING: u16 = 0x0020;
/// `GTYP_SDRAGGING` (intuition/intuition.h).
pub const GTYP_SDRAGGING: u16 = 0x0030;
/// `GTYP_WDEPTH` (intuition/intuition.h).
pub const GTYP_WDEPTH: u16 = 0x0040;
/// `GTYP_SDEPTH` (intuition/intuition.h).
pub const GTYP_SDEPTH: u16 = 0x0050;
/// `GTYP_WZOOM` (intuition/intuition.h).
pub const GTYP_WZOOM: u16 = 0x0060;
/// `GTYP_CLOSE` (intuition/intuition.h).
pub const GTYP_CLOSE: u16 = 0x0080;
/// `GTYP_GTYPEMASK`: the application gadget type (intuition/intuition.h).
pub const GTYP_GTYPEMASK: u16 = 0x0007;
/// `GTYP_BOOLGADGET` (intuition/intuition.h).
pub const GTYP_BOOLGADGET: u16 = 0x0001;
/// `GTYP_GADGET0002` (intuition/intuition.h).
pub const GTYP_GADGET0002: u16 = 0x0002;
/// `GTYP_PROPGADGET` (intuition/intuition.h).
pub const GTYP_PROPGADGET: u16 = 0x0003;
/// `GTYP_STRGADGET` (intuition/intuition.h).
pub const GTYP_STRGADGET: u16 = 0x0004;
/// `GTYP_CUSTOMGADGET`: a BOOPSI gadget (intuition/intuition.h).
pub const GTYP_CUSTOMGADGET: u16 = 0x0005;

// ---- struct IntuiText, struct StringInfo, struct PropInfo
/// `IText` (UBYTE *) of a `struct IntuiText` (intuition/intuition.i).
pub const it_IText: usize = 12;
/// `Buffer` (UBYTE *) of a `struct StringInfo` (intuition/intuition.i).
pub const si_Buffer: usize = 0;
/// `LongInt` (LONG) of a `struct StringInfo` (intuition/intuition.i).
pub const si_LongInt: usize = 28;
/// `Flags` (UWORD) of a `struct PropInfo` (intuition/intuition.i).
pub const pi_Flags: usize = 0;
/// `HorizPot` (UWORD) (intuition/intuition.i).
pub const pi_HorizPot: usize = 2;
/// `VertPot` (UWORD) (intuition/intuition.i).
pub const pi_VertPot: usize = 4;
/// `HorizBody` (UWORD) (intuition/intuition.i).
pub const pi_HorizBody: usize = 6;
/// `VertBody` (UWORD) (intuition/intuition.i).
pub const pi_VertBody: usize = 8;
/// `CWidth` (UWORD): the container's width, set by Intuition (intuition/intuition.i).
pub const pi_CWidth: usize = 10;
/// `CHeight` (UWORD) (intuition/intuition.i).
pub const pi_CHeight: usize = 12;
/// `HPotRes` (UWORD) (intuition/intuition.i).
pub const pi_HPotRes: usize = 14;
/// `VPotRes` (UWORD) (intuition/intuition.i).
pub const pi_VPotRes: usize = 16;
/// `LeftBorder` (UWORD): the container's offset in the box (intuition/intuition.i).
pub const pi_LeftBorder: usize = 18;
/// `TopBorder` (UWORD) (intuition/intuition.i).
pub const pi_TopBorder: usize = 20;
/// Size of `struct PropInfo` (intuition/intuition.i).
pub const pi_SIZEOF: usize = 22;

/// `AUTOKNOB`: Intuition draws the knob (intuition/intuition.h).
pub const AUTOKNOB: u16 = 0x0001;
/// `FREEHORIZ`: the knob moves horizontally (intuition/intuition.h).
pub const FREEHORIZ: u16 = 0x0002;
/// `FREEVERT`: the knob moves vertically (intuition/intuition.h).
pub const FREEVERT: u16 = 0x0004;
/// `PROPBORDERLESS`: no container border (intuition/intuition.h).
pub const PROPBORDERLESS: u16 = 0x0008;
/// `PROPNEWLOOK`: the 3D look (intuition/intuition.h).
pub const PROPNEWLOOK: u16 = 0x0010;
/// `MAXBODY`: a body showing everything (intuition/intuition.h).
pub const MAXBODY: u16 = 0xFFFF;
/// `MAXPOT`: a pot at the far end (intuition/intuition.h).
pub const MAXPOT: u16 = 0xFFFF;
/// `KNOBHMIN`: the smallest knob width, pixels (intuition/intuition.h).
pub const KNOBHMIN: i16 = 6;
/// `KNOBVMIN`: the smallest knob height, pixels (intuition/intuition.h).
pub const KNOBVMIN: i16 = 4;

// ---- struct Image
/// `Width` (WORD) of a `struct Image`, pixels (intuition/intuition.i).
pub const ig_Width: usize = 4;
/// `Height` (WORD), pixels (intuition/intuition.i).
pub const ig_Height: usize = 6;
/// `Depth` (WORD): bit planes (intuition/intuition.i).
pub const ig_Depth: usize = 8;
/// `ImageData` (UWORD *): the planes, each row padded to 16 bits (intuition/intuition.i).
pub const ig_ImageData: usize = 10;
/// Size of `struct Image` (intuition/intuition.i).
pub const ig_SIZEOF: usize = 20;

// ---- struct Menu, struct MenuItem
/// `NextMenu` (intuition/intuition.i).
pub const mu_NextMenu: usize = 0;
/// `LeftEdge` (WORD) of the title's select box (intuition/intuition.i).
pub const mu_LeftEdge: usize = 4;
/// `TopEdge` (WORD; ignored by Intuition) (intuition/intuition.i).
pub const mu_TopEdge: usize = 6;
/// `Width` (WORD) (intuition/intuition.i).
pub const mu_Width: usize = 8;
/// `Height` (WORD; ignored by Intuition) (intuition/intuition.i).
pub const mu_Height: usize = 10;
/// `Flags` (UWORD) (intuition/intuition.i).
pub const mu_Flags: usize = 12;
/// `MenuName` (BYTE *) (intuition/intuition.i).
pub const mu_MenuName: usize = 14;
/// `FirstItem` (struct MenuItem *) (intuition/intuition.i).
pub const mu_FirstItem: usize = 18;
/// Size of `struct Menu` (intuition/intuition.i).
pub const mu_SIZEOF: usize = 30;
/// `NextItem` (intuition/intuition.i).
pub const mi_NextItem: usize = 0;
/// `LeftEdge` (WORD) (intuition/intuition.i).
pub const mi_LeftEdge: usize = 4;
/// `TopEdge` (WORD) (intuition/intuition.i).
pub const mi_TopEdge: usize = 6;
/// `Width` (WORD) (intuition/intuition.i).
pub const mi_Width: usize = 8;
/// `Height` (WORD) (intuition/intuition.i).
pub const mi_Height: usize = 10;
/// `Flags` (UWORD) (intuition/intuition.i).
pub const mi_Flags: usize = 12;
/// `ItemFill` (an IntuiText with `ITEMTEXT`, else an Image) (intuition/intuition.i).
pub const mi_ItemFill: usize = 18;
/// `Command` (BYTE): the shortcut key with `COMMSEQ` (intuition/intuition.i).
pub const mi_Command: usize = 26;
/// `SubItem` (struct MenuItem *) (intuition/intuition.i; a pad byte at 27).
pub const mi_SubItem: usize = 28;
/// `NextSelect` (UWORD): the next item of a multiple selection (intuition/intuition.i).
pub const mi_NextSelect: usize = 32;
/// Size of `struct MenuItem` (intuition/intuition.i).
pub const mi_SIZEOF: usize = 34;

/// `MENUENABLED` in `Menu.Flags` (intuition/intuition.h).
pub const MENUENABLED: u16 = 0x0001;
/// `CHECKIT` in `MenuItem.Flags` (intuition/intuition.h).
pub const CHECKIT: u16 = 0x0001;
/// `ITEMTEXT`: `ItemFill` is an IntuiText (intuition/intuition.h).
pub const ITEMTEXT: u16 = 0x0002;
/// `COMMSEQ`: `Command` holds a shortcut (intuition/intuition.h).
pub const COMMSEQ: u16 = 0x0004;
/// `MENUTOGGLE` (intuition/intuition.h).
pub const MENUTOGGLE: u16 = 0x0008;
/// `ITEMENABLED` (intuition/intuition.h).
pub const ITEMENABLED: u16 = 0x0010;
/// `CHECKED` (intuition/intuition.h).
pub const CHECKED: u16 = 0x0100;
/// `MENUNULL`: no (more) menu selection (intuition/intuition.h).
pub const MENUNULL: u16 = 0xFFFF;
/// `NOMENU`: the menu-number field's "none" (5 bits) (intuition/intuition.h).
pub const NOMENU: u16 = 0x1F;
/// `NOITEM`: the item-number field's "none" (6 bits) (intuition/intuition.h).
pub const NOITEM: u16 = 0x3F;
/// `NOSUB`: the sub-item-number field's "none" (5 bits) (intuition/intuition.h).
pub const NOSUB: u16 = 0x1F;

/// `MENUNUM(code)`: the menu number of a menu code, bits 0-4 (intuition/intuition.h).
pub const fn MENUNUM(code: u16) -> u16 {
    code & 0x1F
}
/// `ITEMNUM(code)`: the item number, bits 5-10 (intuition/intuition.h).
pub const fn ITEMNUM(code: u16) -> u16 {
    (code >> 5) & 0x3F
}
/// `SUBNUM(code)`: the sub-item number, bits 11-15 (intuition/intuition.h).
pub const fn SUBNUM(code: u16) -> u16 {
    (code >> 11) & 0x1F
}

// ---- BOOPSI (intuition/classes.h)
/// `OCLASS(o)`: the class pointer sits this many bytes before the object
/// (`struct _Object` is a `MinNode`, 8 bytes, then `o_Class`) (intuition/classes.h).
pub const OCLASS_BEFORE: u32 = 4;
/// `cl_Dispatcher` (struct Hook) of a `struct IClass`: its `h_Entry` is the class's dispatcher (intuition/classes.h).
pub const cl_Dispatcher: usize = 0;
/// `OM_REMOVE`: the method that takes an object out of its list (intuition/classusr.h).
pub const OM_REMOVE: u32 = 0x106;
/// `OM_ADDMEMBER`: the method that adds an object to a group (`struct
/// opMember`: the method ID, then `opam_Object`) (intuition/classusr.h).
pub const OM_ADDMEMBER: u32 = 0x109;
/// `cl_ID` (ClassID) of a `struct IClass` (intuition/classes.i: `Hook` 20, `cl_Reserved`, `cl_Super`).
pub const cl_ID: usize = 28;
/// `BUTTONGCLASS`: the `cl_ID` of Intuition's button class (intuition/classes.h).
pub const BUTTONGCLASS: &str = "buttongclass";
/// `FRBUTTONCLASS`: the `cl_ID` of Intuition's framed button class (intuition/classes.h).
pub const FRBUTTONCLASS: &str = "frbuttonclass";
/// `PROPGCLASS`: the `cl_ID` of Intuition's proportional gadget class (intuition/classes.h).
pub const PROPGCLASS: &str = "propgclass";
/// `STRGCLASS`: the `cl_ID` of Intuition's string gadget class (intuition/classes.h).
pub const STRGCLASS: &str = "strgclass";

// ---- struct DrawInfo (intuition/screens.h) and its pens
/// `dri_NumPens` (UWORD) (intuition/screens.i).
pub const dri_NumPens: usize = 2;
/// `dri_Pens` (UWORD *) (intuition/screens.i).
pub const dri_Pens: usize = 4;
/// `FILLPEN`: pen index of the active fill (intuition/screens.h).
pub const FILLPEN: usize = 5;
/// `BACKGROUNDPEN` (intuition/screens.h).
pub const BACKGROUNDPEN: usize = 7;

// ---- OpenWindowTagList() tags (intuition/intuition.h, WA_Dummy = TAG_USER + 99)
/// `WA_Dummy` (intuition/intuition.h).
pub const WA_Dummy: u32 = TAG_USER + 99;
/// `WA_Left` (intuition/intuition.h).
pub const WA_Left: u32 = WA_Dummy + 0x01;
/// `WA_Top` (intuition/intuition.h).
pub const WA_Top: u32 = WA_Dummy + 0x02;
/// `WA_Width` (intuition/intuition.h).
pub const WA_Width: u32 = WA_Dummy + 0x03;
/// `WA_Height` (intuition/intuition.h).
pub const WA_Height: u32 = WA_Dummy + 0x04;
/// `WA_IDCMP` (intuition/intuition.h).
pub const WA_IDCMP: u32 = WA_Dummy + 0x07;
/// `WA_Flags` (intuition/intuition.h).
pub const WA_Flags: u32 = WA_Dummy + 0x08;
/// `WA_Gadgets` (intuition/intuition.h).
pub const WA_Gadgets: u32 = WA_Dummy + 0x09;
/// `WA_Title` (intuition/intuition.h).
pub const WA_Title: u32 = WA_Dummy + 0x0B;
/// `WA_ScreenTitle` (intuition/intuition.h).
pub const WA_ScreenTitle: u32 = WA_Dummy + 0x0C;
/// `WA_CustomScreen` (intuition/intuition.h).
pub const WA_CustomScreen: u32 = WA_Dummy + 0x0D;
/// `WA_MinWidth` (intuition/intuition.h).
pub const WA_MinWidth: u32 = WA_Dummy + 0x0F;
/// `WA_MinHeight` (intuition/intuition.h).
pub const WA_MinHeight: u32 = WA_Dummy + 0x10;
/// `WA_MaxWidth` (intuition/intuition.h).
pub const WA_MaxWidth: u32 = WA_Dummy + 0x11;
/// `WA_MaxHeight` (intuition/intuition.h).
pub const WA_MaxHeight: u32 = WA_Dummy + 0x12;
/// `WA_InnerWidth` (intuition/intuition.h).
pub const WA_InnerWidth: u32 = WA_Dummy + 0x13;
/// `WA_InnerHeight` (intuition/intuition.h).
pub const WA_InnerHeight: u32 = WA_Dummy + 0x14;
/// `WA_PubScreen` (intuition/intuition.h).
pub const WA_PubScreen: u32 = WA_Dummy + 0x16;
/// `WA_Zoom` (intuition/intuition.h).
pub const WA_Zoom: u32 = WA_Dummy + 0x1A;
/// `WA_SizeGadget` (intuition/intuition.h).
pub const WA_SizeGadget: u32 = WA_Dummy + 0x1E;
/// `WA_DragBar` (intuition/intuition.h).
pub const WA_DragBar: u32 = WA_Dummy + 0x1F;
/// `WA_DepthGadget` (intuition/intuition.h).
pub const WA_DepthGadget: u32 = WA_Dummy + 0x20;
/// `WA_CloseGadget` (intuition/intuition.h).
pub const WA_CloseGadget: u32 = WA_Dummy + 0x21;
/// `WA_NoCareRefresh` (intuition/intuition.h).
pub const WA_NoCareRefresh: u32 = WA_Dummy + 0x24;
/// `WA_Borderless` (intuition/intuition.h).
pub const WA_Borderless: u32 = WA_Dummy + 0x25;
/// `WA_Activate` (intuition/intuition.h).
pub const WA_Activate: u32 = WA_Dummy + 0x26;
/// `WA_SimpleRefresh` (intuition/intuition.h).
pub const WA_SimpleRefresh: u32 = WA_Dummy + 0x29;
/// `WA_SmartRefresh` (intuition/intuition.h).
pub const WA_SmartRefresh: u32 = WA_Dummy + 0x2A;
/// `WA_AutoAdjust` (intuition/intuition.h).
pub const WA_AutoAdjust: u32 = WA_Dummy + 0x2D;
/// `WA_BusyPointer` (V39) (intuition/intuition.h).
pub const WA_BusyPointer: u32 = WA_Dummy + 0x35;
/// `WA_NewLookMenus` (V39) (intuition/intuition.h).
pub const WA_NewLookMenus: u32 = WA_Dummy + 0x30;

// ---- OpenScreenTagList() tags (intuition/screens.h, SA_Dummy = TAG_USER + 32)
/// `SA_Dummy` (intuition/screens.h).
pub const SA_Dummy: u32 = TAG_USER + 32;
/// `SA_Left` (intuition/screens.h).
pub const SA_Left: u32 = SA_Dummy + 0x01;
/// `SA_Top` (intuition/screens.h).
pub const SA_Top: u32 = SA_Dummy + 0x02;
/// `SA_Width` (intuition/screens.h).
pub const SA_Width: u32 = SA_Dummy + 0x03;
/// `SA_Height` (intuition/screens.h).
pub const SA_Height: u32 = SA_Dummy + 0x04;
/// `SA_Depth` (intuition/screens.h).
pub const SA_Depth: u32 = SA_Dummy + 0x05;
/// `SA_Title` (intuition/screens.h).
pub const SA_Title: u32 = SA_Dummy + 0x08;
/// `SA_Type` (intuition/screens.h).
pub const SA_Type: u32 = SA_Dummy + 0x0D;
/// `SA_DisplayID` (intuition/screens.h).
pub const SA_DisplayID: u32 = SA_Dummy + 0x12;
/// `SA_ShowTitle` (intuition/screens.h).
pub const SA_ShowTitle: u32 = SA_Dummy + 0x16;
/// `SA_Pens` (intuition/screens.h).
pub const SA_Pens: u32 = SA_Dummy + 0x1A;
/// `SA_LikeWorkbench` (V39) (intuition/screens.h).
pub const SA_LikeWorkbench: u32 = SA_Dummy + 0x27;
/// `WBENCHSCREEN`: the Workbench screen, as a `NewWindow.Type` (intuition/screens.h).
pub const WBENCHSCREEN: u16 = 0x0001;
/// `CUSTOMSCREEN` for `SA_Type` (intuition/screens.h).
pub const CUSTOMSCREEN: u32 = 0x000F;

// ---- gadgetclass attributes (intuition/gadgetclass.h, GA_Dummy = TAG_USER + 0x30000)
/// `GA_Dummy` (intuition/gadgetclass.h).
pub const GA_Dummy: u32 = TAG_USER + 0x30000;
/// `GA_Left` (intuition/gadgetclass.h).
pub const GA_Left: u32 = GA_Dummy + 0x0001;
/// `GA_RelRight` (intuition/gadgetclass.h).
pub const GA_RelRight: u32 = GA_Dummy + 0x0002;
/// `GA_Top` (intuition/gadgetclass.h).
pub const GA_Top: u32 = GA_Dummy + 0x0003;
/// `GA_Width` (intuition/gadgetclass.h).
pub const GA_Width: u32 = GA_Dummy + 0x0005;
/// `GA_Height` (intuition/gadgetclass.h).
pub const GA_Height: u32 = GA_Dummy + 0x0007;
/// `GA_Text`: a label string, or the IntuiText/Image GadgetText points to (intuition/gadgetclass.h).
pub const GA_Text: u32 = GA_Dummy + 0x0009;
/// `GA_Image` (intuition/gadgetclass.h).
pub const GA_Image: u32 = GA_Dummy + 0x000A;
/// `GA_Disabled` (intuition/gadgetclass.h).
pub const GA_Disabled: u32 = GA_Dummy + 0x000E;
/// `GA_ID`: the GadgetID (intuition/gadgetclass.h).
pub const GA_ID: u32 = GA_Dummy + 0x0010;
/// `GA_UserData` (intuition/gadgetclass.h).
pub const GA_UserData: u32 = GA_Dummy + 0x0011;
/// `GA_Selected` (intuition/gadgetclass.h).
pub const GA_Selected: u32 = GA_Dummy + 0x0013;
/// `GA_Immediate` (intuition/gadgetclass.h).
pub const GA_Immediate: u32 = GA_Dummy + 0x0015;
/// `GA_RelVerify` (intuition/gadgetclass.h).
pub const GA_RelVerify: u32 = GA_Dummy + 0x0016;
/// `GA_Previous` (intuition/gadgetclass.h).
pub const GA_Previous: u32 = GA_Dummy + 0x001F;
/// `GA_DrawInfo` (intuition/gadgetclass.h).
pub const GA_DrawInfo: u32 = GA_Dummy + 0x0021;
/// `GA_IntuiText` (intuition/gadgetclass.h).
pub const GA_IntuiText: u32 = GA_Dummy + 0x0022;
/// `GA_TabCycle` (intuition/gadgetclass.h).
pub const GA_TabCycle: u32 = GA_Dummy + 0x0024;
/// `GA_ReadOnly` (V42): not selectable (intuition/gadgetclass.h).
pub const GA_ReadOnly: u32 = GA_Dummy + 0x0029;
/// `GA_Underscore` (V44, UBYTE): the character in `GA_Text` that marks
/// the next one as the keyboard shortcut and is not drawn; defaults to
/// `'_'`, 0 turns it off (intuition/gadgetclass.h, NDK 3.9: GA_Dummy+42).
pub const GA_Underscore: u32 = GA_Dummy + 0x002A;

/// `PGA_Dummy` = TAG_USER + 0x31000 (intuition/gadgetclass.h).
pub const PGA_Dummy: u32 = TAG_USER + 0x31000;
/// `PGA_Freedom`: `FREEHORIZ` or `FREEVERT` (intuition/gadgetclass.h).
pub const PGA_Freedom: u32 = PGA_Dummy + 0x0001;
/// `PGA_Borderless` (intuition/gadgetclass.h).
pub const PGA_Borderless: u32 = PGA_Dummy + 0x0002;
/// `PGA_Total` (intuition/gadgetclass.h).
pub const PGA_Total: u32 = PGA_Dummy + 0x0007;
/// `PGA_Visible` (intuition/gadgetclass.h).
pub const PGA_Visible: u32 = PGA_Dummy + 0x0008;
/// `PGA_Top` (intuition/gadgetclass.h).
pub const PGA_Top: u32 = PGA_Dummy + 0x0009;
/// `PGA_NewLook` (intuition/gadgetclass.h).
pub const PGA_NewLook: u32 = PGA_Dummy + 0x000A;

/// `STRINGA_Dummy` = TAG_USER + 0x32000 (intuition/gadgetclass.h).
pub const STRINGA_Dummy: u32 = TAG_USER + 0x32000;
/// `STRINGA_MaxChars` (intuition/gadgetclass.h).
pub const STRINGA_MaxChars: u32 = STRINGA_Dummy + 0x0001;
/// `STRINGA_LongVal` (intuition/gadgetclass.h).
pub const STRINGA_LongVal: u32 = STRINGA_Dummy + 0x0011;
/// `STRINGA_TextVal`: the string's contents (intuition/gadgetclass.h).
pub const STRINGA_TextVal: u32 = STRINGA_Dummy + 0x0012;

// ---- imageclass attributes (intuition/imageclass.h, IA_Dummy = TAG_USER + 0x20000)
/// `IA_Dummy` (intuition/imageclass.h).
pub const IA_Dummy: u32 = TAG_USER + 0x20000;
/// `IA_Left` (intuition/imageclass.h).
pub const IA_Left: u32 = IA_Dummy + 0x01;
/// `IA_Top` (intuition/imageclass.h).
pub const IA_Top: u32 = IA_Dummy + 0x02;
/// `IA_Width` (intuition/imageclass.h).
pub const IA_Width: u32 = IA_Dummy + 0x03;
/// `IA_Height` (intuition/imageclass.h).
pub const IA_Height: u32 = IA_Dummy + 0x04;
/// `IA_Recessed` (intuition/imageclass.h).
pub const IA_Recessed: u32 = IA_Dummy + 0x15;
/// `IA_FrameType` (intuition/imageclass.h).
pub const IA_FrameType: u32 = IA_Dummy + 0x1B;
/// `FRAME_BUTTON` for `IA_FrameType` (intuition/imageclass.h).
pub const FRAME_BUTTON: u32 = 1;
/// `FRAME_RIDGE` for `IA_FrameType` (intuition/imageclass.h).
pub const FRAME_RIDGE: u32 = 2;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flag_sets_print_their_ndk_names() {
        fn shows(f: &dyn core::fmt::Display, want: &str) {
            let mut s = [0u8; 96];
            let mut w = Buf(&mut s, 0);
            core::fmt::write(&mut w, format_args!("{f}")).unwrap();
            let n = w.1;
            assert_eq!(core::str::from_utf8(&s[..n]).unwrap(), want);
        }
        let g = GadgetFlags::from_bits_retain(GFLG_RELRIGHT | GFLG_DISABLED);
        shows(&FlagNames(&g), "GFLG_RELRIGHT | GFLG_DISABLED");
        shows(&FlagNames(&GadgetFlags::empty()), "0");
        // Bits no member names (here the highlight field) in hex.
        shows(&FlagNames(&GadgetFlags::from_bits_retain(GFLG_SELECTED | 0x0001)), "GFLG_SELECTED | 0x1");
        let w = WindowFlags::from_bits_retain(WFLG_DRAGBAR | WFLG_HASZOOM);
        shows(&FlagNames(&w), "WFLG_DRAGBAR | WFLG_HASZOOM");
        assert_eq!(refresh_name(WFLG_SUPER_BITMAP | WFLG_DRAGBAR), "WFLG_SUPER_BITMAP");
        assert_eq!(highlight_name(GFLG_GADGHNONE), "GFLG_GADGHNONE");
        assert_eq!(label_name(GFLG_LABELIMAGE | GFLG_DISABLED), "GFLG_LABELIMAGE");
    }

    /// A fixed buffer as `fmt::Write` (the crate has no `alloc`).
    struct Buf<'a>(&'a mut [u8], usize);

    impl core::fmt::Write for Buf<'_> {
        fn write_str(&mut self, s: &str) -> core::fmt::Result {
            let end = self.1 + s.len();
            self.0.get_mut(self.1..end).ok_or(core::fmt::Error)?.copy_from_slice(s.as_bytes());
            self.1 = end;
            Ok(())
        }
    }

    #[test]
    fn menu_code_fields() {
        let code = 2 | (5 << 5) | (3 << 11);
        assert_eq!((MENUNUM(code), ITEMNUM(code), SUBNUM(code)), (2, 5, 3));
        assert_eq!((MENUNUM(MENUNULL), ITEMNUM(MENUNULL), SUBNUM(MENUNULL)), (NOMENU, NOITEM, NOSUB));
    }

    #[test]
    fn intuimessage_layout() {
        assert_eq!(im_Class, crate::exec::MN_SIZE);
        assert_eq!((im_Code, im_Qualifier, im_IAddress), (im_Class + 4, im_Code + 2, im_Qualifier + 2));
        assert_eq!((im_MouseX, im_MouseY, im_Seconds), (im_IAddress + 4, im_MouseX + 2, im_MouseY + 2));
        assert_eq!((im_Micros, im_IDCMPWindow, im_SpecialLink), (im_Seconds + 4, im_Micros + 4, im_IDCMPWindow + 4));
        assert_eq!(im_SpecialLink + 4, im_SIZEOF);
    }

    #[test]
    fn tag_values_match_the_ndk_numbers() {
        assert_eq!(
            (WA_Title, WA_PubScreen, WA_NewLookMenus, WA_BusyPointer),
            (0x8000_006E, 0x8000_0079, 0x8000_0093, 0x8000_0098)
        );
        assert_eq!((SA_Title, SA_LikeWorkbench), (0x8000_0028, 0x8000_0047));
        assert_eq!((GA_ID, GA_ReadOnly, STRINGA_TextVal), (0x8003_0010, 0x8003_0029, 0x8003_2012));
        assert_eq!(GA_Underscore, 0x8003_002A);
    }
}
