//! The reply framing: `RC <code> <byte-count>\n` and the payload.

use alloc::vec::Vec;

use gadgetscope_arexx::Rc;

/// Longest reply header in bytes: `RC 20 18446744073709551615\n`.
pub const HEADER_MAX: usize = 27;

fn push_decimal(out: &mut Vec<u8>, mut n: u64) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[i..]);
}

/// The reply header for `len` payload bytes: `RC <code> <len>\n`, decimal,
/// single spaces (WIRE.md "Responses"). The payload follows it with no
/// terminator of its own; the client reads it by count.
pub fn header(rc: Rc, len: u64) -> Vec<u8> {
    let mut out = Vec::with_capacity(HEADER_MAX);
    out.extend_from_slice(b"RC ");
    push_decimal(&mut out, u64::from(rc.code()));
    out.push(b' ');
    push_decimal(&mut out, len);
    out.push(b'\n');
    out
}

/// A whole reply: the header and `payload`. On the wire an RC ≠ 0 reply
/// carries its error text as the payload (unlike an ARexx reply, where
/// RESULT is set only for RC 0).
pub fn encode(rc: Rc, payload: &[u8]) -> Vec<u8> {
    let mut out = header(rc, payload.len() as u64);
    out.extend_from_slice(payload);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers() {
        assert_eq!(header(Rc::Ok, 0), b"RC 0 0\n");
        assert_eq!(header(Rc::NotFound, 7), b"RC 5 7\n");
        assert_eq!(header(Rc::Failed, u64::MAX), b"RC 20 18446744073709551615\n");
        assert_eq!(header(Rc::Failed, u64::MAX).len(), HEADER_MAX);
        assert_eq!(encode(Rc::Error, b"no\nRC 0 0\n"), b"RC 10 10\nno\nRC 0 0\n");
    }
}
