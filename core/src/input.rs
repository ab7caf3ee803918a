//! The pure half of the action engine: the `input.device` event sequences
//! that GadgetScope injects for CLICK, DRAG, WINDOWMOVE, WINDOWSIZE, TYPE
//! and MENUPICK, computed from walker geometry (docs/design/input.md).
//!
//! Nothing here touches the OS. An [`Event`] is one `struct InputEvent`
//! as it will be written with `IND_WRITEEVENT`; the Amiga side (amiga-rt
//! `input`) builds it in memory, and the engine's `Actor` plays a sequence.
//! Positions are re-resolved by the caller at action time (walk the window
//! again, then call these functions): nothing here caches geometry.
//!
//! Constants are the NDK's (devices/inputevent.h, Includes Release 45.1);
//! raw key codes of the qualifier keys are the Amiga keyboard's (RKRM
//! Devices, keyboard chapter; AROS rom/keymap/rawkeycodes.txt shows the
//! same codes: $60 LShift … $67 Right Amiga, $44 Return).
#![warn(missing_docs)]

use alloc::vec;
use alloc::vec::Vec;
use core::fmt;

use crate::classify::SysGadget;
use crate::snapshot::{GadgetSnap, WindowSnap};

use amiga_ndk::input::*;
use amiga_ndk::Rect;

const MODIFIER_KEYS: [(u16, u8); 7] = [
    (IEQUALIFIER_LSHIFT, RAWKEY_LSHIFT),
    (IEQUALIFIER_RSHIFT, RAWKEY_RSHIFT),
    (IEQUALIFIER_CONTROL, RAWKEY_CONTROL),
    (IEQUALIFIER_LALT, RAWKEY_LALT),
    (IEQUALIFIER_RALT, RAWKEY_RALT),
    (IEQUALIFIER_LCOMMAND, RAWKEY_LCOMMAND),
    (IEQUALIFIER_RCOMMAND, RAWKEY_RCOMMAND),
];

/// One input event as GadgetScope injects it (one `IND_WRITEEVENT`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// `IECLASS_NEWPOINTERPOS` / `IESUBCLASS_PIXEL`, `ie_Code`
    /// `IECODE_NOBUTTON`: put the pointer at (`x`, `y`), pixels relative to
    /// the target screen's top-left corner (the injector supplies the
    /// screen for `iepp_Screen`). `qualifier` holds the buttons that are
    /// down, as a real mouse move would.
    PointerTo {
        /// Screen-relative x.
        x: i16,
        /// Screen-relative y.
        y: i16,
        /// `ie_Qualifier`.
        qualifier: u16,
    },
    /// `IECLASS_RAWMOUSE` with 0 motion: a button transition, or with
    /// `IECODE_NOBUTTON` a still report of the buttons held. `qualifier`
    /// always has `IEQUALIFIER_RELATIVEMOUSE` and the button state *after*
    /// the event (a press carries its button bit, a release does not).
    Button {
        /// `IECODE_LBUTTON`/`IECODE_RBUTTON`, `| IECODE_UP_PREFIX` on release.
        code: u16,
        /// `ie_Qualifier`.
        qualifier: u16,
    },
    /// `IECLASS_RAWKEY`: a key transition with the qualifiers in effect.
    Key {
        /// Raw key code, `| IECODE_UP_PREFIX` on release.
        code: u16,
        /// `ie_Qualifier`.
        qualifier: u16,
        /// `ie_Prev1DownCode`, `ie_Prev1DownQual`, `ie_Prev2DownCode`,
        /// `ie_Prev2DownQual`: the dead keys before this key (MapANSI's
        /// earlier pairs), 0 when none.
        prev: [u8; 4],
    },
}

/// Why no event sequence could be made (each maps to an ARexx RC 20 or 10
/// in the engine; the message names the reason).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ActionError {
    /// The gadget (or box) has no area to click in.
    NoArea,
    /// A point the pointer must reach lies outside the screen; Intuition
    /// would clamp the pointer and the action would land elsewhere.
    OffScreen {
        /// Screen-relative x.
        x: i32,
        /// Screen-relative y.
        y: i32,
    },
    /// The window has no such system gadget (no drag bar, no sizing gadget).
    NoSystemGadget(SysGadget),
    /// The drag bar is entirely covered by other gadgets.
    NoFreeDragSpot,
    /// The keymap cannot produce this byte of the text (at this index).
    Unmappable {
        /// Byte index in the text.
        index: usize,
        /// The byte.
        byte: u8,
    },
    /// Menu, item or sub-item number out of range.
    NoSuchMenuEntry,
    /// The menu, item or sub-item is disabled.
    Disabled,
    /// The window traps the right button (`WFLG_RMBTRAP`): no menu walk.
    RmbTrap,
    /// A string or integer gadget of the window is active, so the entry's
    /// command key would be taken as typing, and `WFLG_RMBTRAP` bars the
    /// pointer walk: the menu cannot be reached.
    EntryTakesKeys,
}

impl fmt::Display for ActionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ActionError::NoArea => write!(f, "the gadget has no area to click"),
            ActionError::OffScreen { x, y } => write!(f, "the point {x},{y} is outside the screen"),
            ActionError::NoSystemGadget(g) => write!(f, "the window has no {} gadget", g.as_str()),
            ActionError::NoFreeDragSpot => write!(f, "the drag bar is covered by other gadgets"),
            ActionError::Unmappable { index, byte } => {
                write!(f, "the keymap cannot type character {index} (code {byte})")
            }
            ActionError::NoSuchMenuEntry => write!(f, "no such menu, item or sub-item"),
            ActionError::Disabled => write!(f, "the menu entry is disabled"),
            ActionError::RmbTrap => {
                write!(f, "the window traps the right mouse button (WFLG_RMBTRAP)")
            }
            ActionError::EntryTakesKeys => write!(
                f,
                "a string gadget of the window is active and would take the command key, and the window \
                 traps the right mouse button (WFLG_RMBTRAP): end the entry first (Return, or a click elsewhere)"
            ),
        }
    }
}

/// The size of the target screen (`Screen->Width`, `Screen->Height`):
/// every point must lie inside it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScreenSize {
    /// Width in pixels.
    pub width: i32,
    /// Height in pixels.
    pub height: i32,
}

impl ScreenSize {
    /// From the walker's screen snapshot.
    pub fn of(s: &crate::snapshot::ScreenInfo) -> ScreenSize {
        ScreenSize { width: s.width as i32, height: s.height as i32 }
    }

