"""A round's score sheets stamped from a template: the workbook xlsxwriter would write, in a
tenth of the time and an eighth of the memory (issue 25's budget: 5,000 tables in ≤ 3 s and
≤ 150 MiB through the command; measured 1.8-2.6 s and 57 MiB, bench/sheets.py).

xlsxwriter writes ~175 cells per sheet one call at a time, and holds ~45 KiB per worksheet
until it closes the file (5,000 tables: 8.8 s, 384 MiB).  Yet every table's sheet is the
same but for ten texts (:data:`~coinche_cli.sheets.score_sheets.SLOTS`) and its QR code.  So:

1. xlsxwriter writes, with the very code that lays out a sheet
   (:func:`~coinche_cli.sheets.score_sheets.fill_sheet`), a small workbook holding one sheet
   per *shape* (with or without a QR code, and its size in pixels: row 4's height and the
   image's anchor follow from it) filled with markers (``⟦team1⟧``), and the same sheet with
   the markers written as formulas would be (``=⟦team1⟧``), which teaches the quoted format
   of each cell (a text starting with ``=`` stays text, as :meth:`Book.put` writes it);
2. its parts are read back: each sheet's XML becomes literal pieces and slots, the styles,
   theme and document properties are kept as they are;
3. each table's sheet is stamped from its shape's pieces and streamed into the new file
   (``ZIP_DEFLATED``, one part at a time) with its drawing and PNG; only the sheet titles and
   the shared strings are kept until the end, when the shared-strings table, the workbook
   (sheets, print areas and titles), its relationships and the content types are written.

Texts are written as xlsxwriter writes them (shared strings, its ``_xHHHH_`` escapes, its
whitespace rule), except that a text is always escaped: xlsxwriter writes a string that
starts with ``<r>`` and ends with ``</r>`` as rich-text XML, unescaped.
tests/test_score_sheets_stamp.py compares a stamped file with xlsxwriter's, cell by cell.
"""

from __future__ import annotations

import io
import re
import struct
import zipfile
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any
from xml.etree import ElementTree

from coinche_cli.i18n import _
from coinche_cli.sheets.score_sheets import (
    SLOTS,
    NothingToPrint,
    QrImage,
    SheetPlan,
    SheetRound,
    plans,
    qr_pixels,
    qr_scale,
    round_of,
    workbook_bytes,
)
from coinche_cli.sheets.writing import FORMULA_STARTS, atomically, cell_text, plain

#: Markers: a slot's text in the template (then the same after "=", written quoted).
_MARK = "\u27e6{}\u27e7"
_DESCRIPTION = _MARK.format("description")
_CELL = re.compile(r'<c r="([A-Z]+[0-9]+)"( s="[0-9]+")? t="s"><v>([0-9]+)</v></c>')
_DEFINED = re.compile(r'<definedName name="([^"]+)" localSheetId="0">[^<]*!([^<]+)'
                      r"</definedName>")
_RELATIONSHIP = re.compile(r'<Relationship Id="rId[0-9]+" (Type="[^"]+" Target="[^"]+")/>')
_OVERRIDE = re.compile(r'<Override PartName="([^"]+)" ContentType="([^"]+)"/>')
# xlsxwriter's rules for a shared string (xmlwriter.py, utility.py)
_ESCAPE_LIKE = re.compile("(_x[0-9a-fA-F]{4}_)")
_CONTROL = re.compile(r"([\x00-\x08\x0b-\x1f])")
_SPACE_AT_ENDS = re.compile(r"^\s|\s$")
_SPECIAL = re.compile(r"[&<>_\x00-\x08\x0b-\x1f\ufffe\uffff]|^\s|\s$")  # any of them
_MAX_UTF16 = 32767
_BAD_TITLE = re.compile(r"[\[\]:*?/\\]")
_XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
_MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_RELS = "http://schemas.openxmlformats.org/package/2006/relationships"
_TYPES = "application/vnd.openxmlformats-officedocument."
_OFFICE = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/"
#: Deflate level of the parts: a sheet's 5 KiB of XML take 16 µs at level 1, 36 µs at zlib's
#: default (6), for 14 % more bytes (1,357 against 1,194).
_LEVEL = 1


