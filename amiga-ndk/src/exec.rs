//! exec.library: nodes, ports, messages, memory, tasks, I/O requests.

// exec/nodes.h struct Node (14 bytes)
/// `ln_Succ`: next node (exec/nodes.i).
pub const ln_Succ: usize = 0;
/// `ln_Pred`: previous node (exec/nodes.i).
pub const ln_Pred: usize = 4;
/// `ln_Type` (UBYTE, one of the `NT_*` values; exec/nodes.i).
pub const ln_Type: usize = 8;
/// `ln_Pri` (BYTE; exec/nodes.i).
pub const ln_Pri: usize = 9;
/// `ln_Name` (char *; exec/nodes.i): what `FindPort()`/`FindTask()` compare.
pub const ln_Name: usize = 10;
/// Size of `struct Node` (exec/nodes.i).
pub const LN_SIZE: usize = 14;
/// `is_Data` (APTR; exec/interrupts.h `struct Interrupt`, after its Node):
/// handed to the interrupt code in A1.
pub const is_Data: usize = 14;
/// `is_Code` (VOID (*)(); exec/interrupts.h): the interrupt code.
pub const is_Code: usize = 18;

/// `NT_TASK`: an exec `struct Task` (exec/nodes.h).
pub const NT_TASK: u8 = 1;
/// `NT_INTERRUPT`: a `struct Interrupt` (exec/nodes.h).
pub const NT_INTERRUPT: u8 = 2;
/// `NT_MESSAGE`: a `struct Message` (exec/nodes.h).
pub const NT_MESSAGE: u8 = 5;
/// `NT_LIBRARY`: a `struct Library` (exec/nodes.h).
pub const NT_LIBRARY: u8 = 9;
/// `NT_PROCESS`: a dos `struct Process` (exec/nodes.h).
pub const NT_PROCESS: u8 = 13;
/// `NT_MEMORY`: a `struct MemHeader` (exec/nodes.h).
pub const NT_MEMORY: u8 = 10;
/// `NT_FONT`: a `struct TextFont` in graphics' font list, or a disk
/// font's `DiskFontHeader` node (exec/nodes.h).
pub const NT_FONT: u8 = 12;

// exec/lists.h struct List (14 bytes)
/// `lh_Head`: the first node, or `&lh_Tail` when empty (exec/lists.i).
pub const lh_Head: usize = 0;
/// `lh_Tail`: always 0, the end marker the last node's `ln_Succ` points at (exec/lists.i).
pub const lh_Tail: usize = 4;
/// `lh_TailPred`: the last node, or the list itself when empty (exec/lists.i).
pub const lh_TailPred: usize = 8;
/// `lh_Type` (UBYTE): the type of the nodes (exec/lists.i).
pub const lh_Type: usize = 12;
/// Size of `struct List` (exec/lists.i).
pub const LH_SIZE: usize = 14;

// exec/ports.h struct MsgPort (34 bytes) and struct Message (20 bytes)
/// `mp_SigBit` (UBYTE): the signal a `PutMsg()` raises (exec/ports.i).
pub const mp_SigBit: usize = 15;
/// `mp_SigTask` (struct Task *) (exec/ports.i).
pub const mp_SigTask: usize = 16;
/// `mp_MsgList` (struct List): the messages not yet taken with `GetMsg()` (exec/ports.i).
pub const mp_MsgList: usize = 20;
/// `mn_ReplyPort` of a `struct Message` (exec/ports.i).
pub const mn_ReplyPort: usize = 14;
/// `mn_Length` (UWORD) of a `struct Message`: the whole message's size (exec/ports.i).
pub const mn_Length: usize = 18;
/// Size of `struct Message` (exec/ports.i).
pub const MN_SIZE: usize = 20;

