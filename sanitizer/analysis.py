"""What analysis decides in one document, before anything in it is replaced.

The engine runs in two halves, as Presidio's analyzer and anonymizer do:
``Sanitizer.analyze(text)`` gives an ``Analysis`` (every candidate term with its count, IC
and decision, S2's and S3's outcomes, and what the text loses: ``removals``);
``Anonymizer.apply(text, analysis, ...)`` (anonymizer.py) writes the sanitized text in a
mode and with operators per kind. ``Sanitizer.sanitize`` is the two in a row. An analysis
can be inspected (``spans``), changed (``dataclasses.replace``, a review does) and applied
in several modes without being computed again.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Optional, Sequence

from ic_sanitizer.cache import QueryStats
from ic_sanitizer.corpus_stats import normalize_phrase

from .collection import Collection, keep_common_in_collection
from .considered import considered_terms
from .entities import entity_kinds, group_entities, mask_whole_entities, removals_of
from .glosses import decide_glosses
from .k_anonymity import S3Outcome, score_s3
from .names_in_codes import with_names_in_codes
from .person_titles import titles_apart
from .redaction import Mode, Removal, plan_replacements
from .stages import Reason, S2Outcome, ScoredTerm, score_s2
from .terms import CandidateTerm, TermKind
from .thresholds import Thresholds

if TYPE_CHECKING:
    from .pipeline import Sanitizer

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class AnalyzedSpan:
    """One stretch of the text the analysis removes, with what decided it."""

    start: int
    end: int
    kind: TermKind
    #: the entity it names (a term key standing for all its names): one placeholder each
    entity: str
    #: the term's key ("mary smith"), and the recognizer or rule that found it
    term: str
    source: str
    reason: Reason
    #: bits, and the β they were compared with (None where no IC decided: a rule, a list)
    information_content: Optional[float]
    beta: Optional[float]


@dataclass(frozen=True)
class Analysis:
    """The decisions of one document (pipeline.Sanitizer.analyze)."""

    terms: tuple[ScoredTerm, ...]
    #: what the text loses: each removed term, its entity and the kind its placeholder shows
    removals: tuple[Removal, ...]
    thresholds: Thresholds
    s2: S2Outcome
    s3: S3Outcome
    #: the names S2 protected besides S1's sensitive terms
    protected: tuple[str, ...]
    #: the queries the analysis asked the back-ends
    queries: QueryStats
    #: whose dates shift alike (date_shift.py): the first protected name's key, or None for the text itself
    date_anchor: Optional[str] = None

    def spans(self, text: str) -> list["AnalyzedSpan"]:
        """Every stretch of ``text`` (the analysed text) that the analysis removes, in text
        order: each occurrence of a removed term, found as the anonymizer finds it."""
        scored = {s.term.key: s for s in self.terms}
        return [
            AnalyzedSpan(
                r.start,
                r.end,
                r.kind,
                r.entity,
                r.term,
                scored[r.term].term.source,
                scored[r.term].reason,
                scored[r.term].information_content,
                scored[r.term].beta,
            )
            for r in plan_replacements(text, self.removals, Mode.TAG)
        ]


def analyze_terms(
    engine: "Sanitizer",
    text: str,
    terms: Sequence[CandidateTerm],
    run_s2: bool = True,
    protect: Sequence[str] = (),
    run_s3: bool = True,
    collection: Optional[Collection] = None,
) -> Analysis:
    """What ``engine`` decides of one text whose candidate terms are ``terms``: the policy,
    S1 (the collection's and the reference's keeping among it), S2, glosses, entities and
    S3, then each removed term's entity and kind. ``protect``: names S2 protects in this
    document besides the sanitizer's own; ``collection``: the run's, when it holds many
    documents (collection.py)."""
    before = engine.resources.query_stats()
    protected = tuple(dict.fromkeys((*engine.protect, *(n for n in protect if n.strip()))))
    anchor = normalize_phrase(protected[0]) if protected else None  # whose dates shift alike (date_shift.py)
    requested = engine.requested_keys(protected)
    policy = engine.policy_for(text)
    terms = considered_terms(text, terms, policy, requested)
    scored = keep_common_in_collection(
        engine.s1(text, terms, requested, policy), collection if policy.collection else None
    )
    protected = engine.s2_sources(protected, scored)
    if not run_s2:
        s2 = S2Outcome.not_run("S2 was not asked for")
    elif engine.resources.s2_off or not (engine.policy.s2 or protected):
        s2 = S2Outcome.not_run(engine.s2_unavailable_reason or "S2 is turned off")
    else:
        scored, s2 = score_s2(scored, engine.s2_counter, engine.s2_settings(), protected, engine.policy.s2)
    if engine.policy.entities:
        scored = decide_glosses(text, scored)
    entity_of = group_entities([s.term for s in scored]) if engine.policy.entities else {}
    scored = mask_whole_entities(scored, entity_of)
    s3 = S3Outcome(False, "S3 is turned off (the policy)")
    if run_s3 and engine.policy.s3:
        scored, s3 = score_s3(scored, engine.s2_counter, engine.policy.s3_k, engine.policy.s3_kinds)
        scored = mask_whole_entities(scored, entity_of)
    scored = with_names_in_codes(text, scored)
    removals = removals_of(scored, entity_kinds(scored, entity_of))
    if policy.keep_titles:
        removals = titles_apart(text, removals)
    engine.resources.flush_counts()  # this document's answers reach the disk cache together
    log.debug(
        "analysed a document of %d characters: %d candidate terms, %d removed",
        len(text),
        len(scored),
        len(removals),
    )  # counts only: never a term
    return Analysis(
        terms=tuple(scored),
        removals=tuple(removals),
        thresholds=engine.thresholds,
        s2=s2,
        s3=s3,
        protected=protected,
        queries=engine.resources.query_stats() - before,
        date_anchor=anchor,
    )
