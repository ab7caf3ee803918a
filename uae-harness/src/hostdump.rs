//! The hang dump read from outside the Amiga.
//!
//! When a scenario hangs, the harness reads the emulated machine's RAM out
//! of the FS-UAE process (`/proc/<pid>/mem`: the harness started FS-UAE,
//! so the kernel lets it read its memory) and walks exec's task lists on
//! the host, with FS-UAE stopped meanwhile (`SIGSTOP`, then `SIGCONT`), so
//! the dump is of one instant. Nothing runs on the Amiga for it, so every scenario gets it,
//! memory checks included, and a machine whose scheduler has stopped is
//! read as well as a healthy one. (The on-Amiga watcher `UAETool WATCH`
//! of [`Scenario::watchdog`](crate::scenario::Scenario::watchdog) needs a
//! working scheduler and polls the filesystem once a second, which moves
//! free memory.)
//!
//! Finding the RAM: FS-UAE allocates each RAM block (chip, fast, slow)
//! with `malloc` (16-byte aligned). Chip RAM is the place that starts
//! with 0, a pointer to an ExecBase whose `ChkBase` is its complement
//! and a privilege violation vector into the ROM, and holds the
//! `MemHeader` of chip RAM; the
//! block of that ExecBase is where its `ChkBase` is found, every other
//! block where the `mh_Upper` of its `MemHeader` in `ExecBase.MemList`
//! is. Own code: no library reads an emulator's RAM.
//!
//! What the dump says: the CPU's registers of that instant (FS-UAE's
//! own copy of them, [`find_cpu`]), ExecBase's nesting counts, the running task, the
//! tasks of `TaskReady` and `TaskWait` (each as `UAETool TASKS` prints
//! it), every way the lists disagree with the tasks' `tc_State`, and the
//! tasks found by scanning RAM outside exec's free memory that are in no
//! list; one of those in state READY or WAIT is a lost task: exec will
//! never run it again.

use amiga_ndk::exec::*;
use std::fs::File;
use std::os::unix::fs::FileExt;
use uaetool::{task_text, TaskMemory};

/// The machine's RAM as read from the host: blocks at their Amiga
/// addresses.
pub struct Ram {
    blocks: Vec<(u32, Vec<u8>)>,
}

impl Ram {
    /// `blocks`: (Amiga address of the first byte, the bytes).
    pub fn new(blocks: Vec<(u32, Vec<u8>)>) -> Ram {
        Ram { blocks }
    }

    /// The `n` bytes at Amiga address `a`, if one block holds them all.
    pub fn bytes(&self, a: u32, n: u32) -> Option<&[u8]> {
        self.blocks.iter().find_map(|(base, b)| {
            let off = a.checked_sub(*base)? as usize;
            b.get(off..off.checked_add(n as usize)?)
        })
    }

    pub fn peek8(&self, a: u32) -> Option<u8> {
        self.bytes(a, 1).map(|b| b[0])
    }

    pub fn peek16(&self, a: u32) -> Option<u16> {
        self.bytes(a, 2).map(|b| u16::from_be_bytes([b[0], b[1]]))
    }

