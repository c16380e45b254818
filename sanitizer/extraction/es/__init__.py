"""Spanish: tokens, sentences, universal tags (a perceptron trained on UD Spanish GSD) and candidates."""
