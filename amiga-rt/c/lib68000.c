/* GadgetScope native runtime: the integer helpers GCC calls in code built
 * for the 68000 (docs/reference/toolchain.md, "The 68000 build").
 *
 * The 68000 has no 32x32 multiply (MULU.L), no 32-bit divide (DIVU.L) and
 * no BFFFO, so GCC calls these libgcc routines for 32-bit multiply and
 * divide, for every 64-bit multiply, divide and variable shift, and for
 * clz/ctz/popcount. Debian's m68k libgcc is built for the 68020 (it uses
 * MULU.L, DIVU.L and BSR.L) and no 68000 libgcc is packaged, so the 68000
 * build links this file instead: our own, written for this project. The
 * names and calling conventions are libgcc's (GCC internals, "The GCC
 * low-level runtime library", integer arithmetic routines).
 *
 * Only 16x16->32 MULU.W and 32/16 DIVU.W do real work here; nothing calls
 * another helper (the build checks the object: no relocation to a `__`
 * symbol), so GCC cannot turn an operation in here into a call to itself.
 * Division by zero is never asked (wasm2c's code traps before it divides,
 * Rust checks); it returns 0 here instead of raising the CPU's
 * zero-divide exception. Built on the host too by amiga-toolchain's
 * tests, which compare every routine with the host's own arithmetic (the
 * DIVU.W path has a plain C twin there). */

typedef unsigned int u32;
typedef int s32;
typedef unsigned long long u64;
typedef long long s64;

#ifdef GS_LIB68000_TEST
/* Host test build: other names, so that the host's own libgcc stays. */
#define NAME(n) gs_test##n
#else
#define NAME(n) n
#endif

#define HI(x) ((u32)((x) >> 32))
#define LO(x) ((u32)(x))
#define DW(h, l) (((u64)(h) << 32) | (u64)(u32)(l))

/* 16x16 -> 32 bits: MULU.W. */
static inline u32 mulu16(u32 a, u32 b)
{
#ifdef __mc68000__
    u32 p = (unsigned short)a;
    unsigned short m = (unsigned short)b;
    __asm__("mulu.w %1,%0" : "+d"(p) : "dm"(m) : "cc");
    return p;
#else
    return (u32)(unsigned short)a * (u32)(unsigned short)b;
#endif
}

/* n / d with the remainder in *r, for d < 0x10000 and n >> 16 < d (the
 * quotient fits 16 bits): DIVU.W. */
static inline u32 divu16(u32 n, u32 d, u32 *r)
{
#ifdef __mc68000__
    unsigned short dv = (unsigned short)d;
    __asm__("divu.w %1,%0" : "+d"(n) : "dm"(dv) : "cc");
    *r = n >> 16;
    return n & 0xFFFFu;
#else
    *r = n % d;
    return n / d;
#endif
}

/* The low 32 bits of a * b. */
static inline u32 mul_lo(u32 a, u32 b)
{
    return mulu16(a, b) + ((mulu16(a >> 16, b) + mulu16(a, b >> 16)) << 16);
}

/* All 64 bits of a * b. */
static u64 mul_wide(u32 a, u32 b)
{
    u32 ll = mulu16(a, b), lh = mulu16(a, b >> 16), hl = mulu16(a >> 16, b);
    u32 hh = mulu16(a >> 16, b >> 16);
    u32 mid = lh + hl, lo;
    if (mid < lh) hh += 0x10000u;
    lo = ll + (mid << 16);
    if (lo < ll) hh++;
    return DW(hh + (mid >> 16), lo);
}

static u32 udivmod32(u32 n, u32 d, u32 *rem)
{
    u32 q, r, top;
    int i;
    if (!d) {
        *rem = 0;
        return 0;
    }
    if (d < 0x10000u) {
        q = divu16(n >> 16, d, &r) << 16;
        q |= divu16((r << 16) | (n & 0xFFFFu), d, &r);
        *rem = r;
        return q;
    }
    /* d >= 2^16: the quotient fits 16 bits, so the upper half of n is the
     * first partial remainder (below d) and 16 steps find the rest. */
    r = n >> 16;
    n <<= 16;
    q = 0;
    for (i = 0; i < 16; i++) {
        top = r >> 31;
        r = (r << 1) | (n >> 31);
        n <<= 1;
        q <<= 1;
        if (top || r >= d) {
            r -= d;
            q |= 1;
        }
    }
    *rem = r;
    return q;
}

static u64 udivmod64(u64 n, u64 d, u64 *rem)
{
    u32 nh = HI(n), nl = LO(n), dh = HI(d), dl = LO(d), r, qh, ql, rh, rl, top, b;
    int i;
    if (!dh) {
        if (dl && dl < 0x10000u) {
            /* Four 16-bit digits, each one DIVU.W. */
            qh = divu16(nh >> 16, dl, &r) << 16;
            qh |= divu16((r << 16) | (nh & 0xFFFFu), dl, &r);
            ql = divu16((r << 16) | (nl >> 16), dl, &r) << 16;
            ql |= divu16((r << 16) | (nl & 0xFFFFu), dl, &r);
            *rem = r;
            return DW(qh, ql);
        }
        if (!nh) {
            ql = udivmod32(nl, dl, &r);
            *rem = r;
            return ql;
        }
        if (!dl) {
            *rem = 0;
            return 0;
        }
    }
    qh = ql = rh = rl = 0;
    for (i = 0; i < 64; i++) {
        top = rh >> 31;
        rh = (rh << 1) | (rl >> 31);
        rl = (rl << 1) | (nh >> 31);
        nh = (nh << 1) | (nl >> 31);
        nl <<= 1;
        qh = (qh << 1) | (ql >> 31);
        ql <<= 1;
        if (top || rh > dh || (rh == dh && rl >= dl)) {
            b = rl < dl;
            rl -= dl;
            rh -= dh + b;
            ql |= 1;
        }
    }
    *rem = DW(rh, rl);
    return DW(qh, ql);
}

u32 NAME(__mulsi3)(u32 a, u32 b)
{
    return mul_lo(a, b);
}

u64 NAME(__muldi3)(u64 a, u64 b)
{
    u64 p = mul_wide(LO(a), LO(b));
    return DW(HI(p) + mul_lo(LO(a), HI(b)) + mul_lo(HI(a), LO(b)), LO(p));
}

u32 NAME(__udivsi3)(u32 a, u32 b)
{
    u32 r;
    return udivmod32(a, b, &r);
}

u32 NAME(__umodsi3)(u32 a, u32 b)
{
    u32 r;
    udivmod32(a, b, &r);
    return r;
}

/* Signed: the quotient rounds toward zero, the remainder has the
 * dividend's sign (C99 6.5.5). */
s32 NAME(__divsi3)(s32 a, s32 b)
{
    u32 r, q = udivmod32(a < 0 ? -(u32)a : (u32)a, b < 0 ? -(u32)b : (u32)b, &r);
    return (s32)((a < 0) != (b < 0) ? -q : q);
}

s32 NAME(__modsi3)(s32 a, s32 b)
{
    u32 r;
    udivmod32(a < 0 ? -(u32)a : (u32)a, b < 0 ? -(u32)b : (u32)b, &r);
    return (s32)(a < 0 ? -r : r);
}

u64 NAME(__udivdi3)(u64 a, u64 b)
{
    u64 r;
    return udivmod64(a, b, &r);
}

u64 NAME(__umoddi3)(u64 a, u64 b)
{
    u64 r;
    udivmod64(a, b, &r);
    return r;
}

s64 NAME(__divdi3)(s64 a, s64 b)
{
    u64 r, q = udivmod64(a < 0 ? -(u64)a : (u64)a, b < 0 ? -(u64)b : (u64)b, &r);
    return (s64)((a < 0) != (b < 0) ? -q : q);
}

s64 NAME(__moddi3)(s64 a, s64 b)
{
    u64 r;
    udivmod64(a < 0 ? -(u64)a : (u64)a, b < 0 ? -(u64)b : (u64)b, &r);
    return (s64)(a < 0 ? -r : r);
}

/* Shifts by 0 to 63 bits (wasm2c masks the count). */
u64 NAME(__ashldi3)(u64 a, int n)
{
    u32 h = HI(a), l = LO(a);
    if (n >= 32) {
        h = l << (n - 32);
        l = 0;
    } else if (n > 0) {
        h = (h << n) | (l >> (32 - n));
        l <<= n;
    }
    return DW(h, l);
}

u64 NAME(__lshrdi3)(u64 a, int n)
{
    u32 h = HI(a), l = LO(a);
    if (n >= 32) {
        l = h >> (n - 32);
        h = 0;
    } else if (n > 0) {
        l = (l >> n) | (h << (32 - n));
        h >>= n;
    }
    return DW(h, l);
}

s64 NAME(__ashrdi3)(s64 a, int n)
{
    u32 h = HI(a), l = LO(a);
    if (n >= 32) {
        l = (u32)((s32)h >> (n - 32));
        h = (u32)((s32)h >> 31);
    } else if (n > 0) {
        l = (l >> n) | (h << (32 - n));
        h = (u32)((s32)h >> n);
    }
    return (s64)DW(h, l);
}

/* Leading and trailing zero bits (32 or 64 for 0, although GCC asks only
 * for non-zero values), and the number of bits set. */
static inline int clz32(u32 x)
{
    int n = 0;
    if (!x) return 32;
    if (!(x & 0xFFFF0000u)) { n += 16; x <<= 16; }
    if (!(x & 0xFF000000u)) { n += 8; x <<= 8; }
    if (!(x & 0xF0000000u)) { n += 4; x <<= 4; }
    if (!(x & 0xC0000000u)) { n += 2; x <<= 2; }
    if (!(x & 0x80000000u)) n++;
    return n;
}

int NAME(__clzsi2)(u32 x)
{
    return clz32(x);
}

int NAME(__clzdi2)(u64 x)
{
    return HI(x) ? clz32(HI(x)) : 32 + clz32(LO(x));
}

static inline int ctz32(u32 x)
{
    int n = 0;
    if (!x) return 32;
    if (!(x & 0xFFFFu)) { n += 16; x >>= 16; }
    if (!(x & 0xFFu)) { n += 8; x >>= 8; }
    if (!(x & 0xFu)) { n += 4; x >>= 4; }
    if (!(x & 0x3u)) { n += 2; x >>= 2; }
    if (!(x & 0x1u)) n++;
    return n;
}

int NAME(__ctzsi2)(u32 x)
{
    return ctz32(x);
}

int NAME(__ctzdi2)(u64 x)
{
    return LO(x) ? ctz32(LO(x)) : 32 + ctz32(HI(x));
}

static inline int pop32(u32 x)
{
    x -= (x >> 1) & 0x55555555u;
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0Fu;
    x += x >> 8;
    x += x >> 16;
    return (int)(x & 0x3Fu);
}

int NAME(__popcountsi2)(u32 x)
{
    return pop32(x);
}

int NAME(__popcountdi2)(u64 x)
{
    return pop32(HI(x)) + pop32(LO(x));
}
