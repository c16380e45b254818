"""The bad-input table of the safety campaign (benchmarks/safety_campaign.py) and its workspace.

Everything a case reads lives under ``WORK/in``; the campaign checks after each case
that nothing there changed. Outputs go under ``WORK/out``. Cache folders are made
afresh for the cases that need one. Case arguments use placeholders: ``IN/x`` is
``WORK/in/x``, ``OUT/x`` is ``WORK/out/x``, ``ES`` the loopback Elasticsearch stand-in,
``TAB`` TAB's folder in the shared data.
"""

from __future__ import annotations

import bz2
import hashlib
import json
import os
import random
import stat
import subprocess
import sys
from pathlib import Path

from _pdf import pdf_bytes
from _safety_documents import SECRET, build_hostile_documents, hostile_document_cases
from _tab import TAB_DIR

DOC = f"Mr {SECRET} lives in Warsaw with his doctor. The court heard Dr Nowak in Krakow.\n"


def _write(path: Path, data: str | bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
    return path


def _table(path: Path, payload: dict) -> None:
    _write(path, json.dumps(payload))


def _damaged_index(workdir: Path) -> None:
    """An index of TAB's texts whose postings are partly noise: tantivy panics reading it."""
    index = workdir / "in" / "damaged-index"
    subprocess.run(
        [sys.executable, "-m", "ic_sanitizer", "corpus", "build", str(TAB_DIR / "texts.json"), "--out", str(index)],
        check=True,
        capture_output=True,
    )
    rng = random.Random(1)
    for postings in index.glob("*.idx"):
        data = bytearray(postings.read_bytes())
        start = len(data) // 4
        for i in range(start, min(len(data) - 200, start + 2000)):
            data[i] = rng.randrange(256)
        postings.write_bytes(data)


def build_workspace(workdir: Path) -> None:
    inputs = workdir / "in"
    texts = json.loads((TAB_DIR / "texts.json").read_text(encoding="utf-8"))
    first_judgment = next(iter(texts.values()))[:3000]
    _write(inputs / "doc.txt", DOC)
    _write(inputs / "judgment.txt", first_judgment)
    _write(inputs / "long.txt", "\n".join(list(texts.values())[:20]))
    _write(inputs / "empty.txt", b"")
    _write(inputs / "blank.txt", b" \n\t\n")
    _write(inputs / "binary.txt", b"\x7fELF\x00\x01" + SECRET.encode())
    _write(inputs / "latin1.txt", SECRET.encode() + b" caf\xe9\n")
    _write(inputs / "docs" / "a.txt", DOC)
    _write(inputs / "docs" / "sub" / "b.txt", "The patient suffers from acquired immunodeficiency syndrome.\n")
    _write(inputs / "mixed" / "good.txt", DOC)
    _write(inputs / "mixed" / "bad.txt", b"\xff\xfe" + SECRET.encode())
    _write(inputs / "mixed" / "empty.txt", b"")
    os.mkfifo(inputs / "mixed" / "fifo.txt")
    os.mkfifo(inputs / "fifo.txt")
    os.mkfifo(inputs / "fifo.json")
    (inputs / "fifo-cache").mkdir()
    os.mkfifo(inputs / "fifo-cache" / "hmac-key")  # issue 57: a FIFO standing as the count cache's key
    os.symlink(inputs / "absent.txt", inputs / "dangling.txt")
    os.symlink(inputs / "loop.txt", inputs / "loop.txt")
    # Tables, good and bad.
    counts = {"kowalski": 40, "warsaw": 4000, "doctor": 40000, "court": 90000, "nowak": 30, "krakow": 3000}
    _table(
        inputs / "counts.json",
        {"total": 10**7, "counts": counts, "conjunctions": [{"terms": ["kowalski", "warsaw"], "count": 30}]},
    )
    _table(inputs / "negative.json", {"total": 100, "counts": {"kowalski": -3}})
    _table(
        inputs / "conj-above.json",
        {
            "total": 100,
            "counts": {"kowalski": 3, "warsaw": 5},
            "conjunctions": [{"terms": ["kowalski", "warsaw"], "count": 9}],
        },
    )
    _table(inputs / "total-below.json", {"total": 10, "counts": {"kowalski": 300}})
    _write(inputs / "nested.json", "[" * 100_000 + "]" * 100_000)
    _write(inputs / "infinite.json", '{"total": 1e999, "counts": {}}')
    _write(inputs / "nan.json", '{"total": NaN, "counts": {}}')
    _write(inputs / "broken.json", '{"total": 10, "counts": {')
    _write(inputs / "latin1.json", b'{"total": 10, "counts": {"caf\xe9": 1}}')
    _write(inputs / "bad.tsv", "total\t100\ncount\tmany\tkowalski\n")
    _write(inputs / "list.json", "[1, 2, 3]")
    # Gold files and texts.
    _write(inputs / "texts.json", json.dumps({"d1": DOC, "d2": "The patient suffers from influenza.\n"}))
    _write(inputs / "gold.json", json.dumps({"d1": [[3, 11, "PERSON"]], "d2": [[25, 34, "MISC"]]}))
    _write(inputs / "gold-outside.json", json.dumps({"d1": [[3, 11, "PERSON"], [20, 99999, "X"]]}))
    _write(inputs / "gold-negative.json", json.dumps({"d1": [[-5, 3, "X"]]}))
    _write(inputs / "gold-unknown.json", json.dumps({"d1": [[3, 11, "PERSON"]], "ghost": [[0, 3, "X"]]}))
    _write(inputs / "gold-strange.json", json.dumps({"d1": [["a", "b"]]}))
    _write(inputs / "gold-number.json", "42")
    mention = {"entity_type": "PERSON", "start_offset": 0, "end_offset": 3, "identifier_type": "DIRECT"}
    for name, text in (("gold-tab-list.json", ["a", "b"]), ("gold-tab-number.json", 5)):
        _write(
            inputs / name,
            json.dumps([{"doc_id": "d1", "text": text, "annotations": {"a": {"entity_mentions": [mention]}}}]),
        )
    _write(inputs / "system-outside.json", json.dumps({"d1": [[0, 10**6]]}))
    _write(inputs / "names.json", json.dumps({"d1": SECRET}))
    _write(inputs / "names-bad.json", json.dumps({"d1": 7}))
    _write(inputs / "text-folder" / "d1.txt", DOC)
    _write(inputs / "text-folder" / "d2.txt", b"\xff\xfe not UTF-8")
    # Corpus sources.
    _write(inputs / "archive" / "2020" / "a.txt", DOC)
    _write(inputs / "archive" / "b.txt", "The doctor lives in Krakow.\n")
    _write(inputs / "notes.md", "an unknown kind of source\n")
    _write(inputs / "records.jsonl", '{"text": "one"}\n{"text": 5}\nnot json\n')
    _write(inputs / "truncated.xml.bz2", bz2.compress(b"<mediawiki><page><title>A</title>")[:-10])
    _write(inputs / "a-file", "not a folder\n")
    (inputs / "not-an-index").mkdir()
    _write(inputs / "not-an-index" / "keep.txt", "keep me\n")
    _write(inputs / "bad-meta" / "ic-sanitizer-index.json", "[" * 100_000)
    subprocess.run(
        [
            sys.executable,
            "-m",
            "ic_sanitizer",
            "corpus",
            "build",
            str(inputs / "archive"),
            "--out",
            str(inputs / "index"),
        ],
        check=True,
        capture_output=True,
    )
    _damaged_index(workdir)
    # Option files (issue 28): lists, a policy, keys, decisions, a mapping, another program's cache.
    _write(inputs / "allow.txt", "Warsaw\n")
    _write(inputs / "deny.txt", "doctor\n")
    _write(inputs / "policy-bad-mode.json", json.dumps({"schema_version": 2, "beta": 14, "mode": "bogus"}))
    _write(inputs / "key", "k" * 32)
    _write(inputs / "short-key", "k")
    _write(inputs / "decisions" / "d.json", "{}")
    _write(inputs / "mapping.json", "{}")
    _write(inputs / "bk.json", json.dumps({"d1": f"{SECRET}, born 1960"}))
    _write(inputs / "foreign-cache" / "cache.db", b"SQLite format 3\x00 another program's database")
    _write(inputs / "shared.pdf", _shared_stream_pdf(100, 40))
    build_hostile_documents(inputs)
    (workdir / "out").mkdir()
    (workdir / "out" / "pub").mkdir()


def _shared_stream_pdf(pages: int, lines: int) -> bytes:
    """``pages`` pages all drawing one content stream of ``lines`` lines of text."""
    stream = b"BT /F1 12 Tf 72 720 Td (The court met on Monday.) Tj ET\n" * lines
    kids = " ".join(f"{5 + index} 0 R" for index in range(pages))
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        f"<< /Type /Pages /Kids [{kids}] /Count {pages} >>".encode(),
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        f"<< /Length {len(stream)} >>\nstream\n".encode() + stream + b"\nendstream",
    ]
    objects += [b"<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 3 0 R >> >> /Contents 4 0 R >>"] * pages
    return pdf_bytes(objects)


