"""`sanitizer serve`: the engine over HTTP, in its own shapes and in Presidio's (needs the `serve` extra)."""
