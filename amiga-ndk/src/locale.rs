//! locale.library (libraries/locale.h).

use crate::utility::TAG_USER;

/// `OC_TagBase` = TAG_USER + 0x90000 (libraries/locale.h).
pub const OC_TagBase: u32 = TAG_USER + 0x90000;
/// `OC_BuiltInLanguage`: the language of the program's built-in strings (libraries/locale.h).
pub const OC_BuiltInLanguage: u32 = OC_TagBase + 1;
/// `OC_Version`: the catalog version required (libraries/locale.h).
pub const OC_Version: u32 = OC_TagBase + 3;
/// `OC_Language`: a language instead of the user's preference (libraries/locale.h).
pub const OC_Language: u32 = OC_TagBase + 4;
