"""The generalize mode (generalization.py): the most specific generalization whose IC is below β."""

from __future__ import annotations

import json
import math
import re

import pytest
from typer.testing import CliRunner

from ic_sanitizer import Sanitizer, Settings
from ic_sanitizer.cli.app import app
from ic_sanitizer.generalization import Generalizer, Step, TextGeneralizations, generalize, steps, written
from ic_sanitizer.redaction import Replacement
from ic_sanitizer.terms import TermKind

from ..conftest import TAB_DIR, shared_data

TEXT = (
    "The applicant, Mr Jan Kowalski, was born in Leeds and worked at Acme Ltd until March 2003, "
    "when he moved to Kraków, Poland, and joined the Leeds General Infirmary. An accountant at the "
    "infirmary, he was then an airline pilot."
)


def _bits(table: dict[str, float]):
    return lambda key: table.get(key)


@pytest.mark.parametrize(
    "kind, mention, expected",
    [
        (TermKind.DATE, "7 January 2011", ["January 2011", "2011", "the 2010s"]),
        (TermKind.DATE, "2011", ["the 2010s"]),
        (TermKind.DATE, "between 1982 and 1984", []),
        (
            TermKind.LOCATION,
            "Leeds",
            ["a city in England", "a city in the United Kingdom", "a place in Europe", "a place"],
        ),
        # a region of one or two large cities would name the city
        (TermKind.LOCATION, "Glasgow", ["a city in the United Kingdom", "a place in Europe", "a place"]),
        # the Spanish town is a hundredth of the city; Manchester's American namesake is a third of it
        (
            TermKind.LOCATION,
            "Los Angeles",
            ["a city in California", "a city in the United States", "a place in North America", "a place"],
        ),
        (TermKind.LOCATION, "Manchester", ["a place"]),
        (
            TermKind.LOCATION,
            "14 Oak Street, Leeds",
            [
                "an address in Leeds",
                "an address in England",
                "an address in the United Kingdom",
                "an address in Europe",
                "an address",
            ],
        ),
        (
            TermKind.LOCATION,
            "Headingley, Leeds",  # a district of the city
            ["a place in Leeds", "a place in England", "a place in the United Kingdom", "a place in Europe", "a place"],
        ),
        (TermKind.LOCATION, "14 Oak Street", ["an address"]),
        (TermKind.LOCATION, "Leeds, Glasgow", ["a place"]),  # two cities, not a district of the second
        (TermKind.LOCATION, "Poland", ["a country in Europe", "a country"]),
        (TermKind.LOCATION, "Whitby", ["a place"]),  # a small town here, a Canadian city in GeoNames
        (TermKind.LOCATION, "the Kingdom of Sweden", ["a country in Europe", "a country"]),  # its official name
        (TermKind.LOCATION, "Somali", ["African"]),  # a people's name read as a place
        (TermKind.ORGANISATION, "Leeds General Infirmary", ["an infirmary", "an organisation"]),
        (TermKind.ORGANISATION, "Acme Ltd", ["a company"]),
        (TermKind.PROFESSION, "hockey coach", ["a coach", "a trainer", "a leader", "a person"]),
        (
            TermKind.NOUN_PHRASE,
            "AIDS",
            ["an immunodeficiency", "an immunological disorder", "a disorder", "a physical condition"],
        ),
        # a plural keeps its head, then its hypernyms that English writes in the plural, no article
        (TermKind.NOUN_PHRASE, "the kelp forests", ["forests", "collections"]),
        (TermKind.PROFESSION, "journalists", ["writers", "persons"]),  # not "communicators"
        (TermKind.PERSON, "Jan Kowalski", []),
        (TermKind.NUMBER, "46 persons", ["dozens of persons"]),
        (TermKind.NUMBER, "two terms", ["a few terms"]),
        (
            TermKind.NUMBER,
            "three hospitals",
            ["a few hospitals", "a few medical buildings", "a few buildings", "a few structures"],
        ),
        (
            TermKind.PROFESSION,
            "46 nurses",
            ["dozens of nurses", "dozens of health professionals", "dozens of professionals"],
        ),
        (
            TermKind.NUMBER,
            "12 women",
            ["between ten and twenty women", "between ten and twenty females", "between ten and twenty persons"],
        ),
        (TermKind.NUMBER, "one person", []),  # one is no count to round
        (TermKind.QUANTITY, "twelve years", ["between ten and twenty years"]),
        (TermKind.QUANTITY, "ten days", ["between ten and twenty days"]),  # ten is not more than ten
        (TermKind.QUANTITY, "twelve years and six months", []),
        (TermKind.QUANTITY, "2 billion events", []),
        (TermKind.AMOUNT, "EUR 736,000", ["hundreds of thousands of euros", "a sum of money"]),
        (TermKind.AMOUNT, "£5,000", ["thousands of pounds", "a sum of money"]),
        (TermKind.AMOUNT, "1.5 million Swiss francs", ["millions of Swiss francs", "a sum of money"]),
        (TermKind.AMOUNT, "SEK 12 500", ["tens of thousands of SEK", "a sum of money"]),  # a code as written
        (TermKind.AMOUNT, "401, 515 and 397 kronor", ["hundreds of kronor", "a sum of money"]),
        (TermKind.AMOUNT, "EUR 3,000 to EUR 30,000", ["a sum of money"]),  # no one order of magnitude
        (TermKind.AMOUNT, "EUR 1", ["a sum of money"]),
        (TermKind.AGE, "aged 34", ["aged between thirty and thirty-nine"]),
        (TermKind.AGE, "19 years of age", ["between ten and nineteen years of age"]),
        (TermKind.AGE, "7 years old", ["under ten years old"]),
        (TermKind.AGE, "a 75-year-old", ["a seventy-to-seventy-nine-year-old"]),
        (TermKind.AGE, "9 year-old", ["under-ten year-old"]),
        (TermKind.AGE, "aged 104", []),
        (TermKind.DEMONYM, "Norwegian", ["European"]),
        (TermKind.DEMONYM, "Martian", []),
    ],
)
def test_each_kind_has_its_chain_most_specific_first(kind, mention, expected):
    assert [step.text for step in steps(kind, mention)] == expected


