"""The Spanish words the candidate rules and the recognizers read: one place for each list.

Closed classes only (titles, months, number words, the words for a person's sex and for
kin): what a Spanish text says of a person in ordinary words, which IC from general
frequencies calls common. Every word is written in lower case, with its accents.
"""

from __future__ import annotations

#: titles before a name; they stay outside the name's span, as the annotators of MEDDOCAN
#: and of Spanish court decisions leave them ("Dr. [PERSON-1]")
TITLES = frozenset("dr dra dres dras sr sra srta sres sras d dña don doña prof profa lic ldo lda".split())
#: lower-case words inside a name: "Santiago de Compostela", "Virgen de las Nieves". Not "y": it joins two
#: names far more often than it sits inside one ("Madrid y Barcelona"; "Ramón y Cajal" is the exception)
NAME_CONNECTORS = frozenset("de del la las los da das do dos di van von der".split())
#: the months in order (surrogate dates are written with them), and a variant spelling
MONTHS = ("enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre",
          "noviembre", "diciembre")
MONTH_VARIANTS = ("setiembre",)
#: cardinal numbers written as words, up to the ones ages are written with
NUMBER_WORDS = tuple("""
un uno una dos tres cuatro cinco seis siete ocho nueve diez once doce trece catorce quince dieciséis
diecisiete dieciocho diecinueve veinte veintiún veintiuno veintiuna veintidós veintitrés veinticuatro
veinticinco veintiséis veintisiete veintiocho veintinueve treinta cuarenta cincuenta sesenta setenta
ochenta noventa cien ciento
""".split())
#: units an age is counted in
AGE_UNITS = ("años", "año", "meses", "mes", "semanas", "semana", "días", "día", "horas")
#: a person's sex, said in a word (singular forms; the plural adds -s or -es)
SEX_WORDS = frozenset("""
varón varones mujer mujeres hombre hombres niño niña niños niñas masculino masculina femenino femenina
chico chica anciano anciana
""".split())
#: kin of the person written about (with their plurals)
RELATIVES = frozenset("""
madre padre padres madres hermano hermana hermanos hermanas hijo hija hijos hijas esposo esposa marido
abuelo abuela abuelos abuelas tío tía tíos tías primo prima primos primas sobrino sobrina sobrinos sobrinas
nieto nieta nietos nietas cuñado cuñada suegro suegra suegros yerno nuera pareja novio novia familia
progenitores progenitor gemelo gemela gemelos mellizo melliza
""".split())
#: marital status, which says whether the person has a spouse: a relation too
MARITAL_STATUS = frozenset("casado casada soltero soltera viudo viuda divorciado divorciada".split())
#: words that make a relative's side of the family: "tío materno"
KIN_SIDES = frozenset("materno materna paterno paterna maternos maternas paternos paternas".split())
#: a person's stage of life, said instead of an age: "Adolescente de 16 años", "Lactante"
LIFE_STAGES = frozenset("lactante lactantes neonato neonata recién-nacido adolescente adolescentes".split())
#: the head words of an organisation's name: the name is an organisation's ("Hospital Universitario La Paz")
ORGANISATION_HEADS = frozenset("""
hospital clínica complejo centro universidad instituto fundación fundació residencia sanatorio policlínica
ambulatorio consultorio facultad escuela colegio asociación sociedad mutua laboratorios laboratorio
""".split())
#: the head words of a department's name: it names a function inside an organisation ("Servicio de
#: Urología", "Unidad de Cuidados Intensivos"), no person or place, and ends a name that runs into it
DEPARTMENT_HEADS = frozenset("servicio servicios unidad sección departamento área planta consulta consultas".split())
