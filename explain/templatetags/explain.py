"""The tags a host uses: {% explain_assets %} in its <head>, {% explain_panel job_id %}
where the "Why this job?" panel goes on its job page."""

from __future__ import annotations

import logging
from typing import Any

from django import template
from django.conf import settings
from django.db.models import Model
from django.shortcuts import resolve_url
from django.templatetags.static import static
from django.urls import NoReverseMatch, reverse
from django.utils.html import format_html
from django.utils.module_loading import import_string
from django.utils.safestring import SafeString

from explain.conf import app_settings, profile_url
from explain.llm.registry import get_chat_model, is_demo_model
from explain.models import NOTE_MAX_LENGTH, FeedbackReport
from explain.services.explanations import explanation_recall, profile_ready
from explain.services.site_faults import log_internal_error
from explain.web.payload import explanation_payload

register = template.Library()
logger = logging.getLogger(__name__)


def show_panel(request: Any) -> bool:
    """Whether {% explain_panel %} renders for this request (EXPLAIN_SHOW_PANEL)."""
    rule = app_settings.SHOW_PANEL
    if rule is None:
        return True
    try:
        decide = import_string(rule) if isinstance(rule, str) else rule
    except ImportError:
        # A typo hides the panel instead of taking down the job page (explain.E021).
        return False
    if not callable(decide):
        return False
    return bool(decide(request))


# Set on the request once the panel's stylesheet and script are on the page.
_ASSETS_DONE = "_explain_assets_rendered"


@register.simple_tag(takes_context=True)
def explain_assets(context: dict[str, Any]) -> SafeString:
    """The panel's stylesheet and deferred script, for the host's <head>.

    Optional: without it the panel prints them itself, once, where it stands.
    """
    request = context.get("request")
    if request is not None:
        setattr(request, _ASSETS_DONE, True)
    # With a nonce and 'strict-dynamic' in script-src, a script without the nonce never
    # runs and the panel falls back to its no-script page.
    nonce = request_nonce(request)
    if nonce:
        return format_html(
            '<link rel="stylesheet" href="{}" nonce="{}">\n'
            '<script src="{}" defer nonce="{}"></script>\n'
            '<script src="{}" defer nonce="{}"></script>',
            static("explain/explain.css"),
            nonce,
            static("explain/explain-stream.js"),
            nonce,
            static("explain/explain.js"),
            nonce,
        )
    return format_html(
        '<link rel="stylesheet" href="{}">\n<script src="{}" defer></script>\n'
        '<script src="{}" defer></script>',
        static("explain/explain.css"),
        static("explain/explain-stream.js"),
        static("explain/explain.js"),
    )


def request_nonce(request: Any) -> str:
    """The CSP nonce of this request, "" when there is none.

    django-csp 4 sets request.csp_nonce to a lazy object that is falsy until first read
    (reading it is what puts the nonce into the header), so it is read with str(), never
    tested for truth.
    """
    nonce = getattr(request, "csp_nonce", None) if request is not None else None
    return "" if nonce is None else str(nonce)


@register.simple_tag(takes_context=True)
def explain_assets_if_missing(context: dict[str, Any]) -> SafeString:
    """The assets, unless {% explain_assets %} already put them on this page."""
    request = context.get("request")
    if request is not None and getattr(request, _ASSETS_DONE, False):
        return SafeString("")
    return explain_assets(context)


# The query parameter a host adds when the user comes back from editing their profile
# for this job: the panel asks again at once (a new call only if the texts changed).
REFRESH_PARAMETER = "explain"
REFRESH_VALUE = "refresh"
# The parameter alone is a link anyone can send: the panel asks on its own only when the
# host also marked this session after the user saved their profile (one use), so a GET
# from a shared link never spends a model call.
REFRESH_SESSION_KEY = "explain:ask_again"


def ask_again_on_return(request: Any) -> None:
    """Mark this session so the next job page opened with ?explain=refresh asks at once.

    A host calls it when it saves the profile and redirects back to the job (a POST by
    the user); without a session framework the panel simply does not ask on its own.
    """
    session = getattr(request, "session", None)
    if session is not None:
        session[REFRESH_SESSION_KEY] = True


def _asked_again(request: Any) -> bool:
    """The refresh parameter and the session's one-use mark, consumed together."""
    if request.GET.get(REFRESH_PARAMETER) != REFRESH_VALUE:
        return False
    session = getattr(request, "session", None)
    return session is not None and bool(session.pop(REFRESH_SESSION_KEY, False))


PANEL_TEMPLATE = "explain/panel.html"


@register.tag("explain_panel")
def do_explain_panel(parser: template.base.Parser, token: template.base.Token) -> template.Node:
    """{% explain_panel job.pk %} (or the job itself): the panel for this page's job."""
    bits = token.split_contents()
    if len(bits) != 2:
        raise template.TemplateSyntaxError(
            "{% explain_panel %} takes one argument, this page's job or its id: "
            "{% explain_panel job.pk %}"
        )
    return PanelNode(parser.compile_filter(bits[1]), bits[1])


