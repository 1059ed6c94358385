"""Both calls of an explanation answered from one draft of the older shape (for fakes).

The fake models of the tests, the load tools and the fake Gemini server state what the
model says as a draft: matches (a term, the profile's words, the job's words) and gaps.
Since the answer became the posting's own requirements, a request makes up to two
calls: the posting's reading (once per posting text, usually ahead of time) and the
viewer's step. This fake answers both from the one draft:

- the posting's call: the requirements are the draft's job quotes and terms (its
  matches, then its gaps, in order), with the job reading the draft gives, else
  "required";
- the viewer's call: for each requirement listed in the message, the profile quote (and
  its reading) of the draft's match with that job quote and term, or none.

Any other text (not JSON, an error body, another shape) is passed through unchanged, so
a test of a broken answer still sends a broken answer to whichever call is made.
"""

from __future__ import annotations

import json
import re
from typing import Any

from explain.core.posting_prompt import POSTING_INSTRUCTION
from explain.core.viewer_prompt import PROFILE_HEADING, REQUIREMENTS_HEADING, VIEWER_INSTRUCTION
from explain.llm.client import ChatPrompt
from explain.verify import normalize

# The posting's own brackets are sent as parentheses (explain.core.viewer_prompt).
_OWN = str.maketrans({"[": "(", "]": ")"})


def _claims(draft: dict[str, Any], key: str) -> list[dict[str, Any]]:
    value = draft.get(key, [])
    return [c for c in value if isinstance(c, dict)] if isinstance(value, list) else []


def posting_answer(draft: dict[str, Any]) -> dict[str, Any]:
    """The posting's requirements a model would list for this draft's job quotes."""
    return {
        "requirements": [
            {
                "jobQuote": claim.get("jobQuote") or "",
                "term": claim.get("term") or "",
                "reading": claim.get("jobReading") or "required",
            }
            for claim in [*_claims(draft, "matches"), *_claims(draft, "gaps")]
        ]
    }


def listed_requirements(message: str) -> list[tuple[int, str, set[str]]]:
    """The requirement lines of a viewer's message: each id, its words (marks removed)
    and its marked names, normalised."""
    listed: list[tuple[int, str, set[str]]] = []
    inside = False
    for line in message.splitlines():
        if line.startswith(REQUIREMENTS_HEADING):
            inside = True
            continue
        if line.startswith(PROFILE_HEADING):
            break
        number, dot, words = line.partition(". ")
        if inside and dot and number.isdigit():
            names = {normalize(n) for n in re.findall(r"\[([^\]]*)\]", words)}
            plain = normalize(words.replace("[", "").replace("]", ""))
            listed.append((int(number), plain, names))
    return listed


def chosen_match(draft: dict[str, Any], words: str, names: set[str]) -> dict[str, Any] | None:
    """The draft's first match whose job quote is in a listed requirement's words and whose
    term is one of its marked names: the one the fake answers that requirement with."""
    return next(
        (
            claim
            for claim in _claims(draft, "matches")
            if normalize(str(claim.get("jobQuote") or "").translate(_OWN)) in words
            and normalize(str(claim.get("term") or "")) in names
        ),
        None,
    )


def viewer_answer(draft: dict[str, Any], message: str) -> dict[str, Any]:
    """Per listed requirement, the draft's profile quote for it, or none."""
    evidence = []
    for number, words, names in listed_requirements(message):
        match = chosen_match(draft, words, names)
        evidence.append(
            {
                "id": number,
                "profileQuote": (match or {}).get("profileQuote") or "",
                "profileReading": (match or {}).get("profileReading") or "",
            }
        )
    return {"requirements": evidence}


def is_draft(data: Any) -> bool:
    return isinstance(data, dict) and bool({"matches", "gaps"} & data.keys())


def answer_in_shape(text: str, prompt: ChatPrompt) -> str:
    """The draft text a test gave, answered in the shape this call asks for."""
    return text_in_shape(text, system=prompt.system, user=prompt.user)


def text_in_shape(text: str, *, system: str, user: str) -> str:
    """The same, for a call known by its instruction and message (an HTTP fake's)."""
    if system not in (POSTING_INSTRUCTION, VIEWER_INSTRUCTION):
        return text
    try:
        draft = json.loads(text)
    except (TypeError, ValueError):
        return text
    if not is_draft(draft):
        return text
    if system == POSTING_INSTRUCTION:
        return json.dumps(posting_answer(draft))
    return json.dumps(viewer_answer(draft, user))
