//! The quirk profile being recorded (docs/reference/formats.md, "Recording a
//! quirk profile"): the names a user gives gadgets of someone else's program,
//! kept as a [`Manifest`] so that a loaded file's records and `; quirk:` notes
//! survive a save. The naming rule is the manifest's
//! ([`manifest::name_problem`]), explained here with what to use instead.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use amiga_ndk::latin1::to_string as shown;

use crate::locate::contains;
use crate::manifest::{self, GadgetKind, Manifest, NameProblem, APP_MAX, NAME_MAX, TITLE_MAX};
use crate::snapshot::{GadgetSnap, WindowInfo};

/// The quirk profile being recorded (docs/reference/formats.md, "Recording a
/// quirk profile"): an application name, windows by title substring, gadgets by
/// GA_ID. Held as a `gadgetscope_core::manifest::Manifest`, so records and
/// `; quirk:` notes of a loaded file (WHEREPORT, WHEREGADGET included)
/// survive a save.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Profile {
    m: Manifest,
    dirty: bool,
}

impl Default for Profile {
    fn default() -> Self {
        Profile::new()
    }
}

/// A logical name checked against the manifest's rule
/// ([`manifest::name_problem`]), refused with a sentence that says what
/// to use instead.
fn check_name(what: &str, name: &[u8]) -> Result<(), String> {
    match manifest::name_problem(name) {
        None => Ok(()),
        Some(NameProblem::Empty) => Err(format!("the {what} name is empty")),
        Some(NameProblem::TooLong) => {
            Err(format!("the {what} name \"{}\" is longer than {NAME_MAX} characters", shown(name)))
        }
        Some(NameProblem::UpperCase) => Err(format!(
            "the {what} name \"{}\" has upper case letters: names are lower case, try \"{}\"",
            shown(name),
            shown(&name.to_ascii_lowercase())
        )),
        Some(NameProblem::BadCharacters) => Err(format!(
            "the {what} name \"{}\" may use only a-z, 0-9 and _: try \"{}\"",
            shown(name),
            shown(&Profile::window_name_for(name))
        )),
    }
}

/// The longest prefix of a live title that a WINDOW record can hold: at
/// most [`TITLE_MAX`] bytes, ending before a `"` (no quote inside a field)
/// or a control character. A prefix is still a substring of the title.
fn title_substring(title: &[u8]) -> &[u8] {
    let end = title.iter().position(|&b| b == b'"' || (b < 0x20 && b != b'\t') || b == 0x7f).unwrap_or(title.len());
    &title[..end.min(TITLE_MAX)]
}

impl Profile {
    /// An empty profile, not dirty: `MANIFEST 1`, no APP, no records.
    pub fn new() -> Profile {
        Profile {
            m: Manifest {
                version: 1,
                notes: Vec::new(),
                app: Vec::new(),
                app_notes: Vec::new(),
                where_port: None,
                windows: Vec::new(),
                gadgets: Vec::new(),
                trailing_notes: Vec::new(),
            },
            dirty: false,
        }
    }

    /// Read a manifest / quirk profile with `gadgetscope_core::manifest`'s
    /// strict parser; errors read `line <n>: <reason>`
    /// (docs/reference/formats.md, "Manifests and quirk profiles").
    pub fn load(text: &[u8]) -> Result<Profile, String> {
        manifest::parse(text).map(|m| Profile { m, dirty: false }).map_err(|e| e.to_string())
    }

    /// The `APP` name; empty when not set yet.
    pub fn app(&self) -> &[u8] {
        &self.m.app
    }

    /// Set the `APP` name: 1 to [`APP_MAX`] characters, no `"` or control
    /// characters (docs/reference/formats.md). Marks the profile dirty when it
    /// changes.
    pub fn set_app(&mut self, app: &[u8]) -> Result<(), String> {
        if app.is_empty() {
            return Err(String::from("the application name is empty"));
        }
        if app.len() > APP_MAX {
            return Err(format!("the application name is longer than {APP_MAX} characters"));
        }
        if app.iter().any(|&b| b == b'"' || b < 0x20 || b == 0x7f) {
            return Err(String::from("the application name may not hold a quote or control characters"));
        }
        if self.m.app != app {
            self.m.app = app.to_vec();
            self.dirty = true;
        }
        Ok(())
    }

    /// The logical name GadgetScope proposes for a window title: lower
    /// case, each run of characters other than `a-z`/`0-9` one `_`, no `_`
    /// at either end, at most [`NAME_MAX`] bytes; `window` when nothing is
    /// left (e.g. `"GadTools Fixture"` → `gadtools_fixture`).
    pub fn window_name_for(title: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        for &b in title {
            let c = b.to_ascii_lowercase();
            if c.is_ascii_lowercase() || c.is_ascii_digit() {
                out.push(c);
            } else if out.last().is_some_and(|&l| l != b'_') {
                out.push(b'_');
            }
        }
        out.truncate(NAME_MAX);
        while out.last() == Some(&b'_') {
            out.pop();
        }
        if out.is_empty() {
            out.extend_from_slice(b"window");
        }
        out
    }

    /// Name the gadget `gadgets[index]` of `window` (a `WindowSnap`'s
    /// header and gadgets) as `name`, in the window record `window_name`
    /// (default: a record whose title the live title contains, else a new
    /// one named [`Profile::window_name_for`] the title, with `_2`, `_3` …
    /// when that name is taken). Marks the profile dirty.
    ///
    /// Refused, with a sentence saying what to use instead: a bad name
    /// (docs/reference/formats.md naming rules), a name already in use, a
    /// gadget already named, a system gadget, GA_ID 0, a GA_ID shared with
    /// another gadget of the window (a GADGET record finds the first,
    /// docs/reference/commands.md "Gadgets"), an untitled window.
    pub fn name_gadget(
        &mut self,
        window: &WindowInfo,
        gadgets: &[GadgetSnap],
        index: usize,
        name: &[u8],
        window_name: Option<&[u8]>,
    ) -> Result<(), String> {
        let g = gadgets.get(index).ok_or_else(|| String::from("no such gadget in the window"))?;
        let instead = "use a ROLE=/LABEL= locator instead, or WHEREGADGET in a version 2 profile when the application has a WHERE port";
        if let Some(s) = g.sys {
            return Err(format!(
                "this is the window's {} gadget, a system gadget: it has no GA_ID a profile could name (WINDOWMOVE and WINDOWSIZE act on the drag and size gadgets)",
                s.as_str()
            ));
        }
        if g.id == 0 {
            return Err(format!("this gadget has GA_ID 0, which means the program gave it no ID, so a profile cannot name it; {instead}"));
        }
        let Ok(id) = u16::try_from(g.id) else {
            return Err(format!(
                "GA_ID {} is beyond {}, the largest a profile holds; {instead}",
                g.id,
                manifest::GA_ID_MAX
            ));
        };
        let sharing = gadgets.iter().filter(|o| o.id == g.id).count();
        if sharing > 1 {
            return Err(format!(
                "GA_ID {} is shared by {} gadgets of this window, and a name would always find the first; {instead}",
                g.id, sharing
            ));
        }
        let Some(title) = window.title.as_deref() else {
            return Err(String::from("the window has no title, and a profile finds windows by title"));
        };
        let sub = title_substring(title);
        if sub.is_empty() {
            return Err(String::from(
                "the window title cannot be written in a profile (it starts with a quote or control character)",
            ));
        }
        check_name("gadget", name)?;
        if let Some(other) = self.m.gadget(name) {
            let w = &self.m.windows[other.window].name;
            return Err(format!("the name \"{}\" is already used (in window \"{}\")", shown(&other.name), shown(w)));
        }
        if let Some(existing) = self.name_of(title, id) {
            return Err(format!("this gadget is already named \"{}\" (remove that name first)", shown(existing)));
        }
        let wi = match window_name {
            Some(wn) => {
                check_name("window", wn)?;
                match self.m.windows.iter().position(|w| w.name.eq_ignore_ascii_case(wn)) {
                    Some(i) if contains(title, &self.m.windows[i].title) => i,
                    Some(i) => {
                        return Err(format!(
                            "the window name \"{}\" already stands for windows titled \"{}\"",
                            shown(wn),
                            shown(&self.m.windows[i].title)
                        ))
                    }
                    None => self.add_window(wn.to_vec(), sub),
                }
            }
            None => match self.m.windows.iter().position(|w| contains(title, &w.title)) {
                Some(i) => i,
                None => {
                    let base = Profile::window_name_for(title);
                    let mut candidate = base.clone();
                    let mut n = 2u32;
                    while self.m.window(&candidate).is_some() {
                        let suffix = format!("_{n}");
                        candidate = base.clone();
                        candidate.truncate(NAME_MAX - suffix.len());
                        candidate.extend_from_slice(suffix.as_bytes());
                        n += 1;
                    }
                    self.add_window(candidate, sub)
                }
            },
        };
        self.m.gadgets.push(manifest::Gadget {
            name: name.to_vec(),
            window: wi,
            kind: GadgetKind::GaId(id),
            notes: Vec::new(),
        });
        self.dirty = true;
        Ok(())
    }

    fn add_window(&mut self, name: Vec<u8>, title: &[u8]) -> usize {
        self.m.windows.push(manifest::Window { name, title: title.to_vec(), notes: Vec::new() });
        self.m.windows.len() - 1
    }

    /// Remove the gadget (GADGET or WHEREGADGET) named `name`
    /// (case-insensitive); a window record left without gadgets by this
    /// goes too. True if something was removed (the profile is then dirty).
    pub fn remove(&mut self, name: &[u8]) -> bool {
        let Some(i) = self.m.gadgets.iter().position(|g| g.name.eq_ignore_ascii_case(name)) else { return false };
        let g = self.m.gadgets.remove(i);
        if !self.m.gadgets.iter().any(|o| o.window == g.window) {
            self.m.windows.remove(g.window);
            for o in &mut self.m.gadgets {
                if o.window > g.window {
                    o.window -= 1;
                }
            }
        }
        self.dirty = true;
        true
    }

    /// Add a `; quirk: <note>` line above the gadget record `name`
    /// (case-insensitive; docs/reference/formats.md: notes go next to the
    /// record). The note is one line: no control characters but TAB. Marks
    /// dirty.
    pub fn add_note(&mut self, name: &[u8], note: &[u8]) -> Result<(), String> {
        if note.is_empty() {
            return Err(String::from("the note is empty"));
        }
        if note.iter().any(|&b| (b < 0x20 && b != b'\t') || b == 0x7f) {
            return Err(String::from("a note is one line without control characters"));
        }
        let Some(g) = self.m.gadgets.iter_mut().find(|g| g.name.eq_ignore_ascii_case(name)) else {
            return Err(format!("no gadget named \"{}\" in the profile", shown(name)));
        };
        g.notes.push(note.to_vec());
        self.dirty = true;
        Ok(())
    }

    /// The `; quirk:` notes of the gadget record `name`.
    pub fn notes(&self, name: &[u8]) -> &[Vec<u8>] {
        self.m.gadget(name).map_or(&[], |g| &g.notes[..])
    }

    /// The GADGET records as (gadget name, window name, GA_ID), in file
    /// order. WHEREGADGET records are in [`Profile::where_names`].
    pub fn names(&self) -> Vec<(Vec<u8>, Vec<u8>, u16)> {
        self.m
            .gadgets
            .iter()
            .filter_map(|g| match g.kind {
                GadgetKind::GaId(id) => Some((g.name.clone(), self.m.windows[g.window].name.clone(), id)),
                GadgetKind::Where => None,
            })
            .collect()
    }

    /// The WHEREGADGET records (version 2 files) as (gadget name, window
    /// name), in file order.
    pub fn where_names(&self) -> Vec<(Vec<u8>, Vec<u8>)> {
        self.m
            .gadgets
            .iter()
            .filter(|g| g.kind == GadgetKind::Where)
            .map(|g| (g.name.clone(), self.m.windows[g.window].name.clone()))
            .collect()
    }

    /// The name of the GADGET record that `@name` resolution would match for a
    /// gadget with GA_ID `id` in a window titled `window_title` (the record's
    /// title substring occurs in it, docs/reference/commands.md "Windows").
    pub fn name_of(&self, window_title: &[u8], id: u16) -> Option<&[u8]> {
        self.m
            .gadgets
            .iter()
            .find(|g| g.kind == GadgetKind::GaId(id) && contains(window_title, &self.m.windows[g.window].title))
            .map(|g| &g.name[..])
    }

    /// The first window record whose title substring occurs in `title`.
    pub fn window_name_of(&self, title: &[u8]) -> Option<&[u8]> {
        self.m.windows.iter().find(|w| contains(title, &w.title)).map(|w| &w.name[..])
    }

    /// The canonical manifest text (`Manifest::to_text`,
    /// docs/reference/formats.md), with `APP` defaulting to the first window's
    /// name when unset. Errors (`line <n>: <reason>`, or a plain sentence for
    /// an empty profile) leave the profile unchanged.
    pub fn to_text(&self) -> Result<Vec<u8>, String> {
        if self.m.windows.is_empty() {
            return Err(String::from("the profile is empty: name a gadget first"));
        }
        let mut m = self.m.clone();
        if m.app.is_empty() {
            m.app = m.windows[0].name.clone();
        }
        m.to_text().map_err(|e| e.to_string())
    }

    /// The name the profile is exported under: `APP`, else the first
    /// window's logical name (as [`Profile::to_text`] writes it), else
    /// `Profile`.
    pub fn file_stem(&self) -> Vec<u8> {
        match (self.m.app.is_empty(), self.m.windows.first()) {
            (false, _) => self.m.app.clone(),
            (true, Some(w)) => w.name.clone(),
            (true, None) => b"Profile".to_vec(),
        }
    }

    /// True when there are changes not saved yet.
    pub fn is_dirty(&self) -> bool {
        self.dirty
    }

    /// The text was saved: no longer dirty.
    pub fn mark_saved(&mut self) {
        self.dirty = false;
    }

    /// No window and no gadget records.
    pub fn is_empty(&self) -> bool {
        self.m.windows.is_empty() && self.m.gadgets.is_empty()
    }

