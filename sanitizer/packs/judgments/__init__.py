"""The judgments pack: how courts number their cases (case_numbers.py) and cite law reports
(reports.py); see packs/__init__.py."""

#: what the pack holds, as the policy reference lists it
SUMMARY = (
    "court registers before case numbers (IV Ka 123/99, 2 BvR 123/99, III. ÚS 123/05), courts' own "
    "number forms (Bfv.I.123/2005, Ö 1234-05, 12/05k), ECLI and LJN numbers, neutral citations "
    "([2008] EWHC 860 (QB)), law report series and the European Court's volumes (Reports 1997-I)"
)
#: words only judgments write, which this pack's rules hold: tests/test_architecture.py fails
#: on one of them in the code of a module outside the pack (comments and docstrings aside)
WORDS = frozenset({"ECLI", "LJN", "Crim", "QB", "Reporter", "Yearbook"})
