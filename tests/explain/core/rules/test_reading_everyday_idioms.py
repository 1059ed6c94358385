"""Everyday senses, round 11, as classes in eight languages: a fixed phrase of the language
that holds the term ("piedra angular", "een breed scala aan", "sage und schreibe", "driving
revenue"); a season in an availability line or before a year after a preposition ("a partir
da primavera", "primavera de 2027"); a kitchen appliance named like software ("blender"
beside a juicer or a "krajalnica"); a department named in a contact line, past an article
and a unit word ("contactez le service comptabilité au ...", "kierować do działu kadr"); a
shop or landmark saying where the office is ("ligt boven de Albert Heijn"); the French noun
"vue" ("vue sur la mer", "point de vue"); the office's pet named after its noun ("Nuestra
mascota, Ruby").
Guards: the same words where they are the skill (Angular, Scala, Blender 3D, Primavera P6,
Vue.js, a driving licence, customer service or an HR department as experience)."""

from __future__ import annotations

import pytest

from tests.explain.core.rules.test_reading_everyday_names import everyday

EVERYDAY = [
    # A fixed phrase of the language holding the term.
    ("La puntualidad es la piedra angular de este puesto.", "angular"),
    ("A segurança é a pedra angular do nosso trabalho diário.", "angular"),
    ("Je krijgt een breed scala aan taken in de logistiek.", "scala"),
    ("Een scala van klanten in heel Brabant.", "scala"),
    ("Distribuzione su larga scala in tutto il Nord Italia.", "scala"),
    ("Sfruttiamo le economie di scala del gruppo.", "scala"),
    ("Any engineer worth their salt tests before shipping.", "salt"),
    ("Area sales role driving revenue across the region.", "driving"),
    ("Wir betreiben sage und schreibe 40 Filialen.", "Sage"),
    ("Remettre le chantier sur les rails après trois mois de retard.", "rails"),
    ("Notre brigade, la crème de la crème de la restauration.", "crème"),
    # A season in an availability line, or before a year after a preposition.
    ("Disponibilidade a partir da primavera.", "primavera"),
    ("Contrato com início previsto primavera de 2027.", "primavera"),
    ("Incorporación prevista para primavera de 2027.", "primavera"),
    ("Disponibile dalla primavera del 2027.", "primavera"),
    ("Graduating in the spring of 2027.", "spring"),
    ("Available to start from spring onwards.", "spring"),
    # A kitchen appliance named like software.
    ("Obsługa sprzętu: mikser, blender, czajnik.", "blender"),
    ("Bar prep: blender, juicer and coffee machine cleaning.", "blender"),
    ("Bedienung von Standmixer und Blender an der Saftbar.", "Blender"),
    ("Préparation des cocktails au blender et au mixeur.", "blender"),
    ("Keukenapparatuur zoals blender en staafmixer bedienen.", "blender"),
    ("Manejo de batidora, blender y tostadora.", "blender"),
    ("Uso di frullatore e blender per i centrifugati.", "blender"),
    ("Uso de liquidificador e blender no bar.", "blender"),
    # A department named in a contact line.
    ("Questions? Please contact the recruitment office on 020 7946 0000.", "recruitment"),
    ("Please contact the customer service desk at help@shop.example.", "customer service"),
    ("Bei Fragen wenden Sie sich an unseren Kundenservice unter 0800 123456.", "Kundenservice"),
    ("Pour toute question, contactez le service comptabilité au 01 23 45 67 89.", "comptabilité"),
    ("Para dudas, contacta con el departamento de RRHH en el 91 000 00 00.", "RRHH"),
    ("Dúvidas: ligue para o departamento de recursos humanos, 21 000 0000.", "recursos humanos"),
    ("Per informazioni rivolgersi all'ufficio contabilità, tel. 02 000000.", "contabilità"),
    ("Vragen? Bel de afdeling klantenservice op 030-1234567.", "klantenservice"),
    ("Pytania prosimy kierować do działu kadr: 22 000 00 00.", "kadr"),
    # A shop or landmark saying where the office is.
    ("Our office is located above the Tesco on the high street.", "Tesco"),
    ("Das Büro liegt direkt neben dem Aldi, Parkplätze vorhanden.", "Aldi"),
    ("Nos bureaux sont situés juste à côté du Carrefour.", "Carrefour"),
    ("La oficina está justo encima del Mercadona.", "Mercadona"),
    ("O escritório fica mesmo ao lado do Continente.", "Continente"),
    ("L'ufficio si trova proprio sopra l'Esselunga.", "Esselunga"),
    ("Ons kantoor ligt boven de Albert Heijn in het centrum.", "Albert Heijn"),
    ("Biuro mieści się tuż obok Biedronka Express.", "Biedronka"),
    # The French noun "vue" (a view), not Vue.js; the office's pet named after its noun.
    ("Bureaux avec vue sur la mer et parking.", "Vue"),
    ("Du point de vue du client, tout doit rester simple.", "Vue"),
    ("Nuestra mascota, Ruby, se pasea por la oficina.", "Ruby"),
    ("Our office dog, Ruby, will greet you at reception.", "Ruby"),
    ("Unser Bürohund Julia freut sich auf dich.", "Julia"),
    ("Il nostro cane Pascal dorme sotto la scrivania.", "Pascal"),
]

