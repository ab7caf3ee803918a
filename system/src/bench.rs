//! GadgetScopeBench: the walker's cost measured on the machine itself
//! (EClock ticks of a full TREE and the longest `LockIBase()` hold). A
//! program of its own (programs/gadgetscope-bench), so the
//! shipped GadgetScope does not carry it. Integer arithmetic only; the
//! clock is timer.device `ReadEClock()` on the Amiga and a fake in the
//! host tests.
use alloc::string::String;
use alloc::vec::Vec;
use amiga_rt::readargs::Value;
use gadgetscope_arexx::{Error, Rc};
use gadgetscope_core::locate::{active_window, find_target, WindowTarget};
use gadgetscope_core::pick::depth_order;
use gadgetscope_core::text::tree_text;
use gadgetscope_core::walk::{read_screens, walk_window, IntuitionMemory, IntuitionOs, Nested, Titled, TitledCopy};
use gadgetscope_engine::inspect::{inspect, Inspect};

/// The `ReadArgs()` template of GadgetScopeBench; `GadgetScopeBench ?`
/// prints it (dos.library). WINDOW, SCREEN and FULL are TREE's.
pub const TEMPLATE: &str = "WINDOW/K,SCREEN/K,FULL/S,COUNT/K/N,SHOWN/S";

/// TREE runs when COUNT is not given.
pub const RUNS: u32 = 9;

/// Turns `ReadArgs()` values (in [`TEMPLATE`] order) into what to time
/// and how many times. Error: COUNT outside 1 to 1000 (the caller prints
/// it with RC 10).
pub fn interpret(values: &[Value]) -> Result<(Inspect, u32), String> {
    let text = |i: usize| match values.get(i) {
        Some(Value::Text(t)) => Some(t.clone()),
        _ => None,
    };
    let full = matches!(values.get(2), Some(Value::Switch(true)));
    let runs = match values.get(3) {
        Some(Value::Number(n)) if (1..=1000).contains(n) => *n as u32,
        Some(Value::Number(n)) => return Err(alloc::format!("COUNT must be 1 to 1000, not {n}")),
        _ => RUNS,
    };
    Ok((Inspect::Tree { window: text(0), screen: text(1), full }, runs))
}

/// A monotonic tick counter and its frequency (ticks per second).
pub trait Clock {
    /// Ticks now.
    fn now(&mut self) -> u64;
    /// Ticks per second.
    fn frequency(&self) -> u32;
}

/// The calls a walk makes through [`IntuitionOs`] (and its
/// [`IntuitionMemory`] outside a hold), as [`Profiled`] times them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Call {
    /// A `LockIBase()` hold, the work inside it included.
    Locked,
    /// A native block copy of OS memory (`read`).
    Read,
    /// A native copy of a NUL-terminated string (`copy_cstr`).
    CopyCstr,
    /// A native copy of a list's nodes (`copy_chain`).
    CopyChain,
    /// `TypeOfMem()` of a class pointer.
    IsRealMemory,
    /// One `GetAttr()`.
    GetAttr,
    /// A batch of `GetAttr()`s in one native call.
    GetAttrs,
    /// One `GT_GetGadgetAttrsA()` probe.
    GtGetAttr,
    /// `Forbid()`.
    Forbid,
    /// `Permit()`: also the time of the tasks that were kept waiting and
    /// run as soon as it is called.
    Permit,
    /// Every other call (`intuition_base`, `task_switches`, the list
    /// searches outside a hold).
    Other,
}

impl Call {
    /// Every kind, in the report's order, which is their declaration's:
    /// `kind as usize` is a kind's place here.
    pub const ALL: [Call; 11] = [
        Call::Locked,
        Call::Read,
        Call::CopyCstr,
        Call::CopyChain,
        Call::IsRealMemory,
        Call::GetAttr,
        Call::GetAttrs,
        Call::GtGetAttr,
        Call::Forbid,
        Call::Permit,
        Call::Other,
    ];

