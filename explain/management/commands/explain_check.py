"""`python manage.py explain_check`: a configuration doctor for the explain app.

    python manage.py explain_check [--user NAME_OR_ID --job JOB_ID] [--page URL_OR_JOB_ID]
                                   [--live]

Checks the settings, the host's adapter (for a real user and job), that the cache is
shared, that explain's URLs reverse; with --page, renders one job page through the test
client and checks its field keys and its served CSP (explain/management/page_probe.py);
with --live makes the two real calls of a first request, minimal. Prints one line per
check and exits non-zero when any failed. It never prints a key, a profile or a job text:
counts, names and codes only.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import checks as django_checks
from django.core.cache import caches
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import DatabaseError, connection
from django.urls import NoReverseMatch, URLPattern, reverse
from django.utils.module_loading import import_string

from explain.adapter import BaseExplainSource, Field, JobUnavailable
from explain.checks.demo import FIX as DEMO_FIX
from explain.checks.demo import demo_problem, recordings_model
from explain.checks.source import attribute_problems
from explain.conf import app_settings
from explain.core.checklist import State, ViewerAnswer, build_checklist
from explain.core.posting import PostingAnswer, read_posting
from explain.core.posting_prompt import POSTING_INSTRUCTION, build_posting_message
from explain.core.texts import SourceText, has_content, job_text, profile_text
from explain.core.verify import Checker
from explain.core.viewer_prompt import VIEWER_INSTRUCTION, build_viewer_message
from explain.llm.client import ChatClient, TokenUsage, model_name
from explain.llm.errors import ModelCallError
from explain.llm.profiles import family_for, request_rules
from explain.llm.recorded import field_values
from explain.llm.registry import get_chat_model
from explain.management.page_probe import probe_page
from explain.services.limits import verify_limits
from explain.services.readiness import FIX as MIGRATE
from explain.services.readiness import unapplied, unapplied_text

# Caches each process keeps to itself: counters on them are per process, not per site.
NOT_SHARED = (
    "django.core.cache.backends.locmem.LocMemCache",
    "django.core.cache.backends.filebased.FileBasedCache",
    "django.core.cache.backends.db.DatabaseCache",
    "django.core.cache.backends.dummy.DummyCache",
)

# The system checks for "no model at all": the doctor's own model line says it, as a failure.
SAID_BY_THE_MODEL_LINE = frozenset({"explain.W106", "explain.E107"})

# The --live calls: the smallest texts that still ask for the real schemas, as fields
# (key, label, value) the way an adapter hands them over.
LIVE_TITLE = "Python Developer"
LIVE_PROFILE_FIELDS = (
    ("headline", "Headline", "Backend developer"),
    ("skills", "Skills", "Python, Django"),
)
LIVE_JOB_FIELDS = (
    ("title", "Job title", LIVE_TITLE),
    ("description", "Description", "Build Django APIs in Python."),
)


@dataclass(frozen=True)
class Finding:
    level: str  # "ok", "warn" or "fail"
    check: str
    text: str


class Command(BaseCommand):
    help = "Check the explain app's configuration; --live also makes two real model calls."
    # The doctor reports the system checks itself, instead of stopping on the first error.
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        login = get_user_model().USERNAME_FIELD
        parser.add_argument(
            "--user",
            help=f"a user, by the login field of the user model ({login}: USERNAME_FIELD) "
            "or by id, for the adapter check",
        )
        parser.add_argument("--job", help="a job id the adapter should find, for that user")
        parser.add_argument(
            "--page",
            help="a job page's path or URL, or a job id (through EXPLAIN_JOB_URL_NAME): "
            "rendered as --user (or anonymously) and checked for the field keys and the CSP",
        )
        parser.add_argument(
            "--live",
            action="store_true",
            help="read a short posting and check a short profile against it: two minimal "
            "structured calls to the configured model (billed)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        findings = [
            *settings_findings(),
            *adapter_findings(options.get("user"), options.get("job")),
            *demo_findings(options.get("user"), options.get("job")),
            *cache_findings(),
            *url_findings(),
        ]
        if options.get("page"):
            findings.extend(page_findings(options["page"], options.get("user")))
        if options["live"]:
            findings.extend(live_findings())
        for finding in findings:
            self.stdout.write(f"{finding.level.upper():<4} {finding.check}: {finding.text}")
        failed = [f for f in findings if f.level == "fail"]
        if failed:
            raise CommandError(f"{len(failed)} check(s) failed")
        self.stdout.write(self.style.SUCCESS("All checks passed."))


def settings_findings() -> list[Finding]:
    """The system checks of explain (and the rate limiter), and what the model is."""
    found = []
    for message in django_checks.run_checks():
        if not (message.id or "").startswith(("explain.", "django_ratelimit.")):
            continue
        if message.is_silenced() or message.id in SAID_BY_THE_MODEL_LINE:
            continue
        level = "fail" if message.level >= django_checks.ERROR else "warn"
        found.append(Finding(level, "settings", f"{message.id}: {message.msg}"))
    found.extend(migration_findings())
    model = get_chat_model()
    if model is None:
        found.append(
            Finding(
                "fail",
                "model",
                "none: GEMINI_API_KEY is not set and demo mode is off, so the panel says "
                "explanations are unavailable. Fix: set GEMINI_API_KEY (setting or "
                "environment), or EXPLAIN_DEMO_MODE = True to answer from recordings",
            )
        )
    else:
        found.append(Finding("ok", "model", _describe(model)))
    if not any(f.level != "ok" and f.check == "settings" for f in found):
        found.insert(0, Finding("ok", "settings", "no problems found by the system checks"))
    return found


def migration_findings() -> list[Finding]:
    """explain's tables: unmigrated, every request would answer 503 (its row has no table)."""
    try:
        names = unapplied()
    except Exception as exc:
        return [Finding("fail", "database", f"cannot read the migrations ({type(exc).__name__})")]
    if not names:
        return []
    name = str(connection.settings_dict.get("NAME") or "")
    if name == ":memory:" or "mode=memory" in name:
        # Each process starts with an empty database: this run cannot see the site's.
        return [Finding("warn", "database", f"{unapplied_text(names)} (an in-memory database)")]
    return [Finding("fail", "database", f"{unapplied_text(names)}. Fix: run {MIGRATE}")]


def _describe(model: Any) -> str:
    name = model_name(model)
    if not app_settings.GEMINI_API_KEY or app_settings.CHAT_MODEL:
        return f"{name} (not Gemini)"
    rules = getattr(model, "rules", None) or request_rules(name)
    family, known = family_for(rules.model)
    temperature = "sent" if rules.send_temperature else "not sent"
    return (
        f"Gemini {rules.model} ({family.name}{'' if known else ', by default'}): "
        f"{rules.thinking_param.value} {rules.thinking}, maxOutputTokens "
        f"{rules.max_output_tokens}, temperature {temperature}; key set"
    )


def adapter_findings(user_ref: str | None, job_id: str | None) -> list[Finding]:
    if not user_ref or not job_id:
        return [Finding("warn", "adapter", "not called: give --user and --job to call it")]
    try:
        user = _user(user_ref)
    except DatabaseError as exc:
        return [Finding("fail", "adapter", f"the database is not ready ({type(exc).__name__})")]
    if user is None:
        return [Finding("fail", "adapter", no_such_user(user_ref))]
    from explain.services.explanations import texts_for
    from explain.source import get_source

    try:
        source = get_source()
        misread = attribute_findings(source, user, str(job_id))
        if misread:
            return misread
        wrong = return_problem("profile_fields", source.profile_fields(user)) or (
            return_problem("job_fields", source.job_fields(str(job_id), user))
        )
        if wrong:
            return [Finding("fail", "adapter", wrong)]
        profile, job = texts_for(user=user, job_id=str(job_id))
    except JobUnavailable:
        return [Finding("fail", "adapter", "the adapter says this job is not available")]
    except Exception as exc:  # the host's code: its type, never its message (texts)
        return [Finding("fail", "adapter", f"the adapter raised {type(exc).__name__}")]
    text = (
        f"profile {len(profile.fields)} fields, {len(profile.text)} characters; "
        f"job {len(job.fields)} fields, {len(job.text)} characters"
    )
    if not has_content(job):
        return [
            Finding(
                "fail",
                "adapter",
                f"{text}; the job is empty, so it is never explained. Fix: return the "
                "posting's shown fields from job_fields (title, description, requirements)",
            )
        ]
    if not has_content(profile):
        return [Finding("warn", "adapter", f"{text}; the profile is empty: no model call")]
    return [Finding("ok", "adapter", text)]


def attribute_findings(source: Any, user: Any, job_id: str) -> list[Finding]:
    """A BaseExplainSource's attribute names against the objects its get_profile and
    get_job return for this user and job: a typo or the wrong object fails, named."""
    if not isinstance(source, BaseExplainSource):
        return []
    found = []
    profile = source.get_profile(user)
    if profile is not None:
        for problem in attribute_problems(
            profile, source.profile_attributes, setting_name="profile_attributes"
        ):
            found.append(Finding("fail", "adapter", problem.line()))
    job = source.get_job(job_id, user)
    if job is not None:
        for problem in attribute_problems(
            job, source.job_attributes, setting_name="job_attributes"
        ):
            found.append(Finding("fail", "adapter", problem.line()))
    return found