class PanelNode(template.Node):
    """Renders the panel; a job id that names no job (an empty variable, a typo) renders
    no panel and a warning naming the variable, never an error page for the host."""

    def __init__(self, job: template.base.FilterExpression, source: str) -> None:
        self.job = job
        self.source = source

    def render(self, context: template.Context) -> str:
        job_id = self.job.resolve(context)
        if isinstance(job_id, Model):
            job_id = job_id.pk
        problem = job_id_problem(job_id)
        if problem:
            return self.misplaced(context, problem)
        data = explain_panel(context, job_id)
        engine = context.template.engine if context.template is not None else None
        panel = (engine or template.Engine.get_default()).get_template(PANEL_TEMPLATE)
        return panel.render(
            template.Context(
                data,
                autoescape=context.autoescape,
                use_l10n=context.use_l10n,
                use_tz=context.use_tz,
            )
        )

    def misplaced(self, context: template.Context, problem: str) -> str:
        jobs: list[str] = sorted(
            str(name)
            for name, value in context.flatten().items()
            if isinstance(name, str)
            and isinstance(value, Model)
            and not name.startswith("_")
            and name not in ("user", "request")
        )
        write = (
            " or ".join(f"{{% explain_panel {name}.pk %}}" for name in jobs[:3])
            if jobs
            else "{% explain_panel <this page's job variable>.pk %}"
        )
        text = (
            f"{{% explain_panel {self.source} %}}: {self.source} {problem}, so no panel is "
            f"shown. Fix: write {write}"
        )
        logger.warning("explain: %s", text)
        if settings.DEBUG:
            return format_html('<p class="explain-config-hint" role="note">{}</p>', text)
        return ""


def job_id_problem(job_id: Any) -> str:
    """Why this value cannot be a job id on the panel's URLs ("" when it can)."""
    if job_id is None or str(job_id).strip() == "":
        return "is empty on this page (no such variable in its context, or no value)"
    try:
        reverse("explain:api-explain", args=[str(job_id)])
    except NoReverseMatch:
        return "is not a job id the panel's URLs take (or explain.urls is not included)"
    return ""


def explain_panel(context: Any, job_id: Any) -> dict[str, Any]:
    """The panel template's context for this request and job."""
    request = context["request"]
    # {% explain_panel job %} is as natural as job.pk: a model instance stands for its pk,
    # instead of its str() being looked up as an id and called "not available".
    if isinstance(job_id, Model):
        job_id = job_id.pk
    if not show_panel(request):
        return {"hidden": True}
    user = request.user
    model = get_chat_model()
    has_profile = broken = False
    if user.is_authenticated:
        try:
            has_profile = profile_ready(user)
        except Exception as exc:
            # The host's adapter failed: the job page still renders, the panel says so.
            log_internal_error(logger, "The panel's profile check", exc)
            broken = True
    refresh = _asked_again(request)
    remembered = None
    if model is not None and has_profile and not refresh:
        # The user's last explanation of this job for this very profile, if the cache
        # holds it: shown at once, verified again, with no call and no allowance.
        recalled = explanation_recall(user=user, job_id=str(job_id))
        remembered = explanation_payload(recalled) if recalled is not None else None
    suffix = _panel_suffix(request)
    return {
        "hidden": False,
        "panel_id": f"explain-panel{suffix}",
        "heading_id": f"explain-heading{suffix}",
        "remembered_id": f"explain-remembered{suffix}",
        "broken": broken,
        "request": request,
        "job_id": str(job_id),
        "user_is_authenticated": user.is_authenticated,
        "has_profile": has_profile,
        "available": model is not None,
        "demo": model is not None and is_demo_model(model),
        "feedback_reasons": FeedbackReport.Reason.choices,
        "csrf_token": context.get("csrf_token"),
        "login_url": resolve_url(settings.LOGIN_URL),
        "profile_url": profile_url(),
        "back_url": request.path,
        "explanation": remembered,
        "auto_ask": refresh and model is not None and has_profile,
        "in_panel": True,
        "note_max_length": NOTE_MAX_LENGTH,
    }


# Panels rendered on this request so far: the first keeps the plain ids, the others are
# numbered, so a list page with a panel per card has no id twice.
_PANELS_RENDERED = "_explain_panels_rendered"


def _panel_suffix(request: Any) -> str:
    count = getattr(request, _PANELS_RENDERED, 0) + 1
    setattr(request, _PANELS_RENDERED, count)
    return "" if count == 1 else f"-{count}"


@register.inclusion_tag("explain/jump_link.html", takes_context=True)
def explain_jump_link(context: dict[str, Any]) -> dict[str, Any]:
    """A link near the top of the job page to the panel further down (on a phone the
    panel comes after the whole posting); a plain anchor, so it works without a script."""
    return {"shown": show_panel(context["request"])}


@register.filter
def optional_points(points: list[dict[str, Any]], optional: bool) -> list[dict[str, Any]]:
    """The points the job lists as optional (True) or asks for (False), kept apart so
    nothing optional is shown under a heading that says the job asks for it."""
    return [point for point in points if bool(point.get("optional")) is bool(optional)]
