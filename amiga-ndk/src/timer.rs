//! timer.device (devices/timer.h).

use crate::exec::CMD_NONSTD;

/// `UNIT_MICROHZ`: microsecond resolution (devices/timer.h).
pub const UNIT_MICROHZ: u32 = 0;
/// `UNIT_VBLANK`: vertical-blank resolution, cheap (devices/timer.h).
pub const UNIT_VBLANK: u32 = 1;
/// `UNIT_ECLOCK`: E-clock resolution (devices/timer.h).
pub const UNIT_ECLOCK: u32 = 2;
/// `TR_ADDREQUEST`: reply after a delay (devices/timer.h).
pub const TR_ADDREQUEST: u16 = CMD_NONSTD;
