//! TREE, MENU and SCREENS text, byte-exactly as docs/reference/formats.md
//! describes it.
//!
//! Output is Latin-1 bytes (`Vec<u8>`), copied through unchanged from the
//! snapshot: no UTF-8 assumption anywhere. Lines end with LF. Quoted fields
//! escape `"` as `\"` and `\` as `\\`, nothing else.

#![warn(missing_docs)]

use alloc::vec::Vec;

use crate::snapshot::{GadgetSnap, MenuItemSnap, MenuStripSnap, ScreensSnapshot, WindowInfo, WindowSnap};

/// Room for one number of [`Line::int`]: a sign and 19 digits.
const INT_ROOM: usize = 20;

/// Room for `s` quoted by [`Line::quoted`]: every byte escaped, two quotes.
fn quoted_room(s: &[u8]) -> usize {
    2 * s.len() + 2
}

/// One line (or field) written into room made in the output up front.
///
/// Why: on the 68k (wasm2c), every `Vec::push` reloads the Vec's pointer,
/// length and capacity from linear memory (byte-swapped) and stores the
/// length back; here the position stays in a register and a byte is one
/// indexed store. [`Sink::line`] makes the room and keeps what was
/// written; callers size it from [`INT_ROOM`] and [`quoted_room`], so the
/// slice indexing cannot run past it (it would panic, not truncate).
struct Line<'a> {
    buf: &'a mut [u8],
    at: usize,
}

impl Line<'_> {
    #[inline(always)]
    fn byte(&mut self, b: u8) {
        self.buf[self.at] = b;
        self.at += 1;
    }

    #[inline(always)]
    fn bytes(&mut self, s: &[u8]) {
        self.buf[self.at..self.at + s.len()].copy_from_slice(s);
        self.at += s.len();
    }

    /// `s` between double quotes, escaping only `"` and `\`.
    #[inline(always)]
    fn quoted(&mut self, s: &[u8]) {
        self.at = put_quoted(self.buf, self.at, s);
    }

    /// Decimal digits of a signed number.
    #[inline(always)]
    fn int(&mut self, v: i64) {
        self.at = put_int(self.buf, self.at, v);
    }

    /// `<left>,<top> <width>x<height>` (pixels).
    fn boxed(&mut self, left: i64, top: i64, width: i64, height: i64) {
        self.int(left);
        self.byte(b',');
        self.int(top);
        self.byte(b' ');
        self.int(width);
        self.byte(b'x');
        self.int(height);
    }

    /// `[<left>,<top> <width>x<height>]` (pixels).
    fn geometry(&mut self, left: i64, top: i64, width: i64, height: i64) {
        self.byte(b'[');
        self.boxed(left, top, width, height);
        self.byte(b']');
    }

    fn flag(&mut self, name: &[u8], on: bool) {
        self.bytes(name);
        self.byte(if on { b'1' } else { b'0' });
    }
}

// The writers below take the slice and the position as arguments and
// return the new position: in wasm (and so in the 68k code) both stay in
// registers, where a `&mut Line` would be reloaded from memory per byte.

/// Writes `s` quoted at `at`; returns the position after it.
fn put_quoted(buf: &mut [u8], mut at: usize, s: &[u8]) -> usize {
    buf[at] = b'"';
    at += 1;
    for &c in s {
        if c == b'"' || c == b'\\' {
            buf[at] = b'\\';
            at += 1;
        }
        buf[at] = c;
        at += 1;
    }
    buf[at] = b'"';
    at + 1
}

/// [`put_int`] of a 32-bit value: every number of a TREE line (ids,
/// pixels, levels) is one, and 64-bit arithmetic costs the 68020 library
/// calls.
fn put_i32(buf: &mut [u8], mut at: usize, v: i32) -> usize {
    if v < 0 {
        buf[at] = b'-';
        at += 1;
    }
    let n = v.unsigned_abs();
    if n < 10 {
        buf[at] = b'0' + n as u8;
        return at + 1;
    }
    if n < 100 {
        let p = 2 * n as usize;
        buf[at] = DIGIT_PAIRS[p];
        buf[at + 1] = DIGIT_PAIRS[p + 1];
        return at + 2;
    }
    if n < 1000 {
        let hundreds = n / 100;
        let p = 2 * (n - 100 * hundreds) as usize;
        buf[at] = b'0' + hundreds as u8;
        buf[at + 1] = DIGIT_PAIRS[p];
        buf[at + 2] = DIGIT_PAIRS[p + 1];
        return at + 3;
    }
    put_u32_long(buf, at, n)
}

