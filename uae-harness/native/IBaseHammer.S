/*
 * IBaseHammer -- uae-harness TEST-HARNESS TOOL, not product code.
 *
 * A small program that is not GadgetScope, to show what the AROS ROM does
 * when intuition's IBase lock is taken again and again while windows open
 * and close (docs/design/harness-notes.md "console.device frees a unit in
 * use").
 * It loops, each round doing what its argument letters say, in order:
 *
 *   L   LockIBase(0)             (intuition LVO -414)
 *   F   Forbid()                 (exec LVO -132)
 *   f   Permit()                 (exec LVO -138)
 *   U   UnlockIBase(lock)        (intuition LVO -420)
 *
 * e.g. `IBaseHammer LU 30` is the lock alone, `IBaseHammer FLUf 30` the
 * hold as GadgetScope takes it (Forbid, LockIBase, copy, UnlockIBase,
 * Permit) without the copy, `IBaseHammer LFfU 30` the order it had before. The number after the letters is
 * the rounds in units of 10000 (1-99, default 10). RC 0, or 20 without
 * intuition.library.
 *
 * Position-independent, no relocations; _start must be first in .text;
 * plain 68000 code, as every harness tool. LVOs from the generated ndk.h.
 */
#include "ndk.h"

	.text
	.globl	_start
_start:
	movem.l	%d2-%d7/%a2-%a6,-(%sp)
	move.l	%a0,%a2			/* a2 = arguments, d0 = their length */
	move.l	%d0,%d7
	move.l	4.w,%a6
	lea	intuition(%pc),%a1
	moveq	#36,%d0
	jsr	_LVOOpenLibrary(%a6)
	tst.l	%d0
	beq	.Lfail
	move.l	%d0,%a5			/* a5 = IntuitionBase */
	/* a3 = first letter, d6 = number of letters */
	move.l	%a2,%a3
	moveq	#0,%d6
0:	cmp.l	%d6,%d7
	bls.s	1f
	move.b	(%a2,%d6.l),%d0
	cmp.b	#' ',%d0
	beq.s	1f
	cmp.b	#10,%d0
	beq.s	1f
	addq.l	#1,%d6
	bra.s	0b
	/* d5 = rounds: the decimal number after the letters * 10000 */
1:	moveq	#0,%d5
	move.l	%d6,%d1
2:	cmp.l	%d1,%d7
	bls.s	4f
	move.b	(%a2,%d1.l),%d0
	addq.l	#1,%d1
	cmp.b	#' ',%d0
	beq.s	2b
	sub.b	#'0',%d0
	bcs.s	4f
	cmp.b	#9,%d0
	bhi.s	4f
	mulu.w	#10,%d5
	ext.w	%d0
	ext.l	%d0
	add.l	%d0,%d5
	bra.s	2b
4:	tst.l	%d5
	bne.s	5f
	moveq	#10,%d5			/* d5 = units of 10000 rounds */
5:	moveq	#0,%d4			/* d4 = lock value */
.Lunit:
	move.w	#10000-1,%d2		/* d2 = rounds left in this unit */
.Lround:
	moveq	#0,%d3
.Lletter:
	cmp.l	%d3,%d6
	bls.s	.Lnext
	move.b	(%a3,%d3.l),%d0
	addq.l	#1,%d3
	cmp.b	#'L',%d0
	bne.s	6f
	move.l	%a5,%a6
	moveq	#0,%d0
	jsr	_LVOLockIBase(%a6)
	move.l	%d0,%d4
	bra.s	.Lletter
6:	cmp.b	#'U',%d0
	bne.s	7f
	move.l	%a5,%a6
	move.l	%d4,%a0
	jsr	_LVOUnlockIBase(%a6)
	bra.s	.Lletter
7:	move.l	4.w,%a6
	cmp.b	#'F',%d0
	bne.s	8f
	jsr	_LVOForbid(%a6)
	bra.s	.Lletter
8:	cmp.b	#'f',%d0
	bne.s	.Lletter
	jsr	_LVOPermit(%a6)
	bra.s	.Lletter
.Lnext:
	dbra	%d2,.Lround
	subq.l	#1,%d5
	bne.s	.Lunit
	move.l	4.w,%a6
	move.l	%a5,%a1
	jsr	_LVOCloseLibrary(%a6)
	moveq	#RETURN_OK,%d0
	bra.s	.Lout
.Lfail:	moveq	#RETURN_FAIL,%d0
.Lout:	movem.l	(%sp)+,%d2-%d7/%a2-%a6
	rts

intuition:
	.asciz	"intuition.library"
	.balign	2
