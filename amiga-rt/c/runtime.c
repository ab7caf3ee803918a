/* GadgetScope native runtime: the small C floor under every Amiga program.
 *
 * What lives here, and only here (docs/reference/toolchain.md, "GCC and the
 * native runtime"):
 *  - process start from a Shell or from Workbench (WBStartup waited for,
 *    replied under Forbid() at exit), a StackSwap() to a large stack;
 *  - the wasm runtime functions wasm2c's output calls (memory and tables
 *    allocated once at their final size, function-type registry, traps);
 *  - a guard around the call into wasm: a trap longjmps back here, is
 *    reported (Shell: to Output(); Workbench: an EasyRequest) and the
 *    program ends with RC 20 after every tracked resource is released;
 *    no memory for the large stack is reported the same way (IoErr
 *    ERROR_NO_FREE_STORE, RC 20);
 *  - mem* functions, and the "rt_*" imports the Rust side calls.
 * OS calls go through the generated LVO stubs (os_glue.h, from
 * amiga-rt/os-functions.toml). Plain and boring on purpose. */

#include <stdarg.h>
#include "wasm-rt.h"
#include "os_glue.h"
#include "ndk.h"
#include "prog.h"

#ifndef GS_PROGRAM_NAME
#define GS_PROGRAM_NAME "program"
#endif
/* The native stack's size in bytes (its own, by StackSwap(), unless the
 * process's stack has that much free: rt_start): each program declares it
 * (amiga_rt::program!'s `stack:`) and the build passes it as
 * -DGS_STACK_BYTES (amiga-toolchain/src/pipeline.rs, from the module's
 * custom section gadgetscope.stack). Measured use:
 * docs/design/performance.md "Resident memory". */
#ifndef GS_STACK_BYTES
#error "GS_STACK_BYTES: the build passes the program's declared native stack size"
#endif
/* Of a native stack of `bytes`, kept free below the deepest wasm2c frame
 * for the OS calls that frame makes (library calls, DOS packets,
 * Intuition, GadTools): all but the wasm2c code's STACK_CODE, at most
 * STACK_RESERVE_MAX (amiga_rt::stack::reserve). */
#define GS_STACK_RESERVE(bytes) \
    ((bytes) - STACK_CODE < STACK_RESERVE_MAX ? (bytes) - STACK_CODE : STACK_RESERVE_MAX)
#if GS_STACK_BYTES < STACK_MIN
#error "GS_STACK_BYTES: below amiga_rt::stack::STACK_MIN"
#endif

typedef unsigned long ULONG;


#define SYSBASE (*(volatile ULONG *)4)

static ULONG g_wbmsg;           /* struct WBStartup *, 0 from a Shell */
static ULONG g_dosbase;
static Z_prog_instance_t g_inst;
static struct Z_amiga_instance_t { int unused; } g_env;

/* ---- mem* (the compiler and wasm2c call these) ----
 * Longword loops once the destination is aligned: wasm2c's memory.copy and
 * memory.fill (Rust moves and zeroing of arrays) land here, so a byte loop
 * costs the whole program. The 68020 reads longwords at any address; the
 * 68000 only at even ones, so there the longword loops run only when source
 * and destination are both even once the destination is aligned. */
void *memcpy(void *restrict dst, const void *restrict src, size_t n)
{
    unsigned char *d = dst;
    const unsigned char *s = src;
#ifdef GS_CPU_68000
    if (((ULONG)d ^ (ULONG)s) & 1) {
        while (n--) *d++ = *s++;
        return dst;
    }
#endif
    while (n && ((ULONG)d & 3)) { *d++ = *s++; n--; }
    while (n >= 16) {
        ((ULONG *)d)[0] = ((const ULONG *)s)[0];
        ((ULONG *)d)[1] = ((const ULONG *)s)[1];
        ((ULONG *)d)[2] = ((const ULONG *)s)[2];
        ((ULONG *)d)[3] = ((const ULONG *)s)[3];
        d += 16; s += 16; n -= 16;
    }
    while (n >= 4) { *(ULONG *)d = *(const ULONG *)s; d += 4; s += 4; n -= 4; }
    while (n--) *d++ = *s++;
    return dst;
}

void *memmove(void *dst, const void *src, size_t n)
{
    unsigned char *d = dst;
    const unsigned char *s = src;
    if (d <= s || d >= s + n) return memcpy(dst, src, n);
    d += n; s += n;
#ifdef GS_CPU_68000
    if (((ULONG)d ^ (ULONG)s) & 1) {
        while (n--) *--d = *--s;
        return dst;
    }
#endif
    while (n && ((ULONG)d & 3)) { *--d = *--s; n--; }
    while (n >= 4) { d -= 4; s -= 4; *(ULONG *)d = *(const ULONG *)s; n -= 4; }
    while (n--) *--d = *--s;
    return dst;
}

void *memset(void *dst, int c, size_t n)
{
    unsigned char *d = dst;
    ULONG v = (unsigned char)c;
    v |= v << 8;
    v |= v << 16;
    while (n && ((ULONG)d & 3)) { *d++ = (unsigned char)c; n--; }
    while (n >= 16) {
        ((ULONG *)d)[0] = v; ((ULONG *)d)[1] = v; ((ULONG *)d)[2] = v; ((ULONG *)d)[3] = v;
        d += 16; n -= 16;
    }
    while (n >= 4) { *(ULONG *)d = v; d += 4; n -= 4; }
    while (n--) *d++ = (unsigned char)c;
    return dst;
}

int memcmp(const void *a, const void *b, size_t n)
{
    const unsigned char *p = a, *q = b;
    for (; n; n--, p++, q++)
        if (*p != *q) return *p - *q;
    return 0;
}

size_t strlen(const char *s)
{
    const char *p = s;
    while (*p) p++;
    return (size_t)(p - s);
}

/* A ULONG stored into or read from linear memory at an address the wasm
 * code chose: a 68000 cannot move a longword at an odd one. */
#ifdef GS_CPU_68000
static void put_ulong(ULONG a, ULONG v)
{
    unsigned char *p = (unsigned char *)a;
    p[0] = (unsigned char)(v >> 24); p[1] = (unsigned char)(v >> 16);
    p[2] = (unsigned char)(v >> 8); p[3] = (unsigned char)v;
}
static ULONG get_ulong(ULONG a)
{
    const unsigned char *p = (const unsigned char *)a;
    return (ULONG)p[0] << 24 | (ULONG)p[1] << 16 | (ULONG)p[2] << 8 | p[3];
}
#else
#define put_ulong(a, v) (*(ULONG *)(a) = (v))
#define get_ulong(a) (*(const ULONG *)(a))
#endif

/* ---- tracked resources: released in reverse order after a trap ---- */
enum { RES_FREE, RES_LIBRARY, RES_RDARGS, RES_FILE, RES_VEC, RES_HANDLER, RES_PART };
#define RES_MAX 64
static struct { ULONG kind, handle; } g_res[RES_MAX];

static int res_add(ULONG kind, ULONG handle)
{
    int i;
    for (i = 0; i < RES_MAX; i++)
        if (g_res[i].kind == RES_FREE) { g_res[i].kind = kind; g_res[i].handle = handle; return 1; }
    return 0;
}

static void handler_release(ULONG state);
static void part_release(ULONG seg);

static void res_release(int i)
{
    ULONG h = g_res[i].handle;
    switch (g_res[i].kind) {
    case RES_LIBRARY: gs_exec_CloseLibrary(SYSBASE, h); break;
    case RES_RDARGS: gs_dos_FreeArgs(g_dosbase, h); break;
    case RES_FILE: gs_dos_Close(g_dosbase, h); break;
    case RES_VEC: gs_exec_FreeVec(SYSBASE, h); break;
    case RES_HANDLER: handler_release(h); break;
    case RES_PART: part_release(h); break;
    }
    g_res[i].kind = RES_FREE;
}

/* Releases the tracked resource of `kind` with `handle` (the last one
 * added, should there be two); nothing when there is none. */
static void res_drop(ULONG kind, ULONG handle)
{
    int i;
    for (i = RES_MAX - 1; i >= 0; i--)
        if (g_res[i].kind == kind && g_res[i].handle == handle) { res_release(i); return; }
}

static void res_release_all(void)
{
    int i;
    /* An installed input handler first: input.device must stop calling
     * it before anything it uses goes away (its IORequest lives in linear
     * memory, which goes with the segment when the program has ended). */
    for (i = RES_MAX - 1; i >= 0; i--)
        if (g_res[i].kind == RES_HANDLER) res_release(i);
    for (i = RES_MAX - 1; i >= 0; i--)
        if (g_res[i].kind != RES_FREE) res_release(i);
}