    fn point(&self, x: i32, y: i32, qualifier: u16) -> Result<Event, ActionError> {
        if x < 0 || y < 0 || x >= self.width || y >= self.height {
            return Err(ActionError::OffScreen { x, y });
        }
        Ok(Event::PointerTo { x: x as i16, y: y as i16, qualifier })
    }
}

fn left_down() -> Event {
    Event::Button { code: IECODE_LBUTTON, qualifier: IEQUALIFIER_LEFTBUTTON | IEQUALIFIER_RELATIVEMOUSE }
}

/// A still mouse report with the left button held: `IECLASS_RAWMOUSE`,
/// `IECODE_NOBUTTON`, no motion. A real mouse move reaches the active
/// gadget as `IECLASS_RAWMOUSE`; an injected `IECLASS_NEWPOINTERPOS` moves
/// the pointer but Intuitions that hand it on unchanged (AROS) leave a
/// proportional gadget's knob where it was, so the move is followed by one
/// report of the kind every gadget follows.
fn left_held() -> Event {
    Event::Button { code: IECODE_NOBUTTON, qualifier: IEQUALIFIER_LEFTBUTTON | IEQUALIFIER_RELATIVEMOUSE }
}

fn left_up() -> Event {
    Event::Button { code: IECODE_LBUTTON | IECODE_UP_PREFIX, qualifier: IEQUALIFIER_RELATIVEMOUSE }
}

/// A left click at (`x`, `y`), screen-relative: pointer there, button
/// down, button up.
pub fn click_at(screen: ScreenSize, x: i32, y: i32) -> Result<Vec<Event>, ActionError> {
    Ok(vec![screen.point(x, y, 0)?, left_down(), left_up()])
}

/// The screen-relative centre of a window-relative box (borders included)
/// of a window whose top-left corner is at (`window_left`, `window_top`)
/// on its screen (`Window->LeftEdge/TopEdge`). Gadget edges are relative
/// to the window's corner, not to its inner area: borders are not added
/// again.
pub fn screen_centre(window_left: i32, window_top: i32, bx: Rect) -> Result<(i32, i32), ActionError> {
    let (x, y) = bx.centre().ok_or(ActionError::NoArea)?;
    Ok((window_left + x, window_top + y))
}

/// CLICK: a left click at the centre of `gadget` of `window`.
pub fn click_gadget(screen: ScreenSize, window: &WindowSnap, gadget: &GadgetSnap) -> Result<Vec<Event>, ActionError> {
    let (x, y) = screen_centre(window.info.left as i32, window.info.top as i32, gadget.rect())?;
    click_at(screen, x, y)
}

/// A left-button drag from one screen point to another: pointer to the
/// start, button down, pointer to the end (with `IEQUALIFIER_LEFTBUTTON`,
/// as a real move with the button held), a still mouse report with the
/// button held (see `left_held`), button up.
pub fn drag(screen: ScreenSize, from: (i32, i32), to: (i32, i32)) -> Result<Vec<Event>, ActionError> {
    Ok(vec![
        screen.point(from.0, from.1, 0)?,
        left_down(),
        screen.point(to.0, to.1, IEQUALIFIER_LEFTBUTTON)?,
        left_held(),
        left_up(),
    ])
}

/// DRAG `<dx> <dy>`: grab `gadget` at the centre of its knob when it has
/// one (sliders, scrollers: `GadgetSnap::knob`), else at the centre of its
/// box, and move the pointer by (`dx`, `dy`).
pub fn drag_gadget_by(
    screen: ScreenSize,
    window: &WindowSnap,
    gadget: &GadgetSnap,
    dx: i32,
    dy: i32,
) -> Result<Vec<Event>, ActionError> {
    // A proportional gadget is grabbed by its knob: a press on the
    // container beside the knob would page by one step instead.
    let bx = match gadget.knob {
        Some((l, t, w, h)) if w > 0 && h > 0 => Rect::new(l, t, w, h),
        _ => gadget.rect(),
    };
    let from = screen_centre(window.info.left as i32, window.info.top as i32, bx)?;
    drag(screen, from, (from.0 + dx, from.1 + dy))
}

/// DRAG `TO <gadget>`: from the centre of `gadget` to the centre of `to`
/// (both of `window`).
pub fn drag_gadget_to(
    screen: ScreenSize,
    window: &WindowSnap,
    gadget: &GadgetSnap,
    to: &GadgetSnap,
) -> Result<Vec<Event>, ActionError> {
    let (l, t) = (window.info.left as i32, window.info.top as i32);
    drag(screen, screen_centre(l, t, gadget.rect())?, screen_centre(l, t, to.rect())?)
}

/// The first system gadget of this kind in list order.
pub fn system_gadget(window: &WindowSnap, kind: SysGadget) -> Option<&GadgetSnap> {
    window.gadgets.iter().find(|g| g.sys == Some(kind))
}

/// A window-relative point on the drag bar that no other gadget covers
/// (Intuition gives a click to the first gadget of the list whose box
/// holds it, and the close, depth and zoom gadgets sit on the bar): the
/// bar's centre when free, else the middle of the widest free stretch of
/// its centre line.
pub fn drag_bar_spot(window: &WindowSnap) -> Result<(i32, i32), ActionError> {
    let bar = system_gadget(window, SysGadget::Drag).ok_or(ActionError::NoSystemGadget(SysGadget::Drag))?;
    let bx = bar.rect();
    let (cx, cy) = bx.centre().ok_or(ActionError::NoArea)?;
    let others: Vec<Rect> = window.gadgets.iter().filter(|g| !core::ptr::eq(*g, bar)).map(GadgetSnap::rect).collect();
    let free = |x: i32| !others.iter().any(|r| r.contains(x, cy));
    if free(cx) {
        return Ok((cx, cy));
    }
    let (mut best, mut run_start) = (None::<(i32, i32)>, None::<i32>);
    for x in bx.left..=bx.left + bx.width {
        let inside = x < bx.left + bx.width && free(x);
        match (inside, run_start) {
            (true, None) => run_start = Some(x),
            (false, Some(s)) => {
                let longer = match best {
                    None => true,
                    Some((bs, be)) => x - s > be - bs,
                };
                if longer {
                    best = Some((s, x));
                }
                run_start = None;
            }
            _ => {}
        }
    }
    let (s, e) = best.ok_or(ActionError::NoFreeDragSpot)?;
    Ok((s + (e - s) / 2, cy))
}

