//! `cargo xtask clean-root`: the README's test command on a clean Debian 12
//! (bookworm) root, to prove that the install steps install everything the
//! tests use. The root is made with debootstrap from Debian's packages
//! (`--variant=minbase`, plus what rustup's toolchain itself needs to work:
//! CA certificates for crates.io and a C linker), cached as
//! `target/clean-root/bookworm-base.tar` so that reruns skip debootstrap.
//! Into a fresh copy go a clean checkout of the repository (`git archive
//! HEAD`, so uncommitted changes are not tested) and this machine's rustup
//! with its stable toolchain, less the wasm32 target (the install step must
//! add it). Inside, as root and as a newcomer runs them: `cargo xtask run`
//! (which checks its own picture) and then `cargo xtask test` with the
//! emulator stage restricted to [`SCENARIOS`] (`GADGETSCOPE_TEST_SCENARIOS`);
//! the picture is copied to `target/clean-root/gadgetscope.png`. Then, when
//! this checkout has no changes, GadgetScope's files as the root built
//! them must be byte-identical to this checkout's ([`same_bytes`]). The report
//! names the Debian packages and other tools the install steps installed
//! (what the clean root lacked) and, on failure, the end of the log
//! (`target/clean-root/test.log`).

use crate::{suite, tools};
use anyhow::{bail, Context, Result};
use sha2::{Digest, Sha256};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

/// The Debian suite and mirror of the root.
pub const SUITE: &str = "bookworm";
pub const MIRROR: &str = "http://deb.debian.org/debian";
/// Packages besides minbase: what a machine with rustup's stable toolchain
/// has for that toolchain to work (rustup needs a C linker; cargo needs CA
/// certificates to fetch from crates.io).
pub const BASE_EXTRA: &str = "ca-certificates,gcc,libc6-dev";
/// The emulator scenarios run inside: one that boots the built
/// GadgetScope is enough to prove the emulator's install step.
pub const SCENARIOS: &str = "gadgetscope-shell";

/// How long the test command in the root gets after SIGTERM, when this
/// command is ended by a signal, to end its own emulator (1 s for each of
/// FS-UAE and Xvfb) before SIGKILL.
const CHILD_GRACE: std::time::Duration = std::time::Duration::from_secs(15);

fn sh(what: &str, cmd: &mut Command) -> Result<()> {
    let st = cmd.status().with_context(|| format!("{what}: running {cmd:?}"))?;
    if !st.success() {
        bail!("{what} failed ({st}): {cmd:?}");
    }
    Ok(())
}

/// The mounts a chroot needs, unmounted (lazily, recursively) on drop.
struct Mounts {
    root: PathBuf,
    points: Vec<PathBuf>,
}

impl Mounts {
    fn new(root: &Path) -> Result<Mounts> {
        let mut m = Mounts { root: root.to_path_buf(), points: Vec::new() };
        for (fs, src, dir) in [("proc", "proc", "proc"), ("sysfs", "sysfs", "sys")] {
            let p = root.join(dir);
            std::fs::create_dir_all(&p)?;
            sh("mounting", Command::new("mount").args(["-t", fs, src]).arg(&p))?;
            m.points.push(p);
        }
        let dev = root.join("dev");
        std::fs::create_dir_all(&dev)?;
        sh("mounting /dev", Command::new("mount").args(["--rbind", "/dev"]).arg(&dev))?;
        sh("mounting /dev", Command::new("mount").args(["--make-rslave"]).arg(&dev))?;
        m.points.push(dev);
        Ok(m)
    }
}

impl Drop for Mounts {
    fn drop(&mut self) {
        for p in self.points.iter().rev() {
            let _ = Command::new("umount").args(["-R", "-l"]).arg(p).status();
        }
        let _ = &self.root;
    }
}

/// Unmounts whatever an interrupted earlier run left mounted under `root`.
fn unmount_leftovers(root: &Path) {
    let Ok(mounts) = std::fs::read_to_string("/proc/self/mounts") else { return };
    let mut points: Vec<&str> =
        mounts.lines().filter_map(|l| l.split_whitespace().nth(1)).filter(|p| Path::new(p).starts_with(root)).collect();
    points.sort_by_key(|p| std::cmp::Reverse(p.len()));
    for p in points {
        let _ = Command::new("umount").args(["-l", p]).status();
    }
}