def test_the_first_step_below_beta_is_chosen_and_one_at_or_above_it_never():
    chain = generalize(
        TermKind.DATE, "7 January 2011", _bits({"january 2011": 20.0, "2011": 16.0, "2010s": 12.0}), 16.0
    )
    assert chain.chosen == Step("the 2010s", "2010s")  # 2011 is at β: it still identifies
    # the decade is as probable as its years together (its own form, and 2011)
    assert [bits for _, bits in chain.tried] == [20.0, 16.0, pytest.approx(-math.log2(2**-12 + 2**-16))]


def test_a_class_is_as_probable_as_its_members_together_and_never_rarer_than_one():
    years = {str(year): 16.0 for year in range(2010, 2020)}  # "2010s" itself never written
    chain = generalize(TermKind.DATE, "7 January 2011", _bits(years), 13.0)
    assert chain.chosen == Step("the 2010s", "2010s")
    assert chain.chosen_bits == pytest.approx(16.0 - math.log2(10))
    # counted by document, a document may hold several years: only the most frequent one counts
    by_document = generalize(TermKind.DATE, "7 January 2011", _bits(years), 13.0, by_occurrence=False)
    assert by_document.chosen is None and by_document.tried[-1][1] == 16.0


@pytest.mark.parametrize(
    "kind, mention", [(TermKind.LOCATION, "Leeds"), (TermKind.LOCATION, "Poland"), (TermKind.DEMONYM, "Norwegian")]
)
def test_a_place_in_a_country_or_a_continent_counts_the_places_there(kind, mention):
    members = [step.members for step in steps(kind, mention) if step.key]
    assert members and all(len(found) > 1 for found in members)
    if kind is TermKind.LOCATION and mention == "Leeds":
        assert "sheffield" in members[0] and "glasgow" not in members[0]  # England's large cities
        assert "glasgow" in members[1] and "london" in members[1]  # the United Kingdom's
        assert "poland" in members[2] and "leeds" not in members[2]  # Europe's countries


def test_a_step_the_corpus_never_saw_is_never_chosen_and_none_leaves_the_placeholder():
    chain = generalize(TermKind.DATE, "2011", _bits({}), 16.0)
    assert chain.chosen is None and chain.tried == ((Step("the 2010s", "2010s"), None),)


def test_a_step_naming_what_the_text_masks_is_never_used():
    chain = generalize(
        TermKind.LOCATION, "Leeds", _bits({"united kingdom": 10.0, "europe": 9.0}), 16.0, frozenset({"united kingdom"})
    )
    assert chain.chosen == Step("a place in Europe", "europe")


class _Counts(Generalizer):
    """A generalizer with fixed ICs, for TextGeneralizations."""

    def __init__(self, bits=None):
        super().__init__(engine=None, language="en")
        self._fixed = {"court": 11.0} if bits is None else bits

    def information_of(self, key):
        return self._fixed.get(key)

    by_occurrence = True


