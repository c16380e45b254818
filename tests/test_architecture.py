"""The house rules the next engineer relies on: no import cycle, small modules and
functions, every kind ranked and ruled, `sanitizer --help` light."""

from __future__ import annotations

import ast
import io
import itertools
import re
import subprocess
import sys
import tokenize
from pathlib import Path
from typing import Iterator

import networkx as nx
import pytest

from ic_sanitizer.policy import BUILTIN_POLICIES, load_policy
from ic_sanitizer.terms import MERGE_PRIORITY, REFINEMENTS, TermKind

ROOT = Path(__file__).resolve().parents[1]
#: source folder -> the module it is installed as (pyproject's package mapping)
PACKAGES = {"sanitizer": "ic_sanitizer", "corpus_stats": "ic_sanitizer.corpus_stats", "cache": "ic_sanitizer.cache"}
MAX_MODULE_LINES, MAX_FUNCTION_LINES = 300, 60


def _modules() -> dict[str, Path]:
    found = {}
    for folder, package in PACKAGES.items():
        for path in (ROOT / folder).rglob("*.py"):
            parts = list(path.relative_to(ROOT / folder).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join([package, *parts])] = path
    return found


def _imported_at_load(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The package's modules ``name`` imports when it is loaded (not in functions, not for type checking)."""
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    targets = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            continue
        for statement in node.body if isinstance(node, ast.Try) else [node]:
            if isinstance(statement, ast.ImportFrom):
                base = package.split(".")[: len(package.split(".")) - statement.level + 1] if statement.level else []
                module = ".".join([*base, *([statement.module] if statement.module else [])])
                targets |= {
                    candidate
                    for candidate in (module, *(f"{module}.{a.name}" for a in statement.names))
                    if candidate in modules
                }
            elif isinstance(statement, ast.Import):
                targets |= {alias.name for alias in statement.names if alias.name in modules}
    return targets - {name}


def test_no_import_cycle():
    modules = _modules()
    graph = nx.DiGraph()
    for name, path in modules.items():
        graph.add_edges_from((name, target) for target in _imported_at_load(name, path, modules))
    assert list(nx.simple_cycles(graph)) == []


def test_the_recognizers_never_import_the_extraction_rules():
    """Extraction runs the recognizers (its identifiers' layer); the recognizers read words
    from the language packs (lang/) and casing from writing_case, never from extraction/,
    so that the two packages do not import each other."""
    modules = _modules()
    upward = sorted(
        (name, target)
        for name, path in modules.items()
        if name.startswith("ic_sanitizer.recognizers")
        for target in _imported_at_load(name, path, modules)
        if target.startswith("ic_sanitizer.extraction")
    )
    assert upward == []


def _code_lines(source: str, tree: ast.Module) -> int:
    """Lines holding code: comments, blank lines and docstrings aside (they are welcome)."""
    lines = set()
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type not in _NOT_CODE:
            lines.update(range(token.start[0], token.end[0] + 1))
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and ast.get_docstring(
            node
        ):
            docstring = node.body[0]
            lines -= set(range(docstring.lineno, docstring.end_lineno + 1))
    return len(lines)


_NOT_CODE = {tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT, tokenize.ENDMARKER}


def test_no_module_or_function_is_too_long():
    """A module holds at most 300 lines of code; a function's body at most 60 lines (its
    signature aside: the formatter writes one parameter a line, and a command's options
    are declarations, not logic)."""
    too_long = []
    for name, path in _modules().items():
        source = path.read_text(encoding="utf-8")
        tree = ast.parse(source)
        if (code := _code_lines(source, tree)) > MAX_MODULE_LINES:
            too_long.append(f"{name}: {code} lines of code")
        too_long += [
            f"{name}.{node.name}: a body of {node.end_lineno - node.body[0].lineno + 1} lines"
            for node in ast.walk(tree)
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
            and node.end_lineno - node.body[0].lineno + 1 > MAX_FUNCTION_LINES
        ]
    assert too_long == []


def test_every_kind_is_ranked_for_merging_and_ruled_by_every_shipped_policy():
    assert sorted(MERGE_PRIORITY) == sorted(TermKind) and len(set(MERGE_PRIORITY)) == len(MERGE_PRIORITY)
    for name in BUILTIN_POLICIES:
        policy = load_policy(name)
        unruled = [kind for kind in TermKind if kind not in policy.rules and kind not in REFINEMENTS]
        assert unruled == [], f"policy {name} has no rule for {unruled} (a new kind needs one in every policy)"


@pytest.mark.parametrize("arguments", [["--help"], ["recognizers", "--help"]])
def test_help_imports_no_engine_module(arguments):
    probe = (
        "import sys\nfrom ic_sanitizer.cli.app import main\nsys.argv = ['sanitizer', *sys.argv[1:]]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "engine = ('ic_sanitizer.pipeline', 'ic_sanitizer.stages', 'ic_sanitizer.extraction.candidates', 'nltk')\n"
        "print(sorted(m for m in sys.modules if m in engine))"
    )
    done = subprocess.run([sys.executable, "-c", probe, *arguments], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "[]"


def test_month_names_are_spelled_out_in_the_lexicon_only():
    month_list = re.compile(r"january\W+february", re.IGNORECASE)
    spelled = [
        name
        for name, path in _modules().items()
        if month_list.search(path.read_text(encoding="utf-8")) and name != "ic_sanitizer.lang.en.lexicon"
    ]
    assert spelled == []


def _word_list(node: ast.expr) -> list[str] | None:
    """The words of a literal word list: "a b c".split(), {"a", "b"}, ("a", "b"), frozenset(...) of either."""
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "split"
        and isinstance(node.func.value, ast.Constant)
        and isinstance(node.func.value.value, str)
        and not node.args
    ):
        return node.func.value.value.split()
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and len(node.args) == 1
        and node.func.id in ("frozenset", "set", "tuple", "list")
    ):
        return _word_list(node.args[0])
    if (
        isinstance(node, (ast.Set, ast.Tuple, ast.List))
        and node.elts
        and all(isinstance(e, ast.Constant) and isinstance(e.value, str) for e in node.elts)
    ):
        return [e.value for e in node.elts if isinstance(e, ast.Constant)]
    return None


def _module_word_lists() -> dict[tuple[str, str], set[str]]:
    """Every module-level word list of four or more words, by (module, name), in lower case."""
    lists = {}
    for name, path in _modules().items():
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            value = node.value if isinstance(node, (ast.Assign, ast.AnnAssign)) else None
            targets = node.targets if isinstance(node, ast.Assign) else [node.target] if value is not None else []
            words = _word_list(value) if value is not None else None
            if words and len(words) >= 4:
                lists.update({(name, t.id): {w.lower() for w in words} for t in targets if isinstance(t, ast.Name)})
    return lists


def test_no_word_list_is_written_twice():
    """A lint over every module-level word list of the package: two lists in different
    modules that share most of their words are one list written twice (as month names
    were in five modules); the second must import the first (lexicon.py, name_words.py)."""
    lists = _module_word_lists()
    assert len(lists) > 30  # the lint sees the lists
    twice = [
        (a, b)
        for (a, words_a), (b, words_b) in itertools.combinations(lists.items(), 2)
        if a[0] != b[0] and len(words_a & words_b) >= 0.8 * min(len(words_a), len(words_b))
    ]
    assert twice == []


def test_no_pattern_spells_out_a_word_list():
    """A pattern's alternation of words is built from the word list that holds them
    (lexicon.SCALE_WORDS in the numbers' pattern), never written by hand beside it: no
    string of the engine holds an alternation of four or more words that are all in one
    module-level word list. corpus_stats' lists are its own package's (the engine's
    patterns cannot be built from them)."""
    alternation = re.compile(r"(?:[A-Za-z][a-z']*(?:\\\.|\.)?\|){3,}[A-Za-z][a-z']*")
    lists = {key: words for key, words in _module_word_lists().items() if ".corpus_stats." not in key[0]}
    spelled = []
    for name, path in _modules().items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                for match in alternation.finditer(node.value):
                    words = {word.lower().rstrip(".\\") for word in match.group().split("|")}
                    spelled += [(name, node.lineno, key) for key, listed in lists.items() if words <= listed]
    assert spelled == []


def test_every_recognizer_module_has_its_test_module():
    """A recognizer module comes with its tests: recognizers/universal/<name>.py with
    tests/sanitizer/test_recognizer_<name>.py, a language pack's lang/<code>/<name>.py that
    declares recognizers with test_recognizer_<code>_<name>.py."""
    universal = {path.stem for path in (ROOT / "sanitizer" / "recognizers" / "universal").glob("*.py")} - {"__init__"}
    packs = {
        f"{path.parent.name}_{path.stem}"
        for path in (ROOT / "sanitizer" / "lang").glob("*/*.py")
        if "PatternRecognizer(" in path.read_text(encoding="utf-8")
    }
    assert len(packs) >= 8  # the lint sees the packs' recognizers
    untested = {
        name for name in universal | packs if not (ROOT / "tests" / "sanitizer" / f"test_recognizer_{name}.py").exists()
    }
    assert untested == set()


def _code_words(path: Path) -> set[str]:
    """The words of a module's string literals, docstrings aside (its rules: patterns, word lists)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return {
        word
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
        for word in re.findall(r"[^\W\d_]+", node.value)
    }


def test_a_genre_packs_words_are_written_in_its_pack_only():
    """What only one genre writes lives in its pack (packs/): a pack's WORDS are in its own
    rules, and in the rules of no module outside it."""
    import importlib

    from ic_sanitizer.packs import PACKS

    for pack in PACKS:
        words = importlib.import_module(f"ic_sanitizer.packs.{pack}").WORDS
        folder = ROOT / "sanitizer" / "packs" / pack
        inside = set().union(*(_code_words(path) for path in folder.rglob("*.py") if path.name != "__init__.py"))
        assert words <= inside, f"the {pack} pack's WORDS its rules no longer hold: {sorted(words - inside)}"
        outside = {
            name: sorted(words & _code_words(path))
            for name, path in _modules().items()
            if folder not in path.parents and words & _code_words(path)
        }
        assert outside == {}


def _word_lists(path: Path, shortest: int = 8) -> Iterator[set[str]]:
    """The literal word lists of ``shortest`` words or more anywhere in a module, in lower case."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        words = _word_list(node) if isinstance(node, (ast.Call, ast.Set, ast.Tuple, ast.List)) else None
        if words and len(words) >= shortest:
            yield {word.lower() for word in words}


def test_a_language_packs_words_are_written_in_its_pack_only():
    """What one language writes lives in its pack (lang/<code>/): no word list outside the
    pack is mostly words of that pack's lists and of no other pack's (name particles such as
    "de", "del", "van" are several languages' and count for none). A genre pack (packs/)
    writes its genre's words in its language: the judgments pack's are English."""
    from ic_sanitizer.lang import READ

    modules = _modules()
    folders = {code: ROOT / "sanitizer" / "lang" / code for code in READ}
    vocabularies = {
        code: set().union(
            *(words for path in modules.values() if folder in path.parents for words in _word_lists(path))
        )
        for code, folder in folders.items()
    }
    assert len(vocabularies["es"]) > 100  # the lint sees the packs' lists
    misplaced = []
    for code, folder in folders.items():
        own = vocabularies[code] - set().union(*(words for other, words in vocabularies.items() if other != code))
        misplaced += [
            (code, name)
            for name, path in modules.items()
            if folder not in path.parents and ROOT / "sanitizer" / "packs" not in path.parents
            for words in _word_lists(path)
            if len(words & own) >= 0.5 * len(words)
        ]
    assert misplaced == []


#: what an entry of a language's word list looks like: letters, with a hyphen, an
#: apostrophe or a period inside ("re-elected", "e-mail", "o'clock"); not a name in code
_WORD_ENTRY = re.compile(r"[^\W\d_]+(?:[-'.][^\W\d_]+)*\.?")


def test_english_word_lists_are_written_in_the_english_pack_only():
    """The shared rules (extraction/, recognizers/, the engine's modules) read their English
    words from lang/en/: no list of eight or more words outside lang/ and packs/ is mostly
    English words (Punkt's lower-case words and WordNet's lemmas). corpus_stats, the
    back-ends' own package, imports nothing of the engine and keeps its title-case words."""
    from ic_sanitizer.lang.en.common_words import common_lowercase_words, lower_case_lemmas

    english = common_lowercase_words() | lower_case_lemmas()
    homes = [ROOT / "sanitizer" / "lang", ROOT / "sanitizer" / "packs", ROOT / "corpus_stats"]
    misplaced = [
        (name, sorted(words)[:5])
        for name, path in _modules().items()
        if not any(home in path.parents for home in homes)
        for words in _word_lists(path)
        if all(_WORD_ENTRY.fullmatch(word) for word in words) and len(words & english) >= 0.5 * len(words)
    ]
    assert misplaced == []
