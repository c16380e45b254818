"""The options several commands share, as Typer annotations (one place for each flag's help and parser)."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Annotated, Any, Optional

import typer

from ic_sanitizer.corpus_stats.files.path_guard import output_path

from ..formats.kinds import KINDS
from ..redaction import Mode
from ..scoring import ZeroCountPolicy


def finite_number(value: str) -> float:
    """Numbers of options: inf and nan are refused (β = inf would remove nothing, silently)."""
    try:
        number = float(value)
    except ValueError:
        raise typer.BadParameter(f"{value!r} is not a number") from None
    if not math.isfinite(number):
        raise typer.BadParameter("must be a finite number")
    return number


BackendOption = Annotated[
    str, typer.Option("--backend", "-b", help="Corpus back-end: NAME or NAME:ARGUMENT (see `sanitizer backends`).")
]
ExtractorOption = Annotated[str, typer.Option("--extractor", help="Candidate-term extractor.")]
CacheDirOption = Annotated[
    Optional[Path],
    typer.Option(
        "--cache-dir",
        help="Count cache folder [default: $SANITIZER_CACHE_DIR or ~/.cache/ic-sanitizer].",
        show_default=False,
    ),
]
NoCacheOption = Annotated[bool, typer.Option("--no-cache", help="Neither read nor write the count cache.")]
JsonOption = Annotated[bool, typer.Option("--json", help="Print one JSON object on stdout.")]


def output_option(help: str) -> typer.models.OptionInfo:
    """A command's -o/--output: a path it writes, checked by output_path (never an input,
    never inside one); ``help`` says what is written there."""
    return typer.Option("--output", "-o", parser=output_path, help=help, show_default=False)


def repeatable(flag: str, **settings: Any) -> typer.models.OptionInfo:
    """An option given any number of times (a list, None when never given, no default
    shown): ``settings`` are typer.Option's (help, metavar, parser)."""
    return typer.Option(flag, show_default=False, **settings)


def documents_argument(metavar: str, help: str) -> typer.models.ArgumentInfo:
    """A command's documents to read; "{suffixes}" in ``help`` lists the files read, from
    formats.kinds (".txt, .jsonl, ... .pdf")."""
    suffixes = ", ".join(KINDS)
    return typer.Argument(metavar=metavar, help=help.replace("{suffixes}", suffixes), show_default=False)


def _dial_defaults() -> str:
    """Each built-in policy's own β and its kinds' βs there, for --beta's help (read from the policies)."""
    from ..policy import BUILTIN_POLICIES, DEFAULT_BETA, load_policy

    shown = []
    for name in BUILTIN_POLICIES:
        policy = load_policy(name)
        if not policy.offsets():
            continue  # decides no kind by IC: no β (hipaa)
        beta = policy.beta if policy.beta is not None else DEFAULT_BETA
        others = [
            f"{kind.value} {bits:.2f}"
            for kind, bits in policy.betas_at(beta).items()
            if bits != beta and kind.value in ("name", "number", "noun_phrase")
        ]
        shown.append(f"{name} {beta:.2f}" + (f" ({', '.join(others)})" if others else ""))
    return "; ".join(shown)


