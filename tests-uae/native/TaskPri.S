/*
 * TaskPri -- GadgetScope TEST-HARNESS TOOL, not product code.
 *
 *     TaskPri <n>      (n: decimal -128..127, an optional leading '-')
 *
 * Sets the priority of the process that runs it (the Shell running the
 * generated Startup-Sequence) with exec SetTaskPri (LVO -300); processes
 * it starts later (Run, GadgetScope, fixtures) inherit the priority
 * (dos CreateNewProc: NP_Priority defaults to the parent's). RC 0, or
 * RC 10 when the argument is not such a number. The AROS ROM has no
 * ChangeTaskPri command.
 *
 * Why the harness runs `TaskPri 10` (tests-uae/README.md "Hang reports"):
 * the AROS ROM built into FS-UAE (exec 51.3, 20.5.2015) reschedules at the
 * end of an interrupt without masking higher interrupt levels, so the
 * TaskReady insertion of a level-1 software-interrupt reschedule can be
 * cut by a level-2 interrupt whose server signals another task, and a
 * task ends up ready but in no list. A priority-0 process sending a DOS
 * packet to a priority-10 handler (DH0, RAM) takes that path on every
 * packet; at the handlers' own priority it does not.
 *
 * Entry (AmigaDOS command): a0 = argument line, d0 = its length.
 * Position-independent, no relocations; _start must be first in .text.
 */
	.set	LVO_FINDTASK, -294
	.set	LVO_SETTASKPRI, -300

	.text
	.globl	_start
_start:
	movem.l	%d2-%d3/%a6,-(%sp)
	move.l	%d0,%d1			/* bytes left */
	moveq	#0,%d2			/* value */
	moveq	#0,%d3			/* bit 0: negative, bit 1: a digit seen */
skip:
	tst.l	%d1
	beq	done
	cmp.b	#' ',(%a0)
	bne	sign
	addq.l	#1,%a0
	subq.l	#1,%d1
	bra	skip
sign:
	cmp.b	#'-',(%a0)
	bne	digits
	bset	#0,%d3
	addq.l	#1,%a0
	subq.l	#1,%d1
digits:
	tst.l	%d1
	beq	done
	moveq	#0,%d0
	move.b	(%a0)+,%d0
	subq.l	#1,%d1
	cmp.b	#'\n',%d0
	beq	done
	cmp.b	#' ',%d0
	beq	done
	sub.b	#'0',%d0
	bcs	bad
	cmp.b	#9,%d0
	bhi	bad
	mulu.w	#10,%d2
	add.l	%d0,%d2
	cmp.l	#128,%d2
	bhi	bad
	bset	#1,%d3
	bra	digits
done:
	btst	#1,%d3
	beq	bad
	btst	#0,%d3
	beq	positive
	neg.l	%d2
	bra	set
positive:
	cmp.l	#127,%d2
	bhi	bad
set:
	move.l	4.w,%a6
	sub.l	%a1,%a1
	jsr	LVO_FINDTASK(%a6)
	move.l	%d0,%a1
	move.l	%d2,%d0
	jsr	LVO_SETTASKPRI(%a6)
	moveq	#0,%d0
	bra	out
bad:
	moveq	#10,%d0
out:
	movem.l	(%sp)+,%d2-%d3/%a6
	rts
