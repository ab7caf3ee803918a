//! Checks a wasm module before it becomes Amiga code: no floating point
//! anywhere (Debian's m68k libgcc soft-float uses FPU instructions) and no
//! `memory.grow` (linear memory is allocated once and never moves).

use anyhow::{bail, Result};
use wasmparser::{Operator, Parser, Payload, Validator, WasmFeatures};

/// Validates `wasm` with the float feature off and rejects `memory.grow`;
/// also requires every import to come from module `amiga`.
pub fn check(wasm: &[u8]) -> Result<()> {
    let features = WasmFeatures::default() & !WasmFeatures::FLOATS;
    if let Err(e) = Validator::new_with_features(features).validate_all(wasm) {
        bail!("module rejected (floating point is not allowed in Amiga code): {e}");
    }
    for payload in Parser::new(0).parse_all(wasm) {
        match payload? {
            Payload::ImportSection(r) => {
                for imp in r {
                    let imp = imp?;
                    if imp.module != "amiga" {
                        bail!("import {}.{}: Amiga programs import only from module `amiga`", imp.module, imp.name);
                    }
                }
            }
            Payload::CodeSectionEntry(body) => {
                let mut ops = body.get_operators_reader()?;
                while !ops.eof() {
                    if let Operator::MemoryGrow { .. } = ops.read()? {
                        bail!("module uses memory.grow: linear memory must not grow (use the fixed heap arena)");
                    }
                }
            }
            _ => {}
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn module(code: &[u8], ty: &[u8]) -> Vec<u8> {
        // header, type section (one func type), function section, memory, code
        let mut m = vec![0, 97, 115, 109, 1, 0, 0, 0];
        m.extend([1, ty.len() as u8 + 1, 1]);
        m.extend(ty);
        m.extend([3, 2, 1, 0, 5, 3, 1, 0, 1]);
        let body_len = code.len() as u8 + 1;
        m.extend([10, body_len + 2, 1, body_len, 0]);
        m.extend(code);
        m
    }

    #[test]
    fn accepts_integer_code() {
        // (func (result i32) i32.const 1)
        check(&module(&[0x41, 1, 0x0b], &[0x60, 0, 1, 0x7f])).unwrap();
    }

    #[test]
    fn rejects_float_ops_and_types() {
        // (func (result f32) f32.const 0)
        let e = check(&module(&[0x43, 0, 0, 0, 0, 0x0b], &[0x60, 0, 1, 0x7d])).unwrap_err();
        assert!(e.to_string().contains("floating point"), "{e}");
    }

    #[test]
    fn rejects_memory_grow() {
        // (func (result i32) i32.const 1 memory.grow 0)
        let e = check(&module(&[0x41, 1, 0x40, 0, 0x0b], &[0x60, 0, 1, 0x7f])).unwrap_err();
        assert!(e.to_string().contains("memory.grow"), "{e}");
    }
}
