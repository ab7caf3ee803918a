/*
 * rexxsyslib.library -- uae-harness TEST FIXTURE, not product code.
 *
 * FS-UAE's built-in AROS ROM has no rexxsyslib.library. This is a minimal
 * library with the same name, LVOs, structures and semantics for the
 * functions ARexx hosts and senders use, so the emulator scenarios can
 * talk ARexx (staged as Libs/rexxsyslib.library). It is NOT an ARexx
 * interpreter: there is no RexxMast, no REXX port, no resources.
 *
 * Facts (NDK 3.x: fd/rexxsyslib_lib.fd, rexx/storage.h, rexx/rxslib.h and
 * the rexxsyslib autodocs):
 *   LVOs: ##bias 30, 16 private slots, ##bias 126 CreateArgstring(a0,d0),
 *   DeleteArgstring(a0), LengthArgstring(a0), CreateRexxMsg(a0/a1,d0),
 *   DeleteRexxMsg(a0), ClearRexxMsg(a0,d0), FillRexxMsg(a0,d0/d1),
 *   IsRexxMsg(a0); 46 private slots; ##bias 450 LockRexxBase(d0),
 *   UnlockRexxBase(d0).
 *   struct RexxArg: ra_Size LONG 0, ra_Length UWORD 4, ra_Flags UBYTE 6,
 *   ra_Hash UBYTE 7, ra_Buff 8; an argstring points at ra_Buff (NUL
 *   terminated), so the header is at argstring-8; at most 65535 bytes.
 *   struct RexxMsg (128 bytes): rm_Node (struct Message, 20) 0,
 *   rm_TaskBlock 20, rm_LibBase 24, rm_Action 28, rm_Result1 32,
 *   rm_Result2 36, rm_Args[16] 40, rm_PassPort 104, rm_CommAddr 108,
 *   rm_FileExt 112, rm_Stdin 116, rm_Stdout 120, rm_avail 124.
 *
 * Choices of this fixture (what real programs must not depend on):
 *   ra_Size = the whole allocation (8 + length + 1); ra_Flags =
 *   NSF_STRING|NSF_EXT; ra_Hash = sum of the bytes modulo 256.
 *   CreateRexxMsg: ln_Type NT_MESSAGE, ln_Name -> "REXX" (what IsRexxMsg
 *   looks for, by content), mn_ReplyPort = port, mn_Length = 128,
 *   rm_LibBase = this base, rm_CommAddr = host, rm_FileExt = extension
 *   (pointers stored, not copied, as the autodoc says).
 *   FillRexxMsg: on failure every argstring it made is deleted and the
 *   message is left as it was.
 *   The 62 private slots return 0. LockRexxBase/UnlockRexxBase use a
 *   SignalSemaphore in the base. Expunge frees the library when its open
 *   count is 0 (delayed expunge otherwise), as an ordinary disk library.
 *
 * Built like the other native tools (uae-harness/src/native.rs): GNU as,
 * ld --emit-relocs -e _start, the project's ELF->hunk converter. The file
 * starts with `moveq #-1,d0; rts` (running the library as a command does
 * nothing), then the RomTag LoadSeg'ed libraries are found by.
 */

#include "ndk.h"

	/* This fixture's own version, and its base: a struct Library, then
	 * the seglist, SysBase and a struct SignalSemaphore. LVOs, structure
	 * offsets and flags come from the generated ndk.h; flags are combined
	 * with `+` (distinct bits), as `|` starts a comment in m68k GNU as. */
	.set	VERSION, 36
	.set	REVISION, 1
	.set	RB_SEGLIST, LIB_SIZE
	.set	RB_SYSBASE, RB_SEGLIST+4
	.set	RB_SEM, RB_SYSBASE+4
	.set	RB_SIZE, RB_SEM+SS_SIZE

	.text
	.globl	_start
_start:
	moveq	#-1,%d0
	rts

	.globl	romtag
romtag:
	.word	RTC_MATCHWORD
	.long	romtag			/* rt_MatchTag */
	.long	endskip			/* rt_EndSkip */
	.byte	RTF_AUTOINIT		/* rt_Flags */
	.byte	VERSION			/* rt_Version */
	.byte	NT_LIBRARY		/* rt_Type */
	.byte	0			/* rt_Pri */
	.long	libname			/* rt_Name */
	.long	idstring		/* rt_IdString */
	.long	inittable		/* rt_Init */

	.even
