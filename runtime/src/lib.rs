//! amiga-rt: the Rust side of GadgetScope's Amiga runtime, used by every
//! Amiga program of the project (built for wasm32, run through wasm2c and
//! GCC on m68k; TOOLCHAIN.md).
//!
//! - [`sys`] (generated) and `rt` are the raw imports; they and the few
//!   wrappers that call them are the only `unsafe` in the project's Rust.
//! - [`be`] and [`decode`] read and build OS structures as big-endian bytes.
//! - [`lib`](mod@library), [`dos`] give safe, RAII access to libraries and
//!   the Shell (a missing library is an error naming it and its version).
//! - [`program!`] declares a program: its `$VER:` string, its heap arena
//!   (`linked_list_allocator`) and its entry point; panics become a
//!   message and a trap that the native runtime reports (RC 20).
//!
//! On the host (`cargo test`) only the pure modules exist.
#![cfg_attr(target_arch = "wasm32", no_std)]
extern crate alloc;

pub mod asl;
pub mod be;
pub mod commodities;
pub mod locale;
pub mod decode;
pub mod readargs;
pub mod rexx;
pub mod tags;
pub mod workbench;

#[cfg(target_arch = "wasm32")]
pub mod sys;
#[cfg(target_arch = "wasm32")]
mod rt;
#[cfg(target_arch = "wasm32")]
pub mod library;
#[cfg(target_arch = "wasm32")]
pub mod dos;
#[cfg(target_arch = "wasm32")]
pub mod exec;
#[cfg(target_arch = "wasm32")]
pub mod gadtools;
#[cfg(target_arch = "wasm32")]
pub mod intuition;
#[cfg(target_arch = "wasm32")]
pub mod listbrowser;
#[cfg(target_arch = "wasm32")]
pub mod input;
#[cfg(target_arch = "wasm32")]
pub mod introspect;
#[cfg(target_arch = "wasm32")]
pub mod mem;
#[cfg(target_arch = "wasm32")]
pub mod pick;
pub mod highlight;
#[cfg(target_arch = "wasm32")]
pub mod timer;
#[cfg(target_arch = "wasm32")]
pub mod heap;
pub mod heap_class;
#[cfg(target_arch = "wasm32")]
mod panic;

#[cfg(target_arch = "wasm32")]
pub use rt::wb_startup;

/// Declares an Amiga program: `program!(name: "GadgetScope", version:
/// "0.1", date: "30.11.2026", heap: 256 * 1024, main: crate::main);`
///
/// `main` is `fn() -> i32`, its result the program's return code (0, 5,
/// 10, 20). `heap` is the size in bytes of the allocator's arena, fixed at
/// build time (linear memory never grows). The macro also places the
/// `$VER: <name> <version> (<date>)` string the `Version` command finds,
/// available as `VERSION_STRING` (without the `$VER: ` prefix and the NUL).
#[macro_export]
macro_rules! program {
    (name: $name:literal, version: $ver:expr, date: $date:literal, heap: $heap:expr, main: $main:path $(,)?) => {
        /// `$VER:` string of this program (Amiga version string convention).
        #[used]
        #[no_mangle]
        pub static AMIGA_VERSTAG: &[u8] = concat!("$VER: ", $name, " ", $ver, " (", $date, ")\0").as_bytes();

        /// This program's version line, e.g. `GadgetScope 0.1 (30.11.2026)`.
        pub const VERSION_STRING: &str = concat!($name, " ", $ver, " (", $date, ")");

        #[cfg(target_arch = "wasm32")]
        #[no_mangle]
        pub extern "C" fn amiga_main() -> i32 {
            static mut ARENA: [u8; $heap] = [0; $heap];
            // SAFETY: amiga_main runs once per process, before anything
            // allocates; ARENA is used by the allocator alone from here on.
            unsafe { $crate::heap::init(core::ptr::addr_of_mut!(ARENA) as *mut u8, $heap) };
            $main()
        }
    };
}