    /// The name the report gives the kind.
    pub fn name(self) -> &'static str {
        match self {
            Call::Locked => "hold",
            Call::Read => "read",
            Call::CopyCstr => "copy_cstr",
            Call::CopyChain => "copy_chain",
            Call::IsRealMemory => "TypeOfMem",
            Call::GetAttr => "GetAttr",
            Call::GetAttrs => "GetAttr batch",
            Call::GtGetAttr => "GT_GetGadgetAttrs",
            Call::Forbid => "Forbid",
            Call::Permit => "Permit",
            Call::Other => "other",
        }
    }
}

/// Calls of one [`Call`] kind over the profiled TREEs: how many, and the
/// clock ticks between the readings around them (each includes one
/// clock reading), in all and the median call.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CallStats {
    pub count: u32,
    pub ticks: u64,
    pub median: u64,
}

/// An [`IntuitionOs`] that times every call of the one it wraps, by kind
/// ([`Call`]); a hold is timed from outside, the lock's own taking and
/// giving back included. Its clock readings (two per call) slow the walk,
/// so TREE's own time is measured through [`Timed`] instead.
struct Profiled<'a, O, C> {
    os: &'a mut O,
    clock: &'a mut C,
    /// Each call's ticks, one list per kind in [`Call::ALL`] order.
    samples: Vec<Vec<u64>>,
}

impl<O: IntuitionOs, C: Clock> Profiled<'_, O, C> {
    /// `f` on the wrapped OS, timed as `kind`.
    fn call<R>(&mut self, kind: Call, f: impl FnOnce(&mut O) -> R) -> R {
        let t0 = self.clock.now();
        let r = f(self.os);
        let t1 = self.clock.now();
        self.samples[kind as usize].push(t1.wrapping_sub(t0));
        r
    }

    /// The samples as [`CallStats`], in [`Call::ALL`] order.
    fn stats(&mut self) -> Vec<CallStats> {
        self.samples
            .iter_mut()
            .map(|v| CallStats { count: v.len() as u32, ticks: v.iter().sum(), median: median(v) })
            .collect()
    }
}

impl<O: IntuitionOs, C: Clock> IntuitionMemory for Profiled<'_, O, C> {
    fn read(&mut self, addr: u32, buf: &mut [u8]) -> bool {
        self.call(Call::Read, |os| os.read(addr, buf))
    }

    fn copy_cstr(&mut self, addr: u32, max: usize, out: &mut Vec<u8>, room: usize) -> Option<usize> {
        self.call(Call::CopyCstr, |os| os.copy_cstr(addr, max, out, room))
    }

    fn copy_chain(&mut self, first: u32, next_off: usize, size: usize, max: usize, out: &mut Vec<u8>) -> usize {
        self.call(Call::CopyChain, |os| os.copy_chain(first, next_off, size, max, out))
    }

    fn copy_titled(
        &mut self,
        first: u32,
        after: &[u32],
        shape: &Titled,
        max: usize,
        out: &mut Vec<u8>,
        strings: &mut Vec<u8>,
    ) -> TitledCopy {
        self.call(Call::Other, |os| os.copy_titled(first, after, shape, max, out, strings))
    }

    fn chain_after(&mut self, first: u32, next_off: usize, keys: &[u32], limit: usize) -> Option<u32> {
        self.call(Call::Other, |os| os.chain_after(first, next_off, keys, limit))
    }

    fn list_holding(&mut self, head: u32, shape: &Nested, key: u32) -> Option<u32> {
        self.call(Call::Other, |os| os.list_holding(head, shape, key))
    }
}

impl<O: IntuitionOs, C: Clock> IntuitionOs for Profiled<'_, O, C> {
    fn intuition_base(&mut self) -> u32 {
        self.call(Call::Other, |os| os.intuition_base())
    }

    fn locked(&mut self, f: &mut dyn FnMut(&mut dyn IntuitionMemory)) {
        self.call(Call::Locked, |os| os.locked(f))
    }

    fn is_real_memory(&mut self, addr: u32) -> bool {
        self.call(Call::IsRealMemory, |os| os.is_real_memory(addr))
    }

    fn get_attr(&mut self, object: u32, attr: u32) -> Option<u32> {
        self.call(Call::GetAttr, |os| os.get_attr(object, attr))
    }

    fn get_attrs(&mut self, object: u32, attrs: &[u32], out: &mut [Option<u32>]) -> usize {
        self.call(Call::GetAttrs, |os| os.get_attrs(object, attrs, out))
    }

    fn gt_get_attr(&mut self, gadget: u32, window: u32, tag: u32) -> Option<u32> {
        self.call(Call::GtGetAttr, |os| os.gt_get_attr(gadget, window, tag))
    }

    fn forbid(&mut self) {
        self.call(Call::Forbid, |os| os.forbid())
    }

    fn permit(&mut self) {
        self.call(Call::Permit, |os| os.permit())
    }

    fn task_switches(&mut self) -> u32 {
        self.call(Call::Other, |os| os.task_switches())
    }
}

/// An [`IntuitionOs`] that times every `LockIBase()` hold of the one it wraps.
pub struct Timed<'a, O, C> {
    pub os: &'a mut O,
    pub clock: &'a mut C,
    /// Longest hold seen, in clock ticks.
    pub longest_hold: u64,
    /// Every hold, in clock ticks (for the median: the longest one may
    /// include an interrupt or another task's time slice).
    pub holds_seen: Vec<u64>,
    /// Number of holds.
    pub holds: u32,
}

impl<O: IntuitionOs, C: Clock> IntuitionMemory for Timed<'_, O, C> {
    fn read(&mut self, addr: u32, buf: &mut [u8]) -> bool {
        self.os.read(addr, buf)
    }

    fn copy_cstr(&mut self, addr: u32, max: usize, out: &mut Vec<u8>, room: usize) -> Option<usize> {
        self.os.copy_cstr(addr, max, out, room)
    }

    fn copy_chain(&mut self, first: u32, next_off: usize, size: usize, max: usize, out: &mut Vec<u8>) -> usize {
        self.os.copy_chain(first, next_off, size, max, out)
    }

    fn copy_titled(
        &mut self,
        first: u32,
        after: &[u32],
        shape: &Titled,
        max: usize,
        out: &mut Vec<u8>,
        strings: &mut Vec<u8>,
    ) -> TitledCopy {
        self.os.copy_titled(first, after, shape, max, out, strings)
    }

    fn chain_after(&mut self, first: u32, next_off: usize, keys: &[u32], limit: usize) -> Option<u32> {
        self.os.chain_after(first, next_off, keys, limit)
    }

    fn list_holding(&mut self, head: u32, shape: &Nested, key: u32) -> Option<u32> {
        self.os.list_holding(head, shape, key)
    }
}

impl<O: IntuitionOs, C: Clock> IntuitionOs for Timed<'_, O, C> {
    fn intuition_base(&mut self) -> u32 {
        self.os.intuition_base()
    }

    fn locked(&mut self, f: &mut dyn FnMut(&mut dyn IntuitionMemory)) {
        let clock = &mut *self.clock;
        let mut start = 0;
        let mut end = 0;
        // The clock is read inside the lock, right after taking it and
        // right before giving it back: the hold is what is measured.
        self.os.locked(&mut |m| {
            start = clock.now();
            f(m);
            end = clock.now();
        });
        self.longest_hold = self.longest_hold.max(end.wrapping_sub(start));
        self.holds_seen.push(end.wrapping_sub(start));
        self.holds += 1;
    }

    fn is_real_memory(&mut self, addr: u32) -> bool {
        self.os.is_real_memory(addr)
    }

    fn get_attr(&mut self, object: u32, attr: u32) -> Option<u32> {
        self.os.get_attr(object, attr)
    }

    fn get_attrs(&mut self, object: u32, attrs: &[u32], out: &mut [Option<u32>]) -> usize {
        self.os.get_attrs(object, attrs, out)
    }

    fn gt_get_attr(&mut self, gadget: u32, window: u32, tag: u32) -> Option<u32> {
        self.os.gt_get_attr(gadget, window, tag)
    }

    fn forbid(&mut self) {
        self.os.forbid()
    }

    fn permit(&mut self) {
        self.os.permit()
    }

    fn task_switches(&mut self) -> u32 {
        self.os.task_switches()
    }
}

/// What [`bench_tree`] measured.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BenchResult {
    pub runs: u32,
    /// Median ticks of one whole TREE (walk and text).
    pub median: u64,
    pub min: u64,
    pub max: u64,
    /// Longest single `LockIBase()` hold over all runs, ticks.
    pub longest_hold: u64,
    /// `LockIBase()` holds per TREE.
    pub holds_per_tree: u32,
    /// Median `LockIBase()` hold, ticks.
    pub median_hold: u64,
    /// Per hold of a TREE, in order (the list copy's holds, one per
    /// `LIST_BATCH` screens and windows, the window's look-up with other
    /// tasks stopped, any look after a call that waited):
    /// (median, longest) ticks over the runs.
    pub holds_by_position: Vec<(u64, u64)>,
    pub frequency: u32,
    /// Bytes of TREE text.
    pub text_bytes: usize,
    /// Median ticks of `read_screens` alone (the list copy under the lock
    /// and the snapshot built after it).
    pub screens_median: u64,
    /// Median ticks of `walk_window` alone (the window looked up again,
    /// its gadget list, classification), as TREE walks the window it found.
    pub walk_median: u64,
    /// Median ticks of `tree_text` on that walk's snapshot.
    pub text_median: u64,
    /// Median ticks of freeing the walk's snapshot (`WindowSnap`), and of
    /// freeing the screens' snapshot (`ScreensSnapshot`): TREE does both.
    pub free_walk_median: u64,
    pub free_screens_median: u64,
    /// Smallest difference of two back-to-back clock readings: what each
    /// measurement includes of the clock itself.
    pub clock_overhead: u64,
    /// Median and longest of `runs` holds that do nothing but read the
    /// clock twice: what a hold costs without any walker work (the clock,
    /// interrupts, task switches).
    pub empty_hold_median: u64,
    pub empty_hold_max: u64,
    /// Median and longest `LockIBase()` hold of `pick::depth_order` on
    /// the window's screen (PICK's layer order), ticks; 0 without one.
    pub depth_hold_median: u64,
    pub depth_hold_max: u64,
    /// The calls of `runs` more TREEs, each call timed ([`Profiled`]),
    /// in [`Call::ALL`] order, and those TREEs' total ticks (more than
    /// [`BenchResult::median`] by the clock readings).
    pub calls: Vec<CallStats>,
    pub calls_total: u64,
}

/// Microseconds of `ticks` at `freq` Hz, rounded down.
pub fn micros(ticks: u64, freq: u32) -> u64 {
    if freq == 0 {
        0
    } else {
        ticks * 1_000_000 / u64::from(freq)
    }
}

/// The median of `v` (sorts it in place; 0 when empty).
fn median(v: &mut [u64]) -> u64 {
    v.sort_unstable();
    v.get(v.len() / 2).copied().unwrap_or(0)
}

