//! dos.library: return codes, file modes, errors, tags, process fields.

/// Shell return code: success (dos/dos.h `RETURN_OK`).
pub const RETURN_OK: i32 = 0;
/// Shell return code: a warning, e.g. nothing found (dos/dos.h `RETURN_WARN`).
pub const RETURN_WARN: i32 = 5;
/// Shell return code: an error, e.g. bad arguments (dos/dos.h `RETURN_ERROR`).
pub const RETURN_ERROR: i32 = 10;
/// Shell return code: a failure (dos/dos.h `RETURN_FAIL`).
pub const RETURN_FAIL: i32 = 20;

/// `Open()` mode: an existing file, read/write (dos/dos.h `MODE_OLDFILE`).
pub const MODE_OLDFILE: i32 = 1005;
/// `Open()` mode: an existing file or a new one, shared (dos/dos.h
/// `MODE_READWRITE`).
pub const MODE_READWRITE: i32 = 1004;
/// `Seek()` mode: from the start of the file (dos/dos.h
/// `OFFSET_BEGINNING`).
pub const OFFSET_BEGINNING: i32 = -1;
/// `Seek()` mode: relative to the end of the file (dos/dos.h
/// `OFFSET_END`).
pub const OFFSET_END: i32 = 1;
/// `Open()` mode: a new file, replacing one (dos/dos.h `MODE_NEWFILE`).
pub const MODE_NEWFILE: i32 = 1006;
/// `GetVar()` flag: local (Shell) variables only, never `ENV:`
/// (dos/var.h `GVF_LOCAL_ONLY`).
pub const GVF_LOCAL_ONLY: u32 = 0x200;
/// `Lock()` mode: shared read access (dos/dos.h `SHARED_LOCK`, `ACCESS_READ`).
pub const SHARED_LOCK: i32 = -2;

/// `SameLock()`: both locks are on the same object (dos/dos.h `LOCK_SAME`).
pub const LOCK_SAME: i32 = 0;
/// `ExNext()` ran out of entries (dos/dos.h `ERROR_NO_MORE_ENTRIES`).
pub const ERROR_NO_MORE_ENTRIES: i32 = 232;

// ---- dos/doshunks.h: the block types of a hunk (load) file; every
// number in the file is a big-endian longword, sizes in longwords
/// Hunk block type of executable code (dos/doshunks.h `HUNK_CODE`).
pub const HUNK_CODE: u32 = 0x3E9;
/// Hunk block type of initialised data (dos/doshunks.h `HUNK_DATA`).
pub const HUNK_DATA: u32 = 0x3EA;
/// Hunk block type of zero-filled memory (dos/doshunks.h `HUNK_BSS`).
pub const HUNK_BSS: u32 = 0x3EB;
/// 32-bit absolute relocations: groups of (count, hunk number, offsets),
/// ended by a count of 0 (dos/doshunks.h `HUNK_RELOC32`, alias
/// `HUNK_ABSRELOC32`).
pub const HUNK_RELOC32: u32 = 0x3EC;
/// Symbol table of a hunk (dos/doshunks.h `HUNK_SYMBOL`).
pub const HUNK_SYMBOL: u32 = 0x3F0;
/// End of one hunk (dos/doshunks.h `HUNK_END`).
pub const HUNK_END: u32 = 0x3F2;
/// Start of a loadable file: resident library names (none: 0), the
/// hunk count, the first and last hunk to load, each hunk's size
/// (dos/doshunks.h `HUNK_HEADER`).
pub const HUNK_HEADER: u32 = 0x3F3;

