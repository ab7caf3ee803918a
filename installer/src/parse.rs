//! The Installer script syntax, as a given [`Installer`] reads it.
//!
//! The script file is ISO-8859-1: Installer reads it byte by byte
//! ([`latin1`]). Strings are delimited by `"` or `'`; what a backslash
//! means depends on the Installer ([`Installer::escape`]): 1.x knows
//! `\n \r \t \0 \" \' \\` and keeps any other character after a backslash
//! as it is, 42.6 and later add `\h \v \b \f`, `\ooo` and `\xXX`. Numbers:
//! decimal, `$hex`, `%binary`. `;` starts a comment.
use crate::dialect::Installer;

/// A parsed element with its 1-based line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Node {
    /// `( ... )`.
    List(Vec<Node>, usize),
    /// A string literal as the Installer reads it (Latin-1 characters).
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

/// A script as one Installer reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parsed {
    /// The top-level forms.
    pub forms: Vec<Node>,
    /// What this Installer reads differently from what the text suggests
    /// (an escape it does not know, a string longer than it takes), each
    /// as `line N: text`. The forms hold what the Installer really reads.
    pub problems: Vec<String>,
}

/// The script file's text: each byte one ISO-8859-1 character.
pub fn latin1(bytes: &[u8]) -> String {
    bytes.iter().map(|&b| char::from(b)).collect()
}

type Chars<'a> = std::iter::Peekable<std::str::Chars<'a>>;

/// Reads the escape after a backslash (`it` is positioned after it) as
/// `inst` does; pushes the result to `out` and any problem to `problems`.
fn escape(it: &mut Chars<'_>, inst: Installer, line: &mut usize, out: &mut String, problems: &mut Vec<String>) {
    let l = *line;
    let Some(c) = it.next() else { return };
    if c == '\n' || c == '\r' {
        *line += 1;
        problems.push(format!(
            "line {l}: backslash at a line end inside a string: Installer 1.x joins the lines, \
             InstallerLG keeps the line break"
        ));
        if inst != Installer::V1 {
            out.push(c);
        }
        return;
    }
    if inst.has_numeric_escapes() {
        let mut look = it.clone();
        if c == 'x' {
            let h: String = (0..2).filter_map(|_| look.next_if(|c| c.is_ascii_hexdigit())).collect();
            if h.len() == 2 {
                *it = look;
                out.push(char::from(u8::from_str_radix(&h, 16).unwrap()));
                return;
            }
            problems.push(format!("line {l}: \\x needs two hex digits ({} reads \"x\")", inst.name()));
            out.push('x');
            return;
        }
        if ('0'..='7').contains(&c) {
            let rest: String = (0..2).filter_map(|_| look.next_if(|c| ('0'..='7').contains(c))).collect();
            if rest.len() == 2 {
                *it = look;
                let v = u32::from_str_radix(&format!("{c}{rest}"), 8).unwrap();
                out.push(char::from((v & 0xff) as u8));
                return;
            }
        }
    }
    match inst.escape(c) {
        Some(b) => out.push(char::from(b)),
        None => {
            out.push(c);
            let newer = c == 'x' || ('1'..='7').contains(&c) || "hvbf".contains(c);
            if newer && inst == Installer::V1 {
                problems.push(format!(
                    "line {l}: \\{c} is an escape only from Installer 42.6; {} reads it as \"{c}\" \
                     (write the ISO-8859-1 character itself)",
                    inst.name()
                ));
            } else {
                problems.push(format!("line {l}: unknown escape \\{c} ({} reads it as \"{c}\")", inst.name()));
            }
        }
    }
}

