//! locale.library catalogs (libraries/locale.h, locale.library autodoc
//! `OpenCatalogA`, `GetCatalogStr`, `CloseCatalog`; docs/reference/formats.md,
//! "Locale catalogs").
//!
//! [`Catalog::open`] is `None` when locale.library (V38) or the catalog
//! is missing, or when the user's language is the built-in one: callers
//! then use their built-in strings. The tag list is built by a pure,
//! host-tested function ([`open_tags`]).
#[cfg(target_arch = "wasm32")]
use crate::library::Library;
use crate::tags::Tags;
#[cfg(target_arch = "wasm32")]
use crate::{mem, sys};
#[cfg(target_arch = "wasm32")]
use alloc::vec::Vec;
use amiga_ndk::locale::*;

/// The longest catalog string copied out, bytes.
pub const STRING_MAX: usize = 1024;

/// The `OpenCatalogA()` tags: built-in language (absolute address of its
/// NUL-terminated name), the required version when non-zero, and a
/// language to use instead of the Locale preferences' when given.
pub fn open_tags(builtin_language: u32, version: u32, language: Option<u32>) -> Tags {
    let mut t = Tags::new().tag(OC_BuiltInLanguage, builtin_language).tag_if(version != 0, OC_Version, version);
    if let Some(l) = language {
        t.push(OC_Language, l);
    }
    t
}

/// An open catalog (and locale.library with it); closed on drop.
#[cfg(target_arch = "wasm32")]
pub struct Catalog {
    lib: Library,
    catalog: u32,
}

#[cfg(target_arch = "wasm32")]
fn nul(b: &[u8]) -> Vec<u8> {
    let mut v: Vec<u8> = b.iter().copied().take_while(|&c| c != 0).collect();
    v.push(0);
    v
}

#[cfg(target_arch = "wasm32")]
impl Catalog {
    /// `OpenCatalogA(NULL, name, OC_BuiltInLanguage builtin_language,
    /// OC_Version version [, OC_Language language])` through
    /// locale.library V38. `None` without locale.library, without a
    /// catalog in the preferred languages, or when the preferred language
    /// is the built-in one.
    pub fn open(name: &[u8], builtin_language: &[u8], version: u32, language: Option<&[u8]>) -> Option<Catalog> {
        let lib = Library::open("locale.library", 38).ok()?;
        let (name, builtin) = (nul(name), nul(builtin_language));
        let lang = language.map(nul);
        let tags = open_tags(mem::abs(builtin.as_ptr()), version, lang.as_ref().map(|l| mem::abs(l.as_ptr()))).done();
        // SAFETY: the name, the tag list and the strings it points at live
        // in linear memory across the call; NULL locale = the user's.
        let catalog = unsafe { sys::locale_OpenCatalogA(lib.base(), 0, name.as_ptr(), tags.as_ptr() as *const u8) };
        (catalog != 0).then_some(Catalog { lib, catalog })
    }

    /// `GetCatalogStr(catalog, id, default)`: the address of the
    /// catalog's string `id`, or `default_addr` when the catalog lacks it.
    pub fn get(&self, id: u32, default_addr: u32) -> u32 {
        // SAFETY: the catalog is open; the default address is the caller's.
        unsafe { sys::locale_GetCatalogStr(self.lib.base(), self.catalog, id as i32, default_addr) }
    }

    /// The catalog's string `id` copied out (without its NUL), `None`
    /// when the catalog does not have it.
    pub fn string(&self, id: u32) -> Option<Vec<u8>> {
        let a = self.get(id, 0);
        if a == 0 {
            return None;
        }
        mem::c_string(a, STRING_MAX)
    }
}

#[cfg(target_arch = "wasm32")]
impl Drop for Catalog {
    fn drop(&mut self) {
        // SAFETY: opened by OpenCatalogA, closed once, before the library.
        unsafe { sys::locale_CloseCatalog(self.lib.base(), self.catalog) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tag_values_are_locale_h() {
        assert_eq!(OC_BuiltInLanguage, 0x8009_0001);
        assert_eq!(OC_Version, 0x8009_0003);
        assert_eq!(OC_Language, 0x8009_0004);
    }

    #[test]
    fn tags_in_order() {
        assert_eq!(open_tags(0x100, 1, None).items(), &[(OC_BuiltInLanguage, 0x100), (OC_Version, 1)]);
        assert_eq!(open_tags(0x100, 0, Some(0x200)).items(), &[(OC_BuiltInLanguage, 0x100), (OC_Language, 0x200)]);
    }
}
