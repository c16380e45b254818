"""Spanish street addresses and postcodes: "Calle del Dr. Esquerdo, 46", "C/ Martín de los
Heros, 80, 5º D", "Avda. de França, s/n", "Paseo de la Castellana 261"; "CP: 28001", "28018 Madrid".

A street is its type word, its name (capitalized words and the connectors between them) and
its number, "s/n" or kilometre, with a floor and door after it. A postcode is five digits of a Spanish
province (01-52) after its label or before a capitalized place name.
"""

from __future__ import annotations

from ...recognizers.base import PatternRecognizer, first_group
from ...recognizers.pattern_tools import anchored
from ...terms import TermKind

_SPANISH = frozenset({"es"})
_STREET_TYPES = (
    r"Calle|C/|c/|Avda\.|Avenida|Av\.|Plaza|Pza\.|Plz\.|Paseo|P[º°]|Camino|Carretera|Ctra\.|Ronda|"
    r"Travesía|Glorieta|Urbanización|Urb\.|Pasaje|Callejón|Rambla|Vía|Rúa|Carrer|Passeig|Plaça|Avinguda"
)
#: a word of a street's name: capitalized, a connector, or (in a hurried record) lower case: "Calle del pez, 28"
_NAME_WORD = r"(?:\d+\s+de\s+[A-Z]\w+|[^\W\d][\w.'-]*)"
_NUMBER = r"(?:\d+[A-Za-z]?|s/n|S/N|km\.?\s*\d[\d,.]*)(?:\s*,?\s*(?:\d+\s*[º°ª]\s*-?\s*[A-Za-z]?|[Pp]iso\s+\d+|[Pp]ta\.?\s*\d+|"
_NUMBER += r"km\.?\s*[\d,.]+|bajo|[Bb]loque\s+\w+|[Ee]sc\.?\s*\w+))*"
_STREET = anchored(
    r"[\W]",
    r"[A-ZCcP]",
    rf"(?P<street>(?:{_STREET_TYPES})\s*(?:{_NAME_WORD}[ \t]+){{0,6}}?"
    rf"{_NAME_WORD}(?:[ \t]*,[ \t]*|[ \t]+)(?:n[º°]\s*)?{_NUMBER})",
)


_POSTCODE = anchored(
    r"[\W]",
    r"[\dCc]",
    r"(?:C\.?P\.?|[Cc]ódigo\s+[Pp]ostal)\s*:?\s*(?P<labelled>(?:0[1-9]|[1-4]\d|5[0-2])\d{3})\b"
    r"|(?P<code>(?:0[1-9]|[1-4]\d|5[0-2])\d{3})(?=[ \t]*,?[ \t]+[A-ZÁÉÍÓÚ][a-záéíóúñ])",
)


STREET = PatternRecognizer(
    "es_street",
    TermKind.LOCATION,
    _STREET,
    first_group("street"),
    languages=_SPANISH,
    country="ES",
    summary="Calle del Dr. Esquerdo, 46; C/ Martín de los Heros, 80, 5º D; Avda. de França, s/n",
)
POSTCODE = PatternRecognizer(
    "es_postcode",
    TermKind.LOCATION,
    _POSTCODE,
    first_group("labelled", "code"),
    languages=_SPANISH,
    country="ES",
    summary="CP: 28001, 28018 Madrid",
)
