//! Libraries opened by name and version, closed on drop.

/// An open library. Dropping it calls exec `CloseLibrary()`.
pub struct Library {
    base: u32,
}

/// A library that could not be opened: the message names it and its
/// version, e.g. `needs intuition.library version 39`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LibraryError {
    pub name: &'static str,
    pub version: u32,
}

impl core::fmt::Display for LibraryError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "needs {} version {}", self.name, self.version)
    }
}

impl Library {
    /// exec `OpenLibrary(name, version)`; tracked by the runtime so that a
    /// trap still closes it.
    pub fn open(name: &'static str, version: u32) -> Result<Library, LibraryError> {
        let z = crate::decode::nul_terminated(name.as_bytes());
        // SAFETY: z is a NUL-terminated string in linear memory.
        let base = unsafe { crate::rt::rt_open_library(z.as_ptr(), version) };
        if base == 0 {
            Err(LibraryError { name, version })
        } else {
            Ok(Library { base })
        }
    }

    /// The library base, the first argument of every `sys` call.
    pub fn base(&self) -> u32 {
        self.base
    }

    /// `<CLASS>_GetClass()` (LVO -30) of an open ReAction class library
    /// (window.class, gadgets/*.gadget, images/*.image): the class
    /// pointer for `NewObject(class, NULL, tags)`, always valid once the
    /// library is open (window_cl/WINDOW_GetClass, autodocs 3.5). Only for
    /// class libraries: other libraries have another function there.
    pub fn get_class(&self) -> u32 {
        // SAFETY: the library is open and is a ReAction class library
        // (caller), whose first function takes no arguments.
        unsafe { crate::sys::class_GetClass(self.base()) }
    }

    /// `lib_Version` of the library's `struct Library` (exec/libraries.h).
    pub fn version(&self) -> u16 {
        // SAFETY: base points to an open library's struct Library.
        unsafe { crate::rt::rt_peek16(self.base + amiga_ndk::exec::lib_Version as u32) as u16 }
    }
}

impl Drop for Library {
    fn drop(&mut self) {
        // SAFETY: base came from OpenLibrary and is released once.
        unsafe { crate::rt::rt_release(crate::rt::RES_LIBRARY, self.base) }
    }
}
