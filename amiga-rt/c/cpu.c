/* GadgetScope native runtime: the processor check, the first code every
 * program runs (start.S calls it before rt_start).
 *
 * Everything else is compiled for the 68020 (docs/reference/toolchain.md, "GCC
 * and the native runtime"); on a 68000 or 68010 its first 68020 instruction
 * would be an illegal-instruction crash. This file is compiled with -m68000 and
 * calls only the LVO stubs (plain 68000 code, os_glue.S is assembled for the
 * 68000 too), so it runs on any 680x0; `cargo xtask amiga` checks the
 * disassembly of _start and everything it calls before rt_start
 * (amiga-toolchain/src/startcheck.rs).
 *
 * exec/execbase.h: AttnFlags (a UWORD of ExecBase) has AFF_68020 set by
 * exec on a 68020 and every later CPU (ndk.h).
 * A program that cannot run says so plainly: to the Shell's output, or,
 * started from Workbench, in an EasyRequest (intuition V36; without it,
 * nothing is shown), and ends with RC 20 (RETURN_FAIL). */

#include "os_glue.h"
#include "ndk.h"

#ifndef GS_PROGRAM_NAME
#define GS_PROGRAM_NAME "program"
#endif

typedef unsigned long ULONG;

#define SYSBASE (*(volatile ULONG *)4)

#define NEEDS GS_PROGRAM_NAME " needs a 68020 or better"
static const char g_line[] = NEEDS "\n";

/* 0: this CPU runs the program; RETURN_FAIL: it was told why not. */
ULONG rt_cpu_check(void)
{
    ULONG me, wbmsg = 0, lib;
#ifdef GS_CPU_68000
    /* The 68000 build (xtask --cpu 68000) runs on every 680x0. */
    return 0;
#endif
    if (*(volatile unsigned short *)(SYSBASE + AttnFlags) & AFF_68020) return 0;

    me = gs_exec_FindTask(SYSBASE, 0);
    if (*(volatile ULONG *)(me + pr_CLI) == 0) {
        gs_exec_WaitPort(SYSBASE, me + pr_MsgPort);
        wbmsg = gs_exec_GetMsg(SYSBASE, me + pr_MsgPort);
    }
    if (!wbmsg) {
        lib = gs_exec_OpenLibrary(SYSBASE, (ULONG)"dos.library", 0);
        if (lib) {
            ULONG out = gs_dos_Output(lib);
            if (out) gs_dos_Write(lib, out, (ULONG)g_line, sizeof g_line - 1);
            gs_exec_CloseLibrary(SYSBASE, lib);
        }
        return RETURN_FAIL;
    }
    lib = gs_exec_OpenLibrary(SYSBASE, (ULONG)"intuition.library", 36);
    if (lib) {
        /* intuition/intuition.h struct EasyStruct: es_StructSize,
         * es_Flags, es_Title, es_TextFormat, es_GadgetFormat */
        ULONG es[5];
        es[0] = es_SIZEOF;
        es[1] = 0;
        es[2] = (ULONG)GS_PROGRAM_NAME;
        es[3] = (ULONG)NEEDS;
        es[4] = (ULONG)"OK";
        gs_intuition_EasyRequestArgs(lib, 0, (ULONG)es, 0, 0);
        gs_exec_CloseLibrary(SYSBASE, lib);
    }
    gs_exec_Forbid(SYSBASE);
    gs_exec_ReplyMsg(SYSBASE, wbmsg);
    return RETURN_FAIL;
}
