"""This engine inside other tools: a spaCy pipeline component (spacy_component)."""
