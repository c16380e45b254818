"""Names in a tagged sentence: runs of capitalized words, each typed by ``name_kind``.

A run is a maximal sequence of capitalized nouns, adjectives and foreign words (or any
capitalized word never written in lower case), joined across lower-case connectors
("Court of Cassation", "Bosnia and Herzegovina"). A person's title and initials are
part of the run ("Mr John Brown", "Mrs G.", "J. Scott"); a possessive is not ("Price’s"),
except inside an organisation's name ("Magistrate’s Court"). A run never joins two
persons ("Dr Price and K"), never crosses "of" after a person ("Mr P. Chapman of
Mitchells Solicitors") and never takes a month that belongs to a date ("7 January 2021
Bagbin"). Ordinary words are no name where they greet a role ("Hello Support Team"), head
a section in capitals ("DISCHARGE SUMMARY") or label a form's field ("Discharged:").
"""

from __future__ import annotations

import itertools
import re
from typing import Iterable, Sequence

from ..lang.en.common_words import care_terms, common_lowercase_words
from ..lang.en.frequent_words import is_ordinary_word
from ..lang.en.name_words import (
    ARTICLE_PREFIXED_NAME,
    AWARD_HEADS,
    CONNECTORS,
    NOT_INITIALS,
    POSSESSIVE_MARKS,
    QUOTATION_MARKS,
    SALUTATIONS,
    TITLE_CONNECTORS,
    is_date_word,
    is_honorific,
    is_initial,
    is_legal_form,
    is_organisation_head,
    is_saint_word,
    is_title,
    organisations_by_opening,
)
from ..lang.en.person_roles import introduces_a_name
from ..lang.en.role_words import VERBS_BEFORE_A_PERSON
from ..lang.en.sentence_openings import opens_without_a_name
from ..lang.name_lexicons import fold
from ..recognizers.field_labels import is_field_label
from ..terms import CandidateSpan, TermKind
from .base import TaggedSentence
from .common_acronyms import is_common_word_alone, is_letters_after_a_name
from .name_types import is_work_title, name_kind, splits_between
from .note_words import is_clinical_word, is_emphasis, is_numbered_stage, is_verb_form
from .ordinary_runs import is_addressed_by_role, is_heading_or_label, opens_with_a_relative, qualifies_a_trade

NAME_TAGS = frozenset({"NNP", "NNPS", "NN", "NNS", "JJ", "FW"})
_PROPER_TAGS = frozenset({"NNP", "NNPS", "JJ", "FW"})
# Kinds a word list vouches for, so that a sentence-initial word that is also an
# ordinary word ("Polish", "Turkey") keeps its name.
_KINDS_FROM_LEXICONS = frozenset({TermKind.PERSON, TermKind.LOCATION, TermKind.DEMONYM})
_LIST_SEPARATORS = frozenset({",", "and"})
#: a capital letter joined to a common noun: "X-ray", "T-shirt", "E-mail", "U-turn"
_LETTER_COMPOUND = re.compile(r"[A-Z]-[a-z]+s?")
#: a name by its form, whatever its tag: "O'Reilly", "D'Angelo", "N'Golo" (the tagger read
#: "O'Reilly" after a sentence's first word as an adverb, and left it in clear)
_APOSTROPHE_NAME = re.compile(r"[A-Z][a-z]?['\u2019][A-Z][a-z]+")


def _is_initial_letter(sentence: TaggedSentence, index: int) -> bool:
    """A capital letter with its period ("J." of "J. Scott"): the period belongs to the
    name unless it is the sentence's last token, its full stop. A letter that opens a
    sentence before a title or an ordinary word labels a section ("C. Proceedings")."""
    tokens = sentence.tokens
    if not (
        index + 2 < len(tokens)
        and len(tokens[index].text) == 1
        and tokens[index].text.isupper()
        and tokens[index + 1].text == "."
        and tokens[index + 1].start == tokens[index].end
    ):
        return False
    following = tokens[index + 2].text
    return index > 0 or not (is_title(following) or fold(following) in common_lowercase_words())


def _is_name_word(sentence: TaggedSentence, texts: Sequence[str], index: int) -> bool:
    text = texts[index]
    if not text[:1].isupper() and not _opens_in_lower_case(texts, index):
        return False  # most words of a text, answered before the rules below ask of them
    if is_field_label(texts, index) or fold(text) in SALUTATIONS or opens_without_a_name(texts, sentence.tags, index):
        return False  # "DOB 14/03/1952", "NHS number": a form's label; "Dear", "Hi": a greeting
    if _LETTER_COMPOUND.fullmatch(text):
        return False  # a common noun the tagger reads as a name for its capital
    if is_clinical_word(texts, index) or is_numbered_stage(texts, index) or is_emphasis(texts, index):
        return False  # "Foley to gravity", "Abd soft", "NC", "stage II", "remains FULL": words, not names
    if is_title(text) or is_initial(text) or _is_initial_letter(sentence, index):
        return True
    if ARTICLE_PREFIXED_NAME.fullmatch(text):
        return True  # "Yusuf al-Qaradawi", "Ahmed el-Sayed": the article is the name's
    if index > 0 and is_legal_form(text) and texts[index - 1][:1].isupper():
        return True  # "Ferranti plc"
    # A capitalized word never seen in lower case is a name whatever its tag (the tagger
    # reads an unknown sentence-initial word as anything: "Tugendhat J"). A month next to
    # a number is part of a date, never of a name ("7 January 2021 Bagbin").
    capitalized = text[:1].isupper() and (
        sentence.tags[index] in NAME_TAGS
        or (text.isalpha() and fold(text) not in common_lowercase_words())
        or _APOSTROPHE_NAME.fullmatch(text) is not None
        or _follows_a_name_cue(texts, index)
        or _opens_a_name(sentence, texts, index)
    )
    return capitalized and not is_date_word(texts, index)


def _opens_a_name(sentence: TaggedSentence, texts: Sequence[str], index: int) -> bool:
    """A capitalized participle inside a sentence, before a proper noun: "Sporting CP",
    "Reading FC" (tagged a verb, it was left out of the name, and in clear)."""
    return (
        0 < index < len(texts) - 1
        and sentence.tags[index] in ("VBG", "VBN")
        and sentence.tags[index + 1] == "NNP"
        and texts[index + 1][:1].isupper()
    )


def _opens_in_lower_case(texts: Sequence[str], index: int) -> bool:
    """The words a name may hold without a capital (_is_name_word): an article joined to
    it ("al-Qaradawi") and a legal form after a capitalized word ("Ferranti plc")."""
    text = texts[index]
    return bool(ARTICLE_PREFIXED_NAME.fullmatch(text)) or (
        index > 0 and is_legal_form(text) and texts[index - 1][:1].isupper()
    )


def _follows_a_name_cue(texts: Sequence[str], index: int) -> bool:
    """Whether words that introduce a name or a work's title come before the word at
    ``index``, after which any capitalized word is one: "her brother, Per,", "her memoir,
    “Washed Clean”"."""
    return (
        index > 0
        and texts[index].isalpha()
        and (introduces_a_name(texts, index) or is_work_title(texts[max(0, index - 4) : index]))
    )


def _span_words(sentence: TaggedSentence, first: int, last: int) -> list[str]:
    """The words of a name: tokens with no space between them are one word, so that
    initials keep their periods ("J.", "L.-E.")."""
    tokens = sentence.tokens
    words: list[str] = []
    for index in range(first, last + 1):
        if index > first and tokens[index].start == tokens[index - 1].end:
            words[-1] += tokens[index].text
        else:
            words.append(tokens[index].text)
    return words


def _is_hyphen_in_initials(sentence: TaggedSentence, index: int) -> bool:
    """The hyphen of "L.-E." or "J.-P.", between an initial's period and the next letter."""
    tokens = sentence.tokens
    return (
        0 < index < len(tokens) - 2
        and tokens[index].text == "-"
        and tokens[index - 1].text == "."
        and tokens[index - 1].end == tokens[index].start == tokens[index + 1].start - 1
        and _is_initial_letter(sentence, index + 1)
    )


def _possessive_is_inside(texts: Sequence[str], first: int, possessive: int) -> bool:
    """Whether the possessive after the run from ``first`` belongs to the name: capitalized
    words after it reach an organisation's or an award's head within three words ("Magistrate's
    Court", "St Mary's Primary School", "the Governor General's Award"), or the run is a
    saint's name ("St. Luke's": a hospital or a church)."""
    run = itertools.takewhile(lambda word: word[:1].isupper(), texts[possessive + 1 : possessive + 4])
    saint = possessive - first == 2 and is_saint_word(texts[first])
    return saint or any(is_organisation_head(word) or fold(word) in AWARD_HEADS for word in run)


#: so many characters between two words part columns, not the words of one name (a double
#: space is a typing slip as often: "John  Smith")
_LAYOUT_GAP = 3
#: no name runs longer (tokens): the longest in TAB's 127 judgments has 11 words ("Government
#: of the United Kingdom of Great Britain and Northern Ireland"); without a bound, each step
#: of a run rereads the run so far, and a page of capitalized words took minutes
_LONGEST_RUN = 40


