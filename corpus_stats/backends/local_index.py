"""The ``local:INDEX_DIR`` back-end: exact document counts from a tantivy index.

An index is built by ``corpus_stats.building.corpus_build`` (``sanitizer corpus build``). Text
is stored as ``index_tokens`` (folded, word characters only) with positions, so:

- count(phrase) = documents containing the phrase's tokens consecutively, in order;
- count_all(phrases) = documents containing every phrase (each consecutively);
- N = documents in the index.

Tokens are separated by single spaces at build time and tantivy's whitespace
tokenizer splits on them, so build and query see the very same tokens.

A damaged index makes tantivy panic (a Rust panic surfaces as pyo3's PanicException,
a BaseException that ``except Exception`` does not catch) or fail with ValueError or
OSError: every call into tantivy is made through ``_tantivy_errors``, which turns
them into one BackendDataError naming the index folder.
"""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator, Optional, Sequence, cast

from ..errors import BackendDataError, UnreadableFileError
from ..files.safe_files import parse_json, read_regular_file
from ..normalize import index_tokens
from ..protocol import CountUnit, NoNetwork
from ..registry import BackendEntry, register

if TYPE_CHECKING:
    import tantivy

META_FILE = "ic-sanitizer-index.json"
BODY_FIELD = "body"
TOKENIZER = "ic_sanitizer_tokens"
INDEX_FORMAT = 1


def tantivy_schema() -> tantivy.Schema:
    import tantivy

    builder = tantivy.SchemaBuilder()
    builder.add_text_field(BODY_FIELD, stored=False, tokenizer_name=TOKENIZER, index_option="position")
    return builder.build()


def register_tokenizer(index: tantivy.Index) -> None:
    import tantivy

    index.register_tokenizer(TOKENIZER, tantivy.TextAnalyzerBuilder(tantivy.Tokenizer.whitespace()).build())


def read_meta(directory: Path) -> dict[str, Any]:
    if not (directory / META_FILE).exists():
        raise BackendDataError(
            f"{directory} is not a corpus index (no {META_FILE}); build one with `sanitizer corpus build`"
        )
    try:
        meta = parse_json(read_regular_file(directory / META_FILE).decode("utf-8"))
    except UnreadableFileError as exc:
        raise BackendDataError(f"cannot read the index description in {directory}: {exc.reason}") from None
    except ValueError as exc:
        raise BackendDataError(f"cannot read the index description in {directory}: {type(exc).__name__}") from None
    if not isinstance(meta, dict):
        raise BackendDataError(f"the index description in {directory} is malformed")
    if meta.get("format") != INDEX_FORMAT:
        raise BackendDataError(
            f"{directory} has index format {meta.get('format')!r}; this version reads {INDEX_FORMAT}"
        )
    return meta


def is_tantivy_panic(exc: BaseException) -> bool:
    """pyo3 raises a Rust panic as pyo3_runtime.PanicException, which cannot be imported."""
    return type(exc).__name__ == "PanicException"


@contextmanager
def _tantivy_errors(directory: Path) -> Iterator[None]:
    try:
        yield
    except BackendDataError:
        raise
    except BaseException as exc:
        if not (is_tantivy_panic(exc) or isinstance(exc, (ValueError, OSError))):
            raise
        raise BackendDataError(
            f"the local index {directory} is damaged or was built by another version "
            f"(tantivy: {type(exc).__name__}); rebuild it with `sanitizer corpus build`"
        ) from None


class LocalIndexBackend(NoNetwork):
    name = "local"
    unit = CountUnit.DOCUMENT
    supports_conjunction = True
    sends_terms_off_machine = False

    def __init__(self, directory: Path) -> None:
        import tantivy

        self.directory = directory
        self.meta = read_meta(directory)
        with _tantivy_errors(directory):
            self._index = tantivy.Index.open(str(directory))
            register_tokenizer(self._index)
            self._schema = self._index.schema
            self._searcher = self._index.searcher()
        self._tantivy = tantivy

    def _phrase_query(self, phrase: str) -> Optional[tantivy.Query]:
        tokens = index_tokens(phrase)
        if not tokens:
            return None
        if len(tokens) == 1:
            return self._tantivy.Query.term_query(self._schema, BODY_FIELD, tokens[0])
        return self._tantivy.Query.phrase_query(self._schema, BODY_FIELD, cast("list[str | tuple[int, str]]", tokens))

    def _count(self, queries: Sequence[Optional[tantivy.Query]]) -> int:
        if not queries or any(q is None for q in queries):
            return 0
        with _tantivy_errors(self.directory):
            present = cast("Sequence[tantivy.Query]", queries)
            query = (
                present[0]
                if len(present) == 1
                else self._tantivy.Query.boolean_query([(self._tantivy.Occur.Must, q) for q in present])
            )
            # tantivy's stub leaves out SearchResult.count, which search(count=True) fills in.
            return self._searcher.search(query, limit=1, count=True).count  # type: ignore[attr-defined]

    def fingerprint(self) -> str:
        return self.meta["fingerprint"]

    def total(self) -> int:
        with _tantivy_errors(self.directory):
            return self._searcher.num_docs

    def count(self, phrase: str) -> int:
        tokens = index_tokens(phrase)
        if len(tokens) == 1:
            # The term dictionary knows a word's document frequency: no postings to walk.
            # (It would count deleted documents too; an index is built once and never edited.)
            with _tantivy_errors(self.directory):
                return self._searcher.doc_freq(BODY_FIELD, tokens[0])
        with _tantivy_errors(self.directory):
            return self._count([self._phrase_query(phrase)])

    def count_all(self, phrases: Sequence[str]) -> int:
        with _tantivy_errors(self.directory):
            return self._count([self._phrase_query(p) for p in phrases])

    def describe(self) -> str:
        return (
            f"exact document counts from the local index {self.directory.name} "
            f"({self.meta['documents']:,} documents, {self.meta['tokens']:,} tokens)"
        )


def _missing() -> Optional[str]:
    import importlib.util

    return None if importlib.util.find_spec("tantivy") else "the tantivy package is not installed (pip install tantivy)"


register(
    BackendEntry(
        name="local",
        factory=lambda argument: LocalIndexBackend(Path(argument or "")),
        summary="exact phrase and co-occurrence document counts from a local index (sanitizer corpus build)",
        argument="INDEX_DIR",
        missing=_missing,
        argument_is_path=True,
    )
)
