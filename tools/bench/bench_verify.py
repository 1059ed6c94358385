"""How much the strict verifier costs, measured side by side in one run.

    python tools/bench/bench_verify.py            (or: make bench)

A draft of 10 matches + 10 gaps is checked against a profile text and a job text of
20 KB, then of 200 KB, three ways, on texts new to the process in every round (as a
request's are: nothing cached per text carries over):

- naive: the whole source normalised again for every quote, then `in`;
- floor: each source normalised once (explain.core.verify.normalize), then one plain `in` per
  quote: the least any check with this normalisation can cost;
- ours:  the full explain.core.verify.verify_draft, whole words, offsets and reasons included.

Every quote is found (and no gap is contradicted), so all three do the same lookups and
ours keeps all 20 points; the list limit is raised to 10 so none is skipped as unchecked.
A fourth column, for reference only, is a weaker normalisation (lower-case,
collapse white space, trim) redone per quote: weaker rules, so not a goal, but it shows
what the stricter normalisation costs. Medians over repeated runs; the three are
interleaved in every round, in an order shuffled each round, so that machine noise and
the caches naive disturbs hit them alike. Times are the CPU time
of this process (time.process_time), so other work on a busy machine does not count;
the wall time is printed at the end. Nothing is asserted: the script prints its figures
and whether each goal was met.
"""

from __future__ import annotations

import random
import re
import statistics
import sys
import time
from collections.abc import Callable

from explain.core.rules import amounts, content, equivalence
from explain.core.schema import Claim, Draft
from explain.core.verify import (
    DropReason,
    Limits,
    _Checker,
    _normalize_quote,
    _Source,
    normalize,
    verify_draft,
)

QUOTE_END_CHARS = " \"'.,;:!?"
SIZES = ((20_000, 61), (200_000, 7))  # (characters per text, rounds)

MATCH_SKILLS = [
    "Python", "Django", "PostgreSQL", "Redis", "Celery",
    "Docker", "GraphQL", "Elasticsearch", "RabbitMQ", "pandas",
]  # fmt: skip
GAP_SKILLS = [
    "Kubernetes", "Terraform", "Kafka", "Rust", "Scala",
    "Spark", "Airflow", "Snowflake", "Haskell", "gRPC",
]  # fmt: skip
FILLER = (
    "team product customers reliable services data design review testing release "
    "support users quality ownership mentoring planning roadmap delivery code "
    "documentation monitoring incidents on-call backlog stakeholders features "
    "performance security accessibility migration refactoring pairing sprint "
    "café Zürich Straße naïve résumé e\u2011commerce “agile” ‘lean’ 2019\u20132023 "
    "Ｓｅｎｉｏｒ co\u00adoperation"
).split()


def profile_phrase(i: int) -> str:
    return f"built {MATCH_SKILLS[i]} services for {i + 2} years"


def job_match_phrase(i: int) -> str:
    return f"experience with {MATCH_SKILLS[i]} in production"


def job_gap_phrase(i: int) -> str:
    return f"hands-on {GAP_SKILLS[i]} skills required"


def make_text(size: int, phrases: list[str], rng: random.Random) -> str:
    """Filler sentences of about `size` characters with the phrases spread through them."""
    slots = {round((k + 0.5) * size / len(phrases)): p for k, p in enumerate(phrases)}
    marks = sorted(slots)
    parts: list[str] = []
    length = 0
    while length < size:
        words = rng.choices(FILLER, k=rng.randint(6, 14))
        sentence = " ".join(words).capitalize() + rng.choice([". ", ".\n", ".\u00a0", "; "])
        if marks and length >= marks[0]:
            sentence = f"We {slots[marks.pop(0)]}. " + sentence
        parts.append(sentence)
        length += len(sentence)
    parts.extend(f"We {slots[m]}. " for m in marks)
    return "".join(parts)


def make_case(size: int) -> tuple[Draft, str, str]:
    rng = random.Random(size)
    profile = make_text(size, [profile_phrase(i) for i in range(10)], rng)
    job_phrases = [p for i in range(10) for p in (job_match_phrase(i), job_gap_phrase(i))]
    job = make_text(size, job_phrases, rng)
    # Quotes as a model copies them: curly quotes, a trailing full stop, other case.
    matches = [
        Claim(
            term=MATCH_SKILLS[i],
            profile_quote=f"“{profile_phrase(i)}.”",
            job_quote=job_match_phrase(i).upper(),
        )
        for i in range(10)
    ]
    gaps = [
        Claim(
            term=GAP_SKILLS[i],
            job_quote=job_gap_phrase(i),
        )
        for i in range(10)
    ]
    return Draft(matches=matches, gaps=gaps), profile, job


