//! The little of the request grammar the framing needs: the verb, `AUTH`'s
//! one argument and `FSPUT`'s byte count and `TIMEOUT=`, read with the
//! command language's own tokenizer (`gadgetscope_arexx::lex`), so that
//! what the framing reads is what the command language reads.

use alloc::vec::Vec;

use amiga_ndk::latin1::decimal;

use gadgetscope_arexx::lex::Lexer;
use gadgetscope_arexx::TIMEOUT_MAX;

use super::PUT_TIMEOUT_DEFAULT_SECS;

/// The request's verb when its first token is an unquoted word.
pub(crate) fn verb(line: &[u8]) -> Option<Vec<u8>> {
    match Lexer::new(line).next() {
        Ok(Some(t)) if !t.quoted => Some(t.text),
        _ => None,
    }
}

/// `AUTH <password>`: the one argument, or `None` when there is not
/// exactly one (or the line cannot be split).
pub(crate) fn auth_argument(line: &[u8]) -> Option<Vec<u8>> {
    let mut s = Lexer::new(line);
    let _verb = s.next().ok()??;
    let password = s.next().ok()??;
    match s.next() {
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
    let mut s = Lexer::new(line);
    let _verb = s.next();
    match s.next() {
        Ok(Some(_path)) => {}
        Ok(None) => return Put::Bad("FSPUT needs <path> <byte-count>"),
        Err(_) => return Put::Bad("FSPUT: the path cannot be read (check its quotes)"),
    }
    let len = match s.next() {
        Ok(Some(t)) if !t.quoted => match decimal(&t.text) {
            Some(n) => n,
            None => return Put::Bad("FSPUT byte count must be a decimal number"),
        },
        Ok(None) => return Put::Bad("FSPUT needs <path> <byte-count>"),
        Ok(Some(_)) | Err(_) => return Put::Bad("FSPUT byte count must be a decimal number"),
    };
    let mut timeout_secs = PUT_TIMEOUT_DEFAULT_SECS;
    while let Ok(Some(t)) = s.next() {
        if t.is_key("TIMEOUT") {
            timeout_secs = match decimal(t.value()) {
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

    /// The tokens, or `Err(())` when the line cannot be split.
    fn tokens(line: &[u8]) -> Result<Vec<(Vec<u8>, bool)>, ()> {
        let mut s = Lexer::new(line);
        let mut out = Vec::new();
        while let Some(t) = s.next().map_err(|_| ())? {
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
        assert_eq!(tokens(b"\"open"), Err(()));
        assert_eq!(tokens(b"a\"b\""), Err(()));
        assert_eq!(tokens(b"\"a\"b"), Err(()));
        assert_eq!(tokens(b"K=\"v\"x"), Err(()));
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
