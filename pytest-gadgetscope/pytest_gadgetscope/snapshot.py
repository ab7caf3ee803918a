"""Screenshot snapshots: a window (or screen) captured with AmiPilot's
client and compared pixel by pixel with a baseline PNG.

Pixels are compared by pen (palette index), and baselines are stored as
indexed PNGs so the pens survive; masks are rectangles left out of the
comparison, `threshold` the number of differing pixels allowed. A
missing baseline is written (the test passes, with a warning saying
so); `update=True` rewrites it. On a mismatch `<name>.actual.png` and
`<name>.diff.png` are written beside the baseline. PNG reading, writing
and the diff picture use Pillow.
"""

from __future__ import annotations

import sys
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Sequence

from PIL import Image, ImageChops, ImageDraw

from .pictures import capture_image

Rect = Sequence[int]

#: Differing pixels in the diff picture.
DIFF_COLOUR = (255, 0, 255)
#: Masked areas in the diff picture.
MASK_COLOUR = (0, 90, 255)


class SnapshotMismatch(AssertionError):
    """The capture differs from the baseline by more than the threshold
    (or in size). The paths are attributes for tools that collect them."""

    def __init__(self, message: str, *, baseline: Path, actual: Path, diff: Path | None, count: int | None, threshold: int):
        super().__init__(message)
        self.baseline = baseline
        self.actual = actual
        self.diff = diff
        self.count = count
        self.threshold = threshold


class SnapshotWritten(UserWarning):
    """A baseline was written: there was none, or an update was asked for."""


@dataclass
class Comparison:
    count: int
    diff: Image.Image


def assert_snapshot(
    client,
    name: str,
    *,
    window: str | None = None,
    screen: str | None = None,
    masks: Iterable[Rect] = (),
    threshold: int = 0,
    update: bool = False,
    directory: str | Path = "__snapshots__",
) -> Path:
    """Captures `window` (its box only) or the screen with `client` (an
    `amipilot.Amipilot`) and compares it with `<directory>/<name>.png`.
    Masks are (x, y, w, h) in the capture's pixels (window-relative for a
    window). Returns the baseline's path; raises SnapshotMismatch."""
    __tracebackhide__ = True
    masks = [_rect(m) for m in masks]
    if threshold < 0:
        raise ValueError("threshold must be 0 or more")
    shot = client.screenshot(window=window, screen=screen)
    return check_image(capture_image(shot), name, masks=masks, threshold=threshold, update=update, directory=directory)


def check_image(
    actual: Image.Image,
    name: str,
    *,
    masks: Sequence[Rect] = (),
    threshold: int = 0,
    update: bool = False,
    directory: str | Path = "__snapshots__",
) -> Path:
    """The comparison of `assert_snapshot` for an image already captured."""
    __tracebackhide__ = True
    directory = Path(directory)
    baseline = directory / f"{name}.png"
    actual_path = directory / f"{name}.actual.png"
    diff_path = directory / f"{name}.diff.png"
    masks = [_rect(m) for m in masks]

    existed = baseline.exists()
    if update or not existed:
        changed = not existed or _differs_at_all(baseline, actual)
        directory.mkdir(parents=True, exist_ok=True)
        actual.save(baseline, format="PNG")
        _remove(actual_path, diff_path)
        if changed:
            what = "updated" if existed else "wrote new"
            warnings.warn(SnapshotWritten(f"snapshot {name!r}: {what} baseline {baseline}"), stacklevel=_outside_package())
        return baseline

    with Image.open(baseline) as f:
        expected = f.copy()
    unlike = None
    if expected.size != actual.size:
        unlike = f"the capture is {_size(actual)}, the baseline {_size(expected)}"
    elif _kind(expected) != _kind(actual):
        unlike = f"the baseline is {_kind(expected)}, the capture {_kind(actual)}"
    if unlike:
        # Not comparable pixel by pixel: no diff picture.
        actual.save(actual_path, format="PNG")
        _remove(diff_path)
        raise SnapshotMismatch(
            f"snapshot {name!r}: {unlike}; baseline {baseline}, actual {actual_path}",
            baseline=baseline, actual=actual_path, diff=None, count=None, threshold=threshold,
        )
    result = compare(expected, actual, masks)
    if result.count <= threshold:
        _remove(actual_path, diff_path)
        return baseline
    actual.save(actual_path, format="PNG")
    result.diff.save(diff_path, format="PNG")
    raise SnapshotMismatch(
        f"snapshot {name!r}: {result.count} pixel{'s' if result.count != 1 else ''} differ "
        f"(threshold {threshold}); baseline {baseline}, actual {actual_path}, diff {diff_path}",
        baseline=baseline, actual=actual_path, diff=diff_path, count=result.count, threshold=threshold,
    )


