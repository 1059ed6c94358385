"""The panel and the no-JavaScript result page, rendered on the server; and the CSP."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse

from explain.models import ExplanationLog, FeedbackReport
from jobportal.models import Job
from tests.conftest import WORKED_DRAFT

pytestmark = pytest.mark.django_db

STATIC = Path(__file__).resolve().parents[2] / "explain" / "static" / "explain"


def page_url(job: Any) -> str:
    return reverse("explain:explain-job", args=[job.pk])


class Tags(HTMLParser):
    """Every start tag with its attributes, and the text of inline scripts."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.inline_scripts: list[str] = []
        self._script_without_src = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        self._script_without_src = tag == "script" and "src" not in dict(attrs)
        if self._script_without_src:
            self.inline_scripts.append("")

    def handle_data(self, data: str) -> None:
        if self._script_without_src:
            self.inline_scripts[-1] += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._script_without_src = False

    def having(self, cls: str) -> list[dict[str, str | None]]:
        return [a for _, a in self.tags if cls in (a.get("class") or "").split()]


def parse(html: str) -> Tags:
    tags = Tags()
    tags.feed(html)
    return tags


def assert_no_inline_code(html: str) -> None:
    """No inline script, no event-handler attribute, no style attribute (CSP)."""
    tags = parse(html)
    assert tags.inline_scripts == []
    handlers = [(t, k) for t, a in tags.tags for k in a if k.lower().startswith("on")]
    assert handlers == []
    assert [t for t, a in tags.tags if "style" in a] == []
    assert [
        a["href"] for _, a in tags.tags if (a.get("href") or "").startswith("javascript:")
    ] == []


def csp_directives(response: Any) -> dict[str, list[str]]:
    header = response["Content-Security-Policy"]
    directives = {}
    for part in header.split(";"):
        name, *values = part.split()
        directives[name] = values
    return directives


# ------------------------------------------------------------------ CSP


def test_csp_allows_no_inline_script_or_style(logged_in, worked_job, use_model):
    use_model(WORKED_DRAFT)
    for response in (
        logged_in.get(worked_job.get_absolute_url()),
        logged_in.post(page_url(worked_job)),
    ):
        directives = csp_directives(response)
        scripts = directives.get("script-src", directives["default-src"])
        assert "'self'" in scripts
        for value in ("'unsafe-inline'", "'unsafe-eval'", "*", "data:", "'unsafe-hashes'"):
            assert value not in scripts
        assert "'unsafe-inline'" not in directives.get("style-src", directives["default-src"])
        assert directives["object-src"] == ["'none'"]
        assert directives["base-uri"] == ["'none'"]
        assert response["X-Content-Type-Options"] == "nosniff"


def test_job_page_and_result_page_have_no_inline_code(logged_in, worked_job, use_model):
    use_model(WORKED_DRAFT)
    job_page = logged_in.get(worked_job.get_absolute_url()).content.decode()
    assert_no_inline_code(job_page)
    scripts = [a["src"] for t, a in parse(job_page).tags if t == "script"]
    assert scripts == [
        "/static/explain/explain-stream.js",
        "/static/explain/explain.js",
        "/static/jobportal/job.js",
    ]
    assert_no_inline_code(logged_in.post(page_url(worked_job)).content.decode())


