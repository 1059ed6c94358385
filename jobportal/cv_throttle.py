"""'Fill from my CV' throttled per account (django-ratelimit, as jobportal/throttle.py).

Reading a CV costs CPU (unpacking, text extraction, the contact scrubber on every line),
so each import counts against CV_IMPORT_RATE_PER_USER in the settings. Past it the
profile page answers 429 with Retry-After and says so; the profile is unchanged.
"""

from __future__ import annotations

import logging
import math

from django.conf import settings
from django.http import HttpRequest
from django_ratelimit.core import get_usage

logger = logging.getLogger(__name__)

GROUP = "jobportal.cv_import:user"


def cv_import_wait(request: HttpRequest) -> int:
    """Seconds to wait when this import passes the account's limit (it is counted); 0 if
    not, and 0 when the shared cache cannot count (the import is bounded anyway)."""
    rate = getattr(settings, "CV_IMPORT_RATE_PER_USER", None)
    if not rate:
        return 0
    try:
        usage = get_usage(
            request, group=GROUP, key="user", rate=rate, method="POST", increment=True
        )
    except Exception as exc:  # no shared cache: the bounds still hold
        logger.warning("CV import throttle unavailable: %s", type(exc).__name__)
        return 0
    if usage is None or not usage["should_limit"]:
        return 0
    logger.warning("Throttled: CV imports past the limit")
    return math.ceil(usage["time_left"]) + 1
