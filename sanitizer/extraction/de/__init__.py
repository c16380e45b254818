"""German: tokens, candidate rules and the words they read."""
