//! Checks a wasm module before it becomes Amiga code: no floating point
//! anywhere (Debian's m68k libgcc soft-float uses FPU instructions), no
//! `memory.grow` (linear memory is allocated once and never moves) and no
//! `memory.size` (linear memory is allocated at the size used, not in
//! whole pages: docs/reference/toolchain.md, "Memory layout").

use amiga_rt::stack::{STACK_MAX, STACK_MIN};
use anyhow::{bail, Result};
use wasmparser::{ExternalKind, Operator, Parser, Payload, TypeRef, Validator, WasmFeatures};

/// Validates `wasm` with the float feature off and rejects `memory.grow`
/// and `memory.size`; also requires every import to come from module
/// `amiga`. Returns the bytes of linear memory the module uses: the value
/// of its exported global `__heap_base` (wasm-ld: the end of the shadow
/// stack, the data and the statics; the heap arena is a static), None
/// without that export. Every data segment must end below it.
pub fn check(wasm: &[u8]) -> Result<Option<u32>> {
    let features = WasmFeatures::default() & !WasmFeatures::FLOATS;
    if let Err(e) = Validator::new_with_features(features).validate_all(wasm) {
        bail!("module rejected (floating point is not allowed in Amiga code): {e}");
    }
    let (mut imported_globals, mut globals, mut heap_base, mut data_end) = (0u32, Vec::new(), None, 0u64);
    for payload in Parser::new(0).parse_all(wasm) {
        match payload? {
            Payload::ImportSection(r) => {
                for imp in r {
                    let imp = imp?;
                    if imp.module != "amiga" {
                        bail!("import {}.{}: Amiga programs import only from module `amiga`", imp.module, imp.name);
                    }
                    if let TypeRef::Global(_) = imp.ty {
                        imported_globals += 1;
                    }
                }
            }
            Payload::GlobalSection(r) => {
                for g in r {
                    globals.push(match g?.init_expr.get_operators_reader().read()? {
                        Operator::I32Const { value } => Some(value as u32),
                        _ => None,
                    });
                }
            }
            Payload::ExportSection(r) => {
                for e in r {
                    let e = e?;
                    if e.name == "__heap_base" && e.kind == ExternalKind::Global {
                        heap_base = Some(e.index);
                    }
                }
            }
            Payload::DataSection(r) => {
                for d in r {
                    let d = d?;
                    if let wasmparser::DataKind::Active { offset_expr, .. } = d.kind {
                        let Operator::I32Const { value } = offset_expr.get_operators_reader().read()? else {
                            bail!("a data segment at a computed address (a constant is expected)");
                        };
                        data_end = data_end.max(u64::from(value as u32) + d.data.len() as u64);
                    }
                }
            }
            Payload::CodeSectionEntry(body) => {
                let mut ops = body.get_operators_reader()?;
                while !ops.eof() {
                    match ops.read()? {
                        Operator::MemoryGrow { .. } => {
                            bail!("module uses memory.grow: linear memory must not grow (use the fixed heap arena)")
                        }
                        Operator::MemorySize { .. } => {
                            bail!("module uses memory.size: linear memory is allocated at the size used, not in pages")
                        }
                        _ => {}
                    }
                }
            }
            _ => {}
        }
    }
    let Some(index) = heap_base else { return Ok(None) };
    let Some(Some(used)) = index.checked_sub(imported_globals).and_then(|i| globals.get(i as usize).copied()) else {
        bail!("the exported __heap_base is not a global with a constant value");
    };
    if data_end > u64::from(used) {
        bail!("a data segment ends at {data_end}, beyond __heap_base {used}");
    }
    Ok(Some(used))
}

/// The native stack size a program declares (`amiga_rt::program!`'s
/// `stack:`): the module's custom section `gadgetscope.stack`, 4 bytes
/// little-endian. Missing, of another length, not a multiple of 4, or
/// outside 16 KiB..1 MiB (the stack guard keeps 12 KiB of it for OS calls)
/// is an error.
pub fn native_stack(wasm: &[u8]) -> Result<u32> {
    for payload in Parser::new(0).parse_all(wasm) {
        if let Payload::CustomSection(c) = payload? {
            if c.name() == "gadgetscope.stack" {
                let Ok(bytes) = <[u8; 4]>::try_from(c.data()) else {
                    bail!("custom section gadgetscope.stack holds {} bytes, not 4", c.data().len());
                };
                let n = u32::from_le_bytes(bytes);
                if !(STACK_MIN..=STACK_MAX).contains(&n) || n % 4 != 0 {
                    bail!("native stack of {n} bytes: {STACK_MIN} to {STACK_MAX} bytes, a multiple of 4");
                }
                return Ok(n);
            }
        }
    }
    bail!("no custom section gadgetscope.stack: declare the program with amiga_rt::program!(… stack: …)")
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
    fn rejects_memory_size() {
        // (func (result i32) memory.size 0)
        let e = check(&module(&[0x3f, 0, 0x0b], &[0x60, 0, 1, 0x7f])).unwrap_err();
        assert!(e.to_string().contains("memory.size"), "{e}");
    }

    #[test]
    fn rejects_memory_grow() {
        // (func (result i32) i32.const 1 memory.grow 0)
        let e = check(&module(&[0x41, 1, 0x40, 0, 0x0b], &[0x60, 0, 1, 0x7f])).unwrap_err();
        assert!(e.to_string().contains("memory.grow"), "{e}");
    }

    /// A module holding only custom section `name` with `data`.
    fn custom(name: &str, data: &[u8]) -> Vec<u8> {
        let mut m = vec![0, 97, 115, 109, 1, 0, 0, 0, 0];
        m.push((1 + name.len() + data.len()) as u8);
        m.push(name.len() as u8);
        m.extend(name.as_bytes());
        m.extend(data);
        m
    }

    #[test]
    fn native_stack_is_read_and_checked() {
        assert_eq!(native_stack(&custom("gadgetscope.stack", &(24u32 * 1024).to_le_bytes())).unwrap(), 24 * 1024);
        for (data, why) in [
            (&(8u32 * 1024).to_le_bytes()[..], "10240 to 1048576 bytes"),
            (&(2u32 * 1024 * 1024).to_le_bytes()[..], "10240 to 1048576 bytes"),
            (&(16u32 * 1024 + 2).to_le_bytes()[..], "a multiple of 4"),
            (&[0, 64, 0][..], "holds 3 bytes, not 4"),
        ] {
            let e = native_stack(&custom("gadgetscope.stack", data)).unwrap_err().to_string();
            assert!(e.contains(why), "{e}");
        }
        let e = native_stack(&custom("name", &[0])).unwrap_err().to_string();
        assert!(e.contains("no custom section gadgetscope.stack"), "{e}");
    }
}