def escape_data(text: str) -> str:
    """``text`` in an XML element."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def escape_attribute(text: str) -> str:
    """``text`` in an XML attribute, as xlsxwriter escapes it."""
    return escape_data(text).replace('"', "&quot;").replace("\n", "&#xA;")


def _utf16_cut(text: str) -> str:
    """``text`` cut to what a cell holds, 32,767 UTF-16 units (as xlsxwriter cuts it)."""
    if len(text) <= _MAX_UTF16 // 2 or len(text.encode("utf-16-le")) // 2 <= _MAX_UTF16:
        return text
    units = 0
    for at, char in enumerate(text):
        units += 2 if ord(char) > 0xFFFF else 1
        if units > _MAX_UTF16:
            return text[:at]
    return text


class _Strings:
    """The shared-strings table, built as the sheets are stamped."""

    def __init__(self) -> None:
        self.index: dict[str, int] = {}
        self.count = 0  # every cell that refers to one

    def add(self, text: str) -> int:
        self.count += 1
        found = self.index.get(text)
        if found is None:
            found = self.index[text] = len(self.index)
        return found

    def parts(self) -> Iterator[str]:
        yield (f'{_XML_HEAD}<sst xmlns="{_MAIN}" count="{self.count}" '
               f'uniqueCount="{len(self.index)}">')
        for text in self.index:
            if not _SPECIAL.search(text):  # most texts: nothing to escape
                yield f"<si><t>{text}</t></si>"
                continue
            text = _ESCAPE_LIKE.sub(r"_x005F\1", text)
            text = _CONTROL.sub(lambda m: f"_x{ord(m[1]):04X}_", text)
            text = text.replace("\ufffe", "_xFFFE_").replace("\uffff", "_xFFFF_")
            space = ' xml:space="preserve"' if _SPACE_AT_ENDS.search(text) else ""
            yield f"<si><t{space}>{escape_data(text)}</t></si>"
        yield "</sst>"


@dataclass(frozen=True)
class _Slot:
    """A cell whose text is a table's: its reference, its style and its quoted style."""

    name: str
    ref: str
    style: str
    quoted: str

    def xml(self, value: Any, strings: _Strings) -> str:
        """The cell holding ``value``, by :meth:`Book.put`'s rules."""
        value = plain(value)
        style = self.style
        if isinstance(value, str):
            value = _utf16_cut(cell_text(value))
            if value.startswith(FORMULA_STARTS):
                style = self.quoted
        if value is None or value == "":
            return f'<c r="{self.ref}"{style}/>'
        if isinstance(value, int | float) and not isinstance(value, bool):
            return f'<c r="{self.ref}"{style}><v>{value:.16G}</v></c>'
        return f'<c r="{self.ref}"{style} t="s"><v>{strings.add(str(value))}</v></c>'


@dataclass(frozen=True)
class _Shape:
    """A sheet's pieces (literal XML and slots, in order), and its drawing's XML around the
    image's description (None: no image)."""

    pieces: tuple[str | _Slot, ...]
    drawing: tuple[str, str] | None
    constants: int  # cells holding one of the template's own texts (a grid header…)


@dataclass
class _Template:
    """What the stamped workbook takes from the template workbook."""

    shapes: dict[int, _Shape]  # by the QR code's pixels, 0 without one
    parts: dict[str, bytes]  # kept as they are: styles, theme, core properties, root rels
    workbook: str
    app: str
    rels: list[str]  # the workbook's relationships but its sheets' (Type=… Target=…)
    types: str  # [Content_Types].xml
    defined: list[tuple[str, str]]  # (name, reference without the sheet) of each sheet
    constants: list[str]  # the template's shared strings that are not markers, in order


def _sheet_parts(book: zipfile.ZipFile) -> list[tuple[str, str | None]]:
    """Each sheet's XML part and its drawing's, in sheet order."""
    workbook = book.read("xl/workbook.xml").decode()
    rels = dict(re.findall(r'Id="(rId[0-9]+)" Type="[^"]+" Target="([^"]+)"',
                           book.read("xl/_rels/workbook.xml.rels").decode()))
    found = []
    for rid in re.findall(r'<sheet name="[^"]*" sheetId="[0-9]+" r:id="(rId[0-9]+)"/>',
                          workbook):
        sheet = "xl/" + rels[rid]
        rels_name = sheet.replace("worksheets/", "worksheets/_rels/") + ".rels"
        drawing = None
        if rels_name in book.namelist():
            target = re.search(r'Target="../([^"]+)"', book.read(rels_name).decode())
            drawing = "xl/" + target[1] if target else None
        found.append((sheet, drawing))
    return found