inittable:
	.long	RB_SIZE			/* dataSize */
	.long	functable		/* funcTable (absolute pointers, -1 ends) */
	.long	0			/* structInit: none, lib_init fills in */
	.long	lib_init		/* initRoutine */

functable:
	.long	lib_open		/*   -6 */
	.long	lib_close		/*  -12 */
	.long	lib_expunge		/*  -18 */
	.long	lib_null		/*  -24 reserved */
	.rept	16			/*  -30 .. -120 private */
	.long	lib_null
	.endr
	.long	create_argstring	/* -126 */
	.long	delete_argstring	/* -132 */
	.long	length_argstring	/* -138 */
	.long	create_rexxmsg		/* -144 */
	.long	delete_rexxmsg		/* -150 */
	.long	clear_rexxmsg		/* -156 */
	.long	fill_rexxmsg		/* -162 */
	.long	is_rexxmsg		/* -168 */
	.rept	46			/* -174 .. -444 private */
	.long	lib_null
	.endr
	.long	lock_rexxbase		/* -450 */
	.long	unlock_rexxbase		/* -456 */
	.long	-1

/* d0 = library base (from MakeLibrary), a0 = seglist, a6 = SysBase */
lib_init:
	movem.l	%a2/%a6,-(%sp)
	movea.l	%d0,%a2
	move.b	#NT_LIBRARY,ln_Type(%a2)
	move.l	#libname,ln_Name(%a2)
	move.b	#LIBF_CHANGED+LIBF_SUMUSED,lib_Flags(%a2)
	move.w	#VERSION,lib_Version(%a2)
	move.w	#REVISION,lib_Revision(%a2)
	move.l	#idstring,lib_IdString(%a2)
	move.l	%a0,RB_SEGLIST(%a2)
	move.l	%a6,RB_SYSBASE(%a2)
	lea	RB_SEM(%a2),%a0
	jsr	_LVOInitSemaphore(%a6)
	move.l	%a2,%d0
	movem.l	(%sp)+,%a2/%a6
	rts

/* Open: a6 = base, d0 = version. Called under Forbid. */
lib_open:
	addq.w	#1,lib_OpenCnt(%a6)
	bclr	#LIBB_DELEXP,lib_Flags(%a6)
	move.l	%a6,%d0
	rts

/* Close: a6 = base; returns the seglist when the library went away. */
lib_close:
	moveq	#0,%d0
	subq.w	#1,lib_OpenCnt(%a6)
	bne.s	1f
	btst	#LIBB_DELEXP,lib_Flags(%a6)
	bne.s	lib_expunge
1:	rts

/* Expunge: a6 = base. Under Forbid. */
lib_expunge:
	tst.w	lib_OpenCnt(%a6)
	beq.s	1f
	bset	#LIBB_DELEXP,lib_Flags(%a6)
	moveq	#0,%d0
	rts
1:	movem.l	%d2/%a5/%a6,-(%sp)
	movea.l	%a6,%a5
	move.l	RB_SEGLIST(%a5),%d2
	movea.l	RB_SYSBASE(%a5),%a6
	movea.l	%a5,%a1
	jsr	_LVORemove(%a6)
	moveq	#0,%d0
	move.w	lib_NegSize(%a5),%d0
	movea.l	%a5,%a1
	suba.l	%d0,%a1
	moveq	#0,%d1
	move.w	lib_PosSize(%a5),%d1
	add.l	%d1,%d0
	jsr	_LVOFreeMem(%a6)
	move.l	%d2,%d0
	movem.l	(%sp)+,%d2/%a5/%a6
	rts

lib_null:
	moveq	#0,%d0
	rts

/* argstr = CreateArgstring(string a0, length d0) -> d0 and a0 */
create_argstring:
	movem.l	%d2-%d3/%a2-%a3/%a6,-(%sp)
	movea.l	%a0,%a2
	move.l	%d0,%d2
	cmp.l	#MAX_ARGSTRING,%d2
	bhi.s	9f
	move.l	%d2,%d3
	add.l	#ra_Buff+1,%d3	/* header + bytes + NUL */
	move.l	%d3,%d0
	move.l	#MEMF_PUBLIC+MEMF_CLEAR,%d1
	movea.l	RB_SYSBASE(%a6),%a6
	jsr	_LVOAllocMem(%a6)
	tst.l	%d0
	beq.s	9f
	movea.l	%d0,%a3
	move.l	%d3,(%a3)		/* ra_Size */
	move.w	%d2,ra_Length(%a3)
	move.b	#NSF_STRING+NSF_EXT,ra_Flags(%a3)
	lea	ra_Buff(%a3),%a1
	moveq	#0,%d1			/* hash */
	move.l	%d2,%d0
	beq.s	2f
