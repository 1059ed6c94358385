"""explain_eval's verdict on a reading line is what the HTTP API shows for it.

Outside reviewers run reading-set lines through the API with a fake model that returns
each claim as given (tests/explain/eval/api_path.py); our published figures come from
explain_eval's claim check. A stratified sample of the reading corpus (three lines of
each language and kind: the first, the middle and the last) goes both ways here, line by
line, so a change that splits the two paths fails; run_api_path.py runs every line of
every set on demand.
"""

from __future__ import annotations

from typing import Any

import pytest

from explain.eval import reading_corpus as rc
from tests.explain.eval import api_path

pytestmark = pytest.mark.django_db


def stratified(lines: list[api_path.Line]) -> list[api_path.Line]:
    groups: dict[tuple[str, str], list[api_path.Line]] = {}
    for line in lines:
        groups.setdefault((line.item.lang, line.item.kind), []).append(line)
    picked = []
    for group in groups.values():
        chosen = {0, len(group) // 2, len(group) - 1}
        picked += [group[i] for i in sorted(chosen)]
    return picked


SAMPLE = stratified(api_path.load_lines(rc.CORPUS_PATH))


@pytest.fixture
def through_api(client: Any, settings: Any) -> Any:
    for name, value in api_path.UNLIMITED.items():
        setattr(settings, name, value)
    model = api_path.ClaimAsGiven()
    settings.EXPLAIN_CHAT_MODEL = model
    return lambda lines, place=api_path.MIDDLE: list(api_path.compare(lines, client, model, place))


def test_the_sample_covers_every_language_kind_and_side() -> None:
    corpus = api_path.load_lines(rc.CORPUS_PATH)
    assert {(x.item.lang, x.item.kind) for x in SAMPLE} == {
        (x.item.lang, x.item.kind) for x in corpus
    }
    assert {x.side for x in SAMPLE} == set(rc.SIDES)
    assert 200 <= len(SAMPLE) <= 3 * len({(x.item.lang, x.item.kind) for x in corpus})


def test_the_api_shows_what_explain_eval_counts_line_by_line(through_api: Any) -> None:
    results = through_api(SAMPLE)
    apart = [r.describe() for r in results if not r.agrees]
    assert apart == []
    # The fake answered every line whose requirement reached the viewer's call, and the
    # sample reaches every verdict on both paths (the comparison is not vacuous).
    assert all(r.seen.answered for r in results if r.seen.listed)
    assert {r.api for r in results} >= {api_path.KEPT, api_path.KEPT_OPTIONAL, api_path.DROPPED}
    assert any(r.seen.state == "shown" for r in results)
    assert any(r.seen.state in ("not_found", "not_yet") for r in results)
    assert any(not r.seen.listed and r.line.side in ("J", "G") for r in results)


# The harness itself, on lines of its own (written for this test, no reading-set row).
OWN_LINES = [
    # (side, label, term, text): what the API must show for each.
    ("P", "keep", "Ansible", "Ansible playbooks for 30 hosts since 2021", api_path.KEPT),
    ("P", "drop:quote_negated", "Ansible", "Ansible: not used so far", api_path.DROPPED),
    ("J", "keep", "Rust", "- Rust in production, 2+ years", api_path.KEPT),
    ("J", "opt", "Rust", "- Rust would be a bonus", api_path.KEPT_OPTIONAL),
    ("G", "drop:quote_negated", "Rust", "- No Rust needed, we teach it", api_path.DROPPED),
    ("N", "keep", "Ansible", "Ansible: never touched it", api_path.KEPT),
]


@pytest.mark.parametrize(("side", "label", "term", "text", "shown"), OWN_LINES)
def test_each_side_lands_where_the_viewer_sees_it(
    through_api: Any, side: str, label: str, term: str, text: str, shown: str
) -> None:
    item = rc.corpus_case(1, ["en", "states", side, label, term, text])
    line = api_path.Line("own", 1, side, label, term, text, item)
    (result,) = through_api([line])
    assert result.api == shown, result.describe()
    assert result.agrees, result.describe()


def test_the_line_sits_in_the_field_its_side_names() -> None:
    item = rc.corpus_case(1, ["en", "states", "J", "keep", "Rust", "- Rust daily"])
    job, profile = api_path.placed(api_path.Line("own", 1, "J", "keep", "Rust", "x", item))
    assert job["requirements"].splitlines()[1] == "x" and "x" not in profile.values()
    item = rc.corpus_case(1, ["en", "states", "P", "keep", "Rust", "Rust daily"])
    job, profile = api_path.placed(api_path.Line("own", 1, "P", "keep", "Rust", "y", item))
    assert (
        profile["experience"].splitlines()[1] == "y" and "- Rust experience" in job["requirements"]
    )


# A line first in its field follows the field's label ("Requirements: ..."): its first word
# opens a sentence there as it does on a line of its own, so both paths read it alike.
FIRST_WORDS = [
    ("J", "drop:term_not_content", "Swift", "Swift-moving parcels sorted by hand", "en"),
    ("P", "drop:term_not_content", "Spring", "Spring-loaded doors fitted on site", "en"),
    ("J", "keep", "Swift", "Swift for iOS, 2+ years", "en"),
]


@pytest.mark.parametrize("place", [api_path.MIDDLE, api_path.FIRST])
@pytest.mark.parametrize(("side", "label", "term", "text", "lang"), FIRST_WORDS)
def test_a_lines_first_word_reads_alike_after_the_fields_label(
    through_api: Any, place: str, side: str, label: str, term: str, text: str, lang: str
) -> None:
    item = rc.corpus_case(1, [lang, "everyday", side, label, term, text])
    line = api_path.Line("own", 1, side, label, term, text, item)
    (result,) = through_api([line], place)
    assert result.agrees, result.describe()
    assert result.api == (api_path.KEPT if label == "keep" else api_path.DROPPED)
