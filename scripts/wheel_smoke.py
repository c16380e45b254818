"""Smoke test of the wheel as a user gets it: built, installed non-editable into a fresh
virtual environment outside the source tree, and run from a temporary folder.

Checks `sanitizer --version`; that the generic names `cache`, `corpus_stats` and
`sanitizer` do not import there (the project is `ic_sanitizer`); `sanitizer terms` with
every extractor that can run offline here (nltk always; opennlp when Java and Debian's
jar are installed, which then must work: its models travel in the wheel; spacy when
installed); and `sanitizer sanitize` on the paper's example with each of those
extractors and every offline back-end (wordfreq, starter, table, and a local index built
with `sanitizer corpus build`); that `sanitizer review` writes a complete page; and, with
the wheel's extras docx, pdf and encryption, that a Word document comes out a Word
document without the identifiers, a PDF's text layer comes out as text with the notice,
and an encrypted mapping reads back; and that the Spark driver script travels in the wheel,
and `sanitizer spark` without the spark extra says what to install (exit 1) before
anything is written; and that a Spanish record and a German decision are read by their own
pipelines, under auto as with their language named.

Run by .ci/run: ``.venv/bin/python scripts/wheel_smoke.py`` (needs `build`, in the dev
extra). Builds and installs from the package registry's mirror like pip does; touches
nothing outside a temporary folder, which it removes.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "examples" / "paper_example.txt"
JUDGMENT = REPO / "examples" / "judgment.txt"
COUNTS = REPO / "examples" / "paper_example_counts.json"
OPENNLP_JAR = Path("/usr/share/java/opennlp-tools.jar")
AIDS = "acquired immunodeficiency syndrome"
PAPER_TERMS = {AIDS, "blood transfusion", "immune system", "influenza", "patient", "he"}
PAPER_OUTPUT = "The patient suffers from because of. He was diagnosed when his responded poorly to influenza.\n"
# A small corpus for the local back-end: the phrase appears in 1 document of 40.
CORPUS = ["The patient suffers from acquired immunodeficiency syndrome after a blood transfusion."] + [
    f"Report {i}: the patient was seen again; the immune system and influenza were discussed." for i in range(39)
]


FORMAT_EXTRAS = ("docx", "pdf", "encryption", "pseudonyms", "opennlp")
LETTER = "Mr John Harding Brown wrote from john.brown@example.org on 16 March 2009."


class SmokeFailure(Exception):
    pass


def run(command: list[str], cwd: Path, env: dict[str, str], expect: int = 0) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
    if result.returncode != expect:
        raise SmokeFailure(
            f"{' '.join(command)} exited {result.returncode}, expected {expect}:\n"
            f"{result.stdout[-2000:]}\n{result.stderr[-2000:]}"
        )
    return result


def clean_source(scratch: Path) -> Path:
    """The repository's files as a fresh clone has them (tracked or not ignored, as they are
    in the work tree): a build here sees no leftover of an earlier one (an egg-info's
    file list would bring in files that pyproject.toml no longer declares)."""
    listed = run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], REPO, dict(os.environ))
    source = scratch / "src"
    for name in filter(None, listed.stdout.split("\0")):
        if (REPO / name).is_file():
            (source / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(REPO / name, source / name)
    return source


def build_and_install(scratch: Path) -> Path:
    """The wheel (built from the sdist, as `python -m build` does) installed into a fresh venv."""
    dist = scratch / "dist"
    run([sys.executable, "-m", "build", "--outdir", str(dist), str(clean_source(scratch))], scratch, dict(os.environ))
    wheels = list(dist.glob("ic_sanitizer-*.whl"))
    if len(wheels) != 1:
        raise SmokeFailure(f"expected one wheel, found {[w.name for w in wheels]}")
    venv = scratch / "venv"
    run([sys.executable, "-m", "venv", str(venv)], scratch, dict(os.environ))
    run(
        [
            str(venv / "bin" / "python"),
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
            f"{wheels[0]}[{','.join(FORMAT_EXTRAS)}]",
        ],
        scratch,
        dict(os.environ),
    )
    print(f"installed {wheels[0].name} with the extras {', '.join(FORMAT_EXTRAS)} into a fresh virtual environment")
    return venv


def user_environment(scratch: Path) -> dict[str, str]:
    """A user's environment: no PYTHONPATH or virtual environment of ours, private data and cache folders."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    env["SANITIZER_CACHE_DIR"] = str(scratch / "cache")
    env["SANITIZER_DATA_DIR"] = str(scratch / "data")
    return env


def check_imports(venv: Path, work: Path, env: dict[str, str]) -> None:
    python = str(venv / "bin" / "python")
    for name in ("cache", "corpus_stats", "sanitizer"):
        failed = run([python, "-c", f"import {name}"], work, env, expect=1)
        if "ModuleNotFoundError" not in failed.stderr:
            raise SmokeFailure(f"import {name} failed otherwise than by not being found: {failed.stderr[-500:]}")
    where = run(
        [python, "-c", "import ic_sanitizer.cache, ic_sanitizer.corpus_stats as c; print(c.__file__)"], work, env
    ).stdout.strip()
    if not Path(where).is_relative_to(venv) or Path(where).is_relative_to(REPO):
        raise SmokeFailure(f"ic_sanitizer.corpus_stats comes from {where}, not from the installed wheel")
    # Every room of corpus_stats travels, and the loopback stand-ins stay importable for users.
    rooms = [
        "backends.table",
        "building.corpus_build",
        "net.http",
        "files.path_guard",
        "testing.es_fake",
        "testing.web_fakes",
    ]
    run([python, "-c", "; ".join(f"import ic_sanitizer.corpus_stats.{room}" for room in rooms)], work, env)
    print("import cache, corpus_stats, sanitizer: not found; ic_sanitizer and corpus_stats' rooms: from the wheel")


def check_version(sanitizer: str, work: Path, env: dict[str, str]) -> None:
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - Python 3.10
        import tomli as tomllib
    version = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    printed = run([sanitizer, "--version"], work, env).stdout
    if printed != f"ic-sanitizer {version}\n":
        raise SmokeFailure(f"sanitizer --version printed {printed!r}, expected ic-sanitizer {version}")
    print(f"sanitizer --version: {printed.strip()}")


def offline_extractors(sanitizer: str, work: Path, env: dict[str, str]) -> list[str]:
    listed = json.loads(run([sanitizer, "backends", "--json"], work, env).stdout)
    available = {e["name"]: e["missing"] for e in listed["extractors"]}
    if available.get("nltk", "absent") is not None:
        raise SmokeFailure(f"the nltk extractor cannot run from the wheel: {available.get('nltk')}")
    if shutil.which("java", path=env.get("PATH")) and OPENNLP_JAR.exists() and available.get("opennlp") is not None:
        raise SmokeFailure(f"Java and the OpenNLP jar are here but opennlp cannot run: {available['opennlp']}")
    names = [name for name, missing in available.items() if missing is None]
    for name, missing in available.items():
        if missing is not None:
            print(f"extractor {name}: skipped ({missing})")
    return names


def check_terms(sanitizer: str, extractor: str, work: Path, env: dict[str, str]) -> None:
    listed = json.loads(
        run([sanitizer, "terms", "paper_example.txt", "--extractor", extractor, "--json"], work, env).stdout
    )
    found = {t["term"].lower() for t in listed["terms"]}
    if not PAPER_TERMS <= found:
        raise SmokeFailure(
            f"sanitizer terms --extractor {extractor} misses {len(PAPER_TERMS - found)} of the paper's six terms"
        )
    print(f"sanitizer terms --extractor {extractor}: the paper's six terms")


def build_local_index(sanitizer: str, work: Path, env: dict[str, str]) -> str:
    corpus = work / "corpus"
    corpus.mkdir()
    for number, text in enumerate(CORPUS):
        (corpus / f"{number:02d}.txt").write_text(text + "\n", encoding="utf-8")
    meta = json.loads(run([sanitizer, "corpus", "build", "corpus", "--out", "index", "--json"], work, env).stdout)
    print(f"sanitizer corpus build: {meta.get('documents', '?')} documents indexed")
    return "local:index"


def check_sanitize(sanitizer: str, extractor: str, backend: str, work: Path, env: dict[str, str]) -> None:
    summary = json.loads(
        run(
            [
                sanitizer,
                "sanitize",
                "paper_example.txt",
                "--backend",
                backend,
                "--extractor",
                extractor,
                "--beta-term",
                AIDS,
                "--w",
                "0.6",
                "--policy",
                "paper",
                "--json",
            ],
            work,
            env,
        ).stdout
    )
    text = summary["documents"][0]["text"]
    if AIDS in text or "patient" not in text:
        raise SmokeFailure(f"sanitize --backend {backend} --extractor {extractor}: unexpected output")
    if backend.startswith("table:") and text != PAPER_OUTPUT:
        raise SmokeFailure(f"sanitize --backend {backend} --extractor {extractor} does not give the paper's output")
    print(f"sanitizer sanitize --backend {backend} --extractor {extractor}: ok")