def demo_findings(user_ref: str | None, job_id: str | None) -> list[Finding]:
    """Demo mode answers only the demo's postings (the local matcher on their recorded
    requirements, for any profile): for this user and job, is there an answer; or else,
    is this the demo portal at all?"""
    model = recordings_model()
    if model is None:
        return []
    from explain.services.explanations import texts_for

    try:
        user = _user(user_ref) if user_ref else None
        if user is not None and job_id:
            _profile, job = texts_for(user=user, job_id=str(job_id))
            if model.requirements(field_values(job)):
                answers = "the demo's word matcher answers this user on this demo posting"
                return [Finding("ok", "demo", answers)]
            return [
                Finding(
                    "fail",
                    "demo",
                    "this job is not one of the demo's postings: this user gets 503 "
                    f'("Demo answers exist only for the demo postings"). Fix: {DEMO_FIX}',
                )
            ]
        problem = demo_problem(model)
    except Exception as exc:  # adapter faults are the adapter line's; tables the database's
        return [Finding("warn", "demo", f"not checked ({type(exc).__name__})")]
    if problem:
        return [Finding("fail", "demo", f"{problem}. Fix: {DEMO_FIX}")]
    return [Finding("ok", "demo", "the demo's seeded users are among the users")]


def return_problem(method: str, value: Any) -> str:
    """What is wrong with what an adapter method returned ("" when it keeps the contract):
    the method, the type it returned and what is expected, never the values (texts)."""
    expected = "expected list[explain.adapter.Field] (Field(key, label, value) with str values)"
    if not isinstance(value, list):
        return f"{method} returned {type(value).__name__}; {expected}"
    for index, item in enumerate(value):
        if not isinstance(item, Field):
            return f"{method}()[{index}] is {type(item).__name__}; {expected}"
        for attribute in ("key", "label", "value"):
            part = getattr(item, attribute)
            if not isinstance(part, str):
                return (
                    f"{method}()[{index}].{attribute} is {type(part).__name__}; {expected} "
                    "(use '' for a missing value)"
                )
    return ""


def page_findings(page: str, user_ref: str | None) -> list[Finding]:
    """One job page as the browser gets it: the panel, its field keys, its served CSP."""
    user = None
    if user_ref:
        try:
            user = _user(user_ref)
        except DatabaseError as exc:
            return [Finding("fail", "page", f"the database is not ready ({type(exc).__name__})")]
        if user is None:
            return [Finding("fail", "page", no_such_user(user_ref))]
    return [Finding(level, "page", text) for level, text in probe_page(page, user)]


def _user(ref: str) -> Any:
    users = get_user_model()._default_manager
    field = get_user_model().USERNAME_FIELD
    found = users.filter(**{field: ref}).first()
    if found is None and ref.isdigit():
        found = users.filter(pk=int(ref)).first()
    return found


def no_such_user(ref: str) -> str:
    field = get_user_model().USERNAME_FIELD
    by_id = " or id" if ref.isdigit() else ""
    return (
        f"no user with {field}{by_id} {ref!r}. Fix: give --user the user's {field} "
        "(the user model's USERNAME_FIELD, what they log in with) or their id"
    )


def cache_findings() -> list[Finding]:
    """Rate limits, the breaker and the budget need one cache every process shares."""
    found = []
    aliases = {
        app_settings.CACHE_ALIAS,
        str(getattr(settings, "RATELIMIT_USE_CACHE", "default")),
    }
    for alias in sorted(aliases):
        backend = str(settings.CACHES.get(alias, {}).get("BACKEND", ""))
        try:
            _round_trip(caches[alias])
        except Exception as exc:
            found.append(
                Finding("fail", "cache", f"{alias!r} failed a round trip ({type(exc).__name__})")
            )
            continue
        if backend in NOT_SHARED or backend.rsplit(".", 1)[-1] in {
            b.rsplit(".", 1)[-1] for b in NOT_SHARED
        }:
            short = backend.rsplit(".", 1)[-1]
            if settings.DEBUG:
                found.append(
                    Finding(
                        "warn",
                        "cache",
                        f"{alias!r} is {short}: one process only, fine for the demo, "
                        "not for several workers",
                    )
                )
            else:
                found.append(
                    Finding(
                        "fail",
                        "cache",
                        f"{alias!r} is {short}, which processes do not share: rate limits, "
                        "the circuit breaker and the daily limit would count per process",
                    )
                )
        else:
            found.append(
                Finding("ok", "cache", f"{alias!r} is shared ({backend.rsplit('.', 1)[-1]})")
            )
    return found


