//! The Aminet readme: `installer/GadgetScope.readme` passes the lint, and
//! the lint catches each header rule on a broken copy.
use installer::readme::{lint, uploader_problem, Problem};
use std::path::Path;

/// The readme's text (ISO-8859-1 bytes as characters).
fn readme() -> String {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("GadgetScope.readme");
    installer::latin1(&std::fs::read(p).unwrap())
}

/// Text back to ISO-8859-1 bytes.
fn bytes(s: &str) -> Vec<u8> {
    s.chars().map(|c| u8::try_from(u32::from(c)).unwrap()).collect()
}

fn has(ps: &[Problem], line: usize, needle: &str) -> bool {
    ps.iter().any(|p| p.line == line && p.message.contains(needle))
}

#[test]
fn the_readme_passes() {
    let (h, ps) = lint(&bytes(&readme()));
    assert!(ps.is_empty(), "{ps:?}");
    assert_eq!(h["Type"].0, "util/misc");
    assert_eq!(h["Architecture"].0, "m68k-amigaos >= 3.0");
    // The version is the workspace's (0.1.0 -> 0.1).
    let v = env!("CARGO_PKG_VERSION");
    assert!(v.starts_with(&format!("{}.", h["Version"].0)) || v == h["Version"].0, "{v}");
}

fn with(from: &str, to: &str) -> Vec<Problem> {
    let r = readme();
    assert!(r.contains(from), "{from}");
    lint(&bytes(&r.replacen(from, to, 1))).1
}

#[test]
fn each_header_rule_is_checked() {
    let ps = with("See and drive the gadgets of any window", "See and drive the gadgets of any window, now!");
    assert!(has(&ps, 1, "`Short:` is 45 characters (at most 40)"), "{ps:?}");
    let r = readme();
    let swapped = r.replacen("Short:", "Kurz: ", 1);
    let ps = lint(&bytes(&swapped)).1;
    assert!(has(&ps, 1, "the first line must be `Short:`") && has(&ps, 0, "no `Short:` field"), "{ps:?}");
    let ps = with("Type:         util/misc", "Type:         utilities");
    assert!(has(&ps, 4, "not an Aminet directory"), "{ps:?}");
    let ps = with("Type:         util/misc", "Type:         tools/misc");
    assert!(has(&ps, 4, "not an Aminet directory"), "{ps:?}");
    let ps = with("m68k-amigaos >= 3.0", "m68k-amigaos >= 2.04");
    assert!(has(&ps, 6, "must be `m68k-amigaos >= 3.0`"), "{ps:?}");
    let ps = with("m68k-amigaos >= 3.0", "ppc-amigaos >= 4.0");
    assert!(has(&ps, 6, "must be `m68k-amigaos >= 3.0`"), "{ps:?}");
    let ps = with("Requires:     68000", "Requires:     68020");
    assert!(has(&ps, 7, "must name the 68000"), "{ps:?}");
    let ps = with("Distribution: Aminet", "Distribution: everywhere");
    assert!(has(&ps, 8, "must be Aminet or NoCD"), "{ps:?}");
    let ps = with("Version:      0.1", "Version:      v0.1beta");
    assert!(has(&ps, 5, "must be digits and dots"), "{ps:?}");
    let ps = with("aminet@gadgetscope.org (GadgetScope developers)", "GadgetScope team");
    assert!(has(&ps, 3, "needs an e-mail address"), "{ps:?}");
    let ps = with("Author:       The GadgetScope developers\n", "");
    assert!(has(&ps, 0, "no `Author:` field"), "{ps:?}");
    let ps = with("Version:      0.1\n", "Version:      0.1\nVersion:      0.2\n");
    assert!(has(&ps, 6, "`Version:` twice (first at line 5)"), "{ps:?}");
    let ps = with("Version:      0.1\n", "Version:      0.1\nColour:       blue\n");
    assert!(has(&ps, 6, "unknown field `Colour:`"), "{ps:?}");
    let ps = with("Distribution: Aminet\n", "Distribution: Aminet\nno colon here\n");
    assert!(has(&ps, 9, "header line without `Field:`"), "{ps:?}");
    let ps = with("Requires:     68000, rexxsyslib.library for the ARexx host\n", "");
    assert!(has(&ps, 0, "no `Requires:` field"), "{ps:?}");
    let ps = with("Licence: BSD-2-Clause, as follows.", &format!("Licence: {}", "x".repeat(80)));
    assert!(ps.iter().any(|p| p.message.contains("columns (at most 78)")), "{ps:?}");
    // The file saved as UTF-8: "Français" would be two characters wrong.
    let ps = lint(readme().as_bytes()).1;
    assert!(has(&ps, 0, "UTF-8"), "{ps:?}");
}

/// Aminet's moderators write to the uploader and compare the address when
/// an upload replaces an older one: a no-reply or undeliverable address is
/// refused, a plain or named address accepted.
#[test]
fn the_uploader_must_receive_mail() {
    // What the readme had: GitHub's hiding address.
    let ps = with("aminet@gadgetscope.org", "gadgetscope@users.noreply.github.com");
    assert!(has(&ps, 3, "mail to noreply.github.com is never delivered"), "{ps:?}");
    for bad in [
        "noreply@gadgetscope.org",
        "no-reply@gadgetscope.org (GadgetScope)",
        "donotreply@gadgetscope.org",
        "NoReply+aminet@gadgetscope.org",
    ] {
        assert_eq!(
            uploader_problem(bad).unwrap(),
            format!(
                "`Uploader:` {} is a no-reply address: Aminet writes to the uploader about the upload",
                bad.split(' ').next().unwrap()
            )
        );
    }
    for dead in ["me@example.com", "me@mail.example.org", "me@host.invalid", "me@box.test", "me@host.localhost"] {
        assert!(uploader_problem(dead).unwrap().contains("is never delivered"), "{dead}");
    }
    for junk in ["me@", "@host.org", "me@host", "me@host.c0m", "me@-host.org", "a b@host.org", "me..x@host.org"] {
        assert!(uploader_problem(junk).is_some(), "{junk}");
    }
    assert!(uploader_problem("me@host.org Name").unwrap().contains("as `address (Name)`"));
    for good in [
        "aminet@gadgetscope.org",
        "aminet@gadgetscope.org (GadgetScope developers)",
        "GadgetScope developers <aminet@gadgetscope.org>",
        "first.last+amiga@mail.provider.de",
    ] {
        assert_eq!(uploader_problem(good), None, "{good}");
    }
}
