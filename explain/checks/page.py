"""Checks of what the job page needs: the panel's settings resolve, and the host's CSP
lets the panel's script run and reach its API.

explain.E020 (EXPLAIN_PROFILE_URL does not resolve), E021 (EXPLAIN_SHOW_PANEL is not a
callable), E022 (script-src blocks the panel's script), E023 (connect-src blocks its API).
A typo in either setting no longer takes down the page (the panel hides itself or drops
the profile link), so without these checks it would go unnoticed.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.checks import CheckMessage, Error, register
from django.shortcuts import resolve_url
from django.urls import NoReverseMatch
from django.utils.module_loading import import_string

from explain.conf import setting


@register()
def check_panel_settings(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    problems: list[CheckMessage] = []
    target = setting("EXPLAIN_PROFILE_URL")
    if target:
        try:
            resolve_url(target)
        except NoReverseMatch:
            problems.append(
                Error(
                    f"EXPLAIN_PROFILE_URL {target!r} is neither a URL nor a URL name that "
                    "reverses without arguments.",
                    hint="Use your profile page's URL name (e.g. 'profile-edit') or a path "
                    "such as '/profile/'. Until then the panel shows no profile link.",
                    id="explain.E020",
                )
            )
    rule = setting("EXPLAIN_SHOW_PANEL")
    if rule is not None:
        try:
            decide = import_string(rule) if isinstance(rule, str) else rule
        except ImportError:
            decide = None
        if not callable(decide):
            problems.append(
                Error(
                    f"EXPLAIN_SHOW_PANEL {rule!r} is not a callable (or a dotted path to one).",
                    hint="Point it at a function taking the request and returning True or "
                    "False, e.g. 'myportal.explain_source.show_panel'. Until then the "
                    "panel is hidden on every page.",
                    id="explain.E021",
                )
            )
    return problems


# How django-csp 4's NONCE sentinel reads as a string (it has no public type to test).
NONCE_SENTINEL = "csp.constants.NONCE"


def _source(value: object) -> str:
    """One CSP source as the header would carry it; django-csp's NONCE as 'nonce-…'."""
    text = str(value)
    return "'nonce-…'" if text == NONCE_SENTINEL else text


def _directive(directives: dict[str, Any], name: str) -> list[str] | None:
    """A CSP directive's sources, falling back to default-src as browsers do."""
    for key in (name, "default-src"):
        if key in directives and directives[key] is not None:
            value = directives[key]
            return [value] if isinstance(value, str) else [_source(v) for v in value]
    return None


def script_src_blocks_panel(scripts: list[str]) -> bool:
    """Whether these script-src sources stop the panel's static scripts: 'strict-dynamic'
    ignores 'self' (only a nonce lets them in), and without it 'self' or a nonce does."""
    lowered = [s.strip().lower() for s in scripts]
    nonce = any(s.startswith("'nonce-") for s in lowered)
    strict = "'strict-dynamic'" in lowered
    return (strict and not nonce) or not (nonce or _opens_same_origin(scripts))


def _opens_same_origin(sources: list[str]) -> bool:
    lowered = [s.strip().lower() for s in sources]
    return any(s in ("'self'", "*") for s in lowered)


@register()
def check_csp(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    """django-csp 4's CONTENT_SECURITY_POLICY (and the report-only one) against the panel:
    it loads same-origin scripts and calls its same-origin API."""
    problems: list[CheckMessage] = []
    for name in ("CONTENT_SECURITY_POLICY", "CONTENT_SECURITY_POLICY_REPORT_ONLY"):
        policy = getattr(settings, name, None)
        if not isinstance(policy, dict):
            continue
        directives = policy.get("DIRECTIVES") or {}
        if not isinstance(directives, dict):
            continue
        scripts = _directive(directives, "script-src")
        if scripts is not None:
            if script_src_blocks_panel(scripts):
                problems.append(
                    Error(
                        f"{name}'s script-src {scripts!r} blocks the panel's script: the "
                        "panel would fall back to its no-JavaScript page.",
                        hint="Add csp.constants.NONCE to script-src (the panel's tags use "
                        "request.csp_nonce; render it with a RequestContext) or add SELF.",
                        id="explain.E022",
                    )
                )
        connects = _directive(directives, "connect-src")
        if connects is not None and not _opens_same_origin(connects):
            problems.append(
                Error(
                    f"{name}'s connect-src {connects!r} blocks the panel's API (same "
                    "origin): the panel would say it could not reach the site.",
                    hint="Add SELF ('self') to connect-src.",
                    id="explain.E023",
                )
            )
    return problems