/// WINDOWMOVE `<dx> <dy>`: drag the window's drag bar (the system gadget
/// with `GTYP_WDRAGGING`, from the TREE geometry) by (`dx`, `dy`).
pub fn window_move(screen: ScreenSize, window: &WindowSnap, dx: i32, dy: i32) -> Result<Vec<Event>, ActionError> {
    let (x, y) = drag_bar_spot(window)?;
    let from = (window.info.left as i32 + x, window.info.top as i32 + y);
    drag(screen, from, (from.0 + dx, from.1 + dy))
}

/// WINDOWSIZE `<w> <h>`: drag the sizing gadget (`GTYP_SIZING`) by the
/// difference between the wanted and the current size. Intuition keeps
/// the window within its `MinWidth`…`MaxHeight` limits and the screen.
pub fn window_size(
    screen: ScreenSize,
    window: &WindowSnap,
    width: i32,
    height: i32,
) -> Result<Vec<Event>, ActionError> {
    let g = system_gadget(window, SysGadget::Size).ok_or(ActionError::NoSystemGadget(SysGadget::Size))?;
    let from = screen_centre(window.info.left as i32, window.info.top as i32, g.rect())?;
    let (dx, dy) = (width - window.info.width as i32, height - window.info.height as i32);
    drag(screen, from, (from.0 + dx, from.1 + dy))
}

/// Character → raw key translation: the code/qualifier pairs that type one
/// byte, as keymap.library `MapANSI()` returns them (dead keys first, the
/// final key last; the qualifier is the low byte of `ie_Qualifier`).
/// `None` when the keymap cannot produce the byte.
pub trait KeyMap {
    /// The pairs for `byte`.
    fn map(&mut self, byte: u8) -> Option<Vec<(u8, u8)>>;
}

/// The events for one key with qualifiers: each modifier key pressed in
/// [`MODIFIER_KEYS`] order (its own bit set in its event), the key down
/// and up with every qualifier, the modifiers released in reverse order
/// (each release without its own bit).
fn keystroke(out: &mut Vec<Event>, code: u8, qual: u16, prev: [u8; 4]) {
    let mut held: u16 = qual & IEQUALIFIER_CAPSLOCK;
    let pressed: Vec<(u16, u8)> = MODIFIER_KEYS.iter().copied().filter(|(bit, _)| qual & bit != 0).collect();
    for &(bit, key) in &pressed {
        held |= bit;
        out.push(Event::Key { code: key as u16, qualifier: held, prev: [0; 4] });
    }
    out.push(Event::Key { code: code as u16, qualifier: held, prev });
    out.push(Event::Key { code: code as u16 | IECODE_UP_PREFIX, qualifier: held, prev });
    for &(bit, key) in pressed.iter().rev() {
        held &= !bit;
        out.push(Event::Key { code: key as u16 | IECODE_UP_PREFIX, qualifier: held, prev: [0; 4] });
    }
}

/// The key events of a sequence of MapANSI pairs: each pair is one
/// keystroke; a later pair carries the earlier pairs of the sequence in
/// `ie_Prev1Down*` (the one just before) and `ie_Prev2Down*`, which is how
/// a dead key reaches the key it modifies (keymap.library MapANSI autodoc).
fn pairs_to_events(out: &mut Vec<Event>, pairs: &[(u8, u8)]) {
    for (i, &(code, qual)) in pairs.iter().enumerate() {
        let p1 = if i >= 1 { pairs[i - 1] } else { (0, 0) };
        let p2 = if i >= 2 { pairs[i - 2] } else { (0, 0) };
        keystroke(out, code, qual as u16, [p1.0, p1.1, p2.0, p2.1]);
    }
}

/// TYPE: the key events that type `text` (Latin-1 bytes) with `keymap`.
/// A LF (0x0A) is the Return key (raw code 0x44, the same on every keymap:
/// devices/keymap.h), as AmiPilot's TYPE strikes it; every other byte goes
/// through the keymap. A byte the keymap cannot produce fails the whole
/// TYPE (nothing is typed), naming its index: it is never skipped.
pub fn type_text<K: KeyMap + ?Sized>(text: &[u8], keymap: &mut K) -> Result<Vec<Event>, ActionError> {
    let mut out = Vec::new();
    for (index, &byte) in text.iter().enumerate() {
        if byte == b'\n' {
            keystroke(&mut out, RAWKEY_RETURN, 0, [0; 4]);
            continue;
        }
        match keymap.map(byte) {
            Some(pairs) if !pairs.is_empty() => pairs_to_events(&mut out, &pairs),
            _ => return Err(ActionError::Unmappable { index, byte }),
        }
    }
    Ok(out)
}

/// The USA keymap (`usa`, the ROM default) for printable ASCII, Return
/// (0x0D and 0x0A), Tab and Backspace, as (raw code, qualifier) pairs.
/// Used only when keymap.library cannot be opened; MapANSI with the
/// user's keymap is always preferred.
#[derive(Clone, Copy, Debug, Default)]
pub struct UsKeyMap;

const US_ROW: [(u8, &[u8; 2]); 47] = [
    (0x00, b"`~"),
    (0x01, b"1!"),
    (0x02, b"2@"),
    (0x03, b"3#"),
    (0x04, b"4$"),
    (0x05, b"5%"),
    (0x06, b"6^"),
    (0x07, b"7&"),
    (0x08, b"8*"),
    (0x09, b"9("),
    (0x0A, b"0)"),
    (0x0B, b"-_"),
    (0x0C, b"=+"),
    (0x0D, b"\\|"),
    (0x10, b"qQ"),
    (0x11, b"wW"),
    (0x12, b"eE"),
    (0x13, b"rR"),
    (0x14, b"tT"),
    (0x15, b"yY"),
    (0x16, b"uU"),
    (0x17, b"iI"),
    (0x18, b"oO"),
    (0x19, b"pP"),
    (0x1A, b"[{"),
    (0x1B, b"]}"),
    (0x20, b"aA"),
    (0x21, b"sS"),
    (0x22, b"dD"),
    (0x23, b"fF"),
    (0x24, b"gG"),
    (0x25, b"hH"),
    (0x26, b"jJ"),
    (0x27, b"kK"),
    (0x28, b"lL"),
    (0x29, b";:"),
    (0x2A, b"'\""),
    (0x31, b"zZ"),
    (0x32, b"xX"),
    (0x33, b"cC"),
    (0x34, b"vV"),
    (0x35, b"bB"),
    (0x36, b"nN"),
    (0x37, b"mM"),
    (0x38, b",<"),
    (0x39, b".>"),
    (0x3A, b"/?"),
];

