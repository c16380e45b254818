"""Build the word lists drawn from WordNet 3.0 into sanitizer/extraction/wordnet/.

    python scripts/build_wordnet_lists.py [--wordnet /usr/share/wordnet]

WordNet's database files come from Debian's ``wordnet-base`` package (``apt-get install
wordnet-base``; only this script reads them, the package ships what it writes).

- abstract_nouns.txt.gz: a noun is *abstract* when the first (most frequent) sense of its
  lemma is filed under one of ABSTRACT_FILES, WordNet's lexicographer files for acts,
  communication, cognition, attributes, events, feelings, motives, relations and
  processes. The file lists every lower-case surface form that resolves to such a lemma:
  the lemma itself, and its plurals (regular ones, and WordNet's irregular ones in
  noun.exc), resolved as ``abstract_nouns.is_abstract_noun`` documents (a surface that is
  a lemma of its own is that lemma, then an irregular plural, then -ies, -es, -s).
- common_acronyms.txt: acronyms that WordNet knows only as common nouns ("MRI", "ECG",
  "GP", "DNA"): written in capitals, none of their senses a named instance (NATO's
  treaty, the IRA), a group (an organisation: "FBI", "ICU") or a place, and not a Roman
  numeral (``common_acronyms.is_common_acronym``).
"""

from __future__ import annotations

import argparse
import collections
import gzip
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "sanitizer" / "extraction" / "wordnet"
ABSTRACT_OUT = FOLDER / "abstract_nouns.txt.gz"
ACRONYMS_OUT = FOLDER / "common_acronyms.txt"
#: WordNet's lexicographer file numbers (lexnames): noun.act 04, noun.attribute 07,
#: noun.cognition 09, noun.communication 10, noun.event 11, noun.feeling 12,
#: noun.motive 16, noun.process 22, noun.relation 24.
ABSTRACT_FILES = frozenset({4, 7, 9, 10, 11, 12, 16, 22, 24})
SUFFIXES = (("ies", "y"), ("es", ""), ("s", ""))
#: noun.group (organisations, units) and noun.location
NAMING_FILES = frozenset({14, 15})
ROMAN_NUMERAL = re.compile(r"M{0,3}(?:CM|CD|D?C{0,3})(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})")


def first_senses(folder: Path) -> dict[str, int]:
    """Each single-word noun lemma with the synset offset of its first sense."""
    lemmas = {}
    for line in (folder / "index.noun").read_text(encoding="latin-1").splitlines():
        if line.startswith(" "):
            continue  # the licence header
        fields = line.split()
        lemma, pointers = fields[0], int(fields[3])
        if "_" not in lemma:
            lemmas[lemma] = int(fields[4 + pointers + 2])
    return lemmas


def lexicographer_files(folder: Path, offsets: set[int]) -> dict[int, int]:
    files = {}
    with open(folder / "data.noun", "rb") as data:
        for offset in offsets:
            data.seek(offset)
            files[offset] = int(data.readline().split()[1])
    return files


def resolve(surface: str, lemmas: dict[str, int], irregular: dict[str, str]) -> str | None:
    if surface in lemmas:
        return surface
    if irregular.get(surface) in lemmas:
        return irregular[surface]
    for suffix, replacement in SUFFIXES:
        if surface.endswith(suffix) and surface[:-len(suffix)] + replacement in lemmas:
            return surface[:-len(suffix)] + replacement
    return None


def common_acronyms(folder: Path) -> list[str]:
    """Acronyms whose every sense is a common noun outside NAMING_FILES."""
    senses: dict[str, set[object]] = collections.defaultdict(set)
    for line in (folder / "data.noun").read_text(encoding="latin-1").splitlines():
        if line.startswith(" "):
            continue  # the licence header
        fields = line.split()
        lexicographer_file, word_count = int(fields[1]), int(fields[3], 16)
        is_instance = " @i " in line.split("|")[0]
        for index in range(word_count):
            word = re.sub(r"\(.*\)$", "", fields[4 + 2 * index])  # "NATO(a)": an adjective marker
            if len(word) >= 2 and word.isalpha() and word.isupper() and not ROMAN_NUMERAL.fullmatch(word):
                senses[word].add("instance" if is_instance else lexicographer_file)
    return sorted(word for word, files in senses.items() if not files & (NAMING_FILES | {"instance"}))


def write_abstract_nouns(folder: Path) -> None:
    lemmas = first_senses(folder)
    files = lexicographer_files(folder, set(lemmas.values()))
    irregular = dict(line.split()[:2] for line in (folder / "noun.exc").read_text().splitlines() if line.strip())
    surfaces = set(lemmas) | set(irregular)
    surfaces |= {lemma[:-1] + "ies" for lemma in lemmas if lemma.endswith("y")}
    surfaces |= {lemma + suffix for lemma in lemmas for suffix in ("s", "es")}
    abstract = sorted(s for s in surfaces
                      if (lemma := resolve(s, lemmas, irregular)) is not None and files[lemmas[lemma]] in ABSTRACT_FILES)
    # mtime 0: the same WordNet gives the same bytes
    with gzip.GzipFile(ABSTRACT_OUT, "wb", mtime=0) as out:
        out.write(("\n".join(abstract) + "\n").encode("utf-8"))
    print(f"{len(abstract)} abstract noun forms of {len(lemmas)} lemmas written to "
          f"{ABSTRACT_OUT.relative_to(ROOT)} ({ABSTRACT_OUT.stat().st_size:,} bytes)")


def write_common_acronyms(folder: Path) -> None:
    acronyms = common_acronyms(folder)
    ACRONYMS_OUT.write_text("\n".join(acronyms) + "\n", encoding="utf-8")
    print(f"{len(acronyms)} common acronyms written to {ACRONYMS_OUT.relative_to(ROOT)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wordnet", type=Path, default=Path("/usr/share/wordnet"))
    folder = parser.parse_args().wordnet
    FOLDER.mkdir(parents=True, exist_ok=True)
    write_abstract_nouns(folder)
    write_common_acronyms(folder)


if __name__ == "__main__":
    main()