/* ---- wasm runtime (wasm-rt.h, wabt 1.0.32) ---- */
uint32_t wasm_rt_call_stack_depth;
/* The stack guard of every wasm2c function
 * (amiga-toolchain/src/w2cpost.rs): below this stack pointer a call traps
 * with "out of memory or stack". Set in
 * rt_start to the lower end of the program's stack plus its
 * GS_STACK_RESERVE for the OS calls made from the deepest function, and by
 * rt_on_stack for the stretch it runs on a stack of its own. */
u32 gs_stack_floor;
static __attribute__((aligned(4))) void *g_guard[5]; /* __builtin_setjmp buffer */
ULONG rt_swap_call(void *sss, ULONG (*fn)(void));
static wasm_rt_trap_t g_trap;
static char g_panic[256];
static ULONG g_panic_len;
static const char *g_fatal; /* a reason that is neither a trap nor a panic */

void wasm_rt_trap(wasm_rt_trap_t t)
{
    g_trap = t;
    __builtin_longjmp(g_guard, 1);
}

static void fatal(const char *why)
{
    g_fatal = why;
    __builtin_longjmp(g_guard, 1);
}

#define FT_MAX 128
#define FT_ARGS 16
static struct { unsigned char np, nr, t[FT_ARGS]; } g_ft[FT_MAX];
static uint32_t g_nft;

uint32_t wasm_rt_register_func_type(uint32_t params, uint32_t results, ...)
{
    unsigned char t[FT_ARGS];
    uint32_t i, n = params + results;
    va_list ap;
    if (n > FT_ARGS) wasm_rt_trap(WASM_RT_TRAP_CALL_INDIRECT);
    va_start(ap, results);
    for (i = 0; i < n; i++) t[i] = (unsigned char)va_arg(ap, int);
    va_end(ap);
    for (i = 0; i < g_nft; i++)
        if (g_ft[i].np == params && g_ft[i].nr == results && memcmp(g_ft[i].t, t, n) == 0)
            return i + 1;
    if (g_nft == FT_MAX) wasm_rt_trap(WASM_RT_TRAP_CALL_INDIRECT);
    g_ft[g_nft].np = (unsigned char)params;
    g_ft[g_nft].nr = (unsigned char)results;
    memcpy(g_ft[g_nft].t, t, n);
    return ++g_nft;
}

static void *alloc_or_trap(ULONG bytes)
{
    ULONG p = gs_exec_AllocVec(SYSBASE, bytes ? bytes : 4, MEMF_ANY | MEMF_CLEAR);
    if (!p || !res_add(RES_VEC, p)) wasm_rt_trap(WASM_RT_TRAP_EXHAUSTION);
    return (void *)p;
}

static void free_tracked(void *p) { res_drop(RES_VEC, (ULONG)p); }

/* Linear memory's address for the post-pass's accessors (prog.c declares
 * it const: it is set here, before any wasm code runs, and never changes
 * since memory never grows). One program, one memory. */
unsigned char *gs_mem_base;

/* The bytes the module uses (its __heap_base rounded up to 8), not its
 * whole pages: the post-pass defines it in prog.c and checks the
 * accessors against it (amiga-toolchain/src/w2cpost.rs); nothing lies
 * above it. */
extern const u32 gs_mem_bytes;

/* Linear memory itself, never moved: the post-pass defines it in prog.c
 * with the module's data segments as its initialiser, in a hunk of its
 * own whose file block ends at its last non-zero longword. LoadSeg clears
 * the rest of the hunk (dos.library InternalLoadSeg autodoc, V36: "Clears
 * unused portions of Code and Data hunks"), so the loader initialises it
 * in place and the data is held once (docs/reference/toolchain.md,
 * "Memory layout"). */
extern unsigned char gs_linear_memory[];

/* Set by the first run of this loaded copy: a second run would find
 * linear memory as the first left it, so the program is not pure and
 * refuses to run again from the same segment (a forced Resident). */
static ULONG g_memory_used;

void wasm_rt_allocate_memory(wasm_rt_memory_t *m, uint32_t initial_pages, uint32_t max_pages)
{
    (void)max_pages;
    if (g_memory_used) fatal("already ran from this loaded copy; it is not pure and cannot be made resident");
    g_memory_used = 1;
    m->pages = initial_pages;
    m->max_pages = initial_pages;
    m->size = gs_mem_bytes;
    m->data = gs_linear_memory;
    gs_mem_base = m->data;
}

uint32_t wasm_rt_grow_memory(wasm_rt_memory_t *m, uint32_t pages)
{
    (void)m; (void)pages;
    return (uint32_t)-1; /* memory.grow fails by design; the build also rejects it */
}

void wasm_rt_free_memory(wasm_rt_memory_t *m) { m->data = 0; } /* part of the segment */

void wasm_rt_allocate_funcref_table(wasm_rt_funcref_table_t *t, uint32_t elements, uint32_t max_elements)
{
    (void)max_elements;
    t->size = elements;
    t->max_size = elements;
    t->data = alloc_or_trap(elements * sizeof(wasm_rt_funcref_t));
}

void wasm_rt_free_funcref_table(wasm_rt_funcref_table_t *t) { free_tracked(t->data); t->data = 0; }

void wasm_rt_allocate_externref_table(wasm_rt_externref_table_t *t, uint32_t elements, uint32_t max_elements)
{
    (void)max_elements;
    t->size = elements;
    t->max_size = elements;
    t->data = alloc_or_trap(elements * sizeof(wasm_rt_externref_t));
}

void wasm_rt_free_externref_table(wasm_rt_externref_table_t *t) { free_tracked(t->data); t->data = 0; }

uint32_t wasm_rt_grow_funcref_table(wasm_rt_funcref_table_t *t, uint32_t d, wasm_rt_funcref_t i)
{
    (void)t; (void)d; (void)i;
    return (uint32_t)-1;
}

uint32_t wasm_rt_grow_externref_table(wasm_rt_externref_table_t *t, uint32_t d, wasm_rt_externref_t i)
{
    (void)t; (void)d; (void)i;
    return (uint32_t)-1;
}

/* ---- the rt_* imports (module "amiga") ---- */
#define MEMBASE ((ULONG)g_inst.w2c_memory.data)

/* Absolute address of linear memory offset 0 (used by os_imports.c). */
ULONG rt_membase(void) { return MEMBASE; }

u32 Z_amigaZ_rt_mem_base(struct Z_amiga_instance_t *e) { (void)e; return MEMBASE; }
u32 Z_amigaZ_rt_wbstartup(struct Z_amiga_instance_t *e) { (void)e; return g_wbmsg; }

/* ---- parts loaded on demand (docs/design/parts.md) ----
 * A part file is a header hunk (amiga_rt::part: ph_*), then code hunks.
 * Its references into the program are offsets in the program's hunks,
 * made addresses here (LoadSeg relocates only within one file). The
 * function table's entries for its functions hold gs_part_absent until
 * it is loaded, and again once it is unloaded. Each loaded part is a
 * RES_PART resource, its seglist the handle. */
extern const unsigned char gs_build_id[BUILD_ID_BYTES];
extern char _start[];

/* The most hunks the program itself may have (its own seglist's walk). */
#define OWN_MAX_HUNKS 64
#define SEG_ADDR(b) (((b) << 2) + SEG_DATA)
#define SEG_BYTES(b) (*(ULONG *)(((b) << 2) - SEG_SIZE_BEFORE) - SEG_SIZE_BEFORE - SEG_DATA)
#define PART_EXPORT_BYTES 12

/* What the table's entries for an absent part's functions call. */
void gs_part_absent(void) { fatal("a part of the program was called while not loaded"); }

/* The program's own hunks' addresses: its first hunk starts with _start,
 * and the longword before each hunk's bytes is the next one's BPTR.
 * Returns how many there are (only the first OWN_MAX_HUNKS stored). */
static ULONG own_hunks(ULONG *bases)
{
    ULONG n = 0, at = (ULONG)_start, next;
    while (at) {
        if (n < OWN_MAX_HUNKS) bases[n] = at;
        n++;
        next = *(ULONG *)(at - SEG_DATA);
        at = next ? SEG_ADDR(next) : 0;
    }
    return n;
}

/* Checks (apply 0) or applies (apply 1) the header at head (hsize
 * bytes) of a part with n code hunks at code[] of csize[] bytes, against
 * the program's nown hunks at own[]. 0 when it holds, else why not:
 * PART_NOT_A_PART, or PART_BUSY when its table entries are filled
 * already. */
