//! The GadTools front-end's pure half (host-tested; also built for
//! wasm32): the gadget plan `gadtools_ui` creates gadget by gadget
//! (kind, ID, label, box, tags) and what an IntuiMessage means as a
//! [`UiEvent`]. The plan is made from [`crate::controls::CONTROLS`] (IDs,
//! labels, lengths, the order of the buttons); the layout is this
//! module's own.
//!
//! Layout is in pixels from the window's inner top-left corner, scaled by
//! the screen font's height (`Screen->Font->ta_YSize`); widths assume an
//! 8-pixel-wide font as GadTools' own defaults do.
use crate::controls::{self, Built, Control, Kind};
use crate::events::UiEvent;
use crate::strings::{StringId, Strings};
use alloc::vec::Vec;
use amiga_ndk::gadtools::*;
use amiga_ndk::input::RAWKEY_HELP;
use amiga_ndk::intuition::{IDCMP_CLOSEWINDOW, IDCMP_GADGETUP, IDCMP_MENUPICK, IDCMP_RAWKEY, IDCMP_REFRESHWINDOW};

/// `GTLV_Selected` / `GTLV_Labels` "none" and "detached" value.
pub const NONE: u32 = !0;

/// A tag value of the plan: a number, or what only exists at run time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Val {
    Int(u32),
    /// The address of the plan's gadget with this ID (made before).
    Gadget(u16),
    /// The tree's label list.
    Rows,
    /// The details' label list.
    Details,
}

/// One gadget to create (`CreateGadgetA(kind, previous, &ng, tags)`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GadgetPlan {
    /// A GadTools `*_KIND`.
    pub kind: u32,
    pub id: u16,
    /// `ng_GadgetText` (a catalog string), placed by `place`.
    pub label: Option<StringId>,
    /// `ng_Flags` (`PLACETEXT_*`).
    pub place: u32,
    /// Left, top, width, height from the inner top-left corner (pixels).
    pub rect: (i32, i32, i32, i32),
    pub tags: Vec<(u32, Val)>,
}

/// The window: inner size and the gadgets in creation order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    pub inner_w: i32,
    pub inner_h: i32,
    pub gadgets: Vec<GadgetPlan>,
}

// The controls in rows, and those the layout has one place for.
const BUTTONS: [Control; controls::count(Kind::Button)] = controls::row(Kind::Button);
const FIELDS: [Control; controls::count(Kind::TextField)] = controls::row(Kind::TextField);
const TREE: Control = controls::the(Kind::Tree);
const ECHO: Control = controls::the(Kind::RowEcho);
const DETAILS: Control = controls::the(Kind::Details);
const STATUS: Control = controls::the(Kind::Status);

/// The `GTST_MaxChars` tag of a string gadget holding `c`'s text: the
/// characters without the NUL, as [`Control::max_chars`] counts them.
/// GadTools makes the buffer one longer for the NUL (RKM Libraries,
/// "Text-Entry and Number-Entry Gadgets"; AROS rom/gadtools/stringclass.c
/// gives strgclass `GTST_MaxChars` + 1 as `STRINGA_MaxChars`).
fn max_chars(c: &Control) -> (u32, Val) {
    (GTST_MaxChars, Val::Int(u32::from(c.max_chars)))
}

/// The window's IDCMP (`WA_IDCMP`).
pub const IDCMP: u32 =
    IDCMP_CLOSEWINDOW | IDCMP_MENUPICK | IDCMP_REFRESHWINDOW | IDCMP_RAWKEY | BUTTONIDCMP | LISTVIEWIDCMP;

