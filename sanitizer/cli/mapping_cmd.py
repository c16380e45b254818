"""`sanitizer mapping key|show`: the key of an encrypted mapping file, and a mapping read back."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Optional

import typer

from ic_sanitizer.corpus_stats.files.path_guard import RunPath, check_outputs

from ..documents import atomic_write_text
from ..errors import ConfigurationError
from ..mapping_file import KEY_VARIABLE, new_key, read_mapping
from ..option_files import read_key
from .common import command_group, reported_errors, stderr
from .options import output_option

mapping_app = command_group(
    "Make the key of an encrypted mapping file (sanitize --mapping-key-file), or read a mapping back."
)


@mapping_app.command("key")
def mapping_key_command(
    output: Annotated[
        Path, output_option("The key file to write (readable by you only); an existing file is never replaced.")
    ],
) -> None:
    """Write a fresh random key for `sanitize --mapping-key-file` (keep it apart from the mapping)."""
    with reported_errors():
        if output.exists() or output.is_symlink():
            raise ConfigurationError(
                f"-o {output}: exists; a key is never overwritten (the mappings it "
                "encrypted could not be read any more)"
            )
        atomic_write_text(output, new_key().decode("ascii") + "\n", private=True)
        stderr.print(
            f"mapping key written to {output} (readable by you only); whoever has it can read the mappings it encrypts",
            markup=False,
        )


@mapping_app.command("show")
def mapping_show_command(
    mapping: Annotated[
        Path, typer.Argument(metavar="MAPPING.json", help="A mapping file written by sanitize --mapping.")
    ],
    key_file: Annotated[
        Optional[Path],
        typer.Option("--key-file", help=f"The key it was encrypted with (or ${KEY_VARIABLE}).", show_default=False),
    ] = None,
    output: Annotated[
        Optional[Path],
        output_option(
            "Write the mapping (in clear, readable by you only) to this new file instead of standard output (an existing file is never replaced)."
        ),
    ] = None,
) -> None:
    """Print a mapping file in clear (JSON): per document, what each placeholder or surrogate stands for."""
    with reported_errors():
        key, source = read_key(key_file, KEY_VARIABLE, "--key-file")
        if output is not None:
            check_outputs([RunPath("input", mapping), RunPath("--key-file", key_file)], [RunPath("-o", output)])
            if output.exists() or output.is_symlink():
                # the originals in clear never replace a file (a published text, another mapping)
                raise ConfigurationError(f"-o {output}: exists; the mapping in clear is written only to a new file")
        text = json.dumps(read_mapping(mapping, key, source or "--key-file"), ensure_ascii=False, indent=1) + "\n"
        if output is not None:
            atomic_write_text(output, text, private=True)
        else:
            sys.stdout.write(text)