static ULONG part_links(ULONG head, ULONG hsize, ULONG n, const ULONG *code, const ULONG *csize,
                        const ULONG *own, ULONG nown, int apply)
{
    ULONG off = ph_Sizes + 4 * n, exports, i, k, cnt, j, o, idx, at;
    wasm_rt_funcref_t *t = g_inst.w2c_T0.data;
#define H(x) (*(ULONG *)(head + (x)))
    exports = H(off);
    off += 4;
    if (exports > g_inst.w2c_T0.size || (hsize - off) / PART_EXPORT_BYTES < exports) return PART_NOT_A_PART;
    for (i = 0; i < exports; i++, off += PART_EXPORT_BYTES) {
        idx = H(off);
        k = H(off + 4);
        o = H(off + 8);
        if (idx >= g_inst.w2c_T0.size || k >= n || o >= csize[k] || (o & 1)) return PART_NOT_A_PART;
        if (t[idx].func != (wasm_rt_function_ptr_t)gs_part_absent) return PART_BUSY;
    }
    for (k = 0; k < n; k++) {
        for (;;) {
            if (hsize - off < 4) return PART_NOT_A_PART;
            cnt = H(off);
            off += 4;
            if (!cnt) break;
            if (hsize - off < 4) return PART_NOT_A_PART;
            j = H(off);
            off += 4;
            /* cnt 16-bit offsets, padded to a longword */
            if (j >= nown || j >= OWN_MAX_HUNKS || (hsize - off) / 2 < cnt + (cnt & 1)) return PART_NOT_A_PART;
            for (i = 0; i < cnt; i++, off += 2) {
                o = *(const unsigned short *)(head + off);
                if (csize[k] < 4 || o > csize[k] - 4 || (o & 1)) return PART_NOT_A_PART;
                if (apply) {
                    at = code[k] + o;
                    *(ULONG *)at += own[j];
                }
            }
            off += 2 * (cnt & 1);
        }
    }
#undef H
    return 0;
}

/* Writes the part's functions' addresses (load) or gs_part_absent
 * (unload) into the table's entries its header exports. */
static void part_table(ULONG head, ULONG n, const ULONG *code, int load)
{
    ULONG off = ph_Sizes + 4 * n, exports = *(ULONG *)(head + off), i, p;
    wasm_rt_funcref_t *t = g_inst.w2c_T0.data;
    if (!t) return;
    for (i = 0, off += 4; i < exports; i++, off += PART_EXPORT_BYTES) {
        p = *(ULONG *)(head + off);
        t[p].func = load ? (wasm_rt_function_ptr_t)(code[*(ULONG *)(head + off + 4)] + *(ULONG *)(head + off + 8))
                         : (wasm_rt_function_ptr_t)gs_part_absent;
    }
}

/* The hunks of the part at seg: its code hunks' BPTRs into code[] (at
 * most PART_MAX_HUNKS), the header's (the last hunk) into *head; returns
 * the number of code hunks, 0 when there are none or too many. */
static ULONG part_hunks(ULONG seg, ULONG *code, ULONG *head)
{
    ULONG n = 0, at = seg, next;
    *head = seg;
    while ((next = *(ULONG *)(at << 2)) != 0) {
        if (n == PART_MAX_HUNKS) return 0;
        code[n++] = at;
        at = next;
    }
    *head = at;
    return n;
}

u32 Z_amigaZ_rt_part_load(struct Z_amiga_instance_t *e, u32 name)
{
    ULONG seg, head, hsize, own[OWN_MAX_HUNKS], code[PART_MAX_HUNKS], csize[PART_MAX_HUNKS], nown, n, k;
    ULONG why = PART_NOT_A_PART;
    (void)e;
    if (name >= g_inst.w2c_memory.size) wasm_rt_trap(WASM_RT_TRAP_OOB);
    seg = gs_dos_LoadSeg(g_dosbase, MEMBASE + name);
    if (!seg) return PART_CANNOT_LOAD;
    n = part_hunks(seg, code, &head);
    hsize = SEG_BYTES(head);
    head = SEG_ADDR(head);
    if (hsize < ph_Sizes || *(ULONG *)(head + ph_Magic) != PART_MAGIC) goto refused;
    if (memcmp((const void *)(head + ph_BuildId), gs_build_id, BUILD_ID_BYTES) != 0) {
        why = PART_OTHER_BUILD;
        goto refused;
    }
    nown = own_hunks(own);
    if (*(ULONG *)(head + ph_Format) != PART_FORMAT || nown != *(ULONG *)(head + ph_ResidentHunks) || n == 0 ||
        n != *(ULONG *)(head + ph_CodeHunks) || (hsize - ph_Sizes) / 4 <= n)
        goto refused;
    for (k = 0; k < n; k++) {
        csize[k] = *(ULONG *)(head + ph_Sizes + 4 * k);
        if (csize[k] > SEG_BYTES(code[k])) goto refused;
        code[k] = SEG_ADDR(code[k]);
    }
    if ((why = part_links(head, hsize, n, code, csize, own, nown, 0)) != 0) goto refused;
    if (!res_add(RES_PART, seg)) {
        gs_dos_UnLoadSeg(g_dosbase, seg);
        gs_dos_SetIoErr(g_dosbase, ERROR_NO_FREE_STORE);
        return PART_CANNOT_LOAD;
    }
    part_links(head, hsize, n, code, csize, own, nown, 1);
    gs_exec_CacheClearU(SYSBASE);
    part_table(head, n, code, 1);
    return seg; /* a BPTR: at least PART_LOADED_MIN */
refused:
    gs_dos_UnLoadSeg(g_dosbase, seg);
    return why;
}

static void part_release(ULONG seg)
{
    ULONG code[PART_MAX_HUNKS], head, n = part_hunks(seg, code, &head), k;
    for (k = 0; k < n; k++) code[k] = SEG_ADDR(code[k]);
    part_table(SEG_ADDR(head), n, code, 0);
    gs_dos_UnLoadSeg(g_dosbase, seg);
}

void Z_amigaZ_rt_part_unload(struct Z_amiga_instance_t *e, u32 seg)
{
    (void)e;
    res_drop(RES_PART, seg);
}

/* ---- the start code, freed once it has run (amiga_rt::init) ----
 * The build puts it in the program file's last hunks, the first of them
 * starting at gs_init (absent without start code). They are unlinked from
 * the program's seglist and unloaded: UnLoadSeg() frees a seglist from
 * the segment it is given to the end, and the loader of the program then
 * frees the rest. Freeing the last hunks renumbers no other. */
extern char gs_init[] __attribute__((weak));
void Z_amigaZ_rt_init_done(struct Z_amiga_instance_t *e)
{
    ULONG own[OWN_MAX_HUNKS], n, k, *link;
    (void)e;
    if (!gs_init) return;
    n = own_hunks(own);
    for (k = 1; k < n && k < OWN_MAX_HUNKS; k++) {
        if (own[k] != (ULONG)gs_init) continue;
        link = (ULONG *)(own[k - 1] - SEG_DATA); /* the hunk before: its next BPTR */
        n = *link;
        gs_exec_Forbid(SYSBASE);
        *link = 0;
        gs_exec_Permit(SYSBASE);
        gs_dos_UnLoadSeg(g_dosbase, n);
        return;
    }
    /* not in the seglist: freed already */
}

/* ---- what OS memory the copies below read ----
 * They follow pointers found in other programs' memory. A garbage pointer
 * must not make them read the custom chips, the CIAs or Gayle, whose
 * registers act on reads (a CIA's ICR clears its flags): only the RAM exec
 * manages (each MemHeader's mh_Lower..mh_Upper on SysBase->MemList,
 * exec/memory.h) and the ROM areas are read. Taken once at start; memory
 * added to the system later reads as unreadable. Without RAM in the list
 * (vamos) everything is readable. */
#define RANGES_MAX 16
static ULONG g_ranges[RANGES_MAX][2];
static ULONG g_nranges, g_nram;

static void readable_add(ULONG lower, ULONG upper)
{
    if (lower < upper && g_nranges < RANGES_MAX) {
        g_ranges[g_nranges][0] = lower;
        g_ranges[g_nranges][1] = upper;
        g_nranges++;
    }
}

static void readable_init(void)
{
    ULONG node, n = 0;
    gs_exec_Forbid(SYSBASE);
    for (node = *(volatile ULONG *)(SYSBASE + MemList); node && *(volatile ULONG *)node && n < RANGES_MAX - 2;
         node = *(volatile ULONG *)node, n++)
        readable_add(*(volatile ULONG *)(node + mh_Lower), *(volatile ULONG *)(node + mh_Upper));
    gs_exec_Permit(SYSBASE);
    g_nram = g_nranges;
    readable_add(0x00E00000UL, 0x00E80000UL); /* extended ROM */
    readable_add(0x00F00000UL, 0x01000000UL); /* ROM */
}

