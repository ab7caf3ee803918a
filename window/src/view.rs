//! The view model shared by the GadTools and ReAction front-ends
//! (docs/architecture.md, "The crates, top to bottom"): both front-ends
//! draw what it says and feed it clicks.
//!
//! - [`View`]: the live gadget list as LISTVIEW lines ([`Row`]), a
//!   [`Filter`], a selection that survives refreshes, the details pane
//!   ([`View::details`]) with ready-to-copy AmiPilot locators
//!   (docs/reference/commands.md, "Finding windows and gadgets") and the
//!   highlight frame ([`View::highlight`]).
//!
//! The quirk profile being recorded is `gadgetscope_core::profile::Profile`.
//!
//! Pure data: no OS calls, no floating point, Latin-1 bytes for text. Geometry
//! is in pixels; a gadget box is window-relative with the borders included
//! (docs/reference/formats.md, "TREE"), a window box screen-relative.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use amiga_ndk::intuition::{
    highlight_name, label_name, refresh_name, FlagNames, GadgetFlags, WindowFlags, GFLG_GADGHIGHBITS, GFLG_LABELMASK,
    WFLG_REFRESHBITS,
};

use crate::strings::{ids as msg, Strings};
use gadgetscope_core::classify::{
    aros_kind_probes, gadtools_kind_name, is_gadtools, is_gadtools_context, sys_type_name, Role, SysGadget,
};
use gadgetscope_core::locate::{contains, find_window};
use gadgetscope_core::profile::Profile;
use gadgetscope_core::snapshot::{GadgetSnap, ScreenInfo, ScreensSnapshot, WindowInfo, WindowSnap};
use gadgetscope_core::text::{push_box, push_int, push_quoted};
use gadgetscope_record::locator_text;

use gadgetscope_core::locate::{PATTERN_MAX, TEXT_MAX as LABEL_MAX};
/// Width of the kind column: the role names, GadTools kind names
/// (`CHECKBOX_KIND`) and the English system gadget names (a longer name such as `screenmode_chooser` pushes the
/// rest right); narrow so that a 560-pixel list in an 8-pixel font shows
/// kind, ID, label and geometry.
const ROLE_COLUMN: usize = 14;
/// Width of the right-aligned GA_ID column.
const ID_COLUMN: usize = 5;
/// Width of the quoted-label column (longer labels push the rest right).
const LABEL_COLUMN: usize = 20;
/// Width of the geometry column (`left,top widthxheight`); the class
/// follows it, last, since GadTools and classic gadgets have none.
const GEOMETRY_COLUMN: usize = 15;

/// The names the list gives what it can name beyond a role, Latin-1: the
/// system gadgets (in [`SysGadget`] order: close, depth, zoom, drag, size)
/// and the GadTools context gadget, from the catalog
/// (`MSG_SYS_CLOSE`…`MSG_SYS_SIZE`, `MSG_GT_CONTEXT`); GadTools kinds keep
/// their NDK names (`CYCLE_KIND`), which are not translated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KindNames {
    /// System gadget names, [`SysGadget`] order.
    pub sys: [Vec<u8>; 5],
    /// The GadTools context gadget's name.
    pub context: Vec<u8>,
    /// The details' `recorded as: %s` line (`MSG_DETAILS_RECORDED`).
    pub recorded_as: Vec<u8>,
}

impl KindNames {
    /// The names in the language of `text`.
    pub fn from_strings(text: &Strings) -> KindNames {
        let t = |id| text.text(id).to_vec();
        KindNames {
            sys: [
                t(msg::MSG_SYS_CLOSE),
                t(msg::MSG_SYS_DEPTH),
                t(msg::MSG_SYS_ZOOM),
                t(msg::MSG_SYS_DRAG),
                t(msg::MSG_SYS_SIZE),
            ],
            context: t(msg::MSG_GT_CONTEXT),
            recorded_as: t(msg::MSG_DETAILS_RECORDED),
        }
    }

    /// The name of a system gadget kind.
    pub fn sys_name(&self, s: SysGadget) -> &[u8] {
        let i = match s {
            SysGadget::Close => 0,
            SysGadget::Depth => 1,
            SysGadget::Zoom => 2,
            SysGadget::Drag => 3,
            SysGadget::Size => 4,
        };
        &self.sys[i]
    }

    /// What the list calls `g` instead of its role, if anything: a system
    /// gadget by its kind, the GadTools context gadget, a GadTools gadget
    /// by the kind the walk told (`GadgetSnap::gt_kind`).
    pub fn name_of(&self, g: &GadgetSnap) -> Option<&[u8]> {
        if let Some(s) = g.sys {
            return Some(self.sys_name(s));
        }
        if is_context(g) {
            return Some(&self.context);
        }
        g.gt_kind.and_then(gadtools_kind_name).map(str::as_bytes)
    }
}

impl Default for KindNames {
    /// The built-in English names.
    fn default() -> Self {
        KindNames::from_strings(&Strings::english())
    }
}

fn is_context(g: &GadgetSnap) -> bool {
    is_gadtools_context(g.gadget_type, g.role, g.width, g.height)
}

/// A system gadget or the context gadget: no GA_ID or label of its own
/// worth a column.
fn is_frame_piece(g: &GadgetSnap) -> bool {
    g.sys.is_some() || is_context(g)
}

/// What a list row stands for. Addresses are identities from the snapshot
/// (never dereferenced); `index` is the position in the window's
/// `WindowSnap::gadgets` (`Window->FirstGadget` order).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowKind {
    /// A screen (`struct Screen` address).
    Screen {
        /// Screen address.
        screen: u32,
    },
    /// A window on a screen.
    Window {
        /// Screen address.
        screen: u32,
        /// Window address.
        window: u32,
    },
    /// A gadget of a walked window.
    Gadget {
        /// Window address.
        window: u32,
        /// Index into that window's gadget list.
        index: usize,
    },
}

/// One LISTVIEW line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// Tree depth: 0 screen, 1 window, 2 gadget.
    pub depth: u8,
    /// What the row stands for.
    pub kind: RowKind,
    /// The line, Latin-1, for a fixed-width font: two spaces per depth,
    /// then for a gadget the columns kind, GA_ID, `"label"`, the
    /// window-relative box `x,y wxh` (pixels) and class, then ` value="…"`
    /// for string/integer gadgets. The kind is [`KindNames::name_of`] (a
    /// system gadget's kind, the context gadget, a GadTools kind) or else
    /// the role; a system gadget and the context gadget leave GA_ID and
    /// label blank (they have none of their own). A
    /// screen is `screen "<title>"  x,y wxh`, a window `window "<title>"
    /// x,y wxh` (screen-relative).
    pub text: Vec<u8>,
}

/// What the list shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Filter {
    /// Shown gadgets contain this text (case-insensitive, Latin-1) in their
    /// label, class, role name or value, or equal it as a decimal GA_ID, or
    /// sit in a window whose title contains it. Empty: no text filter.
    pub text: Vec<u8>,
    /// Only gadgets of this role (docs/reference/formats.md, "Roles").
    pub role: Option<Role>,
    /// Show system gadgets (close, depth, zoom, drag, size).
    pub system_gadgets: bool,
}

impl Default for Filter {
    /// Everything shown: no text, no role, system gadgets included.
    fn default() -> Self {
        Filter { text: Vec::new(), role: None, system_gadgets: true }
    }
}

impl Filter {
    /// True when text or role narrows the list (windows and screens
    /// without a shown gadget are then hidden too).
    fn narrows(&self) -> bool {
        !self.text.is_empty() || self.role.is_some()
    }
}

