"""The values of a Spanish form's fields: "Nombre: Pedro", "Apellidos: Jimenez Ramos",
"Domicilio: ...", "Fecha de nacimiento: 20/05/2000", "Edad: 16 años", "Sexo: H".

Records (clinical histories, registers, court forms) open with fields, a label and its value,
one or two to a line. The label says what the value is, whatever the value's form: a name
written in lower case, a lone letter for the sex, a city. The value runs from the label's
colon to the line's end or to the next label on the line ("Edad: 16 años Sexo: H."); the
label stays in clear.
"""

from __future__ import annotations

from ...recognizers.base import PatternRecognizer, first_group
from ...recognizers.pattern_tools import anchored
from ...terms import TermKind

_SPANISH = frozenset({"es"})
_PERSON = (
    r"nombre(?:\s+y\s+apellidos)?|apellidos?|paciente|médic[oa](?:\s+responsable)?|doctora?|enfermer[oa]"
    r"|facultativo|firmado|fdo\."
)
_PLACE = (
    r"domicilio|direcci[oó]n(?:\s+postal)?|localidad(?:\s*/\s*provincia)?|provincia|municipio|ciudad"
    r"|población|país|lugar\s+de\s+(?:nacimiento|residencia)|residencia|c\.\s*p\.|cp|código\s+postal"
)
_DATE = (
    r"fecha(?:\s+de\s+(?:nacimiento|ingreso|alta|consulta|la\s+consulta|intervención|defunción|exitus))?"
    r"|f\.\s*(?:de\s+)?(?:nacimiento|ingreso|alta)"
)
_PHONE = r"teléfono|tel\.|tfno\.?|móvil|fax"
_EMAIL = r"correo\s+electrónico|e-?mail"
#: what ends a value: the line's end (a full stop may close it), or the next label on the line: a known one,
#: or one capitalized word before a colon ("  NºCol:", " Servicio:")
_VALUE_END = (
    rf"(?=[ \t]+(?:(?i:{_PERSON}|{_PLACE}|{_DATE}|{_PHONE}|{_EMAIL}|edad|sexo|género)|[A-ZÁÉÍÓÚÑ][^\s:]*)[ \t]*:"
    r"|[ \t]*\.?[ \t]*(?:\n|$))"
)


def _field(name: str, kind: TermKind, labels: str, example: str) -> PatternRecognizer:
    pattern = anchored(r"\W", r"[^\s]", rf"(?i:{labels})[ \t]*:[ \t]*(?P<value>[^\s:][^\n:]{{0,80}}?){_VALUE_END}")
    return PatternRecognizer(name, kind, pattern, first_group("value"), languages=_SPANISH, summary=example)


PERSON = _field(
    "es_field_person", TermKind.PERSON, _PERSON, "Nombre: Pedro; Apellidos: Jimenez Ramos; Médico: Luis Moyano Calvo"
)
PLACE = _field(
    "es_field_place",
    TermKind.LOCATION,
    _PLACE,
    "Domicilio: Calle del pez, 28; Localidad/ Provincia: Madrid; País: España",
)
DATE = _field("es_field_date", TermKind.DATE, _DATE, "Fecha de nacimiento: 20/05/2000; Fecha de Ingreso: 26/07/2017")
AGE = _field("es_field_age", TermKind.AGE, r"edad", "Edad: 16 años")
SEX = _field("es_field_sex", TermKind.SEX, r"sexo|género", "Sexo: H")
PHONE = _field("es_field_phone", TermKind.PHONE, _PHONE, "Teléfono: 967 597 100")
EMAIL = _field("es_field_email", TermKind.EMAIL, _EMAIL, "e-mail: nombre@dominio.es")
FIELDS = (PERSON, PLACE, DATE, AGE, SEX, PHONE, EMAIL)