// exec/memory.h
/// `MEMF_ANY`: any memory type (exec/memory.h).
pub const MEMF_ANY: u32 = 0;
/// `MEMF_PUBLIC`: memory other tasks and interrupts may touch (exec/memory.h).
pub const MEMF_PUBLIC: u32 = 1 << 0;
/// `MEMF_CHIP`: chip RAM (exec/memory.h).
pub const MEMF_CHIP: u32 = 1 << 1;
/// `MEMF_FAST`: fast (non-chip) RAM (exec/memory.h).
pub const MEMF_FAST: u32 = 1 << 2;
/// `MEMF_CLEAR`: zero the allocation (exec/memory.h).
pub const MEMF_CLEAR: u32 = 1 << 16;
/// `MEMF_LARGEST`: `AvailMem()` answers the largest free chunk (exec/memory.h).
pub const MEMF_LARGEST: u32 = 1 << 17;
/// `mh_First` (struct MemChunk *) of a `struct MemHeader`: the first free chunk (exec/memory.i).
pub const mh_First: usize = 16;
/// `mc_Next` (struct MemChunk *): the next free chunk, in address order (exec/memory.i).
pub const mc_Next: usize = 0;
/// `mc_Bytes` (ULONG): the size of a free chunk in bytes (exec/memory.i).
pub const mc_Bytes: usize = 4;
/// `mh_Lower` (APTR) of a `struct MemHeader`: its region's first byte (exec/memory.i).
pub const mh_Lower: usize = 20;
/// `mh_Upper` (APTR) of a `struct MemHeader`: the byte after its region (exec/memory.i).
pub const mh_Upper: usize = 24;

// exec/tasks.h struct Task
/// `tc_Flags` (UBYTE) (exec/tasks.i).
pub const tc_Flags: usize = 14;
/// `tc_State` (UBYTE, one of the `TS_*` values) (exec/tasks.i).
pub const tc_State: usize = 15;
/// `tc_SigAlloc` (ULONG): signals allocated (exec/tasks.i).
pub const tc_SigAlloc: usize = 18;
/// `tc_SigWait` (ULONG): signals the task waits for (exec/tasks.i).
pub const tc_SigWait: usize = 22;
/// `tc_SigRecvd` (ULONG): signals received (exec/tasks.i).
pub const tc_SigRecvd: usize = 26;
/// `tc_ETask` (in the `tc_UnionETask` union; AROS: valid with `TF_ETASK`) (exec/tasks.i).
pub const tc_ETask: usize = 34;
/// `tc_TrapCode`: the task's trap handler (exec/tasks.i).
pub const tc_TrapCode: usize = 50;
/// `tc_SPReg`: the saved stack pointer (exec/tasks.i).
pub const tc_SPReg: usize = 54;
/// `tc_SPLower` (APTR): the stack's lowest byte (exec/tasks.i).
pub const tc_SPLower: usize = 58;
/// `tc_SPUpper` (APTR): the byte after the stack's highest (exec/tasks.i).
pub const tc_SPUpper: usize = 62;
/// `TS_RUN`: the running task (exec/tasks.h).
pub const TS_RUN: u8 = 2;
/// `TS_READY`: a task that waits for the CPU, in `TaskReady` (exec/tasks.h).
pub const TS_READY: u8 = 3;
/// `TF_ETASK` in `tc_Flags`: `tc_ETask` is valid (exec/tasks.h).
pub const TF_ETASK: u8 = 1 << 3;
/// `TS_WAIT`: the task sleeps in `Wait()` (exec/tasks.h).
pub const TS_WAIT: u8 = 4;
/// `TS_REMOVED`: the task is being removed (exec/tasks.h).
pub const TS_REMOVED: u8 = 6;