    pub fn peek32(&self, a: u32) -> Option<u32> {
        self.bytes(a, 4).map(|b| u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
    }

    /// A NUL-terminated string of 1 to `max` printable Latin-1 bytes.
    fn name(&self, a: u32, max: u32) -> Option<Vec<u8>> {
        let mut out = Vec::new();
        for i in 0..=max {
            match self.peek8(a.checked_add(i)?)? {
                0 => return (!out.is_empty()).then_some(out),
                c if c >= 0x20 && c != 0x7f => out.push(c),
                _ => return None,
            }
        }
        None
    }
}

/// A host process's memory: its readable and writable mappings and a way
/// to read bytes at a host address.
pub trait HostMemory {
    /// (first address, end) of each mapping.
    fn mappings(&self) -> Vec<(u64, u64)>;
    /// The mappings that hold the program's own global variables (its
    /// writable data and the BSS after it); all of them if not known.
    fn globals(&self) -> Vec<(u64, u64)> {
        self.mappings()
    }
    /// Fills `buf` from host address `at`; false if it cannot be read.
    fn read(&self, at: u64, buf: &mut [u8]) -> bool;
}

/// A live process, through `/proc/<pid>/maps` and `/proc/<pid>/mem`.
pub struct ProcMem {
    mem: File,
    maps: Vec<(u64, u64)>,
    globals: Vec<(u64, u64)>,
}

impl ProcMem {
    /// Errors: the process is gone or its memory may not be read (the
    /// reader must be allowed to trace it: its parent, same user).
    pub fn open(pid: u32) -> Result<ProcMem, String> {
        let maps =
            std::fs::read_to_string(format!("/proc/{pid}/maps")).map_err(|e| format!("/proc/{pid}/maps: {e}"))?;
        let mem = File::open(format!("/proc/{pid}/mem")).map_err(|e| format!("/proc/{pid}/mem: {e}"))?;
        let exe = std::fs::read_link(format!("/proc/{pid}/exe")).ok();
        // (range, the mapped file's path or "") of each writable mapping.
        let writable: Vec<((u64, u64), &str)> = maps
            .lines()
            .filter_map(|l| {
                let mut f = l.split_whitespace();
                let (range, perms) = (f.next()?, f.next()?);
                let path = f.nth(3).unwrap_or("");
                let (lo, hi) = range.split_once('-')?;
                let range = (u64::from_str_radix(lo, 16).ok()?, u64::from_str_radix(hi, 16).ok()?);
                perms.starts_with("rw").then_some((range, path))
            })
            .collect();
        // The executable's writable mappings and an unnamed one right
        // after them (the rest of its BSS).
        let mut globals: Vec<(u64, u64)> = Vec::new();
        for &(range, path) in &writable {
            let own = exe.as_ref().is_some_and(|e| e.as_os_str() == path);
            let bss = path.is_empty() && globals.last().is_some_and(|&(_, end)| end == range.0);
            if own || bss {
                globals.push(range);
            }
        }
        Ok(ProcMem { mem, maps: writable.iter().map(|&(r, _)| r).collect(), globals })
    }
}

impl HostMemory for ProcMem {
    fn mappings(&self) -> Vec<(u64, u64)> {
        self.maps.clone()
    }
    fn globals(&self) -> Vec<(u64, u64)> {
        if self.globals.is_empty() {
            self.maps.clone()
        } else {
            self.globals.clone()
        }
    }
    fn read(&self, at: u64, buf: &mut [u8]) -> bool {
        self.mem.read_exact_at(buf, at).is_ok()
    }
}

fn host_u32(host: &dyn HostMemory, at: u64) -> Option<u32> {
    let mut b = [0u8; 4];
    host.read(at, &mut b).then(|| u32::from_be_bytes(b))
}

fn host_u8(host: &dyn HostMemory, at: u64) -> Option<u8> {
    let mut b = [0u8; 1];
    host.read(at, &mut b).then_some(b[0])
}

/// Bytes read at a time while scanning a mapping.
const WINDOW: u64 = 4 << 20;

/// Calls `f(host address, window bytes, offset)` for every mapping's
/// windows (each window's bytes run 16 bytes past its end, where the
/// mapping has them, so a pattern across two windows is seen once).
fn scan(host: &dyn HostMemory, mut f: impl FnMut(u64, &[u8], usize)) {
    for (lo, hi) in host.mappings() {
        let mut at = lo;
        while at < hi {
            let len = (hi - at).min(WINDOW + 16) as usize;
            let mut buf = vec![0u8; len];
            if host.read(at, &mut buf) {
                f(at, &buf, len.min(WINDOW as usize));
            }
            at += WINDOW;
        }
    }
}

/// Host addresses of every even place the big-endian longword `v` is
/// stored.
fn find_longword(host: &dyn HostMemory, v: u32) -> Vec<u64> {
    let pattern = v.to_be_bytes();
    let mut out = Vec::new();
    scan(host, |at, buf, len| {
        out.extend(
            memchr::memmem::find_iter(buf, &pattern)
                .filter(|&i| i < len && (at + i as u64).is_multiple_of(2))
                .map(|i| at + i as u64),
        )
    });
    out
}

/// Whether a block of `size` bytes at host address `at` lies in one mapping.
fn fits(host: &dyn HostMemory, at: u64, size: u32) -> bool {
    host.mappings().iter().any(|&(lo, hi)| at >= lo && at + size as u64 <= hi)
}

/// Host addresses where the struct at Amiga address `a` of the block
/// `(base, size)` may be, given host addresses of its field at `field`
/// (from [`find_longword`]): the block's start, for each that fits.
fn block_starts(host: &dyn HostMemory, hits: &[u64], a: u32, field: usize, (base, size): (u32, u32)) -> Vec<u64> {
    let back = (a - base) as u64 + field as u64;
    hits.iter().filter_map(|&p| p.checked_sub(back)).filter(|&b| fits(host, b, size)).collect()
}

/// Finds the RAM blocks of `layout` ((Amiga address, bytes), chip RAM
/// first, at 0) in `host` and reads them.
///
/// Errors: no candidate or more than one for a block (each named), a
/// block that cannot be read.
pub fn find_ram(host: &dyn HostMemory, layout: &[(u32, u32)]) -> Result<Ram, String> {
    let block_of = |a: u32| layout.iter().position(|&(base, size)| a >= base && a - base < size);
    let in_rom = |v: u32| (0xF8_0000..0x100_0000).contains(&v);
    let (_, chip_size) = *layout.first().ok_or("no RAM layout")?;
    // Chip RAM candidates: an allocation (16-byte aligned) starting with
    // 0, a pointer into RAM at 4 (ExecBase) and the privilege violation
    // vector (at $20, exec's `Supervisor()` trap) into the ROM.
    let mut chips: Vec<(u64, u32)> = Vec::new();
    scan(host, |at, buf, len| {
        let be = |o: usize| u32::from_be_bytes([buf[o], buf[o + 1], buf[o + 2], buf[o + 3]]);
        let first = ((16 - at % 16) % 16) as usize;
        for o in (first..len.min(buf.len().saturating_sub(0x24))).step_by(16) {
            let eb = be(o + 4);
            if be(o) == 0 && eb & 1 == 0 && eb >= 0x100 && block_of(eb).is_some() && in_rom(be(o + 0x20)) {
                chips.push((at + o as u64, eb));
            }
        }
    });
    // For each, the ExecBase: its ChkBase is its address's complement
    // (looked for once per ExecBase address).
    let mut hits: Vec<(u64, u32, u64)> = Vec::new();
    let mut starts_of: Vec<(u32, Vec<u64>)> = Vec::new();
    for &(chip, eb) in &chips {
        if !fits(host, chip, chip_size) {
            continue;
        }
        let k = block_of(eb).expect("checked");
        let starts = if k == 0 {
            vec![chip]
        } else {
            if !starts_of.iter().any(|(e, _)| *e == eb) {
                starts_of.push((eb, block_starts(host, &find_longword(host, !eb), eb, ChkBase, layout[k])));
            }
            starts_of.iter().find(|(e, _)| *e == eb).expect("just added").1.clone()
        };
        for b in starts {
            let at = b + (eb - layout[k].0) as u64;
            if host_u32(host, at + ChkBase as u64) == Some(!eb)
                && host_u8(host, at + ln_Type as u64) == Some(NT_LIBRARY)
            {
                hits.push((chip, eb, b));
            }
        }
    }
    // The real chip RAM also holds its own MemHeader, which a copy of its
    // first longwords elsewhere does not.
    hits.retain(|&(chip, eb, b)| {
        let mut at = vec![None; layout.len()];
        at[0] = Some(chip);
        at[block_of(eb).expect("checked")] = Some(b);
        read_found(host, layout, &at).is_ok_and(|ram| {
            list_nodes(&ram, eb + MemList as u32)
                .into_iter()
                .any(|h| block_of(h) == Some(0) && ram.peek8(h + ln_Type as u32) == Some(NT_MEMORY))
        })
    });
    let (chip, eb, eb_block) = match hits.as_slice() {
        [one] => *one,
        [] => return Err(format!("no chip RAM with a valid ExecBase found ({} candidates)", chips.len())),
        many => return Err(format!("{} places look like chip RAM with an ExecBase", many.len())),
    };
    let mut found: Vec<Option<u64>> = vec![None; layout.len()];
    found[0] = Some(chip);
    found[block_of(eb).expect("checked")] = Some(eb_block);
    let mut ram = read_found(host, layout, &found)?;
    // The other blocks: a list walk ends at the first node in a block not
    // read yet; its predecessor is known. A MemHeader that ends its block
    // (mh_Upper) is looked for by that value; else the node is looked for
    // by its ln_Pred and type (AROS's boot RAM at $A80000, one MemHeader
    // for 1 MB that FS-UAE keeps as two 512 KB banks; on the A500
    // MemList runs $C00000, chip RAM, $A80000, and TaskWait into both
    // banks). Each block found starts the walks again.
    let mut tried: Vec<u32> = Vec::new();
    let mut ambiguous: Vec<(usize, String)> = Vec::new();
    let unread = |found: &[Option<u64>], a: u32| block_of(a).is_some_and(|k| found[k].is_none());
    while let Some((head, x, pred, kinds)) = unread_link(&ram, eb, |a| unread(&found, a), &tried) {
        tried.push(x);
        let k = block_of(x).expect("an unread block");
        let (base, size) = layout[k];
        let off = (x - base) as u64;
        let mut at: Vec<u64> = Vec::new();
        if kinds == [NT_MEMORY] {
            at = block_starts(host, &find_longword(host, base + size), x, mh_Upper, layout[k])
                .into_iter()
                .filter(|&b| {
                    host_u8(host, b + off + ln_Type as u64) == Some(NT_MEMORY)
                        && host_u32(host, b + off + mh_Lower as u64).is_some_and(|l| l >= base && l - base < size)
                })
                .collect();
        }
        if at.is_empty() {
            at = find_longword(host, pred)
                .into_iter()
                .filter_map(|p| p.checked_sub(off + ln_Pred as u64))
                .filter(|&b| {
                    fits(host, b, size)
                        && host_u8(host, b + off + ln_Type as u64).is_some_and(|t| kinds.contains(&t))
                        && host_u32(host, b + off + ln_Succ as u64).is_some_and(|n| {
                            // The successor links back, or is the list's
                            // tail (which then names it), or is unread.
                            n & 1 == 0
                                && if n == head + lh_Tail as u32 {
                                    ram.peek32(head + lh_TailPred as u32) == Some(x)
                                } else {
                                    ram.peek32(n + ln_Pred as u32).is_none_or(|p| p == x)
                                }
                        })
                })
                .collect();
        }
        // Several places holding the whole block alike are copies of one
        // another (the emulator keeps one now and then): any of them will
        // do. Otherwise another of the block's nodes may tell them apart.
        let alike = |one: u64, rest: &[u64]| {
            let (mut x, mut y) = (vec![0u8; size as usize], vec![0u8; size as usize]);
            host.read(one, &mut x) && rest.iter().all(|&b| host.read(b, &mut y) && x == y)
        };
        match at.as_slice() {
            [] => continue,
            [one, rest @ ..] if alike(*one, rest) => found[k] = Some(*one),
            many => {
                ambiguous.push((k, format!("RAM at ${base:08x}: {} places hold its node ${x:08x}", many.len())));
                continue;
            }
        }
        ram = read_found(host, layout, &found)?;
    }
    match ambiguous.into_iter().find(|(k, _)| found[*k].is_none()) {
        Some((_, why)) => Err(why),
        None => Ok(ram),
    }
}

fn read_found(host: &dyn HostMemory, layout: &[(u32, u32)], found: &[Option<u64>]) -> Result<Ram, String> {
    let mut blocks = Vec::new();
    for (&(base, size), at) in layout.iter().zip(found) {
        if let Some(at) = at {
            let mut b = vec![0u8; size as usize];
            if !host.read(*at, &mut b) {
                return Err(format!("RAM at ${base:08x} cannot be read"));
            }
            blocks.push((base, b));
        }
    }
    Ok(Ram::new(blocks))
}

/// The first node of ExecBase's `MemList`, `TaskReady` or `TaskWait`
/// (in that order) that is `unread` and not in `tried`: (the list's
/// header, its address, its predecessor's, the node types it may have).
type Link = (u32, u32, u32, &'static [u8]);
fn unread_link(ram: &Ram, eb: u32, unread: impl Fn(u32) -> bool, tried: &[u32]) -> Option<Link> {
    const MEMORY: &[u8] = &[NT_MEMORY];
    const TASKS: &[u8] = &[NT_TASK, NT_PROCESS];
    for (list, kinds) in [(MemList, MEMORY), (TaskReady, TASKS), (TaskWait, TASKS)] {
        let head = eb + list as u32;
        let (mut pred, mut n) = (head, ram.peek32(head + lh_Head as u32)?);
        for _ in 0..1000 {
            if n == 0 || n & 1 != 0 {
                break;
            }
            if unread(n) {
                if tried.contains(&n) {
                    break;
                }
                return Some((head, n, pred, kinds));
            }
            match ram.peek32(n + ln_Succ as u32) {
                Some(0) | None => break,
                Some(next) => (pred, n) = (n, next),
            }
        }
    }
    None
}

/// The nodes of the exec list whose header is at `head`, in order; stops
/// at a node outside RAM, an odd address or after 1000 nodes.
fn list_nodes(ram: &Ram, head: u32) -> Vec<u32> {
    let mut out = Vec::new();
    let mut n = ram.peek32(head + lh_Head as u32).unwrap_or(0);
    while n != 0 && n & 1 == 0 && out.len() < 1000 {
        match ram.peek32(n + ln_Succ as u32) {
            Some(0) | None => break,
            Some(next) => {
                out.push(n);
                n = next;
            }
        }
    }
    out
}

impl TaskMemory for Ram {
    fn peek8(&self, a: u32) -> u8 {
        Ram::peek8(self, a).unwrap_or(0)
    }
    fn peek32(&self, a: u32) -> u32 {
        Ram::peek32(self, a).unwrap_or(0)
    }
    fn is_ram(&self, a: u32, n: u32) -> bool {
        self.bytes(a, n).is_some()
    }
    fn c_string(&self, a: u32, max: u32) -> Option<Vec<u8>> {
        self.name(a, max)
    }
}

/// Whether `a` holds something shaped like a live task: a task or
/// process node with a name, a state exec defines and a stack that holds
/// its saved stack pointer.
fn looks_like_task(ram: &Ram, a: u32) -> bool {
    let (Some(ty), Some(state)) = (ram.peek8(a + ln_Type as u32), ram.peek8(a + tc_State as u32)) else {
        return false;
    };
    if (ty != NT_TASK && ty != NT_PROCESS) || state > TS_REMOVED {
        return false;
    }
    let (Some(lower), Some(upper), Some(sp)) =
        (ram.peek32(a + tc_SPLower as u32), ram.peek32(a + tc_SPUpper as u32), ram.peek32(a + tc_SPReg as u32))
    else {
        return false;
    };
    lower < upper
        && upper - lower <= 1 << 20
        && ram.bytes(lower, upper - lower).is_some()
        && (lower..=upper).contains(&sp)
        && ram.peek32(a + ln_Name as u32).and_then(|n| ram.name(n, 64)).is_some()
}

/// The free chunks of every `MemHeader` in `ExecBase.MemList`:
/// (first byte, bytes).
fn free_chunks(ram: &Ram, eb: u32) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    for h in list_nodes(ram, eb + MemList as u32) {
        let mut c = ram.peek32(h + mh_First as u32).unwrap_or(0);
        while c != 0 && out.len() < 100_000 {
            let Some(bytes) = ram.peek32(c + mc_Bytes as u32) else { break };
            out.push((c, bytes));
            c = ram.peek32(c + mc_Next as u32).unwrap_or(0);
        }
    }
    out
}

/// exec's free memory of `ram` (every `MemHeader` in `ExecBase.MemList`):
/// a line `free <bytes> in <n> chunks, largest <bytes>, next <bytes>`,
/// then `  $<address> <bytes>` for each chunk of 4 KiB or more, in list
/// order. The largest chunks bound the hunks `LoadSeg()` can place.
/// Nothing runs on the Amiga for it (a `UAETool AVAIL` would take about
/// 270 KB of what it measures).
///
/// Errors: address 4 does not point at an ExecBase.
pub fn free_memory_line(ram: &Ram) -> Result<String, String> {
    let eb = ram.peek32(4).ok_or("address 4 is not in RAM")?;
    if ram.peek32(eb + ChkBase as u32) != Some(!eb) {
        return Err(format!("no ExecBase at ${eb:08x}"));
    }
    let chunks = free_chunks(ram, eb);
    let mut sizes: Vec<u32> = chunks.iter().map(|&(_, n)| n).collect();
    sizes.sort_unstable_by(|a, b| b.cmp(a));
    let total: u64 = sizes.iter().map(|&n| u64::from(n)).sum();
    let mut t = format!(
        "free {total} in {} chunks, largest {}, next {}",
        sizes.len(),
        sizes.first().copied().unwrap_or(0),
        sizes.get(1).copied().unwrap_or(0)
    );
    for (a, n) in chunks {
        if n >= 4096 {
            t.push_str(&format!("\n  ${a:08x} {n}"));
        }
    }
    Ok(t)
}

/// A host step: exec's free memory now, read from outside the Amiga
/// ([`free_memory_line`]), into `host-<step>.log`.
pub fn free_memory(ctx: &crate::HostContext) -> Result<String, String> {
    let (ram, _) = read_process(ctx.emulator, ctx.model.ram())?;
    free_memory_line(&ram)
}

/// The emulated CPU's registers, read from FS-UAE's own copy of them.
#[derive(Debug, PartialEq, Eq)]
pub struct Cpu {
    /// Host address of FS-UAE's `struct regstruct regs`.
    pub at: u64,
    /// D0-D7, A0-A7 (A7 the stack pointer in use).
    pub regs: [u32; 16],
    /// The program counter.
    pub pc: u32,
    /// The 16 bytes at the program counter, as FS-UAE's pointer into its
    /// copy of the ROM or RAM sees them (empty where it has none).
    pub code: Vec<u8>,
    /// Empty, or at which instant [`read_process`] found the registers
    /// and why the ones before had none.
    pub note: String,
}

/// See [`Findings::lists_in_flux`].
pub fn lists_in_flux(cpu: &Result<Cpu, String>, ram: &Ram) -> bool {
    let disabled = ram.peek32(4).and_then(|eb| ram.peek8(eb + IDNestCnt as u32)).is_some_and(|n| (n as i8) >= 0);
    disabled || cpu.as_ref().is_ok_and(|c| c.supervisor(ram))
}

impl Cpu {
    /// Whether A7 is in the supervisor stack (ExecBase's `SysStkLower` to
    /// `SysStkUpper`): the CPU runs an interrupt, a trap or exec's task
    /// switch, not a task.
    pub fn supervisor(&self, ram: &Ram) -> bool {
        let Some(eb) = ram.peek32(4) else { return false };
        match (ram.peek32(eb + SysStkLower as u32), ram.peek32(eb + SysStkUpper as u32)) {
            (Some(lo), Some(hi)) => (lo..=hi).contains(&self.regs[15]),
            _ => false,
        }
    }
}

// FS-UAE 3.1's `struct regstruct` (src/include/newcpu.h; the global
// `regs`, host byte order, x86-64): `uae_u32 regs[16]`, `uae_u32 pc`,
// `uae_u8 *pc_p`, `uae_u8 *pc_oldp`, `uae_u16 opcode`, `uae_u32
// instruction_pc`. The CPU runs on from `pc` by `pc_p - pc_oldp` bytes
// (`m68k_getpc()`, backwards after a short branch; both 0 where it
// counts in `pc`); `instruction_pc` and
// `opcode` are the instruction it carries out, which ends at most 22
// bytes on (the 68020's longest instruction).
const REGS_PC: usize = 64;
const REGS_PC_P: usize = 72;
const REGS_PC_OLDP: usize = 80;
const REGS_OPCODE: usize = 88;
const REGS_INSTRUCTION_PC: usize = 92;
const REGS_SIZE: usize = 96;

/// Whether `a` is in the Kickstart ROM ($F80000), its extension
/// ($E00000) or UAE's own boot ROM (`rtarea`, $F00000: the code of its
/// filesystem and traps).
fn in_rom(a: u32) -> bool {
    (0xF8_0000..0x100_0000).contains(&a) || (0xE0_0000..0xE8_0000).contains(&a) || (0xF0_0000..0xF1_0000).contains(&a)
}

/// The stacks the CPU may be on: (lowest byte, end, whose), the
/// supervisor stack and those of the running, ready and waiting tasks.
fn stacks(ram: &Ram) -> Vec<(u32, u32, String)> {
    let Some(eb) = ram.peek32(4) else { return Vec::new() };
    let mut out = Vec::new();
    if let (Some(lo), Some(hi)) = (ram.peek32(eb + SysStkLower as u32), ram.peek32(eb + SysStkUpper as u32)) {
        out.push((lo, hi, "the supervisor stack".to_string()));
    }
    let mut tasks = vec![ram.peek32(eb + ThisTask as u32).unwrap_or(0)];
    tasks.extend(list_nodes(ram, eb + TaskReady as u32));
    tasks.extend(list_nodes(ram, eb + TaskWait as u32));
    for t in tasks.into_iter().filter(|&t| t != 0) {
        if let (Some(lo), Some(hi)) = (ram.peek32(t + tc_SPLower as u32), ram.peek32(t + tc_SPUpper as u32)) {
            let name = ram.peek32(t + ln_Name as u32).and_then(|n| ram.name(n, 64)).unwrap_or_default();
            out.push((lo, hi, format!("the stack of \"{}\"", String::from_utf8_lossy(&name))));
        }
    }
    out
}

/// Finds FS-UAE's CPU registers in the emulator's globals: the one place
/// whose A7 is even and in RAM, whose program counter is even,
/// in the ROM or in RAM past the vectors and at most 22 bytes past
/// `instruction_pc`, and whose `pc_p` and `pc_oldp` are both 0 or point
/// into the host's memory less than 64 KB apart, with `opcode` where the
/// instruction starts. Read with the
/// emulator stopped, they are the CPU's of that instant, which a running
/// task's saved registers are not.
///
/// Errors: no such place, or more than one (each host address named).
pub fn find_cpu(host: &dyn HostMemory, ram: &Ram) -> Result<Cpu, String> {
    let mut found = Vec::new();
    // Places with A7 in RAM and `pc` in ROM or RAM that failed a further
    // test, for the error.
    let mut near = Vec::new();
    for (lo, hi) in host.globals() {
        let mut buf = vec![0u8; (hi - lo) as usize];
        if !host.read(lo, &mut buf) {
            continue;
        }
        let le32 = |b: &[u8], o: usize| u32::from_le_bytes([b[o], b[o + 1], b[o + 2], b[o + 3]]);
        let le64 = |b: &[u8], o: usize| u64::from_le_bytes(b[o..o + 8].try_into().unwrap_or_default());
        for off in (0..buf.len().saturating_sub(REGS_SIZE)).step_by(4) {
            let b = &buf[off..off + REGS_SIZE];
            // A7 is even and in RAM past the vectors (not always in a
            // stack exec knows: a task being set up has none yet).
            let a7 = le32(b, 60);
            if a7 & 1 != 0 || a7 < 0x400 || ram.bytes(a7, 4).is_none() {
                continue;
            }
            let (p, oldp) = (le64(b, REGS_PC_P), le64(b, REGS_PC_OLDP));
            // The 16 bytes at PC, fewer at the end of FS-UAE's buffer.
            let code = (p != 0)
                .then(|| {
                    [16, 8, 4, 2].into_iter().find_map(|n| {
                        let mut c = vec![0u8; n];
                        host.read(p, &mut c).then_some(c)
                    })
                })
                .flatten();
            let pointers = (p == 0 && oldp == 0) || (oldp != 0 && code.is_some());
            let mut code = code.unwrap_or_default();
            // Code runs in the ROM or in RAM past the exception vectors.
            let at_pc = |pc: u32| pc & 1 == 0 && (in_rom(pc) || (pc >= 0x400 && ram.bytes(pc, 2).is_some()));
            // A short branch moves `pc_p` back as well as on.
            let ahead = (p as i64).wrapping_sub(oldp as i64);
            let Some(ahead) = Some(ahead).filter(|&d| pointers && d.unsigned_abs() < 0x1_0000) else {
                if at_pc(le32(b, REGS_PC)) {
                    near.push(format!(
                        "{:#x}: pc=${:08x} pc_p={p:#x} pc_oldp={oldp:#x}",
                        lo + off as u64,
                        le32(b, REGS_PC)
                    ));
                }
                continue;
            };
            let pc = le32(b, REGS_PC).wrapping_add(ahead as u32);
            let instruction_pc = le32(b, REGS_INSTRUCTION_PC);
            let into = pc.wrapping_sub(instruction_pc);
            // The instruction's first word is its opcode, where FS-UAE
            // points into its memory or else in RAM.
            let mut op = [0u8; 2];
            let opcode = u16::from_le_bytes([b[REGS_OPCODE], b[REGS_OPCODE + 1]]);
            let same_op = match p {
                0 => ram.peek16(instruction_pc).is_none_or(|w| w == opcode),
                _ => {
                    p.checked_sub(into as u64).is_some_and(|at| host.read(at, &mut op))
                        && u16::from_be_bytes(op) == opcode
                }
            };
            if at_pc(le32(b, REGS_PC)) && at_pc(pc) && into <= 22 && same_op {
                let mut regs = [0u32; 16];
                for (i, r) in regs.iter_mut().enumerate() {
                    *r = le32(b, 4 * i);
                }
                if p == 0 {
                    code = ram.bytes(pc, 16).map(<[u8]>::to_vec).unwrap_or_default();
                }
                found.push(Cpu { at: lo + off as u64, regs, pc, code, note: String::new() });
            } else if at_pc(le32(b, REGS_PC)) {
                near.push(format!(
                    "{:#x}: PC=${pc:08x} instruction_pc=${instruction_pc:08x} opcode=${opcode:04x} word there=${:04x}",
                    lo + off as u64,
                    u16::from_be_bytes(op)
                ));
            }
        }
    }
    match found.len() {
        1 => Ok(found.remove(0)),
        0 => Err(format!(
            "FS-UAE's CPU registers not found (no A7 in RAM with a PC in ROM or RAM); near misses: {}",
            near.iter().take(4).cloned().collect::<Vec<_>>().join(", ")
        )),
        n => Err(format!(
            "FS-UAE's CPU registers: {n} places look like them ({})",
            found.iter().map(|c| format!("{:#x}: PC=${:08x}", c.at, c.pc)).collect::<Vec<_>>().join(", ")
        )),
    }
}

/// The dump's line on the CPU: its PC (in the ROM or RAM) with the 8
/// words there, whose stack A7 is in, D0-D7 and A0-A7.
pub fn cpu_text(cpu: &Result<Cpu, String>, ram: &Ram) -> String {
    use std::fmt::Write;
    let c = match cpu {
        Ok(c) => c,
        Err(e) => return format!("cpu: {e}\n"),
    };
    let whose = stacks(ram)
        .into_iter()
        .find(|&(l, h, _)| (l..=h).contains(&c.regs[15]))
        .map(|(_, _, w)| w)
        .unwrap_or_else(|| "no stack exec lists".to_string());
    let mut out = format!("cpu: PC=${:08x} ({}), A7 in {whose}", c.pc, if in_rom(c.pc) { "ROM" } else { "RAM" });
    if !c.code.is_empty() {
        let _ = write!(out, ", words at PC:");
        for w in c.code.chunks(2) {
            let _ = write!(out, " {:02x}{:02x}", w[0], w[1]);
        }
    }
    let regs = |r: &[u32]| r.iter().map(|v| format!("{v:08x}")).collect::<Vec<_>>().join(" ");
    let _ = writeln!(
        out,
        "; FS-UAE's registers at host {:#x}\n  D0-D7 {}\n  A0-A7 {}",
        c.at,
        regs(&c.regs[..8]),
        regs(&c.regs[8..])
    );
    if !c.note.is_empty() {
        let _ = writeln!(out, "  {}", c.note);
    }
    out
}

/// The dump's findings besides the task blocks.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Findings {
    /// Tasks in no list whose state says they are in one (READY, WAIT).
    pub lost: Vec<u32>,
    /// Lines naming a list and a task whose `tc_State` disagree.
    pub disagreements: Vec<String>,
    /// exec may have been moving a task between its lists at that instant:
    /// the CPU was on the supervisor stack (an interrupt, a trap, the task
    /// switch) or interrupts were off (`IDNestCnt` >= 0: `Signal()` and
    /// `Wait()` move tasks under `Disable()`). Lost tasks and
    /// disagreements may then be a move half done. Set by [`dump_process`].
    pub lists_in_flux: bool,
}

/// The task dump of `ram` (see the module doc) and what it found.
///
/// Errors: address 4 does not point at an ExecBase.
pub fn task_dump(ram: &Ram) -> Result<(String, Findings), String> {
    use std::fmt::Write;
    let eb = ram.peek32(4).ok_or("address 4 is not in RAM")?;
    if ram.peek32(eb + ChkBase as u32) != Some(!eb) {
        return Err(format!("no ExecBase at ${eb:08x}"));
    }
    let mut out = String::new();
    let mut findings = Findings::default();
    let this = ram.peek32(eb + ThisTask as u32).unwrap_or(0);
    let _ = writeln!(
        out,
        "execbase=${eb:08x} ThisTask=${this:08x} IDNestCnt={} TDNestCnt={} SysFlags=${:04x} AttnResched=${:04x} DispCount={}",
        ram.peek8(eb + IDNestCnt as u32).unwrap_or(0) as i8,
        ram.peek8(eb + TDNestCnt as u32).unwrap_or(0) as i8,
        ram.peek16(eb + SysFlags as u32).unwrap_or(0),
        ram.peek16(eb + AttnResched as u32).unwrap_or(0),
        ram.peek32(eb + DispCount as u32).unwrap_or(0),
    );
    let mut listed = vec![this];
    let ready = list_nodes(ram, eb + TaskReady as u32);
    let waiting = list_nodes(ram, eb + TaskWait as u32);
    let section = |title: &str, tasks: &[u32], want: u8, out: &mut String, f: &mut Findings| {
        let _ = writeln!(out, "{title}:");
        for &t in tasks {
            let info = uaetool::task_info(ram, t);
            // With nothing to run, exec idles with the last task, which
            // waits, still in ThisTask.
            let idle = want == TS_RUN && info.state == TS_WAIT && waiting.contains(&t);
            if info.state != want && !idle {
                f.disagreements.push(format!(
                    "task \"{}\" at=${t:08x} is in {title} with state={}",
                    String::from_utf8_lossy(&info.name),
                    info.state
                ));
            }
            out.push_str(&task_text(&info));
        }
    };
    section("running", &[this], TS_RUN, &mut out, &mut findings);
    // A running task's saved registers are from its last switch: where
    // it runs now shows only as return addresses somewhere in its stack.
    if ram.peek8(this + tc_State as u32) == Some(TS_RUN) {
        let (lower, upper) = (ram.peek32(this + tc_SPLower as u32), ram.peek32(this + tc_SPUpper as u32));
        if let (Some(lower), Some(upper)) = (lower, upper) {
            let rom: Vec<String> = (lower..upper.saturating_sub(3))
                .step_by(2)
                .filter_map(|a| {
                    ram.peek32(a).filter(|v| (0xF8_0000..0x100_0000).contains(v)).map(|v| format!("{a:08x}:{v:08x}"))
                })
                .collect();
            let _ = writeln!(out, "  ROM addresses in its stack (address:value, lowest first): {}", rom.join(" "));
        }
    }
    section("TaskReady", &ready, TS_READY, &mut out, &mut findings);
    section("TaskWait", &waiting, TS_WAIT, &mut out, &mut findings);
    listed.extend(&ready);
    listed.extend(&waiting);
    // Tasks in no list, outside the free memory.
    let free = free_chunks(ram, eb);
    let is_free = |a: u32| free.iter().any(|&(c, n)| a >= c && a - c < n);
    let _ = writeln!(out, "in no list:");
    for (base, bytes) in &ram.blocks {
        for off in (0..bytes.len() as u32).step_by(2) {
            let a = base + off;
            if looks_like_task(ram, a) && !listed.contains(&a) && !is_free(a) {
                let info = uaetool::task_info(ram, a);
                if info.state == TS_READY || info.state == TS_WAIT {
                    findings.lost.push(a);
                    out.push_str("LOST ");
                }
                out.push_str(&task_text(&info));
            }
        }
    }
    for d in &findings.disagreements {
        let _ = writeln!(out, "DISAGREE {d}");
    }
    let _ = writeln!(out, "END");
    Ok((out, findings))
}

/// Reads the RAM of the FS-UAE process `pid` (RAM `layout` as in
/// [`find_ram`]) and returns its task dump and findings. The process is
/// stopped (`SIGSTOP`) while its RAM is read, so the dump is of one
/// instant, and continued (`SIGCONT`) after.
///
/// Errors: the process cannot be stopped or read, its RAM is not found.
pub fn dump_process(pid: u32, layout: &[(u32, u32)]) -> Result<(String, Findings), String> {
    let (ram, cpu) = read_process(pid, layout)?;
    dump_text(&cpu, &ram)
}

/// The dump of one instant: the CPU line ([`cpu_text`]), the task dump
/// ([`task_dump`]) and, when that instant found lost or disagreeing tasks
/// while exec's lists may have been moving ([`lists_in_flux`]), a `NOTE`
/// saying so; and its findings.
///
/// Errors: as [`task_dump`].
pub fn dump_text(cpu: &Result<Cpu, String>, ram: &Ram) -> Result<(String, Findings), String> {
    let (tasks, mut found) = task_dump(ram)?;
    found.lists_in_flux = lists_in_flux(cpu, ram);
    let mut text = cpu_text(cpu, ram) + &tasks;
    if found.lists_in_flux && (!found.lost.is_empty() || !found.disagreements.is_empty()) {
        text.push_str(
            "NOTE exec may have been moving a task between its lists (the CPU on the supervisor stack \
             or interrupts off): lost and disagreeing tasks may be that move half done\n",
        );
    }
    Ok((text, found))
}

/// The RAM of the FS-UAE process `pid` and its CPU registers, read while
/// it is stopped (see [`dump_process`]).
///
/// The process is stopped wherever its threads are, and its CPU thread
/// may be between two of the stores that update the registers (a jump
/// sets `pc`, `pc_p` and `pc_oldp` one after the other): such an instant
/// has no consistent registers. Then up to [`CPU_TRIES`] instants are
/// read, the machine running a moment in between, and the CPU line says
/// so and what the first instants held where the registers are.
pub fn read_process(pid: u32, layout: &[(u32, u32)]) -> Result<(Ram, Result<Cpu, String>), String> {
    let mut missed: Vec<String> = Vec::new();
    loop {
        let (ram, cpu) = read_instant(pid, layout)?;
        match cpu {
            Ok(mut c) => {
                if !missed.is_empty() {
                    c.note = format!("read at instant {} (before: {})", missed.len() + 1, missed.join("; "));
                }
                return Ok((ram, Ok(c)));
            }
            Err(e) if missed.len() + 1 >= CPU_TRIES => {
                missed.push(e);
                return Ok((ram, Err(missed.join("; "))));
            }
            Err(e) => {
                missed.push(e);
                std::thread::sleep(std::time::Duration::from_millis(3));
            }
        }
    }
}