@pytest.mark.parametrize("script", ["explain.js", "explain-stream.js"])
def test_the_script_never_builds_html_from_strings(script):
    source = (STATIC / script).read_text(encoding="utf-8")
    code = re.sub(r"/\*.*?\*/", "", source, flags=re.S)
    for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval("):
        assert sink not in code
    assert "new Function" not in code and 'setTimeout("' not in code
    if script == "explain.js":
        assert "textContent" in code


def test_the_stylesheets_exist_and_the_panel_links_them(logged_in, worked_job, use_model):
    use_model(WORKED_DRAFT)
    assert (STATIC / "explain.css").is_file() and (STATIC / "admin.css").is_file()
    html = logged_in.get(worked_job.get_absolute_url()).content.decode()
    # The site runs django-csp, so the tag carries the request's nonce (unused by a policy
    # without nonces, needed by one with 'strict-dynamic').
    assert re.search(
        r'<link rel="stylesheet" href="/static/explain/explain\.css"( nonce="[^"]+")?>', html
    )


# ------------------------------------------------------------------ panel states


def test_anonymous_sees_a_login_link(client, worked_job, use_model):
    use_model(WORKED_DRAFT)
    html = client.get(worked_job.get_absolute_url()).content.decode()
    assert "Log in to see how your profile compares with this job." in html
    assert f"/login/?next=/jobs/{worked_job.pk}/" in html
    assert "data-explain-button" not in html


def test_no_profile_yet_links_to_the_profile(client, make_user, worked_job, use_model):
    use_model(WORKED_DRAFT)
    client.force_login(make_user("new", headline=" "))
    html = client.get(worked_job.get_absolute_url()).content.decode()
    assert "Add your skills or experience to your profile first" in html
    assert 'href="/profile/"' in html
    assert "data-explain-button" not in html


def test_unavailable_says_so(logged_in, worked_job):
    html = logged_in.get(worked_job.get_absolute_url()).content.decode()
    assert "Explanations are not available on this site right now." in html
    assert "data-explain-button" not in html


def test_ready_panel_has_a_form_that_works_without_script(logged_in, worked_job, use_model):
    use_model(WORKED_DRAFT)
    html = logged_in.get(worked_job.get_absolute_url()).content.decode()
    tags = parse(html)
    [form] = [a for t, a in tags.tags if t == "form" and "data-explain-form" in a]
    assert form["method"] == "post" and form["action"] == page_url(worked_job)
    assert 'name="csrfmiddlewaretoken"' in html
    [status] = [a for _, a in tags.tags if "data-explain-status" in a]
    assert status["role"] == "status" and status["aria-live"] == "polite"
    [panel] = [a for _, a in tags.tags if a.get("id") == "explain-panel"]
    assert panel["data-api-url"] == f"/explain/api/jobs/{worked_job.pk}/explanation/"
    assert panel["data-feedback-url"] == "/explain/api/feedback/"
    # The words the script shows are rendered (and translatable) here.
    [words] = [a for _, a in tags.tags if "data-explain-text" in a]
    assert words["data-your-profile"] == "Your profile"
    assert words["data-this-job"] == "This job"
    assert words["data-gaps-heading"] == "Asked for in this job, not shown in your profile"
    assert "checking every quote" in (words["data-busy"] or "")
    options = re.findall(r'<option value="([a-z_]+)"(?: data-gaps-only)?>', html)
    assert set(options) == set(FeedbackReport.Reason.values)


def test_posting_fields_are_marked_for_highlighting(logged_in, worked_job, use_model):
    use_model(WORKED_DRAFT)
    tags = parse(logged_in.get(worked_job.get_absolute_url()).content.decode())
    assert [a for _, a in tags.tags if "data-explain-posting" in a]
    fields = {a["data-explain-field"] for _, a in tags.tags if "data-explain-field" in a}
    assert {"title", "company", "location", "remote", "description"} <= fields


# ------------------------------------------------------------------ the result, server side


def test_result_page_labels_quotes_and_frames_gaps(logged_in, worked_job, use_model):
    use_model(WORKED_DRAFT)
    response = logged_in.post(page_url(worked_job))
    html = response.content.decode()
    tags = parse(html)
    [match] = tags.having("explain-match")
    [gap] = tags.having("explain-gap")
    assert match and gap
    # The checklist: the profile's quote on the shown requirement, the job's on each.
    assert html.count("<dt>Your profile</dt>") == 1
    assert html.count("<dt>This job</dt>") == 2
    assert "“AWS” was not found in your profile." in html
    assert "What this job asks for" in html
    assert "you lack" not in html.lower()
    # User-facing text from the model or the texts is marked dir="auto".
    for _, attrs in tags.tags:
        if "explain-point-text" in (attrs.get("class") or ""):
            assert attrs["dir"] == "auto"
    assert all(a.get("dir") == "auto" for t, a in tags.tags if t == "q")


# The worked posting's requirements are Java and AWS; the model's profile quote for AWS
# is invented (not in the profile).
INVENTED_AWS = {
    "term": "AWS",
    "profileQuote": "AWS (7 years)",
    "jobQuote": "deploy services on AWS",
}


def test_notice_and_why_disclosure_singular(logged_in, worked_job, use_model):
    use_model({"matches": [WORKED_DRAFT["matches"][0], INVENTED_AWS], "gaps": []})
    html = logged_in.post(page_url(worked_job)).content.decode()
    assert "We removed 1 point the AI suggested: it did not pass our checks." in html
    assert "<summary>why?</summary>" in html
    assert "<li>1 point: the quoted words are not in your profile.</li>" in html
    # Counts only: the removed claim's text is never shown.
    assert "7 years" not in html


def test_notice_and_why_disclosure_plural(logged_in, worked_user, use_model):
    job = Job.objects.create(
        title="Platform Engineer",
        company="Contoso",
        requirements="- Java APIs\n- Docker\n- Terraform\n- Rust",
    )
    invented = [
        {"term": term, "profileQuote": f"{term} ({n} years)", "jobQuote": term}
        for term, n in (("Docker", 2), ("Terraform", 4))
    ]
    # In the profile, but not naming the requirement it is given for.
    elsewhere = {"term": "Rust", "profileQuote": "Backend developer", "jobQuote": "Rust"}
    java = dict(WORKED_DRAFT["matches"][0], jobQuote="Java APIs")
    use_model({"matches": [java, *invented, elsewhere], "gaps": []})
    html = logged_in.post(page_url(job)).content.decode()
    assert "We removed 3 points the AI suggested: they did not pass our checks." in html
    assert "<li>2 points: the quoted words are not in your profile.</li>" in html
    assert "<li>1 point: the skill or requirement it named is not in its quotes.</li>" in html
    assert "Docker (2 years)" not in html and "Terraform (4 years)" not in html


def test_all_verified_notice_has_no_disclosure(logged_in, worked_job, use_model):
    use_model({"matches": WORKED_DRAFT["matches"][:1], "gaps": WORKED_DRAFT["gaps"]})
    html = logged_in.post(page_url(worked_job)).content.decode()
    assert "Every point below quotes your profile or this job." in html
    # One calm line right under the summary, above the points: on the first screen.
    notice = html.index('class="explain-notice"')
    assert html.index('class="explain-summary"') < notice < html.index('class="explain-points')
    assert "<summary>why?</summary>" not in html


def test_result_page_marks_the_quoted_words_in_the_posting(logged_in, worked_job, use_model):
    use_model(WORKED_DRAFT)
    html = logged_in.post(page_url(worked_job)).content.decode()
    marks = re.findall(r'<mark class="explain-highlight">(.*?)</mark>', html)
    assert marks == ["Build secure Java APIs", "deploy services on AWS"]
    assert "Description: <mark" in html
    # In the points, each quote marks the term itself.
    terms = re.findall(r'<mark class="explain-term">(.*?)</mark>', html)
    assert terms == ["Java", "Java", "AWS"]
    assert '<q dir="auto">Build secure <mark class="explain-term">Java</mark> APIs</q>' in html


def test_html_in_texts_and_model_output_is_escaped(logged_in, worked_job, use_model):
    worked_job.description = "Build secure Java APIs <img src=x onerror=alert(1)> on AWS."
    worked_job.save()
    use_model(
        {
            "matches": [
                {
                    "point": "Java fits &amp; 5 > 3",
                    "term": "Java",
                    "profileQuote": "Java (Intermediate, 3 years)",
                    "jobQuote": "Build secure Java APIs <img src=x onerror=alert(1)>",
                }
            ],
            "gaps": [],
        }
    )
    html = logged_in.post(page_url(worked_job)).content.decode()
    assert "<img" not in html
    assert "&lt;img src=x onerror=alert(1)&gt;" in html
    # Nothing the model wrote reaches the page, escaped or not: code writes the sentence.
    assert "Java fits" not in html
    assert "“Java” is shown in your profile." in html
    assert_no_inline_code(html)


@pytest.mark.parametrize(
    ("setup", "status", "css", "text"),
    [
        ("down", 502, "provider_error", "The explanation service is not responding right now."),
        ("nothing", 502, "nothing_verified", "We could not find an explanation"),
        ("off", 503, "disabled", "Explanations are not available on this site right now."),
    ],
)
def test_each_error_has_its_own_message_on_the_page(
    logged_in, worked_job, use_model, setup, status, css, text
):
    if setup == "down":

        def down(prompt: Any) -> str:
            raise TimeoutError("slow")

        use_model(down)
    elif setup == "nothing":
        # The posting's one requirement (Java) with an invented profile quote: removed,
        # and the profile names Java, so it is unchecked: nothing is kept.
        invented = {"term": "Java", "profileQuote": "Java for ten years", "jobQuote": "Java APIs"}
        use_model({"matches": [invented], "gaps": []})
    response = logged_in.post(page_url(worked_job))
    assert response.status_code == status
    html = response.content.decode()
    assert f'class="explain-error explain-error-{css}" role="alert"' in html
    assert text in html
    assert "Where your profile meets this job" not in html


def test_rate_limited_page_says_how_long(logged_in, worked_job, use_model):
    from jobportal.models import Job

    other = Job.objects.create(title="Other", company="X", description="Build secure Java APIs.")
    use_model(WORKED_DRAFT)
    logged_in.post(page_url(worked_job))
    response = logged_in.post(page_url(other))
    assert response.status_code == 429
    seconds = int(response["Retry-After"])
    assert re.search(rf"Try again in {seconds} seconds?\.", response.content.decode())


def test_no_profile_error_on_the_page(client, make_user, worked_job, use_model):
    use_model(WORKED_DRAFT)
    client.force_login(make_user("new", skills=""))
    response = client.post(page_url(worked_job))
    assert response.status_code == 422
    assert "explain-error-no_profile" in response.content.decode()


# ------------------------------------------------------------------ reports without script


def test_report_form_stores_a_report(logged_in, worked_job, use_model):
    use_model(WORKED_DRAFT)
    html = logged_in.post(page_url(worked_job)).content.decode()
    assert html.count('action="/explain/report/"') == 2
    log = ExplanationLog.objects.get()
    response = logged_in.post(
        reverse("explain:report-point"),
        {
            "log_id": log.pk,
            "kind": "match",
            "index": 0,
            "reason": "misleading",
            "next": worked_job.get_absolute_url(),
        },
        follow=True,
    )
    assert response.redirect_chain[-1][0] == worked_job.get_absolute_url()
    assert "Your report was saved for review." in response.content.decode()
    report = FeedbackReport.objects.get()
    # The sentence the page showed, code's; never the model's.
    assert (report.log_id, report.point) == (log.pk, "“Java” is in your profile and in this job.")


def test_report_form_refuses_other_users_rows_and_foreign_redirects(
    client, logged_in, make_user, worked_job, use_model
):
    use_model(WORKED_DRAFT)
    logged_in.post(page_url(worked_job))
    log = ExplanationLog.objects.get()
    client.force_login(make_user("mallory", skills="Java"))
    response = client.post(
        reverse("explain:report-point"),
        {
            "log_id": log.pk,
            "kind": "match",
            "index": 0,
            "reason": "other",
            "next": "https://evil.example/",
        },
    )
    assert response.status_code == 303
    assert response["Location"] == "/"
    assert FeedbackReport.objects.count() == 0


def test_the_models_sentence_never_reaches_the_page_and_the_panel_says_who_wrote_it(
    logged_in, worked_job, use_model
):
    judged = {
        "point": "You are a perfect Java match.",
        "term": "Java",
        "profileQuote": "Java (Intermediate, 3 years)",
        "jobQuote": "Build secure Java APIs",
    }
    use_model({"matches": [judged], "gaps": WORKED_DRAFT["gaps"]})
    html = logged_in.post(page_url(worked_job)).content.decode()
    assert "perfect" not in html
    assert "“Java” is shown in your profile." in html
    assert "“AWS” was not found in your profile." in html
    line = "These lines are written by this site from the quoted words, not by the AI."
    assert html.count(line) == 1
    assert "reworded" not in html


def _rendered(gaps: tuple[Any, ...], matches: tuple[Any, ...] = ()) -> str:
    """The result as the no-script page renders it, for points made by hand."""
    from django.template.loader import render_to_string

    from explain.core.texts import SourceText
    from explain.core.verify import Verification
    from explain.outcomes import Outcome
    from explain.services.explanations import Explanation
    from explain.web.payload import explanation_payload

    job = SourceText.compose([], max_chars=100)
    verification = Verification(matches=matches, gaps=gaps)
    payload = explanation_payload(Explanation(Outcome.OK, "7", verification=verification, job=job))
    return render_to_string("explain/result.html", {"explanation": payload})


def _point(kind: str, term: str, **more: Any) -> Any:
    from explain.core.verify import VerifiedPoint

    extra = {"profile_quote": term, "profile_span": (0, len(term))} if kind == "match" else {}
    return VerifiedPoint(
        kind=kind, term=term, term_span=None, job_quote=term, job_span=(0, len(term)),
        **extra, **more,
    )  # fmt: skip


def test_optional_gaps_sit_apart_from_the_ones_the_job_asks_for():
    html = _rendered((_point("gap", "AWS"), _point("gap", "Kafka", optional=True)))
    asked = html.index("Asked for in this job, not shown in your profile")
    optional = html.index("Listed as optional in this job, not shown in your profile")
    assert asked < html.index("“AWS”") < optional < html.index("“Kafka”")
    assert "This job lists “Kafka” as optional; it was not found in your profile." in html
    assert html.count("Optional in this job") == 1  # the tag, on the optional point only


def test_only_optional_gaps_get_no_asked_for_heading():
    html = _rendered((_point("gap", "Kafka", optional=True),))
    assert "Asked for in this job" not in html
    assert "Listed as optional in this job, not shown in your profile" in html
    assert "asks for" not in html


def test_an_optional_match_is_tagged_and_both_amounts_are_shown():
    match = _point(
        "match", "Python", optional=True, profile_amount="3 years", job_amount="5+ years"
    )
    html = _rendered((), (match,))
    assert "“Python” is in your profile; this job lists it as optional." in html
    assert 'class="explain-optional-tag">Optional in this job<' in html
    assert (
        '<p class="explain-amounts" dir="auto">Your profile: 3 years · This job: 5+ years</p>'
        in html
    )


def test_a_gap_shows_the_profiles_own_words_escaped():
    gap = _point("gap", "Kubernetes", profile_said="no <b>Kubernetes</b> yet")
    html = _rendered((gap, _point("gap", "AWS")))
    assert (
        '<p class="explain-profile-said" dir="auto">'
        "Your profile: “no &lt;b&gt;Kubernetes&lt;/b&gt; yet”</p>"
    ) in html
    assert html.count("explain-profile-said") == 1  # the other gap has no such words
    assert html.count("Not mentioned") == 1  # said only where the profile is silent


def test_german_sentences_on_the_page():
    from django.utils import translation

    with translation.override("de"):
        html = _rendered((_point("gap", "AWS", optional=True),), (_point("match", "Java"),))
    assert "„Java“ steht in Ihrem Profil und in dieser Stelle." in html
    assert "Diese Stelle nennt „AWS“ als optional; in Ihrem Profil wurde es nicht gefunden." in html
    assert "Diese Zeilen schreibt diese Website aus den zitierten Worten, nicht die KI." in html


def test_each_quote_marks_the_term_as_that_side_writes_it():
    """Postgres in the profile, PostgreSQL in the job: both named, each marked on its side."""
    from explain.core.verify import VerifiedPoint

    match = VerifiedPoint(
        kind="match",
        term="PostgreSQL",
        term_span=(9, 19),
        job_quote="You know PostgreSQL <b>well</b>",
        job_span=(0, 31),
        profile_quote="Years of Postgres",
        profile_span=(40, 57),
        profile_term="Postgres",
        profile_term_span=(49, 57),
    )
    html = _rendered((), (match,))
    assert "“Postgres” in your profile; “PostgreSQL” in this job." in html
    assert '<q dir="auto">Years of <mark class="explain-term">Postgres</mark></q>' in html
    assert (
        '<q dir="auto">You know <mark class="explain-term">PostgreSQL</mark> '
        "&lt;b&gt;well&lt;/b&gt;</q>"
    ) in html


def test_a_quote_without_its_term_span_is_shown_unmarked():
    html = _rendered((_point("gap", "AWS"),))
    assert '<q dir="auto">AWS</q>' in html
    assert "explain-term" not in html