def _sanitize_cases() -> list[tuple[str, list[str]]]:
    base = ["sanitize"]
    files = [
        ("missing file", ["IN/absent.txt"]),
        ("empty", ["IN/empty.txt"]),
        ("blank", ["IN/blank.txt"]),
        ("binary", ["IN/binary.txt"]),
        ("not UTF-8", ["IN/latin1.txt"]),
        ("FIFO", ["IN/fifo.txt"]),
        ("device", ["/dev/zero"]),
        ("dangling link", ["IN/dangling.txt"]),
        ("link loop", ["IN/loop.txt"]),
        ("folder without -o", ["IN/docs"]),
        ("too large", ["IN/long.txt", "--max-input-mb", "0.001"]),
        ("folder with bad files", ["IN/mixed", "-o", "OUT/mixed"]),
    ]
    options = [
        ("--mode bogus", ["--mode", "bogus"]),
        ("--w abc", ["--w", "abc"]),
        ("--w 1.5", ["--w", "1.5"]),
        ("--w nan", ["--w", "nan"]),
        ("--beta 0", ["--beta", "0"]),
        ("--beta -1", ["--beta", "-1"]),
        ("--beta inf", ["--beta", "inf"]),
        ("--beta nan", ["--beta", "nan"]),
        ("--beta-s2 inf", ["--beta-s2", "inf"]),
        ("--beta and --beta-term", ["--beta", "9", "--beta-term", "x"]),
        ("empty --beta-term", ["--beta-term", " "]),
        ("unseen --beta-term", ["--beta-term", "zqxjkvw"]),
        ("--workers 0", ["--workers", "0"]),
        ("--workers abc", ["--workers", "abc"]),
        ("--parallel 0", ["--parallel", "0"]),
        ("--rate 0", ["--rate", "0"]),
        ("--rate inf", ["--rate", "inf"]),
        ("--rate -1", ["--rate", "-1"]),
        ("--max-input-mb nan", ["--max-input-mb", "nan"]),
        ("--max-input-mb 0", ["--max-input-mb", "0"]),
        ("--max-input-mb -1", ["--max-input-mb", "-1"]),
        ("--max-input-mb inf", ["--max-input-mb", "inf"]),
        ("--kinds bogus", ["--kinds", "bogus"]),
        ("--kinds ,", ["--kinds", ","]),
        ("--extractor bogus", ["--extractor", "bogus"]),
        ("--zero-count bogus", ["--zero-count", "bogus"]),
        ("unknown option", ["--frobnicate"]),
        ("--s2-backend bogus", ["--s2-backend", "bogus"]),
    ]
    backends = [
        ("unknown back-end", "bogus"),
        ("table missing", "table:IN/absent.json"),
        ("table FIFO", "table:IN/fifo.json"),
        ("table negative", "table:IN/negative.json"),
        ("table conjunction above count", "table:IN/conj-above.json"),
        ("table total below count", "table:IN/total-below.json"),
        ("table nested", "table:IN/nested.json"),
        ("table infinite total", "table:IN/infinite.json"),
        ("table NaN total", "table:IN/nan.json"),
        ("table broken JSON", "table:IN/broken.json"),
        ("table not UTF-8", "table:IN/latin1.json"),
        ("table bad TSV", "table:IN/bad.tsv"),
        ("table a list", "table:IN/list.json"),
        ("table a folder", "table:IN/docs"),
        ("table without path", "table"),
        ("local missing", "local:IN/absent"),
        ("local not an index", "local:IN/not-an-index"),
        ("local a file", "local:IN/doc.txt"),
        ("local bad meta", "local:IN/bad-meta"),
        ("es bad target", "es:localhost:9200/x"),
        ("es URL trick", "es:http://192.0.2.1\\@127.0.0.1:9200/j"),
        ("es remote name", "es:http://search.example.org:9200/j"),
        ("es remote address", "es:http://192.0.2.7:9200/j"),
        ("es integer address", "es:http://3221225985:9200/j"),
        ("es remote IPv6", "es:http://[2001:db8::1]:9200/j"),
        ("es loopback, nothing listening", "es:http://127.0.0.1:9/j"),
        ("es loopback stand-in, proxies set", "es:ES/j"),
        ("infinigram without --allow-web", "infinigram"),
        ("serpapi without --allow-web", "serpapi"),
        ("mojeek without key", "mojeek"),
        ("infinigram window 0", "infinigram:window=0"),
        ("infinigram unknown option", "infinigram:bogus=1"),
        ("wordfreq with argument", "wordfreq:x"),
    ]
    web = [
        ("serpapi total=0", ["--backend", "serpapi:total=0", "--allow-web"]),
        ("serpapi total=inf", ["--backend", "serpapi:total=inf", "--allow-web"]),
        ("mojeek total=nan", ["--backend", "mojeek:total=nan", "--allow-web"]),
        ("serpapi total=lots", ["--backend", "serpapi:total=lots", "--allow-web"]),
    ]
    paths = [
        ("-o is the input", ["IN/doc.txt", "-o", "IN/doc.txt"]),
        ("--report is -o", ["IN/doc.txt", "-o", "OUT/o.txt", "--report", "OUT/o.txt"]),
        ("--report is the input", ["IN/doc.txt", "--report", "IN/doc.txt"]),
        ("-o is the table", ["IN/doc.txt", "-o", "IN/counts.json", "--backend", "table:IN/counts.json"]),
        ("-o a folder holding the input", ["IN/docs/sub", "-o", "IN/docs"]),
        ("-o inside the input folder", ["IN/docs", "-o", "IN/docs/out"]),
        ("-o is the input folder", ["IN/docs", "-o", "IN/docs"]),
        ("folder -o is a file", ["IN/docs", "-o", "IN/doc.txt"]),
        ("-o under a file", ["IN/doc.txt", "-o", "IN/a-file/x.txt"]),
        ("--report under a file", ["IN/doc.txt", "--report", "IN/a-file/r.json"]),
        ("--cache-dir is a file", ["IN/doc.txt", "--cache-dir", "IN/a-file"]),
        ("-o inside the cache", ["IN/doc.txt", "-o", "CACHE/x.txt", "--cache-dir", "CACHE"]),
        ("damaged cache", ["IN/doc.txt", "--cache-dir", "DAMAGED_CACHE"]),
        ("FIFO as the cache key", ["IN/doc.txt", "--cache-dir", "IN/fifo-cache"]),
        ("local damaged", ["IN/judgment.txt", "--backend", "local:IN/damaged-index", "--beta", "5", "--workers", "1"]),
    ]
    cases = [(f"sanitize {name}", base + args) for name, args in files]
    cases += [(f"sanitize {name}", base + ["IN/doc.txt"] + args) for name, args in options]
    cases += [(f"sanitize {name}", base + ["IN/doc.txt", "--backend", spec, "--beta", "5"]) for name, spec in backends]
    cases += [
        (f"sanitize {name}", base + ["IN/doc.txt", "--beta", "5", "--s2-backend", "none"] + args) for name, args in web
    ]
    cases += [(f"sanitize {name}", base + args) for name, args in paths]
    cases += [("sanitize stdin empty", base + ["-"]), ("sanitize stdin binary", base + ["-", "STDIN_BINARY"])]
    return cases


