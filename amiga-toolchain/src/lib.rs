//! The build toolchain, host side: the steps that turn a wasm module into
//! an AmigaOS hunk file (docs/reference/toolchain.md). `cargo xtask`
//! decides which programs to build and where, and calls these steps.
//!
//! - [`pipeline`]: the steps in order for one program (wasm2c, GCC, ld,
//!   the hunk file), with GCC's flags and the processor ([`pipeline::Cpu`]);
//! - [`wasmcheck`]: the module check before translation (no floating
//!   point, no `memory.grow` or `memory.size`) and the native stack size;
//! - [`w2cpost`]: the checked post-pass over wasm2c 1.0.32's C (big-endian
//!   accessors, 32-bit bounds checks, the stack guard);
//! - [`oddguard`]: the 68000 build's odd-address guard, which wasm accesses
//!   get byte-wise accessors;
//! - [`codeparts`]: the program's code in parts of at most 64 KiB, each a
//!   code hunk of its own;
//! - [`startcheck`]: the start path, before the processor check, is 68000
//!   code;
//! - [`hunk`]: the linked m68k ELF to a hunk executable, and its check with
//!   amitools' `HunkReader`;
//! - [`osglue`]: the OS glue (LVO stubs, wasm2c imports, amiga-rt's Rust
//!   imports) generated from `amiga-rt/os-functions.toml`;
//! - [`ndkgen`]: `ndk.h`, the NDK facts of the `amiga-ndk` crate, the
//!   blocks of amiga-rt's `layout` and the LVOs for the native C and
//!   assembler;
//! - [`callgraph`]: a module's call graph and the cut that puts a crate's
//!   code in a part loaded on demand (docs/design/parts.md);
//! - [`part`]: that part: its functions, the table entries it fills, its
//!   file's header (the file itself is [`hunk`]'s);
//! - [`stackguard`]: which functions keep the stack guard, the others'
//!   depth bounded at build time over GCC's frame sizes.
//!
//! Our own code where no library or tool does the job (each module says
//! why): the ELF-to-hunk converter (no library turns a linked m68k ELF
//! into a hunk executable), the code parts (no tool splits GCC's output
//! into hunks by size), the odd-address guard (no library maps wasm
//! instructions to wasm2c's C) and the post-pass, pinned to wasm2c 1.0.32
//! and checked against its template. The OS glue comes from a table of
//! our own because `.fd` files carry LVOs and registers but no types.
#![forbid(unsafe_code)]

pub mod callgraph;
pub mod codeparts;
pub mod hunk;
pub mod ndkgen;
pub mod oddguard;
pub mod osglue;
pub mod part;
pub mod pipeline;
pub mod stackguard;
pub mod startcheck;
pub mod w2cpost;
pub mod wasmcheck;

/// A program of the amitools venv that `cargo xtask` installs
/// (`target/tools/venv`, xtask/src/tools.rs), for the tests that run
/// amitools.
#[cfg(test)]
fn venv_bin(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().join("target/tools/venv/bin").join(name)
}