def _template(played: SheetRound, widths: list[int]) -> _Template:
    """The template of every shape of ``widths`` (QR codes' widths in modules, 0: none),
    written by xlsxwriter and read back."""
    from coinche_cli.sheets import qr

    sheets: list[SheetPlan] = []
    for width in widths:
        image = None
        if width:
            blank = qr.png(qr.Symbol(width, (0,) * width), qr_scale(width), 2)
            image = QrImage(blank, qr_pixels(width), _DESCRIPTION)
        for prefix in ("", "="):
            texts = {slot: prefix + _MARK.format(slot) for slot in SLOTS
                     if slot != "address" or image}
            sheets.append(SheetPlan(len(sheets) + 1, f"T{len(sheets) + 1}", texts, image))
    with zipfile.ZipFile(io.BytesIO(workbook_bytes(played, sheets))) as book:
        root = ElementTree.fromstring(book.read("xl/sharedStrings.xml"))
        strings = ["".join(si.itertext()) for si in root]
        marks = {_MARK.format(slot): slot for slot in SLOTS}
        constants = [text for text in strings if text not in marks
                     and text.removeprefix("=") not in marks]
        numbers = {text: at for at, text in enumerate(constants)}
        shapes: dict[int, _Shape] = {}
        located = _sheet_parts(book)
        for at, width in enumerate(widths):
            (plain_part, drawing_part), (quoted_part, _drawing) = located[2 * at:2 * at + 2]
            quoted_styles: dict[str, str] = {ref: style for ref, style, index in
                             _CELL.findall(book.read(quoted_part).decode())
                             if strings[int(index)].startswith("=")}
            xml = book.read(plain_part).decode().replace(' tabSelected="1"', "")
            pieces: list[str | _Slot] = []
            done = constant_cells = 0
            for cell in _CELL.finditer(xml):
                ref, style, index = cell.groups()
                text = strings[int(index)]
                pieces.append(xml[done:cell.start()])
                if text in marks:
                    pieces.append(_Slot(marks[text], ref, style or "",
                                        quoted_styles.get(ref, style or "")))
                else:
                    pieces.append(f'<c r="{ref}"{style or ""} t="s"><v>{numbers[text]}</v></c>')
                    constant_cells += 1
                done = cell.end()
            pieces.append(xml[done:])
            drawing = None
            if drawing_part:
                before, after = book.read(drawing_part).decode().split(_DESCRIPTION)
                drawing = (before, after)
            shapes[qr_pixels(width) if width else 0] = _Shape(tuple(pieces), drawing,
                                                              constant_cells)
        workbook = book.read("xl/workbook.xml").decode()
        rels = [found for found in _RELATIONSHIP.findall(
            book.read("xl/_rels/workbook.xml.rels").decode()) if "/worksheet\"" not in found]
        return _Template(
            shapes, {name: book.read(name) for name in (
                "_rels/.rels", "docProps/core.xml", "xl/styles.xml", "xl/theme/theme1.xml")},
            workbook, book.read("docProps/app.xml").decode(), rels,
            book.read("[Content_Types].xml").decode(), _DEFINED.findall(workbook), constants)


def write_score_sheets(path: Path, tournament: str, round_number: int,
                       tables: list[dict[str, Any]], deals: int | None,
                       target: int | None) -> None:
    """Write one print-ready sheet per table ("Table 1"…) for scoring a round on paper.

    ``tables`` holds ``{"table", "team1", "players1", "team2", "players2"}`` per table, its
    entry ``code`` when it has one (``tournament serve --entry``), and the ``url`` of its entry
    page on the live page, printed under the code with its QR code in the top right corner.
    Each sheet gives the tournament, round and table, both teams and their players, and a bordered
    grid of numbered empty rows: ``deals`` rows then :data:`EXTRA_ROWS` shaded ones for the
    deals everybody passed (they do not count), or :data:`TARGET_ROWS` rows when the match
    is played to ``target``.  Below the totals row, each team has a labelled box to sign in.
    It prints portrait on A4, one page wide, the grid header repeated on a second page.
    """
    if not tables:
        raise NothingToPrint(_("round {round} has no tables; no score sheets written").format(
            round=round_number))
    write_stamped(path, round_of(tournament, round_number, deals, target), tables)


def _widths(tables: list[dict[str, Any]]) -> list[int]:
    """The QR codes' widths (modules) of ``tables``' sheets, each once, 0 for no code."""
    from coinche_cli.sheets import qr

    return list(dict.fromkeys(qr.width(str(t["url"])) if t.get("url") else 0
                              for t in tables))


def write_stamped(path: Path, played: SheetRound, tables: list[dict[str, Any]]) -> None:
    """Write the score sheets of ``tables`` (see :func:`write_score_sheets`) stamped from a
    template."""
    template = _template(played, _widths(tables))
    atomically(path, lambda handle: _stream(handle, template, plans(played, tables)))