/// A selection by identity, so that it survives a refresh in which
/// addresses changed (a window closed and reopened).
#[derive(Clone, Debug, PartialEq, Eq)]
enum Selection {
    Screen(ScreenKey),
    Window(WindowKey),
    Gadget(WindowKey, GadgetKey),
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct ScreenKey {
    title: Option<Vec<u8>>,
    /// Among screens with this title, front to back.
    occurrence: usize,
    address: u32,
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct WindowKey {
    title: Option<Vec<u8>>,
    screen_title: Option<Vec<u8>>,
    /// Among windows with this title and screen title, in list order.
    occurrence: usize,
    address: u32,
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct GadgetKey {
    id: u32,
    role: Role,
    label: Vec<u8>,
    /// Among the window's gadgets with equal ID, role and label.
    occurrence: usize,
    address: u32,
}

/// The live gadget list: the last walk, the filter, the rows and the
/// selection.
#[derive(Clone, Debug)]
pub struct View {
    screens: ScreensSnapshot,
    windows: Vec<WindowSnap>,
    filter: Filter,
    rows: Vec<Row>,
    selection: Option<Selection>,
    selected_row: Option<usize>,
    generation: u32,
    names: KindNames,
}

impl Default for View {
    fn default() -> Self {
        View::new()
    }
}

/// ASCII and Latin-1 letters folded to lower case (0xC0-0xDE, not 0xD7 `×`).
fn fold(b: u8) -> u8 {
    match b {
        b'A'..=b'Z' => b + 32,
        0xC0..=0xDE if b != 0xD7 => b + 32,
        _ => b,
    }
}

/// `needle` occurs in `hay`, letters compared case-insensitively.
fn contains_folded(hay: &[u8], needle: &[u8]) -> bool {
    needle.is_empty() || hay.windows(needle.len()).any(|w| w.iter().zip(needle).all(|(&a, &b)| fold(a) == fold(b)))
}

fn pad(out: &mut Vec<u8>, start: usize, width: usize) {
    while out.len() < start + width {
        out.push(b' ');
    }
}

fn push_title(out: &mut Vec<u8>, title: &Option<Vec<u8>>) {
    match title {
        Some(t) => push_quoted(out, t),
        None => out.extend_from_slice(b"(untitled)"),
    }
}

fn decimal(n: u32) -> Vec<u8> {
    let mut v = Vec::new();
    push_int(&mut v, i64::from(n));
    v
}

fn gadget_row_text(g: &GadgetSnap, names: &KindNames) -> Vec<u8> {
    let mut t = Vec::with_capacity(96);
    t.extend_from_slice(b"    ");
    let s = t.len();
    t.extend_from_slice(names.name_of(g).unwrap_or(g.role.as_str().as_bytes()));
    pad(&mut t, s, ROLE_COLUMN);
    t.push(b' ');
    let s = t.len();
    if is_frame_piece(g) {
        pad(&mut t, s, ID_COLUMN + 1 + LABEL_COLUMN);
    } else {
        let id = decimal(g.id);
        t.resize(t.len() + ID_COLUMN.saturating_sub(id.len()), b' ');
        t.extend_from_slice(&id);
        t.push(b' ');
        let s = t.len();
        push_quoted(&mut t, &g.label);
        pad(&mut t, s, LABEL_COLUMN);
    }
    t.push(b' ');
    let s = t.len();
    push_box(&mut t, g.left.into(), g.top.into(), g.width.into(), g.height.into());
    if !g.class.is_empty() {
        pad(&mut t, s, GEOMETRY_COLUMN);
        t.push(b' ');
        t.extend_from_slice(&g.class);
    }
    if let Some(v) = &g.value {
        t.extend_from_slice(b" value=");
        push_quoted(&mut t, v);
    }
    t
}

fn window_row_text(w: &WindowInfo, snap: Option<&WindowSnap>) -> Vec<u8> {
    let mut t = Vec::from(&b"  window "[..]);
    push_title(&mut t, &w.title);
    t.extend_from_slice(b"  ");
    push_box(&mut t, w.left.into(), w.top.into(), w.width.into(), w.height.into());
    match snap {
        None => t.extend_from_slice(b" (gadgets not read)"),
        Some(s) if s.truncated => t.extend_from_slice(b" (gadget list cut short)"),
        Some(_) => {}
    }
    t
}

fn screen_row_text(s: &ScreenInfo) -> Vec<u8> {
    let mut t = Vec::from(&b"screen "[..]);
    push_title(&mut t, &s.default_title);
    t.extend_from_slice(b"  ");
    push_box(&mut t, s.left.into(), s.top.into(), s.width.into(), s.height.into());
    t
}

impl View {
    /// An empty view: no screens, default filter, no selection.
    pub fn new() -> View {
        View {
            screens: ScreensSnapshot::default(),
            windows: Vec::new(),
            filter: Filter::default(),
            rows: Vec::new(),
            selection: None,
            selected_row: None,
            generation: 0,
            names: KindNames::default(),
        }
    }

    /// Set the names of system gadgets and the context gadget (the user's
    /// language, [`KindNames::from_strings`]); true if the rows changed.
    pub fn set_names(&mut self, names: KindNames) -> bool {
        self.names = names;
        self.rebuild()
    }

    /// The names the list uses.
    pub fn names(&self) -> &KindNames {
        &self.names
    }

    /// Replace the data with a new walk: `screens` from `read_screens`
    /// and one `WindowSnap` per window walked (windows without one show
    /// as a window row without gadgets). Returns true only when the
    /// visible rows changed, so the front-end rebuilds its list only then.
    ///
    /// The selection is kept by identity, not address: the window with
    /// the same title and screen title (the same occurrence among equal
    /// ones, in Intuition list order), the gadget with the same GA_ID,
    /// role and label (the same occurrence among equal ones); addresses
    /// are the fallback when the identity is gone. A selection that is no
    /// longer present (or now filtered out) is cleared.
    pub fn update(&mut self, screens: &ScreensSnapshot, windows: Vec<WindowSnap>) -> bool {
        self.screens = screens.clone();
        self.windows = windows;
        self.rebuild()
    }

    /// The gadgets of a walked window (by its address), for naming.
    pub fn gadgets_of(&self, window: u32) -> Option<&[GadgetSnap]> {
        self.windows.iter().find(|w| w.info.address == window).map(|w| w.gadgets.as_slice())
    }

    /// The visible rows, screens front to back, windows in
    /// `Screen->FirstWindow` order, gadgets in `Window->FirstGadget` order.
    pub fn rows(&self) -> &[Row] {
        &self.rows
    }

    /// The columns of row `row` for a front-end with columns (the ReAction
    /// listbrowser: Role / ID / Label / Class / Geometry), taken from the
    /// walk's data, not from [`Row::text`]. Latin-1; geometry in pixels
    /// (`x,y wxh`: gadgets window-relative with the borders included,
    /// windows and screens screen- or display-relative). A screen's and a
    /// window's title goes in the label column (`(untitled)` without
    /// one); a string or integer gadget's value follows its label as
    /// ` value="…"`. A gadget's Role column holds [`KindNames::name_of`]
    /// when it has one (system gadget, context gadget, GadTools kind), its
    /// ID column is blank for a system or context gadget. `None` when there
    /// is no such row.
    pub fn row_columns(&self, row: usize) -> Option<[Vec<u8>; 5]> {
        let r = self.rows.get(row)?;
        let mut geometry = Vec::new();
        let title = |t: &Option<Vec<u8>>| t.clone().unwrap_or_else(|| b"(untitled)".to_vec());
        Some(match r.kind {
            RowKind::Screen { screen } => {
                let s = self.screens.screens.iter().find(|s| s.address == screen)?;
                push_box(&mut geometry, s.left.into(), s.top.into(), s.width.into(), s.height.into());
                [b"screen".to_vec(), Vec::new(), title(&s.default_title), Vec::new(), geometry]
            }
            RowKind::Window { window, .. } => {
                let w = self.window_info(window)?;
                push_box(&mut geometry, w.left.into(), w.top.into(), w.width.into(), w.height.into());
                [b"window".to_vec(), Vec::new(), title(&w.title), Vec::new(), geometry]
            }
            RowKind::Gadget { window, index } => {
                let g = self.snap(window)?.gadgets.get(index)?;
                push_box(&mut geometry, g.left.into(), g.top.into(), g.width.into(), g.height.into());
                let role = self.names.name_of(g).unwrap_or(g.role.as_str().as_bytes()).to_vec();
                let mut label = g.label.clone();
                if let Some(v) = &g.value {
                    label.extend_from_slice(b" value=");
                    push_quoted(&mut label, v);
                }
                let id = if is_frame_piece(g) { Vec::new() } else { decimal(g.id) };
                [role, id, label, g.class.to_vec(), geometry]
            }
        })
    }

    /// Counts row changes: it moves whenever [`View::update`],
    /// [`View::set_filter`] or [`View::select_gadget`] changed the rows,
    /// so a front-end can tell whether to rebuild its list.
    pub fn generation(&self) -> u32 {
        self.generation
    }

    /// Set the filter; true if the rows changed. A selection that the new
    /// filter hides is cleared.
    pub fn set_filter(&mut self, f: Filter) -> bool {
        self.filter = f;
        self.rebuild()
    }

    /// The current filter.
    pub fn filter(&self) -> &Filter {
        &self.filter
    }

    /// Select the row at `row` (0-based in [`View::rows`]); false (and the
    /// selection unchanged) when there is no such row.
    pub fn select_row(&mut self, row: usize) -> bool {
        let Some(r) = self.rows.get(row) else { return false };
        let Some(sel) = self.key_for(r.kind) else { return false };
        self.selection = Some(sel);
        self.selected_row = Some(row);
        true
    }

    /// Select a gadget by its window and gadget addresses (pick mode, the
    /// ARexx `HIGHLIGHT` verb). False when that gadget is not in the last
    /// walk. When the filter hides it, the text and role filters are
    /// cleared (and system gadgets shown, for a system gadget) so that it
    /// shows; [`View::generation`] then moves.
    pub fn select_gadget(&mut self, window: u32, gadget_address: u32) -> bool {
        let Some(index) = self.snap(window).and_then(|s| s.gadgets.iter().position(|g| g.address == gadget_address))
        else {
            return false;
        };
        let kind = RowKind::Gadget { window, index };
        let Some(sel) = self.key_for(kind) else { return false };
        if !self.rows.iter().any(|r| r.kind == kind) {
            self.filter.text.clear();
            self.filter.role = None;
            self.build_rows();
            if !self.rows.iter().any(|r| r.kind == kind) {
                self.filter.system_gadgets = true;
                self.build_rows();
            }
            self.generation = self.generation.wrapping_add(1);
        }
        let Some(row) = self.rows.iter().position(|r| r.kind == kind) else {
            // Its window is not on any screen of the snapshot.
            return false;
        };
        self.selection = Some(sel);
        self.selected_row = Some(row);
        true
    }

    /// Nothing selected.
    pub fn clear_selection(&mut self) {
        self.selection = None;
        self.selected_row = None;
    }

    /// The selected row's index in [`View::rows`].
    pub fn selected_row(&self) -> Option<usize> {
        self.selected_row
    }

    /// The selected window (freshest header: from its `WindowSnap` when
    /// walked) and, for a gadget row, the gadget. `None` for no selection
    /// or a screen row.
    pub fn selected(&self) -> Option<(&WindowInfo, Option<&GadgetSnap>)> {
        match self.rows.get(self.selected_row?)?.kind {
            RowKind::Screen { .. } => None,
            RowKind::Window { window, .. } => Some((self.window_info(window)?, None)),
            RowKind::Gadget { window, index } => {
                let s = self.snap(window)?;
                Some((&s.info, Some(s.gadgets.get(index)?)))
            }
        }
    }

    /// The selected screen, for a screen row.
    pub fn selected_screen(&self) -> Option<&ScreenInfo> {
        match self.rows.get(self.selected_row?)?.kind {
            RowKind::Screen { screen } => self.screens.screens.iter().find(|s| s.address == screen),
            _ => None,
        }
    }

    /// The box to frame on screen for the selection, as (screen address, left,
    /// top, width, height), pixels, relative to the screen's top-left corner:
    /// for a gadget `Window->LeftEdge/TopEdge` plus its window-relative box
    /// (borders included, docs/reference/formats.md, "TREE"); for a window its
    /// `LeftEdge/TopEdge/Width/Height`. `None` for a screen row or no
    /// selection.
    pub fn highlight(&self) -> Option<(u32, i32, i32, i32, i32)> {
        let (w, g) = self.selected()?;
        Some(match g {
            Some(g) => (
                w.screen,
                i32::from(w.left).wrapping_add(g.left),
                i32::from(w.top).wrapping_add(g.top),
                g.width,
                g.height,
            ),
            None => (w.screen, w.left.into(), w.top.into(), w.width.into(), w.height.into()),
        })
    }

    /// The ready-to-copy locators for the selected gadget
    /// (docs/reference/commands.md, "Finding windows and gadgets"); `None`
    /// unless a gadget row is selected.
    pub fn locators(&self, profile: &Profile) -> Option<Locators> {
        let RowKind::Gadget { window, index } = self.rows.get(self.selected_row?)?.kind else { return None };
        let snap = self.snap(window)?;
        Some(locators(&self.screens, snap, index, profile))
    }

    /// Details lines for the selected row, Latin-1.
    ///
    /// A gadget: its window, role, GA_ID, label, class, value (string and
    /// integer gadgets), system-gadget kind, the box window-relative (borders
    /// included) and screen-relative (pixels), then the AmiPilot locators ready
    /// to copy, one per tier (docs/reference/commands.md, "Locator tiers" and
    /// "Gadgets"): `@name` when the profile names it, `"<title>" <GA_ID>` when
    /// the ID is unique and not 0, `"<title>" ROLE=<role> LABEL="<label>"`
    /// (with `INDEX=` when an earlier gadget matches too, or
    /// `ROLE=<role> INDEX=<n>` without a label). A tier that is not available
    /// is a line in parentheses saying why. A window: title, screen, box, borders, gadget
    /// count, its pattern and profile name. A screen: title, box, frontmost,
    /// window count.
    pub fn details(&self, profile: &Profile) -> Vec<Vec<u8>> {
        let Some(row) = self.selected_row.and_then(|r| self.rows.get(r)) else { return Vec::new() };
        match row.kind {
            RowKind::Screen { screen } => match self.screens.screens.iter().find(|s| s.address == screen) {
                Some(s) => screen_details(s),
                None => Vec::new(),
            },
            RowKind::Window { window, .. } => match self.window_info(window) {
                Some(w) => self.window_details(w, profile),
                None => Vec::new(),
            },
            RowKind::Gadget { window, index } => match self.snap(window) {
                Some(s) => gadget_details(&self.screens, s, index, profile, &self.names),
                None => Vec::new(),
            },
        }
    }

    fn window_details(&self, w: &WindowInfo, profile: &Profile) -> Vec<Vec<u8>> {
        let mut out = Vec::new();
        let mut l = Vec::from(&b"window "[..]);
        push_title(&mut l, &w.title);
        l.extend_from_slice(b" on screen ");
        push_title(&mut l, &w.screen_title);
        out.push(l);
        let mut l = Vec::from(&b"box: "[..]);
        push_box(&mut l, w.left.into(), w.top.into(), w.width.into(), w.height.into());
        l.extend_from_slice(b" (pixels, screen-relative)");
        out.push(l);
        out.push(
            format!(
                "borders: left {}, top {}, right {}, bottom {} (pixels)",
                w.border_left, w.border_top, w.border_right, w.border_bottom
            )
            .into_bytes(),
        );
        out.push(
            format!(
                "flags: {} (refresh {})",
                FlagNames(&WindowFlags::from_bits_retain(w.flags & !WFLG_REFRESHBITS)),
                refresh_name(w.flags)
            )
            .into_bytes(),
        );
        out.push(match self.snap(w.address) {
            Some(s) if s.truncated => format!("gadgets: {} (list cut short)", s.gadgets.len()).into_bytes(),
            Some(s) => format!("gadgets: {}", s.gadgets.len()).into_bytes(),
            None => b"gadgets: not read".to_vec(),
        });
        match window_pattern(&self.screens, w) {
            Ok((p, note)) => {
                let mut l = Vec::from(&b"locator: "[..]);
                l.extend_from_slice(&p);
                out.push(l);
                if let Some(n) = note {
                    out.push(n);
                }
            }
            Err(reason) => out.push(paren(&reason)),
        }
        if let Some(t) = &w.title {
            if let Some(name) = profile.window_name_of(t) {
                let mut l = Vec::from(&b"profile window name: "[..]);
                l.extend_from_slice(name);
                out.push(l);
            }
        }
        out
    }

    fn snap(&self, window: u32) -> Option<&WindowSnap> {
        self.windows.iter().find(|s| s.info.address == window)
    }

    fn window_info(&self, window: u32) -> Option<&WindowInfo> {
        self.snap(window).map(|s| &s.info).or_else(|| self.screens.window(window))
    }

    fn gadget_shown(&self, w: &WindowInfo, g: &GadgetSnap) -> bool {
        let f = &self.filter;
        if g.sys.is_some() && !f.system_gadgets {
            return false;
        }
        if f.role.is_some_and(|r| r != g.role) {
            return false;
        }
        f.text.is_empty()
            || title_matches(w, &f.text)
            || contains_folded(&g.label, &f.text)
            || contains_folded(&g.class, &f.text)
            || contains_folded(g.role.as_str().as_bytes(), &f.text)
            || self.names.name_of(g).is_some_and(|n| contains_folded(n, &f.text))
            || g.value.as_deref().is_some_and(|v| contains_folded(v, &f.text))
            || decimal(g.id) == f.text
    }

    fn build_rows(&mut self) {
        let mut rows = Vec::new();
        let narrows = self.filter.narrows();
        for s in &self.screens.screens {
            let screen_at = rows.len();
            let mut any_window = false;
            for w in &s.windows {
                let snap = self.snap(w.address);
                let info = snap.map_or(w, |s| &s.info);
                let window_at = rows.len();
                let mut any_gadget = false;
                if let Some(snap) = snap {
                    for (index, g) in snap.gadgets.iter().enumerate() {
                        if self.gadget_shown(info, g) {
                            any_gadget = true;
                            rows.push(Row {
                                depth: 2,
                                kind: RowKind::Gadget { window: w.address, index },
                                text: gadget_row_text(g, &self.names),
                            });
                        }
                    }
                }
                let show =
                    !narrows || any_gadget || (self.filter.role.is_none() && title_matches(info, &self.filter.text));
                if show {
                    any_window = true;
                    let row = Row {
                        depth: 1,
                        kind: RowKind::Window { screen: s.address, window: w.address },
                        text: window_row_text(info, snap),
                    };
                    rows.insert(window_at, row);
                } else {
                    rows.truncate(window_at);
                }
            }
            if !narrows || any_window {
                rows.insert(
                    screen_at,
                    Row { depth: 0, kind: RowKind::Screen { screen: s.address }, text: screen_row_text(s) },
                );
            }
        }
        self.rows = rows;
    }

    /// Rebuild the rows and re-find the selection; true if rows changed.
    fn rebuild(&mut self) -> bool {
        let old = core::mem::take(&mut self.rows);
        self.build_rows();
        let changed = old != self.rows;
        if changed {
            self.generation = self.generation.wrapping_add(1);
        }
        self.selected_row = None;
        if let Some(sel) = self.selection.take() {
            if let Some(kind) = self.resolve(&sel) {
                if let Some(row) = self.rows.iter().position(|r| r.kind == kind) {
                    self.selection = self.key_for(kind);
                    self.selected_row = Some(row);
                }
            }
        }
        changed
    }

    /// The identity of the object a row stands for.
    fn key_for(&self, kind: RowKind) -> Option<Selection> {
        match kind {
            RowKind::Screen { screen } => {
                let s = self.screens.screens.iter().find(|s| s.address == screen)?;
                let occurrence = self
                    .screens
                    .screens
                    .iter()
                    .take_while(|o| o.address != screen)
                    .filter(|o| o.default_title == s.default_title)
                    .count();
                Some(Selection::Screen(ScreenKey { title: s.default_title.clone(), occurrence, address: screen }))
            }
            RowKind::Window { window, .. } => Some(Selection::Window(self.window_key(window)?)),
            RowKind::Gadget { window, index } => {
                let wk = self.window_key(window)?;
                let gadgets = &self.snap(window)?.gadgets;
                let g = gadgets.get(index)?;
                let occurrence = gadgets[..index].iter().filter(|o| same_gadget(o, g.id, g.role, &g.label)).count();
                Some(Selection::Gadget(
                    wk,
                    GadgetKey { id: g.id, role: g.role, label: g.label.clone(), occurrence, address: g.address },
                ))
            }
        }
    }

    fn window_key(&self, window: u32) -> Option<WindowKey> {
        let w = self.screens.window(window)?;
        let occurrence = self
            .screens
            .windows()
            .take_while(|o| o.address != window)
            .filter(|o| o.title == w.title && o.screen_title == w.screen_title)
            .count();
        Some(WindowKey { title: w.title.clone(), screen_title: w.screen_title.clone(), occurrence, address: window })
    }

    fn find_window_key(&self, k: &WindowKey) -> Option<u32> {
        self.screens
            .windows()
            .filter(|o| o.title == k.title && o.screen_title == k.screen_title)
            .nth(k.occurrence)
            .or_else(|| self.screens.window(k.address))
            .map(|w| w.address)
    }

    /// Where a selection is in the current data.
    fn resolve(&self, sel: &Selection) -> Option<RowKind> {
        match sel {
            Selection::Screen(k) => {
                let s = self
                    .screens
                    .screens
                    .iter()
                    .filter(|s| s.default_title == k.title)
                    .nth(k.occurrence)
                    .or_else(|| self.screens.screens.iter().find(|s| s.address == k.address))?;
                Some(RowKind::Screen { screen: s.address })
            }
            Selection::Window(k) => {
                let window = self.find_window_key(k)?;
                let screen = self.screens.screens.iter().find(|s| s.windows.iter().any(|w| w.address == window))?;
                Some(RowKind::Window { screen: screen.address, window })
            }
            Selection::Gadget(wk, gk) => {
                let window = self.find_window_key(wk)?;
                let gadgets = &self.snap(window)?.gadgets;
                let index = gadgets
                    .iter()
                    .enumerate()
                    .filter(|(_, g)| same_gadget(g, gk.id, gk.role, &gk.label))
                    .nth(gk.occurrence)
                    .map(|(i, _)| i)
                    .or_else(|| gadgets.iter().position(|g| g.address == gk.address))?;
                Some(RowKind::Gadget { window, index })
            }
        }
    }
}

fn same_gadget(g: &GadgetSnap, id: u32, role: Role, label: &[u8]) -> bool {
    g.id == id && g.role == role && g.label == label
}

fn title_matches(w: &WindowInfo, text: &[u8]) -> bool {
    !text.is_empty() && w.title.as_deref().is_some_and(|t| contains_folded(t, text))
}

fn paren(reason: &str) -> Vec<u8> {
    let mut l = Vec::from(&b"  ("[..]);
    l.extend_from_slice(&amiga_ndk::latin1::from_str_lossy(reason));
    l.push(b')');
    l
}

fn screen_details(s: &ScreenInfo) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let mut l = Vec::from(&b"screen "[..]);
    push_title(&mut l, &s.default_title);
    out.push(l);
    let mut l = Vec::from(&b"box: "[..]);
    push_box(&mut l, s.left.into(), s.top.into(), s.width.into(), s.height.into());
    l.extend_from_slice(b" (pixels, display-relative)");
    out.push(l);
    out.push(if s.frontmost { b"frontmost: yes".to_vec() } else { b"frontmost: no".to_vec() });
    out.push(format!("windows: {}", s.windows.len()).into_bytes());
    out
}

/// The ready-to-copy locators of one gadget, one per tier
/// (docs/reference/commands.md, "Locator tiers"); `Err` holds the sentence
/// saying why a tier is not available. The text is what follows a verb such as
/// `CLICK` or `HIGHLIGHT` (docs/reference/commands.md, "Commands"), Latin-1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Locators {
    /// Tier 1: `@name` from the profile.
    pub name: Result<Vec<u8>, String>,
    /// Tier 2 by number: `"<title>" <GA_ID>` (optionally after
    /// `SCREEN="<screen>" `).
    pub id: Result<Vec<u8>, String>,
    /// Tier 2 semantic: `"<title>" ROLE=<role> LABEL="<label>"` with
    /// `INDEX=<n>` when needed, or `"<title>" ROLE=<role> INDEX=<n>`
    /// without a label.
    pub semantic: Result<Vec<u8>, String>,
    /// A remark on the semantic locator (no readable label), if any.
    pub note: Option<String>,
    /// A remark on the window pattern (another window comes first), if any.
    pub window_note: Option<Vec<u8>>,
}

/// The window part of a locator: `"<title>"` (at most [`PATTERN_MAX`] bytes of
/// it, a prefix still being a substring), preceded by
/// `SCREEN="<screen title>" ` when another window with a matching title comes
/// first in list order (docs/reference/commands.md, "Windows": first match
/// wins) and the screen tells them apart; else a note saying the locator finds
/// the other window.
fn window_pattern(snap: &ScreensSnapshot, w: &WindowInfo) -> Result<(Vec<u8>, Option<Vec<u8>>), String> {
    let Some(title) = w.title.as_deref() else {
        return Err(String::from("untitled window: a window pattern never matches an untitled window"));
    };
    let pattern = &title[..title.len().min(PATTERN_MAX)];
    let mut out = Vec::new();
    let mut note = None;
    if find_window(snap, pattern, None).map(|f| f.address) != Some(w.address) {
        let screen = w.screen_title.as_deref().map(|s| &s[..s.len().min(PATTERN_MAX)]);
        match screen {
            Some(s) if !s.is_empty() && find_window(snap, pattern, Some(s)).map(|f| f.address) == Some(w.address) => {
                out.extend_from_slice(b"SCREEN=");
                push_quoted(&mut out, s);
                out.push(b' ');
            }
            _ => {
                note = Some(Vec::from(
                    &b"  (another window with a matching title comes first in Intuition's list: these locators find that one)"[..],
                ))
            }
        }
    }
    push_quoted(&mut out, pattern);
    Ok((out, note))
}

fn locators(screens: &ScreensSnapshot, snap: &WindowSnap, index: usize, profile: &Profile) -> Locators {
    let g = &snap.gadgets[index];
    let w = &snap.info;
    let pattern = window_pattern(screens, w);
    let (prefix, window_note) = match &pattern {
        Ok((p, n)) => (Ok(p.clone()), n.clone()),
        Err(e) => (Err(e.clone()), None),
    };
    let sharing = snap.gadgets.iter().filter(|o| o.id == g.id).count();
    let id_problem = if g.sys.is_some() {
        Some(String::from("a system gadget has no GA_ID of its own"))
    } else if g.id == 0 {
        Some(String::from("GA_ID 0: the program gave this gadget no ID"))
    } else if g.id > gadgetscope_core::manifest::GA_ID_MAX {
        Some(format!("GA_ID {} is beyond {}, the largest a locator takes", g.id, gadgetscope_core::manifest::GA_ID_MAX))
    } else if sharing > 1 {
        Some(format!("GA_ID {} is shared by {} gadgets of this window; a number finds the first", g.id, sharing))
    } else {
        None
    };
    let id = match (&prefix, &id_problem) {
        (Err(e), _) => Err(format!("no GA_ID locator: {e}")),
        (_, Some(p)) => Err(format!("no GA_ID locator: {p}")),
        (Ok(p), None) => {
            let mut l = p.clone();
            l.push(b' ');
            push_int(&mut l, i64::from(g.id));
            Ok(l)
        }
    };
    let named = w.title.as_deref().and_then(|t| u16::try_from(g.id).ok().and_then(|id| profile.name_of(t, id)));
    let name = match (named, &id_problem) {
        (Some(n), _) if g.sys.is_none() && g.id != 0 => {
            let mut l = Vec::from(&b"@"[..]);
            l.extend_from_slice(n);
            Ok(l)
        }
        (_, Some(p)) => Err(format!(
            "no @name: {p}; a profile names gadgets by a unique GA_ID (a v2 profile can use WHEREGADGET when the application has a WHERE port)"
        )),
        _ => Err(String::from("no @name yet: name this gadget to add it to the profile")),
    };
    let mut note = None;
    let semantic = match &prefix {
        Err(e) => Err(format!("no ROLE= locator: {e}")),
        Ok(p) => {
            let mut l = p.clone();
            l.extend_from_slice(b" ROLE=");
            l.extend_from_slice(g.role.as_str().as_bytes());
            if g.label.is_empty() {
                let n = snap.gadgets[..index].iter().filter(|o| o.role == g.role).count();
                l.extend_from_slice(b" INDEX=");
                push_int(&mut l, n as i64);
                note = Some(if g.role == Role::Button && g.class.is_empty() && is_gadtools(g.gadget_type) {
                    String::from("no readable label: a GadTools PLACETEXT_IN button draws its text into its imagery, so INDEX= counts the buttons before it")
                } else {
                    String::from("no label: INDEX= counts the gadgets of this role before it")
                });
            } else {
                let label = &g.label[..g.label.len().min(LABEL_MAX)];
                l.extend_from_slice(b" LABEL=");
                push_quoted(&mut l, label);
                let n = snap.gadgets[..index].iter().filter(|o| o.role == g.role && contains(&o.label, label)).count();
                if n > 0 {
                    l.extend_from_slice(b" INDEX=");
                    push_int(&mut l, n as i64);
                }
            }
            Ok(l)
        }
    };
    Locators { name, id, semantic, note, window_note }
}

/// The `kind:` line of a gadget's details: what it is beyond its role, and
/// how GadgetScope knows it (or why it does not).
fn kind_line(g: &GadgetSnap, names: &KindNames) -> Option<Vec<u8>> {
    let mut l = Vec::from(&b"kind: "[..]);
    if let Some(s) = g.sys {
        l.extend_from_slice(names.sys_name(s));
        l.extend_from_slice(
            format!(" (system gadget, {})", sys_type_name(g.gadget_type).unwrap_or("GTYP_SYSGADGET")).as_bytes(),
        );
    } else if is_context(g) {
        l.extend_from_slice(&names.context);
        l.extend_from_slice(b" (GadTools's invisible first gadget, CreateContext(): nothing to click)");
    } else if let Some(name) = g.gt_kind.and_then(gadtools_kind_name) {
        l.extend_from_slice(name.as_bytes());
        let kind = g.gt_kind.unwrap_or(0);
        if g.role == Role::Button && !aros_kind_probes(kind).is_empty() {
            l.extend_from_slice(
                b" (GadTools; a part of such a gadget without a value of its own, such as a slider's level display)",
            );
        } else if name == "_ARROW_KIND" {
            l.extend_from_slice(b" (GadTools on AROS: an arrow of a scroller or listview)");
        } else {
            l.extend_from_slice(b" (GadTools)");
        }
    } else if is_gadtools(g.gadget_type) && g.class.is_empty() {
        l.extend_from_slice(b"GadTools, kind not told (AmigaOS 3.x GadTools keeps it private");
        l.extend_from_slice(match g.role {
            Role::Button => &b"; this may be a BUTTON, CYCLE, MX or PALETTE kind or a listview's arrow)"[..],
            Role::Slider => b"; this may be a SLIDER or SCROLLER kind or a listview's scroller)",
            _ => b")",
        });
    } else {
        return None;
    }
    Some(l)
}

fn gadget_details(
    screens: &ScreensSnapshot,
    snap: &WindowSnap,
    index: usize,
    profile: &Profile,
    names: &KindNames,
) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let Some(g) = snap.gadgets.get(index) else { return out };
    let w = &snap.info;
    let mut l = Vec::from(&b"gadget in window "[..]);
    push_title(&mut l, &w.title);
    out.push(l);
    out.push(format!("role: {}", g.role.as_str()).into_bytes());
    out.extend(kind_line(g, names));
    out.push(format!("GA_ID: {}", g.id).into_bytes());
    out.push(
        format!(
            "flags: {} (highlight {}, label {})",
            FlagNames(&GadgetFlags::from_bits_retain(g.flags & !(GFLG_GADGHIGHBITS | GFLG_LABELMASK))),
            highlight_name(g.flags),
            label_name(g.flags)
        )
        .into_bytes(),
    );
    let mut l = Vec::from(&b"label: "[..]);
    push_quoted(&mut l, &g.label);
    out.push(l);
    let mut l = Vec::from(&b"class: "[..]);
    push_quoted(&mut l, &g.class);
    if g.class.is_empty() {
        l.extend_from_slice(b" (classic or GadTools gadget)");
    }
    out.push(l);
    if let Some(v) = &g.value {
        let mut l = Vec::from(&b"value: "[..]);
        push_quoted(&mut l, v);
        out.push(l);
    }
    let mut l = Vec::from(&b"box: "[..]);
    push_box(&mut l, g.left.into(), g.top.into(), g.width.into(), g.height.into());
    l.extend_from_slice(b" (pixels, window-relative, borders included)");
    out.push(l);
    let mut l = Vec::from(&b"on screen: "[..]);
    let (x, y) = (i64::from(w.left) + i64::from(g.left), i64::from(w.top) + i64::from(g.top));
    push_box(&mut l, x, y, g.width.into(), g.height.into());
    l.extend_from_slice(b" (pixels, screen-relative)");
    out.push(l);
    out.push(b"locators:".to_vec());
    let loc = locators(screens, snap, index, profile);
    for tier in [&loc.name, &loc.id, &loc.semantic] {
        match tier {
            Ok(t) => {
                let mut l = Vec::from(&b"  "[..]);
                l.extend_from_slice(t);
                out.push(l);
            }
            Err(e) => out.push(paren(e)),
        }
    }
    if let Some(n) = &loc.note {
        out.push(paren(n));
    }
    if let Some(n) = loc.window_note {
        out.push(n);
    }
    // The recorder's choice among those tiers (gadgetscope_record), with the
    // profile's names as RECORD takes them when no MANIFEST is loaded.
    let manifest = (!profile.is_empty()).then(|| profile.manifest());
    let text = locator_text(screens, snap, index, manifest);
    out.push(crate::strings::fill(&names.recorded_as, &[&text]));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use amiga_ndk::gadtools::GADTOOL_TYPE;
    use amiga_ndk::intuition::{
        GFLG_GADGHBOX, GFLG_STRINGEXTEND, GFLG_TABCYCLE, GTYP_CLOSE, GTYP_STRGADGET, GTYP_SYSGADGET, WFLG_ACTIVATE,
        WFLG_CLOSEGADGET, WFLG_DEPTHGADGET, WFLG_DRAGBAR, WFLG_SIMPLE_REFRESH,
    };
    use amiga_ndk::latin1::to_string as shown;
    use gadgetscope_core::classify::SysGadget;

    const WB: u32 = 0x1000;
    const FIX: u32 = 0x2000;
    const W1: u32 = 0x10_000;
    const W2: u32 = 0x20_000;

    fn window(
        address: u32,
        screen: u32,
        title: Option<&[u8]>,
        screen_title: &[u8],
        geo: (i16, i16, i16, i16),
    ) -> WindowInfo {
        gadgetscope_core::fake::window_info(address, screen, title, screen_title, geo)
    }

    fn gadget(address: u32, id: u32, role: Role, label: &[u8], geo: (i32, i32, i32, i32)) -> GadgetSnap {
        gadgetscope_core::fake::gadget_snap(address, id, role, label, geo)
    }

    fn close_gadget(address: u32) -> GadgetSnap {
        let mut g = gadget(address, 0, Role::Custom, b"", (0, 0, 20, 11));
        g.class = b"buttongclass".into();
        g.gadget_type = GTYP_SYSGADGET | GTYP_CLOSE;
        g.sys = Some(SysGadget::Close);
        g
    }

    fn screen(address: u32, title: &[u8], windows: Vec<WindowInfo>, frontmost: bool) -> ScreenInfo {
        ScreenInfo {
            address,
            default_title: Some(title.to_vec()),
            width: 640,
            height: 256,
            bar_height: 10,
            bar_hborder: 5,
            menu_hborder: 2,
            menu_vborder: 2,
            frontmost,
            windows,
            ..ScreenInfo::default()
        }
    }

