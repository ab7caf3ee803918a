//! Finding a window by the AmiPilot locator rules (docs/reference/commands.md,
//! "Finding windows and gadgets"): a window pattern is a case-sensitive
//! substring of the window's live title; the first match in Intuition list
//! order wins (screens from `FirstScreen`, windows from `FirstWindow`);
//! untitled windows never match. An optional screen pattern first keeps only
//! screens whose `DefaultTitle` contains it.

use crate::classify::Role;
use crate::snapshot::{GadgetSnap, ScreensSnapshot, WindowInfo};
use alloc::vec::Vec;

/// Longest window or screen pattern a command takes (`<win>`, `SCREEN=`,
/// `WINDOW=`, `NOWINDOW=`, `EXPECT=WINDOW=`), in bytes
/// (docs/reference/commands.md, "Limits").
pub const PATTERN_MAX: usize = 127;
/// Longest `LABEL=`, `TEXT=`, `TYPE` text and `TOOLTYPE=`, in bytes
/// (docs/reference/commands.md, "Limits").
pub const TEXT_MAX: usize = 255;

/// A window locator: case-sensitive substring of the live title, first match in
/// Intuition list order, optionally only on screens whose `DefaultTitle` holds
/// `screen` (docs/reference/commands.md, "Windows"). Each at most 127 bytes
/// (same page, "Limits").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WindowTarget {
    /// `SCREEN=<substring>`, when given.
    pub screen: Option<Vec<u8>>,
    /// The title substring (may be empty: matches any titled window).
    pub pattern: Vec<u8>,
}

/// A gadget within a window (docs/reference/commands.md, "Gadgets").
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GadgetLocator {
    /// A numeric `GA_ID`, as `TREE` prints it (0-65535: `Gadget.GadgetID`
    /// is a UWORD).
    Id(u16),
    /// `ROLE=` and/or `LABEL=` (at least one) plus optional `INDEX=`.
    Match {
        /// `ROLE=`: one of docs/reference/formats.md "Roles" ([`Role`]).
        role: Option<Role>,
        /// Label substring, at most 255 bytes.
        label: Option<Vec<u8>>,
        /// 0-based index among the matches, when given (default 0).
        index: Option<u16>,
    },
    /// `SHOWN=<text>` plus optional `INDEX=`: text drawn in the window,
    /// read from its pixels (docs/reference/text-reader.md), not a gadget
    /// of its list; the engine finds it.
    Shown {
        /// The text, a case-sensitive substring of one text run, 1 to 255
        /// bytes.
        text: Vec<u8>,
        /// 0-based index among the places it is shown, top to bottom then
        /// left to right; without it two places are an error.
        index: Option<u16>,
    },
    /// `AT=<x>,<y>`: a point, pixels from the window's top-left corner
    /// (borders included, as gadget boxes).
    At {
        /// Pixels right of the window's left edge.
        x: i16,
        /// Pixels below the window's top edge.
        y: i16,
    },
}

impl GadgetLocator {
    /// The locator as a command line spells it (`3`, `ROLE=button
    /// LABEL="Save" INDEX=1`, `SHOWN="Save"`, `AT=10,20`): the parts
    /// given, blank-separated, text quoted (crate::text::push_quoted).
    pub fn push_to(&self, out: &mut Vec<u8>) {
        use crate::text::push_quoted;
        let sep = |out: &mut Vec<u8>| {
            if !out.is_empty() && out.last() != Some(&b' ') {
                out.push(b' ');
            }
        };
        let num = |out: &mut Vec<u8>, n: i64| out.extend_from_slice(alloc::format!("{n}").as_bytes());
        match self {
            GadgetLocator::Id(id) => num(out, i64::from(*id)),
            GadgetLocator::Match { role, label, index } => {
                if let Some(r) = role {
                    out.extend_from_slice(b"ROLE=");
                    out.extend_from_slice(r.as_str().as_bytes());
                }
                if let Some(l) = label {
                    sep(out);
                    out.extend_from_slice(b"LABEL=");
                    push_quoted(out, l);
                }
                if let Some(i) = index {
                    sep(out);
                    out.extend_from_slice(b"INDEX=");
                    num(out, i64::from(*i));
                }
            }
            GadgetLocator::Shown { text, index } => {
                out.extend_from_slice(b"SHOWN=");
                push_quoted(out, text);
                if let Some(i) = index {
                    out.extend_from_slice(b" INDEX=");
                    num(out, i64::from(*i));
                }
            }
            GadgetLocator::At { x, y } => {
                out.extend_from_slice(b"AT=");
                num(out, i64::from(*x));
                out.push(b',');
                num(out, i64::from(*y));
            }
        }
    }

    /// Whether the locator names a gadget of the window's list (`GA_ID`,
    /// `ROLE=`/`LABEL=`), not a place in its pixels.
    pub fn is_structural(&self) -> bool {
        matches!(self, GadgetLocator::Id(_) | GadgetLocator::Match { .. })
    }
}

/// True if `needle` occurs in `hay` (byte-wise, case-sensitive). An empty
/// needle occurs everywhere.
pub fn contains(hay: &[u8], needle: &[u8]) -> bool {
    needle.is_empty() || hay.windows(needle.len()).any(|w| w == needle)
}

/// The first window whose title contains `pattern`, on the first screens
/// whose `DefaultTitle` contains `screen` (all screens when `None`).
pub fn find_window<'a>(snap: &'a ScreensSnapshot, pattern: &[u8], screen: Option<&[u8]>) -> Option<&'a WindowInfo> {
    snap.screens
        .iter()
        .filter(|s| match screen {
            None => true,
            Some(p) => s.default_title.as_deref().is_some_and(|t| contains(t, p)),
        })
        .flat_map(|s| s.windows.iter())
        .find(|w| w.title.as_deref().is_some_and(|t| contains(t, pattern)))
}