/// Instants [`read_process`] reads at most to find consistent registers.
pub const CPU_TRIES: usize = 3;

/// Where FS-UAE's registers were found last, per emulator process: an
/// instant without consistent registers shows what that place held.
static LAST_REGS: std::sync::Mutex<Option<(u32, u64)>> = std::sync::Mutex::new(None);

/// One stopped instant of [`read_process`].
fn read_instant(pid: u32, layout: &[(u32, u32)]) -> Result<(Ram, Result<Cpu, String>), String> {
    use nix::sys::signal::{kill, Signal};
    let target = nix::unistd::Pid::from_raw(pid as i32);
    kill(target, Signal::SIGSTOP).map_err(|e| format!("cannot stop FS-UAE ({pid}): {e}"))?;
    let read = wait_stopped(pid).and_then(|()| {
        let host = ProcMem::open(pid)?;
        let ram = find_ram(&host, layout)?;
        let mut cpu = find_cpu(&host, &ram);
        let mut last = LAST_REGS.lock().unwrap_or_else(|e| e.into_inner());
        match &mut cpu {
            Ok(c) => *last = Some((pid, c.at)),
            Err(e) => {
                if let Some((_, at)) = last.filter(|&(p, _)| p == pid) {
                    e.push_str(&format!("; where they were before, {}", regs_fields(&host, at)));
                }
            }
        }
        Ok((ram, cpu))
    });
    let _ = kill(target, Signal::SIGCONT);
    read
}

/// The fields [`find_cpu`] tests, as they are at host address `at`.
fn regs_fields(host: &dyn HostMemory, at: u64) -> String {
    let mut b = [0u8; REGS_SIZE];
    if !host.read(at, &mut b) {
        return format!("{at:#x}: not readable");
    }
    let le32 = |o: usize| u32::from_le_bytes([b[o], b[o + 1], b[o + 2], b[o + 3]]);
    let le64 = |o: usize| u64::from_le_bytes(b[o..o + 8].try_into().unwrap_or_default());
    format!(
        "{at:#x}: A7=${:08x} pc=${:08x} pc_p={:#x} pc_oldp={:#x} instruction_pc=${:08x} opcode=${:04x}",
        le32(60),
        le32(REGS_PC),
        le64(REGS_PC_P),
        le64(REGS_PC_OLDP),
        le32(REGS_INSTRUCTION_PC),
        u16::from_le_bytes([b[REGS_OPCODE], b[REGS_OPCODE + 1]])
    )
}

impl Ram {
    /// Writes each block to `dir/ram-<Amiga address, 8 hex digits>.bin`,
    /// for a look at a hung machine after the run.
    pub fn save(&self, dir: &std::path::Path) -> Result<(), String> {
        for (base, bytes) in &self.blocks {
            let path = dir.join(format!("ram-{base:08x}.bin"));
            std::fs::write(&path, bytes).map_err(|e| format!("{}: {e}", path.display()))?;
        }
        Ok(())
    }
}

