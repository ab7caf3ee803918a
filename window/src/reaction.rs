//! The ReAction front-end's pure half (host-tested; also built for
//! wasm32): which classes it opens, every tag it passes with its NDK
//! value, the object plan the window is made from ([`window_plan`], made
//! from crate::controls::CONTROLS, checked by the tests), the listbrowser
//! nodes of the gadget tree and which row each is, and what a
//! `WM_HANDLEINPUT` result means as a [`UiEvent`]. `reaction_ui` (wasm32
//! only) makes the plan's objects with `NewObjectA` and feeds the lists
//! here to `SetGadgetAttrsA` and `AllocListBrowserNodeA`.
//!
//! Every list here is a `Vec<(ti_Tag, ti_Data)>` without `TAG_DONE`; the
//! caller's builder (`amiga_rt::tags::Tags::done`) terminates it.
//! Addresses (strings, objects, lists, ports) come in as parameters:
//! absolute Amiga addresses; in the plan, a [`Val`] says which.
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

use crate::controls::{self, Act, Built, Control, Kind, WINDOW_TITLE};
use crate::events::UiEvent;
use crate::strings::StringId;
use crate::view::{RowKind, View};
use alloc::borrow::Cow;
use alloc::vec::Vec;
use core::ffi::CStr;

use amiga_ndk::input::RAWKEY_HELP;
use amiga_ndk::intuition::*;
use amiga_ndk::reaction::*;

// ---- the classes ----

/// A ReAction class: the library `OpenLibrary` opens (a path below
/// `LIBS:`/`SYS:Classes`, as the NDK's `*_CLASSNAME`-style names give
/// it) and its public class ID. Objects are made from the class pointer
/// the library's `*_GetClass()` returns, the documented way
/// (window_cl/WINDOW_GetClass and the like, autodocs 3.5), not by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClassSpec {
    /// Name for `OpenLibrary`.
    pub library: &'static str,
    /// Public class ID (what `NewObjectA(NULL, id, tags)` would take).
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

/// Gadget IDs: the GadTools window's (`events::gadget_ids`), so scripts
/// address both alike.
pub use crate::events::gadget_ids as ids;

// The controls are the GadTools window's (crate::controls); the menu
// strip and what a picked item means too, in the catalog's language:
// crate::strings (MENU, new_menus, menu_event, the NewMenu constants).
pub use crate::strings::{menu, menu_event};

// ---- the window ----

/// The window's box (pixels, screen-relative position, outer size), the
/// one remembered in `ENVARC:GadgetScope/window.prefs`.
pub use crate::prefs::WindowBox;

/// A tag value of the object plan: a number, or what exists only at run
/// time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Val {
    Int(u32),
    /// A catalog string (kept by the caller while the window exists).
    Str(StringId),
    /// A fixed text (kept likewise).
    Text(&'static [u8]),
    /// An earlier object of the plan, by index: handed to this one, which
    /// disposes it (layout_gc, window_cl `OM_DISPOSE`).
    Object(usize),
    /// The locked public screen.
    Screen,
    /// The GadTools menu strip.
    MenuStrip,
    /// The tree's `struct ColumnInfo` array ([`column_info`]).
    ColumnInfo,
    /// An empty node list for the tree, resp. the details: a list browser
    /// "MUST have a list attached" when it is first added to a window, ~0
    /// is not valid then (listbrowser_gc/--datasheet--, LISTBROWSER_Labels).
    TreeList,
    DetailsList,
}

/// One BOOPSI object: `NewObject(<class>_GetClass(), NULL, tags)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ObjectPlan {
    pub class: ClassSpec,
    pub tags: Cow<'static, [(u32, Val)]>,
}

impl ObjectPlan {
    /// Its `GA_ID`, if it has one.
    pub fn id(&self) -> Option<u16> {
        self.tags.iter().find_map(|&(t, v)| match v {
            Val::Int(n) if t == GA_ID => Some(n as u16),
            _ => None,
        })
    }

    fn has(&self, tag: u32) -> bool {
        self.tags.iter().any(|&(t, v)| t == tag && v != Val::Int(0))
    }
}

/// The window's IDCMP. `IDCMP_IDCMPUPDATE` carries layout.gadget's
/// deferred layout and refresh requests (`LAYOUT_DeferLayout`:
/// layout_gc/--datasheet--), which window.class's `WM_HANDLEINPUT`
/// processes (window_cl/--datasheet--, "Defer Layout processing"); it is
/// asked for here rather than trusted to be added.
pub const IDCMP: u32 = IDCMP_GADGETUP | IDCMP_MENUPICK | IDCMP_CLOSEWINDOW | IDCMP_RAWKEY | IDCMP_IDCMPUPDATE;

const fn id(n: u16) -> (u32, Val) {
    (GA_ID, Val::Int(n as u32))
}

/// A control's label as a tag value; one without fails the build.
const fn label(c: &Control) -> Val {
    match c.label {
        Some(l) => Val::Str(l),
        None => panic!("a button or text field without a label"),
    }
}

/// The `STRINGA_MaxChars` tag of a string gadget holding `c`'s text:
/// strgclass counts the terminating NUL, as `StringInfo.MaxChars` does
/// ("MaxChars is 3 (two characters plus the trailing NULL)": RKM
/// Libraries, "String Gadget Type"), [`Control::max_chars`] does not.
const fn max_chars(c: &Control) -> (u32, Val) {
    (STRINGA_MaxChars, Val::Int(c.max_chars as u32 + 1))
}

/// What fills a tag array before it is written.
const UNSET: (u32, Val) = (0, Val::Int(0));

// The controls in rows, and those the layout has one place for.
const BUTTON_CONTROLS: [Control; controls::count(Kind::Button)] = controls::row(Kind::Button);
const FIELD_CONTROLS: [Control; controls::count(Kind::TextField)] = controls::row(Kind::TextField);
const BUTTONS: usize = BUTTON_CONTROLS.len();
const FIELDS: usize = FIELD_CONTROLS.len();
const TREE_CONTROL: Control = controls::the(Kind::Tree);
const ECHO_CONTROL: Control = controls::the(Kind::RowEcho);
const DETAILS_CONTROL: Control = controls::the(Kind::Details);
const STATUS_CONTROL: Control = controls::the(Kind::Status);

// The objects' indices in [`PLAN`] (children before parents): the
// buttons from 0, then their row; text field `i` at `FIELD + 2 * i`, its
// label after it.
const ROW: usize = BUTTONS;
const TREE: usize = ROW + 1;
const ECHO: usize = TREE + 1;
const DETAILS: usize = ECHO + 1;
const FIELD: usize = DETAILS + 1;
const FIELD_ROW: usize = FIELD + 2 * FIELDS;
const STATUS: usize = FIELD_ROW + 1;
const MAIN: usize = STATUS + 1;
const WINDOW: usize = MAIN + 1;

static BUTTON_TAGS: [[(u32, Val); 3]; BUTTONS] = {
    let mut a = [[UNSET; 3]; BUTTONS];
    let mut i = 0;
    while i < BUTTONS {
        let c = &BUTTON_CONTROLS[i];
        a[i] = [id(c.id), (GA_RelVerify, Val::Int(1)), (GA_Text, label(c))];
        i += 1;
    }
    a
};

static ROW_TAGS: [(u32, Val); 2 + BUTTONS] = {
    let mut a = [UNSET; 2 + BUTTONS];
    a[0] = (LAYOUT_Orientation, Val::Int(LAYOUT_ORIENT_HORIZ));
    a[1] = (LAYOUT_EvenSize, Val::Int(1));
    let mut i = 0;
    while i < BUTTONS {
        a[2 + i] = (LAYOUT_AddChild, Val::Object(i));
        i += 1;
    }
    a
};

static TREE_TAGS: [(u32, Val); 7] = [
    id(TREE_CONTROL.id),
    (GA_RelVerify, Val::Int(1)),
    (LISTBROWSER_ColumnInfo, Val::ColumnInfo),
    (LISTBROWSER_ColumnTitles, Val::Int(1)),
    (LISTBROWSER_Hierarchical, Val::Int(1)),
    (LISTBROWSER_ShowSelected, Val::Int(1)),
    (LISTBROWSER_Labels, Val::TreeList),
];

// The row echo: string.gadget's GA_ReadOnly ignores activation
// (string_gc/--datasheet--); its text comes with STRINGA_TextVal.
static ECHO_TAGS: [(u32, Val); 3] = [id(ECHO_CONTROL.id), (GA_ReadOnly, Val::Int(1)), max_chars(&ECHO_CONTROL)];

static DETAILS_TAGS: [(u32, Val); 3] =
    [id(DETAILS_CONTROL.id), (GA_ReadOnly, Val::Int(1)), (LISTBROWSER_Labels, Val::DetailsList)];

static FIELD_TAGS: [[(u32, Val); 4]; FIELDS] = {
    let mut a = [[UNSET; 4]; FIELDS];
    let mut i = 0;
    while i < FIELDS {
        let c = &FIELD_CONTROLS[i];
        a[i] = [id(c.id), (GA_RelVerify, Val::Int(1)), (GA_TabCycle, Val::Int(1)), max_chars(c)];
        i += 1;
    }
    a
};

/// The text fields' label.images' tags.
static LABEL_TAGS: [[(u32, Val); 1]; FIELDS] = {
    let mut a = [[UNSET; 1]; FIELDS];
    let mut i = 0;
    while i < FIELDS {
        a[i] = [(LABEL_Text, label(&FIELD_CONTROLS[i]))];
        i += 1;
    }
    a
};

static FIELD_ROW_TAGS: [(u32, Val); 1 + 2 * FIELDS] = {
    let mut a = [UNSET; 1 + 2 * FIELDS];
    a[0] = (LAYOUT_Orientation, Val::Int(LAYOUT_ORIENT_HORIZ));
    let mut i = 0;
    while i < FIELDS {
        a[1 + 2 * i] = (LAYOUT_AddChild, Val::Object(FIELD + 2 * i));
        a[2 + 2 * i] = (CHILD_Label, Val::Object(FIELD + 2 * i + 1));
        i += 1;
    }
    a
};

static STATUS_TAGS: [(u32, Val); 6] = [
    id(STATUS_CONTROL.id),
    (GA_ReadOnly, Val::Int(1)),
    (GA_Text, Val::Text(b"")),
    (GA_Underscore, Val::Int(0)),
    (BUTTON_DomainString, Val::Text(STATUS_DOMAIN)),
    (BUTTON_Justification, Val::Int(BCJ_LEFT)),
];

static MAIN_TAGS: [(u32, Val); 16] = [
    (LAYOUT_Orientation, Val::Int(LAYOUT_ORIENT_VERT)),
    (LAYOUT_SpaceOuter, Val::Int(1)),
    (LAYOUT_SpaceInner, Val::Int(1)),
    (LAYOUT_DeferLayout, Val::Int(1)),
    (LAYOUT_AddChild, Val::Object(ROW)),
    (CHILD_WeightedHeight, Val::Int(0)),
    (LAYOUT_AddChild, Val::Object(TREE)),
    (CHILD_WeightedHeight, Val::Int(70)),
    (LAYOUT_AddChild, Val::Object(ECHO)),
    (CHILD_WeightedHeight, Val::Int(0)),
    (LAYOUT_AddChild, Val::Object(DETAILS)),
    (CHILD_WeightedHeight, Val::Int(30)),
    (LAYOUT_AddChild, Val::Object(FIELD_ROW)),
    (CHILD_WeightedHeight, Val::Int(0)),
    (LAYOUT_AddChild, Val::Object(STATUS)),
    (CHILD_WeightedHeight, Val::Int(0)),
];

static WINDOW_TAGS: [(u32, Val); 14] = [
    (WA_Title, Val::Text(WINDOW_TITLE)),
    (WA_PubScreen, Val::Screen),
    (WA_IDCMP, Val::Int(IDCMP)),
    (WA_CloseGadget, Val::Int(1)),
    (WA_DepthGadget, Val::Int(1)),
    (WA_SizeGadget, Val::Int(1)),
    (WA_DragBar, Val::Int(1)),
    (WA_Activate, Val::Int(1)),
    (WA_NewLookMenus, Val::Int(1)),
    (WINDOW_IconifyGadget, Val::Int(1)),
    (WINDOW_IconTitle, Val::Text(WINDOW_TITLE)),
    (WINDOW_MenuStrip, Val::MenuStrip),
    (WINDOW_MenuUserData, Val::Int(WGUD_IGNORE)),
    (WINDOW_ParentGroup, Val::Object(MAIN)),
];

/// One object of [`PLAN`] (copyable, so that a `static` can be built).
#[derive(Clone, Copy)]
struct Part {
    class: ClassSpec,
    tags: &'static [(u32, Val)],
}

const fn part(class: ClassSpec, tags: &'static [(u32, Val)]) -> Part {
    Part { class, tags }
}

/// Every object of the window in creation order, children before their
/// parents, the window object last: the buttons of crate::controls in
/// their row, the tree with the selected-row echo under it, the details,
/// the text fields with their labels in a row, the status line. Static
/// data made from CONTROLS when building (no code per tag);
/// [`window_plan`] adds the window's box.
///
/// The status line is made with an empty text and set after `WM_OPEN`;
/// its minimum size is that of [`STATUS_DOMAIN`] (`BUTTON_DomainString`,
/// gadgets/button.h: the string the domain is computed from), whatever
/// the text, so a long message does not widen the window and layout's
/// cached domain (layout_gc `CHILD_CacheDomain`) stays right. Its
/// `GA_Underscore` is 0 (gadgetclass.h: it defaults to `_`, V44), so a
/// message such as `Named ok_button.` shows its `_` instead of
/// underlining the next letter.
///
/// The window's menus are GadTools menus whose items carry
/// crate::strings' action numbers 1 to 16 as user data:
/// `WINDOW_MenuUserData` is `WGUD_IGNORE`, so window.class never takes
/// them for hooks or functions to call (window_cl/--datasheet-- does not
/// state that tag's default; `WGUD_HOOK` is 0). No `WINDOW_AppPort`:
/// it is what `WM_ICONIFY` needs (window_cl/--datasheet--), and the
/// window's iconify gadget (`WMHI_ICONIFY`) is GadgetScope's own
/// iconify, the window closed and the desk's AppIcon shown, as in the
/// GadTools window.
static PLAN: [Part; WINDOW + 1] = {
    let mut p = [Part { class: WINDOW_CLASS, tags: &WINDOW_TAGS }; WINDOW + 1];
    let mut i = 0;
    while i < BUTTONS {
        p[i] = part(BUTTON_GADGET, &BUTTON_TAGS[i]);
        i += 1;
    }
    p[ROW] = part(LAYOUT_GADGET, &ROW_TAGS);
    p[TREE] = part(LISTBROWSER_GADGET, &TREE_TAGS);
    p[ECHO] = part(STRING_GADGET, &ECHO_TAGS);
    p[DETAILS] = part(LISTBROWSER_GADGET, &DETAILS_TAGS);
    let mut i = 0;
    while i < FIELDS {
        p[FIELD + 2 * i] = part(STRING_GADGET, &FIELD_TAGS[i]);
        p[FIELD + 2 * i + 1] = part(LABEL_IMAGE, &LABEL_TAGS[i]);
        i += 1;
    }
    p[FIELD_ROW] = part(LAYOUT_GADGET, &FIELD_ROW_TAGS);
    p[STATUS] = part(BUTTON_GADGET, &STATUS_TAGS);
    p[MAIN] = part(LAYOUT_GADGET, &MAIN_TAGS);
    p
};

/// The status line's domain (`BUTTON_DomainString`): as wide as the
/// usual messages (the longest, the recording notice); longer ones are
/// cut at the edge.
pub const STATUS_DOMAIN: &[u8] = b"Recording... (Record again to stop)";

/// The window's object plan (`PLAN`) with the window placed: at `remembered` (pixels) kept on a
/// screen of `screen` (width, height) pixels by [`WindowBox::fit`], as
/// the GadTools window is; else centred on the screen.
pub fn window_plan(remembered: Option<WindowBox>, screen: (i16, i16)) -> Vec<ObjectPlan> {
    let mut p: Vec<ObjectPlan> =
        PLAN.iter().map(|o| ObjectPlan { class: o.class, tags: Cow::Borrowed(o.tags) }).collect();
    let int = |n: i16| Val::Int(n as i32 as u32);
    let place: Vec<(u32, Val)> = match remembered.map(|b| b.fit(screen.0, screen.1)) {
        Some(b) if b.width > 0 && b.height > 0 => {
            alloc::vec![
                (WA_Left, int(b.left)),
                (WA_Top, int(b.top)),
                (WA_Width, int(b.width)),
                (WA_Height, int(b.height))
            ]
        }
        _ => alloc::vec![(WINDOW_Position, Val::Int(WPOS_CENTERSCREEN))],
    };
    if let Some(w) = p.last_mut() {
        w.tags.to_mut().extend(place);
    }
    p
}

/// The index of the plan's object with `GA_ID` `id`.
pub fn object_with_id(plan: &[ObjectPlan], id: u16) -> Option<usize> {
    plan.iter().position(|o| o.id() == Some(id))
}

