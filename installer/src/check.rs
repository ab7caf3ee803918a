//! Static checks: known names, options where they belong, required options,
//! variables that are set before anything can read them.
use crate::parse::Node;
use std::collections::BTreeSet;

/// Statements and functions of Installer 43 (Installer.doc 1.24 §4-5, plus
/// the V42/43 additions `iconinfo`, `symbolset`, `symbolval`, `database`,
/// `user`, `debug`, `trap`, `onerror`).
pub const FUNCTIONS: &[&str] = &[
    "=",
    "<",
    "<=",
    ">",
    ">=",
    "<>",
    "+",
    "-",
    "*",
    "/",
    "AND",
    "OR",
    "XOR",
    "NOT",
    "BITAND",
    "BITOR",
    "BITXOR",
    "BITNOT",
    "shiftleft",
    "shiftright",
    "IN",
    "set",
    "procedure",
    "if",
    "while",
    "until",
    "select",
    "strlen",
    "substr",
    "askdir",
    "askfile",
    "askstring",
    "asknumber",
    "askchoice",
    "askoptions",
    "askbool",
    "askdisk",
    "cat",
    "exists",
    "expandpath",
    "earlier",
    "fileonly",
    "getassign",
    "getdevice",
    "getdiskspace",
    "getenv",
    "getsize",
    "getsum",
    "getversion",
    "iconinfo",
    "pathonly",
    "patmatch",
    "symbolset",
    "symbolval",
    "tackon",
    "transcript",
    "complete",
    "user",
    "working",
    "welcome",
    "abort",
    "copyfiles",
    "copylib",
    "database",
    "debug",
    "delete",
    "execute",
    "exit",
    "foreach",
    "makeassign",
    "makedir",
    "message",
    "onerror",
    "protect",
    "rename",
    "rexx",
    "run",
    "startup",
    "textfile",
    "tooltype",
    "trap",
];

/// Which options each statement accepts (Installer.doc 1.24 §4.2, §4.7).
pub const OPTIONS: &[(&str, &[&str])] = &[
    ("askdir", &["prompt", "help", "default", "newpath", "disk", "assigns"]),
    ("askfile", &["prompt", "help", "default", "newpath", "disk"]),
    ("askstring", &["prompt", "help", "default"]),
    ("asknumber", &["prompt", "help", "range", "default"]),
    ("askchoice", &["prompt", "help", "choices", "default"]),
    ("askoptions", &["prompt", "help", "choices", "default"]),
    ("askbool", &["prompt", "help", "default", "choices"]),
    ("askdisk", &["prompt", "help", "dest", "newname", "disk", "assigns"]),
    (
        "copyfiles",
        &[
            "prompt", "help", "source", "dest", "newname", "choices", "all", "pattern", "files", "infos", "fonts",
            "confirm", "safe", "optional", "delopts", "nogauge",
        ],
    ),
    (
        "copylib",
        &["prompt", "help", "source", "dest", "newname", "infos", "confirm", "safe", "optional", "delopts", "nogauge"],
    ),
    ("makedir", &["prompt", "help", "infos", "confirm", "safe"]),
    (
        "tooltype",
        &[
            "prompt",
            "help",
            "dest",
            "settooltype",
            "setstack",
            "setdefaulttool",
            "noposition",
            "swapcolors",
            "confirm",
            "safe",
        ],
    ),
    ("startup", &["prompt", "help", "command"]),
    ("textfile", &["prompt", "help", "dest", "append", "include", "confirm", "safe"]),
    ("delete", &["prompt", "help", "confirm", "optional", "delopts", "safe"]),
    ("rename", &["prompt", "help", "confirm", "disk", "safe"]),
    ("execute", &["prompt", "help", "confirm", "safe"]),
    ("run", &["prompt", "help", "confirm", "safe"]),
    ("rexx", &["prompt", "help", "confirm", "safe"]),
    ("makeassign", &["safe"]),
    ("protect", &["safe"]),
    ("message", &["help"]),
    ("exit", &["quiet"]),
    ("exists", &["noreq"]),
    ("getversion", &["resident"]),
    ("iconinfo", &["prompt", "help", "dest", "gettooltype", "getdefaulttool", "getstack", "getposition"]),
];

