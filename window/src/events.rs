//! What the user does in the window, as both front-ends report it to the
//! controller ([`crate::gui`]): the [`UiEvent`]s, the gadget IDs they come
//! from and the file requesters' questions. Below the controller, the
//! catalog's menus and the control tables, which all name them.
use alloc::vec::Vec;

/// Gadget IDs of GadgetScope's own window, the same in both front-ends
/// (stable: scripts and the emulator scenarios address them with
/// `"GadgetScope" <id>`).
pub mod gadget_ids {
    pub const REFRESH: u16 = 1;
    pub const PICK: u16 = 2;
    pub const HIGHLIGHT: u16 = 3;
    pub const NAME_BUTTON: u16 = 4;
    pub const EXPORT: u16 = 5;
    /// Record: starts recording, pressed again stops it.
    pub const RECORD: u16 = 6;
    pub const LIST: u16 = 10;
    /// The string gadget echoing the selected row (GadTools
    /// GTLV_ShowSelected; the ReAction list shows it itself).
    pub const SELECTED: u16 = 11;
    pub const DETAILS: u16 = 12;
    pub const NAME: u16 = 13;
    pub const STATUS: u16 = 14;
    /// The filter field (text, role or class name, GA_ID).
    pub const FILTER: u16 = 15;
}

/// What the user did in the window (or its menus).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UiEvent {
    /// A row of the list was selected (0-based).
    SelectRow(usize),
    /// Refresh button: walk now.
    Refresh,
    /// Pick button or menu: start pick mode.
    Pick,
    /// Highlight button: frame the selected gadget again.
    Highlight,
    /// Name button (or Return in the name field): name the selected gadget.
    Name,
    /// Export button: write the profile to the profile directory.
    Export,
    /// Project/About.
    About,
    /// Project/Iconify.
    Iconify,
    /// Project/Quit, the close gadget, Exchange's "Kill".
    Quit,
    /// Profile/New.
    ProfileNew,
    /// Profile/Open…
    ProfileOpen,
    /// Profile/Save.
    ProfileSave,
    /// Profile/Save As…
    ProfileSaveAs,
    /// View/Auto refresh (checkmark state after the pick).
    AutoRefresh(bool),
    /// View/System gadgets (checkmark state after the pick).
    SystemGadgets(bool),
    /// The filter field was entered: show only rows whose label, class,
    /// role name or value contains the text, or whose GA_ID it is
    /// (crate::view::Filter); empty shows everything.
    Filter(Vec<u8>),
    /// Help menu or the HELP key.
    Help,
    /// Record button: start recording, or stop it while recording.
    Record,
    /// Record/Start recording.
    RecordStart,
    /// Record/Stop recording.
    RecordStop,
    /// Record/Save as ARexx... (`false`) or Save as Python... (`true`).
    RecordSave(bool),
}

/// What an ASL file requester asks for: its title, and whether it saves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileAsk {
    /// Profile/Open...
    OpenProfile,
    /// Profile/Save As...
    SaveProfile,
    /// Record/Save as ARexx... or Python...
    SaveRecording,
}

impl FileAsk {
    /// A save requester (`ASLFR_DoSaveMode`).
    pub fn save(self) -> bool {
        self != FileAsk::OpenProfile
    }
}
