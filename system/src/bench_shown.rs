//! GadgetScopeBench `SHOWN`: the text reader timed on the machine itself
//! (wasm32 only), each phase on its own so the levers show: the fonts
//! copied, the reader's glyph index alone, each pen alone,
//! the whole reading, plain only, one pen only. EClock ticks, median of
//! the runs.
use crate::amiga::seen;
use crate::bench::Clock;
use alloc::vec::Vec;
use gadgetscope_core::locate::{find_target, WindowTarget};
use gadgetscope_core::walk::{read_screens, IntuitionOs};
use gadgetscope_engine::shown::{reading, Seen};
use gadgetscope_textread::{glyph_indexes, pen_columns, read, Options};

/// The report: one line per phase, `<phase> median <ticks> ticks (<us>
/// us)`, then what was read; `Err` a sentence and an RC.
pub fn bench_shown<O: IntuitionOs, C: Clock>(
    os: &mut O,
    clock: &mut C,
    window: &WindowTarget,
    runs: u32,
) -> Result<Vec<u8>, (i32, Vec<u8>)> {
    let snap = read_screens(os).map_err(|_| (20, b"IntuitionBase cannot be read".to_vec()))?;
    let info = find_target(&snap, window).ok_or((5, b"no window matches".to_vec()))?;
    let (ibase, address) = (os.intuition_base(), info.address);
    let fail = |e: gadgetscope_arexx::Error| (20, e.text);
    let mut phases: Vec<(&str, Vec<u64>)> = Vec::new();
    let mut time = |name: &'static str, clock: &mut C, f: &mut dyn FnMut() -> Result<(), (i32, Vec<u8>)>| {
        let t0 = clock.now();
        let r = f();
        let t = clock.now().wrapping_sub(t0);
        match phases.iter_mut().find(|(n, _)| *n == name) {
            Some((_, v)) => v.push(t),
            None => phases.push((name, alloc::vec![t])),
        }
        r
    };
    let mut summary = Vec::new();
    let mut work = Vec::new();
    for _ in 0..runs.max(1) {
        let mut s: Option<Seen> = None;
        time("seen (fonts copied and decoded)", clock, &mut || {
            s = Some(seen(ibase, address).map_err(fail)?);
            Ok(())
        })?;
        let mut s = s.ok_or((20, b"no picture".to_vec()))?;
        let fonts = core::mem::take(&mut s.fonts);
        let mut pens = Vec::new();
        time("pens (which pens the window has)", clock, &mut || {
            pens = s.pixels.pens();
            Ok(())
        })?;
        time("columns (every pen's, no font)", clock, &mut || {
            pen_columns(&mut *s.pixels, &pens).map(|_| ()).map_err(|_| (20, b"no memory".to_vec()))
        })?;
        time("index (glyph pictures of every font and style)", clock, &mut || {
            glyph_indexes(&fonts, &Options::default()).map(|_| ()).map_err(|_| (20, b"no memory".to_vec()))
        })?;
        let plain = Options { bold: false, underlined: false, pens: None };
        time("plain (every pen, no bold or underline)", clock, &mut || {
            read(&mut *s.pixels, &fonts, &plain);
            Ok(())
        })?;
        let pen1 = Options { pens: Some(alloc::vec![1]), ..Options::default() };
        time("pen 1 (all styles)", clock, &mut || {
            read(&mut *s.pixels, &fonts, &pen1);
            Ok(())
        })?;
        for &pen in &pens {
            let one = Options { pens: Some(alloc::vec![pen]), ..Options::default() };
            let name: &'static str = ["pen 0 alone", "pen 1 alone", "pen 2 alone", "pen 3 alone"]
                .get(usize::from(pen))
                .copied()
                .unwrap_or("another pen alone");
            time(name, clock, &mut || {
                let r = read(&mut *s.pixels, &fonts, &one);
                work.push((pen, r.work));
                Ok(())
            })?;
        }
        s.fonts = fonts;
        time("whole (SHOWN's reading)", clock, &mut || {
            let r = reading(&mut s).map_err(fail)?;
            summary = alloc::format!(
                "{} runs, {} fonts, {} limits, pens {:?}\n",
                r.runs.len(),
                s.fonts.len(),
                r.limits.len(),
                pens
            )
            .into_bytes();
            Ok(())
        })?;
    }
    let f = u64::from(clock.frequency().max(1));
    let mut out = Vec::new();
    for (name, mut v) in phases {
        v.sort_unstable();
        let m = v[v.len() / 2];
        out.extend_from_slice(alloc::format!("{name}: median {m} ticks ({} us)\n", m * 1_000_000 / f).as_bytes());
    }
    out.extend_from_slice(&summary);
    for (pen, w) in work.iter().take(8) {
        out.extend_from_slice(alloc::format!("pen {pen}: {w:?}\n").as_bytes());
    }
    Ok(out)
}
