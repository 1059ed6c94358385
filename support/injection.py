"""Prompt-injection harness shared by tests/security and bench/injection_report.py.

A payload from support/injection_payloads.json is planted in the job description or
in a profile field; a fake model that OBEYS it answers both calls with the attacker's
claims (support/two_step.py): the posting's call lists the claims' job quotes as the
posting's requirements, the viewer's call gives each listed requirement the profile quote
the attacker chose for it. So text planted in the job reaches the model in the posting's
call, and text planted in the profile in the viewer's call. The page is requested like a
browser would (it reads the posting, then asks for the viewer's evidence), then the API
(the reading is stored by then); everything that reached the user is audited. Nothing
here depends on pytest, so the bench script can run it too.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.cache import caches
from django.urls import reverse

from explain.adapter import not_requirement_keys
from explain.core.checklist import Checklist, State, ViewerAnswer
from explain.core.posting import PostingAnswer, PostingItem, PostingReading, read_posting
from explain.core.posting_prompt import POSTING_INSTRUCTION, build_posting_message
from explain.core.rules.words import split_words
from explain.core.texts import SourceText
from explain.core.verify import find_quote, normalize
from explain.core.viewer_prompt import VIEWER_INSTRUCTION, build_viewer_message
from explain.llm.client import ChatPrompt
from explain.models import ExplanationLog
from explain.models import PostingReading as StoredReading
from explain.sentences import POINT_TEMPLATES
from explain.services import postings
from explain.services.explanations import Subject, checklist_for, texts_for
from explain.services.limits import verify_limits
from explain.source import get_source
from jobportal.models import CandidateProfile, Job
from support.shown_text import contains_contact, contains_markup
from support.two_step import answer_in_shape, chosen_match, listed_requirements, viewer_answer

PAYLOADS_PATH = Path(__file__).resolve().parent / "injection_payloads.json"

BASE_PROFILE = {
    "headline": "Backend developer",
    "desired_role": "",
    "skills": "Java (Intermediate, 3 years)",
    "experience": "Built REST services in Java for a logistics company.",
    "work_preferences": "",
}
BASE_JOB = {
    "title": "Java Engineer",
    "company": "Northwind Systems",
    "location": "Berlin",
    "remote": "hybrid",
    "description": "Build secure Java APIs and deploy services on AWS.",
    "requirements": "Experience with REST APIs and PostgreSQL.",
}
GENUINE = {"@profile": "Java (Intermediate, 3 years)", "@job": "Build secure Java APIs"}
PLACEMENTS = ("job", "profile")

# Characters that may reorder or hide what the user reads; display strips them.
INVISIBLE_CONTROLS = re.compile(
    "[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\U000e0000-\U000e007f]"
)
# A raw tag in the page that came from model or posting text would look like this.
RAW_TAG = re.compile(r"<[a-zA-Z/!?][^<>]*>")


@dataclass(frozen=True)
class Payload:
    id: str
    family: str
    modelled_on: str
    quote: str
    claims: tuple[dict[str, str], ...]
    text: str = ""
    parts: tuple[str, ...] = ()

    @property
    def planted(self) -> str:
        """Everything the attacker typed, as one string (for leak checks)."""
        return self.text or "\n".join(self.parts)


def clear_caches() -> None:
    """Empty every cache: rate-limit windows, cached drafts, shown points.

    On Redis only this run's keys (delete_pattern): clear() would be FLUSHDB.
    """
    for alias in settings.CACHES:
        cache = caches[alias]
        delete_pattern = getattr(cache, "delete_pattern", None)
        if delete_pattern is not None:
            delete_pattern("*")
        else:
            cache.clear()


def load_payloads(path: Path = PAYLOADS_PATH) -> list[Payload]:
    raw = json.loads(path.read_text(encoding="utf-8"))
    return [
        Payload(
            id=entry["id"],
            family=entry["family"],
            modelled_on=entry["modelled_on"],
            quote=entry["quote"],
            claims=tuple(entry["claims"]),
            text=entry.get("text", "") or "",
            parts=tuple(entry.get("parts", ())),
        )
        for entry in raw["payloads"]
    ]


def placed(payload: Payload, where: str) -> tuple[dict[str, str], dict[str, str]]:
    """Profile and job field values with the payload planted in one of them."""
    profile, job = dict(BASE_PROFILE), dict(BASE_JOB)
    first, second = (*payload.parts, "", "")[:2] if payload.parts else (payload.text, "")
    if where == "job":
        job["description"] = f"{job['description']}\n\n{first}"
        if second:
            job["requirements"] = f"{second}\n{job['requirements']}"
    elif where == "profile":
        profile["experience"] = f"{profile['experience']}\n\n{first}"
        if second:
            profile["work_preferences"] = second
    else:  # pragma: no cover - a typo in a caller
        raise ValueError(where)
    return profile, job


def _resolve(value: str, payload: Payload) -> str:
    if value == "@injected":
        return payload.quote
    if value == "@system":
        return VIEWER_INSTRUCTION
    return GENUINE.get(value, value)


def attacker_term(kind: str, profile_quote: str, job_quote: str) -> str:
    """The term an attacker would pick: a word of the job quote that is also in the profile
    quote (for a match), so the term rule never stops a claim the quotes would let through."""
    job_words = split_words(normalize(job_quote))[0]
    if kind == "match":
        profile_words = set(split_words(normalize(profile_quote))[0])
        shared = [word for word in job_words if word in profile_words]
        job_words = shared or job_words
    return job_words[0] if job_words else ""


def attacker_claims(payload: Payload, where: str) -> list[dict[str, str]]:
    """The claims an obeying model offers when the payload sits in `where`."""
    offered = []
    for claim in payload.claims:
        if claim.get("where", where) != where:
            continue
        profile_quote = _resolve(claim["profileQuote"], payload)
        job_quote = _resolve(claim["jobQuote"], payload)
        term = claim.get("term") or attacker_term(claim["kind"], profile_quote, job_quote)
        offered.append(
            {
                "kind": claim["kind"],
                "point": _resolve(claim["point"], payload),
                "term": term,
                "profileQuote": profile_quote,
                "jobQuote": job_quote,
                "wants": claim.get("wants", ""),
            }
        )
    return offered


def draft_json(claims: Iterable[dict[str, str]]) -> dict[str, list[dict[str, str]]]:
    draft: dict[str, list[dict[str, str]]] = {"matches": [], "gaps": []}
    for claim in claims:
        item = {k: claim[k] for k in ("point", "term", "profileQuote", "jobQuote")}
        draft["matches" if claim["kind"] == "match" else "gaps"].append(item)
    return draft


class ObeyingModel:
    """A ChatModel that does whatever the injection asked: it answers with a fixed draft,
    in the shape each call asks for (the posting's requirements, the viewer's evidence);
    text that is no draft is sent back as it is, to whichever call is made."""

    model_name = "obeying-fake"

    def __init__(self, answer: str | Callable[[ChatPrompt], str]) -> None:
        self.answer = answer
        self.prompts: list[ChatPrompt] = []

    def __call__(self, prompt: ChatPrompt, /) -> str:
        self.prompts.append(prompt)
        text = self.answer(prompt) if callable(self.answer) else self.answer
        return answer_in_shape(text, prompt)


def sent_texts(user: Any, job_id: int | str) -> tuple[str, str]:
    """The profile and job texts exactly as the service sends them (checked against the
    prompt the model received, so a drift between this and the service fails loudly)."""
    profile, job = texts_for(user=user, job_id=str(job_id))
    return profile.text, job.text


# The fate of a claim whose evidence was never read: the model gives one piece of
# evidence per requirement, and another claim's came first.
DUPLICATE = "duplicate"


def claim_fates(
    offered: list[dict[str, str]],
    reading: PostingReading,
    profile: SourceText,
    job: SourceText,
    title: str,
) -> tuple[list[str], Checklist]:
    """For each offered claim, in order: "shown", "unchecked" or why it was not; and the
    checklist the user should see.

    Uses the pipeline's own steps as the service runs them. A claim's job quote and term
    are first a requirement of the posting: checked alone (read_posting) it gives the
    reason it was not kept. A kept one is found in the stored reading; a match is then
    the model's evidence for that requirement (only the first match naming it is given:
    a later one is a duplicate) and is shown when the requirement ends shown; a gap is
    shown when its requirement ends not found or not yet in the profile.
    """
    draft = draft_json(offered)
    subject = Subject(job_id="", profile=profile, job=job, job_title=title, reading=reading)
    message = build_viewer_message(title, reading.requirements, profile.text)
    answer = ViewerAnswer.model_validate(viewer_answer(draft, message))
    checklist = checklist_for(subject, answer)
    chosen = {
        number: chosen_match(draft, words, names)
        for number, words, names in listed_requirements(message)
    }
    excluded = not_requirement_keys(get_source())
    fates: list[str] = []
    for claim in offered:
        item = PostingItem(job_quote=claim["jobQuote"], term=claim["term"], reading="required")
        alone = read_posting(
            PostingAnswer(requirements=[item]),
            job,
            limits=verify_limits(),
            not_requirement_keys=excluded,
        )
        if not alone.requirements:
            fates.append(next(iter(alone.reasons), "unchecked"))
            continue
        kept = alone.requirements[0]
        number = next(
            (
                n
                for n, r in enumerate(reading.requirements, start=1)
                if r.job_span == kept.job_span and normalize(r.term) == normalize(kept.term)
            ),
            None,
        )
        if number is None:
            fates.append("unchecked")  # past the bound of requirements kept
            continue
        state = checklist.items[number - 1].state
        if claim["kind"] == "gap":
            shown = state in (State.NOT_FOUND, State.NOT_YET)
            fates.append("shown" if shown else f"requirement_{state.value}")
            continue
        mine = {k: claim[k] for k in ("point", "term", "profileQuote", "jobQuote")}
        if chosen.get(number) != mine:
            fates.append(DUPLICATE)
        elif state is State.SHOWN:
            fates.append("shown")
        else:
            fates.append(_evidence_reason(subject, number, claim))
    return fates, checklist


def _evidence_reason(subject: Subject, number: int, claim: dict[str, str]) -> str:
    """Why the model's evidence for one requirement did not show it."""
    evidence = {"id": number, "profileQuote": claim["profileQuote"], "profileReading": ""}
    alone = checklist_for(subject, ViewerAnswer.model_validate({"requirements": [evidence]}))
    if alone.verification.drop_reasons:
        return next(iter(alone.verification.drop_reasons))
    if not claim["profileQuote"].strip():
        return "quote_missing"
    return DUPLICATE  # shown alone: another requirement showed the same evidence first


