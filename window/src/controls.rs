//! The window's controls, described once for both front-ends: every
//! gadget with its ID, what it is, its catalog label, how much text it
//! holds and what releasing it means to the controller; the window and
//! requester titles. The GadTools window (`crate::gadtools`, a gadget
//! plan) and the ReAction window (`crate::reaction`, an object plan) are
//! both built from [`CONTROLS`]: the button row from the buttons in their
//! order here, each control's ID, label and length from its entry; only
//! the layout is each front-end's own. Both decode a gadget release with
//! [`released`]. The host tests read each plan back into [`Built`]
//! entries and compare them with [`expected`].
use crate::events::{gadget_ids as ids, FileAsk, UiEvent};
use crate::strings::{ids as msg, StringId, Strings};
use gadgetscope_core::manifest::NAME_MAX;

/// What a control is (how each toolkit makes it differs; what it is to
/// the user and to scripts does not).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    /// A push button with a label (shortcut after `_`).
    Button,
    /// The gadget tree: one line or node per view row.
    Tree,
    /// A string gadget echoing the selected row, for scripts (GETTEXT).
    RowEcho,
    /// The read-only details list.
    Details,
    /// A labelled string gadget the user types into.
    TextField,
    /// The read-only status line.
    Status,
}

/// What releasing a control (`IDCMP_GADGETUP`, `WMHI_GADGETUP`) asks of
/// the controller.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Act {
    Refresh,
    Pick,
    Highlight,
    /// Name the selected gadget with the name field's text.
    Name,
    Export,
    /// Start recording, or stop it while recording.
    Record,
    /// Select the row the front-end reports (its own row↔line mapping).
    SelectRow,
    /// Filter the list by the filter field's text.
    Filter,
    /// Nothing for the controller.
    None,
}

/// One control of the window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Control {
    /// `GA_ID` (stable: scripts address it as `"GadgetScope" <id>`).
    pub id: u16,
    pub kind: Kind,
    /// The catalog string of its label (buttons and text fields).
    pub label: Option<StringId>,
    /// The most characters a string gadget (the row echo, a text field)
    /// holds, in bytes (Latin-1), not counting the terminating NUL; 0 for
    /// the other controls. Each toolkit counts its own way: GadTools'
    /// `GTST_MaxChars` is this, string.gadget's `STRINGA_MaxChars` this
    /// plus one (see the front-ends).
    pub max_chars: u16,
    pub act: Act,
}

const fn c(id: u16, kind: Kind, label: Option<StringId>, max_chars: u16, act: Act) -> Control {
    Control { id, kind, label, max_chars, act }
}

/// Every control of the window, in ID order; the buttons in this order
/// make the button row, left to right, and the text fields their row.
pub const CONTROLS: &[Control] = &[
    c(ids::REFRESH, Kind::Button, Some(msg::MSG_GAD_REFRESH), 0, Act::Refresh),
    c(ids::PICK, Kind::Button, Some(msg::MSG_GAD_PICK), 0, Act::Pick),
    c(ids::HIGHLIGHT, Kind::Button, Some(msg::MSG_GAD_HIGHLIGHT), 0, Act::Highlight),
    c(ids::NAME_BUTTON, Kind::Button, Some(msg::MSG_GAD_NAME), 0, Act::Name),
    c(ids::EXPORT, Kind::Button, Some(msg::MSG_GAD_EXPORT), 0, Act::Export),
    c(ids::RECORD, Kind::Button, Some(msg::MSG_GAD_RECORD), 0, Act::Record),
    c(ids::LIST, Kind::Tree, None, 0, Act::SelectRow),
    c(ids::SELECTED, Kind::RowEcho, None, 255, Act::None),
    c(ids::DETAILS, Kind::Details, None, 0, Act::None),
    // A manifest name (docs/reference/formats.md).
    c(ids::NAME, Kind::TextField, Some(msg::MSG_GAD_NAME_FIELD), NAME_MAX as u16, Act::Name),
    c(ids::STATUS, Kind::Status, None, 0, Act::None),
    c(ids::FILTER, Kind::TextField, Some(msg::MSG_GAD_FILTER), 63, Act::Filter),
];

/// The control with `id`.
pub fn control(id: u16) -> Option<&'static Control> {
    CONTROLS.iter().find(|c| c.id == id)
}

