"""explain.core.rules.retired: codes old log rows hold, never given by the verifier now."""

from __future__ import annotations

from explain.core.rules.retired import RetiredReason, RewriteReason
from explain.core.verify import DropReason


def test_retired_codes_are_not_drop_reasons_any_more() -> None:
    retired = {reason.value for reason in RetiredReason}
    assert retired == {"point_missing", "point_too_long", "point_has_link"}
    assert not retired & {reason.value for reason in DropReason}
    assert {reason.value for reason in RewriteReason} == {
        "point_judges",
        "gap_blames_person",
        "point_unsupported",
    }
