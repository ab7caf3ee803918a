//! The OS-function table (`amiga-rt/os-functions.toml`) and the code
//! generated from it: m68k LVO stubs, the C import functions wasm2c's
//! output calls, and the typed Rust imports (`amiga-rt/src/sys.rs`); the
//! `_LVO<Name>` lines of `ndk.h` come from it too (`crate::ndkgen`).
//!
//! One declarative table, because `.fd` files carry LVOs and registers but
//! no types, and amitools ships only some of them (docs/reference/toolchain.md).

use anyhow::{bail, Context, Result};
use serde::Deserialize;
use std::fmt::Write as _;
use std::path::Path;

/// How an argument crosses from Rust (wasm32) to the library call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// An unsigned integer.
    U32,
    /// A signed integer.
    I32,
    /// An absolute Amiga address of OS-owned memory.
    Addr,
    /// A pointer into linear memory, read by the OS (`*const u8`).
    Mem,
    /// A pointer into linear memory, written by the OS (`*mut u8`).
    Mut,
}

impl Kind {
    fn parse(s: &str) -> Result<Kind> {
        Ok(match s {
            "u32" => Kind::U32,
            "i32" => Kind::I32,
            "addr" => Kind::Addr,
            "mem" => Kind::Mem,
            "mut" => Kind::Mut,
            _ => bail!("unknown argument kind `{s}` (u32, i32, addr, mem, mut)"),
        })
    }
    fn rust(self) -> &'static str {
        match self {
            Kind::U32 | Kind::Addr => "u32",
            Kind::I32 => "i32",
            Kind::Mem => "*const u8",
            Kind::Mut => "*mut u8",
        }
    }
}

/// One argument: its `.fd` name, its 68k register and its kind.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Arg {
    pub name: String,
    pub reg: String,
    pub kind: Kind,
}

/// One library function of the table.
#[derive(Debug, Clone)]
pub struct Function {
    pub library: String,
    pub name: String,
    /// Library vector offset (negative, bytes from the library base).
    pub lvo: i32,
    pub args: Vec<Arg>,
    /// `None` for void.
    pub returns: Option<Kind>,
    /// Whether the Rust side may import it.
    pub rust: bool,
    /// Only its LVO is wanted (`_LVO<Name>` in `ndk.h`, for the harness's
    /// assembler tools): no stub, no C import, no Rust import.
    pub lvo_only: bool,
}

#[derive(Deserialize)]
struct RawTable {
    function: Vec<RawFunction>,
}

#[derive(Deserialize)]
struct RawFunction {
    library: String,
    name: String,
    lvo: i32,
    args: Vec<String>,
    returns: String,
    rust: Option<bool>,
    #[serde(default)]
    lvo_only: bool,
}

const REGS: [&str; 14] = ["d0", "d1", "d2", "d3", "d4", "d5", "d6", "d7", "a0", "a1", "a2", "a3", "a4", "a5"];

/// Parses and checks the table text.
pub fn parse_table(text: &str) -> Result<Vec<Function>> {
    let raw: RawTable = toml::from_str(text).context("os-functions.toml")?;
    let mut out = Vec::new();
    for f in raw.function {
        let what = format!("{}.{}", f.library, f.name);
        if f.lvo >= 0 || f.lvo % 6 != 0 {
            bail!("{what}: LVO {} is not a negative multiple of 6", f.lvo);
        }
        let mut args = Vec::new();
        for a in &f.args {
            let parts: Vec<&str> = a.split_whitespace().collect();
            let [name, reg, kind] = parts[..] else {
                bail!("{what}: argument `{a}` is not `<name> <register> <kind>`");
            };
            if !REGS.contains(&reg) {
                bail!("{what}: register `{reg}` cannot carry an argument");
            }
            if args.iter().any(|x: &Arg| x.reg == reg) {
                bail!("{what}: register `{reg}` used twice");
            }
            args.push(Arg {
                name: name.into(),
                reg: reg.into(),
                kind: Kind::parse(kind).with_context(|| what.clone())?,
            });
        }
        let returns = match f.returns.as_str() {
            "void" => None,
            "mem" | "mut" => bail!("{what}: a library cannot return a linear-memory pointer"),
            k => Some(Kind::parse(k).with_context(|| what.clone())?),
        };
        if out.iter().any(|g: &Function| g.library == f.library && g.name == f.name) {
            bail!("{what}: listed twice");
        }
        if f.lvo_only && f.rust.is_some() {
            bail!("{what}: `lvo_only` has no Rust import, `rust` does not apply");
        }
        let rust = f.rust.unwrap_or(!f.lvo_only);
        out.push(Function { library: f.library, name: f.name, lvo: f.lvo, args, returns, rust, lvo_only: f.lvo_only });
    }
    Ok(out)
}

