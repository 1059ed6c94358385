"""What the model calls cost, estimated from logged token counts and EXPLAIN_PRICES.

Pure: the admin hands in token sums per day and model, this returns money per day.
Prices are per million tokens, by model, for input (prompt), output (the answer) and
thinking (thought tokens, which Google bills on top of the answer). A model with no
price is counted apart, never priced at zero.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date

KINDS = ("input", "output", "thinking")
PER = 1_000_000


@dataclass(frozen=True)
class Price:
    input: float
    output: float
    thinking: float


@dataclass(frozen=True)
class UsageRow:
    """Token sums of one model on one day."""

    day: date
    model: str
    calls: int
    prompt_tokens: int
    output_tokens: int
    thoughts_tokens: int


@dataclass(frozen=True)
class DayCost:
    day: date
    cost: float  # of the priced calls
    priced_calls: int
    unpriced_calls: int
    unpriced_models: tuple[str, ...] = field(default=())


def _is_amount(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and value >= 0


def price_problems(prices: object) -> list[str]:
    """What is wrong with an EXPLAIN_PRICES value, in words (empty when it is usable)."""
    if not isinstance(prices, Mapping):
        return ["it must be a dict of model name to prices"]
    problems = []
    for model, entry in prices.items():
        if not isinstance(entry, Mapping):
            problems.append(f"the entry for {str(model)[:80]!r} is not a dict")
            continue
        missing = [kind for kind in KINDS if not _is_amount(entry.get(kind))]
        if missing:
            problems.append(
                f"the entry for {str(model)[:80]!r} lacks a price (a number of at least 0) "
                f"for {', '.join(missing)}"
            )
    return problems


def parse_prices(prices: object) -> dict[str, Price]:
    """The usable entries of EXPLAIN_PRICES; a broken entry is left out (unpriced)."""
    if not isinstance(prices, Mapping):
        return {}
    parsed = {}
    for model, entry in prices.items():
        if isinstance(entry, Mapping) and all(_is_amount(entry.get(k)) for k in KINDS):
            parsed[str(model)] = Price(
                float(entry["input"]), float(entry["output"]), float(entry["thinking"])
            )
    return parsed


def call_cost(price: Price, *, prompt: int, output: int, thoughts: int) -> float:
    return (prompt * price.input + output * price.output + thoughts * price.thinking) / PER


@dataclass
class _Day:
    cost: float = 0.0
    priced: int = 0
    unpriced: int = 0
    models: set[str] = field(default_factory=set)


def daily_costs(rows: Iterable[UsageRow], prices: Mapping[str, Price]) -> list[DayCost]:
    """Estimated cost per day, newest first, with the calls no price covers."""
    days: dict[date, _Day] = {}
    for row in rows:
        day = days.setdefault(row.day, _Day())
        price = prices.get(row.model)
        if price is None:
            day.unpriced += row.calls
            day.models.add(row.model or "custom")
            continue
        day.priced += row.calls
        day.cost += call_cost(
            price, prompt=row.prompt_tokens, output=row.output_tokens, thoughts=row.thoughts_tokens
        )
    return [
        DayCost(
            day=when,
            cost=day.cost,
            priced_calls=day.priced,
            unpriced_calls=day.unpriced,
            unpriced_models=tuple(sorted(day.models)),
        )
        for when, day in sorted(days.items(), reverse=True)
    ]


def cost_lines(days: list[DayCost]) -> list[str]:
    """One plain line per day for the admin summary (amounts in the price table's unit)."""
    lines = []
    for day in days:
        line = f"{day.day.isoformat()}: {_amount(day.cost)} for {day.priced_calls} priced calls"
        if day.unpriced_calls:
            models = ", ".join(day.unpriced_models)
            line += f"; {day.unpriced_calls} calls of {models} have no price in EXPLAIN_PRICES"
        lines.append(line)
    return lines


def _amount(value: float) -> str:
    return f"{value:,.2f}" if value >= 1 else f"{value:.4f}"
