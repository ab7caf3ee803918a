/*
 * ConsoleFix -- uae-harness TEST-HARNESS TOOL, not product code.
 *
 * Mends a use-after-free in the console.device of the AROS ROM built into
 * FS-UAE 3.1.66 (AROS 46.11, 20.5.2015), as NoNest mends its exec race;
 * a line of every generated S/Startup-Sequence, after NoNest.
 *
 * The bug (AROS source of that date: rom/devs/console/cdinputhandler.c,
 * console.c; docs/design/harness-notes.md "console.device frees a unit in
 * use"):
 * console.device's input handler runs on input.device's task. For each
 * event it finds the console unit of the active window (obtainconunit:
 * ObtainSemaphoreShared(unitListLock), LockIBase() to read ActiveWindow,
 * mark the unit CF_DELAYEDDISPOSE, release) and afterwards unmarks it
 * (releaseconunit: ObtainSemaphore(unitListLock), clear the mark, and if
 * CF_DISPOSE is set, DoMethodA(unit, OM_REMOVE) and DisposeObject()).
 * But console.device's Close() never looks at CF_DELAYEDDISPOSE (nor
 * sets CF_DISPOSE): it removes and disposes the unit at once. When the
 * handler has to wait in between -- for intuition's IBase lock held by
 * another task, or for unitListLock held by Close() or Open() -- a closing
 * console window's unit is freed under it; releaseconunit then reads and
 * writes the freed object (mungwall fills it with $DEADBEEF), and when the
 * fill has CF_DISPOSE's bit set it calls the object's dispatcher through
 * the freed class pointer: input.device jumps to $E73Fxxxx, an
 * open-bus read at $DEADBEEF+8 ("Software Failure", Line 1010 emulator,
 * Task input.device); otherwise it clears a bit of whatever now lives
 * there (memory corruption), and the console task gets the stale unit.
 *
 * The mend: console.device's Close vector (LIB_CLOSE, -12) is wrapped. The
 * wrapper takes consoleTaskLock (the console task holds it while it
 * works on a unit) and unitListLock; while the unit is marked
 * CF_DELAYEDDISPOSE it lets both go, waits one tick (dos Delay(1)) and
 * tries again; otherwise it removes the unit from the list (OM_REMOVE,
 * as Close() does) while holding both locks, lets them go, disposes the
 * unit (intuition DisposeObject) and calls the original Close with
 * io_Unit cleared, which then only does the device's bookkeeping. After
 * OM_REMOVE neither the handler nor the console task can find the unit.
 *
 * It patches only the code it knows: the ROM's console.device must have
 * the Close body and handler bytes checked below (offsets of unitListLock
 * 46, consoleTaskLock 92 in ConsoleBase, conFlags 296 in the unit). Any
 * other console.device (a real Kickstart) is left alone: RC 0 and a line
 * saying so. RC 20 without memory or libraries.
 *
 * Position-independent, no relocations; _start must be first in .text.
 */
#include "ndk.h"
#include "resident.inc"

	/* Not NDK facts: the private layout of that AROS console.device
	 * (rom/devs/console), checked through the ROM bytes below. */
	.set	UNIT_LIST_LOCK, 46	/* ConsoleBase: unitListLock */
	.set	CONSOLE_TASK_LOCK, 92	/* ConsoleBase: consoleTaskLock */
	.set	CON_FLAGS, 296		/* the unit object: conFlags */

	/* ROM code the patch is made for (AROS console.device of 20.5.2015) */
	.set	ROM_CLOSE_BODY, 0xFABD5C	/* lea a4@(46),a5 (unitListLock) */
	.set	ROM_HANDLER_MARK, 0xFABFAC	/* moveq #1,d0; or.l d0,a2@(296) */
	.set	ROM_TASK_LOCK, 0xFB06CE		/* lea a3@(92),a0 (consoleTaskLock) */

	.text
	.globl	_start
_start:
	movem.l	%d2-%d4/%a2-%a6,-(%sp)
	move.l	4.w,%a6
	lea	dosname(%pc),%a1
	moveq	#36,%d0
	jsr	_LVOOpenLibrary(%a6)
	move.l	%d0,%d3			/* d3 = DOSBase (kept open) */
	beq	.Lfail
	lea	intname(%pc),%a1
	moveq	#36,%d0
	jsr	_LVOOpenLibrary(%a6)
	move.l	%d0,%d4			/* d4 = IntuitionBase (kept open) */
	beq	.Lfail
	/* The code this mends, or nothing. */
	cmp.l	#0x4BEC002E,ROM_CLOSE_BODY
	bne	.Lother
	cmp.l	#0x700181AA,ROM_HANDLER_MARK
	bne	.Lother
	cmp.w	#0x0128,ROM_HANDLER_MARK+4
	bne	.Lother
	cmp.l	#0x41EB005C,ROM_TASK_LOCK
	bne	.Lother
	RESIDENT_COPY block, block_end, .Lfail	/* a2 = the copied wrapper */
	move.l	%d3,dosbase - block(%a2)
	move.l	%d4,intbase - block(%a2)
	jsr	_LVOForbid(%a6)
	lea	DeviceList(%a6),%a0
	lea	conname(%pc),%a1
	jsr	_LVOFindName(%a6)
	tst.l	%d0
	beq.s	.Lnodev
	move.l	%d0,%a1			/* console.device */
	lea	wrap_close - block(%a2),%a3
	move.l	%a3,%d0
	move.l	#LIB_CLOSE,%a0
	jsr	_LVOSetFunction(%a6)
	move.l	%d0,old_close - block(%a2)
	jsr	_LVOPermit(%a6)
	moveq	#RETURN_OK,%d0
	bra.s	.Lout
.Lnodev:
	jsr	_LVOPermit(%a6)
	bra.s	.Lfail
.Lother:
	lea	s_other(%pc),%a0
	bsr.s	print
	moveq	#RETURN_OK,%d0
	bra.s	.Lout
.Lfail:	moveq	#RETURN_FAIL,%d0
.Lout:	movem.l	(%sp)+,%d2-%d4/%a2-%a6
	rts

/* a0 = NUL-terminated text to Output(); d3 = DOSBase. */
print:
	movem.l	%d2-%d3/%a2/%a6,-(%sp)
	move.l	%a0,%a2
	moveq	#-1,%d2
0:	addq.l	#1,%d2
	tst.b	(%a0)+
	bne.s	0b
	move.l	%d3,%a6
	jsr	_LVOOutput(%a6)
	move.l	%d0,%d1
	beq.s	1f
	move.l	%d2,%d3
	move.l	%a2,%d2
	jsr	_LVOWrite(%a6)
1:	movem.l	(%sp)+,%d2-%d3/%a2/%a6
	rts

dosname:	.asciz	"dos.library"
intname:	.asciz	"intuition.library"
conname:	.asciz	"console.device"
s_other:	.asciz	"ConsoleFix: not the console.device it mends, nothing patched\n"
	.balign	2

/* ---- everything from here to block_end is copied ---- */
	.balign	4
block:

/* console.device Close: a1 = IORequest, a6 = ConsoleBase. */
wrap_close:
	movem.l	%d2/%a2-%a5,-(%sp)
	move.l	%a1,%a2			/* a2 = the request */
	move.l	%a6,%a3			/* a3 = ConsoleBase */
	move.l	io_Unit(%a2),%d0
	beq.s	.Lorig			/* no unit, or CONU_LIBRARY (-1): */
	cmp.l	#-1,%d0			/* the original does what it does */
	beq.s	.Lorig
	move.l	%d0,%a4			/* a4 = the unit object */
.Lretry:
	move.l	4.w,%a6
	lea	CONSOLE_TASK_LOCK(%a3),%a0
	jsr	_LVOObtainSemaphore(%a6)
	lea	UNIT_LIST_LOCK(%a3),%a0
	jsr	_LVOObtainSemaphore(%a6)
	btst	#0,CON_FLAGS+3(%a4)	/* CF_DELAYEDDISPOSE: the handler has it */
	beq.s	.Lremove
	lea	UNIT_LIST_LOCK(%a3),%a0
	jsr	_LVOReleaseSemaphore(%a6)
	lea	CONSOLE_TASK_LOCK(%a3),%a0
	jsr	_LVOReleaseSemaphore(%a6)
	move.l	dosbase(%pc),%a6
	moveq	#1,%d1			/* one tick */
	jsr	_LVODelay(%a6)
	bra.s	.Lretry
.Lremove:
	/* DoMethodA(unit, OM_REMOVE), the way the ROM calls a dispatcher:
	 * a0 = the class (its cl_Dispatcher hook), a2 = object, a1 = msg. */
	move.l	#OM_REMOVE,-(%sp)
	move.l	%a2,%d2
	move.l	%sp,%a1
	move.l	-OCLASS_BEFORE(%a4),%a0	/* OCLASS(unit) */
	move.l	%a4,%a2
	move.l	cl_Dispatcher+h_Entry(%a0),%a5
	jsr	(%a5)
	addq.l	#4,%sp
	move.l	%d2,%a2
	move.l	4.w,%a6
	lea	UNIT_LIST_LOCK(%a3),%a0
	jsr	_LVOReleaseSemaphore(%a6)
	lea	CONSOLE_TASK_LOCK(%a3),%a0
	jsr	_LVOReleaseSemaphore(%a6)
	move.l	intbase(%pc),%a6
	move.l	%a4,%a0
	jsr	_LVODisposeObject(%a6)
	clr.l	io_Unit(%a2)		/* the original: bookkeeping only */
.Lorig:
	move.l	%a2,%a1
	move.l	%a3,%a6
	move.l	old_close(%pc),%a0
	movem.l	(%sp)+,%d2/%a2-%a5
	jmp	(%a0)

	.balign	4
old_close:	.long	0
dosbase:	.long	0
intbase:	.long	0
block_end:
