"""The public API: what each package exports, and its error tree as drawn in errors.py."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re

import pytest

PUBLIC = {
    "ic_sanitizer": [
        "Analysis",
        "AnalyzedSpan",
        "Anonymizer",
        "BatchFailure",
        "CacheError",
        "CandidateTerm",
        "ConfigurationError",
        "CorpusStatsError",
        "CountBackend",
        "DEFAULT_BETA",
        "DEFAULT_W",
        "Decision",
        "DocumentRefused",
        "ExtractorUnavailableError",
        "InputError",
        "KindRule",
        "OutputError",
        "Mode",
        "PairScore",
        "Policy",
        "QueryStats",
        "Reason",
        "Relatedness",
        "Replacement",
        "Rule",
        "S2Outcome",
        "S3Outcome",
        "SanitizationResult",
        "Sanitizer",
        "SanitizerError",
        "ScoredTerm",
        "Settings",
        "Span",
        "SparkRunError",
        "SparkUnavailableError",
        "TermKind",
        "Thresholds",
        "UnknownExtractorError",
        "WorkerError",
        "ZeroCountPolicy",
    ],
    "ic_sanitizer.corpus_stats": [
        "BackendDataError",
        "BackendEntry",
        "BackendUnavailableError",
        "ConjunctionUnsupportedError",
        "CorpusStatsError",
        "CountBackend",
        "CountUnit",
        "NoNetwork",
        "UnknownBackendError",
        "backend_data_path",
        "backend_entries",
        "index_tokens",
        "normalize_phrase",
        "open_backend",
        "parse_spec",
        "register",
    ],
    "ic_sanitizer.cache": [
        "CACHE_DIR_ENV",
        "CacheDamagedError",
        "CacheError",
        "CacheInfo",
        "CachedCounter",
        "ClearOutcome",
        "CountCache",
        "PrefetchStats",
        "QueryRunInterrupted",
        "QueryStats",
        "clear_cache",
        "default_cache_dir",
        "inspect_cache",
        "query_key",
    ],
}


@pytest.mark.parametrize("package", PUBLIC)
def test_all_is_the_public_api_and_every_name_exists(package):
    module = importlib.import_module(package)
    assert sorted(module.__all__) == sorted(PUBLIC[package])
    assert len(set(module.__all__)) == len(module.__all__), "a name listed twice"
    missing = [name for name in module.__all__ if not hasattr(module, name)]
    assert not missing


def test_star_import_gives_exactly_all():
    namespace: dict = {}
    exec("from ic_sanitizer import *", namespace)
    assert sorted(k for k in namespace if k != "__builtins__") == sorted(PUBLIC["ic_sanitizer"])


# -- error trees ---------------------------------------------------------------------------

# A node of a tree drawn as in httpx: "    Root" at four spaces, "    ├── Child", "    │   └── Grandchild".
_NODE = re.compile(r"^    (?:(?P<rails>(?:[│ ]   )*)[├└]── |(?=[A-Z]))(?P<name>[A-Z]\w*)")
_SUBPACKAGES = ("ic_sanitizer.corpus_stats", "ic_sanitizer.cache")


def _drawn_tree(docstring: str) -> dict[str, str | None]:
    """{class name: drawn parent name, None for a root} from the first tree in ``docstring``."""
    parents: dict[str, str | None] = {}
    path: list[str] = []
    for line in docstring.splitlines():
        match = _NODE.match(line)
        if match is None:
            if parents and not line.strip():
                break
            continue
        rails = match.group("rails")
        depth = 0 if rails is None else len(rails) // 4 + 1
        path[depth:] = [match.group("name")]
        parents[match.group("name")] = path[depth - 1] if depth else None
    return parents


def _exceptions_defined_in(package: str) -> dict[str, type[BaseException]]:
    root = importlib.import_module(package)
    modules = [root]
    for info in pkgutil.walk_packages(root.__path__, prefix=f"{package}."):
        if info.name.endswith(".__main__"):  # importing it runs the CLI
            continue
        try:
            modules.append(importlib.import_module(info.name))
        except ModuleNotFoundError as missing:  # an integration whose extra is not installed
            assert not (missing.name or "").startswith("ic_sanitizer"), missing
    found = {}
    for module in modules:
        for name, value in vars(module).items():
            if (
                inspect.isclass(value)
                and issubclass(value, BaseException)
                and value.__module__.startswith(package)
                and not any(value.__module__.startswith(sub) for sub in _SUBPACKAGES if sub != package)
            ):
                found[name] = value
    return found


@pytest.mark.parametrize("package", ["ic_sanitizer", "ic_sanitizer.corpus_stats", "ic_sanitizer.cache"])
def test_the_error_tree_in_errors_py_draws_every_exception_of_the_package(package):
    errors = importlib.import_module(f"{package}.errors")
    drawn = _drawn_tree(errors.__doc__ or "")
    defined = _exceptions_defined_in(package)
    assert defined, "no exception found: the walk is broken"
    assert sorted(set(defined) - set(drawn)) == [], "exceptions missing from the tree"
    for name, cls in defined.items():
        parent = drawn[name]
        actual = cls.__bases__[0].__name__
        # each package's root derives from the one root, ic_sanitizer's SanitizerError
        assert parent == actual or (parent is None and actual in ("Exception", "SanitizerError")), (
            name,
            parent,
            actual,
        )


def test_closing_the_sanitizer_drops_the_caches_that_hold_texts():
    from ic_sanitizer import Sanitizer, Settings, redaction

    with Sanitizer(Settings(workers=1, use_cache=False)) as sanitizer:
        sanitizer.sanitize("Mr John Smith lives in Leeds with Mrs Smith.")
        assert redaction._word_index.cache_info().currsize > 0
    assert redaction._word_index.cache_info().currsize == 0 and redaction._normalized.cache_info().currsize == 0
