"""Helpers the browser tests share: logging in and saving screenshots."""

from __future__ import annotations

import copy
import os
import shutil
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "test-artifacts" / "screenshots"
DOC_SCREENSHOTS = ROOT / "docs" / "screenshots"
saved_screenshots: list[Path] = []


def log_in(page: Any, username: str, password: str, next_url: str = "/") -> None:
    page.goto(f"/login/?next={next_url}")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.click("form.stack-form button[type=submit]")
    page.wait_for_load_state()
    assert "/login/" not in page.url, "login failed"


def save_screenshot(target: Any, name: str, *, publish: bool = False) -> Path:
    """Save a page or element screenshot; `publish` marks the one the docs embed."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    target.screenshot(path=str(path))
    saved_screenshots.append(path)
    if publish and os.environ.get("EXPLAIN_UPDATE_SCREENSHOTS") == "1":
        DOC_SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, DOC_SCREENSHOTS / path.name)
    return path


def early_in_the_window(username: str, rate_clock: Any, most_left: int = 50) -> None:
    """Move the frozen rate clock to early in the user's window, so a refusal waits for
    nearly all of it. django-ratelimit's fixed windows start at an offset taken from the
    key (here the user's id, which differs between SQLite and PostgreSQL runs): at a
    frozen moment a second before the window ends, the countdown would start at 1."""
    from django.contrib.auth import get_user_model
    from django.test import RequestFactory

    from explain.controls.ratelimit import _usage

    request = RequestFactory().get("/")
    request.user = get_user_model().objects.get(username=username)
    for _ in range(3600):
        usage = _usage(request, increment=False)
        assert usage is not None, "rate limiting is off"
        if usage["time_left"] >= most_left:
            return
        rate_clock.advance(1)
    raise AssertionError("no window start found in an hour of the rate clock")


def _with_invented_claim() -> dict[str, Any]:
    from tests.fakes.worked import WORKED_DRAFT

    draft = copy.deepcopy(WORKED_DRAFT)
    draft["matches"][1] = {
        "point": "You have deployed services on AWS for years.",
        "term": "AWS",
        "profileQuote": INVENTED_QUOTE,
        "jobQuote": "deploy services on AWS",
    }
    return draft


# The worked example with one claim the checks remove: the posting is read as before (Java
# and AWS), and the viewer's step quotes words for AWS that the profile does not hold, so
# AWS is not found and the answer says a point was removed. The invented words never show.
INVENTED_QUOTE = "AWS (5 years)"
WITH_INVENTED_CLAIM = _with_invented_claim()


def _with_analyst_requirement() -> dict[str, Any]:
    from tests.fakes.worked import WORKED_DRAFT

    draft = copy.deepcopy(WORKED_DRAFT)
    draft["gaps"].append(
        {
            "point": "SQL is not shown in your profile.",
            "term": "SQL",
            "profileQuote": "",
            "jobQuote": "Strong SQL skills",
        }
    )
    return draft


# The worked example, and one requirement of the demo's Data Analyst posting: every job
# is read ahead from one draft, each keeping the quotes its own text holds, so a second
# job has a requirement to check (and its request meets the rate limit, not an empty list).
WITH_ANALYST_REQUIREMENT = _with_analyst_requirement()


def bottom_line(total: int, shown: int) -> str:
    """The checklist's bottom line, as the app words it in the active language, for a
    posting of `total` required requirements of which the profile shows `shown`."""
    from explain import wording

    return wording.checklist_line(total=total, optional=0, shown_required=shown, shown_optional=0)