# --------------------------------------------------------------------------- the page


class _PageParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: Counter[str] = Counter()
        self.attributes: set[tuple[str, str]] = set()
        self.urls: list[str] = []
        self.scripts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags[tag] += 1
        for name, value in attrs:
            self.attributes.add((tag, name))
            if name in {"href", "src", "action", "formaction", "srcset", "poster", "data"}:
                self.urls.append(value or "")
        if tag == "script":
            self.scripts.append(dict(attrs).get("src") or "")


@dataclass(frozen=True)
class PageShape:
    tags: frozenset[str]
    attributes: frozenset[tuple[str, str]]
    urls: tuple[str, ...]
    scripts: tuple[str, ...]
    raw_tags: frozenset[str]

    @classmethod
    def of(cls, html: str) -> PageShape:
        parser = _PageParser()
        parser.feed(html)
        parser.close()
        return cls(
            frozenset(parser.tags),
            frozenset(parser.attributes),
            tuple(parser.urls),
            tuple(parser.scripts),
            frozenset(RAW_TAG.findall(html)),
        )


def _same_origin(url: str) -> bool:
    return url == "" or url.startswith("#") or (url.startswith("/") and not url.startswith("//"))


# --------------------------------------------------------------------------- one run


@dataclass
class Run:
    payload: Payload
    where: str
    offered: list[dict[str, str]]
    fates: list[str]
    profile_text: str
    job_text: str
    job_title: str
    reading: PostingReading
    checklist: Checklist
    prompts: list[ChatPrompt]
    page_status: int
    page_html: str
    api_status: int
    api: dict[str, Any]
    new_rows: list[dict[str, Any]]
    violations: list[str] = field(default_factory=list)

    @property
    def shown(self) -> list[dict[str, Any]]:
        return [*self.api.get("matches", []), *self.api.get("gaps", [])]

    @property
    def reasons(self) -> Counter[str]:
        return Counter(f for f in self.fates if f not in {"shown", "unchecked"})

    def calls(self, system: str) -> list[ChatPrompt]:
        """The model calls made with this instruction (the posting's or the viewer's)."""
        return [p for p in self.prompts if p.system == system]


