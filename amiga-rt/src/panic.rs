//! Panic -> message -> trap. The native runtime prints the message (Shell)
//! or shows it in an EasyRequest (Workbench) and exits with RC 20.
use core::fmt::Write;

struct Buf {
    bytes: [u8; 200],
    len: usize,
}

impl Write for Buf {
    fn write_str(&mut self, s: &str) -> core::fmt::Result {
        for &b in s.as_bytes() {
            if self.len < self.bytes.len() {
                self.bytes[self.len] = b;
                self.len += 1;
            }
        }
        Ok(())
    }
}

#[panic_handler]
fn panic(info: &core::panic::PanicInfo) -> ! {
    let mut buf = Buf { bytes: [0; 200], len: 0 };
    let _ = write!(buf, "{}", info.message());
    if let Some(loc) = info.location() {
        let _ = write!(buf, " ({}:{})", loc.file(), loc.line());
    }
    // SAFETY: buf is valid for len bytes; the runtime copies it out.
    unsafe { super::rt::rt_panic(buf.bytes.as_ptr(), buf.len as u32) };
    core::arch::wasm32::unreachable()
}
