//! The ReAction front-end's pure half (host-tested; also built for
//! wasm32): which classes it opens, every tag it passes with its NDK
//! value, the tag lists of the window, the layout and its gadgets, the
//! listbrowser nodes of the gadget tree, and what a `WM_HANDLEINPUT`
//! result means as a [`UiEvent`]. `reaction_ui` (wasm32 only) feeds these
//! lists to `NewObjectA`, `SetGadgetAttrsA` and `AllocListBrowserNodeA`.
//!
//! Every list here is a `Vec<(ti_Tag, ti_Data)>` without `TAG_DONE`; the
//! caller's builder (`amiga_rt::tags::Tags::done`) terminates it.
//! Addresses (strings, objects, lists, ports) come in as parameters:
//! absolute Amiga addresses.
//!
//! Sources of the numbers (the NDK includes; checked in the tests below):
//! `reaction/reaction.h` (REACTION_Dummy), `classes/window.h`,
//! `gadgets/layout.h`, `gadgets/listbrowser.h` (NDK 3.2, 47.31),
//! `gadgets/button.h`, `images/label.h`, `intuition/gadgetclass.h`
//! (GA_*, STRINGA_*), `intuition/intuition.h` (WA_*, menu flags) and
//! `libraries/gadtools.h` (NM_*). The ReAction classes exist on AmigaOS
//! 3.5, 3.9 and 3.2 (not on 3.0/3.1 or the AROS ROM the emulator runs,
//! where the GadTools front-end is used instead).
#![allow(non_upper_case_globals)]

use crate::gui::UiEvent;
use crate::view::View;
use alloc::vec::Vec;
use core::ffi::CStr;

use amiga_ndk::input::RAWKEY_HELP;
use amiga_ndk::intuition::*;
use amiga_ndk::reaction::*;

// ---- the classes ----

/// A ReAction class: the library `OpenLibrary` opens (a path below
/// `LIBS:`/`SYS:Classes`, as the NDK's `*_CLASSNAME`-style names give
/// it) and the public class ID `NewObjectA` takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClassSpec {
    /// Name for `OpenLibrary`.
    pub library: &'static str,
    /// Public class ID for `NewObjectA(NULL, id, tags)`.
    pub class_id: &'static CStr,
    /// Lowest version accepted.
    pub version: u32,
}

/// Lowest class version: 44, the ReAction of AmigaOS 3.5 (the NDK 3.9
/// headers give `LAYOUT_VERSION 44`, `LABEL_VERSION 44`); AmigaOS 3.2
/// ships version 47 of every class.
pub const MIN_CLASS_VERSION: u32 = 44;

/// `window.class` (first: when it is missing, nothing else is tried).
pub const WINDOW_CLASS: ClassSpec =
    ClassSpec { library: "window.class", class_id: c"window.class", version: MIN_CLASS_VERSION };
pub const LAYOUT_GADGET: ClassSpec =
    ClassSpec { library: "gadgets/layout.gadget", class_id: c"layout.gadget", version: MIN_CLASS_VERSION };
pub const BUTTON_GADGET: ClassSpec =
    ClassSpec { library: "gadgets/button.gadget", class_id: c"button.gadget", version: MIN_CLASS_VERSION };
pub const STRING_GADGET: ClassSpec =
    ClassSpec { library: "gadgets/string.gadget", class_id: c"string.gadget", version: MIN_CLASS_VERSION };
pub const LISTBROWSER_GADGET: ClassSpec =
    ClassSpec { library: "gadgets/listbrowser.gadget", class_id: c"listbrowser.gadget", version: MIN_CLASS_VERSION };
pub const LABEL_IMAGE: ClassSpec =
    ClassSpec { library: "images/label.image", class_id: c"label.image", version: MIN_CLASS_VERSION };

/// Every class the window needs, in opening order.
pub const CLASSES: [ClassSpec; 6] =
    [WINDOW_CLASS, LAYOUT_GADGET, BUTTON_GADGET, STRING_GADGET, LISTBROWSER_GADGET, LABEL_IMAGE];

// ---- gadgets, menus ----

/// Gadget IDs: the GadTools window's (`gui::gadget_ids`), so scripts
/// address both alike.
pub use crate::gui::gadget_ids as ids;

// The button row, the menu strip and what a picked item means are the
// GadTools window's, in the catalog's language: crate::strings (BUTTONS,
// MENU, new_menus, menu_event, the NewMenu constants).
pub use crate::strings::{menu, menu_event};

// ---- the window ----

/// The window's box (pixels, screen-relative position, outer size), the
/// one remembered in `ENVARC:GadgetScope/window.prefs`.
pub use crate::settings::WindowBox;

/// What the window object is made of (absolute addresses; 0 = none).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WindowParts {
    /// `"GadgetScope"`, NUL-terminated.
    pub title: u32,
    /// The AppIcon title while iconified.
    pub icon_title: u32,
    /// AppMessage port for `WINDOW_AppPort`.
    pub app_port: u32,
    /// The public screen the window opens on (locked by the caller).
    pub screen: u32,
    /// A GadTools menu strip (`CreateMenusA` + `LayoutMenusA`).
    pub menu_strip: u32,
    /// The top layout object.
    pub layout: u32,
}

/// The window object's tags: title "GadgetScope", close/depth/size
/// gadgets, drag bar, iconifiable, the app port and icon title, the menu
/// strip, the top layout, and the remembered box (else centred).
pub fn window_tags(p: &WindowParts, remembered: Option<WindowBox>) -> Vec<(u32, u32)> {
    let mut t = alloc::vec![
        (WA_Title, p.title),
        (WA_PubScreen, p.screen),
        (WA_IDCMP, IDCMP_GADGETUP | IDCMP_MENUPICK | IDCMP_CLOSEWINDOW | IDCMP_RAWKEY),
        (WA_CloseGadget, 1),
        (WA_DepthGadget, 1),
        (WA_SizeGadget, 1),
        (WA_DragBar, 1),
        (WA_Activate, 1),
        (WA_NewLookMenus, 1),
        (WINDOW_IconifyGadget, 1),
        (WINDOW_AppPort, p.app_port),
        (WINDOW_IconTitle, p.icon_title),
        (WINDOW_MenuStrip, p.menu_strip),
        (WINDOW_ParentGroup, p.layout),
    ];
    match remembered {
        Some(b) if b.width > 0 && b.height > 0 => {
            t.push((WA_Left, b.left as i32 as u32));
            t.push((WA_Top, b.top as i32 as u32));
            t.push((WA_Width, b.width as i32 as u32));
            t.push((WA_Height, b.height as i32 as u32));
        }
        _ => t.push((WINDOW_Position, WPOS_CENTERSCREEN)),
    }
    t
}

/// The children of the top layout (object addresses).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LayoutParts {
    /// The horizontal group of the five buttons.
    pub buttons: u32,
    /// The gadget tree listbrowser.
    pub list: u32,
    /// The details listbrowser.
    pub details: u32,
    /// The name string gadget and its label.image.
    pub name: u32,
    pub name_label: u32,
    /// The status line.
    pub status: u32,
}

/// The top layout, vertical: buttons, tree (70 % of the spare height),
/// details (30 %), the labelled name field, the status line.
pub fn main_layout_tags(p: &LayoutParts) -> Vec<(u32, u32)> {
    alloc::vec![
        (LAYOUT_Orientation, LAYOUT_ORIENT_VERT),
        (LAYOUT_SpaceOuter, 1),
        (LAYOUT_SpaceInner, 1),
        (LAYOUT_DeferLayout, 1),
        (LAYOUT_AddChild, p.buttons),
        (CHILD_WeightedHeight, 0),
        (LAYOUT_AddChild, p.list),
        (CHILD_WeightedHeight, 70),
        (LAYOUT_AddChild, p.details),
        (CHILD_WeightedHeight, 30),
        (LAYOUT_AddChild, p.name),
        (CHILD_Label, p.name_label),
        (CHILD_WeightedHeight, 0),
        (LAYOUT_AddChild, p.status),
        (CHILD_WeightedHeight, 0),
    ]
}

/// The horizontal button group: equal widths.
pub fn button_row_tags(buttons: &[u32; 5]) -> Vec<(u32, u32)> {
    let mut t = alloc::vec![(LAYOUT_Orientation, LAYOUT_ORIENT_HORIZ), (LAYOUT_EvenSize, 1)];
    t.extend(buttons.iter().map(|&b| (LAYOUT_AddChild, b)));
    t
}

/// One button: `text` (with its `_` shortcut) and `id`.
pub fn button_tags(text: u32, id: u16) -> Vec<(u32, u32)> {
    alloc::vec![(GA_ID, u32::from(id)), (GA_RelVerify, 1), (GA_Text, text)]
}

/// Columns of the tree: title and weight (percent of the width).
pub const COLUMNS: [(&[u8], i16); 5] = [(b"Role", 16), (b"ID", 7), (b"Label", 30), (b"Class", 22), (b"Geometry", 25)];

/// The `struct ColumnInfo` array for `titles` (absolute addresses of
/// the [`COLUMNS`] titles): `(ci_Width, ci_Title, ci_Flags)` per column,
/// weighted, then the terminator with `ci_Width` -1.
pub fn column_info(titles: &[u32; 5]) -> Vec<(i16, u32, u32)> {
    let mut v: Vec<(i16, u32, u32)> = COLUMNS.iter().zip(titles).map(|(&(_, w), &t)| (w, t, CIF_WEIGHTED)).collect();
    v.push((-1, 0, 0));
    v
}

