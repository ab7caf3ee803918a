//! `cargo xtask dist`: the distribution, as an Amiga user unpacks it.
//!
//! ```text
//! target/dist/
//!   GadgetScope/                     the drawer
//!     GadgetScope  GadgetScope.info              program (68020) + tool icon
//!     GadgetScope.window                         its window, a part loaded on
//!                                                demand from beside it
//!     GadgetScope.000  GadgetScope.window.000    the same for any 680x0 (68000
//!                                                build; in the archive only)
//!     GadgetScope.guide  GadgetScope.guide.info  AmigaGuide + project icon
//!     GadgetScope.install  GadgetScope.install.info   Installer script + icon
//!     GadgetScope.readme                         the Aminet readme
//!     Catalogs/<language>/gadgetscope.catalog    deutsch, français, svenska
//!     Icons/WBStartup.info                       the Installer's boot-start icon
//!   GadgetScope.info                 the drawer's icon, beside the drawer
//!   GadgetScope.readme               the readme again, for the Aminet upload
//!   GadgetScope.lha                  the drawer + its icon (LHA, level-1 headers)
//!   GadgetScope.adf                  bootable DD floppy (FFS+INTL) with the same
//!                                    content but the 68000 build (the two builds
//!                                    do not fit one 880 KB disk), and
//!                                    S/Startup-Sequence
//! ```
//!
//! Before anything is packed the sources are checked: the Installer script
//! (ISO-8859-1, parse + check for Installer 1.x, 43 and 44), the AmigaGuide (node/link integrity), the readme's
//! Aminet header, the catalogs (errors stop the build). Each part must
//! belong to the program beside it: the build identity in the part's
//! header is the one of the module and processor that built the program
//! (`amiga_toolchain::part::build_id`), and the program carries it
//! ([`check_part`]). The Installer script's dry run must find every file
//! it copies in the drawer, the programs and parts among them, on a 68020
//! (the floppy's drawer) and on a 68000 (the archive's). After packing:
//! lhasa's `lha -t` must test the archive and `lha -l` list every file;
//! names are ISO-8859-1 in both images (`français` is `fran\xe7ais`).
//!
//! Tools: Debian `jlha-utils` (`jlha`, a Java LHA archiver) and `lhasa`
//! are installed when missing; amitools' `xdftool` comes with the venv
//! (`target/tools/venv`).
use crate::amiga::hex;
use crate::{amiga, tools};
use amiga_toolchain::part::BuildId;
use anyhow::{anyhow, bail, Context, Result};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Name of the drawer, the volume and the archives.
pub const NAME: &str = "GadgetScope";

/// The 68000 build's files in the drawer are named as the 68020 build's
/// with this suffix (`GadgetScope.000`, `GadgetScope.window.000`); the
/// Installer script installs them without it on a 68000 or 68010.
pub const SUFFIX_68000: &str = ".000";

/// `file`'s name in the drawer for the 68000 build.
fn for_68000(file: &str) -> String {
    format!("{file}{SUFFIX_68000}")
}

pub use installer::ADF_STARTUP;

/// What `dist` produced.
pub struct Dist {
    pub dir: PathBuf,
    pub lha: PathBuf,
    pub adf: PathBuf,
    /// Bytes free on the floppy.
    pub adf_free: u64,
    /// Files in the drawer (relative, `/`-separated, UTF-8 on the host).
    pub files: Vec<String>,
}

/// One build of GadgetScope as the drawer carries it.
struct Shipped {
    program: PathBuf,
    /// Its parts (`Built.parts`: the window, WBLAUNCH), beside it.
    parts: Vec<PathBuf>,
    /// The build identity of the module and processor that built it.
    id: BuildId,
}

/// Checks that the part file `part` belongs to the program file `program`
/// (both named for the message): the build identity in the part's header
/// is `id`, and the program carries `id` (its `gs_build_id`). A part of
/// another build would be refused when the window opens ("belongs to
/// another build").
pub fn check_part(program: (&str, &[u8]), part: (&str, &[u8]), id: &BuildId) -> Result<()> {
    let got = amiga_toolchain::part::read_build_id(part.1).with_context(|| format!("{}: no part file", part.0))?;
    if &got != id {
        bail!(
            "{} does not belong to {}: its build identity is {}, the build of {} is {}",
            part.0,
            program.0,
            hex(&got),
            program.0,
            hex(id)
        );
    }
    if !contains(program.1, id) {
        bail!("{} does not carry its build identity {}: it is not the program of {}", program.0, hex(id), part.0);
    }
    Ok(())
}

