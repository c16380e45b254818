"""The JSON report of a run: every decision, with the numbers behind it.

The report holds the sensitive terms in clear (that is its purpose): it is written
readable by its owner only and must not be published with the documents.
"""

from __future__ import annotations

import hashlib
from typing import Any, Sequence

from ic_sanitizer.corpus_stats import CountBackend

from .pipeline import SanitizationResult, Sanitizer
from .service.presidio import analyzer_results
from .stages import ScoredTerm

REPORT_SCHEMA = "ic-sanitizer/report"
#: 2: each term's rule, β and entity; the policy. 3: the settings asked for ("asked").
#: 4: every IC-decided kind's β at the run's β ("kind_betas"), the terms the user asked to hide ("requested"),
#: each term's special category ("category") and the categories hidden ("hide").
#: 5: what found each term ("source": a recognizer's name, or a rule of terms.SPAN_SOURCES)
#: 6: each document's removed spans in Presidio's shape. 7: a term decided by a learned
#: policy's model gives its score ("learned_bits") and "top_features". 8: a term decided by IC in
#: a run over a collection gives its IC in the collection ("collection_information_content"),
#: the run says how its collection decided ("collection") and the settings its k ("collection_k").
#: 9: likewise with a reference corpus ("reference_information_content", "reference").
#: 10: in generalize mode, each generalized entity's chain ("generalizations")
REPORT_SCHEMA_VERSION = 10
REPORT_WARNING = "This report contains the sensitive terms in clear. Do not publish it."


def _bits(value: float | None) -> float | None:
    return None if value is None else round(value, 4)


def backend_summary(backend: CountBackend) -> dict[str, Any]:
    return {
        "name": backend.name,
        "fingerprint": backend.fingerprint(),
        "unit": backend.unit.value,
        "conjunction_counts": backend.supports_conjunction,
        "description": backend.describe(),
    }


def _s3_record(result: SanitizationResult) -> dict[str, Any]:
    """S3's decision with the counts behind it: the masked quasi-identifiers left fewer
    than k documents holding them and the rest together; what is left holds ≥ k."""
    s3 = result.s3
    return {
        "ran": s3.ran,
        "reason": s3.reason,
        "k": s3.k,
        "considered": s3.considered,
        "masked": s3.masked,
        "documents_before": s3.documents_before,
        "documents_after": s3.documents_after,
        "conjunctions": [{"terms": size, "documents": count} for size, count in s3.probes],
        "conjunctions_naive": s3.naive_queries,
        "conjunctions_saved": s3.saved_queries,
    }


def document_report(name: str, source_text: str, result: SanitizationResult) -> dict[str, Any]:
    import networkx as nx  # where a report is written: a tenth of a second at start-up otherwise

    s2 = result.s2
    graph = nx.node_link_data(result.graph, edges="edges")
    return {
        "input": {
            "name": name,
            "characters": len(source_text),
            "sha256": hashlib.sha256(source_text.encode("utf-8")).hexdigest(),
        },
        "summary": {
            "candidates": len(result.terms),
            "sensitive": len(result.sensitive),
            "related": len(result.related),
            "kept": len(result.kept),
            "replaced_spans": len(result.replacements),
        },
        "stages": {
            "s1": {"ran": True, "sensitive": len(result.sensitive)},
            "s2": {
                "ran": s2.ran,
                "reason": s2.reason,
                "related": len(result.related),
                "pairs_counted": len(s2.pairs),
                "protected": list(result.protected),
            },
            "s3": _s3_record(result),
        },
        "queries": {
            "issued": result.queries.issued,
            "cached": result.queries.cached,
            "deduplicated": result.queries.deduplicated,
            "conjunctions_naive": s2.naive_conjunctions,
            "conjunctions_saved_by_ic_bound": s2.saved_by_ic_bound,
            "conjunctions_saved_unseen": s2.saved_unseen,
            "conjunctions_saved_after_match": s2.saved_after_match,
        },
        "terms": [term_record(s) for s in result.terms],
        "graph": graph,
        "replacements": [[r.start, r.end, r.term, r.replacement] for r in result.replacements],
        # generalize mode: per entity, the chain tried with each step's IC and the step written
        **({"generalizations": _generalizations(result)} if any(r.generalized for r in result.replacements) else {}),
        # what was removed in Presidio's analyzer-result shape, for Presidio's tools (`--report-format presidio`)
        "presidio": analyzer_results(result),
    }


def _generalizations(result: SanitizationResult) -> list[dict[str, Any]]:
    """One record per generalized entity, at its first mention (generalization.py)."""
    records: dict[str, dict[str, Any]] = {}
    for r in result.replacements:
        if r.generalized is not None and r.entity not in records:
            records[r.entity] = {
                "term": r.term,
                "kind": r.kind.value,
                "beta": _bits(r.generalized.beta),
                "tried": [[step.text, _bits(bits)] for step, bits in r.generalized.tried],
                "chosen": None if r.generalized.chosen is None else r.generalized.chosen.text,
            }
    return list(records.values())


def term_record(s: ScoredTerm) -> dict[str, Any]:
    """A term's line of the report: what it is, where, its IC and the decision with its reason."""
    return {
        "term": s.term.text,
        "key": s.term.key,
        "kind": s.term.kind.value,
        "category": s.term.category,
        "source": s.term.source,
        "mentions": [[m.start, m.end] for m in s.term.mentions],
        "count": s.count,
        "information_content": _bits(s.information_content),
        "decision": s.decision.value,
        "stage": {"sensitive": "S1", "related": "S2", "quasi_identifier": "S3"}.get(s.decision.value),
        "rule": s.reason.value,
        "beta": _bits(s.beta),
        "entity": s.entity,
        "related_to": s.related_to,
        "pmi": _bits(s.pmi),
        # a learned policy's score in bits, compared with beta, and the features that moved it most
        **({} if s.learned_bits is None else {"learned_bits": s.learned_bits, "top_features": s.top_features}),
        # in a run over a collection: its IC there (collection.py), beside the back-end's
        **(
            {}
            if s.collection_information_content is None
            else {"collection_information_content": _bits(s.collection_information_content)}
        ),
        # with a reference corpus of the genre: its IC there (reference.py)
        **(
            {}
            if s.reference_information_content is None
            else {"reference_information_content": _bits(s.reference_information_content)}
        ),
    }


def run_report(sanitizer: Sanitizer, documents: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The report of a run: what it was asked ("asked", Settings' JSON form), what that
    resolved to ("settings": the thresholds, the policy's stages), the back-ends, the documents."""
    t = sanitizer.thresholds
    policy = sanitizer.policy
    reference = sanitizer.resources.reference
    return {
        "schema": REPORT_SCHEMA,
        "schema_version": REPORT_SCHEMA_VERSION,
        "warning": REPORT_WARNING,
        "asked": sanitizer.settings.to_json(),
        "settings": {
            "policy": policy.name,
            "kind_betas": {kind.value: _bits(bits) for kind, bits in t.kind_betas},
            "beta": _bits(t.beta),
            "beta_source": t.beta_source,
            "beta_s2": _bits(t.beta_s2),
            "requested": list(sanitizer.protect),
            "hide": sorted(policy.hide),
            "s2_runs": sanitizer.s2_runs,
            "w": t.w,
            "tau": _bits(t.tau),
            "relatedness": policy.relatedness.value,
            "min_cooccurrence": policy.min_cooccurrence,
            "s3": {"enabled": policy.s3, "k": policy.s3_k, "kinds": sorted(k.value for k in policy.s3_kinds)},
            "mode": sanitizer.mode.value,
            "zero_count": sanitizer.zero_count.value,
            "kinds": sorted(k.value for k in policy.kinds),
            "extractor": sanitizer.settings.extractor,
            # the subjects whose documents must hold a term for a run's collection to keep it (collection.py)
            "collection_k": policy.collection_k if policy.collection else None,
        },
        # how the run's collection decided, None for a single document
        "collection": sanitizer.last_collection.summary() if sanitizer.last_collection is not None else None,
        # how the user's reference corpus decided, None without one
        "reference": None if reference is None else reference.summary(policy.collection_k),
        "backend": backend_summary(sanitizer.backend),
        "s2_backend": backend_summary(sanitizer.s2_backend),
        "documents": list(documents),
    }
