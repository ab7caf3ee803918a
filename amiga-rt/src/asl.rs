//! asl.library's file requester (libraries/asl.h, asl.library autodoc
//! `AllocAslRequest`, `AslRequest`): one blocking request at a time.
use crate::library::Library;
use crate::tags::Tags;
use amiga_ndk::asl::*;

use crate::{mem, sys};
use alloc::vec::Vec;

/// Shows a file requester (save mode when `save`) over `window` (0 = the
/// default public screen) starting in `drawer` with `file`; the chosen
/// path, `None` when cancelled or when asl.library is missing.
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
        amiga_ndk::path::join_path(&drawer, &file)
    });
    // SAFETY: freed once.
    unsafe { sys::asl_FreeAslRequest(lib.base(), req) };
    out.filter(|p| !p.is_empty())
}
