//! GadgetScope's Workbench icons, host side.
//!
//! * [`art`]: the pictures, drawn by code and kept as PNG sources in
//!   `icons/art/` (`<name>.png` classic, 8 MagicWB colours; `<name>_glow.png`
//!   GlowIcon, RGBA with a transparent background);
//! * [`info`]: our own `.info` encoder (classic `DiskObject`, planar images)
//!   and a decoder for tests;
//! * [`glow`]: the OS 3.5 GlowIcon `FORM ICON` (FACE + RLE IMAG).
//!
//! What xtask calls: [`build_icons`]`(art_dir, out_dir)`, which reads the
//! PNG sources and writes the files of [`ICONS`] (see there for where each
//! one goes in the distribution).
//!
//! **Why our own encoder**: no maintained Rust crate writes Amiga icons,
//! and building on a Linux host must not need an Amiga icon editor. The
//! layout facts and their sources are listed in [`info`] and [`glow`].
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod art;
pub mod glow;
pub mod info;
pub mod palette;

use glow::GlowImage;
use info::{DiskObject, DrawerData, PlanarImage, WbType};
use palette::{Rgb, MAGICWB, SELECTED};
use std::path::{Path, PathBuf};

/// One icon of the distribution.
#[derive(Debug, Clone, Copy)]
pub struct IconSpec {
    /// File name written to the output directory.
    pub file: &'static str,
    /// Art stem in `icons/art/` (`<art>.png`, `<art>_glow.png`).
    pub art: &'static str,
    /// `do_Type`.
    pub kind: WbType,
    /// `do_DefaultTool`.
    pub default_tool: Option<&'static str>,
    /// `do_ToolTypes`; `(NAME=value)` is a commented-out default that
    /// documents the setting without changing it.
    pub tool_types: &'static [&'static str],
    /// `do_StackSize`, bytes.
    pub stack_size: u32,
}

/// Where each icon of [`ICONS`] goes in the distribution, relative to the
/// directory that holds the `GadgetScope` drawer: (icon file, path of the
/// `.info`). `Profile.info` is not shipped: the window version writes it
/// next to exported profiles. Used by `cargo xtask dist` and by the
/// emulator scenario `dist-start`.
pub const PLACES: &[(&str, &str)] = &[
    ("GadgetScope-drawer.info", "GadgetScope.info"),
    ("GadgetScope.info", "GadgetScope/GadgetScope.info"),
    ("GadgetScope.guide.info", "GadgetScope/GadgetScope.guide.info"),
    ("GadgetScope.install.info", "GadgetScope/GadgetScope.install.info"),
    ("WBStartup.info", "GadgetScope/Icons/WBStartup.info"),
];

