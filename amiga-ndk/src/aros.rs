//! AROS's private structures, not in the NDK: what the harness's tools
//! read of the emulator's AROS ROM (UAETool's `TASKS` and `ALLOCS`, the
//! hang dump). GadgetScope itself uses none of them. Each cites the AROS
//! source it comes from; the numbers are the m68k build's.

// ---- AROS rom/exec/etask.h struct ETask (tc_ETask with TF_ETASK)
/// `et_RegFrame`: the task's saved registers, a `struct
/// ExceptionContext` (AROS rom/exec/etask.h, m68k).
pub const et_RegFrame: usize = 98;

// ---- AROS arch/m68k struct ExceptionContext (d0-d7, a0-a7, sr, pc)
/// `a[7]`: the saved stack pointer (AROS arch/m68k cpucontext.h).
pub const ctx_A7: usize = 60;
/// `pc`: the saved program counter, after the UWORD `sr` (AROS arch/m68k
/// cpucontext.h).
pub const ctx_PC: usize = 66;

// ---- AROS rom/exec/memory.h struct MungwallHeader: the debug header
// before every allocation while mungwall is on (the test ROM boots with
// `sysdebug=mungwall`).
/// `mwh_node`: a `struct MinNode` (`ln_Succ`, `ln_Pred` at the same
/// offsets as a Node's) in exec's list of every allocation.
pub const mwh_node: usize = 0;
/// `mwh_magicid` (ULONG): always [`MUNGWALL_MAGIC`].
pub const mwh_magicid: usize = 8;
/// `mwh_allocsize` (ULONG): the size the caller asked for.
pub const mwh_allocsize: usize = 14;
/// `mwh_AllocFunc` (char *): the allocating function's name.
pub const mwh_AllocFunc: usize = 22;
/// `mwh_Owner` (struct Task *): the task that allocated.
pub const mwh_Owner: usize = 26;
/// `mwh_Caller` (APTR): the return address into the caller.
pub const mwh_Caller: usize = 30;
/// The value in every header's `mwh_magicid` (AROS rom/exec/memory.h).
pub const MUNGWALL_MAGIC: u32 = 0x1ADE_BCA1;
/// The caller's memory starts this far after the header: the header,
/// then the lower wall (measured on the test ROM).
pub const MUNGWALL_USER: usize = 72;
