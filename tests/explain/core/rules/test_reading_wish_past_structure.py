"""Wishes and a past that no longer holds, read through the sentence's structure rather
than one more phrase, in the eight languages: a past remark after "but" with neither a
subject of its own nor an object after it ("X, but it expired in 2016"); a lapse beside a
licence or course that ends a compound ("Staplerschein") or is the course itself ("course
done in 2012, never renewed"); a list item's value that ends in the past ("French: studied
it years ago"); a remark after a spaced dash ("(2005) - not sailed since"); a course of the
term booked or scheduled. Guards: another licence or skill named after "but", expired goods
beside no licence, "still" anywhere on the item's line, a plain past job line, a course run
in a tool, a board registration or a programmed machine."""

from __future__ import annotations

import pytest

from tests.explain.core.rules.test_reading_scoped import profile_state, reading_of

PAST = [
    # After "but", "aber", "mais"...: only a pronoun, an auxiliary or "now" before the cue.
    ("Held a food hygiene certificate, though it lapsed in 2018", "food hygiene certificate"),
    ("SKS-Schein vorhanden, aber leider abgelaufen", "SKS"),
    ("CACES R489 obtenu en 2010, mais il a expiré", "CACES R489"),
    ("Tengo el certificado de manipulador, pero está caducado", "manipulador"),
    ("Tinha a licença de empilhador, mas já caducou", "empilhador"),
    ("Avevo l'attestato HACCP, ma ormai è scaduto", "HACCP"),
    ("Had een VCA-certificaat, maar het is inmiddels verlopen", "VCA"),
    ("Posiadałem uprawnienia UDT, ale niestety wygasły", "UDT"),
    ("Sprachzertifikat B2, aber schon lange her und nicht erneuert", "Sprachzertifikat B2"),
    # A licence ending a compound, or a course, is what lapses.
    ("Gabelstaplerschein 2012 gemacht, inzwischen abgelaufen", "Gabelstaplerschein"),
    ("Kranführerschein 2011 gemacht, inzwischen abgelaufen", "Kranführerschein"),
    ("Lasdiploma behaald in 2009, intussen verlopen", "Lasdiploma"),
    ("First aid course done in 2012, never renewed", "First aid"),
    ("Erste-Hilfe-Kurs 2014, nie aufgefrischt", "Erste-Hilfe-Kurs"),
    ("Formation SST en 2013, jamais recyclée", "SST"),
    ("Curso de soldadura TIG de 2011, nunca renovado", "soldadura TIG"),
    ("Formação em suporte básico de vida de 2012, nunca renovada", "suporte básico de vida"),
    ("EHBO-cursus in 2014, niet meer herhaald", "EHBO"),
    ("Szkolenie BHP z 2012, nie odnowione", "BHP"),
    # A list item's value that ends in the past.
    ("Italian: studied it years ago, can barely order a coffee now", "Italian"),
    ("Latein: hatte ich in der Schule, ewig her", "Latein"),
    ("Anglais : appris au lycée il y a longtemps", "Anglais"),
    ("Inglés: lo estudié hace mucho tiempo", "Inglés"),
    ("Alemão: aprendi na escola há muito tempo", "Alemão"),
    ("Tedesco: studiato a scuola tanti anni fa", "Tedesco"),
    ("Duits: ooit op school gehad, jaren geleden", "Duits"),
    ("Rosyjski: uczyłam się w liceum dawno temu", "Rosyjski"),
    # A remark after a spaced dash, not the line's last.
    ("Boat licence from 2005 - not sailed since, sadly", "Boat licence"),
    ("Segelschein von 2004 - seitdem nie wieder gesegelt, leider", "Segelschein"),
    ("Permis bateau (2006) - plus navigué depuis", "Permis bateau"),
    ("Patentino muletto (2009) - non lo uso più da allora", "Patentino muletto"),
]

