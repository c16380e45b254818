"""Annotated documents in the formats annotators use: BRAT standoff, doccano JSONL, Label
Studio JSON, CoNLL/BIO and i2b2 XML. Each module reads a path into ``Documents`` (per
document: its text and its spans with labels) and writes them back; ``formats`` tells a
path's format by its content where that is unambiguous (format_of), and ``eval``/``tune
--gold`` read them all (evaluation/gold.py)."""