/// Runs TREE `runs` times (at least 1) and measures it.
pub fn bench_tree<O: IntuitionOs, C: Clock>(
    os: &mut O,
    clock: &mut C,
    what: &Inspect,
    runs: u32,
) -> Result<BenchResult, Error> {
    let runs = runs.max(1);
    let mut times = Vec::with_capacity(runs as usize);
    let mut timed = Timed { os, clock, longest_hold: 0, holds_seen: Vec::new(), holds: 0 };
    let mut text_bytes = 0;
    for _ in 0..runs {
        let t0 = timed.clock.now();
        let text = inspect(&mut timed, what)?;
        let t1 = timed.clock.now();
        text_bytes = text.len();
        times.push(t1.wrapping_sub(t0));
    }
    times.sort_unstable();
    let holds = timed.holds;
    let mut all_holds = core::mem::take(&mut timed.holds_seen);
    let per_tree = (holds / runs) as usize;
    let holds_by_position: Vec<(u64, u64)> = (0..per_tree)
        .map(|i| {
            let mut v: Vec<u64> = all_holds.iter().skip(i).step_by(per_tree).copied().collect();
            (median(&mut v), v.last().copied().unwrap_or(0))
        })
        .collect();
    // The phases, timed separately on the same window.
    let mut screens_t = Vec::with_capacity(runs as usize);
    let mut walk_t = Vec::with_capacity(runs as usize);
    let mut text_t = Vec::with_capacity(runs as usize);
    let mut free_walk_t = Vec::with_capacity(runs as usize);
    let mut free_screens_t = Vec::with_capacity(runs as usize);
    if let Inspect::Tree { window, screen, .. } = what {
        for _ in 0..runs {
            let t0 = timed.clock.now();
            let snap = read_screens(&mut timed).map_err(|_| Error::new(Rc::Failed, "IntuitionBase cannot be read"))?;
            let t1 = timed.clock.now();
            screens_t.push(t1.wrapping_sub(t0));
            let target = WindowTarget { screen: screen.clone(), pattern: window.clone().unwrap_or_default() };
            let info = match window {
                Some(_) => find_target(&snap, &target),
                None => active_window(&snap),
            };
            if let Some(info) = info {
                let t2 = timed.clock.now();
                let walked = walk_window(&mut timed, info);
                let t3 = timed.clock.now();
                walk_t.push(t3.wrapping_sub(t2));
                if let Ok(w) = walked {
                    let t4 = timed.clock.now();
                    let text = tree_text(&w, false);
                    let t5 = timed.clock.now();
                    drop(text);
                    text_t.push(t5.wrapping_sub(t4));
                    let t6 = timed.clock.now();
                    drop(w);
                    let t7 = timed.clock.now();
                    free_walk_t.push(t7.wrapping_sub(t6));
                }
            }
            let t8 = timed.clock.now();
            drop(snap);
            let t9 = timed.clock.now();
            free_screens_t.push(t9.wrapping_sub(t8));
        }
    }
    let mut clock_overhead = u64::MAX;
    for _ in 0..runs {
        let a = timed.clock.now();
        let b = timed.clock.now();
        clock_overhead = clock_overhead.min(b.wrapping_sub(a));
    }
    // Before the layer order's and the empty holds: they are not TREE's.
    let longest_hold = timed.longest_hold;
    // PICK's layer order of the window's screen, on its own.
    let mut depth = Vec::with_capacity(runs as usize);
    if let Inspect::Tree { window, screen, .. } = what {
        for _ in 0..runs {
            let Ok(snap) = read_screens(&mut timed) else { break };
            let target = WindowTarget { screen: screen.clone(), pattern: window.clone().unwrap_or_default() };
            let info = match window {
                Some(_) => find_target(&snap, &target),
                None => active_window(&snap),
            };
            if let Some(scr) = info.and_then(|i| snap.screens.iter().find(|s| s.address == i.screen)) {
                let before = timed.holds_seen.len();
                let _ = depth_order(&mut timed, scr);
                depth.extend_from_slice(&timed.holds_seen[before..]);
            }
        }
    }
    let mut empty = Vec::with_capacity(runs as usize);
    let before = timed.holds_seen.len();
    for _ in 0..runs {
        timed.locked(&mut |_| ());
    }
    empty.extend_from_slice(&timed.holds_seen[before..]);
    let empty_hold_max = empty.iter().copied().max().unwrap_or(0);
    // Last: every call timed.
    let mut profiled = Profiled { os: &mut *timed.os, clock: &mut *timed.clock, samples: Vec::new() };
    profiled.samples.resize(Call::ALL.len(), Vec::new());
    let t0 = profiled.clock.now();
    for _ in 0..runs {
        inspect(&mut profiled, what)?;
    }
    let calls_total = profiled.clock.now().wrapping_sub(t0);
    let calls = profiled.stats();
    let depth_hold_max = depth.iter().copied().max().unwrap_or(0);
    Ok(BenchResult {
        screens_median: median(&mut screens_t),
        walk_median: median(&mut walk_t),
        text_median: median(&mut text_t),
        free_walk_median: median(&mut free_walk_t),
        free_screens_median: median(&mut free_screens_t),
        clock_overhead,
        empty_hold_median: median(&mut empty),
        empty_hold_max,
        depth_hold_median: median(&mut depth),
        depth_hold_max,
        calls,
        calls_total,
        runs,
        median: times[times.len() / 2],
        min: times[0],
        max: times[times.len() - 1],
        longest_hold,
        holds_per_tree: holds / runs,
        median_hold: median(&mut all_holds),
        holds_by_position,
        frequency: timed.clock.frequency(),
        text_bytes,
    })
}

