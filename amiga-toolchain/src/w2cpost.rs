//! The checked post-pass over wasm2c 1.0.32's C output
//! (docs/reference/toolchain.md, "wasm2c and the post-pass").
//!
//! Linear memory stays in wasm's little-endian byte order, so byte data
//! (strings, buffers) is ordinary memory the OS can use in place; every
//! 2/4/8-byte load and store byte-swaps on the big-endian 68k. Bounds
//! checks stay on (no MMU) but become force-inlined, precise 32-bit
//! compares instead of an out-of-line 64-bit check per access.
//!
//! Exactly four regions of the template are replaced, each located by its
//! delimiters and verified by SHA-256: if wabt's template differs from the
//! one this was written for, the build fails instead of guessing. The
//! third is `memory_copy` (wasm's memory.copy, which Rust emits for every
//! slice copy): copies of up to 16 bytes are a byte loop in place instead
//! of a `memmove` → `memcpy` call chain (about 95 instructions for a
//! three-byte copy, measured with `cargo xtask profile-walk`). The fourth
//! is the stack guard (`FUNC_PROLOGUE`/`FUNC_EPILOGUE`): instead of
//! counting call depth in a global on every call and return (500 calls
//! deep, which need not fit the 64 KB native stack), a function
//! compares the stack pointer with `gs_stack_floor`, which the runtime
//! sets to the stack's lower end plus room for OS calls (runtime.c); the
//! pipeline then drops it where [`crate::stackguard`] bounds the depth
//! ([`drop_stack_checks`]).
//!
//! Then every load/store call site, `i32_load(&instance->w2c_memory,
//! (u64)(w2c_i0) + 8u)`, is rewritten to `gs_i32_load(&instance->w2c_memory,
//! w2c_i0, 8u)`: base and offset stay separate 32-bit values and the check
//! is `off <= SIZE - n && base <= SIZE - n - off` against the memory size
//! as a constant (linear memory is allocated once at its initial size and
//! never grows; instantiation traps if the runtime allocated any other
//! size). With a constant offset that is one compare against an immediate
//! and one branch per access, and the access is a single
//! `move.l off(data,base.l)`. Linear memory ends in a guard of [`GUARD`]
//! bytes that holds nothing of the program, so an access whose offset is
//! below it is checked by its base alone (`base <= SIZE - GUARD`), one
//! compare that GCC shares between the accesses through one base. Every use of `w2c_memory` in the output must
//! have one of the known shapes, else the build fails (the call-site
//! rewrite is as checked as the template substitution); memory.copy and
//! memory.fill keep wasm2c's own `RANGE_CHECK` (made 32-bit above).

use anyhow::{bail, Result};
use sha2::{Digest, Sha256};

/// SHA-256 of wasm2c 1.0.32's `RANGE_CHECK` definition (3 lines).
const RANGE_CHECK_SHA256: &str = "a73557ce431dcae646805cf6b86d7a83a94278acef29ce97fee61c4d96af3d71";
/// SHA-256 of its `#if WABT_BIG_ENDIAN ... #endif` load/store definitions.
const LOAD_STORE_SHA256: &str = "05adc0e465729f13ac85b1bb29f2258217733d1bc3fb4de4fc37531dc6c8c839";

/// SHA-256 of its stack-depth `FUNC_PROLOGUE`/`FUNC_EPILOGUE` block.
const PROLOGUE_SHA256: &str = "ba33aae80a100d6ef84b50fc521e7b837d641fad655f04f96df4621a916333de";
const PROLOGUE_START: &str = "#if WASM_RT_USE_STACK_DEPTH_COUNT\n#define FUNC_PROLOGUE";
const PROLOGUE_END: &str = "#define FUNC_EPILOGUE\n#endif\n";
const PROLOGUE_NEW: &str = r#"/* GadgetScope post-pass: the stack guard compares the stack pointer with
   the floor the runtime sets (runtime.c gs_stack_floor: the native
   stack's lower end plus room for OS calls; 0 = no guard yet). */
extern u32 gs_stack_floor;
#define FUNC_PROLOGUE                                       \
  {                                                         \
    u32 gs_sp_;                                             \
    __asm__ volatile("move.l %%sp,%0" : "=r"(gs_sp_));      \
    if (UNLIKELY(gs_sp_ < gs_stack_floor)) TRAP(EXHAUSTION); \
  }
#define FUNC_EPILOGUE
"#;

/// SHA-256 of its `memory_copy` definition.
const MEMORY_COPY_SHA256: &str = "a920549514bd5928ebf45d12c570170a2381a36577c939f7e233bdd91a9b695c";
const MEMORY_COPY_START: &str = "static inline void memory_copy(wasm_rt_memory_t* dest,";
const MEMORY_COPY_END: &str = "  memmove(dest->data + dest_addr, src->data + src_addr, n);\n}\n";
const MEMORY_COPY_NEW: &str = r#"/* GadgetScope post-pass: short copies without the memmove/memcpy calls. */
static inline void memory_copy(wasm_rt_memory_t* dest,
                               const wasm_rt_memory_t* src,
                               u32 dest_addr,
                               u32 src_addr,
                               u32 n) {
  RANGE_CHECK(dest, dest_addr, n);
  RANGE_CHECK(src, src_addr, n);
  if (n <= 16) {
    u8* d = dest->data + dest_addr;
    const u8* s = src->data + src_addr;
    if (d <= s) {
      while (n--) *d++ = *s++;
    } else {
      d += n;
      s += n;
      while (n--) *--d = *--s;
    }
    return;
  }
  memmove(dest->data + dest_addr, src->data + src_addr, n);
}
"#;

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

/// The accessors the rewritten call sites use; `@SIZE@` becomes the
/// memory's size in bytes (whole pages, or the bytes the module uses:
/// [`apply_sized`]).
const GS_ACCESSORS: &str = r#"
/* GadgetScope post-pass: call-site accessors gs_<name>(mem, base, off).
   base is the wasm address operand, off the instruction's constant
   offset; in bounds iff base + off + n <= GS_MEM_SIZE, computed without
   overflow in 32 bits. GS_MEM_SIZE is the size linear memory is allocated
   with; instantiation checks it (memory never grows).
   Its last GS_GUARD bytes hold nothing of the program (@GUARD_NOTE@), so
   an access whose offset is below GS_GUARD is in bounds iff its base is
   at most GS_MEM_SIZE - GS_GUARD: a compare of the base alone, which GCC
   makes once for all the accesses through one base. */
#define GS_MEM_SIZE @SIZE@u
#define GS_GUARD @GUARD@u
/* The size the runtime allocates (runtime.c wasm_rt_allocate_memory). */
const u32 gs_mem_bytes = GS_MEM_SIZE;
#define GS_OOB(base, off, n) \
  ((n) <= GS_GUARD && (off) <= GS_GUARD - (n) \
     ? (base) > GS_MEM_SIZE - GS_GUARD \
     : (GS_MEM_SIZE < (n) || (off) > GS_MEM_SIZE - (n) || (base) > GS_MEM_SIZE - (n) - (off)))
/* The base operand must be a 32-bit value (memory32): anything else does not compile. */
#define GS_BASE(b) _Generic((b), u32: (b))
/* Linear memory's address. It never moves (memory never grows), and the
   runtime sets it where it allocates the memory (runtime.c
   wasm_rt_allocate_memory), before any wasm code runs. Declared const here
   so that GCC keeps it in a register: read through `mem->data`, it was
   reloaded after every store (a byte store may alias the instance). */
extern u8* const gs_mem_base;
#define GS_DEFINE_LOAD(name, t1, t2, t3)                                      \
  static inline __attribute__((always_inline)) t3 gs__##name(const wasm_rt_memory_t* mem, u32 base, u32 off) { \
    (void)mem;                                                                \
    if (UNLIKELY(GS_OOB(base, off, sizeof(t1)))) TRAP(OOB);                  \
    t1 result;                                                                \
    gs_swap_copy(&result, gs_mem_base + off + base, sizeof(t1));             \
    return (t3)(t2)result;                                                    \
  }
