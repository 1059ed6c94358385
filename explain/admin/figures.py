"""The selectors' figures as the admin shows them: short labelled, formatted strings.

No queries here: selectors count, this module words and formats, templates lay out.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.utils.translation import gettext as _

from explain.reporting.costs import Price, call_cost
from explain.reporting.selectors import LogSummary, ReasonTotal, VersionFigures
from explain.wording import reason_text


@dataclass(frozen=True)
class Card:
    """One figure of the summary: what it is, its value, and what it was counted over."""

    label: str
    value: str
    detail: str


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


def summary_cards(summary: LogSummary, *, include_cached: bool = False) -> list[Card]:
    """The summary as short labelled figures, in the order the page shows them."""
    s = summary
    answers = _("answers (fresh or cached)") if include_cached else _("fresh answers")
    return [
        Card(
            _("Requests"),
            integer(s.requests),
            _(
                "%(calls)s model calls, %(cached)s from cache, %(limited)s rate limited; "
                "%(views)s page views showed a remembered answer again"
            )
            % {
                "calls": integer(s.model_calls),
                "cached": integer(s.cached),
                "limited": integer(s.rate_limited),
                "views": integer(s.page_views),
            },
        ),
        Card(
            _("Answers with a removed point"),
            share(s.drop_share),
            _("%(with_drop)s of %(checked)s %(answers)s; %(none)s kept nothing")
            % {
                "with_drop": integer(s.with_drop),
                "checked": integer(s.checked),
                "answers": answers,
                "none": integer(s.nothing_verified),
            },
        ),
        Card(
            _("Removed per answer"),
            mean(s.mean_dropped),
            _("%(dropped)s points removed in all") % {"dropped": integer(s.dropped)},
        ),
        Card(
            _("Error rate"),
            share(s.error_rate),
            _("%(errors)s of %(calls)s model calls failed or timed out")
            % {"errors": integer(s.errors), "calls": integer(s.model_calls)},
        ),
        Card(
            _("Latency p50 / p95"),
            f"{ms(s.latency_p50)} / {ms(s.latency_p95)}",
            _("over model calls only"),
        ),
        Card(
            _("Tokens"),
            integer(s.total_tokens),
            "—"
            if s.tokens_per_call is None
            else _("%(per_call)s per model call (%(prompt)s in, %(output)s out)")
            % {
                "per_call": f"{s.tokens_per_call:,.0f}",
                "prompt": integer(s.prompt_tokens),
                "output": integer(s.output_tokens),
            },
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


def _cost(f: VersionFigures, prices: Mapping[str, Price]) -> str:
    price = prices.get(f.model)
    if price is None:
        return _("no price")
    amount = call_cost(
        price, prompt=f.prompt_tokens, output=f.output_tokens, thoughts=f.thoughts_tokens
    )
    return f"{amount:,.2f}" if amount >= 1 else f"{amount:.4f}"


def version_rows(
    figures: list[VersionFigures], prices: Mapping[str, Price] | None = None
) -> list[VersionRow]:
    """The table's rows; the cost column is filled only when EXPLAIN_PRICES is set."""
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
            tokens=integer(f.total_tokens),
            cost=_cost(f, prices) if prices else "",
        )
        for f in figures
    ]


@dataclass(frozen=True)
class ReasonRow:
    code: str
    wording: str
    count: str
    share: str


def reason_wording(code: str) -> str:
    """What the user read for this code, a retired one too ("" for one nobody knows)."""
    return reason_text(code)


def reason_rows(totals: list[ReasonTotal]) -> list[ReasonRow]:
    return [
        ReasonRow(t.code, reason_wording(t.code), integer(t.count), share(t.share)) for t in totals
    ]


def reasons_in_words(counts: Mapping[str, int]) -> list[str]:
    """A log row's reason counts as a reviewer reads them: the words, the code beside
    them (what is stored and exported), and how many points, most first."""
    lines = []
    for code, count in sorted(counts.items(), key=lambda item: (-item[1], item[0])):
        wording = reason_wording(code)
        lines.append(f"{wording} ({code}): {count}" if wording else f"{code}: {count}")
    return lines
