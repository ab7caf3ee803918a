//! The tokenizer shared by every verb (docs/reference/commands.md, "Command
//! lines").
//!
//! Blanks (space, TAB) separate tokens. `"…"` quotes a whole token, or the
//! value after an `=` (`LABEL="Connect Now"`, `EXPECT=WINDOW="Save As"`);
//! inside quotes `\"` is `"` and `\\` is `\`, other backslashes are
//! literal. An unquoted token with an `=` after its first byte is a
//! `KEY=value` option; a fully quoted token never is, so `"A=B"` is a plain
//! pattern.

use alloc::vec::Vec;

use crate::{error, Error, Rc, Shown};

/// A separator between tokens: space or TAB.
pub fn is_blank(b: u8) -> bool {
    b == b' ' || b == b'\t'
}

/// One token: its unescaped text, whether it was a fully quoted token, and
/// where its `KEY=` ends.
#[derive(Clone, Debug)]
pub struct Token {
    /// The text, quotes and escapes removed.
    pub text: Vec<u8>,
    /// The whole token was quoted: never a verb, keyword or `KEY=`.
    pub quoted: bool,
    /// Index of the first `=` in `text` when the token is an option.
    pub eq: Option<usize>,
}

impl Token {
    /// The key of a `KEY=value` option (as typed).
    pub fn key(&self) -> Option<&[u8]> {
        self.eq.map(|i| &self.text[..i])
    }
    /// The value of an option, or the whole text of a plain token.
    pub fn value(&self) -> &[u8] {
        match self.eq {
            Some(i) => &self.text[i + 1..],
            None => &self.text,
        }
    }
    /// Is this the option `key=` (ASCII case-insensitive)?
    pub fn is_key(&self, key: &str) -> bool {
        self.key().is_some_and(|k| k.eq_ignore_ascii_case(key.as_bytes()))
    }
    /// Is this the bare, unquoted keyword `word` (ASCII case-insensitive)?
    pub fn is_word(&self, word: &str) -> bool {
        !self.quoted && self.eq.is_none() && self.text.eq_ignore_ascii_case(word.as_bytes())
    }
    /// An unquoted `@name` token: the name without `@`.
    pub fn at_name(&self) -> Option<&[u8]> {
        if self.quoted || self.eq.is_some() {
            return None;
        }
        self.text.strip_prefix(b"@")
    }
}

/// Reads tokens from a command line; `Clone` is the peek.
#[derive(Clone)]
pub struct Lexer<'a> {
    line: &'a [u8],
    pos: usize,
}

fn err(msg: &str) -> Error {
    Error::new(Rc::Error, msg)
}

/// Reads a quoted section starting just after its opening quote; returns
/// the index after the closing quote.
pub(crate) fn quoted(line: &[u8], mut i: usize, out: &mut Vec<u8>) -> Result<usize, Error> {
    while i < line.len() {
        match line[i] {
            b'\\' if i + 1 < line.len() && matches!(line[i + 1], b'"' | b'\\') => {
                out.push(line[i + 1]);
                i += 2;
            }
            b'"' => return Ok(i + 1),
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    Err(err("unterminated quote"))
}

impl<'a> Lexer<'a> {
    /// A lexer at the start of `line`.
    pub fn new(line: &'a [u8]) -> Self {
        Lexer { line, pos: 0 }
    }

    /// The next token, `None` at the end of the line.
    #[allow(clippy::should_implement_trait)] // a Result per token, not an Iterator
    pub fn next(&mut self) -> Result<Option<Token>, Error> {
        let l = self.line;
        let mut i = self.pos;
        while i < l.len() && is_blank(l[i]) {
            i += 1;
        }
        if i == l.len() {
            self.pos = i;
            return Ok(None);
        }
        let start = i;
        let mut text = Vec::new();
        let mut eq = None;
        let is_quoted = l[i] == b'"';
        if is_quoted {
            i = quoted(l, i + 1, &mut text)?;
        } else {
            let mut seen_eq = false;
            while i < l.len() && !is_blank(l[i]) {
                let b = l[i];
                if b == b'"' {
                    if l[i - 1] != b'=' {
                        return Err(error!(Rc::Error, "unexpected '\"' in {}", Shown(&l[start..=i])));
                    }
                    i = quoted(l, i + 1, &mut text)?;
                    break;
                }
                if b == b'=' && !seen_eq {
                    seen_eq = true;
                    if i > start {
                        eq = Some(text.len());
                    }
                }
                text.push(b);
                i += 1;
            }
        }
        if i < l.len() && !is_blank(l[i]) {
            return Err(err("text after closing quote"));
        }
        self.pos = i;
        Ok(Some(Token { text, quoted: is_quoted, eq }))
    }

    /// The next token without consuming it.
    pub fn peek(&self) -> Result<Option<Token>, Error> {
        self.clone().next()
    }

    /// The line after the last token read, its separator included.
    pub fn remainder(&self) -> &'a [u8] {
        self.line.get(self.pos..).unwrap_or(&[])
    }

    /// The rest of the line after the last token read and one separator,
    /// verbatim (docs/reference/commands.md, "Command lines": rest of the
    /// line).
    pub fn rest(&self) -> &'a [u8] {
        // A token ends at a blank or at the end of the line, so the byte at
        // `pos` (if any) is the one separator.
        self.line.get(self.pos + 1..).unwrap_or(&[])
    }
}