/// How many controls of `kind` there are (for a `const`: the size of a
/// row of them).
pub const fn count(kind: Kind) -> usize {
    let mut n = 0;
    let mut i = 0;
    while i < CONTROLS.len() {
        if CONTROLS[i].kind as u8 == kind as u8 {
            n += 1;
        }
        i += 1;
    }
    n
}

/// The `n`th control of `kind` (from 0, in [`CONTROLS`] order); one
/// beyond the last fails the build.
const fn nth(kind: Kind, n: usize) -> Control {
    let mut seen = 0;
    let mut i = 0;
    while i < CONTROLS.len() {
        if CONTROLS[i].kind as u8 == kind as u8 {
            if seen == n {
                return CONTROLS[i];
            }
            seen += 1;
        }
        i += 1;
    }
    panic!("fewer controls of this kind")
}

/// The controls of `kind` in [`CONTROLS`] order, `N` being
/// [`count`]`(kind)`; for a `const`, so that a row is a plain table.
pub const fn row<const N: usize>(kind: Kind) -> [Control; N] {
    assert!(count(kind) == N, "a row of another length");
    let mut a = [CONTROLS[0]; N];
    let mut i = 0;
    while i < N {
        a[i] = nth(kind, i);
        i += 1;
    }
    a
}

/// The one control of `kind`; for a `const`, so that a kind missing from
/// [`CONTROLS`] or there twice fails the build.
pub const fn the(kind: Kind) -> Control {
    assert!(count(kind) == 1, "not one control of this kind");
    nth(kind, 0)
}

/// The code of an `IDCMP_GADGETUP` (`WMHI_GADGETUP`: `wmh_Code`) from a
/// string gadget left with Tab or Shift-Tab: 0x09, "as if Return had
/// been pressed" but with the Tab in the code (RKM Libraries, "Tabbing
/// Between String Gadgets"; Shift-Tab gives 0x09 too, the Shift only in
/// the qualifier: AROS rom/intuition/strgadgets.c `DoSGHKey`).
pub const TAB_CODE: u16 = 0x09;

/// The event of releasing gadget `id` with IntuiMessage code `code`:
/// `row` says which row a tree click selected (`None`: it selected
/// nothing, e.g. a branch arrow), `text` reads a string gadget's text by
/// ID. `None` for an unknown ID, a control that asks nothing, and the
/// name field left with Tab or Shift-Tab ([`TAB_CODE`]): that only moves
/// on to the next field, naming is Return's or the Name button's. The
/// filter field is applied on Tab as on Return (what it shows follows
/// what it holds; nothing is written).
pub fn released(
    id: u16,
    code: u16,
    row: impl FnOnce() -> Option<usize>,
    text: impl FnOnce(u16) -> alloc::vec::Vec<u8>,
) -> Option<UiEvent> {
    let c = control(id)?;
    if c.kind == Kind::TextField && c.act == Act::Name && code == TAB_CODE {
        return None;
    }
    Some(match c.act {
        Act::Refresh => UiEvent::Refresh,
        Act::Pick => UiEvent::Pick,
        Act::Highlight => UiEvent::Highlight,
        Act::Name => UiEvent::Name,
        Act::Export => UiEvent::Export,
        Act::Record => UiEvent::Record,
        Act::SelectRow => UiEvent::SelectRow(row()?),
        Act::Filter => UiEvent::Filter(text(id)),
        Act::None => return None,
    })
}

/// The window title (`WA_Title`): what scripts and the scenarios match,
/// so not translated.
pub const WINDOW_TITLE: &[u8] = b"GadgetScope";

/// The requesters' title in built-in English (the catalog's
/// `MSG_REQ_TITLE`), for messages before the catalog is read.
pub const REQUEST_TITLE: &[u8] = b"GadgetScope Request";

/// The title of GadgetScope's EasyRequests (distinct from the window's,
/// so scripts and the walker tell them apart): the catalog's.
pub fn request_title(text: &Strings) -> &[u8] {
    text.text(msg::MSG_REQ_TITLE)
}

/// The ASL file requester's title for `what`.
pub fn file_request_title(text: &Strings, what: FileAsk) -> &[u8] {
    text.text(match what {
        FileAsk::OpenProfile => msg::MSG_ASL_OPEN,
        FileAsk::SaveProfile => msg::MSG_ASL_SAVE_AS,
        FileAsk::SaveRecording => msg::MSG_ASL_SAVE_RECORDING,
    })
}

