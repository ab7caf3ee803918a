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

/// One item of a template, as the dos.library autodoc describes it
/// (ReadArgs: "abbrev=option"; FindArg: "Abbreviations are handled"): one
/// or more names joined by `=` (`Q=QUICK`: either may be typed, no other
/// shortening), then modifiers, each a `/` and one letter in either case;
/// other letters are ignored, as are the letters after a modifier's first.
/// The single place this crate and its users read the template grammar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Item<'t> {
    /// The item as written (`WINDOW=WIN/K`).
    text: &'t str,
    mods: u8,
}

impl<'t> Item<'t> {
    /// `/A`: required (a bit for [`Item::has`], as the six below).
    pub const A: u8 = 1;
    /// `/K`: filled only after its keyword.
    pub const K: u8 = 1 << 1;
    /// `/S`: a switch.
    pub const S: u8 = 1 << 2;
    /// `/N`: a decimal number.
    pub const N: u8 = 1 << 3;
    /// `/T`: a toggle.
    pub const T: u8 = 1 << 4;
    /// `/M`: any number of strings.
    pub const M: u8 = 1 << 5;
    /// `/F`: the rest of the line.
    pub const F: u8 = 1 << 6;

    /// Reads one item (the text between two commas).
    pub fn parse(item: &'t str) -> Item<'t> {
        let mods = item.split('/').skip(1).filter_map(|m| m.bytes().next()).fold(0, |mods, c| {
            mods | match c.to_ascii_uppercase() {
                b'A' => Item::A,
                b'K' => Item::K,
                b'S' => Item::S,
                b'N' => Item::N,
                b'T' => Item::T,
                b'M' => Item::M,
                b'F' => Item::F,
                _ => 0,
            }
        });
        Item { text: item, mods }
    }

    /// The names (`WINDOW=WIN`) and the modifiers as written (`/K`).
    fn split(&self) -> (&'t str, &'t str) {
        // `split_at_checked`: `/` is one byte, and `split_at`'s panic
        // message would bring in the str formatting machinery.
        let at = self.text.bytes().position(|c| c == b'/').unwrap_or(self.text.len());
        self.text.split_at_checked(at).unwrap_or((self.text, ""))
    }

    /// Whether every modifier bit of `mods` is given.
    pub fn has(&self, mods: u8) -> bool {
        self.mods & mods == mods
    }

    /// The item's names as the template spells them.
    pub fn names(&self) -> impl Iterator<Item = &'t str> {
        self.split().0.split('=')
    }

    /// The name `word` gives (compared without case), as the template
    /// spells it; `None` when `word` names another item. As FindArg()
    /// compares (AROS rom/dos/findarg.c): the word is the template text
    /// from a name on, up to a `=`, `,`, `/` or the template's end, so
    /// after the last name it may go on into the modifiers (`FULL/S`).
    pub fn named(&self, word: &[u8]) -> Option<&'t str> {
        // Whether `word` starts with `text` (without case); what follows.
        fn after<'w>(word: &'w [u8], text: &[u8]) -> Option<&'w [u8]> {
            let (head, rest) = word.split_at_checked(text.len())?;
            head.eq_ignore_ascii_case(text).then_some(rest)
        }
        let (names, tail) = self.split();
        // The last name ends where the names end; only it is followed by
        // the modifiers.
        let end = names.as_bytes().as_ptr_range().end;
        self.names().find(|n| match after(word, n.as_bytes()) {
            Some([]) => true,
            Some(rest) if n.as_bytes().as_ptr_range().end == end => {
                after(tail.as_bytes(), rest).is_some_and(|t| t.is_empty() || t.starts_with(b"/"))
            }
            _ => false,
        })
    }

    /// What ReadArgs stores for the item: /S and /T come before /N, /N
    /// before /M.
    pub fn slot(&self) -> Slot {
        if self.mods & (Item::S | Item::T) != 0 {
            Slot::Switch
        } else if self.has(Item::N) {
            Slot::Number
        } else if self.has(Item::M) {
            Slot::Multi
        } else {
            Slot::Text
        }
    }
}

