//! asl.library's file requester (libraries/asl.h, asl.library autodoc
//! `AllocAslRequest`, `AslRequest`): one blocking request at a time.
#[cfg(target_arch = "wasm32")]
use crate::library::Library;
#[cfg(target_arch = "wasm32")]
use crate::tags::Tags;
#[cfg(target_arch = "wasm32")]
use amiga_ndk::asl::*;

#[cfg(target_arch = "wasm32")]
use crate::{mem, sys};
use alloc::vec::Vec;

/// Joins an AmigaDOS drawer and file name (`AddPart` rules: no `/` after
/// a `:` or `/`, none for an empty drawer).
pub fn join(drawer: &[u8], file: &[u8]) -> Vec<u8> {
    let mut p = drawer.to_vec();
    if !p.is_empty() && !matches!(p.last(), Some(b':') | Some(b'/')) {
        p.push(b'/');
    }
    p.extend_from_slice(file);
    p
}

/// Shows a file requester (save mode when `save`) over `window` (0 = the
/// default public screen) starting in `drawer` with `file`; the chosen
/// path, `None` when cancelled or when asl.library is missing.
#[cfg(target_arch = "wasm32")]
pub fn file_request(window: u32, title: &[u8], save: bool, drawer: &[u8], file: &[u8]) -> Option<Vec<u8>> {
    let lib = Library::open("asl.library", 37).ok()?;
    let z = |b: &[u8]| {
        let mut v = b.to_vec();
        v.push(0);
        v
    };
    let (t, d, f) = (z(title), z(drawer), z(file));
    let tags = Tags::new()
        .tag(ASLFR_TitleText, mem::abs(t.as_ptr()))
        .tag_if(window != 0, ASLFR_Window, window)
        .tag(ASLFR_InitialDrawer, mem::abs(d.as_ptr()))
        .tag(ASLFR_InitialFile, mem::abs(f.as_ptr()))
        .tag(ASLFR_DoSaveMode, u32::from(save))
        .done();
    // SAFETY: the tag list and its strings live until the calls return.
    let req = unsafe { sys::asl_AllocAslRequest(lib.base(), ASL_FileRequest, tags.as_ptr() as *const u8) };
    if req == 0 {
        return None;
    }
    // SAFETY: req from AllocAslRequest; NULL tags.
    let ok = unsafe { sys::asl_AslRequest(lib.base(), req, core::ptr::null()) } != 0;
    let out = ok.then(|| {
        let drawer = mem::c_string(mem::peek32(req + fr_Drawer as u32), 255).unwrap_or_default();
        let file = mem::c_string(mem::peek32(req + fr_File as u32), 255).unwrap_or_default();
        join(&drawer, &file)
    });
    // SAFETY: freed once.
    unsafe { sys::asl_FreeAslRequest(lib.base(), req) };
    out.filter(|p| !p.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn joins_like_addpart() {
        assert_eq!(join(b"DH0:", b"a"), b"DH0:a");
        assert_eq!(join(b"DH0:x", b"a"), b"DH0:x/a");
        assert_eq!(join(b"DH0:x/", b"a"), b"DH0:x/a");
        assert_eq!(join(b"", b"a"), b"a");
        assert_eq!(amiga_ndk::asl::ASLFR_DoSaveMode, 0x8008_002C);
    }
}
