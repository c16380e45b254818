"""CSV and TSV files: the cells of the ``--field`` columns (named in the header row)
sanitized, everything else byte for byte as it was: in a record with a changed cell the
other cells are copied as written (quoted or not) and the changed cell is quoted if it
was or if it must be (a delimiter, quote or line break in it), in the file's dialect (its
delimiter and quote character, as ``csv.Sniffer`` tells them for .csv; a tab for .tsv).
A record whose raw cells cannot be told apart (an escape character) is written again by
``csv.writer``, quoting only where needed.
"""

from __future__ import annotations

import csv
import io
import re
from typing import Any, Iterator, Optional, Sequence

from ..errors import InputError
from .json_records import DEFAULT_FIELDS
from .layout import LEAKING, LEAKING_REMEDY, BadRecord, Layout, rereadable, subject_value

_LINE = re.compile(r"[^\n]*\n|[^\n]+")


def _dialect(text: str, kind: str) -> type[csv.Dialect] | csv.Dialect:
    if kind == "tsv":
        return csv.excel_tab
    try:
        return csv.Sniffer().sniff(text[:65536], delimiters=",;\t|")
    except csv.Error:
        return csv.excel


def _records(text: str, dialect: type[csv.Dialect] | csv.Dialect) -> Iterator[tuple[list[str], str]]:
    """Every record with its raw text (the lines it was read from, line ending included)."""
    lines = _LINE.findall(text)
    reader = csv.reader(iter(lines), dialect)
    consumed = 0
    for row in reader:
        yield row, "".join(lines[consumed : reader.line_num])
        consumed = reader.line_num


def _ending(raw: str) -> str:
    return "\r\n" if raw.endswith("\r\n") else "\n" if raw.endswith("\n") else ""


def table_layout(
    text: str,
    name: str,
    fields: Sequence[str],
    kind: str,
    on_bad: BadRecord = BadRecord.REFUSE,
    subject_field: Optional[str] = None,
    leaking: frozenset[int] = frozenset(),
) -> Layout:
    """A row with more or fewer cells than the header is a bad record (on_bad): its cells cannot be told to be in
    their columns, so none is copied through unread. ``subject_field``: the column saying whom a row is about;
    ``leaking``: the numbers of rows whose other columns hold what their sanitized cells lost (bad records too)."""
    dialect, records, columns = _read_table(text, name, tuple(fields) or DEFAULT_FIELDS, kind)
    header = records[0][0]
    ragged = {number for number, (row, _) in enumerate(records[1:], start=1) if row and len(row) != len(header)}
    if on_bad is BadRecord.REFUSE:
        _refuse_bad_rows(name, records, len(header), ragged, leaking)
    ragged |= leaking
    # (record number, column) of each cell to sanitize; column None: the whole ragged row as text
    cells: list[tuple[int, Optional[int]]] = [
        (number, column)
        for number, (row, _) in enumerate(records[1:], start=1)
        if row and number not in ragged
        for column in columns
        if row[column].strip()
    ]
    if on_bad is BadRecord.TEXT:
        cells = sorted([*cells, *((number, None) for number in ragged)], key=lambda cell: (cell[0], cell[1] or 0))

    def piece(number: int, column: Optional[int]) -> str:
        raw = records[number][1]
        return raw[: len(raw) - len(_ending(raw))] if column is None else records[number][0][column]

    def assemble(sanitized: Sequence[str]) -> str:
        rows = [list(row) for row, _ in records]
        whole: dict[int, str] = {}
        for (number, column), value in zip(cells, sanitized):
            if column is None:
                whole[number] = value + _ending(records[number][1])
            else:
                rows[number][column] = value
        return "".join(
            ""
            if number in ragged and on_bad is BadRecord.SKIP
            else whole[number]
            if number in whole
            else raw
            if row == original
            else _rewrite(row, original, raw, dialect)
            for number, (row, (original, raw)) in enumerate(zip(rows, records))
        )

    labels = tuple(
        f"row {number}, " + ("as text" if column is None else f"field {header[column]}") for number, column in cells
    )
    subjects, beside = _records_of(name, header, records, cells, columns, subject_field)
    layout = Layout(
        tuple(piece(n, c) for n, c in cells),
        labels,
        assemble,
        kind,
        subjects=subjects,
        beside=beside,
        records=tuple(number for number, _ in cells),
    )
    return rereadable(layout, lambda more: table_layout(text, name, fields, kind, on_bad, subject_field, more), leaking)