/// The tree listbrowser: hierarchical, with column titles, the
/// selection shown, `labels` attached (0: none yet).
pub fn list_tags(column_info: u32, labels: u32) -> Vec<(u32, u32)> {
    alloc::vec![
        (GA_ID, u32::from(ids::LIST)),
        (GA_RelVerify, 1),
        (LISTBROWSER_ColumnInfo, column_info),
        (LISTBROWSER_ColumnTitles, 1),
        (LISTBROWSER_Hierarchical, 1),
        (LISTBROWSER_ShowSelected, 1),
        (LISTBROWSER_Labels, labels),
    ]
}

/// The details listbrowser: one column, read-only.
pub fn details_tags(labels: u32) -> Vec<(u32, u32)> {
    alloc::vec![(GA_ID, u32::from(ids::DETAILS)), (GA_ReadOnly, 1), (LISTBROWSER_Labels, labels)]
}

/// The name field: at most 31 characters (manifest names,
/// docs/reference/formats.md, "Manifests and quirk profiles").
pub fn name_tags() -> Vec<(u32, u32)> {
    alloc::vec![(GA_ID, u32::from(ids::NAME)), (GA_RelVerify, 1), (GA_TabCycle, 1), (STRINGA_MaxChars, 32)]
}

/// The name field's label image.
pub fn label_tags(text: u32) -> Vec<(u32, u32)> {
    alloc::vec![(LABEL_Text, text)]
}

/// The status line: a read-only button with left-aligned text (the
/// button keeps the pointer: the text must live until replaced).
pub fn status_tags(text: u32) -> Vec<(u32, u32)> {
    alloc::vec![(GA_ID, u32::from(ids::STATUS)), (GA_ReadOnly, 1), (GA_Text, text), (BUTTON_Justification, BCJ_LEFT)]
}

/// Sets the status text.
pub fn status_text_tags(text: u32) -> Vec<(u32, u32)> {
    alloc::vec![(GA_Text, text)]
}

/// Sets the name field's text (string.gadget copies it).
pub fn name_text_tags(text: u32) -> Vec<(u32, u32)> {
    alloc::vec![(STRINGA_TextVal, text)]
}

/// Detaches the labels before the list is changed or freed.
pub fn detach_tags() -> Vec<(u32, u32)> {
    alloc::vec![(LISTBROWSER_Labels, !0)]
}

/// Attaches `list` with `selected` (a node number; none = -1) scrolled
/// into view.
pub fn attach_tags(list: u32, selected: Option<usize>) -> Vec<(u32, u32)> {
    let mut t = alloc::vec![(LISTBROWSER_Labels, list)];
    t.extend(select_tags(selected));
    t
}

/// Selects node number `selected` (none = -1) and scrolls it into view.
pub fn select_tags(selected: Option<usize>) -> Vec<(u32, u32)> {
    match selected {
        Some(i) => alloc::vec![(LISTBROWSER_Selected, i as u32), (LISTBROWSER_MakeVisible, i as u32)],
        None => alloc::vec![(LISTBROWSER_Selected, -1i32 as u32)],
    }
}

// ---- listbrowser nodes ----

/// One tree node: generation (depth + 1), flags and the five column
/// texts (Latin-1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeNode {
    pub generation: u32,
    pub flags: u32,
    pub columns: [Vec<u8>; 5],
}

/// The nodes of the whole tree, one per view row: screens at generation
/// 1, windows 2, gadgets 3; a row followed by a deeper one has children,
/// shown (`LBFLG_HASCHILDREN | LBFLG_SHOWCHILDREN`).
pub fn tree_nodes(view: &View) -> Vec<TreeNode> {
    let rows = view.rows();
    (0..rows.len())
        .filter_map(|i| {
            let columns = view.row_columns(i)?;
            let has_children = rows.get(i + 1).is_some_and(|n| n.depth > rows[i].depth);
            let flags = if has_children { LBFLG_HASCHILDREN | LBFLG_SHOWCHILDREN } else { 0 };
            Some(TreeNode { generation: u32::from(rows[i].depth) + 1, flags, columns })
        })
        .collect()
}

/// `AllocListBrowserNodeA` tags of a tree node whose column texts are at
/// `texts` (copied by the node: `LBNCA_CopyText`).
pub fn node_tags(node: &TreeNode, texts: &[u32; 5]) -> Vec<(u32, u32)> {
    let mut t = alloc::vec![(LBNA_Generation, node.generation), (LBNA_Flags, node.flags)];
    for (i, &text) in texts.iter().enumerate() {
        t.extend([(LBNA_Column, i as u32), (LBNCA_CopyText, 1), (LBNCA_Text, text)]);
    }
    t
}