/// The plan for a screen of `screen_w` x `screen_h` pixels whose font is
/// `font_h` pixels high, with `text`'s labels (their widths matter).
/// At most 560 pixels wide; a 640x256 Workbench gets a compact window,
/// taller screens more lines.
pub fn plan(text: &Strings, font_h: i32, screen_w: i32, screen_h: i32) -> Plan {
    let fh = font_h.clamp(6, 24);
    let bh = fh + 6;
    let inner_w = (screen_w - 24).clamp(300, 560);
    let (list_lines, detail_lines) = if screen_h >= 400 { (14, 6) } else { (5, 4) };
    let list_h = list_lines * (fh + 1) + 4;
    let det_h = detail_lines * (fh + 1) + 4;
    let inner_h = 4 + bh + 4 + list_h + bh + 4 + det_h + 4 + bh + 4 + bh + 4;
    let (x0, mut y) = (4, 4);
    let w = inner_w - 8;
    let mut g = Vec::new();
    let under = (GT_Underscore, Val::Int(u32::from(b'_')));

    // The button row: the buttons of CONTROLS, left to right.
    let n = BUTTONS.len() as i32;
    let bw = (w - 4 * (n - 1)) / n;
    for (i, c) in BUTTONS.iter().enumerate() {
        g.push(GadgetPlan {
            kind: BUTTON_KIND,
            id: c.id,
            label: c.label,
            place: PLACETEXT_IN,
            rect: (x0 + i as i32 * (bw + 4), y, bw, bh),
            tags: alloc::vec![under],
        });
    }
    y += bh + 4;

    // The selected-row echo (made first: the list points at it), then
    // the tree list above it (GTLV_ShowSelected puts the echo under it).
    g.push(GadgetPlan {
        kind: STRING_KIND,
        id: ECHO.id,
        label: None,
        place: 0,
        rect: (x0, y + list_h, w, bh),
        tags: alloc::vec![max_chars(&ECHO)],
    });
    g.push(GadgetPlan {
        kind: LISTVIEW_KIND,
        id: TREE.id,
        label: None,
        place: 0,
        rect: (x0, y, w, list_h + bh),
        tags: alloc::vec![
            (GTLV_Labels, Val::Rows),
            (GTLV_ShowSelected, Val::Gadget(ECHO.id)),
            (GTLV_Selected, Val::Int(NONE)),
        ],
    });
    y += list_h + bh + 4;

    g.push(GadgetPlan {
        kind: LISTVIEW_KIND,
        id: DETAILS.id,
        label: None,
        place: 0,
        rect: (x0, y, w, det_h),
        tags: alloc::vec![(GTLV_Labels, Val::Details), (GTLV_ReadOnly, Val::Int(1))],
    });
    y += det_h + 4;

    // The text fields share a row in equal columns 8 pixels apart (the
    // last takes what division leaves), each label left of its field.
    let label_w = |id: StringId| (text.text(id).iter().filter(|&&c| c != b'_').count() as i32 + 1) * 8;
    let n = FIELDS.len() as i32;
    let col = (w - 8 * (n - 1)) / n;
    for (i, c) in FIELDS.iter().enumerate() {
        let left = x0 + i as i32 * (col + 8);
        let width = if i as i32 == n - 1 { x0 + w - left } else { col };
        let lw = c.label.map_or(0, label_w);
        g.push(GadgetPlan {
            kind: STRING_KIND,
            id: c.id,
            label: c.label,
            place: PLACETEXT_LEFT,
            rect: (left + lw, y, width - lw, bh),
            tags: alloc::vec![max_chars(c), under],
        });
    }
    y += bh + 4;

    g.push(GadgetPlan {
        kind: TEXT_KIND,
        id: STATUS.id,
        label: None,
        place: 0,
        rect: (x0, y, w, bh),
        tags: alloc::vec![(GTTX_Border, Val::Int(1)), (GTTX_CopyText, Val::Int(1))],
    });
    Plan { inner_w, inner_h, gadgets: g }
}

/// The controls `plan` makes, as [`controls::expected`] lists them: a
/// read-only LISTVIEW is the details, a STRING_KIND gadget a LISTVIEW
/// shows its selection in is the row echo; a string gadget's length is
/// its `GTST_MaxChars`.
pub fn controls_of(plan: &Plan) -> Vec<Built> {
    let echoes: Vec<u16> = plan
        .gadgets
        .iter()
        .flat_map(|g| g.tags.iter())
        .filter_map(|&(tag, v)| match (tag, v) {
            (t, Val::Gadget(id)) if t == GTLV_ShowSelected => Some(id),
            _ => None,
        })
        .collect();
    let mut v: Vec<Built> = plan
        .gadgets
        .iter()
        .filter_map(|g| {
            let tag = |tag: u32| g.tags.iter().find(|t| t.0 == tag).map(|t| t.1);
            let has = |t: u32| tag(t).is_some_and(|v| v != Val::Int(0));
            let kind = match g.kind {
                BUTTON_KIND => Kind::Button,
                LISTVIEW_KIND if has(GTLV_ReadOnly) => Kind::Details,
                LISTVIEW_KIND => Kind::Tree,
                STRING_KIND if echoes.contains(&g.id) => Kind::RowEcho,
                STRING_KIND => Kind::TextField,
                TEXT_KIND => Kind::Status,
                _ => return None,
            };
            let max_chars = match (g.kind, tag(GTST_MaxChars)) {
                (STRING_KIND, Some(Val::Int(n))) => n as u16,
                _ => 0,
            };
            Some((g.id, kind, g.label, max_chars))
        })
        .collect();
    v.sort();
    v
}

/// What one IntuiMessage asks of the front-end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decoded {
    Event(UiEvent),
    /// A menu code to walk (`ItemAddress`, `NextSelect`).
    Menu(u16),
    /// `GT_BeginRefresh`/`GT_EndRefresh`.
    Refresh,
    Nothing,
}