/// The report line(s) GadgetScopeBench prints.
pub fn report(r: &BenchResult) -> Vec<u8> {
    let f = r.frequency;
    let mut by_position = String::from("holds:");
    for (i, (m, l)) in r.holds_by_position.iter().enumerate() {
        by_position.push_str(&alloc::format!(
            " #{} median {} ticks ({} us) longest {} ({} us);",
            i + 1,
            m,
            micros(*m, f),
            l,
            micros(*l, f)
        ));
    }
    by_position.pop();
    by_position.push('\n');
    let mut out = alloc::format!(
        "tree: {} runs, median {} EClock ticks ({} us), min {} ({} us), max {} ({} us), {} bytes of text\n\
         phases: read_screens median {} ticks ({} us), walk_window median {} ticks ({} us), tree_text median {} ticks ({} us), free of the walk's snapshot median {} ticks ({} us), of the screens' median {} ticks ({} us)\n\
         lock: longest LockIBase hold {} ticks ({} us), median {} ticks ({} us), {} holds per TREE\n\
         empty: a hold that only reads the clock: median {} ticks ({} us), longest {} ticks ({} us)\n\
         depth: the screen's layer order (PICK) in one hold: median {} ticks ({} us), longest {} ticks ({} us)\n\
         eclock: {} Hz, {} ticks between two readings\n",
        r.runs,
        r.median,
        micros(r.median, f),
        r.min,
        micros(r.min, f),
        r.max,
        micros(r.max, f),
        r.text_bytes,
        r.screens_median,
        micros(r.screens_median, f),
        r.walk_median,
        micros(r.walk_median, f),
        r.text_median,
        micros(r.text_median, f),
        r.free_walk_median,
        micros(r.free_walk_median, f),
        r.free_screens_median,
        micros(r.free_screens_median, f),
        r.longest_hold,
        micros(r.longest_hold, f),
        r.median_hold,
        micros(r.median_hold, f),
        r.holds_per_tree,
        r.empty_hold_median,
        micros(r.empty_hold_median, f),
        r.empty_hold_max,
        micros(r.empty_hold_max, f),
        r.depth_hold_median,
        micros(r.depth_hold_median, f),
        r.depth_hold_max,
        micros(r.depth_hold_max, f),
        f,
        r.clock_overhead
    );
    out.push_str(&by_position);
    out.push_str(&calls_line(r));
    out.into_bytes()
}

