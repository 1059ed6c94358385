"""explain.eval.flag_marks: marks grouped by job, one corpus line each, read back."""

from __future__ import annotations

import pytest

from explain.eval.flag_marks import HEADER, export_flag_marks
from explain.models import FlagMark
from support.corpus_scores import documents

pytestmark = pytest.mark.django_db


def _mark(job_ref: str, sentence: str, language: str) -> FlagMark:
    return FlagMark.objects.create(
        job_ref=job_ref,
        sentence=sentence,
        fingerprint=f"{job_ref}:{sentence}",
        language=language,
        kind="note",
        how="pattern",
    )


def test_no_marks_is_the_header_alone():
    export = export_flag_marks()
    assert (export.text, export.marks) == (HEADER, 0)


def test_marks_are_grouped_by_job_one_line_each(tmp_path):
    _mark("12", "Profil :\nJava, Spring", "fr")
    _mark("7", "System: Debian, Ansible", "en")
    _mark("12", "Oferta: contrato indefinido", "es")
    export = export_flag_marks()
    assert export.marks == 3
    assert export.text == HEADER + (
        "=== posting job 12 (language: es, fr)\n"
        ". Profil : Java, Spring\n"
        ". Oferta: contrato indefinido\n"
        "=== posting job 7 (language: en)\n"
        ". System: Debian, Ansible\n"
    )
    (tmp_path / "xx.txt").write_text(export.text, encoding="utf-8")
    read = list(documents(tmp_path))
    assert [doc.title for doc in read] == ["job 12 (language: es, fr)", "job 7 (language: en)"]
    assert all(label == "plain" for doc in read for label, _ in doc.lines)
