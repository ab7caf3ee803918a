//! ReAction classes (AmigaOS 3.5+): reaction/reaction.h, classes/window.h,
//! gadgets/layout.h, gadgets/listbrowser.h, gadgets/button.h,
//! images/label.h, gadgets/integer.h, gadgets/slider.h (NDK 3.9/3.2).
//!
//! The AROS ReAction headers differ in some tag bases (`BUTTON_Dummy`,
//! `LABEL_Dummy`); the NDK is the reference here.

use crate::utility::TAG_USER;

/// `REACTION_Dummy`: base of the ReAction class tags (reaction/reaction.h).
pub const REACTION_Dummy: u32 = TAG_USER + 0x0500_0000;

/// `WINDOW_Dummy` = REACTION_Dummy + 0x25000 (classes/window.h).
pub const WINDOW_Dummy: u32 = REACTION_Dummy + 0x25000;
/// `WINDOW_Window` (get): the `struct Window *` while open, else NULL (classes/window.h).
pub const WINDOW_Window: u32 = WINDOW_Dummy + 1;
/// `WINDOW_SigMask` (get): the signal mask to `Wait()` for (classes/window.h).
pub const WINDOW_SigMask: u32 = WINDOW_Dummy + 2;
/// `WINDOW_MenuStrip`: a menu strip set whenever the window opens (classes/window.h).
pub const WINDOW_MenuStrip: u32 = WINDOW_Dummy + 4;
/// `WINDOW_Layout`, also `WINDOW_ParentGroup`: the top layout object (classes/window.h).
pub const WINDOW_Layout: u32 = WINDOW_Dummy + 5;
/// `WINDOW_ParentGroup`: the same tag as `WINDOW_Layout` (classes/window.h).
pub const WINDOW_ParentGroup: u32 = WINDOW_Layout;
/// `WINDOW_AppPort`: the AppMessage port iconification needs (classes/window.h).
pub const WINDOW_AppPort: u32 = WINDOW_Dummy + 13;
/// `WINDOW_Position`: one of the `WPOS_*` values (classes/window.h).
pub const WINDOW_Position: u32 = WINDOW_Dummy + 14;
/// `WINDOW_IconTitle`: the iconified window's icon title (classes/window.h).
pub const WINDOW_IconTitle: u32 = WINDOW_Dummy + 18;
/// `WINDOW_MenuUserData` (UWORD): how window.class reads the user data
/// after each menu item of `WINDOW_MenuStrip` (one of `WGUD_*`; like
/// `WINDOW_GadgetUserData`, but for menus; its default is not stated:
/// window_cl/--datasheet--) (classes/window.h: WINDOW_Dummy+25).
pub const WINDOW_MenuUserData: u32 = WINDOW_Dummy + 25;
/// `WGUD_HOOK`: the user data is a `struct Hook *` to call (classes/window.h).
pub const WGUD_HOOK: u32 = 0;
/// `WGUD_FUNC`: the user data is a function to call (classes/window.h).
pub const WGUD_FUNC: u32 = 1;
/// `WGUD_IGNORE`: the user data is the application's, window.class
/// leaves it alone (classes/window.h).
pub const WGUD_IGNORE: u32 = 2;
/// `WINDOW_IconifyGadget`: an iconify gadget in the title bar; AmigaOS
/// 3.5+ (window_cl/--datasheet--), unlike OS4's `WINDOW_Iconifiable`
/// (classes/window.h).
pub const WINDOW_IconifyGadget: u32 = WINDOW_Dummy + 23;
/// `WPOS_CENTERSCREEN`: centred on the screen (classes/window.h).
pub const WPOS_CENTERSCREEN: u32 = 1;

/// `WM_HANDLEINPUT` (classes/window.h).
pub const WM_HANDLEINPUT: u32 = 0x0057_0001;
/// `WM_OPEN` (classes/window.h).
pub const WM_OPEN: u32 = 0x0057_0002;
/// `WM_CLOSE` (classes/window.h).
pub const WM_CLOSE: u32 = 0x0057_0003;
/// `WM_ICONIFY` (classes/window.h).
pub const WM_ICONIFY: u32 = 0x0057_0005;

