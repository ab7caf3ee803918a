/*
 * NoNest -- uae-harness TEST-HARNESS TOOL, not product code.
 *
 * The second line of every generated S/Startup-Sequence (like SetPatch,
 * it mends the machine the tests run on, not the program under test).
 * It makes every interrupt handler of levels 1-6 run with all interrupts
 * masked: each autovector ($64-$78 from the VBR) is pointed at a stub
 * that sets SR to $2700 and jumps to the ROM's handler. The exception
 * frame is untouched, so the handler's RTE restores the interrupted SR.
 *
 * Why (docs/design/harness-notes.md "Lost tasks"): the AROS ROM built into
 * FS-UAE (exec 51.3, 20.5.2015) reschedules on the way out of an
 * interrupt (ExitIntr -> core_Schedule: tc_State = TS_READY,
 * Enqueue(TaskReady)) at that interrupt's level, so a higher level can
 * interrupt the Enqueue; when its server signals another task (the UAE
 * filesystem answers DOS packets from a level-2 interrupt, timer.device
 * signals from VERTB) the two insertions into TaskReady interleave and a
 * task ends up ready but in no list, never to run again. With no nesting
 * the Enqueue cannot be interrupted. Nothing else of the ROM changes.
 *
 * The vector base is 0 on a 68000 and VBR from the 68010 on (exec's
 * AttnFlags says which): the tool runs on every configuration the harness
 * has, the A500's 68000 included; it is assembled for the 68010 (movec).
 *
 * The stubs live in a never-freed AllocMem block (the Shell unloads this
 * command's segment when it returns); the caches are flushed before the
 * vectors are written in supervisor mode (exec Supervisor). RC 0, or 20
 * without memory.
 *
 * Position-independent, no relocations; _start must be first in .text.
 */
#include "ndk.h"
#include "resident.inc"

	/* The 680x0's vector table (not an NDK fact): the autovectors of
	 * levels 1-6 at $64..$78 from the vector base. */
	.set	LEVEL1_VECTOR, 0x64
	.set	LEVELS, 6
	/* This tool's stub: move.w #$2700,sr; move.l d16(pc),-(sp); rts */
	.set	STUB_BYTES, 10

	.text
	.globl	_start
_start:
	movem.l	%d2/%a2/%a5/%a6,-(%sp)
	move.l	4.w,%a6
	RESIDENT_COPY block, block_end, .Lfail	/* a2 = the copied stubs */
	lea	install(%pc),%a5
	jsr	_LVOSupervisor(%a6)	/* install(a2): saves and replaces the vectors */
	moveq	#RETURN_OK,%d0
	bra.s	.Lout
.Lfail:	moveq	#RETURN_FAIL,%d0
.Lout:	movem.l	(%sp)+,%d2/%a2/%a5/%a6
	rts

/* Supervisor mode, a2 = block. For each level: the ROM's vector into the
 * block's table (read by the stub), the stub's address into the vector. */
install:
	ori.w	#0x0700,%sr
	sub.l	%a0,%a0			/* the 68000 has no VBR: vectors at 0 */
	move.l	4.w,%a1
	btst	#AFB_68010,AttnFlags+1(%a1)	/* the UWORD's low byte */
	beq.s	1f
	movec	%vbr,%a0		/* 68010 and later */
1:	lea	LEVEL1_VECTOR(%a0),%a0
	lea	old - block(%a2),%a1
	move.l	%a2,%d1			/* d1 = first stub */
	moveq	#LEVELS-1,%d0
0:	move.l	(%a0),(%a1)+
	move.l	%d1,(%a0)+
	add.l	#STUB_BYTES,%d1
	dbra	%d0,0b
	rte

/* ---- everything from here to block_end is copied ---- */
	.balign	4
block:
	.irp	n, 0, 1, 2, 3, 4, 5
	move.w	#0x2700,%sr
	move.l	old + 4*\n(%pc),-(%sp)
	rts
	.endr
old:	.fill	LEVELS, 4, 0
block_end:
