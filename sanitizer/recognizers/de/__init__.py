"""Recognizers of German national identifiers."""
