"""The collection's first pass (collection.CollectionCounts): exact counts, merges, and a bounded vocabulary."""

from __future__ import annotations

import random

import pytest

from ic_sanitizer.collection import Collection, CollectionCounts

WORDS = "sputum ectopy lasix foley vent stool okafor leeds swan clears".split()


def _documents(seed: int, count: int) -> list[tuple[str, str]]:
    rng = random.Random(seed)
    return [(" ".join(rng.sample(WORDS, 3)), f"patient-{rng.randrange(6)}") for _ in range(count)]


def _true_holders(documents: list[tuple[str, str]], word: str, mapped: bool) -> int:
    holding = [subject if mapped else index for index, (text, subject) in enumerate(documents) if word in text.split()]
    return len(set(holding))


@pytest.mark.parametrize("mapped", [True, False])
def test_a_words_subjects_are_counted_exactly_up_to_k(mapped):
    documents = _documents(1, 40)
    counts = CollectionCounts(mapped, k=4)
    for text, subject in documents:
        counts.add(text, subject)
    for word in WORDS:
        truth = _true_holders(documents, word, mapped)
        assert counts.holders(word) == (min(truth, 4) if mapped else truth)


@pytest.mark.parametrize("mapped", [True, False])
def test_counts_made_apart_and_merged_are_the_counts_of_the_whole(mapped):
    documents = _documents(2, 30)
    whole, first, second = (CollectionCounts(mapped, k=3) for _ in range(3))
    for index, (text, subject) in enumerate(documents):
        whole.add(text, subject)
        (first if index % 2 else second).add(text, subject)
    merged = first.merge(second)
    assert all(merged.holders(word) == whole.holders(word) for word in WORDS)
    assert (merged.documents, merged.subjects) == (whole.documents, whole.subjects)


def test_a_word_of_one_subject_stays_one_subject_however_often_it_is_written():
    counts = CollectionCounts(mapped=True, k=2)
    for _ in range(5):
        counts.add("kowalczyk", "patient-1")
    assert counts.holders("kowalczyk") == 1
    counts.add("kowalczyk", "patient-2")
    assert counts.holders("kowalczyk") == 2


@pytest.mark.parametrize("mapped", [True, False])
def test_a_vocabulary_past_its_bound_drops_its_rarest_words_and_never_counts_a_word_commoner(mapped):
    counts = CollectionCounts(mapped, k=3, max_words=50)
    documents = [(f"common record{index} typo{index}x", f"patient-{index % 7}") for index in range(200)]
    for text, subject in documents:
        counts.add(text, subject)
    assert counts.vocabulary <= 50 and counts.dropped > 0
    assert counts.holders("common") == (3 if mapped else 200)  # the common word survives every drop
    for index in range(200):
        assert counts.holders(f"record{index}") <= 1  # never more than the truth
    collection = counts.collection()
    assert collection is not None and "rarest were dropped" in collection.summary()
    assert "common" not in collection.summary() and "record" not in collection.summary()  # counts, never words


def test_a_collection_within_its_bound_says_nothing_of_dropping():
    collection = Collection.of([text for text, _ in _documents(3, 10)])
    assert collection is not None and "dropped" not in collection.summary()
