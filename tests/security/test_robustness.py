"""Robustness: random drafts and random Unicode texts through the real views.

Hypothesis writes the profile, the job posting and the model's answer (both calls answered
from it: the posting's requirements, the viewer's evidence); the page and the API are
requested. Never a 500, always exactly one log row per request (and one per reading of
the posting), and every quote shown is the right text's own words, found by the rule. A
maximum-size text full of combining marks and long-expanding characters still verifies,
and the caps hold after normalisation (the timing is printed by
tools/bench/injection_report.py, not asserted here).
"""

from __future__ import annotations

import json
import unicodedata
from typing import Any
from urllib.parse import quote

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from explain.core.posting_prompt import POSTING_INSTRUCTION, build_posting_message
from explain.core.verify import find_quote, normalize
from explain.display_cleaning import clean_display_text
from explain.models import ExplanationLog, PostingReading
from jobportal.models import CandidateProfile, Job
from support.injection import ObeyingModel, clear_caches, hostile_text, sent_texts

pytestmark = pytest.mark.django_db

# Characters that stress normalisation, word edges, display and the scrubber.
TRICKY = [
    "\ufdfa",  # one character, 18 after NFKC (four words)
    "\ufdfb",  # 8 after NFKC
    "\u0390",  # three code points after NFD, one after NFC
    "\u1e9e",  # capital sharp s
    "\u0130",  # Turkish dotted capital I
    "e\u0301\u0302\u0303",
    "\u0301",  # a mark with nothing before it
    "\ufb03",  # ffi ligature
    "\u3392",  # a squared unit
    "\u200b",
    "\u200d",
    "\u00ad",
    "\ufeff",
    "\u202e",
    "\u2067",
    "\U000e0041",
    "\u0430",  # Cyrillic a
    "\u6771\u4eac",
    "\ud55c\uad6d\uc5b4",
    "\u1100\u1161",  # Hangul jamo
    "\u3000",
    "\r\n",
    "\t",
    "<script>",
    "&amp;",
    '"',
    "https://evil.example/x",
    "a@b.example",
    "+44 20 7946 0000",
    "Java",
    "Kubernetes",
    "C++",
    "ASP.NET",
    "\U0001f600",
]
# Database text fields cannot hold NUL on PostgreSQL, and no form lets one in.
db_text = st.one_of(
    st.text(st.characters(exclude_categories=("Cs",), exclude_characters="\x00"), max_size=120),
    st.lists(st.sampled_from(TRICKY), max_size=25).map(" ".join),
    st.lists(st.sampled_from(TRICKY), max_size=25).map("".join),
)
any_text = st.one_of(st.text(max_size=80), st.sampled_from(TRICKY), st.just(""))

FAST = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@pytest.fixture
def world(client: Any, settings: Any) -> tuple[Any, Any, Job]:
    user = get_user_model().objects.create_user(username="fuzz")
    CandidateProfile.objects.create(user=user, skills="Java")
    job = Job.objects.create(title="Java Engineer", company="N", description="Java")
    client.force_login(user)
    return client, user, job


def _quote_from(data: Any, text: str) -> str:
    """Whole words of the text (often a fair quote), any slice of it, random text, or nothing."""
    how = data.draw(st.sampled_from(["words", "words", "slice", "random"])) if text else "random"
    if how == "words":
        words = text.split(" ")
        start = data.draw(st.integers(0, len(words) - 1))
        return " ".join(words[start : start + data.draw(st.integers(1, 6))])
    if how == "slice":
        start = data.draw(st.integers(0, len(text) - 1))
        end = data.draw(st.integers(start + 1, min(len(text), start + 90)))
        return text[start:end]
    return data.draw(any_text)


def _claim(data: Any, profile_text: str, job_text: str, gap: bool) -> dict[str, Any]:
    claim: dict[str, Any] = {
        "point": data.draw(st.one_of(any_text, st.just("You know Java."))),
        "term": data.draw(st.one_of(any_text, st.just("Java"))),
        "profileQuote": "" if gap else _quote_from(data, profile_text),
        "jobQuote": _quote_from(data, job_text),
    }
    if data.draw(st.integers(0, 9)) == 0:
        claim["profileQuote"] = None  # models send null for an empty quote
    return claim


def _answer(data: Any, profile_text: str, job_text: str) -> str:
    kind = data.draw(st.integers(0, 9))
    if kind == 0:
        return data.draw(st.text(max_size=60))  # not JSON at all
    if kind == 1:
        return json.dumps({"matches": data.draw(any_text), "gaps": 3})  # the wrong shape
    draft = {
        "matches": [
            _claim(data, profile_text, job_text, gap=False)
            for _ in range(data.draw(st.integers(0, 7)))
        ],
        "gaps": [
            _claim(data, profile_text, job_text, gap=True)
            for _ in range(data.draw(st.integers(0, 7)))
        ],
    }
    return json.dumps(draft, ensure_ascii=data.draw(st.booleans()))


def _check_shown(data: dict[str, Any], profile_text: str, job_text: str) -> None:
    for item in [*data["matches"], *data["gaps"]]:
        pairs = [(item["job_quote"], item["job_span"], job_text)]
        if item["kind"] == "match":
            pairs.append((item["profile_quote"], item["profile_span"], profile_text))
        else:
            assert item["profile_quote"] == "" and item["profile_span"] is None
        for shown, span, text in pairs:
            words = text[span["start"] : span["end"]]
            assert clean_display_text(words) == shown
            assert find_quote(words, text) == (span["start"], span["end"])


@FAST
@given(data=st.data())
def test_random_texts_and_drafts_never_break_the_views(
    world: Any, settings: Any, data: Any
) -> None:
    client, user, job = world
    CandidateProfile.objects.filter(user=user).update(
        headline=data.draw(db_text),
        skills=data.draw(db_text),
        experience=data.draw(db_text),
    )
    Job.objects.filter(pk=job.pk).update(
        title=data.draw(db_text), description=data.draw(db_text), requirements=data.draw(db_text)
    )
    profile_text, job_text = sent_texts(user, job.pk)
    model = ObeyingModel(_answer(data, profile_text, job_text))
    settings.EXPLAIN_CHAT_MODEL = model
    before = ExplanationLog.objects.order_by("-id").values_list("id", flat=True).first() or 0
    clear_caches()
    page = client.post(reverse("explain:explain-job", args=[job.pk]), {"next": "/"})
    clear_caches()
    api = client.post(reverse("explain:api-explain", args=[job.pk]))
    assert page.status_code in {200, 422, 502}
    assert api.status_code == page.status_code
    rows = ExplanationLog.objects.filter(id__gt=before)
    readings = [p for p in model.prompts if p.system == POSTING_INSTRUCTION]
    # One row per request, and the posting's reading (when a request read it) its own.
    assert rows.exclude(prompt_version__startswith="posting-").count() == 2
    assert rows.filter(prompt_version__startswith="posting-").count() == len(readings)
    body = api.json()
    event(f"outcome {body['outcome']}, {len(body['matches']) + len(body['gaps'])} shown")
    assert body["outcome"] in {
        "ok",
        "no_profile",
        "nothing_verified",
        "invalid_response",
        "no_requirements",
    }
    _check_shown(body, profile_text, job_text)
    assert len(profile_text) <= 8000
    for prompt in model.prompts:
        if prompt.system == POSTING_INSTRUCTION:
            assert prompt.user == build_posting_message(job_text)
        else:
            assert prompt.user.endswith(profile_text)


@FAST
@given(job_id=st.text(st.characters(exclude_categories=("Cs",)), min_size=1, max_size=30))
def test_random_job_ids_never_break_the_views(world: Any, job_id: str) -> None:
    client, _, job = world
    before = ExplanationLog.objects.count()
    response = client.post(f"/explain/api/jobs/{quote(job_id, safe='')}/explanation/")
    rows = ExplanationLog.objects.count() - before
    if job_id == str(job.pk):  # the one real job: no model is configured here
        assert (response.status_code, rows) == (503, 1)
        return
    assert response.status_code == 404
    assert rows in {0, 1}  # 0: no route matched ("/" in the id); 1: the app said no
    if rows:
        row = ExplanationLog.objects.order_by("-id").first()
        assert row is not None and row.outcome == "job_unavailable"
        assert row.job_ref.isprintable()


# --------------------------------------------------------------------------- the largest texts


def test_a_maximum_size_text_of_marks_and_expanding_characters(client: Any, settings: Any) -> None:
    cap = settings.EXPLAIN_MAX_TEXT_CHARS = 8000
    user = get_user_model().objects.create_user(username="max")
    CandidateProfile.objects.create(user=user, skills=hostile_text(3000) + " Zanzibar")
    three = "\ufdfa \ufdfa \ufdfa"  # 3 words as written, 12 after NFKC
    four = "\ufdfa \ufdfa \ufdfa \ufdfa"  # 16 after NFKC: over the quote limit
    job = Job.objects.create(
        title="T", company="C", description=f"{three} {hostile_text(3000)} Zanzibar"
    )
    client.force_login(user)
    profile_text, job_text = sent_texts(user, job.pk)
    # The cap is counted on the text itself and holds after normalisation: what is
    # normalised and searched is the capped text, though it grows many times longer.
    assert cap - 60 < len(profile_text) <= cap and cap - 60 < len(job_text) <= cap
    assert len(normalize(job_text)) > 1.5 * cap
    assert not unicodedata.category(job_text[-1]).startswith("Z")
    # A whole word near the end of the job text: a stack of combining marks.
    words = job_text[-400:].split(" ")[1:-1]
    near_end = max(words, key=len)
    assert near_end.startswith("e") and len(near_end) > 10
    # Another stack of marks, a requirement of its own.
    other = max((w for w in words if w.startswith("e") and w != near_end), key=len)
    draft = {
        "matches": [
            {"point": "Near.", "term": near_end, "profileQuote": near_end, "jobQuote": near_end},
            {
                "point": "Past the cap.",
                "term": other,
                "profileQuote": "Zanzibar",
                "jobQuote": other,
            },
            {"point": "Expands.", "term": near_end, "profileQuote": near_end, "jobQuote": four},
        ],
        "gaps": [
            {"point": "Twelve words.", "term": "\ufdfa", "profileQuote": "", "jobQuote": three}
        ],
    }
    settings.EXPLAIN_CHAT_MODEL = ObeyingModel(json.dumps(draft))
    response = client.post(reverse("explain:api-explain", args=[job.pk]))
    data = response.json()
    assert response.status_code == 200, data
    assert len(normalize(three).split(" ")) == 12 and len(normalize(four).split(" ")) == 16
    # The posting's reading: the 16-word quote is removed (the 12-word one passes, else
    # quote_too_long would be 2).
    reading = PostingReading.objects.get(job_ref=str(job.pk))
    assert reading.removed_reasons == {"quote_too_long": 1}
    assert reading.requirement_count == 3
    # "Zanzibar" is in the profile, past twice the cap: the profile is cut there before
    # scrubbing (bounded work), so it was never read and is "not found".
    assert data["drop_reasons"] == {"profile_quote_not_found": 1}
    _check_shown(data, profile_text, job_text)
    assert [m["job_quote"] for m in data["matches"]] == [near_end]
    assert data["matches"][0]["job_span"]["end"] <= len(job_text)
    # The twelve-word requirement's term is in the hostile profile too: the profile names
    # it, nothing the model gave shows it, so it is never listed as not found.
    assert three not in [g["job_quote"] for g in data["gaps"]]
