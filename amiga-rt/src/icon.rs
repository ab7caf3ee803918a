//! icon.library: `struct DiskObject`s read from `.info` files, owned
//! (freed with `FreeDiskObject()` on drop).
use crate::be::Be32;
use crate::decode::nul_terminated;
use crate::library::{Library, LibraryError};
use crate::{mem, sys};
use alloc::vec::Vec;
use amiga_ndk::workbench::{do_StackSize, do_ToolTypes, MAX_TOOLTYPES};

/// The longest tooltype read, bytes.
pub const TOOLTYPE_MAX: usize = 4096;

/// icon.library, V36 or newer (`GetDiskObjectNew` needs V36).
pub struct Icon {
    lib: Library,
}

impl Icon {
    /// Opens icon.library V36+.
    pub fn open() -> Result<Icon, LibraryError> {
        Ok(Icon { lib: Library::open("icon.library", 36)? })
    }

    /// `GetDiskObject(name)`: the icon `<name>.info`; `None` when there is
    /// none (`IoErr()` says why).
    pub fn get(&self, name: &[u8]) -> Option<DiskObject<'_>> {
        let z = nul_terminated(name);
        // SAFETY: z is a NUL-terminated name in linear memory for the call.
        let addr = unsafe { sys::icon_GetDiskObject(self.lib.base(), z.as_ptr()) };
        (addr != 0).then_some(DiskObject { icon: self, addr })
    }

    /// `GetDiskObjectNew(name)`: the icon, else icon.library's default for
    /// the object's kind.
    pub fn get_new(&self, name: &[u8]) -> Option<DiskObject<'_>> {
        let z = nul_terminated(name);
        // SAFETY: as in `get`.
        let addr = unsafe { sys::icon_GetDiskObjectNew(self.lib.base(), z.as_ptr()) };
        (addr != 0).then_some(DiskObject { icon: self, addr })
    }

    /// `GetDefDiskObject(type)`: the default icon of a `do_Type` (`WBTOOL`…).
    pub fn default_of(&self, do_type: u8) -> Option<DiskObject<'_>> {
        // SAFETY: plain call.
        let addr = unsafe { sys::icon_GetDefDiskObject(self.lib.base(), i32::from(do_type)) };
        (addr != 0).then_some(DiskObject { icon: self, addr })
    }
}

/// A `struct DiskObject` icon.library handed out; freed on drop.
pub struct DiskObject<'i> {
    icon: &'i Icon,
    addr: u32,
}

impl DiskObject<'_> {
    /// Its address (for `AddAppIconA()` and the like; valid while `self` lives).
    pub fn addr(&self) -> u32 {
        self.addr
    }

    /// `do_ToolTypes`: the entries in order (at most [`MAX_TOOLTYPES`], each
    /// at most [`TOOLTYPE_MAX`] bytes).
    pub fn tooltypes(&self) -> Vec<Vec<u8>> {
        let mut out = Vec::new();
        let arr = mem::peek32(self.addr + do_ToolTypes as u32);
        if arr == 0 {
            return out;
        }
        for i in 0..MAX_TOOLTYPES as u32 {
            let p = mem::peek32(arr + 4 * i);
            if p == 0 {
                break;
            }
            out.push(mem::c_string(p, TOOLTYPE_MAX).unwrap_or_default());
        }
        out
    }

    /// `do_StackSize`, bytes.
    pub fn stack(&self) -> u32 {
        mem::peek32(self.addr + do_StackSize as u32)
    }

    /// `PutDiskObject(name)` with `do_ToolTypes` pointing at `tooltypes`
    /// for the call (put back afterwards); false when icon.library refused.
    pub fn put_with(&self, name: &[u8], tooltypes: &[Vec<u8>]) -> bool {
        let strings: Vec<Vec<u8>> = tooltypes.iter().map(|t| nul_terminated(t)).collect();
        let mut ptrs: Vec<Be32> = strings.iter().map(|s| Be32::new(mem::abs(s.as_ptr()))).collect();
        ptrs.push(Be32::new(0));
        let at = self.addr + do_ToolTypes as u32;
        let old = mem::peek32(at);
        let z = nul_terminated(name);
        // SAFETY: the DiskObject is ours until FreeDiskObject; ptrs and
        // strings stay alive during PutDiskObject, and the old pointer is
        // put back before they drop.
        unsafe {
            mem::poke32(at, mem::abs(ptrs.as_ptr()));
            let ok = sys::icon_PutDiskObject(self.icon.lib.base(), z.as_ptr(), self.addr) != 0;
            mem::poke32(at, old);
            ok
        }
    }
}

impl DiskObject<'_> {
    /// Gives up ownership: the address, to be freed later with [`free_raw`]
    /// on the same [`Icon`] (for owners that keep the library themselves).
    pub(crate) fn into_raw(self) -> u32 {
        let addr = self.addr;
        core::mem::forget(self);
        addr
    }
}

/// `FreeDiskObject()` of an address from [`DiskObject::into_raw`] of `icon`.
/// Each address must be freed once; a 0 is ignored.
pub(crate) fn free_raw(icon: &Icon, addr: u32) {
    if addr != 0 {
        // SAFETY: addr came from icon.library through into_raw (the
        // caller frees it once).
        unsafe { sys::icon_FreeDiskObject(icon.lib.base(), addr) }
    }
}

impl Drop for DiskObject<'_> {
    fn drop(&mut self) {
        // SAFETY: from GetDiskObject*/GetDefDiskObject, freed once.
        unsafe { sys::icon_FreeDiskObject(self.icon.lib.base(), self.addr) }
    }
}
