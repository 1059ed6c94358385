"""Demo mode: a ChatModel that answers from recorded drafts instead of calling a provider.

For a machine with no key, so the whole page can be seen. The page says plainly that
these answers are recorded, not generated; they go through the same verifier.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from explain.llm.client import ChatPrompt, ChatResponse
from explain.schema import Draft

RECORDED_MODEL_NAME = "recorded-demo"


@dataclass(frozen=True)
class Recording:
    job_title: str
    profile_headline: str
    draft: Draft


class RecordedChatModel:
    """Answers with the recording whose job title (and headline) appear in the prompt."""

    model_name = RECORDED_MODEL_NAME

    def __init__(self, recordings: list[Recording]) -> None:
        self._recordings = recordings

    @classmethod
    def from_file(cls, path: str | Path) -> RecordedChatModel:
        entries = json.loads(Path(path).read_text(encoding="utf-8"))
        return cls(
            [
                Recording(
                    job_title=entry["job_title"],
                    profile_headline=entry.get("profile_headline", ""),
                    draft=Draft.model_validate(entry["draft"]),
                )
                for entry in entries
            ]
        )

    def __call__(self, prompt: ChatPrompt, /) -> ChatResponse:
        profile_part, _, job_part = prompt.user.partition("\n\nJOB POSTING:\n")
        best: Recording | None = None
        for recording in self._recordings:
            if f"Job title: {recording.job_title}\n" not in job_part + "\n":
                continue
            if recording.profile_headline and (
                f"Headline: {recording.profile_headline}\n" in profile_part + "\n"
            ):
                best = recording
                break
            best = best or recording
        draft = best.draft if best else Draft()
        return ChatResponse(
            text=draft.model_dump_json(by_alias=True), parsed=draft, model=self.model_name
        )
