//! input.device (devices/input.h, devices/inputevent.h) and the Amiga
//! keyboard's raw key codes.
//!
//! Raw key codes are the keyboard's, not an include's: RKRM Devices,
//! "Keyboard"; AROS rom/keymap/rawkeycodes.txt lists the same codes.

use crate::exec::CMD_NONSTD;

/// `IND_ADDHANDLER`: add an input handler (`io_Data` = `struct Interrupt`) (devices/input.h).
pub const IND_ADDHANDLER: u16 = CMD_NONSTD;
/// `IND_REMHANDLER` (devices/input.h).
pub const IND_REMHANDLER: u16 = CMD_NONSTD + 1;
/// `IND_WRITEEVENT`: one event into the stream, as if from the hardware (devices/input.h).
pub const IND_WRITEEVENT: u16 = CMD_NONSTD + 2;

// struct InputEvent (22 bytes)
/// `ie_NextEvent` (devices/inputevent.i).
pub const ie_NextEvent: usize = 0;
/// `ie_Class` (UBYTE) (devices/inputevent.i).
pub const ie_Class: usize = 4;
/// `ie_SubClass` (UBYTE) (devices/inputevent.i).
pub const ie_SubClass: usize = 5;
/// `ie_Code` (UWORD) (devices/inputevent.i).
pub const ie_Code: usize = 6;
/// `ie_Qualifier` (UWORD) (devices/inputevent.i).
pub const ie_Qualifier: usize = 8;
/// `ie_X` (WORD; `ie_EventAddress` shares it and `ie_Y`) (devices/inputevent.i).
pub const ie_X: usize = 10;
/// `ie_Y` (WORD) (devices/inputevent.i).
pub const ie_Y: usize = 12;
/// `ie_TimeStamp` (struct timeval) (devices/inputevent.i).
pub const ie_TimeStamp: usize = 14;
/// Size of `struct InputEvent` (devices/inputevent.i).
pub const ie_SIZEOF: usize = 22;

/// `IECLASS_NULL`: an event every handler ignores (devices/inputevent.h).
pub const IECLASS_NULL: u8 = 0x00;
/// `IECLASS_RAWKEY`: a raw key code (devices/inputevent.h).
pub const IECLASS_RAWKEY: u8 = 0x01;
/// `IECLASS_RAWMOUSE`: buttons and relative motion (devices/inputevent.h).
pub const IECLASS_RAWMOUSE: u8 = 0x02;
/// `IECLASS_POINTERPOS`: an absolute pointer position (devices/inputevent.h).
pub const IECLASS_POINTERPOS: u8 = 0x04;
/// `IECLASS_NEWPOINTERPOS` (V36): a pointer position, e.g. screen-relative (devices/inputevent.h).
pub const IECLASS_NEWPOINTERPOS: u8 = 0x13;
/// `IESUBCLASS_PIXEL`: `ie_EventAddress` is a `struct IEPointerPixel` (devices/inputevent.h).
pub const IESUBCLASS_PIXEL: u8 = 0x01;

/// `IECODE_UP_PREFIX`: or-ed into a key or button code on release (devices/inputevent.h).
pub const IECODE_UP_PREFIX: u16 = 0x80;
/// `IECODE_LBUTTON` (devices/inputevent.h).
pub const IECODE_LBUTTON: u16 = 0x68;
/// `IECODE_RBUTTON` (devices/inputevent.h).
pub const IECODE_RBUTTON: u16 = 0x69;
/// `IECODE_NOBUTTON`: no button transition (devices/inputevent.h).
pub const IECODE_NOBUTTON: u16 = 0xFF;

/// `IEQUALIFIER_LSHIFT` (devices/inputevent.h).
pub const IEQUALIFIER_LSHIFT: u16 = 0x0001;
/// `IEQUALIFIER_RSHIFT` (devices/inputevent.h).
pub const IEQUALIFIER_RSHIFT: u16 = 0x0002;
/// `IEQUALIFIER_CAPSLOCK` (devices/inputevent.h).
pub const IEQUALIFIER_CAPSLOCK: u16 = 0x0004;
/// `IEQUALIFIER_CONTROL` (devices/inputevent.h).
pub const IEQUALIFIER_CONTROL: u16 = 0x0008;
/// `IEQUALIFIER_LALT` (devices/inputevent.h).
pub const IEQUALIFIER_LALT: u16 = 0x0010;
/// `IEQUALIFIER_RALT` (devices/inputevent.h).
pub const IEQUALIFIER_RALT: u16 = 0x0020;
/// `IEQUALIFIER_LCOMMAND`: the left Amiga key (devices/inputevent.h).
pub const IEQUALIFIER_LCOMMAND: u16 = 0x0040;
/// `IEQUALIFIER_RCOMMAND`: the right Amiga key (devices/inputevent.h).
pub const IEQUALIFIER_RCOMMAND: u16 = 0x0080;
/// `IEQUALIFIER_RBUTTON`: the right (menu) button is down (devices/inputevent.h).
pub const IEQUALIFIER_RBUTTON: u16 = 0x2000;
/// `IEQUALIFIER_REPEAT`: the event is a key repeat (devices/inputevent.h).
pub const IEQUALIFIER_REPEAT: u16 = 0x0200;
/// `IEQUALIFIER_LEFTBUTTON`: the left (select) button is down (devices/inputevent.h).
pub const IEQUALIFIER_LEFTBUTTON: u16 = 0x4000;
/// `IEQUALIFIER_RELATIVEMOUSE`: `ie_X`/`ie_Y` are relative motion
/// (devices/inputevent.h). Without it a button event's zero position is
/// the screen's top-left corner.
pub const IEQUALIFIER_RELATIVEMOUSE: u16 = 0x8000;

/// Raw key `Backspace` ($41).
pub const RAWKEY_BACKSPACE: u8 = 0x41;
/// Raw key `Tab` ($42).
pub const RAWKEY_TAB: u8 = 0x42;
/// Raw key `Enter` on the numeric pad ($43); a string gadget takes it as Return.
pub const RAWKEY_ENTER: u8 = 0x43;
/// Raw key `Return` ($44).
pub const RAWKEY_RETURN: u8 = 0x44;
/// Raw key `Esc` ($45).
pub const RAWKEY_ESC: u8 = 0x45;
/// Raw key `Cursor Right` ($4E).
pub const RAWKEY_CURSOR_RIGHT: u8 = 0x4E;
/// Raw key `Help` ($5F).
pub const RAWKEY_HELP: u8 = 0x5F;
/// Raw key `Left Shift` ($60).
pub const RAWKEY_LSHIFT: u8 = 0x60;
/// Raw key `Right Shift` ($61).
pub const RAWKEY_RSHIFT: u8 = 0x61;
/// Raw key `Control` ($63).
pub const RAWKEY_CONTROL: u8 = 0x63;
/// Raw key `Left Alt` ($64).
pub const RAWKEY_LALT: u8 = 0x64;
/// Raw key `Right Alt` ($65).
pub const RAWKEY_RALT: u8 = 0x65;
/// Raw key `Left Amiga` ($66).
pub const RAWKEY_LCOMMAND: u8 = 0x66;
/// Raw key `Right Amiga` ($67).
pub const RAWKEY_RCOMMAND: u8 = 0x67;
/// The highest raw key code of a key (devices/inputevent.h: codes above
/// are button and status codes).
pub const RAWKEY_LAST: u8 = 0x77;