def check_default(sanitizer: str, extractor: str, work: Path, env: dict[str, str]) -> None:
    """The default with no option: its policy file, name lists and recognizers come from the wheel."""
    text = run([sanitizer, "sanitize", "judgment.txt", "--extractor", extractor], work, env).stdout
    for identifier in ("Brown", "john.brown@example.org", "7946 0958", "41234/09", "16 March 2009"):
        if identifier in text:
            raise SmokeFailure(f"sanitize judgment.txt --extractor {extractor}: an identifier stayed in clear")
    if "[PERSON-1]" not in text or "[EMAIL-1]" not in text:
        raise SmokeFailure(f"sanitize judgment.txt --extractor {extractor}: no entity placeholders")
    # the WordNet lists travel in the wheel: an acronym of a common noun stays a noun
    (work / "note.txt").write_text("An MRI of the brain was normal. MRN 00482913.\n", encoding="utf-8")
    note = run([sanitizer, "sanitize", "note.txt", "--extractor", extractor], work, env).stdout
    if note != "An MRI of the brain was normal. MRN [CODE-1].\n":
        raise SmokeFailure(f"sanitize note.txt --extractor {extractor}: unexpected output {note!r}")
    # ... and so does the special-category lexicon: --hide health masks a clear health term
    (work / "health.txt").write_text("The applicant, who has cancer, is a priest.\n", encoding="utf-8")
    hidden = run([sanitizer, "sanitize", "health.txt", "--extractor", extractor, "--hide", "health"], work, env).stdout
    if "cancer" in hidden or "priest" not in hidden:
        raise SmokeFailure(f"sanitize health.txt --hide health --extractor {extractor}: unexpected output {hidden!r}")
    # ... and the learned policy's model, with the package that reads it
    learned = run([sanitizer, "sanitize", "judgment.txt", "--extractor", extractor, "--policy", "learned"], work, env)
    if "Brown" in learned.stdout or "[PERSON-1]" not in learned.stdout:
        raise SmokeFailure(f"sanitize judgment.txt --policy learned --extractor {extractor}: a name stayed in clear")
    print(
        f"sanitizer sanitize judgment.txt (also --policy learned), note.txt and health.txt --hide health "
        f"--extractor {extractor} (the default): ok"
    )


def check_review(sanitizer: str, work: Path, env: dict[str, str]) -> None:
    """The review page's template, style and script travel in the wheel."""
    run(
        [
            sanitizer,
            "review",
            "paper_example.txt",
            "-o",
            "private/review.html",
            "--backend",
            "table:paper_example_counts.json",
            "--beta-term",
            AIDS,
            "--policy",
            "paper",
        ],
        work,
        env,
    )
    page = (work / "private" / "review.html").read_text(encoding="utf-8")
    if 'id="review-data"' not in page or "window.icReview" not in page or ".c.is-masked" not in page:
        raise SmokeFailure("sanitizer review wrote a page without its data, script or style")
    print("sanitizer review: a complete page")


def check_spark_without_the_extra(venv: Path, sanitizer: str, work: Path, env: dict[str, str]) -> None:
    """The wheel carries ic_sanitizer.spark and spark-submit's driver script; without pyspark
    (the fresh environment has no extra) `sanitizer spark` names the extra and writes nothing."""
    driver = run(
        [str(venv / "bin" / "python"), "-c", "import ic_sanitizer.spark.driver as d; print(d.__file__)"], work, env
    ).stdout.strip()
    if not Path(driver).is_file():
        raise SmokeFailure("the Spark driver script is not in the wheel")
    (work / "spark-in").mkdir()
    shutil.copy(work / "judgment.txt", work / "spark-in" / "judgment.txt")
    failed = run([sanitizer, "spark", "spark-in", "-o", "spark-out"], work, env, expect=1)
    if "pip install 'ic-sanitizer[spark]'" not in failed.stderr or (work / "spark-out").exists():
        raise SmokeFailure(f"sanitizer spark without pyspark: {failed.stderr[-300:]!r}")
    print("sanitizer spark: the driver script is in the wheel; without the extra, it says what to install")