/// The items of a template such as `"VERSION/S,WINDOW/K,FULL/S"`, in
/// order (one result array slot each).
pub fn items(template: &str) -> impl Iterator<Item = Item<'_>> {
    template.split(',').map(Item::parse)
}

/// The slot kinds of a template such as `"VERSION/S,WINDOW/K,FULL/S"`.
pub fn slots(template: &str) -> Vec<Slot> {
    items(template).map(|i| i.slot()).collect()
}

/// The next item of `line` from `*at` as dos.library's `ReadItem()`
/// splits it (dos.library autodoc, ReadItem; the AROS ROM's
/// rom/dos/readitem.c, which its unit tests check against AmigaOS 3.1):
/// blanks (space, tab) before it are skipped; NUL, a newline or `;` there
/// end the line (`None`); `=` there is an item of its own; a quoted item
/// (`"…"`, `*` escaping the next byte) is never a keyword; any other word
/// runs to a blank, `=`, NUL or newline (a quote or `;` inside it is one
/// of its bytes), and one blank or `=` after it is taken with it. Returns
/// the item's bytes and whether it may be a keyword.
fn next_item<'a>(line: &'a [u8], at: &mut usize) -> Option<(&'a [u8], bool)> {
    while *at < line.len() && matches!(line[*at], b' ' | b'\t') {
        *at += 1;
    }
    let start = *at;
    match *line.get(start)? {
        0 | b'\n' | b';' => None,
        b'=' => {
            *at += 1;
            Some((&line[start..*at], true))
        }
        b'"' => {
            *at += 1;
            while *at < line.len() && !matches!(line[*at], b'"' | b'\n' | 0) {
                *at += if line[*at] == b'*' { 2 } else { 1 };
            }
            *at = (*at + 1).min(line.len());
            Some((&line[start..*at], false))
        }
        _ => {
            while *at < line.len() && !matches!(line[*at], b' ' | b'\t' | b'=' | b'\n' | 0) {
                *at += 1;
            }
            let word = &line[start..*at];
            if *at < line.len() && matches!(line[*at], b' ' | b'\t' | b'=') {
                *at += 1;
            }
            Some((word, true))
        }
    }
}

/// The part of `line` before a `?` that makes `ReadArgs()` prompt, or
/// `None` when it does not: an unquoted `?` at the start or after a blank,
/// followed by nothing but blanks up to the newline (or the line's end).
/// `ReadArgs()` then prints the template and reads the rest of the line
/// from `Input()`, after this part (AROS rom/dos/readargs.c, is_question;
/// dos.library autodoc, ReadArgs). Quotes and `*` escapes as [`next_item`]
/// reads them.
pub fn before_prompt(line: &[u8]) -> Option<&[u8]> {
    let (mut quoted, mut escaped, mut blank_before) = (false, false, true);
    let mut question = None;
    for (i, &c) in line.iter().enumerate() {
        match c {
            b'\n' => break,
            b'*' if quoted => escaped = !escaped,
            b'"' if !escaped => {
                quoted = !quoted;
                (question, blank_before) = (None, false);
            }
            b' ' | b'\t' => (escaped, blank_before) = (false, true),
            b'?' if !quoted && blank_before => (escaped, blank_before, question) = (false, false, Some(i)),
            _ => (escaped, blank_before, question) = (false, false, None),
        }
    }
    question.map(|q| &line[..q])
}

