//! The Amiga entry point of GadgetScopeBench (wasm32 only): the Shell
//! line read with [`TEMPLATE`], TREE timed, the report printed.
use crate::amiga::AmigaIntuition;
use crate::bench::{bench_tree, interpret, report, Clock, TEMPLATE};
use amiga_ndk::dos::{RETURN_ERROR, RETURN_FAIL, RETURN_OK};
use amiga_ndk::latin1::from_str_lossy as latin1;
use amiga_ndk::timer::UNIT_MICROHZ;
use amiga_rt::dos::Dos;
use amiga_rt::timer::Timer;
use gadgetscope_engine::inspect::Inspect;

/// The program: RC 0 with the report printed; 5 when no window matches;
/// 10 for bad arguments or a window that cannot be walked; 20 when
/// Intuition or timer.device cannot be opened, or when started from
/// Workbench (it has no Shell to print to).
pub fn main() -> i32 {
    let Ok(dos) = Dos::open() else { return RETURN_FAIL };
    if amiga_rt::wb_startup().is_some() {
        return RETURN_FAIL;
    }
    let values = match dos.read_args(TEMPLATE) {
        Ok(v) => v,
        Err(code) => {
            dos.print_fault(code, "GadgetScopeBench");
            return RETURN_ERROR;
        }
    };
    let (what, runs) = match interpret(&values) {
        Ok(w) => w,
        Err(e) => return complain(&dos, &latin1(&e), RETURN_ERROR),
    };
    let mut os = match AmigaIntuition::open() {
        Ok(os) => os,
        Err(e) => return complain(&dos, alloc::format!("{e}").as_bytes(), RETURN_FAIL),
    };
    let Some(mut clock) = EClock::open() else {
        return complain(&dos, b"cannot open timer.device", RETURN_FAIL);
    };
    if let (Some(amiga_rt::readargs::Value::Switch(true)), Inspect::Tree { window: Some(w), screen, .. }) =
        (values.get(4), &what)
    {
        let target = gadgetscope_core::locate::WindowTarget { screen: screen.clone(), pattern: w.clone() };
        return match crate::bench_shown::bench_shown(&mut os, &mut clock, &target, runs) {
            Ok(r) if dos.print(&r) => RETURN_OK,
            Ok(_) => RETURN_FAIL,
            Err((rc, m)) => complain(&dos, &m, rc),
        };
    }
    match bench_tree(&mut os, &mut clock, &what, runs) {
        Ok(r) if dos.print(&report(&r)) => RETURN_OK,
        Ok(_) => RETURN_FAIL,
        Err(e) => complain(&dos, &e.text, e.rc.code() as i32),
    }
}

/// timer.device `ReadEClock()` as the bench clock.
struct EClock {
    timer: Timer,
    freq: u32,
}

impl EClock {
    fn open() -> Option<EClock> {
        let timer = Timer::open(UNIT_MICROHZ)?;
        let freq = timer.eclock().1;
        Some(EClock { timer, freq })
    }
}

impl Clock for EClock {
    fn now(&mut self) -> u64 {
        self.timer.eclock().0
    }
    fn frequency(&self) -> u32 {
        self.freq
    }
}

/// `GadgetScopeBench: <message>` on the Shell (Latin-1), and the RC.
fn complain(dos: &Dos, message: &[u8], rc: i32) -> i32 {
    dos.print(b"GadgetScopeBench: ");
    dos.print(message);
    dos.print(b"\n");
    rc
}