/// `WMHI_LASTMSG`: no more input (classes/window.h `WM_HANDLEINPUT` result).
pub const WMHI_LASTMSG: u32 = 0;
/// `WMHI_IGNORE` (classes/window.h).
pub const WMHI_IGNORE: u32 = !0;
/// `WMHI_CLASSMASK`: the result's class in the high word (classes/window.h).
pub const WMHI_CLASSMASK: u32 = 0xFFFF_0000;
/// `WMHI_GADGETMASK`: a gadget ID in the low word (classes/window.h).
pub const WMHI_GADGETMASK: u32 = 0xFFFF;
/// `WMHI_MENUMASK`: a menu code in the low word (classes/window.h).
pub const WMHI_MENUMASK: u32 = 0xFFFF;
/// `WMHI_KEYMASK`: a raw key in the low byte (classes/window.h).
pub const WMHI_KEYMASK: u32 = 0xFF;
/// `WMHI_CLOSEWINDOW` (classes/window.h).
pub const WMHI_CLOSEWINDOW: u32 = 1 << 16;
/// `WMHI_GADGETUP` (classes/window.h).
pub const WMHI_GADGETUP: u32 = 2 << 16;
/// `WMHI_MENUPICK` (classes/window.h).
pub const WMHI_MENUPICK: u32 = 6 << 16;
/// `WMHI_ICONIFY` (classes/window.h).
pub const WMHI_ICONIFY: u32 = 9 << 16;
/// `WMHI_UNICONIFY` (classes/window.h).
pub const WMHI_UNICONIFY: u32 = 10 << 16;
/// `WMHI_RAWKEY` (classes/window.h).
pub const WMHI_RAWKEY: u32 = 11 << 16;

/// `LAYOUT_Dummy` = REACTION_Dummy + 0x7000 (gadgets/layout.h).
pub const LAYOUT_Dummy: u32 = REACTION_Dummy + 0x7000;
/// `LAYOUT_Orientation` (gadgets/layout.h).
pub const LAYOUT_Orientation: u32 = LAYOUT_Dummy + 1;
/// `LAYOUT_EvenSize` (gadgets/layout.h).
pub const LAYOUT_EvenSize: u32 = LAYOUT_Dummy + 7;
/// `LAYOUT_AddChild` (gadgets/layout.h).
pub const LAYOUT_AddChild: u32 = LAYOUT_Dummy + 20;
/// `LAYOUT_DeferLayout`: lay out on the input task's behalf (gadgets/layout.h).
pub const LAYOUT_DeferLayout: u32 = LAYOUT_Dummy + 26;
/// `LAYOUT_SpaceInner` (gadgets/layout.h).
pub const LAYOUT_SpaceInner: u32 = LAYOUT_Dummy + 37;
/// `LAYOUT_SpaceOuter` (gadgets/layout.h).
pub const LAYOUT_SpaceOuter: u32 = LAYOUT_Dummy + 38;
/// `LAYOUT_ORIENT_HORIZ` (gadgets/layout.h).
pub const LAYOUT_ORIENT_HORIZ: u32 = 0;
/// `LAYOUT_ORIENT_VERT` (gadgets/layout.h).
pub const LAYOUT_ORIENT_VERT: u32 = 1;
/// `CHILD_Dummy` = LAYOUT_Dummy + 0x100: tags for the child added last (gadgets/layout.h).
pub const CHILD_Dummy: u32 = LAYOUT_Dummy + 0x100;
/// `CHILD_WeightedHeight`: share of the group's height, 0..100 (gadgets/layout.h).
pub const CHILD_WeightedHeight: u32 = CHILD_Dummy + 6;
/// `CHILD_Label`: a label.image beside the child (gadgets/layout.h).
pub const CHILD_Label: u32 = CHILD_Dummy + 12;

