"""The pictures to share drawn as PNG files, with Pillow (the one module that imports it), from
:mod:`coinche_cli.sheets.share_layout`'s pages.

1. Drawn without a browser, with the fonts shipped beside this module (``fonts/``: DejaVu
   Sans and DejaVu Sans Bold, their licence in ``fonts/LICENSE``), in Pillow's basic layout
   (no system library: the same pixels on Linux, macOS and Windows; a right-to-left name is
   drawn letter by letter, as typed).
2. A page is drawn in grey levels, then given the picture's colours by a palette (paper
   white, ink a deep green-blue, the greys between): an 8-bit picture of few colours, three
   times smaller than a full-colour one and as fast again to write (``bench/share.py``).
3. The files: ``classement.png`` alone, or past one picture ``classement-1.png``,
   ``classement-2.png``…; every one written to a temporary file beside it, and only once all
   are whole are they renamed to their names: a full disk or a folder that cannot be written
   leaves nothing half-written under them.
4. A long field's pictures (:data:`SHARED_FROM` and more) are drawn by as many processes as
   the machine has cores, at most :data:`MOST_DRAWERS`, forked from this one (Linux only: its
   fonts already read; elsewhere one after the other): FreeType's drawing and zlib hold
   Python's lock, so threads would not draw two at once.  The same bytes either way.
"""

from __future__ import annotations

import contextlib
import functools
import io
import os
import sys
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

from coinche_cli.errors import ExportFailed, InputError
from coinche_cli.i18n import _
from coinche_cli.sheets.share_layout import WIDTH, Box, Page, Polyline, Text

if TYPE_CHECKING:
    from collections.abc import Sequence

    from PIL.ImageFont import FreeTypeFont

#: The fonts, regular and bold.
FONTS = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}
#: The ink's colour (grey 0) and the paper's (grey 255); the greys between are blends.
INK_COLOUR = (23, 50, 66)
PAPER_COLOUR = (255, 255, 255)
#: zlib's level: 3 writes a page three times faster than 6 for a file a fifth larger.
COMPRESSION = 3
#: From how many pictures they are drawn by several processes, and by at most how many (rule
#: 4): 1,000 teams are 30 pictures, 1.6 s in one process, 0.9 s in two (bench/share.py).
SHARED_FROM = 8
MOST_DRAWERS = 4


@functools.cache
def font(size: int, bold: bool) -> FreeTypeFont:
    """The font at ``size`` pixels, read once per process (rule 1)."""
    from PIL import ImageFont  # here: Pillow is never on a table command's path

    source = resources.files("coinche_cli.sheets").joinpath("fonts", FONTS[bold])
    with source.open("rb") as handle:
        return ImageFont.truetype(io.BytesIO(handle.read()), size,
                                  layout_engine=ImageFont.Layout.BASIC)


def measure(text: str, size: int, bold: bool) -> float:
    """``text``'s width in pixels as it is drawn (:data:`share_layout.Measure`)."""
    return float(font(size, bold).getlength(text))


@functools.cache
def _palette() -> list[int]:
    """Grey level ``k`` to the picture's colour: the ink blended into the paper (rule 2)."""
    colours: list[int] = []
    for level in range(256):
        share = level / 255
        colours += [round(ink + (paper - ink) * share)
                    for ink, paper in zip(INK_COLOUR, PAPER_COLOUR, strict=True)]
    return colours


def png(page: Page) -> bytes:
    """``page`` drawn, as the bytes of a PNG file."""
    from PIL import Image, ImageDraw

    image = Image.new("L", (WIDTH, page.height), 255)
    draw = ImageDraw.Draw(image)
    for item in page.items:
        if isinstance(item, Text):
            draw.text((item.x, item.y), item.text, fill=item.shade,
                      font=font(item.size, item.bold), anchor=item.anchor)
        elif isinstance(item, Box):
            draw.rectangle((item.x0, item.y0, item.x1, item.y1), fill=item.shade)
        elif isinstance(item, Polyline):
            draw.line(item.points, fill=item.shade, width=item.width, joint="curve")
    coloured = Image.frombytes("P", image.size, image.tobytes())
    coloured.putpalette(_palette())
    out = io.BytesIO()
    coloured.save(out, "PNG", compress_level=COMPRESSION)
    return out.getvalue()


def pngs(pages: Sequence[Page]) -> list[bytes]:
    """Every page of ``pages`` drawn (:func:`png`), by several processes for a long field
    (rule 4)."""
    drawers = min(len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1,
                  MOST_DRAWERS)
    if len(pages) < SHARED_FROM or drawers < 2 or sys.platform != "linux":
        return [png(page) for page in pages]
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    for size, bold in {(item.size, item.bold) for page in pages for item in page.items
                       if isinstance(item, Text)}:
        font(size, bold)  # read before the fork: each drawer has them
    with ProcessPoolExecutor(drawers, mp_context=multiprocessing.get_context("fork")) as pool:
        return list(pool.map(png, pages, chunksize=max(1, len(pages) // (drawers * 2))))


def names(path: Path, count: int) -> list[Path]:
    """The files of ``count`` pictures for ``path`` (rule 3): itself, or ``NAME-1.png``…"""
    if count == 1:
        return [path]
    return [path.with_name(f"{path.stem}-{k}{path.suffix}") for k in range(1, count + 1)]


def check_path(path: Path) -> None:
    """Refuse a picture's name that is no ``.png`` file, or that is a folder (before the
    store is opened)."""
    if path.suffix.lower() != ".png":
        raise InputError("FILE", _("{path} is not a .png file"), path=path)
    if path.is_dir():
        raise InputError("FILE", _("{path} is a folder: name the picture to write, such as "
                                   "classement.png"), path=path)


def write_pictures(path: Path, pictures: Sequence[bytes]) -> list[Path]:
    """Write ``pictures`` under ``path``'s name (rule 3); the files written."""
    targets = names(path, len(pictures))
    for target in targets:
        if target.is_dir():
            raise InputError("FILE", _("{path} is a folder: name the picture to write, such "
                                       "as classement.png"), path=target)
    temporaries = [target.with_name(f".{target.name}.part") for target in targets]
    try:
        for temporary, picture in zip(temporaries, pictures, strict=True):
            with temporary.open("wb") as handle:
                handle.write(picture)
                handle.flush()
                os.fsync(handle.fileno())
        for temporary, target in zip(temporaries, targets, strict=True):
            os.replace(temporary, target)
    except OSError as exc:
        raise ExportFailed(_("cannot write {path}: {reason}").format(
            path=path, reason=exc.strerror or exc)) from None
    finally:
        for temporary in temporaries:
            with contextlib.suppress(OSError):
                temporary.unlink(missing_ok=True)
    return targets
