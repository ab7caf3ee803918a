//! TREE, MENU and SCREENS text, byte-exactly as FORMATS.md specifies.
//!
//! Output is Latin-1 bytes (`Vec<u8>`), copied through unchanged from the
//! snapshot: no UTF-8 assumption anywhere. Lines end with LF. Quoted fields
//! escape `"` as `\"` and `\` as `\\`, nothing else.

#![warn(missing_docs)]

use alloc::vec::Vec;

use crate::snapshot::{
    GadgetSnap, MenuItemSnap, MenuStripSnap, ScreensSnapshot, WindowInfo, WindowSnap,
};

/// Append `s` between double quotes, escaping only `"` and `\`.
///
/// Runs between escapes are copied with `extend_from_slice` (one memory
/// copy each): on the 68k every per-byte push is a function's worth of
/// bounds-checked loads and stores.
pub fn push_quoted(out: &mut Vec<u8>, s: &[u8]) {
    out.reserve(s.len() + 2);
    out.push(b'"');
    let mut rest = s;
    while let Some(i) = rest.iter().position(|&c| c == b'"' || c == b'\\') {
        out.extend_from_slice(&rest[..i]);
        out.push(b'\\');
        out.push(rest[i]);
        rest = &rest[i + 1..];
    }
    out.extend_from_slice(rest);
    out.push(b'"');
}

/// Append the decimal digits of `n`. 32-bit division: the 68020 divides
/// 32 bits in one instruction, while 64-bit division is a libgcc call
/// costing hundreds of cycles per digit. Up to three digits (ids and
/// pixel values, nearly every number of a TREE) are pushed one by one: a
/// slice copy costs more than the pushes on the 68k (`cargo xtask
/// profile-walk`).
fn push_u32(out: &mut Vec<u8>, mut n: u32) {
    if n < 1000 {
        if n >= 100 {
            out.push(b'0' + (n / 100) as u8);
            n %= 100;
            out.push(b'0' + (n / 10) as u8);
        } else if n >= 10 {
            out.push(b'0' + (n / 10) as u8);
        }
        out.push(b'0' + (n % 10) as u8);
        return;
    }
    let mut digits = [0u8; 10];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[i..]);
}

/// Append a signed decimal number.
pub fn push_int(out: &mut Vec<u8>, v: i64) {
    if let Ok(small) = i32::try_from(v) {
        if small < 0 {
            out.push(b'-');
        }
        push_u32(out, small.unsigned_abs());
        return;
    }
    let mut n = v.unsigned_abs();
    if v < 0 {
        out.push(b'-');
    }
    if let Ok(small) = u32::try_from(n) {
        push_u32(out, small);
        return;
    }
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[i..]);
}

/// Append `<left>,<top> <width>x<height>` (pixels).
pub fn push_box(out: &mut Vec<u8>, left: i64, top: i64, width: i64, height: i64) {
    push_int(out, left);
    out.push(b',');
    push_int(out, top);
    out.push(b' ');
    push_int(out, width);
    out.push(b'x');
    push_int(out, height);
}

/// Append `[<left>,<top> <width>x<height>]` (pixels).
pub fn push_geometry(out: &mut Vec<u8>, left: i64, top: i64, width: i64, height: i64) {
    out.push(b'[');
    push_box(out, left, top, width, height);
    out.push(b']');
}

fn push_flag(out: &mut Vec<u8>, name: &[u8], on: bool) {
    out.extend_from_slice(name);
    out.push(if on { b'1' } else { b'0' });
}

/// A generous size of the window line (titles plus the fixed parts).
fn window_line_capacity(w: &WindowInfo) -> usize {
    64 + w.title.as_ref().map_or(10, |t| t.len()) + w.screen_title.as_ref().map_or(0, |t| t.len())
}

