//! The program's user-visible strings: the catalog's translation when
//! locale.library and `gadgetscope.catalog` in the user's language are there,
//! else the built-in English of `catalogs/gadgetscope.cd`
//! (docs/reference/formats.md, "Locale catalogs"; the IDs are generated into
//! `catalogs/generated/strings.rs`, included here as [`ids`]).
//!
//! The catalog is read once: every string is copied out of it when
//! [`Strings`] is made and the catalog is closed again, so no pointer into
//! locale.library's memory is kept. The lookup is a function (`id →
//! Option<text>`) so that the fallback is host-tested with a fake catalog.
//!
//! Also here: the menu strip of the window as a table of string IDs
//! ([`MENU`]), shared by the front-ends and checked against the catalog's
//! IDs by the host tests (the controls' labels are in `crate::controls`).
use crate::events::UiEvent;
use alloc::vec::Vec;
use amiga_ndk::gadtools::{NM_ITEM, NM_TITLE};
use amiga_ndk::intuition::{CHECKED, CHECKIT, MENUTOGGLE};

/// The generated string IDs and built-in English strings.
#[rustfmt::skip]
#[allow(clippy::all)]
#[path = "../../catalogs/generated/strings.rs"]
pub mod ids;

pub use ids::StringId;

/// Every string of the catalog for one language, built-in English where
/// the catalog has no translation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Strings {
    /// `(id, text without NUL)`, sorted by ID like `ids::BUILTIN`.
    texts: Vec<(StringId, Vec<u8>)>,
}

fn without_nul(b: &[u8]) -> &[u8] {
    match b.iter().position(|&c| c == 0) {
        Some(i) => &b[..i],
        None => b,
    }
}

impl Strings {
    /// The built-in English strings.
    pub fn english() -> Strings {
        Strings::from_lookup(|_| None)
    }

    /// Each string from `catalog` (the catalog's text, `None` when it has
    /// no translation for that ID), else the built-in one.
    pub fn from_lookup(mut catalog: impl FnMut(StringId) -> Option<Vec<u8>>) -> Strings {
        let texts = ids::BUILTIN
            .iter()
            .map(|&(id, builtin)| {
                let t = catalog(id).filter(|t| !t.is_empty()).unwrap_or_else(|| without_nul(builtin).to_vec());
                (id, t)
            })
            .collect();
        Strings { texts }
    }

    /// Opens `gadgetscope.catalog` through locale.library (the user's
    /// languages, or `language` when given), copies its strings and closes
    /// it; English when locale.library or the catalog is missing.
    #[cfg(target_arch = "wasm32")]
    pub fn load(language: Option<&[u8]>) -> Strings {
        match amiga_rt::locale::Catalog::open(ids::CATALOG_NAME, ids::BUILTIN_LANGUAGE, ids::CATALOG_VERSION, language)
        {
            Some(cat) => Strings::from_lookup(|id| cat.string(id)),
            None => Strings::english(),
        }
    }

    /// On the host there is no locale.library: English.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn load(_language: Option<&[u8]>) -> Strings {
        Strings::english()
    }

    /// The text of `id` (Latin-1, no NUL); empty for an unknown ID.
    pub fn text(&self, id: StringId) -> &[u8] {
        match self.texts.binary_search_by_key(&id, |(i, _)| *i) {
            Ok(i) => &self.texts[i].1,
            Err(_) => &[],
        }
    }

    /// The text of `id` with each `%s` / `%ld` replaced by the next of
    /// `args` in order (the catalog's placeholders; see the .cd).
    pub fn format(&self, id: StringId, args: &[&[u8]]) -> Vec<u8> {
        fill(self.text(id), args)
    }
}

impl Default for Strings {
    fn default() -> Strings {
        Strings::english()
    }
}

/// Replaces `%s` and `%ld` in `template` by `args` in order (a missing
/// argument becomes empty; `%%` is a `%`).
pub fn fill(template: &[u8], args: &[&[u8]]) -> Vec<u8> {
    let mut out = Vec::with_capacity(template.len());
    let mut next = args.iter();
    let mut i = 0;
    while i < template.len() {
        let rest = &template[i..];
        if rest.starts_with(b"%s") {
            out.extend_from_slice(next.next().copied().unwrap_or(b""));
            i += 2;
        } else if rest.starts_with(b"%ld") {
            out.extend_from_slice(next.next().copied().unwrap_or(b""));
            i += 3;
        } else if rest.starts_with(b"%%") {
            out.push(b'%');
            i += 2;
        } else {
            out.push(template[i]);
            i += 1;
        }
    }
    out
}

