//! asl.library (libraries/asl.h): the file requester.

use crate::utility::TAG_USER;

/// `ASL_FileRequest` (`AllocAslRequest()` type) (libraries/asl.h).
pub const ASL_FileRequest: u32 = 0;
/// `ASL_TB` = TAG_USER + 0x80000 (libraries/asl.h).
pub const ASL_TB: u32 = TAG_USER + 0x80000;
/// `ASLFR_TitleText` (libraries/asl.h).
pub const ASLFR_TitleText: u32 = ASL_TB + 1;
/// `ASLFR_Window`: the parent window (libraries/asl.h).
pub const ASLFR_Window: u32 = ASL_TB + 2;
/// `ASLFR_InitialFile` (libraries/asl.h).
pub const ASLFR_InitialFile: u32 = ASL_TB + 8;
/// `ASLFR_InitialDrawer` (libraries/asl.h).
pub const ASLFR_InitialDrawer: u32 = ASL_TB + 9;
/// `ASLFR_DoSaveMode` (libraries/asl.h).
pub const ASLFR_DoSaveMode: u32 = ASL_TB + 44;
/// `ASLFR_SleepWindow`: the parent gets a busy pointer meanwhile (libraries/asl.h).
pub const ASLFR_SleepWindow: u32 = ASL_TB + 43;
/// `fr_File` (STRPTR) of a `struct FileRequester` (libraries/asl.i).
pub const fr_File: usize = 4;
/// `fr_Drawer` (STRPTR) of a `struct FileRequester` (libraries/asl.i).
pub const fr_Drawer: usize = 8;
