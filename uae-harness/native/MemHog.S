/*
 * MemHog -- uae-harness TEST-HARNESS TOOL, not product code.
 *
 *   MemHog [STACK=<bytes>] <program> [<arguments>]
 *
 * Runs <program> on a machine whose free memory is all in pieces smaller
 * than 8 KiB, to see what a program does when its own allocations fail
 * (scenario `stack-refused`: GadgetScope's native stack, at least 10 KiB
 * as every program's):
 *
 *  1. loads <program> (dos LoadSeg) while memory is still free;
 *  2. holds every free chunk it can in BLOCK-sized exec AllocMem blocks,
 *     until AllocMem fails: no free chunk of BLOCK bytes is left. A
 *     failed AllocMem makes the ROM free memory later (its low-memory
 *     handlers: AROS expunges what is not in use), so it waits SETTLE
 *     ticks and holds again, up to ROUNDS times, while exec
 *     AvailMem(MEMF_LARGEST) still finds BLOCK bytes;
 *  3. gives back HOLES blocks, one in two of the last ones taken (a kept
 *     block between two freed ones, so no two merge), so the Shell and
 *     DOS still find small blocks while <program> runs. A freed block
 *     can only merge with the free rest of its region above it, which is
 *     smaller than BLOCK: the largest free chunk stays under 2 * BLOCK;
 *  4. calls <program>'s first hunk the way the Shell starts a command
 *     (a0 the argument line, d0 its length, ending in a newline; the same
 *     line as dos SetArgStr; MemHog's own words read away from Input(),
 *     where ReadArgs reads the rest of the line) on this
 *     process, on a stack taken in step 1 (exec StackSwap): SMALL bytes,
 *     what a Shell's default `Stack` gives a command on AmigaOS (the AROS
 *     ROM's Shell gives each command more, room for a native stack of
 *     15 KiB), too small for a program to run its native stack on; or
 *     STACK=<bytes> (SMALL to STACK_MAX), room for a program to run on
 *     while it asks something else for memory;
 *  5. frees everything, unloads <program> and prints
 *     `MemHog: largest free <bytes> while held, RC <rc>, IoErr <n>`
 *     (exec AvailMem(MEMF_LARGEST) after step 3; <program>'s return code
 *     and dos IoErr() right after it returned); ends with <program>'s RC.
 *
 * RC 20 with a dos fault line when <program> cannot be loaded, or with a
 * usage line without arguments. NDK facts come from the generated ndk.h.
 */
#include "ndk.h"

	.set	BLOCK, 4096		/* this tool's unit of holding, bytes */
	.set	HOLES, 16		/* blocks given back after holding */
	.set	ROUNDS, 8		/* holding rounds at most */
	.set	SETTLE, 10		/* ticks (1/50 s) between rounds */
	.set	PATH_MAX, 256		/* this tool's buffer for <program> */
	.set	SMALL, 4000		/* the stack <program> runs on, bytes */
	.set	STACK_KEY, 6		/* bytes of "STACK=" */

	.text
	.globl	_start
_start:
	movem.l	%d2-%d7/%a2-%a6,-(%sp)
	move.l	%a0,%a2			/* the argument line */
	lea	argline(%pc),%a1
	move.l	%a0,(%a1)
	lea	(%a0,%d0.l),%a3		/* its end */
	move.l	4.w,%a6
	lea	dosname(%pc),%a1
	moveq	#37,%d0
	jsr	_LVOOpenLibrary(%a6)
	move.l	%d0,%a5			/* DOSBase */
	tst.l	%d0
	beq	.Lnodos
	move.l	%a5,%a6

	/* STACK=<bytes>: the first word, when it starts so */
	bsr	skip_spaces
	lea	s_stack(%pc),%a0
	move.l	%a2,%a1
	moveq	#STACK_KEY-1,%d1
6:	cmp.l	%a3,%a1
	bcc.s	1f
	cmpm.b	(%a0)+,(%a1)+
	dbne	%d1,6b
	bne.s	1f			/* not STACK= */
	moveq	#0,%d0			/* the number after it, in decimal */
