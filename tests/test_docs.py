"""The README is a front door, and every link in it and in docs/ leads somewhere real."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DOCS = sorted((REPO / "docs").glob("*.md"))
LINK = re.compile(r"\]\(([^)\s]+)\)")
TOPICS = {
    "architecture", "integrating", "verifier", "providers", "api",
    "admin", "evaluation", "security", "production", "performance",
}  # fmt: skip


def anchors(markdown: str) -> set[str]:
    """GitHub-style heading anchors: lower case, punctuation dropped, spaces to hyphens."""
    found = set()
    for line in markdown.splitlines():
        if line.startswith("#"):
            title = line.lstrip("#").strip().lower()
            found.add(re.sub(r"[^\w\- ]", "", title).replace(" ", "-"))
    return found


def test_the_readme_is_short_and_links_every_topic() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 200
    assert {f"docs/{topic}.md" for topic in TOPICS} <= set(LINK.findall(readme))
    assert {path.stem for path in DOCS} >= TOPICS


def test_every_local_link_resolves() -> None:
    broken = []
    for page in [REPO / "README.md", *DOCS]:
        for target in LINK.findall(page.read_text(encoding="utf-8")):
            if target.startswith(("http://", "https://")):
                broken.append(f"{page.name}: {target} (outside the repository)")
                continue
            path, _, anchor = target.partition("#")
            resolved = (page.parent / path).resolve() if path else page
            if not resolved.exists():
                broken.append(f"{page.name}: {target}")
            elif anchor and anchor not in anchors(resolved.read_text(encoding="utf-8")):
                broken.append(f"{page.name}: {target} (no such heading)")
    assert not broken, f"broken links: {broken}"


def test_the_code_map_names_every_top_level_module() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    missing = [
        f"{package}/{path.name}"
        for package in ("explain", "jobportal")
        for path in sorted((REPO / package).iterdir())
        if not path.name.startswith(("_", "."))
        and (path.suffix == ".py" or path.is_dir())
        and path.name != "__pycache__"
        and path.name not in readme
    ]
    assert not missing, f"add to the code map in README.md: {missing}"


def documented_outcomes() -> dict[str, tuple[int, bool]]:
    """docs/api.md's outcome table: each code's HTTP status and whether it sends Retry-After."""
    text = (REPO / "docs" / "api.md").read_text(encoding="utf-8")
    table = text.split("## Outcomes", 1)[1].split("\n\n")[2]
    documented: dict[str, tuple[int, bool]] = {}
    for row in table.splitlines()[2:]:
        first, status, _words = (cell.strip() for cell in row.strip("|").split("|", 2))
        for code in re.findall(r"`([a-z_]+)`", first):
            assert code not in documented, f"{code} is listed twice"
            documented[code] = (int(status.split()[0]), "Retry-After" in status)
    return documented


def test_the_api_outcome_table_matches_the_code() -> None:
    """docs/api.md lists every outcome once, with its HTTP status and Retry-After."""
    from explain.outcomes import HTTP_STATUS, RETRY_AFTER, Outcome

    documented = documented_outcomes()
    assert set(documented) == {o.value for o in Outcome}
    assert {code: s for code, (s, _) in documented.items()} == {
        str(o): HTTP_STATUS[o] for o in Outcome
    }
    with_retry = {code for code, (_, retry) in documented.items() if retry}
    # The outcomes the service gives a wait: the rate limit, the provider's and ours.
    waits = {
        Outcome.RATE_LIMITED,
        Outcome.ACCOUNT_DAILY_LIMIT,
        Outcome.ADDRESS_DAILY_LIMIT,
        Outcome.CIRCUIT_OPEN,
        Outcome.TEMPORARILY_UNAVAILABLE,
    }
    assert {str(o) for o in {*RETRY_AFTER, *waits}} == with_retry


def test_the_api_outcome_table_is_the_code_table() -> None:
    """Each documented status and Retry-After is what the outcome's row in OUTCOMES says."""
    from explain.outcomes import OUTCOMES, Retry

    documented = documented_outcomes()
    assert documented == {
        str(outcome): (rule.status, rule.retry is not Retry.NONE)
        for outcome, rule in OUTCOMES.items()
    }
