"""`explain_check --page`: one job page, rendered through Django's test client, read the
way the panel and the browser will read it.

The system checks see settings; they cannot see what a host's template and middleware
actually serve. A `data-explain-field` key the page does not carry only loses the
highlighting, and a served CSP that blocks the script or the API only drops the panel to
its no-JavaScript page or "Could not reach the site": nothing fails loudly, so the probe
renders the page and says each of these with the fix. It reports keys, URLs and CSP
sources, never a field's value.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any
from urllib.parse import urljoin, urlsplit

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.template import TemplateSyntaxError
from django.test import Client
from django.test.utils import override_settings
from django.urls import NoReverseMatch, Resolver404, resolve, reverse

from explain.conf import app_settings

# Elements without an end tag: they never open a scope.
VOID = frozenset("area base br col embed hr img input link meta param source track wbr".split())
PANEL_SCRIPT = "explain/explain.js"
PANEL_STYLE = "explain/explain.css"


@dataclass
class PageReading:
    """What the probe needs from the HTML: the panel, its tags, the posting's field keys."""

    panel: dict[str, str] | None = None
    scripts: list[dict[str, str]] = field(default_factory=list)
    styles: list[dict[str, str]] = field(default_factory=list)
    posting: bool = False
    field_keys: set[str] = field(default_factory=set)
    keys_outside_posting: set[str] = field(default_factory=set)


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.reading = PageReading()
        self._open: list[tuple[str, bool]] = []  # (tag, opens the posting)

    def _in_posting(self) -> bool:
        return any(posting for _, posting in self._open)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        reading = self.reading
        if tag == "section" and values.get("id") == "explain-panel":
            reading.panel = values
        if tag == "script" and PANEL_SCRIPT in values.get("src", ""):
            reading.scripts.append(values)
        if tag == "link" and PANEL_STYLE in values.get("href", ""):
            reading.styles.append(values)
        opens_posting = "data-explain-posting" in values
        reading.posting = reading.posting or opens_posting
        if "data-explain-field" in values:
            key = values["data-explain-field"]
            inside = opens_posting or self._in_posting()
            (reading.field_keys if inside else reading.keys_outside_posting).add(key)
        if tag not in VOID:
            self._open.append((tag, opens_posting))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID and self._open and self._open[-1][0] == tag:
            self._open.pop()

    def handle_endtag(self, tag: str) -> None:
        # Sloppy HTML closes what it left open: pop back to the matching tag, if any.
        for index in range(len(self._open) - 1, -1, -1):
            if self._open[index][0] == tag:
                del self._open[index:]
                return


def read_page(html: str) -> PageReading:
    reader = _Reader()
    reader.feed(html)
    reader.close()
    return reader.reading


def parse_csp(header: str) -> dict[str, list[str]]:
    """A CSP header as directive -> sources (the first of a repeated directive wins)."""
    directives: dict[str, list[str]] = {}
    for part in header.split(";"):
        words = part.split()
        if words:
            directives.setdefault(words[0].lower(), words[1:])
    return directives


def _sources(csp: dict[str, list[str]], *names: str) -> list[str] | None:
    """The sources that govern a fetch: the first directive present, as browsers fall back."""
    for name in (*names, "default-src"):
        if name in csp:
            return csp[name]
    return None


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".lower()


def source_allows(sources: list[str], url: str, page_origin: str) -> bool:
    """Whether a host-source list lets this absolute URL load ('self', '*', a scheme, an
    origin or a path prefix; wildcards in hosts only as a leading '*.')."""
    target = urlsplit(url)
    for raw in sources:
        source = raw.strip().lower()
        if source == "*" or (source == "'self'" and _origin(url) == page_origin):
            return True
        if source.endswith(":") and "/" not in source:
            if target.scheme == source[:-1]:
                return True
            continue
        if source.startswith("'"):
            continue
        wanted = urlsplit(source if "://" in source else f"{target.scheme}://{source}")
        host = wanted.hostname or ""
        netloc_host = target.hostname or ""
        host_matches = host == netloc_host or (
            host.startswith("*.") and netloc_host.endswith(host[1:])
        )
        if (
            host_matches
            and wanted.scheme == target.scheme
            and (wanted.port or None) == (target.port or None)
            and target.path.startswith(wanted.path or "/")
        ):
            return True
    return False


