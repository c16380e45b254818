"""The pseudonym key file and the mapping file of `sanitize` (the operators themselves are the engine's)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Optional

import typer

from ic_sanitizer.corpus_stats.files.path_guard import RunPath, check_outputs, output_path

from ..errors import ConfigurationError, InputError
from ..mapping_file import KEY_VARIABLE as MAPPING_KEY_VARIABLE
from ..mapping_file import validate_key
from ..mapping_file import write_mapping as write_mapping_file
from ..operators import MIN_PSEUDONYM_KEY_BYTES
from ..option_files import read_key

KEY_VARIABLE = "SANITIZER_PSEUDONYM_KEY"


KeyFileOption = Annotated[
    Optional[Path],
    typer.Option(
        "--pseudonym-key-file",
        help=f"A secret key (the file's bytes) for --mode pseudonym: the same key gives the same "
        f"surrogates across runs (or ${KEY_VARIABLE}; default: a random key per run).",
        show_default=False,
    ),
]
MappingOption = Annotated[
    Optional[Path],
    typer.Option(
        "--mapping",
        parser=output_path,
        help="Write what each placeholder or surrogate stands for (JSON, owner-only). It CONTAINS THE "
        "ORIGINALS: never publish it; encrypt it with --mapping-key-file.",
        show_default=False,
    ),
]
MappingKeyOption = Annotated[
    Optional[Path],
    typer.Option(
        "--mapping-key-file",
        help=f"Encrypt the --mapping file (Fernet) with the key in this file (or "
        f"${MAPPING_KEY_VARIABLE}); make a key with `sanitizer mapping key -o FILE`, read the "
        "mapping back with `sanitizer mapping show`.",
        show_default=False,
    ),
]


def pseudonym_key(key_file: Optional[Path]) -> Optional[bytes]:
    """The key of the pseudonyms: a file's, else the environment's, else None (the engine
    draws one: pseudonyms then differ from run to run); a key too short is refused."""
    key, source = read_key(key_file, KEY_VARIABLE, "--pseudonym-key-file")
    if key is None:
        return None
    if len(key) < MIN_PSEUDONYM_KEY_BYTES:
        raise InputError(f"{source}: a pseudonym key needs at least {MIN_PSEUDONYM_KEY_BYTES} bytes")
    return key


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


def write_mapping(
    target: MappingTarget, mappings: dict[str, dict[str, str]], restores: dict[str, dict[str, Any]]
) -> None:
    """Per document: value written -> the original it replaced, and what restores a document
    written as one text; owner-only, atomic, encrypted when a key is given."""
    write_mapping_file(target.path, mappings, target.key, target.key_source, restores)