def check_config_operators_and_restore(sanitizer: str, work: Path, env: dict[str, str]) -> None:
    """A --config file gives sanitize its operators (pseudonyms, dates shifted), the mapping
    restores the judgment byte for byte, and `serve` without its extra names the extra."""
    (work / "private" / "pseudonym.key").write_bytes(b"a secret key of 32 bytes or so..")
    (work / "run.toml").write_text(
        '[sanitize]\nmode = "pseudonym"\noperator = ["date=shift"]\npseudonym-key-file = "private/pseudonym.key"\n',
        encoding="utf-8",
    )
    run(
        [
            sanitizer,
            "--config",
            "run.toml",
            "sanitize",
            "judgment.txt",
            "-o",
            "out/judgment.txt",
            "--mapping",
            "private/restore.json",
        ],
        work,
        env,
    )
    if (work / "out" / "judgment.txt").read_bytes() == (work / "judgment.txt").read_bytes():
        raise SmokeFailure("sanitize --config: the judgment came out unchanged")
    run(
        [sanitizer, "restore", "out/judgment.txt", "--mapping", "private/restore.json", "-o", "private/back.txt"],
        work,
        env,
    )
    if (work / "private" / "back.txt").read_bytes() != (work / "judgment.txt").read_bytes():
        raise SmokeFailure("sanitizer restore: the judgment did not come back byte for byte")
    failed = run([sanitizer, "serve", "--port", "0"], work, env, expect=1)
    if "pip install 'ic-sanitizer[serve]'" not in failed.stderr:
        raise SmokeFailure(f"sanitizer serve without its extra: {failed.stderr[-300:]!r}")
    print("sanitizer --config (pseudonyms, dates shifted), restore byte for byte; serve names its extra: ok")


def check_generalize_and_reference(sanitizer: str, work: Path, env: dict[str, str]) -> None:
    """--mode generalize reads the WordNet chains shipped in the wheel (the nurse becomes a
    professional), and --reference reads a folder of public documents (what five of them
    hold is kept)."""
    generalized = run([sanitizer, "sanitize", "judgment.txt", "--mode", "generalize"], work, env).stdout
    if "as a professional" not in generalized:
        raise SmokeFailure("sanitize --mode generalize: no generalization from the shipped WordNet chains")
    reference = work / "reference"
    reference.mkdir()
    for number in range(5):
        (reference / f"{number}.txt").write_text("The hyperbaric oxygen unit was busy.", encoding="utf-8")
    kept = run([sanitizer, "sanitize", "judgment.txt", "--reference", "reference"], work, env).stdout
    if "hyperbaric oxygen unit" not in kept:
        raise SmokeFailure("sanitize --reference: a term five reference documents hold was masked")


