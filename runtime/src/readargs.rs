//! dos.library `ReadArgs()` templates: which kind of value each slot of
//! the result array holds (dos.library autodoc, ReadArgs; AmigaDOS manual
//! "template" modifiers /A /K /S /N /T /M /F). The Amiga call itself is in
//! `dos::read_args`.
use alloc::vec::Vec;

/// What ReadArgs stores in one LONG of the array for a template item.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// /S or /T: non-zero when given.
    Switch,
    /// /N: a pointer to a LONG, or 0.
    Number,
    /// /M: a pointer to a NULL-terminated array of string pointers, or 0.
    Multi,
    /// Plain, /K, /A, /F: a pointer to a NUL-terminated string, or 0.
    Text,
}

/// One value read from the command line, owned (copied out of the
/// RDArgs buffers before they are freed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Absent,
    Switch(bool),
    Number(i32),
    Text(Vec<u8>),
    Multi(Vec<Vec<u8>>),
}

/// The slot kinds of a template such as `"VERSION/S,WINDOW/K,FULL/S"`.
pub fn slots(template: &str) -> Vec<Slot> {
    template
        .split(',')
        .map(|item| {
            let mods: Vec<u8> =
                item.split('/').skip(1).filter_map(|m| m.bytes().next().map(|c| c.to_ascii_uppercase())).collect();
            if mods.iter().any(|&m| m == b'S' || m == b'T') {
                Slot::Switch
            } else if mods.contains(&b'N') {
                Slot::Number
            } else if mods.contains(&b'M') {
                Slot::Multi
            } else {
                Slot::Text
            }
        })
        .collect()
}

/// The next item of `line` from `*at` as dos.library's `ReadItem()`
/// splits it (dos.library autodoc, ReadItem): a word ends at a blank, `=`,
/// a quote or the line's end; `=` is an item of its own; a quoted word
/// (`"…"`, `*` escaping the next byte) is never a keyword. Returns the
/// item's bytes and whether it may be a keyword; `None` at the end.
fn next_item<'a>(line: &'a [u8], at: &mut usize) -> Option<(&'a [u8], bool)> {
    let blank = |c: u8| matches!(c, b' ' | b'\t' | b'\n' | b'\r');
    while *at < line.len() && blank(line[*at]) {
        *at += 1;
    }
    let start = *at;
    match *line.get(start)? {
        b'=' => *at += 1,
        b'"' => {
            *at += 1;
            while *at < line.len() && line[*at] != b'"' && line[*at] != b'\n' {
                *at += if line[*at] == b'*' { 2 } else { 1 };
            }
            *at = (*at + 1).min(line.len());
            return Some((&line[start..*at], false));
        }
        _ => {
            while *at < line.len() && !blank(line[*at]) && line[*at] != b'=' && line[*at] != b'"' {
                *at += 1;
            }
        }
    }
    Some((&line[start..*at], true))
}

/// The first word of `line` that fills no item of `template` (as written,
/// quotes and `*` escapes left in), read as `ReadArgs()` reads the line:
/// `ReadArgs()` puts such words in the template's `/M` item as if its
/// keyword had been given, and its result cannot tell them from the `/M`
/// item's own values. A word that names an item not yet filled takes it
/// (a switch alone, any other item with the next item of the line, after
/// an optional `=`; a `/M` item may be named again); any other word fills
/// the first positional item (no `/K`, `/S`, `/T` or `/M`) not yet filled,
/// else it is stray. Only for lines `ReadArgs()` accepted (it refuses a
/// keyword without its value itself: `ERROR_KEY_NEEDS_ARG`). Templates of
/// up to 32 items.
#[inline(never)]
pub fn stray_word<'a>(line: &'a [u8], template: &str) -> Option<&'a [u8]> {
    let kinds = slots(template);
    let mut filled = 0u32;
    let mut at = 0;
    while let Some((item, may_be_keyword)) = next_item(line, &mut at) {
        let named = template.split(',').enumerate().find(|&(k, t)| {
            let name = t.split('/').next().unwrap_or("");
            may_be_keyword
                && name.as_bytes().eq_ignore_ascii_case(item)
                && (kinds[k] == Slot::Multi || filled & (1 << k) == 0)
        });
        match named {
            Some((k, _)) if kinds[k] == Slot::Switch => filled |= 1 << k,
            Some((k, _)) => {
                if next_item(line, &mut at) == Some((&b"="[..], true)) {
                    next_item(line, &mut at);
                }
                filled |= 1 << k;
            }
            None if item == b"=" => {}
            None => {
                let positional = template.split(',').enumerate().find(|&(k, t)| {
                    let keyword = t.split('/').skip(1).any(|m| m.eq_ignore_ascii_case("K"));
                    !keyword && kinds[k] != Slot::Switch && kinds[k] != Slot::Multi && filled & (1 << k) == 0
                });
                match positional {
                    Some((k, _)) => filled |= 1 << k,
                    None => return Some(item),
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    const T: &str = "COMMAND,WINDOW/K,FULL/S,PORT/K,ROOT/K/M";

    #[test]
    fn stray_words_are_found_as_readargs_reads_the_line() {
        let stray = |l: &'static [u8]| stray_word(l, T);
        assert_eq!(stray(b"TREE WINDOW=\"My Win\" FULL ROOT=a ROOT b PORT x"), None);
        assert_eq!(stray(b"tree screens\n"), Some(&b"screens"[..]));
        assert_eq!(stray(b"TREE FULL full x"), Some(&b"full"[..]), "a switch given twice is a stray word");
        assert_eq!(stray(b"COMMAND=TREE SCREENS"), Some(&b"SCREENS"[..]), "COMMAND filled by name");
        assert_eq!(stray(b"\"FULL\" x"), Some(&b"x"[..]), "quoted: never a keyword");
        assert_eq!(stray(b"WINDOW FULL"), None, "FULL is WINDOW's value");
        assert_eq!(stray(b"\"a*\"b\" \"c*\"d\""), Some(&b"\"c*\"d\""[..]), "as written");
        assert_eq!(stray(b"a \"unclosed"), Some(&b"\"unclosed"[..]));
        assert_eq!(stray(b"a \"ends in *"), Some(&b"\"ends in *"[..]));
        assert_eq!(stray(b""), None);
    }

    #[test]
    fn template_slots() {
        assert_eq!(
            slots("COMMAND,WINDOW/K,SCREEN/K,FULL/S,PORTNAME/K,REFRESH/K/N,FILES/M,QUIET/T"),
            [Slot::Text, Slot::Text, Slot::Text, Slot::Switch, Slot::Text, Slot::Number, Slot::Multi, Slot::Switch]
        );
        assert_eq!(slots("a/s"), [Slot::Switch]);
    }
}
