"""Which request rules each Gemini model family takes, in one table.

Google changes what a model accepts from one generation to the next (how thinking is
bounded, whether temperature is honoured, when a model is retired). Everything the
request builder, the start-up checks and `explain_check` need to know about a model name
is decided here, from its name alone. Facts and their dates: docs/providers.md.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from enum import StrEnum

DEFAULT_MODEL = "gemini-3.5-flash-lite"

# What a model's answer needs: at most 5 matches and 5 gaps of short quotes. The bound
# sent is this plus the room each family's thinking may take (thoughts count against
# maxOutputTokens: with no room, a thinking model ends in MAX_TOKENS before it answers).
ANSWER_TOKENS = 2048

# A model name we send in the request path: lower-case ASCII letters, digits, dots and
# dashes. No spaces, no slashes (a slash would change the API path), no other scripts.
_MODEL_NAME = re.compile(r"[a-z0-9][a-z0-9.-]{0,79}")


class Thinking(StrEnum):
    """How a family bounds thinking: a named level (3.x) or a token budget (2.5)."""

    LEVEL = "thinking_level"
    BUDGET = "thinking_budget"


@dataclass(frozen=True)
class Family:
    """The request rules of one model family."""

    name: str
    pattern: re.Pattern[str]
    thinking: Thinking
    # The setting for a copying task: a level name, or a budget in tokens.
    copy_thinking: str | int
    # What EXPLAIN_THINKING may choose: level names, or (low, high, off allowed).
    levels: tuple[str, ...] = ()
    budget: tuple[int, int, bool] = (0, 0, False)
    honours_temperature: bool = True
    # Room for thoughts on top of the answer, at the copy setting.
    thought_room: int = 0

    def output_bound(self, thinking: str | int) -> int:
        """maxOutputTokens: the answer plus the room its thinking setting may take."""
        if isinstance(thinking, int):
            return ANSWER_TOKENS + max(thinking, 0)
        return ANSWER_TOKENS + _LEVEL_ROOM.get(thinking, self.thought_room)

    def thinking_problem(self, value: object) -> str | None:
        """Why `value` is not a thinking setting this family takes, or None if it is."""
        if self.thinking is Thinking.LEVEL:
            if isinstance(value, str) and value.upper() in self.levels:
                return None
            return f"{self.name} takes a thinking level: one of {', '.join(self.levels)}"
        low, high, off = self.budget
        if isinstance(value, int) and not isinstance(value, bool):
            if (off and value == 0) or low <= value <= high:
                return None
        allowed = f"{low}-{high}" + (" or 0 (off)" if off else "")
        return f"{self.name} takes a thinking budget in tokens: {allowed}"

    def normalise_thinking(self, value: str | int) -> str | int:
        return value.upper() if isinstance(value, str) else value


# Extra output room by 3.x thinking level (Google does not publish caps; these leave a
# copying task room to finish at each level).
_LEVEL_ROOM = {"MINIMAL": 1024, "LOW": 2048, "MEDIUM": 6144, "HIGH": 14336}

_FLASH_LEVELS = ("MINIMAL", "LOW", "MEDIUM", "HIGH")

# Newest first: a name that matches no pattern gets the first family's rules.
FAMILIES: tuple[Family, ...] = (
    Family(
        name="Gemini 3.x Flash-Lite",
        pattern=re.compile(r"gemini-3(\.\d+)?-flash-lite(-.*)?"),
        thinking=Thinking.LEVEL,
        copy_thinking="MINIMAL",  # Google's default, and its advice for JSON extraction
        levels=_FLASH_LEVELS,
        honours_temperature=False,  # custom temperature, top-k and top-p are ignored
        thought_room=_LEVEL_ROOM["MINIMAL"],
    ),
    Family(
        name="Gemini 3.x Flash",
        pattern=re.compile(r"gemini-3(\.\d+)?-flash(-.*)?"),
        thinking=Thinking.LEVEL,
        copy_thinking="MINIMAL",
        levels=_FLASH_LEVELS,
        honours_temperature=False,  # Gemini 3 is tuned for its default temperature
        thought_room=_LEVEL_ROOM["MINIMAL"],
    ),
    Family(
        name="Gemini 3.x Pro",
        pattern=re.compile(r"gemini-3(\.\d+)?-pro(-.*)?"),
        thinking=Thinking.LEVEL,
        copy_thinking="LOW",  # Pro cannot go lower
        levels=("LOW", "HIGH"),
        honours_temperature=False,
        thought_room=_LEVEL_ROOM["LOW"],
    ),
    Family(
        name="Gemini 2.5 Flash-Lite",
        pattern=re.compile(r"gemini-2\.5-flash-lite(-.*)?"),
        thinking=Thinking.BUDGET,
        copy_thinking=0,
        budget=(512, 24576, True),
    ),
    Family(
        name="Gemini 2.5 Flash",
        pattern=re.compile(r"gemini-2\.5-flash(-.*)?"),
        thinking=Thinking.BUDGET,
        copy_thinking=0,
        budget=(0, 24576, True),
    ),
    Family(
        name="Gemini 2.5 Pro",
        pattern=re.compile(r"gemini-2\.5-pro(-.*)?"),
        thinking=Thinking.BUDGET,
        copy_thinking=128,  # Pro cannot switch thinking off
        budget=(128, 32768, False),
        thought_room=128,
    ),
)
NEWEST = FAMILIES[0]


@dataclass(frozen=True)
class Retirement:
    retired_on: date
    replacement: str


# Google's deprecation notes (read 2026-11-30). What an old name does after its date is
# not promised (refused or routed): the start-up check warns either way.
RETIRED: dict[str, Retirement] = {
    "gemini-2.5-flash": Retirement(date(2026, 12, 1), "gemini-3.5-flash-lite"),
    "gemini-2.5-pro": Retirement(date(2026, 12, 1), "gemini-3.8-flash"),
}


@dataclass(frozen=True)
class RequestRules:
    """What one request to this model carries, with EXPLAIN_THINKING applied."""

    model: str
    family: Family
    known: bool  # False: no pattern matched, the newest family's rules apply
    thinking: str | int
    thinking_overridden: bool
    send_temperature: bool
    max_output_tokens: int

    @property
    def thinking_param(self) -> Thinking:
        return self.family.thinking


def is_valid_model_name(name: object) -> bool:
    """Whether a GEMINI_MODEL value can go into the request path as it is."""
    return isinstance(name, str) and _MODEL_NAME.fullmatch(name) is not None


def family_for(model: str) -> tuple[Family, bool]:
    """The model's family, and whether the name was recognised at all."""
    for family in FAMILIES:
        if family.pattern.fullmatch(model):
            return family, True
    return NEWEST, False


def retirement(model: str, *, version_suffix: bool = True) -> Retirement | None:
    """The retirement entry for this name (a `-001`-style version of it counts too)."""
    if model in RETIRED:
        return RETIRED[model]
    if version_suffix:
        base, _, tail = model.rpartition("-")
        if tail.isdigit() and base in RETIRED:
            return RETIRED[base]
    return None


def request_rules(
    model: str, *, thinking: str | int | None = None, max_output_tokens: int | None = None
) -> RequestRules:
    """The rules for one model. `thinking` (EXPLAIN_THINKING) wins when the family takes
    it; a value it does not take falls back to the copy setting (the check says so)."""
    family, known = family_for(model)
    chosen: str | int = family.copy_thinking
    overridden = False
    if thinking is not None and family.thinking_problem(thinking) is None:
        chosen = family.normalise_thinking(thinking)
        overridden = True
    bound = max_output_tokens if max_output_tokens else family.output_bound(chosen)
    return RequestRules(
        model=model,
        family=family,
        known=known,
        thinking=chosen,
        thinking_overridden=overridden,
        send_temperature=family.honours_temperature,
        max_output_tokens=bound,
    )