/// Options a statement must have (Installer.guide 1.19 as enforced by
/// Installer 43 and InstallerLG).
pub const REQUIRED: &[(&str, &[&str])] = &[
    ("askdir", &["prompt", "help", "default"]),
    ("askfile", &["prompt", "help", "default"]),
    ("askstring", &["prompt", "help"]),
    ("asknumber", &["prompt", "help"]),
    ("askchoice", &["prompt", "help", "choices"]),
    ("askoptions", &["prompt", "help", "choices"]),
    ("askbool", &["prompt", "help"]),
    ("askdisk", &["prompt", "help", "dest"]),
    ("copyfiles", &["source", "dest"]),
    ("copylib", &["source", "dest"]),
    ("tooltype", &["dest"]),
    ("textfile", &["dest"]),
    ("startup", &["prompt", "help", "command"]),
];

/// Pre-defined variables (Installer.doc 1.24 §4.9, Installer.guide 1.19).
pub const PREDEFINED: &[&str] = &[
    "@abort-button",
    "@app-name",
    "@icon",
    "@execute-dir",
    "@default-dest",
    "@language",
    "@pretend",
    "@user-level",
    "@error-msg",
    "@special-msg",
    "@ioerr",
    "@each-name",
    "@each-type",
    "@installer-version",
    "@askoptions-help",
    "@askchoice-help",
    "@asknumber-help",
    "@askstring-help",
    "@askdisk-help",
    "@askfile-help",
    "@askdir-help",
    "@copylib-help",
    "@copyfiles-help",
    "@makedir-help",
    "@startup-help",
];

fn all_options() -> BTreeSet<&'static str> {
    OPTIONS
        .iter()
        .flat_map(|(_, o)| o.iter().copied())
        .chain(["optional", "delopts", "command", "include", "append"])
        .collect()
}

fn lookup<'a>(table: &'a [(&str, &'a [&'a str])], name: &str) -> &'a [&'a str] {
    table.iter().find(|(n, _)| *n == name).map(|(_, o)| *o).unwrap_or(&[])
}

/// Collects procedure names and set variables.
fn collect(n: &Node, procs: &mut BTreeSet<String>, vars: &mut BTreeSet<String>) {
    if let Node::List(v, _) = n {
        match n.head() {
            Some("procedure") => {
                if let Some(name) = v.get(1).and_then(Node::sym) {
                    procs.insert(name.to_string());
                }
            }
            Some("set") | Some("symbolset") => {
                for pair in v[1..].chunks(2) {
                    if let Some(s) = pair[0].sym() {
                        vars.insert(s.to_string());
                    }
                }
            }
            _ => {}
        }
        for c in v {
            collect(c, procs, vars);
        }
    }
}

struct Ctx {
    procs: BTreeSet<String>,
    vars: BTreeSet<String>,
    options: BTreeSet<&'static str>,
    errors: Vec<String>,
}

impl Ctx {
    fn value(&mut self, n: &Node) {
        match n {
            Node::Sym(s, l) if !self.vars.contains(s) && !PREDEFINED.contains(&s.as_str()) => {
                self.errors.push(format!("line {l}: variable {s} is read but never set"));
            }
            Node::List(..) => self.form(n, None),
            _ => {}
        }
    }

    /// Checks a list; `parent` is the statement whose option it may be.
    fn form(&mut self, n: &Node, parent: Option<&str>) {
        let Node::List(v, line) = n else {
            return self.value(n);
        };
        let line = *line;
        let Some(first) = v.first() else {
            self.errors.push(format!("line {line}: empty ()"));
            return;
        };
        match first {
            Node::List(..) => v.iter().for_each(|c| self.form(c, None)), // a sequence
            Node::Str(..) => v[1..].iter().for_each(|c| self.value(c)),  // a format string
            Node::Num(..) => self.errors.push(format!("line {line}: a number cannot be called")),
            Node::Sym(h, _) => {
                let h = h.as_str();
                if self.options.contains(h) && !FUNCTIONS.contains(&h) {
                    match parent {
                        Some(p) if lookup(OPTIONS, p).contains(&h) => {}
                        Some(p) => self.errors.push(format!("line {line}: ({h}) is not an option of {p}")),
                        None => self.errors.push(format!("line {line}: ({h}) outside a statement")),
                    }
                    v[1..].iter().for_each(|c| self.value(c));
                } else if self.procs.contains(h) {
                    if v.len() > 1 {
                        self.errors.push(format!("line {line}: procedure {h} takes no arguments"));
                    }
                } else if FUNCTIONS.contains(&h) {
                    self.statement(h, v, line);
                } else {
                    self.errors.push(format!("line {line}: unknown function {h}"));
                }
            }
        }
    }