/// [`check_part`] over files.
fn check_part_files(program: &Path, part: &Path, id: &BuildId) -> Result<()> {
    let read = |p: &Path| std::fs::read(p).with_context(|| format!("reading {}", p.display()));
    let name = |p: &Path| p.display().to_string();
    check_part((&name(program), &read(program)?), (&name(part), &read(part)?), id)
}

fn write(p: &Path, bytes: &[u8]) -> Result<()> {
    if let Some(d) = p.parent() {
        std::fs::create_dir_all(d).with_context(|| format!("creating {}", d.display()))?;
    }
    std::fs::write(p, bytes).with_context(|| format!("writing {}", p.display()))
}

fn copy(from: &Path, to: &Path) -> Result<()> {
    let b = std::fs::read(from).with_context(|| format!("reading {}", from.display()))?;
    write(to, &b)
}

/// Every file under `dir`, relative and sorted.
fn files_under(dir: &Path) -> Result<Vec<String>> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d).with_context(|| format!("listing {}", d.display()))? {
            let p = e?.path();
            if p.is_dir() {
                todo.push(p);
            } else {
                out.push(p.strip_prefix(dir).unwrap().to_string_lossy().replace('\\', "/"));
            }
        }
    }
    out.sort();
    Ok(out)
}

/// Host (UTF-8) name to the ISO-8859-1 bytes an Amiga archive holds.
pub fn latin1(name: &str) -> Result<Vec<u8>> {
    name.chars().map(|c| u8::try_from(u32::from(c)).map_err(|_| anyhow!("{name:?}: {c:?} is not ISO-8859-1"))).collect()
}

/// The source checks; any problem stops the build.
fn check_sources(root: &Path) -> Result<()> {
    let script = std::fs::read(root.join("installer/GadgetScope.install"))?;
    for inst in installer::Installer::ALL {
        let errs = installer::check_script(&script, inst);
        if !errs.is_empty() {
            bail!("GadgetScope.install for {}:\n  {}", inst.name(), errs.join("\n  "));
        }
    }
    let (_, ps) = installer::guide::check_guide(&std::fs::read(root.join("installer/GadgetScope.guide"))?);
    if !ps.is_empty() {
        bail!("GadgetScope.guide:\n  {}", ps.iter().map(|p| p.to_string()).collect::<Vec<_>>().join("\n  "));
    }
    let (_, ps) = installer::readme::lint(&std::fs::read(root.join("installer/GadgetScope.readme"))?);
    if !ps.is_empty() {
        bail!("GadgetScope.readme:\n  {}", ps.iter().map(|p| p.to_string()).collect::<Vec<_>>().join("\n  "));
    }
    Ok(())
}

/// Everything but the catalogs: the program, the icons (built into
/// `icon_dir` first), guide, Installer script and readme, into `out`
/// (which holds the drawer `GadgetScope/`).
fn place_files(root: &Path, icon_dir: &Path, out: &Path, program: &Path, parts: &[PathBuf]) -> Result<()> {
    let _ = std::fs::remove_dir_all(icon_dir);
    icons::build_icons(&root.join("icons/art"), icon_dir).map_err(|e| anyhow!("icons: {e}"))?;
    let drawer = out.join(NAME);
    copy(program, &drawer.join(NAME))?;
    for part in parts {
        copy(part, &drawer.join(file_name(part)?))?;
    }
    for (file, place) in icons::PLACES {
        copy(&icon_dir.join(file), &out.join(place))?;
    }
    for f in ["GadgetScope.guide", "GadgetScope.install", "GadgetScope.readme"] {
        copy(&root.join("installer").join(f), &drawer.join(f))?;
    }
    copy(&root.join("installer/GadgetScope.readme"), &out.join("GadgetScope.readme"))?;
    Ok(())
}