1:	move.b	(%a2)+,%d3
	move.b	%d3,(%a1)+
	add.b	%d3,%d1
	subq.l	#1,%d0
	bne.s	1b
2:	clr.b	(%a1)			/* NUL */
	move.b	%d1,ra_Hash(%a3)
	lea	ra_Buff(%a3),%a0
	move.l	%a0,%d0
	movem.l	(%sp)+,%d2-%d3/%a2-%a3/%a6
	rts
9:	moveq	#0,%d0
	suba.l	%a0,%a0
	movem.l	(%sp)+,%d2-%d3/%a2-%a3/%a6
	rts

/* DeleteArgstring(argstring a0); NULL is ignored */
delete_argstring:
	move.l	%a0,%d0
	beq.s	1f
	move.l	%a6,-(%sp)
	lea	-ra_Buff(%a0),%a1
	move.l	(%a1),%d0		/* ra_Size */
	movea.l	RB_SYSBASE(%a6),%a6
	jsr	_LVOFreeMem(%a6)
	movea.l	(%sp)+,%a6
1:	rts

/* length = LengthArgstring(argstring a0): ra_Length (0 for NULL) */
length_argstring:
	moveq	#0,%d0
	move.l	%a0,%d1
	beq.s	1f
	move.w	ra_Length-ra_Buff(%a0),%d0
1:	rts

/* msg = CreateRexxMsg(port a0, extension a1, host d0) -> d0 and a0 */
create_rexxmsg:
	movem.l	%d2/%a2-%a3/%a5-%a6,-(%sp)
	movea.l	%a6,%a5
	movea.l	%a0,%a2
	movea.l	%a1,%a3
	move.l	%d0,%d2
	move.l	#rm_SIZEOF,%d0
	move.l	#MEMF_PUBLIC+MEMF_CLEAR,%d1
	movea.l	RB_SYSBASE(%a5),%a6
	jsr	_LVOAllocMem(%a6)
	movea.l	%d0,%a0
	tst.l	%d0
	beq.s	1f
	move.b	#NT_MESSAGE,ln_Type(%a0)
	move.l	#rexxid,ln_Name(%a0)
	move.l	%a2,mn_ReplyPort(%a0)
	move.w	#rm_SIZEOF,mn_Length(%a0)
	move.l	%a5,rm_LibBase(%a0)
	move.l	%d2,rm_CommAddr(%a0)
	move.l	%a3,rm_FileExt(%a0)
1:	movem.l	(%sp)+,%d2/%a2-%a3/%a5-%a6
	rts

/* DeleteRexxMsg(msg a0); does not touch the argument slots */
delete_rexxmsg:
	move.l	%a0,%d0
	beq.s	1f
	move.l	%a6,-(%sp)
	movea.l	%a0,%a1
	move.l	#rm_SIZEOF,%d0
	movea.l	RB_SYSBASE(%a6),%a6
	jsr	_LVOFreeMem(%a6)
	movea.l	(%sp)+,%a6
1:	rts

/* ClearRexxMsg(msg a0, count d0): DeleteArgstring and clear slots 0..count-1 */
clear_rexxmsg:
	movem.l	%d2/%a2,-(%sp)
	move.l	%a0,%d1
	beq.s	3f
	lea	rm_Args(%a0),%a2
	move.l	%d0,%d2
	cmp.l	#MAXRMARG+1,%d2		/* the argument slots */
	bls.s	1f
	moveq	#MAXRMARG+1,%d2
1:	tst.l	%d2
	beq.s	3f
2:	movea.l	(%a2),%a0
	clr.l	(%a2)+
	bsr	delete_argstring
	subq.l	#1,%d2
	bne.s	2b
3:	movem.l	(%sp)+,%d2/%a2
	rts

/* ok = FillRexxMsg(msg a0, count d0, mask d1): slot i holds a C string
 * (mask bit i clear) or a LONG (bit set); each becomes an argstring. */
fill_rexxmsg:
	movem.l	%d2-%d5/%a2,-(%sp)
	lea	-80(%sp),%sp		/* 0: new[16], 64: number buffer */
	movea.l	%a0,%a2
	move.l	%d0,%d2
	cmp.l	#MAXRMARG+1,%d2		/* the argument slots */
	bls.s	1f
	moveq	#MAXRMARG+1,%d2
1:	move.l	%d1,%d3
	moveq	#0,%d4			/* i */
loop_fill:
	cmp.l	%d2,%d4
	bcc	fill_ok
	move.l	rm_Args(%a2,%d4.l*4),%d5
	btst	%d4,%d3
	bne.s	fill_int
	tst.l	%d5
	bne.s	1f
	clr.l	0(%sp,%d4.l*4)		/* NULL string slot stays NULL */
	bra.s	fill_next
1:	movea.l	%d5,%a1			/* strlen */
	moveq	#0,%d0
2:	tst.b	(%a1)+
	beq.s	3f
	addq.l	#1,%d0
	bra.s	2b
3:	movea.l	%d5,%a0
	bra.s	fill_make
fill_int:
	lea	76(%sp),%a1		/* digits backwards from 76(sp) */
	move.l	%d5,%d0
	bpl.s	1f
	neg.l	%d0
1:	divul.l	#10,%d1:%d0
	add.b	#'0',%d1
	move.b	%d1,-(%a1)
	tst.l	%d0
	bne.s	1b
	tst.l	%d5
	bpl.s	2f
	move.b	#'-',-(%a1)
2:	lea	76(%sp),%a0
	move.l	%a0,%d0
	sub.l	%a1,%d0
	movea.l	%a1,%a0
fill_make:
	bsr	create_argstring
	tst.l	%d0
	beq.s	fill_fail
	move.l	%d0,0(%sp,%d4.l*4)
fill_next:
	addq.l	#1,%d4
	bra	loop_fill
fill_ok:
	moveq	#0,%d4
	bra.s	2f
1:	move.l	0(%sp,%d4.l*4),rm_Args(%a2,%d4.l*4)
	addq.l	#1,%d4
2:	cmp.l	%d2,%d4
	bcs.s	1b
	moveq	#1,%d0
	bra.s	fill_exit
fill_fail:
	moveq	#0,%d5
	bra.s	2f
1:	movea.l	0(%sp,%d5.l*4),%a0
	bsr	delete_argstring
	addq.l	#1,%d5
2:	cmp.l	%d4,%d5
	bcs.s	1b
	moveq	#0,%d0
fill_exit:
	lea	80(%sp),%sp
	movem.l	(%sp)+,%d2-%d5/%a2
	rts

/* bool = IsRexxMsg(msg a0): ln_Name is a "REXX" string */
is_rexxmsg:
	moveq	#0,%d0
	move.l	%a0,%d1
	beq.s	2f
	movea.l	ln_Name(%a0),%a1
	move.l	%a1,%d1
	beq.s	2f
	lea	rexxid(%pc),%a0
1:	move.b	(%a0)+,%d1
	cmp.b	(%a1)+,%d1
	bne.s	2f
	tst.b	%d1
	bne.s	1b
	moveq	#1,%d0
2:	rts

/* LockRexxBase(resource d0) / UnlockRexxBase(resource d0): resource 0 = all */
lock_rexxbase:
	move.l	%a6,-(%sp)
	lea	RB_SEM(%a6),%a0
	movea.l	RB_SYSBASE(%a6),%a6
	jsr	_LVOObtainSemaphore(%a6)
	movea.l	(%sp)+,%a6
	rts

unlock_rexxbase:
	move.l	%a6,-(%sp)
	lea	RB_SEM(%a6),%a0
	movea.l	RB_SYSBASE(%a6),%a6
	jsr	_LVOReleaseSemaphore(%a6)
	movea.l	(%sp)+,%a6
	rts

libname:
	.asciz	"rexxsyslib.library"
idstring:
	.asciz	"rexxsyslib 36.1 (GadgetScope test fixture)\r\n"
rexxid:
	.asciz	"REXX"
	.even
endskip:
