"""How much smaller the model's answer is now that it carries evidence only.

    python -m tools.bench.answer_size            (or: make bench)

The same claims twice: the demo recordings' drafts as the previous prompt returned them,
each claim with its model-written sentence ("point"), frozen in
tools/bench/data/answers_with_point.json; and the same drafts as the schema reads them
now, where that key is dropped. Each draft is serialised as the model writes it: compact
JSON, JSON names, and only the keys the schema sent to the model asks for (a gap has no
profileQuote) and measured in characters and estimated output tokens
(support.fake_gemini.CHARS_PER_TOKEN: the fake's usage figure is a fixed number, not a
count, so the same rule of thumb it uses to cut its stream stands in). The goal is an
answer at most 0.6 times the size. Nothing is asserted: the script prints its figures.
"""

from __future__ import annotations

import json
import math
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from explain.core.schema import Draft
from explain.llm.gemini import response_schema
from support.fake_gemini import CHARS_PER_TOKEN

BEFORE_PATH = Path(__file__).resolve().parent / "data" / "answers_with_point.json"
GOAL_RATIO = 0.6


@dataclass(frozen=True)
class Size:
    chars: int
    tokens: int


def compact(data: Any) -> str:
    """JSON as a model streams it: no indentation, non-ASCII as written."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def measure(texts: list[str]) -> Size:
    return Size(
        chars=sum(len(text) for text in texts),
        tokens=sum(math.ceil(len(text) / CHARS_PER_TOKEN) for text in texts),
    )


def before_drafts(path: Path = BEFORE_PATH) -> list[dict[str, Any]]:
    drafts: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))["drafts"]
    return drafts


def as_the_schema_asks(draft: Draft) -> dict[str, Any]:
    """The draft with only the keys the response schema lists, in its order: what a model
    that follows the schema writes."""
    lists = response_schema(Draft)["properties"]
    data = draft.model_dump(by_alias=True)
    return {
        name: [
            {key: claim[key] for key in lists[name]["items"]["propertyOrdering"]}
            for claim in data[name]
        ]
        for name in lists
    }


def sizes(drafts: list[dict[str, Any]]) -> tuple[Size, Size]:
    """(with the sentence, evidence only) for the same claims."""
    with_point = [compact(draft) for draft in drafts]
    evidence = [compact(as_the_schema_asks(Draft.model_validate(draft))) for draft in drafts]
    return measure(with_point), measure(evidence)


def main() -> int:
    drafts = before_drafts()
    claims = sum(len(d.get("matches", [])) + len(d.get("gaps", [])) for d in drafts)
    before, after = sizes(drafts)
    char_ratio = after.chars / before.chars
    token_ratio = after.tokens / before.tokens
    print(f"Answer size: {len(drafts)} recorded drafts, {claims} claims, the same claims twice")
    print(f"  {'':<22}{'chars':>8}{'tokens (est.)':>15}")
    print(f"  {'with point (before)':<22}{before.chars:>8}{before.tokens:>15}")
    print(f"  {'evidence only (now)':<22}{after.chars:>8}{after.tokens:>15}")
    print(f"  {'ratio now/before':<22}{char_ratio:>8.2f}{token_ratio:>15.2f}")
    met = "met" if token_ratio <= GOAL_RATIO and char_ratio <= GOAL_RATIO else "NOT met"
    print(f"  goal: at most {GOAL_RATIO}x: {met}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