/// `AllocListBrowserNodeA` tags of a details line (one column).
pub fn detail_node_tags(text: u32) -> Vec<(u32, u32)> {
    alloc::vec![(LBNA_Flags, LBFLG_READONLY), (LBNA_Column, 0), (LBNCA_CopyText, 1), (LBNCA_Text, text)]
}

// ---- input ----

/// What one `WM_HANDLEINPUT` result asks of the front-end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// A controller event.
    Event(UiEvent),
    /// The tree was clicked: read `LISTBROWSER_SelectedNode`.
    ListClicked,
    /// A menu code to walk (`ItemAddress`, `NextSelect`).
    Menu(u16),
    /// window.class reopened the window by itself.
    Uniconified,
    /// Nothing for the controller.
    Nothing,
}

/// Decodes a `WM_HANDLEINPUT` result (not `WMHI_LASTMSG`). The close
/// gadget quits (the controller asks first about unsaved names), the
/// iconify gadget iconifies (GadgetScope's own AppIcon: the desk), HELP
/// opens the help.
pub fn decode(result: u32) -> Input {
    if result == WMHI_IGNORE {
        return Input::Nothing;
    }
    match result & WMHI_CLASSMASK {
        WMHI_CLOSEWINDOW => Input::Event(UiEvent::Quit),
        WMHI_GADGETUP => match (result & WMHI_GADGETMASK) as u16 {
            ids::REFRESH => Input::Event(UiEvent::Refresh),
            ids::PICK => Input::Event(UiEvent::Pick),
            ids::HIGHLIGHT => Input::Event(UiEvent::Highlight),
            ids::NAME_BUTTON | ids::NAME => Input::Event(UiEvent::Name),
            ids::EXPORT => Input::Event(UiEvent::Export),
            ids::LIST => Input::ListClicked,
            _ => Input::Nothing,
        },
        WMHI_MENUPICK => Input::Menu((result & WMHI_MENUMASK) as u16),
        WMHI_ICONIFY => Input::Event(UiEvent::Iconify),
        WMHI_UNICONIFY => Input::Uniconified,
        WMHI_RAWKEY if result & WMHI_KEYMASK == u32::from(RAWKEY_HELP) => Input::Event(UiEvent::Help),
        _ => Input::Nothing,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use amiga_ndk::gadtools::{NM_ITEM, NM_TITLE};
    use amiga_ndk::utility::{TAG_DONE, TAG_USER};
    use gadgetscope_core::classify::Role;
    use gadgetscope_core::snapshot::{GadgetSnap, ScreenInfo, ScreensSnapshot, WindowInfo, WindowSnap};

    /// The numbers as the NDK includes spell them out.
    #[test]
    fn tag_values_match_the_ndk() {
        // reaction/reaction.h: TAG_USER + 0x5000000.
        assert_eq!(REACTION_Dummy, 0x8500_0000);
        // classes/window.h (45.2 and 54.16 agree on these).
        assert_eq!(WINDOW_Dummy, 0x8502_5000);
        assert_eq!(
            [
                WINDOW_Window,
                WINDOW_SigMask,
                WINDOW_MenuStrip,
                WINDOW_Layout,
                WINDOW_AppPort,
                WINDOW_Position,
                WINDOW_IconTitle,
                WINDOW_IconifyGadget
            ],
            [0x8502_5001, 0x8502_5002, 0x8502_5004, 0x8502_5005, 0x8502_500D, 0x8502_500E, 0x8502_5012, 0x8502_5017]
        );
        assert_eq!(WINDOW_ParentGroup, WINDOW_Layout);
        assert_eq!(WPOS_CENTERSCREEN, 1);
        assert_eq!([WM_HANDLEINPUT, WM_OPEN, WM_CLOSE, WM_ICONIFY], [0x570001, 0x570002, 0x570003, 0x570005]);
        assert_eq!(
            [WMHI_CLOSEWINDOW, WMHI_GADGETUP, WMHI_MENUPICK, WMHI_ICONIFY, WMHI_UNICONIFY, WMHI_RAWKEY],
            [0x1_0000, 0x2_0000, 0x6_0000, 0x9_0000, 0xA_0000, 0xB_0000]
        );
        assert_eq!(
            (WMHI_CLASSMASK, WMHI_GADGETMASK, WMHI_KEYMASK, WMHI_IGNORE),
            (0xFFFF_0000, 0xFFFF, 0xFF, 0xFFFF_FFFF)
        );
        // gadgets/layout.h.
        assert_eq!(LAYOUT_Dummy, 0x8500_7000);
        assert_eq!(
            [
                LAYOUT_Orientation,
                LAYOUT_EvenSize,
                LAYOUT_AddChild,
                LAYOUT_DeferLayout,
                LAYOUT_SpaceInner,
                LAYOUT_SpaceOuter
            ],
            [0x8500_7001, 0x8500_7007, 0x8500_7014, 0x8500_701A, 0x8500_7025, 0x8500_7026]
        );
        assert_eq!([CHILD_WeightedHeight, CHILD_Label], [0x8500_7106, 0x8500_710C]);
        assert_eq!((LAYOUT_ORIENT_HORIZ, LAYOUT_ORIENT_VERT), (0, 1));
        // gadgets/listbrowser.h (NDK 3.2, 47.31).
        assert_eq!(LISTBROWSER_Dummy, 0x8500_3000);
        assert_eq!(
            [
                LISTBROWSER_Labels,
                LISTBROWSER_Selected,
                LISTBROWSER_SelectedNode,
                LISTBROWSER_ColumnInfo,
                LISTBROWSER_MakeVisible,
                LISTBROWSER_AutoFit,
                LISTBROWSER_ColumnTitles,
                LISTBROWSER_ShowSelected,
                LISTBROWSER_Hierarchical
            ],
            [
                0x8500_3003,
                0x8500_3004,
                0x8500_3005,
                0x8500_3008,
                0x8500_3009,
                0x8500_3010,
                0x8500_3011,
                0x8500_3012,
                0x8500_301B
            ]
        );
        assert_eq!(LBNA_Dummy, 0x8500_3500);
        assert_eq!(
            [LBNA_Flags, LBNA_Column, LBNCA_Text, LBNA_Generation, LBNCA_CopyText],
            [0x8500_3502, 0x8500_3504, 0x8500_3505, 0x8500_350C, 0x8500_350F]
        );
        assert_eq!((LBFLG_READONLY, LBFLG_HASCHILDREN, LBFLG_SHOWCHILDREN, CIF_WEIGHTED), (1, 4, 8, 0));
        // intuition/gadgetclass.h.
        assert_eq!(
            [GA_Text, GA_ID, GA_RelVerify, GA_TabCycle, GA_ReadOnly],
            [0x8003_0009, 0x8003_0010, 0x8003_0016, 0x8003_0024, 0x8003_0029]
        );
        assert_eq!([STRINGA_MaxChars, STRINGA_TextVal], [0x8003_2001, 0x8003_2012]);
        // gadgets/button.h, images/label.h.
        assert_eq!((BUTTON_Dummy, BUTTON_Justification, BCJ_LEFT), (0x8400_0000, 0x8400_0010, 0));
        assert_eq!((LABEL_Dummy, LABEL_Text), (0x8500_6000, 0x8500_6001));
        // intuition/intuition.h.
        assert_eq!(
            [WA_Left, WA_Top, WA_Width, WA_Height, WA_IDCMP, WA_Title],
            [0x8000_0064, 0x8000_0065, 0x8000_0066, 0x8000_0067, 0x8000_006A, 0x8000_006E]
        );
        assert_eq!(
            [WA_PubScreen, WA_SizeGadget, WA_DragBar, WA_DepthGadget, WA_CloseGadget, WA_Activate],
            [0x8000_0079, 0x8000_0081, 0x8000_0082, 0x8000_0083, 0x8000_0084, 0x8000_0089]
        );
        assert_eq!(WA_NewLookMenus, 0x8000_0093);
        assert_eq!((CHECKIT, MENUTOGGLE, CHECKED, NM_TITLE, NM_ITEM), (0x0001, 0x0008, 0x0100, 1, 2));
    }

    #[test]
    fn class_table() {
        let names: Vec<(&str, &[u8])> = CLASSES.iter().map(|c| (c.library, c.class_id.to_bytes())).collect();
        assert_eq!(
            names,
            [
                ("window.class", &b"window.class"[..]),
                ("gadgets/layout.gadget", b"layout.gadget"),
                ("gadgets/button.gadget", b"button.gadget"),
                ("gadgets/string.gadget", b"string.gadget"),
                ("gadgets/listbrowser.gadget", b"listbrowser.gadget"),
                ("images/label.image", b"label.image"),
            ]
        );
        assert!(CLASSES.iter().all(|c| c.version == 44));
        assert_eq!(CLASSES[0], WINDOW_CLASS);
    }

    fn all_lists() -> Vec<Vec<(u32, u32)>> {
        let parts = WindowParts {
            title: 0x100,
            icon_title: 0x110,
            app_port: 0x200,
            screen: 0x300,
            menu_strip: 0x400,
            layout: 0x500,
        };
        let node = TreeNode { generation: 1, flags: 0, columns: Default::default() };
        alloc::vec![
            window_tags(&parts, None),
            window_tags(&parts, Some(WindowBox { left: 10, top: 20, width: 500, height: 300 })),
            main_layout_tags(&LayoutParts { buttons: 1, list: 2, details: 3, name: 4, name_label: 5, status: 6 }),
            button_row_tags(&[1, 2, 3, 4, 5]),
            button_tags(0x10, ids::PICK),
            list_tags(0x20, 0),
            details_tags(0),
            name_tags(),
            label_tags(0x30),
            status_tags(0x40),
            status_text_tags(0x40),
            name_text_tags(0x50),
            detach_tags(),
            attach_tags(0x60, Some(3)),
            attach_tags(0x60, None),
            node_tags(&node, &[1, 2, 3, 4, 5]),
            detail_node_tags(0x70),
        ]
    }

    /// No list carries TAG_DONE or another utility control tag (TAG_IGNORE,
    /// TAG_MORE, TAG_SKIP are 1..3): every tag is a TAG_USER tag, so the
    /// builder's terminator is the only end.
    #[test]
    fn lists_are_terminator_free_pairs() {
        for l in all_lists() {
            assert!(!l.is_empty());
            assert!(l.iter().all(|&(t, _)| t & TAG_USER != 0), "{l:x?}");
            let mut t = amiga_rt::tags::Tags::new();
            for &(a, b) in &l {
                t.push(a, b);
            }
            let words = t.done();
            assert_eq!(words.len(), 2 * l.len() + 2);
            assert_eq!(words[2 * l.len()].get(), TAG_DONE);
        }
    }

    #[test]
    fn window_tags_say_what_the_window_is() {
        let parts = WindowParts {
            title: 0x100,
            icon_title: 0x110,
            app_port: 0x200,
            screen: 0x300,
            menu_strip: 0x400,
            layout: 0x500,
        };
        let t = window_tags(&parts, None);
        let get = |t: &[(u32, u32)], k: u32| t.iter().find(|p| p.0 == k).map(|p| p.1);
        assert_eq!(get(&t, WA_Title), Some(0x100));
        assert_eq!(get(&t, WINDOW_IconTitle), Some(0x110));
        assert_eq!(get(&t, WINDOW_AppPort), Some(0x200));
        assert_eq!(get(&t, WA_PubScreen), Some(0x300));
        assert_eq!(get(&t, WINDOW_MenuStrip), Some(0x400));
        assert_eq!(get(&t, WINDOW_ParentGroup), Some(0x500));
        assert_eq!(get(&t, WINDOW_IconifyGadget), Some(1));
        assert_eq!(get(&t, WINDOW_Position), Some(WPOS_CENTERSCREEN));
        assert_eq!(get(&t, WA_Left), None);
        let t = window_tags(&parts, Some(WindowBox { left: -4, top: 20, width: 500, height: 300 }));
        assert_eq!(get(&t, WINDOW_Position), None);
        assert_eq!(
            (get(&t, WA_Left), get(&t, WA_Top), get(&t, WA_Width), get(&t, WA_Height)),
            (Some(-4i32 as u32), Some(20), Some(500), Some(300))
        );
    }

    #[test]
    fn layout_and_buttons() {
        let t = main_layout_tags(&LayoutParts { buttons: 1, list: 2, details: 3, name: 4, name_label: 5, status: 6 });
        let children: Vec<u32> = t.iter().filter(|p| p.0 == LAYOUT_AddChild).map(|p| p.1).collect();
        assert_eq!(children, [1, 2, 3, 4, 6]);
        assert_eq!(t[0], (LAYOUT_Orientation, LAYOUT_ORIENT_VERT));
        let label_at = t.iter().position(|p| p.0 == CHILD_Label).unwrap();
        assert_eq!(t[label_at - 1], (LAYOUT_AddChild, 4), "the label follows the name field");
        let ids: Vec<u16> = crate::strings::BUTTONS.iter().map(|b| b.1).collect();
        assert_eq!(ids, [1, 2, 3, 4, 5]);
        assert_eq!(button_tags(0x10, 4), [(GA_ID, 4), (GA_RelVerify, 1), (GA_Text, 0x10)]);
        let l = list_tags(0x20, 0x30);
        for k in [LISTBROWSER_Hierarchical, LISTBROWSER_ShowSelected, LISTBROWSER_ColumnTitles] {
            assert!(l.contains(&(k, 1)));
        }
        assert!(
            l.contains(&(LISTBROWSER_ColumnInfo, 0x20))
                && l.contains(&(GA_ID, 10))
                && l.contains(&(LISTBROWSER_Labels, 0x30))
        );
        assert_eq!(select_tags(None), [(LISTBROWSER_Selected, 0xFFFF_FFFF)]);
        assert_eq!(detach_tags(), [(LISTBROWSER_Labels, 0xFFFF_FFFF)]);
    }

    #[test]
    fn column_info_is_five_weighted_columns_and_a_terminator() {
        let ci = column_info(&[10, 20, 30, 40, 50]);
        assert_eq!(ci, [(16, 10, 0), (7, 20, 0), (30, 30, 0), (22, 40, 0), (25, 50, 0), (-1, 0, 0)]);
        let titles: Vec<&[u8]> = COLUMNS.iter().map(|c| c.0).collect();
        assert_eq!(titles, [&b"Role"[..], b"ID", b"Label", b"Class", b"Geometry"]);
        assert_eq!(COLUMNS.iter().map(|c| i32::from(c.1)).sum::<i32>(), 100);
    }

    fn gadget(address: u32, id: u32, role: Role, label: &[u8]) -> GadgetSnap {
        GadgetSnap {
            address,
            id,
            role,
            class: b"buttongclass".to_vec(),
            label: label.to_vec(),
            value: None,
            left: 4,
            top: 20,
            width: 80,
            height: 14,
            flags: 0,
            gadget_type: 1,
            sys: None,
            level: None,
            knob: None,
        }
    }

    fn window(address: u32, screen: u32, title: &[u8]) -> WindowInfo {
        WindowInfo {
            address,
            screen,
            title: Some(title.to_vec()),
            screen_title: None,
            left: 10,
            top: 12,
            width: 300,
            height: 200,
            flags: 0,
            border_left: 4,
            border_top: 11,
            border_right: 4,
            border_bottom: 2,
            gzz_width: 0,
            gzz_height: 0,
            first_gadget: 0,
            menu_strip: 0,
            first_request: 0,
        }
    }

    fn screen(address: u32, title: Option<&[u8]>, size: (i16, i16), windows: Vec<WindowInfo>) -> ScreenInfo {
        ScreenInfo {
            address,
            default_title: title.map(|t| t.to_vec()),
            left: 0,
            top: 0,
            width: size.0,
            height: size.1,
            mouse_x: 0,
            mouse_y: 0,
            bar_height: 10,
            bar_hborder: 5,
            menu_hborder: 2,
            menu_vborder: 2,
            frontmost: false,
            windows,
        }
    }

    /// Two screens: the first with a window of two gadgets, the second
    /// (untitled) with an empty window.
    fn two_screens() -> View {
        let w1 = window(0x2000, 0x1000, b"Fixture");
        let w2 = window(0x4000, 0x3000, b"Other");
        let s1 = screen(0x1000, Some(b"Workbench Screen"), (640, 256), alloc::vec![w1.clone()]);
        let s2 = screen(0x3000, None, (320, 200), alloc::vec![w2.clone()]);
        let snap = ScreensSnapshot { screens: alloc::vec![s1, s2], ..Default::default() };
        let g1 = alloc::vec![gadget(0x2100, 1, Role::Button, b"Connect"), gadget(0x2200, 2, Role::String, b"Name")];
        let ws1 = WindowSnap { info: w1, gadgets: g1, truncated: false };
        let ws2 = WindowSnap { info: w2, gadgets: Vec::new(), truncated: false };
        let mut v = View::new();
        v.update(&snap, alloc::vec![ws1, ws2]);
        v
    }

    #[test]
    fn tree_nodes_of_two_screens() {
        let v = two_screens();
        let nodes = tree_nodes(&v);
        let gens: Vec<u32> = nodes.iter().map(|n| n.generation).collect();
        assert_eq!(gens, [1, 2, 3, 3, 1, 2]);
        let open = LBFLG_HASCHILDREN | LBFLG_SHOWCHILDREN;
        let flags: Vec<u32> = nodes.iter().map(|n| n.flags).collect();
        assert_eq!(flags, [open, open, 0, 0, open, 0]);
        assert_eq!(
            nodes[0].columns,
            [b"screen".to_vec(), Vec::new(), b"Workbench Screen".to_vec(), Vec::new(), b"0,0 640x256".to_vec()]
        );
        assert_eq!(
            nodes[1].columns,
            [b"window".to_vec(), Vec::new(), b"Fixture".to_vec(), Vec::new(), b"10,12 300x200".to_vec()]
        );
        assert_eq!(
            nodes[2].columns,
            [b"button".to_vec(), b"1".to_vec(), b"Connect".to_vec(), b"buttongclass".to_vec(), b"4,20 80x14".to_vec()]
        );
        assert_eq!(nodes[3].columns[0], b"string");
        assert_eq!(nodes[3].columns[1], b"2");
        assert_eq!(nodes[4].columns[2], b"(untitled)");
        let t = node_tags(&nodes[2], &[11, 12, 13, 14, 15]);
        assert_eq!(&t[..2], &[(LBNA_Generation, 3), (LBNA_Flags, 0)]);
        assert_eq!(t.len(), 2 + 5 * 3);
        for i in 0..5u32 {
            assert_eq!(
                &t[2 + 3 * i as usize..5 + 3 * i as usize],
                &[(LBNA_Column, i), (LBNCA_CopyText, 1), (LBNCA_Text, 11 + i)]
            );
        }
        assert_eq!(
            detail_node_tags(9),
            [(LBNA_Flags, LBFLG_READONLY), (LBNA_Column, 0), (LBNCA_CopyText, 1), (LBNCA_Text, 9)]
        );
    }

    #[test]
    fn gadget_ids_map_to_events() {
        let up = |id: u16| decode(WMHI_GADGETUP | u32::from(id));
        assert_eq!(up(ids::REFRESH), Input::Event(UiEvent::Refresh));
        assert_eq!(up(ids::PICK), Input::Event(UiEvent::Pick));
        assert_eq!(up(ids::HIGHLIGHT), Input::Event(UiEvent::Highlight));
        assert_eq!(up(ids::NAME_BUTTON), Input::Event(UiEvent::Name));
        assert_eq!(up(ids::EXPORT), Input::Event(UiEvent::Export));
        assert_eq!(up(ids::NAME), Input::Event(UiEvent::Name));
        assert_eq!(up(ids::LIST), Input::ListClicked);
        assert_eq!(up(ids::DETAILS), Input::Nothing);
        assert_eq!(up(ids::STATUS), Input::Nothing);
        assert_eq!(decode(WMHI_CLOSEWINDOW), Input::Event(UiEvent::Quit));
        assert_eq!(decode(WMHI_ICONIFY), Input::Event(UiEvent::Iconify));
        assert_eq!(decode(WMHI_UNICONIFY), Input::Uniconified);
        assert_eq!(decode(WMHI_RAWKEY | 0x5F), Input::Event(UiEvent::Help));
        assert_eq!(decode(WMHI_RAWKEY | 0x45), Input::Nothing);
        assert_eq!(decode(WMHI_MENUPICK | 0x0841), Input::Menu(0x0841));
        assert_eq!(decode(WMHI_IGNORE), Input::Nothing);
        assert_eq!(decode(4 << 16), Input::Nothing, "WMHI_ACTIVE");
    }

    #[test]
    fn menu_items_map_to_events() {
        // The shared strip in English; each text kept in `texts`, its
        // "address" its index + 1 (0 stays "none").
        let mut texts: Vec<Vec<u8>> = Vec::new();
        let entries = crate::strings::new_menus(&crate::strings::Strings::english(), true, false, |t| {
            texts.push(t.to_vec());
            texts.len() as u32
        });
        let text = |a: u32| -> &[u8] {
            if a == 0 {
                b""
            } else {
                &texts[a as usize - 1]
            }
        };
        let items: Vec<_> = entries.iter().filter(|e| e.0 == NM_ITEM && e.1 != 0).collect();
        assert_eq!(items.len(), 12);
        let titles: Vec<&[u8]> = entries.iter().filter(|e| e.0 == NM_TITLE).map(|e| text(e.1)).collect();
        assert_eq!(titles, [&b"Project"[..], b"Profile", b"View", b"Help"]);
        let expected = [
            UiEvent::About,
            UiEvent::Iconify,
            UiEvent::Quit,
            UiEvent::ProfileNew,
            UiEvent::ProfileOpen,
            UiEvent::ProfileSave,
            UiEvent::ProfileSaveAs,
            UiEvent::AutoRefresh(true),
            UiEvent::SystemGadgets(true),
            UiEvent::Refresh,
            UiEvent::Pick,
            UiEvent::Help,
        ];
        for (e, want) in items.iter().zip(expected) {
            assert_eq!(menu_event(e.4, true), Some(want), "{}", String::from_utf8_lossy(text(e.1)));
        }
        assert_eq!(menu_event(menu::AUTO_REFRESH, false), Some(UiEvent::AutoRefresh(false)));
        assert_eq!(menu_event(0, false), None);
        let auto = entries.iter().find(|e| e.4 == menu::AUTO_REFRESH).unwrap();
        let sys = entries.iter().find(|e| e.4 == menu::SYSTEM_GADGETS).unwrap();
        assert_eq!((auto.3, sys.3), (CHECKIT | MENUTOGGLE | CHECKED, CHECKIT | MENUTOGGLE));
    }
}
