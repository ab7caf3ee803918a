//! The checked post-pass over wasm2c 1.0.32's C output (TOOLCHAIN.md
//! "wasm2c output: what it needs").
//!
//! Linear memory stays in wasm's little-endian byte order, so byte data
//! (strings, buffers) is ordinary memory the OS can use in place; every
//! 2/4/8-byte load and store byte-swaps on the big-endian 68k. Bounds
//! checks stay on (no MMU) but become force-inlined, precise 32-bit
//! compares instead of an out-of-line 64-bit check per access.
//!
//! Exactly two regions of the template are replaced, each located by its
//! delimiters and verified by SHA-256: if wabt's template differs from the
//! one this was written for, the build fails instead of guessing.

use anyhow::{bail, Result};
use sha2::{Digest, Sha256};

/// SHA-256 of wasm2c 1.0.32's `RANGE_CHECK` definition (3 lines).
const RANGE_CHECK_SHA256: &str = "a73557ce431dcae646805cf6b86d7a83a94278acef29ce97fee61c4d96af3d71";
/// SHA-256 of its `#if WABT_BIG_ENDIAN ... #endif` load/store definitions.
const LOAD_STORE_SHA256: &str = "05adc0e465729f13ac85b1bb29f2258217733d1bc3fb4de4fc37531dc6c8c839";

const RANGE_CHECK_START: &str = "#define RANGE_CHECK(mem, offset, len)";
const RANGE_CHECK_END: &str = "TRAP(OOB);\n";
const LOAD_STORE_START: &str = "#if WABT_BIG_ENDIAN\n";
const LOAD_STORE_END: &str = "#endif\n\nDEFINE_LOAD(i32_load, u32, u32, u32)";

/// Marker the replaced text carries (checked by tests and the build).
pub const MARKER: &str = "GadgetScope post-pass";

const RANGE_CHECK_NEW: &str = r#"/* GadgetScope post-pass: precise 32-bit bounds check, always inlined.
   Out of bounds when any high word is set, len > size, or off > size - len. */
static inline __attribute__((always_inline)) int gs_oob(u32 size, u64 off, u64 len) {
  if ((u32)(off >> 32) | (u32)(len >> 32)) return 1;
  return (u32)len > size || (u32)off > size - (u32)len;
}
#define RANGE_CHECK(mem, offset, len) \
  if (UNLIKELY(gs_oob((mem)->size, (u64)(offset), (u64)(len)))) TRAP(OOB);
"#;

const LOAD_STORE_NEW: &str = r#"/* GadgetScope post-pass: little-endian linear memory on a big-endian CPU.
   Byte data is stored as wasm sees it; 2/4/8-byte values are swapped on
   every load and store (GCC emits ror.w/swap/ror.w for bswap32). */
static inline void load_data(void* dest, const void* src, size_t n) {
  memcpy(dest, src, n);
}
#define LOAD_DATA(m, o, i, s)      \
  do {                             \
    RANGE_CHECK((&m), o, s);       \
    load_data(&(m.data[o]), i, s); \
  } while (0)
static inline __attribute__((always_inline)) void gs_swap_copy(void* dst, const void* src, u32 n) {
  if (n == 1) {
    *(u8*)dst = *(const u8*)src;
  } else if (n == 2) {
    u16 v;
    __builtin_memcpy(&v, src, 2);
    v = __builtin_bswap16(v);
    __builtin_memcpy(dst, &v, 2);
  } else if (n == 4) {
    u32 v;
    __builtin_memcpy(&v, src, 4);
    v = __builtin_bswap32(v);
    __builtin_memcpy(dst, &v, 4);
  } else {
    u32 lo, hi;
    __builtin_memcpy(&lo, src, 4);
    __builtin_memcpy(&hi, (const u8*)src + 4, 4);
    lo = __builtin_bswap32(lo);
    hi = __builtin_bswap32(hi);
    __builtin_memcpy(dst, &hi, 4);
    __builtin_memcpy((u8*)dst + 4, &lo, 4);
  }
}
#define DEFINE_LOAD(name, t1, t2, t3)                                  \
  static inline __attribute__((always_inline)) t3 name(wasm_rt_memory_t* mem, u64 addr) { \
    MEMCHECK(mem, addr, t1);                                           \
    t1 result;                                                         \
    gs_swap_copy(&result, &mem->data[(u32)addr], sizeof(t1));          \
    return (t3)(t2)result;                                             \
  }
#define DEFINE_STORE(name, t1, t2)                                     \
  static inline __attribute__((always_inline)) void name(wasm_rt_memory_t* mem, u64 addr, t2 value) { \
    MEMCHECK(mem, addr, t1);                                           \
    t1 wrapped = (t1)value;                                            \
    gs_swap_copy(&mem->data[(u32)addr], &wrapped, sizeof(t1));         \
  }
"#;

fn sha256_hex(s: &str) -> String {
    Sha256::digest(s.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// Finds the one region from `start` to the end of `end` (or to the end of
/// `end_keep` chars of it) and checks its hash.
fn region(src: &str, what: &str, start: &str, end: &str, keep: usize, sha: &str) -> Result<(usize, usize)> {
    if src.matches(start).count() != 1 || src.matches(end).count() < 1 {
        bail!("wasm2c output: {what}: delimiters not found exactly once (is wabt 1.0.32 installed?)");
    }
    let a = src.find(start).unwrap();
    let Some(rel) = src[a..].find(end) else { bail!("wasm2c output: {what}: end delimiter missing") };
    let b = a + rel + keep;
    let got = sha256_hex(&src[a..b]);
    if got != sha {
        bail!("wasm2c output: {what}: template differs from wabt 1.0.32's (sha256 {got}); update the post-pass deliberately");
    }
    Ok((a, b))
}

/// Applies the post-pass to wasm2c's `.c` output.
pub fn apply(src: &str) -> Result<String> {
    let (a0, a1) = region(src, "RANGE_CHECK", RANGE_CHECK_START, RANGE_CHECK_END, RANGE_CHECK_END.len(), RANGE_CHECK_SHA256)?;
    let (b0, b1) = region(src, "load/store", LOAD_STORE_START, LOAD_STORE_END, "#endif\n".len(), LOAD_STORE_SHA256)?;
    if !(a1 <= b0) {
        bail!("wasm2c output: RANGE_CHECK is expected before the load/store definitions");
    }
    let out = format!("{}{}{}{}{}", &src[..a0], RANGE_CHECK_NEW, &src[a1..b0], LOAD_STORE_NEW, &src[b1..]);
    if !out.contains(MARKER) || out.contains("WABT_BIG_ENDIAN") {
        bail!("wasm2c output: the post-pass did not take (a WABT_BIG_ENDIAN block is left, or the marker is missing)");
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A wasm2c 1.0.32 output for a tiny module, if wasm2c is installed
    /// (it is part of the required toolchain: the test fails without it).
    fn real_output() -> String {
        let dir = std::env::temp_dir().join(format!("gs-w2cpost-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        // (module (memory 1) (func (export "f") (param i32) (result i32)
        //   local.get 0 i32.load))
        let wasm: &[u8] = &[
            0, 97, 115, 109, 1, 0, 0, 0, 1, 6, 1, 96, 1, 127, 1, 127, 3, 2, 1, 0, 5, 3, 1, 0, 1, 7, 5, 1, 1, 102, 0, 0,
            10, 9, 1, 7, 0, 32, 0, 40, 2, 0, 11,
        ];
        std::fs::write(dir.join("m.wasm"), wasm).unwrap();
        let st = std::process::Command::new("wasm2c")
            .args(["-n", "m", "-o"])
            .arg(dir.join("m.c"))
            .arg(dir.join("m.wasm"))
            .status()
            .expect("wasm2c (Debian package wabt 1.0.32) must be installed: cargo xtask amiga installs it");
        assert!(st.success());
        std::fs::read_to_string(dir.join("m.c")).unwrap()
    }

    #[test]
    fn replaces_both_regions_of_real_output() {
        let src = real_output();
        let out = apply(&src).unwrap();
        assert!(out.contains(MARKER));
        assert!(out.contains("gs_oob((mem)->size"));
        assert!(out.contains("DEFINE_LOAD(i32_load, u32, u32, u32)"));
        assert!(!out.contains("offset + (uint64_t)len > mem->size"));
        // #if/#endif stay balanced.
        let opens = out.lines().filter(|l| l.starts_with("#if")).count();
        let closes = out.lines().filter(|l| l.starts_with("#endif")).count();
        assert_eq!(opens, closes);
    }

    #[test]
    fn fails_loudly_on_a_different_template() {
        let src = real_output().replace("(uint64_t)len > mem->size", "(uint64_t)len >= mem->size");
        assert!(apply(&src).unwrap_err().to_string().contains("template differs"));
        let src = real_output().replace("#if WABT_BIG_ENDIAN\n", "#if 0\n");
        assert!(apply(&src).unwrap_err().to_string().contains("not found"));
    }
}
