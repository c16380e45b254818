"""The default POS tagger against NLTK's own averaged perceptron with the same weights.

    pip install nltk && python benchmarks/tagger.py

Both tag every sentence of TAB's 127 judgments (split and tokenized as the default
extractor does). NLTK's tagger gets the same model (weights, tag dictionary, classes);
ours adds two repairs (tagger.py), so the tags differ only in sentences where a repair
fires (an unknown word's VB/VBP replaced, or a VBZ given to a verbless sentence, whose
following words are then tagged again): the script prints how many tags and sentences
differ, how many differing sentences show no repair (expected: 0), and each tagger's time.
NLTK is not a dependency of the project; install it to compare.
"""

from __future__ import annotations

import time

from _tab import load_tab


def _sentences() -> list[list[str]]:
    from ic_sanitizer.extraction.nltk_models import sentence_splitter
    from ic_sanitizer.extraction.tokenizer import tokenize

    texts, _ = load_tab()
    splitter, sentences = sentence_splitter(), []
    for doc_id in sorted(texts):
        for paragraph in texts[doc_id].split("\n"):
            for start, end in splitter.span_tokenize(paragraph):
                words = [token.text for token in tokenize(paragraph[start:end], 0)]
                if words:
                    sentences.append(words)
    return sentences


def main() -> None:
    from nltk.tag.perceptron import PerceptronTagger as NltkTagger

    from ic_sanitizer.extraction.nltk_models import perceptron_model
    from ic_sanitizer.extraction.tagger import PerceptronTagger

    sentences = _sentences()
    started = time.perf_counter()
    ours = PerceptronTagger()
    loaded = time.perf_counter() - started
    nltk_tagger = NltkTagger(load=False)
    nltk_tagger.model.weights, nltk_tagger.tagdict, classes = perceptron_model()
    nltk_tagger.classes = nltk_tagger.model.classes = set(classes)
    timings, tags = {}, {}
    for name, tag in (("this project", ours.tag), ("nltk", lambda words: [t for _, t in nltk_tagger.tag(words)])):
        started = time.perf_counter()
        tags[name] = [tag(words) for words in sentences]
        timings[name] = time.perf_counter() - started
    pairs = [(a, b) for x, y in zip(tags["this project"], tags["nltk"]) for a, b in zip(x, y)]
    differing = [list(zip(x, y)) for x, y in zip(tags["this project"], tags["nltk"]) if x != y]
    unexplained = [s for s in differing if not any(a != b and (b in ("VB", "VBP") or a == "VBZ") for a, b in s)]
    print(
        f"sentences {len(sentences)}, words {len(pairs)}: {sum(a != b for a, b in pairs)} tags in "
        f"{len(differing)} sentences differ from NLTK's; differing sentences without a repair: {len(unexplained)}"
    )
    for name, seconds in timings.items():
        print(f"{name}: {seconds:.2f} s ({len(pairs) / seconds:,.0f} words/s)")
    print(f"this project's model loaded in {loaded:.2f} s (from the data folder once built)")


if __name__ == "__main__":
    main()
