//! Workbench: workbench/startup.h (WBStartup, WBArg) and
//! workbench/workbench.h (DiskObject, the `.info` file).

// struct WBStartup (40 bytes; a struct Message first)
/// `sm_Process`: the process the message started (workbench/startup.i).
pub const sm_Process: usize = 20;
/// `sm_Segment`: its seglist (workbench/startup.i).
pub const sm_Segment: usize = 24;
/// `sm_NumArgs`: entries in `sm_ArgList` (workbench/startup.i).
pub const sm_NumArgs: usize = 28;
/// `sm_ToolWindow` (workbench/startup.i).
pub const sm_ToolWindow: usize = 32;
/// `sm_ArgList`: the tool's own icon first, then the project icons (workbench/startup.i).
pub const sm_ArgList: usize = 36;
/// Size of `struct WBStartup` (workbench/startup.i).
pub const sm_SIZEOF: usize = 40;
/// `wa_Lock` (BPTR): the icon's drawer (workbench/startup.i).
pub const wa_Lock: usize = 0;
/// `wa_Name`: the icon's name in that drawer (workbench/startup.i).
pub const wa_Name: usize = 4;
/// Size of `struct WBArg` (workbench/startup.i).
pub const wa_SIZEOF: usize = 8;

// struct DiskObject (78 bytes in a .info file; a struct Gadget at 4)
/// `do_Magic` (UWORD, `WB_DISKMAGIC`) (workbench/workbench.i).
pub const do_Magic: usize = 0;
/// `do_Version` (UWORD) (workbench/workbench.i).
pub const do_Version: usize = 2;
/// `do_Gadget`: an embedded `struct Gadget` (workbench/workbench.i).
pub const do_Gadget: usize = 4;
/// `do_Type` (UBYTE, `WBTOOL`…) (workbench/workbench.i).
pub const do_Type: usize = 48;
/// `do_DefaultTool` (workbench/workbench.i).
pub const do_DefaultTool: usize = 50;
/// `do_ToolTypes` (workbench/workbench.i).
pub const do_ToolTypes: usize = 54;
/// The most tooltypes GadgetScope takes in one icon: not an NDK limit (the
/// NDK has none), a sanity bound on a NULL-terminated array. amiga-rt's
/// icon reader stops there and WBLAUNCH's merge refuses more, so an icon
/// GadgetScope writes reads back whole.
pub const MAX_TOOLTYPES: usize = 256;
/// `do_CurrentX` (LONG) (workbench/workbench.i).
pub const do_CurrentX: usize = 58;
/// `do_CurrentY` (LONG) (workbench/workbench.i).
pub const do_CurrentY: usize = 62;
/// `do_DrawerData` (workbench/workbench.i).
pub const do_DrawerData: usize = 66;
/// `do_ToolWindow` (workbench/workbench.i).
pub const do_ToolWindow: usize = 70;
/// `do_StackSize` (LONG), bytes (workbench/workbench.i).
pub const do_StackSize: usize = 74;
/// Size of `struct DiskObject` (workbench/workbench.i).
pub const do_SIZEOF: usize = 78;
/// Size of `struct OldDrawerData` as stored in a `.info` file (workbench/workbench.i `OldDrawerData_SIZEOF`).
pub const OLDDRAWERDATA_SIZEOF: usize = 56;

/// `WB_DISKMAGIC`: the first UWORD of a `.info` file (workbench/workbench.h).
pub const WB_DISKMAGIC: u16 = 0xE310;
/// `WB_DISKVERSION` (workbench/workbench.h).
pub const WB_DISKVERSION: u16 = 1;
/// `WB_DISKREVISION`: in the low byte of `do_Gadget.UserData` (workbench/workbench.h).
pub const WB_DISKREVISION: u32 = 1;
/// `WBDISK` (`do_Type`) (workbench/workbench.h).
pub const WBDISK: u8 = 1;
/// `WBDRAWER` (workbench/workbench.h).
pub const WBDRAWER: u8 = 2;
/// `WBTOOL`: a program (workbench/workbench.h).
pub const WBTOOL: u8 = 3;
/// `WBPROJECT`: a document with a default tool (workbench/workbench.h).
pub const WBPROJECT: u8 = 4;
/// `WBGARBAGE` (workbench/workbench.h).
pub const WBGARBAGE: u8 = 5;
/// `NO_ICON_POSITION`: Workbench places the icon itself (workbench/workbench.h).
pub const NO_ICON_POSITION: i32 = i32::MIN;
