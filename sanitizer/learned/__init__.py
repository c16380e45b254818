"""A learned decision over the terms a policy decides by IC (issue 29): a logistic
regression over each term's features in its document, fitted on annotated documents by
`sanitizer tune --fit-policy --learned` and written into the policy file. Its score is
stated in bits, so the dial β moves its threshold as it moves IC's (model.py).

The modules are imported where used: a policy file is read at `sanitizer --help`, and its
model must not bring the engine or numpy with it (model.py needs neither at load).
"""
