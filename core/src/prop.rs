//! Proportional gadgets: where the knob is, from `struct PropInfo`
//! (intuition/intuition.h), so that DRAG can grab the knob instead of
//! pressing the container (a press beside the knob pages by one step).
//!
//! `struct PropInfo` (22 bytes, all UWORD): `Flags` 0, `HorizPot` 2,
//! `VertPot` 4, `HorizBody` 6, `VertBody` 8, `CWidth` 10, `CHeight` 12,
//! `HPotRes` 14, `VPotRes` 16, `LeftBorder` 18, `TopBorder` 20. The last six
//! are Intuition's: it fills them in whenever it lays out or renders the
//! gadget (the container's size and its offset in the gadget's box).
//!
//! Knob arithmetic (RKRM Libraries, "Proportional gadgets"; the same in
//! AROS rom/intuition/propgadgets.c `CalcKnobSize`): the container is the
//! gadget's box less the border (`LeftBorder`/`TopBorder` on each side; 0
//! with `PROPBORDERLESS`); along a free axis the knob is `C * Body /
//! MAXBODY` long (at least `KNOBHMIN`/`KNOBVMIN`) and starts `(C - knob) *
//! Pot / MAXPOT` into the container; along a fixed axis it fills the
//! container. AROS's propgclass (which GadTools sliders and scrollers are
//! built from there) points `SpecialInfo` at its own PropInfo, so the
//! same reading serves classic PROPGADGETs and those BOOPSI objects.

use amiga_ndk::be::be_u16;
use amiga_ndk::intuition::*;

/// The border Intuition puts around a bordered container when the
/// PropInfo does not say yet (AROS `CalcKnobSize`).
pub const DEFAULT_BORDER: i32 = 3;

/// The fields of a `struct PropInfo`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PropInfo {
    pub flags: u16,
    pub horiz_pot: u16,
    pub vert_pot: u16,
    pub horiz_body: u16,
    pub vert_body: u16,
    pub c_width: u16,
    pub c_height: u16,
    pub h_pot_res: u16,
    pub v_pot_res: u16,
    pub left_border: u16,
    pub top_border: u16,
}

impl PropInfo {
    /// Decodes the 22 big-endian bytes.
    pub fn decode(b: &[u8; pi_SIZEOF]) -> PropInfo {
        let w = |o: usize| be_u16(b, o);
        PropInfo {
            flags: w(pi_Flags),
            horiz_pot: w(pi_HorizPot),
            vert_pot: w(pi_VertPot),
            horiz_body: w(pi_HorizBody),
            vert_body: w(pi_VertBody),
            c_width: w(pi_CWidth),
            c_height: w(pi_CHeight),
            h_pot_res: w(pi_HPotRes),
            v_pot_res: w(pi_VPotRes),
            left_border: w(pi_LeftBorder),
            top_border: w(pi_TopBorder),
        }
    }
}

/// One axis: (offset into the gadget box, length) of the knob.
fn axis(free: bool, gadget_len: i32, border: i32, cached: u16, body: u16, pot: u16, min: i32) -> (i32, i32) {
    // The container: Intuition's cached size when it agrees with the box,
    // else the box less the border on both sides.
    let c = if cached > 0 && i32::from(cached) + 2 * border == gadget_len {
        i32::from(cached)
    } else {
        gadget_len - 2 * border
    };
    if !free {
        return (border, c);
    }
    let knob = ((c as i64 * i64::from(body)) / i64::from(MAXBODY)) as i32;
    let knob = knob.max(min).min(c);
    let start = ((i64::from(c - knob) * i64::from(pot)) / i64::from(MAXPOT)) as i32;
    (border + start, knob)
}

/// The knob's box `(left, top, width, height)` in the same coordinates as
/// the gadget box `(left, top, width, height)`; `None` when the PropInfo
/// does not look like one (no free axis) or the container is smaller than
/// the smallest knob (Intuition draws no knob then).
pub fn knob_box(gadget: (i32, i32, i32, i32), pi: &PropInfo) -> Option<(i32, i32, i32, i32)> {
    let (gl, gt, gw, gh) = gadget;
    if pi.flags & (FREEHORIZ | FREEVERT) == 0 {
        return None;
    }
    let (lb, tb) = if pi.flags & PROPBORDERLESS != 0 {
        (0, 0)
    } else {
        let b = |v: u16| if v > 0 { i32::from(v) } else { DEFAULT_BORDER };
        (b(pi.left_border), b(pi.top_border))
    };
    if gw - 2 * lb < i32::from(KNOBHMIN) || gh - 2 * tb < i32::from(KNOBVMIN) {
        return None;
    }
    let (x, w) = axis(pi.flags & FREEHORIZ != 0, gw, lb, pi.c_width, pi.horiz_body, pi.horiz_pot, i32::from(KNOBHMIN));
    let (y, h) = axis(pi.flags & FREEVERT != 0, gh, tb, pi.c_height, pi.vert_body, pi.vert_pot, i32::from(KNOBVMIN));
    Some((gl + x, gt + y, w, h))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn horiz(pot: u16, body: u16) -> PropInfo {
        PropInfo { flags: FREEHORIZ, horiz_pot: pot, horiz_body: body, vert_body: 0xFFFF, ..Default::default() }
    }

    #[test]
    fn decode_fields() {
        let mut b = [0u8; pi_SIZEOF];
        for (i, x) in b.iter_mut().enumerate() {
            *x = i as u8;
        }
        let p = PropInfo::decode(&b);
        assert_eq!(p.flags, 0x0001);
        assert_eq!(p.horiz_pot, 0x0203);
        assert_eq!(p.top_border, 0x1415);
    }

    #[test]
    fn knob_at_the_ends_and_middle() {
        // 106×14 box at (10,20), default border 3: container 100×8.
        let g = (10, 20, 106, 14);
        // Half body, pot 0: knob 49 wide (100*32767/65535), at the left.
        assert_eq!(knob_box(g, &horiz(0, 0x7FFF)), Some((13, 23, 49, 8)));
        // Pot MAXPOT: knob at the right end of the container.
        assert_eq!(knob_box(g, &horiz(0xFFFF, 0x7FFF)), Some((13 + 51, 23, 49, 8)));
        // Pot half: (100-49)*0x7FFF/0xFFFF = 25.
        assert_eq!(knob_box(g, &horiz(0x7FFF, 0x7FFF)), Some((13 + 25, 23, 49, 8)));
    }

    #[test]
    fn small_body_gets_the_minimum_knob() {
        // A GadTools-like slider 0..100: body MAXBODY/101 → 0 px, so KNOBHMIN.
        let g = (0, 0, 106, 12);
        let k = knob_box(g, &horiz(0x3FFF, (0xFFFF / 101) as u16)).unwrap();
        assert_eq!((k.2, k.3), (i32::from(KNOBHMIN), 6));
        // (100-6) * 0x3FFF / 0xFFFF = 23.
        assert_eq!(k.0, 3 + 23);
    }

    #[test]
    fn cached_borders_and_borderless() {
        let mut p = horiz(0, 0xFFFF / 2);
        p.left_border = 2;
        p.top_border = 2;
        p.c_width = 102;
        p.c_height = 10;
        assert_eq!(knob_box((0, 0, 106, 14), &p), Some((2, 2, 50, 10)));
        p.flags |= PROPBORDERLESS;
        assert_eq!(knob_box((0, 0, 106, 14), &p), Some((0, 0, 52, 14)));
    }

    #[test]
    fn vertical_and_rejects() {
        let p =
            PropInfo { flags: FREEVERT, vert_pot: 0xFFFF, vert_body: 0x3FFF, horiz_body: 0xFFFF, ..Default::default() };
        // Container 10×100: knob 24 high ((100*0x3FFF)/0xFFFF), at the bottom.
        assert_eq!(knob_box((0, 0, 16, 106), &p), Some((3, 3 + 76, 10, 24)));
        assert_eq!(knob_box((0, 0, 16, 106), &PropInfo::default()), None);
        assert_eq!(knob_box((0, 0, 8, 106), &p), None);
    }
}