#define GS_DEFINE_STORE(name, t1, t2)                                         \
  static inline __attribute__((always_inline)) void gs__##name(wasm_rt_memory_t* mem, u32 base, u32 off, t2 value) { \
    (void)mem;                                                                \
    if (UNLIKELY(GS_OOB(base, off, sizeof(t1)))) TRAP(OOB);                  \
    t1 wrapped = (t1)value;                                                   \
    gs_swap_copy(gs_mem_base + off + base, &wrapped, sizeof(t1));            \
  }
@INSTANCES@"#;

/// The 68000 build's accessors for the call sites whose access may be at an
/// odd address ([`crate::oddguard`]): `gs_odd_<name>`, the same bounds
/// check, then the little-endian bytes one at a time.
const GS_ODD_ACCESSORS: &str = r#"
/* GadgetScope post-pass (68000): the accesses whose alignment hint is one
   byte (amiga-toolchain/src/oddguard.rs) may be at an odd address, where
   a 68000 cannot move a word or longword: their little-endian bytes one
   by one. */
static __attribute__((noinline)) u32 gs_le_get(const u8* p, u32 n) {
  u32 v = 0;
  while (n--) v = (v << 8) | p[n];
  return v;
}
static __attribute__((noinline)) void gs_le_put(u8* p, u32 v, u32 n) {
  for (; n; n--, v >>= 8) *p++ = (u8)v;
}
#define GS_DEFINE_ODD_LOAD(name, t1, t2, t3)                                  \
  static inline __attribute__((always_inline)) t3 gs_odd_##name(const wasm_rt_memory_t* mem, u32 base, u32 off) { \
    (void)mem;                                                                \
    if (UNLIKELY(GS_OOB(base, off, sizeof(t1)))) TRAP(OOB);                  \
    const u8* p = gs_mem_base + off + base;                                   \
    t1 result = sizeof(t1) == 8 ? (t1)((u64)gs_le_get(p + 4, 4) << 32 | gs_le_get(p, 4)) \
                                : (t1)gs_le_get(p, sizeof(t1));               \
    return (t3)(t2)result;                                                    \
  }
#define GS_DEFINE_ODD_STORE(name, t1, t2)                                     \
  static inline __attribute__((always_inline)) void gs_odd_##name(wasm_rt_memory_t* mem, u32 base, u32 off, t2 value) { \
    (void)mem;                                                                \
    if (UNLIKELY(GS_OOB(base, off, sizeof(t1)))) TRAP(OOB);                  \
    u8* p = gs_mem_base + off + base;                                         \
    u64 v = (u64)(t1)value;                                                   \
    gs_le_put(p, (u32)v, sizeof(t1) == 8 ? 4 : sizeof(t1));                   \
    if (sizeof(t1) == 8) gs_le_put(p + 4, (u32)(v >> 32), 4);                 \
  }
@INSTANCES@"#;

/// The load/store functions wasm2c 1.0.32 defines, with the types its
/// `DEFINE_LOAD(name, t1, t2, t3)` / `DEFINE_STORE(name, t1, t2)` use.
const LOADS: &[(&str, &str, &str, &str)] = &[
    ("i32_load", "u32", "u32", "u32"),
    ("i64_load", "u64", "u64", "u64"),
    ("f32_load", "f32", "f32", "f32"),
    ("f64_load", "f64", "f64", "f64"),
    ("i32_load8_s", "s8", "s32", "u32"),
    ("i64_load8_s", "s8", "s64", "u64"),
    ("i32_load8_u", "u8", "u32", "u32"),
    ("i64_load8_u", "u8", "u64", "u64"),
    ("i32_load16_s", "s16", "s32", "u32"),
    ("i64_load16_s", "s16", "s64", "u64"),
    ("i32_load16_u", "u16", "u32", "u32"),
    ("i64_load16_u", "u16", "u64", "u64"),
    ("i64_load32_s", "s32", "s64", "u64"),
    ("i64_load32_u", "u32", "u64", "u64"),
];
const STORES: &[(&str, &str, &str)] = &[
    ("i32_store", "u32", "u32"),
    ("i64_store", "u64", "u64"),
    ("f32_store", "f32", "f32"),
    ("f64_store", "f64", "f64"),
    ("i32_store8", "u8", "u32"),
    ("i32_store16", "u16", "u32"),
    ("i64_store8", "u8", "u64"),
    ("i64_store16", "u16", "u64"),
    ("i64_store32", "u32", "u64"),
];

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
    /* One 64-bit swap, not two 32-bit ones and an exchange: GCC then
       cancels a load's swap against the store of the same value (Rust
       moves 8-byte values as i64 loads and stores). */
    u64 v;
    __builtin_memcpy(&v, src, 8);
    v = __builtin_bswap64(v);
    __builtin_memcpy(dst, &v, 8);
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

/// The size in bytes of the module's linear memory, from the one
/// `wasm_rt_allocate_memory(&instance->w2c_memory, <pages>, <max>);` of the
/// instantiation code (`None`: the module has no memory).
fn memory_size(body: &str) -> Result<Option<u32>> {
    const CALL: &str = "wasm_rt_allocate_memory(&instance->w2c_memory, ";
    match body.matches(CALL).count() {
        0 => return Ok(None),
        1 => {}
        _ => bail!("wasm2c output: more than one linear memory (the post-pass handles one)"),
    }
    let at = body.find(CALL).unwrap() + CALL.len();
    let args = &body[at..at + body[at..].find(");").unwrap_or(0)];
    let parts: Vec<&str> = args.split(", ").collect();
    let pages: Option<u64> = match parts.as_slice() {
        [p, m] if m.parse::<u64>().is_ok_and(|m| m <= 65536) => p.parse().ok(),
        _ => None,
    };
    match pages.map(|p| p * 65536) {
        Some(size) if size > 0 && size <= u64::from(u32::MAX) => Ok(Some(size as u32)),
        _ => bail!("wasm2c output: unexpected memory allocation `{CALL}{args});` (a 32-bit memory of 1..65535 pages is expected)"),
    }
}

fn is_ident_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// `(u64)(w2c_<x>N)` optionally followed by ` + K` or ` + Ku`, at the start
/// of `s`: (variable, offset, bytes consumed).
fn parse_address(s: &str) -> Option<(&str, &str, usize)> {
    let rest = s.strip_prefix("(u64)(w2c_")?;
    let letters = rest.bytes().take_while(|b| b.is_ascii_lowercase()).count();
    let digits = rest[letters..].bytes().take_while(|b| b.is_ascii_digit()).count();
    if letters == 0 || digits == 0 || rest.as_bytes().get(letters + digits) != Some(&b')') {
        return None;
    }
    let var = &s["(u64)(".len()..s.len() - rest.len() + letters + digits];
    let mut used = s.len() - rest.len() + letters + digits + 1;
    let mut off = "0";
    if let Some(k) = s[used..].strip_prefix(" + ") {
        let n = k.bytes().take_while(|b| b.is_ascii_digit()).count();
        if n == 0 || k[..n].parse::<u32>().is_err() {
            return None;
        }
        off = &k[..n];
        used += 3 + n + usize::from(k.as_bytes().get(n) == Some(&b'u'));
    }
    Some((var, off, used))
}

/// Rewrites every load/store call site of `body` (the output after the
/// template) to the `gs_` accessors; every other use of `w2c_memory` must
/// be one of the known shapes. Returns the new text and the number of
/// call sites rewritten.
fn rewrite_call_sites(body: &str) -> Result<(String, usize)> {
    const MEM: &str = "w2c_memory";
    const KEEP: &[&str] = &[
        "memory_copy(&instance->",
        "memory_copy(&instance->w2c_memory, &instance->",
        "memory_fill(&instance->",
        "wasm_rt_allocate_memory(&instance->",
        "wasm_rt_free_memory(&instance->",
        "LOAD_DATA(instance->",
        "return &instance->",
    ];
    let mut out = String::with_capacity(body.len() + body.len() / 8);
    let mut copied = 0;
    let mut sites = 0;
    let mut from = 0;
    while let Some(rel) = body[from..].find(MEM) {
        let at = from + rel;
        from = at + MEM.len();
        let before = &body[..at];
        if let Some(call) = before.strip_suffix("(&instance->") {
            let name_start = call.bytes().rposition(|b| !is_ident_byte(b)).map_or(0, |i| i + 1);
            let name = &call[name_start..];
            let is_load = LOADS.iter().any(|l| l.0 == name);
            let is_store = STORES.iter().any(|s| s.0 == name);
            if is_load || is_store {
                // Counted only for an error message: counting at every call
                // site made the pass quadratic (minutes on GadgetScope).
                let line = || body[..at].matches('\n').count() + 1;
                let args = body[from..].strip_prefix(", ");
                let parsed = args.and_then(parse_address);
                let Some((var, off, used)) = parsed else {
                    bail!(
                        "wasm2c output line {}: `{name}` call site of an unexpected shape: {}",
                        line(),
                        &body[name_start..(from + 60).min(body.len())]
                    );
                };
                let after = from + 2 + used;
                let close = if is_load { ")" } else { ", " };
                if !body[after..].starts_with(close) {
                    bail!(
                        "wasm2c output line {}: `{name}` call site of an unexpected shape: {}",
                        line(),
                        &body[name_start..(after + 40).min(body.len())]
                    );
                }
                out.push_str(&body[copied..name_start]);
                out.push_str(&format!("gs__{name}(&instance->{MEM}, GS_BASE({var}), {off}u{close}"));
                copied = after + close.len();
                from = copied;
                sites += 1;
                continue;
            }
        }
        if !KEEP.iter().any(|k| before.ends_with(k)) {
            let line = body[..at].matches('\n').count() + 1;
            let start = before.rfind('\n').map_or(0, |i| i + 1);
            let end = body[at..].find('\n').map_or(body.len(), |i| at + i);
            bail!("wasm2c output line {line}: unexpected use of linear memory: {}", &body[start..end]);
        }
    }
    out.push_str(&body[copied..]);
    // Nothing left in wasm2c's shape (e.g. on a memory of another name).
    for name in LOADS.iter().map(|l| l.0).chain(STORES.iter().map(|s| s.0)) {
        let call = format!("{name}(&instance->");
        if let Some(at) = out.find(&call).filter(|&at| at == 0 || !is_ident_byte(out.as_bytes()[at - 1])) {
            let end = out[at..].find('\n').map_or(out.len(), |i| at + i);
            bail!("wasm2c output: call site not rewritten (a memory other than `w2c_memory`?): {}", &out[at..end]);
        }
    }
    Ok((out, sites))
}

/// The name of linear memory itself in the generated C (runtime.c takes
/// its address in `wasm_rt_allocate_memory`).
pub const LINEAR_MEMORY: &str = "gs_linear_memory";
/// The ELF section it is placed in: amiga-rt/c/amiga.ld makes it an output
/// section of its own, which the hunk writer makes a `HUNK_DATA` of its
/// own (amiga-toolchain/src/hunk.rs).
pub const LINEAR_SECTION: &str = ".gs_linear";

/// `data_segment_data_<name>` at `at`, ended by a non-identifier byte:
/// the name.
fn segment_name_at(body: &str, at: usize) -> &str {
    let rest = &body[at + SEGMENT.len()..];
    &rest[..rest.bytes().position(|b| !is_ident_byte(b)).unwrap_or(rest.len())]
}

const SEGMENT: &str = "data_segment_data_";

