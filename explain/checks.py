"""System checks: a misconfigured explain app says so at start-up, with the fix."""

from __future__ import annotations

import inspect
from typing import Any

from django.conf import settings
from django.core.checks import CheckMessage, Error, Tags, Warning, register
from django.urls import NoReverseMatch, reverse
from django.utils.module_loading import import_string

from explain.adapter import ExplainSource
from explain.conf import setting


@register()
def check_explain_settings(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    problems: list[CheckMessage] = []
    source = setting("EXPLAIN_SOURCE")
    if not source:
        problems.append(
            Error(
                "EXPLAIN_SOURCE is not set.",
                hint="Point it at your adapter class, e.g. 'myportal.explain_source.Source'.",
                id="explain.E001",
            )
        )
    else:
        try:
            adapter = import_string(str(source))
        except ImportError:
            problems.append(
                Error(
                    f"EXPLAIN_SOURCE {source!r} cannot be imported.",
                    hint="Check the dotted path to the adapter class.",
                    id="explain.E002",
                )
            )
        else:
            problems.extend(adapter_problems(adapter))
    for name, low in (
        ("EXPLAIN_MAX_TEXT_CHARS", 200),
        ("EXPLAIN_MAX_QUOTE_WORDS", 1),
        ("EXPLAIN_MAX_POINT_CHARS", 20),
        ("EXPLAIN_MAX_POINTS", 1),
        ("EXPLAIN_MAX_OUTPUT_TOKENS", 64),
    ):
        value = setting(name)
        if name == "EXPLAIN_MAX_OUTPUT_TOKENS" and value is None:
            continue  # the model family's own bound (explain/llm/profiles.py)
        if not isinstance(value, int) or value < low:
            problems.append(
                Error(
                    f"{name} must be an integer of at least {low}.",
                    hint=f"Got {value!r}.",
                    id="explain.E004",
                )
            )
    timeout = setting("EXPLAIN_TIMEOUT_SECONDS")
    if not isinstance(timeout, int | float) or not 0 < timeout <= 120:
        problems.append(
            Error(
                "EXPLAIN_TIMEOUT_SECONDS must be a number between 0 and 120.",
                hint="Someone is waiting: 30 is the default.",
                id="explain.E005",
            )
        )
    if setting("EXPLAIN_DEMO_MODE"):
        problems.extend(recordings_problems())
    return problems


# The contract's methods as the app calls them: positionally, in this order.
CONTRACT = {
    "profile_fields": "def profile_fields(self, user) -> list[Field]:",
    "job_fields": "def job_fields(self, job_id: str, user) -> list[Field]:",
}


def _positional_names(function: Any) -> list[str] | None:
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):
        return None
    return [
        p.name
        for p in signature.parameters.values()
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
    ]


def adapter_problems(adapter: Any) -> list[CheckMessage]:
    """The adapter's methods against ExplainSource's signatures (explain.E003, W003)."""
    problems: list[CheckMessage] = []
    for name, fix in CONTRACT.items():
        method = getattr(adapter, name, None)
        expected = inspect.signature(getattr(ExplainSource, name))
        if not callable(method):
            problems.append(
                Error(
                    f"The EXPLAIN_SOURCE adapter has no method {name}.",
                    hint=f"Add it: {fix}",
                    id="explain.E003",
                )
            )
            continue
        arguments = [None] * (len(expected.parameters))  # self and the contract's arguments
        try:
            inspect.signature(method).bind(*arguments)
        except TypeError:
            problems.append(
                Error(
                    f"The adapter's {name}{inspect.signature(method)} cannot be called as "
                    f"{name}{expected}.",
                    hint=f"Change it to: {fix}",
                    id="explain.E003",
                )
            )
            continue
        names = _positional_names(method)
        wanted = list(expected.parameters)
        if names is not None and names[: len(wanted)] != wanted:
            problems.append(
                Warning(
                    f"The adapter's {name} takes ({', '.join(names)}); the app passes "
                    f"({', '.join(wanted)}) in that order.",
                    hint=f"Rename or reorder the parameters: {fix}",
                    id="explain.W003",
                )
            )
    return problems


