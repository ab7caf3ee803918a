/*
 * CrashGuard -- uae-harness TEST-HARNESS TOOL, not product code.
 *
 * The first line of every generated S/Startup-Sequence. It installs a trap
 * handler as tc_TrapCode of the Shell process that runs the script, so any
 * CPU exception in a command the script runs afterwards (they all run on
 * that same process) is reported on the serial port and ends FS-UAE at once
 * instead of leaving a modal "Software Failure" requester until the timeout.
 *
 * The handler cannot live in this program's own segment (the Shell unloads
 * it when CrashGuard returns), so it is copied into a never-freed AllocMem
 * block (position-independent code) and the caches are flushed.
 *
 * How the handler is entered (exec on AmigaOS, and AROS m68k's
 * M68KExceptionHelper likewise): supervisor mode, the exception frame on the
 * supervisor stack, and the exception vector number pushed on top of it as a
 * longword:
 *     0(sp) ULONG vector number (2 bus error, 3 address error, 4 illegal,
 *                 5 zero divide, 8 privilege, 10 line A, 11 line F, 32+n TRAP #n)
 *     4(sp) UWORD SR
 *     6(sp) ULONG PC
 *    10(sp) UWORD format/vector word (68010+)
 *    12(sp) ULONG faulting instruction address (format $2 frames: zero
 *                 divide, CHK, TRAPV; there PC is the next instruction)
 *    20(sp) ULONG fault address (68020 format $A/$B bus/address error frames)
 *
 * Serial line written (Paula SERDAT $DFF030, SERPER $DFF032, polling TBE =
 * bit 13 of SERDATR $DFF018, interrupts masked):
 *     "\nCRASHGUARD trap=XXXXXXXX pc=XXXXXXXX sr=XXXX fmt=XXXX addr=XXXXXXXX
 *      task=XXXXXXXX seg=XXXXXXXX hunk=XXXXXXXX off=XXXXXXXX cmd=<name>\n"
 *     (one line)
 * seg = start of the running command's first hunk (0 if unknown); hunk =
 * the number (from 0) of the command's hunk that holds the PC and off =
 * the PC's offset in it (both FFFFFFFF when none does: a program's code
 * may be in several hunks); cmd = the CLI command name.
 * then uaelib ExitEmu (function 13 at $F0FF60). If that returns (no UAE
 * boot ROM), it spins forever.
 *
 * NDK facts (tc_TrapCode, pr_CLI, cli_Module, LVOs...) come from the
 * generated ndk.h (uae-harness/src/native.rs says from where).
 *
 * Position-independent, no relocations; _start must be first in .text.
 */
#include "ndk.h"
#include "resident.inc"

	.text
	.globl	_start
_start:
	movem.l	%d2/%a2/%a6,-(%sp)
	move.l	4.w,%a6
	RESIDENT_COPY handler, handler_end, .Lfail	/* a2 = copy of the handler */
	sub.l	%a1,%a1
	jsr	_LVOFindTask(%a6)	/* this Shell process */
	move.l	%d0,%a0
	move.l	%a2,tc_TrapCode(%a0)
	moveq	#RETURN_OK,%d0
	bra.s	.Lout
.Lfail:	moveq	#RETURN_FAIL,%d0
.Lout:	movem.l	(%sp)+,%d2/%a2/%a6
	rts

/* ---- everything from here to handler_end is copied ---- */
	.balign	2
handler:
	move.w	#0x2700,%sr		/* mask interrupts: we own the serial port */
	move.l	%sp,%a3			/* a3 = frame (vector number on top) */
	move.w	#30,0xDFF032		/* SERPER: fast; FS-UAE logs bytes regardless */
	lea	s_trap(%pc),%a0
	bsr	puts
	move.l	0(%a3),%d0
	bsr	hex8
	lea	s_pc(%pc),%a0
	bsr	puts
	move.l	6(%a3),%d0
	bsr	hex8
	lea	s_sr(%pc),%a0
	bsr	puts
	move.w	4(%a3),%d0
	bsr	hex4
	lea	s_fmt(%pc),%a0
	bsr	puts
	move.w	10(%a3),%d0
	bsr	hex4
	lea	s_addr(%pc),%a0
	bsr	puts
	moveq	#0,%d0
	move.w	10(%a3),%d1
	lsr.w	#8,%d1
	lsr.w	#4,%d1
	cmp.w	#0x2,%d1		/* format $2 (zero divide, CHK, TRAPV): */
	bne.s	0f
	move.l	12(%a3),%d0		/* address of the faulting instruction */
	bra.s	2f
