//! Emulator scenarios of the foundation: the pipeline's programs
//! on the AROS ROM. Each is a plain [`Scenario`] with checks; the
//! programs it stages are named with [`Scenario::program`].

use uae_harness::memcheck::{frees_all_but, measure};
use uae_harness::HostContext;
use uae_harness::{hostdump, Check, Scenario};

/// What `UAETool LIBS` writes on FS-UAE 3.1.66's AROS ROM (measured).
pub const ROM_LIBRARIES: &str = "commodities.library absent\nlocale.library absent\n";

/// `C:UAETool <command>` ends in a runtime trap: its report `report` on
/// the output, RC 20, free memory as before (after one warm-up run, whose
/// first use AROS caches). Output in `<tag>.out`, tag = `command` in lower case.
fn trap_scenario(name: &str, command: &str, report: &str) -> Scenario {
    let tag = command.to_ascii_lowercase();
    let s = Scenario::new(name).program("C/UAETool", "UAETool").line(format!("C:UAETool {command} >NIL:"));
    measure(measure(s, "mem-before").capture(&format!("C:UAETool {command}"), &tag), "mem-after")
        .check(Check::Rc(tag.clone(), 20))
        .check(Check::Contains(format!("{tag}.out"), report.into()))
        .check(frees_all_but("mem-before", "mem-after", 0, "the trapped run gives back everything"))
}

/// The Shell stacks `stack-own` starts UAETool with, bytes: one too small
/// for its 20 KiB native stack (so it swaps to one of its own), one
/// large enough to run on.
const SMALL_STACK: i64 = 16_384;
const LARGE_STACK: i64 = 65_536;
/// UAETool's own native stack, bytes (its `program!` `stack:`).
const SWAPPED_STACK: i64 = 20 * 1024;
/// What the allocators add to the two stacks beside their sizes, at most
/// (measured 112 on the AROS ROM: `AllocVec()`'s header and the Shell's
/// stack rounding); far below the 20 KiB that tells the two cases apart.
const STACK_BOOKKEEPING: i64 = 256;

/// `stack-own`: free memory while UAETool runs with each Shell stack;
/// the difference is the larger Shell stack less the swapped stack the
/// smaller one needs.
fn own_stack() -> Scenario {
    Scenario::new("stack-own")
        .program("C/UAETool", "UAETool")
        .line(format!("Stack {SMALL_STACK}"))
        .line("C:UAETool AVAIL FILE=DH0:avail-swapped")
        .line(format!("Stack {LARGE_STACK}"))
        .line("C:UAETool AVAIL FILE=DH0:avail-own")
        .capture("C:UAETool RECURSE", "recurse")
        .line(format!("Stack {SMALL_STACK}"))
        .check(Check::Rc("recurse".into(), 20))
        .check(Check::Contains("recurse.out".into(), "UAETool: out of memory or stack".into()))
        .check(Check::Custom(
            "a large Shell stack holds no second native stack".into(),
            Box::new(|run| {
                let got = uae_harness::memcheck::avail(run, "avail-swapped")?
                    - uae_harness::memcheck::avail(run, "avail-own")?;
                let want = LARGE_STACK - SMALL_STACK - SWAPPED_STACK;
                if (want - STACK_BOOKKEEPING..=want).contains(&got) {
                    Ok(())
                } else {
                    Err(format!(
                        "free memory fell by {got} bytes, not {want} less at most {STACK_BOOKKEEPING} (with a second \
                         stack it falls by {})",
                        LARGE_STACK - SMALL_STACK
                    ))
                }
            }),
        ))
}

/// Processes of `sched-stress` and DOS packets each sends.
const HAMMERS: usize = 3;
const HAMMER_PACKETS: u32 = 1500;

/// Several processes sending DOS packets to the UAE filesystem without
/// pause while the Shell waits for them: the traffic under which the AROS
/// ROM lost ready tasks without `C:NoNest` (`native/NoNest.S`,
/// docs/design/harness-notes.md "Lost tasks"). Every
/// process must finish (its `.done` file, RC 0 of each wait); a lost task
/// hangs the scenario and the watchdog dumps the task lists.
fn sched_stress() -> Scenario {
    let mut s = Scenario::new("sched-stress").watchdog().timeout(std::time::Duration::from_secs(120));
    for i in 1..=HAMMERS {
        s = s.line(format!("Run >NIL: C:UAETool HAMMER FILE=DH0:hammer{i} COUNT={HAMMER_PACKETS}"));
    }
    for i in 1..=HAMMERS {
        let tag = format!("wait{i}");
        s = s
            .capture(&format!("C:UAETool WAITFILE FILE=DH0:hammer{i}.done TIMEOUT=90"), &tag)
            .check(Check::Rc(tag, 0))
            .check(Check::Exists(format!("hammer{i}.done")));
    }
    s
}

/// The host reads exec's task lists out of the running emulator's RAM
/// ([`uae_harness::hostdump`], what every hang report gets), stopping it for
/// each read: every dump has the CPU's registers and the ROM's tasks,
/// and one taken while exec cannot be moving tasks between its lists (not
/// on the supervisor stack, interrupts on) has them agreeing with
/// every task's state and no lost task, and one, once the Shell runs
/// `C:UAETool WAITFILE` for the host step, shows that process waiting
/// with its segments; the machine runs on after each.
fn host_dump() -> Scenario {
    // Each dump stops the emulator for a few seconds of host time.
    Scenario::new("host-dump").host_step("dump", 100, dump_live_machine).timeout(std::time::Duration::from_secs(120))
}

fn dump_live_machine(ctx: &HostContext) -> Result<String, String> {
    // The request is written just before the Shell starts `UAETool
    // WAITFILE`: dump until that process waits (the first dumps may catch
    // the Shell between the two lines); every dump must be sound.
    let started = std::time::Instant::now();
    let mut mid_switch = 0;
    loop {
        let (text, found) = hostdump::dump_process(ctx.emulator, ctx.model.ram())?;
        let whole: Vec<String> = [
            (!text.contains("task \"input.device\"")).then(|| "input.device's task is missing".to_string()),
            (!text.starts_with("cpu: PC=$")).then(|| "the CPU's registers are missing".to_string()),
        ]
        .into_iter()
        .flatten()
        .collect();
        if !whole.is_empty() {
            return Err(format!("{}\n{text}", whole.join("; ")));
        }
        let lists: Vec<String> = [
            (!found.lost.is_empty()).then(|| format!("lost tasks at {:x?}", found.lost)),
            (!found.disagreements.is_empty()).then(|| found.disagreements.join("; ")),
        ]
        .into_iter()
        .flatten()
        .collect();
        // Stopped while exec may be moving a task between its lists (the
        // CPU on the supervisor stack, or interrupts off) they may be half
        // updated: that instant proves nothing either way, the next dump
        // is read instead. Otherwise they must agree.
        if !lists.is_empty() && !found.lists_in_flux {
            return Err(format!("{}\n{text}", lists.join("; ")));
        }
        if !lists.is_empty() {
            mid_switch += 1;
            continue;
        }
        let waiting = text.split("TaskWait:\n").nth(1).unwrap_or_default();
        if waiting
            .split("task \"")
            .any(|b| b.contains("command \"C:UAETool\"") && b.contains("state=4") && b.contains("  seg $"))
        {
            return Ok(format!(
                "{text}dumps caught while exec's lists may have been moving (read again): {mid_switch}\n"
            ));
        }
        if started.elapsed() > std::time::Duration::from_secs(60) {
            return Err(format!("no process running C:UAETool waits in TaskWait with its segments\n{text}"));
        }
    }
}

/// The machine is the one asked for: the AROS ROM's boot log on the
/// serial port names the CPU it found (`CPU: 68000 FPU: -`).
fn serial_names_cpu(cpu: &'static str) -> Check {
    Check::Custom(
        format!("the ROM reports CPU {cpu}"),
        Box::new(move |run| {
            let log = std::fs::read(run.serial_log()).map_err(|e| e.to_string())?;
            let log = String::from_utf8_lossy(&log);
            if log.contains(&format!("CPU: {cpu} ")) {
                Ok(())
            } else {
                Err(format!("serial.log has no \"CPU: {cpu}\" line"))
            }
        }),
    )
}

