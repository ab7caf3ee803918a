//! ARexx: rexx/storage.h (RexxMsg, RexxArg), rexx/rxslib.h, rexx/errors.h.

/// `RXSNAME`: the ARexx system library (rexx/rxslib.h).
pub const RXSNAME: &str = "rexxsyslib.library";

/// `RXCOMM`: a command message (rexx/storage.h, top byte of `rm_Action`).
pub const RXCOMM: u32 = 0x0100_0000;
/// `RXFUNC`: a function call (rexx/storage.h).
pub const RXFUNC: u32 = 0x0200_0000;
/// `RXCLOSE` (rexx/storage.h).
pub const RXCLOSE: u32 = 0x0300_0000;
/// `RXQUERY` (rexx/storage.h).
pub const RXQUERY: u32 = 0x0400_0000;
/// `RXCODEMASK`: the action code of `rm_Action` (rexx/storage.h).
pub const RXCODEMASK: u32 = 0xFF00_0000;
/// `RXARGMASK`: the argument count of `rm_Action` (rexx/storage.h).
pub const RXARGMASK: u32 = 0x0000_000F;
/// `RXFF_NOIO`: suppress I/O inheritance (rexx/storage.h).
pub const RXFF_NOIO: u32 = 1 << 16;
/// `RXFF_RESULT`: the sender wants a result string (rexx/storage.h, `RXFB_RESULT` 17).
pub const RXFF_RESULT: u32 = 1 << 17;
/// `RXFF_STRING`: ARG0 is a string, not a file (rexx/storage.h).
pub const RXFF_STRING: u32 = 1 << 18;
/// `RXFF_TOKEN` (rexx/storage.h).
pub const RXFF_TOKEN: u32 = 1 << 19;
/// `RXFF_NONRET`: the message is not to be replied (rexx/storage.h).
pub const RXFF_NONRET: u32 = 1 << 20;
/// `MAXRMARG`: the highest argument slot, ARG0..ARG15 (rexx/storage.h).
pub const MAXRMARG: usize = 15;

// struct RexxMsg (128 bytes; a struct Message first)
/// `rm_TaskBlock` (rexx/storage.i).
pub const rm_TaskBlock: usize = 20;
/// `rm_LibBase` (rexx/storage.i).
pub const rm_LibBase: usize = 24;
/// `rm_Action` (LONG): code, modifiers, argument count (rexx/storage.i).
pub const rm_Action: usize = 28;
/// `rm_Result1` (LONG): the return code (rexx/storage.i).
pub const rm_Result1: usize = 32;
/// `rm_Result2` (LONG): the result argstring with RC 0 and `RXFF_RESULT` (rexx/storage.i).
pub const rm_Result2: usize = 36;
/// `rm_Args`: ARG0..ARG15, slot `i` at `rm_Args + 4 * i` (rexx/storage.i).
pub const rm_Args: usize = 40;
/// `rm_PassPort` (rexx/storage.i).
pub const rm_PassPort: usize = 104;
/// `rm_CommAddr` (rexx/storage.i).
pub const rm_CommAddr: usize = 108;
/// `rm_FileExt` (rexx/storage.i).
pub const rm_FileExt: usize = 112;
/// `rm_Stdin` (rexx/storage.i).
pub const rm_Stdin: usize = 116;
/// `rm_Stdout` (rexx/storage.i).
pub const rm_Stdout: usize = 120;
/// `rm_avail` (rexx/storage.i).
pub const rm_avail: usize = 124;
/// Size of `struct RexxMsg` (rexx/storage.i).
pub const rm_SIZEOF: usize = 128;

// struct RexxArg: the header before an argstring's bytes
/// `ra_Size` (LONG): total allocated length (rexx/storage.i).
pub const ra_Size: usize = 0;
/// `ra_Length` (UWORD): the string's length, so at most 65535 bytes (rexx/storage.i).
pub const ra_Length: usize = 4;
/// `ra_Flags` (UBYTE) (rexx/storage.i).
pub const ra_Flags: usize = 6;
/// `ra_Hash` (UBYTE) (rexx/storage.i).
pub const ra_Hash: usize = 7;
/// `ra_Buff`: where an argstring pointer points (rexx/storage.i).
pub const ra_Buff: usize = 8;
/// `NSF_STRING` in `ra_Flags`: the string form is valid (rexx/storage.h).
pub const NSF_STRING: u8 = 1 << 1;
/// `NSF_EXT` in `ra_Flags`: an external string, not one of ARexx's own (rexx/storage.h).
pub const NSF_EXT: u8 = 1 << 6;
/// The longest argstring, bytes (`ra_Length` is a UWORD; CreateArgstring autodoc).
pub const MAX_ARGSTRING: usize = 65535;

/// `RC_OK` (rexx/errors.h).
pub const RC_OK: i32 = 0;
/// `RC_WARN` (rexx/errors.h).
pub const RC_WARN: i32 = 5;
/// `RC_ERROR` (rexx/errors.h).
pub const RC_ERROR: i32 = 10;
/// `RC_FATAL` (rexx/errors.h).
pub const RC_FATAL: i32 = 20;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rexxmsg_layout_is_consistent() {
        // struct Message is 20 bytes; then 5 LONG/APTR fields, 16 argument slots.
        assert_eq!(rm_TaskBlock, crate::exec::MN_SIZE);
        assert_eq!(rm_Args + 4 * (MAXRMARG + 1), rm_PassPort);
        assert_eq!(rm_avail + 4, rm_SIZEOF);
        assert_eq!(ra_Length + 2, ra_Flags);
        assert_eq!(MAX_ARGSTRING, u16::MAX as usize);
    }
}