/// `struct FileInfoBlock` (dos/dos.h), filled by `Examine()`/`ExNext()`:
/// its size, bytes (it must be longword aligned).
pub const FIB_SIZEOF: usize = 260;
/// `fib_DirEntryType` (LONG): > 0 a directory, < 0 a file.
pub const fib_DirEntryType: usize = 4;
/// `fib_FileName` (108 bytes, NUL-terminated since V36).
pub const fib_FileName: usize = 8;
/// `fib_Protection` (LONG): `FIBF_READ` 8, `FIBF_WRITE` 4, `FIBF_EXECUTE`
/// 2, `FIBF_DELETE` 1 set mean NOT allowed.
pub const fib_Protection: usize = 116;
/// `fib_Size` (LONG), bytes.
pub const fib_Size: usize = 124;
/// `fib_Date` (`struct DateStamp`: ds_Days, ds_Minute, ds_Tick, LONGs).
pub const fib_Date: usize = 132;
/// `fib_Comment` (80 bytes, NUL-terminated since V36).
pub const fib_Comment: usize = 144;

// dos/dos.h struct DateStamp (12 bytes)
/// `ds_Days` (LONG): days since 1 January 1978 (dos/dos.i).
pub const ds_Days: usize = 0;
/// `ds_Minute` (LONG): minutes past midnight (dos/dos.i).
pub const ds_Minute: usize = 4;
/// `ds_Tick` (LONG): ticks (1/50 s) past the minute (dos/dos.i).
pub const ds_Tick: usize = 8;
/// Size of `struct DateStamp` (dos/dos.i `ds_SIZEOF`).
pub const ds_SIZEOF: usize = 12;

// A loaded segment (a seglist's node; `LoadSeg()` autodoc, no NDK struct;
// AROS rom/dos/internalloadseg_aos.c keeps the same form). A seglist BPTR
// points at a segment's first longword.
/// The segment's first longword: the next segment's BPTR, 0 after the
/// last (`LoadSeg()` autodoc).
pub const SEG_NEXT: usize = 0;
/// Where the hunk's contents start in a segment, after the next-segment
/// BPTR (`LoadSeg()` autodoc).
pub const SEG_DATA: usize = 4;
/// The segment's memory starts this many bytes before the segment: a
/// ULONG with the whole allocation's size in bytes, this longword and
/// the next-segment BPTR included (`LoadSeg()` autodoc).
pub const SEG_SIZE_BEFORE: usize = 4;

/// `SIGBREAKF_CTRL_C`: the Ctrl-C break signal (dos/dos.h).
pub const SIGBREAKF_CTRL_C: u32 = 1 << 12;

/// `ERROR_TOO_MANY_ARGS` (dos/dos.h).
pub const ERROR_TOO_MANY_ARGS: i32 = 118;
/// `ERROR_LINE_TOO_LONG` (dos/dos.h).
pub const ERROR_LINE_TOO_LONG: i32 = 120;
/// `ERROR_NO_FREE_STORE` (dos/dos.h).
pub const ERROR_NO_FREE_STORE: i32 = 103;
/// `ERROR_OBJECT_EXISTS` (dos/dos.h).
pub const ERROR_OBJECT_EXISTS: i32 = 203;
/// `ERROR_DIR_NOT_FOUND` (dos/dos.h).
pub const ERROR_DIR_NOT_FOUND: i32 = 204;
/// `ERROR_OBJECT_NOT_FOUND` (dos/dos.h).
pub const ERROR_OBJECT_NOT_FOUND: i32 = 205;
/// `ERROR_OBJECT_TOO_LARGE` (dos/dos.h).
pub const ERROR_OBJECT_TOO_LARGE: i32 = 207;

/// `LDF_DEVICES` of `LockDosList()` (dos/dosextens.h).
pub const LDF_DEVICES: u32 = 1 << 2;
/// `LDF_VOLUMES` (dos/dosextens.h).
pub const LDF_VOLUMES: u32 = 1 << 3;
/// `LDF_ASSIGNS` (dos/dosextens.h).
pub const LDF_ASSIGNS: u32 = 1 << 4;
/// `LDF_READ`: lock the list for reading (dos/dosextens.h).
pub const LDF_READ: u32 = 1 << 0;
/// `LDF_ALL`: devices, volumes and assigns (dos/dosextens.h).
pub const LDF_ALL: u32 = LDF_DEVICES | LDF_VOLUMES | LDF_ASSIGNS;

/// `struct DosList` `dol_Type` (dos/dosextens.h): a LONG at offset 4.
pub const dol_Type: usize = 4;
/// `struct DosList` `dol_Task` (dos/dosextens.h): the handler's `struct
/// MsgPort *` at offset 8, NULL while no handler process serves it.
pub const dol_Task: usize = 8;
/// `dol_Type` of a device (dos/dosextens.h `DLT_DEVICE`).
pub const DLT_DEVICE: u32 = 0;

/// The longest path dos.library carries: a name reaches the handler as a
/// BSTR in the packet, whose one length byte counts at most 255
/// characters (dos/dos.h `BSTR`; the AmigaDOS manual, "Packets"). Longer
/// paths are refused, never cut.
pub const PATH_MAX: usize = 255;

/// `SYS_Dummy` = TAG_USER + 32 (dos/dostags.h).
pub const SYS_Dummy: u32 = crate::utility::TAG_USER + 32;
/// `SYS_Input`: the input file handle of `SystemTagList()` (dos/dostags.h).
pub const SYS_Input: u32 = SYS_Dummy + 1;
/// `SYS_Output`: the output file handle (dos/dostags.h).
pub const SYS_Output: u32 = SYS_Dummy + 2;
/// `SYS_Asynch`: run asynchronously (dos/dostags.h).
pub const SYS_Asynch: u32 = SYS_Dummy + 3;
/// `SYS_UserShell`: run through the user shell (dos/dostags.h).
pub const SYS_UserShell: u32 = SYS_Dummy + 4;

/// `NP_Dummy` = TAG_USER + 1000 (dos/dostags.h).
pub const NP_Dummy: u32 = crate::utility::TAG_USER + 1000;
/// `NP_Seglist`: the code of `CreateNewProc()` (dos/dostags.h).
pub const NP_Seglist: u32 = NP_Dummy + 1;
/// `NP_FreeSeglist`: unload the seglist when the process ends (dos/dostags.h).
pub const NP_FreeSeglist: u32 = NP_Dummy + 2;
/// `NP_StackSize`, bytes (dos/dostags.h).
pub const NP_StackSize: u32 = NP_Dummy + 11;
/// `NP_Name`: the process name (dos/dostags.h).
pub const NP_Name: u32 = NP_Dummy + 12;
/// `NP_HomeDir`: the process's `PROGDIR:` lock (dos/dostags.h).
pub const NP_HomeDir: u32 = NP_Dummy + 16;

// dos/dosextens.h struct Process (after its struct Task, 92 bytes)
/// `pr_MsgPort`: the process's own message port (dos/dosextens.i).
pub const pr_MsgPort: usize = 92;
/// `pr_CLI` (BPTR to `struct CommandLineInterface`; 0 for a Workbench start) (dos/dosextens.i).
pub const pr_CLI: usize = 172;
/// `pr_WindowPtr`: where DOS requesters open, -1 for none (dos/dosextens.i).
pub const pr_WindowPtr: usize = 184;
/// `cli_CommandName` (BSTR) of `struct CommandLineInterface` (dos/dosextens.i).
pub const cli_CommandName: usize = 16;
/// `cli_Module` (BPTR seglist) of `struct CommandLineInterface` (dos/dosextens.i).
pub const cli_Module: usize = 60;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layouts() {
        assert_eq!(fib_Date + ds_SIZEOF, fib_Comment);
        assert_eq!((ds_Minute, ds_Tick), (ds_Days + 4, ds_Minute + 4));
        assert_eq!(SEG_DATA, SEG_NEXT + 4);
    }

    #[test]
    fn tag_values() {
        assert_eq!((SYS_Input, SYS_UserShell), (0x8000_0021, 0x8000_0024));
        assert_eq!(
            (NP_Seglist, NP_FreeSeglist, NP_StackSize, NP_Name, NP_HomeDir),
            (0x8000_03E9, 0x8000_03EA, 0x8000_03F3, 0x8000_03F4, 0x8000_03F8)
        );
    }
}