BetaOption = Annotated[
    Optional[float],
    typer.Option(
        "--beta",
        help="The dial, in bits: terms with IC ≥ β are sensitive. β is the threshold of the policy's "
        "noun phrases; every other kind the policy decides by IC sits at its own offset from it and "
        "moves with it, so a lower β masks more of every kind. [default: the policy's own β: "
        f"{_dial_defaults()}]",
        show_default=False,
        parser=finite_number,
    ),
]
BetaTermOption = Annotated[
    Optional[str],
    typer.Option(
        "--beta-term",
        help="Hide this term wherever it occurs, relate clear terms to it by S2 (PMI ≥ w·β), and set "
        'the dial β to its IC ("hide that this is about ...").',
    ),
]
S2BackendOption = Annotated[
    str,
    typer.Option(
        "--s2-backend",
        help="Back-end for S2's co-occurrence counts: auto (--backend if it has them, "
        "else the embedded starter index), none, or a spec.",
    ),
]
BetaS2Option = Annotated[
    Optional[float],
    typer.Option(
        "--beta-s2",
        help="β in S2's corpus when it is not S1's (τ = w·β_s2). [default: 10.0 for the starter "
        "index; the IC of --beta-term there when given]",
        show_default=False,
        parser=finite_number,
    ),
]
WOption = Annotated[
    float,
    typer.Option(
        "--w", help="S2 threshold τ = w·β, w in [0, 1]; lower w removes more related terms.", parser=finite_number
    ),
]
ZeroCountOption = Annotated[
    ZeroCountPolicy, typer.Option("--zero-count", help="Terms the corpus never saw: sensitive, or keep.")
]
KindsOption = Annotated[
    Optional[str],
    typer.Option(
        "--kinds",
        help="Only these kinds of term are candidates, comma-separated: code, date, number, name, "
        "noun_phrase (abstract_phrase, a noun phrase with an abstract head, comes with it), pronoun; "
        "number brings public_reference (a provision, a statute's year, a report volume). "
        "[default: all, as in the paper]",
        show_default=False,
    ),
]
PolicyOption = Annotated[
    str,
    typer.Option(
        "--policy",
        help="What to do with each kind of term: default (fitted on annotated judgments for recall: names, "
        "codes and dates always masked, other kinds by their IC), readable (fitted for a lower recall, "
        "keeps more text), learned (the default with a learned decision over the kinds it decides by IC, "
        "fitted on the same judgments), hipaa (HIPAA Safe Harbor's eighteen identifiers and nothing else; "
        "a date keeps its year), paper (Sánchez, Batet & Viejo's method exactly: every noun phrase "
        "by one β, S1+S2, suppression), or a policy file written by `sanitizer tune --fit-policy`.",
    ),
]
AllowOption = Annotated[
    Optional[Path],
    typer.Option("--allow", help="File of phrases never to mask, one a line (# starts a comment).", show_default=False),
]
AllowRegexOption = Annotated[
    Optional[list[str]],
    repeatable(
        "--allow-regex",
        help="A regular expression: a term of any kind whose whole text it matches is never masked "
        "(repeat for more; Python's syntax). A date pattern, say, keeps dates of that form.",
    ),
]
DenyOption = Annotated[
    Optional[Path],
    typer.Option("--deny", help="File of phrases always to mask, in every occurrence, one a line.", show_default=False),
]
ModeOption = Annotated[
    Optional[Mode],
    typer.Option(
        "--mode",
        help="tag: a placeholder per entity ([PERSON-1]); redact: [REDACTED]; suppress: delete (the paper); "
        "pseudonym: a consistent fake value per entity (names, dates, codes; keyed by "
        "--pseudonym-key-file); mask: dates to their year, numbers to their magnitude; generalize: "
        "the most specific generalization whose IC is below β (a city in Poland, a hospital, the 1960s), "
        "else the placeholder. "
        "(default: the policy's: tag, or suppress for the paper policy)",
        show_default=False,
    ),
]
RelatednessOption = Annotated[
    Optional[str],
    typer.Option(
        "--relatedness",
        help="S2's measure: pmi (the paper's), npmi (normalized PMI, τ = w), or pmi-lower-bound "
        "(PMI of the 95% lower bound of the co-occurrence count). [default: the policy's]",
        show_default=False,
    ),
]
ProtectOption = Annotated[
    Optional[list[str]],
    repeatable(
        "--protect",
        help="A person or term to protect (repeatable): hidden wherever it occurs, and S2 also removes "
        "clear terms related to it.",
    ),
]
ProtectedNamesOption = Annotated[
    Optional[Path],
    typer.Option(
        "--protected-names",
        help="JSON {doc_id: name or [names]}: the persons S2 protects in each document "
        "(doc_id: the file name without its suffix).",
        show_default=False,
    ),
]
SubjectsOption = Annotated[
    Optional[Path],
    typer.Option(
        "--subjects",
        help="JSON {doc_id: subject}: whom each document is about (a patient's id; doc_id: the file name "
        "without its suffix). The documents are one collection: see --subject-field.",
        show_default=False,
    ),
]
HideOption = Annotated[
    Optional[str],
    typer.Option(
        "--hide",
        help="Special categories of data to hide wherever their terms occur, comma-separated: health, "
        "religion, politics, trade_union, sex_life, ethnic_origin, criminal (GDPR art. 9 and 10). Their "
        "terms are masked whatever their IC or an allow list says, and protected in S2. "
        "[default: the policy's; the shipped policies hide none]",
        show_default=False,
    ),
]
CountriesOption = Annotated[
    Optional[str],
    typer.Option(
        "--countries",
        help="The countries whose national identifiers are recognized, comma-separated ISO codes (US,GB,IN): "
        "another country's format (a Polish PESEL, an Indian PAN) is then not looked for; formats of every "
        "country (passports, driving licences) always are. `sanitizer recognizers` lists them. "
        "[default: the policy's; the shipped policies: every country]",
        show_default=False,
    ),
]
ReferenceOption = Annotated[
    Optional[Path],
    typer.Option(
        "--reference",
        help="Public documents of the genre, as a corpus of its domain: a folder or file that `corpus build` "
        "reads, or an index it built. A term that the policy decides by IC (a noun phrase, a number, a trade) "
        "and that at least k of them hold is kept (k: the policy's collection k), with its IC there in the report. "
        "Names, codes, contacts and dates are still decided by their kind.",
        show_default=False,
    ),
]
S3KOption = Annotated[
    Optional[int],
    typer.Option(
        "--s3-k",
        min=1,
        help="Turn S3 on: mask the rarest quasi-identifiers left in clear until at least K documents "
        "of S2's corpus hold the rest together. [default: the policy's]",
        show_default=False,
    ),
]
AllowWebOption = Annotated[
    bool,
    typer.Option(
        "--allow-web",
        help="Allow back-ends that send document terms off this machine (web services, a remote "
        "cluster). Without it they are refused.",
    ),
]
ParallelOption = Annotated[
    int, typer.Option("--parallel", min=1, help="Requests in flight at once to a network back-end.")
]
RateOption = Annotated[
    Optional[float],
    typer.Option(
        "--rate",
        help="At most this many requests a second to a network back-end. [default: no limit]",
        show_default=False,
        parser=finite_number,
    ),
]
WorkersOption = Annotated[
    Optional[int],
    typer.Option(
        "--workers", help="Extraction processes. [default: one per core, up to two]", min=1, show_default=False
    ),
]
MaxInputOption = Annotated[
    float, typer.Option("--max-input-mb", help="Refuse inputs larger than this.", parser=finite_number)
]
SubjectFieldOption = Annotated[
    Optional[str],
    typer.Option(
        "--subject-field",
        metavar="NAME",
        help="In .jsonl/.json/.csv/.tsv files: the field or column that says whom each record is about (a "
        "patient's id). The records are one collection: a term decided by IC that the records of at least "
        "the policy's k subjects hold is kept, since it singles none of them out. Without it each record "
        "counts as a subject, under a stricter k.",
        show_default=False,
    ),
]
#: sanitize's and spark's (spark sanitizes each file as sanitize would)
FieldsOption = Annotated[
    Optional[list[str]],
    repeatable(
        "--field",
        metavar="NAME",
        help="In .jsonl/.json/.csv/.tsv files: a field or column to sanitize (repeatable; default: text); a "
        "dotted path names a nested field, through arrays too (annotations.a.entity_mentions.span_text). Everything "
        "else is copied unchanged; a record whose other fields hold what its sanitized fields lost is refused.",
    ),
]
#: the HTTP commands' (serve, proxy) limits on what they take in
MaxBodyMbOption = Annotated[
    float, typer.Option("--max-body-mb", parser=finite_number, help="Refuse request bodies larger than this (413).")
]
ConcurrencyOption = Annotated[
    int, typer.Option("--concurrency", min=1, help="Requests in flight at most; more are answered 503.")
]