def _read_table(
    text: str, name: str, fields: Sequence[str], kind: str
) -> tuple[type[csv.Dialect] | csv.Dialect, list[tuple[list[str], str]], list[int]]:
    """The file's dialect, its records (the header first) and the indexes of the columns to sanitize."""
    dialect = _dialect(text, kind)
    try:
        records = list(_records(text, dialect))
    except csv.Error as exc:
        raise InputError(f"{name}: not a readable {kind.upper()} file ({exc})") from None
    if not records:
        raise InputError(f"{name}: the file has no header row")
    columns = [index for index, column in enumerate(records[0][0]) if column in fields]
    if not columns:
        raise InputError(f"{name}: no column named {' or '.join(fields)} in the header (choose them with `fields`)")
    return dialect, records, columns


def _refuse_bad_rows(
    name: str, records: Sequence[tuple[Sequence[str], Any]], cells: int, ragged: set[int], leaking: frozenset[int]
) -> None:
    """Refuse the file for its first bad row (BadRecord.REFUSE): a ragged one, else a leaking one."""
    if ragged:
        number = min(ragged)
        raise InputError(
            f"{name}: row {number} has {len(records[number][0])} cells, the header {cells}; "
            "nothing was written (--on-bad-record skip or text decides such rows)"
        )
    if leaking:
        raise InputError(
            f"{name}: row {min(leaking)} {LEAKING}; nothing was written (--on-bad-record skip or text decides such "
            f"rows, or {LEAKING_REMEDY})"
        )


def _records_of(
    name: str,
    header: Sequence[str],
    records: Sequence[tuple[Sequence[str], Any]],
    cells: Sequence[tuple[int, Optional[int]]],
    columns: Sequence[int],
    subject_field: Optional[str],
) -> tuple[tuple[Optional[str], ...], tuple[tuple[str, ...], ...]]:
    """Each cell's row as Layout holds it: its subject, and its other columns' texts (a
    ragged row kept as text has neither)."""
    rows = [records[n][0] if c is not None else None for n, c in cells]
    beside = tuple(() if row is None else tuple(v for i, v in enumerate(row) if i not in columns) for row in rows)
    return _cell_subjects(name, header, rows, subject_field), beside


def _cell_subjects(
    name: str, header: Sequence[str], rows: Sequence[Optional[Sequence[str]]], subject_field: Optional[str]
) -> tuple[Optional[str], ...]:
    """Each cell's subject: its row's value in the subject column (a ragged row kept as text has none)."""
    if subject_field is None:
        return ()
    if subject_field not in header:
        raise InputError(f"{name}: no column named {subject_field} in the header (the subject field)")
    column = list(header).index(subject_field)
    return tuple(None if row is None else subject_value(row[column]) for row in rows)


def _raw_cells(body: str, delimiter: str, quote: str) -> list[str]:
    """The cells of one record as written (quotes included)."""
    cells, start, quoted, index = [], 0, False, 0
    while index < len(body):
        char = body[index]
        if quoted and char == quote and body[index + 1 : index + 2] == quote:
            index += 2
            continue
        if char == quote:
            quoted = not quoted
        elif char == delimiter and not quoted:
            cells.append(body[start:index])
            start = index + 1
        index += 1
    cells.append(body[start:])
    return cells


def _rewrite(row: list[str], original: list[str], raw: str, dialect: type[csv.Dialect] | csv.Dialect) -> str:
    ending = _ending(raw)
    delimiter, quote = dialect.delimiter, dialect.quotechar or '"'
    cells = _raw_cells(raw[: len(raw) - len(ending)], delimiter, quote)
    if dialect.escapechar or len(cells) != len(original):
        buffer = io.StringIO()
        csv.writer(buffer, dialect, lineterminator=ending).writerow(row)
        return buffer.getvalue()
    out = []
    for value, before, cell in zip(row, original, cells):
        if value == before:
            out.append(cell)
        elif cell.startswith(quote) or any(c in value for c in (delimiter, quote, "\r", "\n")):
            out.append(quote + value.replace(quote, quote * 2) + quote)
        else:
            out.append(value)
    return delimiter.join(out) + ending
