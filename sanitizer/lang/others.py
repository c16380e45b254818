"""Languages language detection tells apart but the engine does not read: their names and
the function words that tell them (language.py refuses their texts by name). Each one read
becomes a pack of its own."""

from __future__ import annotations

#: each language not read, by the code language.detect gives it; the other scripts are named
#: by their script
NAMES = {
    "zh": "Chinese",
    "fr": "French",
    "it": "Italian",
    "pt": "Portuguese",
    "nl": "Dutch",
    "cyrl": "Russian or another Cyrillic-script language",
    "grek": "Greek",
    "arab": "Arabic or another Arabic-script language",
    "hebr": "Hebrew",
    "deva": "Hindi or another Devanagari-script language",
    "hang": "Korean",
}
#: as a pack's ``function_words``: the commonest function words with the first and second
#: persons' pronouns and possessives
FUNCTION_WORDS = {
    "fr": frozenset(
        "le la les de des du et en un une est que qui dans pour pas sur au aux par il elle ne se ce "
        "sont avec plus je mon ma mes vous votre vos nous notre nos".split()
    ),
    "it": frozenset(
        "il lo la gli le di del della dei che è e un una per non con sono nel nella alla al si anche come più "
        "io mio mia miei vostro vostra noi voi".split()
    ),
    "pt": frozenset(
        "os as de do da dos das que em um uma para com não na se por ao mais foi são pelo pela uma seu sua "
        "eu meu minha meus você vocês nós nosso nossa".split()
    ),
    "nl": frozenset(
        "de het een en van in is dat op te zijn met voor niet aan er die ook als bij door naar werd heeft "
        "ik mijn jij jullie uw ons onze wij".split()
    ),
}
