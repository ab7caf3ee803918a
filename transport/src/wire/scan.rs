//! The little of the request grammar the framing needs: the verb, `AUTH`'s
//! one argument and `FSPUT`'s byte count and `TIMEOUT=`.
//!
//! Tokens follow the command language's rules (docs/reference, the ARexx
//! tokenizer): blanks are space and TAB; `"…"` quotes a token, or the value
//! after an `=`; inside quotes `\"` is `"` and `\\` is `\`, other
//! backslashes are literal. What this scanner accepts, the command
//! language splits the same way.

use alloc::vec::Vec;

use amiga_ndk::latin1::decimal;

use gadgetscope_arexx::TIMEOUT_MAX;

use super::PUT_TIMEOUT_DEFAULT_SECS;

fn is_blank(b: u8) -> bool {
    b == b' ' || b == b'\t'
}

/// One token: its text with quotes and escapes removed, and whether the
/// whole token was quoted (a quoted word is never a verb or a `KEY=`).
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Token {
    pub text: Vec<u8>,
    pub quoted: bool,
}

impl Token {
    /// The value of the unquoted option `key=` (key ASCII case-insensitive).
    pub fn option(&self, key: &[u8]) -> Option<&[u8]> {
        if self.quoted || self.text.len() <= key.len() || self.text[key.len()] != b'=' {
            return None;
        }
        self.text[..key.len()].eq_ignore_ascii_case(key).then(|| &self.text[key.len() + 1..])
    }
}

/// The scanner could not split the line (an unterminated quote, a quote
/// inside a word, text right after a closing quote).
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Malformed;

/// Reads tokens from one request line.
pub(crate) struct Scanner<'a> {
    line: &'a [u8],
    pos: usize,
}

/// Reads a quoted section from just after its opening quote into `out`;
/// returns the index after the closing quote.
fn quoted(line: &[u8], mut i: usize, out: &mut Vec<u8>) -> Result<usize, Malformed> {
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
    Err(Malformed)
}

impl<'a> Scanner<'a> {
    pub fn new(line: &'a [u8]) -> Self {
        Scanner { line, pos: 0 }
    }

    /// The next token, `None` at the end of the line.
    pub fn next_token(&mut self) -> Result<Option<Token>, Malformed> {
        let l = self.line;
        let mut i = self.pos;
        while i < l.len() && is_blank(l[i]) {
            i += 1;
        }
        if i == l.len() {
            self.pos = i;
            return Ok(None);
        }
        let mut text = Vec::new();
        let is_quoted = l[i] == b'"';
        if is_quoted {
            i = quoted(l, i + 1, &mut text)?;
        } else {
            let start = i;
            while i < l.len() && !is_blank(l[i]) {
                if l[i] == b'"' {
                    // Only `KEY="value"` may quote inside a word.
                    if i == start || l[i - 1] != b'=' {
                        return Err(Malformed);
                    }
                    i = quoted(l, i + 1, &mut text)?;
                    break;
                }
                text.push(l[i]);
                i += 1;
            }
        }
        if i < l.len() && !is_blank(l[i]) {
            return Err(Malformed);
        }
        self.pos = i;
        Ok(Some(Token { text, quoted: is_quoted }))
    }
}

/// The request's verb when its first token is an unquoted word.
pub(crate) fn verb(line: &[u8]) -> Option<Vec<u8>> {
    match Scanner::new(line).next_token() {
        Ok(Some(t)) if !t.quoted => Some(t.text),
        _ => None,
    }
}

/// `AUTH <password>`: the one argument, or `None` when there is not
/// exactly one (or the line cannot be split).
pub(crate) fn auth_argument(line: &[u8]) -> Option<Vec<u8>> {
    let mut s = Scanner::new(line);
    let _verb = s.next_token().ok()??;
    let password = s.next_token().ok()??;
    match s.next_token() {
        Ok(None) => Some(password.text),
        _ => None,
    }
}

/// What the framing reads from an `FSPUT <path> <byte-count>
/// [TIMEOUT=<seconds>]` line.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Put {
    /// No byte count can be read, so a payload that may follow cannot be
    /// counted (the session gives the stream up). The message says why.
    Bad(&'static str),
    /// `len` payload bytes follow the line; they must arrive within
    /// `timeout_secs`.
    Payload {
        /// The declared byte count (a count beyond `u64` saturates).
        len: u64,
        /// `TIMEOUT=` in seconds; [`PUT_TIMEOUT_DEFAULT_SECS`] when absent,
        /// 0, not a number or above the command language's maximum (the
        /// command language then refuses the line itself).
        timeout_secs: u32,
    },
}

