/*
 * SemCheck -- uae-harness TEST-HARNESS TOOL, not product code.
 *
 * A diagnostic: wraps exec ObtainSemaphore (LVO -564),
 * ObtainSemaphoreShared (-678) and ReleaseSemaphore (-570) with
 * SetFunction and checks the semaphore's state around each call:
 *
 *  - after ObtainSemaphore returns, ss_Owner must be the calling task;
 *  - after ObtainSemaphoreShared returns, ss_Owner must be NULL (shared)
 *    or the calling task;
 *  - before ReleaseSemaphore, ss_Owner must be the calling task or NULL
 *    (a shared hold), and ss_NestCount must be positive.
 *
 * (A task that is being removed, tc_State TS_REMOVED, is skipped: exec
 * lets it pass without locking.) Each violation writes one line to the
 * serial port (Paula, polled, under Disable()):
 *
 *   SEMCHECK <what> sem=XXXXXXXX task=XXXXXXXX owner=XXXXXXXX
 *            nest=XXXX queue=XXXX caller=XXXXXXXX name=<task name>
 *
 * (one line; what = obtain | shared | release), at most 32 lines per boot.
 * The program keeps running: what follows shows in the serial log too.
 *
 * NDK facts (ss_Owner, ss_NestCount, tc_State, ThisTask, LVOs...) come
 * from the generated ndk.h.
 *
 * Position-independent, no relocations; _start must be first in .text.
 */
#include "ndk.h"
#include "resident.inc"

	.set	MAX_REPORTS, 32		/* this tool's limit of lines per boot */
	/* the names the .irp below builds from each wrapper's name */
	.set	LVO_obtain, _LVOObtainSemaphore
	.set	LVO_shared, _LVOObtainSemaphoreShared
	.set	LVO_release, _LVOReleaseSemaphore

	.text
	.globl	_start
_start:
	movem.l	%d2/%a2/%a3/%a6,-(%sp)
	move.l	4.w,%a6
	cmp.l	#1,%d0			/* an argument: report the call counts */
	bhi	stats
	RESIDENT_COPY block, block_end, .Lfail	/* a2 = the copied wrappers */
	jsr	_LVOForbid(%a6)		/* no task calls a half-installed wrapper */
	.irp	w, obtain, shared, release
	move.l	%a6,%a1
	lea	wrap_\w - block(%a2),%a3
	move.l	%a3,%d0
	move.l	#LVO_\w,%a0
	jsr	_LVOSetFunction(%a6)
	move.l	%d0,old_\w - block(%a2)
	.endr
	jsr	_LVOPermit(%a6)
	moveq	#RETURN_OK,%d0
	bra.s	.Lout
.Lfail:	moveq	#RETURN_FAIL,%d0
.Lout:	movem.l	(%sp)+,%d2/%a2/%a3/%a6
	rts

/* `SemCheck STATS`: the wrappers' call counts, found through exec's jump
 * table (a JMP abs.l at _LVOObtainSemaphore points at the installed wrap_obtain). */
stats:
	movem.l	%d3-%d7/%a4-%a5,-(%sp)
	cmp.w	#0x4EF9,_LVOObtainSemaphore(%a6)	/* jmp abs.l */
	bne.s	9f
	move.l	_LVOObtainSemaphore+2(%a6),%a2
	sub.l	#wrap_obtain - block,%a2	/* a2 = the installed block */
	lea	s_stats - block(%a2),%a0
	jsr	puts - block(%a2)
	move.l	cnt_obtain - block(%a2),%d0
	jsr	hex8 - block(%a2)
	lea	s_cshared - block(%a2),%a0
	jsr	puts - block(%a2)
	move.l	cnt_shared - block(%a2),%d0
	jsr	hex8 - block(%a2)
	lea	s_crelease - block(%a2),%a0
	jsr	puts - block(%a2)
	move.l	cnt_release - block(%a2),%d0
	jsr	hex8 - block(%a2)
	moveq	#10,%d0
	jsr	putc - block(%a2)
	movem.l	(%sp)+,%d3-%d7/%a4-%a5
	moveq	#RETURN_OK,%d0
	bra	.Lout
9:	movem.l	(%sp)+,%d3-%d7/%a4-%a5
	moveq	#RETURN_FAIL,%d0
	bra	.Lout

/* ---- everything from here to block_end is copied ---- */
	.balign	4
block:

/* ObtainSemaphore(a0 = sem), a6 = SysBase. */
wrap_obtain:
	move.l	%a0,-(%sp)
	move.l	old_obtain(%pc),%a1
	jsr	(%a1)
	move.l	(%sp)+,%a0
	movem.l	%d0-%d7/%a0-%a6,-(%sp)
	lea	cnt_obtain(%pc),%a1
	addq.l	#1,(%a1)
	move.l	ThisTask(%a6),%d0
	beq.s	9f
	move.l	%d0,%a1
	cmp.b	#TS_REMOVED,tc_State(%a1)
	beq.s	9f
	cmp.l	ss_Owner(%a0),%d0
	beq.s	9f
	lea	s_obtain(%pc),%a2
	move.l	60(%sp),%d7		/* caller: the return address above the saved registers */
	bsr	report