    /// The whole manifest, for the ARexx host (`MANIFEST` loads the same
    /// structure).
    pub fn manifest(&self) -> &Manifest {
        &self.m
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::classify::{Role, SysGadget};
    use crate::fake::{gadget_snap, window_info};
    use crate::snapshot::WindowSnap;
    use alloc::vec;

    /// The GadTools fixture window and a second one on a custom screen.
    fn world() -> Vec<WindowSnap> {
        let w1 = window_info(0x10_000, 0x1000, Some(b"GadTools Fixture"), b"Workbench Screen", (20, 24, 408, 171));
        let w2 = window_info(0x20_000, 0x2000, Some(b"Other"), b"Fixture Screen", (0, 12, 200, 100));
        let mut close = gadget_snap(0x10_010, 0, Role::Custom, b"", (0, 0, 20, 11));
        close.sys = Some(SysGadget::Close);
        let g1 = vec![
            close,
            gadget_snap(0x10_020, 1, Role::Button, b"Connect", (94, 19, 140, 14)),
            gadget_snap(0x10_030, 2, Role::String, b"Name", (98, 39, 132, 10)),
            gadget_snap(0x10_040, 0, Role::Button, b"", (10, 60, 80, 14)),
            gadget_snap(0x10_050, 7, Role::Checkbox, b"Twin", (10, 80, 26, 11)),
            gadget_snap(0x10_060, 7, Role::Checkbox, b"Twin", (10, 95, 26, 11)),
        ];
        let g2 = vec![gadget_snap(0x20_010, 3, Role::Slider, b"Level", (10, 20, 100, 10))];
        vec![
            WindowSnap { info: w1, gadgets: g1, truncated: false },
            WindowSnap { info: w2, gadgets: g2, truncated: false },
        ]
    }

    fn fixture() -> WindowSnap {
        world().remove(0)
    }

    #[test]
    fn window_names_are_derived() {
        assert_eq!(Profile::window_name_for(b"GadTools Fixture"), b"gadtools_fixture");
        assert_eq!(Profile::window_name_for(b"  --My  Prefs (v2.1)--"), b"my_prefs_v2_1");
        assert_eq!(Profile::window_name_for(b"\xc4\xd6\xdc!!"), b"window");
        assert_eq!(Profile::window_name_for(b""), b"window");
        assert_eq!(Profile::window_name_for(b"Gr\xfc\xdfe Fenster"), b"gr_e_fenster");
        let long = Profile::window_name_for(b"abcdefghij abcdefghij abcdefghij abcdefghij");
        assert_eq!(long, b"abcdefghij_abcdefghij_abcdefghi");
        assert_eq!(
            Profile::window_name_for(b"abcdefghij abcdefghij abcdefghi xyz"),
            b"abcdefghij_abcdefghij_abcdefghi",
            "no trailing _ after the cut"
        );
    }

    #[test]
    fn naming_good_and_bad() {
        let w = fixture();
        let mut p = Profile::new();
        assert!(p.is_empty() && !p.is_dirty());
        assert_eq!(p.to_text().unwrap_err(), "the profile is empty: name a gadget first");
        p.name_gadget(&w.info, &w.gadgets, 1, b"connect", None).unwrap();
        assert!(p.is_dirty() && !p.is_empty());
        assert_eq!(p.names(), [(b"connect".to_vec(), b"gadtools_fixture".to_vec(), 1)]);
        assert_eq!(p.name_of(b"GadTools Fixture", 1), Some(&b"connect"[..]));
        assert_eq!(p.name_of(b"GadTools Fixture", 2), None);
        assert_eq!(p.name_of(b"Other", 1), None);
        let bad =
            |p: &mut Profile, i: usize, name: &[u8]| p.name_gadget(&w.info, &w.gadgets, i, name, None).unwrap_err();
        assert_eq!(
            bad(&mut p, 2, b"Name"),
            "the gadget name \"Name\" has upper case letters: names are lower case, try \"name\""
        );
        assert_eq!(
            bad(&mut p, 2, b"my name"),
            "the gadget name \"my name\" may use only a-z, 0-9 and _: try \"my_name\""
        );
        assert_eq!(bad(&mut p, 2, b""), "the gadget name is empty");
        assert_eq!(
            bad(&mut p, 2, b"abcdefghijabcdefghijabcdefghijab"),
            "the gadget name \"abcdefghijabcdefghijabcdefghijab\" is longer than 31 characters"
        );
        assert_eq!(bad(&mut p, 2, b"connect"), "the name \"connect\" is already used (in window \"gadtools_fixture\")");
        assert_eq!(
            bad(&mut p, 2, b"CONNECT"),
            "the gadget name \"CONNECT\" has upper case letters: names are lower case, try \"connect\""
        );
        assert_eq!(bad(&mut p, 1, b"again"), "this gadget is already named \"connect\" (remove that name first)");
        assert_eq!(
            bad(&mut p, 0, b"close"),
            "this is the window's close gadget, a system gadget: it has no GA_ID a profile could name (WINDOWMOVE and WINDOWSIZE act on the drag and size gadgets)"
        );
        assert_eq!(
            bad(&mut p, 3, b"nolabel"),
            "this gadget has GA_ID 0, which means the program gave it no ID, so a profile cannot name it; use a ROLE=/LABEL= locator instead, or WHEREGADGET in a version 2 profile when the application has a WHERE port"
        );
        assert_eq!(
            bad(&mut p, 4, b"twin"),
            "GA_ID 7 is shared by 2 gadgets of this window, and a name would always find the first; use a ROLE=/LABEL= locator instead, or WHEREGADGET in a version 2 profile when the application has a WHERE port"
        );
        assert_eq!(bad(&mut p, 9, b"x"), "no such gadget in the window");
        let mut untitled = w.info.clone();
        untitled.title = None;
        assert_eq!(
            p.name_gadget(&untitled, &w.gadgets, 2, b"x", None).unwrap_err(),
            "the window has no title, and a profile finds windows by title"
        );
        assert_eq!(
            p.name_gadget(&w.info, &w.gadgets, 2, b"x", Some(b"Main")).unwrap_err(),
            "the window name \"Main\" has upper case letters: names are lower case, try \"main\""
        );
        assert_eq!(p.names().len(), 1, "refusals change nothing");
        p.name_gadget(&w.info, &w.gadgets, 2, b"name", None).unwrap();
        assert_eq!(p.names()[1], (b"name".to_vec(), b"gadtools_fixture".to_vec(), 2), "the window record is reused");
    }

    #[test]
    fn window_records_given_reused_and_deduplicated() {
        let w = fixture();
        let ws = world();
        let other = &ws[1];
        let mut p = Profile::new();
        p.name_gadget(&w.info, &w.gadgets, 1, b"connect", Some(b"main")).unwrap();
        assert_eq!(
            p.name_gadget(&other.info, &other.gadgets, 0, b"level", Some(b"main")).unwrap_err(),
            "the window name \"main\" already stands for windows titled \"GadTools Fixture\""
        );
        // A window whose derived name is taken by another title gets _2.
        let mut clash = other.info.clone();
        clash.title = Some(b"Main".to_vec());
        p.name_gadget(&clash, &other.gadgets, 0, b"level", None).unwrap();
        assert_eq!(p.names()[1], (b"level".to_vec(), b"main_2".to_vec(), 3));
        // Titles: at most 95 bytes, cut before a quote.
        let mut q = Profile::new();
        let mut long = other.info.clone();
        long.title = Some([b'x'; 120].to_vec());
        q.name_gadget(&long, &other.gadgets, 0, b"a", None).unwrap();
        let mut quoted = w.info.clone();
        quoted.title = Some(b"Edit \"x\"".to_vec());
        q.name_gadget(&quoted, &w.gadgets, 1, b"b", None).unwrap();
        let text = String::from_utf8(q.to_text().unwrap()).unwrap();
        assert!(text.contains(&format!("WINDOW {} {}\n", "x".repeat(31), "x".repeat(95))), "{text}");
        assert!(text.contains("WINDOW edit_x \"Edit \"\n"), "{text}");
        assert_eq!(q.name_of(b"Edit \"x\"", 1), Some(&b"b"[..]));
    }

    #[test]
    fn export_round_trips_and_dirty_flag() {
        let ws = world();
        let mut p = Profile::new();
        p.name_gadget(&ws[0].info, &ws[0].gadgets, 1, b"connect", None).unwrap();
        p.name_gadget(&ws[0].info, &ws[0].gadgets, 2, b"name_field", None).unwrap();
        p.name_gadget(&ws[1].info, &ws[1].gadgets, 0, b"level", Some(b"other_win")).unwrap();
        let text = p.to_text().unwrap();
        assert_eq!(
            shown(&text),
            "MANIFEST 1\nAPP gadtools_fixture\n\nWINDOW gadtools_fixture \"GadTools Fixture\"\nWINDOW other_win Other\n\nGADGET connect gadtools_fixture 1\nGADGET name_field gadtools_fixture 2\nGADGET level other_win 3\n"
        );
        let m = manifest::parse(&text).unwrap();
        assert_eq!(m.gadgets.len(), 3);
        let back = Profile::load(&text).unwrap();
        assert_eq!(back.names(), p.names());
        assert!(!back.is_dirty());
        assert_eq!(back.to_text().unwrap(), text);
        // Dirty transitions.
        assert!(p.is_dirty());
        p.mark_saved();
        assert!(!p.is_dirty());
        assert!(!p.remove(b"nosuch"));
        assert!(!p.is_dirty());
        assert!(p.remove(b"LEVEL"));
        assert!(p.is_dirty());
        assert!(!shown(&p.to_text().unwrap()).contains("other_win"), "an emptied window record goes too");
        p.mark_saved();
        p.set_app(b"GadTools Demo").unwrap();
        assert!(p.is_dirty());
        assert_eq!(p.app(), b"GadTools Demo");
        assert!(shown(&p.to_text().unwrap()).starts_with("MANIFEST 1\nAPP \"GadTools Demo\"\n"));
        p.mark_saved();
        p.set_app(b"GadTools Demo").unwrap();
        assert!(!p.is_dirty(), "no change, not dirty");
        assert_eq!(p.set_app(b"").unwrap_err(), "the application name is empty");
        assert_eq!(p.set_app(&[b'a'; 32]).unwrap_err(), "the application name is longer than 31 characters");
        assert_eq!(p.set_app(b"a\"b").unwrap_err(), "the application name may not hold a quote or control characters");
        assert!(p.remove(b"connect") && p.remove(b"name_field"));
        assert!(p.is_empty());
        assert_eq!(p.app(), b"GadTools Demo");
    }

    #[test]
    fn quirk_notes_are_written_and_read_back() {
        let w = fixture();
        let mut p = Profile::new();
        p.name_gadget(&w.info, &w.gadgets, 1, b"connect", None).unwrap();
        p.mark_saved();
        assert_eq!(p.add_note(b"nosuch", b"x").unwrap_err(), "no gadget named \"nosuch\" in the profile");
        assert_eq!(p.add_note(b"connect", b"").unwrap_err(), "the note is empty");
        assert_eq!(p.add_note(b"connect", b"two\nlines").unwrap_err(), "a note is one line without control characters");
        assert!(!p.is_dirty());
        p.add_note(b"Connect", b"ignores the first click after opening").unwrap();
        assert!(p.is_dirty());
        let text = p.to_text().unwrap();
        assert!(shown(&text)
            .contains("; quirk: ignores the first click after opening\nGADGET connect gadtools_fixture 1\n"));
        let back = Profile::load(&text).unwrap();
        assert_eq!(back.notes(b"connect"), [b"ignores the first click after opening".to_vec()]);
        assert!(back.notes(b"nosuch").is_empty());
    }

    #[test]
    fn loaded_v2_records_survive() {
        let text = b"MANIFEST 2\n; quirk: keep me\nAPP Demo\nWHEREPORT DEMO.WHERE\n\nWINDOW main \"Demo Main\"\n\nGADGET connect main 12\nWHEREGADGET inner main\n";
        let mut p = Profile::load(text).unwrap();
        assert_eq!(p.app(), b"Demo");
        assert_eq!(p.names(), [(b"connect".to_vec(), b"main".to_vec(), 12)]);
        assert_eq!(p.where_names(), [(b"inner".to_vec(), b"main".to_vec())]);
        assert_eq!(p.to_text().unwrap(), text.to_vec());
        assert_eq!(p.name_of(b"Demo Main Window", 12), Some(&b"connect"[..]));
        assert_eq!(p.manifest().where_port.as_ref().unwrap().name, b"DEMO.WHERE");
        // A WHEREGADGET name is taken too.
        let mut live = fixture();
        live.info.title = Some(b"Demo Main".to_vec());
        assert_eq!(
            p.name_gadget(&live.info, &live.gadgets, 1, b"inner", None).unwrap_err(),
            "the name \"inner\" is already used (in window \"main\")"
        );
        p.name_gadget(&live.info, &live.gadgets, 1, b"connect2", None).unwrap();
        assert_eq!(p.names()[1].1, b"main", "the record whose title the live title holds");
        assert!(p.remove(b"inner"));
        assert_eq!(p.names().len(), 2);
        assert_eq!(Profile::load(b"MANIFEST 1\nAPP x\n").unwrap_err(), "line 2: no WINDOW record");
        assert_eq!(
            Profile::load(b"MANIFEST 1\nAPP x\nWINDOW W t\n").unwrap_err(),
            "line 3: bad name \"W\" (names are [a-z0-9_]+)"
        );
    }
}
