//! icon.library: an owner of a `struct DiskObject` read from disk.

use crate::decode::nul_terminated;
use crate::library::Library;
use crate::sys;

/// A `DiskObject` from `GetDiskObject()` (icon.library autodoc), freed
/// with `FreeDiskObject()` when dropped. Its fields are read through
/// [`DiskObject::addr`] and [`crate::mem`] (NDK workbench/workbench.h).
pub struct DiskObject<'l> {
    icon: &'l Library,
    addr: u32,
}

impl<'l> DiskObject<'l> {
    /// `GetDiskObject(name)`: the icon `<name>.info` (`name` without
    /// `.info`, Latin-1 bytes). `None` when it cannot be read; dos
    /// `IoErr()` then says why (icon.library autodoc).
    pub fn get(icon: &'l Library, name: &[u8]) -> Option<Self> {
        let z = nul_terminated(name);
        // SAFETY: z is NUL-terminated and lives across the call; the
        // result is an OS address or 0.
        let addr = unsafe { sys::icon_GetDiskObject(icon.base(), z.as_ptr()) };
        (addr != 0).then_some(DiskObject { icon, addr })
    }

    /// The OS address of the `struct DiskObject` (valid while `self` lives).
    pub fn addr(&self) -> u32 {
        self.addr
    }
}

impl Drop for DiskObject<'_> {
    fn drop(&mut self) {
        // SAFETY: addr came from GetDiskObject and is freed once, here.
        unsafe { sys::icon_FreeDiskObject(self.icon.base(), self.addr) }
    }
}