def _other_cases() -> list[tuple[str, list[str]]]:
    terms = [
        ("missing", ["IN/absent.txt"]),
        ("FIFO", ["IN/fifo.txt"]),
        ("empty", ["IN/empty.txt"]),
        ("binary", ["IN/binary.txt"]),
        ("--limit -1", ["IN/doc.txt", "--limit", "-1"]),
        ("--limit abc", ["IN/doc.txt", "--limit", "abc"]),
        ("--beta inf", ["IN/doc.txt", "--beta", "inf"]),
        ("table nested", ["IN/doc.txt", "--backend", "table:IN/nested.json"]),
        ("local damaged", ["IN/judgment.txt", "--backend", "local:IN/damaged-index"]),
        ("es remote", ["IN/doc.txt", "--backend", "es:http://192.0.2.7:9200/j"]),
        ("closed stdout", ["IN/long.txt", "CLOSED_STDOUT"]),
    ]
    gold = ["--gold", "IN/gold.json", "--texts", "IN/texts.json", "--backend", "table:IN/counts.json"]
    evaluation = [
        ("gold missing", ["--gold", "IN/absent.json"]),
        ("gold FIFO", ["--gold", "IN/fifo.json"]),
        ("gold a folder", ["--gold", "IN/docs"]),
        ("gold broken", ["--gold", "IN/broken.json"]),
        ("gold nested", ["--gold", "IN/nested.json"]),
        ("gold a number", ["--gold", "IN/gold-number.json"]),
        ("TAB gold whose text is a list", ["--gold", "IN/gold-tab-list.json"]),
        ("TAB gold whose text is a number", ["--gold", "IN/gold-tab-number.json"]),
        ("gold strange spans", ["--gold", "IN/gold-strange.json", "--texts", "IN/texts.json"]),
        ("gold without texts", ["--gold", "IN/gold.json"]),
        ("spans outside", ["--gold", "IN/gold-outside.json", "--texts", "IN/texts.json"]),
        ("negative span", ["--gold", "IN/gold-negative.json", "--texts", "IN/texts.json"]),
        (
            "unknown doc_ids",
            ["--gold", "IN/gold-unknown.json", "--texts", "IN/texts.json", "--backend", "table:IN/counts.json"],
        ),
        ("texts folder with a bad file", ["--gold", "IN/gold.json", "--texts", "IN/text-folder"]),
        ("texts FIFO", ["--gold", "IN/gold.json", "--texts", "IN/fifo.json"]),
        ("texts missing", ["--gold", "IN/gold.json", "--texts", "IN/absent.json"]),
        ("system spans outside", gold[:4] + ["--system", "IN/system-outside.json"]),
        ("system malformed", gold[:4] + ["--system", "IN/nested.json"]),
        ("system and reports", gold[:4] + ["--system", "IN/gold.json", "--reports", "IN/gold.json"]),
        ("reports not a report", gold[:4] + ["--reports", "IN/gold.json"]),
        ("reports FIFO", gold[:4] + ["--reports", "IN/fifo.json"]),
        ("--w nan", gold + ["--w", "nan"]),
        ("--beta inf", gold + ["--beta", "inf"]),
    ]
    tune = [
        ("--plot a folder", ["--plot", "OUT"]),
        ("--table is --texts", ["--table", "IN/texts.json"]),
        ("--plot is --gold", ["--plot", "IN/gold.json"]),
        ("--table is --plot", ["--table", "OUT/t.png", "--plot", "OUT/t.png"]),
        ("--beta inf", ["--beta", "inf"]),
        ("--beta -2", ["--beta", "-2"]),
        ("--w nan", ["--w", "nan"]),
        ("--w 2", ["--w", "2"]),
        ("--target-recall 0", ["--target-recall", "0"]),
        ("--target-recall nan", ["--target-recall", "nan"]),
        ("--protected-names FIFO", ["--protected-names", "IN/fifo.json"]),
        ("--protected-names malformed", ["--protected-names", "IN/names-bad.json"]),
        ("--protected-names missing", ["--protected-names", "IN/absent.json"]),
        ("--table under a file", ["--table", "IN/a-file/t.csv"]),
    ]
    build = [
        ("missing source", ["IN/absent", "--out", "OUT/i1"]),
        ("FIFO source", ["IN/fifo.txt", "--out", "OUT/i2"]),
        ("unknown kind", ["IN/notes.md", "--out", "OUT/i3"]),
        ("--out is the source", ["IN/archive", "--out", "IN/archive", "--force"]),
        ("--out holds the source", ["IN/archive/2020", "--out", "IN/archive", "--force"]),
        ("--out a file", ["IN/archive", "--out", "IN/a-file", "--force"]),
        ("--out not an index", ["IN/archive", "--out", "IN/not-an-index", "--force"]),
        ("--out exists", ["IN/archive", "--out", "IN/index"]),
        ("--out under a file", ["IN/archive", "--out", "IN/a-file/index"]),
        ("no document", ["IN/empty.txt", "--out", "OUT/i4"]),
        ("malformed records", ["IN/records.jsonl", "IN/truncated.xml.bz2", "--out", "OUT/i5"]),
        ("--out inside the source", ["IN/archive", "--out", "IN/archive/index"]),
    ]
    corpus = [(f"corpus build {name}", ["corpus", "build"] + args) for name, args in build]
    corpus += [
        ("corpus info missing", ["corpus", "info", "IN/absent"]),
        ("corpus info not an index", ["corpus", "info", "IN/not-an-index"]),
        ("corpus info bad meta", ["corpus", "info", "IN/bad-meta"]),
        ("corpus info a file", ["corpus", "info", "IN/doc.txt"]),
        ("corpus push bad URL", ["corpus", "push", "IN/archive", "--to", "ftp://h/x"]),
        ("corpus push URL trick", ["corpus", "push", "IN/archive", "--to", "http://192.0.2.1\\@127.0.0.1:9/j"]),
        ("corpus push --batch-size 0", ["corpus", "push", "IN/archive", "--to", "ES/p", "--batch-size", "0"]),
        ("corpus push nothing listening", ["corpus", "push", "IN/archive", "--to", "http://127.0.0.1:9/j"]),
        ("corpus push FIFO", ["corpus", "push", "IN/fifo.txt", "--to", "ES/p"]),
        ("corpus frob", ["corpus", "frob"]),
    ]
    cache = [
        ("cache info damaged", ["cache", "info", "--cache-dir", "DAMAGED_CACHE"]),
        ("cache clear damaged", ["cache", "clear", "--cache-dir", "DAMAGED_CACHE"]),
        ("cache info a file", ["cache", "info", "--cache-dir", "IN/a-file"]),
        ("cache clear a file", ["cache", "clear", "--cache-dir", "IN/a-file"]),
        ("cache info missing", ["cache", "info", "--cache-dir", "OUT/no-cache"]),
        ("cache frob", ["cache", "frob"]),
        ("backends --bogus", ["backends", "--bogus"]),
        ("no command", ["frob"]),
    ]
    cases = [(f"terms {name}", ["terms"] + args) for name, args in terms]
    cases += [(f"eval {name}", ["eval"] + args) for name, args in evaluation]
    cases += [
        (
            f"tune {name}",
            [
                "tune",
                "--gold",
                "IN/gold.json",
                "--texts",
                "IN/texts.json",
                "--backend",
                "table:IN/counts.json",
                "--workers",
                "1",
            ]
            + args,
        )
        for name, args in tune
    ]
    return cases + corpus + cache