    /// The GadTools fixture window on Workbench plus a second window on a
    /// custom screen; `base` offsets every address (a reopened window).
    fn world(base: u32) -> (ScreensSnapshot, Vec<WindowSnap>) {
        let mut w1 = window(W1 + base, WB + base, Some(b"GadTools Fixture"), b"Workbench Screen", (20, 24, 408, 171));
        w1.flags = WFLG_DRAGBAR | WFLG_DEPTHGADGET | WFLG_CLOSEGADGET | WFLG_ACTIVATE | WFLG_SIMPLE_REFRESH;
        let w2 = window(W2 + base, FIX + base, Some(b"Other"), b"Fixture Screen", (0, 12, 200, 100));
        let mut name = gadget(W1 + base + 0x30, 2, Role::String, b"Name", (98, 39, 132, 10));
        name.value = Some(b"hello".to_vec());
        name.gadget_type = GTYP_STRGADGET | GADTOOL_TYPE;
        name.flags = GFLG_GADGHBOX | GFLG_TABCYCLE | GFLG_STRINGEXTEND;
        name.gt_kind = Some(amiga_ndk::gadtools::STRING_KIND);
        let g1 = vec![
            close_gadget(W1 + base + 0x10),
            gadget(W1 + base + 0x20, 1, Role::Button, b"Connect", (94, 19, 140, 14)),
            name,
            gadget(W1 + base + 0x40, 0, Role::Button, b"", (10, 60, 80, 14)),
            gadget(W1 + base + 0x50, 7, Role::Checkbox, b"Twin", (10, 80, 26, 11)),
            gadget(W1 + base + 0x60, 7, Role::Checkbox, b"Twin", (10, 95, 26, 11)),
        ];
        let g2 = vec![gadget(W2 + base + 0x10, 3, Role::Slider, b"Level", (10, 20, 100, 10))];
        let snap = ScreensSnapshot {
            screens: vec![
                screen(WB + base, b"Workbench Screen", vec![w1.clone()], true),
                screen(FIX + base, b"Fixture Screen", vec![w2.clone()], false),
            ],
            active_window: 0,
            truncated: false,
        };
        let windows = vec![
            WindowSnap { info: w1, gadgets: g1, truncated: false },
            WindowSnap { info: w2, gadgets: g2, truncated: false },
        ];
        (snap, windows)
    }