/// One byte on the USA keymap: `(raw code, qualifier)`.
pub fn us_key(byte: u8) -> Option<(u8, u8)> {
    match byte {
        b' ' => return Some((0x40, 0)),
        b'\t' => return Some((0x42, 0)),
        b'\r' | b'\n' => return Some((RAWKEY_RETURN, 0)),
        0x08 => return Some((0x41, 0)),
        _ => {}
    }
    US_ROW.iter().find_map(|&(code, chars)| {
        if chars[0] == byte {
            Some((code, 0))
        } else if chars[1] == byte {
            Some((code, IEQUALIFIER_LSHIFT as u8))
        } else {
            None
        }
    })
}

impl KeyMap for UsKeyMap {
    fn map(&mut self, byte: u8) -> Option<Vec<(u8, u8)>> {
        us_key(byte).map(|p| vec![p])
    }
}

/// A menu title as MENUPICK needs it (intuition/intuition.h `struct Menu`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MenuBox {
    /// `Menu->LeftEdge`: left edge of the title's select box, relative to
    /// the screen's left edge plus its left border (RKRM Libraries,
    /// "Intuition Menus", struct Menu). `TopEdge`/`Height` are ignored by
    /// Intuition: the title box is the screen's title bar.
    pub left: i16,
    /// `Menu->Width`: width of the title's select box.
    pub width: i16,
    /// `MENUENABLED`.
    pub enabled: bool,
    /// The items in `FirstItem` order.
    pub items: Vec<ItemBox>,
}

/// A menu item or sub-item (`struct MenuItem`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ItemBox {
    /// `MenuItem->LeftEdge`: for an item relative to the menu's
    /// `LeftEdge`; for a sub-item relative to its item's `LeftEdge`.
    pub left: i16,
    /// `MenuItem->TopEdge`: for an item relative to "the topmost position
    /// Intuition allows" (0 = the first line of the item box, just under
    /// the title bar); for a sub-item relative to its item's `TopEdge`.
    pub top: i16,
    /// `MenuItem->Width` of the select box.
    pub width: i16,
    /// `MenuItem->Height` of the select box.
    pub height: i16,
    /// `Command` when `COMMSEQ` is set (the Right-Amiga shortcut).
    pub command: Option<u8>,
    /// `ITEMENABLED`.
    pub enabled: bool,
    /// Sub-items in `SubItem` order (empty for a sub-item).
    pub subitems: Vec<ItemBox>,
}

/// Where the menu boxes are on the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MenuScreen {
    /// The screen's size.
    pub size: ScreenSize,
    /// `Screen->BarHeight` (intuition/screens.h): the title bar spans lines
    /// 0…`BarHeight`; the items' `TopEdge` 0 is line `BarHeight + 1`.
    pub bar_height: i32,
    /// `Screen->BarHBorder` (V36+): the screen's left border that menu
    /// `LeftEdge` values are relative to.
    pub bar_hborder: i32,
}

impl MenuScreen {
    /// From the walker's screen snapshot (`Width`/`Height`, `BarHeight`,
    /// `BarHBorder`).
    pub fn of(s: &crate::snapshot::ScreenInfo) -> MenuScreen {
        MenuScreen { size: ScreenSize::of(s), bar_height: s.bar_height.into(), bar_hborder: s.bar_hborder.into() }
    }
}

fn item_box(i: &crate::snapshot::MenuItemSnap) -> ItemBox {
    let (left, top, width, height) = i.geometry;
    ItemBox {
        left,
        top,
        width,
        height,
        command: i.shortcut,
        enabled: i.enabled,
        subitems: i.subitems.iter().map(item_box).collect(),
    }
}

/// The menu boxes of a walked strip (`Menu.LeftEdge/Width`, each
/// `MenuItem`'s `LeftEdge/TopEdge/Width/Height`, command keys and
/// enabled flags as the walker read them).
pub fn menu_boxes_of(strip: &crate::snapshot::MenuStripSnap) -> Vec<MenuBox> {
    strip
        .menus
        .iter()
        .map(|m| MenuBox {
            left: m.left,
            width: m.width,
            enabled: m.enabled,
            items: m.items.iter().map(item_box).collect(),
        })
        .collect()
}

/// The screen-relative select boxes of the menu walk: the title, the item,
/// and the sub-item when one is asked for.
///
/// Rules (RKRM Libraries, "Intuition Menus": struct Menu, struct MenuItem,
/// "The item box"): the title box is (`BarHBorder + Menu.LeftEdge`, 0,
/// `Menu.Width`, `BarHeight + 1`); an item box is (`BarHBorder +
/// Menu.LeftEdge + Item.LeftEdge`, `BarHeight + 1 + Item.TopEdge`,
/// `Item.Width`, `Item.Height`); a sub-item box adds the sub-item's
/// `LeftEdge`/`TopEdge` to its item's box corner. Intuition's own item
/// box frame (V39 MenuHBorder/MenuVBorder) is drawn around these boxes,
/// so aiming at their centres stays inside them.
pub fn menu_boxes(
    scr: &MenuScreen,
    menus: &[MenuBox],
    menu: usize,
    item: usize,
    sub: Option<usize>,
) -> Result<(Rect, Rect, Option<Rect>), ActionError> {
    let m = menus.get(menu).ok_or(ActionError::NoSuchMenuEntry)?;
    let it = m.items.get(item).ok_or(ActionError::NoSuchMenuEntry)?;
    let title = Rect::new(scr.bar_hborder + m.left as i32, 0, m.width as i32, scr.bar_height + 1);
    let ib =
        Rect::new(title.left + it.left as i32, scr.bar_height + 1 + it.top as i32, it.width as i32, it.height as i32);
    let sb = match sub {
        None => None,
        Some(s) => {
            let si = it.subitems.get(s).ok_or(ActionError::NoSuchMenuEntry)?;
            Some(Rect::new(ib.left + si.left as i32, ib.top + si.top as i32, si.width as i32, si.height as i32))
        }
    };
    Ok((title, ib, sb))
}

/// One keystroke of raw key `code` with `qualifier` (modifier keys
/// pressed before and released after), for keys that are not characters:
/// cursor keys, Backspace, Return (raw codes from devices/rawkeyboard:
/// [`RAWKEY_CURSOR_RIGHT`], [`RAWKEY_BACKSPACE`]).
pub fn raw_keystroke(code: u8, qualifier: u16) -> Vec<Event> {
    let mut out = Vec::new();
    keystroke(&mut out, code, qualifier, [0; 4]);
    out
}