/// Reads `amiga-rt/os-functions.toml` from the workspace root.
pub fn load(root: &Path) -> Result<Vec<Function>> {
    let p = root.join("amiga-rt/os-functions.toml");
    parse_table(&std::fs::read_to_string(&p).with_context(|| p.display().to_string())?)
}

fn stub_name(f: &Function) -> String {
    format!("gs_{}_{}", f.library, f.name)
}

/// Import name as the Rust side sees it (`<library>_<Name>`).
fn import_name(f: &Function) -> String {
    format!("{}_{}", f.library, f.name)
}

/// wasm2c 1.0.32's symbol mangling for `Z_<module>Z_<name>`: `Z` doubles,
/// characters outside `[A-Za-z0-9_]` become `Z` + two hex digits.
pub fn wasm2c_mangle(s: &str) -> String {
    let mut o = String::new();
    for c in s.bytes() {
        match c {
            b'Z' => o.push_str("ZZ"),
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'_' => o.push(c as char),
            _ => write!(o, "Z{c:02X}").unwrap(),
        }
    }
    o
}

fn is_exec(f: &Function) -> bool {
    f.library == "exec"
}

/// The C prototypes of the LVO stubs (every argument and result `unsigned long`).
pub fn gen_header(fns: &[Function]) -> String {
    let mut s = String::from("/* Generated by `cargo xtask amiga` from amiga-rt/os-functions.toml. Do not edit. */\n#ifndef GS_OS_GLUE_H\n#define GS_OS_GLUE_H\n");
    for f in fns.iter().filter(|f| !f.lvo_only) {
        let mut params = vec!["unsigned long base".to_string()];
        params.extend(f.args.iter().map(|a| format!("unsigned long {}", a.name)));
        writeln!(s, "unsigned long {}({});", stub_name(f), params.join(", ")).unwrap();
    }
    s.push_str("#endif\n");
    s
}

/// m68k assembly stubs: C arguments come on the stack (base first); each
/// stub saves the GCC callee-saved registers it loads, puts the base in
/// a6, the arguments in their registers and calls the LVO.
pub fn gen_asm(fns: &[Function]) -> String {
    let mut s =
        String::from("| Generated by `cargo xtask amiga` from amiga-rt/os-functions.toml. Do not edit.\n\t.text\n");
    for f in fns.iter().filter(|f| !f.lvo_only) {
        let name = stub_name(f);
        // GCC's m68k ABI: d2-d7 and a2-a6 are callee-saved.
        let mut saved: Vec<&str> =
            f.args.iter().map(|a| a.reg.as_str()).filter(|r| !matches!(*r, "d0" | "d1" | "a0" | "a1")).collect();
        saved.sort_by_key(|r| REGS.iter().position(|x| x == r));
        saved.push("a6");
        let list = saved.iter().map(|r| format!("%{r}")).collect::<Vec<_>>().join("/");
        let frame = 4 + 4 * saved.len();
        writeln!(s, "\t.globl\t{name}\n\t.type\t{name},@function\n{name}:").unwrap();
        writeln!(s, "\tmovem.l\t{list},-(%sp)").unwrap();
        writeln!(s, "\tmove.l\t{frame}(%sp),%a6").unwrap();
        for (i, a) in f.args.iter().enumerate() {
            writeln!(s, "\tmove.l\t{}(%sp),%{}", frame + 4 + 4 * i, a.reg).unwrap();
        }
        writeln!(s, "\tjsr\t{}(%a6)\t| {}.library {}", f.lvo, f.library, f.name).unwrap();
        writeln!(s, "\tmovem.l\t(%sp)+,{list}\n\trts\n\t.size\t{name},.-{name}").unwrap();
    }
    s
}

