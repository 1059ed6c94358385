"""A verified explanation as the plain data the page, the API and a streamed line show.

Only kept points, cleaned for display, with offsets into the text sent and into each
field; removed text never appears, only counts and reasons in plain words.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from explain import sentences, wording
from explain.add_choices import add_choices
from explain.core.checklist import Checklist, Item, State
from explain.core.posting import PostingReading, Requirement
from explain.core.texts import SourceText
from explain.core.verify import Verification, VerifiedPoint
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
        "requirements": [],
        "requirements_summary": None,
        "not_read": [],
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
    if explanation.ok and explanation.checklist is not None:
        # The posting's own list: its bottom line replaces the count of kept points.
        payload.update(checklist_payload(explanation, explanation.checklist))
        payload["summary"] = payload["requirements_summary"]["line"]
    return payload


# ------------------------------------------------------------------------ the checklist

PENDING = "pending"  # a requirement's state on the stream's first line, before it is checked


def _requirement_base(
    explanation: Explanation, number: int, requirement: Requirement, state: str
) -> dict[str, Any]:
    """What a requirement shows whatever its state: the posting's words, read once."""
    term = clean_display_text(requirement.term)
    return {
        "id": number,
        "state": state,
        "state_label": wording.state_label(state),
        "state_line": sentences.state_sentence(state, term, optional=requirement.optional),
        "term": term,
        "alternatives": [clean_display_text(name) for name in requirement.alternatives],
        "alternatives_line": wording.alternatives_line(
            [clean_display_text(name) for name in requirement.names]
        ),
        "optional": requirement.optional,
        "job_quote": clean_display_text(requirement.job_quote),
        "job_span": _span(explanation.job, requirement.job_span),
        "job_quote_term": _quote_term(
            requirement.job_quote, requirement.job_span, requirement.term_span
        ),
        "job_context": job_quote_context(explanation.job, requirement.job_span),
        "profile_quote": "",
        "profile_span": None,
        "profile_quote_term": None,
        "profile_said": None,
        "profile_said_line": None,
        "amounts": None,
        "add_choices": [],
        "report": None,
    }


def pending_requirements(
    explanation: Explanation, requirements: Sequence[Requirement]
) -> list[dict[str, Any]]:
    """The posting's list before any state is known (the stream's first line): every
    requirement once, in the posting's order, in the state "pending"."""
    return [
        _requirement_base(explanation, number, requirement, PENDING)
        for number, requirement in enumerate(requirements, start=1)
    ]


def _report(view: Verification | None, item: Item) -> dict[str, Any] | None:
    """Where "This looks wrong" files a report: the item's point in the matches/gaps
    view ({"kind", "index"}), None for an unchecked requirement (nothing was claimed)."""
    if view is None or item.point is None:
        return None
    if item.state is State.SHOWN:
        kind, points = "match", view.matches
    elif item.state in (State.NOT_FOUND, State.NOT_YET):
        kind, points = "gap", view.gaps
    else:
        return None
    for index, point in enumerate(points):
        if point is item.point:
            return {"kind": kind, "index": index}
    for index, point in enumerate(points):
        if point == item.point:
            return {"kind": kind, "index": index}
    return None


def requirement_payload(
    explanation: Explanation, item: Item, view: Verification | None = None
) -> dict[str, Any]:
    """One requirement of the checklist in its state (a streamed line holds this).

    The sentence is written by code from the state; the quotes are slices of the texts
    sent. `view` is the matches/gaps view the report control points into (none while
    streaming: the result line carries it)."""
    requirement = item.requirement
    data = _requirement_base(explanation, item.number, requirement, item.state.value)
    optional = item.optional
    point = item.point
    said = ""
    if point is not None and item.state is State.SHOWN:
        data.update(
            profile_quote=clean_display_text(point.profile_quote),
            profile_span=_span(explanation.profile, point.profile_span),
            profile_quote_term=_quote_term(
                point.profile_quote, point.profile_span, point.profile_term_span
            ),
        )
    if point is not None and item.state is State.NOT_YET:
        said = sentences.profile_said(point) or ""
        data.update(
            profile_said=said or None,
            profile_said_line=sentences.profile_said_line(point),
            profile_span=_span(explanation.profile, point.profile_said_span),
        )
    amounts = item.amounts
    if amounts is not None:
        profile_amount, job_amount = (clean_display_text(a) for a in amounts)
        data["amounts"] = {
            "profile": profile_amount,
            "job": job_amount,
            "line": str(sentences.AMOUNTS)
            % {"profile_amount": profile_amount, "job_amount": job_amount},
        }
    if item.state in (State.NOT_FOUND, State.NOT_YET):
        data["add_choices"] = [clean_display_text(name) for name in add_choices(requirement)]
    data.update(
        optional=optional,
        state_line=sentences.state_sentence(
            item.state.value, data["term"], optional=optional, said=said
        ),
        report=_report(view, item),
    )
    return data


def requirements_summary(checklist: Checklist) -> dict[str, Any]:
    """The checklist's counts and its bottom line: the posting's own list first."""
    shown_required = checklist.count(State.SHOWN, optional=False)
    shown_optional = checklist.count(State.SHOWN, optional=True)
    unchecked = checklist.count(State.UNCHECKED)
    return {
        "total": checklist.total,
        "required": checklist.required,
        "optional": checklist.optional,
        "counts": checklist.counts,
        "listed_line": wording.listed_line(checklist.total, checklist.optional),
        "line": wording.checklist_line(
            total=checklist.total,
            optional=checklist.optional,
            shown_required=shown_required,
            shown_optional=shown_optional,
            unchecked=unchecked,
        ),
    }


def not_read_payload(checklist: Checklist | PostingReading) -> list[dict[str, Any]]:
    """The lines of the requirements field no requirement covers, as they stand."""
    lines = []
    for line in checklist.not_read:
        text = " ".join(clean_display_text(line.text).split())
        if text:
            lines.append({"field": line.field, "text": text, "line": wording.not_read_line(text)})
    return lines


def checklist_payload(explanation: Explanation, checklist: Checklist) -> dict[str, Any]:
    """`requirements`, `requirements_summary` and `not_read` of the JSON answer."""
    view = explanation.verification or checklist.verification
    return {
        "requirements": [requirement_payload(explanation, item, view) for item in checklist.items],
        "requirements_summary": requirements_summary(checklist),
        "not_read": not_read_payload(checklist),
    }
