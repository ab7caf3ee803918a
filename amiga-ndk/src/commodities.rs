//! commodities.library (libraries/commodities.h).

/// `NB_VERSION`: the `struct NewBroker` version filled in (libraries/commodities.h).
pub const NB_VERSION: u8 = 5;
/// `NBU_UNIQUE`: only one broker of this name (libraries/commodities.h).
pub const NBU_UNIQUE: u16 = 1;
/// `NBU_NOTIFY`: tell the first one (`CXCMD_UNIQUE`) (libraries/commodities.h).
pub const NBU_NOTIFY: u16 = 2;
/// `COF_SHOW_HIDE`: the commodity has a window (Exchange's Show/Hide) (libraries/commodities.h).
pub const COF_SHOW_HIDE: u16 = 4;
/// `CBD_NAMELEN`: longest broker name, NUL included (libraries/commodities.h).
pub const CBD_NAMELEN: usize = 24;
/// `CBD_TITLELEN` (libraries/commodities.h).
pub const CBD_TITLELEN: usize = 40;
/// `CBD_DESCRLEN` (libraries/commodities.h).
pub const CBD_DESCRLEN: usize = 40;

/// `CX_FILTER` (`CreateCxObj()` type) (libraries/commodities.h).
pub const CX_FILTER: u32 = 1;
/// `CX_SEND` (libraries/commodities.h).
pub const CX_SEND: u32 = 3;
/// `CX_TRANSLATE` (libraries/commodities.h).
pub const CX_TRANSLATE: u32 = 5;

/// `CXM_IEVENT`: an input event from a sender (`CxMsgType()`) (libraries/commodities.h).
pub const CXM_IEVENT: u32 = 0x20;
/// `CXM_COMMAND`: a command from the controller (libraries/commodities.h).
pub const CXM_COMMAND: u32 = 0x40;

/// `CXCMD_DISABLE` (libraries/commodities.h).
pub const CXCMD_DISABLE: i32 = 15;
/// `CXCMD_ENABLE` (libraries/commodities.h).
pub const CXCMD_ENABLE: i32 = 17;
/// `CXCMD_APPEAR`: show the window (libraries/commodities.h).
pub const CXCMD_APPEAR: i32 = 19;
/// `CXCMD_DISAPPEAR`: hide it (libraries/commodities.h).
pub const CXCMD_DISAPPEAR: i32 = 21;
/// `CXCMD_KILL`: quit (libraries/commodities.h).
pub const CXCMD_KILL: i32 = 23;
/// `CXCMD_UNIQUE`: someone tried to start a second copy (libraries/commodities.h).
pub const CXCMD_UNIQUE: i32 = 25;
/// `CXCMD_LIST_CHG` (libraries/commodities.h).
pub const CXCMD_LIST_CHG: i32 = 27;

/// `CBERR_OK` (`CxBroker()` error) (libraries/commodities.h).
pub const CBERR_OK: i32 = 0;
/// `CBERR_SYSERR`: out of memory (libraries/commodities.h).
pub const CBERR_SYSERR: i32 = 1;
/// `CBERR_DUP`: a unique broker of this name exists (libraries/commodities.h).
pub const CBERR_DUP: i32 = 2;
/// `CBERR_VERSION`: unknown `nb_Version` (libraries/commodities.h).
pub const CBERR_VERSION: i32 = 3;

/// `COERR_ISNULL` (`CxObjError()` bit) (libraries/commodities.h).
pub const COERR_ISNULL: i32 = 1;
/// `COERR_NULLATTACH` (libraries/commodities.h).
pub const COERR_NULLATTACH: i32 = 2;
/// `COERR_BADFILTER`: the hotkey description did not parse (libraries/commodities.h).
pub const COERR_BADFILTER: i32 = 4;
/// `COERR_BADTYPE` (libraries/commodities.h).
pub const COERR_BADTYPE: i32 = 8;
