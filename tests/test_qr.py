"""A table's QR code made by sheets/qr.py is segno's: the same modules, the same PNG bytes."""

from __future__ import annotations

import io
import random

import pytest
import segno

from coinche_cli.sheets import qr


def segno_rows(url: str) -> tuple[int, ...]:
    matrix = segno.make(url, error="m").matrix
    return tuple(sum(1 << j for j, v in enumerate(row) if v) for row in matrix)


def segno_png(url: str, scale: int, border: int) -> bytes:
    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="png", scale=scale, border=border)
    return out.getvalue()


def random_urls(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    alphabet = "abcdefghijklmnopqrstuvwxyz0123456789:/.-_?=&%ABCXYZé~ "
    return ["https://" + "".join(rng.choice(alphabet) for _ in range(rng.randrange(9, 230)))
            for _ in range(count)]


def test_every_table_of_a_big_round_gets_segnos_code_without_segno() -> None:
    urls = [f"http://192.168.1.10:8000/table/{n}" for n in range(1, 1201)]
    urls += [f"https://coinche.example.org:8443/concours/table/{n}" for n in (1, 99, 100, 4321)]
    for url in urls:
        fast = qr._fast_symbol(url)
        assert fast is not None, url
        assert fast.rows == segno_rows(url), url
        assert qr.width(url) == fast.width


@pytest.mark.parametrize("seed", [1, 2])
def test_any_address_gets_segnos_code(seed: int) -> None:
    """Random addresses: versions 1-12, levels boosted to Q or H, overlapping finder-like
    patterns (segno counts one of them), and the ones left to segno (beyond version 10)."""
    fast = 0
    for url in random_urls(400, seed):
        code = qr.symbol(url)
        assert code.rows == segno_rows(url), url
        assert qr.width(url) == code.width
        fast += qr._fast_symbol(url) is not None
    assert fast > 300  # most of them made here


@pytest.mark.parametrize("url", [
    "http://a/t/1",  # short: a Micro QR code
    "HTTP://A.B/TABLE/1",  # alphanumeric mode
    "http://café.example/table/1",  # ISO 8859-1: still byte mode
    "http://例え.jp/table/1",  # UTF-8
    "http://192.168.1.10:8000/" + "x" * 400 + "/table/1",  # beyond version 10
])
def test_what_segno_encodes_otherwise_is_segnos(url: str) -> None:
    assert qr.symbol(url).rows == segno_rows(url)
    assert qr.width(url) == len(segno_rows(url))


@pytest.mark.parametrize(("scale", "border"), [(3, 2), (4, 2), (2, 4), (1, 0), (5, 1)])
def test_the_png_is_segnos_byte_for_byte(scale: int, border: int) -> None:
    for url in ["http://192.168.1.10:8000/table/7", *random_urls(20, 3)]:
        assert qr.png(qr.symbol(url), scale, border) == segno_png(url, scale, border), url
