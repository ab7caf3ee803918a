//! WBLAUNCH's policy (docs/reference/commands.md, "WBLAUNCH"): what a program
//! started as from Workbench gets. Tooltype overrides are merged into the
//! icon's tooltypes the way `FindToolType()` looks them up, the stack follows
//! Workbench's rules, and the overrides reach the program through a scratch
//! copy of its icon: a byte-level copy of the classic `.info` with only the
//! tooltype block replaced ([`replace_tooltypes`]). gadgetscope-system's
//! `AmigaSystem` writes the scratch icon and starts the process with
//! amiga-rt's `workbench::launch`.
use alloc::vec::Vec;
use amiga_ndk::intuition::{gg_GadgetRender, gg_SelectRender, ig_Depth, ig_Height, ig_ImageData, ig_SIZEOF, ig_Width};
use amiga_ndk::workbench::*;

/// The smallest stack a launched program gets (Workbench's rule: the
/// icon's `do_StackSize`, never below 4096 bytes).
pub const MIN_STACK: u32 = 4096;
/// The stack when the icon gives none and the caller asked for none.
pub const DEFAULT_STACK: u32 = 8192;

/// The error of a WBLAUNCH whose program, icon (`<path>.info`, read for
/// `TOOLTYPE=`) or `ARG=` path cannot be locked: RC 10, the path and the
/// DOS error text. AmiPilot refuses such a request as a bad request, not as
/// "nothing matched" (server/README.md "WBLAUNCH"; its client raises
/// `CommandError`, RC 10).
pub fn not_found(path: &[u8], dos_error: &[u8]) -> gadgetscope_arexx::Error {
    use gadgetscope_arexx::Shown;
    gadgetscope_arexx::error!(gadgetscope_arexx::Rc::Error, "{}: {}", Shown(path), Shown(dos_error))
}

/// The key of a tooltype: the bytes before the first `=` (the whole entry
/// when it has none), as icon.library's `FindToolType()` compares it.
pub fn tooltype_key(entry: &[u8]) -> &[u8] {
    match entry.iter().position(|&c| c == b'=') {
        Some(i) => &entry[..i],
        None => entry,
    }
}

/// Why tooltype overrides were refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ToolTypeError {
    /// An override with an empty key (`=x`, ``) or a NUL byte.
    Bad(Vec<u8>),
    /// More than [`MAX_TOOLTYPES`] entries after merging.
    TooMany,
}

/// The tooltypes a launched program sees: the icon's `existing` entries
/// with each override `KEY=value` (or bare `KEY`) applied in order. An
/// override replaces the first entry with the same key
/// (case-insensitively, as `FindToolType()` matches) and removes later
/// ones, so `FindToolType()` finds the override; a key the icon lacks is
/// appended. Disabled entries (`(KEY=x)`) are other keys and stay.
pub fn merge_tooltypes(existing: &[Vec<u8>], overrides: &[Vec<u8>]) -> Result<Vec<Vec<u8>>, ToolTypeError> {
    let mut out: Vec<Vec<u8>> = existing.to_vec();
    for o in overrides {
        let key = tooltype_key(o);
        if key.is_empty() || o.contains(&0) {
            return Err(ToolTypeError::Bad(o.clone()));
        }
        let same = |e: &Vec<u8>| tooltype_key(e).eq_ignore_ascii_case(key);
        match out.iter().position(same) {
            Some(i) => {
                out[i] = o.clone();
                let mut j = i + 1;
                while j < out.len() {
                    if same(&out[j]) {
                        out.remove(j);
                    } else {
                        j += 1;
                    }
                }
            }
            None => out.push(o.clone()),
        }
    }
    if out.len() > MAX_TOOLTYPES {
        return Err(ToolTypeError::TooMany);
    }
    Ok(out)
}

/// The stack of a launched program: `requested` if given, else the
/// icon's `do_StackSize`, else [`DEFAULT_STACK`]; never below
/// [`MIN_STACK`]; rounded up to a multiple of 4.
pub fn launch_stack(requested: Option<u32>, icon: Option<u32>) -> u32 {
    let s = requested.or(icon.filter(|&s| s > 0)).unwrap_or(DEFAULT_STACK).max(MIN_STACK);
    s.saturating_add(3) & !3
}

/// `<base>GadgetScope-launch-<n>`: the scratch directory of one launch
/// with tooltype overrides (`base` is `T:` or `RAM:`).
pub fn scratch_dir_name(base: &[u8], n: u32) -> Vec<u8> {
    let mut v = base.to_vec();
    v.extend_from_slice(alloc::format!("GadgetScope-launch-{n}").as_bytes());
    v
}

