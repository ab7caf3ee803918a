//! Diagnostics with file and line, printed like a compiler's:
//! `catalogs/deutsch.ct:12: error: unknown name MSG_FOO`.
use std::fmt;

/// How bad a [`Diagnostic`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Severity {
    /// Compilation stops; nothing is written.
    Error,
    /// Reported; the catalog is still written (e.g. a missing translation,
    /// which falls back to the built-in English string at run time).
    Warning,
}

/// One finding in a source file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// The file as given to the parser.
    pub file: String,
    /// 1-based line number; 0 when the finding concerns the whole file.
    pub line: usize,
    /// Error or warning.
    pub severity: Severity,
    /// What is wrong, in plain words.
    pub message: String,
}

impl Diagnostic {
    /// An error at `file:line`.
    pub fn error(file: &str, line: usize, message: impl Into<String>) -> Self {
        Diagnostic { file: file.to_string(), line, severity: Severity::Error, message: message.into() }
    }

    /// A warning at `file:line`.
    pub fn warning(file: &str, line: usize, message: impl Into<String>) -> Self {
        Diagnostic { file: file.to_string(), line, severity: Severity::Warning, message: message.into() }
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sev = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        write!(f, "{}:{}: {}: {}", self.file, self.line, sev, self.message)
    }
}
