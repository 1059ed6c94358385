"""Check of demo mode: its recordings must load (explain.W001)."""

from __future__ import annotations

from typing import Any

from django.core.checks import CheckMessage, Warning, register

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