/// A file's name, as the drawer names it.
fn file_name(p: &Path) -> Result<String> {
    Ok(p.file_name().ok_or_else(|| anyhow!("{} names no file", p.display()))?.to_string_lossy().into_owned())
}

/// The drawer and its icon without the archives, into `out` (wiped first),
/// with the 68020 `program` and its `parts` (beside it, each under its
/// own name): returns the drawer's files.
pub fn layout(out: &Path, program: &Path, parts: &[PathBuf]) -> Result<Vec<String>> {
    let root = crate::checkout::root();
    if out.exists() {
        std::fs::remove_dir_all(out).with_context(|| format!("removing {}", out.display()))?;
    }
    let drawer = out.join(NAME);
    std::fs::create_dir_all(&drawer)?;
    let (_, warnings) = catalogs::build_all(&root.join("catalogs"), &drawer)
        .map_err(|d| anyhow!("catalogs:\n  {}", d.iter().map(|x| x.to_string()).collect::<Vec<_>>().join("\n  ")))?;
    for w in &warnings {
        eprintln!("dist: {w}");
    }
    let icon_dir = out.join("icons-scratch");
    place_files(&root, &icon_dir, out, program, parts)?;
    let _ = std::fs::remove_dir_all(&icon_dir);
    files_under(&drawer)
}

/// Builds GadgetScope for `cpu`: the program, its parts, and the build
/// identity of the module and processor, each part checked against both.
fn build(cpu: amiga::Cpu) -> Result<Shipped> {
    let built = amiga::build_for(&["gadgetscope".to_string()], cpu)?;
    let b = built
        .iter()
        .find(|b| b.hunk_path.file_name().is_some_and(|f| f == NAME))
        .ok_or_else(|| anyhow!("GadgetScope was not built"))?;
    if b.parts.is_empty() {
        bail!("GadgetScope was built without its parts");
    }
    let wasm = std::fs::read(&b.wasm).with_context(|| format!("reading {}", b.wasm.display()))?;
    let id = amiga_toolchain::part::build_id(&wasm, cpu.name());
    for (part, _) in &b.parts {
        check_part_files(&b.hunk_path, part, &id)?;
    }
    Ok(Shipped { program: b.hunk_path.clone(), parts: b.parts.iter().map(|(p, _)| p.clone()).collect(), id })
}

/// Checks that the Installer script, run from `drawer` on a `cpu`, finds
/// every file it copies there, `must` among them.
fn check_copies(root: &Path, drawer: &Path, cpu: &str, must: &[String]) -> Result<()> {
    let script = std::fs::read(root.join("installer/GadgetScope.install"))?;
    let scratch = root.join("target/dist-installer");
    let copied = installer::copied_from(&script, drawer, cpu, &scratch)
        .map_err(|e| anyhow!("GadgetScope.install from {}: {e}", drawer.display()))?;
    if let Some(m) = must.iter().find(|m| !copied.contains(m)) {
        bail!("GadgetScope.install does not copy {m} on a {cpu} (it copies {})", copied.join(", "));
    }
    Ok(())
}