// exec/execbase.h struct ExecBase
/// `ChkBase` (ULONG) of `struct ExecBase`: the complement of its own address (exec/execbase.i).
pub const ChkBase: usize = 38;
/// `SysStkUpper` (APTR): the end of the supervisor stack (exec/execbase.i).
pub const SysStkUpper: usize = 54;
/// `SysStkLower` (APTR): the lowest byte of the supervisor stack (exec/execbase.i).
pub const SysStkLower: usize = 58;
/// `ThisTask`: the running task (exec/execbase.i).
pub const ThisTask: usize = 276;
/// `DispCount` (ULONG): "incremented when a task is dispatched"
/// (exec/execbase.i); two equal reads mean no task switch in between.
pub const DispCount: usize = 284;
/// `SysFlags` (UWORD, private) of `struct ExecBase` (exec/execbase.i).
pub const SysFlags: usize = 292;
/// `IDNestCnt` (BYTE): `Disable()` nesting, -1 when interrupts are on (exec/execbase.i).
pub const IDNestCnt: usize = 294;
/// `TDNestCnt` (BYTE): `Forbid()` nesting, -1 when task switching is on (exec/execbase.i).
pub const TDNestCnt: usize = 295;
/// `AttnFlags` (UWORD): CPU and FPU present (exec/execbase.i).
pub const AttnFlags: usize = 296;
/// `AttnResched` (UWORD, private) of `struct ExecBase` (exec/execbase.i).
pub const AttnResched: usize = 298;
/// `MemList`: the `struct MemHeader`s of the memory exec manages (exec/execbase.i).
pub const MemList: usize = 322;
/// `DeviceList`: the list of the devices exec knows (exec/execbase.i).
pub const DeviceList: usize = 350;
/// `LibList`: the list of open libraries (exec/execbase.i).
pub const LibList: usize = 378;
/// `PortList`: the list of public message ports (exec/execbase.i).
pub const PortList: usize = 392;
/// `TaskReady`: the list of ready tasks (exec/execbase.i).
pub const TaskReady: usize = 406;
/// `TaskWait`: the list of waiting tasks (exec/execbase.i).
pub const TaskWait: usize = 420;
/// `AFF_68010` in `AttnFlags` (exec/execbase.h).
pub const AFF_68010: u16 = 1 << AFB_68010;
/// `AFB_68010`: the bit number of `AFF_68010`, set on a 68010 and every later CPU (exec/execbase.h).
pub const AFB_68010: u16 = 0;
/// `AFF_68020` in `AttnFlags`: a 68020 or better (exec/execbase.h).
pub const AFF_68020: u16 = 1 << 1;

// exec/io.h
/// `CMD_READ`: read `io_Length` bytes into `io_Data` (exec/io.h).
pub const CMD_READ: u16 = 2;
/// `CMD_WRITE`: write `io_Length` bytes from `io_Data` (exec/io.h).
pub const CMD_WRITE: u16 = 3;
/// `IOERR_OPENFAIL`: `OpenDevice()` failed: no such device or unit (exec/errors.h).
pub const IOERR_OPENFAIL: i8 = -1;
/// `IOERR_ABORTED`: the request was stopped by `AbortIO()` (exec/errors.h).
pub const IOERR_ABORTED: i8 = -2;
/// `CMD_NONSTD`: the first device-specific command (exec/io.h).
pub const CMD_NONSTD: u16 = 9;
/// `io_Unit` (struct Unit *) of a `struct IORequest`: the device's unit, private to the device (exec/io.i).
pub const io_Unit: usize = 24;
/// `io_Command` (UWORD) of a `struct IORequest` (exec/io.i).
pub const io_Command: usize = 28;
/// `io_Error` (BYTE) of a `struct IORequest` (exec/io.i).
pub const io_Error: usize = 31;
/// `io_Data` (APTR) of a `struct IOStdReq` (exec/io.i).
pub const io_Data: usize = 40;
/// Size of `struct IORequest` (exec/io.i).
pub const IO_SIZE: usize = 32;
/// Size of `struct IOStdReq` (exec/io.i).
pub const IOSTD_SIZE: usize = 48;

