#!/usr/bin/env python
"""Per-language figures of the input rules on the labelled corpus (support/corpus/), and
their cost per 10 KB of text.

    .venv/bin/python -m tools.bench.detector_report           # tables and timings
    .venv/bin/python -m tools.bench.detector_report --lines   # also every miss and false flag

The detector: orders (and their payload lines) flagged and missed, ordinary lines
flagged, postings without an order that got a flag. The scrubber: contact details let
through, words removed that were no contact detail. The figures in docs/security.md come
from this output.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from explain.core.contact_details import scrub
from explain.core.verify import instruction_spans
from support.corpus_scores import Scores, documents, score

# Text for the timings: the corpus itself, repeated to 100 KB (every language and every
# kind of line), plus a few worst cases: one long line, look-alike letters, base64.
_TIMING_KB = 100


def _corpus_text() -> str:
    return "\n".join(line for doc in documents() for _, line in doc.lines)


def _worst_cases() -> dict[str, str]:
    base = _corpus_text()
    return {
        "corpus": base,
        "one line": " ".join(base.split("\n")),
        "look-alikes": "\u0430\u0456 \u043e\u0440 " * 2000,
        "base64": "U29tZSBwbGFpbiB0ZXh0IHRoYXQgaXMgbm90IGFuIG9yZGVy " * 400,
        "digits": "0171 2345678 09/2015 - 06/2018 60.000 EUR " * 500,
    }


def _ms_per_10kb(function: Callable[[str], object], text: str) -> float:
    size = _TIMING_KB * 1000
    sample = (text * (size // max(1, len(text)) + 1))[:size]
    function(sample[:1000])  # load the rules once
    start = time.perf_counter()
    function(sample)
    return (time.perf_counter() - start) * 1000 / (size / 10_000)


def _table(scores: dict[str, Scores]) -> list[str]:
    rows = [
        "| language | lines | orders | found | missed | false flags | precision | recall "
        "| postings falsely flagged | contacts | leaked | false scrubs |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    total = Scores()
    for language, s in scores.items():
        rows.append(_row(language, s))
        total.lines += s.lines
        total.orders += s.orders
        total.found += s.found
        total.missed += s.missed
        total.false_flags += s.false_flags
        total.postings += s.postings
        total.postings_false_flagged += s.postings_false_flagged
        total.cvs += s.cvs
        total.contacts += s.contacts
        total.leaks += s.leaks
        total.false_scrubs += s.false_scrubs
    rows.append(_row("all", total))
    return rows


def _row(language: str, s: Scores) -> str:
    return (
        f"| {language} | {s.lines} | {s.orders} | {s.found} | {len(s.missed)} "
        f"| {len(s.false_flags)} | {s.precision:.2f} | {s.recall:.2f} "
        f"| {s.postings_false_flagged}/{s.postings} | {s.contacts} | {len(s.leaks)} "
        f"| {len(s.false_scrubs)} |"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", action="store_true", help="print every miss and false flag")
    args = parser.parse_args(argv)
    scores = score()
    print("\n".join(_table(scores)))
    if args.lines:
        for language, s in scores.items():
            for kind, lines in (
                ("missed", s.missed),
                ("false flag", s.false_flags),
                ("leaked", s.leaks),
                ("false scrub", s.false_scrubs),
            ):
                for line in lines:
                    print(f"{language}\t{kind}\t{line}")
    print()
    print(f"Cost per 10 KB of text (ms, {_TIMING_KB} KB each):")
    print("| text | detector | scrubber |")
    print("| --- | ---: | ---: |")
    for name, text in _worst_cases().items():
        detector = _ms_per_10kb(instruction_spans, text)
        scrubber = _ms_per_10kb(scrub, text)
        print(f"| {name} | {detector:.1f} | {scrubber:.1f} |")


if __name__ == "__main__":
    main()