class _Zip:
    """A zip file written straight through, each part whole when it is added.

    ``zipfile`` writes a part's header, then its data, then seeks back to fill in the
    header's sizes and checksum, through a compressor made for each part: 25,000 parts
    (5,000 tables) spent ~1 s there.  Here a part is deflated (or stored: a PNG is
    compressed already, a relationships part is a few hundred bytes) and checksummed before
    its header is written; only the central directory's entries are kept until the end.
    """

    def __init__(self, handle: IO[bytes]) -> None:
        self.handle = handle
        self.offset = 0
        self.directory: list[bytes] = []

    def add(self, name: str, data: bytes, *, deflate: bool = True) -> None:
        crc = zlib.crc32(data)
        packed = zlib.compress(data, _LEVEL, -15) if deflate else data
        method = 8 if deflate else 0
        encoded = name.encode("ascii")
        # version 2.0, no flags, the method, 1980-01-01 00:00 (as xlsxwriter dates parts)
        fields = struct.pack("<HHHHHIII", 20, 0, method, 0, 0x21, crc, len(packed),
                             len(data))
        self.handle.write(b"PK\x03\x04" + fields + struct.pack("<HH", len(encoded), 0)
                          + encoded)
        self.handle.write(packed)
        self.directory.append(b"PK\x01\x02" + struct.pack("<H", 0x0314) + fields
                              + struct.pack("<HHHHHII", len(encoded), 0, 0, 0, 0,
                                            0o600 << 16, self.offset) + encoded)
        self.offset += 30 + len(encoded) + len(packed)

    def close(self) -> None:
        """The central directory, and its end (ZIP64's too beyond 65,535 parts)."""
        start = self.offset
        for entry in self.directory:
            self.handle.write(entry)
        size, count = sum(len(entry) for entry in self.directory), len(self.directory)
        if count > 0xFFFF:
            end64 = self.offset + size
            self.handle.write(b"PK\x06\x06" + struct.pack("<QHHIIQQQQ", 44, 45, 45, 0, 0,
                                                           count, count, size, start))
            self.handle.write(b"PK\x06\x07" + struct.pack("<IQI", 0, end64, 1))
        self.handle.write(b"PK\x05\x06" + struct.pack("<HHHHIIH", 0, 0, min(count, 0xFFFF),
                                                       min(count, 0xFFFF), size, start, 0))


def _stream(handle: IO[bytes], template: _Template, sheets: Iterator[SheetPlan]) -> None:
    """The workbook, each sheet written into ``handle`` as it is stamped."""
    strings = _Strings()
    for text in template.constants:
        strings.index[text] = len(strings.index)
    titles: list[str] = []
    images = 0
    book = _Zip(handle)

    def put(name: str, data: str | bytes, *, deflate: bool = True) -> None:
        book.add(name, data.encode() if isinstance(data, str) else data, deflate=deflate)

    seen: set[str] = set()
    for plan in sheets:
        _check_title(plan.title, seen)
        titles.append(plan.title)
        shape = template.shapes[plan.image.pixels if plan.image else 0]
        xml = "".join(piece if isinstance(piece, str) else
                      piece.xml(plan.texts.get(piece.name), strings)
                      for piece in shape.pieces)
        strings.count += shape.constants
        if len(titles) == 1:  # the sheet shown when the file opens, as xlsxwriter marks it
            xml = xml.replace(' workbookViewId="0"', ' tabSelected="1" workbookViewId="0"', 1)
        put(f"xl/worksheets/sheet{len(titles)}.xml", xml)
        if plan.image and shape.drawing:
            images += 1
            put(f"xl/worksheets/_rels/sheet{len(titles)}.xml.rels", _relationships(
                [f'Type="{_OFFICE}drawing" Target="../drawings/drawing{images}.xml"']),
                deflate=False)
            put(f"xl/drawings/drawing{images}.xml",
                escape_attribute(plan.image.description).join(shape.drawing))
            put(f"xl/drawings/_rels/drawing{images}.xml.rels", _relationships(
                [f'Type="{_OFFICE}image" Target="../media/image{images}.png"']),
                deflate=False)
            put(f"xl/media/image{images}.png", plan.image.png, deflate=False)
    put("xl/sharedStrings.xml", "".join(strings.parts()))
    for name, data in template.parts.items():
        put(name, data)
    put("xl/workbook.xml", _workbook(template, titles))
    put("xl/_rels/workbook.xml.rels", _relationships(
        [f'Type="{_OFFICE}worksheet" Target="worksheets/sheet{n}.xml"'
         for n in range(1, len(titles) + 1)] + template.rels))
    put("docProps/app.xml", _app(template, titles))
    put("[Content_Types].xml", _content_types(template, len(titles), images))
    book.close()


