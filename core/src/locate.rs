//! Finding a window by the AmiPilot locator rules (AREXX.md "Locators"):
//! a window pattern is a case-sensitive substring of the window's live
//! title; the first match in Intuition list order wins (screens from
//! `FirstScreen`, windows from `FirstWindow`); untitled windows never
//! match. An optional screen pattern first keeps only screens whose
//! `DefaultTitle` contains it.

use crate::snapshot::{ScreensSnapshot, WindowInfo};

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
    fn substring() {
        assert!(contains(b"GadTools Fixture", b"Tools F"));
        assert!(!contains(b"Gad", b"GadTools"));
        assert!(contains(b"x", b""));
    }
}