/// A classic `.info` file (NDK workbench/workbench.h: the 78-byte
/// `struct DiskObject`, the 56-byte `OldDrawerData` if `do_DrawerData`,
/// the `GadgetRender` image and the `SelectRender` image if set (a 20-byte
/// `struct Image` then `Depth` word-padded bitplanes when `ImageData` is
/// set), the `do_DefaultTool` string if set, the `do_ToolTypes` block if
/// set (a ULONG `(n + 1) * 4`, then each string as a ULONG length with
/// its NUL, the bytes and the NUL), then the rest) with only the tooltype
/// block replaced by `tooltypes` (and `do_ToolTypes` set or cleared to
/// match): every other byte, the image, the GlowIcon or NewIcon data
/// after it, is copied. `None` when `info` is not a classic DiskObject
/// this reading can walk (an AROS PNG icon, a truncated file): the caller
/// falls back to icon.library.
pub fn replace_tooltypes(info: &[u8], tooltypes: &[Vec<u8>]) -> Option<Vec<u8>> {
    let u16_at = |o: usize| -> Option<u16> { Some(u16::from_be_bytes(info.get(o..o + 2)?.try_into().ok()?)) };
    let u32_at = |o: usize| -> Option<u32> { Some(u32::from_be_bytes(info.get(o..o + 4)?.try_into().ok()?)) };
    if u16_at(do_Magic)? != WB_DISKMAGIC || info.len() < do_SIZEOF {
        return None;
    }
    let mut at = do_SIZEOF;
    if u32_at(do_DrawerData)? != 0 {
        at += OLDDRAWERDATA_SIZEOF;
    }
    let image = |at: usize| -> Option<usize> {
        let (w, h, d) =
            (u16_at(at + ig_Width)? as usize, u16_at(at + ig_Height)? as usize, u16_at(at + ig_Depth)? as usize);
        let data = if u32_at(at + ig_ImageData)? != 0 { w.div_ceil(16) * 2 * h * d } else { 0 };
        Some(at + ig_SIZEOF + data)
    };
    if u32_at(do_Gadget + gg_GadgetRender)? != 0 {
        at = image(at)?;
    }
    if u32_at(do_Gadget + gg_SelectRender)? != 0 {
        at = image(at)?;
    }
    let string = |at: usize| -> Option<usize> {
        let n = u32_at(at)? as usize;
        if n > 0x10000 {
            return None;
        }
        Some(at + 4 + n)
    };
    if u32_at(do_DefaultTool)? != 0 {
        at = string(at)?;
    }
    let types_at = at;
    if u32_at(do_ToolTypes)? != 0 {
        let n = (u32_at(at)? / 4).checked_sub(1)? as usize;
        if n > MAX_TOOLTYPES {
            return None;
        }
        at += 4;
        for _ in 0..n {
            at = string(at)?;
        }
    }
    if at > info.len() {
        return None;
    }
    let mut out = Vec::with_capacity(info.len() + 64);
    out.extend_from_slice(&info[..types_at]);
    let present: u32 = if tooltypes.is_empty() { 0 } else { 1 };
    out[do_ToolTypes..do_ToolTypes + 4].copy_from_slice(&present.to_be_bytes());
    if !tooltypes.is_empty() {
        out.extend_from_slice(&((tooltypes.len() as u32 + 1) * 4).to_be_bytes());
        for t in tooltypes {
            let t = t.split(|&c| c == 0).next().unwrap_or(&[]);
            out.extend_from_slice(&(t.len() as u32 + 1).to_be_bytes());
            out.extend_from_slice(t);
            out.push(0);
        }
    }
    out.extend_from_slice(&info[at..]);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(items: &[&str]) -> alloc::vec::Vec<alloc::vec::Vec<u8>> {
        items.iter().map(|s| s.as_bytes().to_vec()).collect()
    }

    #[test]
    fn a_path_that_cannot_be_locked_is_rc10_with_its_dos_error() {
        let e = not_found(b"DH0:Tools/Missing", b"object not found");
        assert_eq!(
            (e.rc, e.to_string().as_str()),
            (gadgetscope_arexx::Rc::Error, "DH0:Tools/Missing: object not found")
        );
    }

    #[test]
    fn tooltype_overrides_replace_by_key_or_append() {
        let icon = v(&["PORTNAME=APP.1", "(DISABLED=1)", "CX_POPUP=NO", "portname=dup", "FLAG"]);
        let m = merge_tooltypes(&icon, &v(&["PortName=TEST", "MODE=fast", "flag=yes"])).unwrap();
        assert_eq!(m, v(&["PortName=TEST", "(DISABLED=1)", "CX_POPUP=NO", "flag=yes", "MODE=fast"]));
        // Bare keys work, order of overrides counts.
        assert_eq!(merge_tooltypes(&[], &v(&["A=1", "A=2", "DONOTWAIT"])).unwrap(), v(&["A=2", "DONOTWAIT"]));
        assert_eq!(merge_tooltypes(&icon, &[]).unwrap(), icon);
        assert_eq!(merge_tooltypes(&[], &v(&["=x"])), Err(ToolTypeError::Bad(b"=x".to_vec())));
        assert_eq!(merge_tooltypes(&[], &v(&[""])), Err(ToolTypeError::Bad(b"".to_vec())));
        let many: alloc::vec::Vec<_> = (0..=MAX_TOOLTYPES).map(|i| alloc::format!("K{i}=1").into_bytes()).collect();
        assert_eq!(merge_tooltypes(&[], &many), Err(ToolTypeError::TooMany));
        assert_eq!(tooltype_key(b"A=B=C"), b"A");
    }

    #[test]
    fn stack_follows_workbench_rules() {
        assert_eq!(launch_stack(None, None), DEFAULT_STACK);
        assert_eq!(launch_stack(None, Some(0)), DEFAULT_STACK);
        assert_eq!(launch_stack(None, Some(1000)), MIN_STACK);
        assert_eq!(launch_stack(None, Some(20000)), 20000);
        assert_eq!(launch_stack(Some(30001), Some(20000)), 30004);
    }

    /// A WBTOOL icon: one 16×2×1 image, an optional default tool, the
    /// tooltypes, then `tail` (standing for a GlowIcon FORM).
    fn icon(tool: Option<&[u8]>, tts: &[&[u8]], tail: &[u8]) -> alloc::vec::Vec<u8> {
        let mut b = alloc::vec![0u8; 78];
        b[0..4].copy_from_slice(&[0xE3, 0x10, 0, 1]);
        b[22..26].copy_from_slice(&1u32.to_be_bytes()); // GadgetRender
        b[48] = 3;
        if tool.is_some() {
            b[50..54].copy_from_slice(&1u32.to_be_bytes());
        }
        if !tts.is_empty() {
            b[54..58].copy_from_slice(&1u32.to_be_bytes());
        }
        b[74..78].copy_from_slice(&4096u32.to_be_bytes());
        // struct Image: 16×2, depth 1, ImageData set; 4 bytes of plane.
        b.extend_from_slice(&[0, 0, 0, 0, 0, 16, 0, 2, 0, 1, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0]);
        b.extend_from_slice(&[0xAA, 0x55, 0xAA, 0x55]);
        let s = |b: &mut alloc::vec::Vec<u8>, t: &[u8]| {
            b.extend_from_slice(&(t.len() as u32 + 1).to_be_bytes());
            b.extend_from_slice(t);
            b.push(0);
        };
        if let Some(t) = tool {
            s(&mut b, t);
        }
        if !tts.is_empty() {
            b.extend_from_slice(&((tts.len() as u32 + 1) * 4).to_be_bytes());
            for t in tts {
                s(&mut b, t);
            }
        }
        b.extend_from_slice(tail);
        b
    }

    #[test]
    fn tooltype_block_is_replaced_and_everything_else_kept() {
        let tail = b"FORM\0\0\0\x04ICON";
        let old = icon(Some(b"SYS:Tool"), &[b"MODE=icon", b"KEEP=1"], tail);
        let new = replace_tooltypes(&old, &v(&["MODE=x", "KEEP=1", "NEW=2"])).unwrap();
        assert_eq!(new, icon(Some(b"SYS:Tool"), &[b"MODE=x", b"KEEP=1", b"NEW=2"], tail));
        // No tooltypes before: the block is inserted and do_ToolTypes set.
        let bare = icon(None, &[], tail);
        assert_eq!(replace_tooltypes(&bare, &v(&["A=1"])).unwrap(), icon(None, &[b"A=1"], tail));
        // And removed again.
        assert_eq!(replace_tooltypes(&icon(None, &[b"A=1"], b""), &[]).unwrap(), icon(None, &[], b""));
    }

    #[test]
    fn tooltype_replacement_refuses_what_it_cannot_walk() {
        assert_eq!(replace_tooltypes(b"\x89PNG\r\n\x1a\n", &v(&["A=1"])), None);
        let old = icon(None, &[b"MODE=icon"], b"");
        assert_eq!(replace_tooltypes(&old[..old.len() - 3], &v(&["A=1"])), None);
        assert_eq!(replace_tooltypes(&old[..60], &v(&["A=1"])), None);
    }
}