def script_problem(csp: dict[str, list[str]], tags: list[dict[str, str]], base: str) -> str:
    """Why this policy stops the panel's script tags ("" when it lets them run)."""
    sources = _sources(csp, "script-src-elem", "script-src")
    if sources is None:
        return ""
    lowered = [s.lower() for s in sources]
    for tag in tags:
        nonce = tag.get("nonce", "")
        nonce_ok = bool(nonce) and f"'nonce-{nonce}'" in sources
        if "'strict-dynamic'" in lowered:
            if nonce_ok:
                continue
            if not any(s.startswith("'nonce-") for s in lowered):
                return (
                    "script-src has 'strict-dynamic', which ignores 'self', and no nonce, so "
                    "no script file can run. Fix: add csp.constants.NONCE to script-src "
                    "(django-csp then puts the request's nonce in the header, and the "
                    "panel's tags carry it), or drop 'strict-dynamic'"
                )
            if not nonce:
                return (
                    "script-src has 'strict-dynamic', which ignores 'self', and the panel's "
                    "<script> tags carry no nonce. Fix: render the page with the request in "
                    "its context (the request context processor, and render(request, ...)) "
                    "so {% explain_assets %} and {% explain_panel %} put request.csp_nonce "
                    "on them, and keep the CSP middleware (django-csp's CSPMiddleware) in "
                    "MIDDLEWARE"
                )
            return (
                "script-src has 'strict-dynamic' and the panel's <script> nonce is not the "
                "one in the header (a cached page, or a nonce from another request). Fix: "
                "do not cache the job page's HTML across requests, or drop the nonce and "
                "'strict-dynamic' for 'self'"
            )
        if not (nonce_ok or source_allows(sources, urljoin(base, tag.get("src", "")), base)):
            return (
                f"script-src {' '.join(sources)} does not allow the panel's script "
                f"{tag.get('src', '')}. Fix: add 'self' (csp.constants.SELF) to script-src, "
                "or NONCE (the tags carry request.csp_nonce), or the origin of STATIC_URL"
            )
    return ""


def style_problem(csp: dict[str, list[str]], tags: list[dict[str, str]], base: str) -> str:
    sources = _sources(csp, "style-src-elem", "style-src")
    if sources is None:
        return ""
    for tag in tags:
        nonce = tag.get("nonce", "")
        if nonce and f"'nonce-{nonce}'" in sources:
            continue
        if not source_allows(sources, urljoin(base, tag.get("href", "")), base):
            return (
                f"style-src {' '.join(sources)} does not allow the panel's stylesheet "
                f"{tag.get('href', '')}: the panel shows unstyled. Fix: add 'self' "
                "(csp.constants.SELF) or NONCE to style-src"
            )
    return ""


def connect_problem(csp: dict[str, list[str]], api_url: str, base: str) -> str:
    sources = _sources(csp, "connect-src")
    if sources is None or source_allows(sources, urljoin(base, api_url), base):
        return ""
    return (
        f"connect-src {' '.join(sources)} does not allow the panel's API {api_url}: every "
        "ask would end in \"Could not reach the site\". Fix: add 'self' "
        "(csp.constants.SELF) to connect-src (or to default-src when there is no connect-src)"
    )


@dataclass(frozen=True)
class Target:
    path: str
    host: str
    secure: bool
    job_id: str | None


def target_for(page: str) -> tuple[Target | None, str]:
    """The page to fetch, from a job id (through EXPLAIN_JOB_URL_NAME), a path or a URL."""
    secure = not settings.DEBUG and bool(getattr(settings, "SECURE_SSL_REDIRECT", False))
    host = "testserver"
    allowed = [h for h in settings.ALLOWED_HOSTS if h not in ("*", "") and "*" not in h]
    if allowed and not settings.DEBUG:
        host = allowed[0].lstrip(".")
    if page.startswith(("http://", "https://")):
        parts = urlsplit(page)
        path = parts.path or "/"
        query = f"?{parts.query}" if parts.query else ""
        return Target(path + query, parts.netloc, parts.scheme == "https", None), ""
    if page.startswith("/"):
        return Target(page, host, secure, None), ""
    name = app_settings.JOB_URL_NAME
    if not name:
        return None, (
            f"{page!r} is a job id, but EXPLAIN_JOB_URL_NAME is not set, so the job page's "
            "URL is unknown. Fix: give the page's path (--page /jobs/1/) or set "
            "EXPLAIN_JOB_URL_NAME to the job page's URL name"
        )
    try:
        return Target(reverse(name, args=[page]), host, secure, page), ""
    except NoReverseMatch:
        return None, f"EXPLAIN_JOB_URL_NAME {name!r} does not reverse with {page!r}"


