//! The little of the request grammar the framing needs: the verb and
//! `AUTH`'s one argument, read with the command language's own tokenizer
//! (`gadgetscope_arexx::lex`), so that what the framing reads is what the
//! command language reads. `FSPUT`'s byte count is read with its command,
//! once (`gadgetscope_arexx::parse_put`).

use alloc::vec::Vec;

use gadgetscope_arexx::lex::Lexer;

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
}