def _round_trip(cache: Any) -> None:
    key = "explain:check:probe"
    cache.delete(key)
    if not cache.add(key, 1, timeout=30) or cache.incr(key) != 2 or cache.get(key) != 2:
        raise RuntimeError("the cache did not keep a counter")
    cache.delete(key)


def url_findings() -> list[Finding]:
    urls = import_string("explain.urls.urlpatterns")
    reversed_ = []
    for pattern in urls:
        if not isinstance(pattern, URLPattern) or not pattern.name:
            continue
        args = ["1"] * len(pattern.pattern.converters)
        try:
            reversed_.append(reverse(f"explain:{pattern.name}", args=args))
        except NoReverseMatch:
            return [
                Finding(
                    "fail",
                    "urls",
                    f"explain:{pattern.name} does not reverse: include('explain.urls') "
                    "in the host's URLconf",
                )
            ]
    return [Finding("ok", "urls", f"{len(reversed_)} URLs reverse (e.g. {reversed_[0]})")]


def _live_texts() -> tuple[SourceText, SourceText]:
    """The --live profile and posting as the site would send them (fields and labels)."""
    profile = profile_text(
        [Field(key, label, value) for key, label, value in LIVE_PROFILE_FIELDS],
        max_chars=app_settings.MAX_TEXT_CHARS,
    )
    job = job_text(
        [Field(key, label, value) for key, label, value in LIVE_JOB_FIELDS],
        max_chars=app_settings.MAX_TEXT_CHARS,
    )
    return profile, job


def _tokens(usages: list[TokenUsage]) -> str:
    """The calls' token counts added up, each count "n/a" when no call reported it."""
    parts = []
    for label in ("prompt", "output", "thoughts", "total"):
        known = [getattr(u, label) for u in usages if getattr(u, label) is not None]
        parts.append(f"{label} {sum(known) if known else 'n/a'}")
    return ", ".join(parts)


def live_findings() -> list[Finding]:
    """The two real calls of a first request, minimal: the posting's reading of LIVE_JOB,
    then the viewer's call on what it kept, checked into a checklist. Model, latency,
    tokens, whether the provider took both schemas, and what the checks kept."""
    model = get_chat_model()
    if model is None:
        return [Finding("fail", "live", "no model to call (GEMINI_API_KEY is not set)")]
    name = model_name(model)
    profile, job = _live_texts()
    limits = verify_limits()
    usages: list[TokenUsage] = []
    started = time.monotonic()
    step = "the posting's reading"
    try:
        posting_call = (
            ChatClient(model)
            .prompt()
            .system(POSTING_INSTRUCTION)
            .user(build_posting_message(job.text))
            .schema(PostingAnswer)
            .call()
        )
        usages.append(posting_call.response.usage)
        reading = read_posting(posting_call.entity(PostingAnswer), job, limits=limits)
        if not reading.requirements:
            latency = (time.monotonic() - started) * 1000
            removed = ", ".join(f"{k} {v}" for k, v in reading.reasons.items()) or "none given"
            return [
                Finding(
                    "fail",
                    "live",
                    f"model {name}, {latency:,.0f} ms, tokens {_tokens(usages)}: the posting's "
                    f"reading kept no requirement of the test posting (removed: {removed})",
                )
            ]
        step = "the viewer's call"
        viewer_call = (
            ChatClient(model)
            .prompt()
            .system(VIEWER_INSTRUCTION)
            .user(build_viewer_message(LIVE_TITLE, reading.requirements, profile.text))
            .schema(ViewerAnswer)
            .call()
        )
        usages.append(viewer_call.response.usage)
        answer = viewer_call.entity(ViewerAnswer)
    except ModelCallError as exc:
        latency = (time.monotonic() - started) * 1000
        return [
            Finding(
                "fail",
                "live",
                f"model {name}, {latency:,.0f} ms: {exc.outcome} ({exc.detail}) in {step}; "
                f"schema accepted: {'no' if exc.outcome == 'provider_error' else 'unknown'}",
            )
        ]
    latency = (time.monotonic() - started) * 1000
    checker = Checker(
        profile.text,
        job.text,
        limits=limits,
        profile_fields=profile.spans,
        job_fields=job.spans,
    )
    checklist = build_checklist(reading, answer, checker)
    counts = ", ".join(f"{state.value} {checklist.count(state)}" for state in State)
    return [
        Finding(
            "ok" if checklist.count(State.SHOWN) else "warn",
            "live",
            f"model {name}, {latency:,.0f} ms for 2 calls, tokens {_tokens(usages)}; schema "
            f"accepted: yes; checklist of {checklist.total} requirement(s): {counts}",
        )
    ]
