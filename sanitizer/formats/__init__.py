"""Documents as people have them: encodings, and (see the modules) structured files."""