def compare(expected: Image.Image, actual: Image.Image, masks: Sequence[Rect] = ()) -> Comparison:
    """Counts the pixels that differ outside the masks (by pen for
    indexed images, by colour otherwise) and draws the diff picture: the
    actual capture dimmed, masks shaded, differing pixels in DIFF_COLOUR."""
    if expected.size != actual.size:
        raise ValueError(f"sizes differ: {_size(expected)} and {_size(actual)}")
    differ = _difference(expected, actual)
    mask = Image.new("L", actual.size, 0)
    draw = ImageDraw.Draw(mask)
    for x, y, w, h in masks:
        if w > 0 and h > 0:
            draw.rectangle((x, y, x + w - 1, y + h - 1), fill=255)
    differ = ImageChops.subtract(differ, mask)
    count = sum(differ.histogram()[1:])

    shown = actual.convert("RGB")
    dimmed = Image.blend(shown, Image.new("RGB", shown.size, (128, 128, 128)), 0.65)
    shaded = Image.blend(dimmed, Image.new("RGB", shown.size, MASK_COLOUR), 0.45)
    picture = Image.composite(shaded, dimmed, mask)
    picture = Image.composite(Image.new("RGB", shown.size, DIFF_COLOUR), picture, differ)
    return Comparison(count, picture)


def _difference(expected: Image.Image, actual: Image.Image) -> Image.Image:
    """An "L" image: 255 where the pixels differ, 0 elsewhere."""
    if _kind(expected) == "indexed" and _kind(actual) == "indexed":
        a = Image.frombytes("L", expected.size, expected.tobytes())
        b = Image.frombytes("L", actual.size, actual.tobytes())
        d = ImageChops.difference(a, b)
    else:
        r, g, b = ImageChops.difference(expected.convert("RGB"), actual.convert("RGB")).split()
        d = ImageChops.lighter(ImageChops.lighter(r, g), b)
    return d.point(lambda v: 255 if v else 0)


def _differs_at_all(baseline: Path, actual: Image.Image) -> bool:
    try:
        with Image.open(baseline) as f:
            old = f.copy()
    except OSError:
        return True
    if old.size != actual.size or _kind(old) != _kind(actual):
        return True
    if _kind(old) == "indexed" and old.getpalette() != actual.getpalette():
        return True
    return compare(old, actual).count > 0


def _outside_package() -> int:
    """The stacklevel of the first caller outside this package (the test)."""
    here = str(Path(__file__).parent)
    frame, level = sys._getframe(1), 1
    while frame is not None and frame.f_code.co_filename.startswith(here):
        frame, level = frame.f_back, level + 1
    return level


def _kind(img: Image.Image) -> str:
    return "indexed" if img.mode == "P" else "true-colour"


def _size(img: Image.Image) -> str:
    return f"{img.width}x{img.height}"


def _rect(m: Rect) -> tuple[int, int, int, int]:
    r = tuple(int(v) for v in m)
    if len(r) != 4:
        raise ValueError(f"a mask is (x, y, w, h), not {m!r}")
    return r  # type: ignore[return-value]


def _remove(*paths: Path) -> None:
    for p in paths:
        p.unlink(missing_ok=True)