/// Every program the project builds refuses a CPU it cannot run on (a
/// 68000 here: an expanded A500) with one plain line and RC 20, instead of
/// the illegal-instruction crash of its first 68020 instruction: the
/// native start code checks exec's AttnFlags first (amiga-rt/c/cpu.c).
/// GadgetScope and a second program (the UAETool fixture) show it is the
/// shared runtime; CrashGuard would turn any crash into `Crash`.
fn cpu_68000() -> Scenario {
    Scenario::new("cpu-68000")
        .model(uae_harness::Model::A500)
        .program("GadgetScope", "GadgetScope")
        .program("C/UAETool", "UAETool")
        .capture("GadgetScope VERSION", "version")
        .capture("C:UAETool AVAIL FILE=DH0:avail", "uaetool")
        .check(serial_names_cpu("68000"))
        .check(Check::Equals("version.out".into(), b"GadgetScope needs a 68020 or better\n".to_vec()))
        .check(Check::Rc("version".into(), 20))
        .check(Check::Equals("uaetool.out".into(), b"UAETool needs a 68020 or better\n".to_vec()))
        .check(Check::Rc("uaetool".into(), 20))
        .timeout(std::time::Duration::from_secs(120))
}

/// The foundation scenarios, in order.
pub fn scenarios() -> Vec<Scenario> {
    vec![
        // GadgetScope from the Shell: VERSION into a file, `?`, bad input.
        Scenario::new("gadgetscope-shell")
            .program("GadgetScope", "GadgetScope")
            .line("GadgetScope VERSION >DH0:version.txt")
            .capture("GadgetScope VERSION", "version")
            .capture("GadgetScope ? <NIL:", "template")
            .capture("GadgetScope FROB", "bad")
            .capture("GadgetScope VERSION EXTRA", "toomany")
            // What ReadArgs() lets pass: a stray word (into FSROOT's list), a
            // switch twice, a number StrToLong() would wrap (4294967408 is
            // 112 modulo 2^32, a valid rate); a keyword without its value
            // it refuses itself (the ROM's fault text).
            .capture("GadgetScope TREE FULL FULL", "twice")
            .capture("GadgetScope NOGUI TCPPORT=", "valueless")
            .capture("GadgetScope NOGUI TCPPORT=4294967296", "bigport")
            .capture("GadgetScope NOGUI SERIAL BAUD=4294967408", "bigbaud")
            // How the ROM's ReadItem() splits a line (readargs.rs
            // next_item): a quote inside a word is a byte of it, the `=`
            // after a keyword is its separator (a second one an item).
            .capture("GadgetScope TREE WINDOW=nowin\"x\"", "quoteinword")
            .capture("GadgetScope TREE WINDOW==nowin", "twoequals")
            // FindArg(): a keyword may go on into its modifiers.
            .capture("GadgetScope TREE WINDOW/K=nowin", "withmods")
            // A quoted stray word, in its own quotes.
            .capture("GadgetScope TREE WINDOW=\"a b\" \"\"", "emptyword")
            // A `?` ending a line (after a blank): ReadArgs() prints the
            // template and reads the rest of the line from Input() (AROS
            // rom/dos/readargs.c is_question); the `?` is no word.
            .line("Echo >DH0:rest \"WINDOW=nowin\"")
            .capture("GadgetScope MENU ? <DH0:rest", "prompted")
            .check(Check::Equals(
                "version.txt".into(),
                format!("GadgetScope {} (30.11.2026)\n", env!("CARGO_PKG_VERSION")).into_bytes(),
            ))
            .check(Check::Rc("version".into(), 0))
            .check(Check::Contains("template.out".into(), "COMMAND".into()))
            .check(Check::Rc("bad".into(), 10))
            .check(Check::Contains("bad.out".into(), "unknown command \"FROB\"".into()))
            .check(Check::Rc("toomany".into(), 10))
            .check(Check::Contains("toomany.out".into(), "\"EXTRA\" is one word too many".into()))
            .check(Check::Contains("template.out".into(), "TCPPORT/K,".into()))
            .check(Check::Rc("twice".into(), 10))
            .check(Check::Contains("twice.out".into(), "GadgetScope: FULL is given twice".into()))
            .check(Check::Rc("valueless".into(), 10))
            .check(Check::Contains("valueless.out".into(), "GadgetScope: value after keyword missing".into()))
            .check(Check::Rc("bigport".into(), 10))
            .check(Check::Contains("bigport.out".into(), "TCPPORT must be 0 to 65535, not 4294967296".into()))
            .check(Check::Rc("bigbaud".into(), 10))
            .check(Check::Contains(
                "bigbaud.out".into(),
                "BAUD must be a rate in bits per second, not 4294967408".into(),
            ))
            .check(Check::Rc("quoteinword".into(), 5))
            .check(Check::Contains("quoteinword.out".into(), "no window matches \"nowin\"x\"\"".into()))
            .check(Check::Rc("twoequals".into(), 5))
            .check(Check::Contains("twoequals.out".into(), "no window matches \"nowin\"".into()))
            .check(Check::Rc("withmods".into(), 5))
            .check(Check::Contains("withmods.out".into(), "no window matches \"nowin\"".into()))
            .check(Check::Rc("emptyword".into(), 10))
            .check(Check::Contains("emptyword.out".into(), "GadgetScope: \"\" is one word too many".into()))
            .check(Check::Rc("prompted".into(), 5))
            .check(Check::Contains("prompted.out".into(), "COMMAND,WINDOW/K,".into()))
            .check(Check::Contains("prompted.out".into(), "no window matches \"nowin\"".into())),
        cpu_68000(),
        // A genuine Workbench start: UAETool builds a WBStartup for a copy of
        // itself on its own process; the child reports what it received and
        // the runtime replies the message at exit.
        Scenario::new("wbstartup")
            .program("C/UAETool", "UAETool")
            .capture("C:UAETool WBRUN PROGRAM=DH0:C/UAETool", "wbrun")
            .check(Check::Rc("wbrun".into(), 0))
            .check(Check::Contains("wbrun.out".into(), "replied".into()))
            .check(Check::Equals("wbprobe".into(), b"WBStartup numargs=1 name=UAETool\n".to_vec())),
        // Which optional libraries the ROM has (no Libs drawer is staged, so
        // only ROM-resident ones open): commodities.library for the broker,
        // locale.library for the catalogs. The expected lines record what
        // this AROS ROM has (docs/design/harness-notes.md "Facts about the ROM"); a user's
        // Kickstart/Workbench has both, so only the AROS answer is pinned.
        Scenario::new("rom-libraries")
            .program("C/UAETool", "UAETool")
            .capture("C:UAETool LIBS FILE=DH0:libs.txt", "libs")
            .check(Check::Rc("libs".into(), 0))
            .check(Check::Custom(
                "libs.txt names both libraries".into(),
                Box::new(|run| {
                    let t = run.read_text("libs.txt")?;
                    if std::env::var_os("GADGETSCOPE_KICKSTART").is_none() && t != ROM_LIBRARIES {
                        return Err(format!("libs.txt is {t:?}, the AROS ROM gave {ROM_LIBRARIES:?}"));
                    }
                    if t.lines().count() == 2 {
                        Ok(())
                    } else {
                        Err(format!("libs.txt: {t:?}"))
                    }
                }),
            )),
        // A deliberate Rust panic: its message, RC 20, no hang, nothing leaked.
        trap_scenario("panic", "PANIC", "UAETool: panic: deliberate panic for the harness"),
        // Runaway recursion: the stack guard of every wasm2c function
        // (stack pointer against the runtime's floor) traps it before
        // UAETool's 20 KiB native stack overflows: the report, RC 20,
        // nothing leaked.
        trap_scenario("stack-guard", "RECURSE", "UAETool: out of memory or stack"),
        // A stretch on a native stack of its own (amiga_rt::stack::run_on,
        // runtime.c rt_on_stack): exec's bounds of the task's stack there
        // are that stack's; runaway recursion on a second one is trapped
        // by the guard's floor moved with it, reported, RC 20, and both
        // stacks are given back.
        trap_scenario("stack-run-on", "ONSTACK", "UAETool: out of memory or stack").check(Check::Contains(
            "onstack.out".into(),
            format!("UAETool: on a stack of {} bytes\n", uaetool::ONSTACK_BYTES),
        )),
        // A process whose own stack has room for the native stack runs on
        // it (amiga-rt/c/runtime.c `rt_start`): UAETool started with a
        // 65 536-byte Shell stack holds that and no second 20 KiB stack,
        // started with 16 384 bytes it holds both. The stack guard traps on
        // the own stack as on the swapped one.
        own_stack(),
        // A request larger than the heap arena: the allocation error is a
        // panic the runtime reports, RC 20, nothing leaked. (UAETool's
        // arena is 100 KiB: programs/uaetool.)
        trap_scenario("heap-exhausted", "EXHAUST", "UAETool: panic: memory allocation of 102401 bytes failed"),
        // No memory for the native stack: MemHog holds free memory down to
        // pieces under 8 KiB and starts GadgetScope on its own process (the
        // Shell's way) on a 4 000-byte stack, too small to run on; the
        // runtime says why, RC 20, IoErr ERROR_NO_FREE_STORE (103).
        Scenario::new("stack-refused")
            .program("GadgetScope", "GadgetScope")
            .program("C/MemHog", "MemHog")
            .capture("C:MemHog DH0:GadgetScope VERSION", "nostack")
            .check(Check::Rc("nostack".into(), 20))
            .check(Check::Contains(
                "nostack.out".into(),
                format!("GadgetScope: not enough memory for its {}-byte stack\n", gadgetscope::NATIVE_STACK),
            ))
            .check(Check::Contains("nostack.out".into(), ", RC 20, IoErr 103\n".into()))
            // MemHog gave everything back: the machine runs the program
            // again; without arguments MemHog says how to call it.
            .capture("GadgetScope VERSION", "after")
            .capture("C:MemHog", "usage")
            .check(Check::Rc("after".into(), 0))
            .check(Check::Contains("after.out".into(), "GadgetScope ".into()))
            .check(Check::Rc("usage".into(), 20))
            .check(Check::Equals(
                "usage.out".into(),
                b"usage: MemHog [STACK=<bytes>] <program> [<arguments>]\n".to_vec(),
            )),
        sched_stress(),
        host_dump(),
        // Free memory after GadgetScope exits equals free memory before
        // (one warm-up run first: AROS caches what the first run loads).
        measure(
            measure(
                Scenario::new("memory")
                    .program("GadgetScope", "GadgetScope")
                    .program("C/UAETool", "UAETool")
                    .line("GadgetScope VERSION >NIL:"),
                "mem-before",
            )
            .line("GadgetScope VERSION >NIL:")
            .line("GadgetScope FROB >NIL:"),
            "mem-after",
        )
        .check(frees_all_but("mem-before", "mem-after", 0, "GadgetScope gives back everything")),
        // One loaded copy runs once: the loader initialises linear memory
        // in place (its own hunk), so a second run of the same segment (a
        // forced Resident) is refused with RC 20, not run on what the first
        // run left there.
        Scenario::new("resident-twice")
            .program("GadgetScope", "GadgetScope")
            .line("Resident GadgetScope DH0:GadgetScope PURE")
            .capture("GadgetScope VERSION", "first")
            .capture("GadgetScope VERSION", "second")
            .line("Resident GadgetScope REMOVE")
            .check(Check::Rc("first".into(), 0))
            .check(Check::Contains("first.out".into(), "GadgetScope ".into()))
            .check(Check::Rc("second".into(), 20))
            .check(Check::Contains(
                "second.out".into(),
                "GadgetScope: already ran from this loaded copy; it is not pure and cannot be made resident".into(),
            )),
    ]
}