# --------------------------------------------------------------------------- the three ways


def needle(quote: str) -> str:
    return normalize(quote).strip(QUOTE_END_CHARS)


def naive(draft: Draft, profile: str, job: str) -> int:
    kept = 0
    for claim in draft.matches:
        if needle(claim.profile_quote) in normalize(profile) and needle(
            claim.job_quote
        ) in normalize(job):
            kept += 1
    for claim in draft.gaps:
        quote = needle(claim.job_quote)
        if quote in normalize(job) and quote not in normalize(profile):
            kept += 1
    return kept


def floor(draft: Draft, profile: str, job: str) -> int:
    profile_n, job_n = normalize(profile), normalize(job)
    kept = 0
    for claim in draft.matches:
        if needle(claim.profile_quote) in profile_n and needle(claim.job_quote) in job_n:
            kept += 1
    for claim in draft.gaps:
        quote = needle(claim.job_quote)
        if quote in job_n and quote not in profile_n:
            kept += 1
    return kept


LIMITS = Limits(max_points=10)


def ours(draft: Draft, profile: str, job: str) -> int:
    return verify_draft(draft, profile, job, limits=LIMITS).kept


_WEAK_SPACE = re.compile(r"\s+")
_WEAK_TRIM = re.compile("^[\\s\"'“”‘’.,;:]+|[\\s\"'“”‘’.,;:]+$")


def weak_normalize(value: str) -> str:
    return _WEAK_TRIM.sub("", _WEAK_SPACE.sub(" ", value.lower()))


def weak(draft: Draft, profile: str, job: str) -> int:
    kept = 0
    for claim in draft.matches:
        if weak_normalize(claim.profile_quote) in weak_normalize(profile) and weak_normalize(
            claim.job_quote
        ) in weak_normalize(job):
            kept += 1
    for claim in draft.gaps:
        quote = weak_normalize(claim.job_quote)
        if quote in weak_normalize(job) and quote not in weak_normalize(profile):
            kept += 1
    return kept


WAYS: dict[str, Callable[[Draft, str, str], int]] = {
    "naive": naive,
    "floor": floor,
    "ours": ours,
    "weak": weak,
}


def fresh_texts(profile: str, job: str, rounds: int) -> list[tuple[str, str]]:
    """One pair of texts per round, each new to the process (a line of its own at the end):
    a request brings texts the verifier has not seen, so nothing it keeps per text (the
    skill equivalence's word index) may carry over from the round before."""
    return [(f"{profile}\nRound {k}.", f"{job}\nRound {k}.") for k in range(rounds + 1)]


def measure(size: int, rounds: int) -> dict[str, float]:
    """Medians per way on texts new to the process in every round, and `ours` again on
    the same texts (`ours seen`: what the caches per text save).

    The ways run in a shuffled order each round (naive's large allocations disturb the
    caches of whatever runs next, so each way must follow it as often as the others; a
    turning order would put the floor after it three rounds in four), and `ours/floor` is
    also taken round by round (the two ran moments apart): the median of those ratios
    is printed beside the ratio of the medians."""
    draft, profile, job = make_case(size)
    pairs = fresh_texts(profile, job, rounds)
    for name, way in WAYS.items():
        kept = way(draft, *pairs[0])  # also warms up what is built once per process
        if kept != 20:
            raise SystemExit(f"{name} kept {kept} of 20 at {size} characters: the case is wrong")
    times: dict[str, list[float]] = {name: [] for name in [*WAYS, "ours seen"]}
    ways = list(WAYS.items())
    order = random.Random(size)  # the same orders in every run of the script
    for pair in pairs[1:]:
        order.shuffle(ways)
        for name, way in ways:
            start = time.process_time()
            way(draft, *pair)
            times[name].append(time.process_time() - start)
        start = time.process_time()
        ours(draft, *pair)  # the same texts again, right after: the per-text caches warm
        times["ours seen"].append(time.process_time() - start)
    medians = {name: statistics.median(values) * 1000 for name, values in times.items()}
    ratios = [a / b for a, b in zip(times["ours"], times["floor"], strict=True)]
    medians["ours/floor by round"] = statistics.median(ratios)
    return medians