def _run_end(sentence: TaggedSentence, texts: Sequence[str], first: int, in_list_of_persons: bool) -> int:
    """Index of the last token of the name run that starts at ``first``; in a list of
    persons, "and" ends the run ("Judges Raimondi, Bianku and Mahoney")."""
    last = first + 1 if _is_initial_letter(sentence, first) else first
    # a work's title takes every capitalized word: "the album Running Up That Hill"
    title = is_work_title(texts[max(0, first - 4) : first])
    j = last + 1
    while j < len(texts) and j - first < _LONGEST_RUN:
        if sentence.tokens[j].start - sentence.tokens[j - 1].end >= _LAYOUT_GAP:
            break  # a form's next column: "Pupil: Oliver Nwosu   Form: 9RH"
        if j == last + 1 and _opens_no_name(sentence, texts, j) and _is_the_speaker(sentence, texts, first, j):
            break
        if _is_name_word(sentence, texts, j) or (title and texts[j][:1].isupper() and texts[j].isalpha()):
            connectors = texts[last + 1 : j]
            # a title is one name whatever its words ("An African in Whitehall": "An" is a given name too)
            if (
                not title
                and splits_between(_span_words(sentence, first, last), connectors, texts[j])
                or (in_list_of_persons and "and" in connectors)
                or (connectors and _opens_no_name(sentence, texts, j))
            ):
                break  # two names: "Dr Price and K"; a name and the speaker: "Smith and I"
            # An honorific starts the next person's name: "Home Secretary Mr X", "Minister M.
            # Dupont"; but a letter after a name is its initial ("E. M. Forster", "James M. Smith").
            middle_initial = len(texts[j].rstrip(".")) == 1 and not is_title(texts[last])
            if is_honorific(texts[j]) and j == last + 1 and not is_honorific(texts[last]) and not middle_initial:
                break
            last = j + 1 if _is_initial_letter(sentence, j) else j
            j = last + 1
        elif _is_hyphen_in_initials(sentence, j) or (
            texts[j] in POSSESSIVE_MARKS and _possessive_is_inside(texts, first, j)
        ):
            last = j  # "L.-E."; "Magistrate’s Court", "St. Luke's": the possessive is inside
            j += 1
        elif (
            texts[j] in CONNECTORS
            or texts[j] == "&"
            or title
            and (texts[j] in TITLE_CONNECTORS or _opens_a_subtitle(texts, j))
        ):
            j += 1
        elif _is_quoted_nickname(texts, j):
            last = j + 2  # 'Margarethe "Grete" Vollmer-Okafor': the nickname is inside the name
            j += 3
        else:
            break
    return last


#: what follows the pronoun "I" and never a monarch's number: "I am", "I'm", "I've", "I'll", "I'd"
_ONLY_AFTER_THE_PRONOUN = frozenset({"am", "'m", "'ve", "'ll", "'d"})


def _is_the_speaker(sentence: TaggedSentence, texts: Sequence[str], first: int, index: int) -> bool:
    """Whether "I" after a name is the pronoun ("Dear Mr Smith I am writing", "Thanks Tom I
    will call", "Under UK261 I believe"), not a monarch's number ("Elizabeth I died"): a
    verb of the present or a modal follows, or the name has an honorific or a digit, which
    no monarch's has."""
    following = fold(texts[index + 1]).replace("’", "'") if index + 1 < len(texts) else ""
    return (
        (index + 1 < len(texts) and sentence.tags[index + 1] in {"VBP", "MD"})
        or following in _ONLY_AFTER_THE_PRONOUN
        or is_honorific(texts[first])
        or any(ch.isdigit() for ch in texts[index - 1])
    )


def _opens_a_subtitle(texts: Sequence[str], index: int) -> bool:
    """A colon before a capitalized word, inside a work's title: "Cold Currents: A Life Among Fish"."""
    return texts[index] == ":" and index + 1 < len(texts) and texts[index + 1][:1].isupper()


def _is_quoted_nickname(texts: Sequence[str], index: int) -> bool:
    """A capitalized word between quotation marks at ``index``, before a capitalized word:
    a nickname inside a person's name ('William "Bill" Clinton')."""
    window = texts[index : index + 4]
    return (
        len(window) == 4
        and window[0] in QUOTATION_MARKS
        and window[2] in QUOTATION_MARKS
        and window[1][:1].isupper()
        and window[1].isalpha()
        and window[3][:1].isupper()
    )


_SHORT_NUMBER = re.compile(r"\d{1,3}")


