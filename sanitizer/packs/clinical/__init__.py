"""The clinical pack: what nurses' and doctors' notes write and no other genre does (see
packs/__init__.py). Its rules act in a text written in a note's shorthand only
(genres.is_clinical_form), so a policy that reads every pack keeps a judgment's reading."""

#: what the pack holds, as the policy reference lists it
SUMMARY = (
    "a lone acronym of a note (RUQ, MVC, EBM) is an organisation only where the note says it is a place "
    "of care (at BWH, from MGH); elsewhere it is the note's shorthand, decided as a noun phrase"
)
#: words only notes write, which this pack's rules hold: tests/test_architecture.py fails
#: on one of them in the code of a module outside the pack (comments and docstrings aside)
WORDS: frozenset[str] = frozenset()