/// [`find_window`] for a [`WindowTarget`].
pub fn find_target<'a>(snap: &'a ScreensSnapshot, t: &WindowTarget) -> Option<&'a WindowInfo> {
    find_window(snap, &t.pattern, t.screen.as_deref())
}

/// The gadget a locator names among `gadgets` (a window's list, in list order):
/// the first with that `GA_ID`, or the `INDEX`-th (0-based) of those matching
/// `ROLE=` (equal role) and `LABEL=` (case-sensitive substring of the label).
/// Returns its position and the gadget; the caller keeps the gadget's address
/// to re-resolve the *same* gadget at action time (docs/reference/commands.md,
/// "Gadgets").
pub fn find_gadget<'a>(gadgets: &'a [GadgetSnap], locator: &GadgetLocator) -> Option<(usize, &'a GadgetSnap)> {
    match locator {
        GadgetLocator::Id(id) => gadgets.iter().enumerate().find(|(_, g)| g.id == u32::from(*id)),
        GadgetLocator::Match { role, label, index } => gadgets
            .iter()
            .enumerate()
            .filter(|(_, g)| role.is_none_or(|r| g.role == r))
            .filter(|(_, g)| label.as_deref().is_none_or(|l| contains(&g.label, l)))
            .nth(usize::from(index.unwrap_or(0))),
        GadgetLocator::Shown { .. } | GadgetLocator::At { .. } => None,
    }
}

/// `IntuitionBase->ActiveWindow`, if it is in the snapshot.
pub fn active_window(snap: &ScreensSnapshot) -> Option<&WindowInfo> {
    if snap.active_window == 0 {
        return None;
    }
    snap.window(snap.active_window)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fake::FakeIntuition;
    use crate::walk::read_screens;

    fn two_screens() -> (FakeIntuition, u32, u32, u32) {
        let mut f = FakeIntuition::new();
        let wb = f.add_screen(Some(b"Workbench Screen"), (0, 0, 640, 256));
        let own = f.add_screen(Some(b"Fixture Screen"), (0, 0, 640, 256));
        let a = f.add_window(wb, Some(b"Twin Window"), (10, 10, 100, 50));
        let untitled = f.add_window(wb, None, (0, 0, 10, 10));
        let b = f.add_window(own, Some(b"Twin Window"), (20, 20, 100, 50));
        let _ = untitled;
        (f, a, b, untitled)
    }

    #[test]
    fn first_match_in_list_order_and_screen_filter() {
        let (mut f, a, b, _) = two_screens();
        let snap = read_screens(&mut f).unwrap();
        assert_eq!(find_window(&snap, b"Twin", None).unwrap().address, a);
        assert_eq!(find_window(&snap, b"Twin", Some(b"Fixture")).unwrap().address, b);
        assert!(find_window(&snap, b"twin", None).is_none(), "case-sensitive");
        assert!(find_window(&snap, b"Twin", Some(b"Nowhere")).is_none());
    }

    #[test]
    fn untitled_windows_never_match() {
        let (mut f, _, _, untitled) = two_screens();
        let snap = read_screens(&mut f).unwrap();
        assert!(snap.window(untitled).is_some());
        // Even the empty pattern only finds titled windows.
        assert_ne!(find_window(&snap, b"", None).unwrap().address, untitled);
    }

    #[test]
    fn active_window_is_looked_up() {
        let (mut f, _, b, _) = two_screens();
        assert!(active_window(&read_screens(&mut f).unwrap()).is_none());
        f.set_active(b);
        assert_eq!(active_window(&read_screens(&mut f).unwrap()).unwrap().address, b);
    }

    #[test]
    fn gadgets_by_id_role_label_index() {
        use crate::fake::GadgetSpec;
        use amiga_ndk::gadtools::GADTOOL_TYPE;
        use amiga_ndk::intuition::GTYP_BOOLGADGET;
        let (mut f, a, _, _) = two_screens();
        for (id, label) in [(1u16, &b"Connect"[..]), (2, b"Cancel"), (1, b"Connect again")] {
            let mut g = GadgetSpec::new(GTYP_BOOLGADGET | GADTOOL_TYPE, 0, 0, 10, 10);
            g.id = id;
            g.gadget_text = f.intuitext(Some(label));
            f.add_gadget(a, &g);
        }
        let w = f.walk(a).unwrap();
        let g = &w.gadgets;
        assert_eq!(find_gadget(g, &GadgetLocator::Id(1)).unwrap().0, 0, "first with the ID");
        let m =
            |role, label: Option<&[u8]>, index| GadgetLocator::Match { role, label: label.map(|l| l.to_vec()), index };
        assert_eq!(find_gadget(g, &m(None, Some(b"Connect"), Some(1))).unwrap().0, 2);
        assert_eq!(find_gadget(g, &m(Some(Role::Button), None, Some(1))).unwrap().1.label, b"Cancel");
        assert!(find_gadget(g, &m(Some(Role::Slider), None, None)).is_none());
        assert!(find_gadget(g, &m(None, Some(b"connect"), None)).is_none(), "case-sensitive");
        assert!(find_gadget(g, &GadgetLocator::Id(9)).is_none());
    }

    #[test]
    fn substring() {
        assert!(contains(b"GadTools Fixture", b"Tools F"));
        assert!(!contains(b"Gad", b"GadTools"));
        assert!(contains(b"x", b""));
    }
}
