//! dos.library `ReadArgs()` templates: which kind of value each slot of
//! the result array holds (dos.library autodoc, ReadArgs; AmigaDOS manual
//! "template" modifiers /A /K /S /N /T /M /F). The Amiga call itself is in
//! `dos::read_args`.
use alloc::vec::Vec;

/// What ReadArgs stores in one LONG of the array for a template item.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// /S or /T: non-zero when given.
    Switch,
    /// /N: a pointer to a LONG, or 0.
    Number,
    /// /M: a pointer to a NULL-terminated array of string pointers, or 0.
    Multi,
    /// Plain, /K, /A, /F: a pointer to a NUL-terminated string, or 0.
    Text,
}

/// One value read from the command line, owned (copied out of the
/// RDArgs buffers before they are freed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Absent,
    Switch(bool),
    Number(i32),
    Text(Vec<u8>),
    Multi(Vec<Vec<u8>>),
}

/// The slot kinds of a template such as `"VERSION/S,WINDOW/K,FULL/S"`.
pub fn slots(template: &str) -> Vec<Slot> {
    template
        .split(',')
        .map(|item| {
            let mods: Vec<u8> =
                item.split('/').skip(1).filter_map(|m| m.bytes().next().map(|c| c.to_ascii_uppercase())).collect();
            if mods.iter().any(|&m| m == b'S' || m == b'T') {
                Slot::Switch
            } else if mods.contains(&b'N') {
                Slot::Number
            } else if mods.contains(&b'M') {
                Slot::Multi
            } else {
                Slot::Text
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn template_slots() {
        assert_eq!(
            slots("COMMAND,WINDOW/K,SCREEN/K,FULL/S,PORTNAME/K,REFRESH/K/N,FILES/M,QUIET/T"),
            [Slot::Text, Slot::Text, Slot::Text, Slot::Switch, Slot::Text, Slot::Number, Slot::Multi, Slot::Switch]
        );
        assert_eq!(slots("a/s"), [Slot::Switch]);
    }
}
