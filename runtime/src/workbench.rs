//! Workbench start messages: the `struct WBStartup` a program started from
//! Workbench receives (NDK workbench/startup.h), built in linear memory so
//! that GadgetScope (WBLAUNCH) and the test tools can start programs the
//! way Workbench does.
use crate::be::{Be16, Be32};

/// exec/nodes.h `NT_MESSAGE`.
pub const NT_MESSAGE: u8 = 5;

/// `struct WBArg` (8 bytes): a lock on the directory and a name in it.
#[repr(C, packed(2))]
#[derive(Default, Clone, Copy)]
pub struct WBArg {
    /// BPTR to a lock on the directory.
    pub wa_lock: Be32,
    /// Absolute address of the NUL-terminated name.
    pub wa_name: Be32,
}

/// `struct WBStartup` (40 bytes): an exec Message (20 bytes) followed by
/// the process's port, its segment, the arguments and the tool window.
#[repr(C, packed(2))]
#[derive(Default)]
pub struct WBStartup {
    pub ln_succ: Be32,
    pub ln_pred: Be32,
    pub ln_type: u8,
    pub ln_pri: i8,
    pub ln_name: Be32,
    /// Where the started program replies the message (at its exit).
    pub mn_reply_port: Be32,
    /// Size of the whole message in bytes.
    pub mn_length: Be16,
    /// `&process->pr_MsgPort` of the started program.
    pub sm_process: Be32,
    /// BPTR seglist of the program.
    pub sm_segment: Be32,
    /// Number of `WBArg`s at `sm_arg_list` (1: the tool itself).
    pub sm_num_args: Be32,
    /// Absolute address of a window description string, or 0.
    pub sm_tool_window: Be32,
    /// Absolute address of the `WBArg` array.
    pub sm_arg_list: Be32,
}

impl WBStartup {
    /// A message with `mn_Length` and `ln_Type` set; the caller fills the
    /// addresses.
    pub fn new() -> WBStartup {
        WBStartup { ln_type: NT_MESSAGE, mn_length: Be16::new(core::mem::size_of::<WBStartup>() as u16), ..Default::default() }
    }
}

/// Offsets in a `struct WBStartup` read from OS memory (bytes).
pub mod offsets {
    pub const SM_PROCESS: usize = 20;
    pub const SM_SEGMENT: usize = 24;
    pub const SM_NUM_ARGS: usize = 28;
    pub const SM_TOOL_WINDOW: usize = 32;
    pub const SM_ARG_LIST: usize = 36;
    /// Size of `struct WBStartup`.
    pub const SIZE: usize = 40;
    /// `struct WBArg`: wa_Lock, wa_Name; size 8.
    pub const WA_LOCK: usize = 0;
    pub const WA_NAME: usize = 4;
    pub const WBARG_SIZE: usize = 8;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_matches_the_ndk() {
        assert_eq!(core::mem::size_of::<WBStartup>(), offsets::SIZE);
        assert_eq!(core::mem::size_of::<WBArg>(), offsets::WBARG_SIZE);
        let m = WBStartup::new();
        let base = &m as *const WBStartup as usize;
        assert_eq!(core::ptr::addr_of!(m.sm_process) as usize - base, offsets::SM_PROCESS);
        assert_eq!(core::ptr::addr_of!(m.sm_arg_list) as usize - base, offsets::SM_ARG_LIST);
        assert_eq!(core::ptr::addr_of!(m.mn_reply_port) as usize - base, 14);
        assert_eq!({ m.mn_length }.get(), 40);
        assert_eq!(m.ln_type, NT_MESSAGE);
    }
}
