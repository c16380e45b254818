"""The language detector against the alternatives, on short and name-heavy texts of our own.

    python benchmarks/language_choice.py        # with py3langid and lingua-language-detector importable

English that must not be refused (CVs, forms, address lists, records full of foreign
names and places, written for this benchmark with invented people) and short texts in
languages the engine does not read (which must be refused), each told by:
- the engine's own detector (language.detect: function words; None = too short to tell,
  which under auto takes its batch's language);
- py3langid (langid.py's model; a language for every text);
- lingua-language-detector (all its languages; a language for every text).
Printed per detector: English texts told as another language (a wrongful refusal),
foreign texts told English or nothing (sanitized as English), and the time per text.
The alternatives are not dependencies: install them beside the project to run this
(`pip install py3langid lingua-language-detector`).
"""

from __future__ import annotations

import time
from typing import Callable, Optional

from ic_sanitizer.language import SUPPORTED, detect

#: English with many foreign names, places and codes: none may be refused
ENGLISH = [
    "Curriculum vitae. Leone Mazzi, Cesta na Brdo 12, 4275 Begunje na Gorenjskem, Slovenia. I worked as a nurse "
    "on the surgical ward for six years and I am looking for a new post.",
    "\n".join(f"Paragraph {n}: Mr Kowalski met Dr Wisniewska in Warsaw." for n in range(1, 40)),
    "Name: João da Silva Pereira. Address: Rua do Ouro 45, 1100-060 Lisboa. Date of birth: 3 May 1970. "
    "Emergency contact: Maria da Conceição.",
    "Applicant: Jean-Luc de la Fontaine, 12 rue de la Paix, 75002 Paris. He is a citizen of the Republic and "
    "has lived there since 1998.",
    "Attendees: Jan van der Berg (Amsterdam), Piet de Vries (Utrecht), Anna van Dijk (Den Haag) and the chair.",
    "Ship to: Giuseppe Della Rovere, Via della Spiga 7, 20121 Milano. Order 44718 was delivered on Friday.",
    "The witness, Mr Oleksandr Kovalenko of Kharkiv, said that he had seen the defendant at the station.",
    "Employee list: Siobhan O'Neill, Dublin; Aoife Ní Bhriain, Galway; Seán Mac Giolla, Cork; all full time.",
    "Contact Ms Nguyen Thi Lan at 14 Le Loi Street, Da Nang, or by email at lan.nguyen@example.org for details.",
    "References: Prof. Hans-Peter Müller (Universität Heidelberg) and Dr Ingrid Svensson (Karolinska Institutet).",
    "Patient: Ana Lucía Fernández. Lives with her son in Calle de la Luna 3, Madrid. Seen by the GP on Monday.",
    "From: Pedro Álvares. To: the housing office. I have lived at Avenida da Liberdade 100 for ten years.",
    "The claimant, Mrs Fatima El Amrani, of Rue des Oliviers, Casablanca, appealed against the decision.",
    "Delivery address: Lars Eriksson, Storgatan 5, 111 23 Stockholm. Please leave the parcel with a neighbour.",
    "Guest list: Ngozi Okonkwo, Chidi Eze, Amaka Obi and their families will arrive on the first of June.",
    "Mr Dimitrios Papadopoulos of Odos Ermou 22, Athens, is the owner of the flat on the second floor.",
]
#: short texts in languages the engine does not read: each must be refused
FOREIGN = {
    "fr": "Le requérant est né en 1961 et réside à Lyon. Il se plaint de la durée de la procédure devant les juges.",
    "pt": "O requerente nasceu em 1961 e vive em Lisboa. Foi condenado pelo tribunal, mas não recorreu da sentença.",
    "nl": "De verzoeker is geboren in 1961 en woont in Amsterdam. Hij werd door de rechtbank veroordeeld voor fraude.",
    "it": "Il ricorrente è nato nel 1961 e vive a Milano. È stato condannato dal tribunale e non ha fatto appello.",
}


def _own(text: str) -> Optional[str]:
    return detect(text)


def _py3langid() -> Callable[[str], Optional[str]]:
    import py3langid  # type: ignore[import-not-found]

    return lambda text: py3langid.classify(text)[0]


def _lingua() -> Callable[[str], Optional[str]]:
    from lingua import LanguageDetectorBuilder  # type: ignore[import-not-found]

    detector = LanguageDetectorBuilder.from_all_languages().build()

    def told(text: str) -> Optional[str]:
        language = detector.detect_language_of(text)
        return None if language is None else language.iso_code_639_1.name.lower()

    return told


def main() -> None:
    detectors: dict[str, Callable[[str], Optional[str]]] = {"own": _own}
    for name, make in (("py3langid", _py3langid), ("lingua", _lingua)):
        try:
            started = time.perf_counter()
            detectors[name] = make()
            print(f"{name}: loaded in {time.perf_counter() - started:.2f} s")
        except ImportError:
            print(f"{name}: not installed (pip install it beside the project to compare)")
    for name, told in detectors.items():
        started = time.perf_counter()
        english = [told(text) for text in ENGLISH]
        foreign = {language: told(text) for language, text in FOREIGN.items()}
        seconds = (time.perf_counter() - started) / (len(ENGLISH) + len(FOREIGN))
        refused = [t for t in english if t is not None and t != "en" and t not in SUPPORTED]
        missed = [language for language, t in foreign.items() if t is None or t in SUPPORTED]
        print(
            f"{name}: English refused {len(refused)} of {len(ENGLISH)} {refused}; foreign sanitized "
            f"{len(missed)} of {len(FOREIGN)} {missed}; {seconds * 1000:.2f} ms a text"
        )


if __name__ == "__main__":
    main()
