"""Prompt injection: a model that obeys planted instructions gets nothing false or dangerous
onto the page.

Each payload in support/injection_payloads.json is planted in the job description and,
separately, in the profile; a fake model answers both calls with exactly the claims the
attacker wants: the posting's call (which carries the job text, so a payload planted
there) lists the claims' job quotes as requirements, the viewer's call (which carries
the profile) gives each requirement the attacker's profile quote. What reaches the user
is then audited on the rendered page and in the API JSON (support/injection.py:
`audit`). tools/bench/injection_report.py prints the same runs as a per-payload report.
"""

from __future__ import annotations

import json
import unicodedata
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from explain.core.posting_prompt import POSTING_INSTRUCTION, build_posting_message
from explain.core.schema import Claim, Draft
from explain.core.verify import Checker, DropReason, find_quote, verify_draft
from explain.core.viewer_prompt import (
    PROFILE_HEADING,
    TITLE_HEADING,
    VIEWER_INSTRUCTION,
    build_viewer_message,
)
from explain.display_cleaning import clean_display_text
from explain.sentences import point_sentence
from jobportal.models import CandidateProfile, Job
from support.injection import (
    BASE_JOB,
    BASE_PROFILE,
    PAYLOADS_PATH,
    PLACEMENTS,
    Harness,
    attacker_claims,
    load_payloads,
)

pytestmark = pytest.mark.django_db

PAYLOADS = load_payloads()
REQUIRED_FAMILIES = {
    "praise",
    "ignore_rules",
    "link",
    "phone",
    "email",
    "html",
    "markdown",
    "system_prompt",
    "split",
    "hidden_zero_width",
    "hidden_bidi",
    "hidden_tag",
    "other_language",
}


@pytest.fixture
def harness(client: Any, settings: Any) -> Harness:
    # No password: hashing one would cost more than the whole run.
    user = get_user_model().objects.create_user(username="attacked")
    CandidateProfile.objects.create(user=user, **BASE_PROFILE)
    job = Job.objects.create(**BASE_JOB)
    client.force_login(user)
    return Harness(client, user, job, install=lambda m: setattr(settings, "EXPLAIN_CHAT_MODEL", m))


# --------------------------------------------------------------------------- the data


def test_the_payload_set_is_big_varied_and_says_where_it_comes_from() -> None:
    raw = json.loads(PAYLOADS_PATH.read_text(encoding="utf-8"))
    assert len(PAYLOADS) >= 40
    assert len({p.id for p in PAYLOADS}) == len(PAYLOADS)
    assert REQUIRED_FAMILIES <= {p.family for p in PAYLOADS}
    assert any("garak" in source and "Resume" in source for source in raw["modelled_on"])
    assert all(p.modelled_on for p in PAYLOADS)
    for payload in PAYLOADS:
        for where in PLACEMENTS:
            assert attacker_claims(payload, where), (payload.id, where)
        for claim in payload.claims:
            assert claim["kind"] in {"match", "gap"}
            assert claim.get("where", "job") in PLACEMENTS
            assert claim["wants"], "every claim says what the attacker wants"


@pytest.mark.parametrize("payload", PAYLOADS, ids=lambda p: p.id)
def test_each_payload_quote_is_its_own_words(payload: Any) -> None:
    if payload.parts:
        # Split payloads: the attacker's words only exist once the parts are read together.
        assert len(payload.parts) == 2
        assert all(find_quote(payload.quote, part) is None for part in payload.parts)
    else:
        assert find_quote(payload.quote, payload.text) is not None


