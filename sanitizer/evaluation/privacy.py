"""Privacy as an attacker measures it, beside the information a masking keeps.

One ``PrivacyMeasure`` holds the attack (fitted once on the background knowledge) and the
information measure (candidates extracted and counted once) for one collection; each
masking of that collection — a sanitizer setting, another system's spans, the experts'
masks — is then a ``PrivacyPoint``: TRIR with its interval, information and words kept.

Protocol (TAE's where it applies): the masked spans are deleted from the documents
(suppression, as ``--mode suppress`` writes them) before the attack reads them; the
background knowledge stays in clear (TAE anonymized it with the system under test, which
only the sanitizer could do here, not the baselines or the experts: every system meets
the same attacker instead).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping, Optional, Sequence

from ..documents import atomic_write_text
from ..errors import InputError
from ..pipeline import Sanitizer
from .attack import DEFAULT_DESIGN, AttackDesign, AttackResult, LinkageAttack, require_scikit_learn, suppressed_texts
from .gold import GoldStandard, load_texts
from .information import InformationKept, InformationMeasure

FEATURES_SCHEMA = "ic-sanitizer/attack-features"


def load_background(path: Path) -> dict[str, str]:
    """Background knowledge {person_or_doc_id: public text} (JSON, a TAB-style list, or a folder of .txt)."""
    require_scikit_learn()
    background = load_texts(path)
    if len(background) < 2:
        raise InputError(f"{path}: the background knowledge must describe at least two people")
    return background


@dataclass(frozen=True)
class PrivacyPoint:
    label: str
    #: "setting" (a sanitizer setting), "system" (another system's spans), "experts", "original"
    kind: str
    attack: AttackResult
    kept: InformationKept
    #: settings of one sweep line (same stage and β) share a series; w orders them on it
    series: str = ""
    w: Optional[float] = None

    def record(self) -> dict:
        return {"label": self.label, "kind": self.kind, **self.attack.record(), **self.kept.record()}


class PrivacyMeasure:
    def __init__(
        self,
        background: Mapping[str, str],
        sanitizer: Sanitizer,
        texts: Mapping[str, str],
        design: AttackDesign = DEFAULT_DESIGN,
    ) -> None:
        self.texts = dict(texts)
        self.attack = LinkageAttack(background, design)
        self.information = InformationMeasure(sanitizer, self.texts)

    @property
    def unattacked(self) -> int:
        """Documents whose person the background knowledge does not describe."""
        return len(self.texts) - len(self.attack.attacked(self.texts))

    def measure(
        self,
        label: str,
        spans: Mapping[str, Sequence[Sequence[int]]],
        kind: str = "setting",
        series: str = "",
        w: Optional[float] = None,
        published: Optional[Mapping[str, str]] = None,
        credits: Mapping[str, Sequence[tuple[int, int, float]]] = {},
    ) -> PrivacyPoint:
        """The attack on the texts with ``spans`` deleted, or on them as ``published`` when
        the values written there say something (a pseudonym, a generalization), and the
        information kept (``credits``: generalized spans with their IC)."""
        sanitized = dict(published) if published is not None else suppressed_texts(self.texts, spans)
        kept = self.information.kept(spans, credits)
        return PrivacyPoint(label, kind, self.attack.link(sanitized), kept, series, w)

    def write_features(self, spans: Mapping[str, Sequence[Sequence[int]]], path: Path, top: int = 10) -> None:
        """Per document, the clear n-grams the attack relies on, to ``path`` (readable by
        its owner only: it quotes the sanitized documents)."""
        explained = self.attack.explain(suppressed_texts(self.texts, spans), top)
        payload = {
            "schema": FEATURES_SCHEMA,
            "schema_version": 1,
            "design": self.attack.design.describe(),
            "warning": "holds n-grams of the documents in clear; do not publish",
            "documents": explained,
        }
        atomic_write_text(path, json.dumps(payload, ensure_ascii=False, indent=1), private=True)


def expert_spans(gold: GoldStandard) -> Optional[dict[str, list[tuple[int, int]]]]:
    """The experts' masks as spans (the union of the annotators'), or None for term lists."""
    if not gold.has_spans:
        return None
    return {
        doc_id: [(s.start, s.end) for spans in per_annotator.values() for s in spans]
        for doc_id, per_annotator in gold.spans.items()
    }


def reference_points(
    measure: PrivacyMeasure, gold: GoldStandard, systems: Mapping[str, Mapping[str, Sequence[Sequence[int]]]]
) -> list[PrivacyPoint]:
    """The original texts, the experts' masks, and each named system's spans."""
    points = [measure.measure("original (no masking)", {}, kind="original")]
    experts = expert_spans(gold)
    if experts is not None:
        annotators = len(gold.annotators())
        label = "experts" if annotators <= 1 else f"experts (union of {annotators} annotators)"
        points.append(measure.measure(label, experts, kind="experts"))
    points += [measure.measure(name, spans, kind="system") for name, spans in systems.items()]
    return points
