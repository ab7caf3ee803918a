#!/usr/bin/env python3
"""Check that a file is a loadable AmigaOS hunk executable.

Usage: validate_hunk.py <file>

Parses the file with the amitools Python API (HunkReader, as LoadSeg would
see it) and checks: the result is RESULT_OK, it is a HUNK_HEADER load file
without resident libraries, hunk numbering starts at 0, the first hunk is
HUNK_CODE, every hunk fits its HUNK_HEADER size, and every HUNK_RELOC32
entry names an existing hunk and a longword inside its own hunk. Then it
lets amitools relocate the image.

Prints one line `ok: N hunks: HUNK_CODE 1234 bytes 5 relocs, ...` and exits
0, or prints the problem and exits 1. (hunktool's exit code is no verdict.)
Relocated values pointing outside their target hunk are only warned about
on stderr: C may legitimately form such addresses.
"""

import sys


def fail(msg):
    print(f"invalid: {msg}")
    sys.exit(1)


def main():
    if len(sys.argv) != 2:
        print("usage: validate_hunk.py <file>")
        sys.exit(1)
    path = sys.argv[1]
    try:
        from amitools.binfmt.hunk import Hunk
        from amitools.binfmt.hunk.HunkReader import HunkReader
        from amitools.binfmt.hunk.HunkRelocate import HunkRelocate
    except ImportError as e:
        fail(f"amitools is not installed ({e}): pip install amitools")

    reader = HunkReader()
    try:
        result = reader.read_file(path)
    except OSError as e:
        fail(f"cannot read {path}: {e}")
    if result != Hunk.RESULT_OK:
        fail(f"{Hunk.result_names.get(result, result)}: {reader.error_string}")
    if not reader.build_segments():
        fail(f"not a load file: {reader.error_string}")
    if reader.type != Hunk.TYPE_LOADSEG:
        fail(f"first block is not HUNK_HEADER (type {Hunk.type_names.get(reader.type)})")
    header = reader.header
    if header["names"]:
        fail(f"HUNK_HEADER names resident libraries {header['names']}")
    if header["first_hunk"] != 0:
        fail(f"first hunk number is {header['first_hunk']}, not 0")
    segments = reader.segments
    if len(segments) != len(header["hunks"]):
        fail(f"HUNK_HEADER announces {len(header['hunks'])} hunks, file has {len(segments)}")
    if not segments or segments[0][0]["type"] != Hunk.HUNK_CODE:
        fail("first hunk is not HUNK_CODE")

    parts = []
    for seg in segments:
        main = seg[0]
        no, name = main["hunk_no"], main["type_name"]
        if main["size"] > main["alloc_size"]:
            fail(f"hunk {no} ({name}) holds {main['size']} bytes, header allows {main['alloc_size']}")
        data_len = len(main.get("data", b""))
        if main["type"] != Hunk.HUNK_BSS and data_len != main["size"]:
            fail(f"hunk {no} ({name}) is truncated: {data_len} of {main['size']} bytes")
        relocs = 0
        for block in seg[1:]:
            if block["type"] not in (Hunk.HUNK_ABSRELOC32, Hunk.HUNK_RELOC32SHORT):
                continue
            for target, offsets in block["reloc"].items():
                if target >= len(segments):
                    fail(f"hunk {no} ({name}) relocates against missing hunk {target}")
                for off in offsets:
                    if off + 4 > data_len:
                        fail(f"hunk {no} ({name}) relocation offset 0x{off:x} outside its {data_len} bytes")
                    value = int.from_bytes(main["data"][off : off + 4], "big")
                    if value > segments[target][0]["alloc_size"]:
                        print(
                            f"warning: hunk {no} offset 0x{off:x}: 0x{value:x} lies beyond hunk {target}",
                            file=sys.stderr,
                        )
                relocs += len(offsets)
        parts.append(f"{name} {main['alloc_size']} bytes {relocs} relocs")

    try:
        reloc = HunkRelocate(reader)
        reloc.relocate(reloc.get_seq_addrs(0x100000, padding=8))
    except Exception as e:  # amitools raises plain exceptions on bad input
        fail(f"amitools cannot relocate it: {e!r}")

    print(f"ok: {len(segments)} hunks: " + ", ".join(parts))
    sys.exit(0)


if __name__ == "__main__":
    main()
