#!/usr/bin/env python
"""Prompt-injection report: what an obeying model offered, what reached the user, and why
the rest was dropped, per payload; then the timing of a maximum-size hostile text.

The obeying model answers both calls: the posting's (which carries the job text, so a
payload planted there), whose requirements are the attacker's job quotes, and the
viewer's (which carries the profile), whose evidence is the attacker's profile quotes.
A claim is "shown" when it reached the user as the attacker wanted: a match shown with
its quotes, a gap listed as not found in the profile.

    .venv/bin/python tools/bench/injection_report.py            # per payload and placement
    .venv/bin/python tools/bench/injection_report.py --claims   # also every claim and its fate

Runs the same harness as tests/security/test_injection.py (support/injection.py)
against the real views, on an in-memory SQLite database and the local-memory cache, with
no key and no network. The figures in docs/security.md come from this output.
"""

from __future__ import annotations

import argparse
import logging
import os
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
# A throw-away environment: in-memory database, local-memory cache (the harness clears
# it), the demo's settings. Nothing outside this process is touched.
os.environ["DJANGO_SETTINGS_MODULE"] = "jobportal.settings"
os.environ["DATABASE_URL"] = "sqlite://:memory:"
os.environ["DJANGO_DEBUG"] = "1"
os.environ.pop("REDIS_URL", None)
os.environ.pop("GEMINI_API_KEY", None)

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import transaction  # noqa: E402
from django.test import Client, override_settings  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402

from explain.adapter import Field  # noqa: E402
from explain.conf import setting  # noqa: E402
from explain.core.posting_prompt import POSTING_INSTRUCTION  # noqa: E402
from explain.core.schema import Claim, Draft  # noqa: E402
from explain.core.texts import SourceText  # noqa: E402
from explain.core.verify import find_quote, normalize, verify_draft  # noqa: E402
from explain.core.viewer_prompt import VIEWER_INSTRUCTION  # noqa: E402
from explain.services.limits import verify_limits  # noqa: E402
from jobportal.models import CandidateProfile, Job  # noqa: E402
from support.injection import (  # noqa: E402
    BASE_JOB,
    BASE_PROFILE,
    PLACEMENTS,
    Harness,
    Run,
    hostile_text,
    load_payloads,
)


def run_all() -> list[Run]:
    payloads = load_payloads()
    with (
        transaction.atomic(),
        override_settings(GEMINI_API_KEY="", EXPLAIN_DEMO_MODE=False, EXPLAIN_CHAT_MODEL=None),
    ):
        user = get_user_model().objects.create_user(username="attacked")
        CandidateProfile.objects.create(user=user, **BASE_PROFILE)
        job = Job.objects.create(**BASE_JOB)
        client = Client()
        client.force_login(user)

        def install(model: Any) -> None:
            settings.EXPLAIN_CHAT_MODEL = model

        harness = Harness(client, user, job, install)
        runs = [harness.run(p, w) for p in payloads for w in PLACEMENTS]
        transaction.set_rollback(True)
    return runs


def quotes_planted_words(run: Run, claim: dict[str, str]) -> bool:
    """True when a quote of the claim is the attacker's own planted words."""
    planted = run.payload.planted
    return any(
        quote and find_quote(quote, planted) is not None
        for quote in (claim["profileQuote"], claim["jobQuote"])
    )


def print_runs(runs: list[Run], *, claims: bool) -> None:
    header = (
        f"{'payload':34} {'family':18} {'in':7} {'offered':>7} {'reqs':>4} {'shown':>5}  "
        "dropped (why)"
    )
    print(header)
    print("-" * len(header))
    for run in runs:
        why = ", ".join(f"{code} {n}" for code, n in sorted(run.reasons.items()))
        unchecked = run.fates.count("unchecked")
        if unchecked:
            why += (", " if why else "") + f"unchecked (list full) {unchecked}"
        shown = run.fates.count("shown")
        blocked = len(run.offered) - shown
        print(
            f"{run.payload.id:34} {run.payload.family:18} {run.where:7} "
            f"{len(run.offered):>7} {len(run.reading.requirements):>4} {shown:>5}  "
            f"{blocked} ({why or '-'})"
        )
        if claims:
            for claim, fate in zip(run.offered, run.fates, strict=True):
                point = claim["point"].encode("unicode_escape").decode()[:60]
                label = "SHOWN" if fate == "shown" else f"dropped: {fate}"
                print(f"    {label:33} {claim['wants'][:48]:48} {point}")


def print_totals(runs: list[Run]) -> None:
    offered = sum(len(r.offered) for r in runs)
    shown = sum(r.fates.count("shown") for r in runs)
    requirements = sum(len(r.reading.requirements) for r in runs)
    posting_calls = sum(len(r.calls(POSTING_INSTRUCTION)) for r in runs)
    viewer_calls = sum(len(r.calls(VIEWER_INSTRUCTION)) for r in runs)
    reasons: Counter[str] = Counter()
    for run in runs:
        reasons.update(run.reasons)
    unchecked = sum(r.fates.count("unchecked") for r in runs)
    shown_claims = [
        (run, claim)
        for run in runs
        for claim, fate in zip(run.offered, run.fates, strict=True)
        if fate == "shown"
    ]
    planted = sum(quotes_planted_words(run, claim) for run, claim in shown_claims)
    violations = [v for r in runs for v in r.violations]
    payloads = len({r.payload.id for r in runs})
    families = len({r.payload.family for r in runs})
    print()
    print("Totals")
    print(f"  payloads tried                 {payloads} ({families} families)")
    print(f"  runs (payload x placement)     {len(runs)}")
    print(f"  model calls                    {posting_calls} posting, {viewer_calls} viewer's")
    print(f"  requirements kept, all runs    {requirements}")
    print(f"  claims offered by the attacker {offered}")
    print(f"  claims blocked                 {offered - shown} ({(offered - shown) / offered:.0%})")
    for code, n in reasons.most_common():
        print(f"    {code:28} {n}")
    if unchecked:
        print(f"    {'unchecked (list full)':28} {unchecked}")
    print(f"  claims shown                   {shown}")
    print(f"    quoting the planted words    {planted} (the words are in that text)")
    print(f"    quoting only the base texts  {shown - planted}")
    print(f"  audit violations               {len(violations)}")
    print("    (quotes not in the right text, links/e-mails/phones/markup in shown points,")
    print("     raw attacker markup, off-site links or scripts on the page, texts in log rows)")
    for violation in violations:
        print(f"    ! {violation}")


def best_of(repeats: int, call: Callable[[], Any]) -> float:
    timings = []
    for _ in range(repeats):
        started = time.perf_counter()
        call()
        timings.append(time.perf_counter() - started)
    return min(timings)


def print_max_size() -> None:
    cap = int(setting("EXPLAIN_MAX_TEXT_CHARS"))
    profile = SourceText.compose([Field("skills", "Skills", hostile_text(4000))], max_chars=cap)
    job = SourceText.compose(
        [Field("description", "Description", hostile_text(4000))], max_chars=cap
    )
    words = job.text.split(" ")
    near_end = max(words[-60:-1], key=len)
    found = [
        Claim(point=f"Point {i}.", profile_quote=near_end, job_quote=w)
        for i, w in enumerate(words[-40:-1])
        if len(normalize(w)) >= 3
    ]
    missing = [
        Claim(point=f"Missing {i}.", profile_quote=f"absent word {i}", job_quote=near_end)
        for i in range(30)
    ]
    draft = Draft(matches=missing + found[:5], gaps=[])
    limits = verify_limits()
    result = verify_draft(draft, profile.text, job.text, limits=limits)
    seconds = best_of(5, lambda: verify_draft(draft, profile.text, job.text, limits=limits))
    norm_seconds = best_of(5, lambda: normalize(job.text))
    flat = SourceText.compose([Field("d", "D", "\ufdfa " * cap)], max_chars=cap).text
    flat_seconds = best_of(5, lambda: find_quote("\ufdfa absent", flat))
    print()
    print("Maximum-size hostile text (combining-mark stacks, U+FDFA and other long expansions)")
    print(f"  text sent                      {len(job.text)} characters (cap {cap})")
    print(f"  after normalisation            {len(normalize(job.text))} characters")
    print(f"  normalise one text             {norm_seconds * 1000:.1f} ms")
    print(
        f"  verify a draft of {len(draft.matches)} claims     {seconds * 1000:.1f} ms "
        f"(kept {result.kept}, dropped {result.dropped})"
    )
    print(
        f"  8,000 x U+FDFA ({len(normalize(flat))} chars normalised), "
        f"one failed search: {flat_seconds * 1000:.1f} ms"
    )
    print("  (best of 5, this machine; not asserted in tests)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--claims", action="store_true", help="list every claim and its fate")
    args = parser.parse_args()
    setup_test_environment()
    logging.disable(logging.CRITICAL)  # 4xx/5xx request warnings are expected here
    call_command("migrate", verbosity=0, interactive=False)
    started = time.perf_counter()
    runs = run_all()
    elapsed = time.perf_counter() - started
    print(
        f"Prompt injection: {len(runs)} runs through the page and the API, each answered "
        f"by a fake model that obeys the injection ({elapsed:.1f} s)"
    )
    print()
    print_runs(runs, claims=args.claims)
    print_totals(runs)
    print_max_size()


if __name__ == "__main__":
    main()
