//! Colours.

/// An RGB colour, 8 bits per component.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// `self` moved `percent` % of the way towards `other`.
    pub fn mix(self, other: Rgb, percent: u32) -> Rgb {
        let f = |a: u8, b: u8| ((a as u32 * (100 - percent) + b as u32 * percent) / 100) as u8;
        Rgb(f(self.0, other.0), f(self.1, other.1), f(self.2, other.2))
    }
}

/// The MagicWB 8-colour Workbench palette (pens 0-7). Pens 0-3 are the OS
/// 2.x/3.x Workbench pens (background grey, black, white, blue), which is
/// what a 4-colour Workbench shows for the low two planes; pens 4-7 (dark
/// grey, light grey, beige, pink) are MagicWB's additions. Values as
/// published with MagicWB (Martin Huttenloher) and used by icon editors.
pub const MAGICWB: [Rgb; 8] = [
    Rgb(149, 149, 149),
    Rgb(0, 0, 0),
    Rgb(255, 255, 255),
    Rgb(59, 103, 162),
    Rgb(123, 123, 123),
    Rgb(175, 175, 175),
    Rgb(170, 144, 124),
    Rgb(255, 169, 151),
];

/// The pen a classic icon's selected image uses for each pen of the
/// normal image: the picture darkens (grey background to dark grey, light
/// faces to grey, white to light grey, shadows to black); blue, beige and
/// pink stay.
pub const SELECTED: [u8; 8] = [4, 1, 5, 3, 1, 0, 6, 7];