/// What a menu entry does (GadTools `nm_UserData`; 0 = nothing).
pub mod menu {
    pub const ABOUT: u32 = 1;
    pub const ICONIFY: u32 = 2;
    pub const QUIT: u32 = 3;
    pub const NEW: u32 = 4;
    pub const OPEN: u32 = 5;
    pub const SAVE: u32 = 6;
    pub const SAVE_AS: u32 = 7;
    pub const AUTO_REFRESH: u32 = 8;
    pub const SYSTEM_GADGETS: u32 = 9;
    pub const REFRESH: u32 = 10;
    pub const PICK: u32 = 11;
    pub const HELP: u32 = 12;
    pub const RECORD_START: u32 = 13;
    pub const RECORD_STOP: u32 = 14;
    pub const RECORD_SAVE_REXX: u32 = 15;
    pub const RECORD_SAVE_PYTHON: u32 = 16;
}

/// One GadTools `NewMenu` entry as both front-ends build it: type, label
/// and command-key addresses (0 on an item: a separator bar; 0 key: none),
/// flags, user data (a [`menu`] action).
pub type NewMenuEntry = (u8, u32, u32, u16, u32);

/// [`MENU`] in `text`'s language as `NewMenu` entries; `add` keeps a
/// string where the OS can read it and returns its address. The two View
/// toggles carry their checkmarks.
pub fn new_menus(
    text: &Strings,
    auto_refresh: bool,
    system_gadgets: bool,
    mut add: impl FnMut(&[u8]) -> u32,
) -> Vec<NewMenuEntry> {
    let check = |on: bool| CHECKIT | MENUTOGGLE | if on { CHECKED } else { 0 };
    MENU.iter()
        .map(|m| {
            let label = m.text.map_or(0, |id| add(text.text(id)));
            let key = m.key.map_or(0, |id| add(text.text(id)));
            match m.kind {
                MenuKind::Title => (NM_TITLE, label, 0, 0, 0),
                MenuKind::Item => (NM_ITEM, label, key, 0, m.action),
                MenuKind::Check => {
                    let on = if m.action == menu::AUTO_REFRESH { auto_refresh } else { system_gadgets };
                    (NM_ITEM, label, key, check(on), m.action)
                }
                MenuKind::Bar => (NM_ITEM, 0, 0, 0, 0),
            }
        })
        .collect()
}

/// The event of a picked menu item from its user data and, for the
/// toggles, its checkmark after the pick; `None` for unknown data.
pub fn menu_event(user_data: u32, checked: bool) -> Option<UiEvent> {
    Some(match user_data {
        menu::ABOUT => UiEvent::About,
        menu::ICONIFY => UiEvent::Iconify,
        menu::QUIT => UiEvent::Quit,
        menu::NEW => UiEvent::ProfileNew,
        menu::OPEN => UiEvent::ProfileOpen,
        menu::SAVE => UiEvent::ProfileSave,
        menu::SAVE_AS => UiEvent::ProfileSaveAs,
        menu::AUTO_REFRESH => UiEvent::AutoRefresh(checked),
        menu::SYSTEM_GADGETS => UiEvent::SystemGadgets(checked),
        menu::REFRESH => UiEvent::Refresh,
        menu::PICK => UiEvent::Pick,
        menu::HELP => UiEvent::Help,
        menu::RECORD_START => UiEvent::RecordStart,
        menu::RECORD_STOP => UiEvent::RecordStop,
        menu::RECORD_SAVE_REXX => UiEvent::RecordSave(false),
        menu::RECORD_SAVE_PYTHON => UiEvent::RecordSave(true),
        _ => return None,
    })
}

/// The events of the items one MENUPICK selected (`(user data, checked)`
/// pairs, as `amiga_rt::gadtools::picked_items` reads them); unknown user
/// data is skipped. A View toggle's new state is also written to
/// `auto_refresh` / `system_gadgets`, which a front-end keeps so that a
/// rebuilt strip carries the right checkmarks.
pub fn picked_events(picks: &[(u32, bool)], auto_refresh: &mut bool, system_gadgets: &mut bool) -> Vec<UiEvent> {
    let mut out = Vec::new();
    for &(user_data, checked) in picks {
        let Some(e) = menu_event(user_data, checked) else { continue };
        match e {
            UiEvent::AutoRefresh(on) => *auto_refresh = on,
            UiEvent::SystemGadgets(on) => *system_gadgets = on,
            _ => {}
        }
        out.push(e);
    }
    out
}

