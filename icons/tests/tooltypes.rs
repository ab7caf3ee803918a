//! The tooltypes of the shipped icons, as Workbench, Installer and the
//! program read them.
use icons::{info::WbType, IconSpec, ICONS};

fn icon(file: &str) -> &'static IconSpec {
    ICONS.iter().find(|s| s.file == file).unwrap_or_else(|| panic!("{file} is not in icons::ICONS"))
}

/// `(KEY=value)` and `KEY=value` → `KEY`; bare `KEY` → `KEY`.
fn key(tooltype: &str) -> &str {
    let t = tooltype.strip_prefix('(').and_then(|t| t.strip_suffix(')')).unwrap_or(tooltype);
    t.split('=').next().unwrap()
}

/// The boot icon does not keep Workbench waiting (GadgetScope never
/// returns) and starts the program iconified.
#[test]
fn the_wbstartup_icon_lets_workbench_go_on() {
    let s = icon("WBStartup.info");
    assert_eq!(s.kind, WbType::Project);
    assert_eq!(s.default_tool, Some("GadgetScope"));
    assert!(s.tool_types.contains(&"DONOTWAIT"), "{:?}", s.tool_types);
    assert!(s.tool_types.contains(&"STARTUP=ICONIFIED"), "{:?}", s.tool_types);
    // WAIT=n would hold the boot for n seconds after the start.
    assert!(!s.tool_types.iter().any(|t| key(t) == "WAIT"), "{:?}", s.tool_types);
    assert!(s.stack_size >= icon("GadgetScope.info").stack_size, "the project's stack is the one Workbench uses");
}

// That the program icon shows every tooltype the program reads is tested
// next to the list: gadgetscope/src/settings.rs.

/// The Installer icon: Installer's own tooltypes only, valid levels, the
/// default level not below the minimum.
#[test]
fn the_installer_icon_names_valid_user_levels() {
    let s = icon("GadgetScope.install.info");
    let level = |k: &str| {
        s.tool_types
            .iter()
            .find_map(|t| t.strip_prefix(k).and_then(|v| v.strip_prefix('=')))
            .map(|v| ["NOVICE", "AVERAGE", "EXPERT"].iter().position(|l| *l == v).unwrap_or_else(|| panic!("{k}={v}")))
    };
    let min = level("MINUSER").unwrap_or(0);
    let def = level("DEFUSER").unwrap_or(min);
    assert_eq!(min, 0, "Novice reachable");
    assert!(def >= min);
    for t in s.tool_types {
        assert!(["APPNAME", "MINUSER", "DEFUSER"].contains(&key(t)), "{t}");
    }
}