/// Decodes an IntuiMessage of `class` and `code`; `gadget` is the plan ID
/// of the gadget in `IAddress` when it is one of the window's (`None`
/// otherwise), `text` reads a string gadget by ID. A LISTVIEW's code is
/// the ordinal of the clicked line, which is the view's row (one line per
/// row, gadtools.library LISTVIEW_KIND); a string gadget's code is the
/// key that ended it (`controls::TAB_CODE` for Tab and Shift-Tab).
pub fn decode(class: u32, code: u16, gadget: Option<u16>, text: impl FnOnce(u16) -> Vec<u8>) -> Decoded {
    match class {
        IDCMP_CLOSEWINDOW => Decoded::Event(UiEvent::Quit),
        IDCMP_REFRESHWINDOW => Decoded::Refresh,
        IDCMP_MENUPICK => Decoded::Menu(code),
        IDCMP_RAWKEY if code == u16::from(RAWKEY_HELP) => Decoded::Event(UiEvent::Help),
        IDCMP_GADGETUP => match gadget.and_then(|id| controls::released(id, code, || Some(usize::from(code)), text)) {
            Some(e) => Decoded::Event(e),
            None => Decoded::Nothing,
        },
        _ => Decoded::Nothing,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::events::gadget_ids as ids;

    #[test]
    fn the_plan_makes_every_control() {
        let p = plan(&Strings::english(), 8, 640, 256);
        assert_eq!(controls_of(&p), controls::expected());
        // Gadget references point backwards (made before they are used).
        for (i, g) in p.gadgets.iter().enumerate() {
            for &(_, v) in &g.tags {
                if let Val::Gadget(id) = v {
                    assert!(p.gadgets[..i].iter().any(|e| e.id == id), "{id} is made after {}", g.id);
                }
            }
        }
    }

    #[test]
    fn a_missing_control_is_noticed() {
        let mut p = plan(&Strings::english(), 8, 640, 256);
        p.gadgets.retain(|g| g.id != ids::FILTER);
        assert_ne!(controls_of(&p), controls::expected());
        let mut p = plan(&Strings::english(), 8, 640, 256);
        p.gadgets.iter_mut().find(|g| g.id == ids::LIST).unwrap().tags.retain(|t| t.0 != GTLV_ShowSelected);
        assert_ne!(controls_of(&p), controls::expected(), "the echo is no echo without the list");
    }

    #[test]
    fn the_window_fits_the_screen() {
        for (fh, sw, sh) in [(8, 640, 256), (8, 640, 512), (11, 800, 600), (24, 320, 200)] {
            let p = plan(&Strings::english(), fh, sw, sh);
            assert!(p.inner_w <= 560 && p.inner_w >= 300);
            for g in &p.gadgets {
                let (l, t, w, h) = g.rect;
                assert!(l >= 0 && t >= 0 && w > 0 && h > 0, "{g:?}");
                assert!(l + w <= p.inner_w && t + h <= p.inner_h, "{g:?} outside {}x{}", p.inner_w, p.inner_h);
            }
        }
        assert_eq!(plan(&Strings::english(), 8, 640, 256).inner_h, 4 + 14 + 4 + 49 + 14 + 4 + 40 + 4 + 14 + 4 + 14 + 4);
    }

    #[test]
    fn messages_become_events() {
        let none = |_: u16| Vec::new();
        assert_eq!(decode(IDCMP_CLOSEWINDOW, 0, None, none), Decoded::Event(UiEvent::Quit));
        assert_eq!(decode(IDCMP_GADGETUP, 7, Some(ids::LIST), none), Decoded::Event(UiEvent::SelectRow(7)));
        assert_eq!(
            decode(IDCMP_GADGETUP, 0, Some(ids::FILTER), |id| alloc::vec![id as u8]),
            Decoded::Event(UiEvent::Filter(alloc::vec![15]))
        );
        assert_eq!(decode(IDCMP_GADGETUP, 0, None, none), Decoded::Nothing, "not one of ours");
        assert_eq!(decode(IDCMP_GADGETUP, 0, Some(ids::SELECTED), none), Decoded::Nothing);
        assert_eq!(decode(IDCMP_GADGETUP, 0x0D, Some(ids::NAME), none), Decoded::Event(UiEvent::Name));
        assert_eq!(decode(IDCMP_GADGETUP, controls::TAB_CODE, Some(ids::NAME), none), Decoded::Nothing);
        assert_eq!(decode(IDCMP_MENUPICK, 0x0841, None, none), Decoded::Menu(0x0841));
        assert_eq!(decode(IDCMP_RAWKEY, u16::from(RAWKEY_HELP), None, none), Decoded::Event(UiEvent::Help));
        assert_eq!(decode(IDCMP_RAWKEY, 0x45, None, none), Decoded::Nothing);
        assert_eq!(decode(IDCMP_REFRESHWINDOW, 0, None, none), Decoded::Refresh);
    }
}