/// The controls `plan` makes, as [`controls::expected`] lists them: a
/// read-only listbrowser is the details, a read-only string gadget the
/// row echo, a read-only button the status line; a text field's label is
/// the label.image its layout gives it (`CHILD_Label` after its
/// `LAYOUT_AddChild`); a string gadget's length is its
/// `STRINGA_MaxChars` less the NUL.
pub fn controls_of(plan: &[ObjectPlan]) -> Vec<Built> {
    let label_of = |i: usize| -> Option<StringId> {
        plan.iter().find_map(|o| {
            let at = o.tags.iter().position(|&t| t == (LAYOUT_AddChild, Val::Object(i)))?;
            o.tags[at + 1..].iter().take_while(|t| t.0 != LAYOUT_AddChild).find_map(|&(t, v)| match v {
                Val::Object(l) if t == CHILD_Label => plan[l].tags.iter().find_map(|&(t, v)| match v {
                    Val::Str(s) if t == LABEL_Text => Some(s),
                    _ => None,
                }),
                _ => None,
            })
        })
    };
    let mut v: Vec<Built> = plan
        .iter()
        .enumerate()
        .filter_map(|(i, o)| {
            let id = o.id()?;
            let text = o.tags.iter().find_map(|&(t, v)| match v {
                Val::Str(s) if t == GA_Text => Some(s),
                _ => None,
            });
            let ro = o.has(GA_ReadOnly);
            let (kind, label) = match o.class {
                c if c == BUTTON_GADGET && ro => (Kind::Status, None),
                c if c == BUTTON_GADGET => (Kind::Button, text),
                c if c == LISTBROWSER_GADGET && ro => (Kind::Details, None),
                c if c == LISTBROWSER_GADGET => (Kind::Tree, None),
                c if c == STRING_GADGET && ro => (Kind::RowEcho, None),
                c if c == STRING_GADGET => (Kind::TextField, label_of(i)),
                _ => return None,
            };
            let max_chars = match o.tags.iter().find(|t| t.0 == STRINGA_MaxChars) {
                Some(&(_, Val::Int(n))) if o.class == STRING_GADGET => n.saturating_sub(1) as u16,
                _ => 0,
            };
            Some((id, kind, label, max_chars))
        })
        .collect();
    v.sort();
    v
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

/// Sets the status text (button.gadget keeps the pointer).
pub fn status_text_tags(text: u32) -> Vec<(u32, u32)> {
    alloc::vec![(GA_Text, text)]
}

/// Sets a string gadget's text (string.gadget copies it).
pub fn string_text_tags(text: u32) -> Vec<(u32, u32)> {
    alloc::vec![(STRINGA_TextVal, text)]
}

/// Detaches the labels before the list is changed or freed.
pub fn detach_tags() -> Vec<(u32, u32)> {
    alloc::vec![(LISTBROWSER_Labels, !0)]
}

/// How a rebuilt tree is shown: which node is selected and what scrolls.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Shown {
    /// The selected node's address (`LISTBROWSER_SelectedNode`: in a
    /// hierarchical list an index may not count collapsed nodes).
    pub selected: Option<u32>,
    /// `LISTBROWSER_Top` before the rebuild (kept: no jump on refresh).
    pub top: Option<u32>,
    /// Node number to scroll into view (`LISTBROWSER_MakeVisible`).
    pub make_visible: Option<u32>,
}

/// Attaches `list` as `shown` says.
pub fn attach_tags(list: u32, shown: Shown) -> Vec<(u32, u32)> {
    let mut t = alloc::vec![(LISTBROWSER_Labels, list)];
    t.extend(select_tags(shown));
    t
}

/// Selects and scrolls as `shown` says (no node: `LISTBROWSER_Selected`
/// -1).
pub fn select_tags(shown: Shown) -> Vec<(u32, u32)> {
    let mut t = match shown.selected {
        Some(n) => alloc::vec![(LISTBROWSER_SelectedNode, n)],
        None => alloc::vec![(LISTBROWSER_Selected, -1i32 as u32)],
    };
    if let Some(top) = shown.top {
        t.push((LISTBROWSER_Top, top));
    }
    if let Some(i) = shown.make_visible {
        t.push((LISTBROWSER_MakeVisible, i));
    }
    t
}

