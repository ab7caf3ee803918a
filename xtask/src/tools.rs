//! Host tools the build and the tests need, installed when missing
//! (Debian packages with apt-get as root, the wasm32 target with rustup,
//! amitools/vamos with pip). A tool that cannot be installed is an error
//! that says what to install, never a silent skip.

use anyhow::{bail, Context, Result};
use std::process::Command;

/// The lock file of the install steps, relative to the workspace root.
pub const INSTALL_LOCK: &str = "target/tools/.lock";

/// Takes [`INSTALL_LOCK`]: one command of this checkout at a time looks
/// for and installs tools (two at once made the same venv, and the second
/// failed with "File exists"). A second command waits, saying so once.
/// Each `ensure_*` step takes it on its own; none calls another.
fn install_lock() -> Result<uae_harness::lock::FileLock> {
    crate::checkout::checkout_lock(INSTALL_LOCK, "another command's install step")
}

/// True if `cmd` is on PATH.
pub fn have(cmd: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {cmd} >/dev/null 2>&1")])
        .status()
        .map(|s| s.success())
        .unwrap_or(false)
}

fn run(what: &str, cmd: &mut Command) -> Result<()> {
    eprintln!("xtask: installing {what}: {cmd:?}");
    let st = cmd.status().with_context(|| format!("running {cmd:?}"))?;
    if !st.success() {
        bail!("installing {what} failed ({st}); run it by hand: {cmd:?}");
    }
    Ok(())
}

fn is_root() -> bool {
    Command::new("id").arg("-u").output().map(|o| o.stdout.starts_with(b"0")).unwrap_or(false)
}

/// Installs Debian packages (as root; otherwise says what to run).
pub fn apt_install(pkgs: &[&str]) -> Result<()> {
    if pkgs.is_empty() {
        return Ok(());
    }
    if !is_root() {
        bail!("missing tools; install them with: sudo apt-get install {}", pkgs.join(" "));
    }
    // The package lists once per run of xtask.
    static UPDATED: std::sync::OnceLock<()> = std::sync::OnceLock::new();
    // Another apt-get (a second command, in this checkout or another)
    // holds dpkg's lock while it installs: wait for it, up to 10 minutes.
    let wait = ["-o", "DPkg::Lock::Timeout=600"];
    if UPDATED.get().is_none() {
        run("apt package lists", Command::new("apt-get").args(wait).args(["update", "-qq"]))?;
        let _ = UPDATED.set(());
    }
    run(
        &pkgs.join(" "),
        Command::new("apt-get")
            .args(wait)
            .args(["install", "-y", "-qq", "--no-install-recommends"])
            .args(pkgs)
            .env("DEBIAN_FRONTEND", "noninteractive"),
    )
}

/// Installs the packages whose command is missing; `pkgs` pairs a command
/// with the Debian package that provides it.
pub fn ensure_apt(pkgs: &[(&str, &str)]) -> Result<()> {
    let missing: Vec<&str> = pkgs.iter().filter(|(c, _)| !have(c)).map(|(_, p)| *p).collect();
    apt_install(&missing)
}

/// The packages of `pkgs` that dpkg does not list as installed.
pub fn missing_packages(pkgs: &[&str]) -> Vec<String> {
    let out = Command::new("dpkg-query").args(["-W", "-f=${Package} ${Status}\\n"]).args(pkgs).output();
    let text = out.map(|o| String::from_utf8_lossy(&o.stdout).into_owned()).unwrap_or_default();
    pkgs.iter()
        .filter(|p| !text.lines().any(|l| l.starts_with(&format!("{p} ")) && l.ends_with("install ok installed")))
        .map(|p| p.to_string())
        .collect()
}

/// Installs the packages of `pkgs` that are not installed: those that
/// have no command to probe (headers, libraries).
pub fn ensure_packages(pkgs: &[&str]) -> Result<()> {
    let missing = missing_packages(pkgs);
    apt_install(&missing.iter().map(String::as_str).collect::<Vec<_>>())
}

/// The toolchain of the Amiga build: wasm32 target, wabt, GCC/binutils
/// m68k and the m68k C library headers (`stdint.h` and the rest that
/// wasm2c's `wasm-rt.h` includes; only a recommendation of
/// gcc-m68k-linux-gnu, so `--no-install-recommends` leaves it out).
pub fn ensure_build_tools() -> Result<()> {
    let _one = install_lock()?;
    ensure_apt(&[
        ("wasm2c", "wabt"),
        ("m68k-linux-gnu-gcc", "gcc-m68k-linux-gnu"),
        ("m68k-linux-gnu-ld", "binutils-m68k-linux-gnu"),
    ])?;
    ensure_packages(&["libc6-dev-m68k-cross"])?;
    let out = Command::new("rustup").args(["target", "list", "--installed"]).output().context("rustup is required")?;
    if !String::from_utf8_lossy(&out.stdout).lines().any(|l| l.trim() == "wasm32-unknown-unknown") {
        run("the wasm32 target", Command::new("rustup").args(["target", "add", "wasm32-unknown-unknown"]))?;
    }
    let v = Command::new("wasm2c").arg("--version").output().context("wasm2c")?;
    let v = String::from_utf8_lossy(&v.stdout).trim().to_string();
    if v != "1.0.32" {
        bail!("wasm2c {v} found; the post-pass is written for wabt 1.0.32 (Debian 12)");
    }
    Ok(())
}

/// The Python environment for amitools: `target/tools/venv` (a venv, so a
/// fresh Debian's externally managed Python is left alone).
pub fn venv_dir() -> std::path::PathBuf {
    crate::checkout::root().join("target/tools/venv")
}

/// The venv's python3 (after [`ensure_amitools`]).
pub fn python() -> std::path::PathBuf {
    venv_dir().join("bin/python3")
}

/// The venv's vamos (after [`ensure_amitools`]).
pub fn vamos() -> std::path::PathBuf {
    venv_dir().join("bin/vamos")
}

/// amitools (vamos, the hunk reader) with machine68k 0.3.0 (0.4 breaks
/// vamos), amigainfo (the icons tests' independent reader) and AmiPilot's
/// host client `amipilot` [`AMIPILOT_VERSION`] (the wire's host test and
/// scenarios, `cargo xtask serve`), in [`venv_dir`]. machine68k builds
/// from source: it needs a C compiler and Python's headers.
pub fn ensure_amitools() -> Result<()> {
    let _one = install_lock()?;
    let check = format!(
        "import amitools, machine68k, amigainfo, amipilot, importlib.metadata as m; \
         assert m.version('machine68k') == '0.3.0' and m.version('amipilot') == '{AMIPILOT_VERSION}'"
    );
    if venv_passes(&check) && vamos().exists() {
        return Ok(());
    }
    if !python().exists() {
        let venv_ok = Command::new("python3")
            .args(["-c", "import venv, ensurepip"])
            .status()
            .map(|s| s.success())
            .unwrap_or(false);
        if !venv_ok {
            apt_install(&["python3-venv"])?;
        }
        ensure_apt(&[("python3-config", "python3-dev"), ("gcc", "gcc")])?;
        run("a Python venv for amitools", Command::new("python3").arg("-m").arg("venv").arg(venv_dir()))?;
    }
    // amigainfo: the independent .info reader of the icons tests.
    let amipilot = format!("amipilot=={AMIPILOT_VERSION}");
    run(
        "amitools",
        Command::new(python()).args([
            "-m",
            "pip",
            "install",
            "-q",
            "amitools",
            "machine68k==0.3.0",
            "amigainfo",
            &amipilot,
        ]),
    )
}

/// Whether the venv's Python runs `check` (its imports and asserts) without error.
fn venv_passes(check: &str) -> bool {
    Command::new(python())
        .args(["-c", check])
        .stderr(std::process::Stdio::null())
        .status()
        .map(|s| s.success())
        .unwrap_or(false)
}

/// pytest [`PYTEST_VERSION`] and the repository's pytest plugin
/// (`pytest-gadgetscope/`, installed editable, so that it finds this
/// checkout) in [`venv_dir`], for the plugin's tests and its example.
pub fn ensure_pytest_plugin() -> Result<()> {
    ensure_amitools()?;
    let _one = install_lock()?;
    let check = format!(
        "import pytest, pytest_gadgetscope, importlib.metadata as m; assert m.version('pytest') == '{PYTEST_VERSION}'"
    );
    if venv_passes(&check) {
        return Ok(());
    }
    let plugin = crate::checkout::root().join("pytest-gadgetscope");
    let pytest = format!("pytest=={PYTEST_VERSION}");
    run(
        "pytest and pytest-gadgetscope",
        Command::new(python()).args(["-m", "pip", "install", "-q", &pytest, "-e"]).arg(plugin),
    )
}

/// The pytest the plugin's tests and example run under.
pub const PYTEST_VERSION: &str = "9.2.0";

/// The `amipilot` version the wire's host test and scenarios and `cargo
/// xtask serve` use: AmiPilot's own host client from PyPI (stdlib only,
/// BSD-2).
pub const AMIPILOT_VERSION: &str = "1.1.0";

/// FS-UAE and what it needs headless and for screenshots (docs/reference/toolchain.md).
pub fn ensure_emulator() -> Result<()> {
    let _one = install_lock()?;
    ensure_apt(&[("fs-uae", "fs-uae"), ("Xvfb", "xvfb"), ("xauth", "xauth"), ("import", "imagemagick")])?;
    // Offscreen SDL needs EGL: the GLVND loader libEGL.so.1 (libegl1,
    // only a recommendation of fs-uae's dependencies: without it FS-UAE
    // stops with "Failed to initialize OpenGL context", found by
    // `cargo xtask clean-root`), Mesa's EGL and its drivers. None has a
    // command to probe.
    ensure_packages(&["libegl1", "libgl1-mesa-dri", "libegl-mesa0"])
}

#[cfg(test)]
mod tests {
    #[test]
    fn dpkg_says_what_is_missing() {
        assert!(super::missing_packages(&["dpkg"]).is_empty());
        assert_eq!(super::missing_packages(&["dpkg", "no-such-package-gs"]), ["no-such-package-gs"]);
    }
}
