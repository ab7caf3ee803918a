//! The recorder: what the user does in other programs, turned into
//! commands as it happens (docs/design/recorder.md).
//!
//! [`Observed`] is one input event as the recording input handler saw it
//! ahead of Intuition (amiga-rt `record`, native C in runtime/c/runtime.c).
#![warn(missing_docs)]

/// A mouse button the handler reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MouseButton {
    /// `IECODE_LBUTTON` (devices/inputevent.h).
    Left,
    /// `IECODE_RBUTTON` (devices/inputevent.h).
    Right,
}

/// What kind of event it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ObservedKind {
    /// A button went down (`down`) or up (`IECODE_UP_PREFIX`).
    Button {
        /// Which button.
        button: MouseButton,
        /// Pressed (true) or released.
        down: bool,
    },
    /// A key went down: `IECLASS_RAWKEY` without `IECODE_UP_PREFIX`, not a
    /// key repeat (`IEQUALIFIER_REPEAT`) and not a qualifier key (raw
    /// codes 0x60..=0x67, which show in [`Observed::qualifier`] instead).
    Key {
        /// The raw key code, 0..=0x77 (devices/inputevent.h).
        rawkey: u8,
    },
}

/// One input event the recording handler saw, with where the pointer was
/// and which window was active at that moment (read on input.device's
/// task, where Intuition keeps these fields, before Intuition handled the
/// event).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Observed {
    /// The event.
    pub kind: ObservedKind,
    /// `IntuitionBase->FirstScreen` then: an identity (the walker's
    /// `ScreenInfo::address`), never dereferenced.
    pub screen: u32,
    /// The pointer then, `Screen->MouseX`/`MouseY` of that screen: pixels
    /// from the screen's top-left corner (intuition/screens.h).
    pub x: i16,
    /// See [`Observed::x`].
    pub y: i16,
    /// `IntuitionBase->ActiveWindow` then (an identity; 0 when none).
    pub active_window: u32,
    /// `ie_Qualifier` (`IEQUALIFIER_*`, devices/inputevent.h).
    pub qualifier: u16,
    /// `ie_TimeStamp`: seconds.
    pub seconds: u32,
    /// `ie_TimeStamp`: microseconds.
    pub micros: u32,
}
