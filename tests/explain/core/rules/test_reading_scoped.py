"""The scoped cue reader: list-item tails, contractions, elision, pseudo-cues,
someone else's subject, the past, other roles, the company's trade, everyday senses of
short names, and properties: a cue in scope only ever weakens a claim."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explain.core.rules import reading
from explain.core.rules.reading import Reading, cues, parse_cues, read
from explain.core.schema import Claim, Draft
from explain.core.verify import normalize, verify_draft


def reading_of(text: str, term: str) -> Reading:
    folded = "\n".join(normalize(line) for line in text.split("\n"))
    found = re.search(rf"(?<!\w){re.escape(normalize(term))}(?!\w)", folded)
    assert found is not None, (text, term)
    return read(folded, found.span())


def profile_state(said: Reading) -> str:
    """What a profile quote says of its term, the first that holds in order of weight."""
    order = (
        (said.everyday, "everyday"), (said.negated, "absent"),
        (said.someone_else, "someone_else"), (said.wish, "wished"), (said.past, "past"),
    )  # fmt: skip
    return next((state for holds, state in order if holds), "states")


def job_state(asked: Reading) -> str:
    """What a job quote says of its term, the first that holds in order of weight."""
    order = (
        (asked.everyday, "everyday"), (asked.negated, "not_needed"),
        (asked.other_role, "other_role"), (asked.about_company, "about_company"),
        (asked.offer, "offered"), (asked.optional, "optional"),
    )  # fmt: skip
    return next((state for holds, state in order if holds), "required")


PROFILE = [
    # Absence after the term, in one list item.
    ("- Helm: nothing so far", "Helm", "absent"),
    ("Ansible – 0 yrs", "Ansible", "absent"),
    ("GraphQL (none)", "GraphQL", "absent"),
    ("Puppet 0/10", "Puppet", "absent"),
    ("Redis? nope", "Redis", "absent"),
    ("Vue: keine", "Vue", "absent"),
    ("Jest : jamais", "Jest", "absent"),
    ("Kotlin - nunca", "Kotlin", "absent"),
    ("Svelte: geen", "Svelte", "absent"),
    ("Svelte: brak", "Svelte", "absent"),
    # Not across list items, and a value that is not "none".
    ("Helm: none, Docker: 4 yrs", "Docker", "states"),
    ("Docker (no Kubernetes yet)", "Docker", "states"),
    ("Java: 0-2 years", "Java", "states"),
    ("SQL (no ORM)", "SQL", "states"),
    # Contractions and their typos.
    ("haven't shipped anything in Elm", "Elm", "absent"),
    ("I didnt use Sass much", "Sass", "absent"),
    # Pseudo-cues: look negative, negate nothing.
    ("Not afraid of legacy Perl", "Perl", "states"),
    ("no problem with night shifts on Oracle", "Oracle", "states"),
    ("Keine Scheu vor Excel-Makros", "Excel", "states"),
    ("nie boję się SQL", "SQL", "states"),
    # Someone else's, the past, a wish.
    ("My team lead owned the Azure setup", "Azure", "someone_else"),
    ("Our data team ran Snowflake", "Snowflake", "someone_else"),
    ("Led the team that moved us to Azure", "Azure", "states"),
    ("I managed the team's Jira boards", "Jira", "states"),
    ("Mijn collega's onderhielden Jenkins", "Jenkins", "someone_else"),
    ("used to write Perl scripts", "Perl", "past"),
    ("Fortran im Studium, vor Jahren", "Fortran", "past"),
    ("aiming to pick up Rust", "Rust", "wished"),
    # Elision read through.
    ("Je n'ai jamais utilisé Figma", "Figma", "absent"),
    ("Maîtrise d'Excel", "Excel", "states"),
    # Portuguese "no" is "in the".
    ("Gestão de backlog no Jira", "Jira", "states"),
    # A list item's value that opens with an adverb negation reads through what follows
    # it; a determiner ("no") only through a filler; an aside in brackets ends the item.
    ("Kubernetes? nunca mexi", "Kubernetes", "absent"),
    ("Kubernetes - leider nie genutzt", "Kubernetes", "absent"),
    ("Docker: nog nooit gebruikt", "Docker", "absent"),
    ("Excel : pas du tout mon truc", "Excel", "absent"),
    ("Kafka: no data loss in 3 years of ops", "Kafka", "states"),
    ("Python : pas mal d'expérience", "Python", "states"),
    ("Docker — none (we deployed on bare metal)", "Docker", "absent"),
    ("Rust: 0... maybe next year", "Rust", "absent"),
    # Passives and topicalised objects: someone else did it.
    ("Jenkins was maintained by the DevOps guys", "Jenkins", "someone_else"),
    ("Terraform lo llevaba el equipo de plataforma", "Terraform", "someone_else"),
    ("O meu colega tratava do Jenkins", "Jenkins", "someone_else"),
    ("Tableau dashboards were built by our BI team", "Tableau", "someone_else"),
    ("De dashboards in Tableau werden gemaakt door het BI-team", "Tableau", "someone_else"),
    ("Los dashboards de Tableau los hacía el equipo de BI", "Tableau", "someone_else"),
    ("Built internal Python tooling used by the whole team", "Python", "states"),
    ("Jenkins mis en place par moi pour l'équipe", "Jenkins", "states"),
    ("Terraform lo uso con el equipo a diario", "Terraform", "states"),
    # A skill grid's short answer with no separator, and where the next item begins.
    ("Docker yes / Kubernetes no", "Kubernetes", "absent"),
    ("Docker yes / Kubernetes no", "Docker", "states"),
    ("Java não, Kotlin sim", "Java", "absent"),
    ("AWS ja, Azure nein", "AWS", "states"),
    ("Spark not Hadoop", "Spark", "states"),
    # A restrictive particle starts a clause after a negated item.
    ("Kein Java, dafür Kotlin seit 2019", "Kotlin", "states"),
    ("Geen Java, wel Kotlin", "Kotlin", "states"),
    ("Nie Java, tylko Kotlin", "Kotlin", "states"),
    # No longer, or long ago.
    ("Delphi zuletzt 2010 genutzt", "Delphi", "past"),
    ("Perl lors de mon premier poste", "Perl", "past"),
    # A desire to learn is a wish; helping others learn is not.
    ("Tengo ganas de aprender Azure", "Azure", "wished"),
    ("Helped the team learn Terraform", "Terraform", "states"),
]

JOB = [
    ("Kafka: nice to have", "Kafka", "optional"),
    ("Valoramos experiencia con Terraform", "Terraform", "optional"),
    ("Znajomość Dockera mile widziana", "Dockera", "optional"),
    ("Ervaring met Azure is een pré", "Azure", "optional"),
    ("Prior SAP knowledge? Not needed.", "SAP", "not_needed"),
    ("zero Java knowledge required", "Java", "not_needed"),
    ("Kennis van SAP is niet vereist", "SAP", "not_needed"),
    ("Java developers wanted, Kotlin not needed", "Java", "required"),
    ("Docker, Helm are not required", "Docker", "not_needed"),
    ("Without Selenium experience please don't apply", "Selenium", "required"),
    ("Ohne Git-Kenntnisse geht es bei uns nicht", "Git", "required"),
    ("Zero downtime upgrades of our Kafka clusters", "Kafka", "required"),
    ("Wij leiden je op in Exact Online", "Exact Online", "offered"),
    ("DATEV bringen wir dir bei", "DATEV", "offered"),
    ("We are also hiring a QA engineer with Selenium", "Selenium", "other_role"),
    ("Our customers run SAP", "SAP", "about_company"),
    ("Build APIs for our clients in Java", "Java", "required"),
    ("Our team uses Kubernetes daily", "Kubernetes", "required"),
    # "ni lo intentes" after a "sin" is the second negation of a requirement, not "nor".
    ("Sin Python, ni lo intentes", "Python", "required"),
    ("Ohne Python geht hier nichts", "Python", "required"),
    ("Inglés no excluyente", "Inglés", "not_needed"),
]

EVERYDAY = [
    ("Führerschein Klasse C", "C", True),
    ("Driving licence B, C", "C", True),
    ("Start date: spring 2026", "spring", True),
    ("You will report to Ruby", "Ruby", True),
    ("Go beyond the brief", "Go", True),
    ("Swift turnaround on tickets", "Swift", True),
    ("Care for ball pythons", "pythons", True),
    ("Native apps in Swift and SwiftUI", "Swift", False),
    ("Spring Boot and Spring Data", "Spring", False),
    ("Backend services in Go", "Go", False),
    ("no licence required, Go experience", "Go", False),
    ("C and C++ for embedded", "C", False),
    # A heading names a contact; a phrase holds the word itself; a street.
    ("Ansprechpartnerin: Ruby Schmidt", "Ruby", True),
    ("Head Chef for a 60-cover bistro", "Chef", True),
    ("Poste de chef de projet", "chef", True),
    ("Office on Spring Street", "Spring", True),
    ("Config management with Chef and Ansible", "Chef", False),
    ("MS Office (Word, Excel) daily", "Office", False),
]


@pytest.mark.parametrize(("text", "term", "state"), PROFILE)
def test_profile_readings(text: str, term: str, state: str) -> None:
    assert profile_state(reading_of(text, term)) == state


@pytest.mark.parametrize(("text", "term", "state"), JOB)
def test_job_readings(text: str, term: str, state: str) -> None:
    assert job_state(reading_of(text, term)) == state


@pytest.mark.parametrize(("text", "term", "everyday"), EVERYDAY)
def test_everyday_names_in_context(text: str, term: str, everyday: bool) -> None:
    assert reading_of(text, term).everyday is everyday


def test_everyday_senses_apply_only_to_short_or_everyday_names() -> None:
    assert not reading_of("You will report to Kubernetes admins", "Kubernetes").everyday
    assert reading_of("You will report to Ruby", "Ruby").everyday


def test_every_language_has_its_own_file_and_the_main_kinds() -> None:
    table = cues()
    for lang in ("en", "de", "fr", "es", "pt", "it", "nl", "pl"):
        kinds = {cue.kind for cue in table if cue.lang == lang}
        assert {"negation", "wish", "offer", "optional", "neutral", "someone_else"} <= kinds
        assert {"past", "other_role", "about_company", "everyday", "absent"} <= kinds
    assert (reading.CUES_PATH / "nl.tsv").is_file()


def test_word_class_rows_are_read_apart_from_the_cues() -> None:
    assert parse_cues(["pl\tperson\tword\tzespół"]) == ()
    assert "zespół" in reading.word_class("person")
    assert "but" in reading.word_class("connector")
    assert not any(cue.where == "word" for cue in cues())
    with pytest.raises(ValueError):
        parse_cues(["pl\tperson\tbefore\tzespół"])


def test_a_new_kind_row_parses() -> None:
    (cue,) = parse_cues(["nl\tsomeone_else\tbefore\tmijn baas"])
    assert cue.words == ("mijn", "baas")
    with pytest.raises(ValueError):
        parse_cues(["nl\tdislike\tbefore\thaat"])


# --------------------------------------------------------------------------- gaps


def _gap(profile: str, job: str, term: str, quote: str):  # type: ignore[no-untyped-def]
    draft = Draft(matches=[], gaps=[Claim(term=term, profile_quote="", job_quote=quote)])
    return verify_draft(draft, profile, job)


def test_a_negated_profile_mention_does_not_contradict_a_gap_and_is_carried() -> None:
    profile = "Skills: Docker, Linux (no Kubernetes yet)"
    result = _gap(profile, "Must have: Kubernetes in production", "Kubernetes", "Kubernetes")
    (gap,) = result.gaps
    assert "no Kubernetes yet" in gap.profile_said
    assert gap.profile_said_span is not None
    assert profile[slice(*gap.profile_said_span)] == gap.profile_said


def test_the_carried_words_stay_inside_their_field_without_its_label() -> None:
    profile = "Headline: Backend developer\nSkills: Docker, Linux, no Kubernetes yet"
    skills = profile.index("Docker")
    draft = Draft(
        matches=[],
        gaps=[Claim(term="Kubernetes", profile_quote="", job_quote="Kubernetes")],
    )
    result = verify_draft(
        draft,
        profile,
        "Must have: Kubernetes",
        profile_fields=[(10, profile.index("\n")), (skills, len(profile))],
    )
    (gap,) = result.gaps
    assert gap.profile_said == "Docker, Linux, no Kubernetes yet"
    assert gap.profile_said_span == (skills, len(profile))


def test_a_plain_profile_mention_still_contradicts_a_gap() -> None:
    result = _gap("Skills: Docker, Kubernetes", "Must have: Kubernetes", "Kubernetes", "Kubernetes")
    assert result.drop_reasons == {"gap_contradicted": 1}


def test_a_wished_mention_does_not_contradict_a_gap() -> None:
    result = _gap("I want to learn Kubernetes", "Must have: Kubernetes", "Kubernetes", "Kubernetes")
    assert result.gaps and result.gaps[0].profile_said == "I want to learn Kubernetes"


# --------------------------------------------------------------------------- properties

CUE_PHRASES = {
    "negation": ["no", "not", "never", "keine", "pas de", "sin", "sem", "geen", "brak", "nie"],
    "wish": ["want to learn", "möchte lernen", "j'aimerais apprendre", "quiero aprender"],
    "offer": ["we offer", "wir bieten", "te formamos en", "nauczymy cię"],
    "optional": ["nice to have", "von Vorteil", "un plus", "mile widziane"],
    "past": ["used to", "früher", "autrefois", "vroeger"],
}
FILLER = ["experience", "with", "solid", "daily", "and", "in", "our", "production", "the"]
TERMS = ["Kubernetes", "Terraform", "PostgreSQL", "Salesforce", "Ansible"]

words = st.lists(st.sampled_from(FILLER), max_size=3).map(" ".join)


@settings(max_examples=300, deadline=None)
@given(
    kind=st.sampled_from(sorted(CUE_PHRASES)),
    data=st.data(),
    term=st.sampled_from(TERMS),
    left=words,
    right=words,
)
def test_a_cue_in_scope_only_ever_weakens(
    kind: str, data: st.DataObject, term: str, left: str, right: str
) -> None:
    """Adding a cue before a term never makes a weakened reading plain: the reading with
    the cue is at least as weak, field by field, as the one without."""
    cue = data.draw(st.sampled_from(CUE_PHRASES[kind]))
    plain_text = f"{left} {term} {right}".strip()
    cued_text = f"{cue} {plain_text}"
    plain = reading_of(plain_text, term)
    cued = reading_of(cued_text, term)
    assert plain == Reading()
    # The cue weakens the claim on the side it is read on; nothing reads stronger.
    assert cued != Reading()
    assert profile_state(cued) != "states" or job_state(cued) != "required"


@settings(max_examples=300, deadline=None)
@given(
    term=st.sampled_from(TERMS),
    before=st.sampled_from(["", "Skills:", "- ", "Must have:"]),
    tail=st.sampled_from(["", ": none", " (0 yrs)", ": nice to have", ", Docker", " daily"]),
    left=words,
)
def test_verifying_with_a_cue_never_keeps_what_plain_text_drops(
    term: str, before: str, tail: str, left: str
) -> None:
    """A claim dropped on plain words stays dropped when a cue is added before the term:
    the cue can only take claims away (a Hypothesis property over the whole verifier)."""
    job = f"Must have: {term} experience"
    plain_profile = f"{before} {left} {term}{tail}".strip()
    cued_profile = f"{before} never used {left} {term}{tail}".strip()
    for profile in (plain_profile, cued_profile):
        assert term in profile
    claim = Claim(term=term, profile_quote=term, job_quote=f"{term} experience")
    plain = verify_draft(Draft(matches=[claim], gaps=[]), plain_profile, job)
    cued = verify_draft(Draft(matches=[claim], gaps=[]), cued_profile, job)
    assert len(cued.matches) <= len(plain.matches)


@pytest.mark.parametrize(
    ("text", "term", "state"),
    [
        ("zero Java knowledge required", "Java", "not_needed"),
        ("Zero trust networking on Kubernetes", "Kubernetes", "required"),
        ("zero downtime releases with Helm", "Helm", "required"),
    ],
)
def test_zero_negates_only_the_word_after_it(text: str, term: str, state: str) -> None:
    assert job_state(reading_of(text, term)) == state


# --------------------------------------------------------------------------- the model's reading

PROFILES = [
    "Skills: Kubernetes, Terraform (3 yrs)",
    "Kubernetes: none yet",
    "I want to learn Terraform",
    "My manager ran Kubernetes",
]
JOBS = [
    "Must have: Kubernetes and Terraform",
    "Terraform is a plus",
    "We train you in Kubernetes",
    "Kubernetes not required",
]
READINGS = st.one_of(
    st.sampled_from(
        [
            "",
            "states",
            "absent",
            "wished",
            "someone_else",
            "past",
            "required",
            "optional",
            "not_needed",
            "offered",
            "other_role",
            "about_company",
            "Required",
            "not needed",
        ]
    ),
    st.text(max_size=12),
)


@settings(max_examples=300, deadline=None)
@given(
    profile=st.sampled_from(PROFILES),
    job=st.sampled_from(JOBS),
    term=st.sampled_from(["Kubernetes", "Terraform"]),
    profile_reading=READINGS,
    job_reading=READINGS,
)
def test_the_models_reading_never_strengthens(
    profile: str, job: str, term: str, profile_reading: str, job_reading: str
) -> None:
    """Whatever the model says a quote means, a claim is kept only if it is kept without
    that reading, and an optional one stays optional."""
    plain_match = Claim(term=term, profile_quote=term, job_quote=term)
    read_match = plain_match.model_copy(
        update={"profile_reading": profile_reading, "job_reading": job_reading}
    )
    plain_gap = Claim(term=term, profile_quote="", job_quote=term)
    read_gap = plain_gap.model_copy(update={"job_reading": job_reading})
    for kind, plain, with_reading in (
        ("matches", plain_match, read_match),
        ("gaps", plain_gap, read_gap),
    ):
        empty: dict[str, list[Claim]] = {"matches": [], "gaps": []}
        before = verify_draft(Draft(**{**empty, kind: [plain]}), profile, job)
        after = verify_draft(Draft(**{**empty, kind: [with_reading]}), profile, job)
        kept_before = before.matches + before.gaps
        kept_after = after.matches + after.gaps
        assert len(kept_after) <= len(kept_before)
        if kept_after:
            assert kept_after[0].optional >= kept_before[0].optional


def test_the_models_reading_weakens_a_plain_claim() -> None:
    profile, job = "Skills: Kubernetes", "Must have: Kubernetes"
    claim = Claim(term="Kubernetes", profile_quote="Kubernetes", job_quote="Kubernetes")

    def verify(**reading: str):  # type: ignore[no-untyped-def]
        return verify_draft(Draft(matches=[claim.model_copy(update=reading)]), profile, job)

    assert verify().matches
    assert verify(profile_reading="someone_else").drop_reasons == {"profile_someone_else": 1}
    assert verify(profile_reading="past").drop_reasons == {"profile_past": 1}
    assert verify(profile_reading="absent").drop_reasons == {"quote_negated": 1}
    assert verify(profile_reading="wished").drop_reasons == {"profile_wish": 1}
    assert verify(job_reading="offered").drop_reasons == {"job_offer": 1}
    assert verify(job_reading="other_role").drop_reasons == {"job_other_role": 1}
    assert verify(job_reading="about company").drop_reasons == {"job_about_company": 1}
    assert verify(job_reading="not_needed").drop_reasons == {"quote_negated": 1}
    assert verify(job_reading="optional").matches[0].optional
    assert not verify(job_reading="required").matches[0].optional


@pytest.mark.parametrize("text", [": AWS (5 AWS", "Tools\n: AWS (5 AWS"])
def test_a_heading_with_no_words_reads_as_no_heading(text: str) -> None:
    """A colon alone before the term is a heading of no words: nothing governs the term
    (Hypothesis found it raising IndexError through the local matcher)."""
    start = text.rindex("AWS")
    assert reading.read(text, (start, start + 3)) == reading.Reading()