/// A menu entry's kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MenuKind {
    Title,
    Item,
    /// A checkmark item (toggles).
    Check,
    /// `NM_BARLABEL`.
    Bar,
}

/// One menu entry: kind, text, Amiga-key shortcut, action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MenuEntry {
    pub kind: MenuKind,
    pub text: Option<StringId>,
    pub key: Option<StringId>,
    pub action: u32,
}

const fn e(kind: MenuKind, text: StringId, key: Option<StringId>, action: u32) -> MenuEntry {
    MenuEntry { kind, text: Some(text), key, action }
}

const BAR: MenuEntry = MenuEntry { kind: MenuKind::Bar, text: None, key: None, action: 0 };

/// The window's menu strip (Project, Profile, View, Record, Help; Help
/// last as the Style Guide has it).
pub const MENU: &[MenuEntry] = {
    use ids::*;
    use MenuKind::*;
    &[
        e(Title, MSG_MENU_PROJECT, None, 0),
        e(Item, MSG_MENU_ABOUT, None, menu::ABOUT),
        e(Item, MSG_MENU_ICONIFY, Some(MSG_MENU_ICONIFY_KEY), menu::ICONIFY),
        BAR,
        e(Item, MSG_MENU_QUIT, Some(MSG_MENU_QUIT_KEY), menu::QUIT),
        e(Title, MSG_MENU_PROFILE, None, 0),
        e(Item, MSG_MENU_NEW, Some(MSG_MENU_NEW_KEY), menu::NEW),
        e(Item, MSG_MENU_OPEN, Some(MSG_MENU_OPEN_KEY), menu::OPEN),
        e(Item, MSG_MENU_SAVE, Some(MSG_MENU_SAVE_KEY), menu::SAVE),
        e(Item, MSG_MENU_SAVE_AS, Some(MSG_MENU_SAVE_AS_KEY), menu::SAVE_AS),
        e(Title, MSG_MENU_VIEW, None, 0),
        e(Check, MSG_MENU_AUTO_REFRESH, None, menu::AUTO_REFRESH),
        e(Check, MSG_MENU_SYSTEM_GADGETS, None, menu::SYSTEM_GADGETS),
        BAR,
        e(Item, MSG_MENU_REFRESH, Some(MSG_MENU_REFRESH_KEY), menu::REFRESH),
        e(Item, MSG_MENU_PICK, Some(MSG_MENU_PICK_KEY), menu::PICK),
        e(Title, MSG_MENU_RECORD, None, 0),
        e(Item, MSG_MENU_RECORD_START, None, menu::RECORD_START),
        e(Item, MSG_MENU_RECORD_STOP, None, menu::RECORD_STOP),
        BAR,
        e(Item, MSG_MENU_RECORD_SAVE_REXX, None, menu::RECORD_SAVE_REXX),
        e(Item, MSG_MENU_RECORD_SAVE_PYTHON, None, menu::RECORD_SAVE_PYTHON),
        e(Title, MSG_MENU_HELP, None, 0),
        e(Item, MSG_MENU_HELP_CONTENTS, None, menu::HELP),
    ]
};

/// Every string ID the window uses but its controls' labels (those are in
/// `crate::controls::CONTROLS`): menus, file requester titles, requesters
/// and status messages of `gui`.
pub fn window_ids() -> Vec<StringId> {
    let mut v: Vec<StringId> = MENU.iter().flat_map(|m| m.text.into_iter().chain(m.key)).collect();
    v.extend_from_slice(&[
        ids::MSG_ASL_OPEN,
        ids::MSG_ASL_SAVE_AS,
        ids::MSG_ABOUT_TEXT,
        ids::MSG_REQ_OK,
        ids::MSG_REQ_DISCARD,
        ids::MSG_REQ_DISCARD_BUTTONS,
        ids::MSG_REQ_QUIT_ASKED,
        ids::MSG_REQ_QUIT_ASKED_BUTTONS,
        ids::MSG_ASL_SAVE_RECORDING,
        ids::MSG_REQ_RECORDING_DISCARD,
        ids::MSG_REQ_RECORDING_ICONIFY,
        ids::MSG_REQ_RECORDING_ICONIFY_BUTTONS,
        ids::MSG_REQ_RECORDING_QUIT_ASKED,
        ids::MSG_STATUS_RECORDING,
        ids::MSG_STATUS_RECORD_STOPPED,
        ids::MSG_STATUS_RECORD_SAVED,
        ids::MSG_STATUS_RECORD_FAILED,
        ids::MSG_DETAILS_RECORDED,
    ]);
    v
}

