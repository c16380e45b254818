"""The ``table`` back-end: counts read from a JSON or TSV file.

For tests, fixtures and users who have precomputed counts. Phrases are normalized
with ``normalize_phrase`` when the file is read, so the file may use any case.

JSON::

    {"total": 11000000000, "unit": "document",
     "counts": {"blood transfusion": 1691000, ...},
     "conjunctions": [{"terms": ["aids", "blood transfusion"], "count": 2900}, ...]}

TSV (UTF-8, one record a line, "#" starts a comment)::

    total<TAB>11000000000
    unit<TAB>document            (optional; "document" by default)
    count<TAB>1691000<TAB>blood transfusion
    count<TAB>2900<TAB>aids<TAB>blood transfusion     (two or more terms: a conjunction)

A phrase absent from the table has count 0; a conjunction absent from a table that
lists conjunctions has count 0; a table with no conjunctions supports none.

Counts that no corpus can give are refused when the file is read: a negative count, a
count above the total, a conjunction above the count of one of its terms.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any, Optional, Sequence

from ..errors import BackendDataError, ConjunctionUnsupportedError, UnreadableFileError
from ..files.safe_files import parse_json, read_regular_file
from ..normalize import normalize_phrase
from ..protocol import CountUnit, NoNetwork
from ..registry import BackendEntry, register

#: (total, unit, phrase counts, conjunction counts or None when the file lists none)
_Parsed = tuple[int, CountUnit, dict[str, int], Optional[dict[tuple[str, ...], int]]]


def _conjunction_key(phrases: Sequence[str]) -> tuple[str, ...]:
    return tuple(sorted(normalize_phrase(p) for p in phrases))


def _impossible_counts(
    total: int, counts: dict[str, int], conjunctions: Optional[dict[tuple[str, ...], int]]
) -> Optional[str]:
    """What no corpus can give (phrases are not named: they may be document terms)."""
    if any(c < 0 for c in counts.values()) or any(c < 0 for c in (conjunctions or {}).values()):
        return "a negative count"
    if any(c > total for c in counts.values()) or any(c > total for c in (conjunctions or {}).values()):
        return "a count above the total"
    for terms, joint in (conjunctions or {}).items():
        if any(term in counts and joint > counts[term] for term in terms):
            return "a conjunction counted more often than one of its terms"
    return None


class TableBackend(NoNetwork):
    name = "table"
    sends_terms_off_machine = False

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            raw = read_regular_file(path)
        except UnreadableFileError as exc:
            raise BackendDataError(f"table back-end cannot read {path}: {exc.reason}") from None
        self._fingerprint = "table-" + hashlib.sha256(raw).hexdigest()[:32]
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise BackendDataError(f"table file {path} is not valid UTF-8") from None
        parse = self._parse_json if path.suffix.lower() == ".json" else self._parse_tsv
        total, unit, counts, conjunctions = parse(text)
        if total <= 0:
            raise BackendDataError(f"table file {path} must give a positive total")
        problem = _impossible_counts(total, counts, conjunctions)
        if problem:
            raise BackendDataError(f"table file {path} holds impossible counts: {problem}")
        self._total = total
        self.unit = unit
        self._counts = counts
        self._conjunctions = conjunctions
        self.supports_conjunction = conjunctions is not None

    def _parse_json(self, text: str) -> _Parsed:
        try:
            data: Any = parse_json(text)
        except ValueError as exc:
            where = f"line {exc.lineno}" if hasattr(exc, "lineno") else str(exc)
            raise BackendDataError(f"table file {self.path} is not valid JSON ({where})") from None
        if not isinstance(data, dict):
            raise BackendDataError(f"table file {self.path} must hold a JSON object")
        try:
            total = int(data["total"])
            unit = CountUnit(data.get("unit", "document"))
            counts = {normalize_phrase(k): int(v) for k, v in data.get("counts", {}).items()}
            conjunctions = None
            if "conjunctions" in data:
                conjunctions = {}
                for record in data["conjunctions"]:
                    terms = record["terms"]
                    if len(terms) < 2:
                        raise ValueError("a conjunction needs two or more terms")
                    conjunctions[_conjunction_key(terms)] = int(record["count"])
        except (KeyError, TypeError, ValueError, AttributeError, OverflowError) as exc:
            raise BackendDataError(f"table file {self.path} is malformed: {type(exc).__name__}") from None
        return total, unit, counts, conjunctions

    def _parse_tsv(self, text: str) -> _Parsed:
        total = 0
        unit = CountUnit.DOCUMENT
        counts: dict[str, int] = {}
        conjunctions: Optional[dict[tuple[str, ...], int]] = None
        for line_number, line in enumerate(text.splitlines(), start=1):
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            fields = line.rstrip("\r\n").split("\t")
            try:
                if fields[0] == "total" and len(fields) == 2:
                    total = int(fields[1])
                elif fields[0] == "unit" and len(fields) == 2:
                    unit = CountUnit(fields[1].strip())
                elif fields[0] == "count" and len(fields) == 3:
                    counts[normalize_phrase(fields[2])] = int(fields[1])
                elif fields[0] == "count" and len(fields) > 3:
                    conjunctions = conjunctions if conjunctions is not None else {}
                    conjunctions[_conjunction_key(fields[2:])] = int(fields[1])
                else:
                    raise ValueError
            except ValueError:
                raise BackendDataError(f"table file {self.path} is malformed at line {line_number}") from None
        return total, unit, counts, conjunctions

    def fingerprint(self) -> str:
        return self._fingerprint

    def total(self) -> int:
        return self._total

    def count(self, phrase: str) -> int:
        return self._counts.get(normalize_phrase(phrase), 0)

    def count_all(self, phrases: Sequence[str]) -> int:
        if self._conjunctions is None:
            raise ConjunctionUnsupportedError(self.name)
        return self._conjunctions.get(_conjunction_key(phrases), 0)

    def describe(self) -> str:
        kinds = "phrase and conjunction" if self.supports_conjunction else "phrase"
        return f"{kinds} counts per {self.unit.value} from {self.path.name} (N = {self._total:,})"


register(
    BackendEntry(
        name="table",
        factory=lambda argument: TableBackend(Path(argument or "")),
        summary="counts from a JSON or TSV file (precomputed counts, tests, fixtures)",
        argument="PATH.json|PATH.tsv",
        missing=lambda: None,
        argument_is_path=True,
    )
)