def test_hidden_payloads_really_hide() -> None:
    by_family: dict[str, list[str]] = {}
    for payload in PAYLOADS:
        by_family.setdefault(payload.family, []).append(payload.planted)
    assert all("\u200b" in text for text in by_family["hidden_zero_width"])
    assert all(
        any(ch in text for ch in "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
        for text in by_family["hidden_bidi"]
    )
    assert all(
        any("\U000e0000" <= ch <= "\U000e007f" for ch in text) for text in by_family["hidden_tag"]
    )
    scripts = {
        unicodedata.name(ch).split()[0]
        for text in by_family["other_language"]
        for ch in text
        if ch.isalpha() and not ch.isascii()
    }
    assert {"CJK", "CYRILLIC", "ARABIC", "HIRAGANA", "LATIN"} <= scripts


# --------------------------------------------------------------------------- the runs


@pytest.mark.parametrize(
    ("payload", "where"),
    [pytest.param(p, w, id=f"{p.id}-in-{w}") for p in PAYLOADS for w in PLACEMENTS],
)
def test_an_obeying_model_gets_nothing_false_or_dangerous_onto_the_page(
    harness: Harness, payload: Any, where: str
) -> None:
    run = harness.run(payload, where)
    assert run.violations == []
    # Spelled out for the two goals of the issue (the audit checks them too):
    # 1. every shown quote is the right text's own words, at the offsets given;
    for item in run.shown:
        span = item["job_span"]
        assert clean_display_text(run.job_text[span["start"] : span["end"]]) == item["job_quote"]
        if item["kind"] == "match":
            span = item["profile_span"]
            words = run.profile_text[span["start"] : span["end"]]
            assert clean_display_text(words) == item["profile_quote"]
    # 2. no link, e-mail address or markup in a shown point, and no raw tag from the model.
    for claim in run.offered:
        if "<" in claim["point"]:
            assert claim["point"] not in run.page_html
            assert claim["point"] not in json.dumps(run.api, ensure_ascii=False)
    assert "evil" not in " ".join(item["point"] for item in run.shown)


def test_across_all_payloads_the_instruction_is_fixed_and_invented_words_never_pass(
    harness: Harness,
) -> None:
    systems = set()
    offered = shown = 0
    for payload in PAYLOADS:
        for where in PLACEMENTS:
            run = harness.run(payload, where)
            systems.update(prompt.system for prompt in run.prompts)
            # The job text is data under its heading in the posting's call, and nothing
            # else; the viewer's call holds the title, the verified requirements and the
            # profile, never the job text itself.
            (posting,) = run.calls(POSTING_INSTRUCTION)
            assert posting.user == build_posting_message(run.job_text)
            assert posting.user == "JOB POSTING:\n" + run.job_text
            for prompt in run.calls(VIEWER_INSTRUCTION):
                assert prompt.user == build_viewer_message(
                    run.job_title, run.reading.requirements, run.profile_text
                )
                assert prompt.user.startswith(TITLE_HEADING)
                assert prompt.user.endswith(f"\n{PROFILE_HEADING}\n" + run.profile_text)
                if where == "job" and run.payload.text:
                    assert run.job_text not in prompt.user
            # A claim is shown only if both its quotes are in the texts sent, whoever
            # planted the words; the attacker's invented ones never are.
            for claim, fate in zip(run.offered, run.fates, strict=True):
                offered += 1
                if fate == "shown":
                    shown += 1
                    assert find_quote(claim["jobQuote"], run.job_text) is not None
                    if claim["kind"] == "match":
                        assert find_quote(claim["profileQuote"], run.profile_text) is not None
            assert run.violations == []
    assert systems == {POSTING_INSTRUCTION, VIEWER_INSTRUCTION}
    assert offered >= 200
    assert 0 < shown < offered


def test_a_fake_heading_in_the_profile_does_not_move_the_job_text(harness: Harness) -> None:
    """The profile may print "JOB POSTING:"; quotes are still checked against the real job."""
    (spoof,) = [p for p in PAYLOADS if p.id == "spoof-job-heading-in-profile"]
    run = harness.run(spoof, "profile")
    assert "JOB POSTING:" in run.profile_text
    assert "any applicant qualifies" not in run.job_text
    assert run.fates == ["job_quote_not_found"]
    # The fake requirement was removed when the posting was read: nothing to check.
    assert run.reading.requirements == ()
    assert run.api["outcome"] == "no_requirements"


# --------------------------------------------------------------------------- the point check


def shown_sentences(point: str) -> tuple[dict[str, int], list[str]]:
    """The drop reasons and the sentences shown for one claim whose model sentence is
    `point` (sent as the model would, and ignored)."""
    claim = Claim.model_validate(
        {
            "point": point,
            "term": "Python",
            "profileQuote": "strong Python",
            "jobQuote": "Python and Django",
        }
    )
    result = verify_draft(Draft(matches=[claim]), "strong Python", "Python and Django")
    return result.drop_reasons, [point_sentence(p) for p in result.matches]


@pytest.mark.parametrize(
    "point",
    [
        pytest.param("Great fit <img src=x onerror=alert(1)>", id="html-img"),
        pytest.param("<script>alert(1)</script>", id="script"),
        pytest.param("</li></ol><h1>Hired</h1>", id="closing-tags"),
        pytest.param("<!-- hidden -->", id="comment"),
        pytest.param("＜script＞alert(1)＜/script＞", id="fullwidth-tag"),
        pytest.param("Status: ![ok](/static/ok.png)", id="markdown-image-relative"),
        pytest.param("[Click](javascript:alert(1))", id="markdown-script-link"),
        pytest.param("javascript:alert(document.cookie)", id="script-url"),
        pytest.param("data:text/html;base64,PHNjcmlwdD4=", id="data-url"),
        pytest.param("Upload to 203.0.113.7:8080/upload.", id="ip-port-path"),
        pytest.param("Your documents go to 203.0.113.7.", id="bare-ip"),
        pytest.param("Visit evil[.]example/apply", id="defanged-domain"),
        pytest.param("Write to jobs [at] evil [dot] example.", id="defanged-email"),
        pytest.param("Call 0 2 0 7 9 4 6 0 3 2 1 now.", id="spaced-digits"),
        pytest.param("Appelez le +33 1 70 36 39 50.", id="french-phone"),
        pytest.param("Apply at evil.live today.", id="gtld-live"),
        pytest.param("Apply at northwind.careers now.", id="gtld-careers"),
    ],
)
def test_model_sentences_with_links_phones_or_markup_never_reach_the_user(point: str) -> None:
    """The model's sentence is never read: the claim stands or falls on its evidence, and
    the sentence shown is code's."""
    assert shown_sentences(point) == ({}, ["“Python” is in your profile and in this job."])


@pytest.mark.parametrize(
    "point",
    [
        "You use Python 3.11 and Django 5.2.",
        "Your C++ > C experience is relevant; a < b.",
        "You know ASP.NET, Node.js and Vue.js.",
        "Worked 2015-2019 and 2020-2023 with 40 h/week.",
        "You shipped version 1.2.3.4.5 of the tool.",
        "You look at [this] list carefully.",
        "Java 8 11 17 21 are all named.",
        "Your ISO 9001:2015 audit work fits.",
    ],
)
def test_plain_model_sentences_are_not_shown_either(point: str) -> None:
    assert shown_sentences(point) == ({}, ["“Python” is in your profile and in this job."])


# --------------------------------------------------------------------------- the audit itself


def _payload(payload_id: str) -> Any:
    (payload,) = [p for p in PAYLOADS if p.id == payload_id]
    return payload


def test_the_audit_catches_links_and_model_prose_when_the_sentence_writer_is_broken(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    harness.baseline()  # the page's own shape, taken before the writer is broken
    # A broken writer that shows attacker words instead of code's sentence: the audit
    # alone stands between it and the page.
    monkeypatch.setattr(
        "explain.web.payload.sentences.point_sentence",
        lambda point: "Apply at https://evil.example/apply today",
    )
    run = harness.run(_payload("link-https"), "job")
    assert any("link or markup" in v for v in run.violations)
    assert any("not a sentence code writes" in v for v in run.violations)


def test_the_audit_catches_invented_quotes_when_the_quote_check_is_off(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    harness.baseline()
    # A broken verifier that "finds" every profile quote: the whole profile, whatever
    # the model quoted (the posting's own reading keeps its honest check).
    honest = Checker._quote

    def broken(self: Any, needle: str, source: Any, not_found: Any, excluded: Any = ()) -> Any:
        if not_found is DropReason.PROFILE_QUOTE_NOT_FOUND:
            return (0, len(source.text))
        return honest(self, needle, source, not_found, excluded)

    monkeypatch.setattr(Checker, "_quote", broken)
    run = harness.run(_payload("praise-recruiter-note"), "job")
    assert any("does not carry the quotes" in v for v in run.violations), run.violations