SKILL = [
    ("Frontend development in Angular and TypeScript.", "Angular"),
    ("Desarrollo frontend con Angular y RxJS.", "Angular"),
    ("Backend em Java e frontend em Angular, 4 anos.", "Angular"),
    ("Microservizi in Scala su Kubernetes.", "Scala"),
    ("Ervaring met Scala en Akka is een pré.", "Scala"),
    ("Scala ist unsere Hauptsprache im Backend.", "Scala"),
    ("3D modelling and animation in Blender and Maya.", "Blender"),
    ("Modelowanie 3D: Blender, ZBrush, Substance Painter.", "Blender"),
    ("Planificación de obra con Primavera P6.", "Primavera"),
    ("Experiência com Primavera P6 em projetos de construção.", "Primavera"),
    ("Pianificazione lavori con Primavera P6 e MS Project.", "Primavera"),
    ("Planning met Primavera P6 voor infraprojecten.", "Primavera"),
    ("Spring Boot and Spring Security in production.", "Spring"),
    ("Migrated services from Spring to Quarkus.", "Spring"),
    ("Full UK driving licence, clean record.", "driving"),
    ("HGV driving, ten years on international routes.", "driving"),
    ("Sage 50 Buchhaltung, 5 Jahre.", "Sage"),
    ("Web apps in Ruby on Rails since 2015.", "Rails"),
    # Customer service or a department as experience, not a contact line.
    ("Three years in customer service at a call centre.", "customer service"),
    ("Erfahrung im Kundenservice eines Versandhändlers.", "Kundenservice"),
    ("J'ai travaillé trois ans au service comptabilité d'un groupe industriel.", "comptabilité"),
    ("Experiencia en el departamento de RRHH de una multinacional.", "RRHH"),
    ("Experiência no departamento de recursos humanos de um banco.", "recursos humanos"),
    ("Esperienza nell'ufficio contabilità di uno studio associato.", "contabilità"),
    ("Ervaring op de afdeling klantenservice van een webshop.", "klantenservice"),
    ("5 lat doświadczenia w dziale obsługi klienta.", "obsługi klienta"),
    # Contact and location words that do not govern the term.
    ("Contact our team to learn about our Kubernetes platform.", "Kubernetes"),
    ("Naast de SAP implementatie begeleid je eindgebruikers.", "SAP"),
    ("Neben dem SAP Support betreust du Anwender.", "SAP"),
    ("Trabajarás junto al equipo de SAP en Madrid.", "SAP"),
    ("Développement front en Vue.js et Nuxt.", "Vue"),
    ("Vue 3, Pinia et TypeScript au quotidien.", "Vue"),
    ("Our dog-friendly office runs on Python.", "Python"),
]


@pytest.mark.parametrize(("text", "term"), EVERYDAY)
def test_idioms_seasons_appliances_and_contact_lines_are_everyday(text: str, term: str) -> None:
    assert everyday(text, term)


@pytest.mark.parametrize(("text", "term"), SKILL)
def test_the_skill_beside_those_words_stays_a_skill(text: str, term: str) -> None:
    assert not everyday(text, term)