class Harness:
    """Runs payloads for one user and one job through the page and the API."""

    def __init__(self, client: Any, user: Any, job: Job, install: Callable[[Any], None]) -> None:
        self.client = client
        self.user = user
        self.job = job
        self.install = install
        self.page_url = reverse("explain:explain-job", args=[job.pk])
        self.api_url = reverse("explain:api-explain", args=[job.pk])

    @staticmethod
    def _fresh_caches() -> None:
        # A fresh window and no cached draft, so each request calls the model once.
        clear_caches()

    def _set_texts(self, profile: dict[str, str], job: dict[str, str]) -> None:
        CandidateProfile.objects.filter(user=self.user).update(**profile)
        Job.objects.filter(pk=self.job.pk).update(**job)

    def request_both(self, answer: str) -> tuple[ObeyingModel, Any, Any]:
        """The page, then the API: the first reads the posting when no reading of its
        text is stored (the posting's call, then the viewer's), the second finds it."""
        model = ObeyingModel(answer)
        self.install(model)
        self._fresh_caches()
        page = self.client.post(self.page_url, {"next": self.job.get_absolute_url()})
        self._fresh_caches()
        api = self.client.post(self.api_url)
        return model, page, api

    # The page's own structure does not change within a process: computed once.
    _baseline: PageShape | None = None

    def baseline(self) -> PageShape:
        """The page's own structure, from benign answers on the base texts."""
        if Harness._baseline is None:
            self._set_texts(BASE_PROFILE, BASE_JOB)
            benign = {
                "matches": [
                    {"point": "Java fits.", "term": "Java", "profileQuote": "@", "jobQuote": "@"},
                    {
                        "point": "Invented.",
                        "term": "Java",
                        "profileQuote": "Rust (9 years)",
                        "jobQuote": "Java",
                    },
                ],
                "gaps": [
                    {
                        "point": "AWS.",
                        "term": "AWS",
                        "profileQuote": "",
                        "jobQuote": "services on AWS",
                    }
                ],
            }
            benign["matches"][0].update(profileQuote=GENUINE["@profile"], jobQuote=GENUINE["@job"])
            shapes = []
            # The benign reading; the same requirements with no evidence given; and a
            # posting read afresh with no requirement kept (said plainly on the page).
            answers: tuple[tuple[dict[str, Any], bool], ...] = (
                (benign, True),
                ({"matches": [], "gaps": []}, False),
                ({"matches": [], "gaps": []}, True),
            )
            for answer, fresh in answers:
                if fresh:
                    StoredReading.objects.filter(job_ref=str(self.job.pk)).delete()
                _, page, _ = self.request_both(json.dumps(answer))
                shapes.append(PageShape.of(page.content.decode()))
            Harness._baseline = PageShape(
                frozenset().union(*(s.tags for s in shapes)),
                frozenset().union(*(s.attributes for s in shapes)),
                (),
                (),
                frozenset().union(*(s.raw_tags for s in shapes)),
            )
        return Harness._baseline

    def run(self, payload: Payload, where: str) -> Run:
        baseline = self.baseline()
        profile_values, job_values = placed(payload, where)
        self._set_texts(profile_values, job_values)
        profile, job = texts_for(user=self.user, job_id=str(self.job.pk))
        _, title = postings.posting_text(str(self.job.pk))
        offered = attacker_claims(payload, where)
        draft = draft_json(offered)
        # Each run's posting is read by this run's model: the attacker answers that call too.
        StoredReading.objects.filter(job_ref=str(self.job.pk)).delete()
        before = ExplanationLog.objects.order_by("-id").values_list("id", flat=True).first() or 0
        model, page, api = self.request_both(json.dumps(draft))
        rows = [
            dict(row)
            for row in ExplanationLog.objects.filter(id__gt=before).order_by("id").values()
        ]
        stored = StoredReading.objects.filter(job_ref=str(self.job.pk)).order_by("-id").first()
        reading = postings.reading_of(stored) if stored is not None else PostingReading()
        fates, checklist = claim_fates(offered, reading, profile, job, title)
        result = Run(
            payload=payload,
            where=where,
            offered=offered,
            fates=fates,
            profile_text=profile.text,
            job_text=job.text,
            job_title=title,
            reading=reading,
            checklist=checklist,
            prompts=model.prompts,
            page_status=page.status_code,
            page_html=page.content.decode(),
            api_status=api.status_code,
            api=api.json(),
            new_rows=rows,
        )
        result.violations = audit(result, baseline)
        return result