    fn loaded() -> View {
        let (s, w) = world(0);
        let mut v = View::new();
        assert!(v.update(&s, w));
        v
    }

    fn texts(v: &View) -> Vec<String> {
        v.rows().iter().map(|r| shown(&r.text)).collect()
    }

    fn lines(l: Vec<Vec<u8>>) -> Vec<String> {
        l.iter().map(|x| shown(x)).collect()
    }

    fn row_of(v: &View, label: &str) -> usize {
        v.rows().iter().position(|r| shown(&r.text).contains(&format!("\"{label}\""))).unwrap()
    }

    #[test]
    fn rows_are_indented_fixed_width_columns() {
        let v = loaded();
        let t = texts(&v);
        assert_eq!(t.len(), 11);
        assert_eq!(t[0], "screen \"Workbench Screen\"  0,0 640x256");
        assert_eq!(t[1], "  window \"GadTools Fixture\"  20,24 408x171");
        assert_eq!(t[2], "    close gadget                              0,0 20x11       buttongclass");
        assert_eq!(t[3], "    button             1 \"Connect\"            94,19 140x14");
        assert_eq!(t[4], "    STRING_KIND        2 \"Name\"               98,39 132x10 value=\"hello\"");
        assert_eq!(t[8], "screen \"Fixture Screen\"  0,0 640x256");
        assert_eq!(t[9], "  window \"Other\"  0,12 200x100");
        let depths: Vec<u8> = v.rows().iter().map(|r| r.depth).collect();
        assert_eq!(depths, [0, 1, 2, 2, 2, 2, 2, 2, 0, 1, 2]);
        for r in v.rows() {
            assert!(r.text.starts_with(&b"      "[..2 * r.depth as usize]));
            assert_ne!(r.text[2 * r.depth as usize], b' ');
        }
        assert_eq!(v.rows()[3].kind, RowKind::Gadget { window: W1, index: 1 });
        assert_eq!(v.rows()[1].kind, RowKind::Window { screen: WB, window: W1 });
        assert_eq!(v.rows()[0].kind, RowKind::Screen { screen: WB });
    }

