"""Build the hypernym chains of WordNet 3.0's nouns into sanitizer/lang/en/wordnet/hypernyms.txt.gz.

    python scripts/build_hypernyms.py [--wordnet /usr/share/wordnet]

WordNet's database files come from Debian's ``wordnet-base`` package (``apt-get download
wordnet-base`` and ``dpkg-deb -x``, or ``apt-get install``); only this script reads them.
The generalize mode (sanitizer/generalization.py) reads what it writes: for each noun form
(a lemma, lower case, one word or several; plurals have none yet), the chain of its first
sense's hypernyms, the nearest first, each written by its synset's first lemma: "coach"
gives "trainer", "leader", "person". A chain follows the first hypernym of each synset and
stops before a synset too abstract to say what kind of thing was meant (STOP: "entity",
"abstraction", "object", "whole", ...) or after MAX_STEPS. A first sense that is a named
instance ("London", "Einstein") has no chain: a name is generalized by its kind, not here.
"""

from __future__ import annotations

import argparse
import gzip
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from build_wordnet_lists import FOLDER, ROOT, all_senses, read_synsets  # noqa: E402

OUT = FOLDER / "hypernyms.txt.gz"
#: synsets whose lemma says nothing of what kind of thing was meant: a chain stops before them
STOP = frozenset(
    """
entity physical_entity abstraction abstract_entity object physical_object whole unit thing
matter psychological_feature causal_agent cause causal_agency living_thing animate_thing organism being
attribute relation measure quantity group grouping event act deed human_action human_activity
state communication artifact artefact instrumentality instrumentation location adult
""".split()
)
MAX_STEPS = 4


def chains(folder: Path) -> dict[str, list[str]]:
    synsets = read_synsets(folder, "noun")
    senses = all_senses(folder, "noun")
    found: dict[str, list[str]] = {}
    for lemma, offsets in senses.items():
        first = synsets[offsets[0]]
        if first.is_instance or not first.hypernyms:
            continue
        chain: list[str] = []
        synset = synsets[first.hypernyms[0]]
        while len(chain) < MAX_STEPS and synset.words[0].lower() not in STOP:
            chain.append(synset.words[0].lower().replace("_", " "))
            if not synset.hypernyms:
                break
            synset = synsets[synset.hypernyms[0]]
        if chain:
            found[lemma.replace("_", " ")] = chain
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wordnet", type=Path, default=Path("/usr/share/wordnet"))
    found = chains(parser.parse_args().wordnet)
    lines = "".join(f"{form}\t{chr(9).join(chain)}\n" for form, chain in sorted(found.items()))
    OUT.write_bytes(gzip.compress(lines.encode("utf-8"), mtime=0))
    print(f"{len(found)} noun forms with their hypernyms written to {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
