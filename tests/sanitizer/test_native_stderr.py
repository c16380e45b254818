"""The stderr filter of the command line: Rust panic reports dropped, everything else passed through."""

from __future__ import annotations

import os

import pytest

from ic_sanitizer.cli.native_stderr import _PanicFilter


@pytest.mark.parametrize(
    "chunks, expected",
    [
        (
            [
                b"\nthread '<unnamed>' (42) panicked at src/vint.rs:71:28:\nindex out of bounds\n"
                b"note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\nafter\n"
            ],
            b"after\n",
        ),
        ([b"\nthread 'x' pani", b"cked at a.rs:1:1:\nboom\n", b"kept\n\n"], b"kept\n\n"),
        ([b"progress 10%", b" 20%\n"], b"progress 10% 20%\n"),
        ([b"one\n\ntwo\n"], b"one\n\ntwo\n"),
    ],
    ids=["first panic", "panic in pieces", "partial lines pass", "blank lines kept"],
)
def test_the_stderr_filter_drops_panic_reports_only(tmp_path, chunks, expected):
    sink = tmp_path / "sink"
    descriptor = os.open(sink, os.O_WRONLY | os.O_CREAT)
    panic_filter = _PanicFilter(descriptor)
    for chunk in chunks:
        panic_filter.feed(chunk)
    panic_filter.close()
    os.close(descriptor)
    assert sink.read_bytes() == expected
