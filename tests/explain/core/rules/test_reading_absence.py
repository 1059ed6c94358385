"""Absence on a profile and "not needed" on a job, in the eight languages: a bare dash as a
list item's value, "no real/practical experience" and "none whatsoever", knowing only a
name, a skill said to be non-existent, "habe ich keine" after the term, a job's "would not
be required", "wird nicht erwartet", "verwachten we niet", "nie jest wymogiem", a list
heading that says what is not needed. Guards: a denied mishap, failure or "without" in a
list item's value praises ("never an outage"), "nothing I can't", "not only", a lack named
after a comma belongs to the next item."""

from __future__ import annotations

import pytest

from tests.explain.core.rules.test_reading_scoped import job_state, profile_state, reading_of

PROFILE = [
    # A dash alone as the value: none.
    ("Helm: -", "Helm", "absent"),
    ("Podman: —", "Podman", "absent"),
    ("Nomad (–)", "Nomad", "absent"),
    ("Helm: - chart author since 2020", "Helm", "states"),
    # "No" with a filler adjective, "none whatsoever", a grounding word.
    ("Ansible: no practical experience", "Ansible", "absent"),
    ("Puppet - none whatsoever", "Puppet", "absent"),
    ("BigQuery: no exposure", "BigQuery", "absent"),
    ("Ansible – keine praktische Erfahrung", "Ansible", "absent"),
    ("Espagnol : aucune notion", "Espagnol", "absent"),
    ("Svedese: nessuna base", "Svedese", "absent"),
    ("Zweeds: geen basis", "Zweeds", "absent"),
    ("Kafka: no data loss in three years", "Kafka", "states"),
    # Unfamiliar, knowing only the name, hearsay, "heard of it".
    ("Grafana - not familiar", "Grafana", "absent"),
    ("Grafana: I've only heard of it", "Grafana", "absent"),
    ("Prometheus kenne ich nur vom Namen", "Prometheus", "absent"),
    ("Prometheus : connais seulement de nom", "Prometheus", "absent"),
    ("Prometheus: solo sentito nominare", "Prometheus", "absent"),
    ("Prometheus: znam tylko z nazwy", "Prometheus", "absent"),
    # Colloquial whole answers.
    ("Elixir? Nö", "Elixir", "absent"),
    ("Elixir: para nada", "Elixir", "absent"),
    ("Elixir: de jeito nenhum", "Elixir", "absent"),
    ("Elixir: helemaal niet", "Elixir", "absent"),
    ("Elixir: w ogóle nie", "Elixir", "absent"),
    ("Clojure: nullo", "Clojure", "absent"),
    # Unknown to the writer, as the value; "desconozco" before the term too.
    ("Sentry: unknown", "Sentry", "absent"),
    ("Sentry: unbekannt", "Sentry", "absent"),
    ("Sentry: desconozco", "Sentry", "absent"),
    ("Desconheço o Sentry", "Sentry", "absent"),
    ("Sentry: onbekend", "Sentry", "absent"),
    ("Sentry: nieznany", "Sentry", "absent"),
    ("Sentry: unknown errors traced and fixed", "Sentry", "states"),
    ("Sentry: unknown client projects migrated", "Sentry", "states"),
    # A skill said to be non-existent, in a sentence.
    ("My Norwegian is practically non-existent", "Norwegian", "absent"),
    ("Mein Norwegisch ist nicht vorhanden", "Norwegisch", "absent"),
    ("Mon norvégien est inexistant", "norvégien", "absent"),
    ("Mi noruego es inexistente", "noruego", "absent"),
    ("Il mio norvegese è inesistente", "norvegese", "absent"),
    ("Mój norweski jest żaden", "norweski", "absent"),
    ("Kubernetes downtime is zero", "Kubernetes", "states"),
    # "habe ich keine", "je ne connais pas", "mai lavorato" around the term.
    ("In Buchhaltung habe ich keine Erfahrung", "Buchhaltung", "absent"),
    ("Le Lean, je ne connais pas", "Lean", "absent"),
    ("Mai lavorato in Kanban", "Kanban", "absent"),
    ("Mit Buchhaltung habe ich keine Probleme", "Buchhaltung", "states"),
    ("Kanban habe ich nicht nur gelernt, sondern eingeführt", "Kanban", "states"),
    # Guards: a denied mishap, failure or "without" in the value praises.
    ("Nginx: never an outage on my watch", "Nginx", "states"),
    ("Nginx: never missed a renewal", "Nginx", "states"),
    ("Nginx: never without a rollback plan", "Nginx", "states"),
    ("Nginx: nie Ausfälle seit dem Umzug", "Nginx", "states"),
    ("Nginx : jamais de panne en deux ans", "Nginx", "states"),
    ("Nginx : je n'ai jamais eu de souci", "Nginx", "states"),
    ("Nginx: nooit een storing gehad", "Nginx", "states"),
    ("Żadnych problemów z Nginxem", "Nginxem", "states"),
    ("Bash – nothing I can't script", "Bash", "states"),
    # Guards: "not at all" before an adjective of difficulty, praise idioms holding a "not".
    ("Helm: helemaal niet moeilijk", "Helm", "states"),
    ("Helm: para nada difícil", "Helm", "states"),
    ("Helm: w ogóle nie trudny", "Helm", "states"),
    ("Helm: gar nicht mehr wegzudenken", "Helm", "states"),
    ("Helm : je ne connais pas de meilleur outil", "Helm", "states"),
    ("Helm: je ne connais pas", "Helm", "absent"),
    # Guards: a lack named after a comma is the next item's.
    ("Ik gebruik Nginx dagelijks, Kubernetes ken ik niet", "Nginx", "states"),
    ("Uso Nginx a diario, Kubernetes no lo conozco", "Nginx", "states"),
]


@pytest.mark.parametrize(("text", "term", "state"), PROFILE)
def test_absence_on_a_profile(text: str, term: str, state: str) -> None:
    assert profile_state(reading_of(text, term)) == state


JOB = [
    # Future and conditional "not required", "not expected", "not something we require".
    ("Tableau would not be required at first", "Tableau", "not_needed"),
    ("Tableau won't be needed in this team", "Tableau", "not_needed"),
    ("Tableau isn't something we require", "Tableau", "not_needed"),
    ("Tableau is required, not optional", "Tableau", "required"),
    ("Tableau is needed, Looker won't be needed", "Tableau", "required"),
    # German: not expected, not strictly needed, "brauchst du keine".
    ("Tschechisch wird nicht erwartet", "Tschechisch", "not_needed"),
    ("Tableau ist nicht unbedingt nötig", "Tableau", "not_needed"),
    ("Nicht unbedingt nötig ist Tableau", "Tableau", "not_needed"),
    ("Vorkenntnisse in Tableau brauchst du keine", "Tableau", "not_needed"),
    ("Tableau ist ein Muss, Looker wird nicht erwartet", "Tableau", "required"),
    # French, Italian, Dutch, Polish, Spanish and Portuguese.
    ("Nul besoin de maîtriser Tableau", "Tableau", "not_needed"),
    ("Tableau n'est pas attendu", "Tableau", "not_needed"),
    ("Le mandarin n'est pas demandé", "mandarin", "not_needed"),
    ("Patente C non obbligatoria", "Patente", "not_needed"),
    ("Tableau-ervaring verwachten we niet", "Tableau", "not_needed"),
    ("Tableau nie jest wymogiem", "Tableau", "not_needed"),
    ("Tableau: no obligatorio", "Tableau", "not_needed"),
    ("Não exigimos experiência com Tableau", "Tableau", "not_needed"),
    ("Tableau obbligatorio, Looker non richiesto", "Tableau", "required"),
    ("Tableau wymagany, Looker nie jest wymogiem", "Tableau", "required"),
    # A heading that says what is not needed, above the list.
    ("Was du nicht brauchst:\n- Tableau\n- Looker", "Tableau", "not_needed"),
    ("Lo que no necesitas:\n- Tableau", "Tableau", "not_needed"),
    ("Wat je niet nodig hebt:\n- Tableau", "Tableau", "not_needed"),
    ("Was du brauchst:\n- Tableau", "Tableau", "required"),
]


@pytest.mark.parametrize(("text", "term", "state"), JOB)
def test_not_needed_on_a_job(text: str, term: str, state: str) -> None:
    assert job_state(reading_of(text, term)) == state