    #[test]
    fn unwalked_untitled_and_cut_short_windows_say_so() {
        let (mut s, mut w) = world(0);
        s.screens[0].windows.push(window(0x30_000, WB, None, b"Workbench Screen", (1, 2, 3, 4)));
        w[1].truncated = true;
        let mut v = View::new();
        v.update(&s, w);
        let t = texts(&v);
        assert!(t.contains(&"  window (untitled)  1,2 3x4 (gadgets not read)".to_string()), "{t:?}");
        assert!(t.contains(&"  window \"Other\"  0,12 200x100 (gadget list cut short)".to_string()), "{t:?}");
    }

    #[test]
    fn filter_by_text_role_and_system_gadgets() {
        let mut v = loaded();
        assert_eq!(v.filter(), &Filter::default());
        assert!(v.filter().system_gadgets);
        // Text: case-insensitive, label / class / role / value / exact ID.
        assert!(v.set_filter(Filter { text: b"connect".to_vec(), ..Filter::default() }));
        let t = texts(&v);
        assert_eq!(t.len(), 3, "{t:?}");
        assert!(t[2].contains("\"Connect\""));
        v.set_filter(Filter { text: b"HELLO".to_vec(), ..Filter::default() });
        assert_eq!(v.rows().len(), 3);
        v.set_filter(Filter { text: b"3".to_vec(), ..Filter::default() });
        assert_eq!(texts(&v)[2].trim_start().split(' ').next(), Some("slider"), "ID 3 only, not every 3 in a box");
        assert_eq!(v.rows().len(), 3);
        // A window title match shows the whole window.
        v.set_filter(Filter { text: b"gadtools".to_vec(), ..Filter::default() });
        assert_eq!(v.rows().len(), 8);
        // Nothing matches: no rows at all.
        v.set_filter(Filter { text: b"zzz".to_vec(), ..Filter::default() });
        assert!(v.rows().is_empty());
        // Role.
        v.set_filter(Filter { role: Some(Role::Checkbox), ..Filter::default() });
        let t = texts(&v);
        assert_eq!(t.len(), 4, "{t:?}");
        assert!(t[2].trim_start().starts_with("checkbox") && t[3].trim_start().starts_with("checkbox"));
        // System gadgets hidden, everything else shown.
        assert!(v.set_filter(Filter { system_gadgets: false, ..Filter::default() }));
        assert_eq!(v.rows().len(), 10);
        assert!(!texts(&v).iter().any(|t| t.contains("sys=")));
        assert!(!v.set_filter(Filter { system_gadgets: false, ..Filter::default() }), "same filter, same rows");
    }

    #[test]
    fn latin1_text_filter_folds_case() {
        let (s, mut w) = world(0);
        w[1].gadgets[0].label = b"Gr\xd6\xdfe".to_vec();
        let mut v = View::new();
        v.update(&s, w);
        v.set_filter(Filter { text: b"gr\xf6\xdf".to_vec(), ..Filter::default() });
        assert_eq!(v.rows().len(), 3);
    }

    #[test]
    fn update_reports_only_visible_changes() {
        let mut v = loaded();
        let g = v.generation();
        let (s, w) = world(0);
        assert!(!v.update(&s, w.clone()), "same walk");
        assert_eq!(v.generation(), g);
        let mut w2 = w.clone();
        w2[0].gadgets[2].value = Some(b"hello!".to_vec());
        assert!(v.update(&s, w2), "a value changed");
        assert_ne!(v.generation(), g);
        // A change the rows do not show (flags) is not a change.
        let mut w3 = w.clone();
        w3[0].gadgets[2].value = Some(b"hello!".to_vec());
        w3[0].gadgets[1].flags = 0x80;
        assert!(!v.update(&s, w3));
        // A hidden change behind a filter is not a change either.
        v.set_filter(Filter { text: b"Level".to_vec(), ..Filter::default() });
        let mut w4 = w;
        w4[0].gadgets[2].value = Some(b"other".to_vec());
        assert!(!v.update(&s, w4));
    }

    #[test]
    fn selection_survives_reopen_and_inserted_gadget() {
        let mut v = loaded();
        // The second "Twin" checkbox (ID 7 shared).
        let row = v.rows().iter().rposition(|r| shown(&r.text).contains("\"Twin\"")).unwrap();
        assert!(v.select_row(row));
        assert_eq!(v.selected().unwrap().1.unwrap().address, W1 + 0x60);
        // The window reopened at other addresses, with a new gadget first.
        let (s, mut w) = world(0x100);
        w[0].gadgets.insert(0, gadget(0x999, 9, Role::Button, b"New", (1, 1, 10, 10)));
        assert!(v.update(&s, w));
        let (win, g) = v.selected().unwrap();
        assert_eq!(win.address, W1 + 0x100);
        let g = g.unwrap();
        assert_eq!((g.address, g.top), (W1 + 0x160, 95), "the second Twin, not the first");
        assert_eq!(v.rows()[v.selected_row().unwrap()].kind, RowKind::Gadget { window: W1 + 0x100, index: 6 });
        // Window and screen selections survive too.
        assert!(v.select_row(0));
        let (s, w) = world(0x200);
        v.update(&s, w);
        assert_eq!(v.selected_row(), Some(0));
        assert_eq!(v.selected_screen().unwrap().address, WB + 0x200);
        assert!(v.selected().is_none(), "a screen row has no window");
        let wrow = v
            .rows()
            .iter()
            .position(|r| matches!(r.kind, RowKind::Window { window, .. } if window == W2 + 0x200))
            .unwrap();
        assert!(v.select_row(wrow));
        let (s, w) = world(0x300);
        v.update(&s, w);
        assert_eq!(v.selected().unwrap().0.address, W2 + 0x300);
        assert!(v.selected().unwrap().1.is_none());
    }

    #[test]
    fn selection_cleared_when_gone_or_filtered_out() {
        let mut v = loaded();
        assert!(v.select_row(row_of(&v, "Level")));
        assert!(!v.select_row(99));
        assert!(v.selected_row().is_some(), "a bad row keeps the selection");
        v.set_filter(Filter { text: b"Connect".to_vec(), ..Filter::default() });
        assert_eq!(v.selected_row(), None);
        assert!(v.selected().is_none());
        v.set_filter(Filter::default());
        assert_eq!(v.selected_row(), None, "a cleared selection does not come back");
        assert!(v.select_row(row_of(&v, "Level")));
        let (s, mut w) = world(0);
        w[1].gadgets.clear();
        v.update(&s, w);
        assert_eq!(v.selected_row(), None);
        assert!(v.select_row(1));
        v.clear_selection();
        assert!(v.selected().is_none() && v.selected_row().is_none());
    }

    #[test]
    fn select_gadget_clears_a_hiding_filter() {
        let mut v = loaded();
        assert!(!v.select_gadget(W1, 0xdead), "not present");
        assert!(!v.select_gadget(0xdead, W1 + 0x20));
        v.set_filter(Filter { text: b"Level".to_vec(), role: Some(Role::Slider), system_gadgets: false });
        let g = v.generation();
        assert!(v.select_gadget(W1, W1 + 0x20));
        assert_ne!(v.generation(), g, "rows changed");
        assert_eq!(v.filter(), &Filter { text: Vec::new(), role: None, system_gadgets: false });
        assert_eq!(v.selected().unwrap().1.unwrap().label, b"Connect");
        // A hidden system gadget turns system gadgets back on.
        assert!(v.select_gadget(W1, W1 + 0x10));
        assert!(v.filter().system_gadgets);
        assert_eq!(v.selected().unwrap().1.unwrap().sys, Some(SysGadget::Close));
        // Already shown: the filter stays.
        v.set_filter(Filter { text: b"Connect".to_vec(), ..Filter::default() });
        let g = v.generation();
        assert!(v.select_gadget(W1, W1 + 0x20));
        assert_eq!(v.generation(), g);
        assert_eq!(v.filter().text, b"Connect");
    }

    #[test]
    fn highlight_is_screen_relative() {
        let mut v = loaded();
        assert_eq!(v.highlight(), None);
        v.select_row(row_of(&v, "Connect"));
        assert_eq!(v.highlight(), Some((WB, 20 + 94, 24 + 19, 140, 14)));
        v.select_row(1);
        assert_eq!(v.highlight(), Some((WB, 20, 24, 408, 171)));
        v.select_row(0);
        assert_eq!(v.highlight(), None);
        v.select_row(row_of(&v, "Level"));
        assert_eq!(v.highlight(), Some((FIX, 10, 32, 100, 10)));
    }

