//! The `.info` file: a classic `DiskObject` with planar images, followed by
//! an OS 3.5 GlowIcon `FORM ICON`.
//!
//! Layout (big-endian), in file order, with the facts' sources (checked
//! against public material, no code taken):
//!
//! 1. `struct DiskObject`, 78 bytes (NDK `workbench/workbench.h`):
//!    `do_Magic` UWORD = `WB_DISKMAGIC` 0xE310, `do_Version` UWORD =
//!    `WB_DISKVERSION` 1, `do_Gadget` (a 44-byte `struct Gadget`,
//!    `intuition/intuition.h`), `do_Type` UBYTE + a pad byte,
//!    `do_DefaultTool`, `do_ToolTypes` (pointers: in the file only "present
//!    or not"), `do_CurrentX`/`do_CurrentY` LONG (`NO_ICON_POSITION`
//!    0x80000000), `do_DrawerData`, `do_ToolWindow` (pointers),
//!    `do_StackSize` LONG.
//! 2. If `do_DrawerData` is set: `struct OldDrawerData`, 56 bytes (a 48-byte
//!    `struct NewWindow`, then `dd_CurrentX`, `dd_CurrentY`).
//! 3. The `GadgetRender` image, then the `SelectRender` image if that
//!    pointer is set: a 20-byte `struct Image` (`LeftEdge`, `TopEdge`,
//!    `Width`, `Height`, `Depth` WORDs, `ImageData` pointer, `PlanePick`,
//!    `PlaneOnOff` UBYTEs, `NextImage` pointer), then `Depth` bitplanes,
//!    each row padded to a 16-bit word.
//! 4. `do_DefaultTool` if set, `do_ToolTypes` if set, `do_ToolWindow` if
//!    set: a string is a ULONG length (NUL included) then the bytes and
//!    NUL; the tool types are a ULONG `(count + 1) * 4`, then each string.
//! 5. If `do_DrawerData` is set and the revision in the low byte of
//!    `do_Gadget.UserData` is `WB_DISKREVISION` 1: `dd_Flags` ULONG and
//!    `dd_ViewModes` UWORD (the OS 2.x `struct DrawerData` tail).
//! 6. The GlowIcon `FORM ICON` ([`glow`]).
//!
//! Order 2-5 as AROS icon.library reads and writes it
//! (`workbench/libs/icon/diskobjio.c`, `IconDesc`), which reads the images
//! when `GadgetRender`/`SelectRender` are set (or `GFLG_GADGIMAGE` /
//! `GFLG_GADGHIMAGE`), so the flags and pointers here always agree.
//!
//! **Why our own encoder**: no maintained Rust crate writes `.info` files;
//! the format is small and documented, and building icons on the Linux
//! host must not need an Amiga icon editor.
use crate::glow::{self, GlowImage};
use amiga_ndk::intuition::{
    GACT_IMMEDIATE, GACT_RELVERIFY, GFLG_GADGHIMAGE, GFLG_GADGIMAGE, GTYP_BOOLGADGET, WBENCHSCREEN,
};
use amiga_ndk::workbench::*;

/// `GACT_RELVERIFY | GACT_IMMEDIATE`, as Workbench icons have (intuition/intuition.h).
pub const ICON_ACTIVATION: u16 = GACT_RELVERIFY | GACT_IMMEDIATE;
/// A non-NULL placeholder for pointers the file only flags as present.
const PRESENT: u32 = 1;

/// `do_Type` values (workbench.h).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum WbType {
    /// `WBDISK`.
    Disk = 1,
    /// `WBDRAWER`.
    Drawer = 2,
    /// `WBTOOL`: a program.
    Tool = 3,
    /// `WBPROJECT`: a document opened with its default tool.
    Project = 4,
}

/// A planar image: `depth` planes of `width` × `height` pixels.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlanarImage {
    /// Width in pixels.
    pub width: u16,
    /// Height in pixels.
    pub height: u16,
    /// Number of bitplanes (2 = 4 colours, 3 = 8 colours).
    pub depth: u16,
    /// Pen per pixel, row-major (`width * height` entries, each `< 1 << depth`).
    pub pens: Vec<u8>,
}

impl PlanarImage {
    /// Bytes per plane row: the row padded to a 16-bit word.
    pub fn row_bytes(&self) -> usize {
        (self.width as usize).div_ceil(16) * 2
    }

