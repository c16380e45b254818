"""`sanitize --mode pseudonym|mask`, the pseudonym key and the mapping file."""

from __future__ import annotations

import secrets
from enum import Enum
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Callable, Optional

import typer

from ic_sanitizer.corpus_stats.files.path_guard import RunPath, check_outputs, output_path

from ..errors import ConfigurationError, InputError
from ..option_files import read_key
from ..mapping_file import KEY_VARIABLE as MAPPING_KEY_VARIABLE
from ..mapping_file import validate_key, write_mapping as write_mapping_file
from ..operators import Operator, Pseudonymizer, rewrite
from ..pipeline import SanitizationResult
from ..redaction import RedactionMode

KEY_VARIABLE = "SANITIZER_PSEUDONYM_KEY"


class OutputMode(str, Enum):
    TAG = "tag"
    REDACT = "redact"
    SUPPRESS = "suppress"
    PSEUDONYM = "pseudonym"
    MASK = "mask"


OutputModeOption = Annotated[Optional[OutputMode], typer.Option(
    "--mode", help="tag: a placeholder per entity ([PERSON-1]); redact: [REDACTED]; suppress: delete (the paper); "
                   "pseudonym: a consistent fake value per entity (names, dates, codes; keyed by --pseudonym-key-file); "
                   "mask: dates to their year, numbers to their magnitude. (default: the policy's)", show_default=False)]
KeyFileOption = Annotated[Optional[Path], typer.Option(
    "--pseudonym-key-file", help=f"A secret key (the file's bytes) for --mode pseudonym: the same key gives the same "
                                 f"surrogates across runs (or ${KEY_VARIABLE}; default: a random key per run).",
    show_default=False)]
MappingOption = Annotated[Optional[Path], typer.Option(
    "--mapping", parser=output_path, help="Write what each placeholder or surrogate stands for (JSON, owner-only). It CONTAINS THE "
                      "ORIGINALS: never publish it; encrypt it with --mapping-key-file.", show_default=False)]
MappingKeyOption = Annotated[Optional[Path], typer.Option(
    "--mapping-key-file", help=f"Encrypt the --mapping file (Fernet) with the key in this file (or "
                               f"${MAPPING_KEY_VARIABLE}); make a key with `sanitizer mapping key -o FILE`, read the "
                               "mapping back with `sanitizer mapping show`.", show_default=False)]

#: (text, result) -> the output text and its mapping (value -> original)
Renderer = Callable[[str, SanitizationResult], tuple[str, dict[str, str]]]


def engine_mode(mode: Optional[OutputMode]) -> Optional[str]:
    """The engine's redaction mode: operators rewrite a tag-mode result."""
    if mode is None:
        return None
    return RedactionMode.TAG.value if mode.value in (o.value for o in Operator) else mode.value


#: The shortest pseudonym key accepted: a shorter one could be guessed from the surrogates.
MIN_PSEUDONYM_KEY_BYTES = 16


def pseudonym_key(key_file: Optional[Path]) -> bytes:
    """The key of the pseudonyms: a file's, else the environment's, else a random one
    (pseudonyms then differ from run to run); a key given that is too short is refused."""
    key, source = read_key(key_file, KEY_VARIABLE, "--pseudonym-key-file")
    if key is None:
        return secrets.token_bytes(32)
    if len(key) < MIN_PSEUDONYM_KEY_BYTES:
        raise InputError(f"{source}: a pseudonym key needs at least {MIN_PSEUDONYM_KEY_BYTES} bytes")
    return key


def renderer(mode: Optional[OutputMode], key_file: Optional[Path]) -> Renderer:
    """How a piece's output is made: the engine's text, or the operator's rewrite."""
    if mode is None or mode.value not in (o.value for o in Operator):
        def engine_text(text: str, result: SanitizationResult) -> tuple[str, dict[str, str]]:
            return result.text, {r.replacement: text[r.start:r.end] for r in result.replacements if r.replacement}
        return engine_text
    operator = Operator(mode.value)
    pseudonymizer = Pseudonymizer(pseudonym_key(key_file))

    def operated(text: str, result: SanitizationResult) -> tuple[str, dict[str, str]]:
        entity_of = {s.term.key: s.entity or s.term.key for s in result.terms}
        return rewrite(text, result.replacements, entity_of, operator, pseudonymizer)
    return operated


@dataclass(frozen=True)
class MappingTarget:
    """Where the mapping goes, the key that encrypts it (None: in clear), where the key came from."""

    path: Path
    key: Optional[bytes]
    key_source: str


def mapping_target(mapping: Optional[Path], key_file: Optional[Path]) -> Optional[MappingTarget]:
    """The mapping file and its key, checked before any work (None without --mapping)."""
    if key_file is not None and mapping is None:
        raise ConfigurationError("--mapping-key-file encrypts the --mapping file: give --mapping too")
    if mapping is None:
        return None
    check_outputs([RunPath("--mapping-key-file", key_file)], [RunPath("--mapping", mapping)])
    key, source = read_key(key_file, MAPPING_KEY_VARIABLE, "--mapping-key-file")
    if key is not None:
        validate_key(key, source)
    return MappingTarget(mapping, key, source)


def write_mapping(target: MappingTarget, mappings: dict[str, dict[str, str]]) -> None:
    """Per document: value written -> the original it replaced; owner-only, atomic,
    encrypted when a key is given."""
    write_mapping_file(target.path, mappings, target.key, target.key_source)