def _has_leading_the(texts: Sequence[str], first: int) -> bool:
    """A capitalized "The" inside a sentence belongs to the name it opens: a title ("the
    album The Wall", "his film “The Heat”", "her novel, The Quiet Harbour"), a band, a
    newspaper, "in The Hague". After a sentence's start, a list marker or a colon it is the
    article ("(a) The Court")."""
    if first < 2 or texts[first - 1] != "The":
        return False
    before = texts[first - 3] if texts[first - 2] in QUOTATION_MARKS and first >= 3 else texts[first - 2]
    return before[:1].islower() or before == ","  # inside the sentence, before the quotation mark if any


def _has_trailing_number(sentence: TaggedSentence, last: int) -> bool:
    """A short number right after a name is part of it: "Rocky 2", "Apollo 11", "Windows
    95" (a date's day, which the recognizers take first, never gets here)."""
    tokens = sentence.tokens
    return (
        last + 1 < len(tokens)
        and _SHORT_NUMBER.fullmatch(tokens[last + 1].text) is not None
        and tokens[last + 1].start == tokens[last].end + 1
        and not (
            last + 2 < len(tokens)
            and tokens[last + 2].text in (".", ",", ":")
            and last + 3 < len(tokens)
            and tokens[last + 3].text[:1].isdigit()
        )
    )


def _opens_no_name(sentence: TaggedSentence, texts: Sequence[str], index: int) -> bool:
    """A word that opens no name: the pronoun "I" ("Tom Becker and I'm a nurse" would list
    it as a second person, and every "I" of the text would follow; it may still end one,
    "Elizabeth I", and "I." before a surname is an initial), and a sentence's first verb
    before whom it concerns ("Ask Peter", "Tell Gran")."""
    opening_verb = index == 0 and fold(texts[index]) in VERBS_BEFORE_A_PERSON
    return opening_verb or texts[index] == "I" and not _is_initial_letter(sentence, index)


def _is_alone(texts: Sequence[str], index: int) -> bool:
    """Whether the word at ``index`` is its sentence's only word (punctuation aside)."""
    return not any(any(ch.isalnum() for ch in text) for j, text in enumerate(texts) if j != index)


def name_spans(sentence: TaggedSentence) -> Iterable[CandidateSpan]:
    """The typed name spans of one sentence."""
    tokens, tags = sentence.tokens, sentence.tags
    texts = [token.text for token in tokens]
    previous_kind, previous_end = None, -1
    i = 0
    while i < len(tokens):
        if not _is_name_word(sentence, texts, i) or _opens_no_name(sentence, texts, i):
            i += 1
            continue
        in_list_of_persons = (
            previous_kind is TermKind.PERSON
            and i > previous_end
            and set(texts[previous_end + 1 : i]) <= _LIST_SEPARATORS
        )
        last = _run_end(sentence, texts, i, in_list_of_persons)
        words = _span_words(sentence, i, last)
        # "an MRI", "a PhD", "the PO number": common nouns; "Wife Maureen": "Maureen" alone
        common = last == i and is_common_word_alone(texts, i)
        if common or opens_with_a_relative(words):
            i += 1
            continue
        if (
            is_addressed_by_role(texts, i, words)
            or is_heading_or_label(texts, last, words)
            or qualifies_a_trade(texts, i, words)
        ):
            i = last + 1
            continue
        kind = name_kind(words, texts[max(0, i - 4) : i], texts[last + 1 : last + 6])
        # In a list of persons an unknown surname is a person too ("Judges Raimondi,
        # Nicolaou, Bianku"), unless it is an ordinary word ("Mr X, Counsel") or a word of
        # care ("Dr Priya Raman, Cardiology": her specialty).
        if (
            kind is TermKind.NAME
            and in_list_of_persons
            and not any(fold(word) in common_lowercase_words() or fold(word) in care_terms() for word in words)
        ):
            kind = TermKind.PERSON
        # A lone capitalized word is a name when tagged as one, or when it is capitalized
        # inside the sentence ("in İstanbul"), not merely sentence-initial; a
        # sentence-initial word that is ordinary in lower case ("Police", "Subsequently")
        # is a name only when a word list knows it or a possessive follows ("Price’s").
        mid_sentence = i > 0 and (any(ch.isalnum() for ch in texts[i - 1]) or introduces_a_name(texts, i))
        # an everyday word ("Honorary"; not "Smith": is_ordinary_word) or a verb's irregular
        # form ("Slept"): a sentence's first word, no name by its capital
        ordinary = is_ordinary_word(fold(texts[i])) or is_verb_form(fold(texts[i]))
        proper = tags[i] in _PROPER_TAGS and (
            kind in _KINDS_FROM_LEXICONS or not ordinary or texts[i + 1 : i + 2] and texts[i + 1] in POSSESSIVE_MARKS
        )
        # A word list's name that the tagger read as a common noun where a sentence or a line
        # starts ("- Jessica", "Best wishes,\nPriya") is a name, unless an ordinary word.
        listed = kind in _KINDS_FROM_LEXICONS and not ordinary
        # A capitalized word no ordinary word list holds, alone as its sentence, is a name the
        # tagger had no context for: a letter's signature ("Thanks,\nKwame").
        if last > i or mid_sentence or proper or listed or (not ordinary and _is_alone(texts, i)):
            start = i - 1 if _has_leading_the(texts, i) else i
            end = last + 1 if _has_trailing_number(sentence, last) else last
            yield CandidateSpan(tokens[start].start, tokens[end].end, kind, "name_rule")
            previous_kind, previous_end = kind, end
        i = last + 1