# --------------------------------------------------------------------------- the audit


def _check_quote(quote: str, span: dict[str, Any] | None, text: str, label: str) -> list[str]:
    """A shown quote must be the sent text's own words at its offsets, found by the rule."""
    if span is None:
        return [f"{label} quote {quote!r} has no offsets"]
    start, end = span["start"], span["end"]
    if not 0 <= start < end <= len(text):
        return [f"{label} quote offsets {start}-{end} fall outside the text"]
    words = text[start:end]
    problems = []
    if INVISIBLE_CONTROLS.sub("", words) != quote:
        problems.append(f"{label} quote {quote!r} is not the text at its offsets ({words!r})")
    if find_quote(words, text) is None:
        problems.append(f"{label} quote {quote!r} is not found in the {label} text")
    return problems


def audit(run: Run, baseline: PageShape) -> list[str]:
    """Every way the run could have let the attacker through; empty when it did not."""
    return [
        *_audit_model_calls(run),
        *_audit_log_rows(run),
        *_audit_api(run),
        *_audit_page(run, baseline),
    ]


def _audit_model_calls(run: Run) -> list[str]:
    """The posting read once, with its instruction and the job text as data; then one
    viewer's call per request (none when the reading kept no requirement), with its
    instruction, the title, the verified requirements and the profile as data: the job
    text itself never again."""
    problems: list[str] = []
    posting = run.calls(POSTING_INSTRUCTION)
    viewer = run.calls(VIEWER_INSTRUCTION)
    if len(posting) + len(viewer) != len(run.prompts):
        problems.append("a model call with another system instruction")
    if len(posting) != 1:
        problems.append(f"{len(posting)} posting calls for one posting text")
    expected_viewer = 2 if run.reading.requirements else 0
    if len(viewer) != expected_viewer:
        problems.append(f"{len(viewer)} viewer calls, {expected_viewer} expected")
    for prompt in posting:
        if prompt.user != build_posting_message(run.job_text):
            problems.append("the posting call's message is not the job text under its heading")
    message = build_viewer_message(run.job_title, run.reading.requirements, run.profile_text)
    for prompt in viewer:
        if prompt.user != message:
            problems.append(
                "the viewer call's message is not the title, the verified "
                "requirements and the profile under their headings"
            )
    return problems


def _audit_log_rows(run: Run) -> list[str]:
    """One log row per request, and the posting reading's own row, holding no text."""
    problems: list[str] = []
    readings = [r for r in run.new_rows if str(r["prompt_version"]).startswith("posting-")]
    if len(readings) != 1 or len(run.new_rows) != 3:
        problems.append(
            f"{len(run.new_rows)} log rows ({len(readings)} of the posting's reading) "
            "for 2 requests and one reading"
        )
    stored = json.dumps(run.new_rows, default=str)
    for secret in (run.payload.quote, *(c["point"] for c in run.offered)):
        if len(secret) > 3 and secret in stored:
            problems.append(f"log row holds text {secret[:40]!r}")
    return problems


def _audit_api(run: Run) -> list[str]:
    """The API: what is shown, and only that."""
    problems: list[str] = []
    data = run.api
    if run.api_status not in {200, 502} or run.page_status != run.api_status:
        problems.append(f"statuses page {run.page_status}, api {run.api_status}")
    shown = run.shown
    expected = run.checklist.verification
    matches = [(m["term"], m["job_quote"], m["profile_quote"]) for m in data.get("matches", [])]
    gaps = [(g["term"], g["job_quote"]) for g in data.get("gaps", [])]
    if matches != [(p.term, p.job_quote, p.profile_quote) for p in expected.matches]:
        problems.append(f"{len(matches)} shown in the profile, not the checklist's own")
    if gaps != [(p.term, p.job_quote) for p in expected.gaps]:
        problems.append(f"{len(gaps)} not found in the profile, not the checklist's own")
    shown_claims = sum(
        fate == "shown" and claim["kind"] == "match"
        for claim, fate in zip(run.offered, run.fates, strict=True)
    )
    if len(matches) != shown_claims:
        problems.append(f"{len(matches)} shown, {shown_claims} offered claims passed")
    for item in shown:
        problems += _audit_shown_item(run, item)
    if data.get("dropped", 0) + data.get("unchecked", 0) > len(run.offered):
        problems.append("more dropped than offered")
    return problems