    /// The bitplanes, plane 0 first (bit `p` of a pen goes to plane `p`;
    /// the leftmost pixel is the most significant bit).
    pub fn planes(&self) -> Vec<u8> {
        let rb = self.row_bytes();
        let (w, h) = (self.width as usize, self.height as usize);
        let mut out = vec![0u8; rb * h * self.depth as usize];
        for p in 0..self.depth as usize {
            for y in 0..h {
                for x in 0..w {
                    if self.pens[y * w + x] >> p & 1 == 1 {
                        out[p * rb * h + y * rb + x / 8] |= 0x80 >> (x % 8);
                    }
                }
            }
        }
        out
    }
}

/// Drawer window settings (`struct DrawerData`), in pixels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DrawerData {
    /// Window left edge.
    pub left: i16,
    /// Window top edge.
    pub top: i16,
    /// Window width.
    pub width: i16,
    /// Window height.
    pub height: i16,
}

/// Everything an icon holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiskObject {
    /// `do_Type`.
    pub kind: WbType,
    /// The classic normal image.
    pub image: PlanarImage,
    /// The classic selected image (same size and depth), if any.
    pub selected: Option<PlanarImage>,
    /// `do_DefaultTool` (projects: the program that opens them).
    pub default_tool: Option<String>,
    /// `do_ToolTypes`; `(NAME=value)` in parentheses is a commented-out default.
    pub tool_types: Vec<String>,
    /// `do_StackSize` in bytes (tools and projects; 0 = Workbench's default).
    pub stack_size: u32,
    /// `do_DrawerData` (drawers and disks only).
    pub drawer: Option<DrawerData>,
    /// The GlowIcon image written after the classic part, if any.
    pub glow: Option<GlowImage>,
}

fn w16(o: &mut Vec<u8>, v: u16) {
    o.extend_from_slice(&v.to_be_bytes());
}
fn w32(o: &mut Vec<u8>, v: u32) {
    o.extend_from_slice(&v.to_be_bytes());
}

/// Latin-1 bytes of an icon string (tool types and tools are ISO-8859-1).
fn latin1(s: &str) -> Result<Vec<u8>, String> {
    s.chars().map(|c| u8::try_from(c as u32).map_err(|_| format!("{c:?} in \"{s}\" is not ISO-8859-1"))).collect()
}

fn string(o: &mut Vec<u8>, s: &str) -> Result<(), String> {
    let b = latin1(s)?;
    w32(o, b.len() as u32 + 1);
    o.extend_from_slice(&b);
    o.push(0);
    Ok(())
}

fn image(o: &mut Vec<u8>, img: &PlanarImage) -> Result<(), String> {
    if img.pens.len() != img.width as usize * img.height as usize {
        return Err(String::from("image pens do not match its size"));
    }
    if img.pens.iter().any(|&p| p as u32 >= 1 << img.depth) {
        return Err(format!("a pen does not fit {} planes", img.depth));
    }
    w16(o, 0); // LeftEdge
    w16(o, 0); // TopEdge
    w16(o, img.width);
    w16(o, img.height);
    w16(o, img.depth);
    w32(o, PRESENT); // ImageData
    o.push(((1u16 << img.depth) - 1) as u8); // PlanePick: every plane
    o.push(0); // PlaneOnOff
    w32(o, 0); // NextImage
    o.extend_from_slice(&img.planes());
    Ok(())
}