/// Right-Amiga + `key` (typed unshifted, as menu shortcuts and the string
/// gadget's editing commands such as Right-Amiga X "clear" expect).
pub fn amiga_key<K: KeyMap + ?Sized>(key: u8, keymap: &mut K) -> Result<Vec<Event>, ActionError> {
    let c = key.to_ascii_lowercase();
    let pairs = keymap.map(c).filter(|p| !p.is_empty()).ok_or(ActionError::Unmappable { index: 0, byte: c })?;
    let mut out = Vec::new();
    let last = pairs.len() - 1;
    pairs_to_events(&mut out, &pairs[..last]);
    let (code, qual) = pairs[last];
    let p1 = if last >= 1 { pairs[last - 1] } else { (0, 0) };
    let p2 = if last >= 2 { pairs[last - 2] } else { (0, 0) };
    keystroke(&mut out, code, qual as u16 | IEQUALIFIER_RCOMMAND, [p1.0, p1.1, p2.0, p2.1]);
    Ok(out)
}

/// The string or integer gadget of the window that is active, if any:
/// one whose role is `string` or `integer` (or whose `GadgetType` is
/// `GTYP_STRGADGET`) with `GFLG_SELECTED` set. Intuition sets
/// `GFLG_SELECTED` on a string gadget while it is active and clears it
/// when the entry ends (AROS rom/intuition/strgadgets.c and strgclass.c
/// `GM_GOACTIVE`/`GM_GOINACTIVE`; measured in `wire-amipilot`).
pub fn active_entry(w: &WindowSnap) -> Option<&GadgetSnap> {
    w.gadgets.iter().find(|g| {
        let text = matches!(g.role, crate::classify::Role::String | crate::classify::Role::Integer)
            || g.gadget_type & amiga_ndk::intuition::GTYP_GTYPEMASK == amiga_ndk::intuition::GTYP_STRGADGET;
        text && g.selected()
    })
}

/// What of the target window decides how MENUPICK reaches an entry.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MenuAccess {
    /// `WFLG_RMBTRAP`: the right button does not open the menus.
    pub rmb_trap: bool,
    /// A string or integer gadget of the window is active
    /// ([`active_entry`]). It takes every key, a command key too: AROS's
    /// input handler gives each key to the active gadget and looks menu
    /// shortcuts up only when none is active (rom/intuition/inputhandler.c),
    /// its string editing drops a Right-Amiga key it has no command for
    /// (strgadgets.c); AmigaOS's string editing keeps Right-Amiga Q and X
    /// for itself (RKRM Libraries, "Intuition Gadgets", string gadget
    /// editing keys). The right button ends the entry instead, without
    /// `IDCMP_GADGETUP` (RKRM: the gadget "may become inactive without the
    /// application receiving an IDCMP_GADGETUP message" when the user
    /// does something else with the mouse; AROS strgclass answers
    /// `MENUDOWN` with `GMR_REUSE`), and then opens the menus.
    pub entry_active: bool,
}

impl MenuAccess {
    /// Of a window walked just now.
    pub fn of(w: &WindowSnap) -> MenuAccess {
        MenuAccess {
            rmb_trap: w.info.flags & amiga_ndk::intuition::WFLG_RMBTRAP != 0,
            entry_active: active_entry(w).is_some(),
        }
    }
}

/// How [`menu_pick`] reaches the entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MenuRoute {
    /// Right Amiga held around the entry's command key.
    Key(Vec<Event>),
    /// The right-button pointer walk over the menu boxes.
    Walk(Vec<Event>),
}

