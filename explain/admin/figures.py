"""The selectors' figures as the admin shows them: short labelled, formatted strings.

No queries here: selectors count, this module words and formats, templates lay out.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from django.utils.html import conditional_escape, format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from explain.admin.reasons import admin_reason_text
from explain.models import REQUIREMENT_STATE_FIELDS, ExplanationLog
from explain.reporting.costs import Price, call_cost
from explain.reporting.selectors import LogSummary, ReasonTotal, States, VersionFigures

# A figure's list: the query parameters that select the rows it counts, given to a
# callable that turns them into the change list's URL with the page's own filters kept.
Link = Callable[[dict[str, str]], str]


@dataclass(frozen=True)
class Card:
    """One figure of the summary: what it is, its value, what it was counted over, and
    the list of the rows behind the value ("" when the value is not a count of rows)."""

    label: str
    value: str
    detail: str
    url: str = ""
    note: str = ""


def share(value: float | None) -> str:
    return "—" if value is None else f"{value:.0%}"


def ms(value: int | None) -> str:
    """A duration whose number and unit never part at a line break."""
    if value is None:
        return "—"
    return f"{value}\u00a0ms" if value < 1000 else f"{value / 1000:.1f}\u00a0s"


def integer(value: int | None) -> str:
    return "—" if value is None else f"{value:,}"


def mean(value: float | None) -> str:
    return "—" if value is None else f"{value:.2f}"


def tokens(value: int | None) -> str:
    """A token count; a provider that reported none is said so, never shown as 0."""
    return integer(value) if value else str(_("not reported"))


def _linked(link: Link | None, params: dict[str, str], value: int | None) -> str:
    """A count in words, linked to the list of exactly the rows it counts."""
    text = integer(value)
    if link is None:
        return text
    return format_html('<a href="{}">{}</a>', link(params), text)


def _sentence(template: str, **parts: str) -> str:
    """A translated sentence with linked figures in it: the words escaped, each part
    escaped unless it is already safe HTML (a link format_html built)."""
    filled = conditional_escape(template) % {k: conditional_escape(v) for k, v in parts.items()}
    return mark_safe(filled)  # noqa: S308 - every piece above was escaped


def states_in_words(states: States) -> str:
    """Requirements per checklist state, in words: "3 shown · 2 not found · …"."""
    return " · ".join(
        (
            _("%(count)s shown") % {"count": integer(states.shown)},
            _("%(count)s not found") % {"count": integer(states.not_found)},
            _("%(count)s not yet") % {"count": integer(states.not_yet)},
            _("%(count)s could not be checked") % {"count": integer(states.unchecked)},
        )
    )


def checklist_counts(row: ExplanationLog) -> str:
    """A log row's checklist: the posting's requirements (optional apart) on one line,
    the state each ended in on the next; a dash for a row without one."""
    if not row.requirements_total:
        return "–"
    size = ngettext(
        "%(count)d requirement, %(optional)d optional",
        "%(count)d requirements, %(optional)d optional",
        row.requirements_total,
    ) % {"count": row.requirements_total, "optional": row.requirements_optional}
    states = States(*(getattr(row, name) for name in REQUIREMENT_STATE_FIELDS))
    return format_html("{}<br>{}", size, states_in_words(states))


def _token_detail(s: LogSummary) -> str:
    """Per model call and the input/output split, each said only when it was reported."""
    if not s.total_tokens:
        return str(_("the provider reported no token counts"))
    if s.tokens_per_call is None:
        return "—"
    per_call = f"{s.tokens_per_call:,.0f}"
    if s.prompt_tokens is None or s.output_tokens is None:
        return str(
            _("%(per_call)s per model call; the input and output split was not reported")
            % {"per_call": per_call}
        )
    return str(
        _("%(per_call)s per model call (%(prompt)s in, %(output)s out)")
        % {
            "per_call": per_call,
            "prompt": integer(s.prompt_tokens),
            "output": integer(s.output_tokens),
        }
    )


def summary_cards(
    summary: LogSummary, *, include_cached: bool = False, link: Link | None = None
) -> list[Card]:
    """The summary as short labelled figures, in the order the page shows them; with
    `link`, each count links to the list of the rows it counts."""
    s = summary
    answers = _("answers (fresh or cached)") if include_cached else _("fresh answers")
    answer_rows = {"counted_as": "answers_with_cache" if include_cached else "answers"}
    with_drop_rows = {**answer_rows, "removed": "yes"}

    def url(params: dict[str, str]) -> str:
        return link(params) if link is not None else ""

    requests_note = ""
    if s.page_views:
        requests_note = _sentence(
            _(
                "The list below has %(rows)s rows: these requests and %(views)s page views "
                "that showed a remembered answer again."
            ),
            rows=integer(s.requests + s.page_views),
            views=_linked(link, {"counted_as": "page_views"}, s.page_views),
        )
    return [
        Card(
            _("Requests"),
            integer(s.requests),
            _sentence(
                _(
                    "%(calls)s model calls, %(cached)s from cache, %(limited)s rate limited; "
                    "%(views)s page views showed a remembered answer again"
                ),
                calls=_linked(link, {"counted_as": "model_calls"}, s.model_calls),
                cached=_linked(link, {"outcome__exact": "cached"}, s.cached),
                limited=_linked(link, {"counted_as": "rate_limited"}, s.rate_limited),
                views=_linked(link, {"counted_as": "page_views"}, s.page_views),
            ),
            url({"counted_as": "asks"}),
            requests_note,
        ),
        Card(
            _("Answers with a removed point"),
            share(s.drop_share),
            _sentence(
                _("%(with_drop)s of %(checked)s %(answers)s; %(none)s kept nothing"),
                with_drop=_linked(link, with_drop_rows, s.with_drop),
                checked=_linked(link, answer_rows, s.checked),
                answers=str(answers),
                none=_linked(
                    link,
                    {"outcome__exact": "nothing_verified", "step": "viewer"},
                    s.nothing_verified,
                ),
            ),
            url(with_drop_rows),
        ),
        Card(
            _("Removed per answer"),
            mean(s.mean_dropped),
            _sentence(
                _("%(dropped)s points removed in all, from %(with_drop)s answers"),
                dropped=integer(s.dropped),
                with_drop=_linked(link, with_drop_rows, s.with_drop),
            ),
        ),
        Card(
            _("Error rate"),
            share(s.error_rate),
            _sentence(
                _("%(errors)s of %(calls)s model calls failed or timed out"),
                errors=_linked(link, {"counted_as": "errors"}, s.errors),
                calls=_linked(link, {"counted_as": "model_calls"}, s.model_calls),
            ),
            url({"counted_as": "errors"}),
        ),
        Card(
            _("Requirements in answers"),
            integer(s.states.total),
            _sentence(
                _("%(states)s, over %(checked)s %(answers)s"),
                states=states_in_words(s.states),
                checked=_linked(link, answer_rows, s.checked),
                answers=str(answers),
            ),
        ),
        Card(
            _("Latency p50 / p95"),
            f"{ms(s.latency_p50)} / {ms(s.latency_p95)}",
            _("over model calls only"),
        ),
        Card(
            _("Tokens"),
            tokens(s.total_tokens),
            _token_detail(s),
        ),
    ]


@dataclass(frozen=True)
class VersionRow:
    """One row of the comparison table, formatted."""

    label: str
    model: str
    version: str
    requests: str
    answers: str
    drop_share: str
    mean_dropped: str
    error_rate: str
    latency: str
    tokens: str
    cost: str
    requests_url: str = ""
    answers_url: str = ""


def _cost(f: VersionFigures, prices: Mapping[str, Price]) -> str:
    price = prices.get(f.model)
    if price is None:
        return _("no price")
    amount = call_cost(
        price, prompt=f.prompt_tokens, output=f.output_tokens, thoughts=f.thoughts_tokens
    )
    return f"{amount:,.2f}" if amount >= 1 else f"{amount:.4f}"


def version_rows(
    figures: list[VersionFigures],
    prices: Mapping[str, Price] | None = None,
    link: Link | None = None,
    *,
    include_cached: bool = False,
) -> list[VersionRow]:
    """The table's rows; the cost column is filled only when EXPLAIN_PRICES is set. With
    `link`, a row's requests and answers link to the list of exactly those rows."""
    counted = "answers_with_cache" if include_cached else "answers"

    def url(f: VersionFigures, rows: str) -> str:
        if link is None:
            return ""
        return link(
            {"model_name__exact": f.model, "prompt_version__exact": f.version, "counted_as": rows}
        )

    return [
        VersionRow(
            label=f.label,
            model=f.model,
            version=f.version,
            requests=integer(f.requests),
            answers=integer(f.answers),
            drop_share=share(f.drop_share),
            mean_dropped=mean(f.mean_dropped),
            error_rate=share(f.error_rate),
            latency=f"{ms(f.latency_p50)} / {ms(f.latency_p95)}",
            tokens=tokens(f.total_tokens),
            cost=_cost(f, prices) if prices else "",
            requests_url=url(f, "asks"),
            answers_url=url(f, counted),
        )
        for f in figures
    ]


