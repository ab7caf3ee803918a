//! A dry run: the script evaluated against a temporary tree.
//!
//! Amiga paths map into `Options::root`: `SYS:Utilities` is
//! `<root>/SYS/Utilities` (volume names upper-cased, as AmigaDOS compares
//! them case-insensitively), a relative path is relative to
//! `Options::source` (the distribution drawer, where Installer runs the
//! script). Questions are answered by `Options::answers`, except at Novice
//! level, where Installer takes every default without asking.
use crate::dialect::Installer;
use crate::parse::Node;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// A script value: Installer variables hold numbers or strings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    /// A number.
    Num(i64),
    /// A string.
    Str(String),
}

impl Value {
    fn truthy(&self) -> bool {
        match self {
            Value::Num(n) => *n != 0,
            Value::Str(s) => !s.is_empty(),
        }
    }
    fn num(&self) -> i64 {
        match self {
            Value::Num(n) => *n,
            Value::Str(s) => s.trim().parse().unwrap_or(0),
        }
    }
    fn text(&self) -> String {
        match self {
            Value::Num(n) => n.to_string(),
            Value::Str(s) => s.clone(),
        }
    }
}

/// Answers to questions: `(function, prompt)` → the answer, or `None` to
/// take the default.
pub type Answers<'a> = &'a dyn Fn(&str, &str) -> Option<Value>;

/// How to run the script.
pub struct Options<'a> {
    /// The Installer that runs it: what `@installer-version` holds (not
    /// defined by 1.x). The forms must come from [`crate::parse_as`] for
    /// the same Installer.
    pub installer: Installer,
    /// `@user-level`: 0 Novice, 1 Average, 2 Expert.
    pub user_level: i64,
    /// `@pretend`: file operations are only reported.
    pub pretend: bool,
    /// `@language`: the `LANGUAGE` tooltype of the script's icon, else
    /// `english` with Commodore's Installer (1.x to 44), or Locale's first
    /// preferred language with InstallerLG (e.g. `deutsch`).
    pub language: String,
    /// The OS version `(getversion)` reports (major, e.g. 40 for 3.1).
    pub os_version: i64,
    /// `(database "cpu")`, e.g. `68020`.
    pub cpu: String,
    /// The temporary tree standing for the Amiga's volumes.
    pub root: PathBuf,
    /// The distribution drawer holding the script.
    pub source: PathBuf,
    /// Answers at Average and Expert level.
    pub answers: Answers<'a>,
}

/// A file operation (performed, or only reported in pretend mode).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    /// A file copied to an Amiga path.
    Copy {
        /// Source, relative to the distribution drawer or an Amiga path.
        from: String,
        /// Destination file as an Amiga path.
        to: String,
    },
    /// A drawer created.
    MakeDir(String),
    /// An icon changed by `tooltype`.
    ToolType {
        /// The icon's object path (without `.info`).
        icon: String,
        /// `(setdefaulttool ...)`.
        default_tool: Option<String>,
        /// `(settooltype NAME VALUE)` pairs.
        tool_types: Vec<(String, String)>,
    },
}

/// What a dry run did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// File operations, in order.
    pub actions: Vec<Action>,
    /// Whether they were performed (false in pretend mode).
    pub performed: bool,
    /// The questions asked: (function, prompt).
    pub asked: Vec<(String, String)>,
    /// The `(exit ...)` text, if the script ended there.
    pub exit: Option<String>,
    /// The final `@default-dest`.
    pub default_dest: String,
}

enum Stop {
    Exit(String),
    Abort(String),
    Error(String),
}

struct Run<'a, 'o> {
    o: &'o Options<'a>,
    vars: HashMap<String, Value>,
    procs: HashMap<String, Vec<Node>>,
    out: Outcome,
    /// Drawers that pretend mode "created" (so later steps see them).
    virt: std::collections::HashSet<PathBuf>,
}

type R = Result<Value, Stop>;

/// A statement's evaluated options (name → arguments) and positional arguments.
type Evaluated = (HashMap<String, Vec<Value>>, Vec<Value>);

fn err<T>(line: usize, m: impl Into<String>) -> Result<T, Stop> {
    Err(Stop::Error(format!("line {line}: {}", m.into())))
}

/// Installer's `tackon`.
pub fn tackon(a: &str, b: &str) -> String {
    if a.is_empty() || a.ends_with(':') || a.ends_with('/') {
        format!("{a}{b}")
    } else {
        format!("{a}/{b}")
    }
}

