"""The national formats: python-stdnum's country modules (stdnum_formats.tsv says what
their modules do not) and the shapes of identifiers it does not validate (shapes.tsv).

Which formats there are is known without importing stdnum's modules (their names, and the
tables). Their labels and checks are read on the first text (``format_named``), their
examples only when asked for (``format_example``: `sanitizer recognizers`, the docs).
"""

from __future__ import annotations

import functools
import importlib
import importlib.metadata
import importlib.util
import pkgutil
import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Callable, Optional

from ...derived_data import derived_arrays, pack_strings, source_digest, unpack_strings
from .checks import check_named

#: stdnum's subpackages that are no country's
_NOT_COUNTRIES = frozenset({"iso7064"})
#: a derived label this short says nothing ("CC", "CI", "IN" are words of many texts)
_SHORTEST_LABEL = 3
#: ``>>> validate('536-90-4399')`` in a module's docstring: its documented example
_EXAMPLE = re.compile(r">>> (?:validate|compact|format)\('([^']+)'\)\n(?!Traceback)")
#: an example as a text writes a number: groups of letters and digits, one separator between them
_WRITTEN = re.compile(r"[^\W_]+(?:[ .\-/][^\W_]+)*")


@dataclass(frozen=True)
class NationalFormat:
    """A national identifier's format, as its recognizer uses it."""

    #: the recognizer's name: "us_ssn", "in_aadhaar", "passport_number"
    name: str
    #: ISO 3166-1 alpha-2 ("EU" for the Union's), or None for a format of every country
    country: Optional[str]
    #: what the format is, in a line ("SSN (U.S. Social Security Number)")
    description: str
    #: words that say a number near them is of this format
    labels: tuple[str, ...]
    is_valid: Callable[[str], bool]
    #: whether ``is_valid`` checks more than a shape (check digits), which a random number fails
    checked: bool
    #: the shape a number must have (shapes.tsv), None for stdnum's (its check says it all)
    shape: Optional[re.Pattern[str]]
    #: found without a label (shapes.tsv's strong formats)
    strong: bool
    #: Presidio's names of the entities this format finds
    presidio: tuple[str, ...]


def _rows(name: str) -> list[list[str]]:
    text = resources.files(__package__).joinpath(name).read_text(encoding="utf-8")
    return [line.split("\t") for line in text.splitlines() if line.strip() and not line.startswith("#")]


def _listed(value: str, separator: str) -> tuple[str, ...]:
    return () if value == "-" else tuple(part.strip() for part in value.split(separator) if part.strip())


@functools.cache
def _stdnum_table() -> dict[str, tuple[str, tuple[str, ...], tuple[str, ...]]]:
    """Module ("us.ssn") -> its use, Presidio's entities, more labels (stdnum_formats.tsv)."""
    return {
        module: (use, _listed(presidio, ","), _listed(labels, "|"))
        for module, use, presidio, labels in _rows("stdnum_formats.tsv")
    }


@functools.cache
def _shape_table() -> dict[str, list[str]]:
    return {row[0]: row for row in _rows("shapes.tsv")}


@functools.cache
def _stdnum_version() -> str:
    """The installed python-stdnum, as the digests of what is kept on disk from it name it."""
    return f"python-stdnum={importlib.metadata.version('python-stdnum')}"


@functools.cache
def _stdnum_modules() -> tuple[str, ...]:
    """Every country module of stdnum ("us.ssn"), listed once per stdnum version and kept on
    disk: walking its four hundred files took a fiftieth of a one-line run."""
    digest = source_digest([Path(__file__)], _stdnum_version())
    arrays = derived_arrays("national-modules", digest, lambda: {"modules": pack_strings(_listed_stdnum_modules())})
    return tuple(unpack_strings(arrays["modules"]))


def _listed_stdnum_modules() -> list[str]:
    """Every country module of stdnum ("us.ssn"), found without importing them."""
    modules = []
    # found, not imported: importing stdnum (its util module) is a seventieth of a one-line run
    spec = importlib.util.find_spec("stdnum")
    root = list(spec.submodule_search_locations or []) if spec is not None else []
    for package in pkgutil.iter_modules(root):
        if package.ispkg and package.name not in _NOT_COUNTRIES:
            path = [f"{root[0]}/{package.name}"]
            modules += [f"{package.name}.{m.name}" for m in pkgutil.iter_modules(path) if not m.ispkg]
    return sorted(modules)


