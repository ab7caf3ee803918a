/*
 * ExitEmu -- uae-harness TEST-HARNESS TOOL, not product code.
 *
 * The last line of every generated S/Startup-Sequence: calls UAE's uaelib
 * entry (the UAE boot ROM, $F0FF60) with function 13 = ExitEmu, which makes
 * FS-UAE quit at once. Under a real Amiga or an emulator without the UAE
 * boot ROM this would crash, so it is only ever staged by the harness.
 *
 * Position-independent, no relocations; _start must be first in .text.
 */
	.text
	.globl	_start
_start:
	move.l	#13,-(%sp)		/* uaelib function 13: ExitEmu */
	jsr	0xF0FF60		/* UAE boot ROM uaelib demux */
	addq.l	#4,%sp
	moveq	#0,%d0			/* RC 0 (not reached under UAE) */
	rts
