"""explain.sentences: every sentence a user reads is a fixed template, filled only with
the point's term, its profile form and the amounts read from the quotes."""

from __future__ import annotations

import json

import pytest
from django.template.loader import render_to_string
from django.utils import translation
from hypothesis import given, settings
from hypothesis import strategies as st

from explain import sentences
from explain.core.schema import Draft
from explain.core.texts import SourceText
from explain.core.verify import VerifiedPoint, verify_draft
from explain.outcomes import Outcome
from explain.services.explanations import Explanation
from explain.web.payload import explanation_payload, point_payload

LANGUAGES = ("en", "de")


def point(kind: str = "match", term: str = "Java", **more: object) -> VerifiedPoint:
    extra: dict[str, object] = {"profile_quote": term, "profile_span": (0, 4)}
    if kind == "gap":
        extra = {}
    return VerifiedPoint(
        kind=kind,
        term=term,
        term_span=(0, 4),
        job_quote=term,
        job_span=(0, 4),
        **(extra | more),  # type: ignore[arg-type]
    )


def shown(text: str) -> str:
    return sentences._shown(text)


def filled_templates(p: VerifiedPoint) -> set[str]:
    """Every template, filled with nothing but the point's own (display-cleaned) words."""
    fill = {"term": shown(p.term), "profile_term": shown(p.profile_term)}
    return {str(template) % fill for template in sentences.POINT_TEMPLATES}


# ------------------------------------------------------------------ the templates


def test_a_match_says_where_the_words_are():
    assert sentences.point_sentence(point()) == "“Java” is in your profile and in this job."


def test_a_match_the_profile_writes_another_way_names_both_forms():
    p = point(term="PostgreSQL", profile_term="Postgres")
    assert sentences.point_sentence(p) == "“Postgres” in your profile; “PostgreSQL” in this job."


def test_the_same_form_in_other_case_is_not_another_form():
    p = point(term="Java", profile_term="JAVA")
    assert sentences.point_sentence(p) == "“Java” is in your profile and in this job."


@pytest.mark.parametrize(
    ("p", "sentence"),
    [
        (point(optional=True), "“Java” is in your profile; this job lists it as optional."),
        (
            point(term="PostgreSQL", profile_term="Postgres", optional=True),
            "“Postgres” in your profile; this job lists “PostgreSQL” as optional.",
        ),
        (point("gap", "AWS"), "This job asks for “AWS”; it was not found in your profile."),
        (
            point("gap", "AWS", optional=True),
            "This job lists “AWS” as optional; it was not found in your profile.",
        ),
    ],
)
def test_optional_and_gap_templates(p, sentence):
    assert sentences.point_sentence(p) == sentence


def test_a_gap_never_names_a_profile_form():
    p = point("gap", "AWS", profile_term="Amazon")
    assert (
        sentences.point_sentence(p) == "This job asks for “AWS”; it was not found in your profile."
    )


def test_the_amounts_line_needs_both_amounts_and_never_compares_them():
    both = point(profile_amount="3 years", job_amount="5+ years")
    assert sentences.amounts_line(both) == "Your profile: 3 years · This job: 5+ years"
    assert sentences.amounts_line(point(job_amount="5+ years")) is None
    assert sentences.amounts_line(point(profile_amount="C1")) is None
    assert sentences.amounts_line(point(profile_amount=" \u202e", job_amount="C1")) is None


def test_german_sentences():
    with translation.override("de"):
        assert (
            sentences.point_sentence(point())
            == "„Java“ steht in Ihrem Profil und in dieser Stelle."
        )
        assert sentences.point_sentence(point(term="PostgreSQL", profile_term="Postgres")) == (
            "„Postgres“ in Ihrem Profil; „PostgreSQL“ in dieser Stelle."
        )
        assert sentences.point_sentence(point(optional=True)) == (
            "„Java“ steht in Ihrem Profil; diese Stelle nennt es als optional."
        )
        assert sentences.point_sentence(point("gap", "AWS")) == (
            "Diese Stelle verlangt „AWS“; in Ihrem Profil wurde es nicht gefunden."
        )
        assert sentences.point_sentence(point("gap", "AWS", optional=True)) == (
            "Diese Stelle nennt „AWS“ als optional; in Ihrem Profil wurde es nicht gefunden."
        )
        assert sentences.amounts_line(point(profile_amount="B1", job_amount="C1")) == (
            "Ihr Profil: B1 · Diese Stelle: C1"
        )
        assert sentences.written_by_site() == (
            "Diese Zeilen schreibt diese Website aus den zitierten Worten, nicht die KI."
        )


def test_the_panel_line():
    assert sentences.written_by_site() == (
        "These lines are written by this site from the quoted words, not by the AI."
    )


# ------------------------------------------------------------------ properties

words = st.text(min_size=1, max_size=60)
maybe = st.one_of(st.just(""), st.text(max_size=30))


@settings(max_examples=300, deadline=None)
@given(
    kind=st.sampled_from(["match", "gap"]),
    term=words,
    profile_term=maybe,
    optional=st.booleans(),
    job_amount=maybe,
    profile_amount=maybe,
    language=st.sampled_from(LANGUAGES),
)
def test_every_sentence_is_a_template_filled_with_the_points_words_only(
    kind, term, profile_term, optional, job_amount, profile_amount, language
):
    p = point(
        kind,
        term,
        profile_term=profile_term,
        optional=optional,
        job_amount=job_amount,
        profile_amount=profile_amount,
    )
    with translation.override(language):
        assert sentences.point_sentence(p) in filled_templates(p)
        line = sentences.amounts_line(p)
        if shown(job_amount) and shown(profile_amount):
            assert line == str(sentences.AMOUNTS) % {
                "profile_amount": shown(profile_amount),
                "job_amount": shown(job_amount),
            }
        else:
            assert line is None


def _texts() -> tuple[SourceText, SourceText]:
    from explain.adapter import Field

    profile = SourceText.compose([Field("skills", "Skills", "Java (3 years), SQL")], max_chars=800)
    job = SourceText.compose(
        [Field("description", "Description", "Build Java APIs and deploy services on AWS.")],
        max_chars=800,
    )
    return profile, job


# A marker no template, text or term holds, so finding it means model prose got through.
MARK = "QZXW"


@settings(max_examples=150, deadline=None)
@given(prose=st.text(min_size=1, max_size=80), language=st.sampled_from(LANGUAGES))
def test_a_draft_carrying_point_text_never_shows_it(prose, language):
    written = MARK + prose
    profile, job = _texts()
    draft = Draft.model_validate_json(
        json.dumps(
            {
                "matches": [
                    {
                        "point": written,
                        "term": "Java",
                        "profileQuote": "Java (3 years)",
                        "jobQuote": "Build Java APIs",
                    }
                ],
                "gaps": [{"point": written, "term": "AWS", "jobQuote": "deploy services on AWS"}],
            }
        )
    )
    verification = verify_draft(draft, profile.text, job.text)
    explanation = Explanation(Outcome.OK, "7", verification=verification, profile=profile, job=job)
    with translation.override(language):
        payload = explanation_payload(explanation)
        lines = [
            point_payload(explanation, p, i, p.kind) for i, p in enumerate(verification.matches)
        ]
        page = render_to_string("explain/result.html", {"explanation": payload})
        kept = {p.kind: p for p in verification.matches + verification.gaps}
        for shown_point in payload["matches"] + payload["gaps"]:
            assert shown_point["point"] in filled_templates(kept[shown_point["kind"]])
    everything = json.dumps([payload, lines], ensure_ascii=False) + page
    assert MARK not in everything
    assert payload["matches"] and payload["gaps"]
