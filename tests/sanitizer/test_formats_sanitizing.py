"""A document of several pieces sanitized as one text and cut back (formats/sanitizing.py)."""

from __future__ import annotations

from ic_sanitizer import Sanitizer, TermKind
from ic_sanitizer.documents import Document
from ic_sanitizer.formats.layout import Layout
from ic_sanitizer.formats.sanitizing import piece_texts, results_per_piece, texts_to_sanitize
from ic_sanitizer.redaction import Replacement


def _document(pieces, one_text=True):
    layout = Layout(
        tuple(pieces),
        tuple(f"paragraph {n}" for n in range(1, len(pieces) + 1)),
        lambda sanitized: "|".join(sanitized),
        "docx",
        one_text=one_text,
    )
    return Document("memo.docx", "", None, layout)


def test_a_replacement_across_a_piece_edge_is_cut_with_its_placeholder_on_both_sides():
    document = _document(["Dear John", "Brown lives in Leeds."])
    (joined,) = texts_to_sanitize(document)
    assert joined == "Dear John\n\nBrown lives in Leeds."
    across = Replacement(
        joined.index("John"),
        joined.index("Brown") + len("Brown"),
        "john brown",
        "[PERSON-1]",
        TermKind.PERSON,
        "john brown",
    )
    assert piece_texts(document, [[across]]) == ["Dear [PERSON-1]", "[PERSON-1] lives in Leeds."]


def test_records_are_texts_of_their_own_and_a_documents_pieces_share_one_placeholder_per_person():
    pieces = ["The applicant, Mr John Brown, lives in Leeds.", "Brown appealed."]
    with Sanitizer(use_cache=False, workers=1) as sanitizer:
        as_records = _document(pieces, one_text=False)
        records = results_per_piece(as_records, list(sanitizer.sanitize_many(texts_to_sanitize(as_records))))
        as_one = _document(pieces)
        one = results_per_piece(as_one, list(sanitizer.sanitize_many(texts_to_sanitize(as_one))))
    assert [r.text for r in one] == ["The applicant, [PERSON-1], lives in [LOCATION-1].", "[PERSON-1] appealed."]
    assert len(records) == 2 and records[1].text != one[1].text  # alone, "Brown" is not known as the applicant
    # offsets of every kept mention and replacement refer to its own piece
    for piece, result in zip(pieces, one):
        assert all(0 <= r.start < r.end <= len(piece) for r in result.replacements)
        assert all(0 <= m.start < m.end <= len(piece) for s in result.terms for m in s.term.mentions)