/// The underscored letter of a gadget label (`GT_Underscore '_'`),
/// lower-cased; `None` without one.
pub fn underscored(label: &[u8]) -> Option<u8> {
    let i = label.iter().position(|&c| c == b'_')?;
    label.get(i + 1).map(|c| c.to_ascii_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    #[test]
    fn no_catalog_is_english() {
        let s = Strings::from_lookup(|_| None);
        assert_eq!(s.text(ids::MSG_MENU_PROJECT), b"Project");
        assert_eq!(s.text(ids::MSG_MENU_QUIT_KEY), b"Q");
        assert_eq!(s, Strings::english());
        assert_eq!(Strings::load(None), Strings::english());
        // Every built-in string is there, without its NUL.
        for &(id, b) in ids::BUILTIN {
            assert_eq!(s.text(id), &b[..b.len() - 1]);
        }
        assert_eq!(s.text(9999), b"");
    }

    #[test]
    fn catalog_strings_win_and_gaps_fall_back() {
        // A German catalog that lacks all but two strings (and has an
        // empty one, which locale.library would not return as such).
        let s = Strings::from_lookup(|id| match id {
            ids::MSG_MENU_PROJECT => Some(b"Projekt".to_vec()),
            ids::MSG_MENU_QUIT => Some(b"Beenden".to_vec()),
            ids::MSG_MENU_VIEW => Some(Vec::new()),
            _ => None,
        });
        assert_eq!(s.text(ids::MSG_MENU_PROJECT), b"Projekt");
        assert_eq!(s.text(ids::MSG_MENU_QUIT), b"Beenden");
        assert_eq!(s.text(ids::MSG_MENU_VIEW), b"View");
        assert_eq!(s.text(ids::MSG_MENU_ABOUT), b"About...");
    }

    #[test]
    fn every_window_id_exists_and_is_not_empty() {
        for id in window_ids() {
            let b = ids::builtin(id);
            assert!(b.len() > 1, "string ID {id} is not in gadgetscope.cd");
        }
        // Shortcut strings are one letter.
        for m in MENU {
            if let Some(k) = m.key {
                assert_eq!(Strings::english().text(k).len(), 1, "{k}");
            }
        }
    }

    #[test]
    fn menu_shape() {
        let s = Strings::english();
        let titles: Vec<Vec<u8>> =
            MENU.iter().filter(|m| m.kind == MenuKind::Title).map(|m| s.text(m.text.unwrap()).to_vec()).collect();
        assert_eq!(
            titles,
            vec![b"Project".to_vec(), b"Profile".to_vec(), b"View".to_vec(), b"Record".to_vec(), b"Help".to_vec()]
        );
        assert!(MENU.iter().all(|m| (m.kind == MenuKind::Bar) == m.text.is_none()));
        assert!(MENU.iter().filter(|m| matches!(m.kind, MenuKind::Item | MenuKind::Check)).all(|m| m.action != 0));
    }

    #[test]
    fn picked_items_become_events_and_toggles_are_remembered() {
        let (mut auto, mut sys) = (true, true);
        let picks = [(menu::SYSTEM_GADGETS, false), (0, false), (menu::REFRESH, false), (menu::AUTO_REFRESH, false)];
        let events = picked_events(&picks, &mut auto, &mut sys);
        assert_eq!(events, [UiEvent::SystemGadgets(false), UiEvent::Refresh, UiEvent::AutoRefresh(false)]);
        assert_eq!((auto, sys), (false, false));
    }

    #[test]
    fn placeholders_fill_in_order() {
        assert_eq!(
            fill(b"GadgetScope %s\nport %s", &[b"0.1", b"GADGETSCOPE.1"]),
            b"GadgetScope 0.1\nport GADGETSCOPE.1"
        );
        assert_eq!(fill(b"%ld gadgets in \"%s\"", &[b"3", b"Win"]), b"3 gadgets in \"Win\"");
        assert_eq!(fill(b"100%% %s", &[]), b"100% ");
    }
}
