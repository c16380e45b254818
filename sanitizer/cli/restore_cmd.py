"""`sanitizer restore`: a sanitized text and its mapping file give back the text as it was read."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Optional

import typer

from ic_sanitizer.corpus_stats.files.path_guard import RunPath, check_outputs

from ..documents import DEFAULT_MAX_INPUT_MB, atomic_write_text
from ..errors import ConfigurationError, InputError
from ..formats.kinds import read_source
from ..mapping_file import KEY_VARIABLE, read_mapping
from ..option_files import read_key
from ..restore import find_record, restored
from .common import reported_errors, stderr
from .options import output_option


def restore_command(
    sanitized: Annotated[
        Path,
        typer.Argument(
            metavar="SANITIZED",
            help="A text written by `sanitize --mapping` (a text file, or a PDF's NAME.pdf.txt).",
            show_default=False,
        ),
    ],
    mapping: Annotated[Path, typer.Option("--mapping", help="The mapping file written with it.", show_default=False)],
    key_file: Annotated[
        Optional[Path],
        typer.Option(
            "--key-file", help=f"The key the mapping was encrypted with (or ${KEY_VARIABLE}).", show_default=False
        ),
    ] = None,
    output: Annotated[
        Optional[Path],
        output_option(
            "Write the original (readable by you only) to this new file [default: stdout]; an existing file is never replaced."
        ),
    ] = None,
) -> None:
    """Put the originals back into a sanitized text: the text as sanitize read it, checked by its digest."""
    with reported_errors():
        check_outputs(
            [RunPath("input", sanitized), RunPath("--mapping", mapping), RunPath("--key-file", key_file)],
            [RunPath("-o", output)],
        )
        if output is not None and (output.exists() or output.is_symlink()):
            raise ConfigurationError(f"-o {output}: exists; the original is written only to a new file")
        key, source = read_key(key_file, KEY_VARIABLE, "--key-file")
        records = read_mapping(mapping, key, source or "--key-file").get("restore") or {}
        text = read_source(sanitized, int(DEFAULT_MAX_INPUT_MB * 1e6), kind="txt").text
        found = find_record(records, text)
        if found is None:
            raise InputError(
                f"{sanitized}: the mapping holds no document whose sanitized text this is (altered "
                "since, another run's mapping, or a structured file: those are not restored)"
            )
        name, record = found
        original = restored(text, record, str(sanitized))
        if output is not None:
            atomic_write_text(output, original, private=True)
            stderr.print(f"{name} restored to {output} (readable by you only)", markup=False, highlight=False)
        else:
            sys.stdout.write(original)