def _stdnum_name(module: str) -> str:
    country, _, number = module.partition(".")
    return f"{country.rstrip('_')}_{number}"


def _module_of(name: str) -> str:
    """The stdnum module ("in_.aadhaar") of a format's name ("in_aadhaar")."""
    return _modules_by_name()[name]


@functools.cache
def _modules_by_name() -> dict[str, str]:
    return {_stdnum_name(module): module for module in _stdnum_modules()}


@functools.cache
def national_names() -> dict[str, Optional[str]]:
    """Every national format's name and country, in the order they are tried: the shapes'
    (their labels are the more specific), then stdnum's by module."""
    names: dict[str, Optional[str]] = {name: None if row[1] == "-" else row[1] for name, row in _shape_table().items()}
    table = _stdnum_table()
    for module in _stdnum_modules():
        if table.get(module, ("label",))[0] == "label":
            names.setdefault(_stdnum_name(module), module.partition(".")[0].rstrip("_").upper())
    return names


def _docstring_labels(first_line: str) -> list[str]:
    """The names a module's first docstring line gives its format: "NIPT, NUIS (Numri i
    Identifikimit ..., Albanian tax number)." gives "NIPT", "NUIS" and "Numri i Identifikimit ..."."""
    head, bracket, rest = first_line.strip().rstrip(".").partition(" (")
    if not bracket:
        return []
    return [*re.split(r", | or ", head), rest.rpartition(")")[0].split(", ")[0]]


@functools.cache
def format_named(name: str) -> NationalFormat:
    """The format of a name of ``national_names`` (its module imported on first use)."""
    row = _shape_table().get(name)
    if row is not None:
        _, country, presidio, use, shape, check, labels, _ = row
        return NationalFormat(
            name,
            None if country == "-" else country,
            f"{name.replace('_', ' ')} (by its shape)",
            _listed(labels, "|"),
            check_named(check),
            check != "-" and not check.startswith("digits:"),
            re.compile(shape),
            use == "strong",
            _listed(presidio, ","),
        )
    module_name = _module_of(name)
    module = importlib.import_module(f"stdnum.{module_name}")
    first_line = (module.__doc__ or name).strip().splitlines()[0]
    _, entities, more = _stdnum_table().get(module_name, ("label", (), ()))
    derived = [label for label in _docstring_labels(first_line) if len(label) >= _SHORTEST_LABEL]
    return NationalFormat(
        name,
        national_names()[name],
        first_line.rstrip("."),
        tuple(dict.fromkeys([*derived, *more])),
        module.is_valid,
        True,
        None,
        False,
        entities,
    )


@functools.cache
def format_labels() -> dict[str, tuple[str, ...]]:
    """Each format's labels (``format_named(name).labels``), kept on disk after the first
    run: reading them imports stdnum's two hundred modules for their docstrings, which took
    a sixth of a one-line run's time. The formats themselves are made on first use."""
    tables = [Path(__file__), *(Path(__file__).with_name(name) for name in ("shapes.tsv", "stdnum_formats.tsv"))]
    digest = source_digest(tables, _stdnum_version())
    arrays = derived_arrays("national-labels", digest, lambda: {"rows": pack_strings(_label_rows())})
    rows = (row.split("\t") for row in unpack_strings(arrays["rows"]))
    return {name: tuple(labels.split("|")) if labels else () for name, labels in rows}


def _label_rows() -> list[str]:
    return [f"{name}\t{'|'.join(format_named(name).labels)}" for name in national_names()]


def strong_shapes() -> dict[str, str]:
    """The formats found without a label, by their shape's pattern (shapes.tsv's strong ones)."""
    return {name: row[4] for name, row in _shape_table().items() if row[3] == "strong"}


@functools.cache
def format_example(name: str) -> str:
    """A valid number of the format, documented by stdnum or written in shapes.tsv ("" when
    none is). Apart from the format: validating the documented examples took longer than
    loading every format."""
    row = _shape_table().get(name)
    if row is not None:
        return row[-1]
    module = importlib.import_module(f"stdnum.{ {_stdnum_name(m): m for m in _stdnum_modules()}[name] }")
    documented = (example.strip() for example in _EXAMPLE.findall(module.__doc__ or ""))
    return next((e for e in documented if _WRITTEN.fullmatch(e) and module.is_valid(e)), "")
