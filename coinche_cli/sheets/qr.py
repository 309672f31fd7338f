"""A table's QR code as segno makes it, fast enough for a round of 5,000 tables.

``segno.make(url, error="m")`` spends about 3.4 ms on a table's address, 85 % of it applying
and scoring the eight data masks cell by cell in Python (issue 25: 17 s for 5,000 score
sheets, the budget is 3 s for the whole file).  This module makes *the same symbol* (same
version, error level, mask, modules) and *the same PNG bytes* as segno, in about a tenth of
the time, from two observations:

- everything before masking is linear over GF(2) in the data codewords (their placement, and
  the Reed-Solomon error correction that follows from them), so the unmasked matrix is the
  XOR of one precomputed contribution per data codeword and nibble value, a whole matrix
  held in one Python integer;
- segno's penalty rules (runs of five, 2×2 blocks, finder-like patterns, dark proportion)
  are counted on that integer at once, with shifts and ``int.bit_count``, rows laid out with
  four guard columns and the matrix between four guard rows so that no rule reads across an
  edge (the guard counts as light where segno's finder-pattern rule stops at the edge).

Only what the score sheets need takes this path: a text segno encodes in byte mode (in
ISO 8859-1) in a QR code (not a Micro QR code) of version 1-10.  Anything else is made by
segno itself.  tests/test_qr.py compares both on thousands of addresses, and the PNG files
byte for byte.  segno's own tables and layout functions build the precomputed parts, once
per version and error level (about 0.1 s for version 3).
"""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass
from functools import cache
from typing import Any

#: The largest version made here; larger ones (addresses over ~200 characters) by segno.
MAX_VERSION = 10
#: Guard columns before each row and guard rows above and below the matrix.
_GUARD = 4
#: Bytes a Micro QR code may hold at most (M4, level L): longer data is a QR code.
_MICRO_BYTES = 15


@dataclass(frozen=True)
class Symbol:
    """A QR code: its width in modules and its rows (bit ``j`` of a row: column ``j`` is
    dark)."""

    width: int
    rows: tuple[int, ...]


@dataclass(frozen=True)
class _Layout:
    """What every symbol of one version and error level shares."""

    width: int
    stride: int  # bits per row: the guard columns, then the modules
    nibbles: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]  # per codeword: (high, low)
    base: int  # the function patterns (format and version areas light)
    masks: tuple[int, ...]  # each data mask, over the encoding region only
    overlays: tuple[int, ...]  # per mask: the format (and version) information set
    cells: int  # every module of the matrix
    guard: int  # every guard bit


def _segno() -> tuple[Any, Any]:
    """segno's tables and encoder functions (untyped: seen as Any)."""
    from segno import consts, encoder

    return consts, encoder


def _bit(stride: int, row: int, column: int) -> int:
    """The bit of module (``row``, ``column``) in a matrix held in one integer."""
    return 1 << ((row + _GUARD) * stride + _GUARD + column)


