"""A one-word cue that is an ordinary word of another of the eight languages (class
`homograph`): it is not read in a clause that shows that language, and still read in its
own (docs/verifier.md, "Cue words across languages")."""

from __future__ import annotations

import pytest

from explain.core.rules.reading import Reading, word_class
from tests.explain.core.rules.test_reading_scoped import reading_of

NOT_A_CUE = [
    ("SAP-Beraterin seit Mai 2021", "SAP"),  # German "Mai", not Italian "mai" (never)
    ("DATEV ab Mai 2022 eingeführt", "DATEV"),
    ("Java depuis mai 2020", "Java"),  # French "mai"
    ("Dazu noch Erfahrung mit Docker", "Docker"),  # German "noch" (still), not Dutch (nor)
    ("Außerdem noch SAP-Kenntnisse", "SAP"),
    ("Ik werk pas sinds maart met SAP", "SAP"),  # Dutch "pas" (only just), not French
    ("Managed the control plane for Kubernetes", "Kubernetes"),  # English, not "ich plane"
    ("Formação no Excel avançado", "Excel"),  # Portuguese "no" (in the), by an ending
    ("Trabalho com foco no Salesforce", "Salesforce"),
    # Polish "no" (well, so), an interjection, in a clause showing Polish.
    ("No i oczywiście Excel na co dzień", "Excel"),
    ("No cóż, SAP znam bardzo dobrze", "SAP"),
    # Portuguese by a word of its own or an ending only it has (-lho, -nho, -gem).
    ("Seis anos no Primavera", "Primavera"),
    ("Desenho no AutoCAD para obras públicas", "AutoCAD"),
    ("Tratamento de imagem no GIMP", "GIMP"),
    ("Estágio no Zendesk, turnos ao fim de semana", "Zendesk"),
    # French "dont" (of which, among them), not the English typo of "don't".
    ("Connaissance de plusieurs bases dont PostgreSQL", "PostgreSQL"),
    ("Maîtrise des logiciels de CAO dont SolidWorks", "SolidWorks"),
    ("Parle quatre langues dont l'italien", "italien"),
    ("Une équipe de huit personnes dont trois testeurs Selenium", "Selenium"),
]

STILL_READ = [
    ("Non ho mai usato Docker", "Docker", Reading(negated=True)),
    ("Mai usato Jira in vita mia", "Jira", Reading(negated=True)),
    ("Je n'utilise pas SAP", "SAP", Reading(negated=True)),
    ("Geen Java, noch Kotlin", "Kotlin", Reading(negated=True)),
    ("Weder Java noch Kotlin", "Kotlin", Reading(negated=True)),
    # German's own "noch nicht" is a phrase: only the one-word cue is set aside.
    ("Mit Kubernetes habe ich noch nicht gearbeitet", "Kubernetes", Reading(negated=True)),
    ("Ich plane Kubernetes zu lernen", "Kubernetes", Reading(wish=True)),
    ("No experience with SAP", "SAP", Reading(negated=True)),
    ("Nunca trabalhei no SAP", "SAP", Reading(negated=True)),
    ("No tengo experiencia con SAP en los últimos años", "SAP", Reading(negated=True)),
    ("No Kubernetes in the last two years", "Kubernetes", Reading(negated=True)),
    ("I dont know Terraform", "Terraform", Reading(negated=True)),
    ("We dont use the Oracle stack", "Oracle", Reading(negated=True)),
    ("Terraform? dont have it", "Terraform", Reading(negated=True)),
]


@pytest.mark.parametrize(("text", "term"), NOT_A_CUE)
def test_an_ordinary_word_of_the_clauses_language_is_no_cue(text: str, term: str) -> None:
    reading = reading_of(text, term)
    assert not (reading.negated or reading.wish), reading


@pytest.mark.parametrize(("text", "term", "expected"), STILL_READ)
def test_the_cue_is_still_read_in_its_own_language(text: str, term: str, expected: Reading) -> None:
    assert reading_of(text, term) == expected


def test_each_homograph_row_names_its_word_and_the_words_that_show_its_language() -> None:
    rows = [row.split() for row in word_class("homograph")]
    assert {"no", "mai", "noch", "pas", "plane", "dont"} <= {row[0] for row in rows}
    assert all(len(row) >= 5 for row in rows)