// exec/libraries.h struct Library (34 bytes; a struct Node first)
/// `lib_Flags` (UBYTE, `LIBF_*`) (exec/libraries.h; `LIB_FLAGS` in exec/libraries.i).
pub const lib_Flags: usize = 14;
/// `lib_NegSize` (UWORD): bytes before the base, the vectors (exec/libraries.h).
pub const lib_NegSize: usize = 16;
/// `lib_PosSize` (UWORD): bytes from the base on (exec/libraries.h).
pub const lib_PosSize: usize = 18;
/// `lib_Version` (UWORD) (exec/libraries.h).
pub const lib_Version: usize = 20;
/// `lib_Revision` (UWORD) (exec/libraries.h).
pub const lib_Revision: usize = 22;
/// `lib_IdString` (APTR) (exec/libraries.h).
pub const lib_IdString: usize = 24;
/// `lib_OpenCnt` (UWORD): the number of current opens (exec/libraries.h).
pub const lib_OpenCnt: usize = 32;
/// Size of `struct Library`, bytes (`LIB_SIZE` in exec/libraries.i).
pub const LIB_SIZE: usize = 34;
/// `LIB_CLOSE`: the `Close()` vector of every library and device, bytes
/// from the base (exec/libraries.h, exec/libraries.i).
pub const LIB_CLOSE: i32 = -12;
/// `LIBF_CHANGED` in `lib_Flags`: the library changed since its last checksum (exec/libraries.h).
pub const LIBF_CHANGED: u8 = 1 << 1;
/// `LIBF_SUMUSED` in `lib_Flags`: the library may be checksummed (exec/libraries.h).
pub const LIBF_SUMUSED: u8 = 1 << 2;
/// `LIBB_DELEXP`: bit number of `LIBF_DELEXP`, a delayed expunge (exec/libraries.h).
pub const LIBB_DELEXP: u8 = 3;

// exec/semaphores.h struct SignalSemaphore (46 bytes; a struct Node first)
/// `ss_NestCount` (WORD): how often the owner obtained it (exec/semaphores.h).
pub const ss_NestCount: usize = 14;
/// `ss_Owner` (struct Task *): the exclusive owner, NULL when free or shared (exec/semaphores.h).
pub const ss_Owner: usize = 40;
/// `ss_QueueCount` (WORD): -1 when free, else the holders and waiters less one (exec/semaphores.h).
pub const ss_QueueCount: usize = 44;
/// Size of `struct SignalSemaphore`, bytes (`SS_SIZE` in exec/semaphores.i).
pub const SS_SIZE: usize = 46;

// exec/resident.h struct Resident
/// `RTC_MATCHWORD`: `rt_MatchWord` of a RomTag (the ILLEGAL instruction) (exec/resident.h).
pub const RTC_MATCHWORD: u16 = 0x4AFC;
/// `RTF_AUTOINIT` in `rt_Flags`: `rt_Init` points at an init table for `MakeLibrary()` (exec/resident.h).
pub const RTF_AUTOINIT: u8 = 1 << 7;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layouts_are_consistent() {
        // struct Library: Node, Flags, pad, 4 UWORDs, IdString, Sum, OpenCnt.
        assert_eq!(lib_Flags, LN_SIZE);
        assert_eq!(lib_OpenCnt + 2, LIB_SIZE);
        // struct SignalSemaphore: Node, NestCount, MinList (12), SemaphoreRequest (12), Owner, QueueCount.
        assert_eq!(ss_NestCount, LN_SIZE);
        assert_eq!(ss_Owner, ss_NestCount + 2 + 12 + 12);
        assert_eq!(ss_QueueCount + 2, SS_SIZE);
        // struct IORequest: Message, Device, Unit, Command.
        assert_eq!(io_Unit, MN_SIZE + 4);
        assert_eq!(io_Unit + 4, io_Command);
        // the vectors: 6 bytes each, Open first (LIB_BASE).
        assert_eq!(LIB_CLOSE, -2 * 6);
    }
}
