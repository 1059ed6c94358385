"""How much less is sent per explanation once a posting's requirements were read ahead.

    python -m tools.bench.input_size            (or: make bench)

Today's call sends, for every viewer, the instruction and the whole posting with the
profile (tools.bench.one_call_prompt). A prepared posting was read once
(explain.core.posting_prompt, its answer verified by explain.core.posting.read_posting);
each viewer's call then sends the viewer instruction, the job title, the verified
requirements and the profile (explain.core.viewer_prompt). This script measures both for
the pairs of tools/bench/data/input_pairs.json: realistic postings and profiles of our own
in eight languages, each posting with its requirements as a model answers the posting
prompt.

The texts are built as the site builds them: the portal's own fields (an unsaved Job
through jobportal.explain_source.job_field_values; the profile's keys and labels with the
form's normal text), explain.core.texts.job_text and profile_text at the site's cap, and
the title as shown_job_title reads it.

Two estimates of tokens, since no tokenizer is a dependency: characters / 4
(support.fake_gemini.CHARS_PER_TOKEN, the rule answer_size uses), and "pieces": a run of
letters and digits counts one piece per 6 characters or part of them, every other mark
one (so a JSON list's brackets, quotes and commas are counted as a tokenizer meets them,
which characters / 4 under-counts). The goal is at most 0.5 times today's, per
explanation for a prepared posting. The one-off reading of the posting is printed apart,
and spread over 1, 10 and 100 viewers. The response schema is sent with each call too;
its size is printed on its own line. Nothing is asserted: the script prints its figures.
"""

from __future__ import annotations

import json
import math
import os
import re
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from support.fake_gemini import CHARS_PER_TOKEN

PAIRS_PATH = Path(__file__).resolve().parent / "data" / "input_pairs.json"
GOAL_RATIO = 0.5
VIEWERS = (1, 10, 100)
# A run of letters and digits longer than this counts as more than one piece.
PIECE_CHARS = 6
_PIECE = re.compile(r"\w+|[^\w\s]")


@dataclass(frozen=True)
class Size:
    """What one or more calls send: characters and the two token estimates."""

    chars: int = 0
    tokens: int = 0  # characters / CHARS_PER_TOKEN, rounded up per text
    pieces: int = 0  # words cut every PIECE_CHARS characters, plus every other mark

    def __add__(self, other: Size) -> Size:
        return Size(
            self.chars + other.chars, self.tokens + other.tokens, self.pieces + other.pieces
        )


def pieces(text: str) -> int:
    """A word-piece count without a vocabulary: long words cost more, marks cost one."""
    return sum(
        math.ceil(len(piece) / PIECE_CHARS) if piece[0].isalnum() or piece[0] == "_" else 1
        for piece in _PIECE.findall(text)
    )


def measure(texts: Iterable[str]) -> Size:
    total = Size()
    for text in texts:
        total += Size(len(text), math.ceil(len(text) / CHARS_PER_TOKEN), pieces(text))
    return total


@dataclass(frozen=True)
class Pair:
    """One pair's three calls as sent, and how many requirements were kept."""

    id: str
    language: str
    today: Size  # SYSTEM_INSTRUCTION + build_user_message(profile, posting)
    viewer: Size  # VIEWER_INSTRUCTION + build_viewer_message(title, requirements, profile)
    posting: Size  # POSTING_INSTRUCTION + build_posting_message(posting): once per posting
    answered: int  # requirements in the model's answer
    kept: int  # requirements read_posting kept (what the viewer's call lists)
    # Characters of each part, for the breakdown: where a call's size comes from.
    profile_chars: int  # the profile as sent (in both calls)
    posting_chars: int  # the posting as sent (today's call)
    today_instruction: int
    viewer_instruction: int
    listed_chars: int  # the viewer message less the profile: title, list, headings


def load_pairs(path: Path = PAIRS_PATH) -> list[dict[str, Any]]:
    pairs: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))["pairs"]
    return pairs