/// `LISTBROWSER_Dummy` = REACTION_Dummy + 0x3000 (gadgets/listbrowser.h).
pub const LISTBROWSER_Dummy: u32 = REACTION_Dummy + 0x0003000;
/// `LISTBROWSER_Top`: the node shown at the top of the view (gadgets/listbrowser.h).
pub const LISTBROWSER_Top: u32 = LISTBROWSER_Dummy + 1;
/// `LISTBROWSER_Labels`: the `struct List *` of nodes; `~0` detaches (gadgets/listbrowser.h).
pub const LISTBROWSER_Labels: u32 = LISTBROWSER_Dummy + 3;
/// `LISTBROWSER_Selected`: index of the selected node, -1 for none (gadgets/listbrowser.h).
pub const LISTBROWSER_Selected: u32 = LISTBROWSER_Dummy + 4;
/// `LISTBROWSER_SelectedNode`: the selected `struct Node *` (gadgets/listbrowser.h).
pub const LISTBROWSER_SelectedNode: u32 = LISTBROWSER_Dummy + 5;
/// `LISTBROWSER_ColumnInfo` (gadgets/listbrowser.h).
pub const LISTBROWSER_ColumnInfo: u32 = LISTBROWSER_Dummy + 8;
/// `LISTBROWSER_MakeVisible`: scroll so that node n shows (gadgets/listbrowser.h).
pub const LISTBROWSER_MakeVisible: u32 = LISTBROWSER_Dummy + 9;
/// `LISTBROWSER_AutoFit` (gadgets/listbrowser.h).
pub const LISTBROWSER_AutoFit: u32 = LISTBROWSER_Dummy + 16;
/// `LISTBROWSER_ColumnTitles` (gadgets/listbrowser.h).
pub const LISTBROWSER_ColumnTitles: u32 = LISTBROWSER_Dummy + 17;
/// `LISTBROWSER_ShowSelected` (gadgets/listbrowser.h).
pub const LISTBROWSER_ShowSelected: u32 = LISTBROWSER_Dummy + 18;
/// `LISTBROWSER_Hierarchical` (gadgets/listbrowser.h).
pub const LISTBROWSER_Hierarchical: u32 = LISTBROWSER_Dummy + 27;
/// `LISTBROWSER_RelEvent` (get): what the last release did, an `LBRE_*`
/// (gadgets/listbrowser.h; listbrowser_gc/--datasheet--).
pub const LISTBROWSER_RelEvent: u32 = LISTBROWSER_Dummy + 37;
/// `LBRE_NORMAL`: a node was selected (gadgets/listbrowser.h).
pub const LBRE_NORMAL: u32 = 1;
/// `LBRE_HIDECHILDREN`: a branch was collapsed (gadgets/listbrowser.h).
pub const LBRE_HIDECHILDREN: u32 = 2;
/// `LBRE_SHOWCHILDREN`: a branch was expanded (gadgets/listbrowser.h).
pub const LBRE_SHOWCHILDREN: u32 = 4;
/// `LBRE_DOUBLECLICK`: a node was double-clicked (gadgets/listbrowser.h).
pub const LBRE_DOUBLECLICK: u32 = 16;
/// `LBNA_Dummy` = TAG_USER + 0x5003500: node attributes (gadgets/listbrowser.h).
pub const LBNA_Dummy: u32 = TAG_USER + 0x0500_3500;
/// `LBNA_Flags` (gadgets/listbrowser.h).
pub const LBNA_Flags: u32 = LBNA_Dummy + 2;
/// `LBNA_Column` (gadgets/listbrowser.h).
pub const LBNA_Column: u32 = LBNA_Dummy + 4;
/// `LBNCA_Text` (gadgets/listbrowser.h).
pub const LBNCA_Text: u32 = LBNA_Dummy + 5;
/// `LBNA_Generation`: tree depth, 1 for the top level (gadgets/listbrowser.h).
pub const LBNA_Generation: u32 = LBNA_Dummy + 12;
/// `LBNCA_CopyText`: the node keeps its own copy of `LBNCA_Text` (gadgets/listbrowser.h).
pub const LBNCA_CopyText: u32 = LBNA_Dummy + 15;
/// `LBFLG_READONLY` in `LBNA_Flags` (gadgets/listbrowser.h).
pub const LBFLG_READONLY: u32 = 1;
/// `LBFLG_HASCHILDREN` (gadgets/listbrowser.h).
pub const LBFLG_HASCHILDREN: u32 = 4;
/// `LBFLG_SHOWCHILDREN` (gadgets/listbrowser.h).
pub const LBFLG_SHOWCHILDREN: u32 = 8;
/// `LBFLG_HIDDEN`: a node under a collapsed branch (gadgets/listbrowser.h).
pub const LBFLG_HIDDEN: u32 = 16;
/// `CIF_WEIGHTED` in `ColumnInfo.ci_Flags`: `ci_Width` is a percentage (gadgets/listbrowser.h).
pub const CIF_WEIGHTED: u32 = 0;

/// `BUTTON_Dummy` = TAG_USER + 0x04000000 (gadgets/button.h).
pub const BUTTON_Dummy: u32 = TAG_USER + 0x0400_0000;
/// `BUTTON_Justification` (gadgets/button.h).
pub const BUTTON_Justification: u32 = BUTTON_Dummy + 16;
/// `BUTTON_DomainString` (STRPTR): the text the button's minimum size
/// (its domain) is computed from instead of `GA_Text` (gadgets/button.h,
/// NDK 3.9: BUTTON_Dummy+20, "default string used for domain
/// calculation").
pub const BUTTON_DomainString: u32 = BUTTON_Dummy + 20;
/// `BCJ_LEFT`: text on the left (gadgets/button.h).
pub const BCJ_LEFT: u32 = 0;

/// `LABEL_Dummy` = REACTION_Dummy + 0x6000 (images/label.h).
pub const LABEL_Dummy: u32 = REACTION_Dummy + 0x0006000;
/// `LABEL_Text` (images/label.h).
pub const LABEL_Text: u32 = LABEL_Dummy + 1;

/// `INTEGER_Number`: an integer.gadget's value (gadgets/integer.h:
/// `INTEGER_Dummy` = REACTION_Dummy + 0x2000, +1).
pub const INTEGER_Number: u32 = REACTION_Dummy + 0x2000 + 1;
/// `SLIDER_Level`: a slider.gadget's level (gadgets/slider.h:
/// `SLIDER_Dummy` = REACTION_Dummy + 0x28000, +3).
pub const SLIDER_Level: u32 = REACTION_Dummy + 0x28000 + 3;