/// The icons [`build_icons`] writes:
///
/// | file | is | goes to |
/// |---|---|---|
/// | `GadgetScope.info` | the program (WBTOOL) | next to `GadgetScope` |
/// | `GadgetScope-drawer.info` | the drawer (WBDRAWER) | `GadgetScope.info` beside the `GadgetScope` drawer |
/// | `GadgetScope.install.info` | the Installer script (WBPROJECT) | next to `GadgetScope.install` |
/// | `GadgetScope.guide.info` | the AmigaGuide (WBPROJECT) | next to `GadgetScope.guide` |
/// | `Profile.info` | the quirk-profile project (WBPROJECT) | written next to exported profiles as `<App>.manifest.info` |
/// | `WBStartup.info` | start at boot (WBPROJECT, default tool `GadgetScope`, `DONOTWAIT`, `STARTUP=ICONIFIED`) | `Icons/WBStartup.info` in the distribution; the Installer copies it to `SYS:WBStartup/GadgetScope.info` and sets the default tool to the installed program |
///
/// Tool types of the program: the ARexx port name, and every other setting the
/// program reads as a commented-out default (docs/reference/formats.md,
/// "Icons"). 16 KiB of stack for the program (the wasm2c runtime keeps its own
/// 32 KiB shadow stack in linear memory, docs/reference/toolchain.md, "Rust";
/// the 68k stack holds only native frames).
///
/// The Installer script's icon: `MINUSER=NOVICE` (Installer.doc 1.24
/// §2.1: the lowest user level offered; the script supports all three),
/// `DEFUSER=AVERAGE` (the level preselected; without it Commodore's
/// Installer would preselect the `MINUSER` level, InstallerLG Average).
///
/// The boot icon: Workbench starts the projects in `SYS:WBStartup` one by
/// one and waits for each to return unless its icon has `DONOTWAIT`
/// (Workbench 2.0+ WBStartup tooltypes: `DONOTWAIT`, `STARTPRI`, `WAIT`);
/// GadgetScope keeps running, so without it the boot would stall.
pub const ICONS: &[IconSpec] = &[
    IconSpec {
        file: "GadgetScope.info",
        art: "program",
        kind: WbType::Tool,
        default_tool: None,
        tool_types: &[
            "PORTNAME=GADGETSCOPE.1",
            "(CX_POPKEY=ctrl alt g)",
            "(CX_PRIORITY=0)",
            "(CX_POPUP=YES)",
            "(STARTUP=OPEN)",
            "(REFRESH=1)",
            "(PROFILEDIR=ENVARC:GadgetScope/Profiles)",
            "(TCPPORT=1234)",
            "(TCPPASSWORD=amipilot)",
            "(TCPBIND=127.0.0.1)",
            "(TCPPORTFILE=T:GadgetScope.port)",
            "(TCPDIAL=192.168.1.20:1234)",
            "(SERIAL)",
            "(SERDEVICE=serial.device)",
            "(SERUNIT=0)",
            "(BAUD=19200)",
            "(FSROOT=RAM:Staging|Work:Staging)",
        ],
        stack_size: GADGETSCOPE_STACK,
    },
    IconSpec {
        file: "GadgetScope-drawer.info",
        art: "drawer",
        kind: WbType::Drawer,
        default_tool: None,
        tool_types: &[],
        stack_size: 0,
    },
    IconSpec {
        file: "GadgetScope.install.info",
        art: "installer",
        kind: WbType::Project,
        default_tool: Some("Installer"),
        tool_types: &["APPNAME=GadgetScope", "MINUSER=NOVICE", "DEFUSER=AVERAGE"],
        stack_size: 16384,
    },
    IconSpec {
        file: "GadgetScope.guide.info",
        art: "guide",
        kind: WbType::Project,
        default_tool: Some("MultiView"),
        tool_types: &[],
        stack_size: 8192,
    },
    IconSpec {
        file: "Profile.info",
        art: "profile",
        kind: WbType::Project,
        default_tool: Some("GadgetScope"),
        tool_types: &[],
        stack_size: GADGETSCOPE_STACK,
    },
    IconSpec {
        file: "WBStartup.info",
        art: "program",
        kind: WbType::Project,
        default_tool: Some("GadgetScope"),
        tool_types: &["DONOTWAIT", "STARTUP=ICONIFIED"],
        stack_size: GADGETSCOPE_STACK,
    },
];

/// `do_StackSize` of the icons that start GadgetScope, bytes: room for its
/// native stack (`gadgetscope::NATIVE_STACK`, 15 KiB) and the start's few
/// frames, so that a Workbench start runs on the stack Workbench gives
/// the process instead of allocating a second one (amiga-rt/c/runtime.c
/// `rt_start`; gadgetscope's host test
/// `the_icons_stack_holds_the_native_stack`).
pub const GADGETSCOPE_STACK: u32 = 16384;

/// The drawer window the drawer icon opens, pixels.
pub const DRAWER_WINDOW: DrawerData = DrawerData { left: 60, top: 40, width: 360, height: 140 };

/// An RGBA image read from a PNG.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rgba {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Row-major RGBA pixels.
    pub px: Vec<[u8; 4]>,
}

/// Reads a PNG as RGBA (any colour type the `png` crate expands to 8-bit).
pub fn read_png(path: &Path) -> Result<Rgba, String> {
    let f = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut dec = png::Decoder::new(f);
    dec.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut r = dec.read_info().map_err(|e| format!("{}: {e}", path.display()))?;
    let mut buf = vec![0; r.output_buffer_size()];
    let fi = r.next_frame(&mut buf).map_err(|e| format!("{}: {e}", path.display()))?;
    let px = match fi.color_type {
        png::ColorType::Rgba => buf[..fi.buffer_size()].chunks(4).map(|c| [c[0], c[1], c[2], c[3]]).collect(),
        png::ColorType::Rgb => buf[..fi.buffer_size()].chunks(3).map(|c| [c[0], c[1], c[2], 255]).collect(),
        png::ColorType::GrayscaleAlpha => buf[..fi.buffer_size()].chunks(2).map(|c| [c[0], c[0], c[0], c[1]]).collect(),
        png::ColorType::Grayscale => buf[..fi.buffer_size()].iter().map(|&g| [g, g, g, 255]).collect(),
        png::ColorType::Indexed => return Err(format!("{}: indexed PNG not expanded", path.display())),
    };
    Ok(Rgba { width: fi.width, height: fi.height, px })
}

/// Writes an RGBA PNG.
pub fn write_png(path: &Path, img: &Rgba) -> Result<(), String> {
    let f = std::fs::File::create(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut enc = png::Encoder::new(std::io::BufWriter::new(f), img.width, img.height);
    enc.set_color(png::ColorType::Rgba);
    enc.set_depth(png::BitDepth::Eight);
    let mut w = enc.write_header().map_err(|e| e.to_string())?;
    let flat: Vec<u8> = img.px.iter().flatten().copied().collect();
    w.write_image_data(&flat).map_err(|e| e.to_string())
}

/// The classic art of a canvas as RGBA (MagicWB colours, opaque).
pub fn classic_rgba(c: &art::Canvas) -> Rgba {
    let px = c
        .classic()
        .iter()
        .map(|&p| [MAGICWB[p as usize].0, MAGICWB[p as usize].1, MAGICWB[p as usize].2, 255])
        .collect();
    Rgba { width: c.w as u32, height: c.h as u32, px }
}

/// Redraws every PNG source into `art_dir`; returns the written paths.
pub fn draw_art(art_dir: &Path) -> Result<Vec<PathBuf>, String> {
    std::fs::create_dir_all(art_dir).map_err(|e| e.to_string())?;
    let mut out = Vec::new();
    for (name, c) in art::all() {
        let p = art_dir.join(format!("{name}.png"));
        write_png(&p, &classic_rgba(&c))?;
        out.push(p);
        let g = art_dir.join(format!("{name}_glow.png"));
        write_png(&g, &Rgba { width: c.w as u32, height: c.h as u32, px: c.glow() })?;
        out.push(g);
    }
    Ok(out)
}

/// Maps a classic PNG to MagicWB pens; every pixel must be one of the
/// eight colours exactly (3 bitplanes).
pub fn classic_image(img: &Rgba, name: &str) -> Result<PlanarImage, String> {
    let pens = img
        .px
        .iter()
        .enumerate()
        .map(|(i, p)| {
            MAGICWB.iter().position(|c| (c.0, c.1, c.2) == (p[0], p[1], p[2])).map(|x| x as u8).ok_or_else(|| {
                format!(
                    "{name}: pixel ({}, {}) #{:02x}{:02x}{:02x} is not a MagicWB colour",
                    i as u32 % img.width,
                    i as u32 / img.width,
                    p[0],
                    p[1],
                    p[2]
                )
            })
        })
        .collect::<Result<Vec<u8>, String>>()?;
    Ok(PlanarImage { width: img.width as u16, height: img.height as u16, depth: 3, pens })
}

/// The selected image: each pen mapped through [`SELECTED`].
pub fn selected_image(normal: &PlanarImage) -> PlanarImage {
    PlanarImage { pens: normal.pens.iter().map(|&p| SELECTED[p as usize]).collect(), ..normal.clone() }
}

/// Maps an RGBA GlowIcon PNG to a palette: index 0 is transparent (alpha
/// below 128), the other colours in order of first appearance (at most 255).
pub fn glow_image(img: &Rgba, name: &str) -> Result<GlowImage, String> {
    let mut palette = vec![Rgb(0, 0, 0)];
    let mut pixels = Vec::with_capacity(img.px.len());
    for p in &img.px {
        if p[3] < 128 {
            pixels.push(0);
            continue;
        }
        let c = Rgb(p[0], p[1], p[2]);
        let i = match palette.iter().skip(1).position(|&x| x == c) {
            Some(i) => i + 1,
            None => {
                palette.push(c);
                palette.len() - 1
            }
        };
        if i > 255 {
            return Err(format!("{name}: more than 255 colours"));
        }
        pixels.push(i as u8);
    }
    Ok(GlowImage { width: img.width as u16, height: img.height as u16, palette, pixels, transparent: Some(0) })
}

/// The `DiskObject` of `spec` from the PNG sources in `art_dir`.
pub fn disk_object(spec: &IconSpec, art_dir: &Path) -> Result<DiskObject, String> {
    let classic = classic_image(&read_png(&art_dir.join(format!("{}.png", spec.art)))?, spec.art)?;
    let glow = glow_image(&read_png(&art_dir.join(format!("{}_glow.png", spec.art)))?, spec.art)?;
    Ok(DiskObject {
        kind: spec.kind,
        selected: Some(selected_image(&classic)),
        image: classic,
        default_tool: spec.default_tool.map(String::from),
        tool_types: spec.tool_types.iter().map(|s| s.to_string()).collect(),
        stack_size: spec.stack_size,
        drawer: (spec.kind == WbType::Drawer).then_some(DRAWER_WINDOW),
        glow: Some(glow),
    })
}

/// Encodes every icon of [`ICONS`] from the PNG sources in `art_dir` into
/// `out_dir`; returns the written paths.
pub fn build_icons(art_dir: &Path, out_dir: &Path) -> Result<Vec<PathBuf>, String> {
    std::fs::create_dir_all(out_dir).map_err(|e| format!("{}: {e}", out_dir.display()))?;
    let mut out = Vec::new();
    for spec in ICONS {
        let bytes = info::encode(&disk_object(spec, art_dir)?).map_err(|e| format!("{}: {e}", spec.file))?;
        let p = out_dir.join(spec.file);
        std::fs::write(&p, bytes).map_err(|e| format!("{}: {e}", p.display()))?;
        out.push(p);
    }
    Ok(out)
}