/// Waits up to 2 s until every thread of `pid` is stopped (`T` in
/// `/proc/<pid>/task/<tid>/stat`).
fn wait_stopped(pid: u32) -> Result<(), String> {
    let stopped = || -> bool {
        let Ok(threads) = std::fs::read_dir(format!("/proc/{pid}/task")) else { return false };
        threads.flatten().all(|t| {
            std::fs::read_to_string(t.path().join("stat"))
                .ok()
                .and_then(|st| st.rsplit_once(')').map(|(_, rest)| rest.trim_start().starts_with(['T', 't'])))
                .unwrap_or(false)
        })
    };
    for _ in 0..200 {
        if stopped() {
            return Ok(());
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    Err(format!("FS-UAE ({pid}) did not stop within 2 s"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fake Amiga: chip RAM at 0 with ExecBase in a fast block.
    struct Fake {
        chip: Vec<u8>,
        fast: Vec<u8>,
    }

    const FAST: u32 = 0x20_0000;
    const EB: u32 = FAST + 0x600;

    fn put32(b: &mut [u8], off: u32, v: u32) {
        b[off as usize..off as usize + 4].copy_from_slice(&v.to_be_bytes());
    }

    impl Fake {
        fn new() -> Fake {
            let mut f = Fake { chip: vec![0; 0x1000], fast: vec![0; 0x4000] };
            put32(&mut f.chip, 4, EB);
            put32(&mut f.chip, 0x20, 0xF8_1234);
            f.w32(EB + ChkBase as u32, !EB);
            f.fast[(EB - FAST) as usize + ln_Type] = NT_LIBRARY;
            for head in [TaskReady, TaskWait, MemList] {
                f.new_list(EB + head as u32);
            }
            // Chip RAM's MemHeader, with no free chunk.
            f.w8(0x800 + ln_Type as u32, NT_MEMORY);
            f.w32(0x800 + mh_Lower as u32, 0x1000 - 0x400);
            f.w32(0x800 + mh_Upper as u32, 0x1000);
            f.add_tail(EB + MemList as u32, 0x800);
            f
        }
        fn w32(&mut self, a: u32, v: u32) {
            if a >= FAST {
                put32(&mut self.fast, a - FAST, v)
            } else {
                put32(&mut self.chip, a, v)
            }
        }
        fn w8(&mut self, a: u32, v: u8) {
            if a >= FAST {
                self.fast[(a - FAST) as usize] = v
            } else {
                self.chip[a as usize] = v
            }
        }
        fn new_list(&mut self, h: u32) {
            self.w32(h, h + 4);
            self.w32(h + 4, 0);
            self.w32(h + 8, h);
        }
        fn add_tail(&mut self, h: u32, n: u32) {
            let ram = self.ram();
            let last = ram.peek32(h + 8).unwrap();
            self.w32(n, h + 4);
            self.w32(n + 4, last);
            self.w32(last, n);
            self.w32(h + 8, n);
        }
        /// A task at `a` named `name` in `state` with its stack at `a + 0x200`.
        fn task(&mut self, a: u32, name: &str, state: u8) {
            self.w8(a + ln_Type as u32, NT_TASK);
            self.w8(a + tc_State as u32, state);
            let n = a + 0x100;
            for (i, c) in name.bytes().enumerate() {
                self.w8(n + i as u32, c);
            }
            self.w32(a + ln_Name as u32, n);
            self.w32(a + tc_SPLower as u32, a + 0x200);
            self.w32(a + tc_SPUpper as u32, a + 0x300);
            self.w32(a + tc_SPReg as u32, a + 0x2c0);
        }
        fn ram(&self) -> Ram {
            Ram::new(vec![(0, self.chip.clone()), (FAST, self.fast.clone())])
        }
    }

    #[test]
    fn lists_the_tasks_and_finds_a_lost_one() {
        let mut f = Fake::new();
        f.task(FAST + 0x1000, "runner", TS_RUN);
        f.w32(EB + ThisTask as u32, FAST + 0x1000);
        f.task(FAST + 0x1400, "sleeper", TS_WAIT);
        f.add_tail(EB + TaskWait as u32, FAST + 0x1400);
        f.task(FAST + 0x1800, "queued", TS_READY);
        f.add_tail(EB + TaskReady as u32, FAST + 0x1800);
        f.task(FAST + 0x2000, "lost one", TS_READY);
        // A return address into the ROM in the running task's stack.
        f.w32(FAST + 0x1000 + 0x240, 0xF8_5678);
        let (text, found) = task_dump(&f.ram()).unwrap();
        assert!(
            text.contains("ROM addresses in its stack (address:value, lowest first): 00201240:00f85678\n"),
            "{text}"
        );
        assert_eq!(found.lost, vec![FAST + 0x2000], "{text}");
        assert!(found.disagreements.is_empty(), "{text}");
        assert!(text.contains("running:\ntask \"runner\""), "{text}");
        assert!(text.contains("TaskWait:\ntask \"sleeper\""), "{text}");
        assert!(text.contains("LOST task \"lost one\""), "{text}");
        assert!(text.ends_with("END\n"));
    }

    #[test]
    fn the_ram_is_saved_one_file_per_block() {
        let f = Fake::new();
        let dir = std::env::temp_dir().join(format!("hostdump-save-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        f.ram().save(&dir).unwrap();
        assert_eq!(std::fs::read(dir.join("ram-00000000.bin")).unwrap(), f.chip);
        assert_eq!(std::fs::read(dir.join("ram-00200000.bin")).unwrap(), f.fast);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_task_in_free_memory_is_not_reported_and_a_wrong_state_is() {
        let mut f = Fake::new();
        f.task(FAST + 0x1000, "runner", TS_RUN);
        f.w32(EB + ThisTask as u32, FAST + 0x1000);
        // An ended task's bytes in a free chunk of a MemHeader.
        f.task(FAST + 0x2000, "gone", TS_READY);
        let mh = FAST + 0x3000;
        f.w8(mh + ln_Type as u32, NT_MEMORY);
        f.w32(mh + mh_First as u32, FAST + 0x1f00);
        f.w32(FAST + 0x1f00 + mc_Bytes as u32, 0x800);
        f.add_tail(EB + MemList as u32, mh);
        // A waiting task filed in TaskReady.
        f.task(FAST + 0x1400, "misfiled", TS_WAIT);
        f.add_tail(EB + TaskReady as u32, FAST + 0x1400);
        let (text, found) = task_dump(&f.ram()).unwrap();
        assert!(found.lost.is_empty(), "{text}");
        assert!(!text.contains("\"gone\""), "{text}");
        assert_eq!(found.disagreements.len(), 1, "{text}");
        assert!(found.disagreements[0].contains("\"misfiled\"") && found.disagreements[0].contains("TaskReady"));
    }

    #[test]
    fn free_memory_counts_every_chunk_and_names_the_largest() {
        let mut f = Fake::new();
        let mh = FAST + 0x3000;
        f.w8(mh + ln_Type as u32, NT_MEMORY);
        f.w32(mh + mh_First as u32, FAST + 0x1000);
        f.w32(FAST + 0x1000 + mc_Next as u32, FAST + 0x2000);
        f.w32(FAST + 0x1000 + mc_Bytes as u32, 0x100);
        f.w32(FAST + 0x2000 + mc_Bytes as u32, 0x1800);
        f.add_tail(EB + MemList as u32, mh);
        let want = format!("free 6400 in 2 chunks, largest 6144, next 256\n  ${:08x} 6144", FAST + 0x2000);
        assert_eq!(free_memory_line(&f.ram()).unwrap(), want);
    }

    /// A host process whose mappings hold the fake's blocks at odd places.
    struct FakeHost {
        maps: Vec<(u64, Vec<u8>)>,
    }

    impl HostMemory for FakeHost {
        fn mappings(&self) -> Vec<(u64, u64)> {
            self.maps.iter().map(|(a, b)| (*a, *a + b.len() as u64)).collect()
        }
        fn read(&self, at: u64, buf: &mut [u8]) -> bool {
            self.maps.iter().any(|(a, b)| {
                let Some(off) = at.checked_sub(*a) else { return false };
                let Some(src) = b.get(off as usize..off as usize + buf.len()) else { return false };
                buf.copy_from_slice(src);
                true
            })
        }
    }

    /// FS-UAE's register block as it lays it out (see [`REGS_PC`]).
    fn regs_block(regs: [u32; 16], pc: u32, p: u64, oldp: u64, opcode: u16, instruction_pc: u32) -> Vec<u8> {
        let mut b = vec![0u8; REGS_SIZE];
        for (i, r) in regs.iter().enumerate() {
            b[4 * i..4 * i + 4].copy_from_slice(&r.to_le_bytes());
        }
        b[REGS_PC..REGS_PC + 4].copy_from_slice(&pc.to_le_bytes());
        b[REGS_PC_P..REGS_PC_P + 8].copy_from_slice(&p.to_le_bytes());
        b[REGS_PC_OLDP..REGS_PC_OLDP + 8].copy_from_slice(&oldp.to_le_bytes());
        b[REGS_OPCODE..REGS_OPCODE + 2].copy_from_slice(&opcode.to_le_bytes());
        b[REGS_INSTRUCTION_PC..REGS_INSTRUCTION_PC + 4].copy_from_slice(&instruction_pc.to_le_bytes());
        b
    }

    #[test]
    fn finds_the_cpu_registers_and_only_them() {
        let mut f = Fake::new();
        f.task(FAST + 0x1000, "runner", TS_RUN);
        f.w32(EB + ThisTask as u32, FAST + 0x1000);
        // FS-UAE's copy of the ROM: a NOP (4e71) at $F81010, the
        // instruction at $F8100E being a 2-byte MOVEQ (7001) that ran.
        const ROM_HOST: u64 = 0x90_0000;
        let mut rom = vec![0u8; 0x2000];
        rom[0x100e..0x1012].copy_from_slice(&[0x70, 0x01, 0x4e, 0x71]);
        let mut regs = [0u32; 16];
        regs[0] = 1;
        regs[15] = FAST + 0x1000 + 0x280;
        // Set at $F81000, run on 16 bytes: MOVEQ at $F8100E is carried out.
        let live = regs_block(regs, 0xF8_1000, ROM_HOST + 0x1010, ROM_HOST + 0x1000, 0x7001, 0xF8_100E);
        // Look-alikes: a PC of 0 with no pointers, an opcode that is not
        // the word at the instruction, an A7 in the exception vectors.
        let zero = regs_block(regs, 0, 0, 0, 0, 0);
        let other_op = regs_block(regs, 0xF8_1000, ROM_HOST + 0x1010, ROM_HOST + 0x1000, 0x4e75, 0xF8_100E);
        let mut nowhere = regs;
        nowhere[15] = 0x10;
        let nowhere = regs_block(nowhere, 0xF8_1000, ROM_HOST + 0x1010, ROM_HOST + 0x1000, 0x7001, 0xF8_100E);
        let mut globals = vec![0u8; 0x400];
        for (i, b) in [zero, other_op, live, nowhere].iter().enumerate() {
            globals[0x100 * i..0x100 * i + REGS_SIZE].copy_from_slice(b);
        }
        let host = FakeHost { maps: vec![(0x60_0000, globals), (ROM_HOST, rom)] };
        let ram = f.ram();
        let cpu = find_cpu(&host, &ram).unwrap();
        assert_eq!((cpu.at, cpu.pc, cpu.regs), (0x60_0200, 0xF8_1010, regs));
        assert_eq!(
            cpu_text(&Ok(cpu), &ram).lines().next().unwrap(),
            "cpu: PC=$00f81010 (ROM), A7 in the stack of \"runner\", words at PC: 4e71 0000 0000 0000 0000 0000 0000 0000; FS-UAE's registers at host 0x600200"
        );
        // After a short branch back: `pc_p` before `pc_oldp`.
        let back = regs_block(regs, 0xF8_1020, ROM_HOST + 0x1010, ROM_HOST + 0x1020, 0x7001, 0xF8_100E);
        let mut globals = vec![0u8; 0x100];
        globals[..REGS_SIZE].copy_from_slice(&back);
        let host = FakeHost { maps: vec![(0x60_0000, globals), (ROM_HOST, host.maps[1].1.clone())] };
        assert_eq!(find_cpu(&host, &ram).map(|c| c.pc), Ok(0xF8_1010));
        let none = FakeHost { maps: vec![(ROM_HOST, vec![0u8; 0x2000])] };
        assert!(find_cpu(&none, &ram).unwrap_err().contains("not found"));
    }

    #[test]
    fn lists_are_in_flux_on_the_supervisor_stack_or_with_interrupts_off() {
        let mut f = Fake::new();
        f.w32(EB + SysStkLower as u32, FAST + 0x3800);
        f.w32(EB + SysStkUpper as u32, FAST + 0x3c00);
        f.w8(EB + IDNestCnt as u32, 0xff); // -1: interrupts on
        let cpu = |a7: u32| {
            let mut regs = [0u32; 16];
            regs[15] = a7;
            Ok(Cpu { at: 0, regs, pc: 0xF8_1000, code: Vec::new(), note: String::new() })
        };
        assert!(!lists_in_flux(&cpu(FAST + 0x1280), &f.ram()));
        assert!(lists_in_flux(&cpu(FAST + 0x3a00), &f.ram()));
        assert!(!lists_in_flux(&Err("not found".into()), &f.ram()));
        f.w8(EB + IDNestCnt as u32, 0); // inside one Disable()
        assert!(lists_in_flux(&cpu(FAST + 0x1280), &f.ram()));
    }

    #[test]
    fn finds_chip_and_fast_ram_in_the_host_mappings() {
        let mut f = Fake::new();
        f.task(FAST + 0x1000, "runner", TS_RUN);
        f.w32(EB + ThisTask as u32, FAST + 0x1000);
        // Noise that looks like chip RAM (a pointer into fast RAM at 4)
        // but has no ExecBase behind it.
        let mut noise = vec![0u8; 0x3000];
        put32(&mut noise, 16 + 4, EB);
        put32(&mut noise, 16 + 0x20, 0xF8_1234);
        // Allocations inside a heap: 16-byte aligned, not at a page.
        let mut a = vec![0xeeu8; 0x2000];
        a[0x130..0x130 + f.chip.len()].copy_from_slice(&f.chip);
        let mut b = vec![0u8; 0x6000];
        b[0x1010..0x1010 + f.fast.len()].copy_from_slice(&f.fast);
        let host = FakeHost { maps: vec![(0x10_0000, noise), (0x20_0000, a), (0x40_0000, b)] };
        let ram = find_ram(&host, &[(0, 0x1000), (FAST, 0x4000)]).unwrap();
        assert_eq!(ram.peek32(4), Some(EB));
        assert_eq!(ram.peek32(EB + ThisTask as u32), Some(FAST + 0x1000));
        // Two copies of the machine cannot be told apart: an error, not a guess.
        let mut twice = host.maps.clone();
        twice.push((0x80_0000, twice[1].1.clone()));
        let err = find_ram(&FakeHost { maps: twice }, &[(0, 0x1000), (FAST, 0x4000)]).err().unwrap();
        assert!(err.contains("2 places"), "{err}");
    }

    #[test]
    fn finds_a_block_without_a_memheader_through_a_list_node_in_it() {
        // A block at $A80000 with no MemHeader: a waiting task there, the
        // second node of TaskWait, found by its ln_Pred and type.
        const OTHER: u32 = 0xA8_0000;
        let mut f = Fake::new();
        f.task(FAST + 0x1000, "runner", TS_RUN);
        f.w32(EB + ThisTask as u32, FAST + 0x1000);
        f.task(FAST + 0x1400, "first", TS_WAIT);
        f.add_tail(EB + TaskWait as u32, FAST + 0x1400);
        let mut other = vec![0u8; 0x1000];
        let x = OTHER + 0x400;
        // The task at x, last in TaskWait (its stack in the fast block).
        other[0x400 + ln_Type] = NT_TASK;
        other[0x400 + tc_State] = TS_WAIT;
        put32(&mut other, 0x400 + ln_Succ as u32, EB + TaskWait as u32 + lh_Tail as u32);
        put32(&mut other, 0x400 + ln_Pred as u32, FAST + 0x1400);
        put32(&mut other, 0x400 + ln_Name as u32, FAST + 0x1400 + 0x100);
        put32(&mut other, 0x400 + tc_SPLower as u32, FAST + 0x2800);
        put32(&mut other, 0x400 + tc_SPUpper as u32, FAST + 0x2900);
        put32(&mut other, 0x400 + tc_SPReg as u32, FAST + 0x28c0);
        f.w32(FAST + 0x1400 + ln_Succ as u32, x);
        f.w32(EB + TaskWait as u32 + lh_TailPred as u32, x);
        // A look-alike elsewhere: the same ln_Pred and type, but its
        // successor is not the list's end.
        let mut fake = other.clone();
        put32(&mut fake, 0x400 + ln_Succ as u32, FAST + 0x1800);
        let layout = [(0, 0x1000), (FAST, 0x4000), (OTHER, 0x1000)];
        let host = FakeHost {
            maps: vec![(0x10_0000, f.chip.clone()), (0x20_0000, f.fast.clone()), (0x30_0000, fake), (0x40_0000, other)],
        };
        let ram = find_ram(&host, &layout).unwrap();
        assert_eq!(ram.peek8(x + tc_State as u32), Some(TS_WAIT));
        let (text, found) = task_dump(&ram).unwrap();
        assert!(found.lost.is_empty(), "{text}");
        assert!(text.contains("TaskWait:\ntask \"first\""), "{text}");
        // Without that block the walk ends at x: no error, the block unread.
        let ram = find_ram(&host, &layout[..2]).unwrap();
        assert_eq!(ram.peek8(x), None);
        // Two copies of the block alike: either is the block.
        let mut maps = host.maps.clone();
        maps.push((0x50_0000, maps[3].1.clone()));
        let ram = find_ram(&FakeHost { maps: maps.clone() }, &layout).unwrap();
        assert_eq!(ram.peek8(x + tc_State as u32), Some(TS_WAIT));
        // Two that differ where no list leads: which one is the machine's
        // cannot be told, an error rather than a guess.
        maps[4].1[0x20] = 0x55;
        let err = find_ram(&FakeHost { maps }, &layout).err().unwrap();
        assert!(err.contains("2 places hold its node"), "{err}");
    }
}