/// Append the window line: `window "<title>" screen="<DefaultTitle>" [l,t wxh]`
/// (a NULL title prints as `(untitled)`, a NULL screen title as `""`).
/// Geometry is `Window->LeftEdge/TopEdge/Width/Height`.
pub fn push_window_line(out: &mut Vec<u8>, w: &WindowInfo) {
    out.extend_from_slice(b"window ");
    push_quoted(out, w.title.as_deref().unwrap_or(b"(untitled)"));
    out.extend_from_slice(b" screen=");
    push_quoted(out, w.screen_title.as_deref().unwrap_or(b""));
    out.push(b' ');
    push_geometry(
        out,
        w.left.into(),
        w.top.into(),
        w.width.into(),
        w.height.into(),
    );
    out.push(b'\n');
}

/// Append one `  gadget ...` line. With `full`, ` sys=<kind>` (system
/// gadgets), ` state="<flags>"` (every gadget; `selected`, `disabled`,
/// space-separated, possibly empty) and ` level=<n>` (when readable) go
/// before the geometry.
pub fn push_gadget_line(out: &mut Vec<u8>, g: &GadgetSnap, full: bool) {
    out.extend_from_slice(b"  gadget id=");
    push_int(out, g.id.into());
    out.extend_from_slice(b" role=");
    out.extend_from_slice(g.role.as_str().as_bytes());
    out.extend_from_slice(b" class=");
    push_quoted(out, &g.class);
    out.extend_from_slice(b" label=");
    push_quoted(out, &g.label);
    if let Some(v) = &g.value {
        out.extend_from_slice(b" value=");
        push_quoted(out, v);
    }
    if full {
        if let Some(sys) = g.sys {
            out.extend_from_slice(b" sys=");
            out.extend_from_slice(sys.as_str().as_bytes());
        }
        // `selected`, `disabled`, space-separated (no escapes needed).
        out.extend_from_slice(match (g.selected(), g.disabled()) {
            (false, false) => b" state=\"\"".as_slice(),
            (true, false) => b" state=\"selected\"",
            (false, true) => b" state=\"disabled\"",
            (true, true) => b" state=\"selected disabled\"",
        });
        if let Some(level) = g.level {
            out.extend_from_slice(b" level=");
            push_int(out, level.into());
        }
    }
    out.push(b' ');
    push_geometry(
        out,
        g.left.into(),
        g.top.into(),
        g.width.into(),
        g.height.into(),
    );
    out.push(b'\n');
}

/// TREE text of one window: the window line, then one line per gadget in
/// `Window->FirstGadget` order. `full` selects `TREE ... FULL`.
pub fn tree_text(w: &WindowSnap, full: bool) -> Vec<u8> {
    // Room for every line up front: a growing Vec reallocates (and copies)
    // several times, and each allocation is costly on the Amiga's heap.
    let per_line = if full { 120 } else { 80 };
    let strings: usize = w
        .gadgets
        .iter()
        .map(|g| g.class.len() + g.label.len() + g.value.as_ref().map_or(0, |v| v.len() + 9))
        .sum();
    let mut out = Vec::with_capacity(window_line_capacity(&w.info) + w.gadgets.len() * per_line + strings);
    push_window_line(&mut out, &w.info);
    for g in &w.gadgets {
        push_gadget_line(&mut out, g, full);
    }
    out
}

fn push_item(out: &mut Vec<u8>, indent: &[u8], tag: &[u8], nums: &[usize], item: &MenuItemSnap) {
    out.extend_from_slice(indent);
    out.extend_from_slice(tag);
    out.extend_from_slice(b" num=");
    for (i, n) in nums.iter().enumerate() {
        if i > 0 {
            out.push(b'/');
        }
        push_int(out, *n as i64);
    }
    out.extend_from_slice(b" text=");
    push_quoted(out, item.text.as_deref().unwrap_or(b""));
    if let Some(c) = item.shortcut {
        out.extend_from_slice(b" shortcut=");
        out.push(c);
    }
    push_flag(out, b" checkit=", item.checkit);
    push_flag(out, b" checked=", item.checked);
    push_flag(out, b" enabled=", item.enabled);
    out.push(b'\n');
}

