//! Static checks: known names, options where they belong, required options,
//! variables that are set before anything can read them; all for one
//! [`Installer`] generation (a function it lacks, an option it does not
//! take, a variable it does not define is an error).
use crate::dialect::{Installer, REQUIRED};
use crate::parse::Node;
use std::collections::BTreeSet;

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
    inst: Installer,
    procs: BTreeSet<String>,
    vars: BTreeSet<String>,
    options: BTreeSet<&'static str>,
    errors: Vec<String>,
}

impl Ctx {
    fn value(&mut self, n: &Node) {
        match n {
            Node::Sym(s, l) if !self.vars.contains(s) && !self.inst.has_predefined(s) => {
                if Installer::ALL.iter().any(|i| i.has_predefined(s)) {
                    self.errors.push(format!("line {l}: {s} is not defined by {}", self.inst.name()));
                } else {
                    self.errors.push(format!("line {l}: variable {s} is read but never set"));
                }
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
                if self.options.contains(h) && Installer::first_with(h).is_none() {
                    match parent {
                        Some(p) if self.inst.options_of(p).contains(&h) => {}
                        Some(p) if Installer::ALL.iter().any(|i| i.options_of(p).contains(&h)) => self
                            .errors
                            .push(format!("line {line}: ({h}) is not an option of {p} in {}", self.inst.name())),
                        Some(p) => self.errors.push(format!("line {line}: ({h}) is not an option of {p}")),
                        None => self.errors.push(format!("line {line}: ({h}) outside a statement")),
                    }
                    v[1..].iter().for_each(|c| self.value(c));
                } else if self.procs.contains(h) {
                    if v.len() > 1 {
                        self.errors.push(format!("line {line}: procedure {h} takes no arguments"));
                    }
                } else if self.inst.has_function(h) {
                    self.statement(&h.to_ascii_lowercase(), v, line);
                } else if self.inst == Installer::V1 && h.eq_ignore_ascii_case("shiftright") {
                    self.errors.push(format!("line {line}: {} spells it shiftrght", self.inst.name()));
                } else if self.inst > Installer::V1 && h.eq_ignore_ascii_case("shiftrght") {
                    self.errors.push(format!("line {line}: {} spells it shiftright", self.inst.name()));
                } else if let Some(first) = Installer::first_with(h) {
                    self.errors.push(format!(
                        "line {line}: {h} needs {} or newer; {} does not know it",
                        first.name(),
                        self.inst.name()
                    ));
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

/// Checks parsed forms for `inst`; returns every problem as `line N: text`.
pub fn check(forms: &[Node], inst: Installer) -> Vec<String> {
    let mut procs = BTreeSet::new();
    let mut vars = BTreeSet::new();
    for f in forms {
        collect(f, &mut procs, &mut vars);
    }
    let mut cx = Ctx { inst, procs, vars, options: Installer::all_options().into_iter().collect(), errors: Vec::new() };
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
        check(&parse(src).unwrap(), Installer::V1)
    }

    fn errs_as(src: &str, inst: Installer) -> Vec<String> {
        check(&parse(src).unwrap(), inst)
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

    #[test]
    fn functions_options_and_variables_by_installer() {
        let icon = "(set #a \"\")\n(iconinfo (dest \"x\") (gettooltype \"A\" #a))";
        assert_eq!(
            errs(icon),
            ["line 2: iconinfo needs Installer 43 (OS 3.5/3.9) or newer; Installer 1.x (Workbench 3.0/3.1) does not \
              know it"]
        );
        assert_eq!(errs_as(icon, Installer::V43), Vec::<String>::new());
        assert_eq!(
            errs_as("(openwbobject \"SYS:\")", Installer::V43),
            ["line 1: openwbobject needs Installer 44 (OS 3.2) / InstallerLG or newer; Installer 43 (OS 3.5/3.9) \
              does not know it"]
        );
        assert_eq!(errs("(shiftright 4 1)"), ["line 1: Installer 1.x (Workbench 3.0/3.1) spells it shiftrght"]);
        assert_eq!(errs("(shiftrght 4 1)"), Vec::<String>::new());
        assert_eq!(
            errs("(exit @installer-version)"),
            ["line 1: @installer-version is not defined by Installer 1.x (Workbench 3.0/3.1)"]
        );
        assert_eq!(errs_as("(exit @installer-version)", Installer::V43), Vec::<String>::new());
        assert_eq!(errs("(if (in 3 0) (EXIT))"), Vec::<String>::new(), "names without case");
    }
}
