"""What the verifier costs a request: per text, per claim, and how both grow with the text.

    python -m tools.bench.bench_verify            (or: make bench)

A draft of 10 matches + 10 gaps is checked against a profile and a job text of 20 KB,
then of 200 KB, new to the process in every round (as a request's texts are):

- per text: what reading a text costs once, whatever the draft: its normal form with
  offsets and its sentences addressed to an AI (found once, then shared by the log row);
- per claim: what each claim adds on texts already read (quotes found, term, context,
  amounts, the gap's search of the profile), the draft's time less an empty draft's,
  divided by its 20 claims.

Both should grow with the text at most linearly (10x the text, about 10x the per-text
cost; the per-claim cost grows only where a claim reads the whole profile: a gap).
Medians of the CPU time of this process (time.process_time), so other work on a busy
machine counts less; nothing is asserted and there is no goal against a floor: the
request's cost is measured by `make load`.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable

from explain.core.schema import Claim, Draft
from explain.core.verify import Instructions, Limits, verify_draft

SIZES = ((20_000, 31), (200_000, 5))  # (characters per text, rounds)

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


# --------------------------------------------------------------------------- measuring

LIMITS = Limits(max_points=10)


def _cpu_ms(step: Callable[[], object]) -> float:
    start = time.process_time()
    step()
    return (time.process_time() - start) * 1000


def _fresh(text: str, n: int) -> str:
    """The text made new to the process (one character changed), as a request's are."""
    return text[:-1] + chr(0x61 + n % 26)


def one_round(draft: Draft, profile: str, job: str) -> tuple[float, float]:
    """(per-text ms, per-claim ms) for one pair of new texts."""
    found = Instructions()

    def read_texts() -> None:
        for text in (profile, job):
            found.spans(text)

    def check(claims: Draft) -> Callable[[], object]:
        return lambda: verify_draft(claims, profile, job, limits=LIMITS, instructions=found)

    per_text = _cpu_ms(read_texts) / 2
    empty, full = _cpu_ms(check(Draft())), _cpu_ms(check(draft))
    return per_text, max(0.0, full - empty) / (len(draft.matches) + len(draft.gaps))


def measure(size: int, rounds: int) -> dict[str, float]:
    """Median per-text and per-claim CPU ms over `rounds` rounds of new texts."""
    draft, profile, job = make_case(size)
    runs = [one_round(draft, _fresh(profile, n), _fresh(job, n)) for n in range(rounds)]
    return {
        "text": statistics.median(r[0] for r in runs),
        "claim": statistics.median(r[1] for r in runs),
    }


def main() -> None:
    started = time.perf_counter()
    print("verifier cost (CPU ms, medians; texts new to the process every round)")
    print(f"{'text size':>10} {'rounds':>6} {'per text':>10} {'per claim':>10}")
    results = {}
    for size, rounds in SIZES:
        m = results[size] = measure(size, rounds)
        print(f"{size // 1000:>7} KB {rounds:>6} {m['text']:>10.2f} {m['claim']:>10.3f}")
    small, large = results[SIZES[0][0]], results[SIZES[-1][0]]
    scale = SIZES[-1][0] / SIZES[0][0]
    print(
        f"growth for {scale:.0f}x the text: per text {large['text'] / small['text']:.1f}x, "
        f"per claim {large['claim'] / max(small['claim'], 1e-9):.1f}x (linear: {scale:.0f}x "
        "at most)"
    )
    print(f"wall time {time.perf_counter() - started:.1f} s")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
