| GadgetScope native runtime: program entry and stack swap.
|
| _start must be the first byte of the first code hunk
| (docs/reference/formats.md, "Amiga executables"); the linker script places
| .text.start first. This file is assembled for the 68000 (it runs before the
| processor check has passed). Register conventions: AmigaOS LVO calls take
| arguments in registers and preserve d2-d7/a2-a6; GCC's m68k ABI passes C
| arguments on the stack and treats d0-d1/a0-a1 as scratch
| (docs/reference/toolchain.md, "GCC and the native runtime").

#include "ndk.h"

	.section .text.start,"ax"
	.globl	_start
_start:
	| a0/d0 hold the Shell argument line; dos.library ReadArgs() reads it
	| from the process input itself, so nothing needs keeping here.
	| First the processor check (cpu.c, 68000 code): everything from
	| rt_start on is 68020 code.
	jsr	rt_cpu_check
	tst.l	%d0
	bne.s	1f
	jsr	rt_start
1:	rts

	.text
| ULONG rt_swap_call(struct StackSwapStruct *sss, ULONG (*fn)(void))
| Runs fn on the stack described by sss (exec StackSwap(), V37) and swaps
| back. Done in assembly: after StackSwap() every sp-relative C local
| would point into the other stack.
	.globl	rt_swap_call
rt_swap_call:
	movem.l	%d2/%a2/%a6,-(%sp)
	move.l	16(%sp),%a2		| sss
	move.l	20(%sp),%d2		| fn
	move.l	4.w,%a6
	move.l	%a2,%a0
	jsr	_LVOStackSwap(%a6)	| StackSwap(a0)
	move.l	%d2,%a0
	jsr	(%a0)
	move.l	%d0,%d2
	move.l	4.w,%a6
	move.l	%a2,%a0
	jsr	_LVOStackSwap(%a6)	| StackSwap(a0) back
	move.l	%d2,%d0
	movem.l	(%sp)+,%d2/%a2/%a6
	rts