def _check_title(title: str, seen: set[str]) -> None:
    """Refuse a sheet name Excel refuses, as xlsxwriter does: over 31 characters (UTF-16
    units), one of ``[]:*?/\\``, an apostrophe at either end, or a name already used
    (case ignored; ``seen`` holds them, lower-cased)."""
    from xlsxwriter.exceptions import DuplicateWorksheetName, InvalidWorksheetName

    if (len(title.encode("utf-16-le")) // 2 > 31 or _BAD_TITLE.search(title)
            or title.startswith("'") or title.endswith("'")):
        raise InvalidWorksheetName(f"Excel cannot name a worksheet {title!r}.")
    if title.lower() in seen:
        raise DuplicateWorksheetName(
            f"Sheetname '{title}', with case ignored, is already in use.")
    seen.add(title.lower())


def _relationships(targets: list[str]) -> str:
    """A relationships part: ``Type=… Target=…`` of each, numbered from rId1."""
    return (f'{_XML_HEAD}<Relationships xmlns="{_RELS}">'
            + "".join(f'<Relationship Id="rId{n}" {target}/>'
                      for n, target in enumerate(targets, start=1))
            + "</Relationships>")


def _names(template: _Template, titles: list[str]) -> list[tuple[str, int, str]]:
    """Each sheet's defined names (print area, print titles): (name, sheet, reference), in
    xlsxwriter's order (by name without ``_xlnm.``, then by sheet name, case ignored)."""
    from xlsxwriter.utility import quote_sheetname

    quoted = [quote_sheetname(title) for title in titles]
    names = [(name, at, f"{quoted[at]}!{reference}") for name, reference in template.defined
             for at in range(len(titles))]
    names.sort(key=lambda n: n[0].replace("_xlnm.", "").lower() + "::"
               + quoted[n[1]].lstrip("'").lower())
    return names


def _workbook(template: _Template, titles: list[str]) -> str:
    """xl/workbook.xml: the template's, with every sheet and its defined names."""
    head, rest = template.workbook.split("<sheets>", 1)
    tail = rest.split("</definedNames>", 1)[1]
    sheets = "".join(f'<sheet name="{escape_attribute(title)}" sheetId="{n}" r:id="rId{n}"/>'
                     for n, title in enumerate(titles, start=1))
    names = "".join(f'<definedName name="{name}" localSheetId="{at}">'
                    f"{escape_data(reference)}</definedName>"
                    for name, at, reference in _names(template, titles))
    return f"{head}<sheets>{sheets}</sheets><definedNames>{names}</definedNames>{tail}"


def _app(template: _Template, titles: list[str]) -> str:
    """docProps/app.xml: the template's, with every sheet and defined name listed."""
    head = template.app.split("<HeadingPairs>", 1)[0]
    tail = template.app.split("</TitlesOfParts>", 1)[1]
    parts = [escape_data(title) for title in titles]
    parts += [escape_data(reference.split("!", 1)[0] + "!" + name.removeprefix("_xlnm."))
              for name, _at, reference in _names(template, titles)]
    named = len(parts) - len(titles)
    return (f'{head}<HeadingPairs><vt:vector size="4" baseType="variant"><vt:variant>'
            f"<vt:lpstr>Worksheets</vt:lpstr></vt:variant><vt:variant><vt:i4>{len(titles)}"
            "</vt:i4></vt:variant><vt:variant><vt:lpstr>Named Ranges</vt:lpstr></vt:variant>"
            f"<vt:variant><vt:i4>{named}</vt:i4></vt:variant></vt:vector></HeadingPairs>"
            f'<TitlesOfParts><vt:vector size="{len(parts)}" baseType="lpstr">'
            + "".join(f"<vt:lpstr>{part}</vt:lpstr>" for part in parts)
            + f"</vt:vector></TitlesOfParts>{tail}")


def _content_types(template: _Template, sheets: int, drawings: int) -> str:
    """[Content_Types].xml: the template's defaults and overrides, its sheets' and drawings'
    replaced by the stamped ones."""
    head = template.types.split("<Override", 1)[0]
    kept = [(part, kind) for part, kind in _OVERRIDE.findall(template.types)
            if not part.startswith(("/xl/worksheets/", "/xl/drawings/"))]
    kept += [(f"/xl/worksheets/sheet{n}.xml", f"{_TYPES}spreadsheetml.worksheet+xml")
             for n in range(1, sheets + 1)]
    kept += [(f"/xl/drawings/drawing{n}.xml", f"{_TYPES}drawing+xml")
             for n in range(1, drawings + 1)]
    return (head + "".join(f'<Override PartName="{part}" ContentType="{kind}"/>'
                           for part, kind in kept) + "</Types>")