/// Reads an `FSPUT` line (the caller has seen the verb). The path is the
/// second token, the byte count the third; `TIMEOUT=` may follow anywhere
/// after it. A token after the count that cannot be split stops the search
/// for `TIMEOUT=` (the command language refuses such a line anyway).
pub(crate) fn put(line: &[u8]) -> Put {
    let mut s = Scanner::new(line);
    let _verb = s.next_token();
    match s.next_token() {
        Ok(Some(_path)) => {}
        Ok(None) => return Put::Bad("FSPUT needs <path> <byte-count>"),
        Err(Malformed) => return Put::Bad("FSPUT: the path cannot be read (check its quotes)"),
    }
    let len = match s.next_token() {
        Ok(Some(t)) if !t.quoted => match decimal(&t.text) {
            Some(n) => n,
            None => return Put::Bad("FSPUT byte count must be a decimal number"),
        },
        Ok(Some(_)) => return Put::Bad("FSPUT byte count must be a decimal number"),
        Ok(None) => return Put::Bad("FSPUT needs <path> <byte-count>"),
        Err(Malformed) => return Put::Bad("FSPUT byte count must be a decimal number"),
    };
    let mut timeout_secs = PUT_TIMEOUT_DEFAULT_SECS;
    while let Ok(Some(t)) = s.next_token() {
        if let Some(v) = t.option(b"TIMEOUT") {
            timeout_secs = match decimal(v) {
                Some(n) if n >= 1 && n <= u64::from(TIMEOUT_MAX) => n as u32,
                _ => PUT_TIMEOUT_DEFAULT_SECS,
            };
        }
    }
    Put::Payload { len, timeout_secs }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(line: &[u8]) -> Result<Vec<(Vec<u8>, bool)>, Malformed> {
        let mut s = Scanner::new(line);
        let mut out = Vec::new();
        while let Some(t) = s.next_token()? {
            out.push((t.text, t.quoted));
        }
        Ok(out)
    }

    #[test]
    fn tokens_follow_the_command_language() {
        assert_eq!(
            tokens(b" FSPUT\t\"RAM:a \\\"b\\\\\" 12  TIMEOUT=\"5\"").unwrap(),
            vec![
                (b"FSPUT".to_vec(), false),
                (b"RAM:a \"b\\".to_vec(), true),
                (b"12".to_vec(), false),
                (b"TIMEOUT=5".to_vec(), false),
            ]
        );
        // Other backslashes stay.
        assert_eq!(tokens(b"\"a\\nb\"").unwrap(), vec![(b"a\\nb".to_vec(), true)]);
        assert_eq!(tokens(b"\"open"), Err(Malformed));
        assert_eq!(tokens(b"a\"b\""), Err(Malformed));
        assert_eq!(tokens(b"\"a\"b"), Err(Malformed));
        assert_eq!(tokens(b"K=\"v\"x"), Err(Malformed));
        assert_eq!(tokens(b"").unwrap(), vec![]);
    }

    #[test]
    fn verb_and_auth_argument() {
        assert_eq!(verb(b"  version"), Some(b"version".to_vec()));
        assert_eq!(verb(b"\"VERSION\""), None);
        assert_eq!(verb(b""), None);
        assert_eq!(auth_argument(b"AUTH amipilot"), Some(b"amipilot".to_vec()));
        assert_eq!(auth_argument(b"AUTH \"pass word\""), Some(b"pass word".to_vec()));
        assert_eq!(auth_argument(b"AUTH"), None);
        assert_eq!(auth_argument(b"AUTH a b"), None);
        assert_eq!(auth_argument(b"AUTH \"a"), None);
    }

    #[test]
    fn put_reads_count_and_timeout() {
        assert_eq!(put(b"FSPUT \"RAM:x y\" 17 TIMEOUT=30"), Put::Payload { len: 17, timeout_secs: 30 });
        assert_eq!(put(b"fsput RAM:x 0"), Put::Payload { len: 0, timeout_secs: PUT_TIMEOUT_DEFAULT_SECS });
        assert_eq!(put(b"FSPUT RAM:x 5 timeout=2"), Put::Payload { len: 5, timeout_secs: 2 });
        // 0, junk and values beyond the maximum use the default.
        for t in [&b"TIMEOUT=0"[..], b"TIMEOUT=x", b"TIMEOUT=86401", b"TIMEOUT="] {
            let mut l = b"FSPUT RAM:x 5 ".to_vec();
            l.extend_from_slice(t);
            assert_eq!(put(&l), Put::Payload { len: 5, timeout_secs: PUT_TIMEOUT_DEFAULT_SECS });
        }
        assert_eq!(
            put(b"FSPUT RAM:x 99999999999999999999999"),
            Put::Payload { len: u64::MAX, timeout_secs: PUT_TIMEOUT_DEFAULT_SECS }
        );
        assert!(matches!(put(b"FSPUT"), Put::Bad(_)));
        assert!(matches!(put(b"FSPUT RAM:x"), Put::Bad(_)));
        assert!(matches!(put(b"FSPUT RAM:x -5"), Put::Bad(_)));
        assert!(matches!(put(b"FSPUT RAM:x +5"), Put::Bad(_)));
        assert!(matches!(put(b"FSPUT RAM:x \"5\""), Put::Bad(_)));
        assert!(matches!(put(b"FSPUT \"RAM:x 5"), Put::Bad(_)));
        assert!(matches!(put(b"FSPUT RAM:x 5x"), Put::Bad(_)));
    }
}
