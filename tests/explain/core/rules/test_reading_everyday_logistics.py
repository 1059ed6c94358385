"""Everyday senses of a posting's logistics, names and amenities, as classes in eight
languages: how to apply (a CV sent as a file format, "CV in Word or PDF"; an interview held
over a video tool, "Colloqui su Teams"); a term inside the name of an institution or place
("Post Office", "Office Park", "Caixa Geral", "Lycée Blaise Pascal", "Teatro alla Scala");
an ordinary word of the language (a lean team, "rust en regelmaat", a kitchen or a till as an
amenity or a staff discount, a right to a benefit, the opera, mouthwash, the sky, a wrench).
Guards: the same words where they are the skill ("Word skills", "Teams administration",
"Lean process improvement", "caixa" as the till, "Derecho mercantil", "Opera PMS")."""

from __future__ import annotations

import pytest

from tests.explain.core.rules.test_reading_everyday_names import everyday

EVERYDAY = [
    # How to apply: the CV's file format.
    ("Please send your CV in Word or PDF to the address below.", "Word"),
    ("Bewerbungsunterlagen bitte als PDF oder Word an uns.", "Word"),
    ("Envoyez votre CV en Word ou PDF à notre équipe RH.", "Word"),
    ("Adjunta tu currículum en Word o en PDF.", "Word"),
    ("Envie seu currículo em Word ou PDF para o e-mail da vaga.", "Word"),
    ("Inviare il curriculum in formato Word o PDF.", "Word"),
    ("Stuur je cv als Word of PDF naar ons.", "Word"),
    ("CV w formacie Word lub PDF prosimy przesyłać mailem.", "Word"),
    # How to apply: the interview's video tool.
    ("Shortlisted candidates will be invited to interviews held via Teams.", "Teams"),
    ("Das Vorstellungsgespräch findet per Teams statt.", "Teams"),
    ("Premier entretien par Zoom, le second sur site.", "Zoom"),
    ("Entrevista por Zoom y después presencial.", "Zoom"),
    ("Entrevistas pelo Teams, em duas etapas.", "Teams"),
    ("Primo colloquio online su Zoom.", "Zoom"),
    ("Kennismakingsgesprek via Zoom.", "Zoom"),
    ("Rozmowa rekrutacyjna przez Zoom, potem spotkanie w biurze.", "Zoom"),
    # A name of an institution or a place.
    ("Summer job at the Post Office in Leeds.", "Office"),
    ("Based at Riverside Office Park, free parking.", "Office"),
    ("Accueil à l'Office du tourisme d'Annecy.", "Office"),
    ("Lycée Blaise Pascal, baccalauréat S 2012.", "Pascal"),
    ("Diplomato al liceo Pascal di Torino.", "Pascal"),
    ("Estágio na Caixa Geral de Depósitos, Lisboa.", "Caixa"),
    ("Prácticas en Caja Rural de Navarra.", "Caja"),
    ("Tirocinio presso la Cassa di Risparmio di Firenze.", "Cassa"),
    ("Stage à la Caisse d'Épargne de Lyon.", "Caisse"),
    ("Comparsa al Teatro alla Scala di Milano.", "Scala"),
    ("Saisonjob im Europa-Park Rust, Kasse und Service.", "Rust"),
    # An ordinary word of the language.
    ("We are a lean team of five, so expect variety.", "Lean"),
    ("Empresa com estrutura lean e pouca hierarquia.", "lean"),
    ("Rust en regelmaat in een vast team.", "Rust"),
    ("Cucina attrezzata e zona relax per i dipendenti.", "Cucina"),
    ("Voll ausgestattete Küche und Dachterrasse.", "Küche"),
    ("Personeelskorting van 10% aan de kassa.", "kassa"),
    ("Kasa zapomogowa dla pracowników.", "Kasa"),
    ("Derecho a teletrabajo dos días por semana.", "Derecho"),
    ("Diritto allo smart working due giorni.", "Diritto"),
    ("Prawo jazdy kategorii B.", "Prawo"),
    ("Bureaux à ciel ouvert au cœur de la ville.", "ciel"),
    ("Hobbies: opera and ballet.", "opera"),
    ("Uso de elixir bucal após as refeições.", "elixir"),
    ("Outillage : clé anglaise, tournevis, perceuse.", "anglaise"),
]

SKILL = [
    ("Advanced Word skills: mail merge, styles, long documents.", "Word"),
    ("You will administer Teams and SharePoint for 400 users.", "Teams"),
    ("Converted 300 scanned contracts from PDF to Word for the legal team.", "Word"),
    ("Administration von Teams und Exchange Online.", "Teams"),
    ("Office 365 administration and licensing.", "Office"),
    ("Wrote inventory tools in Pascal and Delphi.", "Pascal"),
    ("Operadora de caixa em supermercado, fechamento de caixa.", "caixa"),
    ("Cajera: manejo de caja y cobro con tarjeta.", "caja"),
    ("Tenue de caisse et accueil clients.", "caisse"),
    ("Werken achter de kassa en vakken vullen.", "kassa"),
    ("Microservizi in Scala e Akka.", "Scala"),
    ("Du entwickelst Firmware in Rust und C.", "Rust"),
    ("Lean management and Six Sigma tools.", "Lean"),
    ("Lean process improvement on the shop floor.", "Lean"),
    ("Lean delivery and value-stream mapping.", "Lean"),
    ("Experiência com metodologia lean e kaizen.", "lean"),
    ("Backend-services in Rust en Go.", "Rust"),
    ("Cucina tradizionale toscana, 6 anni in trattoria.", "Cucina"),
    ("Gelernter Koch, 5 Jahre in der Küche eines Sternerestaurants.", "Küche"),
    ("Kitchen porter: kitchen cleaning, dishwashing, deliveries.", "kitchen"),
    ("Licenciado en Derecho, especialidad laboral.", "Derecho"),
    ("Prawo podatkowe i prawo pracy w praktyce.", "Prawo"),
    ("Saisie comptable sous Ciel Compta.", "Ciel"),
    ("Obsługa systemu Opera PMS w recepcji hotelu.", "Opera"),
    ("Desenvolvimento backend em Elixir e Phoenix.", "Elixir"),
    ("Dominio de la lengua inglesa (C1).", "inglesa"),
]


@pytest.mark.parametrize(("text", "term"), EVERYDAY)
def test_logistics_names_and_amenities_are_everyday_senses(text: str, term: str) -> None:
    assert everyday(text, term)


@pytest.mark.parametrize(("text", "term"), SKILL)
def test_the_skill_beside_those_words_stays_a_skill(text: str, term: str) -> None:
    assert not everyday(text, term)
