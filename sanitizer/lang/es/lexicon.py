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
MONTHS = (
    "enero",
    "febrero",
    "marzo",
    "abril",
    "mayo",
    "junio",
    "julio",
    "agosto",
    "septiembre",
    "octubre",
    "noviembre",
    "diciembre",
)
MONTH_VARIANTS = ("setiembre",)
#: cardinal numbers written as words, up to the ones ages are written with
NUMBER_WORDS = tuple(
    """
un uno una dos tres cuatro cinco seis siete ocho nueve diez once doce trece catorce quince dieciséis
diecisiete dieciocho diecinueve veinte veintiún veintiuno veintiuna veintidós veintitrés veinticuatro
veinticinco veintiséis veintisiete veintiocho veintinueve treinta cuarenta cincuenta sesenta setenta
ochenta noventa cien ciento
""".split()
)
#: units an age is counted in
AGE_UNITS = ("años", "año", "meses", "mes", "semanas", "semana", "días", "día", "horas")
#: a person's sex, said in a word (singular forms; the plural adds -s or -es)
SEX_WORDS = frozenset(
    """
varón varones mujer mujeres hombre hombres niño niña niños niñas masculino masculina femenino femenina
chico chica anciano anciana
""".split()
)
#: kin of the person written about (with their plurals)
RELATIVES = frozenset(
    """
madre padre padres madres hermano hermana hermanos hermanas hijo hija hijos hijas esposo esposa marido
abuelo abuela abuelos abuelas tío tía tíos tías primo prima primos primas sobrino sobrina sobrinos sobrinas
nieto nieta nietos nietas cuñado cuñada suegro suegra suegros yerno nuera pareja novio novia familia
progenitores progenitor gemelo gemela gemelos mellizo melliza
""".split()
)
#: marital status, which says whether the person has a spouse: a relation too
MARITAL_STATUS = frozenset("casado casada soltero soltera viudo viuda divorciado divorciada".split())
#: words that make a relative's side of the family: "tío materno"
KIN_SIDES = frozenset("materno materna paterno paterna maternos maternas paternos paternas".split())
#: a person's stage of life, said instead of an age: "Adolescente de 16 años", "Lactante"
LIFE_STAGES = frozenset(
    "lactante lactantes neonato neonata recién-nacido adolescente adolescentes joven jóvenes".split()
)
#: the head words of an organisation's name: the name is an organisation's ("Hospital Universitario La Paz")
ORGANISATION_HEADS = frozenset(
    """
hospital clínica complejo centro universidad instituto fundación fundació residencia sanatorio policlínica
ambulatorio consultorio facultad escuela colegio asociación sociedad mutua laboratorios laboratorio
""".split()
)
#: the head words of a department's name: it names a function inside an organisation ("Servicio de
#: Urología", "Unidad de Cuidados Intensivos"), no person or place, and ends a name that runs into it
DEPARTMENT_HEADS = frozenset("servicio servicios unidad sección departamento área planta consulta consultas".split())
#: a child's place among its siblings: "hijo único", "la menor de cuatro hermanos", "primera hija"
SIBLING_RANKS = frozenset("mayor menor mediano mediana único única pequeño pequeña primogénito primogénita".split())
#: ordinal numbers in words, masculine and feminine: "la sexta de nueve hermanos"
ORDINALS = frozenset(
    """
primer primero primera segundo segunda tercer tercero tercera cuarto cuarta quinto quinta sexto sexta séptimo
séptima octavo octava noveno novena décimo décima
""".split()
)
#: words that say a person was adopted: "niña adoptada", "sus padres adoptivos"
ADOPTION_WORDS = frozenset("adoptado adoptada adoptados adoptadas adoptivo adoptiva adoptivos adoptivas".split())
#: a person's sexual orientation or gender identity, special categories of data (GDPR art. 9)
ORIENTATIONS = frozenset(
    """
homosexual homosexuales heterosexual heterosexuales bisexual bisexuales gay gais gays lesbiana lesbianas
transexual transexuales transgénero
""".split()
)
#: nationalities and peoples as adjectives, in the masculine singular (inflected by ``inflect``). Not those
#: that are also common words ("indio", "negro", "blanco"): they count only after "raza" (persons.py)
NATIONALITIES = tuple(
    """
español portugués francés inglés británico irlandés alemán italiano belga holandés suizo austriaco polaco
rumano búlgaro ucraniano ruso lituano letón estonio checo eslovaco húngaro serbio croata bosnio albanés griego
turco sueco noruego danés finlandés marroquí argelino tunecino libio egipcio senegalés maliense gambiano
guineano nigeriano ghanés camerunés congoleño angoleño etíope somalí sudanés keniano sudafricano mauritano
estadounidense norteamericano canadiense mexicano cubano dominicano puertorriqueño guatemalteco hondureño
salvadoreño nicaragüense costarricense panameño colombiano venezolano ecuatoriano peruano boliviano chileno
argentino uruguayo paraguayo brasileño chino japonés coreano vietnamita filipino tailandés paquistaní pakistaní
bangladesí iraní iraquí sirio libanés jordano palestino israelí saudí afgano hindú australiano
caucásico caucasiano magrebí subsahariano latinoamericano hispanoamericano sudamericano centroamericano
asiático africano europeo árabe gitano mestizo mulato afroamericano
""".split()
)
#: the colour of a person's skin, said of a person right after the word for them ("mujer blanca", "Paciente
#: morena"), or after "raza"; elsewhere these are common words ("sustancia blanca")
SKIN_COLOURS = frozenset(
    "blanco blanca blancos blancas negro negra negros negras moreno morena negroide mulato mulata".split()
)
#: professions and trades, masculine and feminine singular: quasi-identifiers of the person they are said of.
#: Not the clinical staff's own ("médico", "enfermera"), which a clinical record names about its authors,
#: nor a form that is also a common word ("música", "técnica", "monitor", "dependiente", "guardia")
PROFESSIONS = frozenset(
    """
abogado abogada administrativo administrativa agricultor agricultora albañil arquitecto arquitecta azafata
azafato auxiliar bailarín bailarina barrendero barrendera boxeador boxeadora bombero bombera camarero camarera ciclista atleta camionero
camionera carnicero carnicera carpintero carpintera cartero cocinero cocinera comerciante conductor
conductora conserje contable dependienta deportista economista electricista empleado empleada empresario empresaria
estudiante fontanero fontanera fotógrafo fotógrafa funcionario funcionaria futbolista ganadero ganadera
herrero informático ingeniero ingeniera jardinero jardinera jornalero jornalera jubilado
jubilada jugador jugadora limpiadora maestro maestra marinero mecánico militar minero minera
modista monitora músico nadador nadadora obrero obrera panadero panadera peluquero peluquera periodista
pescador pescadora pintor pintora policía profesor profesora programador programadora repartidor repartidora
secretario secretaria soldado soldador soldadora taxista tenista trabajador trabajadora transportista
vendedor vendedora veterinario veterinaria
""".split()
)


def inflect(word: str) -> tuple[str, ...]:
    """The four forms of an adjective of origin given in the masculine singular:
    "peruano" → peruano, peruana, peruanos, peruanas; "francés" → francés, francesa, franceses, francesas."""
    stressed = str.maketrans("áéíóú", "aeiou")
    if word.endswith("o"):
        return word, word[:-1] + "a", word + "s", word[:-1] + "as"
    if word.endswith(("í", "ú")):
        return word, word + "es", word + "s"
    if word.endswith("e") or word.endswith("a"):
        return word, word + "s"
    if word[-2] in "áéíóú":  # francés → francesa: the stress mark goes
        bare = word[:-2] + word[-2:].translate(stressed)
        return word, bare + "a", bare + "es", bare + "as"
    return word, word + "a", word + "es", word + "as"
