"""Flags an admin marked as wrong, as lines of the detector's labelled corpus.

Each mark is a sentence the detector of text addressed to an AI flagged and a person
said addresses no model: the output is a corpus file (support/corpus/README.md) with one
posting per job and every marked sentence as an ordinary line ("."), for a reviewer to
check for personal data and move into the language's corpus file, where the corpus test
then holds the detector to it.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import groupby

from explain.models import FlagMark

HEADER = (
    "# Flags marked wrong in the admin (explain_eval --from-flag-marks). Each line was\n"
    "# flagged as addressed to an AI and a reviewer said it is not. Check each for\n"
    "# personal data, then move it into support/corpus/<language>.txt.\n"
)


@dataclass(frozen=True)
class FlagMarkExport:
    """The corpus text and how many marks it holds."""

    text: str
    marks: int


def _one_line(sentence: str) -> str:
    """A corpus line is one line: the sentence's own line breaks become spaces."""
    return " ".join(sentence.split())


def export_flag_marks() -> FlagMarkExport:
    """Every mark, grouped by job (oldest job first), in the corpus format."""
    marks = list(FlagMark.objects.order_by("job_ref", "created_at", "id"))
    parts = [HEADER]
    for job_ref, group in groupby(marks, key=lambda mark: mark.job_ref):
        rows = list(group)
        languages = ", ".join(sorted({mark.language or "-" for mark in rows}))
        parts.append(f"=== posting job {job_ref} (language: {languages})\n")
        parts.extend(f". {_one_line(mark.sentence)}\n" for mark in rows)
    return FlagMarkExport("".join(parts), len(marks))