impl Run<'_, '_> {
    /// The host path of an Amiga path.
    fn host(&self, p: &str) -> PathBuf {
        match p.split_once(':') {
            Some((vol, rest)) => {
                let mut h = self.o.root.join(vol.to_ascii_uppercase());
                for part in rest.split('/').filter(|s| !s.is_empty()) {
                    h.push(part);
                }
                h
            }
            None => self.o.source.join(p),
        }
    }

    /// A drawer on the tree, or one pretend mode has "created".
    fn is_dir(&self, h: &Path) -> bool {
        h.is_dir() || self.virt.contains(h)
    }

    fn exists(&self, p: &str) -> i64 {
        let h = self.host(p);
        if self.is_dir(&h) {
            2
        } else if h.is_file() {
            1
        } else {
            0
        }
    }

    /// Evaluates the option forms of a statement: name → evaluated
    /// arguments (an empty list for flags like `(infos)`).
    fn opts(&mut self, v: &[Node]) -> Result<Evaluated, Stop> {
        let mut opts = HashMap::new();
        let mut pos = Vec::new();
        for c in v {
            match c.head() {
                Some(h) if Installer::all_options().contains(&h) && Installer::first_with(h).is_none() => {
                    let Node::List(items, _) = c else { unreachable!() };
                    let mut args = Vec::new();
                    for a in &items[1..] {
                        args.push(self.eval(a)?);
                    }
                    opts.insert(h.to_string(), args);
                }
                _ => pos.push(self.eval(c)?),
            }
        }
        Ok((opts, pos))
    }

    fn ask(&mut self, kind: &str, v: &[Node], line: usize) -> R {
        let (opts, _) = self.opts(v)?;
        let prompt: String = opts.get("prompt").map(|a| a.iter().map(Value::text).collect()).unwrap_or_default();
        let default = match (opts.get("default").and_then(|d| d.first()), kind) {
            (Some(d), _) => d.clone(),
            (None, "askoptions") => Value::Num(-1),
            (None, "askdir" | "askfile" | "askstring") => return err(line, format!("{kind} without a default")),
            (None, _) => Value::Num(0),
        };
        if self.o.user_level == 0 {
            return Ok(default);
        }
        self.out.asked.push((kind.to_string(), prompt.clone()));
        Ok((self.o.answers)(kind, &prompt).unwrap_or(default))
    }

    fn copy(&mut self, v: &[Node], line: usize) -> R {
        let (opts, _) = self.opts(v)?;
        let one = |k: &str| opts.get(k).and_then(|a| a.first()).map(Value::text);
        let (Some(src), Some(dest)) = (one("source"), one("dest")) else {
            return err(line, "copyfiles without source or dest");
        };
        let name = one("newname").unwrap_or_else(|| src.rsplit(['/', ':']).next().unwrap_or(&src).to_string());
        let shost = self.host(&src);
        if !shost.is_file() {
            return err(line, format!("source {src} does not exist"));
        }
        let dhost = self.host(&dest);
        let perform = !self.o.pretend || opts.contains_key("safe");
        // Installer creates a missing destination drawer (one level).
        if !self.is_dir(&dhost) {
            if !dhost.parent().is_some_and(|p| self.is_dir(p)) {
                return err(line, format!("cannot create {dest}: its parent does not exist"));
            }
            if perform {
                std::fs::create_dir(&dhost).map_err(|e| Stop::Error(format!("line {line}: {dest}: {e}")))?;
            } else {
                self.virt.insert(dhost.clone());
            }
        }
        let mut files = vec![(src.clone(), shost.clone(), tackon(&dest, &name))];
        if opts.contains_key("infos") {
            let info = PathBuf::from(format!("{}.info", shost.display()));
            if info.is_file() {
                files.push((format!("{src}.info"), info, tackon(&dest, &format!("{name}.info"))));
            }
        }
        for (from, host_from, to) in files {
            if perform {
                std::fs::copy(&host_from, self.host(&to))
                    .map_err(|e| Stop::Error(format!("line {line}: {to}: {e}")))?;
            }
            self.out.actions.push(Action::Copy { from, to });
        }
        Ok(Value::Num(1))
    }