@cache
def _layout(version: int, error: int) -> _Layout:
    """The precomputed parts of ``version`` at ``error``, built with segno's own tables and
    functions so that the layout is its own."""
    from itertools import zip_longest

    consts, encoder = _segno()

    width = version * 4 + 17
    stride = width + _GUARD
    matrix = encoder.make_matrix(width, width)
    encoder.add_finder_patterns(matrix, width, width)
    encoder.add_alignment_patterns(matrix, width, width)
    region = [bytearray(row) for row in matrix]  # 2: a data module (encoding region)
    region[-8][8] = 1  # the dark module, as segno's mask evaluation excludes it
    base = cells = 0
    for i in range(width):
        for j in range(width):
            cells |= _bit(stride, i, j)
            if matrix[i][j] == 1:
                base |= _bit(stride, i, j)
    # each data bit's module, in segno's placement order (encoder.add_codewords): two
    # columns at a time from the right, up then down, around the vertical timing pattern
    position = []
    for right in range(width - 1, 0, -2):
        if right <= 6:
            right -= 1
        for vertical in range(width):
            for j in (right, right - 1):
                upwards = ((right & 2) == 0) ^ (j < 6)
                i = (width - 1 - vertical) if upwards else vertical
                if matrix[i][j] == 2:
                    position.append(_bit(stride, i, j))
    blocks = [(info.num_data, info.num_total - info.num_data)
              for info in consts.ECC[version][error] for _ in range(info.num_blocks)]
    # where each data and error codeword of each block goes in the interleaved sequence
    data_at = [[0] * size for size, _ in blocks]
    ecc_at = [[0] * size for _, size in blocks]
    index = 0
    for slots in zip_longest(*[[(b, k) for k in range(size)] for b, (size, _e) in
                               enumerate(blocks)]):
        for slot in slots:
            if slot is not None:
                data_at[slot[0]][slot[1]] = index
                index += 1
    for slots in zip_longest(*[[(b, k) for k in range(size)] for b, (_d, size) in
                               enumerate(blocks)]):
        for slot in slots:
            if slot is not None:
                ecc_at[slot[0]][slot[1]] = index
                index += 1

    def codeword_bits(codeword: int, value: int) -> int:
        bits = 0
        for b in range(8):
            if value >> (7 - b) & 1:
                bits |= position[codeword * 8 + b]
        return bits

    log, exp = consts.GALIOS_LOG, consts.GALIOS_EXP
    per_bit: list[list[int]] = []  # per data codeword (in block order): per bit, the matrix
    for block, (size, errors) in enumerate(blocks):
        gen = consts.GEN_POLY[errors]
        for k in range(size):
            bits = []
            for b in range(8):
                message = bytearray(size + errors)
                message[k] = 1 << b
                for n in range(k, size):  # segno's synthetic division (encoder.make_blocks)
                    coef = message[n]
                    if coef:
                        for m in range(errors):
                            message[n + m + 1] ^= exp[log[coef] + gen[m]]
                contribution = codeword_bits(data_at[block][k], 1 << b)
                for q, value in enumerate(message[size:]):
                    if value:
                        contribution ^= codeword_bits(ecc_at[block][q], value)
                bits.append(contribution)
            per_bit.append(bits)

    def nibble(bits: list[int], shift: int) -> tuple[int, ...]:
        table = []
        for value in range(16):
            total = 0
            for b in range(4):
                if value >> b & 1:
                    total ^= bits[b + shift]  # bits[b]: the codeword 2 ** b
            table.append(total)
        return tuple(table)

    nibbles = tuple((nibble(bits, 4), nibble(bits, 0)) for bits in per_bit)
    masks = []
    for function in encoder.get_data_mask_functions(False):
        mask = 0
        for i in range(width):
            for j in range(width):
                if region[i][j] == 2 and function(i, j):
                    mask |= _bit(stride, i, j)
        masks.append(mask)
    overlays = []
    for mask_number in range(8):
        blank = tuple(bytearray(width) for _ in range(width))
        encoder.add_format_info(blank, version, error, mask_number)
        encoder.add_version_info(blank, version)
        overlays.append(sum(_bit(stride, i, j) for i in range(width) for j in range(width)
                            if blank[i][j]))
    every = (1 << ((width + 2 * _GUARD) * stride)) - 1
    return _Layout(width, stride, nibbles, base,
                   tuple(masks), tuple(overlays), cells, every & ~cells)


def _penalty(dark: int, layout: _Layout) -> int:
    """segno's penalty score of a masked matrix (format areas light)."""
    s = layout.stride
    light = dark ^ layout.cells
    score = 0
    for ones in (dark, light):  # N1: a run of 5 + i modules of one colour scores 3 + i
        for step in (1, s):
            five = ones & ones >> step & ones >> 2 * step & ones >> 3 * step & ones >> 4 * step
            score += five.bit_count() + 2 * (five & ~(five << step)).bit_count()
        # N2: each 2×2 block of one colour scores 3
        score += 3 * (ones & ones >> 1 & ones >> s & ones >> (s + 1)).bit_count()
    wide = light | layout.guard  # beyond an edge counts as light (segno's clipped slices)
    for step in (1, s):  # N3: 1011101 with four light modules before or after: 40
        pattern = (dark & wide >> step & dark >> 2 * step & dark >> 3 * step
                   & dark >> 4 * step & wide >> 5 * step & dark >> 6 * step)
        four = wide & wide >> step & wide >> 2 * step & wide >> 3 * step
        counted = pattern & (four << 4 * step | four >> 7 * step)
        if counted & (counted >> 4 * step | counted >> 6 * step):
            counted = _searched(pattern, counted, step)
        score += 40 * counted.bit_count()
    percent = float(dark.bit_count()) / (layout.width ** 2)  # N4, as segno computes it
    return score + 10 * int(abs(percent * 100 - 50) / 5)


def _searched(pattern: int, counted: int, step: int) -> int:
    """The finder-like patterns segno counts when two of them overlap (``counted`` has one
    four or six modules after another): its search goes on seven modules after a counted
    one, so an overlapping one after it is not counted.  Walked in order along each line
    (a row when ``step`` is 1, a column otherwise)."""
    kept = 0
    resume: dict[int, int] = {}  # per line: the first position segno's search looks at next
    while pattern:
        low = pattern & -pattern
        pattern ^= low
        at = low.bit_length() - 1
        line = 0 if step == 1 else at % step  # rows are apart already: one line will do
        if at < resume.get(line, -1):
            continue
        if counted & low:
            kept |= low
            resume[line] = at + 7 * step
    return kept


def _codewords(data: bytes, version: int, error: int) -> bytes:
    """The data codewords of ``data`` in byte mode, as segno's encoder writes them (its
    padding bits included: a whole byte of them when the stream ends on a byte boundary)."""
    consts, _encoder = _segno()

    count_bits = 8 if version < 10 else 16
    capacity = consts.SYMBOL_CAPACITY[version][error]
    stream = (consts.MODE_BYTE << count_bits | len(data)) << 8 * len(data) | int.from_bytes(
        data, "big")
    length = 4 + count_bits + 8 * len(data)
    terminator = min(capacity - length, 4)
    stream <<= terminator
    length += terminator
    padding = 8 - length % 8
    stream <<= padding
    length += padding
    pads = max(0, capacity // 8 - length // 8)
    written = stream.to_bytes(length // 8, "big") + (b"\xec\x11" * pads)[:pads]
    return bytes(written[:capacity // 8])


def _version(data: bytes) -> tuple[int, int] | None:
    """segno's version and (boosted) error level for ``data`` at level M, or None beyond
    :data:`MAX_VERSION`."""
    consts, _encoder = _segno()

    def needed(version: int) -> int:
        return 4 + (8 if version < 10 else 16) + 8 * len(data)

    levels = (consts.ERROR_LEVEL_M, consts.ERROR_LEVEL_Q, consts.ERROR_LEVEL_H)
    for version in range(1, MAX_VERSION + 1):
        if consts.SYMBOL_CAPACITY[version][levels[0]] >= needed(version):
            error = levels[0]
            for better in levels[1:]:  # segno's boost_error
                if consts.SYMBOL_CAPACITY[version][better] < needed(version):
                    break
                error = better
            return version, error
    return None


def width(url: str) -> int:
    """The width in modules of :func:`symbol`'s QR code of ``url``."""
    data = _fast_data(url)
    chosen = None if data is None else _version(data)
    if chosen is None:
        return symbol(url).width
    return chosen[0] * 4 + 17


def symbol(url: str) -> Symbol:
    """The QR code of ``url`` that ``segno.make(url, error="m")`` makes."""
    fast = _fast_symbol(url)
    if fast is not None:
        return fast
    import segno

    code = segno.make(url, error="m")
    rows = tuple(sum(1 << j for j, v in enumerate(row) if v) for row in code.matrix)
    return Symbol(len(rows), rows)


def _fast_data(url: str) -> bytes | None:
    """``url`` as the bytes segno encodes in byte mode in a QR code; None when segno would
    do otherwise (another encoding or mode, or a Micro QR code)."""
    try:
        data = url.encode("iso-8859-1")
    except UnicodeError:
        return None  # segno tries Shift JIS, then UTF-8
    if len(data) <= _MICRO_BYTES:
        return None  # a Micro QR code may hold it
    consts, encoder = _segno()

    return data if encoder.find_mode(data) == consts.MODE_BYTE else None


def _fast_symbol(url: str) -> Symbol | None:
    data = _fast_data(url)
    chosen = None if data is None else _version(data)
    if data is None or chosen is None:
        return None
    layout = _layout(*chosen)
    matrix = layout.base
    for value, (high, low) in zip(_codewords(data, *chosen), layout.nibbles, strict=True):
        matrix ^= high[value >> 4] ^ low[value & 15]
    best: tuple[int, int] | None = None
    for number, mask in enumerate(layout.masks):
        score = _penalty(matrix ^ mask, layout)
        if best is None or score < best[0]:
            best = (score, number)
    assert best is not None
    final = matrix ^ layout.masks[best[1]] | layout.overlays[best[1]]
    s, width = layout.stride, layout.width
    row_mask = (1 << width) - 1
    return Symbol(width, tuple(final >> ((i + _GUARD) * s + _GUARD) & row_mask
                               for i in range(width)))


def png(code: Symbol, scale: int, border: int) -> bytes:
    """The PNG segno's ``save(kind="png", scale=scale, border=border)`` writes: one bit a
    pixel, grey, each module ``scale`` pixels square, a light quiet zone ``border`` modules
    wide; byte for byte the same file."""
    size = (code.width + 2 * border) * scale
    padding = "0" * (-size % 8)
    stride = (size + len(padding)) // 8
    # the image data as one string of bits, turned into bytes at once: per line its filter
    # byte (0: none), the pixels (1: light) and padding; each module row is followed by
    # scale - 1 lines "as the line above" (filter 2, "up", all zero), as segno writes them
    light = "1" * (border * scale)
    blank = ("00000000" + "1" * size + padding) * (border * scale)
    head = "00000000" + light
    tail = light + padding + ("00000010" + "0" * (8 * stride)) * (scale - 1)
    text = "|".join(f"{row:0{code.width}b}" for row in code.rows)[::-1]  # column 0 first
    # each module scale pixels wide, light ones 1 (a "2" stands for a light module meanwhile)
    text = text.replace("0", "2").replace("1", "0" * scale).replace("2", "1" * scale)
    bits = "".join((blank, *(head + line + tail for line in reversed(text.split("|"))),
                    blank))
    raw = int(bits, 2).to_bytes(len(bits) // 8, "big")

    def chunk(name: bytes, body: bytes) -> bytes:
        return (struct.pack(">I", len(body)) + name + body
                + struct.pack(">I", zlib.crc32(name + body)))

    return b"".join((b"\x89PNG\r\n\x1a\n",
                     chunk(b"IHDR", struct.pack(">2I5B", size, size, 1, 0, 0, 0, 0)),
                     chunk(b"IDAT", zlib.compress(raw, 9)), chunk(b"IEND", b"")))