/// The node number `LISTBROWSER_MakeVisible` takes for `row`: the row
/// itself while no node is hidden (every node counts then, so the number
/// is unambiguous); `None` when a branch is collapsed (the selection
/// still shows, nothing scrolls).
pub fn make_visible(nodes: &[TreeNode], row: Option<usize>) -> Option<u32> {
    let row = row?;
    (row < nodes.len() && nodes.iter().all(|n| n.flags & LBFLG_HIDDEN == 0)).then_some(row as u32)
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

/// The nodes of the whole tree, exactly one per view row (node `i` is row
/// `i`): screens at generation 1, windows 2, gadgets 3. A row followed by
/// a deeper one has children, shown unless its [`RowKind`] is in
/// `collapsed` (then the rows under it are hidden). A row whose columns
/// cannot be made shows its text line in the first column.
pub fn tree_nodes(view: &View, collapsed: &[RowKind]) -> Vec<TreeNode> {
    let rows = view.rows();
    let mut nodes: Vec<TreeNode> = (0..rows.len())
        .map(|i| {
            let r = &rows[i];
            let columns =
                view.row_columns(i).unwrap_or_else(|| [r.text.clone(), Vec::new(), Vec::new(), Vec::new(), Vec::new()]);
            TreeNode { generation: u32::from(r.depth) + 1, flags: 0, columns }
        })
        .collect();
    let kinds: Vec<RowKind> = rows.iter().map(|r| r.kind).collect();
    fold(&mut nodes, &kinds, collapsed);
    nodes
}

/// Sets the nodes' flags from the tree's shape and `collapsed`: a node
/// followed by a deeper one has children (`LBFLG_HASCHILDREN`), shown
/// (`LBFLG_SHOWCHILDREN`) unless its kind (`kinds[i]`) is in
/// `collapsed`, and then the nodes under it are `LBFLG_HIDDEN`.
pub fn fold(nodes: &mut [TreeNode], kinds: &[RowKind], collapsed: &[RowKind]) {
    let mut hide_below: Option<u32> = None;
    for i in 0..nodes.len() {
        let g = nodes[i].generation;
        let hidden = match hide_below {
            Some(d) if g > d => true,
            _ => {
                hide_below = None;
                false
            }
        };
        let has_children = nodes.get(i + 1).is_some_and(|n| n.generation > g);
        let mut flags = if hidden { LBFLG_HIDDEN } else { 0 };
        if has_children {
            flags |= LBFLG_HASCHILDREN;
            if kinds.get(i).is_some_and(|k| collapsed.contains(k)) {
                if hide_below.is_none() {
                    hide_below = Some(g);
                }
            } else {
                flags |= LBFLG_SHOWCHILDREN;
            }
        }
        nodes[i].flags = flags;
    }
}

/// The window is closing (iconify): the branches the user folded in the
/// shown list (`flags`: each node's `LBNA_Flags` read back, as
/// [`collapsed_rows`] takes them) are kept, and the nodes the next open
/// builds its list from are folded alike. Returns the folded rows.
pub fn keep_folds(nodes: &mut [TreeNode], kinds: &[RowKind], flags: &[Option<u32>]) -> Vec<RowKind> {
    let collapsed = collapsed_rows(kinds, flags);
    fold(nodes, kinds, &collapsed);
    collapsed
}

/// The rows the user collapsed in the list being replaced: `kinds` are
/// its rows, `flags` each node's `LBNA_Flags` as read back (`None`:
/// unread). A branch without `LBFLG_SHOWCHILDREN` is collapsed.
pub fn collapsed_rows(kinds: &[RowKind], flags: &[Option<u32>]) -> Vec<RowKind> {
    kinds
        .iter()
        .zip(flags)
        .filter_map(|(k, f)| match f {
            Some(f) if f & LBFLG_HASCHILDREN != 0 && f & LBFLG_SHOWCHILDREN == 0 => Some(*k),
            _ => None,
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

/// Rows and their nodes: node `i` of the attached list is row `i` (one
/// node per row, [`tree_nodes`]); a list cut short by a failed
/// allocation maps its first rows only.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RowMap {
    nodes: Vec<u32>,
}

impl RowMap {
    /// The nodes in row order.
    pub fn new(nodes: Vec<u32>) -> RowMap {
        RowMap { nodes }
    }

    /// The row of `node` (`LISTBROWSER_SelectedNode`), if it is one.
    pub fn row_of(&self, node: u32) -> Option<usize> {
        if node == 0 {
            return None;
        }
        self.nodes.iter().position(|&n| n == node)
    }

    /// The node of `row`.
    pub fn node_of(&self, row: usize) -> Option<u32> {
        self.nodes.get(row).copied()
    }
}

// ---- input ----

/// What one `WM_HANDLEINPUT` result asks of the front-end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// A controller event.
    Event(UiEvent),
    /// A gadget was released: [`controls::released`] with this ID.
    Released(u16),
    /// A menu code to walk (`ItemAddress`, `NextSelect`).
    Menu(u16),
    /// Nothing for the controller.
    Nothing,
}

/// Decodes a `WM_HANDLEINPUT` result (not `WMHI_LASTMSG`). The close
/// gadget quits (the controller asks first about unsaved names), the
/// iconify gadget iconifies (GadgetScope's own AppIcon: the desk), HELP
/// opens the help. `WMHI_UNICONIFY` never comes: window.class's own
/// iconify (`WM_ICONIFY`) is not used.
pub fn decode(result: u32) -> Input {
    if result == WMHI_IGNORE {
        return Input::Nothing;
    }
    match result & WMHI_CLASSMASK {
        WMHI_CLOSEWINDOW => Input::Event(UiEvent::Quit),
        WMHI_GADGETUP => Input::Released((result & WMHI_GADGETMASK) as u16),
        WMHI_MENUPICK => Input::Menu((result & WMHI_MENUMASK) as u16),
        WMHI_ICONIFY => Input::Event(UiEvent::Iconify),
        WMHI_RAWKEY if result & WMHI_KEYMASK == u32::from(RAWKEY_HELP) => Input::Event(UiEvent::Help),
        _ => Input::Nothing,
    }
}

/// The row a release of the tree selected: the node in
/// `LISTBROWSER_SelectedNode` for a plain or double click
/// (`LISTBROWSER_RelEvent` `LBRE_NORMAL`, `LBRE_DOUBLECLICK`); `None` for a
/// branch arrow (`LBRE_HIDECHILDREN`, `LBRE_SHOWCHILDREN`: the list browser
/// folds the branch itself, the selection and the name being typed stay)
/// and for anything else (listbrowser_gc/--datasheet--).
pub fn tree_release(rel_event: u32, selected_node: u32, rows: &RowMap) -> Option<usize> {
    match rel_event {
        LBRE_NORMAL | LBRE_DOUBLECLICK => rows.row_of(selected_node),
        _ => None,
    }
}

/// The event of a `WM_HANDLEINPUT` result and the IntuiMessage code it
/// stored at `wmh_Code` (a string gadget's: the key that ended it,
/// controls::TAB_CODE for Tab and Shift-Tab), the tree's release state
/// and text fields read through `read` (what the front-end asks of the
/// gadgets; `None` when nothing is for the controller), plus what the
/// front-end itself has to do (menus).
pub fn event_of(result: u32, code: u16, rows: &RowMap, read: &mut impl GadgetState) -> Input {
    match decode(result) {
        Input::Released(id) => {
            // Only what the control needs is read.
            let act = controls::control(id).map(|c| c.act);
            let row = match act {
                Some(Act::SelectRow) => tree_release(read.rel_event(), read.selected_node(), rows),
                _ => None,
            };
            let text = match act {
                Some(Act::Filter) => read.text(id),
                _ => Vec::new(),
            };
            match controls::released(id, code, || row, |_| text) {
                Some(e) => Input::Event(e),
                None => Input::Nothing,
            }
        }
        other => other,
    }
}

/// What [`event_of`] reads from the window's gadgets (`GetAttr`).
pub trait GadgetState {
    /// The tree's `LISTBROWSER_RelEvent`.
    fn rel_event(&mut self) -> u32;
    /// The tree's `LISTBROWSER_SelectedNode` (0: none).
    fn selected_node(&mut self) -> u32;
    /// A string gadget's `STRINGA_TextVal`.
    fn text(&mut self, id: u16) -> Vec<u8>;
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
        assert_eq!(WINDOW_MenuUserData, 0x8502_5019);
        assert_eq!((WGUD_HOOK, WGUD_FUNC, WGUD_IGNORE), (0, 1, 2));
        // gadgets/button.h: BUTTON_Dummy+20; intuition/gadgetclass.h: GA_Dummy+42.
        assert_eq!((BUTTON_DomainString, GA_Underscore), (0x8400_0014, 0x8003_002A));
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
        assert_eq!((LISTBROWSER_Top, LISTBROWSER_RelEvent, LBFLG_HIDDEN), (0x8500_3001, 0x8500_3025, 16));
        assert_eq!([LBRE_NORMAL, LBRE_HIDECHILDREN, LBRE_SHOWCHILDREN, LBRE_DOUBLECLICK], [1, 2, 4, 16]);
        assert_eq!(IDCMP_IDCMPUPDATE, 0x0080_0000);
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

    /// The plan's tags with every run-time value made a number.
    fn resolved(o: &ObjectPlan) -> Vec<(u32, u32)> {
        o.tags
            .iter()
            .map(|&(t, v)| {
                (
                    t,
                    match v {
                        Val::Int(n) => n,
                        Val::Object(i) => 0x1000 + i as u32,
                        _ => 0x2000,
                    },
                )
            })
            .collect()
    }

    fn all_lists() -> Vec<Vec<(u32, u32)>> {
        let mut v: Vec<Vec<(u32, u32)>> = window_plan(None, (640, 256)).iter().map(resolved).collect();
        let boxed = window_plan(Some(WindowBox { left: 10, top: 20, width: 500, height: 300 }), (640, 256));
        v.push(resolved(boxed.last().unwrap()));
        let node = TreeNode { generation: 1, flags: 0, columns: Default::default() };
        v.extend([
            status_text_tags(0x40),
            string_text_tags(0x50),
            detach_tags(),
            attach_tags(0x60, Shown { selected: Some(0x70), top: Some(3), make_visible: Some(4) }),
            attach_tags(0x60, Shown::default()),
            node_tags(&node, &[1, 2, 3, 4, 5]),
            detail_node_tags(0x70),
        ]);
        v
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

    fn get(o: &ObjectPlan, k: u32) -> Option<Val> {
        o.tags.iter().find(|p| p.0 == k).map(|p| p.1)
    }

    #[test]
    fn the_window_object_says_what_the_window_is() {
        let plan = window_plan(None, (640, 256));
        let w = plan.last().unwrap();
        assert_eq!(w.class, WINDOW_CLASS);
        assert_eq!(get(w, WA_Title), Some(Val::Text(b"GadgetScope")));
        assert_eq!(get(w, WINDOW_IconTitle), Some(Val::Text(b"GadgetScope")));
        assert_eq!(get(w, WINDOW_AppPort), None, "window.class's WM_ICONIFY is not used");
        assert_eq!(get(w, WINDOW_MenuUserData), Some(Val::Int(WGUD_IGNORE)), "menu user data are no hooks");
        assert_eq!(get(w, WA_PubScreen), Some(Val::Screen));
        assert_eq!(get(w, WINDOW_MenuStrip), Some(Val::MenuStrip));
        assert_eq!(get(w, WINDOW_ParentGroup), Some(Val::Object(plan.len() - 2)));
        assert_eq!(get(w, WINDOW_IconifyGadget), Some(Val::Int(1)));
        assert_eq!(get(w, WINDOW_Position), Some(Val::Int(WPOS_CENTERSCREEN)));
        assert_eq!(get(w, WA_Left), None);
        assert_eq!(get(w, WA_IDCMP), Some(Val::Int(IDCMP)));
        assert_ne!(IDCMP & IDCMP_IDCMPUPDATE, 0, "LAYOUT_DeferLayout's requests arrive");
        // Only window.class tags of the 3.5 datasheet (no OS4-only ones
        // such as WINDOW_Iconifiable).
        let documented = [
            WINDOW_IconifyGadget,
            WINDOW_MenuUserData,
            WINDOW_IconTitle,
            WINDOW_MenuStrip,
            WINDOW_ParentGroup,
            WINDOW_Position,
        ];
        for &(t, _) in w.tags.iter() {
            assert!(t & 0xFFFF_F000 != WINDOW_Dummy || documented.contains(&t), "{t:#x}");
        }
        let plan = window_plan(Some(WindowBox { left: 30, top: 20, width: 500, height: 300 }), (1024, 768));
        let w = plan.last().unwrap();
        assert_eq!(get(w, WINDOW_Position), None);
        assert_eq!(
            (get(w, WA_Left), get(w, WA_Top), get(w, WA_Width), get(w, WA_Height)),
            (Some(Val::Int(30)), Some(Val::Int(20)), Some(Val::Int(500)), Some(Val::Int(300)))
        );
        // A box saved on a larger screen is kept on this one, as the
        // GadTools window keeps it (WindowBox::fit).
        let plan = window_plan(Some(WindowBox { left: 600, top: 400, width: 500, height: 300 }), (640, 256));
        let w = plan.last().unwrap();
        assert_eq!(
            (get(w, WA_Left), get(w, WA_Top), get(w, WA_Width), get(w, WA_Height)),
            (Some(Val::Int(140)), Some(Val::Int(0)), Some(Val::Int(500)), Some(Val::Int(256)))
        );
    }

    #[test]
    fn the_plan_makes_every_control() {
        let plan = window_plan(None, (640, 256));
        assert_eq!(controls_of(&plan), controls::expected());
        // The same with another box (the controls do not depend on it).
        assert_eq!(
            controls_of(&window_plan(Some(WindowBox { left: 0, top: 0, width: 1, height: 1 }), (640, 256))),
            controls::expected()
        );
    }

    #[test]
    fn a_missing_control_or_label_is_noticed() {
        let without = |f: &dyn Fn(&mut Vec<ObjectPlan>)| {
            let mut p = window_plan(None, (640, 256));
            f(&mut p);
            controls_of(&p)
        };
        let filter = object_with_id(&window_plan(None, (640, 256)), ids::FILTER).unwrap();
        assert_ne!(without(&|p| p[filter].tags.to_mut().retain(|t| t.0 != GA_ID)), controls::expected());
        assert_ne!(
            without(&|p| p.iter_mut().for_each(|o| o.tags.to_mut().retain(|t| t.0 != CHILD_Label))),
            controls::expected()
        );
        let echo = object_with_id(&window_plan(None, (640, 256)), ids::SELECTED).unwrap();
        assert_ne!(without(&|p| p[echo].tags.to_mut().retain(|t| t.0 != GA_ReadOnly)), controls::expected());
    }

    /// Each object but the window is handed to exactly one later object
    /// (its parent disposes it), and nothing refers forward.
    #[test]
    fn the_plan_is_a_tree() {
        let plan = window_plan(None, (640, 256));
        let mut parents = alloc::vec![0; plan.len()];
        for (i, o) in plan.iter().enumerate() {
            for &(_, v) in o.tags.iter() {
                if let Val::Object(c) = v {
                    assert!(c < i, "object {i} refers forward to {c}");
                    parents[c] += 1;
                }
            }
        }
        let last = plan.len() - 1;
        assert_eq!(parents[last], 0);
        assert!(parents[..last].iter().all(|&n| n == 1), "{parents:?}");
        assert!(plan.iter().all(|o| CLASSES.contains(&o.class)));
    }

    /// A list browser added to a window must have a list attached
    /// (listbrowser_gc), and the status line starts empty.
    #[test]
    fn list_browsers_start_with_a_list_and_the_status_empty() {
        let plan = window_plan(None, (640, 256));
        for o in plan.iter().filter(|o| o.class == LISTBROWSER_GADGET) {
            let l = get(o, LISTBROWSER_Labels);
            assert!(matches!(l, Some(Val::TreeList | Val::DetailsList)), "{o:?}");
        }
        let status = &plan[object_with_id(&plan, ids::STATUS).unwrap()];
        assert_eq!(get(status, GA_Text), Some(Val::Text(b"")));
        let tree = &plan[object_with_id(&plan, ids::LIST).unwrap()];
        for k in [LISTBROWSER_Hierarchical, LISTBROWSER_ShowSelected, LISTBROWSER_ColumnTitles, GA_RelVerify] {
            assert_eq!(get(tree, k), Some(Val::Int(1)));
        }
        assert_eq!(get(tree, LISTBROWSER_ColumnInfo), Some(Val::ColumnInfo));
        let main = &plan[plan.len() - 2];
        assert_eq!(main.tags[0], (LAYOUT_Orientation, Val::Int(LAYOUT_ORIENT_VERT)));
        assert!(main.tags.contains(&(LAYOUT_DeferLayout, Val::Int(1))));
    }

    #[test]
    fn selection_by_node_and_scrolling() {
        assert_eq!(select_tags(Shown::default()), [(LISTBROWSER_Selected, 0xFFFF_FFFF)]);
        assert_eq!(
            select_tags(Shown { selected: Some(0x500), top: Some(7), make_visible: Some(2) }),
            [(LISTBROWSER_SelectedNode, 0x500), (LISTBROWSER_Top, 7), (LISTBROWSER_MakeVisible, 2)]
        );
        assert_eq!(detach_tags(), [(LISTBROWSER_Labels, 0xFFFF_FFFF)]);
        assert_eq!(attach_tags(0x60, Shown::default())[0], (LISTBROWSER_Labels, 0x60));
        let n = |flags| TreeNode { generation: 1, flags, columns: Default::default() };
        let open = [n(LBFLG_HASCHILDREN | LBFLG_SHOWCHILDREN), n(0), n(0)];
        assert_eq!(make_visible(&open, Some(2)), Some(2));
        assert_eq!(make_visible(&open, Some(3)), None);
        assert_eq!(make_visible(&open, None), None);
        let folded = [n(LBFLG_HASCHILDREN), n(LBFLG_HIDDEN), n(0)];
        assert_eq!(make_visible(&folded, Some(2)), None, "node numbers are ambiguous with hidden nodes");
    }

    #[test]
    fn rows_map_to_nodes_and_branch_arrows_select_nothing() {
        let map = RowMap::new(alloc::vec![0x100, 0x200, 0x300]);
        assert_eq!((map.row_of(0x200), map.row_of(0x999), map.row_of(0)), (Some(1), None, None));
        assert_eq!((map.node_of(2), map.node_of(3)), (Some(0x300), None));
        assert_eq!(tree_release(LBRE_NORMAL, 0x300, &map), Some(2));
        assert_eq!(tree_release(LBRE_DOUBLECLICK, 0x100, &map), Some(0));
        assert_eq!(tree_release(LBRE_HIDECHILDREN, 0x100, &map), None);
        assert_eq!(tree_release(LBRE_SHOWCHILDREN, 0x100, &map), None);
        assert_eq!(tree_release(128, 0x100, &map), None, "LBRE_TITLECLICK");
        assert_eq!(tree_release(LBRE_NORMAL, 0, &map), None);
    }

    /// A recorded tree and text fields for [`event_of`].
    struct Gadgets {
        rel: u32,
        node: u32,
        reads: Vec<&'static str>,
    }

    impl GadgetState for Gadgets {
        fn rel_event(&mut self) -> u32 {
            self.reads.push("rel");
            self.rel
        }
        fn selected_node(&mut self) -> u32 {
            self.reads.push("node");
            self.node
        }
        fn text(&mut self, id: u16) -> Vec<u8> {
            self.reads.push("text");
            alloc::format!("field {id}").into_bytes()
        }
    }

    #[test]
    fn results_become_events() {
        let map = RowMap::new(alloc::vec![0x100, 0x200]);
        let mut g = Gadgets { rel: LBRE_NORMAL, node: 0x200, reads: Vec::new() };
        let up = |id: u16| WMHI_GADGETUP | u32::from(id);
        assert_eq!(event_of(up(ids::LIST), 0, &map, &mut g), Input::Event(UiEvent::SelectRow(1)));
        g.rel = LBRE_HIDECHILDREN;
        assert_eq!(event_of(up(ids::LIST), 0, &map, &mut g), Input::Nothing, "a branch arrow is no selection");
        assert_eq!(event_of(up(ids::FILTER), 0, &map, &mut g), Input::Event(UiEvent::Filter(b"field 15".to_vec())));
        g.reads.clear();
        assert_eq!(event_of(up(ids::REFRESH), 0, &map, &mut g), Input::Event(UiEvent::Refresh));
        assert_eq!(event_of(up(ids::NAME), 0x0D, &map, &mut g), Input::Event(UiEvent::Name), "Return");
        assert_eq!(event_of(up(ids::NAME), controls::TAB_CODE, &map, &mut g), Input::Nothing, "Tab moves on");
        assert!(g.reads.is_empty(), "buttons read nothing: {:?}", g.reads);
        assert_eq!(event_of(up(ids::SELECTED), 0, &map, &mut g), Input::Nothing);
        assert_eq!(event_of(WMHI_CLOSEWINDOW, 0, &map, &mut g), Input::Event(UiEvent::Quit));
        assert_eq!(event_of(WMHI_ICONIFY, 0, &map, &mut g), Input::Event(UiEvent::Iconify));
        assert_eq!(event_of(WMHI_MENUPICK | 0x0841, 0, &map, &mut g), Input::Menu(0x0841));
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
            class: b"buttongclass".into(),
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
            gt_kind: None,
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
            border_left: 4,
            border_top: 11,
            border_right: 4,
            border_bottom: 2,
            ..Default::default()
        }
    }

    fn screen(address: u32, title: Option<&[u8]>, size: (i16, i16), windows: Vec<WindowInfo>) -> ScreenInfo {
        ScreenInfo {
            address,
            default_title: title.map(|t| t.to_vec()),
            width: size.0,
            height: size.1,
            bar_height: 10,
            bar_hborder: 5,
            menu_hborder: 2,
            menu_vborder: 2,
            windows,
            ..ScreenInfo::default()
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
        let nodes = tree_nodes(&v, &[]);
        assert_eq!(nodes.len(), v.rows().len(), "one node per row");
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

    /// A branch the user folded stays folded across a rebuild.
    #[test]
    fn folded_branches_stay_folded() {
        let v = two_screens();
        let kinds: Vec<RowKind> = v.rows().iter().map(|r| r.kind).collect();
        let open = LBFLG_HASCHILDREN | LBFLG_SHOWCHILDREN;
        // Read back from the old list: the first window was folded.
        let read = [Some(open), Some(LBFLG_HASCHILDREN), Some(0), None, Some(open), Some(0)];
        let folded = collapsed_rows(&kinds, &read);
        assert_eq!(folded, [kinds[1]]);
        let flags: Vec<u32> = tree_nodes(&v, &folded).iter().map(|n| n.flags).collect();
        assert_eq!(flags, [open, LBFLG_HASCHILDREN, LBFLG_HIDDEN, LBFLG_HIDDEN, open, 0]);
        // The first screen folded: everything under it hidden, the second
        // screen not.
        let flags: Vec<u32> = tree_nodes(&v, &[kinds[0]]).iter().map(|n| n.flags).collect();
        assert_eq!(flags, [LBFLG_HASCHILDREN, LBFLG_HIDDEN | open, LBFLG_HIDDEN, LBFLG_HIDDEN, open, 0]);
    }

    #[test]
    fn results_decode() {
        let up = |id: u16| decode(WMHI_GADGETUP | u32::from(id));
        for id in [ids::REFRESH, ids::LIST, ids::NAME, ids::FILTER, ids::STATUS] {
            assert_eq!(up(id), Input::Released(id));
        }
        assert_eq!(decode(WMHI_CLOSEWINDOW), Input::Event(UiEvent::Quit));
        assert_eq!(decode(WMHI_ICONIFY), Input::Event(UiEvent::Iconify));
        assert_eq!(decode(WMHI_UNICONIFY), Input::Nothing, "window.class's own iconify is not used");
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
        assert_eq!(items.len(), 16);
        let titles: Vec<&[u8]> = entries.iter().filter(|e| e.0 == NM_TITLE).map(|e| text(e.1)).collect();
        assert_eq!(titles, [&b"Project"[..], b"Profile", b"View", b"Record", b"Help"]);
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
            UiEvent::RecordStart,
            UiEvent::RecordStop,
            UiEvent::RecordSave(false),
            UiEvent::RecordSave(true),
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
