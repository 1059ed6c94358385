"""tools.host_lines: the lines a host writes for explain, and the figure the docs cite."""

from __future__ import annotations

import re
from pathlib import Path

from tools import host_lines

REPO = Path(__file__).resolve().parents[2]


def test_an_adapter_counts_whole_and_other_files_only_their_explain_lines(tmp_path: Path):
    (tmp_path / "source.py").write_text(
        '"""The adapter.\n\nIt says explain."""\n'
        "from explain.adapter import Field  # the contract\n\n\n"
        "class Source:\n    # a comment\n    def job_fields(self, job_id, user):\n"
        "        return [Field('t', 'T', 'x')]\n"
    )
    (tmp_path / "settings.py").write_text(
        '"""Settings; explain is below."""\nDEBUG = True\n# explain:\nEXPLAIN_SOURCE = "s"\n'
        'INSTALLED_APPS = ["explain"]  # explain\n'
    )
    (tmp_path / "page.html").write_text(
        "<h1>Job</h1>\n{% load explain %}\n<p data-explain-field='t'>x</p>\n"
    )
    (tmp_path / "test_page.py").write_text("import explain\nexplain\n")
    assert host_lines.count(tmp_path) == {"page.html": 2, "settings.py": 2, "source.py": 4}


def test_the_foreign_portal_needs_at_most_60_lines_as_the_docs_say():
    counted = sum(host_lines.count(REPO / "tests" / "hosts" / "foreign").values())
    guide = (REPO / "docs" / "integrating.md").read_text(encoding="utf-8")
    [cited] = re.findall(r"It needs (\d+)\s+host lines", guide)
    assert int(cited) == counted
    assert counted <= 60