def minimal_pdf(lines: list[str]) -> bytes:
    """A one-page PDF showing ``lines`` in Helvetica (tests/sanitizer/test_formats_pdf.py has its twin)."""
    shown = " ".join(f"({line}) Tj T*" for line in lines)
    body = f"BT /F1 12 Tf 72 720 Td 14 TL {shown} ET"
    objects = [
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [5 0 R] /Count 1 >>",
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        f"<< /Length {len(body)} >>\nstream\n{body}\nendstream",
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> "
        "/Contents 4 0 R >>",
    ]
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, text in enumerate(objects, start=1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n{text}\nendobj\n".encode("latin-1")
    start = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode("ascii")
    out += "".join(f"{offset:010d} 00000 n \n" for offset in offsets).encode("ascii")
    out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{start}\n%%EOF\n".encode("ascii")
    return bytes(out)


def check_formats(sanitizer: str, venv: Path, work: Path, env: dict[str, str]) -> None:
    """The extras travel with the wheel: DOCX in and out, a PDF's text, an encrypted mapping."""
    python = str(venv / "bin" / "python")
    run(
        [python, "-c", f"import docx; d = docx.Document(); d.add_paragraph({LETTER!r}); d.save('letter.docx')"],
        work,
        env,
    )
    run([sanitizer, "mapping", "key", "-o", "private/mapping.key"], work, env)
    run(
        [
            sanitizer,
            "sanitize",
            "letter.docx",
            "-o",
            "out/letter.docx",
            "--mapping",
            "private/mapping.json",
            "--mapping-key-file",
            "private/mapping.key",
        ],
        work,
        env,
    )
    text = run(
        [python, "-c", "import docx; print(docx.Document('out/letter.docx').paragraphs[0].text)"], work, env
    ).stdout
    if "Brown" in text or "[PERSON-1]" not in text:
        raise SmokeFailure("sanitize letter.docx: the Word document did not come out sanitized")
    if "Brown" in (work / "private" / "mapping.json").read_text(encoding="utf-8"):
        raise SmokeFailure("sanitize --mapping-key-file: the mapping file holds an original in clear")
    shown = run(
        [sanitizer, "mapping", "show", "private/mapping.json", "--key-file", "private/mapping.key"], work, env
    ).stdout
    if "Mr John Harding Brown" not in shown:
        raise SmokeFailure("sanitizer mapping show: the encrypted mapping did not read back")
    (work / "letter.pdf").write_bytes(minimal_pdf([LETTER]))
    result = run([sanitizer, "sanitize", "letter.pdf"], work, env)
    if "Brown" in result.stdout or "[PERSON-1]" not in result.stdout or "not rewritten" not in result.stderr:
        raise SmokeFailure("sanitize letter.pdf: its text layer did not come out sanitized with the notice")
    print("sanitizer sanitize .docx and .pdf, an encrypted mapping read back: ok")


#: a document per language the base wheel reads besides English, and the names it must lose
LANGUAGE_SAMPLES = {
    "es": (
        "Nombre: Lucía.\nApellidos: Ferrándiz Olmo.\nEdad: 66 años Sexo: M.\nInforme: Mujer de 66 años que acude "
        "con su hija por dolor torácico. La atendió la Dra. Elena Sanz Prieto en el Hospital Comarcal de Alcañiz.\n",
        ("Lucía", "Ferrándiz", "Elena", "Alcañiz"),
    ),
    "de": (
        "Die Klägerin wohnt seit dem 3. März 2011 in der Lindenallee 12a in Freiburg. Richterin Oberhuber hat "
        "entschieden, dass § 14 Abs. 2 TzBfG anzuwenden ist (vgl. BAG, Urteil vom 6. April 2011 - 7 AZR 716/09).\n",
        ("Oberhuber", "Lindenallee", "3. März 2011"),
    ),
}


def check_languages(sanitizer: str, work: Path, env: dict[str, str]) -> None:
    """A Spanish record and a German decision are read by their pipelines from the wheel (the
    tagger models and policies travel in it): under auto as with the language named, the same
    output, the names gone."""
    for code, (text, names) in LANGUAGE_SAMPLES.items():
        (work / code).mkdir()
        (work / code / "document.txt").write_text(text, encoding="utf-8")
        outputs = []
        for language in (code, "auto"):
            target = f"out/{code}-{language}.txt"
            run([sanitizer, "sanitize", f"{code}/document.txt", "-o", target, "--language", language], work, env)
            outputs.append((work / target).read_text(encoding="utf-8"))
        if outputs[0] != outputs[1] or any(name in outputs[0] for name in names):
            raise SmokeFailure(f"sanitizer sanitize --language {code}/auto: {outputs!r}")
        print(f"sanitizer sanitize a document in {code}, --language {code} and auto: the same output, the names gone")


def main() -> int:
    scratch = Path(tempfile.mkdtemp(prefix="ic-sanitizer-wheel-"))
    try:
        venv = build_and_install(scratch)
        work = scratch / "work"
        work.mkdir()
        shutil.copy(EXAMPLE, work / "paper_example.txt")
        shutil.copy(COUNTS, work / "paper_example_counts.json")
        shutil.copy(JUDGMENT, work / "judgment.txt")
        env = user_environment(scratch)
        sanitizer = str(venv / "bin" / "sanitizer")
        check_version(sanitizer, work, env)
        check_imports(venv, work, env)
        extractors = offline_extractors(sanitizer, work, env)
        backends = ["wordfreq", "starter", "table:paper_example_counts.json", build_local_index(sanitizer, work, env)]
        for extractor in extractors:
            check_terms(sanitizer, extractor, work, env)
            check_default(sanitizer, extractor, work, env)
            for backend in backends:
                check_sanitize(sanitizer, extractor, backend, work, env)
        check_review(sanitizer, work, env)
        check_formats(sanitizer, venv, work, env)
        check_config_operators_and_restore(sanitizer, work, env)
        check_generalize_and_reference(sanitizer, work, env)
        check_languages(sanitizer, work, env)
        check_spark_without_the_extra(venv, sanitizer, work, env)
    except SmokeFailure as failure:
        print(f"wheel smoke test FAILED: {failure}", file=sys.stderr)
        return 1
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    print(f"wheel smoke test: every check ran clean ({len(extractors)} extractors x {len(backends)} back-ends)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