Found = list[tuple[str, Claim, tuple[int, int], tuple[int, int] | None]]


def found_quotes(checker: _Checker, draft: Draft) -> Found:
    """The claims whose quotes are found, with where: the rules below run on these only."""
    claims = [("match", c) for c in draft.matches] + [("gap", c) for c in draft.gaps]
    found: Found = []
    for kind, claim in claims:
        job_span = checker._quote(_normalize_quote(claim.job_quote), checker.job, None)  # type: ignore[arg-type]
        profile_span = None
        if kind == "match":
            profile_span = checker._quote(
                _normalize_quote(claim.profile_quote),
                checker.profile,
                None,  # type: ignore[arg-type]
            )
        if not isinstance(job_span, tuple) or not isinstance(profile_span, tuple | None):
            continue
        found.append((kind, claim, job_span, profile_span))
    return found


def rule_costs(size: int, rounds: int) -> dict[str, float]:
    """Microseconds per claim of each claim-support rule, on the draft of this size.

    The rules run after a quote is found, on that claim's quotes and term (and the
    quote's own sentences: for text addressed to an AI, and for the context rules, which
    read the term's clause for negation, wishes, offers and optional, what the term
    names and the amounts its quotes state), so their cost per claim must not grow with
    the text: compare the two sizes.
    """
    draft, profile, job = make_case(size)
    checker = _Checker(_Source(profile, None, None), _Source(job, None, None), LIMITS)
    found = found_quotes(checker, draft)

    def term_rule() -> None:
        for kind, claim, job_span, profile_span in found:
            term = checker._term(claim, job_span, profile_span)
            if kind == "gap":
                checker.profile.mentions(term.forms)  # type: ignore[union-attr]

    terms = []
    for _, claim, job_span, profile_span in found:
        term = checker._term(claim, job_span, profile_span)
        if not isinstance(term, DropReason):
            terms.append((term, job_span, profile_span, claim))

    def context_rules() -> None:
        for term, job_span, profile_span, claim in terms:
            content.has_content(_normalize_quote(claim.term))
            checker.job.read(term.span)
            amounts.amount_for(job[job_span[0] : job_span[1]], None)
            if profile_span is not None and term.profile_span is not None:
                checker.profile.read(term.profile_span)
                amounts.amount_for(profile[profile_span[0] : profile_span[1]], None)

    def instruction_rule() -> None:
        # Found once per text (a fresh _Source each round), then one overlap per quote.
        job_source = _Source(job, None, None)
        profile_source = _Source(profile, None, None)
        for _, _, job_span, profile_span in found:
            job_source.in_instruction(job_span)
            if profile_span is not None:
                profile_source.in_instruction(profile_span)

    costs: dict[str, list[float]] = {"term": [], "context": [], "instruction": []}
    for _ in range(rounds):
        for name, rule in (
            ("term", term_rule),
            ("context", context_rules),
            ("instruction", instruction_rule),
        ):
            start = time.process_time()
            rule()
            costs[name].append((time.process_time() - start) / len(found) * 1e6)
    return {name: statistics.median(values) for name, values in costs.items()}


def equivalence_cost(size: int, rounds: int) -> tuple[float, float]:
    """Microseconds per gap claim of the skill equivalence on the profile: (cold, warm).

    Cold reads the profile afresh for every draft (its word index built, then shared by
    the draft's 10 gaps), as a request with a new profile does; warm reuses the index.
    """
    draft, profile, _ = make_case(size)
    terms = [claim.term for claim in draft.gaps]
    equivalence.same_skill("a", "b")  # the alias table, built once per process
    cold: list[float] = []
    warm: list[float] = []
    for _ in range(rounds):
        for times in (cold, warm):
            if times is cold:
                equivalence.reload()
                equivalence.same_skill("a", "b")
            start = time.process_time()
            for term in terms:
                equivalence.find_term(term, equivalence.skeleton(profile))
            times.append((time.process_time() - start) / len(terms) * 1e6)
    return statistics.median(cold), statistics.median(warm)


