"""Extractors compared: the paper example's six terms, TAB coverage, speed, memory, start-up.

    python benchmarks/extractors.py

Each available extractor runs in a fresh process (one core, no worker pool): start-up
is the time to the first analysed sentence (models, and the JVM for opennlp); speed is
\\w+ tokens per second over the 127 TAB texts; peak memory is the peak resident set of
the process plus that of its largest running child (the JVM), read from /proc.
Coverage is the share of gold-masked tokens inside some candidate term. Bar (issue 6):
OpenNLP within 5 points of NLTK's coverage.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

_MEASURE = r"""
import json, re, resource, sys, time
sys.path.insert(0, sys.argv[1])
from _tab import load_tab, load_tab_gold
from ic_sanitizer.evaluation import evaluate
from ic_sanitizer.extraction import extract_terms, open_extractor
PAPER = ("The patient suffers from acquired immunodeficiency syndrome because of blood transfusion. "
         "He was diagnosed when his immune system responded poorly to influenza.")
EXPECTED = {"patient", "acquired immunodeficiency syndrome", "blood transfusion", "he", "immune system", "influenza"}
texts, _ = load_tab()
gold = load_tab_gold()
started = time.perf_counter()
extractor = open_extractor(sys.argv[2])
extractor.analyze("The court sat.")
startup = time.perf_counter() - started
paper = {t.key for t in extract_terms(PAPER, extractor)}
started = time.perf_counter()
spans = {d: [(m.start, m.end) for t in extract_terms(text, extractor) for m in t.mentions] for d, text in texts.items()}
seconds = time.perf_counter() - started
tokens = sum(len(re.findall(r"\w+", t)) for t in texts.values())
scores = evaluate(texts, gold, spans)
import os
def child_peaks_kb():
    # Running children (the JVM) are not in RUSAGE_CHILDREN: read their peak from /proc.
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                status = open(f"/proc/{entry}/status").read()
            except OSError:
                continue
            fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
            if fields.get("PPid", "").strip() == str(os.getpid()) and "VmHWM" in fields:
                yield int(fields["VmHWM"].split()[0])
peak = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss + max(child_peaks_kb(), default=0)) / 1024
print(json.dumps({"paper_right": paper == EXPECTED, "paper_missing": sorted(EXPECTED - paper),
                  "paper_extra": sorted(paper - EXPECTED), "coverage": scores.token_recall,
                  "tokens_per_second": tokens / seconds, "peak_mb": peak, "startup_s": startup}))
"""


def main() -> None:
    from ic_sanitizer.extraction import EXTRACTORS

    print("| extractor | paper example, six terms | TAB coverage | tokens/s | peak memory | start-up |")
    print("|---|---|---|---|---|---|")
    for entry in EXTRACTORS.entries():
        name = entry.name
        reason = entry.missing()
        if reason is not None:
            print(f"| {name} | unavailable: {reason} | | | | |")
            continue
        output = subprocess.run(
            [sys.executable, "-c", _MEASURE, str(HERE), name], capture_output=True, text=True, check=True
        ).stdout
        f = json.loads(output.strip().splitlines()[-1])
        paper = (
            "all right"
            if f["paper_right"]
            else (f"missing {', '.join(f['paper_missing']) or '-'}; extra {', '.join(f['paper_extra']) or '-'}")
        )
        print(
            f"| {name} | {paper} | {f['coverage']:.3f} | {f['tokens_per_second']:,.0f} | {f['peak_mb']:.0f} MB | "
            f"{f['startup_s']:.2f} s |"
        )


if __name__ == "__main__":
    main()
