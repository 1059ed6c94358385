"""Demo mode: the demo postings' recorded requirements, so a machine with no key shows the page.

In demo mode a demo posting's requirements are read from this file instead of by a model
(explain.services.postings), and every viewer's step is the local matcher
(explain.llm.local_matcher) on them, for any profile; the page says plainly that the
points come from a word matcher, and they go through the same checks. The requirements
are the file's "postings" list, each a job key and its requirements (jobQuote and term).
A file of the older format, without it, has its requirements taken from its drafts' job
quotes and terms. A posting with no recorded requirements gets no answer (and an honest
message).

A posting is keyed by field keys, never by the host's labels: the job's fields named in
its job key (e.g. {"title": "Java Engineer"}) must hold those values. The recorded
profiles only tell explain_check whether the demo's seeded users are here (has_profile).
Format: docs/integrating.md (Demo mode). Pure Python: no Django.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from explain.core.contact_details import scrub, visible_form
from explain.core.schema import Draft
from explain.core.texts import SourceText
from explain.exceptions import RecordingsError
from explain.llm.client import ChatPrompt, ChatResponse
from explain.llm.local_matcher import Requirement

RECORDED_MODEL_NAME = "recorded-demo"
FORMAT = "explain-recordings/3"
# Formats this loader reads: /2 has no "postings" (requirements come from the drafts).
READABLE_FORMATS = ("explain-recordings/2", FORMAT)
# The recordings of the demo portal, shipped in the package (EXPLAIN_RECORDED_DRAFTS unset).
PACKAGED_RECORDINGS = Path(__file__).resolve().parent.parent / "data" / "demo_recordings.json"


@dataclass(frozen=True)
class Recording:
    job: Mapping[str, str]
    profile: Mapping[str, str]
    draft: Draft


@dataclass(frozen=True)
class Posting:
    """A demo posting's recorded requirements, found by its job key like a recording."""

    job: Mapping[str, str]
    requirements: tuple[Requirement, ...]


def field_values(source: SourceText) -> dict[str, str]:
    """Each field's value as sent, by key."""
    return {span.key: source.text[span.start : span.end] for span in source.fields}


def _as_sent(value: str) -> str:
    """A profile value as the texts module sends it (scrubbed, trimmed)."""
    return scrub(visible_form(value)).strip()


def _words(value: str) -> str:
    return " ".join(value.split())


class RecordedChatModel:
    """The demo's model: the demo postings' recorded requirements (the posting's reading
    in demo mode, explain.services.postings); the viewer's step is the local matcher."""

    model_name = RECORDED_MODEL_NAME

    def __init__(self, recordings: list[Recording], postings: list[Posting] | None = None) -> None:
        self._recordings = recordings
        self._postings = postings if postings is not None else postings_from_drafts(recordings)

    @classmethod
    def from_file(cls, path: str | Path) -> RecordedChatModel:
        return cls.from_data(json.loads(Path(path).read_text(encoding="utf-8")))

    @classmethod
    def from_data(cls, data: Any) -> RecordedChatModel:
        if not isinstance(data, dict) or data.get("format") not in READABLE_FORMATS:
            raise RecordingsError(f'not a recordings file: "format" must be "{FORMAT}"')
        profiles = data.get("profiles", {})
        recordings = []
        for number, entry in enumerate(data.get("recordings", []), start=1):
            try:
                profile = profiles[entry["profile"]]
                recordings.append(
                    Recording(
                        job={str(k): str(v).strip() for k, v in entry["job"].items()},
                        profile={
                            str(k): _as_sent(str(v)) for k, v in profile.items() if str(v).strip()
                        },
                        draft=Draft.model_validate(entry["draft"]),
                    )
                )
            except (KeyError, TypeError, AttributeError, ValueError) as exc:
                raise RecordingsError(
                    f"recording {number}: {type(exc).__name__} (needs job, profile, draft)"
                ) from None
        if "postings" not in data:
            return cls(recordings)
        return cls(recordings, _postings(data["postings"]))

    def requirements(self, job: Mapping[str, str]) -> tuple[Requirement, ...]:
        """The recorded requirements of this demo posting; empty when it is none."""
        for posting in self._postings:
            if all(job.get(key) == value for key, value in posting.job.items()):
                return posting.requirements
        return ()

    def has_profile(self, profile: SourceText) -> bool:
        """Whether any recording was made for exactly this profile (for explain_check)."""
        shown = {key: _words(value) for key, value in field_values(profile).items() if value}
        return any(
            {key: _words(value) for key, value in recording.profile.items()} == shown
            for recording in self._recordings
        )

    def __call__(self, prompt: ChatPrompt, /) -> ChatResponse:
        """Called as a model (the service never does: it reads requirements() and asks
        the local matcher): an empty draft, which the checks report as nothing verified."""
        empty = Draft()
        return ChatResponse(text=empty.model_dump_json(by_alias=True), parsed=empty)


def _postings(entries: Any) -> list[Posting]:
    postings = []
    for number, entry in enumerate(entries if isinstance(entries, list) else [None], start=1):
        try:
            postings.append(
                Posting(
                    job={str(k): str(v).strip() for k, v in entry["job"].items()},
                    requirements=tuple(
                        Requirement(
                            job_quote=str(item["jobQuote"]),
                            term=str(item["term"]),
                            alternatives=tuple(str(name) for name in item.get("alternatives", [])),
                        )
                        for item in entry["requirements"]
                    ),
                )
            )
        except (KeyError, TypeError, AttributeError, ValueError) as exc:
            raise RecordingsError(
                f"posting {number}: {type(exc).__name__} (needs job, requirements of "
                "jobQuote and term)"
            ) from None
    return postings


def postings_from_drafts(recordings: list[Recording]) -> list[Posting]:
    """For a file without "postings": each job key's requirements are the distinct job
    quotes and terms of its drafts (matches' and gaps'), in the order first recorded."""
    by_job: dict[tuple[tuple[str, str], ...], dict[Requirement, None]] = {}
    for recording in recordings:
        key = tuple(sorted(recording.job.items()))
        found = by_job.setdefault(key, {})
        for claim in [*recording.draft.matches, *recording.draft.gaps]:
            if claim.job_quote.strip() and claim.term.strip():
                found[Requirement(job_quote=claim.job_quote, term=claim.term)] = None
    return [Posting(job=dict(key), requirements=tuple(found)) for key, found in by_job.items()]