/* How many of the n bytes from a lie in one readable range (0: a is in
 * none). READABLE tries the range of the last hit in place (a walk reads
 * one program's memory after the other); readable_slow looks the address
 * up and remembers its range. */
static ULONG g_lo, g_hi;

static ULONG readable_slow(ULONG a, ULONG n)
{
    ULONG i;
    for (i = 0; i < g_nranges; i++)
        if (a >= g_ranges[i][0] && a < g_ranges[i][1]) {
            g_lo = g_ranges[i][0];
            g_hi = g_ranges[i][1];
            return n < g_hi - a ? n : g_hi - a;
        }
    return 0;
}

#define READABLE(a, n) \
    (!g_nram ? (n) : ((a) >= g_lo && (a) < g_hi) ? ((n) < g_hi - (a) ? (n) : g_hi - (a)) : readable_slow((a), (n)))

/* Whether a node of an OS list (a window, a screen, a gadget) may be at
 * address a. Such nodes are word-aligned; a 68000 cannot read a word or
 * longword of one at an odd address (an address error), so an odd address
 * ends a list as unreadable memory does (a broken or hostile list), on
 * every CPU: the walker's Rust model (core's IntuitionMemory defaults)
 * does the same, and the canary compares the two. */
#define NODE_OK(a) (!((ULONG)(a) & 1))

/* Copy len bytes of OS memory at absolute address src into linear memory;
 * 0 (nothing copied) when any of it is not readable memory. */
u32 Z_amigaZ_rt_copy_in(struct Z_amiga_instance_t *e, u32 dst, u32 src, u32 len)
{
    (void)e;
    if (len > g_inst.w2c_memory.size || dst > g_inst.w2c_memory.size - len)
        wasm_rt_trap(WASM_RT_TRAP_OOB);
    if (READABLE(src, len) < len) return 0;
    memcpy((void *)(MEMBASE + dst), (const void *)src, len);
    return 1;
}

/* 0 at an odd address (NODE_OK). */
u32 Z_amigaZ_rt_peek32(struct Z_amiga_instance_t *e, u32 a) { (void)e; return NODE_OK(a) ? *(volatile ULONG *)a : 0; }
u32 Z_amigaZ_rt_peek16(struct Z_amiga_instance_t *e, u32 a) { (void)e; return NODE_OK(a) ? *(volatile unsigned short *)a : 0; }
u32 Z_amigaZ_rt_peek8(struct Z_amiga_instance_t *e, u32 a) { (void)e; return *(volatile unsigned char *)a; }

/* Copies the string at absolute address src (at most max bytes before its
 * NUL; it ends where readable memory ends) into linear memory at dst, at
 * most room bytes of it; returns its length (room 0: only the length),
 * 0xFFFFFFFF when src is not readable. One call per title in the walker's
 * list copy, one per string length after it. */
u32 Z_amigaZ_rt_copy_cstr(struct Z_amiga_instance_t *e, u32 dst, u32 room, u32 src, u32 max)
{
    const unsigned char *s = (const unsigned char *)src;
    unsigned char *d;
    u32 n = 0;
    (void)e;
    if (room > g_inst.w2c_memory.size || dst > g_inst.w2c_memory.size - room)
        wasm_rt_trap(WASM_RT_TRAP_OOB);
    if (!READABLE(src, 1)) return 0xFFFFFFFFUL;
    max = READABLE(src, max);
    d = (unsigned char *)(MEMBASE + dst);
    while (n < max && s[n]) {
        if (n < room) d[n] = s[n];
        n++;
    }
    return n;
}

/* Copies up to max nodes of size bytes of the linked list whose first
 * node is at absolute address first (the next node's address is the
 * ULONG at next_off of each, 0 ends it) to linear memory at dst; returns
 * the number copied (it stops at a node that is not all readable). The
 * walker's window lists under LockIBase(), gadget lists under Forbid(). */
u32 Z_amigaZ_rt_copy_chain(struct Z_amiga_instance_t *e, u32 dst, u32 first, u32 next_off, u32 size, u32 max)
{
    u32 n = 0;
    (void)e;
    if (size < 4 || next_off > size - 4 || max > g_inst.w2c_memory.size / size ||
        dst > g_inst.w2c_memory.size - max * size)
        wasm_rt_trap(WASM_RT_TRAP_OOB);
    while (first && NODE_OK(first) && n < max && READABLE(first, size) == size) {
        memcpy((void *)(MEMBASE + dst + n * size), (const void *)first, size);
        first = *(const ULONG *)(first + next_off);
        n++;
    }
    return n;
}

/* READABLE with the range of the caller's last hit in *lo..*hi (a loop
 * that alternates between two kinds of memory, windows and their titles,
 * keeps one range each instead of looking up the other every time). */
static ULONG readable_in(ULONG a, ULONG n, ULONG *lo, ULONG *hi)
{
    ULONG r;
    if (!g_nram) return n;
    if (a >= *lo && a < *hi) return n < *hi - a ? n : *hi - a;
    r = readable_slow(a, n);
    if (r) {
        *lo = g_lo;
        *hi = g_hi;
    }
    return r;
}

/* The node after the last of the n keys (ULONGs, already decoded) found
 * in the list at first (next node's address at next_off of each, at most
 * limit nodes; it stops at a node that is not readable or at the last
 * key): 0 when that node ends the list, 0xFFFFFFFF when no key is in it.
 * Keys are only compared, never read through. */
static ULONG chain_after(ULONG at, ULONG next_off, const ULONG *key, u32 n, u32 limit)
{
    ULONG next, found = 0xFFFFFFFFUL, last, lo = 0, hi = 0;
    u32 i, walked = 0;
    if (!n) return found;
    last = key[n - 1];
    while (at && NODE_OK(at) && walked < limit && at <= 0xFFFFFFFBUL - next_off) {
        /* The range of the last readable node in place (a list is
         * mostly in one range), else the look-up. */
        if (g_nram && !(at >= lo && at + next_off + 4 <= hi)) {
            if (READABLE(at + next_off, 4) != 4) break;
            lo = g_lo;
            hi = g_hi;
        }
        next = *(const ULONG *)(at + next_off);
        if (at == last) return next;
        for (i = 0; i + 1 < n; i++)
            if (at == key[i]) found = next;
        at = next;
        walked++;
    }
    return found;
}

/* Decodes n <= 16 keys (ULONGs of linear memory at keys, little-endian
 * as wasm stores them) into key. */
static void keys_in(ULONG *key, u32 keys, u32 n)
{
    const unsigned char *k;
    u32 i;
    if (n > 16 || keys > g_inst.w2c_memory.size - n * 4) wasm_rt_trap(WASM_RT_TRAP_OOB);
    for (i = 0, k = (const unsigned char *)(MEMBASE + keys); i < n; i++, k += 4)
        key[i] = (ULONG)k[0] | (ULONG)k[1] << 8 | (ULONG)k[2] << 16 | (ULONG)k[3] << 24;
}

/* rt_copy_chain with strings, resuming after keys: with nkeys > 0 the
 * copy starts after the last of the nkeys keys found in the list at first
 * (chain_after, at most limit nodes walked); none found: nothing copied,
 * bit 30 of the result set. Each node copied is followed by a ULONG: the
 * length of the string its ULONG at str_off points at (at most str_max
 * bytes before its NUL; 0xFFFFFFFF for NULL or unreadable), whose bytes
 * are appended to linear memory at sdst. A node whose string does not fit
 * whole in the sroom bytes left there is not copied: the copy stops
 * before it and bit 31 of the result is set. Returns the nodes copied (low
 * bits); the string bytes appended and the node the copy started at are
 * stored at out (two big-endian ULONGs). The walker's list batches under
 * LockIBase(): its place found again and the windows and their titles
 * copied in one crossing from the wasm2c code. */