7:	cmp.l	%a3,%a1
	bcc.s	8f
	moveq	#0,%d1
	move.b	(%a1),%d1
	sub.b	#'0',%d1
	cmp.b	#9,%d1
	bhi.s	8f
	move.l	%d0,%d2		/* d0 * 10 + d1, without the 68020's mulu.l */
	lsl.l	#3,%d0
	add.l	%d2,%d2
	add.l	%d2,%d0
	add.l	%d1,%d0
	addq.l	#1,%a1
	bra.s	7b
8:	cmp.l	#SMALL,%d0		/* at least SMALL, at most STACK_MAX */
	bcs	.Lusage
	cmp.l	#STACK_MAX,%d0
	bhi	.Lusage
	and.b	#0xfc,%d0
	lea	stk(%pc),%a0
	move.l	%d0,(%a0)
	move.l	%a1,%a2

	/* <program>: the next word, copied with a NUL */
1:	bsr	skip_spaces
	cmp.l	%a3,%a2
	bcc	.Lusage
2:	cmp.b	#' ',(%a2)
	bcs	.Lusage			/* a newline or control character: no <program> */
	lea	path(%pc),%a0
	move.w	#PATH_MAX-2,%d1
3:	cmp.l	%a3,%a2
	bcc.s	4f
	move.b	(%a2),%d0
	cmp.b	#' ',%d0
	bls.s	4f			/* space, newline or a control character */
	move.b	%d0,(%a0)+
	addq.l	#1,%a2
	dbra	%d1,3b
4:	clr.b	(%a0)
	cmp.l	%a3,%a2			/* <arguments>: after one space */
	bcc.s	5f
	cmp.b	#' ',(%a2)
	bne.s	5f
	addq.l	#1,%a2
5:	lea	path(%pc),%a0
	move.l	%a0,%d1
	jsr	_LVOLoadSeg(%a6)
	move.l	%d0,%d7			/* seglist (BPTR) */
	beq	.Lnoload
	move.l	4.w,%a6			/* <program>'s stack, while memory is free */
	move.l	stk(%pc),%d0
	moveq	#MEMF_ANY,%d1
	jsr	_LVOAllocMem(%a6)
	lea	sss(%pc),%a0
	move.l	%d0,(%a0)+		/* stk_Lower */
	beq	.Lnostack
	add.l	stk(%pc),%d0
	move.l	%d0,(%a0)+		/* stk_Upper */
	move.l	%d0,(%a0)		/* stk_Pointer */

	/* hold, then give back HOLES blocks */
	move.l	4.w,%a6
	moveq	#0,%d5			/* held blocks, linked by their first longword */
	moveq	#0,%d6			/* the blocks kept between the holes */
	moveq	#ROUNDS-1,%d4
0:	move.l	#BLOCK,%d0
	moveq	#MEMF_ANY,%d1
	jsr	_LVOAllocMem(%a6)
	tst.l	%d0
	beq.s	1f
	move.l	%d0,%a0
	move.l	%d5,(%a0)
	move.l	%d0,%d5
	bra.s	0b
1:	move.l	%a5,%a6
	moveq	#SETTLE,%d1
	jsr	_LVODelay(%a6)
	move.l	4.w,%a6
	move.l	#MEMF_LARGEST,%d1
	jsr	_LVOAvailMem(%a6)
	cmp.l	#BLOCK,%d0
	dbcs	%d4,0b			/* again while BLOCK bytes are free */
	moveq	#HOLES-1,%d3
3:	bsr	free_first
	tst.l	%d5
	beq.s	4f
	move.l	%d5,%a0
	move.l	(%a0),%d5
	move.l	%d6,(%a0)
	move.l	%a0,%d6
	dbra	%d3,3b
4:	move.l	#MEMF_LARGEST,%d1
	jsr	_LVOAvailMem(%a6)
	lea	report(%pc),%a4
	move.l	%d0,(%a4)

	/* run <program>. MemHog's own words are read away from Input(),
	 * where the Shell left the whole line and ReadArgs reads a
	 * command's arguments from, so that <program> reads its own. */
	move.l	%a5,%a6
	jsr	_LVOInput(%a6)
	move.l	%d0,%d3
	move.l	%a2,%d4
	sub.l	argline(%pc),%d4
	bra.s	2f
1:	move.l	%d3,%d1
	jsr	_LVOFGetC(%a6)
2:	dbra	%d4,1b
	move.l	%a5,%a6
	move.l	%a2,%d1
	jsr	_LVOSetArgStr(%a6)
	move.l	%d0,12(%a4)		/* MemHog's own, back after the run */
	move.l	4.w,%a6
	lea	sss(%pc),%a0
	jsr	_LVOStackSwap(%a6)	/* onto SMALL bytes */
	move.l	%d7,%d0
	lsl.l	#2,%d0
	move.l	%d0,%a1
	move.l	%a2,%a0
	move.l	%a3,%d0
	sub.l	%a2,%d0
	movem.l	%d5-%d7/%a4-%a5,-(%sp)
	jsr	4(%a1)
	movem.l	(%sp)+,%d5-%d7/%a4-%a5
	move.l	%d0,4(%a4)
	move.l	4.w,%a6
	lea	sss(%pc),%a0
	jsr	_LVOStackSwap(%a6)	/* back */
	move.l	%a5,%a6
	jsr	_LVOIoErr(%a6)
	move.l	%d0,8(%a4)
	move.l	12(%a4),%d1
	jsr	_LVOSetArgStr(%a6)

	/* give everything back */
	move.l	4.w,%a6
	bsr	free_all
	move.l	%d6,%d5
	bsr	free_all
	move.l	sss(%pc),%a1
	move.l	stk(%pc),%d0
	jsr	_LVOFreeMem(%a6)
	move.l	%a5,%a6
	move.l	%d7,%d1
	jsr	_LVOUnLoadSeg(%a6)
	lea	s_report(%pc),%a0
	move.l	%a0,%d1
	move.l	%a4,%d2
	jsr	_LVOVPrintf(%a6)
	move.l	4(%a4),%d2		/* <program>'s RC */
	bra.s	.Lclose

.Lusage:
	lea	s_usage(%pc),%a0
	move.l	%a0,%d1
	moveq	#0,%d2
	jsr	_LVOVPrintf(%a6)
	moveq	#RETURN_FAIL,%d2
	bra.s	.Lclose
.Lnostack:
	move.l	%a5,%a6
	move.l	%d7,%d1
	jsr	_LVOUnLoadSeg(%a6)
	move.l	#ERROR_NO_FREE_STORE,%d1
	jsr	_LVOSetIoErr(%a6)
.Lnoload:
	jsr	_LVOIoErr(%a6)
	move.l	%d0,%d1
	lea	path(%pc),%a0
	move.l	%a0,%d2
	jsr	_LVOPrintFault(%a6)
	moveq	#RETURN_FAIL,%d2
.Lclose:
	move.l	%a5,%a1
	move.l	4.w,%a6
	jsr	_LVOCloseLibrary(%a6)
	move.l	%d2,%d0
	bra.s	.Lout
.Lnodos:
	moveq	#RETURN_FAIL,%d0
.Lout:	movem.l	(%sp)+,%d2-%d7/%a2-%a6
	rts

/* Moves a2 past spaces before a3. */
skip_spaces:
	cmp.l	%a3,%a2
	bcc.s	1f
	cmp.b	#' ',(%a2)
	bne.s	1f
	addq.l	#1,%a2
	bra.s	skip_spaces
1:	rts

/* Frees the first block of the list of BLOCK-sized blocks at d5 (0:
 * empty, nothing done) and leaves the rest at d5; a6 = SysBase. */
free_first:
	tst.l	%d5
	beq.s	1f
	move.l	%d5,%a1
	move.l	(%a1),%d5
	move.l	#BLOCK,%d0
	jsr	_LVOFreeMem(%a6)
1:	rts

/* Frees the whole list at d5. */
free_all:
	bsr.s	free_first
	tst.l	%d5
	bne.s	free_all
	rts

	.balign	4
report:		.long	0, 0, 0		/* largest free, RC, IoErr: VPrintf's arguments */
		.long	0		/* MemHog's argument string while <program> runs */
sss:		.long	0, 0, 0		/* exec/tasks.h struct StackSwapStruct of <program>'s stack */
stk:		.long	SMALL		/* its size, bytes */
argline:	.long	0		/* MemHog's argument line */
path:		.space	PATH_MAX
dosname:	.asciz	"dos.library"
s_report:	.asciz	"MemHog: largest free %ld while held, RC %ld, IoErr %ld\n"
s_usage:	.asciz	"usage: MemHog [STACK=<bytes>] <program> [<arguments>]\n"
s_stack:	.ascii	"STACK="
	.balign	2
