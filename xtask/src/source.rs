//! Reading the workspace's Rust source for the checks stage: which files
//! there are, and their code without comments and literals.
use anyhow::{Context, Result};
use std::path::{Path, PathBuf};

/// The `.rs` files under `dir`, skipping `target/`, hidden directories and
/// the directories in `skip`.
pub fn rust_files(dir: &Path, skip: &[&PathBuf], out: &mut Vec<PathBuf>) -> Result<()> {
    for e in std::fs::read_dir(dir).with_context(|| dir.display().to_string())? {
        let p = e?.path();
        let name = p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        if p.is_dir() {
            if name != "target" && !name.starts_with('.') && !skip.iter().any(|s| s.as_path() == p) {
                rust_files(&p, skip, out)?;
            }
        } else if name.ends_with(".rs") {
            out.push(p);
        }
    }
    out.sort();
    Ok(())
}

/// `text` with comments and the contents of string and char literals
/// blanked (line breaks kept), so that words in them are not code.
pub fn code_only(text: &str) -> String {
    let c: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let blank = |ch: char| if ch == '\n' { '\n' } else { ' ' };
    while i < c.len() {
        match c[i] {
            '/' if c.get(i + 1) == Some(&'/') => {
                while i < c.len() && c[i] != '\n' {
                    out.push(' ');
                    i += 1;
                }
            }
            '/' if c.get(i + 1) == Some(&'*') => {
                let mut depth = 0;
                while i < c.len() {
                    if c[i] == '/' && c.get(i + 1) == Some(&'*') {
                        depth += 1;
                        out.push_str("  ");
                        i += 2;
                    } else if c[i] == '*' && c.get(i + 1) == Some(&'/') {
                        depth -= 1;
                        out.push_str("  ");
                        i += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        out.push(blank(c[i]));
                        i += 1;
                    }
                }
            }
            'r' if matches!(c.get(i + 1), Some('"') | Some('#'))
                && (i == 0 || !(c[i - 1].is_alphanumeric() || c[i - 1] == '_')) =>
            {
                // A raw string r"..." or r#"..."#.
                let mut j = i + 1;
                let mut hashes = 0;
                while c.get(j) == Some(&'#') {
                    hashes += 1;
                    j += 1;
                }
                if c.get(j) != Some(&'"') {
                    out.push(c[i]);
                    i += 1;
                    continue;
                }
                out.push('r');
                i = j + 1;
                out.push('"');
                while i < c.len() {
                    if c[i] == '"' && (0..hashes).all(|k| c.get(i + 1 + k) == Some(&'#')) {
                        out.push('"');
                        i += 1 + hashes;
                        break;
                    }
                    out.push(blank(c[i]));
                    i += 1;
                }
            }
            '"' => {
                out.push('"');
                i += 1;
                while i < c.len() && c[i] != '"' {
                    if c[i] == '\\' {
                        out.push(' ');
                        i += 1;
                    }
                    if i < c.len() {
                        out.push(blank(c[i]));
                        i += 1;
                    }
                }
                out.push('"');
                i += 1;
            }
            '\'' => {
                // A char literal ('a', '\n', '\''), or a lifetime ('a).
                let end = if c.get(i + 1) == Some(&'\\') {
                    (i + 2..c.len().min(i + 12)).find(|&k| c[k] == '\'')
                } else if c.get(i + 2) == Some(&'\'') {
                    Some(i + 2)
                } else {
                    None
                };
                match end {
                    Some(e) => {
                        out.push('\'');
                        out.push_str(&" ".repeat(e - i - 1));
                        out.push('\'');
                        i = e + 1;
                    }
                    None => {
                        out.push('\'');
                        i += 1;
                    }
                }
            }
            ch => {
                out.push(ch);
                i += 1;
            }
        }
    }
    out
}
