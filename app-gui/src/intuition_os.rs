//! The walker's OS boundary on the Amiga: gadgetscope-core's
//! `IntuitionMemory`/`IntuitionOs` over amiga-rt's safe calls.
use amiga_rt::library::{Library, LibraryError};
use amiga_rt::{exec, introspect, mem};
use gadgetscope_core::walk::{IntuitionMemory, IntuitionOs};

/// intuition.library V39 (OS 3.0) and, when present and V39+, gadtools
/// (GT_GetGadgetAttrsA is a V39 call: older gadtools means BOOL gadgets
/// print as buttons and STR gadgets as strings).
pub struct AmigaIntuition {
    intuition: Library,
    gadtools: Option<Library>,
}

/// Bytes copied by [`IntuitionMemory::read`]: plain memory copies.
struct Copier;

/// `IntuitionMemory` over amiga-rt's native copies, for both the walker's
/// OS object and the view it gets under the lock (one set of methods).
macro_rules! native_memory {
    ($t:ty) => {
        impl IntuitionMemory for $t {
            fn read(&mut self, addr: u32, buf: &mut [u8]) -> bool {
                mem::copy_into(addr, buf)
            }

            fn cstr_len(&mut self, addr: u32, max: usize) -> Option<usize> {
                mem::cstr_len(addr, max)
            }

            fn append_cstr(&mut self, addr: u32, out: &mut alloc::vec::Vec<u8>, room: usize) -> Option<bool> {
                mem::append_cstr(addr, out, room, gadgetscope_core::walk::MAX_STRING)
            }

            fn read_chain(
                &mut self,
                first: u32,
                next_off: usize,
                size: usize,
                max: usize,
                out: &mut alloc::vec::Vec<u8>,
            ) -> (usize, u32) {
                mem::read_chain(first, next_off, size, max, out)
            }
        }
    };
}

native_memory!(Copier);
native_memory!(AmigaIntuition);

impl AmigaIntuition {
    /// Opens the libraries a walk needs.
    pub fn open() -> Result<AmigaIntuition, LibraryError> {
        let intuition = Library::open("intuition.library", 39)?;
        let gadtools = Library::open("gadtools.library", 39).ok();
        Ok(AmigaIntuition { intuition, gadtools })
    }
}

impl IntuitionOs for AmigaIntuition {
    fn intuition_base(&mut self) -> u32 {
        self.intuition.base()
    }

    fn locked(&mut self, f: &mut dyn FnMut(&mut dyn IntuitionMemory)) {
        introspect::with_ibase_locked(&self.intuition, || f(&mut Copier))
    }

    /// RAM only: AROS's `TypeOfMem()` also answers `MEMF_KICK` (1 << 10)
    /// for ROM addresses (measured with the BoopsiFixture), and a class
    /// made by `MakeClass()` is always in chip or fast RAM.
    fn is_real_memory(&mut self, addr: u32) -> bool {
        exec::type_of_mem(addr) & (amiga_ndk::exec::MEMF_CHIP | amiga_ndk::exec::MEMF_FAST) != 0
    }

    fn get_attr(&mut self, object: u32, attr: u32) -> Option<u32> {
        introspect::get_attr(&self.intuition, object, attr)
    }

    fn get_attrs(&mut self, object: u32, attrs: &[u32], out: &mut [Option<u32>]) {
        introspect::get_attrs(&self.intuition, object, attrs, out)
    }

    fn gt_get_attr(&mut self, gadget: u32, window: u32, tag: u32) -> Option<u32> {
        introspect::gt_get_attr(self.gadtools.as_ref()?, gadget, window, tag)
    }
}
