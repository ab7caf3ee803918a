//! A stretch of the program on a native stack of its own: [`run_on`]
//! allocates a stack of the given size, runs a closure on it (exec
//! `StackSwap()`) and frees it again (amiga-rt/c/runtime.c
//! `rt_on_stack`). A program whose deep OS calls (a window's layout,
//! requesters) come only in one stretch declares a smaller stack of its
//! own (`program!`'s `stack:`) and takes the larger one only while that
//! stretch runs (GadgetScope's window: docs/design/parts.md).
//!
//! Of any native stack, the OS calls made from the wasm2c code's deepest
//! frame get all but [`STACK_CODE`], at most [`STACK_RESERVE_MAX`]
//! ([`reserve`]), and the wasm2c code the rest; the stack guard's check
//! moves with the stack. These constants are the runtime's too (ndk.h).
//! A trap on that stack is reported as any other (RC 20) after the stack
//! is given back.

/// Of every native stack, the least the wasm2c code gets above the stack
/// guard's floor, bytes; the rest is kept for the OS calls made from its
/// deepest frame, up to [`STACK_RESERVE_MAX`] ([`reserve`]).
pub const STACK_CODE: u32 = 8 * 1024;
/// The most a stack keeps for OS calls, bytes: what a larger stack has
/// beyond it goes to the wasm2c code (the canary's and the benchmark's
/// 64 KiB stacks give it 52 KiB).
pub const STACK_RESERVE_MAX: u32 = 12 * 1024;
/// The least native stack, bytes: a program's (`program!`'s `stack:`) and
/// [`run_on`]'s. The stack guard lets a function without the check use up
/// to 1 KiB of the reserve (amiga-toolchain `stackguard::BUDGET`), so OS
/// calls keep at least 1 KiB.
pub const STACK_MIN: u32 = 10 * 1024;
/// The most native stack, bytes.
pub const STACK_MAX: u32 = 1024 * 1024;
/// On a process's own stack, the bytes the runtime leaves free between its
/// start's frame and the program's native stack below it: its own callees
/// run there (runtime.c `rt_start`). A process runs on its own stack when
/// that has the program's stack and this much free.
pub const STACK_MARGIN: u32 = 512;

/// What a native stack of `bytes` keeps for OS calls below the wasm2c
/// code's [`STACK_CODE`]: all the rest, at most [`STACK_RESERVE_MAX`]
/// (runtime.c `GS_STACK_RESERVE`, from these constants).
pub const fn reserve(bytes: u32) -> u32 {
    let rest = bytes.saturating_sub(STACK_CODE);
    if rest < STACK_RESERVE_MAX {
        rest
    } else {
        STACK_RESERVE_MAX
    }
}

/// No memory for the stack: exec `AllocVec()` found no block of its size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NoStack;

/// Runs `f` on a native stack of `bytes` ([`STACK_MIN`] to [`STACK_MAX`],
/// rounded down to a multiple of 4) allocated for the call, and returns its result; the
/// stack is freed when `f` returns. `Err(NoStack)` when the stack cannot
/// be had (`f` not run). Not nested: a call of `run_on` inside `f` stops
/// the program (RC 20, "bad indirect call"), as does a `bytes` out of
/// range.
#[cfg(target_arch = "wasm32")]
pub fn run_on<R>(bytes: u32, f: impl FnOnce() -> R) -> Result<R, NoStack> {
    let mut f = Some(f);
    let mut out = None;
    let mut body = || out = f.take().map(|f| f());
    let mut dynamic: &mut dyn FnMut() = &mut body;
    let arg = &mut dynamic as *mut &mut dyn FnMut() as u32;
    let entry: extern "C" fn(u32) = on_stack_entry;
    // SAFETY: the runtime calls `entry` (a table index, as every wasm
    // function pointer) with `arg` once, before rt_on_stack returns, while
    // `dynamic` and what it borrows are alive.
    let ran = unsafe { crate::rt::rt_on_stack(bytes, entry as usize as u32, arg) };
    match (ran, out) {
        (0, _) => Err(NoStack),
        (_, Some(r)) => Ok(r),
        // rt_on_stack returns non-zero only after the body ran.
        (_, None) => unreachable!("rt_on_stack returned without running its body"),
    }
}

/// What rt_on_stack calls on the new stack: `arg` is [`run_on`]'s
/// `&mut &mut dyn FnMut()`.
#[cfg(target_arch = "wasm32")]
extern "C" fn on_stack_entry(arg: u32) {
    // SAFETY: `arg` is the address run_on passed, of a `&mut dyn FnMut()`
    // it keeps alive until rt_on_stack returns.
    let f = unsafe { &mut *(arg as *mut &mut dyn FnMut()) };
    f();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reserve_is_the_rest_up_to_its_most() {
        assert_eq!(reserve(STACK_MIN), 2 * 1024);
        assert_eq!(reserve(15 * 1024), 7 * 1024);
        assert_eq!(reserve(20 * 1024), STACK_RESERVE_MAX);
        assert_eq!(reserve(64 * 1024), STACK_RESERVE_MAX);
        assert_eq!(reserve(4 * 1024), 0);
    }
}