    fn statement(&mut self, h: &str, v: &[Node], line: usize) {
        let present: BTreeSet<&str> =
            v[1..].iter().filter_map(Node::head).filter(|x| self.options.contains(x)).collect();
        for r in lookup(REQUIRED, h) {
            if !present.contains(r) {
                self.errors.push(format!("line {line}: {h} needs ({r} ...)"));
            }
        }
        if present.contains("confirm") {
            for r in ["prompt", "help"] {
                if !present.contains(r) {
                    self.errors.push(format!("line {line}: {h} with (confirm) needs ({r} ...)"));
                }
            }
        }
        let positional = v[1..].iter().filter(|c| !c.head().is_some_and(|x| self.options.contains(x))).count();
        if h == "if" && !(2..=3).contains(&positional) {
            self.errors.push(format!("line {line}: if needs a condition and one or two statements"));
        }
        if h == "makedir" && positional != 1 {
            self.errors.push(format!("line {line}: makedir needs one drawer name"));
        }
        match h {
            "procedure" => {
                if v.get(1).and_then(Node::sym).is_none() {
                    self.errors.push(format!("line {line}: procedure needs a name"));
                }
                v.iter().skip(2).for_each(|c| self.form(c, None));
            }
            "set" | "symbolset" => {
                if v.len() < 3 || v.len() & 1 == 0 {
                    self.errors.push(format!("line {line}: {h} needs name/value pairs"));
                }
                for pair in v[1..].chunks(2) {
                    if h == "symbolset" {
                        self.value(&pair[0]);
                    }
                    if let Some(x) = pair.get(1) {
                        self.value(x);
                    }
                }
            }
            _ => {
                for c in &v[1..] {
                    match c {
                        Node::List(..) => self.form(c, Some(h)),
                        _ => self.value(c),
                    }
                }
            }
        }
    }
}

/// Checks parsed forms; returns every problem as `line N: text`.
pub fn check(forms: &[Node]) -> Vec<String> {
    let mut procs = BTreeSet::new();
    let mut vars = BTreeSet::new();
    for f in forms {
        collect(f, &mut procs, &mut vars);
    }
    let mut cx = Ctx { procs, vars, options: all_options(), errors: Vec::new() };
    for f in forms {
        cx.form(f, None);
    }
    cx.errors
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse;

    fn errs(src: &str) -> Vec<String> {
        check(&parse(src).unwrap())
    }

    #[test]
    fn good_forms_pass() {
        let src = r#"(set #d (askdir (prompt "p") (help "h") (default "SYS:")))
            (procedure P_X (copyfiles (source "a") (dest #d) (infos)))
            (P_X) (if (IN 1 0) ((P_X)) (exit))
            (makedir "RAM:x" (help @makedir-help))"#;
        assert_eq!(errs(src), Vec::<String>::new());
    }

    #[test]
    fn each_problem_named_with_its_line() {
        assert_eq!(errs("(frobnicate 1)"), ["line 1: unknown function frobnicate"]);
        assert_eq!(errs("(askdir (prompt \"p\") (default \"x\"))"), ["line 1: askdir needs (help ...)"]);
        assert_eq!(errs("(askoptions (prompt \"p\") (help \"h\"))"), ["line 1: askoptions needs (choices ...)"]);
        assert_eq!(errs("(copyfiles (source \"a\"))"), ["line 1: copyfiles needs (dest ...)"]);
        assert_eq!(
            errs("(makedir \"x\" (confirm))"),
            ["line 1: makedir with (confirm) needs (prompt ...)", "line 1: makedir with (confirm) needs (help ...)"]
        );
        assert_eq!(errs("(makedir \"x\" (source \"y\"))"), ["line 1: (source) is not an option of makedir"]);
        assert_eq!(errs("\n(prompt \"x\")"), ["line 2: (prompt) outside a statement"]);
        assert_eq!(errs("(exit #nothing)"), ["line 1: variable #nothing is read but never set"]);
        assert_eq!(errs("(procedure P (exit)) (P 1)"), ["line 1: procedure P takes no arguments"]);
        assert_eq!(errs("(if 1)"), ["line 1: if needs a condition and one or two statements"]);
    }
}