    fn call(&mut self, h: &str, v: &[Node], line: usize) -> R {
        let a = &v[1..];
        let num = |r: &mut Self, i: usize| -> Result<i64, Stop> {
            match a.get(i) {
                Some(n) => Ok(r.eval(n)?.num()),
                None => err(line, format!("{h} needs {} arguments", i + 1)),
            }
        };
        Ok(match h {
            "set" => {
                let mut last = Value::Num(0);
                for pair in a.chunks(2) {
                    let name = pair[0].sym().unwrap_or_default().to_string();
                    last = self.eval(&pair[1])?;
                    self.vars.insert(name, last.clone());
                }
                last
            }
            "procedure" => {
                self.procs.insert(a[0].sym().unwrap_or_default().to_string(), a[1..].to_vec());
                Value::Num(0)
            }
            "if" => {
                if self.eval(&a[0])?.truthy() {
                    self.eval(&a[1])?
                } else if let Some(e) = a.get(2) {
                    self.eval(e)?
                } else {
                    Value::Num(0)
                }
            }
            "=" | "<>" => {
                let (x, y) = (self.eval(&a[0])?, self.eval(&a[1])?);
                let eq = match (&x, &y) {
                    (Value::Num(p), Value::Num(q)) => p == q,
                    _ => x.text() == y.text(),
                };
                Value::Num((eq == (h == "=")) as i64)
            }
            "<" => Value::Num((num(self, 0)? < num(self, 1)?) as i64),
            ">" => Value::Num((num(self, 0)? > num(self, 1)?) as i64),
            "<=" => Value::Num((num(self, 0)? <= num(self, 1)?) as i64),
            ">=" => Value::Num((num(self, 0)? >= num(self, 1)?) as i64),
            "/" => {
                let (x, y) = (num(self, 0)?, num(self, 1)?);
                if y == 0 {
                    return err(line, "division by zero");
                }
                Value::Num(x / y)
            }
            "+" | "*" | "bitand" | "bitor" => {
                let mut acc = if h == "*" {
                    1
                } else if h == "bitand" {
                    -1
                } else {
                    0
                };
                for n in a {
                    let x = self.eval(n)?.num();
                    acc = match h {
                        "+" => acc + x,
                        "*" => acc * x,
                        "bitand" => acc & x,
                        _ => acc | x,
                    };
                }
                Value::Num(acc)
            }
            "-" => Value::Num(num(self, 0)? - num(self, 1)?),
            "and" => Value::Num((self.eval(&a[0])?.truthy() && self.eval(&a[1])?.truthy()) as i64),
            "or" => Value::Num((self.eval(&a[0])?.truthy() || self.eval(&a[1])?.truthy()) as i64),
            "not" => Value::Num(!self.eval(&a[0])?.truthy() as i64),
            "in" => {
                let x = num(self, 0)?;
                let mut mask = 0;
                for n in &a[1..] {
                    mask |= 1 << self.eval(n)?.num();
                }
                Value::Num(x & mask)
            }
            "cat" => {
                let mut s = String::new();
                for n in a {
                    s.push_str(&self.eval(n)?.text());
                }
                Value::Str(s)
            }
            "tackon" => Value::Str(tackon(&self.eval(&a[0])?.text(), &self.eval(&a[1])?.text())),
            "exists" => {
                let (_, pos) = self.opts(a)?;
                Value::Num(self.exists(&pos.first().map(Value::text).unwrap_or_default()))
            }
            "getversion" => {
                if a.iter().any(|n| !matches!(n, Node::List(..))) {
                    Value::Num(0) // a file's version: not modelled
                } else {
                    Value::Num(self.o.os_version << 16)
                }
            }
            "database" => {
                Value::Str(if self.eval(&a[0])?.text() == "cpu" { self.o.cpu.clone() } else { "unknown".into() })
            }
            "welcome" | "message" | "working" | "complete" | "transcript" | "debug" => {
                self.opts(a)?;
                Value::Num(0)
            }
            "askdir" | "askfile" | "askstring" | "asknumber" | "askchoice" | "askoptions" | "askbool" => {
                self.ask(h, a, line)?
            }
            "copyfiles" | "copylib" => self.copy(a, line)?,
            "makedir" => {
                let (opts, pos) = self.opts(a)?;
                let d = pos.first().map(Value::text).unwrap_or_default();
                let hp = self.host(&d);
                if hp.exists() || self.virt.contains(&hp) {
                    return err(line, format!("makedir {d}: object exists"));
                }
                if !hp.parent().is_some_and(|p| self.is_dir(p)) {
                    return err(line, format!("makedir {d}: the parent drawer does not exist"));
                }
                if !self.o.pretend || opts.contains_key("safe") {
                    std::fs::create_dir(&hp).map_err(|e| Stop::Error(format!("line {line}: {d}: {e}")))?;
                } else {
                    self.virt.insert(hp);
                }
                self.out.actions.push(Action::MakeDir(d));
                Value::Num(1)
            }
            "tooltype" => {
                let (opts, _) = self.opts(a)?;
                let icon = opts.get("dest").and_then(|d| d.first()).map(Value::text).unwrap_or_default();
                let performed = !self.o.pretend || opts.contains_key("safe");
                if performed && !self.host(&format!("{icon}.info")).is_file() {
                    return err(line, format!("tooltype: {icon}.info does not exist"));
                }
                let default_tool = opts.get("setdefaulttool").and_then(|d| d.first()).map(Value::text);
                let tool_types = opts
                    .get("settooltype")
                    .map(|v| {
                        v.chunks(2).map(|p| (p[0].text(), p.get(1).map(Value::text).unwrap_or_default())).collect()
                    })
                    .unwrap_or_default();
                self.out.actions.push(Action::ToolType { icon, default_tool, tool_types });
                Value::Num(1)
            }
            "exit" | "abort" => {
                let (_, pos) = self.opts(a)?;
                let text: String = pos.iter().map(Value::text).collect();
                return Err(if h == "exit" { Stop::Exit(text) } else { Stop::Abort(text) });
            }
            other => return err(line, format!("{other} is not modelled by the dry run")),
        })
    }