/// Fails unless nothing is mounted under `root` any more: removing the
/// tree must never reach into a bind mount of the host's `/dev`.
fn ensure_unmounted(root: &Path) -> Result<()> {
    let mounts = std::fs::read_to_string("/proc/self/mounts").context("reading /proc/self/mounts")?;
    if let Some(p) = mounts.lines().filter_map(|l| l.split_whitespace().nth(1)).find(|p| Path::new(p).starts_with(root))
    {
        bail!("{p} is still mounted; unmount it (umount -R -l {p}) and run again");
    }
    Ok(())
}

/// The cached base root (debootstrap on the first run).
fn base_tarball(dir: &Path) -> Result<PathBuf> {
    let tar = dir.join(format!("{SUITE}-base.tar"));
    if tar.exists() {
        println!("clean-root: base {} (cached)", tar.display());
        return Ok(tar);
    }
    tools::ensure_apt(&[("debootstrap", "debootstrap")])?;
    let build = dir.join("debootstrap");
    unmount_leftovers(&build);
    ensure_unmounted(&build)?;
    let _ = std::fs::remove_dir_all(&build);
    println!("clean-root: debootstrap --variant=minbase --include={BASE_EXTRA} {SUITE} ({MIRROR})");
    sh(
        "debootstrap",
        Command::new("debootstrap")
            .args(["--variant=minbase", &format!("--include={BASE_EXTRA}"), SUITE])
            .arg(&build)
            .arg(MIRROR),
    )?;
    let partial = dir.join(format!("{SUITE}-base.tar.partial"));
    sh("packing the base root", Command::new("tar").arg("-C").arg(&build).arg("-cf").arg(&partial).arg("."))?;
    std::fs::rename(&partial, &tar)?;
    let _ = std::fs::remove_dir_all(&build);
    Ok(tar)
}

/// The installed Debian packages of the root.
fn packages(root: &Path) -> Result<Vec<String>> {
    let out = Command::new("chroot")
        .arg(root)
        .args(["dpkg-query", "-W", "-f=${Package}\\n"])
        .output()
        .context("running dpkg-query in the root")?;
    let mut p: Vec<String> = String::from_utf8_lossy(&out.stdout).lines().map(String::from).collect();
    p.sort();
    Ok(p)
}