/// The digits of `n` >= 1000, two per division.
fn put_u32_long(buf: &mut [u8], at: usize, mut n: u32) -> usize {
    let mut len = 4;
    let mut rest = n / 10_000;
    while rest != 0 {
        len += 1;
        rest /= 10;
    }
    let end = at + len;
    let mut i = end;
    while n >= 100 {
        let p = 2 * (n % 100) as usize;
        n /= 100;
        buf[i - 2] = DIGIT_PAIRS[p];
        buf[i - 1] = DIGIT_PAIRS[p + 1];
        i -= 2;
    }
    if n >= 10 {
        let p = 2 * n as usize;
        buf[i - 2] = DIGIT_PAIRS[p];
        buf[i - 1] = DIGIT_PAIRS[p + 1];
    } else {
        buf[i - 1] = b'0' + n as u8;
    }
    end
}

/// "00" to "99": two digits per table look-up instead of a division each.
const DIGIT_PAIRS: &[u8; 200] = b"\
0001020304050607080910111213141516171819\
2021222324252627282930313233343536373839\
4041424344454647484950515253545556575859\
6061626364656667686970717273747576777879\
8081828384858687888990919293949596979899";

/// Writes the decimal digits of `v` at `at`; returns the position after
/// them. Nearly every number of a TREE (ids, pixels) is below 1000: those
/// take at most one division (each costs tens of cycles on the 68020,
/// a 64-bit one a libgcc call), larger ones go two digits per division.
/// Values outside 32 bits (only through the public `i64` API) go one
/// digit per 64-bit division.
fn put_int(buf: &mut [u8], mut at: usize, v: i64) -> usize {
    if let Ok(v) = i32::try_from(v) {
        return put_i32(buf, at, v);
    }
    if v < 0 {
        buf[at] = b'-';
        at += 1;
    }
    let n = v.unsigned_abs();
    if let Ok(small) = u32::try_from(n) {
        return put_u32_long(buf, at, small); // i32 overflow: at least 2^31
    }
    // Above 32 bits: last digit first into a scratch array, then one copy.
    let mut digits = [0u8; INT_ROOM];
    let mut i = digits.len();
    let mut big = n;
    while big != 0 {
        i -= 1;
        digits[i] = b'0' + (big % 10) as u8;
        big /= 10;
    }
    let end = at + digits.len() - i;
    buf[at..end].copy_from_slice(&digits[i..]);
    end
}

/// Room for a box: four numbers and three separators.
const BOX_ROOM: usize = 4 * INT_ROOM + 3;