/// Encodes `d` as a `.info` file.
pub fn encode(d: &DiskObject) -> Result<Vec<u8>, String> {
    let mut o = Vec::new();
    let img = &d.image;
    if let Some(s) = &d.selected {
        if (s.width, s.height, s.depth) != (img.width, img.height, img.depth) {
            return Err(String::from("the selected image differs in size or depth"));
        }
    }
    if d.drawer.is_some() != matches!(d.kind, WbType::Drawer | WbType::Disk) {
        return Err(String::from("drawer data belongs to drawers and disks only"));
    }
    w16(&mut o, WB_DISKMAGIC);
    w16(&mut o, WB_DISKVERSION);
    // struct Gadget (44 bytes)
    w32(&mut o, 0); // NextGadget
    w16(&mut o, 0); // LeftEdge
    w16(&mut o, 0); // TopEdge
    w16(&mut o, img.width);
    w16(&mut o, img.height);
    w16(&mut o, GFLG_GADGIMAGE | if d.selected.is_some() { GFLG_GADGHIMAGE } else { 0 });
    w16(&mut o, ICON_ACTIVATION);
    w16(&mut o, GTYP_BOOLGADGET);
    w32(&mut o, PRESENT); // GadgetRender
    w32(&mut o, if d.selected.is_some() { PRESENT } else { 0 }); // SelectRender
    w32(&mut o, 0); // GadgetText
    w32(&mut o, 0); // MutualExclude
    w32(&mut o, 0); // SpecialInfo
    w16(&mut o, 0); // GadgetID
    w32(&mut o, WB_DISKREVISION); // UserData
    o.push(d.kind as u8);
    o.push(0);
    w32(&mut o, if d.default_tool.is_some() { PRESENT } else { 0 });
    w32(&mut o, if d.tool_types.is_empty() { 0 } else { PRESENT });
    w32(&mut o, NO_ICON_POSITION as u32);
    w32(&mut o, NO_ICON_POSITION as u32);
    w32(&mut o, if d.drawer.is_some() { PRESENT } else { 0 });
    w32(&mut o, 0); // do_ToolWindow
    w32(&mut o, d.stack_size);
    debug_assert_eq!(o.len(), do_SIZEOF);
    if let Some(dd) = &d.drawer {
        // struct NewWindow (48 bytes)
        for v in [dd.left, dd.top, dd.width, dd.height] {
            w16(&mut o, v as u16);
        }
        o.push(0xFF); // DetailPen: screen default
        o.push(0xFF); // BlockPen
        w32(&mut o, 0); // IDCMPFlags
        w32(&mut o, 0); // Flags
        for _ in 0..5 {
            w32(&mut o, 0); // FirstGadget, CheckMark, Title, Screen, BitMap
        }
        w16(&mut o, 90); // MinWidth
        w16(&mut o, 40); // MinHeight
        w16(&mut o, 0xFFFF); // MaxWidth
        w16(&mut o, 0xFFFF); // MaxHeight
        w16(&mut o, WBENCHSCREEN); // Type
        w32(&mut o, 0); // dd_CurrentX
        w32(&mut o, 0); // dd_CurrentY
    }
    image(&mut o, img)?;
    if let Some(s) = &d.selected {
        image(&mut o, s)?;
    }
    if let Some(t) = &d.default_tool {
        string(&mut o, t)?;
    }
    if !d.tool_types.is_empty() {
        w32(&mut o, (d.tool_types.len() as u32 + 1) * 4);
        for t in &d.tool_types {
            string(&mut o, t)?;
        }
    }
    if d.drawer.is_some() {
        w32(&mut o, 0); // dd_Flags: DDFLAGS_SHOWDEFAULT
        w16(&mut o, 0); // dd_ViewModes: DDVM_BYDEFAULT
    }
    if let Some(g) = &d.glow {
        o.extend_from_slice(&glow::form_icon(g)?);
    }
    Ok(o)
}

/// Decoded drawer data: window (left, top, width, height) in pixels,
/// `dd_Flags`, `dd_ViewModes`.
pub type DecodedDrawer = ((i16, i16, i16, i16), u32, u16);

/// What [`decode`] finds in a `.info` file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decoded {
    /// `do_Type`.
    pub kind: u8,
    /// Gadget width and height, pixels.
    pub gadget_size: (u16, u16),
    /// The normal image.
    pub image: PlanarImage,
    /// The selected image.
    pub selected: Option<PlanarImage>,
    /// `do_DefaultTool`.
    pub default_tool: Option<String>,
    /// `do_ToolTypes`.
    pub tool_types: Vec<String>,
    /// `do_StackSize`.
    pub stack_size: u32,
    /// Drawer window (left, top, width, height) and `dd_Flags`, `dd_ViewModes`.
    pub drawer: Option<DecodedDrawer>,
    /// The GlowIcon, decoded.
    pub glow: Option<GlowImage>,
}

/// A bounds-checked big-endian reader.
struct Rd<'a> {
    b: &'a [u8],
    at: usize,
}

