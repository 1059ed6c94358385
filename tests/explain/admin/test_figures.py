"""The figures as the admin words them."""

from __future__ import annotations

from explain.admin.figures import (
    reason_rows,
    reason_wording,
    reasons_in_words,
    summary_cards,
    version_rows,
)
from explain.core.verify import DropReason
from explain.reporting.selectors import LogSummary, ReasonTotal, States, VersionFigures


def summary(**changes: object) -> LogSummary:
    values: dict[str, object] = {
        "requests": 10,
        "checked": 4,
        "with_drop": 2,
        "dropped": 3,
        "model_calls": 6,
        "errors": 2,
        "nothing_verified": 1,
        "rate_limited": 1,
        "cached": 1,
        "latency_p50": 900,
        "latency_p95": 30000,
        "total_tokens": 4000,
        "prompt_tokens": 3400,
        "output_tokens": 600,
    }
    values.update(changes)
    return LogSummary(**values)  # type: ignore[arg-type]


def test_cards_read_plainly():
    cards = {c.label: c for c in summary_cards(summary())}
    assert cards["Requests"].value == "10"
    assert cards["Answers with a removed point"].value == "50%"
    assert cards["Answers with a removed point"].detail.startswith("2 of 4 fresh answers")
    assert cards["Removed per answer"].value == "0.75"
    assert cards["Error rate"].value == "33%"
    assert cards["Latency p50 / p95"].value == "900\u00a0ms / 30.0\u00a0s"
    assert cards["Tokens"].detail.startswith("667 per model call")
    cached = {c.label: c for c in summary_cards(summary(), include_cached=True)}
    assert "answers (fresh or cached)" in cached["Answers with a removed point"].detail


def test_an_empty_selection_divides_by_nothing():
    empty = summary(
        requests=0, checked=0, with_drop=0, dropped=0, model_calls=0, errors=0,
        latency_p50=None, latency_p95=None, total_tokens=None,
    )  # fmt: skip
    assert {c.value for c in summary_cards(empty)} <= {"0", "—", "— / —", "not reported"}


def test_tokens_say_not_reported_on_the_card_and_in_the_comparison_alike():
    none = {c.label: c for c in summary_cards(summary(total_tokens=None))}
    assert none["Tokens"].value == "not reported"
    assert none["Tokens"].detail == "the provider reported no token counts"
    unsplit = {c.label: c for c in summary_cards(summary(prompt_tokens=None))}
    assert unsplit["Tokens"].detail == (
        "667 per model call; the input and output split was not reported"
    )
    (row,) = version_rows([VersionFigures("m", "v1", 2, 2, 0, 0, 2, 0, 900, 900, 0, 0, 0)])
    assert row.tokens == "not reported"


def test_each_count_on_a_card_links_to_the_rows_it_counts():
    def link(params: dict[str, str]) -> str:
        return "/list/?" + "&".join(f"{k}={v}" for k, v in sorted(params.items()))

    cards = {c.label: c for c in summary_cards(summary(page_views=3), link=link)}
    assert cards["Requests"].url == "/list/?counted_as=asks"
    assert '<a href="/list/?counted_as=page_views">3</a> page views' in cards["Requests"].detail
    assert "The list below has 13 rows" in cards["Requests"].note
    removed = cards["Answers with a removed point"]
    assert removed.url == "/list/?counted_as=answers&removed=yes"
    assert removed.detail.startswith(
        '<a href="/list/?counted_as=answers&amp;removed=yes">2</a> of '
        '<a href="/list/?counted_as=answers">4</a> fresh answers'
    )
    assert cards["Error rate"].url == "/list/?counted_as=errors"
    # Without page views the figure is the list's count: no note.
    assert summary_cards(summary(), link=link)[0].note == ""


def test_version_rows_and_reason_wording():
    (row,) = version_rows([VersionFigures("m", "v1", 12, 8, 2, 5, 9, 1, 1200, 4000, 100, 50, 150)])
    assert (row.answers, row.drop_share, row.mean_dropped, row.error_rate) == (
        "8", "25%", "0.62", "11%"
    )  # fmt: skip
    assert row.latency == "1.2\u00a0s / 4.0\u00a0s" and row.tokens == "150"
    assert reason_wording("job_quote_not_found") == "job quote not found in the posting text sent"
    assert reason_wording("no_such_code") == ""
    (reason,) = reason_rows([ReasonTotal("duplicate", 1234, 0.5)])
    assert (reason.count, reason.share, reason.wording) == (
        "1,234",
        "50%",
        "a duplicate of another point",
    )


def test_retired_and_new_codes_have_words_in_the_admin():
    assert reason_wording("point_missing") == "the point was empty (a retired check)"
    assert reason_wording("point_has_link").endswith("(a retired check)")
    assert reason_wording("job_offer") == "the job quote offers the term rather than asks for it"
    # Worded for an admin, not for the job seeker: no "your profile" in any of them.
    assert reason_wording("profile_quote_not_found") == (
        "profile quote not found in the profile text sent"
    )
    for code in DropReason:
        assert reason_wording(code.value) and "your" not in reason_wording(code.value)
    (row,) = reason_rows([ReasonTotal("point_too_long", 3, 1.0)])
    assert (row.code, row.wording) == ("point_too_long", "the point was too long (a retired check)")


def test_a_rows_reasons_in_words_with_the_code_beside_most_first():
    lines = reasons_in_words({"duplicate": 1, "quote_spans_fields": 2, "no_such_code": 1})
    assert lines[0].startswith("a quote ran across two fields")
    assert lines[0].endswith("(quote_spans_fields): 2")
    assert lines[1].endswith("(duplicate): 1") and not lines[1].startswith("duplicate")
    assert lines[2] == "no_such_code: 1"  # a code the wording does not know, as it is
    assert reasons_in_words({}) == []


def test_the_checklist_card_adds_up_the_states_over_the_answers():
    cards = {c.label: c for c in summary_cards(summary(states=States(3, 2, 1, 1)))}
    card = cards["Requirements in answers"]
    assert card.value == "7"
    assert card.detail == (
        "3 shown · 2 not found · 1 not yet · 1 could not be checked, over 4 fresh answers"
    )
