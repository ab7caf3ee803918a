//! graphics.library: the few drawing calls the program makes itself.
use crate::intuition::Window;
use crate::library::{Library, LibraryError};
use crate::sys;

/// graphics.library, open while this lives.
pub struct Graphics(Library);

impl Graphics {
    /// `OpenLibrary("graphics.library", version)`.
    pub fn open(version: u32) -> Result<Graphics, LibraryError> {
        Library::open("graphics.library", version).map(Graphics)
    }

    /// `SetRast(window->RPort, pen)`: fills the whole window, borders
    /// included, with `pen` (graphics autodoc).
    pub fn set_rast(&self, window: &Window<'_>, pen: u32) {
        // SAFETY: the RastPort belongs to an open window borrowed for the call.
        unsafe { sys::graphics_SetRast(self.0.base(), window.rast_port(), pen) };
    }
}