    fn eval(&mut self, n: &Node) -> R {
        match n {
            Node::Num(x, _) => Ok(Value::Num(*x)),
            Node::Str(s, _) => Ok(Value::Str(s.clone())),
            Node::Sym(s, l) => self.vars.get(s).cloned().map_or_else(|| err(*l, format!("{s} has no value")), Ok),
            Node::List(v, line) => match v.first() {
                None => err(*line, "empty ()"),
                Some(Node::List(..)) => {
                    let mut last = Value::Num(0);
                    for c in v {
                        last = self.eval(c)?;
                    }
                    Ok(last)
                }
                Some(Node::Str(fmt, _)) => {
                    let mut args = Vec::new();
                    for c in &v[1..] {
                        args.push(self.eval(c)?);
                    }
                    let mut out = String::new();
                    let mut it = args.iter();
                    let mut rest = fmt.as_str();
                    while let Some(i) = rest.find('%') {
                        out.push_str(&rest[..i]);
                        let spec = &rest[i..];
                        let len = if spec.starts_with("%ld") { 3 } else { 2 };
                        out.push_str(&it.next().map(Value::text).unwrap_or_default());
                        rest = &spec[len.min(spec.len())..];
                    }
                    out.push_str(rest);
                    Ok(Value::Str(out))
                }
                Some(Node::Sym(h, _)) => {
                    if let Some(body) = self.procs.get(h).cloned() {
                        let mut last = Value::Num(0);
                        for c in &body {
                            last = self.eval(c)?;
                        }
                        Ok(last)
                    } else {
                        let h = h.to_ascii_lowercase();
                        self.call(&h, v, *line)
                    }
                }
                Some(Node::Num(..)) => err(*line, "a number cannot be called"),
            },
        }
    }
}

/// Runs `forms` with `o`. `Err` carries a script error or an `(abort ...)`.
pub fn dry_run(forms: &[Node], o: &Options<'_>) -> Result<Outcome, String> {
    let mut vars = HashMap::new();
    vars.insert("@user-level".to_string(), Value::Num(o.user_level));
    vars.insert("@pretend".to_string(), Value::Num(o.pretend as i64));
    vars.insert("@language".to_string(), Value::Str(o.language.clone()));
    vars.insert("@default-dest".to_string(), Value::Str("Work:".into()));
    vars.insert("@app-name".to_string(), Value::Str("GadgetScope".into()));
    if o.installer >= Installer::V43 {
        vars.insert("@installer-version".to_string(), Value::Num(43 << 16));
    }
    for h in o.installer.predefined().into_iter().filter(|h| h.ends_with("-help")) {
        vars.insert(h.to_string(), Value::Str(format!("[{h}]")));
    }
    let mut r = Run {
        o,
        vars,
        procs: HashMap::new(),
        virt: Default::default(),
        out: Outcome {
            actions: Vec::new(),
            performed: !o.pretend,
            asked: Vec::new(),
            exit: None,
            default_dest: String::new(),
        },
    };
    let mut result = Ok(());
    for f in forms {
        match r.eval(f) {
            Ok(_) => {}
            Err(Stop::Exit(t)) => {
                r.out.exit = Some(t);
                break;
            }
            Err(Stop::Abort(t)) => {
                result = Err(format!("abort: {t}"));
                break;
            }
            Err(Stop::Error(e)) => {
                result = Err(e);
                break;
            }
        }
    }
    result?;
    r.out.default_dest = r.vars.get("@default-dest").map(Value::text).unwrap_or_default();
    Ok(r.out)
}
