/*
 * CrashTest -- uae-harness TEST-HARNESS TOOL, not product code.
 * Crashes on purpose so the harness can check that CrashGuard turns a CPU
 * exception into Outcome::Crash. The first argument character selects how:
 *   (none) / 'I'  ILLEGAL instruction (vector 4), PC = address of `crash_illegal`,
 *                 in the program's second code hunk (a code part, as the
 *                 larger programs' code is: amiga-toolchain/src/codeparts.rs)
 *   'A'           jump to an odd address (address error, vector 3)
 *   'Z'           divide by zero (vector 5)
 * DOS passes the argument line in a0 (length d0).
 */
	.text
	.globl	_start
_start:
	move.b	(%a0),%d1
	cmp.b	#'A',%d1
	beq.s	crash_odd
	cmp.b	#'Z',%d1
	beq.s	crash_div
	jmp	crash_illegal		/* absolute: another hunk */
crash_odd:
	lea	1(%pc),%a0		/* odd address -> address error */
	jmp	(%a0)
crash_div:
	moveq	#0,%d1
	moveq	#1,%d0
	divu.w	%d1,%d0
	rts

	.section .gs_text.1,"ax",@progbits
	.balign	4			/* a hunk starts on a longword */
	.globl	crash_part
crash_part:
	nop
	nop
	.globl	crash_illegal
crash_illegal:
	illegal
	rts