@pytest.mark.parametrize(
    "text, term, entity, expected",
    [
        ("The Court of Appeal sat.", "court of appeal", "court", "court"),
        ("The Court of Appeal sat.", "court of appeal", "court of appeal", "organisation"),
        ("The Court sat.", "court", "court", "organisation"),
    ],
)
def test_a_step_may_name_its_own_entity_but_not_the_term_or_another_the_text_masks(text, term, entity, expected):
    # "The Court of Appeal ... the Court": one entity, "court"; "a court" names nothing else
    # masked. When another entity masked is "court", "a court" would point at it; and "a
    # court" for "the Court" would write the term back.
    mention = Replacement(4, len(text) - 5, term, "[ORGANISATION-1]", TermKind.ORGANISATION, entity)
    masked = frozenset({"court", "court of appeal"})
    generalized = TextGeneralizations(_Counts(), {entity: 16.0}, 12.0, masked).apply(text, mention)
    assert generalized.replacement == expected


def test_an_entity_keeps_in_later_texts_the_step_its_first_text_chose_where_it_is_allowed():
    generalizer = _Counts({"united kingdom": 13.0, "europe": 10.0})

    def leeds(text, beta, masked=frozenset()):
        mention = Replacement(
            text.index("Leeds"), text.index("Leeds") + 5, "leeds", "[LOCATION-1]", TermKind.LOCATION, "leeds"
        )
        return TextGeneralizations(generalizer, {"leeds": beta}, 12.0, masked).apply(text, mention).replacement

    assert leeds("She lives in Leeds.", 12.5) == "a place in Europe"  # the UK is at 13 bits
    # at a higher β the city's country is allowed, but the entity reads as it did before
    assert leeds("He moved to Leeds.", 14.0) == "a place in Europe"
    # where the earlier step is not allowed (it names what this text masks), the chain decides again
    assert leeds("He moved to Leeds.", 14.0, frozenset({"europe"})) == "a city in the United Kingdom"


@pytest.mark.parametrize(
    "text, start, step, expected",
    [
        ("worked at the X", 14, Step("a hospital", "hospital"), "hospital"),
        ("worked at X", 10, Step("a hospital", "hospital"), "a hospital"),
        ("worked at X", 10, Step("a infirmary", "infirmary"), "an infirmary"),
        ("X was closed.", 0, Step("a hospital", "hospital"), "A hospital"),
        ("It closed. X opened.", 11, Step("the 2010s", "2010s"), "The 2010s"),
        ("in X", 3, Step("2011", "2011"), "2011"),
        ("is a British marine X", 20, Step("a person", "person"), "person"),
        ("at the time of X", 15, Step("a place", ""), "a place"),
        ("dismissed from his post as X", 27, Step("a professional", "professional"), "a professional"),
        ("a politician and former X", 24, Step("a person", "person"), "person"),
        ("ordered to pay X", 15, Step("a sum of money", ""), "a sum of money"),
    ],
)
def test_a_step_is_written_with_the_article_and_case_its_place_asks(text, start, step, expected):
    assert written(step, text, start) == expected


@pytest.fixture(scope="module")
def generalized():
    with Sanitizer(Settings(mode="generalize", use_cache=False, workers=1)) as sanitizer:
        yield sanitizer.sanitize(TEXT)


def test_a_judgments_places_dates_and_organisations_are_generalized_persons_tagged(generalized):
    text = generalized.text
    assert "Kowalski" not in text and "[PERSON-1]" in text
    for original in ("Leeds", "Acme", "Kraków", "Poland", "Infirmary", "March"):
        assert original not in text
    assert "a company" in text and "a country" in text


def test_no_generalization_holds_its_terms_text_or_reaches_its_beta(generalized):
    for r in generalized.replacements:
        if r.generalized is not None and r.generalized.chosen is not None:
            assert r.term.casefold() not in r.replacement.casefold()
            chosen_bits = r.generalized.chosen_bits
            assert chosen_bits is not None and chosen_bits < r.generalized.beta


def test_no_generalization_of_the_tab_judgments_reaches_its_beta_or_holds_its_term():
    shared_data(TAB_DIR)
    texts = json.loads((TAB_DIR / "texts.json").read_text(encoding="utf-8"))
    with Sanitizer(Settings(mode="generalize", use_cache=False)) as sanitizer:
        results = list(sanitizer.sanitize_many(list(texts.values())))
    chosen = [r for result in results for r in result.replacements if r.generalized and r.generalized.chosen]
    assert len(chosen) > 5000  # most dates, places and organisations: the test is not vacuous
    for r in chosen:
        assert r.generalized.chosen_bits is not None and r.generalized.chosen_bits < r.generalized.beta, r.replacement
        # its words do not stand in it ("the 1990s" holds no "1990")
        assert not re.search(rf"(?<!\w){re.escape(r.term)}(?!\w)", r.replacement, re.IGNORECASE), r.replacement


def test_one_entity_gets_one_generalization(generalized):
    by_entity: dict[str, set[str]] = {}
    for r in generalized.replacements:
        by_entity.setdefault(r.entity, set()).add(r.replacement.casefold().removeprefix("a ").removeprefix("the "))
    assert all(len(values) == 1 for values in by_entity.values())