    #[test]
    fn details_of_a_named_gadget() {
        let mut v = loaded();
        let mut p = Profile::new();
        let (s, w) = world(0);
        p.name_gadget(&w[0].info, &w[0].gadgets, 2, b"name_field", None).unwrap();
        let _ = s;
        v.select_row(row_of(&v, "Name"));
        assert_eq!(
            lines(v.details(&p)),
            [
                "gadget in window \"GadTools Fixture\"",
                "role: string",
                "kind: STRING_KIND (GadTools)",
                "GA_ID: 2",
                "flags: GFLG_TABCYCLE | GFLG_STRINGEXTEND (highlight GFLG_GADGHBOX, label GFLG_LABELITEXT)",
                "label: \"Name\"",
                "class: \"\" (classic or GadTools gadget)",
                "value: \"hello\"",
                "box: 98,39 132x10 (pixels, window-relative, borders included)",
                "on screen: 118,63 132x10 (pixels, screen-relative)",
                "locators:",
                "  @name_field",
                "  \"GadTools Fixture\" 2",
                "  \"GadTools Fixture\" ROLE=string LABEL=\"Name\"",
                "recorded as: @name_field",
            ]
        );
    }

    #[test]
    fn details_explain_missing_tiers() {
        let mut v = loaded();
        let p = Profile::new();
        v.select_row(row_of(&v, "Connect"));
        let d = lines(v.details(&p));
        assert_eq!(d[2], "kind: GadTools, kind not told (AmigaOS 3.x GadTools keeps it private; this may be a BUTTON, CYCLE, MX or PALETTE kind or a listview's arrow)");
        assert_eq!(d[4], "flags: 0 (highlight GFLG_GADGHCOMP, label GFLG_LABELITEXT)");
        assert_eq!(
            d[9..],
            [
                "locators:".to_string(),
                "  (no @name yet: name this gadget to add it to the profile)".into(),
                "  \"GadTools Fixture\" 1".into(),
                "  \"GadTools Fixture\" ROLE=button LABEL=\"Connect\"".into(),
                "recorded as: \"GadTools Fixture\" 1".into(),
            ]
        );
        // Shared ID, second of two equal labels: INDEX=1.
        let row = v.rows().iter().rposition(|r| shown(&r.text).contains("\"Twin\"")).unwrap();
        v.select_row(row);
        let l = v.locators(&p).unwrap();
        assert_eq!(
            l.id,
            Err("no GA_ID locator: GA_ID 7 is shared by 2 gadgets of this window; a number finds the first".into())
        );
        assert_eq!(shown(&l.semantic.unwrap()), "\"GadTools Fixture\" ROLE=checkbox LABEL=\"Twin\" INDEX=1");
        assert!(l.name.unwrap_err().starts_with("no @name: GA_ID 7 is shared"));
        // GA_ID 0, GadTools button without a label (PLACETEXT_IN).
        let row = v.rows().iter().position(|r| r.kind == RowKind::Gadget { window: W1, index: 3 }).unwrap();
        v.select_row(row);
        let d = lines(v.details(&p));
        assert_eq!(d[9..], [
            "locators:".to_string(),
            "  (no @name: GA_ID 0: the program gave this gadget no ID; a profile names gadgets by a unique GA_ID (a v2 profile can use WHEREGADGET when the application has a WHERE port))".into(),
            "  (no GA_ID locator: GA_ID 0: the program gave this gadget no ID)".into(),
            "  \"GadTools Fixture\" ROLE=button INDEX=1".into(),
            "  (no readable label: a GadTools PLACETEXT_IN button draws its text into its imagery, so INDEX= counts the buttons before it)".into(),
            "recorded as: \"GadTools Fixture\" ROLE=button INDEX=1".into(),
        ]);
        // System gadget.
        v.select_row(2);
        let d = lines(v.details(&p));
        assert_eq!(d[2], "kind: close gadget (system gadget, GTYP_CLOSE)");
        assert!(d.contains(&"  (no GA_ID locator: a system gadget has no GA_ID of its own)".to_string()), "{d:?}");
        assert!(d.contains(&"  \"GadTools Fixture\" ROLE=custom INDEX=0".to_string()), "{d:?}");
        assert!(d.contains(&"  (no label: INDEX= counts the gadgets of this role before it)".to_string()), "{d:?}");
        assert!(d.contains(&"class: \"buttongclass\"".to_string()));
    }

    #[test]
    fn locators_quote_and_disambiguate_windows() {
        // Two windows titled alike on two screens: the second needs SCREEN=.
        let (mut s, mut w) = world(0);
        let t = b"Say \"hi\" \\o/".to_vec();
        for sc in &mut s.screens {
            sc.windows[0].title = Some(t.clone());
        }
        for ws in &mut w {
            ws.info.title = Some(t.clone());
        }
        let mut v = View::new();
        v.update(&s, w);
        let p = Profile::new();
        v.select_row(row_of(&v, "Level"));
        let l = v.locators(&p).unwrap();
        assert_eq!(shown(&l.id.unwrap()), "SCREEN=\"Fixture Screen\" \"Say \\\"hi\\\" \\\\o/\" 3");
        assert_eq!(l.window_note, None);
        // Same screen title too: nothing tells them apart.
        let (mut s, mut w) = world(0);
        s.screens[1].windows[0].title = Some(b"GadTools Fixture 2".to_vec());
        s.screens[1].windows[0].screen_title = Some(b"Workbench Screen".to_vec());
        s.screens[1].default_title = Some(b"Workbench Screen".to_vec());
        w[1].info = s.screens[1].windows[0].clone();
        let mut v = View::new();
        v.update(&s, w);
        v.select_row(row_of(&v, "Level"));
        let l = v.locators(&p).unwrap();
        assert_eq!(shown(&l.id.unwrap()), "\"GadTools Fixture 2\" 3", "the longer title finds it");
        let (mut s, mut w) = world(0);
        s.screens[1].windows[0].title = Some(b"GadTools".to_vec());
        s.screens[1].windows[0].screen_title = Some(b"Workbench Screen".to_vec());
        w[1].info = s.screens[1].windows[0].clone();
        let mut v = View::new();
        v.update(&s, w);
        v.select_row(row_of(&v, "Level"));
        let d = lines(v.details(&p));
        assert_eq!(
            d[d.len() - 2],
            "  (another window with a matching title comes first in Intuition's list: these locators find that one)"
        );
        // The recorder finds no pattern either and says so.
        assert_eq!(
            d[d.len() - 1],
            "recorded as: coordinates: another window whose title holds \"GadTools\" comes first in Intuition's list"
        );
    }

    #[test]
    fn window_and_screen_details() {
        let mut v = loaded();
        let mut p = Profile::new();
        let (_, w) = world(0);
        p.name_gadget(&w[0].info, &w[0].gadgets, 1, b"connect", None).unwrap();
        v.select_row(1);
        assert_eq!(
            lines(v.details(&p)),
            [
                "window \"GadTools Fixture\" on screen \"Workbench Screen\"",
                "box: 20,24 408x171 (pixels, screen-relative)",
                "borders: left 4, top 11, right 4, bottom 2 (pixels)",
                "flags: WFLG_DRAGBAR | WFLG_DEPTHGADGET | WFLG_CLOSEGADGET | WFLG_ACTIVATE (refresh WFLG_SIMPLE_REFRESH)",
                "gadgets: 6",
                "locator: \"GadTools Fixture\"",
                "profile window name: gadtools_fixture",
            ]
        );
        v.select_row(0);
        assert_eq!(
            lines(v.details(&p)),
            [
                "screen \"Workbench Screen\"",
                "box: 0,0 640x256 (pixels, display-relative)",
                "frontmost: yes",
                "windows: 1"
            ]
        );
        v.clear_selection();
        assert!(v.details(&p).is_empty());
        assert!(v.locators(&p).is_none());
    }