/// Builds everything and writes `target/dist/`.
pub fn run() -> Result<Dist> {
    let root = crate::checkout::root();
    check_sources(&root)?;
    let (b20, b00) = (build(amiga::Cpu::M68020)?, build(amiga::Cpu::M68000)?);
    let program = file_name(&b20.program)?;
    let parts = b20.parts.iter().map(|p| file_name(p)).collect::<Result<Vec<_>>>()?;

    let out = root.join("target/dist");
    let mut files = layout(&out, &b20.program, &b20.parts)?;
    let drawer = out.join(NAME);
    for part in &parts {
        check_part_files(&drawer.join(&program), &drawer.join(part), &b20.id)?;
    }
    let must: Vec<String> = std::iter::once(program.clone()).chain(parts.iter().cloned()).collect();
    check_copies(&root, &drawer, amiga::Cpu::M68020.name(), &must)?;

    let adf = out.join(format!("{NAME}.adf"));
    make_adf(&out, &adf, &files)?;
    let on_adf = |f: &str| read_adf_file(&adf, &format!("{NAME}/{f}"));
    let adf_name = |f: &str| format!("{}:{NAME}/{f}", adf.display());
    let program_on_adf = on_adf(&program)?;
    for part in &parts {
        check_part((&adf_name(&program), &program_on_adf), (&adf_name(part), &on_adf(part)?), &b20.id)?;
    }
    let adf_free = adf_free(&adf)?;

    let program_00 = for_68000(&program);
    copy(&b00.program, &drawer.join(&program_00))?;
    let mut must_00 = vec![program_00.clone()];
    for part in &b00.parts {
        let part_00 = for_68000(&file_name(part)?);
        copy(part, &drawer.join(&part_00))?;
        check_part_files(&drawer.join(&program_00), &drawer.join(&part_00), &b00.id)?;
        must_00.push(part_00);
    }
    check_copies(&root, &drawer, amiga::Cpu::M68000.name(), &must_00)?;
    files = files_under(&drawer)?;
    let lha = out.join(format!("{NAME}.lha"));
    make_lha(&out, &lha, &files)?;
    Ok(Dist { dir: drawer, lha, adf, adf_free, files })
}

/// `jlha a1` (level-1 headers, which every Amiga LhA reads) of the drawer
/// and its icon, run in `out` so that paths start at `GadgetScope/`; then
/// lhasa tests and lists it, and the stored names are checked as Latin-1.
fn make_lha(out: &Path, lha: &Path, files: &[String]) -> Result<()> {
    tools::ensure_apt(&[("jlha", "jlha-utils"), ("lhasa", "lhasa")])?;
    let o = Command::new("jlha")
        .arg("a1")
        .arg(lha)
        .args(["GadgetScope.info", NAME])
        .current_dir(out)
        .output()
        .context("running jlha (Debian package jlha-utils)")?;
    if !o.status.success() || !lha.exists() {
        bail!(
            "jlha failed ({}):\n{}{}",
            o.status,
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        );
    }
    let t = Command::new("lhasa").arg("-t").arg(lha).output().context("running lhasa -t")?;
    let t_text = String::from_utf8_lossy(&t.stdout).into_owned() + &String::from_utf8_lossy(&t.stderr);
    if !t.status.success() || t_text.to_lowercase().contains("error") || t_text.to_lowercase().contains("crc") {
        bail!("lhasa -t does not accept {}:\n{t_text}", lha.display());
    }
    let l = Command::new("lhasa").arg("-l").arg(lha).output().context("running lhasa -l")?;
    let listing = String::from_utf8_lossy(&l.stdout).into_owned();
    let bytes = std::fs::read(lha)?;
    for f in files.iter().map(|f| format!("{NAME}/{f}")).chain(["GadgetScope.info".to_string()]) {
        // lhasa prints bytes outside ASCII as '?'.
        let shown: String = f.chars().map(|c| if c.is_ascii() { c } else { '?' }).collect();
        if !listing.lines().any(|line| line.trim_end().ends_with(&shown)) {
            bail!("lhasa -l does not list {f}:\n{listing}");
        }
        // The last component as ISO-8859-1 bytes in the archive, and no
        // UTF-8 spelling of it.
        for part in f.split('/') {
            if !part.is_ascii() {
                let want = latin1(part)?;
                if !contains(&bytes, &want) || contains(&bytes, part.as_bytes()) {
                    bail!("{}: {part:?} is not stored as ISO-8859-1", lha.display());
                }
            }
        }
    }
    Ok(())
}

fn contains(hay: &[u8], needle: &[u8]) -> bool {
    hay.windows(needle.len()).any(|w| w == needle)
}

