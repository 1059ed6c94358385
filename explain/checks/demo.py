"""Checks of demo mode: its recordings must load (explain.W001), and it runs on the demo portal.

Demo mode on a portal that is not the demo: recordings and the local matcher answer
only the demo's own postings, so every request on another portal's postings answers 503
("Demo answers exist only for the demo postings"). The demo portal is told by its seeded
users: when none of them is here, this is not the demo. With a database to read
(`check --database default`, `migrate`), a sample of the users is compared with the
recorded profiles (explain.W053); `explain_check` fails on the same finding."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.core.checks import CheckMessage, Tags, Warning, register

from explain.conf import app_settings


@register()
def check_demo_mode(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    return recordings_problems() if app_settings.DEMO_MODE else []


def recordings_problems() -> list[CheckMessage]:
    """Demo mode's recordings file must load (explain.W001)."""
    from explain.llm.recorded import RecordedChatModel, RecordingsError
    from explain.llm.registry import recordings_path

    path = recordings_path()
    try:
        RecordedChatModel.from_file(path)
    except (OSError, ValueError, RecordingsError) as exc:
        reason = str(exc) if isinstance(exc, RecordingsError) else type(exc).__name__
        return [
            Warning(
                f"EXPLAIN_DEMO_MODE is on but the recordings in {path} cannot be read "
                f"({reason}): every demo request will say explanations are unavailable.",
                hint="Unset EXPLAIN_RECORDED_DRAFTS to use the packaged demo recordings, or "
                "fix the file (format: docs/integrating.md, Demo mode).",
                id="explain.W001",
            )
        ]
    return []


logger = logging.getLogger(__name__)

# How many users are read: enough to meet the demo's seeded users on a demo database.
SAMPLE = 200

FIX = (
    "Set GEMINI_API_KEY (or EXPLAIN_CHAT_MODEL) so every profile gets its own answer, "
    "and EXPLAIN_DEMO_MODE = False; demo mode is for the demo portal's seeded users, or "
    "for recordings of your own (EXPLAIN_RECORDED_DRAFTS, docs/integrating.md, Demo mode)"
)


@dataclass(frozen=True)
class DemoReach:
    read: int  # users read
    recorded: int  # of them, with a recorded profile


def demo_reach(model: Any) -> DemoReach:
    """How many of the first SAMPLE users a recordings model can answer at all."""
    from explain.services.explanations import profile_text_for

    read = recorded = 0
    for user in get_user_model()._default_manager.order_by("pk")[:SAMPLE]:
        read += 1
        try:
            profile = profile_text_for(user)
        except Exception as exc:  # the host's adapter: the adapter checks say so
            logger.debug("A profile could not be read: %s", type(exc).__name__)
            continue
        recorded += model.has_profile(profile)
    return DemoReach(read, recorded)


def demo_problem(model: Any) -> str:
    """What is wrong with demo mode here ("" when a recorded user exists, or no user)."""
    reach = demo_reach(model)
    if reach.read == 0 or reach.recorded:
        return ""
    return (
        f"EXPLAIN_DEMO_MODE is on, and none of the {reach.read} users read is one of the "
        "demo's seeded users: this is not the demo portal, and demo answers exist only for "
        'the demo postings, so requests on your postings will answer 503 ("Demo answers '
        'exist only for the demo users")'
    )


def recordings_model() -> Any:
    """The recordings model when demo mode is what answers, else None."""
    from explain.llm.recorded import RecordedChatModel
    from explain.llm.registry import get_chat_model

    model = get_chat_model()
    return model if isinstance(model, RecordedChatModel) else None


@register(Tags.database)
def check_demo_users(
    app_configs: Any = None, databases: Any = None, **kwargs: Any
) -> list[CheckMessage]:
    if not databases:
        return []
    model = recordings_model()
    if model is None:
        return []
    try:
        problem = demo_problem(model)
    except Exception as exc:  # no tables yet (explain.W052 says so), or no database
        logger.debug("Could not read the users for demo mode: %s", type(exc).__name__)
        return []
    return [Warning(f"{problem}.", hint=f"{FIX}.", id="explain.W053")] if problem else []