/// Parses a whole script as `inst` reads it. `Err` for what no Installer
/// can read (unbalanced parentheses, an unclosed string), with its line.
pub fn parse_as(src: &str, inst: Installer) -> Result<Parsed, String> {
    let mut it = src.chars().peekable();
    let mut line = 1;
    let mut problems = Vec::new();
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
                        Some('\\') => escape(&mut it, inst, &mut line, &mut s, &mut problems),
                        Some(ch) => {
                            if ch == '\n' {
                                line += 1;
                            }
                            s.push(ch);
                        }
                    }
                }
                if let Some(max) = inst.string_max() {
                    if s.chars().count() > max {
                        problems.push(format!(
                            "line {start}: a string of {} bytes; {} reads at most {max} (split it, the \
                             statements join their string arguments)",
                            s.chars().count(),
                            inst.name()
                        ));
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
    Ok(Parsed { forms: stack.pop().unwrap().0, problems })
}

/// Parses a whole script as the newest Installer reads it; any problem of
/// [`parse_as`] is an error.
pub fn parse(src: &str) -> Result<Vec<Node>, String> {
    let p = parse_as(src, Installer::V44)?;
    match p.problems.into_iter().next() {
        Some(e) => Err(e),
        None => Ok(p.forms),
    }
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
    fn latin1_escapes_from_42_6() {
        assert_eq!(parse(r#""fran\xe7ais \347""#).unwrap()[0], Node::Str("français ç".into(), 1));
    }

    #[test]
    fn installer_1_reads_hex_escapes_as_letters() {
        let p = parse_as(r#"(set #l "fran\xe7ais")"#, Installer::V1).unwrap();
        let Node::List(v, _) = &p.forms[0] else { panic!() };
        assert_eq!(v[2], Node::Str("franxe7ais".into(), 1));
        assert_eq!(
            p.problems,
            ["line 1: \\x is an escape only from Installer 42.6; Installer 1.x (Workbench 3.0/3.1) reads it as \"x\" \
                 (write the ISO-8859-1 character itself)"]
        );
        let p = parse_as("\n\"a\\hb \\101\"", Installer::V1).unwrap();
        assert_eq!(p.forms[0], Node::Str("ahb 101".into(), 2));
        assert_eq!(p.problems.len(), 2);
        let p = parse_as("\"a\\hb \\101\"", Installer::V43).unwrap();
        assert_eq!((p.forms[0].clone(), p.problems.len()), (Node::Str("a\tb A".into(), 1), 0));
    }

    #[test]
    fn the_literal_character_reads_alike_everywhere() {
        let src = latin1(b"\"fran\xe7ais\"");
        for i in Installer::ALL {
            let p = parse_as(&src, i).unwrap();
            assert_eq!((p.forms[0].clone(), p.problems.len()), (Node::Str("français".into(), 1), 0), "{i:?}");
        }
    }

    #[test]
    fn installer_1_limits_strings_to_512_bytes() {
        let src = format!("\"{}\"", "a".repeat(513));
        assert_eq!(
            parse_as(&src, Installer::V1).unwrap().problems,
            ["line 1: a string of 513 bytes; Installer 1.x (Workbench 3.0/3.1) reads at most 512 (split it, the \
              statements join their string arguments)"]
        );
        assert!(parse_as(&src, Installer::V43).unwrap().problems.is_empty());
        assert!(parse_as(&format!("\"{}\"", "a".repeat(512)), Installer::V1).unwrap().problems.is_empty());
    }

    #[test]
    fn line_end_escapes_are_flagged() {
        let p = parse_as("\"a\\\nb\"", Installer::V1).unwrap();
        assert_eq!(p.forms[0], Node::Str("ab".into(), 1));
        assert_eq!(p.problems.len(), 1);
        let p = parse_as("\"a\\\nb\"", Installer::V44).unwrap();
        assert_eq!(p.forms[0], Node::Str("a\nb".into(), 1));
    }

    #[test]
    fn balance_errors_name_the_line() {
        assert_eq!(parse("(a\n(b)").unwrap_err(), "line 1: ( is never closed");
        assert_eq!(parse("(a)\n)").unwrap_err(), "line 2: ) without a matching (");
        assert_eq!(parse("(a \"b\n").unwrap_err(), "line 1: string not closed");
        assert_eq!(
            parse(r#"("\q")"#).unwrap_err(),
            "line 1: unknown escape \\q (Installer 44 (OS 3.2) / InstallerLG reads it as \"q\")"
        );
    }
}