def with_persons_named_elsewhere(text: str, spans: Sequence[CandidateSpan]) -> list[CandidateSpan]:
    """The name spans of a document, with an unknown name (NAME) that the document
    writes elsewhere as a person's name, or as its first or last word, typed PERSON too
    ("Price" after "Dr Price", "K" after "K claimed", "Kwame" signing after "I'm Kwame
    Asante")."""
    person_names: set[str] = set()
    for span in spans:
        if span.kind is TermKind.PERSON:
            words = text[span.start : span.end].split()
            person_names.add(fold(" ".join(words)))
            if not is_initial(words[-1]) and not is_letters_after_a_name(words[-1]):
                person_names.add(fold(words[-1]))
            while words and is_title(words[0]):
                words = words[1:]
            person_names.add(fold(" ".join(words)))
            if len(words) > 1 and not is_initial(words[0]):
                person_names.add(fold(words[0]))
    return [
        CandidateSpan(span.start, span.end, TermKind.PERSON, "named_elsewhere")
        if span.kind is TermKind.NAME and fold(text[span.start : span.end]) in person_names
        else span
        for span in spans
    ]


def with_organisations_named_elsewhere(text: str, spans: Sequence[CandidateSpan]) -> list[CandidateSpan]:
    """The name spans of a document, with a lone word typed a person or a plain name, or a
    plain name of more words, that opens exactly one organisation's name in the document
    typed as that organisation ("Stanford" after "Stanford University": the word is also a
    given name; "Leicester Tigers" after "Leicester Tigers Academy"), unless a person's name
    of more than one word holds a word of it ("Mr Stanford", "Leland Stanford", whom
    "Leland Stanford Junior University" is named after), the text also names a place so
    ("Ballina" of "in Ballina" beside "Ballina Golf Club") or it is made of ordinary words
    ("the State" after "State Security Court", "the Agent")."""

    folded = {span: tuple(fold(word) for word in text[span.start : span.end].split()) for span in spans}
    opens = organisations_by_opening(words for span, words in folded.items() if span.kind is TermKind.ORGANISATION)
    person_words = {
        word for span, words in folded.items() if span.kind is TermKind.PERSON and len(words) > 1 for word in words
    }
    places = {words for span, words in folded.items() if span.kind is TermKind.LOCATION}

    def opens_one_organisation(span: CandidateSpan) -> bool:
        words = folded[span]
        return (
            (span.kind is TermKind.NAME or span.kind is TermKind.PERSON and len(words) == 1)
            and len(opens.get(words, ())) == 1
            and not person_words.intersection(words)
            and words not in places
            and not all(part in common_lowercase_words() for word in words for part in word.split("-"))
        )

    return [
        CandidateSpan(span.start, span.end, TermKind.ORGANISATION, "organisation_named_elsewhere")
        if opens_one_organisation(span)
        else span
        for span in spans
    ]


# Initials standing for a person ("W.K.", "J.H.", "M.K"): courts and hospitals write
# anonymised names this way. Acronyms of states and bodies written with periods are not.
_INITIALS = re.compile(r"(?<![\w.])(?:[A-Z]\.){1,3}[A-Z]\.?(?![\w])")


def initials_spans(text: str) -> list[CandidateSpan]:
    """Persons named by initials alone, wherever the text writes them."""
    spans = []
    for match in _INITIALS.finditer(text):
        if match.group().lower().rstrip(".") + "." in NOT_INITIALS:  # "U.S.", "U.K", "Q.C."
            continue
        spans.append(CandidateSpan(match.start(), match.end(), TermKind.PERSON, "initials"))
    return spans
