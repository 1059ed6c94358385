"""What a new text costs the skill equivalence, as a request (always new texts) pays it.

    python -m tools.bench.equivalence_cold

On the 20 KB case of tools/bench/bench_verify.py (`make_case(20000)`): the CPU time of
the equivalence calls a verify makes for its texts (the profile's skeleton, then its 10
gaps looked up in it; the job's short names looked up in their quotes), and of the whole
verify_draft, each cold (every cache keyed by a text cleared before each round) and
warm. What a new text adds is cold minus warm. Medians; nothing is asserted.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from explain.core import verify
from explain.core.rules import equivalence
from tools.bench.bench_verify import LIMITS, make_case

ROUNDS = 41
# The equivalence's caches keyed by a text, under the names they have had.
PER_TEXT = ("_index", "_words", "_unascii_chunks", "skeleton")


def clear() -> None:
    for name in PER_TEXT:
        cached = getattr(equivalence, name, None)
        if cached is not None:
            cached.cache_clear()


def median_ms(run: Callable[[], object], cold: bool) -> float:
    times = []
    for _ in range(ROUNDS):
        if cold:
            clear()
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
    return statistics.median(times) * 1000


def in_quote(term: str, text: str, low: int, high: int) -> list[tuple[int, int]]:
    """The term's spans inside text[low:high], as the verifier asks (before: filtered)."""
    if hasattr(equivalence, "find_term_in"):
        return equivalence.find_term_in(term, text, low, high)
    return [s for s in equivalence.find_term(term, text) if low <= s[0] and s[1] <= high]


def main() -> None:
    draft, profile, job = make_case(20_000)
    gaps = [claim.term for claim in draft.gaps]
    strict = []
    for claim in draft.gaps:
        if equivalence.is_strict(claim.term):
            start = job.index(claim.job_quote)
            strict.append((claim.term, start, start + len(claim.job_quote)))

    def skeleton() -> None:
        equivalence.skeleton(profile)

    def profile_gaps() -> None:
        for term in gaps:
            equivalence.find_term(term, equivalence.skeleton(profile))

    def job_terms() -> None:
        for term, low, high in strict:
            in_quote(term, job, low, high)

    def whole() -> None:
        verify.verify_draft(draft, profile, job, limits=LIMITS)

    whole()
    print(f"20 KB profile + 20 KB job; medians of {ROUNDS} rounds, CPU ms")
    for name, run in (
        ("skeleton(profile)", skeleton),
        ("profile: 10 gaps", profile_gaps),
        (f"job: {len(strict)} short names", job_terms),
        ("verify_draft", whole),
    ):
        cold, warm = median_ms(run, True), median_ms(run, False)
        print(f"{name:>20}: cold {cold:7.3f}  warm {warm:7.3f}  a new text adds {cold - warm:7.3f}")


if __name__ == "__main__":
    main()
