"""A verified explanation as the plain data the page, the API and a streamed line show.

Only kept points, cleaned for display, with offsets into the text sent and into each
field; removed text never appears, only counts and reasons in plain words.
"""

from __future__ import annotations

from typing import Any

from explain import sentences, wording
from explain.core.texts import SourceText
from explain.core.verify import VerifiedPoint
from explain.display_cleaning import clean_display_text
from explain.outcomes import Kind, Outcome
from explain.services.explanations import Explanation
from explain.web.surrounding_sentence import job_quote_context


def _span(source: SourceText | None, span: tuple[int, int] | None) -> dict[str, Any] | None:
    if source is None or span is None:
        return None
    located = source.locate(*span)
    return {
        "start": span[0],
        "end": span[1],
        "field": located[0] if located else None,
        "field_start": located[1] if located else None,
        "field_end": located[2] if located else None,
    }


def _quote_term(
    quote: str, quote_span: tuple[int, int] | None, term_span: tuple[int, int] | None
) -> dict[str, str] | None:
    """The quote split around the term as this side writes it, so each side's own words
    can be marked ("Postgres" in the profile quote, "PostgreSQL" in the job's)."""
    if quote_span is None or term_span is None:
        return None
    start, end = term_span[0] - quote_span[0], term_span[1] - quote_span[0]
    if not 0 <= start < end <= len(quote):
        return None
    return {
        "before": clean_display_text(quote[:start]),
        "term": clean_display_text(quote[start:end]),
        "after": clean_display_text(quote[end:]),
    }


def point_payload(
    explanation: Explanation, point: VerifiedPoint, index: int, kind: str
) -> dict[str, Any]:
    """One kept point as the page and the API show it (a streamed line holds this).

    `point` is the sentence code writes from the evidence, in the user's language; the
    model's words appear only as the quotes, sliced from the texts sent.
    """
    return {
        "index": index,
        "kind": str(kind),
        "point": sentences.point_sentence(point),
        "term": clean_display_text(point.term),
        "profile_term": sentences.other_profile_form(point),
        "optional": point.optional,
        "job_amount": clean_display_text(point.job_amount),
        "profile_amount": clean_display_text(point.profile_amount),
        "amounts_line": sentences.amounts_line(point),
        "profile_said": sentences.profile_said(point),
        "profile_said_line": sentences.profile_said_line(point),
        "profile_quote": clean_display_text(point.profile_quote),
        "job_quote": clean_display_text(point.job_quote),
        "profile_span": _span(explanation.profile, point.profile_span),
        "job_span": _span(explanation.job, point.job_span),
        "profile_quote_term": _quote_term(
            point.profile_quote, point.profile_span, point.profile_term_span
        ),
        "job_quote_term": _quote_term(point.job_quote, point.job_span, point.term_span),
        "job_context": job_quote_context(explanation.job, point.job_span),
    }


def _cut_notices(explanation: Explanation) -> list[str]:
    """One line for each text that was too long to send whole (never a silent cut)."""
    return [
        wording.cut_notice(which, source.words_sent, source.words_total)
        for which, source in (("job", explanation.job), ("profile", explanation.profile))
        if source is not None and source.cut
    ]


def explanation_payload(explanation: Explanation) -> dict[str, Any]:
    """Everything the page and the API show, with no removed text in it."""
    verification = explanation.verification if explanation.ok else None
    payload: dict[str, Any] = {
        "outcome": str(explanation.outcome),
        "ok": explanation.ok,
        "job_id": explanation.job_id,
        "log_id": explanation.log_id,
        "demo": explanation.demo,
        "demo_notice": wording.demo_notice(explanation.model) if explanation.demo else None,
        "error": wording.error_message(explanation.outcome, retry_after=explanation.retry_after)
        or None,
        "retry_after": explanation.retry_after or None,
        "matches": [],
        "gaps": [],
        "dropped": 0,
        "drop_reasons": {},
        "drop_reason_lines": [],
        "notice": None,
        "written_by": sentences.written_by_site(),
        "cut_notices": _cut_notices(explanation),
        "summary": None,
        "remembered": explanation.remembered,
        "made_at": explanation.made_at.isoformat() if explanation.made_at else None,
        "made_line": None,
    }
    if explanation.ok and explanation.made_at is not None and explanation.outcome == Outcome.CACHED:
        payload["made_line"] = wording.made_line(
            explanation.made_at, remembered=explanation.remembered
        )
    if verification is not None:
        payload.update(
            matches=[
                point_payload(explanation, p, i, Kind.MATCH)
                for i, p in enumerate(verification.matches)
            ],
            gaps=[
                point_payload(explanation, p, i, Kind.GAP) for i, p in enumerate(verification.gaps)
            ],
            dropped=verification.dropped,
            drop_reasons=dict(verification.drop_reasons),
            drop_reason_lines=[
                {"text": text, "count": count, "line": wording.reason_label(text, count)}
                for text, count in wording.reason_lines(verification.drop_reasons)
            ],
            notice=wording.removed_notice(verification.dropped),
            summary=wording.summary_line(
                len(verification.matches),
                sum(not p.optional for p in verification.gaps),
                sum(p.optional for p in verification.gaps),
                optional_matches=sum(p.optional for p in verification.matches),
            ),
        )
    return payload
