//! Host tests: byte images of Intuition structures in the fake memory,
//! walked by the same walker the Amiga runs.

use amiga_ndk::gadtools::*;
use amiga_ndk::intuition::*;
use amiga_ndk::reaction::{INTEGER_Number, SLIDER_Level};
use gadgetscope_core::classify::{dispatch, role_for_class_id, Dispatch, Role, ALL_ROLES};
use gadgetscope_core::fake::{Call, FakeIntuition, GadgetSpec};
use gadgetscope_core::golden::compare_golden;
use gadgetscope_core::snapshot::MenuStripSnap;
use gadgetscope_core::text::{menu_text, screens_text, tree_text};
use gadgetscope_core::walk::{read_screens, read_window, walk_menu, walk_window, WalkError, MAX_GADGETS, MAX_ITEMS};

fn s(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// The menu strip of the window at `w` (its header read first).
fn menus(f: &mut FakeIntuition, w: u32) -> Result<MenuStripSnap, WalkError> {
    let info = read_window(f, w)?;
    walk_menu(f, &info)
}

fn tree(f: &mut FakeIntuition, w: u32, full: bool) -> String {
    s(&tree_text(&f.walk(w).expect("window found"), full))
}

/// Workbench screen with one 220x256 window at 40,0.
fn setup(title: Option<&[u8]>) -> (FakeIntuition, u32) {
    let mut f = FakeIntuition::new();
    let scr = f.add_screen(Some(b"Workbench Screen"), (0, 0, 640, 256));
    let w = f.add_window(scr, title, (40, 0, 220, 256));
    (f, w)
}

fn gt(kind: u16) -> u16 {
    kind | GADTOOL_TYPE
}

/// System gadgets as OS 3.x / AROS build them: buttongclass / gadgetclass
/// objects first in the list.
fn add_system_gadgets(f: &mut FakeIntuition, w: u32) -> (u32, u32, u32) {
    let button = f.make_class(Some(b"buttongclass"));
    let gadget = f.make_class(Some(b"gadgetclass"));
    let sys = GTYP_SYSGADGET | GTYP_CUSTOMGADGET;
    let mut depth = GadgetSpec::new(sys | GTYP_WDEPTH, -22, 0, 24, 11);
    depth.flags = GFLG_RELRIGHT;
    let depth = f.add_object(w, button, &depth);
    let close = f.add_object(w, button, &GadgetSpec::new(sys | GTYP_CLOSE, 0, 0, 20, 11));
    let mut drag = GadgetSpec::new(sys | GTYP_WDRAGGING, 0, 0, 0, 10);
    drag.flags = GFLG_RELWIDTH;
    let drag = f.add_object(w, gadget, &drag);
    (depth, close, drag)
}

#[test]
fn gadtools_window_prints_like_amipilot() {
    let (mut f, w) = setup(Some(b"AmiPilot GadTools Fixture"));
    add_system_gadgets(&mut f, w);
    // CreateContext(): a generic GadTools gadget of size 0.
    f.add_gadget(w, &GadgetSpec::new(GADTOOL_TYPE, 0, 0, 0, 0));
    // BUTTON_KIND, PLACETEXT_IN: the text is in the imagery; GadgetText NULL.
    let mut b = GadgetSpec::new(gt(GTYP_BOOLGADGET), 20, 24, 100, 14);
    b.id = 1;
    f.add_gadget(w, &b);
    // STRING_KIND with a PLACETEXT_LEFT label carrying the '_' marker.
    let mut st = GadgetSpec::new(gt(GTYP_STRGADGET), 26, 51, 88, 8);
    st.id = 2;
    st.gadget_text = f.intuitext(Some(b"_Host:"));
    st.special_info = f.string_info(b"");
    f.add_gadget(w, &st);
    // CHECKBOX_KIND: the GTCB_Checked probe processes.
    let mut cb = GadgetSpec::new(gt(GTYP_BOOLGADGET), 20, 72, 26, 11);
    cb.id = 3;
    cb.gadget_text = f.intuitext(Some(b"Enabled"));
    let cb = f.add_gadget(w, &cb);
    f.set_gt_attr(cb, GTCB_Checked, 1);
    // SLIDER_KIND.
    let mut sl = GadgetSpec::new(gt(GTYP_PROPGADGET), 24, 122, 92, 10);
    sl.id = 5;
    let sl = f.add_gadget(w, &sl);
    f.set_gt_attr(sl, GTSL_Level, 7);
    // INTEGER_KIND: the GTIN_Number probe processes.
    let mut it = GadgetSpec::new(gt(GTYP_STRGADGET), 26, 219, 88, 8);
    it.id = 8;
    it.gadget_text = f.intuitext(Some(b"Count"));
    it.special_info = f.string_info(b"0");
    let it = f.add_gadget(w, &it);
    f.set_gt_attr(it, GTIN_Number, 0);

    let expected = "\
window \"AmiPilot GadTools Fixture\" screen=\"Workbench Screen\" [40,0 220x256]
  gadget id=0 role=custom class=\"buttongclass\" label=\"\" [198,0 24x11]
  gadget id=0 role=custom class=\"buttongclass\" label=\"\" [0,0 20x11]
  gadget id=0 role=custom class=\"gadgetclass\" label=\"\" [0,0 220x10]
  gadget id=0 role=unknown class=\"\" label=\"\" [0,0 0x0]
  gadget id=1 role=button class=\"\" label=\"\" [20,24 100x14]
  gadget id=2 role=string class=\"\" label=\"Host:\" value=\"\" [26,51 88x8]
  gadget id=3 role=checkbox class=\"\" label=\"Enabled\" [20,72 26x11]
  gadget id=5 role=slider class=\"\" label=\"\" [24,122 92x10]
  gadget id=8 role=integer class=\"\" label=\"Count\" value=\"0\" [26,219 88x8]
";
    assert_eq!(tree(&mut f, w, false), expected);
    let golden = expected.to_string();
    assert!(compare_golden(golden.as_bytes(), tree(&mut f, w, false).as_bytes()).is_ok());

    let full = tree(&mut f, w, true);
    let lines: Vec<&str> = full.lines().collect();
    assert_eq!(
        lines[1],
        "  gadget id=0 role=custom class=\"buttongclass\" label=\"\" sys=depth state=\"\" [198,0 24x11]"
    );
    assert_eq!(
        lines[2],
        "  gadget id=0 role=custom class=\"buttongclass\" label=\"\" sys=close state=\"\" [0,0 20x11]"
    );
    assert_eq!(lines[3], "  gadget id=0 role=custom class=\"gadgetclass\" label=\"\" sys=drag state=\"\" [0,0 220x10]");
    assert_eq!(lines[7], "  gadget id=3 role=checkbox class=\"\" label=\"Enabled\" state=\"\" level=1 [20,72 26x11]");
    assert_eq!(lines[8], "  gadget id=5 role=slider class=\"\" label=\"\" state=\"\" level=7 [24,122 92x10]");
}

#[test]
fn golden_mismatch_gives_unified_diff() {
    let (mut f, w) = setup(Some(b"W"));
    f.add_gadget(w, &GadgetSpec::new(GTYP_BOOLGADGET, 1, 2, 3, 4));
    let actual = tree(&mut f, w, false);
    let golden = "window \"W\" screen=\"Workbench Screen\" [40,0 220x256]\n  gadget id=0 role=button class=\"\" label=\"\" [1,2 3x5]\n";
    let diff = s(&compare_golden(golden.as_bytes(), actual.as_bytes()).unwrap_err());
    assert_eq!(
        diff,
        "--- golden\n+++ actual\n@@ -1,2 +1,2 @@\n window \"W\" screen=\"Workbench Screen\" [40,0 220x256]\n-  gadget id=0 role=button class=\"\" label=\"\" [1,2 3x5]\n+  gadget id=0 role=button class=\"\" label=\"\" [1,2 3x4]\n"
    );
}

#[test]
fn dispatch_is_an_equality_test_not_a_bitmask() {
    // The historical crash: BOOL (1), PROP (3) and STR (4) all pass a
    // bitmask test against GTYP_CUSTOMGADGET (5).
    for t in [GTYP_BOOLGADGET, GTYP_PROPGADGET, GTYP_STRGADGET] {
        assert_ne!(t & GTYP_CUSTOMGADGET, 0);
        assert_ne!(dispatch(t), Dispatch::Custom);
    }
    assert_eq!(dispatch(GTYP_CUSTOMGADGET | GTYP_SYSGADGET | GADTOOL_TYPE), Dispatch::Custom);
    assert_eq!(dispatch(GTYP_GADGET0002), Dispatch::Other);
    assert_eq!(dispatch(0x0007), Dispatch::Other);

    // Classic gadgets sitting right after a real class pointer: the walker
    // must not take the word before them for OCLASS().
    let (mut f, w) = setup(Some(b"W"));
    let class = f.make_class(Some(b"button.gadget"));
    let mut ids = Vec::new();
    for (i, t) in [GTYP_BOOLGADGET, GTYP_PROPGADGET, GTYP_STRGADGET].into_iter().enumerate() {
        let mut spec = GadgetSpec::new(t, 0, 0, 10, 10);
        spec.id = i as u16 + 1;
        ids.push(f.add_object(w, class, &spec));
    }
    let snap = f.walk(w).unwrap();
    let roles: Vec<Role> = snap.gadgets.iter().map(|g| g.role).collect();
    assert_eq!(roles, [Role::Button, Role::Slider, Role::String]);
    assert!(snap.gadgets.iter().all(|g| g.class.is_empty()));
    assert!(!f.log.iter().any(|c| matches!(c, Call::IsRealMemory(_))));
    for g in ids {
        assert_eq!(f.get_attr_calls_on(g), 0);
    }
}

#[test]
fn bogus_class_pointer_degrades_to_custom_without_getattr() {
    let (mut f, w) = setup(Some(b"WBPattern"));
    let label = f.intuitext(Some(b"Preview"));
    let mut spec = GadgetSpec::new(GTYP_CUSTOMGADGET, 10, 20, 30, 40);
    spec.gadget_text = label;
    spec.id = 9;
    // A small, clearly bogus pointer (outside memory), NULL, and a
    // readable address that TypeOfMem says is not RAM (ROM-like).
    let rom = f.alloc(64);
    f.mark_not_real(rom, 64);
    let a = f.add_object(w, 0x0000_0123, &spec);
    let b = f.add_object(w, 0, &spec);
    let c = f.add_object(w, rom, &spec);
    // GadTools-flagged (AROS-like) object with a bogus class: no probe either.
    let mut gts = spec;
    gts.gadget_type = GTYP_CUSTOMGADGET | GADTOOL_TYPE;
    let d = f.add_object(w, 0xDEAD_BEEF, &gts);
    for g in [a, b, c, d] {
        f.set_attr(g, GA_ID, 77);
        f.set_attr(g, GA_Text, label);
        f.set_gt_attr(g, GTCB_Checked, 1);
    }
    let text = tree(&mut f, w, false);
    for line in text.lines().skip(1) {
        assert_eq!(line, "  gadget id=9 role=custom class=\"\" label=\"\" [10,20 30x40]");
    }
    assert_eq!(text.lines().count(), 5);
    for g in [a, b, c, d] {
        assert_eq!(f.get_attr_calls_on(g), 0, "no GetAttr/GadTools call on {g:#x}");
    }
    assert!(f.log.contains(&Call::IsRealMemory(0x123)));
    assert!(f.log.contains(&Call::IsRealMemory(rom)));
}

#[test]
fn class_id_table_and_unknown_classes() {
    let table: &[(&[u8], Role)] = &[
        (b"button.gadget", Role::Button),
        (b"checkbox.gadget", Role::Checkbox),
        (b"string.gadget", Role::String),
        (b"getstring.gadget", Role::String),
        (b"integer.gadget", Role::Integer),
        (b"radiobutton.gadget", Role::RadioButton),
        (b"chooser.gadget", Role::Cycle),
        (b"scroller.gadget", Role::Scroller),
        (b"slider.gadget", Role::Slider),
        (b"gradientslider.gadget", Role::Slider),
        (b"listbrowser.gadget", Role::Listbrowser),
        (b"sketchboard.gadget", Role::Canvas),
        (b"speedbar", Role::Toolbar),
        (b"clicktab.gadget", Role::PageTabList),
        (b"colorwheel.gadget", Role::ColorWheel),
        (b"datebrowser.gadget", Role::Calendar),
        (b"fuelgauge.gadget", Role::ProgressBar),
        (b"getcolor.gadget", Role::ColorChooser),
        (b"getfile.gadget", Role::FileChooser),
        (b"getfont.gadget", Role::FontChooser),
        (b"getscreenmode.gadget", Role::ScreenmodeChooser),
        (b"palette.gadget", Role::Palette),
        (b"texteditor.gadget", Role::TextEditor),
        (b"speedbar.gadget", Role::Custom),
        (b"Button.gadget", Role::Custom),
        (b"layout.gadget", Role::Custom),
        (b"buttongclass", Role::Button),
        (b"frbuttonclass", Role::Button),
        (b"strgclass", Role::String),
        (b"propgclass", Role::Custom), // its PropInfo decides: propgclass_role
        (b"groupgclass", Role::Custom),
        (b"", Role::Custom),
    ];
    for (id, role) in table {
        assert_eq!(role_for_class_id(id), *role, "{}", s(id));
    }
    // Through the walker: real class names kept, role from the table.
    let (mut f, w) = setup(Some(b"W"));
    for (id, _) in table.iter().filter(|(id, _)| !id.is_empty()) {
        let c = f.make_class(Some(id));
        f.add_object(w, c, &GadgetSpec::new(GTYP_CUSTOMGADGET, 0, 0, 1, 1));
    }
    let nameless = f.make_class(None);
    f.add_object(w, nameless, &GadgetSpec::new(GTYP_CUSTOMGADGET, 0, 0, 1, 1));
    let snap = f.walk(w).unwrap();
    for (g, (id, role)) in snap.gadgets.iter().zip(table.iter().filter(|(id, _)| !id.is_empty())) {
        assert_eq!(&g.class[..], *id);
        assert_eq!(g.role, *role);
    }
    let last = snap.gadgets.last().unwrap();
    assert_eq!((last.role, last.class.len()), (Role::Custom, 0));
}

#[test]
fn role_names_round_trip_case_insensitively() {
    assert_eq!(ALL_ROLES.len(), 25);
    for r in ALL_ROLES {
        assert_eq!(Role::from_name(r.as_str().to_uppercase().as_bytes()), Some(r));
    }
    assert_eq!(Role::from_name(b"Radio_Button"), Some(Role::RadioButton));
    assert_eq!(Role::from_name(b"menu"), None);
}

#[test]
fn boopsi_getattr_with_per_attribute_fallback() {
    let (mut f, w) = setup(Some(b"ClassAct"));
    let class = f.make_class(Some(b"button.gadget"));
    let mut spec = GadgetSpec::new(GTYP_CUSTOMGADGET, 5, 6, 7, 8);
    spec.id = 1;
    let g = f.add_object(w, class, &spec);
    let text = f.cstr(b"_Connect");
    f.set_attr(g, GA_ID, 42);
    f.set_attr(g, GA_Text, text);
    f.set_attr(g, GA_Left, 100);
    f.set_attr(g, GA_Width, 60); // GA_Top/GA_Height not processed: fields
    let line = tree(&mut f, w, false).lines().nth(1).unwrap().to_string();
    // Not a GadTools label: the '_' stays.
    assert_eq!(line, "  gadget id=42 role=button class=\"button.gadget\" label=\"_Connect\" [100,6 60x8]");
}

#[test]
fn boopsi_values_and_levels() {
    let (mut f, w) = setup(Some(b"W"));
    let string = f.make_class(Some(b"string.gadget"));
    let integer = f.make_class(Some(b"integer.gadget"));
    let checkbox = f.make_class(Some(b"checkbox.gadget"));
    let slider = f.make_class(Some(b"slider.gadget"));
    let spec = GadgetSpec::new(GTYP_CUSTOMGADGET, 0, 0, 10, 10);
    let a = f.add_object(w, string, &spec);
    let b = f.add_object(w, integer, &spec);
    let c = f.add_object(w, checkbox, &spec);
    let d = f.add_object(w, slider, &spec);
    let e = f.add_object(w, string, &spec); // STRINGA_TextVal not processed
    let v = f.cstr(b"a \"quoted\" C:\\path");
    f.set_attr(a, STRINGA_TextVal, v);
    f.set_attr(b, INTEGER_Number, (-12i32) as u32);
    f.set_attr(c, GA_Selected, 1);
    f.set_attr(d, SLIDER_Level, 33);
    let _ = e;
    let full = tree(&mut f, w, true);
    let l: Vec<&str> = full.lines().collect();
    assert_eq!(l[1], "  gadget id=0 role=string class=\"string.gadget\" label=\"\" value=\"a \\\"quoted\\\" C:\\\\path\" state=\"\" [0,0 10x10]");
    assert_eq!(
        l[2],
        "  gadget id=0 role=integer class=\"integer.gadget\" label=\"\" value=\"-12\" state=\"\" [0,0 10x10]"
    );
    assert_eq!(l[3], "  gadget id=0 role=checkbox class=\"checkbox.gadget\" label=\"\" state=\"\" level=1 [0,0 10x10]");
    assert_eq!(l[4], "  gadget id=0 role=slider class=\"slider.gadget\" label=\"\" state=\"\" level=33 [0,0 10x10]");
    assert_eq!(l[5], "  gadget id=0 role=string class=\"string.gadget\" label=\"\" state=\"\" [0,0 10x10]");
}

#[test]
fn label_flags_are_respected() {
    let (mut f, w) = setup(Some(b"W"));
    let image = f.alloc(20); // a struct Image, not text
    let it = f.intuitext(Some(b"IntuiText label"));
    let st = f.cstr(b"String label");
    let mut spec = GadgetSpec::new(GTYP_BOOLGADGET, 0, 0, 1, 1);
    spec.flags = GFLG_LABELIMAGE;
    spec.gadget_text = image;
    f.add_gadget(w, &spec);
    spec.flags = GFLG_LABELSTRING;
    spec.gadget_text = st;
    f.add_gadget(w, &spec);
    spec.flags = GFLG_LABELITEXT;
    spec.gadget_text = it;
    f.add_gadget(w, &spec);
    // NULL IText inside an IntuiText, and a NULL GadgetText.
    spec.gadget_text = f.intuitext(None);
    f.add_gadget(w, &spec);
    spec.gadget_text = 0;
    f.add_gadget(w, &spec);
    // BOOPSI with an image label: GA_Text is not even asked.
    let class = f.make_class(Some(b"button.gadget"));
    let mut bs = GadgetSpec::new(GTYP_CUSTOMGADGET, 0, 0, 1, 1);
    bs.flags = GFLG_LABELIMAGE;
    bs.gadget_text = image;
    let bimg = f.add_object(w, class, &bs);
    f.set_attr(bimg, GA_Text, image);
    // BOOPSI gadgetclass-style: GA_Text answers the GadgetText field, an IntuiText.
    bs.flags = GFLG_LABELITEXT;
    bs.gadget_text = it;
    let bit = f.add_object(w, class, &bs);
    f.set_attr(bit, GA_Text, it);
    // BOOPSI GA_Text not processed, GFLG_LABELSTRING field: fallback.
    bs.flags = GFLG_LABELSTRING;
    bs.gadget_text = st;
    f.add_object(w, class, &bs);

    let snap = f.walk(w).unwrap();
    let labels: Vec<String> = snap.gadgets.iter().map(|g| s(&g.label)).collect();
    assert_eq!(labels, ["", "String label", "IntuiText label", "", "", "", "IntuiText label", "String label"]);
    assert!(!f.log.contains(&Call::GetAttr(bimg, GA_Text)));
}

#[test]
fn gadtools_placetext_in_button_has_no_label() {
    let (mut f, w) = setup(Some(b"W"));
    let mut spec = GadgetSpec::new(gt(GTYP_BOOLGADGET), 20, 24, 100, 14);
    spec.id = 1;
    spec.flags = GFLG_GADGIMAGE; // the label is drawn into the imagery
    spec.activation = 1;
    f.add_gadget(w, &spec);
    assert_eq!(
        tree(&mut f, w, false).lines().nth(1).unwrap(),
        "  gadget id=1 role=button class=\"\" label=\"\" [20,24 100x14]"
    );
}

#[test]
fn gadtools_without_v39_probes_degrades_to_button_and_string() {
    // The Amiga side answers None for every probe when gadtools < V39.
    let (mut f, w) = setup(Some(b"W"));
    let mut cb = GadgetSpec::new(gt(GTYP_BOOLGADGET), 0, 0, 26, 11);
    cb.gadget_text = f.intuitext(Some(b"_Enabled"));
    f.add_gadget(w, &cb);
    let mut int = GadgetSpec::new(gt(GTYP_STRGADGET), 0, 0, 88, 8);
    int.activation = GACT_LONGINT;
    int.special_info = f.string_info(b"12");
    f.add_gadget(w, &int);
    let t = tree(&mut f, w, false);
    let l: Vec<&str> = t.lines().collect();
    assert_eq!(l[1], "  gadget id=0 role=button class=\"\" label=\"Enabled\" [0,0 26x11]");
    assert_eq!(l[2], "  gadget id=0 role=string class=\"\" label=\"\" value=\"12\" [0,0 88x8]");
}

#[test]
fn classic_non_gadtools_gadgets_are_never_probed() {
    let (mut f, w) = setup(Some(b"W"));
    let a = f.add_gadget(w, &GadgetSpec::new(GTYP_BOOLGADGET, 0, 0, 1, 1));
    let b = f.add_gadget(w, &GadgetSpec::new(GTYP_STRGADGET, 0, 0, 1, 1));
    let c = f.add_gadget(w, &GadgetSpec::new(GTYP_PROPGADGET, 0, 0, 1, 1));
    let d = f.add_gadget(w, &GadgetSpec::new(GTYP_GADGET0002, 0, 0, 1, 1));
    f.set_gt_attr(a, GTCB_Checked, 1);
    f.set_gt_attr(b, GTIN_Number, 1);
    let snap = f.walk(w).unwrap();
    let roles: Vec<Role> = snap.gadgets.iter().map(|g| g.role).collect();
    assert_eq!(roles, [Role::Button, Role::String, Role::Slider, Role::Unknown]);
    for g in [a, b, c, d] {
        assert_eq!(f.get_attr_calls_on(g), 0);
    }
    // A StringInfo with a NULL SpecialInfo prints no value.
    assert_eq!(snap.gadgets[1].value, None);
}

/// A window of AROS GadTools objects: private classes (no cl_ID),
/// GadgetType 0x0105, system gadgets buttongclass objects. With `kinds`,
/// every object answers AROS's `GTA_ChildGadgetKind` as AROS's classes
/// do. Returns the fake, the window and the GadTools objects.
fn aros_gadtools_window(kinds: bool) -> (FakeIntuition, u32, Vec<u32>) {
    let (mut f, w) = setup(Some(b"AROS GadTools"));
    add_system_gadgets(&mut f, w);
    let private = f.make_class(None);
    let t = GTYP_CUSTOMGADGET | GADTOOL_TYPE;
    assert_eq!(t, 0x0105);
    let mut id = 0;
    let mut obj = |f: &mut FakeIntuition, label: Option<&[u8]>, w_: i16, h: i16, kind: u32| {
        id += 1;
        let mut spec = GadgetSpec::new(t, 10, 10 * id as i16, w_, h);
        spec.id = id;
        if label == Some(&b"Count"[..]) {
            spec.activation = GACT_LONGINT; // INTEGER_KIND only
        }
        spec.gadget_text = label.map_or(0, |l| f.intuitext(Some(l)));
        let g = f.add_object(w, private, &spec);
        if kinds {
            f.set_gt_attr(g, GTA_ChildGadgetKind, kind);
        }
        g
    };
    let context = obj(&mut f, None, 0, 0, 0);
    let button = obj(&mut f, None, 100, 14, BUTTON_KIND);
    let checkbox = obj(&mut f, Some(b"_Enabled"), 26, 11, CHECKBOX_KIND);
    let integer = obj(&mut f, Some(b"Count"), 88, 8, INTEGER_KIND);
    let string = obj(&mut f, Some(b"_Host:"), 88, 8, STRING_KIND);
    let slider = obj(&mut f, Some(b"Volume"), 92, 10, SLIDER_KIND);
    let scroller = obj(&mut f, None, 16, 50, SCROLLER_KIND);
    let text = obj(&mut f, None, 80, 10, TEXT_KIND);
    let cycle = obj(&mut f, Some(b"Mode"), 100, 14, CYCLE_KIND);
    f.set_gt_attr(checkbox, GTCB_Checked, 0);
    f.set_gt_attr(integer, GTIN_Number, (-5i32) as u32);
    // AROS's one string class answers GTST_String for INTEGER_KIND too...
    f.set_gt_attr(integer, GTST_String, 0);
    let host = f.cstr(b"amiga.local");
    f.set_gt_attr(string, GTST_String, host);
    // ... and GTIN_Number for STRING_KIND.
    f.set_gt_attr(string, GTIN_Number, 0);
    f.set_gt_attr(slider, GTSL_Level, 4);
    f.set_gt_attr(scroller, GTSC_Top, 0);
    let tx = f.cstr(b"x");
    f.set_gt_attr(text, GTTX_Text, tx);
    (f, w, vec![context, button, checkbox, integer, string, slider, scroller, text, cycle])
}

#[test]
fn aros_gadtools_objects_classify_like_os3() {
    let (mut f, w, objects) = aros_gadtools_window(false);
    let out = tree(&mut f, w, true);
    let expected = "\
window \"AROS GadTools\" screen=\"Workbench Screen\" [40,0 220x256]
  gadget id=0 role=custom class=\"buttongclass\" label=\"\" sys=depth state=\"\" [198,0 24x11]
  gadget id=0 role=custom class=\"buttongclass\" label=\"\" sys=close state=\"\" [0,0 20x11]
  gadget id=0 role=custom class=\"gadgetclass\" label=\"\" sys=drag state=\"\" [0,0 220x10]
  gadget id=1 role=unknown class=\"\" label=\"\" state=\"\" [10,10 0x0]
  gadget id=2 role=button class=\"\" label=\"\" state=\"\" [10,20 100x14]
  gadget id=3 role=checkbox class=\"\" label=\"Enabled\" state=\"\" level=0 [10,30 26x11]
  gadget id=4 role=integer class=\"\" label=\"Count\" value=\"-5\" state=\"\" [10,40 88x8]
  gadget id=5 role=string class=\"\" label=\"Host:\" value=\"amiga.local\" state=\"\" [10,50 88x8]
  gadget id=6 role=slider class=\"\" label=\"Volume\" state=\"\" level=4 [10,60 92x10]
  gadget id=7 role=slider class=\"\" label=\"\" state=\"\" [10,70 16x50]
  gadget id=8 role=text class=\"\" label=\"\" state=\"\" [10,80 80x10]
  gadget id=9 role=button class=\"\" label=\"Mode\" state=\"\" [10,90 100x14]
";
    assert_eq!(out, expected);
    // GadTools objects are probed through GadTools, not GetAttr.
    for g in objects {
        assert!(!f.log.iter().any(|c| matches!(c, Call::GetAttr(o, _) if *o == g)));
    }
}

/// With AROS's kind answer the walker asks only the probes of that kind:
/// the same text, a kind probe plus at most one probe per gadget here.
#[test]
fn aros_gadtools_kind_narrows_the_probes_to_the_same_answer() {
    let (mut plain, w, _) = aros_gadtools_window(false);
    let (mut kinds, wk, objects) = aros_gadtools_window(true);
    assert_eq!(tree(&mut kinds, wk, true), tree(&mut plain, w, true));
    let probes =
        |f: &FakeIntuition, g: u32| f.log.iter().filter(|c| matches!(c, Call::GtGetAttr(o, _) if *o == g)).count();
    let asked: Vec<usize> = objects.iter().map(|&g| probes(&kinds, g)).collect();
    // context (kind 0: no probe), button, checkbox, integer, string,
    // slider, scroller, text, cycle: the kind, then that kind's tags up to
    // the first answer (GTIN_Number is not asked without GACT_LONGINT);
    // TEXT_KIND is told by its kind alone.
    assert_eq!(asked, vec![1, 1, 2, 2, 2, 2, 2, 1, 1]);
    let before: usize = objects.iter().map(|&g| probes(&plain, g)).sum();
    assert!(asked.iter().sum::<usize>() * 2 < before, "{asked:?} vs {before}");
}

#[test]
fn rel_flags_resolve_against_the_window() {
    let (mut f, w) = setup(Some(b"W")); // 220x256
    type Case = (u16, (i16, i16, i16, i16), &'static str);
    let cases: &[Case] = &[
        (GFLG_RELRIGHT, (-22, 3, 24, 11), "[198,3 24x11]"),
        (GFLG_RELBOTTOM, (4, -10, 18, 10), "[4,246 18x10]"),
        (GFLG_RELWIDTH, (4, 11, -8, 10), "[4,11 212x10]"),
        (GFLG_RELHEIGHT, (4, 11, 16, -21), "[4,11 16x235]"),
        (GFLG_RELRIGHT | GFLG_RELBOTTOM | GFLG_RELWIDTH | GFLG_RELHEIGHT, (-17, -9, -200, -250), "[203,247 20x6]"),
        (0, (-3, -4, 5, 6), "[-3,-4 5x6]"),
    ];
    for (flags, (l, t, wd, h), _) in cases {
        let mut spec = GadgetSpec::new(GTYP_BOOLGADGET, *l, *t, *wd, *h);
        spec.flags = *flags;
        f.add_gadget(w, &spec);
    }
    // BOOPSI: GetAttr values get the same resolution.
    let class = f.make_class(Some(b"layout.gadget"));
    let mut ls = GadgetSpec::new(GTYP_CUSTOMGADGET, 0, 0, 0, 0);
    ls.flags = GFLG_RELWIDTH | GFLG_RELHEIGHT;
    let layout = f.add_object(w, class, &ls);
    f.set_attr(layout, GA_Left, 4);
    f.set_attr(layout, GA_Top, 11);
    f.set_attr(layout, GA_Width, (-8i32) as u32);
    f.set_attr(layout, GA_Height, (-13i32) as u32);
    let out = tree(&mut f, w, false);
    let lines: Vec<&str> = out.lines().skip(1).collect();
    for (line, (_, _, want)) in lines.iter().zip(cases) {
        assert!(line.ends_with(want), "{line} vs {want}");
    }
    assert!(lines[cases.len()].ends_with("[4,11 212x243]"), "{}", lines[cases.len()]);
}

#[test]
fn gimmezerozero_inner_gadgets_are_offset_by_the_borders() {
    let (mut f, w) = setup(Some(b"GZZ"));
    f.write_u32(w + wd_Flags as u32, WFLG_GIMMEZEROZERO);
    f.write(w + wd_BorderLeft as u32, &[4, 11, 18, 2]);
    f.write_u16(w + wd_GZZWidth as u32, 198);
    f.write_u16(w + wd_GZZHeight as u32, 243);
    let mut inner = GadgetSpec::new(GTYP_BOOLGADGET, -20, 5, 10, 10);
    inner.flags = GFLG_RELRIGHT;
    f.add_gadget(w, &inner);
    let mut border = GadgetSpec::new(GTYP_BOOLGADGET | GTYP_GZZGADGET, -20, 5, 10, 10);
    border.flags = GFLG_RELRIGHT;
    f.add_gadget(w, &border);
    let out = tree(&mut f, w, false);
    let l: Vec<&str> = out.lines().collect();
    assert!(l[1].ends_with("[182,16 10x10]"), "{}", l[1]);
    assert!(l[2].ends_with("[200,5 10x10]"), "{}", l[2]);
}

#[test]
fn escaping_null_strings_and_latin1() {
    let (mut f, w) = setup(None);
    let mut spec = GadgetSpec::new(gt(GTYP_STRGADGET), 0, 0, 1, 1);
    spec.gadget_text = f.intuitext(Some(b"Say \"hi\" \\ back"));
    spec.special_info = f.string_info(b"caf\xe9 \\\"\t");
    f.add_gadget(w, &spec);
    let out = tree_text(&f.walk(w).unwrap(), false);
    let expected: &[u8] = b"window \"(untitled)\" screen=\"Workbench Screen\" [40,0 220x256]\n  gadget id=0 role=string class=\"\" label=\"Say \\\"hi\\\" \\\\ back\" value=\"caf\xe9 \\\\\\\"\t\" [0,0 1x1]\n";
    assert_eq!(out, expected);

    // A NULL screen title prints as "", a title that is literally
    // "(untitled)" is quoted text like any other.
    let mut f = FakeIntuition::new();
    let scr = f.add_screen(None, (0, 0, 320, 200));
    let w = f.add_window(scr, Some(b"\\\""), (1, 2, 3, 4));
    assert_eq!(tree(&mut f, w, false), "window \"\\\\\\\"\" screen=\"\" [1,2 3x4]\n");
}

#[test]
fn empty_window_prints_only_the_window_line() {
    let (mut f, w) = setup(Some(b"Empty"));
    assert_eq!(tree(&mut f, w, false), "window \"Empty\" screen=\"Workbench Screen\" [40,0 220x256]\n");
    assert_eq!(tree(&mut f, w, true), "window \"Empty\" screen=\"Workbench Screen\" [40,0 220x256]\n");
}

#[test]
fn window_with_200_gadgets_keeps_list_order() {
    let (mut f, w) = setup(Some(b"Many"));
    for i in 0..200u16 {
        let mut spec = GadgetSpec::new(GTYP_BOOLGADGET, (i % 20) as i16 * 10, (i / 20) as i16 * 10, 10, 10);
        spec.id = 1000 - i;
        f.add_gadget(w, &spec);
    }
    let snap = f.walk(w).unwrap();
    assert!(!snap.truncated);
    assert_eq!(snap.gadgets.len(), 200);
    assert!(snap.gadgets.iter().enumerate().all(|(i, g)| g.id == 1000 - i as u32));
    assert_eq!(tree_text(&snap, false).split(|&c| c == b'\n').count(), 202);
}

#[test]
fn cyclic_gadget_list_stops_at_the_cap() {
    let (mut f, w) = setup(Some(b"Loop"));
    let a = f.add_gadget(w, &GadgetSpec::new(GTYP_BOOLGADGET, 0, 0, 1, 1));
    let b = f.add_gadget(w, &GadgetSpec::new(GTYP_BOOLGADGET, 0, 0, 1, 1));
    f.write_u32(b + gg_NextGadget as u32, a);
    let snap = f.walk(w).unwrap();
    assert!(snap.truncated);
    assert_eq!(snap.gadgets.len(), MAX_GADGETS);
    // A self-loop too.
    let (mut f, w) = setup(Some(b"Self"));
    let a = f.add_gadget(w, &GadgetSpec::new(GTYP_BOOLGADGET, 0, 0, 1, 1));
    f.write_u32(a + gg_NextGadget as u32, a);
    assert!(f.walk(w).unwrap().truncated);
}

#[test]
fn unreadable_gadget_ends_the_list_and_is_reported() {
    let (mut f, w) = setup(Some(b"W"));
    f.add_gadget(w, &GadgetSpec::new(GTYP_BOOLGADGET, 0, 0, 1, 1));
    let b = f.add_gadget(w, &GadgetSpec::new(GTYP_BOOLGADGET, 0, 0, 1, 1));
    f.write_u32(b + gg_NextGadget as u32, 0xFFFF_FFF0);
    let snap = f.walk(w).unwrap();
    assert!(snap.truncated);
    assert_eq!(snap.gadgets.len(), 2);
    // An unreadable label string and StringInfo read as NULL.
    let (mut f, w) = setup(Some(b"W"));
    let mut spec = GadgetSpec::new(gt(GTYP_STRGADGET), 0, 0, 1, 1);
    spec.gadget_text = f.intuitext(Some(b"Gone"));
    spec.special_info = f.string_info(b"x");
    f.mark_unreadable(spec.gadget_text, 20);
    f.mark_unreadable(spec.special_info, 36);
    f.add_gadget(w, &spec);
    assert_eq!(
        tree(&mut f, w, false).lines().nth(1).unwrap(),
        "  gadget id=0 role=string class=\"\" label=\"\" [0,0 1x1]"
    );
}

#[test]
fn odd_gadget_address_ends_the_list_and_is_reported() {
    // No node is at an odd address (exec aligns memory); a 68000 reading
    // one stops with an address error, so the walk ends there as at
    // unreadable memory (`walk::node_ok`), though a whole gadget is
    // readable there.
    let (mut f, w) = setup(Some(b"W"));
    f.add_gadget(w, &GadgetSpec::new(GTYP_BOOLGADGET, 0, 0, 1, 1));
    let b = f.add_gadget(w, &GadgetSpec::new(GTYP_BOOLGADGET, 0, 0, 1, 1));
    let c = f.add_gadget(w, &GadgetSpec::new(GTYP_BOOLGADGET, 0, 0, 1, 1));
    let mut record = Vec::new();
    for at in (0..gg_SIZEOF as u32).step_by(4) {
        record.extend_from_slice(&f.peek_u32(c + at).to_be_bytes());
    }
    let odd = f.alloc(gg_SIZEOF + 4) + 1;
    f.write(odd, &record);
    f.write_u32(b + gg_NextGadget as u32, odd);
    let snap = f.walk(w).unwrap();
    assert!(snap.truncated);
    assert_eq!(snap.gadgets.len(), 2);
    // The same record at an even address is walked.
    let even = f.alloc(gg_SIZEOF);
    f.write(even, &record);
    f.write_u32(b + gg_NextGadget as u32, even);
    let snap = f.walk(w).unwrap();
    assert!(!snap.truncated);
    assert_eq!(snap.gadgets.len(), 3);
}

#[test]
fn string_at_the_end_of_memory_and_overlong_strings() {
    let (mut f, w) = setup(Some(b"W"));
    let long = vec![b'x'; 5000];
    let mut spec = GadgetSpec::new(GTYP_STRGADGET, 0, 0, 1, 1);
    spec.gadget_text = f.intuitext(Some(&long));
    f.add_gadget(w, &spec);
    // Longer than one short read (64 bytes), shorter than MAX_STRING.
    let mid: Vec<u8> = (0..200u32).map(|i| b'a' + (i % 26) as u8).collect();
    let mut spec3 = GadgetSpec::new(GTYP_STRGADGET, 0, 0, 1, 1);
    spec3.gadget_text = f.intuitext(Some(&mid));
    let g1 = f.add_gadget(w, &spec3);
    // Last bytes of memory: a string without NUL that runs off the end.
    let tail = f.alloc_bytes(b"end");
    let mut spec2 = GadgetSpec::new(GTYP_BOOLGADGET, 0, 0, 1, 1);
    spec2.flags = GFLG_LABELSTRING;
    spec2.gadget_text = tail;
    // Write the gadget before the tail string so the string is last.
    let g2 = f.add_gadget(w, &spec2);
    let tail2 = f.alloc_bytes(b"end");
    f.write_u32(g2 + gg_GadgetText as u32, tail2);
    // The 5000-byte label is not cut to fit: the walk stops there.
    let snap = f.walk(w).unwrap();
    assert!(snap.truncated);
    assert!(snap.gadgets.is_empty());
    f.write_u32(w + wd_FirstGadget as u32, g1);
    let snap = f.walk(w).unwrap();
    assert!(!snap.truncated);
    assert_eq!(snap.gadgets[0].label, mid);
    assert_eq!(snap.gadgets[1].label, b"end");
}

#[test]
fn a_walk_stops_at_its_text_limit_and_a_menu_text_too_long_cuts_it_short() {
    use gadgetscope_core::walk::{MAX_STRING, MAX_TEXT};
    let (mut f, w) = setup(Some(b"W"));
    let label = vec![b'l'; MAX_STRING];
    for _ in 0..MAX_TEXT / MAX_STRING + 2 {
        let mut spec = GadgetSpec::new(GTYP_BOOLGADGET, 0, 0, 1, 1);
        spec.gadget_text = f.intuitext(Some(&label));
        f.add_gadget(w, &spec);
    }
    let snap = f.walk(w).unwrap();
    assert!(snap.truncated);
    assert_eq!(snap.gadgets.len(), MAX_TEXT / MAX_STRING);
    let menu = f.add_menu(w, Some(b"M"), MENUENABLED);
    f.add_item(menu, Some(&label), ITEMTEXT, 0);
    assert!(!menus(&mut f, w).unwrap().truncated);
    f.add_item(menu, Some(&[b'x'; MAX_STRING + 1]), ITEMTEXT, 0);
    let m = menus(&mut f, w).unwrap();
    assert!(m.truncated);
    assert_eq!(m.menus[0].items.len(), 1);
}

#[test]
fn duplicate_ga_ids_are_all_listed() {
    let (mut f, w) = setup(Some(b"Dup"));
    for (l, t) in [(10, 10), (10, 30)] {
        let mut spec = GadgetSpec::new(gt(GTYP_BOOLGADGET), l, t, 50, 14);
        spec.id = 7;
        f.add_gadget(w, &spec);
    }
    let class = f.make_class(Some(b"button.gadget"));
    for _ in 0..2 {
        let g = f.add_object(w, class, &GadgetSpec::new(GTYP_CUSTOMGADGET, 0, 50, 10, 10));
        f.set_attr(g, GA_ID, 7);
    }
    let snap = f.walk(w).unwrap();
    assert_eq!(snap.gadgets.iter().filter(|g| g.id == 7).count(), 4);
    assert_eq!((snap.gadgets[0].top, snap.gadgets[1].top), (10, 30));
}

#[test]
fn full_state_flags() {
    let (mut f, w) = setup(Some(b"W"));
    let mut spec = GadgetSpec::new(GTYP_BOOLGADGET, 0, 0, 1, 1);
    spec.flags = GFLG_SELECTED | GFLG_DISABLED;
    f.add_gadget(w, &spec);
    spec.flags = GFLG_DISABLED;
    f.add_gadget(w, &spec);
    let out = tree(&mut f, w, true);
    let l: Vec<&str> = out.lines().collect();
    assert_eq!(l[1], "  gadget id=0 role=button class=\"\" label=\"\" state=\"selected disabled\" [0,0 1x1]");
    assert_eq!(l[2], "  gadget id=0 role=button class=\"\" label=\"\" state=\"disabled\" [0,0 1x1]");
    // Plain TREE never prints the extras.
    assert!(!tree(&mut f, w, false).contains("state="));
}

#[test]
fn lock_is_held_only_for_list_reads() {
    let (mut f, w) = setup(Some(b"W"));
    add_system_gadgets(&mut f, w);
    let g = f.add_gadget(w, &GadgetSpec::new(gt(GTYP_BOOLGADGET), 0, 0, 1, 1));
    f.set_gt_attr(g, GTCB_Checked, 1);
    f.walk(w).unwrap();
    // Every Lock is immediately followed by its Unlock: no OS call between.
    for (i, c) in f.log.iter().enumerate() {
        if *c == Call::Lock {
            assert_eq!(f.log[i + 1], Call::Unlock);
        }
    }
    // The header from the lists; then, with other tasks stopped, the
    // look-up of the window and every call on its gadgets. Nothing waited,
    // so nothing is looked at again.
    assert_eq!(f.log.iter().filter(|c| **c == Call::Lock).count(), 2);
    let freeze = f.log.iter().position(|c| *c == Call::Freeze).unwrap();
    assert_eq!(&f.log[..freeze], &[Call::Lock, Call::Unlock]);
    assert_eq!(&f.log[freeze + 1..freeze + 3], &[Call::Lock, Call::Unlock]);
    assert_eq!(f.log.last(), Some(&Call::Thaw));
    assert!(f.log.iter().any(|c| matches!(c, Call::GetAttr(..) | Call::GtGetAttr(..))));
    assert_eq!(f.log.iter().filter(|c| **c == Call::Freeze).count(), 1);
}

#[test]
fn closed_or_closing_window_is_not_found() {
    let (mut f, w) = setup(Some(b"W"));
    let class = f.make_class(Some(b"button.gadget"));
    f.add_object(w, class, &GadgetSpec::new(GTYP_CUSTOMGADGET, 0, 0, 1, 1));
    let info = read_window(&mut f, w).unwrap();
    // Closes while its gadgets are being asked.
    f.close_on_get_attr = Some(w);
    assert_eq!(f.walk(w), Err(WalkError::NotFound));
    // Already gone; never existed; a header kept from before it closed.
    assert_eq!(f.walk(w), Err(WalkError::NotFound));
    assert_eq!(f.walk(0x1234), Err(WalkError::NotFound));
    assert_eq!(menus(&mut f, w), Err(WalkError::NotFound));
    let calls = f.log.len();
    assert_eq!(walk_window(&mut f, &info), Err(WalkError::NotFound));
    assert_eq!(walk_menu(&mut f, &info), Err(WalkError::NotFound));
    assert!(!f.log[calls..].iter().any(|c| matches!(c, Call::GetAttr(..) | Call::IsRealMemory(_))));
}

/// A call that waits lets other tasks run: before the next call the walker
/// looks again, and a gadget its program took out of the window meanwhile
/// is never called again (its memory may be freed) and is left out.
#[test]
fn a_waiting_call_makes_the_walker_look_again() {
    let (mut f, w) = setup(Some(b"W"));
    let class = f.make_class(Some(b"button.gadget"));
    let a = f.add_object(w, class, &GadgetSpec::new(GTYP_CUSTOMGADGET, 0, 0, 10, 10));
    let b = f.add_object(w, class, &GadgetSpec::new(GTYP_CUSTOMGADGET, 0, 20, 10, 10));
    f.remove_on_get_attr = Some((w, b));
    let snap = f.walk(w).unwrap();
    assert_eq!(snap.gadgets.iter().map(|g| g.address).collect::<Vec<_>>(), [a]);
    assert!(f.get_attr_calls_on(a) > 0);
    assert_eq!(f.get_attr_calls_on(b), 0, "{:?}", f.log);
    // Taken out during the last gadget's own calls: left out too.
    let (mut f, w) = setup(Some(b"W"));
    let a = f.add_object(w, class, &GadgetSpec::new(GTYP_CUSTOMGADGET, 0, 0, 10, 10));
    f.remove_on_get_attr = Some((w, a));
    assert!(f.walk(w).unwrap().gadgets.is_empty());
    // A wait that changed nothing: one more look, then the walk goes on;
    // the batch of GA_ID and the box stopped after the call that waited
    // and went on after the look.
    let (mut f, w) = setup(Some(b"W"));
    let class = f.make_class(Some(b"button.gadget"));
    let a = f.add_object(w, class, &GadgetSpec::new(GTYP_CUSTOMGADGET, 0, 0, 10, 10));
    let b = f.add_object(w, class, &GadgetSpec::new(GTYP_CUSTOMGADGET, 0, 20, 10, 10));
    f.set_attr(a, GA_Top, 5);
    f.wait_on_get_attr = true;
    let snap = f.walk(w).unwrap();
    assert_eq!(snap.gadgets.len(), 2);
    assert_eq!(snap.gadgets[0].top, 5);
    let freeze = f.log.iter().position(|c| *c == Call::Freeze).unwrap();
    let first = f.log.iter().position(|c| matches!(c, Call::GetAttr(..))).unwrap();
    assert_eq!(f.log[first + 1..first + 3], [Call::Lock, Call::Unlock], "looked again right after the wait");
    assert_eq!(f.log[freeze..].iter().filter(|c| **c == Call::Lock).count(), 2);
    assert!(f.get_attr_calls_on(a) >= 5 && f.get_attr_calls_on(b) > 0);
}

/// The header a snapshot gave may be stale by the time the window is
/// walked: the walk takes the window's gadget list and box as they are
/// then, never the snapshot's `FirstGadget`.
#[test]
fn the_walk_reads_the_header_again() {
    let (mut f, w) = setup(Some(b"W"));
    let mut spec = GadgetSpec::new(GTYP_BOOLGADGET, 0, 0, 10, 10);
    spec.id = 1;
    f.add_gadget(w, &spec);
    let info = read_window(&mut f, w).unwrap();
    // The program replaces its gadget list and the user moves the window.
    f.write_u32(w + wd_FirstGadget as u32, 0);
    spec.id = 2;
    let g2 = f.add_gadget(w, &spec);
    f.write_u16(w + wd_LeftEdge as u32, 77);
    let snap = walk_window(&mut f, &info).unwrap();
    assert_eq!(snap.gadgets.iter().map(|g| (g.address, g.id)).collect::<Vec<_>>(), [(g2, 2)]);
    assert_eq!(snap.info.left, 77);
    assert_eq!(snap.info.title, info.title);
}

#[test]
fn unreadable_intuitionbase() {
    let mut f = FakeIntuition::new();
    let ib = f.ibase();
    f.mark_unreadable(ib, 80);
    assert_eq!(read_screens(&mut f), Err(WalkError::Unreadable));
}

#[test]
fn screens_text_and_cyclic_window_list() {
    let mut f = FakeIntuition::new();
    let wb = f.add_screen(Some(b"Workbench Screen"), (0, 0, 640, 256));
    let other = f.add_screen(None, (0, 20, 320, 200));
    let a = f.add_window(wb, Some(b"A"), (0, 0, 10, 10));
    let b = f.add_window(other, Some(b"A"), (0, 0, 10, 10));
    f.set_active(b);
    let snap = read_screens(&mut f).unwrap();
    assert_eq!(snap.active_window, b);
    assert_eq!(
        s(&screens_text(&snap)),
        "screen title=\"Workbench Screen\" [0,0 640x256] frontmost=1\nscreen title=\"\" [0,20 320x200] frontmost=0\n"
    );
    // Same-titled windows on two screens stay apart by screen.
    assert_eq!(snap.window(a).unwrap().screen, wb);
    assert_eq!(snap.window(b).unwrap().screen, other);
    // A window list that loops back on itself.
    f.write_u32(a + wd_NextWindow as u32, a);
    let snap = read_screens(&mut f).unwrap();
    assert!(snap.truncated);
    assert_eq!(snap.windows().filter(|w| w.address == a).count(), 1, "listed once");
    // A screen list that loops: each screen once.
    let mut f = FakeIntuition::new();
    let s1 = f.add_screen(Some(b"S"), (0, 0, 1, 1));
    f.write_u32(s1 + sc_NextScreen as u32, s1);
    let snap = read_screens(&mut f).unwrap();
    assert!(snap.truncated);
    assert_eq!(snap.screens.len(), 1);
}

#[test]
fn menu_text_of_a_gadtools_style_strip() {
    let (mut f, w) = setup(Some(b"Menus"));
    let project = f.add_menu(w, Some(b"Project"), MENUENABLED);
    f.add_item(project, Some(b"Open..."), ITEMTEXT | COMMSEQ | ITEMENABLED, b'O');
    f.add_item(project, Some(b"No shortcut"), ITEMTEXT | ITEMENABLED, 0);
    f.add_item(project, Some(b"Disabled"), ITEMTEXT, 0);
    f.add_item(project, None, ITEMENABLED, 0); // separator bar: an Image
    let more = f.add_item(project, Some(b"More"), ITEMTEXT | ITEMENABLED, 0);
    f.add_subitem(more, Some(b"Sub \"one\""), ITEMTEXT | COMMSEQ | ITEMENABLED, b'1');
    f.add_subitem(more, Some(b"Sub two"), ITEMTEXT | CHECKIT | CHECKED | ITEMENABLED, 0);
    f.add_item(project, Some(b"COMMSEQ without key"), ITEMTEXT | COMMSEQ | ITEMENABLED, 0);
    let off = f.add_menu(w, None, 0);
    f.add_item(off, Some(b"Toggle"), ITEMTEXT | CHECKIT | MENUTOGGLE | ITEMENABLED, 0);
    let m = menus(&mut f, w).unwrap();
    assert!(!m.truncated);
    assert_eq!(
        s(&menu_text(&m)),
        "\
window \"Menus\" screen=\"Workbench Screen\" [40,0 220x256]
menu num=0 title=\"Project\" enabled=1
  item num=0/0 text=\"Open...\" shortcut=O checkit=0 checked=0 enabled=1
  item num=0/1 text=\"No shortcut\" checkit=0 checked=0 enabled=1
  item num=0/2 text=\"Disabled\" checkit=0 checked=0 enabled=0
  item num=0/3 text=\"\" checkit=0 checked=0 enabled=1
  item num=0/4 text=\"More\" checkit=0 checked=0 enabled=1
    subitem num=0/4/0 text=\"Sub \\\"one\\\"\" shortcut=1 checkit=0 checked=0 enabled=1
    subitem num=0/4/1 text=\"Sub two\" checkit=1 checked=1 enabled=1
  item num=0/5 text=\"COMMSEQ without key\" checkit=0 checked=0 enabled=1
menu num=1 title=\"\" enabled=0
  item num=1/0 text=\"Toggle\" checkit=1 checked=0 enabled=1
"
    );
}

#[test]
fn window_without_menu_strip_and_cyclic_items() {
    let (mut f, w) = setup(Some(b"W"));
    let m = menus(&mut f, w).unwrap();
    assert!(m.menus.is_empty());
    assert_eq!(s(&menu_text(&m)), "window \"W\" screen=\"Workbench Screen\" [40,0 220x256]\n");
    let menu = f.add_menu(w, Some(b"M"), MENUENABLED);
    // Graphic items (no text): the caps, not the text limit, stop the walk.
    let i = f.add_item(menu, None, 0, 0);
    f.write_u32(i + mi_NextItem as u32, i);
    let sub = f.add_subitem(i, None, 0, 0);
    f.write_u32(sub + mi_NextItem as u32, sub);
    f.write_u32(menu + mu_NextMenu as u32, menu);
    let m = menus(&mut f, w).unwrap();
    assert!(m.truncated);
    assert_eq!(m.menus.len(), gadgetscope_core::walk::MAX_MENUS);
    assert_eq!(m.menus[0].items.len(), MAX_ITEMS);
    assert_eq!(m.menus[0].items[0].subitems.len(), gadgetscope_core::walk::MAX_SUBITEMS);
}

/// The ReAction-classes window AmiPilot 1.1 prints (its golden file's
/// shape), rebuilt from the classes and GA_* answers the OS gives.
#[test]
fn reaction_classes_window_matches_amipilot_golden_shape() {
    let mut f = FakeIntuition::new();
    let scr = f.add_screen(Some(b"Workbench Screen"), (0, 0, 640, 256));
    let w = f.add_window(scr, Some(b"AmiPilot ReAction Classes Fixture"), (40, 0, 340, 256));
    add_system_gadgets(&mut f, w);
    type Obj = (&'static [u8], u32, (u32, u32, u32, u32));
    let objects: &[Obj] = &[
        (b"clicktab.gadget", 101, (8, 20, 150, 22)),
        (b"colorwheel.gadget", 102, (172, 20, 150, 60)),
        (b"datebrowser.gadget", 103, (8, 84, 150, 22)),
        (b"fuelgauge.gadget", 104, (172, 84, 150, 22)),
        (b"getcolor.gadget", 105, (8, 110, 150, 22)),
        (b"getfile.gadget", 106, (172, 110, 150, 22)),
        (b"getfont.gadget", 107, (8, 136, 150, 22)),
        (b"getscreenmode.gadget", 108, (172, 136, 150, 22)),
        (b"gradientslider.gadget", 109, (8, 162, 150, 22)),
        (b"palette.gadget", 110, (172, 162, 150, 22)),
        (b"sketchboard.gadget", 111, (8, 188, 150, 40)),
        (b"speedbar", 112, (172, 188, 150, 22)),
        (b"texteditor.gadget", 113, (8, 232, 314, 30)),
    ];
    for (name, id, (l, t, wd, h)) in objects {
        let c = f.make_class(Some(name));
        // The classic fields are not kept up to date by these classes.
        let g = f.add_object(w, c, &GadgetSpec::new(GTYP_CUSTOMGADGET, 0, 0, -1, -1));
        f.set_attr(g, GA_ID, *id);
        f.set_attr(g, GA_Left, *l);
        f.set_attr(g, GA_Top, *t);
        f.set_attr(g, GA_Width, *wd);
        f.set_attr(g, GA_Height, *h);
    }
    let golden = "\
window \"AmiPilot ReAction Classes Fixture\" screen=\"Workbench Screen\" [40,0 340x256]
  gadget id=0 role=custom class=\"buttongclass\" label=\"\" [318,0 24x11]
  gadget id=0 role=custom class=\"buttongclass\" label=\"\" [0,0 20x11]
  gadget id=0 role=custom class=\"gadgetclass\" label=\"\" [0,0 340x10]
  gadget id=101 role=page_tab_list class=\"clicktab.gadget\" label=\"\" [8,20 150x22]
  gadget id=102 role=color_wheel class=\"colorwheel.gadget\" label=\"\" [172,20 150x60]
  gadget id=103 role=calendar class=\"datebrowser.gadget\" label=\"\" [8,84 150x22]
  gadget id=104 role=progress_bar class=\"fuelgauge.gadget\" label=\"\" [172,84 150x22]
  gadget id=105 role=color_chooser class=\"getcolor.gadget\" label=\"\" [8,110 150x22]
  gadget id=106 role=file_chooser class=\"getfile.gadget\" label=\"\" [172,110 150x22]
  gadget id=107 role=font_chooser class=\"getfont.gadget\" label=\"\" [8,136 150x22]
  gadget id=108 role=screenmode_chooser class=\"getscreenmode.gadget\" label=\"\" [172,136 150x22]
  gadget id=109 role=slider class=\"gradientslider.gadget\" label=\"\" [8,162 150x22]
  gadget id=110 role=palette class=\"palette.gadget\" label=\"\" [172,162 150x22]
  gadget id=111 role=canvas class=\"sketchboard.gadget\" label=\"\" [8,188 150x40]
  gadget id=112 role=toolbar class=\"speedbar\" label=\"\" [172,188 150x22]
  gadget id=113 role=text_editor class=\"texteditor.gadget\" label=\"\" [8,232 314x30]
";
    let actual = tree_text(&f.walk(w).unwrap(), false);
    if let Err(diff) = compare_golden(golden.as_bytes(), &actual) {
        panic!("{}", s(&diff));
    }
}

/// A `struct PropInfo` (intuition/intuition.h) in the fake memory:
/// `Flags`, the pots and the bodies.
fn prop_info(f: &mut FakeIntuition, flags: u16, pots: (u16, u16), bodies: (u16, u16)) -> u32 {
    let p = f.alloc(pi_SIZEOF);
    for (off, v) in [(pi_Flags, flags), (pi_HorizPot, pots.0), (pi_VertPot, pots.1)] {
        f.write_u16(p + off as u32, v);
    }
    for (off, v) in [(pi_HorizBody, bodies.0), (pi_VertBody, bodies.1)] {
        f.write_u16(p + off as u32, v);
    }
    p
}

/// Intuition's public classes have roles (a deviation from AmiPilot 1.1,
/// which prints them `custom`), rule by rule: buttongclass and
/// frbuttonclass buttons, strgclass a string with its value, propgclass a
/// scroller along one axis, a slider along both, custom along none or
/// without a PropInfo; system gadgets of the same classes stay `custom`.
/// Every moving propgclass gadget gets its knob (DRAG grabs it there).
#[test]
fn intuition_public_classes_have_roles() {
    use gadgetscope_core::classify::propgclass_role;
    assert_eq!(propgclass_role(FREEHORIZ), Role::Scroller);
    assert_eq!(propgclass_role(FREEVERT | PROPBORDERLESS), Role::Scroller);
    assert_eq!(propgclass_role(FREEHORIZ | FREEVERT), Role::Slider);
    assert_eq!(propgclass_role(PROPBORDERLESS), Role::Custom);

    let (mut f, w) = setup(Some(b"Classes"));
    add_system_gadgets(&mut f, w);
    let button = f.make_class(Some(b"buttongclass"));
    let framed = f.make_class(Some(b"frbuttonclass"));
    let strg = f.make_class(Some(b"strgclass"));
    let prop = f.make_class(Some(b"propgclass"));
    let spec = |id: u16, top: i16, width: i16, height: i16| {
        let mut s = GadgetSpec::new(GTYP_CUSTOMGADGET, 10, top, width, height);
        s.id = id;
        s
    };
    let ok = f.add_object(w, framed, &spec(1, 20, 60, 14));
    let plain = f.add_object(w, button, &spec(2, 40, 60, 14));
    let text = f.add_object(w, strg, &spec(3, 60, 100, 12));
    // Workbook's vertical scroller: FREEVERT, borderless, total 10 visible 5, at the bottom.
    let mut v = spec(4, 80, 16, 106);
    v.special_info = prop_info(&mut f, FREEVERT | PROPBORDERLESS, (0, 0xFFFF), (0xFFFF, 0x7FFF));
    f.add_object(w, prop, &v);
    let mut h = spec(5, 200, 106, 14);
    h.special_info = prop_info(&mut f, FREEHORIZ, (0x7FFF, 0), (0x7FFF, 0xFFFF));
    f.add_object(w, prop, &h);
    let mut both = spec(6, 220, 40, 40);
    both.special_info = prop_info(&mut f, FREEHORIZ | FREEVERT, (0, 0), (0x3FFF, 0x3FFF));
    f.add_object(w, prop, &both);
    let mut none = spec(7, 230, 40, 10);
    none.special_info = prop_info(&mut f, 0, (0, 0), (0xFFFF, 0xFFFF));
    f.add_object(w, prop, &none);
    f.add_object(w, prop, &spec(8, 240, 40, 10)); // SpecialInfo NULL
    let ok_text = f.cstr(b"OK");
    f.set_attr(ok, GA_Text, ok_text);
    let value = f.cstr(b"typed");
    f.set_attr(text, STRINGA_TextVal, value);
    f.set_attr(plain, GA_Text, 0);

    let snap = f.walk(w).unwrap();
    let roles: Vec<(u32, Role)> = snap.gadgets.iter().map(|g| (g.id, g.role)).collect();
    assert_eq!(
        roles[3..],
        [
            (1, Role::Button),
            (2, Role::Button),
            (3, Role::String),
            (4, Role::Scroller),
            (5, Role::Scroller),
            (6, Role::Slider),
            (7, Role::Custom),
            (8, Role::Custom),
        ]
    );
    // The system gadgets (buttongclass too) stay custom.
    assert!(snap.gadgets[..3].iter().all(|g| g.role == Role::Custom && g.sys.is_some()));
    assert_eq!(snap.gadgets[3].label, b"OK");
    assert_eq!(snap.gadgets[5].value.as_deref(), Some(&b"typed"[..]));
    // The knobs: the vertical one half as high as its 106-pixel container,
    // at the bottom; the horizontal one (3-pixel border) half as wide, in
    // the middle; the two-way one in the corner; none without freedom.
    assert_eq!(snap.gadgets[6].knob, Some((10, 80 + 54, 16, 52)));
    assert_eq!(snap.gadgets[7].knob, Some((13 + 25, 203, 49, 8)));
    assert!(snap.gadgets[8].knob.is_some());
    assert_eq!((snap.gadgets[9].knob, snap.gadgets[10].knob), (None, None));
    assert!(snap.gadgets[..3].iter().all(|g| g.knob.is_none()));
}

/// AROS tells a GadTools gadget's kind (`GTA_ChildGadgetKind`):
/// TEXT_KIND and NUMBER_KIND print `text`, LISTVIEW_KIND `listview`, even
/// when the kind's own probe is not answered (AROS's text class does not
/// answer `GTTX_Text`: GadgetScope's own status line printed `button`);
/// without the kind, the probes tell the same.
#[test]
fn aros_gadtools_kind_alone_tells_text_and_listview() {
    let (mut f, w) = setup(Some(b"Kinds"));
    let private = f.make_class(None);
    let t = GTYP_CUSTOMGADGET | GADTOOL_TYPE;
    let mut told = Vec::new();
    for (i, kind) in [TEXT_KIND, NUMBER_KIND, LISTVIEW_KIND].into_iter().enumerate() {
        let g = f.add_object(w, private, &GadgetSpec::new(t, 0, 10 * i as i16, 80, 10));
        f.set_gt_attr(g, GTA_ChildGadgetKind, kind);
        told.push(g);
    }
    let probed: Vec<u32> = [(GTTX_Text, 1u32), (GTNM_Number, 7), (GTLV_Top, 0)]
        .into_iter()
        .enumerate()
        .map(|(i, (tag, v))| {
            let g = f.add_object(w, private, &GadgetSpec::new(t, 0, 40 + 10 * i as i16, 80, 10));
            f.set_gt_attr(g, tag, v);
            g
        })
        .collect();
    let snap = f.walk(w).unwrap();
    let roles: Vec<Role> = snap.gadgets.iter().map(|g| g.role).collect();
    assert_eq!(roles, [Role::Text, Role::Text, Role::Listview, Role::Text, Role::Text, Role::Listview]);
    // The kind alone: one probe each.
    for g in told {
        assert_eq!(f.get_attr_calls_on(g), 1);
    }
    assert!(probed.iter().all(|&g| f.get_attr_calls_on(g) >= 2));
}

/// AmigaOS 3.x builds TEXT_KIND, NUMBER_KIND and the LISTVIEW list area
/// as generic GadTools gadgets; they are never probed (on AROS a generic
/// GadTools gadget is a plain struct Gadget that GT_GetGadgetAttrsA()
/// would take for an object) and stay `unknown`, as in AmiPilot.
#[test]
fn generic_gadtools_gadgets_are_never_probed() {
    let (mut f, w) = setup(Some(b"OS3 GadTools"));
    let generic = gt(GTYP_GADGET0002);
    let gs: Vec<u32> = [(0, 0), (80, 10), (80, 40)]
        .iter()
        .map(|&(wd, h)| f.add_gadget(w, &GadgetSpec::new(generic, 10, 10, wd, h)))
        .collect();
    for &g in &gs {
        f.set_gt_attr(g, GTTX_Text, 0);
    }
    let out = tree(&mut f, w, false);
    assert!(out.lines().skip(1).all(|l| l.contains("role=unknown")), "{out}");
    assert!(gs.iter().all(|&g| f.get_attr_calls_on(g) == 0));
}

/// The default `get_attrs` (what the Amiga's native batch does) stops
/// after a call during which another task ran, and says how many it asked.
#[test]
fn get_attrs_stops_after_a_call_that_waited() {
    use gadgetscope_core::walk::IntuitionOs;
    let (mut f, w) = setup(Some(b"W"));
    let class = f.make_class(Some(b"button.gadget"));
    let g = f.add_object(w, class, &GadgetSpec::new(GTYP_CUSTOMGADGET, 0, 0, 10, 10));
    f.set_attr(g, GA_ID, 3);
    f.set_attr(g, GA_Left, 4);
    let mut out = [None; 3];
    let asked = (&mut f as &mut dyn IntuitionOs).with_frozen(|os| os.get_attrs(g, &[GA_ID, GA_Left, GA_Top], &mut out));
    assert_eq!((asked, out), (3, [Some(3), Some(4), None]));
    f.wait_on_get_attr = true;
    let mut out = [None; 3];
    let asked = (&mut f as &mut dyn IntuitionOs).with_frozen(|os| os.get_attrs(g, &[GA_ID, GA_Left, GA_Top], &mut out));
    assert_eq!((asked, out), (1, [Some(3), None, None]));
}

/// The GadTools kind the walk keeps for the list (not for TREE): on AROS
/// what `GTA_ChildGadgetKind` answers, else what the probe that answered
/// proves; on AmigaOS 3.x only what a probe proves.
#[test]
fn gadtools_kinds_are_kept_where_the_walk_can_tell() {
    use gadgetscope_core::classify::is_gadtools_context;
    let (mut kinds, wk, _) = aros_gadtools_window(true);
    let snap = kinds.walk(wk).unwrap();
    let got: Vec<Option<u32>> = snap.gadgets.iter().map(|g| g.gt_kind).collect();
    let want = [
        None,
        None,
        None,
        Some(0),
        Some(BUTTON_KIND),
        Some(CHECKBOX_KIND),
        Some(INTEGER_KIND),
        Some(STRING_KIND),
        Some(SLIDER_KIND),
        Some(SCROLLER_KIND),
        Some(TEXT_KIND),
        Some(CYCLE_KIND),
    ];
    assert_eq!(got, want);
    // Without the kind answer: the probe that answered; none for the
    // context gadget, the button and the cycle gadget.
    let (mut plain, w, _) = aros_gadtools_window(false);
    let snap = plain.walk(w).unwrap();
    let got: Vec<Option<u32>> = snap.gadgets.iter().map(|g| g.gt_kind).collect();
    let mut want = want;
    want[3] = None;
    want[4] = None;
    want[11] = None;
    assert_eq!(got, want);
    assert!(is_gadtools_context(snap.gadgets[3].gadget_type, snap.gadgets[3].role, 0, 0));
    assert!(snap.gadgets.iter().skip(4).all(|g| !is_gadtools_context(g.gadget_type, g.role, g.width, g.height)));
    assert!(snap.gadgets.iter().take(3).all(|g| g.sys.is_some() && g.gt_kind.is_none()));

    // AmigaOS 3.x: classic gadgets with GADTOOL_TYPE.
    let (mut f, w) = setup(Some(b"OS3"));
    let context = f.add_gadget(w, &GadgetSpec::new(GADTOOL_TYPE, 0, 0, 0, 0));
    let button = f.add_gadget(w, &GadgetSpec::new(gt(GTYP_BOOLGADGET), 0, 10, 80, 14));
    let cb = f.add_gadget(w, &GadgetSpec::new(gt(GTYP_BOOLGADGET), 0, 30, 26, 11));
    f.set_gt_attr(cb, GTCB_Checked, 1);
    let mut st = GadgetSpec::new(gt(GTYP_STRGADGET), 0, 50, 80, 10);
    st.special_info = f.string_info(b"x");
    f.add_gadget(w, &st);
    let mut it = GadgetSpec::new(gt(GTYP_STRGADGET), 0, 70, 80, 10);
    it.special_info = f.string_info(b"1");
    let it = f.add_gadget(w, &it);
    f.set_gt_attr(it, GTIN_Number, 1);
    let sl = f.add_gadget(w, &GadgetSpec::new(gt(GTYP_PROPGADGET), 0, 90, 80, 10));
    f.set_gt_attr(sl, GTSL_Level, 3);
    // A GadTools PROP gadget without GTSL_Level: a scroller or a
    // listview's scroller; not told.
    f.add_gadget(w, &GadgetSpec::new(gt(GTYP_PROPGADGET), 0, 110, 16, 40));
    // A classic BOOL gadget that GadTools did not make.
    f.add_gadget(w, &GadgetSpec::new(GTYP_BOOLGADGET, 0, 160, 80, 14));
    let snap = f.walk(w).unwrap();
    let got: Vec<Option<u32>> = snap.gadgets.iter().map(|g| g.gt_kind).collect();
    assert_eq!(
        got,
        [None, None, Some(CHECKBOX_KIND), Some(STRING_KIND), Some(INTEGER_KIND), Some(SLIDER_KIND), None, None]
    );
    let _ = (context, button);
    assert!(is_gadtools_context(snap.gadgets[0].gadget_type, snap.gadgets[0].role, 0, 0));
    assert!(!is_gadtools_context(snap.gadgets[7].gadget_type, Role::Unknown, 0, 0), "not GadTools");
}