WISHES = [
    ("Spanish course booked for March", "Spanish"),
    ("Kurs in Buchhaltung für Oktober gebucht", "Buchhaltung"),
    ("Formation Excel prévue au printemps", "Excel"),
    ("Curso de inglés previsto para otoño", "inglés"),
    ("Formação em Excel agendada para maio", "Excel"),
    ("Corso di inglese prenotato per ottobre", "inglese"),
    ("Training Scrum geboekt voor volgende maand", "Scrum"),
    ("Szkolenie z Excela zarezerwowane na maj", "Excela"),
    ("Mittelfristig will ich mich in SAP einarbeiten", "SAP"),
    ("Tenciona obter a certificação AWS", "AWS"),
    ("Ambiciono chegar a chefe de cozinha", "chefe de cozinha"),
    ("Interesują mnie projekty z zakresu UX", "UX"),
]

GUARDS = [
    # After "but", another licence with its own determiner or noun lapsed.
    ("Have a forklift licence, but the crane ticket expired", "forklift licence"),
    ("Habe den Staplerschein, aber mein Führerschein C ist abgelaufen", "Staplerschein"),
    ("Ho il patentino del muletto, ma la patente C è scaduta", "muletto"),
    ("Tenho a carta de empilhador, mas a de pesados caducou", "empilhador"),
    ("Heb mijn VCA, maar mijn rijbewijs C is verlopen", "VCA"),
    ("Mam uprawnienia UDT, ale prawo jazdy kategorii C wygasło", "UDT"),
    # After "but", a past with an object of its own: that object's, not the term's.
    ("Use Excel daily, but it was years ago that I last touched Access", "Excel"),
    ("Nutze Excel täglich, aber es ist lange her, dass ich Access hatte", "Excel"),
    ("Uso Excel a diario, pero ya no uso Access", "Excel"),
    ("Uso Excel todos os dias, mas já não uso o Access", "Excel"),
    ("Excel na co dzień, ale już nie Access", "Excel"),
    # Expired goods or invoices beside no licence.
    ("Haltbarkeitsdaten geprüft, abgelaufene Ware entsorgt", "Haltbarkeitsdaten"),
    ("Verlopen facturen opgevolgd in Exact", "Exact"),
    # Learned long ago, in use today; a value that does not end in the past.
    ("Excel: learned 15 years ago, still use it every day", "Excel"),
    ("Java: imparato anni fa, lo uso ancora ogni giorno", "Java"),
    ("SQL: lo aprendí hace años y lo uso a diario", "SQL"),
    ("Forklift licence (2019) - used daily since", "Forklift licence"),
    # Booking or scheduling done in a tool, a course finished.
    ("Booked freight in SAP TM every day", "SAP TM"),
    ("Dienstreisen über SAP Concur gebucht und abgerechnet", "SAP Concur"),
    ("Training sessions scheduled in Outlook for the whole team", "Outlook"),
    ("Completed an Excel course in 2021", "Excel"),
    ("Transformation SAP réservée aux équipes finance", "SAP"),
    ("Datenqualität im SAP: Information nicht mehr gültig markiert", "SAP"),
    # Registered with a board, or a machine programmed: neither is a booking.
    ("Completed a nursing course, registered with the NMC", "nursing"),
    ("Corso di infermieristica, iscritta all'albo OPI", "infermieristica"),
    ("Curso de Arduino con un robot programado en C", "Arduino"),
    ("Formation Siemens S7, automates programmés en Ladder", "Siemens S7"),
    # A plain past job line; a wish about another thing on the line.
    ("2018–2021: built React front ends for a bank", "React"),
    ("Docker 2016 gelernt und seitdem täglich im Einsatz", "Docker"),
    ("Java daily; planning to learn Kotlin next year", "Java"),
]


@pytest.mark.parametrize(("text", "term"), PAST)
def test_a_lapse_or_an_old_skill_read_through_the_structure_is_the_past(
    text: str, term: str
) -> None:
    assert profile_state(reading_of(text, term)) == "past"


@pytest.mark.parametrize(("text", "term"), WISHES)
def test_a_booked_course_or_an_intent_is_wished(text: str, term: str) -> None:
    assert profile_state(reading_of(text, term)) == "wished"


@pytest.mark.parametrize(("text", "term"), GUARDS)
def test_nearby_true_claims_stay_plain(text: str, term: str) -> None:
    assert profile_state(reading_of(text, term)) == "states"