impl Rd<'_> {
    fn take(&mut self, n: usize) -> Result<&[u8], String> {
        let s = self.b.get(self.at..self.at + n).ok_or_else(|| format!("truncated at offset {}", self.at))?;
        self.at += n;
        Ok(s)
    }
    fn u8(&mut self) -> Result<u8, String> {
        Ok(self.take(1)?[0])
    }
    fn u16(&mut self) -> Result<u16, String> {
        let s = self.take(2)?;
        Ok(u16::from_be_bytes([s[0], s[1]]))
    }
    fn u32(&mut self) -> Result<u32, String> {
        let s = self.take(4)?;
        Ok(u32::from_be_bytes([s[0], s[1], s[2], s[3]]))
    }
    fn string(&mut self) -> Result<String, String> {
        let n = self.u32()? as usize;
        let s = self.take(n)?;
        if s.last() != Some(&0) {
            return Err(String::from("icon string lacks its NUL"));
        }
        Ok(s[..n - 1].iter().map(|&b| b as char).collect())
    }
    fn image(&mut self) -> Result<PlanarImage, String> {
        let _left = self.u16()?;
        let _top = self.u16()?;
        let width = self.u16()?;
        let height = self.u16()?;
        let depth = self.u16()?;
        let _data = self.u32()?;
        let pick = self.u8()?;
        let _onoff = self.u8()?;
        let next = self.u32()?;
        if pick as u16 != (1 << depth) - 1 || next != 0 {
            return Err(format!("PlanePick {pick:#x} / NextImage {next:#x} unexpected"));
        }
        let mut img = PlanarImage { width, height, depth, pens: vec![0; width as usize * height as usize] };
        let rb = img.row_bytes();
        let planes = self.take(rb * height as usize * depth as usize)?;
        for p in 0..depth as usize {
            for y in 0..height as usize {
                for x in 0..width as usize {
                    if planes[p * rb * height as usize + y * rb + x / 8] & (0x80 >> (x % 8)) != 0 {
                        img.pens[y * width as usize + x] |= 1 << p;
                    }
                }
            }
        }
        Ok(img)
    }
}