/// The first word of `line` that fills no item of `template` (as written,
/// quotes and `*` escapes left in), read as `ReadArgs()` reads the line:
/// `ReadArgs()` puts such words in the template's `/M` item as if its
/// keyword had been given, and its result cannot tell them from the `/M`
/// item's own values. A word that names an item not yet filled takes it
/// (a switch alone, any other item with the next item of the line, after
/// an optional `=`; a `/M` item may be named again); any other word fills
/// the first positional item (no `/K`, `/S`, `/T` or `/M`) not yet filled,
/// else it is stray; a `/F` item, named or positional, takes the rest of
/// the line. Only for lines `ReadArgs()` accepted (it refuses a
/// keyword without its value itself: `ERROR_KEY_NEEDS_ARG`). Templates of
/// up to 32 items.
#[inline(never)]
pub fn stray_word<'a>(line: &'a [u8], template: &str) -> Option<&'a [u8]> {
    let mut filled = 0u32;
    let mut at = 0;
    while let Some((word, may_be_keyword)) = next_item(line, &mut at) {
        let named = items(template).enumerate().find(|&(k, t)| {
            may_be_keyword && t.named(word).is_some() && (t.slot() == Slot::Multi || filled & (1 << k) == 0)
        });
        match named {
            Some((_, t)) if t.has(Item::F) => return None,
            Some((k, t)) if t.slot() == Slot::Switch => filled |= 1 << k,
            Some((k, _)) => {
                if next_item(line, &mut at) == Some((&b"="[..], true)) {
                    next_item(line, &mut at);
                }
                filled |= 1 << k;
            }
            None if word == b"=" => {}
            None => {
                let positional = items(template).enumerate().find(|&(k, t)| {
                    !t.has(Item::K) && !matches!(t.slot(), Slot::Switch | Slot::Multi) && filled & (1 << k) == 0
                });
                match positional {
                    Some((_, t)) if t.has(Item::F) => return None,
                    Some((k, _)) => filled |= 1 << k,
                    None => return Some(word),
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

    /// Lines where `ReadItem()` (dos.library autodoc; the AROS ROM's
    /// rom/dos/readitem.c, checked against AmigaOS 3.1 by its unit tests)
    /// splits differently from a plain word/quote split.
    #[test]
    fn items_end_where_read_item_ends_them() {
        let stray = |l: &'static [u8]| stray_word(l, T);
        assert_eq!(stray(b"TREE WINDOW=x\"y\""), None, "a quote inside a word is part of it");
        assert_eq!(stray(b"TREE a\"b"), Some(&b"a\"b"[..]));
        assert_eq!(stray(b"TREE WINDOW==x"), None, "the `=` after a word is its separator, a second one an item");
        assert_eq!(stray(b"TREE ;SCREENS"), None, "`;` starting an item ends the line");
        assert_eq!(stray(b"TREE a;b"), Some(&b"a;b"[..]), "inside a word `;` is a byte of it");
        assert_eq!(stray(b"TREE\nSCREENS"), None, "the line ends at its newline");
        assert_eq!(stray(b"TREE\rSCREENS"), None, "CR is no separator: one word, COMMAND's");
    }

    /// `/F` takes the rest of the line, keywords and all (ReadArgs autodoc).
    #[test]
    fn a_rest_item_takes_the_rest_of_the_line() {
        assert_eq!(stray_word(b"a b FULL c", "TEXT/F,FULL/S"), None);
        assert_eq!(stray_word(b"FULL v TEXT a b", "X,TEXT/K/F,FULL/S"), None);
        assert_eq!(stray_word(b"v w", "X,TEXT/K/F"), Some(&b"w"[..]), "a /K/F item only after its keyword");
    }

    #[test]
    fn a_question_mark_ending_the_line_asks_for_the_rest() {
        assert_eq!(before_prompt(b"?\n"), Some(&b""[..]));
        assert_eq!(before_prompt(b"  MENU ?  \n"), Some(&b"  MENU "[..]));
        assert_eq!(before_prompt(b"MENU\t?"), Some(&b"MENU\t"[..]), "the line's end as its newline");
        assert_eq!(before_prompt(b"MENU?\n"), None, "a `?` inside a word");
        assert_eq!(before_prompt(b"MENU ? x\n"), None, "a word after it");
        assert_eq!(before_prompt(b"TREE WINDOW=\" ?\n"), None, "quoted");
        assert_eq!(before_prompt(b"TREE WINDOW=\"*\" ?\" ?\n"), Some(&b"TREE WINDOW=\"*\" ?\" "[..]), "escaped quote");
        assert_eq!(before_prompt(b"TREE ??\n"), None);
        assert_eq!(before_prompt(b"TREE\n"), None);
    }

    #[test]
    fn items_read_names_and_modifiers() {
        let all: Vec<Item> = items("COMMAND,WINDOW=WIN/K,Q=QUICK/s,FROM/a/M,N/k/n,REST/F,T/t,ODD/X/Kx").collect();
        assert_eq!(all.len(), 8);
        assert_eq!(all[0].names().collect::<Vec<_>>(), ["COMMAND"]);
        assert_eq!(all[0].mods, 0);
        assert_eq!(all[1].names().collect::<Vec<_>>(), ["WINDOW", "WIN"]);
        assert!(all[1].has(Item::K) && !all[1].has(Item::S));
        assert_eq!(all[2].named(b"quick"), Some("QUICK"));
        assert_eq!(all[2].named(b"Q"), Some("Q"));
        assert_eq!(all[2].named(b"QU"), None, "no prefix matching");
        assert_eq!(all[2].mods, Item::S);
        assert_eq!(all[3].mods, Item::A | Item::M);
        assert!(all[3].has(Item::A | Item::M) && !all[3].has(Item::A | Item::K));
        assert_eq!(all[4].mods, Item::K | Item::N);
        assert_eq!(all[5].mods, Item::F);
        assert_eq!(all[6].mods, Item::T);
        assert_eq!(all[7].mods, Item::K, "an unknown letter is ignored, a modifier is its first letter");
        assert_eq!(Item::parse("").names().collect::<Vec<_>>(), [""]);
    }

    #[test]
    fn aliases_name_their_item() {
        let t = "COMMAND,WINDOW=WIN/K,FULL/S";
        assert_eq!(stray_word(b"TREE win \"a\" full", t), None);
        assert_eq!(stray_word(b"TREE WIN=a WINDOW b", t), Some(&b"WINDOW"[..]), "one item, given twice");
    }

    /// FindArg() compares the word with the template text from a name on,
    /// and the word may end where the template has `/` as well as `=`,
    /// `,` or its end (AROS rom/dos/findarg.c): `FULL/S` names FULL.
    #[test]
    fn a_name_with_its_modifiers_names_the_item() {
        let all: Vec<Item> = items("COMMAND,WINDOW=WIN/K,N/K/N,FULL/S").collect();
        assert_eq!(all[3].named(b"full/s"), Some("FULL"));
        assert_eq!(all[1].named(b"WIN/K"), Some("WIN"));
        assert_eq!(all[1].named(b"WINDOW/K"), None, "an alias before `=` is followed by `=`");
        assert_eq!((all[2].named(b"N/K"), all[2].named(b"N/K/N")), (Some("N"), Some("N")));
        assert_eq!((all[2].named(b"N/"), all[2].named(b"N/K/")), (None, None));
        assert_eq!(all[2].named(b"N/N"), None);
        assert_eq!(stray_word(b"TREE WINDOW/K=x FULL/S", T), None);
        assert_eq!(stray_word(b"TREE FULL FULL/S", T), Some(&b"FULL/S"[..]));
    }

    /// `/M/N`: ReadArgs() stores a NULL-terminated array of pointers to
    /// LONGs (AROS rom/dos/readargs.c converts each value of a /M item
    /// that is also /N); read as [`Slot::Number`], `Dos::read_args` would
    /// give the address of the first pointer as the number.
    #[test]
    #[ignore = "no Slot for a list of numbers yet; no template of the project has /M/N"]
    fn a_list_of_numbers_is_not_one_number() {
        assert_ne!(Item::parse("SIZES/M/N").slot(), Slot::Number);
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
