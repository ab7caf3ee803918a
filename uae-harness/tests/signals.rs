//! A signal that ends the command ends the emulator's process groups too
//! (`uae_harness::signals`). This binary starts itself as the child: a
//! command that runs [`signals::install`] and starts two process groups as
//! the harness starts FS-UAE and Xvfb (one of them with a second member),
//! then waits. The parent sends the child SIGTERM, SIGHUP or SIGINT (to
//! its pid, as a CI timeout does) and checks by process group id, in
//! `/proc`, that nothing of either group is left. A child without
//! [`signals::install`] shows that the check sees what would be left.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use nix::sys::signal::{kill, killpg, Signal};
use nix::unistd::Pid;
use uae_harness::{process::Group, signals};

const CHILD_ENV: &str = "UAE_SIGNALS_TEST_CHILD";

fn child(install: bool) -> ! {
    if install {
        signals::install().unwrap();
    }
    let dir = std::env::temp_dir().join(format!("uae-signals-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = |n: &str| -> PathBuf { dir.join(n) };
    let spawn = |what: &'static str, script: &str| {
        let mut cmd = Command::new("sh");
        cmd.args(["-c", script]);
        Group::spawn(cmd, what, &out(&format!("{what}.out")), &out(&format!("{what}.err"))).unwrap()
    };
    let one = spawn("one", "exec sleep 600");
    let two = spawn("two", "sleep 600 & exec sleep 600");
    println!("groups {} {}", one.pid(), two.pid());
    std::io::stdout().flush().unwrap();
    // Owned until the signal: their Drop never runs.
    let _keep = (one, two);
    loop {
        std::thread::sleep(Duration::from_secs(1));
    }
}

/// Starts a child, sends it `sig` once both groups are up; returns its
/// exit status's code and the groups' ids.
fn run_child(sig: Signal, install: bool) -> (Option<i32>, Vec<u32>) {
    let exe = std::env::current_exe().unwrap();
    let mut c = Command::new(exe)
        .env(CHILD_ENV, if install { "install" } else { "plain" })
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(c.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let groups: Vec<u32> =
        line.trim().strip_prefix("groups ").unwrap().split(' ').map(|g| g.parse().unwrap()).collect();
    // Both groups running, the second one with both its members.
    let t0 = Instant::now();
    while signals::live_members(groups[1]).len() < 2 && t0.elapsed() < Duration::from_secs(5) {
        std::thread::sleep(Duration::from_millis(10));
    }
    assert_eq!(signals::live_members(groups[0]).len(), 1, "group {} is up", groups[0]);
    // The emulator's processes start with no signal blocked, so that a
    // SIGTERM ends them.
    for g in &groups {
        let status = std::fs::read_to_string(format!("/proc/{g}/status")).unwrap();
        let blocked = status.lines().find_map(|l| l.strip_prefix("SigBlk:")).unwrap().trim();
        assert_eq!(u64::from_str_radix(blocked, 16).unwrap(), 0, "group {g}'s leader starts with signals blocked");
    }
    assert_eq!(signals::live_members(groups[1]).len(), 2, "group {} is up", groups[1]);
    kill(Pid::from_raw(c.id() as i32), sig).unwrap();
    let t0 = Instant::now();
    let status = loop {
        if let Some(st) = c.try_wait().unwrap() {
            break st;
        }
        if t0.elapsed() > Duration::from_secs(20) {
            let _ = c.kill();
            panic!("the child did not end within 20 s of {sig}");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let _ = std::fs::remove_dir_all(std::env::temp_dir().join(format!("uae-signals-test-{}", c.id())));
    (status.code(), groups)
}

fn main() {
    // Whatever the parent blocked (a blocked mask is inherited), the
    // children start from the default: the control without install() must
    // die by SIGTERM's default action.
    let mut set = nix::sys::signal::SigSet::empty();
    for s in [Signal::SIGINT, Signal::SIGTERM, Signal::SIGHUP] {
        set.add(s);
    }
    nix::sys::signal::pthread_sigmask(nix::sys::signal::SigmaskHow::SIG_UNBLOCK, Some(&set), None).unwrap();
    match std::env::var(CHILD_ENV).as_deref() {
        Ok("install") => child(true),
        Ok("plain") => child(false),
        _ => {}
    }
    let mut passed = 0;
    for sig in [Signal::SIGTERM, Signal::SIGHUP, Signal::SIGINT] {
        let (code, groups) = run_child(sig, true);
        assert_eq!(code, Some(128 + sig as i32), "{sig}: the exit code");
        for g in &groups {
            let left = signals::live_members(*g);
            assert!(left.is_empty(), "{sig}: processes {left:?} of group {g} are left");
        }
        println!("signals: {sig} ended the command ({}) and its process groups {groups:?}", 128 + sig as i32);
        passed += 1;
    }
    // Without the signal thread, the same check finds the groups left.
    let (code, groups) = run_child(Signal::SIGTERM, false);
    let left: Vec<u32> = groups.iter().flat_map(|g| signals::live_members(*g)).collect();
    for g in &groups {
        let _ = killpg(Pid::from_raw(*g as i32), Signal::SIGKILL);
    }
    assert_eq!(code, None, "without install(), SIGTERM kills the child by its default action");
    assert_eq!(left.len(), 3, "without install(), the groups' three processes are left: {left:?}");
    println!("signals: without signals::install(), SIGTERM leaves the groups' processes {left:?} (killed now)");
    passed += 1;
    println!("test result: ok. {passed} passed; 0 failed; 0 ignored; 0 measured; 0 filtered out");
}