/// Decodes a `.info` file written by [`encode`] (the fields it uses), with
/// the GlowIcon part. Used by the tests as a second reading of the format.
pub fn decode(b: &[u8]) -> Result<Decoded, String> {
    let mut r = Rd { b, at: 0 };
    if r.u16()? != WB_DISKMAGIC || r.u16()? != WB_DISKVERSION {
        return Err(String::from("not a DiskObject (magic/version)"));
    }
    r.take(4)?; // NextGadget
    r.take(4)?; // Left, Top
    let gadget_size = (r.u16()?, r.u16()?);
    let flags = r.u16()?;
    r.take(4)?; // Activation, GadgetType
    let render = r.u32()?;
    let select = r.u32()?;
    r.take(14)?; // GadgetText, MutualExclude, SpecialInfo, GadgetID
    let user_data = r.u32()?;
    let kind = r.u8()?;
    r.u8()?;
    let has_tool = r.u32()? != 0;
    let has_types = r.u32()? != 0;
    r.take(8)?; // CurrentX/Y
    let has_drawer = r.u32()? != 0;
    let has_window = r.u32()? != 0;
    let stack_size = r.u32()?;
    let mut rect = None;
    if has_drawer {
        let v = [r.u16()? as i16, r.u16()? as i16, r.u16()? as i16, r.u16()? as i16];
        rect = Some((v[0], v[1], v[2], v[3]));
        r.take(OLDDRAWERDATA_SIZEOF - 8)?;
    }
    if render == 0 && flags & GFLG_GADGIMAGE == 0 {
        return Err(String::from("no GadgetRender image"));
    }
    let image = r.image()?;
    let selected = if select != 0 || flags & GFLG_GADGHIMAGE != 0 { Some(r.image()?) } else { None };
    let default_tool = if has_tool { Some(r.string()?) } else { None };
    let mut tool_types = Vec::new();
    if has_types {
        let n = (r.u32()? / 4).saturating_sub(1);
        for _ in 0..n {
            tool_types.push(r.string()?);
        }
    }
    if has_window {
        r.string()?;
    }
    let drawer = match rect {
        Some(rc) if user_data & 0xFF == WB_DISKREVISION => Some((rc, r.u32()?, r.u16()?)),
        Some(rc) => Some((rc, 0, 0)),
        None => None,
    };
    let glow = if r.at < b.len() { Some(glow::read_form_icon(&b[r.at..])?) } else { None };
    Ok(Decoded { kind, gadget_size, image, selected, default_tool, tool_types, stack_size, drawer, glow })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiny() -> PlanarImage {
        // 17 pixels wide: two words per plane row.
        let pens = (0..17 * 2).map(|i| (i % 8) as u8).collect();
        PlanarImage { width: 17, height: 2, depth: 3, pens }
    }

    #[test]
    fn planes_pad_rows_to_words() {
        let img = PlanarImage { width: 3, height: 1, depth: 2, pens: vec![1, 2, 3] };
        assert_eq!(img.row_bytes(), 2);
        // plane 0: pens 1 and 3 -> 1010 0000; plane 1: pens 2 and 3 -> 0110 0000
        assert_eq!(img.planes(), vec![0b1010_0000, 0, 0b0110_0000, 0]);
    }

    #[test]
    fn byte_layout_of_a_tool() {
        let d = DiskObject {
            kind: WbType::Tool,
            image: tiny(),
            selected: None,
            default_tool: None,
            tool_types: vec!["A=1".into(), "(B)".into()],
            stack_size: 16384,
            drawer: None,
            glow: None,
        };
        let b = encode(&d).unwrap();
        assert_eq!(&b[0..4], &[0xE3, 0x10, 0x00, 0x01]);
        assert_eq!(&b[12..16], &[0, 17, 0, 2]); // gadget Width, Height
        assert_eq!(&b[16..18], &[0, 4]); // GFLG_GADGIMAGE, no GADGHIMAGE
        assert_eq!(&b[22..26], &[0, 0, 0, 1]); // GadgetRender set
        assert_eq!(&b[26..30], &[0, 0, 0, 0]); // SelectRender NULL
        assert_eq!(&b[44..48], &[0, 0, 0, 1]); // UserData = WB_DISKREVISION
        assert_eq!(b[48], 3); // WBTOOL
        assert_eq!(&b[74..78], &16384u32.to_be_bytes());
        // Image header right after the 78 bytes: 17x2x3, PlanePick 7.
        assert_eq!(&b[78..88], &[0, 0, 0, 0, 0, 17, 0, 2, 0, 3]);
        assert_eq!(b[92], 7);
        let planes = 4 * 2 * 3;
        let tt = 78 + 20 + planes;
        assert_eq!(&b[tt..tt + 4], &12u32.to_be_bytes()); // (2 + 1) * 4
        assert_eq!(&b[tt + 4..tt + 12], b"\0\0\0\x04A=1\0");
        assert_eq!(&b[tt + 12..], b"\0\0\0\x04(B)\0");
        let back = decode(&b).unwrap();
        assert_eq!(back.image, tiny());
        assert_eq!(back.tool_types, ["A=1", "(B)"]);
    }

    #[test]
    fn drawer_data_and_its_revision_tail() {
        let d = DiskObject {
            kind: WbType::Drawer,
            image: tiny(),
            selected: Some(tiny()),
            default_tool: None,
            tool_types: vec![],
            stack_size: 0,
            drawer: Some(DrawerData { left: 10, top: 20, width: 300, height: 200 }),
            glow: None,
        };
        let b = encode(&d).unwrap();
        assert_eq!(&b[16..18], &[0, 6]); // GADGIMAGE | GADGHIMAGE
        assert_eq!(&b[66..70], &[0, 0, 0, 1]); // do_DrawerData set
        assert_eq!(&b[78..86], &[0, 10, 0, 20, 1, 44, 0, 200]);
        let img = 20 + 4 * 2 * 3;
        assert_eq!(b.len(), 78 + 56 + 2 * img + 6);
        assert_eq!(&b[b.len() - 6..], &[0; 6]);
        let back = decode(&b).unwrap();
        assert_eq!(back.drawer, Some(((10, 20, 300, 200), 0, 0)));
        assert_eq!(back.selected, Some(tiny()));
    }

    #[test]
    fn encoder_refuses_inconsistent_objects() {
        let mut d = DiskObject {
            kind: WbType::Tool,
            image: tiny(),
            selected: None,
            default_tool: None,
            tool_types: vec![],
            stack_size: 0,
            drawer: Some(DrawerData { left: 0, top: 0, width: 1, height: 1 }),
            glow: None,
        };
        assert_eq!(encode(&d).unwrap_err(), "drawer data belongs to drawers and disks only");
        d.drawer = None;
        d.image.pens[0] = 8;
        assert_eq!(encode(&d).unwrap_err(), "a pen does not fit 3 planes");
    }
}