/// Where a [`Line`] is written.
trait Sink {
    /// Runs `write` on at least `room` bytes of room and appends what it
    /// wrote.
    fn line(&mut self, room: usize, write: impl FnOnce(&mut Line<'_>));
}

/// One field or line: the room is made (zeroed) at the end of the Vec,
/// then cut to what was written.
impl Sink for Vec<u8> {
    fn line(&mut self, room: usize, write: impl FnOnce(&mut Line<'_>)) {
        let start = self.len();
        self.resize(start + room, 0);
        let mut line = Line { buf: &mut self[start..], at: 0 };
        write(&mut line);
        let end = start + line.at;
        self.truncate(end);
    }
}

/// The lines of a whole text, written in place: the output is zeroed once
/// up front to its estimated size (one `memset`), each line is written
/// straight into it, and [`Lines::finish`] cuts it to what was written.
/// Zeroing each line's worst-case room cost more than writing it, and
/// writing into a scratch buffer cost a copy (a `memcpy` call) per line.
struct Lines<'o> {
    out: &'o mut Vec<u8>,
    len: usize,
}

impl<'o> Lines<'o> {
    /// Lines written into `out` (empty), zeroed to its capacity.
    fn new(out: &'o mut Vec<u8>) -> Self {
        out.resize(out.capacity(), 0);
        Lines { out, len: 0 }
    }

    /// Cuts the output to the lines written.
    fn finish(self) {
        self.out.truncate(self.len);
    }
}

impl Sink for Lines<'_> {
    fn line(&mut self, room: usize, write: impl FnOnce(&mut Line<'_>)) {
        if self.out.len() - self.len < room {
            // The estimate fell short (long strings): room for this line
            // and half as much again as there is, zeroed.
            let more = self.len + room + self.out.len() / 2;
            self.out.resize(more, 0);
        }
        let mut line = Line { buf: &mut self.out[self.len..], at: 0 };
        write(&mut line);
        self.len += line.at;
    }
}

/// Append `s` between double quotes, escaping only `"` and `\`.
pub fn push_quoted(out: &mut Vec<u8>, s: &[u8]) {
    out.line(quoted_room(s), |l| l.quoted(s));
}

/// Append `TYPE`'s text so that the command language reads it back as it
/// is: as it is, or quoted (`"` and `\` escaped) when it starts with a
/// blank or `"`, which the grammar would skip or unquote
/// (docs/reference/commands.md, "TYPE").
pub fn push_type_text(out: &mut Vec<u8>, text: &[u8]) {
    if matches!(text.first(), Some(b' ' | b'\t' | b'"')) {
        push_quoted(out, text);
    } else {
        out.extend_from_slice(text);
    }
}

/// Append a signed decimal number.
pub fn push_int(out: &mut Vec<u8>, v: i64) {
    out.line(INT_ROOM, |l| l.int(v));
}

/// Append `<left>,<top> <width>x<height>` (pixels).
pub fn push_box(out: &mut Vec<u8>, left: i64, top: i64, width: i64, height: i64) {
    out.line(BOX_ROOM, |l| l.boxed(left, top, width, height));
}

/// Append `[<left>,<top> <width>x<height>]` (pixels).
pub fn push_geometry(out: &mut Vec<u8>, left: i64, top: i64, width: i64, height: i64) {
    out.line(BOX_ROOM + 2, |l| l.geometry(left, top, width, height));
}

/// Append the window line: `window "<title>" screen="<DefaultTitle>" [l,t wxh]`
/// (a NULL title prints as `(untitled)`, a NULL screen title as `""`).
/// Geometry is `Window->LeftEdge/TopEdge/Width/Height`.
pub fn push_window_line(out: &mut Vec<u8>, w: &WindowInfo) {
    window_line(out, w);
}

fn window_line(out: &mut impl Sink, w: &WindowInfo) {
    let title = w.title.as_deref().unwrap_or(b"(untitled)");
    let screen = w.screen_title.as_deref().unwrap_or(b"");
    let room = 20 + quoted_room(title) + quoted_room(screen) + BOX_ROOM;
    out.line(room, |l| {
        l.bytes(b"window ");
        l.quoted(title);
        l.bytes(b" screen=");
        l.quoted(screen);
        l.byte(b' ');
        l.geometry(w.left.into(), w.top.into(), w.width.into(), w.height.into());
        l.byte(b'\n');
    });
}

/// Room for a gadget line's fixed parts: the words, the id, the role and
/// `sys=` names, the state, the level and the geometry.
const GADGET_LINE_ROOM: usize = 128 + 2 * INT_ROOM + BOX_ROOM;

/// Append one `  gadget ...` line. With `full`, ` sys=<kind>` (system
/// gadgets), ` state="<flags>"` (every gadget; `selected`, `disabled`,
/// space-separated, possibly empty) and ` level=<n>` (when readable) go
/// before the geometry.
pub fn push_gadget_line(out: &mut Vec<u8>, g: &GadgetSnap, full: bool) {
    gadget_line(out, g, full);
}

fn gadget_line(out: &mut impl Sink, g: &GadgetSnap, full: bool) {
    let value_room = g.value.as_deref().map_or(0, |v| 7 + quoted_room(v));
    let room = GADGET_LINE_ROOM + quoted_room(&g.class) + quoted_room(&g.label) + value_room;
    out.line(room, |l| {
        l.bytes(b"  gadget id=");
        l.int(g.id.into());
        l.bytes(b" role=");
        l.bytes(g.role.as_str().as_bytes());
        l.bytes(b" class=");
        l.quoted(&g.class);
        l.bytes(b" label=");
        l.quoted(&g.label);
        if let Some(v) = &g.value {
            l.bytes(b" value=");
            l.quoted(v);
        }
        if full {
            if let Some(sys) = g.sys {
                l.bytes(b" sys=");
                l.bytes(sys.as_str().as_bytes());
            }
            // `selected`, `disabled`, space-separated (no escapes needed).
            l.bytes(match (g.selected(), g.disabled()) {
                (false, false) => b" state=\"\"".as_slice(),
                (true, false) => b" state=\"selected\"",
                (false, true) => b" state=\"disabled\"",
                (true, true) => b" state=\"selected disabled\"",
            });
            if let Some(level) = g.level {
                l.bytes(b" level=");
                l.int(level.into());
            }
        }
        l.byte(b' ');
        l.geometry(g.left.into(), g.top.into(), g.width.into(), g.height.into());
        l.byte(b'\n');
    });
}

/// A generous size of the window line (titles plus the fixed parts).
fn window_line_capacity(w: &WindowInfo) -> usize {
    64 + w.title.as_ref().map_or(10, |t| t.len()) + w.screen_title.as_ref().map_or(0, |t| t.len())
}

/// TREE text of one window: the window line, then one line per gadget in
/// `Window->FirstGadget` order. `full` selects `TREE ... FULL`.
pub fn tree_text(w: &WindowSnap, full: bool) -> Vec<u8> {
    // Room for every line up front: a growing Vec reallocates (and copies)
    // several times, and each allocation is costly on the Amiga's heap.
    let per_line = if full { 120 } else { 80 };
    let strings: usize =
        w.gadgets.iter().map(|g| g.class.len() + g.label.len() + g.value.as_ref().map_or(0, |v| v.len() + 9)).sum();
    // The last line's fixed room on top, so that it needs no growth.
    let mut out =
        Vec::with_capacity(window_line_capacity(&w.info) + w.gadgets.len() * per_line + strings + GADGET_LINE_ROOM);
    let mut lines = Lines::new(&mut out);
    window_line(&mut lines, &w.info);
    for g in &w.gadgets {
        gadget_line(&mut lines, g, full);
    }
    lines.finish();
    out
}

fn push_item(out: &mut impl Sink, indent: &[u8], tag: &[u8], nums: &[usize], item: &MenuItemSnap) {
    let text = item.text.as_deref().unwrap_or(b"");
    let room = 80 + nums.len() * (INT_ROOM + 1) + quoted_room(text);
    out.line(room, |l| {
        l.bytes(indent);
        l.bytes(tag);
        l.bytes(b" num=");
        for (i, n) in nums.iter().enumerate() {
            if i > 0 {
                l.byte(b'/');
            }
            l.int(*n as i64);
        }
        l.bytes(b" text=");
        l.quoted(text);
        if let Some(c) = item.shortcut {
            l.bytes(b" shortcut=");
            l.byte(c);
        }
        l.flag(b" checkit=", item.checkit);
        l.flag(b" checked=", item.checked);
        l.flag(b" enabled=", item.enabled);
        l.byte(b'\n');
    });
}

/// MENU text: the window line, then `menu`, `  item` and `    subitem`
/// lines (numbers are 0-based positions, as MENUNUM/ITEMNUM/SUBNUM count).
pub fn menu_text(m: &MenuStripSnap) -> Vec<u8> {
    let lines: usize =
        m.menus.iter().map(|menu| 1 + menu.items.iter().map(|i| 1 + i.subitems.len()).sum::<usize>()).sum();
    let mut out = Vec::with_capacity(window_line_capacity(&m.info) + lines * 80);
    let mut sink = Lines::new(&mut out);
    window_line(&mut sink, &m.info);
    for (mi, menu) in m.menus.iter().enumerate() {
        let title = menu.title.as_deref().unwrap_or(b"");
        sink.line(40 + INT_ROOM + quoted_room(title), |l| {
            l.bytes(b"menu num=");
            l.int(mi as i64);
            l.bytes(b" title=");
            l.quoted(title);
            l.flag(b" enabled=", menu.enabled);
            l.byte(b'\n');
        });
        for (ii, item) in menu.items.iter().enumerate() {
            push_item(&mut sink, b"  ", b"item", &[mi, ii], item);
            for (si, sub) in item.subitems.iter().enumerate() {
                push_item(&mut sink, b"    ", b"subitem", &[mi, ii, si], sub);
            }
        }
    }
    sink.finish();
    out
}

/// SCREENS text: one `screen title="<DefaultTitle>" [l,t wxh] frontmost=<0|1>`
/// line per screen, front to back.
pub fn screens_text(s: &ScreensSnapshot) -> Vec<u8> {
    let titles: usize = s.screens.iter().map(|sc| sc.default_title.as_ref().map_or(0, |t| t.len())).sum();
    let mut out = Vec::with_capacity(s.screens.len() * 64 + titles);
    let mut sink = Lines::new(&mut out);
    for sc in &s.screens {
        let title = sc.default_title.as_deref().unwrap_or(b"");
        sink.line(40 + quoted_room(title) + BOX_ROOM, |l| {
            l.bytes(b"screen title=");
            l.quoted(title);
            l.byte(b' ');
            l.geometry(sc.left.into(), sc.top.into(), sc.width.into(), sc.height.into());
            l.flag(b" frontmost=", sc.frontmost);
            l.byte(b'\n');
        });
    }
    sink.finish();
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn type_text_is_quoted_only_where_the_grammar_would_change_it() {
        let t = |s: &[u8]| {
            let mut o = alloc::vec::Vec::new();
            super::push_type_text(&mut o, s);
            o
        };
        assert_eq!(t(b"hello world "), b"hello world ");
        assert_eq!(t(b"a \"b\" \\"), b"a \"b\" \\");
        assert_eq!(t(b"  x"), b"\"  x\"");
        assert_eq!(t(b"\tx"), b"\"\tx\"");
        assert_eq!(t(b"\"q\" \\"), b"\"\\\"q\\\" \\\\\"");
    }

    #[test]
    fn push_int_matches_the_standard_formatting() {
        let cases = [
            0i64,
            7,
            9,
            10,
            42,
            99,
            100,
            101,
            110,
            394,
            909,
            999,
            1000,
            1001,
            1234,
            9999,
            10000,
            10010,
            65535,
            99999,
            100000,
            1000000,
            10203040,
            -1,
            -9,
            -10,
            -99,
            -100,
            -999,
            -1000,
            i32::MAX as i64,
            i32::MIN as i64,
            u32::MAX as i64,
            -(u32::MAX as i64),
            i64::MAX,
            i64::MIN,
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
    fn every_number_up_to_a_million_and_steps_beyond() {
        let mut v = 0i64;
        while v < 1 << 40 {
            assert_eq!(int(v), alloc::format!("{v}").into_bytes(), "{v}");
            assert_eq!(int(-v), alloc::format!("{}", -v).into_bytes(), "{}", -v);
            v += if v < 1_000_000 { 1 } else { v / 7 + 13 };
        }
    }

    #[test]
    fn integers_on_both_sides_of_the_32_bit_fast_path() {
        for v in [0i64, 7, -1, 10, 99, 100, -32768, 4_294_967_295, 4_294_967_296, -4_294_967_296, i64::MAX, i64::MIN] {
            assert_eq!(int(v), alloc::format!("{v}").into_bytes(), "{v}");
        }
    }

    /// Lines of strings made only of escapes and numbers at their limits
    /// stay inside the room made for them (the writer would panic).
    #[test]
    fn worst_case_lines_fit_their_room() {
        use crate::classify::Role;
        use crate::snapshot::MenuItemSnap;
        let nasty = alloc::vec![b'"'; 300];
        let g = GadgetSnap {
            address: 0,
            id: u32::MAX,
            role: Role::Scroller,
            class: nasty.clone().into(),
            label: alloc::vec![b'\\'; 511],
            value: Some(nasty.clone()),
            left: i32::MIN,
            top: i32::MIN,
            width: i32::MIN,
            height: i32::MIN,
            flags: 0xffff,
            gadget_type: 0xffff,
            sys: Some(crate::classify::SysGadget::Depth),
            level: Some(i32::MIN),
            knob: None,
            gt_kind: Some(u32::MAX),
        };
        let mut out = Vec::new();
        push_gadget_line(&mut out, &g, true);
        let q = "\\\"".repeat(300);
        let bs = "\\\\".repeat(511);
        let m = i32::MIN;
        let want = alloc::format!(
            "  gadget id={} role=scroller class=\"{q}\" label=\"{bs}\" value=\"{q}\" sys=depth state=\"selected disabled\" level={m} [{m},{m} {m}x{m}]\n",
            u32::MAX
        );
        assert_eq!(core::str::from_utf8(&out).unwrap(), want);
        let item = MenuItemSnap {
            text: Some(nasty.clone()),
            shortcut: Some(b'"'),
            checkit: true,
            checked: true,
            enabled: true,
            geometry: (0, 0, 0, 0),
            subitems: Vec::new(),
        };
        let mut m = Vec::new();
        push_item(&mut m, b"    ", b"subitem", &[65535, 65535, 65535], &item);
        let want = alloc::format!(
            "    subitem num=65535/65535/65535 text=\"{q}\" shortcut=\" checkit=1 checked=1 enabled=1\n"
        );
        assert_eq!(core::str::from_utf8(&m).unwrap(), want);
        let mut b = Vec::new();
        push_geometry(&mut b, i64::MIN, i64::MAX, i64::MIN, -1);
        assert_eq!(b, alloc::format!("[{},{} {}x-1]", i64::MIN, i64::MAX, i64::MIN).into_bytes());
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