class _Said(logging.Handler):
    """The warnings the panel's tag logs while the page renders (a misplaced job id)."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage().removeprefix("explain: "))


def fetch(target: Target, user: Any, said: _Said | None = None) -> tuple[Any, str]:
    """The response to a GET of the page as this user (or anonymous), or why there is none."""
    tag_logger = logging.getLogger("explain.templatetags.explain")
    if said is not None:
        tag_logger.addHandler(said)
    try:
        return _fetch(target, user)
    finally:
        if said is not None:
            tag_logger.removeHandler(said)


def _fetch(target: Target, user: Any) -> tuple[Any, str]:
    hosts = [*settings.ALLOWED_HOSTS, urlsplit(f"//{target.host}").hostname or target.host]
    with override_settings(ALLOWED_HOSTS=hosts):
        client = Client(HTTP_HOST=target.host)
        if user is not None:
            try:
                client.force_login(user)
            except Exception as exc:  # no session app or middleware: say so, go on
                return None, f"could not log in as the user ({type(exc).__name__})"
        try:
            return client.get(target.path, secure=target.secure), ""
        except TemplateSyntaxError as exc:  # the template's own words, no user text
            return None, f"the page's template does not compile: {exc}{_load_hint(exc)}"
        except Exception as exc:  # the host's view: its type, never its message
            return None, f"the page raised {type(exc).__name__}"


def _load_hint(exc: TemplateSyntaxError) -> str:
    if "explain_" not in str(exc):
        return ""
    return (
        ". Fix: put {% load explain %} at the top of that template (after its "
        "{% extends %}, if any: a template loads tags for itself, not for its children)"
    )


def probe_page(page: str, user: Any) -> list[tuple[str, str]]:
    """(level, text) findings for one job page."""
    target, why = target_for(page)
    if target is None:
        return [("fail", why)]
    said = _Said()
    response, why = fetch(target, user, said)
    if response is None:
        return [("fail", f"{page}: {why}")]
    misplaced = [("fail", line) for line in said.lines if "{% explain_panel" in line]
    if response.status_code != 200:
        where = response.headers.get("Location", "")
        hint = (
            " Fix: give --user so the probe logs in"
            if user is None and response.status_code in (301, 302, 401, 403)
            else ""
        )
        to = f" to {where}" if where else ""
        return [("fail", f"{target.path} answered HTTP {response.status_code}{to}.{hint}")]
    html = response.content.decode(response.charset or "utf-8", errors="replace")
    reading = read_page(html)
    if reading.panel is None and misplaced:
        return misplaced
    if reading.panel is None:
        return [
            (
                "fail",
                f'{target.path} has no panel (no id="explain-panel"). Fix: put '
                "{% explain_panel job.pk %} on the job page's template; if it is there, "
                "EXPLAIN_SHOW_PANEL hides it for this user (give --user with one who "
                "should see it)",
            )
        ]
    found: list[tuple[str, str]] = list(misplaced)
    base = f"{'https' if target.secure else 'http'}://{target.host}"
    api_url = reading.panel.get("data-api-url", "")
    job_id = _job_id_of(api_url)
    if target.job_id is not None and job_id != target.job_id:
        found.append(
            (
                "fail",
                f"the panel on {target.path} asks about job {job_id!r}, not {target.job_id!r}. "
                "Fix: {% explain_panel job.pk %} with this page's job",
            )
        )
    found.extend(_field_findings(reading, job_id, user))
    found.extend(_csp_findings(response, reading, api_url, base))
    if not any(level == "fail" for level, _ in found):
        found.insert(
            0, ("ok", f"{target.path}: the panel for job {job_id!r}, its script and its API")
        )
    return found


def _job_id_of(api_url: str) -> str | None:
    try:
        match = resolve(urlsplit(api_url).path)
    except Resolver404:
        return None
    value = match.kwargs.get("job_id")
    return None if value is None else str(value)


def _field_findings(reading: PageReading, job_id: str | None, user: Any) -> list[tuple[str, str]]:
    from explain.core.texts import job_text
    from explain.source import get_source

    if job_id is None:
        return [("fail", "the panel's API URL names no job: include('explain.urls') as documented")]
    try:
        fields = get_source().job_fields(job_id, user if user is not None else AnonymousUser())
        keys = {span.key for span in job_text(fields, max_chars=app_settings.MAX_TEXT_CHARS).fields}
    except Exception as exc:  # the host's adapter: its type only
        how = "" if user is not None else " (anonymously: give --user)"
        return [("warn", f"job_fields raised {type(exc).__name__}{how}; field keys not checked")]
    found: list[tuple[str, str]] = []
    if not reading.posting and keys:
        found.append(
            (
                "fail",
                "no element carries data-explain-posting, so no quote is highlighted. Fix: "
                "put data-explain-posting on the element that holds the posting, and "
                'data-explain-field="<key>" on each field\'s element inside it',
            )
        )
        return found
    missing = sorted(keys - reading.field_keys)
    if missing:
        outside = sorted(set(missing) & reading.keys_outside_posting)
        where = f" ({', '.join(outside)} only outside data-explain-posting)" if outside else ""
        found.append(
            (
                "fail",
                f"job_fields returns keys the page does not carry: {', '.join(missing)}"
                f"{where}; quotes from them are not highlighted. Fix: put "
                f'data-explain-field="{missing[0]}" (the Field\'s key, not its label) on '
                "the element showing that field, inside the data-explain-posting element",
            )
        )
    return found


def _csp_findings(
    response: Any, reading: PageReading, api_url: str, base: str
) -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    if not reading.scripts:
        found.append(
            (
                "fail",
                f"the page does not load {PANEL_SCRIPT}. Fix: put {{% explain_assets %}} in "
                "the <head>, or leave {% explain_panel %} to print it",
            )
        )
    for header, level, note in (
        ("Content-Security-Policy", "fail", ""),
        (
            "Content-Security-Policy-Report-Only",
            "warn",
            " (report-only: reported, not yet blocked)",
        ),
    ):
        if header not in response.headers:
            continue
        csp = parse_csp(response.headers[header])
        for problem in (
            script_problem(csp, reading.scripts, base),
            style_problem(csp, reading.styles, base),
            connect_problem(csp, api_url, base),
        ):
            if problem:
                found.append((level, f"the served {header}'s {problem}{note}"))
    return found
