//! The 68000 build's odd-address guard: which wasm accesses may be at an
//! odd address (docs/reference/toolchain.md, "The 68000 build").
//!
//! A 68000 raises an address error for a 2- or 4-byte access at an odd
//! address (the 68020 does not care), and GCC's code for wasm2c's accessors
//! moves words and longwords. Every wasm load and store carries its
//! alignment as a hint, and Rust emits the natural alignment of the type
//! whenever the type guarantees it (a misaligned reference is undefined
//! behaviour, and only `amiga-rt` may use `unsafe`); where it does not know
//! the alignment (`u32::from_le_bytes` of a byte slice, `read_unaligned`,
//! a small `copy_from_slice`) the hint is a single byte. So a 2-, 4- or
//! 8-byte access whose hint is at least 2 bytes is at an even address,
//! which is all the 68000 needs, and only the byte-aligned ones need the
//! byte-wise accessors (GadgetScope: about 680 of 22 000 accesses).
//!
//! [`accesses`] lists, per defined function, the loads and stores in the
//! order wasm2c 1.0.32 writes their call sites, marking the byte-aligned
//! multi-byte ones; the post-pass (w2cpost) compares that list with the
//! call sites it finds in each function's C text, name by name, and fails
//! the build on any difference, then gives the marked sites the byte-wise
//! accessors. wasm2c does not write what follows `br`, `br_table`,
//! `return` or `unreachable` in the same block (its C writer stops the
//! block's expression list there), so neither does [`accesses`].
//! Written for this project: no library maps wasm instructions to
//! wasm2c's C.

use anyhow::{bail, Result};
use wasmparser::{MemArg, Operator, Parser, Payload};

/// One load or store as wasm2c writes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Access {
    /// wasm2c's accessor name (`i32_load`, `i64_store16`, …).
    pub name: &'static str,
    /// A 2-, 4- or 8-byte access whose alignment hint is one byte: it may
    /// be at an odd address.
    pub odd: bool,
}

/// The accessor name and the access's size in bytes, for a load or store.
fn access(op: &Operator) -> Option<(&'static str, u32, MemArg)> {
    use Operator as O;
    Some(match *op {
        O::I32Load { memarg } => ("i32_load", 4, memarg),
        O::I64Load { memarg } => ("i64_load", 8, memarg),
        O::I32Load8S { memarg } => ("i32_load8_s", 1, memarg),
        O::I32Load8U { memarg } => ("i32_load8_u", 1, memarg),
        O::I64Load8S { memarg } => ("i64_load8_s", 1, memarg),
        O::I64Load8U { memarg } => ("i64_load8_u", 1, memarg),
        O::I32Load16S { memarg } => ("i32_load16_s", 2, memarg),
        O::I32Load16U { memarg } => ("i32_load16_u", 2, memarg),
        O::I64Load16S { memarg } => ("i64_load16_s", 2, memarg),
        O::I64Load16U { memarg } => ("i64_load16_u", 2, memarg),
        O::I64Load32S { memarg } => ("i64_load32_s", 4, memarg),
        O::I64Load32U { memarg } => ("i64_load32_u", 4, memarg),
        O::I32Store { memarg } => ("i32_store", 4, memarg),
        O::I64Store { memarg } => ("i64_store", 8, memarg),
        O::I32Store8 { memarg } => ("i32_store8", 1, memarg),
        O::I64Store8 { memarg } => ("i64_store8", 1, memarg),
        O::I32Store16 { memarg } => ("i32_store16", 2, memarg),
        O::I64Store16 { memarg } => ("i64_store16", 2, memarg),
        O::I64Store32 { memarg } => ("i64_store32", 4, memarg),
        _ => return None,
    })
}

/// Per defined function of `wasm`, in the module's order, its loads and
/// stores as wasm2c 1.0.32 writes them.
pub fn accesses(wasm: &[u8]) -> Result<Vec<Vec<Access>>> {
    let mut all = Vec::new();
    for payload in Parser::new(0).parse_all(wasm) {
        let Payload::CodeSectionEntry(body) = payload? else { continue };
        let mut list = Vec::new();
        // Inside a block's unwritten rest: how many blocks deeper than the
        // one that ended with a branch.
        let mut skipping: Option<u32> = None;
        let mut ops = body.get_operators_reader()?;
        while !ops.eof() {
            let op = ops.read()?;
            if let Some(depth) = skipping {
                skipping = match op {
                    Operator::Block { .. } | Operator::Loop { .. } | Operator::If { .. } => Some(depth + 1),
                    Operator::End | Operator::Else if depth == 0 => None,
                    Operator::End => Some(depth - 1),
                    _ => Some(depth),
                };
                continue;
            }
            match op {
                Operator::Br { .. }
                | Operator::BrTable { .. }
                | Operator::Return
                | Operator::Unreachable
                | Operator::ReturnCall { .. }
                | Operator::ReturnCallIndirect { .. } => skipping = Some(0),
                Operator::MemoryAtomicNotify { .. } | Operator::MemoryAtomicWait32 { .. } => {
                    bail!("atomic memory instructions are not expected")
                }
                ref other => {
                    if let Some((name, size, memarg)) = access(other) {
                        if memarg.memory != 0 {
                            bail!("an access to memory {}: one linear memory is expected", memarg.memory);
                        }
                        list.push(Access { name, odd: size > 1 && memarg.align == 0 });
                    }
                }
            }
        }
        all.push(list);
    }
    Ok(all)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(f: &[Access]) -> Vec<(&str, bool)> {
        f.iter().map(|a| (a.name, a.odd)).collect()
    }

    #[test]
    fn byte_aligned_multi_byte_accesses_are_marked() {
        let (_, wasm, _) = crate::w2cpost::tests::real_output_and_wasm_of(
            r#"(module (memory 1)
              (func (param i32) (result i32)
                local.get 0 i32.load align=1
                local.get 0 i32.load16_u align=2
                i32.add
                local.get 0 i32.load8_u
                i32.add
                local.get 0 i64.load align=1
                i32.wrap_i64
                i32.add)
              (func (param i32)
                local.get 0 local.get 0 i32.store16 align=1
                local.get 0 i64.const 1 i64.store align=4))"#,
            "marked",
        );
        let f = accesses(&wasm).unwrap();
        assert_eq!(
            names(&f[0]),
            [("i32_load", true), ("i32_load16_u", false), ("i32_load8_u", false), ("i64_load", true)]
        );
        assert_eq!(names(&f[1]), [("i32_store16", true), ("i64_store", false)]);
    }

    #[test]
    fn what_follows_a_branch_in_its_block_is_not_written() {
        let (_, wasm, _) = crate::w2cpost::tests::real_output_and_wasm_of(
            r#"(module (memory 1)
              (func (param i32) (result i32)
                (block
                  local.get 0 i32.load
                  br_if 0
                  br 0
                  (block local.get 0 i32.load drop)
                  local.get 0 i32.load16_u drop)
                (if (local.get 0)
                  (then unreachable local.get 0 i32.load8_u drop)
                  (else local.get 0 i32.load8_s drop))
                local.get 0 i64.load32_u
                i32.wrap_i64
                return
                local.get 0 i32.load))"#,
            "branches",
        );
        let f = accesses(&wasm).unwrap();
        assert_eq!(names(&f[0]), [("i32_load", false), ("i32_load8_s", false), ("i64_load32_u", false)]);
    }
}