/// MENUPICK: the shortcut path when the chosen entry (the sub-item if one
/// is given, else the item) has a command key and no string gadget of
/// the window is active: Right Amiga held around the key (letters are
/// typed unshifted: Intuition compares command keys without regard to
/// case). Else the pointer walk: pointer over the title, right button
/// down (`IEQUALIFIER_RBUTTON`), pointer to the title again (a move opens
/// the menu), to the item, to the sub-item, right button up over the last
/// box.
///
/// Disabled menus, items and sub-items fail before any event (`Disabled`).
/// `WFLG_RMBTRAP` fails the pointer walk (`RmbTrap`, or `EntryTakesKeys`
/// when the entry has a command key that the active string gadget would
/// take); a shortcut still works, as it does for a user.
pub fn menu_pick<K: KeyMap + ?Sized>(
    scr: &MenuScreen,
    menus: &[MenuBox],
    menu: usize,
    item: usize,
    sub: Option<usize>,
    access: MenuAccess,
    keymap: &mut K,
) -> Result<MenuRoute, ActionError> {
    let (title, ib, sb) = menu_boxes(scr, menus, menu, item, sub)?;
    let m = &menus[menu];
    let it = &m.items[item];
    let entry = match sub {
        Some(s) => &it.subitems[s],
        None => it,
    };
    if !m.enabled || !it.enabled || !entry.enabled {
        return Err(ActionError::Disabled);
    }
    match entry.command {
        Some(c) if !access.entry_active => return amiga_key(c, keymap).map(MenuRoute::Key),
        Some(_) if access.rmb_trap => return Err(ActionError::EntryTakesKeys),
        _ if access.rmb_trap => return Err(ActionError::RmbTrap),
        _ => {}
    }
    let held = IEQUALIFIER_RBUTTON;
    let (tx, ty) = title.centre().ok_or(ActionError::NoArea)?;
    let (ix, iy) = ib.centre().ok_or(ActionError::NoArea)?;
    let mut out = vec![
        scr.size.point(tx, ty, 0)?,
        Event::Button { code: IECODE_RBUTTON, qualifier: IEQUALIFIER_RBUTTON | IEQUALIFIER_RELATIVEMOUSE },
        scr.size.point(tx, ty, held)?,
        scr.size.point(ix, iy, held)?,
    ];
    if let Some(sb) = sb {
        let (sx, sy) = sb.centre().ok_or(ActionError::NoArea)?;
        out.push(scr.size.point(sx, sy, held)?);
    }
    out.push(Event::Button { code: IECODE_RBUTTON | IECODE_UP_PREFIX, qualifier: IEQUALIFIER_RELATIVEMOUSE });
    Ok(MenuRoute::Walk(out))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::classify::Role;
    use crate::snapshot::WindowInfo;

    const SCREEN: ScreenSize = ScreenSize { width: 640, height: 256 };
    const REL: u16 = IEQUALIFIER_RELATIVEMOUSE;

    fn p(x: i16, y: i16, qualifier: u16) -> Event {
        Event::PointerTo { x, y, qualifier }
    }
    fn key(code: u16, qualifier: u16) -> Event {
        Event::Key { code, qualifier, prev: [0; 4] }
    }
    const LDOWN: Event = Event::Button { code: IECODE_LBUTTON, qualifier: IEQUALIFIER_LEFTBUTTON | REL };
    const LUP: Event = Event::Button { code: IECODE_LBUTTON | IECODE_UP_PREFIX, qualifier: REL };
    const LHELD: Event = Event::Button { code: IECODE_NOBUTTON, qualifier: IEQUALIFIER_LEFTBUTTON | REL };

    fn gadget(l: i32, t: i32, w: i32, h: i32, sys: Option<SysGadget>) -> GadgetSnap {
        GadgetSnap {
            address: 0x1000 + (l * 7 + t) as u32,
            id: 0,
            role: Role::Button,
            class: Default::default(),
            label: Vec::new(),
            value: None,
            left: l,
            top: t,
            width: w,
            height: h,
            flags: 0,
            gadget_type: 0,
            sys,
            level: None,
            knob: None,
            gt_kind: None,
        }
    }

    fn window(l: i16, t: i16, w: i16, h: i16, gadgets: Vec<GadgetSnap>) -> WindowSnap {
        WindowSnap {
            info: WindowInfo {
                address: 0x2000,
                screen: 0x3000,
                title: Some(b"AROS".to_vec()),
                screen_title: None,
                left: l,
                top: t,
                width: w,
                height: h,
                border_left: 4,
                border_top: 15,
                border_right: 18,
                border_bottom: 2,
                ..Default::default()
            },
            gadgets,
            truncated: false,
        }
    }

    /// The AROS boot Shell window of tests-uae/golden/aros-shell-window.full.tree.
    fn aros_shell() -> WindowSnap {
        window(
            0,
            0,
            640,
            256,
            vec![
                gadget(629, 16, 10, 197, None),
                gadget(627, 215, 14, 14, None),
                gadget(627, 229, 14, 14, None),
                gadget(626, 0, 15, 15, Some(SysGadget::Depth)),
                gadget(611, 0, 15, 15, Some(SysGadget::Zoom)),
                gadget(627, 243, 14, 14, Some(SysGadget::Size)),
                gadget(0, 0, 15, 15, Some(SysGadget::Close)),
                gadget(0, 0, 640, 15, Some(SysGadget::Drag)),
            ],
        )
    }

    #[test]
    fn click_is_move_down_up_at_the_centre_window_offset_added_once() {
        let w = window(100, 50, 300, 120, vec![gadget(20, 30, 81, 14, None)]);
        let e = click_gadget(SCREEN, &w, &w.gadgets[0]).unwrap();
        assert_eq!(e, vec![p(160, 87, 0), LDOWN, LUP]);
    }

    #[test]
    fn click_refuses_empty_gadgets_and_points_off_screen() {
        let w = window(100, 50, 300, 120, vec![gadget(20, 30, 0, 14, None), gadget(600, 30, 20, 10, None)]);
        assert_eq!(click_gadget(SCREEN, &w, &w.gadgets[0]), Err(ActionError::NoArea));
        assert_eq!(click_gadget(SCREEN, &w, &w.gadgets[1]), Err(ActionError::OffScreen { x: 710, y: 85 }));
        assert_eq!(click_at(SCREEN, -1, 0), Err(ActionError::OffScreen { x: -1, y: 0 }));
        assert_eq!(click_at(SCREEN, 639, 255).unwrap()[0], p(639, 255, 0));
    }

    #[test]
    fn drag_by_and_to_hold_the_left_button_while_moving() {
        let w = window(10, 20, 300, 120, vec![gadget(20, 30, 100, 10, None), gadget(200, 60, 11, 11, None)]);
        let by = drag_gadget_by(SCREEN, &w, &w.gadgets[0], 25, -3).unwrap();
        assert_eq!(by, vec![p(80, 55, 0), LDOWN, p(105, 52, IEQUALIFIER_LEFTBUTTON), LHELD, LUP]);
        let to = drag_gadget_to(SCREEN, &w, &w.gadgets[0], &w.gadgets[1]).unwrap();
        assert_eq!(to, vec![p(80, 55, 0), LDOWN, p(215, 85, IEQUALIFIER_LEFTBUTTON), LHELD, LUP]);
        assert_eq!(drag_gadget_by(SCREEN, &w, &w.gadgets[0], 0, 500), Err(ActionError::OffScreen { x: 80, y: 555 }));
    }

    #[test]
    fn drag_by_grabs_a_slider_at_its_knob() {
        let mut slider = gadget(20, 30, 100, 10, None);
        slider.role = Role::Slider;
        // Knob 6×4 at (40,33) window-relative: its centre (43,35).
        slider.knob = Some((40, 33, 6, 4));
        let w = window(10, 20, 300, 120, vec![slider]);
        let by = drag_gadget_by(SCREEN, &w, &w.gadgets[0], 40, 0).unwrap();
        assert_eq!(by, vec![p(53, 55, 0), LDOWN, p(93, 55, IEQUALIFIER_LEFTBUTTON), LHELD, LUP]);
    }

    #[test]
    fn window_move_grabs_the_drag_bar_where_no_other_gadget_is() {
        let w = aros_shell();
        // The bar's centre (320,7) is free.
        assert_eq!(drag_bar_spot(&w), Ok((320, 7)));
        let e = window_move(SCREEN, &w, 40, 30).unwrap();
        assert_eq!(e, vec![p(320, 7, 0), LDOWN, p(360, 37, IEQUALIFIER_LEFTBUTTON), LHELD, LUP]);
        // A narrow window: close at 0..15, bar 0..100, depth 70..85, zoom 85..100.
        let n = window(
            200,
            100,
            100,
            60,
            vec![
                gadget(85, 0, 15, 15, Some(SysGadget::Zoom)),
                gadget(70, 0, 15, 15, Some(SysGadget::Depth)),
                gadget(0, 0, 15, 15, Some(SysGadget::Close)),
                gadget(0, 0, 100, 15, Some(SysGadget::Drag)),
                gadget(40, 5, 12, 5, None),
            ],
        );
        // Free stretches of line 7: 15..40 (25) and 52..70 (18): middle of the first.
        assert_eq!(drag_bar_spot(&n), Ok((27, 7)));
        let covered =
            window(0, 0, 30, 20, vec![gadget(0, 0, 30, 15, None), gadget(0, 0, 30, 15, Some(SysGadget::Drag))]);
        assert_eq!(drag_bar_spot(&covered), Err(ActionError::NoFreeDragSpot));
        let bare = window(0, 0, 30, 20, vec![]);
        assert_eq!(window_move(SCREEN, &bare, 1, 1), Err(ActionError::NoSystemGadget(SysGadget::Drag)));
    }

    #[test]
    fn window_size_drags_the_sizing_gadget_by_the_size_difference() {
        let w = aros_shell();
        let e = window_size(SCREEN, &w, 440, 156).unwrap();
        assert_eq!(e, vec![p(634, 250, 0), LDOWN, p(434, 150, IEQUALIFIER_LEFTBUTTON), LHELD, LUP]);
        let bare = window(0, 0, 30, 20, vec![]);
        assert_eq!(window_size(SCREEN, &bare, 1, 1), Err(ActionError::NoSystemGadget(SysGadget::Size)));
    }

    #[test]
    fn typing_presses_modifiers_around_each_key() {
        let e = type_text(b"a!", &mut UsKeyMap).unwrap();
        assert_eq!(
            e,
            vec![
                key(0x20, 0),
                key(0xA0, 0),
                key(0x60, IEQUALIFIER_LSHIFT),
                key(0x01, IEQUALIFIER_LSHIFT),
                key(0x81, IEQUALIFIER_LSHIFT),
                key(0xE0, 0),
            ]
        );
        let e = type_text(b"\r", &mut UsKeyMap).unwrap();
        assert_eq!(e, vec![key(0x44, 0), key(0xC4, 0)]);
    }

    struct Table(Vec<(u8, Vec<(u8, u8)>)>);
    impl KeyMap for Table {
        fn map(&mut self, byte: u8) -> Option<Vec<(u8, u8)>> {
            self.0.iter().find(|(b, _)| *b == byte).map(|(_, p)| p.clone())
        }
    }

    #[test]
    fn dead_keys_reach_the_final_key_through_prev_fields_and_modifiers_nest() {
        // 'é' on a keymap with a dead acute on Alt-F (0x23, LALT) then 'e' (0x12).
        let mut km = Table(vec![(0xE9, vec![(0x23, 0x10), (0x12, 0)]), (0x01, vec![(0x20, 0x09)])]);
        let e = type_text(&[0xE9], &mut km).unwrap();
        assert_eq!(
            e,
            vec![
                key(0x64, IEQUALIFIER_LALT),
                key(0x23, IEQUALIFIER_LALT),
                key(0xA3, IEQUALIFIER_LALT),
                key(0xE4, 0),
                Event::Key { code: 0x12, qualifier: 0, prev: [0x23, 0x10, 0, 0] },
                Event::Key { code: 0x92, qualifier: 0, prev: [0x23, 0x10, 0, 0] },
            ]
        );
        // Ctrl-Shift-a: Shift pressed first, released last.
        let e = type_text(&[0x01], &mut km).unwrap();
        let q = IEQUALIFIER_LSHIFT | IEQUALIFIER_CONTROL;
        assert_eq!(
            e,
            vec![
                key(0x60, IEQUALIFIER_LSHIFT),
                key(0x63, q),
                key(0x20, q),
                key(0xA0, q),
                key(0xE3, IEQUALIFIER_LSHIFT),
                key(0xE0, 0),
            ]
        );
    }

    #[test]
    fn a_line_feed_is_the_return_key_whatever_the_keymap() {
        // A keymap that knows 'a' only (MapANSI may give Ctrl-J for LF).
        let mut km = Table(vec![(b'a', vec![(0x20, 0)])]);
        let e = type_text(b"a\na", &mut km).unwrap();
        assert_eq!(e, vec![key(0x20, 0), key(0xA0, 0), key(0x44, 0), key(0xC4, 0), key(0x20, 0), key(0xA0, 0)]);
        // A CR goes through the keymap like any other byte.
        assert_eq!(type_text(b"\r", &mut km), Err(ActionError::Unmappable { index: 0, byte: b'\r' }));
    }

    #[test]
    fn an_unmappable_character_fails_the_whole_type() {
        assert_eq!(type_text(b"ab\x80c", &mut UsKeyMap), Err(ActionError::Unmappable { index: 2, byte: 0x80 }));
        let mut none = Table(vec![(b'x', vec![])]);
        assert_eq!(type_text(b"x", &mut none), Err(ActionError::Unmappable { index: 0, byte: b'x' }));
        assert_eq!(
            ActionError::Unmappable { index: 2, byte: 0x80 }.to_string(),
            "the keymap cannot type character 2 (code 128)"
        );
    }

    #[test]
    fn us_keymap_covers_printable_ascii() {
        for b in 0x20u8..0x7F {
            assert!(us_key(b).is_some(), "{b:#x}");
        }
        assert_eq!(us_key(b'Z'), Some((0x31, 1)));
        assert_eq!(us_key(b'"'), Some((0x2A, 1)));
        assert_eq!(us_key(0x7F), None);
    }

    fn item(left: i16, top: i16, width: i16, height: i16, command: Option<u8>) -> ItemBox {
        ItemBox { left, top, width, height, command, enabled: true, subitems: Vec::new() }
    }

    fn strip() -> Vec<MenuBox> {
        let mut open = item(0, 10, 120, 10, None);
        open.subitems = vec![item(100, 0, 80, 10, None), item(100, 10, 80, 10, Some(b'R'))];
        vec![
            MenuBox { left: 0, width: 60, enabled: true, items: vec![item(0, 0, 120, 10, Some(b'N')), open] },
            MenuBox { left: 60, width: 40, enabled: true, items: vec![item(0, 0, 90, 10, None)] },
        ]
    }

    const MSCR: MenuScreen = MenuScreen { size: SCREEN, bar_height: 10, bar_hborder: 5 };

    #[test]
    fn menu_box_arithmetic() {
        let (t, i, s) = menu_boxes(&MSCR, &strip(), 0, 1, Some(0)).unwrap();
        assert_eq!(t, Rect::new(5, 0, 60, 11));
        assert_eq!(i, Rect::new(5, 21, 120, 10));
        assert_eq!(s, Some(Rect::new(105, 21, 80, 10)));
        assert_eq!(menu_boxes(&MSCR, &strip(), 2, 0, None), Err(ActionError::NoSuchMenuEntry));
        assert_eq!(menu_boxes(&MSCR, &strip(), 1, 1, None), Err(ActionError::NoSuchMenuEntry));
        assert_eq!(menu_boxes(&MSCR, &strip(), 1, 0, Some(0)), Err(ActionError::NoSuchMenuEntry));
    }

    const FREE: MenuAccess = MenuAccess { rmb_trap: false, entry_active: false };
    const TRAP: MenuAccess = MenuAccess { rmb_trap: true, entry_active: false };
    const TYPING: MenuAccess = MenuAccess { rmb_trap: false, entry_active: true };

    fn walk(r: Result<MenuRoute, ActionError>) -> Vec<Event> {
        match r {
            Ok(MenuRoute::Walk(e)) => e,
            other => panic!("not a pointer walk: {other:?}"),
        }
    }

    #[test]
    fn menu_pick_pointer_walk() {
        let held = IEQUALIFIER_RBUTTON;
        let rdown = Event::Button { code: IECODE_RBUTTON, qualifier: IEQUALIFIER_RBUTTON | REL };
        let rup = Event::Button { code: IECODE_RBUTTON | IECODE_UP_PREFIX, qualifier: REL };
        let e = walk(menu_pick(&MSCR, &strip(), 1, 0, None, FREE, &mut UsKeyMap));
        assert_eq!(e, vec![p(85, 5, 0), rdown, p(85, 5, held), p(110, 16, held), rup]);
        let e = walk(menu_pick(&MSCR, &strip(), 0, 1, Some(0), FREE, &mut UsKeyMap));
        assert_eq!(e, vec![p(35, 5, 0), rdown, p(35, 5, held), p(65, 26, held), p(145, 26, held), rup]);
        assert_eq!(menu_pick(&MSCR, &strip(), 1, 0, None, TRAP, &mut UsKeyMap), Err(ActionError::RmbTrap));
    }

    #[test]
    fn menu_pick_shortcut_is_right_amiga_and_the_key() {
        let rc = IEQUALIFIER_RCOMMAND;
        // Item "N": Right-Amiga n (unshifted), WFLG_RMBTRAP or not.
        let e = menu_pick(&MSCR, &strip(), 0, 0, None, TRAP, &mut UsKeyMap);
        assert_eq!(e, Ok(MenuRoute::Key(vec![key(0x67, rc), key(0x36, rc), key(0xB6, rc), key(0xE7, 0)])));
        // Sub-item "R".
        let e = menu_pick(&MSCR, &strip(), 0, 1, Some(1), FREE, &mut UsKeyMap);
        assert_eq!(e, Ok(MenuRoute::Key(vec![key(0x67, rc), key(0x13, rc), key(0x93, rc), key(0xE7, 0)])));
    }

    #[test]
    fn an_active_string_gadget_turns_a_shortcut_into_the_pointer_walk() {
        let held = IEQUALIFIER_RBUTTON;
        let rdown = Event::Button { code: IECODE_RBUTTON, qualifier: IEQUALIFIER_RBUTTON | REL };
        let rup = Event::Button { code: IECODE_RBUTTON | IECODE_UP_PREFIX, qualifier: REL };
        // Item "N" and sub-item "R" have command keys: walked all the same.
        let e = walk(menu_pick(&MSCR, &strip(), 0, 0, None, TYPING, &mut UsKeyMap));
        assert_eq!(e, vec![p(35, 5, 0), rdown, p(35, 5, held), p(65, 16, held), rup]);
        let e = walk(menu_pick(&MSCR, &strip(), 0, 1, Some(1), TYPING, &mut UsKeyMap));
        assert_eq!(e, vec![p(35, 5, 0), rdown, p(35, 5, held), p(65, 26, held), p(145, 36, held), rup]);
        // No key and no walk can reach it: refused, nothing to send.
        let both = MenuAccess { rmb_trap: true, entry_active: true };
        assert_eq!(menu_pick(&MSCR, &strip(), 0, 0, None, both, &mut UsKeyMap), Err(ActionError::EntryTakesKeys));
        assert_eq!(menu_pick(&MSCR, &strip(), 1, 0, None, both, &mut UsKeyMap), Err(ActionError::RmbTrap));
    }

    #[test]
    fn the_active_entry_is_a_selected_string_or_integer_gadget() {
        use amiga_ndk::intuition::{GFLG_SELECTED, GTYP_STRGADGET, WFLG_RMBTRAP};
        let g = |role, gadget_type, flags| GadgetSnap { role, gadget_type, flags, ..gadget(10, 10, 50, 12, None) };
        let access = |gadgets| MenuAccess::of(&window(0, 0, 300, 100, gadgets));
        // Selected, but a button (held down), or a string gadget not active.
        assert_eq!(access(vec![g(Role::Button, 0, GFLG_SELECTED), g(Role::String, 0, 0)]), FREE);
        for active in [
            g(Role::String, 0, GFLG_SELECTED),
            g(Role::Integer, 0, GFLG_SELECTED),
            g(Role::Unknown, GTYP_STRGADGET, GFLG_SELECTED),
        ] {
            let w = window(0, 0, 300, 100, vec![g(Role::Button, 0, 0), active.clone()]);
            assert_eq!(active_entry(&w), Some(&active));
            assert_eq!(MenuAccess::of(&w), TYPING);
        }
        let mut w = window(0, 0, 300, 100, Vec::new());
        w.info.flags = WFLG_RMBTRAP;
        assert_eq!(MenuAccess::of(&w), TRAP);
    }

    #[test]
    fn menu_pick_refuses_disabled_entries() {
        let mut s = strip();
        s[1].enabled = false;
        assert_eq!(menu_pick(&MSCR, &s, 1, 0, None, FREE, &mut UsKeyMap), Err(ActionError::Disabled));
        let mut s = strip();
        s[0].items[1].subitems[1].enabled = false;
        assert_eq!(menu_pick(&MSCR, &s, 0, 1, Some(1), FREE, &mut UsKeyMap), Err(ActionError::Disabled));
        let mut s = strip();
        s[0].items[0].enabled = false;
        assert_eq!(menu_pick(&MSCR, &s, 0, 0, None, TYPING, &mut UsKeyMap), Err(ActionError::Disabled));
    }
}
