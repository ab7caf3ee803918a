//! The Amiga entry point (wasm32 only).
use crate::shell::{interpret, ShellCommand, TEMPLATE};
use amiga_rt::dos::{Dos, RETURN_ERROR, RETURN_FAIL, RETURN_OK};

amiga_rt::program!(name: "GadgetScope", version: env!("CARGO_PKG_VERSION"), date: "30.11.2026", heap: 256 * 1024, main: main);

fn main() -> i32 {
    let Ok(dos) = Dos::open() else { return RETURN_FAIL };
    let values = match dos.read_args(TEMPLATE) {
        Ok(v) => v,
        Err(code) => {
            dos.print_fault(code, "GadgetScope");
            return RETURN_ERROR;
        }
    };
    match interpret(&values) {
        Ok(ShellCommand::Version) => {
            dos.print(VERSION_STRING.as_bytes());
            dos.print(b"\n");
            RETURN_OK
        }
        Err(e) => {
            dos.print(b"GadgetScope: ");
            dos.print(&latin1(&e.0));
            dos.print(b"\n");
            RETURN_ERROR
        }
    }
}

/// Rust strings are UTF-8; the Amiga console speaks Latin-1.
fn latin1(s: &str) -> alloc::vec::Vec<u8> {
    s.chars().map(|c| if (c as u32) < 256 { c as u8 } else { b'?' }).collect()
}