/// Runs `cargo xtask run`, then `cargo xtask test`, in a fresh clean root and reports.
pub fn run() -> Result<()> {
    let t0 = Instant::now();
    if !Command::new("id").arg("-u").output().map(|o| o.stdout.starts_with(b"0\n")).unwrap_or(false) {
        bail!("clean-root needs root (debootstrap, chroot, mount)");
    }
    let repo = crate::checkout::root();
    let dir = repo.join("target/clean-root");
    std::fs::create_dir_all(&dir)?;
    let tar = base_tarball(&dir)?;
    let root = dir.join("root");
    unmount_leftovers(&root);
    ensure_unmounted(&root)?;
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(&root)?;
    sh("unpacking the base root", Command::new("tar").arg("-C").arg(&root).arg("-xf").arg(&tar))?;
    // This machine's network: name servers, the certificate authorities
    // it trusts besides Debian's (a proxy's), pip's configuration.
    std::fs::copy("/etc/resolv.conf", root.join("etc/resolv.conf")).context("copying /etc/resolv.conf")?;
    let local_cas = Path::new("/usr/local/share/ca-certificates");
    if let Ok(entries) = std::fs::read_dir(local_cas) {
        let to = root.join("usr/local/share/ca-certificates");
        std::fs::create_dir_all(&to)?;
        for e in entries.flatten() {
            std::fs::copy(e.path(), to.join(e.file_name()))?;
        }
    }
    if Path::new("/etc/pip.conf").exists() {
        std::fs::copy("/etc/pip.conf", root.join("etc/pip.conf"))?;
    }

    // A clean checkout of HEAD.
    let src = root.join("src");
    std::fs::create_dir_all(&src)?;
    let archive = Command::new("git")
        .arg("-C")
        .arg(&repo)
        .args(["archive", "--format=tar", "HEAD"])
        .stdout(Stdio::piped())
        .spawn()
        .context("running git archive")?;
    let st = Command::new("tar").arg("-C").arg(&src).arg("-xf").arg("-").stdin(archive.stdout.unwrap()).status()?;
    if !st.success() {
        bail!("unpacking git archive HEAD failed");
    }

    // rustup and its stable toolchain, as this machine has them.
    let home = std::env::var_os("HOME").map(PathBuf::from).unwrap_or_else(|| PathBuf::from("/root"));
    let rustup_home = std::env::var_os("RUSTUP_HOME").map(PathBuf::from).unwrap_or_else(|| home.join(".rustup"));
    let cargo_home = std::env::var_os("CARGO_HOME").map(PathBuf::from).unwrap_or_else(|| home.join(".cargo"));
    let toolchain = std::fs::read_dir(rustup_home.join("toolchains"))?
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .find(|n| n.starts_with("stable-"))
        .context("no stable toolchain in rustup's home")?;
    let r_rustup = root.join("root/.rustup/toolchains");
    let r_bin = root.join("root/.cargo/bin");
    std::fs::create_dir_all(&r_rustup)?;
    std::fs::create_dir_all(&r_bin)?;
    sh(
        "copying the stable toolchain",
        Command::new("cp").arg("-a").arg(rustup_home.join("toolchains").join(&toolchain)).arg(&r_rustup),
    )?;
    let _ = std::fs::remove_dir_all(r_rustup.join(&toolchain).join("share/doc"));
    std::fs::copy(cargo_home.join("bin/rustup"), r_bin.join("rustup"))?;
    for proxy in ["cargo", "rustc", "rustdoc", "rustfmt", "cargo-fmt", "cargo-clippy", "clippy-driver"] {
        std::fs::hard_link(r_bin.join("rustup"), r_bin.join(proxy))?;
    }

    let _mounts = Mounts::new(&root)?;
    let env_path = "/root/.cargo/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";
    let chroot = |script: &str| {
        let mut c = Command::new("chroot");
        c.arg(&root)
            .args(["/usr/bin/env", "-i", "HOME=/root", &format!("PATH={env_path}"), "LANG=C.UTF-8", "CI=true"])
            .arg(format!("{}={SCENARIOS}", suite::SCENARIOS_ENV))
            .args(["/bin/sh", "-c", script]);
        c
    };
    sh(
        "setting up rustup in the root",
        &mut chroot(&format!(
            "update-ca-certificates >/dev/null && rustup default {toolchain} >/dev/null && \
             rustup target remove wasm32-unknown-unknown >/dev/null 2>&1; rustup show active-toolchain"
        )),
    )?;
    let before = packages(&root)?;
    println!(
        "clean-root: {} packages; running `cargo xtask run`, then `cargo xtask test`, in {}",
        before.len(),
        root.display()
    );

    // As a newcomer would: the main command first, then the tests.
    let log_path = dir.join("test.log");
    let mut log = std::fs::File::create(&log_path)?;
    // A process group of its own, ended with this command: on a signal
    // here it gets SIGTERM and CHILD_GRACE to end its emulator itself.
    let script = "cd /src && cargo xtask run 2>&1 && exec cargo xtask test 2>&1";
    let mut child =
        uae_harness::signals::spawn_group(chroot(script).stdin(Stdio::null()).stdout(Stdio::piped()), CHILD_GRACE)?;
    let mut installed_lines = Vec::new();
    let mut tail: Vec<String> = Vec::new();
    for line in BufReader::new(child.stdout.take().unwrap()).lines() {
        let line = line.unwrap_or_default();
        writeln!(log, "{line}")?;
        if line.starts_with("xtask: installing")
            || line.starts_with("== ")
            || line.contains(" passed, ")
            || line.starts_with("main: ")
            || line.starts_with("screenshot: ")
        {
            println!("  | {line}");
        }
        if line.starts_with("xtask: installing") {
            installed_lines.push(line.clone());
        }
        tail.push(line);
        if tail.len() > 40 {
            tail.remove(0);
        }
    }
    // Its output has ended: it is ending too.
    uae_harness::signals::unregister(child.id());
    let status = child.wait()?;
    // The main command's picture, for a person to look at.
    let shot = root.join("src/target/uae/main/gadgetscope.png");
    if shot.exists() {
        std::fs::copy(&shot, dir.join("gadgetscope.png"))?;
        println!("clean-root: `cargo xtask run`'s picture: {}", dir.join("gadgetscope.png").display());
    }
    let after = packages(&root)?;
    let added: Vec<&String> = after.iter().filter(|p| !before.contains(p)).collect();
    let minutes = t0.elapsed().as_secs_f64() / 60.0;
    println!("clean-root: what the clean root lacked and the install steps installed:");
    for l in &installed_lines {
        println!("  {}", l.trim_start_matches("xtask: installing "));
    }
    println!("clean-root: {} Debian packages added in all (with dependencies)", added.len());
    if !status.success() {
        println!("clean-root: the test command failed ({status}); the end of {}:", log_path.display());
        for l in &tail {
            println!("  | {l}");
        }
        bail!("`cargo xtask run` or `cargo xtask test` failed in the clean {SUITE} root ({minutes:.1} min)");
    }
    println!(
        "clean-root: `cargo xtask run`, then `cargo xtask test`, passed in a clean {SUITE} root ({minutes:.1} min)"
    );
    same_bytes(&repo, &root, &src.join("target/amiga"))
}