def test_the_report_records_the_chain_and_the_mapping_restores_the_text(tmp_path, monkeypatch):
    monkeypatch.setenv("SANITIZER_CACHE_DIR", str(tmp_path / "cache"))
    source = tmp_path / "judgment.txt"
    source.write_text(TEXT, encoding="utf-8")
    out, report, mapping = tmp_path / "out.txt", tmp_path / "report.json", tmp_path / "mapping.json"
    args = ["sanitize", str(source), "-o", str(out), "--mode", "generalize", "--report", str(report)]
    assert CliRunner().invoke(app, [*args, "--mapping", str(mapping)]).exit_code == 0
    chains = json.loads(report.read_text(encoding="utf-8"))["documents"][0]["generalizations"]
    assert {chain["term"] for chain in chains} >= {"leeds", "acme ltd"}
    assert all(step[1] is None or step[1] >= 0 for chain in chains for step in chain["tried"])
    back = tmp_path / "back.txt"
    restored = CliRunner().invoke(app, ["restore", str(out), "--mapping", str(mapping), "-o", str(back)])
    assert restored.exit_code == 0, restored.stderr
    assert back.read_text(encoding="utf-8") == TEXT


def test_a_text_in_another_language_keeps_its_placeholders():
    with Sanitizer(Settings(mode="generalize", language="es", use_cache=False, workers=1)) as sanitizer:
        result = sanitizer.sanitize("El paciente, Juan García López, vive en Madrid desde 2003.")
    assert "Madrid" not in result.text and all(r.generalized is None for r in result.replacements)


def test_information_kept_credits_a_generalized_mention_with_its_steps_ic(tmp_path):
    from ic_sanitizer.evaluation.information import InformationMeasure

    text = "He moved to Leeds."
    start = text.index("Leeds")
    with Sanitizer(Settings(use_cache=False, workers=1)) as sanitizer:
        measure = InformationMeasure(sanitizer, {"d": text})
    spans = {"d": [(start, start + 5)]}
    tagged = measure.kept(spans).information_kept
    generalized = measure.kept(spans, {"d": [(start, start + 5, 3.0)]}).information_kept
    clear = measure.kept({}).information_kept
    assert tagged < generalized < clear


def test_eval_reads_the_text_as_published_when_its_values_say_something(generalized):
    from ic_sanitizer.evaluation.system import from_results

    output = from_results({"d": generalized})
    assert output.published == {"d": generalized.text}
    assert output.credits["d"] and all(bits >= 0 for _, _, bits in output.credits["d"])
    with Sanitizer(Settings(use_cache=False, workers=1)) as sanitizer:
        tagged = from_results({"d": sanitizer.sanitize(TEXT)})
    assert tagged.published is None and tagged.credits == {"d": []}


def test_the_service_generalizes_as_its_engine_is_set_and_reports_the_chains(generalized):
    pytest.importorskip("fastapi")
    import requests

    from ic_sanitizer.service.app import create_app
    from tests.sanitizer.loopback import serving_app

    with Sanitizer(Settings(mode="generalize", use_cache=False, workers=1)) as engine:
        with serving_app(create_app(engine)) as base:
            answer = requests.post(f"{base}/sanitize", json={"text": TEXT, "report": True}, timeout=60).json()
    assert answer["text"] == generalized.text and answer["mode"] == "generalize"
    assert {chain["term"] for chain in answer["report"]["generalizations"]} >= {"acme ltd"}


def test_an_entitys_generalization_is_held_to_the_lowest_beta_of_its_names():
    from ic_sanitizer.operators import _entity_betas
    from ic_sanitizer.redaction import Removal
    from ic_sanitizer.terms import CandidateTerm

    def removal(entity: str, beta):
        return Removal(CandidateTerm("x", "x", TermKind.NOUN_PHRASE, ()), entity, TermKind.NOUN_PHRASE, beta)

    betas = _entity_betas([removal("a", 16.0), removal("a", 13.0), removal("b", 14.0), removal("b", None)])
    assert betas == {"a": 13.0, "b": None}


def test_the_cli_says_when_generalize_generalized_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv("SANITIZER_CACHE_DIR", str(tmp_path / "cache"))
    spanish, english = tmp_path / "es.txt", tmp_path / "en.txt"
    spanish.write_text(
        "El paciente Juan García López vive en Madrid desde hace muchos años con su familia.", encoding="utf-8"
    )
    english.write_text(TEXT, encoding="utf-8")
    notes = {}
    for path in (spanish, english):
        run = CliRunner().invoke(app, ["sanitize", str(path), "--mode", "generalize"])
        assert run.exit_code == 0, run.stderr
        notes[path.name] = [line for line in run.stderr.splitlines() if line.startswith("note: --mode generalize")]
    assert len(notes["es.txt"]) == 1 and notes["en.txt"] == []
