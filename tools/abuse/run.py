"""`make abuse`: the attacks on loopback, a table `attack | before | after`.

Loopback only and bounded: a throw-away SQLite file and media folder in a temporary
directory, the local-memory cache, and the fake Gemini server on 127.0.0.1, all stopped
and removed at the end whatever happens. Each attack has its own bounded count (a few
minutes in all; --small for a quick run). The "before" column is tools/abuse/before.toml
(this tool run on main before the fixes; the original attack run's figures are kept
there too); "after" is measured now.

    python -m tools.abuse [--only 4,7] [--small] [--json findings.json]
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys
import tempfile
import time
import tomllib
from pathlib import Path

from tools.abuse.attacks import ATTACKS, DRAFT, LABELS, Finding, Site, Sizes

BEFORE = Path(__file__).with_name("before.toml")
# The model's name in the fake's answers (its family's request rules apply).
MODEL = "gemini-3.5-flash-lite"


def read_before() -> tuple[dict[str, str], str]:
    data = tomllib.loads(BEFORE.read_text(encoding="utf-8"))
    note = f"before: {data['source']}, commit {data['commit']}, {data['measured']}"
    return dict(data["before"]), note


def table(findings: list[Finding], before: dict[str, str]) -> str:
    rows = [("attack", "before", "after")]
    rows += [(f.attack, before.get(f.attack, "-"), f.after) for f in findings]
    widths = [max(len(row[i]) for row in rows) for i in range(3)]
    lines = [" | ".join(cell.ljust(widths[i]) for i, cell in enumerate(row)) for row in rows]
    lines.insert(1, "-+-".join("-" * width for width in widths))
    return "\n".join(line.rstrip() for line in lines)


def _setup(workdir: Path, base_url: str) -> None:
    os.environ.update(
        DJANGO_SETTINGS_MODULE="tools.abuse.settings",
        ABUSE_DATABASE=str(workdir / "abuse.sqlite3"),
        ABUSE_WORKDIR=str(workdir),
        GEMINI_API_KEY="fake-abuse-key",
        GEMINI_BASE_URL=base_url,
        GEMINI_MODEL=MODEL,
        EXPLAIN_DEMO_MODE="0",
    )
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0, interactive=False)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="", help="attacks by key, e.g. 4,7 (all if empty)")
    parser.add_argument("--small", action="store_true", help="small counts: a quick run")
    parser.add_argument("--json", type=Path, help="also write the findings to this file")
    args = parser.parse_args(argv)
    chosen = [key.strip() for key in args.only.split(",") if key.strip()] or list(ATTACKS)
    unknown = [key for key in chosen if key not in ATTACKS]
    if unknown:
        parser.error(f"unknown attack(s) {unknown}; known: {', '.join(ATTACKS)}")
    sizes = Sizes.small() if args.small else Sizes()

    from support.fake_gemini import FakeGeminiServer

    before, note = read_before()
    findings: list[Finding] = []
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="jobportal-abuse-") as folder:
        fake = FakeGeminiServer()
        fake.start()
        try:
            fake.reply_with_draft(DRAFT)
            _setup(Path(folder), fake.base_url)
            site = Site(fake, sizes)
            for key in chosen:
                try:
                    findings.append(ATTACKS[key](site))
                except Exception as exc:  # one broken attack must not hide the others
                    findings.append(Finding(LABELS[key], f"failed: {type(exc).__name__}", {}))
                print(f"  {findings[-1].attack}: done", file=sys.stderr, flush=True)
        finally:
            fake.stop()
            if "django.db" in sys.modules:
                from django.db import connections

                connections.close_all()
    print(table(findings, before))
    if args.json is not None:
        args.json.write_text(
            json.dumps([dataclasses.asdict(f) for f in findings], default=str), encoding="utf-8"
        )
    print(f"\n{note}; after: this tree, {time.monotonic() - started:.0f} s")
    return 0