def _option_file_cases() -> list[tuple[str, list[str]]]:
    """Outputs over the files that configure a run, option files that hang or nest, outputs
    of the wrong kind (issue 28)."""
    tune = [
        "tune",
        "--gold",
        "IN/gold.json",
        "--texts",
        "IN/texts.json",
        "--backend",
        "table:IN/counts.json",
        "--beta",
        "10",
        "--workers",
        "1",
    ]
    evaluation = ["eval", "--gold", "IN/gold.json", "--texts", "IN/texts.json", "--backend", "table:IN/counts.json"]
    return [
        ("sanitize -o over --allow", ["sanitize", "IN/doc.txt", "--allow", "IN/allow.txt", "-o", "IN/allow.txt"]),
        (
            "sanitize --report over --deny",
            ["sanitize", "IN/doc.txt", "--deny", "IN/deny.txt", "--report", "IN/deny.txt"],
        ),
        (
            "sanitize --mapping over --protected-names",
            [
                "sanitize",
                "IN/doc.txt",
                "--protected-names",
                "IN/names.json",
                "--mapping",
                "IN/names.json",
                "-o",
                "OUT/m.txt",
            ],
        ),
        (
            "sanitize -o over the pseudonym key",
            ["sanitize", "IN/doc.txt", "--mode", "pseudonym", "--pseudonym-key-file", "IN/key", "-o", "IN/key"],
        ),
        ("sanitize --mapping is -o", ["sanitize", "IN/doc.txt", "--mapping", "OUT/same.txt", "-o", "OUT/same.txt"]),
        ("review -o over --allow", ["review", "IN/doc.txt", "--allow", "IN/allow.txt", "-o", "IN/allow.txt"]),
        ("review -o inside the cache", ["review", "IN/doc.txt", "--cache-dir", "CACHE", "-o", "CACHE/page.html"]),
        ("review --max-input-mb nan", ["review", "IN/doc.txt", "-o", "OUT/page.html", "--max-input-mb", "nan"]),
        ("tune --fit-policy over --deny", tune + ["--deny", "IN/deny.txt", "--fit-policy", "IN/deny.txt"]),
        ("tune --privacy-table over --attack", tune + ["--attack", "IN/bk.json", "--privacy-table", "IN/bk.json"]),
        (
            "eval --attack-features over --allow",
            evaluation + ["--allow", "IN/allow.txt", "--attack", "IN/bk.json", "--attack-features", "IN/allow.txt"],
        ),
        (
            "decisions -o into its own folder",
            ["decisions", "IN/decisions/d.json", "--to", "allow-deny", "-o", "IN/decisions"],
        ),
        (
            "mapping show -o over a document",
            ["mapping", "show", "IN/mapping.json", "--key-file", "IN/key", "-o", "IN/doc.txt"],
        ),
        ("sanitize --allow FIFO", ["sanitize", "IN/doc.txt", "--allow", "IN/fifo.txt"]),
        ("sanitize --policy /dev/zero", ["sanitize", "IN/doc.txt", "--policy", "/dev/zero"]),
        ("sanitize --protected-names /dev/urandom", ["sanitize", "IN/doc.txt", "--protected-names", "/dev/urandom"]),
        ("sanitize --decisions FIFO", ["sanitize", "IN/doc.txt", "--decisions", "IN/fifo.json"]),
        (
            "sanitize pseudonym key FIFO",
            ["sanitize", "IN/doc.txt", "--mode", "pseudonym", "--pseudonym-key-file", "IN/fifo.txt"],
        ),
        (
            "sanitize mapping key /dev/zero",
            ["sanitize", "IN/doc.txt", "--mapping", "OUT/map.json", "--mapping-key-file", "/dev/zero"],
        ),
        ("sanitize --policy nested", ["sanitize", "IN/doc.txt", "--policy", "IN/nested.json"]),
        ("sanitize --protected-names nested", ["sanitize", "IN/doc.txt", "--protected-names", "IN/nested.json"]),
        ("sanitize --policy unknown mode", ["sanitize", "IN/doc.txt", "--policy", "IN/policy-bad-mode.json"]),
        (
            "sanitize 1-byte pseudonym key",
            ["sanitize", "IN/doc.txt", "--mode", "pseudonym", "--pseudonym-key-file", "IN/short-key"],
        ),
        ("sanitize -o a missing folder/", ["sanitize", "IN/doc.txt", "-o", "OUT/newdir/"]),
        ("sanitize -o -", ["sanitize", "IN/doc.txt", "-o", "-"]),
        ("sanitize -o a FIFO", ["sanitize", "IN/doc.txt", "-o", "IN/fifo.txt"]),
        ("sanitize --report a device", ["sanitize", "IN/doc.txt", "--report", "/dev/null", "-o", "OUT/r.txt"]),
        ("cache clear another program's cache.db", ["cache", "clear", "--cache-dir", "IN/foreign-cache"]),
        ("sanitize another program's cache.db", ["sanitize", "IN/doc.txt", "--cache-dir", "IN/foreign-cache"]),
        (
            "sanitize PDF pages sharing one stream",
            ["sanitize", "IN/shared.pdf", "--max-input-mb", "0.02", "-o", "OUT/pub/shared.txt"],
        ),
    ]