def _django() -> None:
    """Django set up: the portal's fields and the site's cap and limits come from it."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "jobportal.settings")
    import django
    from django.apps import apps

    if not apps.ready:
        django.setup()


def measure_pair(pair: dict[str, Any]) -> Pair:
    """The three calls of one pair, with texts built as the site builds them."""
    _django()
    from explain.adapter import Field, not_requirement_keys
    from explain.conf import app_settings
    from explain.core.posting import PostingAnswer, read_posting
    from explain.core.posting_prompt import POSTING_INSTRUCTION, build_posting_message
    from explain.core.texts import job_text, profile_text
    from explain.core.viewer_prompt import VIEWER_INSTRUCTION, build_viewer_message
    from explain.services.explanations import shown_job_title
    from explain.services.limits import verify_limits
    from jobportal.explain_source import (
        PROFILE_FIELDS,
        PROFILE_LABELS,
        PortalExplainSource,
        job_field_values,
    )
    from jobportal.form_text import normalize_form_text
    from jobportal.models import Job
    from tools.bench.one_call_prompt import SYSTEM_INSTRUCTION, build_user_message

    max_chars = app_settings.MAX_TEXT_CHARS
    job_fields = job_field_values(Job(**pair["job"]))
    profile_fields = [
        Field(key, label, normalize_form_text(pair["profile"].get(key, "")))
        for key, label in zip(PROFILE_FIELDS, PROFILE_LABELS, strict=True)
    ]
    job = job_text(job_fields, max_chars=max_chars)
    profile = profile_text(profile_fields, max_chars=max_chars)
    answer = PostingAnswer.model_validate({"requirements": pair["requirements"]})
    reading = read_posting(
        answer,
        job,
        limits=verify_limits(),
        not_requirement_keys=not_requirement_keys(PortalExplainSource()),
    )
    title = shown_job_title(job_fields)
    viewer_message = build_viewer_message(title, reading.requirements, profile.text)
    return Pair(
        id=pair["id"],
        language=pair["language"],
        today=measure([SYSTEM_INSTRUCTION, build_user_message(profile.text, job.text)]),
        viewer=measure([VIEWER_INSTRUCTION, viewer_message]),
        posting=measure([POSTING_INSTRUCTION, build_posting_message(job.text)]),
        answered=len(answer.requirements),
        kept=len(reading.requirements),
        profile_chars=len(profile.text),
        posting_chars=len(job.text),
        today_instruction=len(SYSTEM_INSTRUCTION),
        viewer_instruction=len(VIEWER_INSTRUCTION),
        listed_chars=len(viewer_message) - len(profile.text),
    )


def schema_sizes() -> tuple[Size, Size, Size]:
    """The response schema each call sends, as compact JSON: (today, viewer, posting)."""
    from explain.core.checklist import ViewerAnswer
    from explain.core.posting import PostingAnswer
    from explain.core.schema import Draft
    from explain.llm.gemini import response_schema

    def size(schema: Any) -> Size:
        return measure([json.dumps(response_schema(schema), separators=(",", ":"))])

    return size(Draft), size(ViewerAnswer), size(PostingAnswer)


def _ratio(after: float, before: float) -> float:
    return after / before if before else 0.0


def _row(label: str, count: int, today: Size, viewer: Size) -> str:
    return (
        f"  {label:<9}{count:>6}"
        f"{today.chars:>9}{viewer.chars:>9}{_ratio(viewer.chars, today.chars):>7.2f}"
        f"{today.tokens:>8}{viewer.tokens:>8}{_ratio(viewer.tokens, today.tokens):>7.2f}"
        f"{today.pieces:>8}{viewer.pieces:>8}{_ratio(viewer.pieces, today.pieces):>7.2f}"
    )


def _total(sizes: Sequence[Size]) -> Size:
    total = Size()
    for size in sizes:
        total += size
    return total


def breakdown(measured: Sequence[Pair]) -> list[str]:
    """Where each call's characters come from, as a mean per pair: the instruction is
    sent whole with every call, the profile with both, the posting only today."""

    def mean(values: Iterable[int]) -> int:
        return round(sum(values) / len(measured))

    today_rest = mean(p.today.chars - p.today_instruction - p.profile_chars for p in measured)
    return [
        "  mean chars per pair: "
        f"today = instruction {mean(p.today_instruction for p in measured)}"
        f" + profile {mean(p.profile_chars for p in measured)}"
        f" + posting and headings {today_rest};",
        f"  {'':<22}prepared = instruction {mean(p.viewer_instruction for p in measured)}"
        f" + profile {mean(p.profile_chars for p in measured)}"
        f" + title, requirements and headings"
        f" {mean(p.listed_chars for p in measured)}"
        f" (posting as sent: {mean(p.posting_chars for p in measured)})",
    ]


def profile_sensitivity(measured: Sequence[Pair]) -> list[str]:
    """The profile is sent whole in both calls, so the longer it is, the nearer the ratio
    comes to 1: the ratio with every profile k times as long (exact in characters: only
    the profile's share changes), and the profile length at which the goal is just met."""
    today = sum(p.today.chars for p in measured)
    viewer = sum(p.viewer.chars for p in measured)
    profiles = sum(p.profile_chars for p in measured)
    scaled = "; ".join(
        f"x{k}: {_ratio(viewer + (k - 1) * profiles, today + (k - 1) * profiles):.2f}"
        for k in (2, 4)
    )
    # viewer - P + x <= GOAL * (today - P + x), per pair on average, solved for x.
    fixed_viewer = (viewer - profiles) / len(measured)
    fixed_today = (today - profiles) / len(measured)
    break_even = (GOAL_RATIO * fixed_today - fixed_viewer) / (1 - GOAL_RATIO)
    return [
        f"  every profile k times as long (chars ratio): {scaled}; the goal holds while a"
        f" profile is under {max(0, round(break_even))} chars on these postings"
    ]


def report(measured: Sequence[Pair]) -> list[str]:
    """The printed lines: per language and overall, today's and a prepared posting's."""
    languages = sorted({p.language for p in measured})
    kept = sum(p.kept for p in measured)
    answered = sum(p.answered for p in measured)
    lines = [
        f"Input size per explanation: {len(measured)} pairs, {len(languages)} languages, "
        f"{kept} requirements kept of {answered} answered",
        "  today = SYSTEM_INSTRUCTION + profile + whole posting; prepared = VIEWER_INSTRUCTION"
        " + title + verified requirements + profile",
        "  tokens = chars/4; pieces = words cut every 6 chars + each other mark",
        f"  {'':<9}{'':>6}{'chars':>25}{'tokens (chars/4)':>23}{'pieces':>20}",
        f"  {'language':<9}{'pairs':>6}" + f"{'today':>9}{'prepared':>9}{'ratio':>7}" * 3,
    ]
    for language in languages:
        group = [p for p in measured if p.language == language]
        lines.append(
            _row(
                language,
                len(group),
                _total([p.today for p in group]),
                _total([p.viewer for p in group]),
            )
        )
    today = _total([p.today for p in measured])
    viewer = _total([p.viewer for p in measured])
    lines.append(_row("all", len(measured), today, viewer))
    ratios = (
        _ratio(viewer.chars, today.chars),
        _ratio(viewer.tokens, today.tokens),
        _ratio(viewer.pieces, today.pieces),
    )
    met = "met" if max(ratios) <= GOAL_RATIO else "NOT met"
    lines.append(f"  goal: at most {GOAL_RATIO}x per explanation for a prepared posting: {met}")
    worst = max(measured, key=lambda p: _ratio(p.viewer.chars, p.today.chars))
    best = min(measured, key=lambda p: _ratio(p.viewer.chars, p.today.chars))
    lines.append(
        f"  pairs' char ratio from {_ratio(best.viewer.chars, best.today.chars):.2f} ({best.id})"
        f" to {_ratio(worst.viewer.chars, worst.today.chars):.2f} ({worst.id})"
    )
    lines += breakdown(measured)
    lines += profile_sensitivity(measured)
    posting = _total([p.posting for p in measured])
    lines.append("")
    lines.append(
        f"Reading the posting once (POSTING_INSTRUCTION + posting): {posting.chars} chars, "
        f"{posting.tokens} tokens, {posting.pieces} pieces for {len(measured)} postings"
    )
    lines.append(f"  {'viewers':<9}{'chars':>9}{'ratio':>7}{'tokens':>8}{'ratio':>7}")
    for n in VIEWERS:
        # Per explanation: each viewer's call plus a 1/n share of the one reading.
        chars = viewer.chars + posting.chars / n
        tokens = viewer.tokens + posting.tokens / n
        lines.append(
            f"  {n:<9}{chars:>9.0f}{_ratio(chars, today.chars):>7.2f}"
            f"{tokens:>8.0f}{_ratio(tokens, today.tokens):>7.2f}"
        )
    schema_today, schema_viewer, schema_posting = schema_sizes()
    calls = len(measured)
    with_schema = _ratio(
        viewer.chars + calls * schema_viewer.chars, today.chars + calls * schema_today.chars
    )
    lines.append("")
    lines.append(
        "Response schema sent with each call (not in the figures above): "
        f"today {schema_today.chars} chars, viewer {schema_viewer.chars}, "
        f"posting {schema_posting.chars}; with it, per explanation {with_schema:.2f}x"
    )
    return lines


def main() -> int:
    measured = [measure_pair(pair) for pair in load_pairs()]
    print("\n".join(report(measured)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
