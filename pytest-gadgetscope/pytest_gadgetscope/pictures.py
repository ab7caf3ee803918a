"""AmiPilot screen captures as Pillow images, and PNG bytes.

A classic capture is palette-indexed: the image keeps the pens (mode "P"
with the screen's palette), so two pens of the same colour stay apart.
The bitplanes are combined with Pillow (each plane read as a 1-bit
image) rather than pixel by pixel in Python. A capture without a
palette (an RTG true-colour screen) becomes an "RGB" image.
"""

from __future__ import annotations

import io

from amipilot import Screenshot, ScreenshotParseError
from PIL import Image, ImageChops, ImageDraw


def capture_image(shot: Screenshot, *, crop: bool = True) -> Image.Image:
    """The capture as an image, cut to its window's box when it was
    taken with `window=` and `crop` is true."""
    if shot.pixel_format == 0:
        img = _planar(shot)
    else:
        try:
            img = Image.frombytes("P", (shot.width, shot.height), shot.to_chunky())
        except ScreenshotParseError:
            return _cropped(Image.frombytes("RGB", (shot.width, shot.height), shot.to_rgb888()), shot, crop)
    img.putpalette(bytes(v for rgb in shot.palette for v in rgb) or b"\0\0\0")
    return _cropped(img, shot, crop)


def _planar(shot: Screenshot) -> Image.Image:
    size = (shot.bytes_per_row * 8, shot.height)
    pens = Image.new("L", size, 0)
    for n, plane in enumerate(shot.planes):
        bits = Image.frombytes("1", size, plane).convert("L")
        pens = ImageChops.add(pens, bits.point(lambda v, pen=1 << n: pen if v else 0))
    # Pens are bytes already: re-read them as palette indices (a mode
    # conversion would map them through a palette instead).
    return Image.frombytes("P", size, pens.tobytes()).crop((0, 0, shot.width, shot.height))


def _cropped(img: Image.Image, shot: Screenshot, crop: bool) -> Image.Image:
    if crop and shot.crop is not None:
        x, y, w, h = shot.crop
        return img.crop((x, y, x + w, y + h))
    return img


def png_bytes(img: Image.Image) -> bytes:
    buf = io.BytesIO()
    img.save(buf, format="PNG")
    return buf.getvalue()


def screen_with_box(shot: Screenshot) -> Image.Image:
    """The whole screen of a capture, with its window's box (if any)
    outlined: what the trace shows after an action."""
    img = capture_image(shot, crop=False).convert("RGB")
    if shot.crop is not None:
        x, y, w, h = shot.crop
        ImageDraw.Draw(img).rectangle((x - 1, y - 1, x + w, y + h), outline=(255, 0, 255))
    return img