#: hosts off the machine, in every form the egress guard must see through
REMOTE_URLS = (
    "http://198.51.100.7:9200/x",
    "http://127.0.0.1:9@198.51.100.7:9200/x",
    "http://3325256711:9200/x",
    "http://search.example.org.:9200/x",
    "http://localhost.:9/x",
    "http://[2001:db8::1]:9200/x",
)


def _egress_cases() -> list[tuple[str, list[str]]]:
    """Every command that can talk to a host, without --allow-web (issue 28)."""
    cases = [(f"corpus push to {url}", ["corpus", "push", "IN/archive", "--to", url]) for url in REMOTE_URLS]
    cases.append(
        ("spark --master remote", ["spark", "IN/docs", "-o", "OUT/spark", "--master", "spark://198.51.100.7:7077"])
    )
    remote = "es:http://198.51.100.7:9200/j"
    for backend in (remote, "infinigram", "serpapi"):
        cases += [
            (f"terms --backend {backend}", ["terms", "IN/doc.txt", "--backend", backend]),
            (f"review --backend {backend}", ["review", "IN/doc.txt", "-o", "OUT/r.html", "--backend", backend]),
            (
                f"eval --backend {backend}",
                ["eval", "--gold", "IN/gold.json", "--texts", "IN/texts.json", "--backend", backend],
            ),
            (
                f"tune --backend {backend}",
                ["tune", "--gold", "IN/gold.json", "--texts", "IN/texts.json", "--backend", backend, "--beta", "10"],
            ),
            (
                f"sanitize --s2-backend {backend}",
                ["sanitize", "IN/doc.txt", "--s2-backend", backend, "--protect", SECRET],
            ),
        ]
    return cases


def bad_input_cases() -> list[tuple[str, list[str]]]:
    return _sanitize_cases() + _other_cases() + _option_file_cases() + _egress_cases() + hostile_document_cases()


def snapshot(folder: Path) -> dict:
    """Every entry below ``folder``: content digest of files, kind of the others."""
    entries = {}
    for path in sorted(folder.rglob("*")):
        relative = path.relative_to(folder).as_posix()
        mode = path.lstat().st_mode
        if stat.S_ISREG(mode):
            entries[relative] = hashlib.sha256(path.read_bytes()).hexdigest()
        else:
            entries[relative] = stat.S_IFMT(mode)
    return entries