9:	movem.l	(%sp)+,%d0-%d7/%a0-%a6
	rts

/* ObtainSemaphoreShared(a0 = sem). */
wrap_shared:
	move.l	%a0,-(%sp)
	move.l	old_shared(%pc),%a1
	jsr	(%a1)
	move.l	(%sp)+,%a0
	movem.l	%d0-%d7/%a0-%a6,-(%sp)
	lea	cnt_shared(%pc),%a1
	addq.l	#1,(%a1)
	move.l	ThisTask(%a6),%d0
	beq.s	9f
	move.l	%d0,%a1
	cmp.b	#TS_REMOVED,tc_State(%a1)
	beq.s	9f
	tst.l	ss_Owner(%a0)
	beq.s	9f
	cmp.l	ss_Owner(%a0),%d0
	beq.s	9f
	lea	s_shared(%pc),%a2
	move.l	60(%sp),%d7
	bsr	report
9:	movem.l	(%sp)+,%d0-%d7/%a0-%a6
	rts

/* ReleaseSemaphore(a0 = sem): checked before the call. */
wrap_release:
	movem.l	%d0-%d7/%a0-%a6,-(%sp)
	lea	cnt_release(%pc),%a1
	addq.l	#1,(%a1)
	move.l	ThisTask(%a6),%d0
	beq.s	9f
	move.l	%d0,%a1
	cmp.b	#TS_REMOVED,tc_State(%a1)
	beq.s	9f
	tst.w	ss_NestCount(%a0)
	ble.s	8f
	tst.l	ss_Owner(%a0)
	beq.s	9f
	cmp.l	ss_Owner(%a0),%d0
	beq.s	9f
8:	lea	s_release(%pc),%a2
	move.l	60(%sp),%d7
	bsr	report
9:	movem.l	(%sp)+,%d0-%d7/%a0-%a6
	move.l	old_release(%pc),-(%sp)
	rts

/* a0 = sem, a1 = task, a2 = what, d7 = caller, a6 = SysBase. */
report:
	lea	count(%pc),%a3
	cmp.l	#MAX_REPORTS,(%a3)
	bcc	9f
	addq.l	#1,(%a3)
	move.l	%a0,%a4
	move.l	%a1,%a5
	jsr	_LVODisable(%a6)
	move.w	#30,0xDFF032		/* SERPER, as CrashGuard */
	move.l	%a2,%a0
	bsr	puts
	lea	s_sem(%pc),%a0
	bsr	puts
	move.l	%a4,%d0
	bsr	hex8
	lea	s_task(%pc),%a0
	bsr	puts
	move.l	%a5,%d0
	bsr	hex8
	lea	s_owner(%pc),%a0
	bsr	puts
	move.l	ss_Owner(%a4),%d0
	bsr	hex8
	lea	s_nest(%pc),%a0
	bsr	puts
	move.w	ss_NestCount(%a4),%d0
	bsr	hex4
	lea	s_queue(%pc),%a0
	bsr	puts
	move.w	ss_QueueCount(%a4),%d0
	bsr	hex4
	lea	s_caller(%pc),%a0
	bsr	puts
	move.l	%d7,%d0
	bsr	hex8
	lea	s_name(%pc),%a0
	bsr	puts
	move.l	ln_Name(%a5),%d1
	beq.s	2f
	move.l	%d1,%a0
	moveq	#47,%d4
1:	move.b	(%a0)+,%d0
	beq.s	2f
	bsr	putc
	dbra	%d4,1b
2:	moveq	#10,%d0
	bsr	putc
	jsr	_LVOEnable(%a6)
9:	rts

#include "serial.inc"

	.balign	4
old_obtain:	.long	0
old_shared:	.long	0
old_release:	.long	0
count:		.long	0
cnt_obtain:	.long	0
cnt_shared:	.long	0
cnt_release:	.long	0
s_obtain:	.asciz	"\nSEMCHECK obtain"
s_shared:	.asciz	"\nSEMCHECK shared"
s_release:	.asciz	"\nSEMCHECK release"
s_sem:		.asciz	" sem="
s_task:		.asciz	" task="
s_owner:	.asciz	" owner="
s_nest:		.asciz	" nest="
s_queue:	.asciz	" queue="
s_caller:	.asciz	" caller="
s_name:		.asciz	" name="
s_stats:	.asciz	"\nSEMCHECK-STATS obtain="
s_cshared:	.asciz	" shared="
s_crelease:	.asciz	" release="
	.balign	2
block_end:
