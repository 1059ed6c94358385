"""How each rule's time grows with its input, on input made to be slow.

    python -m tools.bench.growth            (or: make bench)

For every pattern family (the contact scrubber's e-mail, URL, scheme-link, handle,
domain, phone, defanged and markup patterns; the AI-text detector; the cue reader; the
amounts; the equivalence of skill names; the texts' capping; the CV import) the script
builds an adversarial input of n characters (long runs of the characters each pattern
loops on), times it at n and at 4n, and prints the ratio. A rule linear in its input
takes about 4x the time at 4x the input; the goal is at most GOAL_RATIO (5x). A
backtracking pattern shows 16x or more. Nothing is asserted: the script prints its
figures (the unit tests check what the rules return on such runs, never how fast).

Times are CPU seconds of this process (time.process_time). The attacks on input size
are measured by functions `make abuse` imports too:
`scrub_seconds(n)` ("a." repeated to n characters through the scrubber and the
verifier's contact check), `cv_import_seconds(data)` with `one_long_line_docx()` and
`expanding_docx()`, `description_seconds(chars)` (a posting of that many characters
through the texts and the verifier, as each fresh or cached read does) and
`cached_answer_seconds(claims)` (a cached answer of that many items read and checked).
`python -m tools.bench.growth --attacks` prints only those.
"""

from __future__ import annotations

import gc
import io
import json
import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

GOAL_RATIO = 5.0
# A case whose input of n characters already takes longer than this is not run at 4n
# (the table says so): the bench stays bounded in time even on a quadratic rule.
SLOW_SECONDS = 5.0


def _django() -> None:
    """Django set up (the cached-answer measure reads the site's cache)."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "jobportal.settings")
    import django
    from django.apps import apps

    if not apps.ready:
        django.setup()


def best_of(run: Callable[[], object], repeat: int = 3) -> float:
    """The fastest of `repeat` runs, in seconds of this process's CPU time (what the rule
    costs; other processes on a shared machine disturb it far less than wall time)."""
    best = float("inf")
    for _ in range(repeat):
        gc.collect()
        gc.disable()  # a collection falling in one run and not the other is noise here
        try:
            start = time.process_time()
            run()
            best = min(best, time.process_time() - start)
        finally:
            gc.enable()
    return best


def run_of(unit: str, n: int) -> str:
    """`unit` repeated to exactly n characters."""
    return (unit * (n // len(unit) + 1))[:n]


# --------------------------------------------------------------------------- the attacks


def scrub_seconds(n: int, unit: str = "a.") -> float:
    """Seconds to scrub `unit` repeated to n characters and to check it for contacts (what
    a profile field and a verified point each go through)."""
    from explain.core.contact_details import scrub
    from support.shown_text import contains_contact

    text = run_of(unit, n)
    return best_of(lambda: (scrub(text), contains_contact(text)), repeat=1)


def _docx(paragraphs: list[str]) -> bytes:
    import docx

    document = docx.Document()
    for paragraph in paragraphs:
        document.add_paragraph(paragraph)
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def one_long_line_docx(chars: int = 60_000) -> bytes:
    """A DOCX of one paragraph of "a." (about 37 KB as a file at the default size)."""
    return _docx(["Skills", run_of("a.", chars)])


def expanding_docx(chars: int = 19_000_000) -> bytes:
    """A small DOCX (tens of KB) whose text is `chars` characters once unpacked."""
    line = "Python Django PostgreSQL Kubernetes " * 25
    return _docx(["Skills", *[line] * (chars // (len(line) + 1))])


def cv_import_seconds(data: bytes) -> float:
    """Seconds for "Fill from my CV" to read a file and propose fields (or refuse it)."""
    from jobportal import cv

    def run() -> None:
        try:
            cv.propose(cv.read_text(io.BytesIO(data)), full_name="Dana Private")
        except cv.CVError:
            pass

    return best_of(run, repeat=1)


_DRAFT_JSON = {
    "matches": [{"term": "Python", "profileQuote": "Python", "jobQuote": "Python"}],
    "gaps": [{"term": "Kubernetes", "jobQuote": "Kubernetes"}],
}


def description_seconds(chars: int) -> float:
    """Seconds for a posting of `chars` characters to be composed and a small draft
    verified against it: what every read of that job's explanation costs, fresh or
    cached (the model's time aside)."""
    from explain.adapter import Field
    from explain.core.schema import Draft
    from explain.core.texts import job_text, profile_text
    from explain.core.verify import verify_draft

    sentence = "We need Python, Kubernetes and PostgreSQL for a backend team. "
    description = run_of(sentence, chars)
    draft = Draft.model_validate(_DRAFT_JSON)

    def run() -> None:
        profile = profile_text([Field("skills", "Skills", "Python, Django")], max_chars=30_000)
        job = job_text(
            [
                Field("title", "Job title", "Engineer"),
                Field("description", "Description", description),
            ],
            max_chars=30_000,
        )
        verify_draft(
            draft,
            profile.text,
            job.text,
            profile_fields=profile.spans,
            job_fields=job.spans,
            profile_full_text=profile.full_text,
            job_full_text=job.full_text,
        )

    return best_of(run, repeat=2)  # the first run also loads the rules' data


def cached_answer_seconds(claims: int) -> float:
    """Seconds to read a cached answer of `claims` items of evidence (none of them in the
    texts) from the site's cache and check it into the checklist, as a job page does on
    each visit."""
    _django()
    from django.core.cache import caches

    from explain.adapter import Field
    from explain.conf import app_settings
    from explain.core.posting import PostingAnswer, PostingItem, read_posting
    from explain.core.texts import job_text, profile_text
    from explain.services.cache import cached_entry
    from explain.services.explanations import Subject, checklist_for

    evidence = {"id": 1, "profileQuote": "Rust", "profileReading": "states"}
    stored = {"made_at": time.time(), "answer": {"requirements": [evidence] * claims}}
    key = "explain:answer:growth-bench"
    profile = profile_text([Field("skills", "Skills", "Python, Django")], max_chars=30_000)
    job = job_text(
        [Field("description", "Description", "We need Python and Kubernetes.")], max_chars=30_000
    )
    reading = read_posting(
        PostingAnswer(
            requirements=[
                PostingItem(job_quote="We need Python", term="Python", reading="required"),
                PostingItem(job_quote="Kubernetes", term="Kubernetes", reading="required"),
            ]
        ),
        job,
    )
    subject = Subject(job_id="growth-bench", profile=profile, job=job, reading=reading)
    cache = caches[app_settings.CACHE_ALIAS]
    cache.set(key, json.dumps(stored), timeout=60)

    def run() -> None:
        entry = cached_entry(key)
        assert entry is not None
        checklist_for(subject, entry.answer)

    try:
        return best_of(run, repeat=2)  # the first run also loads the rules' data
    finally:
        cache.delete(key)


def attacks() -> list[tuple[str, float]]:
    """Each attack on input size (long runs, big CVs, big postings, big cached answers)
    and its time in seconds."""
    rows = [
        (f'"a." x {n:,} chars: scrub + contact check', scrub_seconds(n))
        for n in (2_500, 10_000, 20_000, 40_000)
    ]
    line, expanding = one_long_line_docx(), expanding_docx()
    rows.append((f"CV: DOCX of one long line ({len(line) // 1024} KB)", cv_import_seconds(line)))
    rows.append(
        (f"CV: DOCX unpacking to 19 MB ({len(expanding) // 1024} KB)", cv_import_seconds(expanding))
    )
    rows.append(("10 MB description: texts + verify (each read)", description_seconds(10_000_000)))
    rows.append(("cached answer of 20,000 items: read + check", cached_answer_seconds(20_000)))
    return rows


# --------------------------------------------------------------------------- growth


@dataclass(frozen=True)
class Case:
    """One rule on one adversarial input: `prefix` and `unit` repeated to n characters;
    `run` is timed on it."""

    family: str
    unit: str
    n: int
    run: Callable[[str], object]
    prefix: str = ""

    @property
    def shape(self) -> str:
        return repr(self.unit)

    def make(self, n: int) -> str:
        return self.prefix + run_of(self.unit, n)


def _contact_cases() -> list[Case]:
    from explain.core.contact_details import scrub, scrub_private
    from support.shown_text import contains_contact, contains_markup

    def both(text: str) -> object:
        return scrub(text), contains_contact(text)

    shapes = {
        "e-mail": ["a.", "a+", "a.a@", "a@a."],
        "URL": ["a.", "a+b-", "www.", "a:/"],
        "scheme link / handle": ["skype ", "tel:", "Skype: a.", "whatsapp 1"],
        "domain": ["ab.", "a-b.", "a.1."],
        "phone": ["1 ", "1.", "1-", "(1) ", "+1 1"],
        "defanged": ["[ ", " (dot", " "],
    }
    cases = [
        Case(f"contacts: {family}", unit, 20_000, both)
        for family, units in shapes.items()
        for unit in units
    ]
    private = ["Dana Q. Private", "+44 20 7946 0000"]
    cases += [
        Case("contacts: private values", unit, 20_000, lambda text: scrub_private(text, private))
        for unit in ("dana ", "dana !", "4 ", "dana q ")
    ]
    cases += [
        Case("contacts: markup", unit, 50_000, contains_markup)
        for unit in ("[", "[a", "javascript ")
    ]
    return cases


def _detector_cases() -> list[Case]:
    from explain.core.rules.addressed_to_ai import findings

    units = ["a.", "ignore all previous ", "AI, ", "QUJD", "you must ", ": "]
    return [Case("AI-text detector", u, 8_000, findings) for u in units]


def _cue_cases() -> list[Case]:
    from explain.core.rules.reading import read

    def middle(text: str) -> object:
        mid = len(text) // 2
        start = text.find("java", mid)
        return read(text, (start, start + 4)) if start >= 0 else None

    units = ["not java ", "java, ", "nice to have: java ", "java and "]
    return [Case("cue reader", u, 20_000, middle) for u in units]


def _amount_cases() -> list[Case]:
    from explain.core.rules.amounts import amount_for

    def nearest(quote: str) -> object:
        return amount_for(quote, (0, 4))

    units = ["5 years ", "(", "1-", "C1 "]
    return [Case("amounts", u, 500, nearest) for u in units]


def _equivalence_cases() -> list[Case]:
    from explain.core.rules.equivalence import find_term, forms

    cases = [
        Case(
            "equivalence: find_term",
            u,
            50_000,
            lambda text: find_term("PostgreSQL", text),
        )
        for u in ("postgres ", "a-", "c++ ", "node.js ")
    ]
    cases.append(Case("equivalence: forms", "a-", 500, lambda text: forms(text + "b")))
    return cases


def _text_cases() -> list[Case]:
    from explain.adapter import Field
    from explain.core.texts import job_text, profile_text

    def both(value: str) -> object:
        return (
            job_text([Field("description", "Description", value)], max_chars=30_000),
            profile_text([Field("skills", "Skills", value)], max_chars=30_000),
        )

    return [Case("texts capping", u, 1_000_000, both) for u in ("a. ", "1 ", "<!-- a ")]


def _cv_cases() -> list[Case]:
    from jobportal import cv

    def propose(text: str) -> object:
        return cv.propose(text, full_name="Dana Private")

    return [
        Case("CV proposals", u, 50_000, propose, prefix="Skills\n")
        for u in ("a.", "1 ", "a.\n", "12 street ")
    ]


def cases() -> list[Case]:
    return [
        *_contact_cases(),
        *_detector_cases(),
        *_cue_cases(),
        *_amount_cases(),
        *_equivalence_cases(),
        *_text_cases(),
        *_cv_cases(),
    ]


@dataclass(frozen=True)
class Growth:
    case: Case
    small: float
    large: float | None  # None: not run, the input of n was already too slow

    @property
    def ratio(self) -> float | None:
        if self.large is None:
            return None
        return self.large / max(self.small, 1e-6)


ROUNDS = 5


def growth(case: Case) -> Growth:
    """The case timed at n and at 4n characters, alternately, ROUNDS times; the fastest
    of each (the machine's other load only ever adds time, and alternating spreads it)."""
    small_input, large_input = case.make(case.n), case.make(4 * case.n)
    small = best_of(lambda: case.run(small_input), repeat=1)
    if small > SLOW_SECONDS:
        return Growth(case, small, None)
    large = float("inf")
    for _ in range(ROUNDS):
        small = min(small, best_of(lambda: case.run(small_input), repeat=1))
        large = min(large, best_of(lambda: case.run(large_input), repeat=1))
    return Growth(case, small, large)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if "--attacks" not in args:
        print(f"Growth at 4x the input on adversarial runs (goal: at most {GOAL_RATIO:.0f}x)")
        print(f"{'family':<30} {'run of':<24} {'n':>9} {'t(n) ms':>9} {'t(4n) ms':>9} {'ratio':>7}")
        over = 0
        for result in map(growth, cases()):
            case, ratio = result.case, result.ratio
            large = f"{result.large * 1000:9.1f}" if result.large is not None else f"{'-':>9}"
            shown = f"{ratio:6.1f}x" if ratio is not None else "   slow"
            flag = "" if ratio is not None and ratio <= GOAL_RATIO else "  over"
            over += bool(flag)
            print(
                f"{case.family:<30} {case.shape[:24]:<24} {case.n:>9,} "
                f"{result.small * 1000:9.1f} {large} {shown}{flag}"
            )
        print(f"{over} case(s) over the goal.")
    print("\nAttacks on input size (seconds; docs/security.md has the figures before the bounds)")
    for name, seconds in attacks():
        print(f"{name:<55} {seconds:8.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