0:	cmp.w	#0xA,%d1		/* short bus cycle fault frame */
	beq.s	1f
	cmp.w	#0xB,%d1		/* long bus cycle fault frame */
	bne.s	2f
1:	move.l	20(%a3),%d0		/* data cycle fault address */
2:	bsr	hex8
	lea	s_task(%pc),%a0
	bsr	puts
	move.l	4.w,%a0
	move.l	ThisTask(%a0),%a4
	move.l	%a4,%d0
	bsr	hex8
	/* If the task is a CLI process: the running command's first hunk
	 * (cli_Module) and its name (cli_CommandName), so the host can turn
	 * the PC into an offset in the executable. */
	sub.l	%a5,%a5
	cmp.b	#NT_PROCESS,ln_Type(%a4)
	bne.s	4f
	move.l	pr_CLI(%a4),%d1
	beq.s	4f
	lsl.l	#2,%d1
	move.l	%d1,%a5			/* a5 = struct CommandLineInterface */
4:	lea	s_seg(%pc),%a0
	bsr	puts
	moveq	#0,%d0
	move.l	%a5,%d1
	beq.s	5f
	move.l	cli_Module(%a5),%d1
	beq.s	5f
	lsl.l	#2,%d1
	addq.l	#4,%d1			/* code starts after the next-segment BPTR */
	move.l	%d1,%d0
5:	bsr	hex8
	/* The hunk holding the PC: the segment list from cli_Module, each
	 * segment's BPTR pointing at its next-segment BPTR, its size in bytes
	 * (the two header longwords included) in the longword before it and
	 * its contents after it (dos.library LoadSeg, dos/doshunks.h). At
	 * most 256 segments, in case the list is damaged. */
	moveq	#-1,%d7			/* d7 = hunk number, -1: none */
	moveq	#-1,%d6			/* d6 = offset in it (hex8 uses d2, d3) */
	move.l	%a5,%d1
	beq.s	9f
	move.l	cli_Module(%a5),%d1
	move.l	6(%a3),%d0		/* the PC */
	moveq	#0,%d4
8:	tst.l	%d1
	beq.s	9f
	lsl.l	#2,%d1
	btst	#0,%d1			/* never odd: a damaged list ends here */
	bne.s	9f
	move.l	%d1,%a0
	move.l	%d0,%d5
	sub.l	%d1,%d5
	subq.l	#4,%d5			/* d5 = PC - start of the contents */
	bcs.s	10f
	move.l	-4(%a0),%d1
	subq.l	#8,%d1			/* bytes of contents */
	cmp.l	%d1,%d5
	bcc.s	10f
	move.l	%d4,%d7
	move.l	%d5,%d6
	bra.s	9f
10:	move.l	(%a0),%d1		/* next segment */
	addq.l	#1,%d4
	cmp.w	#256,%d4
	bcs.s	8b
9:	lea	s_hunk(%pc),%a0
	bsr	puts
	move.l	%d7,%d0
	bsr	hex8
	lea	s_off(%pc),%a0
	bsr	puts
	move.l	%d6,%d0
	bsr	hex8
	lea	s_cmd(%pc),%a0
	bsr	puts
	move.l	%a5,%d1
	beq.s	7f
	move.l	cli_CommandName(%a5),%d1
	beq.s	7f
	lsl.l	#2,%d1
	move.l	%d1,%a4			/* BSTR: length byte, then characters */
	moveq	#0,%d4
	move.b	(%a4)+,%d4
	cmp.w	#64,%d4
	bls.s	6f
	moveq	#64,%d4
6:	subq.w	#1,%d4
	bmi.s	7f
	move.b	(%a4)+,%d0
	bsr	putc
	bra.s	6b
7:	moveq	#10,%d0
	bsr	putc
	move.l	#13,-(%sp)		/* uaelib ExitEmu */
	jsr	0xF0FF60
	addq.l	#4,%sp
3:	bra.s	3b

#include "serial.inc"

s_trap:	.asciz	"\nCRASHGUARD trap="
s_pc:	.asciz	" pc="
s_sr:	.asciz	" sr="
s_fmt:	.asciz	" fmt="
s_addr:	.asciz	" addr="
s_task:	.asciz	" task="
s_seg:	.asciz	" seg="
s_hunk:	.asciz	" hunk="
s_off:	.asciz	" off="
s_cmd:	.asciz	" cmd="
	.balign	2
handler_end:
