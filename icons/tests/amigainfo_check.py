"""Decode GadgetScope's icons with PyPI amigainfo (an independent .info
reader) and compare them with the expectations and PNG sources.

usage: amigainfo_check.py <icons-dir> <art-dir> <expect-file>
expect-file lines: file|type|art|default tool or -|stack|tooltype<TAB>tooltype...
(the tooltypes, last, may hold | themselves)
"""
import sys
from PIL import Image
import amigainfo
from amigainfo import classic_to_image, coloricon_to_image, WB_2X

icons_dir, art_dir, expect = sys.argv[1:4]


def pixels(img):
    """RGBA tuples of an image, row-major."""
    b = img.convert("RGBA").tobytes()
    return [tuple(b[i : i + 4]) for i in range(0, len(b), 4)]


failures = []
for line in open(expect, encoding="utf-8").read().splitlines():
    f, typ, art, tool, stack, tts = line.split("|", 5)
    obj = amigainfo.load(open(f"{icons_dir}/{f}", "rb").read())
    def check(what, got, want):
        if got != want:
            failures.append(f"{f}: {what}: got {got!r}, want {want!r}")
    check("magic", obj.magic, 0xE310)
    check("version", obj.version, 1)
    check("type", int(obj.type), int(typ))
    check("default tool", obj.default_tool, None if tool == "-" else tool)
    check("stack", obj.stack_size, int(stack))
    check("tooltypes", obj.tooltypes, tts.split("\t") if tts else [])
    check("drawer data", obj.drawer_data is not None, int(typ) == 2)
    # Classic image: amigainfo draws pen 0 transparent, others in the WB palette.
    src = Image.open(f"{art_dir}/{art}.png").convert("RGBA")
    got = classic_to_image(obj.classic.normal, palette=WB_2X)
    check("classic size", got.size, src.size)
    bad = 0
    for s, g in zip(pixels(src), pixels(got)):
        want = (0, 0, 0, 0) if s[:3] == WB_2X[0] else s
        bad += want != g
    check("classic pixels differing", bad, 0)
    check("has selected image", obj.classic.selected is not None, True)
    # GlowIcon.
    gsrc = Image.open(f"{art_dir}/{art}_glow.png").convert("RGBA")
    ci = obj.coloricon
    check("glowicon present", ci is not None, True)
    if ci is not None:
        gimg = coloricon_to_image(ci.normal)
        check("glow size", gimg.size, gsrc.size)
        bad = sum((s if s[3] else (0, 0, 0, 0)) != g for s, g in zip(pixels(gsrc), pixels(gimg)))
        check("glow pixels differing", bad, 0)
        check("frameless", ci.face.flags & 1, 1)
if failures:
    print("\n".join(failures))
    sys.exit(1)
print("amigainfo: all icons match")