u32 Z_amigaZ_rt_copy_titled(struct Z_amiga_instance_t *e, u32 dst, u32 first, u32 next_off, u32 size, u32 str_off,
                            u32 max, u32 sdst, u32 sroom, u32 str_max, u32 out, u32 keys, u32 nkeys, u32 limit)
{
    u32 n = 0, rec = size + 4, len, put = 0, r = 0;
    unsigned char *d, *sd;
    const unsigned char *s;
    ULONG str, lim, key[16], lo = 0, hi = 0, slo = 0, shi = 0;
    (void)e;
    if (size < 4 || next_off > size - 4 || str_off > size - 4 || max > g_inst.w2c_memory.size / rec ||
        dst > g_inst.w2c_memory.size - max * rec || sroom > g_inst.w2c_memory.size ||
        sdst > g_inst.w2c_memory.size - sroom || out > g_inst.w2c_memory.size - 8)
        wasm_rt_trap(WASM_RT_TRAP_OOB);
    keys_in(key, keys, nkeys);
    if (nkeys) {
        first = chain_after(first, next_off, key, nkeys, limit);
        if (first == 0xFFFFFFFFUL) {
            first = 0;
            r = 0x40000000UL;
        }
    }
    put_ulong(MEMBASE + out + 4, first);
    sd = (unsigned char *)(MEMBASE + sdst);
    while (first && NODE_OK(first) && n < max && readable_in(first, size, &lo, &hi) == size) {
        str = *(const ULONG *)(first + str_off);
        len = 0xFFFFFFFFUL;
        if (str && (lim = readable_in(str, str_max, &slo, &shi)) != 0) {
            s = (const unsigned char *)str;
            for (len = 0; len < lim && s[len]; len++)
                ;
            if (len > sroom) {
                r = 0x80000000UL;
                break;
            }
            memcpy(sd, s, len);
            sd += len;
            sroom -= len;
            put += len;
        }
        d = (unsigned char *)(MEMBASE + dst + n * rec);
        memcpy(d, (const void *)first, size);
        put_ulong((ULONG)(d + size), len);
        first = get_ulong((ULONG)(d + next_off));
        n++;
    }
    put_ulong(MEMBASE + out, put);
    return n | r;
}

/* Walks the linked list at first (next node's address at next_off of
 * each, at most limit nodes; it stops at a node that is not readable)
 * until the last of the n keys (ULONGs of linear memory, little-endian as
 * wasm stores them) is found or the list ends, and returns the address of
 * the node after the last key found: 0 when that node ends the list,
 * 0xFFFFFFFF when no key is in the list. Where a batched list copy
 * resumes, found again by comparing addresses only (no key is ever read
 * through). */
u32 Z_amigaZ_rt_chain_after(struct Z_amiga_instance_t *e, u32 first, u32 next_off, u32 keys, u32 n, u32 limit)
{
    ULONG key[16];
    (void)e;
    keys_in(key, keys, n);
    return chain_after(first, next_off, key, n, limit);
}

/* The ULONG at a, when its four bytes are readable (a NULL address and a
 * range that wraps past 4 GiB are not, as for rt_copy_in); else 0 with
 * *ok cleared. */
static ULONG peek_readable(ULONG a, int *ok)
{
    if (!a || !NODE_OK(a) || a > 0xFFFFFFFBUL || READABLE(a, 4) != 4) {
        *ok = 0;
        return 0;
    }
    return *(const ULONG *)a;
}

/* The node of the list whose first node's address is the ULONG at head
 * (next node's address at next_off of each, at most limit nodes) whose
 * own list (its first node's address at sub_off, each next at
 * sub_next_off, at most sub_limit nodes: chain_after) holds the node key;
 * 0 when none does or head is not readable. A node whose fields are not
 * readable ends the list. key is only compared, never read through. The
 * walker's look-up of a window in the screens' window lists, in one
 * crossing from the wasm2c code. */
u32 Z_amigaZ_rt_list_holding(struct Z_amiga_instance_t *e, u32 head, u32 next_off, u32 sub_off, u32 sub_next_off,
                             u32 key, u32 limit, u32 sub_limit)
{
    ULONG at, sub, k = key;
    u32 walked = 0;
    int ok = 1;
    (void)e;
    at = peek_readable(head, &ok);
    while (ok && at && walked < limit) {
        sub = peek_readable(at + sub_off, &ok);
        if (!ok) break;
        if (chain_after(sub, sub_next_off, &k, 1, sub_limit) != 0xFFFFFFFFUL) return at;
        at = peek_readable(at + next_off, &ok);
        walked++;
    }
    return 0;
}

/* SysBase->DispCount (exec/execbase.h, "incremented when a task is
 * dispatched"): unchanged while no other task has run. */
u32 Z_amigaZ_rt_dispatch_count(struct Z_amiga_instance_t *e)
{
    (void)e;
    return *(volatile ULONG *)(SYSBASE + DispCount);
}

/* GetAttr(attrs[i], object, &v) for i = 0..n-1 (attrs: n ULONGs of linear
 * memory, little-endian as wasm stores them; n <= 16). Bit i of the result
 * is set when the class processed attribute i; v is then stored at
 * values + 4 * i (big-endian); bits 16-20 say how many were asked. It
 * stops after a GetAttr during which another task ran (DispCount moved:
 * the class waited, and the object may be gone since), so that the caller
 * looks again before asking the rest. A BOOPSI gadget's id and box in one
 * crossing from the wasm2c code instead of five. */
u32 Z_amigaZ_rt_get_attrs(struct Z_amiga_instance_t *e, u32 base, u32 object, u32 attrs, u32 n, u32 values)
{
    const unsigned char *a;
    ULONG v, attr, mask = 0, disp;
    u32 i;
    (void)e;
    if (n > 16 || attrs > g_inst.w2c_memory.size - n * 4 || values > g_inst.w2c_memory.size - n * 4)
        wasm_rt_trap(WASM_RT_TRAP_OOB);
    a = (const unsigned char *)(MEMBASE + attrs);
    disp = *(volatile ULONG *)(SYSBASE + DispCount);
    for (i = 0; i < n; i++, a += 4) {
        attr = (ULONG)a[0] | (ULONG)a[1] << 8 | (ULONG)a[2] << 16 | (ULONG)a[3] << 24;
        v = 0;
        if (gs_intuition_GetAttr(base, attr, object, (ULONG)&v)) {
            mask |= 1UL << i;
            put_ulong(MEMBASE + values + 4 * i, v);
        }
        if (*(volatile ULONG *)(SYSBASE + DispCount) != disp) {
            i++;
            break;
        }
    }
    return mask | (ULONG)i << 16;
}

/* The Rust panic handler hands over its message, then executes
 * `unreachable`, which traps back to the guard. */
void Z_amigaZ_rt_panic(struct Z_amiga_instance_t *e, u32 msg, u32 len)
{
    (void)e;
    if (len > sizeof g_panic) len = sizeof g_panic;
    if (msg <= g_inst.w2c_memory.size && len <= g_inst.w2c_memory.size - msg)
        memcpy(g_panic, (const void *)(MEMBASE + msg), len);
    else
        len = 0;
    g_panic_len = len;
}

u32 Z_amigaZ_rt_open_library(struct Z_amiga_instance_t *e, u32 name, u32 version)
{
    ULONG base;
    (void)e;
    base = gs_exec_OpenLibrary(SYSBASE, MEMBASE + name, version);
    if (base && !res_add(RES_LIBRARY, base)) {
        gs_exec_CloseLibrary(SYSBASE, base);
        base = 0;
    }
    return base;
}

/* Track / untrack an OS resource the Rust side acquired, so that a trap
 * still releases it. kind: 1 library, 2 RDArgs, 3 file handle. */
u32 Z_amigaZ_rt_track(struct Z_amiga_instance_t *e, u32 kind, u32 handle)
{
    (void)e;
    if (kind < RES_LIBRARY || kind > RES_FILE || !handle) return 0;
    return (u32)res_add(kind, handle);
}

/* Release a tracked resource now (the Rust Drop path). */
void Z_amigaZ_rt_release(struct Z_amiga_instance_t *e, u32 kind, u32 handle)
{
    (void)e;
    res_drop(kind, handle);
}

/* ---- input handlers: pick mode (amiga_rt::pick), the recorder (amiga_rt::record) ----
 *
 * Both run on input.device's task, called for every chain of input events
 * ahead of Intuition (priority 100 > Intuition's 50), so they cannot enter
 * the wasm instance (docs/reference/toolchain.md, "Callbacks and other
 * tasks"). They only read (pick mode also edits) the events, write their
 * MEMF_PUBLIC block and call exec Signal(); the Rust side reads the block.
 *
 * NDK facts (ndk.h): input.device Enqueue()s the struct Interrupt given
 * with IND_ADDHANDLER by ln_Pri and Remove()s it with IND_REMHANDLER (so
 * removing a node that is not in the list corrupts memory: the runtime
 * remembers whether it is installed). The handler is called with a0 =
 * the event chain, a1 = is_Data and returns the (possibly edited) chain
 * in d0; it may use d0/d1/a0/a1 (exec/interrupts.h, devices/input.h).
 * struct Interrupt (22 bytes): is_Node (ln_Succ 0, ln_Pred 4, ln_Type 8,
 * ln_Pri 9, ln_Name 10), is_Data 14, is_Code 18. */
/* held: which swallowed press still waits for its release */
#define PK_HELD_L 1
#define PK_HELD_R 2
#define PK_HELD_ESC 4

/* The kinds of handler, the block's and the ring entries' layout: HD_*,
 * hd_*, RC_RING and rc_* in ndk.h, from amiga_rt::layout (asserted below). */

struct pk_event {
    struct pk_event *next;
    unsigned char cls, subclass;
    unsigned short code, qual;
    short x, y;
    ULONG secs, micro;
};

/* One recorded event (amiga_rt::record's RawEvent). */
struct rc_entry {
    unsigned char cls, pad;
    unsigned short code, qual;
    short x, y;          /* IntuitionBase->FirstScreen->MouseX/MouseY then */
    unsigned short pad2;
    ULONG screen;        /* IntuitionBase->FirstScreen then */
    ULONG window;        /* IntuitionBase->ActiveWindow then */
    ULONG secs, micro;   /* ie_TimeStamp */
};

/* The MEMF_PUBLIC block (amiga_rt::layout). Pick mode allocates it up to
 * `ibase` only. */
struct hd_state {
    ULONG task;     /* owner task (FindTask(NULL) at allocation) */
    ULONG sigmask;
    ULONG moves;    /* pick: pointer events seen */
    ULONG clicks;   /* pick: left clicks swallowed (counted at the release) */
    ULONG cancels;  /* pick: right clicks / Esc swallowed (at the release) */
    ULONG held;     /* pick: PK_HELD_* */
    ULONG ioreq;    /* the open IOStdReq it was added with, 0 if not installed */
    ULONG is_succ, is_pred; /* struct Interrupt */
    unsigned char is_type;
    signed char is_pri;
    ULONG is_name, is_data, is_code;
    unsigned short pad;
    ULONG ibase;    /* record: IntuitionBase */
    ULONG head;     /* record: entries written (only increases) */
    ULONG tail;     /* record: entries read (written by the Rust side) */
    ULONG lost;     /* record: events dropped with the ring full */
    struct rc_entry ring[RC_RING];
};

_Static_assert(sizeof(struct pk_event) == ie_SIZEOF, "struct InputEvent");
_Static_assert(__builtin_offsetof(struct pk_event, qual) == ie_Qualifier, "ie_Qualifier");
_Static_assert(__builtin_offsetof(struct pk_event, x) == ie_X, "ie_X");
_Static_assert(__builtin_offsetof(struct pk_event, code) == ie_Code, "ie_Code");
_Static_assert(__builtin_offsetof(struct pk_event, secs) == ie_TimeStamp, "ie_TimeStamp");
#define GS_AT(s, f, off) _Static_assert(__builtin_offsetof(struct s, f) == off, #s "." #f " at " #off)
GS_AT(hd_state, task, hd_Task);
GS_AT(hd_state, sigmask, hd_SigMask);
GS_AT(hd_state, moves, hd_Moves);
GS_AT(hd_state, clicks, hd_Clicks);
GS_AT(hd_state, cancels, hd_Cancels);
GS_AT(hd_state, held, hd_Held);
GS_AT(hd_state, ioreq, hd_IoReq);
GS_AT(hd_state, is_succ, hd_Interrupt);
GS_AT(hd_state, is_name, hd_Interrupt + ln_Name);
GS_AT(hd_state, is_data, hd_Interrupt + is_Data);
GS_AT(hd_state, is_code, hd_Interrupt + is_Code);
GS_AT(hd_state, ibase, hd_IBase);
GS_AT(hd_state, head, hd_Head);
GS_AT(hd_state, tail, hd_Tail);
GS_AT(hd_state, lost, hd_Lost);
GS_AT(hd_state, ring, hd_Ring);
GS_AT(rc_entry, cls, rc_Class);
GS_AT(rc_entry, code, rc_Code);
GS_AT(rc_entry, qual, rc_Qual);
GS_AT(rc_entry, x, rc_X);
GS_AT(rc_entry, y, rc_Y);
GS_AT(rc_entry, screen, rc_Screen);
GS_AT(rc_entry, window, rc_Window);
GS_AT(rc_entry, secs, rc_Secs);
GS_AT(rc_entry, micro, rc_Micro);
_Static_assert(sizeof(struct rc_entry) == rc_SIZEOF, "rc_entry's size");

ULONG rt_pick_events(struct pk_event *list, struct hd_state *st);
ULONG rt_record_events(struct pk_event *list, struct hd_state *st);

/* Entries from input.device: a0 = events, a1 = is_Data; d0 = events. */
__asm__(
    "\t.section .text.rt_handler_entry,\"ax\"\n"
    "\t.globl rt_pick_entry\n"
    "rt_pick_entry:\n"
    "\tmove.l %a1,-(%sp)\n"
    "\tmove.l %a0,-(%sp)\n"
    "\tjsr rt_pick_events\n"
    "\taddq.l #8,%sp\n"
    "\trts\n"
    "\t.globl rt_record_entry\n"
    "rt_record_entry:\n"
    "\tmove.l %a1,-(%sp)\n"
    "\tmove.l %a0,-(%sp)\n"
    "\tjsr rt_record_events\n"
    "\taddq.l #8,%sp\n"
    "\trts\n"
    "\t.text\n");
void rt_pick_entry(void);
void rt_record_entry(void);

/* A mouse event that may carry a button code. */
static int hd_pointer_class(unsigned char cls)
{
    return cls == IECLASS_RAWMOUSE || cls == IECLASS_POINTERPOS || cls == IECLASS_NEWPOINTERPOS;
}

/* A swallowed event: keep the movement if it carries one, else make the
 * whole event IECLASS_NULL (every handler after us ignores it). */
static void pk_swallow(struct pk_event *ev, int moved)
{
    if (moved) ev->code = IECODE_NOBUTTON;
    else ev->cls = IECLASS_NULL;
}

ULONG rt_pick_events(struct pk_event *list, struct hd_state *st)
{
    struct pk_event *ev;
    int signal = 0;
    for (ev = list; ev; ev = ev->next) {
        unsigned short code = ev->code;
        if (hd_pointer_class(ev->cls)) {
            int moved = ev->cls != IECLASS_RAWMOUSE || ev->x || ev->y;
            if (moved) { st->moves++; signal = 1; }
            if (code == IECODE_LBUTTON) {
                st->held |= PK_HELD_L;
                pk_swallow(ev, moved);
            } else if (code == (IECODE_LBUTTON | IECODE_UP_PREFIX) && (st->held & PK_HELD_L)) {
                st->held &= ~PK_HELD_L;
                st->clicks++;
                signal = 1;
                pk_swallow(ev, moved);
            } else if (code == IECODE_RBUTTON) {
                st->held |= PK_HELD_R;
                pk_swallow(ev, moved);
            } else if (code == (IECODE_RBUTTON | IECODE_UP_PREFIX) && (st->held & PK_HELD_R)) {
                st->held &= ~PK_HELD_R;
                st->cancels++;
                signal = 1;
                pk_swallow(ev, moved);
            }
        } else if (ev->cls == IECLASS_RAWKEY && (code & ~IECODE_UP_PREFIX) == RAWKEY_ESC) {
            if (!(code & IECODE_UP_PREFIX)) {
                st->held |= PK_HELD_ESC; /* key repeats included */
                ev->cls = IECLASS_NULL;
            } else if (st->held & PK_HELD_ESC) {
                st->held &= ~PK_HELD_ESC;
                st->cancels++;
                signal = 1;
                ev->cls = IECLASS_NULL;
            }
        }
        /* Nobody after us may see a button we swallowed as held. */
        if (st->held & PK_HELD_L) ev->qual &= ~IEQUALIFIER_LEFTBUTTON;
        if (st->held & PK_HELD_R) ev->qual &= ~IEQUALIFIER_RBUTTON;
    }
    if (signal) gs_exec_Signal(SYSBASE, st->task, st->sigmask);
    return (ULONG)list;
}

/* The recorder only reads: it copies each button transition and key press
 * (no repeat, no qualifier key) with the pointer and the active window as
 * Intuition has them now, on this same task, before Intuition sees the
 * event. A full ring drops the event and counts it: input must never
 * wait for GadgetScope. */
ULONG rt_record_events(struct pk_event *list, struct hd_state *st)
{
    struct pk_event *ev;
    int signal = 0;
    for (ev = list; ev; ev = ev->next) {
        unsigned short code = ev->code, key = code & ~IECODE_UP_PREFIX;
        struct rc_entry *e;
        ULONG head = st->head, screen;
        if (hd_pointer_class(ev->cls)) {
            if (key != IECODE_LBUTTON && key != IECODE_RBUTTON) continue;
        } else if (ev->cls == IECLASS_RAWKEY) {
            if ((code & IECODE_UP_PREFIX) || (ev->qual & IEQUALIFIER_REPEAT)) continue;
            if (key >= RAWKEY_LSHIFT && key <= RAWKEY_RCOMMAND) continue;
        } else {
            continue;
        }
        signal = 1;
        if (head - st->tail >= RC_RING) { st->lost++; continue; }
        e = &st->ring[head % RC_RING];
        screen = *(volatile ULONG *)(st->ibase + ib_FirstScreen);
        e->cls = ev->cls;
        e->code = code;
        e->qual = ev->qual;
        e->screen = screen;
        e->x = screen ? *(volatile short *)(screen + sc_MouseX) : 0;
        e->y = screen ? *(volatile short *)(screen + sc_MouseY) : 0;
        e->window = *(volatile ULONG *)(st->ibase + ib_ActiveWindow);
        e->secs = ev->secs;
        e->micro = ev->micro;
        /* The entry is complete before the reader can see it. */
        __asm__ volatile("" ::: "memory");
        st->head = head + 1;
    }
    if (signal) gs_exec_Signal(SYSBASE, st->task, st->sigmask);
    return (ULONG)list;
}

/* Removes the handler if the Rust side left it installed (after a trap),
 * with the IOStdReq it was added with, and closes that request's device;
 * then frees the block. */
static void handler_release(ULONG state)
{
    struct hd_state *st = (struct hd_state *)state;
    ULONG req = st->ioreq;
    if (req) {
        *(volatile unsigned short *)(req + io_Command) = IND_REMHANDLER;
        *(volatile ULONG *)(req + io_Data) = state + 28;
        gs_exec_DoIO(SYSBASE, req);
        gs_exec_CloseDevice(SYSBASE, req);
        st->ioreq = 0;
    }
    gs_exec_FreeVec(SYSBASE, state);
}

/* A zeroed MEMF_PUBLIC block of handler `kind` (HD_PICK, HD_RECORD) with
 * its struct Interrupt filled in (priority 100, is_Data = the block),
 * tracked so that a trap removes and frees it; 0 when out of memory or of
 * an unknown kind. `ibase` is IntuitionBase (the recorder reads it). */
u32 Z_amigaZ_rt_handler_alloc(struct Z_amiga_instance_t *e, u32 kind, u32 sigmask, u32 ibase)
{
    struct hd_state *st;
    ULONG size;
    (void)e;
    if (kind == HD_PICK) size = __builtin_offsetof(struct hd_state, ibase);
    else if (kind == HD_RECORD && ibase) size = sizeof *st;
    else return 0;
    st = (struct hd_state *)gs_exec_AllocVec(SYSBASE, size, MEMF_PUBLIC | MEMF_CLEAR);
    if (!st) return 0;
    st->task = gs_exec_FindTask(SYSBASE, 0);
    st->sigmask = sigmask;
    st->is_type = NT_INTERRUPT;
    st->is_pri = 100;
    st->is_data = (ULONG)st;
    if (kind == HD_PICK) {
        st->is_name = (ULONG)GS_PROGRAM_NAME " pick";
        st->is_code = (ULONG)rt_pick_entry;
    } else {
        st->is_name = (ULONG)GS_PROGRAM_NAME " record";
        st->is_code = (ULONG)rt_record_entry;
        st->ibase = ibase;
    }
    if (!res_add(RES_HANDLER, (ULONG)st)) {
        gs_exec_FreeVec(SYSBASE, (ULONG)st);
        return 0;
    }
    return (u32)st;
}

/* The Rust side says: installed with this IOStdReq (absolute address), or
 * removed again (0). */
void Z_amigaZ_rt_handler_armed(struct Z_amiga_instance_t *e, u32 state, u32 ioreq)
{
    (void)e;
    ((struct hd_state *)state)->ioreq = ioreq;
}

/* Frees the block (the Rust side removed the handler before). */
void Z_amigaZ_rt_handler_free(struct Z_amiga_instance_t *e, u32 state)
{
    (void)e;
    res_drop(RES_HANDLER, state);
}

/* ---- memory statistics (amiga_rt::memstat) ----
 * When the Shell's local variable GSMEMSTAT names a file at start, both
 * stacks are painted before use and every rt_memstat call appends a line
 * to it; a stack's high-water mark is then its lowest longword that no
 * longer holds the paint. Without the variable: one GetVar() at start. */
#define MS_PAINT 0xA5C3A5C3UL
static char g_ms_name[64]; /* the statistics file, "": statistics off */
static ULONG g_stack_lo;   /* the swapped stack's lower end */
static ULONG g_shadow_top; /* the shadow stack's top (offset; it is at 0..top) */
static char g_ms_line[160];
/* rt_on_stack's stacks: the one in use (lower end, 0 when none), the
 * last one's size and the deepest use seen (bytes). */
static ULONG g_ms_extra_lo, g_ms_extra_size, g_ms_extra_used;

static void ms_paint(ULONG lo, ULONG hi)
{
    for (; lo + 4 <= hi; lo += 4) *(ULONG *)lo = MS_PAINT;
}

/* Bytes from the lowest longword without the paint up to hi. */
static ULONG ms_used(ULONG lo, ULONG hi)
{
    while (lo + 4 <= hi && *(const ULONG *)lo == MS_PAINT) lo += 4;
    return hi - lo;
}

static ULONG ms_put(ULONG n, const char *s, ULONG len)
{
    while (len-- && n < sizeof g_ms_line) g_ms_line[n++] = *s++;
    return n;
}

static ULONG ms_num(ULONG n, ULONG v)
{
    char d[10];
    ULONG k = 0;
    do { d[k++] = (char)('0' + v % 10); v /= 10; } while (v);
    while (k && n < sizeof g_ms_line) g_ms_line[n++] = d[--k];
    return n;
}

static ULONG ms_extra_now(void)
{
    return g_ms_extra_lo ? ms_used(g_ms_extra_lo, g_ms_extra_lo + g_ms_extra_size) : 0;
}

void Z_amigaZ_rt_memstat(struct Z_amiga_instance_t *e, u32 label, u32 len, u32 heap_high, u32 heap_size)
{
    ULONG n = 0, fh;
    (void)e;
    if (!g_ms_name[0]) return;
    if (len > 32 || label > g_inst.w2c_memory.size - len) wasm_rt_trap(WASM_RT_TRAP_OOB);
    n = ms_put(n, GS_PROGRAM_NAME " ", sizeof GS_PROGRAM_NAME);
    n = ms_put(n, (const char *)(MEMBASE + label), len);
    n = ms_put(n, " heap ", 6);
    n = ms_num(n, heap_high);
    n = ms_put(n, " of ", 4);
    n = ms_num(n, heap_size);
    n = ms_put(n, " shadow ", 8);
    n = ms_num(n, ms_used(MEMBASE, MEMBASE + g_shadow_top));
    n = ms_put(n, " of ", 4);
    n = ms_num(n, g_shadow_top);
    n = ms_put(n, " native ", 8);
    n = ms_num(n, ms_used(g_stack_lo, g_stack_lo + GS_STACK_BYTES));
    n = ms_put(n, " of ", 4);
    n = ms_num(n, GS_STACK_BYTES);
    if (g_ms_extra_size) {
        ULONG now = ms_extra_now();
        n = ms_put(n, " extra ", 7);
        n = ms_num(n, g_ms_extra_used > now ? g_ms_extra_used : now);
        n = ms_put(n, " of ", 4);
        n = ms_num(n, g_ms_extra_size);
    }
    n = ms_put(n, "\n", 1);
    /* Opened for each line: other programs append to the same file. */
    fh = gs_dos_Open(g_dosbase, (ULONG)g_ms_name, MODE_READWRITE);
    if (fh) {
        gs_dos_Seek(g_dosbase, fh, 0, OFFSET_END);
        gs_dos_Write(g_dosbase, fh, (ULONG)g_ms_line, n);
        gs_dos_Close(g_dosbase, fh);
    }
}

/* ---- trap report ---- */
static const char *trap_text(wasm_rt_trap_t t)
{
    switch (t) {
    case WASM_RT_TRAP_OOB: return "memory access out of bounds";
    case WASM_RT_TRAP_INT_OVERFLOW: return "integer overflow";
    case WASM_RT_TRAP_DIV_BY_ZERO: return "division by zero";
    case WASM_RT_TRAP_INVALID_CONVERSION: return "invalid conversion";
    case WASM_RT_TRAP_UNREACHABLE: return "unreachable code reached";
    case WASM_RT_TRAP_CALL_INDIRECT: return "bad indirect call";
    case WASM_RT_TRAP_EXHAUSTION: return "out of memory or stack";
    default: return "trap";
    }
}

static char g_report[400];

static void report_trap(void)
{
    ULONG n = 0, i;
    const char *parts[4];
    const char *p;
    parts[0] = GS_PROGRAM_NAME ": ";
    parts[1] = g_fatal ? g_fatal : g_panic_len ? "panic: " : trap_text(g_trap);
    parts[2] = 0;
    for (i = 0; i < 2; i++)
        for (p = parts[i]; *p && n < sizeof g_report - 2; p++) g_report[n++] = *p;
    for (i = 0; i < g_panic_len && n < sizeof g_report - 2; i++) g_report[n++] = g_panic[i];
    g_report[n++] = '\n';
    g_report[n] = 0;

    if (!g_wbmsg && g_dosbase) {
        ULONG out = gs_dos_Output(g_dosbase);
        if (out) {
            gs_dos_Write(g_dosbase, out, (ULONG)g_report, n);
            return;
        }
    }
    {
        /* intuition/intuition.h struct EasyStruct (20 bytes) */
        static ULONG es[5];
        ULONG args[1];
        ULONG ibase = gs_exec_OpenLibrary(SYSBASE, (ULONG)"intuition.library", 36);
        if (!ibase) return;
        g_report[n - 1] = 0; /* no trailing LF in a requester */
        es[0] = es_SIZEOF;
        es[1] = 0;
        es[2] = (ULONG)GS_PROGRAM_NAME;
        es[3] = (ULONG)"%s";
        es[4] = (ULONG)"OK";
        args[0] = (ULONG)g_report;
        gs_intuition_EasyRequestArgs(ibase, 0, (ULONG)es, 0, (ULONG)args);
        gs_exec_CloseLibrary(SYSBASE, ibase);
    }
}

/* ---- start ---- */
/* The swapped stack could not be had (memory full or too fragmented):
 * said like a fatal error, on the caller's stack, with IoErr set for the
 * Shell's WHY (after the report: Write() may set it too). */
static void report_no_stack(void)
{
    static const char head[] = "not enough memory for its ", tail[] = "-byte stack";
    ULONG n = ms_put(0, head, sizeof head - 1);
    n = ms_num(n, GS_STACK_BYTES);
    ms_put(n, tail, sizeof tail); /* with its NUL */
    g_fatal = g_ms_line;
    report_trap();
    gs_dos_SetIoErr(g_dosbase, ERROR_NO_FREE_STORE);
}

static ULONG run_program(void)
{
    ULONG rc;
    if (__builtin_setjmp(g_guard) == 0) {
        Z_prog_init_module();
        Z_prog_instantiate(&g_inst, &g_env);
        /* Rust's shadow stack is at the start of linear memory (wasm-ld
         * --stack-first, as rustc links wasm32): 0 up to its first value. */
        g_shadow_top = g_inst.w2c___stack_pointer;
        if (g_ms_name[0] && g_shadow_top <= g_inst.w2c_memory.size) ms_paint(MEMBASE, MEMBASE + g_shadow_top);
        rc = Z_progZ_amiga_main(&g_inst);
    } else {
        wasm_rt_call_stack_depth = 0;
        report_trap();
        rc = 20;
    }
    /* wasm2c's free is not used: after a trap the instance may be half
     * built; every allocation it made (its tables) is a tracked RES_VEC,
     * and linear memory is part of the segment. */
    res_release_all();
    return rc;
}

/* Runs fn on the stack of `bytes` at `stack` (StackSwap()), the stack
 * guard's floor at its reserve meanwhile; returns fn's result. */
static ULONG swap_run(ULONG stack, ULONG bytes, ULONG (*fn)(void))
{
    ULONG sss[3]; /* exec/tasks.h struct StackSwapStruct: lower, upper, pointer */
    ULONG floor = gs_stack_floor, r;
    sss[0] = stack;
    sss[1] = stack + bytes;
    sss[2] = stack + bytes - 4;
    gs_stack_floor = stack + GS_STACK_RESERVE(bytes);
    r = rt_swap_call(sss, fn);
    gs_stack_floor = floor;
    return r;
}

/* ---- a stretch of the program on a native stack of its own ----
 * rt_on_stack runs one wasm function (i32) -> () from the table on a stack
 * it allocates for the call and frees after it (amiga_rt::stack): what
 * needs more stack than the program's own (GadgetScope's window) takes it
 * only while it runs. A trap there is caught on that stack, the stack
 * given back, then reported as any other. One such stretch at a time. */
static wasm_rt_function_ptr_t g_sub_fn;
static void *g_sub_inst;
static u32 g_sub_arg;

static ULONG on_stack_body(void)
{
    void *outer[5];
    ULONG trapped = 0;
    memcpy(outer, g_guard, sizeof outer);
    if (__builtin_setjmp(g_guard) == 0)
        ((void (*)(void *, u32))g_sub_fn)(g_sub_inst, g_sub_arg);
    else
        trapped = 1;
    memcpy(g_guard, outer, sizeof outer);
    return trapped;
}

u32 Z_amigaZ_rt_on_stack(struct Z_amiga_instance_t *e, u32 bytes, u32 index, u32 arg)
{
    static uint32_t type; /* (i32) -> () */
    wasm_rt_funcref_t *t = g_inst.w2c_T0.data;
    ULONG stack, trapped;
    (void)e;
    if (!type) type = wasm_rt_register_func_type(1, 0, WASM_RT_I32);
    if (g_sub_fn || !t || index >= g_inst.w2c_T0.size || t[index].func_type != type || bytes < STACK_MIN ||
        bytes > STACK_MAX)
        wasm_rt_trap(WASM_RT_TRAP_CALL_INDIRECT);
    bytes &= ~3UL;
    stack = gs_exec_AllocVec(SYSBASE, bytes, MEMF_ANY);
    if (!stack) return 0;
    if (g_ms_name[0]) {
        ms_paint(stack, stack + bytes);
        g_ms_extra_lo = stack;
        g_ms_extra_size = bytes;
    }
    g_sub_fn = t[index].func;
    g_sub_inst = t[index].module_instance;
    g_sub_arg = arg;
    trapped = swap_run(stack, bytes, on_stack_body);
    g_sub_fn = 0;
    if (g_ms_extra_lo) {
        ULONG used = ms_extra_now();
        if (used > g_ms_extra_used) g_ms_extra_used = used;
        g_ms_extra_lo = 0;
    }
    gs_exec_FreeVec(SYSBASE, stack);
    if (trapped) __builtin_longjmp(g_guard, 1);
    return 1;
}

ULONG rt_start(void)
{
    ULONG me = gs_exec_FindTask(SYSBASE, 0);
    ULONG rc = 20, stack, here;
    ULONG mark; /* its address: where this frame is on the process's stack */

    if (*(volatile ULONG *)(me + pr_CLI) == 0) {
        gs_exec_WaitPort(SYSBASE, me + pr_MsgPort);
        g_wbmsg = gs_exec_GetMsg(SYSBASE, me + pr_MsgPort);
    }
    readable_init();
    g_dosbase = gs_exec_OpenLibrary(SYSBASE, (ULONG)"dos.library", 37);
    if (g_dosbase) {
        if (g_wbmsg || (long)gs_dos_GetVar(g_dosbase, (ULONG)"GSMEMSTAT", (ULONG)g_ms_name, sizeof g_ms_name,
                                           GVF_LOCAL_ONLY) <= 0)
            g_ms_name[0] = 0;
        here = (ULONG)&mark & ~3UL;
        if (here - *(volatile ULONG *)(me + tc_SPLower) >= GS_STACK_BYTES + STACK_MARGIN) {
            /* The process's own stack is big enough (a Shell's `Stack`, an
             * icon's stack size): the program runs on it, with the same
             * GS_STACK_BYTES below this frame as a stack of its own. */
            g_stack_lo = here - STACK_MARGIN - GS_STACK_BYTES;
            if (g_ms_name[0]) ms_paint(g_stack_lo, g_stack_lo + GS_STACK_BYTES);
            gs_stack_floor = g_stack_lo + GS_STACK_RESERVE(GS_STACK_BYTES);
            rc = run_program();
        } else if ((stack = gs_exec_AllocVec(SYSBASE, GS_STACK_BYTES, MEMF_ANY)) != 0) {
            g_stack_lo = stack;
            if (g_ms_name[0]) ms_paint(stack, stack + GS_STACK_BYTES);
            rc = swap_run(stack, GS_STACK_BYTES, run_program);
            gs_exec_FreeVec(SYSBASE, stack);
        } else {
            report_no_stack();
        }
        gs_exec_CloseLibrary(SYSBASE, g_dosbase);
    }
    if (g_wbmsg) {
        gs_exec_Forbid(SYSBASE);
        gs_exec_ReplyMsg(SYSBASE, g_wbmsg);
    }
    return rc;
}