@dataclass(frozen=True)
class ReasonRow:
    code: str
    wording: str
    count: str
    share: str
    answers: str = ""
    url: str = ""


def reason_wording(code: str) -> str:
    """The admin's words for this code, a retired one too ("" for one nobody knows)."""
    return admin_reason_text(code)


def reason_rows(
    totals: list[ReasonTotal],
    answers: Mapping[str, int] | None = None,
    link: Link | None = None,
    *,
    include_cached: bool = False,
) -> list[ReasonRow]:
    """One row per reason: points removed, their share, and (given `answers`) how many
    answers lost a point for it, linked to the list of those answers."""
    counted = "answers_with_cache" if include_cached else "answers"
    return [
        ReasonRow(
            t.code,
            reason_wording(t.code),
            integer(t.count),
            share(t.share),
            integer(answers.get(t.code, 0)) if answers is not None else "",
            link({"counted_as": counted, "removal_reason": t.code}) if link is not None else "",
        )
        for t in totals
    ]


def reasons_in_words(counts: Mapping[str, int]) -> list[str]:
    """A log row's reason counts as a reviewer reads them: the words, the code beside
    them (what is stored and exported), and how many points, most first."""
    lines = []
    for code, count in sorted(counts.items(), key=lambda item: (-item[1], item[0])):
        wording = reason_wording(code)
        lines.append(f"{wording} ({code}): {count}" if wording else f"{code}: {count}")
    return lines