/// What a front-end's plan builds, as the tests read it back:
/// `(id, kind, label, max_chars)` as in [`Control`], sorted.
pub type Built = (u16, Kind, Option<StringId>, u16);

/// [`CONTROLS`] as [`Built`] entries, sorted.
pub fn expected() -> alloc::vec::Vec<Built> {
    let mut v: alloc::vec::Vec<Built> = CONTROLS.iter().map(|c| (c.id, c.kind, c.label, c.max_chars)).collect();
    v.sort();
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    #[test]
    fn ids_are_unique_and_labels_are_catalog_strings() {
        let mut seen: Vec<u16> = CONTROLS.iter().map(|c| c.id).collect();
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), CONTROLS.len());
        for c in CONTROLS {
            assert_eq!(c.label.is_some(), matches!(c.kind, Kind::Button | Kind::TextField), "{c:?}");
            assert_eq!(c.max_chars > 0, matches!(c.kind, Kind::RowEcho | Kind::TextField), "{c:?}");
            if let Some(l) = c.label {
                assert!(crate::strings::ids::builtin(l).len() > 1, "{l} is not in gadgetscope.cd");
            }
        }
        assert_eq!(the(Kind::Tree).id, ids::LIST);
    }

    #[test]
    fn label_letters_differ_in_english() {
        let s = Strings::english();
        let mut letters: Vec<u8> = CONTROLS
            .iter()
            .filter_map(|c| c.label)
            .map(|l| crate::strings::underscored(s.text(l)).expect("a shortcut"))
            .collect();
        let n = letters.len();
        letters.sort();
        letters.dedup();
        assert_eq!(letters.len(), n, "two gadgets share a shortcut letter");
    }

    #[test]
    fn titles_come_from_the_catalog() {
        let s = Strings::english();
        assert_eq!(request_title(&s), REQUEST_TITLE);
        assert_ne!(request_title(&s), WINDOW_TITLE);
        assert_eq!(file_request_title(&s, FileAsk::SaveProfile), b"Save Profile As");
        assert_eq!(file_request_title(&s, FileAsk::OpenProfile), b"Open Profile");
        assert_eq!(file_request_title(&s, FileAsk::SaveRecording), b"Save Recording As");
        let de = Strings::from_lookup(|id| (id == msg::MSG_ASL_OPEN).then(|| b"Profil laden".to_vec()));
        assert_eq!(file_request_title(&de, FileAsk::OpenProfile), b"Profil laden");
    }

    #[test]
    fn releases_become_events() {
        let none = || None;
        let text = |id: u16| alloc::format!("text of {id}").into_bytes();
        assert_eq!(released(ids::REFRESH, 0, none, text), Some(UiEvent::Refresh));
        assert_eq!(released(ids::NAME, 0, none, text), Some(UiEvent::Name));
        assert_eq!(released(ids::NAME, 0x0D, none, text), Some(UiEvent::Name), "Return");
        assert_eq!(released(ids::NAME, TAB_CODE, none, text), None, "Tab only moves on");
        assert_eq!(released(ids::NAME_BUTTON, TAB_CODE, none, text), Some(UiEvent::Name), "a button has no Tab");
        assert_eq!(released(ids::NAME_BUTTON, 0, none, text), Some(UiEvent::Name));
        assert_eq!(released(ids::RECORD, 0, none, text), Some(UiEvent::Record));
        assert_eq!(released(ids::FILTER, 0, none, text), Some(UiEvent::Filter(b"text of 15".to_vec())));
        assert_eq!(released(ids::FILTER, TAB_CODE, none, text), Some(UiEvent::Filter(b"text of 15".to_vec())));
        assert_eq!(released(ids::LIST, 0, || Some(4), text), Some(UiEvent::SelectRow(4)));
        assert_eq!(released(ids::LIST, TAB_CODE, || Some(9), text), Some(UiEvent::SelectRow(9)), "row 9's code");
        assert_eq!(released(ids::LIST, 0, none, text), None, "a click that selects no row");
        for id in [ids::SELECTED, ids::DETAILS, ids::STATUS, 0, 99] {
            assert_eq!(released(id, 0, || Some(1), text), None, "{id}");
        }
    }
}