def main() -> None:
    started = time.perf_counter()
    print("Verifying a draft of 10 matches + 10 gaps (all 20 kept); medians, CPU ms.")
    print()
    header = (
        f"{'text size':>10} {'rounds':>6} {'naive':>9} {'floor':>9} {'ours':>9}"
        f" {'ours/floor':>10} {'by round':>9} {'naive/ours':>10}   {'weak*':>9}"
    )
    print(header)
    print("-" * len(header))
    results: dict[int, dict[str, float]] = {}
    for size, rounds in SIZES:
        m = measure(size, rounds)
        results[size] = m
        print(
            f"{size // 1000:>7} KB {rounds:>6} {m['naive']:>9.2f} {m['floor']:>9.2f}"
            f" {m['ours']:>9.2f} {m['ours'] / m['floor']:>9.2f}x"
            f" {m['ours/floor by round']:>8.2f}x"
            f" {m['naive'] / m['ours']:>9.1f}x   {m['weak']:>9.2f}"
        )
    small, large = (results[size] for size, _ in SIZES)
    growth = large["ours"] / small["ours"]
    print()
    print(
        "ours/floor is the ratio of the medians (the goal below); 'by round' the median of "
        "each round's ratio."
    )
    print(
        "Texts are new in every round, as in a request; ours on the same texts again "
        f"(per-text caches warm): {small['ours seen']:.2f} ms at 20 KB, "
        f"{large['ours seen']:.2f} ms at 200 KB."
    )
    print()
    print(f"growth ours(200 KB) / ours(20 KB): {growth:.1f}x")
    print()
    goals = [
        (f"ours within 2x floor (20 KB {small['ours'] / small['floor']:.2f}x, "
         f"200 KB {large['ours'] / large['floor']:.2f}x)",
         max(small["ours"] / small["floor"], large["ours"] / large["floor"]) <= 2),
        (f"ours >= 5x faster than naive (20 KB {small['naive'] / small['ours']:.1f}x, "
         f"200 KB {large['naive'] / large['ours']:.1f}x)",
         min(small["naive"] / small["ours"], large["naive"] / large["ours"]) >= 5),
        (f"growth <= 12x ({growth:.1f}x)", growth <= 12),
    ]  # fmt: skip
    for text, met in goals:
        print(f"  [{'met' if met else 'MISSED'}] {text}")
    print()
    print("Per-claim cost of the claim-support rules (median CPU microseconds per claim):")
    header = (
        f"{'text size':>10} {'term':>9} {'context':>9} {'AI text':>9} {'all':>9}"
        f" {'% of ours':>10} {'context/term':>13} {'context/AI':>11}"
    )
    print(header)
    print("-" * len(header))
    per_claim: dict[int, float] = {}  # context rules and the AI-text check
    for size, rounds in SIZES:
        c = rule_costs(size, max(rounds, 11))
        total = c["term"] + c["context"] + c["instruction"]
        per_claim[size] = c["context"] + c["instruction"]
        share = total * 20 / 1000 / results[size]["ours"] * 100
        print(
            f"{size // 1000:>7} KB {c['term']:>9.1f} {c['context']:>9.1f}"
            f" {c['instruction']:>9.1f} {total:>9.1f} {share:>9.1f}%"
            f" {c['context'] / c['term']:>12.2f}x {c['context'] / c['instruction']:>10.2f}x"
        )
    flat = per_claim[SIZES[1][0]] / per_claim[SIZES[0][0]]
    print(
        f"  [{'met' if flat <= 1.5 else 'MISSED'}] context rules and AI-text check per claim flat "
        f"in text size ({flat:.2f}x); the term rule searches the profile for a gap's term, "
        "one lookup like a quote's"
    )
    print()
    print("Per-claim cost of the skill equivalence (gap claims; median CPU microseconds):")
    for size, rounds in SIZES:
        cold, warm = equivalence_cost(size, max(rounds, 11))
        print(f"{size // 1000:>7} KB  new profile {cold:>9.1f}   same profile {warm:>9.1f}")
    print()
    print(
        "* weak: a weaker normalisation (lower-case, collapse white space, trim)\n"
        "  redone per quote; for reference only, not a goal."
    )
    print(
        f"(took {time.perf_counter() - started:.0f} s of wall time; "
        f"Python {sys.version.split()[0]}, {sys.platform})"
    )


if __name__ == "__main__":
    main()
