"""The drop-rate alert: a banner for admins and one log warning per window of answers.

When the share of fresh answers with a removed point, over the newest
EXPLAIN_ALERT_WINDOW of them, passes EXPLAIN_ALERT_DROP_RATE, something changed (a new
model, a new prompt, a new kind of posting) and a person should look.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from django.core.cache import caches

from explain.conf import app_settings
from explain.reporting.selectors import FRESH_OUTCOMES, fresh_answers_after, recent_drop_rate

logger = logging.getLogger(__name__)
WARNED_KEY = "explain:alert:warned-at"


@dataclass(frozen=True)
class DropAlert:
    rate: float
    threshold: float
    answers: int
    with_drop: int
    newest_id: int


def drop_rate_alert() -> DropAlert | None:
    """The alert when the newest full window of fresh answers passes the threshold."""
    threshold = app_settings.ALERT_DROP_RATE
    if threshold is None:
        return None
    window = app_settings.ALERT_WINDOW
    recent = recent_drop_rate(window)
    # A window not yet full is too few answers to call a trend.
    if recent.answers < window or recent.rate is None or recent.newest_id is None:
        return None
    if recent.rate <= threshold:
        return None
    return DropAlert(recent.rate, threshold, recent.answers, recent.with_drop, recent.newest_id)


def warn_if_passed(outcome: str) -> None:
    """After a fresh answer is logged: write the warning, at most once per window."""
    if outcome not in FRESH_OUTCOMES or app_settings.ALERT_DROP_RATE is None:
        return
    alert = drop_rate_alert()
    if alert is None:
        return
    cache = caches[app_settings.CACHE_ALIAS]
    warned_at = cache.get(WARNED_KEY)
    if warned_at is not None and fresh_answers_after(int(warned_at)) < alert.answers:
        return
    cache.set(WARNED_KEY, alert.newest_id, timeout=None)
    logger.warning(
        "Explanation drop rate %.0f%% over the last %d fresh answers passed the alert "
        "threshold of %.0f%% (%d answers lost a point).",
        alert.rate * 100,
        alert.answers,
        alert.threshold * 100,
        alert.with_drop,
    )
