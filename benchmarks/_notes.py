"""Synthetic nursing notes for the benchmarks: written for this project from templates, with
invented names, so that speed and memory can be measured on the genre without any real
note. They are no measure of accuracy (the templates are the rules' own examples)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Iterator

_GIVEN = "maria linda priya grace fatima sarah anna joan aisha chloe kofi john peter ravi omar tomasz".split()
_SURNAMES = "okafor swan kowalski hughes patel nguyen brennan lindqvist moreau adeyemi".split()
_TEMPLATES = (
    "NEURO: PT ALERT AND ORIENTED X3, MAE, FOLLOWS COMMANDS. PERRLA.",
    "CV: HR {hr} NSR, NO ECTOPY. BP {sbp}/{dbp}. K {k} REPLETED WITH 40MEQ KCL.",
    "RESP: LUNGS CLEAR ON {o2}L NC, SATS {sat}%. SPUTUM THICK YELLOW, SUCTIONED X2.",
    "GI/GU: ABD SOFT, +BS. FOLEY TO GRAVITY, UO {uo}CC/HR. LASIX {lasix}MG IV GIVEN.",
    "SOCIAL: {relation} {given} CALLED, UPDATED BY DR {surname}.",
    "pt resting comfortably, temp {temp}, hr {hr}, bp {sbp}/{dbp}. plan to wean vent as tolerated.",
    "family meeting with {relation_lower} {given_lower} and dr {surname_lower}, pt remains full code.",
    "Skin intact, turned and repositioned q2h. Pain {pain}/10, morphine 2 mg iv given with effect.",
)


def note(rng: random.Random) -> str:
    values = {
        "hr": rng.randint(55, 120),
        "sbp": rng.randint(90, 160),
        "dbp": rng.randint(50, 95),
        "k": f"{rng.uniform(3.0, 5.2):.1f}",
        "o2": rng.randint(1, 6),
        "sat": rng.randint(90, 100),
        "uo": rng.randint(20, 120),
        "lasix": rng.choice((20, 40, 80)),
        "temp": f"{rng.uniform(36.0, 38.9):.1f}",
        "pain": rng.randint(0, 10),
        "relation": rng.choice(("WIFE", "SON", "DAUGHTER", "HUSBAND")),
        "given": rng.choice(_GIVEN).upper(),
        "surname": rng.choice(_SURNAMES).upper(),
    }
    values.update({f"{key}_lower": str(value).lower() for key, value in list(values.items())})
    lines = rng.sample(_TEMPLATES, k=rng.randint(3, len(_TEMPLATES)))
    return "\n".join(line.format(**values) for line in lines)


def records(count: int, patients: int, seed: int = 1) -> Iterator[dict]:
    """``count`` notes of ``patients`` patients, each a record {"id", "patient", "text"}."""
    rng = random.Random(seed)
    for index in range(count):
        yield {"id": f"note-{index}", "patient": f"P{rng.randrange(patients)}", "text": note(rng)}


def write_jsonl(path: Path, target_bytes: int, patients: int = 500, seed: int = 1) -> int:
    """Notes written to ``path`` until it holds ``target_bytes``; the number written."""
    written = size = 0
    with path.open("w", encoding="utf-8") as handle:
        for record in records(10**9, patients, seed):
            line = json.dumps(record) + "\n"
            handle.write(line)
            size += len(line.encode("utf-8"))
            written += 1
            if size >= target_bytes:
                break
    return written