/// The C functions wasm2c's output imports from module `amiga`: they add
/// the linear-memory base to pointer arguments and call the stub.
pub fn gen_imports_c(fns: &[Function]) -> String {
    let mut s = String::from(
        "/* Generated by `cargo xtask amiga` from amiga-rt/os-functions.toml. Do not edit. */\n\
         #include \"os_glue.h\"\n\
         struct Z_amiga_instance_t;\n\
         extern unsigned long rt_membase(void);\n\
         #define MEM(x) ((x) ? rt_membase() + (x) : 0UL)\n\
         #define SYSBASE (*(volatile unsigned long *)4)\n",
    );
    for f in fns.iter().filter(|f| f.rust) {
        let mut params = vec!["struct Z_amiga_instance_t *env".to_string()];
        let mut call = Vec::new();
        if is_exec(f) {
            call.push("SYSBASE".to_string());
        } else {
            params.push("unsigned long base".into());
            call.push("base".into());
        }
        for a in &f.args {
            params.push(format!("unsigned long {}", a.name));
            call.push(match a.kind {
                Kind::Mem | Kind::Mut => format!("MEM({})", a.name),
                _ => a.name.clone(),
            });
        }
        let ret = if f.returns.is_some() { "unsigned long" } else { "void" };
        let body = if f.returns.is_some() { "return " } else { "" };
        writeln!(
            s,
            "{ret} Z_amigaZ_{}({}) {{ (void)env; {body}{}({}); }}",
            wasm2c_mangle(&import_name(f)),
            params.join(", "),
            stub_name(f),
            call.join(", ")
        )
        .unwrap();
    }
    s
}

/// The typed Rust imports (`amiga-rt/src/sys.rs`).
pub fn gen_rust(fns: &[Function]) -> String {
    let mut s = String::from(
        "//! Raw AmigaOS library calls, generated by `cargo xtask gen-glue` from\n\
         //! `amiga-rt/os-functions.toml`. Do not edit: change the table.\n\
         //!\n\
         //! Every function but exec's takes the library base first. Pointer\n\
         //! arguments typed `*const u8`/`*mut u8` point into linear memory (the\n\
         //! glue adds its base); `u32` addresses are absolute (OS-owned).\n\
         #![allow(non_snake_case, clippy::missing_safety_doc)]\n\n\
         #[link(wasm_import_module = \"amiga\")]\n\
         extern \"C\" {\n",
    );
    for f in fns.iter().filter(|f| f.rust) {
        let regs: Vec<String> = f.args.iter().map(|a| format!("{} {}", a.name, a.reg)).collect();
        writeln!(
            s,
            "    /// {}.library `{}` (LVO {}){}{}.",
            f.library,
            f.name,
            f.lvo,
            if regs.is_empty() { "" } else { ": " },
            regs.join(", ")
        )
        .unwrap();
        let mut params = Vec::new();
        if !is_exec(f) {
            params.push("base: u32".to_string());
        }
        for a in &f.args {
            params.push(format!("{}: {}", rust_ident(&a.name), a.kind.rust()));
        }
        let ret = match f.returns {
            None => String::new(),
            Some(k) => format!(" -> {}", k.rust()),
        };
        writeln!(s, "    pub fn {}({}){};", import_name(f), params.join(", "), ret).unwrap();
    }
    s.push_str("}\n");
    s
}

/// An `.fd` argument name as a Rust identifier (`type` -> `r#type`).
fn rust_ident(name: &str) -> String {
    const KEYWORDS: &[&str] =
        &["type", "fn", "move", "ref", "self", "match", "loop", "in", "mod", "use", "struct", "where", "impl"];
    if KEYWORDS.contains(&name) {
        format!("r#{name}")
    } else {
        name.to_string()
    }
}

