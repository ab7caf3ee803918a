//! Every shipped icon: built from the PNG sources, decoded again (our own
//! decoder here; PyPI `amigainfo` as the independent reader in
//! `amigainfo.rs`) and compared pixel by pixel with its source.
use icons::{info, palette::MAGICWB, read_png, ICONS};
use std::path::{Path, PathBuf};

fn art() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("art")
}

#[test]
fn art_sources_are_current() {
    let tmp = std::env::temp_dir().join(format!("gadgetscope-art-{}", std::process::id()));
    for p in icons::draw_art(&tmp).unwrap() {
        let name = p.file_name().unwrap();
        let fresh = read_png(&p).unwrap();
        let committed = read_png(&art().join(name)).unwrap();
        assert!(
            fresh == committed,
            "icons/art/{} is stale: run `cargo run -p gadgetscope-icons -- draw`",
            name.to_string_lossy()
        );
    }
    let _ = std::fs::remove_dir_all(&tmp);
}

#[test]
fn every_icon_decodes_to_its_source() {
    let out = std::env::temp_dir().join(format!("gadgetscope-icons-{}", std::process::id()));
    let written = icons::build_icons(&art(), &out).unwrap();
    assert_eq!(written.len(), ICONS.len());
    for spec in ICONS {
        let d =
            info::decode(&std::fs::read(out.join(spec.file)).unwrap()).unwrap_or_else(|e| panic!("{}: {e}", spec.file));
        assert_eq!(d.kind, spec.kind as u8, "{}", spec.file);
        assert_eq!(d.default_tool.as_deref(), spec.default_tool, "{}", spec.file);
        assert_eq!(d.tool_types, spec.tool_types, "{}", spec.file);
        assert_eq!(d.stack_size, spec.stack_size, "{}", spec.file);
        assert_eq!(d.drawer.is_some(), spec.kind == info::WbType::Drawer, "{}", spec.file);
        // Classic: pens back to MagicWB colours equal the PNG.
        let src = read_png(&art().join(format!("{}.png", spec.art))).unwrap();
        assert_eq!((d.image.width as u32, d.image.height as u32), (src.width, src.height));
        assert_eq!(d.gadget_size, (d.image.width, d.image.height));
        assert_eq!(d.image.depth, 3);
        for (pen, px) in d.image.pens.iter().zip(&src.px) {
            let c = MAGICWB[*pen as usize];
            assert_eq!([c.0, c.1, c.2, 255], *px, "{}", spec.file);
        }
        let sel = d.selected.as_ref().unwrap();
        assert_eq!(sel.pens, icons::selected_image(&d.image).pens);
        // GlowIcon: palette colours equal the PNG, transparent where alpha is 0.
        let g = d.glow.as_ref().unwrap();
        let gsrc = read_png(&art().join(format!("{}_glow.png", spec.art))).unwrap();
        assert_eq!((g.width as u32, g.height as u32), (gsrc.width, gsrc.height));
        for (i, px) in g.pixels.iter().zip(&gsrc.px) {
            if Some(*i) == g.transparent {
                assert_eq!(px[3], 0);
            } else {
                let c = g.palette[*i as usize];
                assert_eq!([c.0, c.1, c.2, 255], *px, "{}", spec.file);
            }
        }
    }
    let _ = std::fs::remove_dir_all(&out);
}
