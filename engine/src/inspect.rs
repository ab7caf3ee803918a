//! The one-shot inspector of the Shell: `TREE`, `MENU` and `SCREENS` text for a
//! window found by the AmiPilot locator rules (docs/reference/commands.md,
//! "Windows"), or for the active window when no pattern is given.
use alloc::vec::Vec;
use gadgetscope_arexx::{error, Error, Rc, Shown};
use gadgetscope_core::locate::{active_window, contains, find_window};
use gadgetscope_core::snapshot::{ScreensSnapshot, WindowInfo};
use gadgetscope_core::text::{menu_text, screens_text, tree_text};
use gadgetscope_core::walk::{find_and_walk, read_screens, walk_menu, walk_window, FindError, IntuitionOs, WalkError};

/// What to print.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Inspect {
    /// TREE text; `full` adds the FULL fields (docs/reference/formats.md, "TREE
    /// … FULL").
    Tree { window: Option<Vec<u8>>, screen: Option<Vec<u8>>, full: bool },
    /// MENU text.
    Menu { window: Option<Vec<u8>>, screen: Option<Vec<u8>> },
    /// SCREENS lines.
    Screens,
}

/// RC 5: no window matches `window` (the active window when `None`) on a
/// screen matching `screen`.
pub(crate) fn not_found(window: Option<&[u8]>, screen: Option<&[u8]>) -> Error {
    let mut e = match window {
        Some(p) => error!(Rc::NotFound, "no window matches \"{}\"", Shown(p)),
        None => Error::new(Rc::NotFound, "there is no active window"),
    };
    if let Some(s) = screen {
        e.text.extend_from_slice(b" on a screen matching \"");
        e.text.extend_from_slice(s);
        e.text.push(b'"');
    }
    e
}

fn choose<'a>(snap: &'a ScreensSnapshot, window: &Option<Vec<u8>>, screen: &Option<Vec<u8>>) -> Option<&'a WindowInfo> {
    match window {
        Some(p) => find_window(snap, p, screen.as_deref()),
        None => active_window(snap).filter(|w| match screen {
            None => true,
            Some(s) => w.screen_title.as_deref().is_some_and(|t| contains(t, s)),
        }),
    }
}

fn walk_failure(e: WalkError, window: &Option<Vec<u8>>, screen: &Option<Vec<u8>>) -> Error {
    match e {
        // The window closed between finding and walking it.
        WalkError::NotFound => not_found(window.as_deref(), screen.as_deref()),
        WalkError::Unreadable => Error::new(Rc::Failed, "IntuitionBase cannot be read"),
    }
}

/// Runs one inspector command: the text, or RC 5 when the window is not
/// found, RC 20 when IntuitionBase cannot be read. A list cut short
/// (cyclic, unreadable memory, or text over the walk's limits) is not
/// printed half: it fails with RC 10 and says so.
/// It takes `dyn` like the walker, so that it and the text it calls are
/// compiled once, in this crate, at its opt-level, whatever program
/// crate runs it (docs/design/performance.md, "Code size").
pub fn inspect(os: &mut dyn IntuitionOs, what: &Inspect) -> Result<Vec<u8>, Error> {
    let cut = |what: &str| {
        error!(
            Rc::Error,
            "the {what} list is cut short (a cyclic list, unreadable memory or text too long); nothing printed"
        )
    };
    let (window, screen) = match what {
        Inspect::Screens => {
            let snap = read_screens(os).map_err(|e| walk_failure(e, &None, &None))?;
            if snap.truncated {
                return Err(cut("screen/window"));
            }
            return Ok(screens_text(&snap));
        }
        Inspect::Tree { window, screen, .. } | Inspect::Menu { window, screen } => (window, screen),
    };
    // The text, or which list is cut short.
    let print = |os: &mut dyn IntuitionOs, w: &WindowInfo| -> Result<Result<Vec<u8>, &str>, WalkError> {
        Ok(match what {
            Inspect::Tree { full, .. } => {
                let t = walk_window(os, w)?;
                if t.truncated {
                    Err("gadget")
                } else {
                    Ok(tree_text(&t, *full))
                }
            }
            _ => {
                let m = walk_menu(os, w)?;
                if m.truncated {
                    Err("menu")
                } else {
                    Ok(menu_text(&m))
                }
            }
        })
    };
    match find_and_walk(os, &mut |_, snap| choose(snap, window, screen).map(|w| w.address), print) {
        Ok((_, Ok(text))) => Ok(text),
        Ok((_, Err(list))) => Err(cut(list)),
        Err(FindError::NotFound) => Err(not_found(window.as_deref(), screen.as_deref())),
        Err(FindError::Walk(e)) => Err(walk_failure(e, window, screen)),
        Err(FindError::Unreadable) => Err(walk_failure(WalkError::Unreadable, window, screen)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use amiga_ndk::gadtools::GADTOOL_TYPE;
    use amiga_ndk::intuition::GTYP_BOOLGADGET;
    use gadgetscope_core::fake::{FakeIntuition, GadgetSpec};

    fn world() -> (FakeIntuition, u32) {
        let mut f = FakeIntuition::new();
        let wb = f.add_screen(Some(b"Workbench Screen"), (0, 0, 640, 256));
        let w = f.add_window(wb, Some(b"GadTools Fixture"), (10, 20, 300, 100));
        let mut b = GadgetSpec::new(GTYP_BOOLGADGET | GADTOOL_TYPE, 20, 30, 80, 14);
        b.id = 7;
        f.add_gadget(w, &b);
        (f, w)
    }

    fn tree(window: Option<&[u8]>, screen: Option<&[u8]>) -> Inspect {
        Inspect::Tree { window: window.map(|w| w.to_vec()), screen: screen.map(|s| s.to_vec()), full: false }
    }

    #[test]
    fn tree_of_a_named_window() {
        let (mut f, _) = world();
        let t = inspect(&mut f, &tree(Some(b"Tools"), None)).unwrap();
        let t = String::from_utf8(t).unwrap();
        assert!(t.starts_with("window \"GadTools Fixture\" screen=\"Workbench Screen\" [10,20 300x100]\n"), "{t}");
        assert!(t.contains("  gadget id=7 role=button"), "{t}");
    }

    #[test]
    fn active_window_when_no_pattern() {
        let (mut f, w) = world();
        assert_eq!(
            inspect(&mut f, &tree(None, None)).unwrap_err(),
            Error::new(Rc::NotFound, "there is no active window")
        );
        f.set_active(w);
        assert!(inspect(&mut f, &tree(None, None)).is_ok());
        assert_eq!(inspect(&mut f, &tree(None, Some(b"Other"))).unwrap_err().rc, Rc::NotFound);
    }

    #[test]
    fn not_found_names_the_patterns() {
        let (mut f, _) = world();
        let e = inspect(&mut f, &tree(Some(b"Nope"), Some(b"Work"))).unwrap_err();
        assert_eq!(e.rc, Rc::NotFound);
        assert_eq!(e.text, b"no window matches \"Nope\" on a screen matching \"Work\"".to_vec());
    }

    #[test]
    fn closed_window_is_not_found_not_a_crash() {
        let (mut f, w) = world();
        f.close_window(w);
        assert_eq!(inspect(&mut f, &tree(Some(b"Tools"), None)).unwrap_err().rc, Rc::NotFound);
    }

    #[test]
    fn screens_and_menus() {
        let (mut f, w) = world();
        let s = inspect(&mut f, &Inspect::Screens).unwrap();
        assert_eq!(s, b"screen title=\"Workbench Screen\" [0,0 640x256] frontmost=1\n".to_vec());
        let m = f.add_menu(w, Some(b"Project"), 1);
        f.add_item(m, Some(b"Quit"), 0, b'Q');
        let t = inspect(&mut f, &Inspect::Menu { window: Some(b"GadTools".to_vec()), screen: None }).unwrap();
        assert!(String::from_utf8(t).unwrap().contains("menu num=0 title=\"Project\""));
    }

    #[test]
    fn cyclic_gadget_list_is_refused_not_printed_half() {
        let (mut f, w) = world();
        let g2 = f.add_gadget(w, &GadgetSpec::new(GTYP_BOOLGADGET, 0, 0, 5, 5));
        let first = f.peek_u32(w + amiga_ndk::intuition::wd_FirstGadget as u32);
        f.write_u32(g2, first); // NextGadget -> first: a cycle
        let e = inspect(&mut f, &tree(Some(b"GadTools"), None)).unwrap_err();
        assert_eq!(e.rc, Rc::Error);
    }
}