/// Linear memory initialised in place: wasm2c's data segments (a `static
/// const` array each, copied into the allocated memory by `LOAD_DATA` in
/// `init_memories`) become the initialiser of linear memory itself,
/// `u8 gs_linear_memory[GS_MEM_SIZE]` in its own section, so the data is
/// held once (docs/reference/toolchain.md, "Memory layout"). Every array
/// must be used by exactly one `LOAD_DATA` of `init_memories` at a constant
/// offset (active segments; passive ones are refused earlier, with
/// `memory.init`), the segments must not overlap and must end inside the
/// `size` bytes of memory. `None`: the module has no memory (then it must
/// have no data either).
fn data_in_place(body: &str, size: Option<u32>, guard: u32) -> Result<String> {
    const LOAD: &str = "  LOAD_DATA(instance->w2c_memory, ";
    const DEF: &str = "static const u8 data_segment_data_";
    if body.contains("static const u8* data_segment_data_") {
        bail!("wasm2c output: a data segment in an unexpected form (`static const u8*`)");
    }
    // The arrays: (name, bytes, text range of the definition).
    let mut arrays: Vec<(&str, Vec<u8>, std::ops::Range<usize>)> = Vec::new();
    let mut from = 0;
    while let Some(rel) = body[from..].find(DEF) {
        let at = from + rel;
        let name = segment_name_at(body, at + "static const u8 ".len());
        let open = at + DEF.len() + name.len();
        let Some(content) = body[open..].strip_prefix("[] = {\n") else {
            bail!("wasm2c output: data segment `{name}` in an unexpected form");
        };
        let Some(len) = content.find("\n};\n") else { bail!("wasm2c output: data segment `{name}` is not closed") };
        let mut bytes = Vec::new();
        for item in content[..len].split(',').map(str::trim).filter(|t| !t.is_empty()) {
            let byte = item.strip_prefix("0x").and_then(|h| u8::from_str_radix(h, 16).ok());
            let Some(byte) = byte.filter(|_| item.len() == 4) else {
                bail!("wasm2c output: data segment `{name}`: `{item}` is not a byte");
            };
            bytes.push(byte);
        }
        let end = open + "[] = {\n".len() + len + "\n};\n".len();
        arrays.push((name, bytes, at..end));
        from = end;
    }
    // The LOAD_DATA lines: (range of the line, offset, name or None for an
    // empty segment, length).
    let mut loads = Vec::new();
    let mut from = 0;
    while let Some(rel) = body[from..].find(LOAD) {
        let at = from + rel;
        let Some(eol) = body[at..].find('\n').map(|i| at + i + 1) else {
            bail!("wasm2c output: LOAD_DATA unterminated")
        };
        let args: Vec<&str> = body[at + LOAD.len()..eol - 1].strip_suffix(");").unwrap_or("").split(", ").collect();
        let parsed = match args.as_slice() {
            [off, name, len] => {
                let off = off.strip_suffix('u').and_then(|o| o.parse::<u32>().ok());
                let name = match *name {
                    "NULL" => Some(None),
                    n => n.strip_prefix(SEGMENT).filter(|n| n.bytes().all(is_ident_byte)).map(Some),
                };
                off.zip(name).zip(len.parse::<u32>().ok()).map(|((o, n), l)| (o, n, l))
            }
            _ => None,
        };
        let Some((off, name, len)) = parsed else {
            bail!("wasm2c output: a data segment loaded in an unexpected form: {}", body[at..eol].trim());
        };
        loads.push((at..eol, off, name, len));
        from = eol;
    }
    let init = body.find("static void init_memories(");
    let init_end = init.and_then(|i| body[i..].find("\n}\n").map(|e| i + e));
    let mut segments: Vec<(u32, &[u8])> = Vec::new();
    for (range, off, name, len) in &loads {
        if !init.zip(init_end).is_some_and(|(a, b)| range.start > a && range.end <= b + 1) {
            bail!("wasm2c output: a LOAD_DATA outside init_memories");
        }
        let Some(name) = name else {
            if *len != 0 {
                bail!("wasm2c output: LOAD_DATA of NULL with {len} bytes");
            }
            continue;
        };
        let Some((_, bytes, _)) = arrays.iter().find(|a| a.0 == *name) else {
            bail!("wasm2c output: LOAD_DATA of an unknown data segment `{name}`");
        };
        if bytes.len() != *len as usize {
            bail!("wasm2c output: data segment `{name}` has {} bytes, LOAD_DATA copies {len}", bytes.len());
        }
        segments.push((*off, bytes));
    }
    // Each array is used once, by its LOAD_DATA (passive segments would be
    // used by memory.init and must stay where they are).
    for (name, _, _) in &arrays {
        let uses = body
            .match_indices(SEGMENT)
            .filter(|&(at, _)| {
                (at == 0 || !is_ident_byte(body.as_bytes()[at - 1])) && segment_name_at(body, at) == *name
            })
            .count();
        if uses != 2 {
            bail!("wasm2c output: data segment `{name}` is used {} times besides its definition; only its LOAD_DATA is expected", uses.saturating_sub(1));
        }
    }
    if segments.len() != arrays.len() {
        bail!("wasm2c output: {} data segments, {} of them loaded by LOAD_DATA", arrays.len(), segments.len());
    }
    let Some(size) = size else {
        if !arrays.is_empty() {
            bail!("wasm2c output: data segments without a linear memory");
        }
        return Ok(body.to_string());
    };
    segments.sort_by_key(|s| s.0);
    let mut end = 0u64;
    for (off, bytes) in &segments {
        if u64::from(*off) < end {
            bail!("wasm2c output: data segments overlap at offset {off}");
        }
        end = u64::from(*off) + bytes.len() as u64;
        if end > u64::from(size - guard) {
            let data = size - guard;
            bail!("wasm2c output: a data segment ends at {end}, beyond the {data} bytes of linear memory the program uses");
        }
    }
    let mut def = format!(
        "/* {MARKER}: linear memory itself, its data segments in place (a hunk of\n   \
         its own: amiga-rt/c/amiga.ld, amiga-toolchain/src/hunk.rs). */\n\
         u8 {LINEAR_MEMORY}[GS_MEM_SIZE] __attribute__((section(\"{LINEAR_SECTION}\"), aligned(8))) = {{\n"
    );
    if segments.is_empty() {
        def.push_str("  0,\n");
    }
    for (off, bytes) in &segments {
        def.push_str(&format!("  [{off}] ="));
        for (i, b) in bytes.iter().enumerate() {
            def.push_str(if i % 12 == 0 { "\n  " } else { " " });
            def.push_str(&format!("0x{b:02x},"));
        }
        def.push('\n');
    }
    def.push_str("};\n");
    // The definition where the first array was (before init_memories),
    // without the arrays and the LOAD_DATA lines.
    let Some(init) = init else { bail!("wasm2c output: a linear memory but no init_memories") };
    let place = arrays.first().map_or(init, |a| a.2.start);
    let mut cut: Vec<std::ops::Range<usize>> =
        arrays.iter().map(|a| a.2.clone()).chain(loads.iter().map(|l| l.0.clone())).collect();
    cut.sort_by_key(|r| r.start);
    let mut out = String::with_capacity(body.len() + def.len());
    let (mut copied, mut placed) = (0, false);
    for r in cut.into_iter().chain(std::iter::once(body.len()..body.len())) {
        if !placed && place <= r.start {
            out.push_str(&body[copied..place]);
            out.push_str(&def);
            (copied, placed) = (place, true);
        }
        out.push_str(&body[copied..r.start]);
        copied = r.end;
    }
    Ok(out)
}

/// The bytes at the end of linear memory that hold nothing of the
/// program when its size is the bytes the module uses plus these: an
/// access with a smaller constant offset needs only its base compared
/// ([`GS_ACCESSORS`]). 4 KiB: the offsets of nearly all accesses (fields
/// of structures), and 4 KiB more of each program's resident memory.
pub const GUARD: u32 = 4096;

/// The accessor definitions for a memory of `size` bytes whose last
/// `guard` bytes hold nothing of the program.
fn accessors(size: u32, guard: u32) -> String {
    let mut inst = String::new();
    for (name, t1, t2, t3) in LOADS {
        inst.push_str(&format!("GS_DEFINE_LOAD({name}, {t1}, {t2}, {t3})\n"));
    }
    for (name, t1, t2) in STORES {
        inst.push_str(&format!("GS_DEFINE_STORE({name}, {t1}, {t2})\n"));
    }
    let note = if guard > 0 { "the bytes past the module's __heap_base" } else { "none: no guard" };
    GS_ACCESSORS
        .replace("@SIZE@", &size.to_string())
        .replace("@GUARD@", &guard.to_string())
        .replace("@GUARD_NOTE@", note)
        .replace("@INSTANCES@", &inst)
}

/// The byte-wise accessors of the 68000 build, for the integer accesses of
/// 2 to 8 bytes (floating point is refused by the module check).
fn odd_accessors() -> String {
    let mut inst = String::new();
    for (name, t1, t2, t3) in LOADS.iter().filter(|l| !l.0.starts_with('f') && !l.1.ends_with('8')) {
        inst.push_str(&format!("GS_DEFINE_ODD_LOAD({name}, {t1}, {t2}, {t3})\n"));
    }
    for (name, t1, t2) in STORES.iter().filter(|s| !s.0.starts_with('f') && !s.1.ends_with('8')) {
        inst.push_str(&format!("GS_DEFINE_ODD_STORE({name}, {t1}, {t2})\n"));
    }
    GS_ODD_ACCESSORS.replace("@INSTANCES@", &inst)
}

/// The name of the function a line of wasm2c's output starts to define or
/// declare (`static u32 w2c_f(…`), when it is one of the module's own
/// functions (wasm2c names them `w2c_…`).
fn wasm_function_header(line: &str) -> Option<&str> {
    let head = line.strip_prefix("static ")?.split('(').next()?;
    let name = head.split_whitespace().last()?;
    (name.starts_with("w2c_") && line.contains("_instance_t* instance")).then_some(name)
}

/// Where a line of wasm2c's output stands ([`Bodies`]).
#[derive(Clone, Copy)]
enum Line<'a> {
    /// Outside the module's functions' bodies (their headers included).
    Outside,
    /// In the body of the function named, before its closing brace.
    Body(&'a str),
    /// The closing `}` of that function's body.
    End(&'a str),
}

/// Walks wasm2c's output line by line and tells for each whether it is in
/// the body of one of the module's functions; a definition's header may
/// span lines.
#[derive(Default)]
struct Bodies<'a> {
    at: BodiesAt<'a>,
}

#[derive(Default)]
enum BodiesAt<'a> {
    #[default]
    Outside,
    Header(&'a str),
    Body(&'a str),
}

impl<'a> Bodies<'a> {
    /// Where `text` (a line without its LF, after the lines given before)
    /// stands.
    fn line(&mut self, text: &'a str) -> Line<'a> {
        if let BodiesAt::Body(name) = self.at {
            if text == "}" {
                self.at = BodiesAt::Outside;
                return Line::End(name);
            }
            return Line::Body(name);
        }
        let name = match self.at {
            BodiesAt::Header(name) => Some(name),
            _ => wasm_function_header(text),
        };
        self.at = match name {
            Some(_) if text.ends_with(';') => BodiesAt::Outside,
            Some(name) if text.ends_with('{') => BodiesAt::Body(name),
            Some(name) => BodiesAt::Header(name),
            None => BodiesAt::Outside,
        };
        Line::Outside
    }

    /// Whether the lines so far end inside a header or a body.
    fn open(&self) -> bool {
        !matches!(self.at, BodiesAt::Outside)
    }
}

/// Gives the call sites that `funcs` (per defined function, its accesses
/// as [`crate::oddguard::accesses`] lists them) marks as possibly odd the
/// byte-wise accessors: `gs__<name>(` becomes `gs_odd_<name>(`. Each
/// function's call sites must be the listed accesses, name by name and in
/// order, and the functions as many as listed: else the build stops.
fn guard_odd_sites(c: &str, funcs: &[Vec<crate::oddguard::Access>]) -> Result<(String, usize)> {
    let mut out = String::with_capacity(c.len() + 4096);
    let mut bodies = Bodies::default();
    let (mut f, mut k, mut guarded) = (0usize, 0usize, 0usize);
    for line in c.split_inclusive('\n') {
        let name = match bodies.line(line.trim_end_matches('\n')) {
            Line::Outside => {
                out.push_str(line);
                continue;
            }
            Line::End(name) => {
                if f >= funcs.len() || k != funcs[f].len() {
                    let listed = funcs.get(f).map_or(0, Vec::len);
                    bail!("wasm2c output: {name} has {k} load/store call sites, the module's function {f} {listed}");
                }
                (f, k) = (f + 1, 0);
                out.push_str(line);
                continue;
            }
            Line::Body(name) => name,
        };
        if f >= funcs.len() {
            bail!("wasm2c output: more functions than the module's {} ({name})", funcs.len());
        }
        let mut rest = line;
        while let Some(i) = rest.find("gs__") {
            out.push_str(&rest[..i]);
            let call = &rest[i + 4..];
            let accessor = call.find('(').map(|open| &call[..open]).filter(|a| {
                (i == 0 || !is_ident_byte(rest.as_bytes()[i - 1]))
                    && (LOADS.iter().any(|l| l.0 == *a) || STORES.iter().any(|s| s.0 == *a))
            });
            let Some(accessor) = accessor else {
                // Part of a longer name (`…settings__Settings…`).
                out.push_str("gs__");
                rest = call;
                continue;
            };
            let Some(want) = funcs[f].get(k) else {
                bail!("wasm2c output: {name} has more load/store call sites than the module's function {f}");
            };
            if accessor != want.name {
                bail!("wasm2c output: call site {k} of {name} is {accessor}, the module's access {}", want.name);
            }
            out.push_str(if want.odd { "gs_odd_" } else { "gs__" });
            guarded += usize::from(want.odd);
            k += 1;
            rest = call;
        }
        out.push_str(rest);
    }
    if f != funcs.len() || bodies.open() {
        bail!("wasm2c output: {f} function definitions, the module has {}", funcs.len());
    }
    Ok((out, guarded))
}

/// The stack guard's line in each function's body (the post-pass's
/// `FUNC_PROLOGUE`).
const PROLOGUE_LINE: &str = "  FUNC_PROLOGUE;";

/// Drops the stack guard from the bodies of the module's functions that
/// `keep` does not name ([`crate::stackguard`]: their depth is bounded
/// at build time). Each function of the module's must have exactly one
/// `FUNC_PROLOGUE;` in its body, else the build stops. Returns the new
/// text and the number of checks dropped.
pub fn drop_stack_checks(c: &str, keep: &impl Fn(&str) -> bool) -> Result<(String, usize)> {
    let mut out = String::with_capacity(c.len());
    let mut bodies = Bodies::default();
    let (mut k, mut dropped) = (0usize, 0usize);
    for line in c.split_inclusive('\n') {
        let text = line.trim_end_matches('\n');
        match bodies.line(text) {
            Line::End(name) => {
                if k != 1 {
                    bail!("wasm2c output: {name} has {k} FUNC_PROLOGUE lines, not one");
                }
                k = 0;
            }
            Line::Body(name) if text == PROLOGUE_LINE => {
                k += 1;
                if !keep(name) {
                    dropped += 1;
                    continue;
                }
            }
            Line::Body(_) | Line::Outside => {}
        }
        out.push_str(line);
    }
    if bodies.open() {
        bail!("wasm2c output: a function's body is not closed");
    }
    Ok((out, dropped))
}

/// Applies the post-pass to wasm2c's `.c` output, linear memory in whole
/// pages (as declared).
#[cfg(test)]
pub fn apply(src: &str) -> Result<String> {
    apply_sized(src, None, None)
}

/// Applies the post-pass to wasm2c's `.c` output. `used`: the bytes of
/// linear memory the module uses (wasmcheck: its `__heap_base`, no
/// `memory.size`); linear memory is then allocated with that size, rounded
/// up to 8 bytes, instead of its whole pages, and the accessors check
/// against it.
///
/// `odd` (the 68000 build): per defined function, its accesses
/// ([`crate::oddguard::accesses`]); the call sites it marks get byte-wise
/// accessors.
pub fn apply_sized(src: &str, used: Option<u32>, odd: Option<&[Vec<crate::oddguard::Access>]>) -> Result<String> {
    let (p0, p1) = region(src, "FUNC_PROLOGUE", PROLOGUE_START, PROLOGUE_END, PROLOGUE_END.len(), PROLOGUE_SHA256)?;
    let (a0, a1) =
        region(src, "RANGE_CHECK", RANGE_CHECK_START, RANGE_CHECK_END, RANGE_CHECK_END.len(), RANGE_CHECK_SHA256)?;
    let (b0, b1) = region(src, "load/store", LOAD_STORE_START, LOAD_STORE_END, "#endif\n".len(), LOAD_STORE_SHA256)?;
    let (c0, c1) =
        region(src, "memory_copy", MEMORY_COPY_START, MEMORY_COPY_END, MEMORY_COPY_END.len(), MEMORY_COPY_SHA256)?;
    if !(p1 <= a0 && a1 <= b0 && b1 <= c0) {
        bail!("wasm2c output: the replaced regions are expected in the order FUNC_PROLOGUE, RANGE_CHECK, load/store definitions, memory_copy");
    }
    // The text after the load/store definitions, around memory_copy: every
    // use of linear memory in it is checked and rewritten.
    let (between, sites_before) = rewrite_call_sites(&src[b1..c0])?;
    let size = match (memory_size(&src[c1..])?, used) {
        (Some(pages), Some(used)) => {
            let bytes = used.checked_add(7).map(|u| u & !7).filter(|&b| b > 0 && b <= pages);
            let Some(bytes) = bytes else {
                bail!("wasm2c output: {used} bytes used of a linear memory of {pages} bytes");
            };
            let Some(bytes) = bytes.checked_add(GUARD).filter(|&b| b <= pages) else {
                bail!(
                    "wasm2c output: {used} bytes used and the {GUARD}-byte guard do not fit a linear memory of {pages} bytes (give the linker a larger --initial-memory)"
                );
            };
            Some(bytes)
        }
        (size, _) => size,
    };
    let guard = if used.is_some() { GUARD } else { 0 };
    let (mut body, sites_after) = rewrite_call_sites(&src[c1..])?;
    let sites = sites_before + sites_after;
    if sites > 0 && size.is_none() {
        bail!("wasm2c output: load/store call sites but no linear memory allocation");
    }
    if size.is_some() {
        // The accessors' constant must be the size the runtime allocated.
        const CALL: &str = "wasm_rt_allocate_memory(&instance->w2c_memory, ";
        let at = body.find(CALL).unwrap();
        let eol = at + body[at..].find(");\n").unwrap() + 3;
        body.insert_str(
            eol,
            "  if (instance->w2c_memory.size != GS_MEM_SIZE) TRAP(OOB); /* GadgetScope post-pass */\n",
        );
    }
    let body = data_in_place(&body, size, guard)?;
    let out = [
        &src[..p0],
        PROLOGUE_NEW,
        &src[p1..a0],
        RANGE_CHECK_NEW,
        &src[a1..b0],
        LOAD_STORE_NEW,
        &accessors(size.unwrap_or(0), guard),
        &odd.map(|_| odd_accessors()).unwrap_or_default(),
        &between,
        MEMORY_COPY_NEW,
        &body,
    ]
    .concat();
    if !out.contains(MARKER) || out.contains("WABT_BIG_ENDIAN") {
        bail!("wasm2c output: the post-pass did not take (a WABT_BIG_ENDIAN block is left, or the marker is missing)");
    }
    match odd {
        Some(funcs) => Ok(guard_odd_sites(&out, funcs)?.0),
        None => Ok(out),
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A wasm2c 1.0.32 output for a tiny module (wasm2c is part of the
    /// required toolchain: the test fails without it).
    fn real_output() -> String {
        real_output_of(
            r#"(module (memory (export "memory") 1) (func (export "f") (param i32) (result i32) local.get 0 i32.load))"#,
            "tiny",
        )
    }

    /// wasm2c 1.0.32 output of a module given as text (wat2wasm is part
    /// of the same wabt package).
    fn real_output_of(wat: &str, tag: &str) -> String {
        real_output_and_wasm_of(wat, tag).0
    }

    /// wasm2c 1.0.32 output of a module given as text, the module, and the
    /// directory that holds them and wasm2c's header `m.h`.
    pub(crate) fn real_output_and_wasm_of(wat: &str, tag: &str) -> (String, Vec<u8>, std::path::PathBuf) {
        // One directory per call: the tests run in parallel.
        static N: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("gs-w2cpost-{}-{tag}-{n}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("m.wat"), wat).unwrap();
        let st = std::process::Command::new("wat2wasm")
            .arg(dir.join("m.wat"))
            .arg("-o")
            .arg(dir.join("m.wasm"))
            .status()
            .expect("wat2wasm (wabt)");
        assert!(st.success());
        let st = std::process::Command::new("wasm2c")
            .args(["-n", "m", "-o"])
            .arg(dir.join("m.c"))
            .arg(dir.join("m.wasm"))
            .status()
            .expect("wasm2c");
        assert!(st.success());
        (std::fs::read_to_string(dir.join("m.c")).unwrap(), std::fs::read(dir.join("m.wasm")).unwrap(), dir)
    }

    const LOADS_AND_STORES: &str = r#"(module (memory (export "memory") 3)
      (func (export "f") (param i32 i32) (result i32)
        local.get 0 local.get 1 i32.store offset=4
        local.get 0 i64.const 7 i64.store
        local.get 1 local.get 0 i32.store16 offset=4096
        local.get 0 i32.load8_s offset=1
        local.get 1 i64.load32_u
        i32.wrap_i64 i32.add
        local.get 0 i32.load offset=8 i32.add))"#;

    #[test]
    fn rewrites_every_call_site_to_base_and_offset() {
        let out = apply(&real_output_of(LOADS_AND_STORES, "ls")).unwrap();
        let sites = out.matches("gs__").count() - accessors(1, 0).matches("gs__").count();
        assert_eq!(sites, 6, "{out}");
        assert!(out.contains("gs__i32_store(&instance->w2c_memory, GS_BASE(w2c_i0), 4u, w2c_i1);"), "{out}");
        assert!(out.contains("gs__i32_load(&instance->w2c_memory, GS_BASE(w2c_i1), 8u)"), "{out}");
        assert!(out.contains("gs__i64_store(&instance->w2c_memory, GS_BASE(w2c_i0), 0u, w2c_j1);"), "{out}");
        assert!(out.contains("gs__i32_store16(&instance->w2c_memory, GS_BASE(w2c_i0), 4096u, w2c_i1);"), "{out}");
        assert!(out.contains("#define GS_MEM_SIZE 196608u"));
        assert!(out.contains("if (instance->w2c_memory.size != GS_MEM_SIZE) TRAP(OOB);"));
        // No call site is left in wasm2c's own shape.
        assert!(!out.contains("(&instance->w2c_memory, (u64)"), "{out}");
    }

    /// The bound itself, compiled by the host's C compiler from the
    /// accessors' text: in bounds exactly when every byte is below the
    /// memory's size, the guard's fast path included.
    #[test]
    fn the_bound_is_exact_with_the_guard() {
        let text = accessors(74_104, GUARD);
        let defs: String = text
            .split("\n#define ")
            .skip(1)
            .filter(|d| d.starts_with("GS_MEM_SIZE") || d.starts_with("GS_GUARD") || d.starts_with("GS_OOB"))
            .map(|d| format!("#define {}\n", d.split("\n/*").next().unwrap().split("\nconst").next().unwrap()))
            .collect();
        assert_eq!(defs.matches("#define").count(), 3, "{defs}");
        let dir = std::env::temp_dir().join(format!("gs-w2cpost-{}-bound", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let main = r#"
#include <stdio.h>
typedef unsigned int u32;
static int oob(u32 base, u32 off, u32 n) { return GS_OOB(base, off, n); }
static int exact(u32 base, u32 off, u32 n) {
  unsigned long long end = (unsigned long long)base + off + n;
  return end > GS_MEM_SIZE;
}
int main(void) {
  static const u32 bases[] = {0, 1, 70000, 70007, 70008, 70009, 74100, 74104, 0xFFFFFFFFu, 0x80000000u};
  static const u32 offs[] = {0, 4, 4088, 4092, 4093, 4095, 4096, 4100, 70000, 74100, 0xFFFFFFF0u};
  static const u32 ns[] = {1, 2, 4, 8};
  int bad = 0;
  for (unsigned i = 0; i < sizeof bases / 4; i++)
    for (unsigned j = 0; j < sizeof offs / 4; j++)
      for (unsigned k = 0; k < 4; k++) {
        u32 b = bases[i], o = offs[j], n = ns[k];
        /* The guard's fast path may only refuse more: a base in the guard. */
        int want = exact(b, o, n) || (o <= GS_GUARD - n && b > GS_MEM_SIZE - GS_GUARD);
        if (oob(b, o, n) != want) { printf("base %u off %u n %u\n", b, o, n); bad = 1; }
        if (!oob(b, o, n) && exact(b, o, n)) { printf("let through: base %u off %u n %u\n", b, o, n); bad = 1; }
      }
  return bad;
}
"#;
        std::fs::write(dir.join("b.c"), format!("{defs}{main}")).unwrap();
        let cc =
            std::process::Command::new("cc").args(["-O1", "-o", "b", "b.c"]).current_dir(&dir).output().expect("cc");
        assert!(cc.status.success(), "{}", String::from_utf8_lossy(&cc.stderr));
        let run = std::process::Command::new(dir.join("b")).output().unwrap();
        assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stdout));
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn memory_sized_to_the_bytes_used() {
        let src = real_output_of(LOADS_AND_STORES, "sz");
        let out = apply_sized(&src, Some(70_001), None).unwrap();
        assert!(out.contains("#define GS_MEM_SIZE 74104u"), "rounded up to 8, and the guard");
        assert!(out.contains("#define GS_GUARD 4096u"));
        assert!(out.contains("const u32 gs_mem_bytes = GS_MEM_SIZE;"));
        assert!(out.contains("if (instance->w2c_memory.size != GS_MEM_SIZE) TRAP(OOB);"));
        assert!(apply_sized(&src, Some(3 * 65536 - 4096), None).unwrap().contains("#define GS_MEM_SIZE 196608u"));
        let e = apply_sized(&src, Some(3 * 65536 - 4095), None).unwrap_err();
        assert!(e.to_string().contains("guard do not fit a linear memory of 196608 bytes"), "{e}");
        let e = apply_sized(&src, Some(3 * 65536 + 1), None).unwrap_err();
        assert!(e.to_string().contains("bytes used of a linear memory of 196608 bytes"), "{e}");
    }

    #[test]
    fn rewritten_output_compiles_for_the_68020() {
        let dir = std::env::temp_dir().join(format!("gs-w2cpost-{}-cc", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let src = real_output_of(LOADS_AND_STORES, "cc");
        std::fs::write(dir.join("m.c"), apply(&src).unwrap()).unwrap();
        // real_output_of left m.h next to its m.c: the newest gs-w2cpost-<pid>-cc-* directory.
        let prefix = format!("gs-w2cpost-{}-cc-", std::process::id());
        let h = std::fs::read_dir(std::env::temp_dir())
            .unwrap()
            .filter_map(|e| e.ok())
            .find(|e| e.file_name().to_string_lossy().starts_with(&prefix))
            .unwrap()
            .path()
            .join("m.h");
        std::fs::copy(&h, dir.join("m.h")).unwrap();
        let out = std::process::Command::new("m68k-linux-gnu-gcc")
            .args([
                "-m68020",
                "-Os",
                "-ffreestanding",
                "-fno-builtin",
                "-DNDEBUG",
                "-DWASM_RT_MEMCHECK_SIGNAL_HANDLER=0",
                "-Werror=implicit-function-declaration",
                "-I/usr/src/wasm2c",
            ])
            .arg(format!("-I{}", dir.display()))
            .arg("-c")
            .arg(dir.join("m.c"))
            .arg("-o")
            .arg(dir.join("m.o"))
            .output()
            .expect("m68k-linux-gnu-gcc (cargo xtask amiga installs it)");
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    }

    /// Two data segments, an empty one between them, and a memory of two
    /// pages of which 70 001 bytes are used.
    const DATA: &str = r#"(module (memory (export "memory") 2)
      (data (i32.const 16) "ab\00c")
      (data (i32.const 30) "")
      (data (i32.const 70000) "\ff")
      (func (export "f") (param i32) (result i32) local.get 0 i32.load))"#;

    #[test]
    fn data_segments_become_linear_memory_itself() {
        let out = apply_sized(&real_output_of(DATA, "data"), Some(70_001), None).unwrap();
        assert!(!out.contains("data_segment_data_"), "{out}");
        assert!(!out.contains("LOAD_DATA(instance->"), "{out}");
        let def = "u8 gs_linear_memory[GS_MEM_SIZE] __attribute__((section(\".gs_linear\"), aligned(8))) = {\n  \
                   [16] =\n  0x61, 0x62, 0x00, 0x63,\n  [70000] =\n  0xff,\n};\n";
        assert!(out.contains(def), "{out}");
        // Before the function that allocated and filled the memory.
        assert!(out.find(def).unwrap() < out.find("static void init_memories(").unwrap());

        // What GCC makes of it: the section holds the whole memory, zero
        // but for the segments.
        let dir = std::env::temp_dir().join(format!("gs-w2cpost-{}-image", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("m.wat"), DATA).unwrap();
        let run = |cmd: &str, args: &[&str]| {
            let o = std::process::Command::new(cmd).args(args).current_dir(&dir).output().expect(cmd);
            assert!(o.status.success(), "{cmd}: {}", String::from_utf8_lossy(&o.stderr));
        };
        run("wat2wasm", &["m.wat", "-o", "m.wasm"]);
        run("wasm2c", &["-n", "m", "-o", "m.c", "m.wasm"]);
        let c = std::fs::read_to_string(dir.join("m.c")).unwrap();
        std::fs::write(dir.join("m.c"), apply_sized(&c, Some(70_001), None).unwrap()).unwrap();
        run(
            "m68k-linux-gnu-gcc",
            &["-m68020", "-Os", "-ffreestanding", "-fno-builtin", "-DNDEBUG", "-I/usr/src/wasm2c", "-I.", "-c", "m.c"],
        );
        run("m68k-linux-gnu-objcopy", &["-O", "binary", "-j", LINEAR_SECTION, "m.o", "linear.bin"]);
        let image = std::fs::read(dir.join("linear.bin")).unwrap();
        let mut want = vec![0u8; 70_008 + GUARD as usize];
        want[16..20].copy_from_slice(b"ab\0c");
        want[70_000] = 0xff;
        assert!(image == want, "the section is {} bytes, not the expected image", image.len());
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn refuses_data_segments_it_does_not_know() {
        let src = real_output_of(DATA, "baddata");
        // More data than the memory the module says it uses.
        let e = apply_sized(&src, Some(40), None).unwrap_err();
        assert!(e.to_string().contains("a data segment ends at 70001, beyond the 40 bytes"), "{e}");
        // Overlapping segments.
        let bad = src.replace("LOAD_DATA(instance->w2c_memory, 70000u,", "LOAD_DATA(instance->w2c_memory, 18u,");
        assert_ne!(bad, src);
        let e = apply_sized(&bad, Some(70_001), None).unwrap_err();
        assert!(e.to_string().contains("data segments overlap at offset 18"), "{e}");
        // An offset that is not a constant.
        let bad = src.replace("LOAD_DATA(instance->w2c_memory, 16u,", "LOAD_DATA(instance->w2c_memory, 16u + k,");
        assert_ne!(bad, src);
        let e = apply_sized(&bad, Some(70_001), None).unwrap_err();
        assert!(e.to_string().contains("a data segment loaded in an unexpected form"), "{e}");
        // A length that is not the array's.
        let bad = src.replace("data_segment_data_w2c_d0, 4);", "data_segment_data_w2c_d0, 5);");
        assert_ne!(bad, src);
        let e = apply_sized(&bad, Some(70_001), None).unwrap_err();
        assert!(e.to_string().contains("has 4 bytes, LOAD_DATA copies 5"), "{e}");
        // An array used elsewhere too (as memory.init uses passive ones).
        let bad = src.replace("  return w2c_i0;", "  use(data_segment_data_w2c_d0);\n  return w2c_i0;");
        assert_ne!(bad, src);
        let e = apply_sized(&bad, Some(70_001), None).unwrap_err();
        assert!(e.to_string().contains("data segment `w2c_d0` is used 2 times"), "{e}");
        // An array nothing loads.
        let bad = src.replace("  LOAD_DATA(instance->w2c_memory, 16u, data_segment_data_w2c_d0, 4);\n", "");
        assert_ne!(bad, src);
        let e = apply_sized(&bad, Some(70_001), None).unwrap_err();
        assert!(e.to_string().contains("data segment `w2c_d0` is used 0 times"), "{e}");
    }

    #[test]
    fn fails_loudly_on_an_unexpected_call_site() {
        let src = real_output_of(LOADS_AND_STORES, "bad");
        let bad = src.replacen(
            "(&instance->w2c_memory, (u64)(w2c_i1) + 8u)",
            "(&instance->w2c_memory, (u64)(w2c_i1 + 1) + 8u)",
            1,
        );
        assert_ne!(bad, src);
        assert!(apply(&bad).unwrap_err().to_string().contains("unexpected shape"));
        let bad = src.replacen("i32_store16(&instance->w2c_memory, ", "i32_store16(&instance->w2c_memory, 5 + ", 1);
        assert!(apply(&bad).unwrap_err().to_string().contains("unexpected shape"));
        let bad = src.replacen("  return w2c_i0;", "  frob(&instance->w2c_memory);\n  return w2c_i0;", 1);
        assert_ne!(bad, src);
        assert!(apply(&bad).unwrap_err().to_string().contains("unexpected use of linear memory"));
        let bad = src.replace(
            "wasm_rt_allocate_memory(&instance->w2c_memory, 3, 65536);",
            "wasm_rt_allocate_memory(&instance->w2c_memory, 3, 65536, true);",
        );
        assert!(apply(&bad).unwrap_err().to_string().contains("unexpected memory allocation"));
        let other = real_output_of(&LOADS_AND_STORES.replace("(export \"memory\") ", ""), "other");
        assert!(apply(&other).unwrap_err().to_string().contains("not rewritten"));
    }

    #[test]
    fn replaces_the_three_regions_of_real_output() {
        let src = real_output();
        let out = apply(&src).unwrap();
        assert!(out.contains(MARKER));
        assert!(out.contains("short copies without the memmove/memcpy calls"));
        assert!(out.contains("gs_sp_ < gs_stack_floor"));
        assert!(!out.contains("++wasm_rt_call_stack_depth"));
        assert_eq!(out.matches("static inline void memory_copy(").count(), 1);
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
        let src = real_output().replace("  RANGE_CHECK(src, src_addr, n);\n  memmove", "  memmove");
        assert!(apply(&src).unwrap_err().to_string().contains("memory_copy: template differs"));
    }

    /// Byte-aligned accesses, a branch with unwritten code after it and a
    /// function whose signature wasm2c writes on two lines.
    const ODD: &str = r#"(module (memory (export "memory") 1)
      (func (export "f") (param i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32) (result i32)
        local.get 0 local.get 1 i32.store16 offset=1 align=1
        (block
          local.get 0 i32.load offset=3 align=1
          br_if 0
          br 0
          local.get 0 i32.load drop)
        local.get 0 i64.load align=1
        i32.wrap_i64
        local.get 0 i32.load align=2
        i32.add)
      (func (export "g") (param i32)
        local.get 0 i64.const 5 i64.store align=1
        local.get 0 local.get 0 i32.load8_u i32.store8))"#;

    #[test]
    fn the_68000_build_gives_byte_aligned_sites_byte_wise_accessors() {
        let (c, wasm, dir) = real_output_and_wasm_of(ODD, "odd");
        let funcs = crate::oddguard::accesses(&wasm).unwrap();
        let out = apply_sized(&c, Some(65_536 - GUARD), Some(&funcs)).unwrap();
        for call in ["gs_odd_i32_store16(", "gs_odd_i32_load(", "gs_odd_i64_load(", "gs_odd_i64_store("] {
            assert_eq!(out.matches(call).count(), 1, "{call}\n{out}");
        }
        assert_eq!(out.matches("gs__i32_load(").count(), 1, "{out}");
        assert_eq!(out.matches("gs__i32_load8_u(").count(), 1, "{out}");
        assert!(!apply_sized(&c, Some(65_536 - GUARD), None).unwrap().contains("gs_odd_"));
        // It compiles for the 68000.
        std::fs::write(dir.join("m.c"), &out).unwrap();
        let o = std::process::Command::new("m68k-linux-gnu-gcc")
            .args(["-m68000", "-Os", "-ffreestanding", "-fno-builtin", "-DNDEBUG", "-I/usr/src/wasm2c", "-c", "m.c"])
            .current_dir(&dir)
            .output()
            .expect("m68k-linux-gnu-gcc");
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn the_odd_guard_refuses_call_sites_that_differ_from_the_module() {
        let (c, wasm, _) = real_output_and_wasm_of(ODD, "oddbad");
        let funcs = crate::oddguard::accesses(&wasm).unwrap();
        let mut fewer = funcs.clone();
        fewer[1].pop();
        let e = apply_sized(&c, Some(65_536 - GUARD), Some(&fewer)).unwrap_err();
        assert!(e.to_string().contains("more load/store call sites"), "{e}");
        let mut renamed = funcs.clone();
        renamed[0][0].name = "i32_store";
        let e = apply_sized(&c, Some(65_536 - GUARD), Some(&renamed)).unwrap_err();
        assert!(e.to_string().contains("is i32_store16, the module's access i32_store"), "{e}");
        let e = apply_sized(&c, Some(65_536 - GUARD), Some(&funcs[..1])).unwrap_err();
        assert!(e.to_string().contains("more functions than the module's 1"), "{e}");
    }

    #[test]
    fn stack_checks_are_dropped_only_where_told() {
        let c = "static u32 w2c_a(Z_m_instance_t* instance, u32 w2c_p0);\n\
                 static u32 w2c_a(Z_m_instance_t* instance, u32 w2c_p0) {\n\
                 \x20 FUNC_PROLOGUE;\n\
                 \x20 return w2c_p0;\n}\n\
                 static void w2c_b(Z_m_instance_t* instance,\n    u32 w2c_p0) {\n\
                 \x20 FUNC_PROLOGUE;\n}\n";
        let (out, n) = drop_stack_checks(c, &|f| f == "w2c_b").unwrap();
        assert_eq!(n, 1);
        assert_eq!(out.matches("FUNC_PROLOGUE;").count(), 1);
        assert!(out.contains("u32 w2c_p0) {\n  FUNC_PROLOGUE;\n}"), "{out}");
        let two = c.replace("  return w2c_p0;", "  FUNC_PROLOGUE;\n  return w2c_p0;");
        let e = drop_stack_checks(&two, &|_| false).unwrap_err().to_string();
        assert!(e.contains("w2c_a has 2 FUNC_PROLOGUE lines"), "{e}");
    }

    #[test]
    fn the_odd_guard_leaves_names_that_only_contain_the_prefix() {
        let c = "static u32 w2c_a(Z_m_instance_t* instance, u32 w2c_p0) {\n\
                 \x20 w2c_settings__Settings(instance);\n\
                 \x20 return gs__i32_load(&instance->w2c_memory, GS_BASE(w2c_p0), 1u);\n}\n";
        let odd = [vec![crate::oddguard::Access { name: "i32_load", odd: true }]];
        let (out, n) = guard_odd_sites(c, &odd).unwrap();
        assert_eq!(n, 1);
        assert!(out.contains("w2c_settings__Settings(instance);") && out.contains("return gs_odd_i32_load("), "{out}");
    }
}