/// A DD floppy (880 KB, FFS with international names, DOS3) with amitools'
/// standard 2.x/3.x boot block, the drawer, its icon, the readme and an
/// S:Startup-Sequence; then `xdftool list` must show every file.
fn make_adf(out: &Path, adf: &Path, files: &[String]) -> Result<()> {
    tools::ensure_amitools()?;
    let xdftool = tools::venv_dir().join("bin/xdftool");
    let s_dir = out.join("adf-S");
    let _ = std::fs::remove_dir_all(&s_dir);
    write(&s_dir.join("Startup-Sequence"), ADF_STARTUP.as_bytes())?;
    let mut args: Vec<String> = vec!["-f".into(), adf.display().to_string(), "create".into()];
    let mut cmd = |a: &[&str]| {
        args.push("+".into());
        args.extend(a.iter().map(|s| s.to_string()));
    };
    let p = |x: &Path| x.display().to_string();
    cmd(&["format", NAME, "ffs+intl"]);
    cmd(&["boot", "install"]);
    cmd(&["write", &p(&out.join(NAME))]);
    cmd(&["write", &p(&out.join("GadgetScope.info"))]);
    cmd(&["write", &p(&out.join("GadgetScope.readme"))]);
    cmd(&["makedir", "S"]);
    cmd(&["write", &p(&s_dir.join("Startup-Sequence")), "S/Startup-Sequence"]);
    let o = Command::new(&xdftool).args(&args).output().with_context(|| format!("running {}", xdftool.display()))?;
    let _ = std::fs::remove_dir_all(&s_dir);
    if !o.status.success() {
        bail!(
            "xdftool failed ({}):\n{}{}",
            o.status,
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        );
    }
    let l = Command::new(&xdftool).arg(adf).arg("list").output()?;
    let listing = String::from_utf8_lossy(&l.stdout).into_owned();
    for f in files
        .iter()
        .map(|f| f.rsplit('/').next().unwrap().to_string())
        .chain(["Startup-Sequence".to_string(), "GadgetScope.readme".into()])
    {
        if !listing.lines().any(|line| line.split_whitespace().next() == Some(f.as_str())) {
            bail!("xdftool list does not show {f}:\n{listing}");
        }
    }
    let b = Command::new(&xdftool).arg(adf).args(["boot", "show"]).output()?;
    if !String::from_utf8_lossy(&b.stdout).contains("bootable: True") {
        bail!("{} has no valid boot block:\n{}", adf.display(), String::from_utf8_lossy(&b.stdout));
    }
    Ok(())
}

/// The bytes free on the floppy image, as `xdftool info` counts them.
fn adf_free(adf: &Path) -> Result<u64> {
    let xdftool = tools::venv_dir().join("bin/xdftool");
    let o = Command::new(&xdftool).arg(adf).arg("info").output()?;
    let text = String::from_utf8_lossy(&o.stdout);
    // `free:   422  211Ki   216064  23.98%`
    text.lines()
        .find_map(|l| l.strip_prefix("free:")?.split_whitespace().nth(2)?.parse().ok())
        .ok_or_else(|| anyhow!("xdftool {} info names no free bytes:\n{text}", adf.display()))
}

/// A file of the floppy image, read back with amitools' `xdftool`.
fn read_adf_file(adf: &Path, path: &str) -> Result<Vec<u8>> {
    let xdftool = tools::venv_dir().join("bin/xdftool");
    let tmp = adf.with_extension(format!("read-{}", std::process::id()));
    let o = Command::new(&xdftool).arg(adf).arg("read").arg(path).arg(&tmp).output()?;
    if !o.status.success() {
        bail!("xdftool {} read {path}: {}", adf.display(), String::from_utf8_lossy(&o.stderr));
    }
    let bytes = std::fs::read(&tmp).with_context(|| format!("{path} read from {}", adf.display()))?;
    let _ = std::fs::remove_file(&tmp);
    Ok(bytes)
}

/// Printed by `cargo xtask dist`.
pub fn report(d: &Dist) {
    println!("dist: {} ({} files)", d.dir.display(), d.files.len());
    for f in &d.files {
        println!("  {NAME}/{f}");
    }
    for p in [&d.lha, &d.adf] {
        let n = std::fs::metadata(p).map(|m| m.len()).unwrap_or(0);
        println!("dist: {} ({n} bytes)", p.display());
    }
    println!("dist: {} bytes free on the floppy", d.adf_free);
}