/// The `calls:` line: per TREE, each kind's number of calls, the median
/// call's ticks and the mean (each less the one clock reading its timing
/// includes), and the ticks in all calls and between them (the walker's,
/// the text's and the engine's own code, less the second reading around
/// each call).
fn calls_line(r: &BenchResult) -> String {
    let runs = u64::from(r.runs.max(1));
    let c = r.clock_overhead;
    let mut line =
        alloc::format!("calls: {} TREEs timed call by call, {} ticks each; per TREE:", r.runs, r.calls_total / runs);
    let (mut n, mut t) = (0u64, 0u64);
    for (kind, st) in Call::ALL.iter().zip(r.calls.iter()).filter(|(_, st)| st.count > 0) {
        let count = u64::from(st.count);
        n += count;
        t += st.ticks;
        let mean = (st.ticks / count).saturating_sub(c);
        let median = st.median.saturating_sub(c);
        line.push_str(&alloc::format!(" {} {}/{} x {} ({} mean);", kind.name(), count, runs, median, mean));
    }
    let between = r.calls_total.saturating_sub(t).saturating_sub(n * c) / runs;
    let inside = t.saturating_sub(n * c) / runs;
    line.push_str(&alloc::format!(" in the calls {inside} ticks, between them {between}\n"));
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use amiga_ndk::intuition::GTYP_BOOLGADGET;
    use gadgetscope_core::fake::{FakeIntuition, GadgetSpec};

    /// Advances 10 ticks per reading.
    struct Steps(u64);

    impl Clock for Steps {
        fn now(&mut self) -> u64 {
            self.0 += 10;
            self.0
        }
        fn frequency(&self) -> u32 {
            709_379
        }
    }

    #[test]
    fn measures_runs_and_lock_holds() {
        let mut f = FakeIntuition::new();
        let s = f.add_screen(Some(b"Workbench Screen"), (0, 0, 640, 256));
        let w = f.add_window(s, Some(b"Bench"), (0, 0, 100, 100));
        f.add_gadget(w, &GadgetSpec::new(GTYP_BOOLGADGET, 1, 1, 5, 5));
        let what = Inspect::Tree { window: Some(b"Bench".to_vec()), screen: None, full: false };
        let r = bench_tree(&mut f, &mut Steps(0), &what, 5).unwrap();
        assert_eq!(r.runs, 5);
        // Each hold is exactly two clock readings apart.
        assert_eq!(r.longest_hold, 10);
        assert_eq!(r.holds_per_tree, 2, "the list copy and the window's look-up");
        assert!(r.median > r.longest_hold);
        assert_eq!(r.min, r.max, "the fake clock is regular");
        let text = String::from_utf8(report(&r)).unwrap();
        assert!(text.contains("longest LockIBase hold 10 ticks (14 us)"), "{text}");
        assert_eq!(r.holds_by_position.len(), r.holds_per_tree as usize);
        assert!(text.contains("holds: #1 median 10 ticks (14 us) longest 10 (14 us); #2 median 10"), "{text}");
        // Five more TREEs, each call timed by two readings (10 ticks, the
        // clock's own cost, taken off in the line): two holds each.
        assert!(text.contains("calls: 5 TREEs timed call by call, "), "{text}");
        assert!(text.contains(" hold 10/5 x 0 (0 mean);"), "{text}");
        assert!(text.contains(" Forbid 5/5 x 0 (0 mean); Permit 5/5 x 0 (0 mean);"), "{text}");
        assert_eq!(r.calls[0], CallStats { count: 10, ticks: 100, median: 10 });
        let counted: u32 = r.calls.iter().map(|c| c.count).sum();
        assert!(counted > 10, "the walk's other calls are counted too: {:?}", r.calls);
    }

    #[test]
    fn a_call_kind_indexes_its_place() {
        for (i, k) in Call::ALL.iter().enumerate() {
            assert_eq!(*k as usize, i);
        }
    }

    #[test]
    fn arguments() {
        let t = |s: &str| Value::Text(s.as_bytes().to_vec());
        let mut l = vec![t("Fixture"), Value::Absent, Value::Switch(false), Value::Absent];
        assert_eq!(
            interpret(&l),
            Ok((Inspect::Tree { window: Some(b"Fixture".to_vec()), screen: None, full: false }, RUNS))
        );
        l[1] = t("Work");
        l[2] = Value::Switch(true);
        l[3] = Value::Number(25);
        assert_eq!(
            interpret(&l),
            Ok((Inspect::Tree { window: Some(b"Fixture".to_vec()), screen: Some(b"Work".to_vec()), full: true }, 25))
        );
        l[3] = Value::Number(0);
        assert_eq!(interpret(&l).unwrap_err(), "COUNT must be 1 to 1000, not 0");
        l[3] = Value::Number(1001);
        assert_eq!(interpret(&l).unwrap_err(), "COUNT must be 1 to 1000, not 1001");
        assert_eq!(amiga_rt::readargs::slots(TEMPLATE).len(), 5);
        // No argument: the active window.
        assert_eq!(interpret(&[]), Ok((Inspect::Tree { window: None, screen: None, full: false }, RUNS)));
    }

    #[test]
    fn micros_is_integer_and_safe() {
        assert_eq!(micros(709_379, 709_379), 1_000_000);
        assert_eq!(micros(5, 0), 0);
    }
}