/// The first line of `--version` of the tools that turn the wasm module
/// into Amiga code, as run here (`root` `None`) or in the clean root.
fn tool_versions(root: Option<&Path>) -> Vec<String> {
    ["m68k-linux-gnu-gcc", "wasm2c"]
        .iter()
        .map(|tool| {
            let out = match root {
                Some(r) => Command::new("chroot").arg(r).args([*tool, "--version"]).output(),
                None => Command::new(tool).arg("--version").output(),
            };
            let text = out.map(|o| String::from_utf8_lossy(&o.stdout).into_owned()).unwrap_or_default();
            format!("{tool} {}", text.lines().next().unwrap_or("(none)"))
        })
        .collect()
}

/// The same commit gives the same bytes from another checkout path and
/// machine (docs/reference/toolchain.md): GadgetScope and its part as the
/// clean root built them (checkout `/src`, its own `$HOME`) against this
/// checkout's build (built now unless its inputs are those of its last
/// build). Compared only when this checkout has no changes to tracked
/// files, so that both are builds of HEAD, and both have the same GCC and
/// wasm2c (the Rust toolchain is this machine's, copied); otherwise said
/// and skipped.
fn same_bytes(repo: &Path, root: &Path, built_there: &Path) -> Result<()> {
    let out = Command::new("git")
        .arg("-C")
        .arg(repo)
        .args(["status", "--porcelain", "--untracked-files=no"])
        .output()
        .context("running git status")?;
    if !out.status.success() || !out.stdout.is_empty() {
        println!("clean-root: the program files are not compared: this checkout has changes HEAD does not hold");
        return Ok(());
    }
    let (here, there) = (tool_versions(None), tool_versions(Some(root)));
    if here != there {
        println!("clean-root: the program files are not compared: other tools there ({there:?}) than here ({here:?})");
        return Ok(());
    }
    let files = crate::amiga::build_reusing(&["gadgetscope".into()], crate::amiga::Cpu::M68020)?;
    for here in files.iter().flat_map(|f| std::iter::once(f.hunk_path.clone()).chain(f.parts.clone())) {
        let name = here.file_name().context("a program file without a name")?;
        let there = built_there.join(name);
        let digest = |p: &Path| -> Result<String> {
            let bytes = std::fs::read(p).with_context(|| p.display().to_string())?;
            Ok(crate::amiga::hex(&Sha256::digest(&bytes)))
        };
        let (a, b) = (digest(&here)?, digest(&there)?);
        if a != b {
            bail!(
                "{}: the same commit built different bytes here ({}, sha256 {a}) and in the clean root ({}, sha256 {b})",
                name.to_string_lossy(),
                here.display(),
                there.display()
            );
        }
        println!("clean-root: {} is byte-identical to this checkout's build (sha256 {a})", name.to_string_lossy());
    }
    Ok(())
}