@register(Tags.urls)
def check_urls_included(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    """The panel links to the app's URLs by the 'explain' namespace (explain.E006)."""
    try:
        reverse("explain:api-explain", args=["1"])
    except NoReverseMatch:
        return [
            Error(
                "The explain URLs are not included under the 'explain' namespace: every job "
                "page with the panel would fail with \"'explain' is not a registered "
                'namespace".',
                hint='Add to your ROOT_URLCONF: path("explain/", include("explain.urls")),',
                id="explain.E006",
            )
        ]
    return []


REQUEST_PROCESSOR = "django.template.context_processors.request"


@register(Tags.templates)
def check_request_context_processor(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    """{% explain_panel %} reads the request from the template context (explain.E007)."""
    engines: list[dict[str, Any]] = settings.TEMPLATES
    django_engines = [
        engine
        for engine in engines
        if engine.get("BACKEND") == "django.template.backends.django.DjangoTemplates"
    ]
    if any(
        REQUEST_PROCESSOR in engine.get("OPTIONS", {}).get("context_processors", [])
        for engine in django_engines
    ):
        return []
    return [
        Error(
            "The request context processor is not enabled, so {% explain_panel %} cannot "
            "see who is logged in.",
            hint=f'Add "{REQUEST_PROCESSOR}" to TEMPLATES[0]["OPTIONS"]["context_processors"].',
            id="explain.E007",
        )
    ]


# Caches that are per process, or not atomic: a rate limit on them is not one limit.
NOT_SHARED = frozenset(
    {
        "django.core.cache.backends.locmem.LocMemCache",
        "django.core.cache.backends.filebased.FileBasedCache",
        "django.core.cache.backends.db.DatabaseCache",
        "django.core.cache.backends.dummy.DummyCache",
    }
)
SHARED_CACHE_FIX = (
    'CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", '
    '"LOCATION": "redis://127.0.0.1:6379"}}'
)


@register(Tags.caches)
def check_shared_cache(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    """The explanation cache and the rate limit need one cache shared by every process
    (explain.E008, explain.W004); the single-process DEBUG demo may use a local one."""
    problems: list[CheckMessage] = []
    uses = {
        "EXPLAIN_CACHE_ALIAS": str(setting("EXPLAIN_CACHE_ALIAS")),
        "RATELIMIT_USE_CACHE": str(getattr(settings, "RATELIMIT_USE_CACHE", "default")),
    }
    caches: dict[str, dict[str, Any]] = settings.CACHES
    for name, alias in uses.items():
        if alias not in caches:
            problems.append(
                Error(
                    f"{name} names the cache {alias!r}, which is not in CACHES.",
                    hint=f'Add it to CACHES, or set {name} = "default".',
                    id="explain.E008",
                )
            )
        elif not settings.DEBUG and caches[alias].get("BACKEND") in NOT_SHARED:
            problems.append(
                Warning(
                    f"{name} uses the cache {alias!r} ({caches[alias]['BACKEND']}), "
                    "which is not shared by all processes: each process would keep its own "
                    "rate limit and its own explanation cache.",
                    hint=f"Use Redis (or Memcached) for it, e.g. {SHARED_CACHE_FIX}",
                    id="explain.W004",
                )
            )
    return problems


@register()
def check_ratelimit(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    """The rate limit uses django-ratelimit's functions: it must be importable and on
    (explain.E009, explain.W005). Listing it in INSTALLED_APPS is not needed."""
    try:
        import django_ratelimit.core  # noqa: F401
    except ImportError:
        return [
            Error(
                "django-ratelimit is not installed; explain counts AI requests with it.",
                hint="pip install django-ratelimit (adding it to INSTALLED_APPS is optional).",
                id="explain.E009",
            )
        ]
    if not getattr(settings, "RATELIMIT_ENABLE", True):
        return [
            Warning(
                "RATELIMIT_ENABLE is False: every user may ask for AI explanations without limit.",
                hint="Remove RATELIMIT_ENABLE = False from your settings (or set it to True).",
                id="explain.W005",
            )
        ]
    return []


def recordings_problems() -> list[CheckMessage]:
    """Demo mode's recordings file must load (explain.W001)."""
    from explain.llm.recorded import RecordedChatModel, RecordingsError
    from explain.llm.registry import recordings_path

    path = recordings_path()
    try:
        RecordedChatModel.from_file(path)
    except (OSError, ValueError, RecordingsError) as exc:
        reason = str(exc) if isinstance(exc, RecordingsError) else type(exc).__name__
        return [
            Warning(
                f"EXPLAIN_DEMO_MODE is on but the recordings in {path} cannot be read "
                f"({reason}): every demo request will say explanations are unavailable.",
                hint="Unset EXPLAIN_RECORDED_DRAFTS to use the packaged demo recordings, or "
                "fix the file (format: docs/integrating.md, Demo mode).",
                id="explain.W001",
            )
        ]
    return []
