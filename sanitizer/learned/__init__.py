"""A learned decision over the terms a policy decides by IC (issue 29): a logistic
regression over each term's features in its document, fitted on annotated documents by
`sanitizer tune --fit-policy --learned` and written into the policy file. Its score is
stated in bits, so the dial β moves its threshold as it moves IC's (model.py)."""

from .fit import LearnedFit, fit_learned
from .model import LearnedModel, decide_learned

__all__ = ["LearnedFit", "LearnedModel", "decide_learned", "fit_learned"]