/// The distribution drawer and its icon laid out in `out` (wiped first)
/// with the built `program` and its `parts`, and the bootable floppy made
/// from them as `out/GadgetScope.adf`: the `dist` artefact of the
/// emulator scenarios (`dist-start`, `adf-a500`, `adf-a1200`). Each part
/// must carry the build identity the program carries ([`check_part`] with
/// the part's own).
pub fn uae_dist(out: &Path, program: &Path, parts: &[PathBuf]) -> Result<()> {
    for part in parts {
        let bytes = std::fs::read(part).with_context(|| format!("reading {}", part.display()))?;
        let id = amiga_toolchain::part::read_build_id(&bytes).with_context(|| part.display().to_string())?;
        check_part_files(program, part, &id)?;
    }
    let files = layout(out, program, parts)?;
    let adf = out.join(format!("{NAME}.adf"));
    make_adf(out, &adf, &files)?;
    // The scenarios replay ADF_STARTUP: it must be what the image holds.
    if read_adf_file(&adf, "S/Startup-Sequence")? != ADF_STARTUP.as_bytes() {
        bail!("{}: S/Startup-Sequence is not installer::ADF_STARTUP", adf.display());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_become_latin1_or_are_refused() {
        assert_eq!(latin1("français").unwrap(), b"fran\xe7ais");
        assert_eq!(latin1("svenska").unwrap(), b"svenska");
        assert!(latin1("日本").is_err());
    }

    #[test]
    fn the_floppy_startup_uses_rom_commands_only() {
        for line in ADF_STARTUP.lines().filter(|l| !l.starts_with(';')) {
            let cmd = line.split_whitespace().next().unwrap();
            assert!(["Echo", "CD", "GadgetScope"].contains(&cmd), "{line}");
        }
    }

    /// A part file of the build `id`: one code hunk, then its header.
    fn part_file(id: &BuildId) -> Vec<u8> {
        use amiga_ndk::dos::{HUNK_CODE, HUNK_DATA, HUNK_END, HUNK_HEADER};
        let header = amiga_toolchain::part::header(id, 9, &[4], &[], &[vec![]]).unwrap();
        let n = header.len() as u32 / 4;
        let mut out = Vec::new();
        for v in [HUNK_HEADER, 0, 2, 0, 1, 1, n, HUNK_CODE, 1, 0x4e75_4e71, HUNK_END, HUNK_DATA, n] {
            out.extend_from_slice(&v.to_be_bytes());
        }
        out.extend_from_slice(&header);
        out.extend_from_slice(&HUNK_END.to_be_bytes());
        out
    }

    #[test]
    fn a_part_belongs_only_to_the_program_of_its_build() {
        let module = b"\0asm the module";
        let (id20, id00) = (
            amiga_toolchain::part::build_id(module, amiga::Cpu::M68020.name()),
            amiga_toolchain::part::build_id(module, amiga::Cpu::M68000.name()),
        );
        // A program carries its identity among its bytes (gs_build_id).
        let program = |id: &BuildId| [&b"code.."[..], id, b"..data"].concat();
        let (p20, p00) = (program(&id20), program(&id00));
        check_part(("GadgetScope", &p20), ("GadgetScope.window", &part_file(&id20)), &id20).unwrap();
        check_part(("GadgetScope.000", &p00), ("GadgetScope.window.000", &part_file(&id00)), &id00).unwrap();
        // The 68000 build's part beside the 68020 build's program.
        let e = check_part(("GadgetScope", &p20), ("GadgetScope.window", &part_file(&id00)), &id20).unwrap_err();
        assert!(e.to_string().starts_with("GadgetScope.window does not belong to GadgetScope: its build identity is"));
        // The right part beside a program of another build.
        let e = check_part(("GadgetScope", &p00), ("GadgetScope.window", &part_file(&id20)), &id20).unwrap_err();
        assert!(e.to_string().starts_with("GadgetScope does not carry its build identity"), "{e}");
        // Not a part at all (the program put where the part belongs).
        let e = check_part(("GadgetScope", &p20), ("GadgetScope.window", &p20), &id20).unwrap_err();
        assert!(format!("{e:#}").contains("GadgetScope.window: no part file"), "{e:#}");
    }

    #[test]
    fn the_sources_pass_their_checks() {
        check_sources(&crate::checkout::root()).unwrap();
    }
}
