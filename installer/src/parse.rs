//! The Installer script syntax.
//!
//! Strings are delimited by `"` or `'`; escapes (Installer.guide 1.19):
//! `\n \r \t \h` (tab) `\v \b \f \" \' \\`, `\ooo` (octal) and `\xXX`
//! (hex). Numbers: decimal, `$hex`, `%binary`. `;` starts a comment.

/// A parsed element with its 1-based line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Node {
    /// `( ... )`.
    List(Vec<Node>, usize),
    /// A string literal, escapes resolved (Latin-1 characters).
    Str(String, usize),
    /// A number.
    Num(i64, usize),
    /// A symbol: a function, option or variable name.
    Sym(String, usize),
}

impl Node {
    /// The line the element starts on.
    pub fn line(&self) -> usize {
        match self {
            Node::List(_, l) | Node::Str(_, l) | Node::Num(_, l) | Node::Sym(_, l) => *l,
        }
    }

    /// The symbol name, if this is a symbol.
    pub fn sym(&self) -> Option<&str> {
        match self {
            Node::Sym(s, _) => Some(s),
            _ => None,
        }
    }

    /// The head symbol of a list (`copyfiles` of `(copyfiles ...)`).
    pub fn head(&self) -> Option<&str> {
        match self {
            Node::List(v, _) => v.first().and_then(Node::sym),
            _ => None,
        }
    }
}

/// Resolves one escape after a backslash; `it` is positioned after it.
fn escape(it: &mut std::iter::Peekable<std::str::Chars<'_>>, line: usize) -> Result<char, String> {
    let c = it.next().ok_or_else(|| format!("line {line}: backslash at the end of the script"))?;
    Ok(match c {
        'n' => '\n',
        'r' => '\r',
        't' | 'h' => '\t',
        'v' => '\x0b',
        'b' => '\x08',
        'f' => '\x0c',
        '"' | '\'' | '\\' => c,
        'x' => {
            let h: String = (0..2).filter_map(|_| it.next_if(|c| c.is_ascii_hexdigit())).collect();
            if h.len() != 2 {
                return Err(format!("line {line}: \\x needs two hex digits"));
            }
            char::from(u8::from_str_radix(&h, 16).unwrap())
        }
        '0'..='7' => {
            let mut v = c.to_digit(8).unwrap();
            for _ in 0..2 {
                match it.next_if(|c| ('0'..='7').contains(c)) {
                    Some(d) => v = v * 8 + d.to_digit(8).unwrap(),
                    None => break,
                }
            }
            char::from_u32(v & 0xFF).unwrap()
        }
        other => return Err(format!("line {line}: unknown escape \\{other}")),
    })
}

/// Parses a whole script into its top-level forms.
pub fn parse(src: &str) -> Result<Vec<Node>, String> {
    let mut it = src.chars().peekable();
    let mut line = 1;
    // Stack of open lists: (elements, line of the parenthesis).
    let mut stack: Vec<(Vec<Node>, usize)> = vec![(Vec::new(), 0)];
    while let Some(c) = it.next() {
        match c {
            '\n' => line += 1,
            c if c.is_whitespace() => {}
            ';' => while it.next_if(|&c| c != '\n').is_some() {},
            '(' => stack.push((Vec::new(), line)),
            ')' => {
                if stack.len() == 1 {
                    return Err(format!("line {line}: ) without a matching ("));
                }
                let (v, l) = stack.pop().unwrap();
                stack.last_mut().unwrap().0.push(Node::List(v, l));
            }
            '"' | '\'' => {
                let start = line;
                let mut s = String::new();
                loop {
                    match it.next() {
                        None => return Err(format!("line {start}: string not closed")),
                        Some(q) if q == c => break,
                        Some('\\') => s.push(escape(&mut it, line)?),
                        Some(ch) => {
                            if ch == '\n' {
                                line += 1;
                            }
                            s.push(ch);
                        }
                    }
                }
                stack.last_mut().unwrap().0.push(Node::Str(s, start));
            }
            _ => {
                let mut tok = String::from(c);
                while let Some(ch) =
                    it.next_if(|&ch| !ch.is_whitespace() && ch != '(' && ch != ')' && ch != ';' && ch != '"')
                {
                    tok.push(ch);
                }
                let num = if let Some(h) = tok.strip_prefix('$') {
                    i64::from_str_radix(h, 16).ok()
                } else if let Some(b) = tok.strip_prefix('%').filter(|b| !b.is_empty()) {
                    i64::from_str_radix(b, 2).ok()
                } else if tok.chars().all(|c| c.is_ascii_digit())
                    || (tok.len() > 1 && tok.starts_with('-') && tok[1..].chars().all(|c| c.is_ascii_digit()))
                {
                    tok.parse().ok()
                } else {
                    None
                };
                stack.last_mut().unwrap().0.push(match num {
                    Some(n) => Node::Num(n, line),
                    None => Node::Sym(tok, line),
                });
            }
        }
    }
    if stack.len() > 1 {
        let (_, l) = stack.last().unwrap();
        return Err(format!("line {l}: ( is never closed"));
    }
    Ok(stack.pop().unwrap().0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms_strings_numbers() {
        let v = parse("(set #a \"x\\ny\" 'q')\n; c\n(+ $10 %11 -2)").unwrap();
        assert_eq!(
            v[0],
            Node::List(
                vec![
                    Node::Sym("set".into(), 1),
                    Node::Sym("#a".into(), 1),
                    Node::Str("x\ny".into(), 1),
                    Node::Str("q".into(), 1)
                ],
                1
            )
        );
        assert_eq!(
            v[1],
            Node::List(vec![Node::Sym("+".into(), 3), Node::Num(16, 3), Node::Num(3, 3), Node::Num(-2, 3)], 3)
        );
    }

    #[test]
    fn latin1_escapes() {
        assert_eq!(parse(r#""fran\xe7ais \347""#).unwrap()[0], Node::Str("français ç".into(), 1));
    }

    #[test]
    fn balance_errors_name_the_line() {
        assert_eq!(parse("(a\n(b)").unwrap_err(), "line 1: ( is never closed");
        assert_eq!(parse("(a)\n)").unwrap_err(), "line 2: ) without a matching (");
        assert_eq!(parse("(a \"b\n").unwrap_err(), "line 1: string not closed");
        assert_eq!(parse(r#"("\q")"#).unwrap_err(), r"line 1: unknown escape \q");
    }
}