/// Parses an amitools `.fd` file into (name, LVO, registers).
#[cfg(test)]
pub fn parse_fd(text: &str) -> Vec<(String, i32, Vec<String>)> {
    let mut bias = 0i32;
    let mut public = true;
    let mut out = Vec::new();
    for line in text.lines().map(str::trim) {
        if let Some(b) = line.strip_prefix("##bias") {
            bias = b.trim().parse().unwrap_or(0);
            continue;
        }
        match line {
            "##public" => public = true,
            "##private" => public = false,
            _ => {}
        }
        if line.starts_with('*') || line.starts_with("##") || line.is_empty() {
            continue;
        }
        let Some(open) = line.find('(') else { continue };
        let name = &line[..open];
        let regs = line.rsplit('(').next().unwrap_or("").trim_end_matches(')');
        let regs: Vec<String> =
            regs.split(['/', ',']).filter(|r| !r.is_empty()).map(|r| r.to_ascii_lowercase()).collect();
        let _ = public;
        out.push((name.to_string(), -bias, regs));
        bias += 6;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn root() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
    }

    fn amitools_fd_dir() -> PathBuf {
        let out = std::process::Command::new(crate::venv_bin("python3"))
            .args(["-c", "import amitools,os;print(os.path.join(os.path.dirname(amitools.__file__),'data','fd'))"])
            .output()
            .expect("the amitools venv is missing: run `cargo xtask amiga` once, it installs amitools");
        assert!(out.status.success(), "the amitools Python package is missing: run `cargo xtask amiga`");
        PathBuf::from(String::from_utf8(out.stdout).unwrap().trim())
    }

    #[test]
    fn table_matches_amitools_fd_files() {
        let fns = load(&root()).unwrap();
        let dir = amitools_fd_dir();
        let mut checked = 0;
        for f in &fns {
            let p = dir.join(format!("{}_lib.fd", f.library));
            let Ok(text) = std::fs::read_to_string(&p) else { continue };
            let fd = parse_fd(&text);
            let (_, lvo, regs) = fd
                .iter()
                .find(|(n, _, _)| *n == f.name)
                .unwrap_or_else(|| panic!("{}.{} not in {}", f.library, f.name, p.display()));
            assert_eq!(*lvo, f.lvo, "{}.{} LVO", f.library, f.name);
            let ours: Vec<String> = f.args.iter().map(|a| a.reg.clone()).collect();
            assert_eq!(regs, &ours, "{}.{} registers", f.library, f.name);
            checked += 1;
        }
        assert!(checked >= fns.len() / 2, "only {checked} of {} entries had an .fd file", fns.len());
    }

    #[test]
    fn rust_imports_are_current() {
        let fns = load(&root()).unwrap();
        let have = std::fs::read_to_string(root().join("amiga-rt/src/sys.rs")).unwrap();
        assert!(have == gen_rust(&fns), "amiga-rt/src/sys.rs is stale: run `cargo xtask gen-glue`");
    }

    #[test]
    fn rejects_bad_entries() {
        let bad = |args: &str, ret: &str, lvo: i32| {
            parse_table(&format!(
                "[[function]]\nlibrary=\"dos\"\nname=\"X\"\nlvo={lvo}\nargs=[{args}]\nreturns=\"{ret}\"\n"
            ))
            .map(|_| ())
            .map_err(|e| format!("{e:#}"))
            .unwrap_err()
        };
        assert!(bad("\"a d1 u32\", \"b d1 u32\"", "void", -30).contains("used twice"));
        assert!(bad("\"a a6 u32\"", "void", -30).contains("cannot carry"));
        assert!(bad("\"a d1 ptr\"", "void", -30).contains("unknown argument kind"));
        assert!(bad("", "mem", -30).contains("linear-memory pointer"));
        assert!(bad("", "void", -31).contains("multiple of 6"));
        assert!(bad("\"a d1\"", "void", -30).contains("is not `<name>"));
        let both = "[[function]]\nlibrary=\"exec\"\nname=\"X\"\nlvo=-30\nargs=[]\nreturns=\"void\"\nlvo_only=true\nrust=false\n";
        assert!(format!("{:#}", parse_table(both).unwrap_err()).contains("`rust` does not apply"));
    }

    #[test]
    fn asm_stub_saves_what_it_loads() {
        let fns = parse_table(
            "[[function]]\nlibrary=\"dos\"\nname=\"Write\"\nlvo=-48\nargs=[\"file d1 addr\",\"buffer d2 mem\",\"length d3 i32\"]\nreturns=\"i32\"\n",
        )
        .unwrap();
        let asm = gen_asm(&fns);
        assert!(asm.contains("movem.l\t%d2/%d3/%a6,-(%sp)"), "{asm}");
        assert!(asm.contains("move.l\t16(%sp),%a6"), "{asm}");
        assert!(asm.contains("move.l\t20(%sp),%d1"), "{asm}");
        assert!(asm.contains("move.l\t28(%sp),%d3"), "{asm}");
        assert!(asm.contains("jsr\t-48(%a6)"), "{asm}");
        let c = gen_imports_c(&fns);
        assert!(c.contains("Z_amigaZ_dos_Write(struct Z_amiga_instance_t *env, unsigned long base, unsigned long file, unsigned long buffer, unsigned long length) { (void)env; return gs_dos_Write(base, file, MEM(buffer), length); }"), "{c}");
    }

    #[test]
    fn mangles_like_wasm2c() {
        assert_eq!(wasm2c_mangle("dos_Write"), "dos_Write");
        assert_eq!(wasm2c_mangle("Zap.x"), "ZZapZ2Ex");
    }
}
