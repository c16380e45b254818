"""Part-of-speech tagging with NLTK's averaged-perceptron feature set, plus two repairs.

The greedy perceptron (WSJ-trained) makes two kinds of error that cost noun phrases,
and both are corrected with a linguistic constraint and the model's own scores,
never with a word list:

1. Unknown words are not base-form verbs. New verbs enter English slowly, so a word
   the model never saw in training is almost always a noun, adjective or name. When
   such a word comes out as VB or VBP (typically after "to", which the model reads as
   an infinitive marker: "responded poorly to influenza"), it takes its best-scoring
   non-verb tag.
2. A sentence has a finite verb. When a sentence that ends in . ! or ? comes out with
   none, the NNS token that follows a noun or pronoun and is closest to a VBZ reading
   becomes VBZ ("The patient suffers from ..."), and the rest of the sentence is
   re-tagged from there with that decision as context.

Features are computed as in ``nltk.tag.perceptron.PerceptronTagger._get_features``
(the model was trained on them), inlined for speed.
"""

from __future__ import annotations

from .nltk_models import perceptron_model

_START = ("-START-", "-START2-")
_END = ("-END-", "-END2-")
_BASE_VERBS = frozenset({"VB", "VBP"})
_FINITE = frozenset({"VBD", "VBZ", "VBP", "MD"})
_SUBJECT_HEADS = frozenset({"NN", "NNP", "NNPS", "PRP"})
_SENTENCE_END = frozenset({".", "!", "?"})


def _normalize(word: str) -> str:
    if "-" in word and word[0] != "-":
        return "!HYPHEN"
    if word.isdigit() and len(word) == 4:
        return "!YEAR"
    if word and word[0].isdigit():
        return "!DIGITS"
    return word.lower()


class PerceptronTagger:
    def __init__(self) -> None:
        self._weights, self._tagdict, classes = perceptron_model()
        self._classes = sorted(classes)

    def _scores(self, i: int, word: str, context: list[str], prev: str, prev2: str) -> dict[str, float]:
        i += 2
        features = (
            "bias",
            "i suffix " + word[-3:],
            "i pref1 " + (word[0] if word else ""),
            "i-1 tag " + prev,
            "i-2 tag " + prev2,
            "i tag+i-2 tag " + prev + " " + prev2,
            "i word " + context[i],
            "i-1 tag+i word " + prev + " " + context[i],
            "i-1 word " + context[i - 1],
            "i-1 suffix " + context[i - 1][-3:],
            "i-2 word " + context[i - 2],
            "i+1 word " + context[i + 1],
            "i+1 suffix " + context[i + 1][-3:],
            "i+2 word " + context[i + 2],
        )
        scores: dict[str, float] = {}
        weights = self._weights
        for feature in features:
            label_weights = weights.get(feature)
            if label_weights:
                for label, weight in label_weights.items():
                    scores[label] = scores.get(label, 0.0) + weight
        return scores

    @staticmethod
    def _best(scores: dict[str, float], exclude: frozenset[str] = frozenset()) -> str:
        # Ties broken alphabetically, as NLTK does, for identical output.
        best_label, best_key = "NN", None
        for label, score in scores.items():
            if label in exclude:
                continue
            key = (score, label)
            if best_key is None or key > best_key:
                best_label, best_key = label, key
        return best_label

    def _decode(self, words: list[str], context: list[str], tags: list[str],
                scores: list[dict[str, float] | None], start: int) -> None:
        """Greedy left-to-right tagging of words[start:], given tags[:start]."""
        # NLTK's (and the model's) quirk: the first word sees prev="-START-", prev2="-START2-".
        history = ["-START2-", "-START-", *tags[:start]]
        prev, prev2 = history[start + 1], history[start]
        for i in range(start, len(words)):
            word = words[i]
            tag = self._tagdict.get(word)
            if tag is None:
                word_scores = self._scores(i, word, context, prev, prev2)
                tag = self._best(word_scores)
                if tag in _BASE_VERBS and ("i word " + context[i + 2]) not in self._weights:
                    tag = self._best(word_scores, exclude=_BASE_VERBS)  # repair 1
                scores[i] = word_scores
            else:
                scores[i] = None
            tags[i] = tag
            prev2, prev = prev, tag

    def tag(self, words: list[str]) -> list[str]:
        """POS tags of one sentence's words."""
        if not words:
            return []
        context = [*_START, *(_normalize(w) for w in words), *_END]
        tags = ["" for _ in words]
        scores: list[dict[str, float] | None] = [None] * len(words)
        self._decode(words, context, tags, scores, 0)
        if len(words) >= 3 and words[-1] in _SENTENCE_END and not _FINITE.intersection(tags):
            self._give_sentence_a_verb(words, context, tags, scores)
        return tags

    def _give_sentence_a_verb(self, words: list[str], context: list[str], tags: list[str],
                              scores: list[dict[str, float] | None]) -> None:  # repair 2
        best_index, best_margin = None, None
        for i in range(1, len(words)):
            word_scores = scores[i]
            if tags[i] != "NNS" or tags[i - 1] not in _SUBJECT_HEADS or not word_scores:
                continue
            if "VBZ" not in word_scores:
                continue
            margin = word_scores["NNS"] - word_scores["VBZ"]
            if best_margin is None or margin < best_margin:
                best_index, best_margin = i, margin
        if best_index is not None:
            tags[best_index] = "VBZ"
            self._decode(words, context, tags, scores, best_index + 1)