def _audit_shown_item(run: Run, item: dict[str, Any]) -> list[str]:
    """A shown point is an offered claim, plain text, with quotes that are the texts' own."""
    problems: list[str] = []
    point = item["point"]
    if not any(_claimed(claim, item) for claim in run.offered):
        problems.append(f"shown point {point!r} does not carry the quotes it was offered with")
    if not _code_sentence(item):
        problems.append(f"shown point {point!r} is not a sentence code writes from its term")
    if contains_contact(point) or contains_markup(point):
        problems.append(f"shown point carries a link or markup: {point!r}")
    if "<" in point:
        problems.append(f"shown point has '<': {point!r}")
    if INVISIBLE_CONTROLS.search(point + item["profile_quote"] + item["job_quote"]):
        problems.append(f"bidi or tag characters in {point!r}")
    problems += _check_quote(item["job_quote"], item["job_span"], run.job_text, "job")
    if item["kind"] == "match":
        problems += _check_quote(
            item["profile_quote"], item["profile_span"], run.profile_text, "profile"
        )
    elif item["profile_quote"] or item["profile_span"] is not None:
        problems.append("a gap carries a profile quote")
    return problems


def _audit_page(run: Run, baseline: PageShape) -> list[str]:
    """The page: no markup, script, handler or link from the attacker."""
    problems: list[str] = []
    page = run.page_html
    shape = PageShape.of(page)
    if not shape.tags <= baseline.tags:
        problems.append(f"page has new elements {sorted(shape.tags - baseline.tags)}")
    if not shape.attributes <= baseline.attributes:
        problems.append(f"page has new attributes {sorted(shape.attributes - baseline.attributes)}")
    if any(name.startswith("on") for _, name in shape.attributes):
        problems.append("page has an event-handler attribute")
    problems += [f"page links off-site: {u!r}" for u in shape.urls if not _same_origin(u)]
    problems += [f"page runs script {s!r}" for s in shape.scripts if not s.startswith("/static/")]
    for text in (run.payload.planted, *(c["point"] for c in run.offered)):
        for tag in RAW_TAG.findall(text):
            if tag in page and tag not in baseline.raw_tags:
                problems.append(f"raw attacker markup {tag!r} in the page")
        if "<" in text and text.strip() in page:
            problems.append(f"attacker text reached the page unescaped: {text[:40]!r}")
    if INVISIBLE_CONTROLS.search(page):
        problems.append("bidi or tag characters in the page")
    if settings.SECRET_KEY in page or settings.SECRET_KEY in json.dumps(run.api):
        problems.append("SECRET_KEY in the response")
    # Every requirement the API lists is on the page, in the sentence code wrote for its state.
    for requirement in run.api.get("requirements", []):
        line = requirement.get("state_line", "")
        if _escaped(line) not in page:
            problems.append(f"requirement {line!r} missing from the page")
    return problems


def _same_words(claimed: str, shown: str) -> bool:
    ends = " \"'.,;:!?"
    return normalize(claimed).strip(ends) == normalize(shown).strip(ends)


def _code_sentence(item: dict[str, Any]) -> bool:
    """True when the shown sentence is one of code's templates filled with the item's own
    term and profile form (the harness runs in English): never words the model wrote."""
    fill = {"term": item["term"], "profile_term": item["profile_term"]}
    return item["point"] in {str(template) % fill for template in POINT_TEMPLATES}


def _claimed(claim: dict[str, str], item: dict[str, Any]) -> bool:
    """True when the shown item carries this offered claim's words: a match both its
    quotes; a requirement not found in the profile the job quote the model listed it by."""
    if item["kind"] == "match":
        return (
            claim["kind"] == "match"
            and _same_words(claim["jobQuote"], item["job_quote"])
            and _same_words(claim["profileQuote"], item["profile_quote"])
        )
    return _same_words(claim["jobQuote"], item["job_quote"])


def _escaped(text: str) -> str:
    from django.utils.html import escape

    return str(escape(text))


# --------------------------------------------------------------------------- hostile text

# One character each, many after NFKC ("\ufdfa" is 18 characters and four words).
EXPANDING = ["\ufdfa", "\ufdfb", "\u0390", "\u3392", "\ufb03", "\u1e9e"]
MARKS = "".join(chr(cp) for cp in range(0x0300, 0x0300 + 40))


def hostile_text(words: int) -> str:
    """Words of long-expanding characters, with stacks of up to 40 combining marks."""
    pieces = []
    for i in range(words):
        pieces.append(EXPANDING[i % len(EXPANDING)] * (1 + i % 3))
        if i % 4 == 0:
            pieces.append("e" + MARKS[: 1 + i % 40])
    return " ".join(pieces)