/// MENU text: the window line, then `menu`, `  item` and `    subitem`
/// lines (numbers are 0-based positions, as MENUNUM/ITEMNUM/SUBNUM count).
pub fn menu_text(m: &MenuStripSnap) -> Vec<u8> {
    let lines: usize = m.menus.iter().map(|menu| 1 + menu.items.iter().map(|i| 1 + i.subitems.len()).sum::<usize>()).sum();
    let mut out = Vec::with_capacity(window_line_capacity(&m.info) + lines * 80);
    push_window_line(&mut out, &m.info);
    for (mi, menu) in m.menus.iter().enumerate() {
        out.extend_from_slice(b"menu num=");
        push_int(&mut out, mi as i64);
        out.extend_from_slice(b" title=");
        push_quoted(&mut out, menu.title.as_deref().unwrap_or(b""));
        push_flag(&mut out, b" enabled=", menu.enabled);
        out.push(b'\n');
        for (ii, item) in menu.items.iter().enumerate() {
            push_item(&mut out, b"  ", b"item", &[mi, ii], item);
            for (si, sub) in item.subitems.iter().enumerate() {
                push_item(&mut out, b"    ", b"subitem", &[mi, ii, si], sub);
            }
        }
    }
    out
}

/// SCREENS text: one `screen title="<DefaultTitle>" [l,t wxh] frontmost=<0|1>`
/// line per screen, front to back.
pub fn screens_text(s: &ScreensSnapshot) -> Vec<u8> {
    let titles: usize = s.screens.iter().map(|sc| sc.default_title.as_ref().map_or(0, |t| t.len())).sum();
    let mut out = Vec::with_capacity(s.screens.len() * 64 + titles);
    for sc in &s.screens {
        out.extend_from_slice(b"screen title=");
        push_quoted(&mut out, sc.default_title.as_deref().unwrap_or(b""));
        out.push(b' ');
        push_geometry(
            &mut out,
            sc.left.into(),
            sc.top.into(),
            sc.width.into(),
            sc.height.into(),
        );
        push_flag(&mut out, b" frontmost=", sc.frontmost);
        out.push(b'\n');
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn push_int_matches_the_standard_formatting() {
        let cases = [
            0i64, 7, 9, 10, 42, 99, 100, 394, 999, 1000, 1234, 65535, 99999, -1, -9, -10, -99, -100, -999, -1000,
            i32::MAX as i64, i32::MIN as i64, u32::MAX as i64, -(u32::MAX as i64), i64::MAX, i64::MIN,
        ];
        for v in cases {
            let mut out = b"x".to_vec();
            push_int(&mut out, v);
            assert_eq!(out, alloc::format!("x{v}").into_bytes(), "{v}");
        }
    }

    use super::*;

    fn int(v: i64) -> Vec<u8> {
        let mut out = Vec::new();
        push_int(&mut out, v);
        out
    }

    #[test]
    fn integers_on_both_sides_of_the_32_bit_fast_path() {
        for v in [0i64, 7, -1, 10, 99, 100, -32768, 4_294_967_295, 4_294_967_296, -4_294_967_296, i64::MAX, i64::MIN] {
            assert_eq!(int(v), alloc::format!("{v}").into_bytes(), "{v}");
        }
    }

    #[test]
    fn quoting_escapes_only_quote_and_backslash() {
        let mut out = Vec::new();
        push_quoted(&mut out, b"a\"b\\\\c\"");
        assert_eq!(out, b"\"a\\\"b\\\\\\\\c\\\"\"".to_vec());
        out.clear();
        push_quoted(&mut out, b"");
        assert_eq!(out, b"\"\"".to_vec());
        out.clear();
        push_quoted(&mut out, b"\xe4\n'");
        assert_eq!(out, b"\"\xe4\n'\"".to_vec());
    }
}