    /// The GadTools fixture as AROS builds it (tests-uae/golden/
    /// gadtools-fixture.tree, kinds as AROS's GTA_ChildGadgetKind answers
    /// them) plus an AmigaOS 3.x GadTools button whose kind is not told.
    fn fixture_like() -> View {
        use amiga_ndk::gadtools::*;
        use amiga_ndk::intuition::{GTYP_CUSTOMGADGET, GTYP_SIZING, GTYP_WDEPTH, GTYP_WDRAGGING, GTYP_WZOOM};
        let info = window(W1, WB, Some(b"GadTools Fixture"), b"Workbench Screen", (20, 24, 408, 171));
        let sys = |a: u32, t: u16, k: SysGadget, geo| {
            let mut g = gadget(a, 0, Role::Custom, b"", geo);
            g.class = b"buttongclass".into();
            g.gadget_type = GTYP_SYSGADGET | GTYP_CUSTOMGADGET | t;
            g.sys = Some(k);
            g
        };
        let gt = |a: u32, id: u32, role: Role, label: &[u8], geo, kind: Option<u32>| {
            let mut g = gadget(a, id, role, label, geo);
            g.gadget_type = GTYP_CUSTOMGADGET | GADTOOL_TYPE;
            g.gt_kind = kind;
            g
        };
        let mut context = gadget(0x110, 0, Role::Unknown, b"", (0, 0, 0, 0));
        context.gadget_type = GADTOOL_TYPE;
        let mut os3 = gadget(0x300, 20, Role::Button, b"", (10, 150, 60, 14));
        os3.gadget_type = amiga_ndk::intuition::GTYP_BOOLGADGET | GADTOOL_TYPE;
        let gadgets = vec![
            sys(0x100, GTYP_WDEPTH, SysGadget::Depth, (394, 0, 15, 15)),
            sys(0x101, GTYP_CLOSE, SysGadget::Close, (0, 0, 15, 15)),
            sys(0x102, GTYP_WDRAGGING, SysGadget::Drag, (0, 0, 408, 15)),
            sys(0x103, GTYP_WZOOM, SysGadget::Zoom, (370, 0, 23, 15)),
            sys(0x104, GTYP_SIZING, SysGadget::Size, (392, 155, 16, 16)),
            context,
            gt(0x120, 1, Role::Button, b"Connect", (94, 19, 140, 14), Some(BUTTON_KIND)),
            gt(0x130, 2, Role::String, b"Name", (98, 39, 132, 10), Some(STRING_KIND)),
            gt(0x140, 3, Role::Checkbox, b"Enabled", (94, 55, 26, 11), Some(CHECKBOX_KIND)),
            gt(0x150, 4, Role::Integer, b"Count", (98, 73, 72, 10), Some(INTEGER_KIND)),
            gt(0x160, 0, Role::Button, b"", (209, 94, 24, 8), Some(SLIDER_KIND)),
            gt(0x170, 5, Role::Slider, b"Level", (96, 93, 106, 7), Some(SLIDER_KIND)),
            gt(0x180, 6, Role::Button, b"Mode", (94, 107, 140, 14), Some(CYCLE_KIND)),
            gt(0x190, 7, Role::Button, b"", (94, 127, 17, 28), Some(MX_KIND)),
            gt(0x1a0, 8, Role::Button, b"", (377, 85, 16, 16), Some(AROS_ARROW_KIND)),
            gt(0x1b0, 8, Role::Slider, b"", (379, 35, 12, 32), Some(SCROLLER_KIND)),
            gt(0x1c0, 8, Role::Listview, b"Items", (264, 33, 112, 68), Some(LISTVIEW_KIND)),
            gt(0x1d0, 10, Role::Text, b"Status", (10, 140, 80, 10), Some(TEXT_KIND)),
            gt(0x1e0, 11, Role::Text, b"", (100, 140, 40, 10), Some(NUMBER_KIND)),
            gt(0x1f0, 12, Role::Button, b"", (150, 140, 40, 20), Some(PALETTE_KIND)),
            os3,
        ];
        let snap = ScreensSnapshot {
            screens: vec![screen(WB, b"Workbench Screen", vec![info.clone()], true)],
            active_window: 0,
            truncated: false,
        };
        let mut v = View::new();
        v.update(&snap, vec![WindowSnap { info, gadgets, truncated: false }]);
        v
    }

    #[test]
    fn rows_name_system_context_and_gadtools_kinds() {
        let v = fixture_like();
        let t = texts(&v);
        let kinds: Vec<&str> = t[2..].iter().map(|r| r[4..].split("  ").next().unwrap()).collect();
        assert_eq!(
            kinds,
            [
                "depth gadget",
                "close gadget",
                "drag bar",
                "zoom gadget",
                "sizing gadget",
                "context gadget",
                "BUTTON_KIND",
                "STRING_KIND",
                "CHECKBOX_KIND",
                "INTEGER_KIND",
                "SLIDER_KIND",
                "SLIDER_KIND",
                "CYCLE_KIND",
                "MX_KIND",
                "_ARROW_KIND",
                "SCROLLER_KIND",
                "LISTVIEW_KIND",
                "TEXT_KIND",
                "NUMBER_KIND",
                "PALETTE_KIND",
                "button",
            ]
        );
        // System and context gadgets: no GA_ID or label column; the rest
        // keep theirs, aligned.
        assert_eq!(t[3], "    close gadget                              0,0 15x15       buttongclass");
        assert_eq!(t[7], "    context gadget                            0,0 0x0");
        assert_eq!(t[8], "    BUTTON_KIND        1 \"Connect\"            94,19 140x14");
        assert_eq!(t[14], "    CYCLE_KIND         6 \"Mode\"               94,107 140x14");
        assert!(!t.iter().any(|r| r.contains("sys=") || r.contains("custom")), "{t:?}");
        // The ReAction columns say the same.
        let c = v.row_columns(3).unwrap();
        assert_eq!(
            (shown(&c[0]), shown(&c[1]), shown(&c[3])),
            ("close gadget".into(), String::new(), "buttongclass".into())
        );
        let c = v.row_columns(14).unwrap();
        assert_eq!((shown(&c[0]), shown(&c[1]), shown(&c[2])), ("CYCLE_KIND".into(), "6".into(), "Mode".into()));
        assert_eq!(shown(&v.row_columns(7).unwrap()[0]), "context gadget");
        // TREE's role is untouched: the role filter still finds a cycle
        // gadget as a button, the text filter finds it by its kind too.
        let mut v = v;
        v.set_filter(Filter { text: b"cycle".to_vec(), ..Filter::default() });
        assert_eq!(texts(&v)[2..], ["    CYCLE_KIND         6 \"Mode\"               94,107 140x14"]);
        v.set_filter(Filter { text: b"GADGET".to_vec(), ..Filter::default() });
        assert_eq!(v.rows().len(), 2 + 5, "system gadgets (and the context gadget) by name");
        v.set_filter(Filter { text: b"context".to_vec(), ..Filter::default() });
        assert_eq!(v.rows().len(), 3);
        v.set_filter(Filter { role: Some(Role::Custom), ..Filter::default() });
        assert_eq!(v.rows().len(), 2 + 5);
    }

    #[test]
    fn details_say_the_kind_and_how_it_is_known() {
        let mut v = fixture_like();
        let p = Profile::new();
        let kind_of = |v: &mut View, row: usize| {
            assert!(v.select_row(row));
            let d = lines(v.details(&p));
            assert_eq!(d[1].split(' ').next(), Some("role:"));
            d[2].clone()
        };
        assert_eq!(kind_of(&mut v, 2), "kind: depth gadget (system gadget, GTYP_WDEPTH)");
        assert_eq!(kind_of(&mut v, 4), "kind: drag bar (system gadget, GTYP_WDRAGGING)");
        assert_eq!(kind_of(&mut v, 5), "kind: zoom gadget (system gadget, GTYP_WZOOM)");
        assert_eq!(kind_of(&mut v, 6), "kind: sizing gadget (system gadget, GTYP_SIZING)");
        assert_eq!(
            kind_of(&mut v, 7),
            "kind: context gadget (GadTools's invisible first gadget, CreateContext(): nothing to click)"
        );
        assert_eq!(kind_of(&mut v, 8), "kind: BUTTON_KIND (GadTools)");
        assert_eq!(
            kind_of(&mut v, 12),
            "kind: SLIDER_KIND (GadTools; a part of such a gadget without a value of its own, such as a slider's level display)"
        );
        assert_eq!(kind_of(&mut v, 13), "kind: SLIDER_KIND (GadTools)");
        assert_eq!(kind_of(&mut v, 14), "kind: CYCLE_KIND (GadTools)");
        assert_eq!(kind_of(&mut v, 15), "kind: MX_KIND (GadTools)");
        assert_eq!(kind_of(&mut v, 16), "kind: _ARROW_KIND (GadTools on AROS: an arrow of a scroller or listview)");
        assert_eq!(kind_of(&mut v, 18), "kind: LISTVIEW_KIND (GadTools)");
        assert_eq!(
            kind_of(&mut v, 22),
            "kind: GadTools, kind not told (AmigaOS 3.x GadTools keeps it private; this may be a BUTTON, CYCLE, MX or PALETTE kind or a listview's arrow)"
        );
        // The role line and the locators still speak TREE's roles.
        v.select_row(14);
        let d = lines(v.details(&p));
        assert_eq!(d[1], "role: button");
        assert!(d.contains(&"  \"GadTools Fixture\" ROLE=button LABEL=\"Mode\"".to_string()), "{d:?}");
        // A BOOPSI gadget that is not GadTools has no kind line.
        let (s, mut w) = world(0);
        w[1].gadgets[0].class = b"slider.gadget".into();
        w[1].gadgets[0].gadget_type = amiga_ndk::intuition::GTYP_CUSTOMGADGET;
        let mut v = View::new();
        v.update(&s, w);
        v.select_row(row_of(&v, "Level"));
        assert!(!lines(v.details(&p)).iter().any(|l| l.starts_with("kind:")));
    }

    #[test]
    fn names_come_from_the_catalog() {
        use crate::strings::ids as msg;
        let german = Strings::from_lookup(|id| match id {
            msg::MSG_SYS_CLOSE => Some(b"Schlie\xdfgadget".to_vec()),
            msg::MSG_GT_CONTEXT => Some(b"Kontextgadget".to_vec()),
            _ => None,
        });
        let mut v = fixture_like();
        let g = v.generation();
        assert!(v.set_names(KindNames::from_strings(&german)));
        assert_ne!(v.generation(), g);
        let t = texts(&v);
        assert!(t[3].starts_with("    Schlie\u{df}gadget "), "{t:?}");
        assert!(t[7].starts_with("    Kontextgadget "), "{t:?}");
        assert!(t[2].starts_with("    depth gadget "), "no translation: the built-in English");
        assert_eq!(v.names().sys_name(SysGadget::Close), b"Schlie\xdfgadget");
        assert!(!v.set_names(KindNames::from_strings(&german)), "same names, same rows");
        assert_eq!(KindNames::default(), KindNames::from_strings(&Strings::english()));
    }
}
