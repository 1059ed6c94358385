"""`manage.py explain_eval` and the labelled set behind it.

The verifier mode runs on every `make test`: the labelled set must agree with the
verifier, case by case. The live mode runs against fake models and against the fake
Gemini server through the real SDK; nothing here calls Google.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import types
from io import StringIO
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest
from django.core.management import CommandError, call_command

from explain.core.posting_prompt import POSTING_INSTRUCTION
from explain.core.verify import DropReason, normalize
from explain.core.viewer_prompt import VIEWER_INSTRUCTION, VIEWER_PROMPT_VERSION
from explain.eval.cases import (
    DEFAULT_PATH,
    FORMAT,
    KEEP_FIELDS,
    REASONS,
    load_cases,
    parse_cases,
)
from explain.eval.chart import drop_reasons_svg
from explain.eval.host_pairs import PairsError, parse_ids
from explain.eval.live import percentile
from explain.eval.progress import ProgressBar
from explain.eval.scoring import judge, score
from explain.llm.client import ChatPrompt
from explain.llm.errors import ProviderTimeout
from explain.management.commands.explain_eval import SENTENCES_MODULE
from explain.models import ExplanationLog, FeedbackReport
from jobportal.models import Job
from tests.conftest import WORKED_DRAFT, WORKED_JOB_DESCRIPTION, WORKED_PROFILE

REPO = Path(__file__).resolve().parents[2]

# The categories the set must cover, by the names the file uses: the rule's own (quotes,
# Unicode, injections) and the kinds of claim the evidence-only design must get right.
REQUIRED_CATEGORIES = {
    "exact_match",
    "exact_gap",
    "paraphrase",
    "invented",
    "wrong_source",
    "variants",
    "unicode",
    "word_boundary",
    "quote_length",
    "gap_contradicted",
    "duplicate",
    "injection_job",
    "injection_profile",
}
EVIDENCE_KINDS = {
    "carries_point",
    "moved_words",
    "numbers_levels",
    "lists",
    "function_word_term",
    "framing_only",
    "judging_multilingual",
    "advice",
    "negation",
    "wish",
    "offer",
    "optional",
    "code_fallback_trap",
    "out_of_context",
    "nested_negation",
    "years_as_words",
    "ranges",
    "cefr_levels",
    "long_term",
    "term_is_whole_quote",
    "cue_only_quote",
    "other_script_cue",
    "equivalence",
    "good_as_models_write",
}
MIN_PER_CATEGORY = 5
# Floors, each a little under what this set measured with this branch's verifier
# (docs/evaluation.md: keep 1.000 / 1.000; quote_negated 1.000 / 1.000;
# term_not_content 1.000 / 1.000; profile_wish 1.000 / 1.000; job_offer 1.000 / 1.000;
# 191 of 191 sentences as labelled). Known limits count: a floor is what the user gets.
FLOORS = {
    "keep": (0.97, 0.97),
    "quote_negated": (0.95, 0.95),
    "term_not_content": (0.95, 0.95),
    "profile_wish": (0.95, 0.95),
    "job_offer": (0.95, 0.95),
}
SENTENCE_FLOOR = 0.97
MAX_KNOWN_LIMITS = 10


def parse_svg(text: str) -> ElementTree.Element:
    return ElementTree.fromstring(text)  # noqa: S314 - our own chart, not untrusted XML


def run(*args: str) -> tuple[str, str]:
    out, err = StringIO(), StringIO()
    call_command("explain_eval", *args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def raw_set() -> dict[str, Any]:
    return json.loads(DEFAULT_PATH.read_text(encoding="utf-8"))


def relabel(case: dict[str, Any], expected: str | None, reason: str | None) -> dict[str, Any]:
    """The case with another label (and without what only a keep pins)."""
    for name in KEEP_FIELDS:
        case.pop(name, None)
    case["expected"], case["reason"] = expected, reason
    return case


def write(tmp_path: Path, data: dict[str, Any], name: str = "cases.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


# --------------------------------------------------------------------------- the set


def test_the_set_is_large_enough_and_covers_every_category() -> None:
    case_file = load_cases()
    labelled = case_file.labelled
    assert len(labelled) >= 300
    counts: dict[str, int] = {}
    for case in labelled:
        counts[case.category] = counts.get(case.category, 0) + 1
    assert REQUIRED_CATEGORIES | EVIDENCE_KINDS <= set(counts)
    assert all(count >= MIN_PER_CATEGORY for count in counts.values()), counts
    assert {case.expected for case in labelled} == {"keep", "drop"}
    # The new kinds hold both outcomes where a claim of that kind can go either way.
    keeps_only = {"carries_point", "optional", "term_is_whole_quote"}
    for kind in EVIDENCE_KINDS - keeps_only - {"long_term", "cue_only_quote"}:
        assert {c.expected for c in labelled if c.category == kind} == {"keep", "drop"}, kind


def test_every_label_is_keep_or_a_drop_reason_of_the_verifier() -> None:
    for case in load_cases().labelled:
        assert case.expected == "keep" or DropReason(case.reason), case.id
    used = {case.reason for case in load_cases().labelled if case.reason}
    for code in ("term_not_content", "quote_negated", "profile_wish", "job_offer"):
        assert code in used, code


def test_every_keep_says_what_the_page_shows() -> None:
    """A kept case names its sentence, filled in only with words of the texts sent."""
    templates = [
        re.compile(pattern)
        for pattern in (
            r"^\u201c(?P<term>.+)\u201d is in your profile and in this job\.$",
            r"^\u201c(?P<pterm>.+)\u201d in your profile; \u201c(?P<term>.+)\u201d in this job\.$",
            r"^\u201c(?P<term>.+)\u201d is in your profile; this job lists it as optional\.$",
            r"^\u201c(?P<pterm>.+)\u201d in your profile; this job lists \u201c(?P<term>.+)\u201d"
            r" as optional\.$",
            r"^This job asks for \u201c(?P<term>.+)\u201d; it was not found in your profile\.$",
            r"^This job lists \u201c(?P<term>.+)\u201d as optional; it was not found in your"
            r" profile\.$",
        )
    ]
    for case in load_cases().labelled:
        if case.expected != "keep":
            continue
        assert case.sentence is not None and case.optional is not None, case.id
        found = [m for m in (t.match(case.sentence) for t in templates) if m]
        assert found, (case.id, case.sentence)
        words = found[0].groupdict()
        assert ("optional" in case.sentence) == case.optional, case.id
        assert ("not found" in case.sentence) == (case.kind == "gap"), case.id
        assert normalize(words["term"]) in normalize(case.job), case.id
        if words.get("pterm"):
            assert normalize(words["pterm"]) in normalize(case.profile), case.id
        for amount, text in ((case.job_amount, case.job), (case.profile_amount, case.profile)):
            assert not amount or normalize(amount) in normalize(text), case.id


def test_only_the_point_carrying_kinds_still_send_a_point() -> None:
    """Model prose is gone from the set, but for the cases that test it is ignored."""
    data = raw_set()
    carrying = {c["category"] for c in data["cases"] if "point" in c["claim"]}
    assert carrying == {"carries_point", "judging_multilingual", "advice", "code_fallback_trap"}
    for case in data["cases"]:
        assert all("point" not in p["claim"] for p in case.get("preceding", []))


def test_the_set_covers_the_unicode_traps_and_the_injections_by_name() -> None:
    ids = {case.id for case in load_cases().cases}
    for trap in ("nfd", "zero-width", "fullwidth", "cyrillic", "greek", "turkish", "ligature"):
        assert any(trap in case_id for case_id in ids), trap
    for kind in ("uni-", "wb-", "dup-", "injj-", "injp-", "gapc-", "pt-", "len-"):
        assert any(case_id.startswith(kind) for case_id in ids), kind


def test_every_probe_set_named_is_described_in_the_file() -> None:
    case_file = load_cases()
    sources = {case.source for case in case_file.cases if case.source}
    assert sources, "injection cases say which public probe set they are modelled on"
    assert sources <= set(case_file.probe_sets)
    injected = [c for c in case_file.cases if c.category.startswith("injection")]
    assert sum(1 for c in injected if c.source) >= len(injected) // 2


def test_duplicates_come_with_the_claims_before_them() -> None:
    duplicates = [c for c in load_cases().cases if c.reason == DropReason.DUPLICATE]
    assert duplicates
    assert all(c.preceding for c in duplicates)


def test_known_limits_are_few_and_each_says_why() -> None:
    limits = [c for c in load_cases().labelled if c.known_limit]
    assert len(limits) <= MAX_KNOWN_LIMITS
    assert all(c.note for c in limits)


def test_every_drop_names_a_reason_code_of_the_verifier() -> None:
    case_file = load_cases()
    assert REASONS == {reason.value for reason in DropReason}
    for case in case_file.labelled:
        if case.expected == "drop":
            assert case.reason in REASONS, case.id
    for retired in ("point_missing", "point_too_long", "point_has_link"):
        assert retired not in REASONS


# --------------------------------------------------------------------------- verifier mode


def test_verifier_mode_agrees_with_every_labelled_case(tmp_path: Path) -> None:
    report = tmp_path / "report.json"
    out, _ = run("--report", str(report))
    assert "disagreements: none" in out
    data = json.loads(report.read_text())
    assert data["disagreements"] == []
    known = {c.id for c in load_cases().labelled if c.known_limit}
    assert {c["id"] for c in data["known_limits"]} == known
    for category in REQUIRED_CATEGORIES | EVIDENCE_KINDS:
        assert any(line.startswith(category + " ") for line in out.splitlines()), category


def test_the_verifier_meets_its_floors_on_the_set(tmp_path: Path) -> None:
    """Precision and recall per label, known limits included, at or above the floors."""
    report = tmp_path / "report.json"
    run("--report", str(report))
    labels = json.loads(report.read_text())["labels"]
    for label, (precision, recall) in FLOORS.items():
        assert labels[label]["precision"] >= precision, label
        assert labels[label]["recall"] >= recall, label
    # Every other code the set uses is exact on it.
    for label, figures in labels.items():
        if label not in FLOORS:
            assert figures["precision"] == 1.0, label
    total = json.loads(report.read_text())["total"]
    assert total["sentences_right"] >= SENTENCE_FLOOR * total["sentences_checked"]


def test_the_site_sentence_writer_is_used_when_the_app_has_one(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """With explain.sentences present, its point_sentence writes what is compared."""
    fake = types.ModuleType(SENTENCES_MODULE)
    fake.point_sentence = lambda point: f"[{point.term}]"  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, SENTENCES_MODULE, fake)
    report = tmp_path / "report.json"
    out = StringIO()
    with pytest.raises(CommandError, match="disagree"):
        call_command("explain_eval", "--report", str(report), stdout=out)
    assert f"written by {SENTENCES_MODULE}.point_sentence" in out.getvalue()
    data = json.loads(report.read_text())
    assert data["sentence_writer"] == f"{SENTENCES_MODULE}.point_sentence"
    wrong = next(d for d in data["disagreements"] if d["id"] == "match-java")
    assert (wrong["got_sentence"], wrong["reads_wrong"]) == ("[Java]", ["sentence"])


def test_the_documented_table_is_the_one_printed() -> None:
    """docs/evaluation.md shows the table as it is now."""
    out, _ = run()
    table = out[out.index("category ") : out.index("disagreements:")].rstrip()
    doc = (REPO / "docs" / "evaluation.md").read_text(encoding="utf-8")
    assert table in doc, "paste the new table into docs/evaluation.md"


def test_a_wrong_label_fails_the_command_and_is_listed(tmp_path: Path) -> None:
    data = raw_set()
    case = next(c for c in data["cases"] if c["id"] == "match-spring-boot")
    relabel(case, "drop", "profile_quote_not_found")
    path = write(tmp_path, data)
    out = StringIO()
    with pytest.raises(CommandError) as caught:
        call_command("explain_eval", "--cases", path, stdout=out)
    assert caught.value.returncode == 1
    assert "1 of" in str(caught.value)
    assert (
        "match-spring-boot [exact_match]: expected drop (profile_quote_not_found), got keep"
        in out.getvalue()
    )
    assert "keep recall:" in out.getvalue()


def test_a_wrong_reason_is_a_disagreement_too(tmp_path: Path) -> None:
    data = raw_set()
    case = next(c for c in data["cases"] if c["id"] == "inv-kubernetes")
    case["reason"] = "job_quote_not_found"
    out = StringIO()
    with pytest.raises(CommandError):
        call_command("explain_eval", "--cases", write(tmp_path, data), stdout=out)
    assert (
        "inv-kubernetes [invented]: expected drop (job_quote_not_found), "
        "got drop (profile_quote_not_found)" in out.getvalue()
    )


def test_the_exit_code_from_the_shell(tmp_path: Path) -> None:
    data = raw_set()
    relabel(next(c for c in data["cases"] if c["id"] == "gap-aws"), "drop", "gap_contradicted")
    bad = write(tmp_path, data)
    command = [sys.executable, "manage.py", "explain_eval"]
    good = subprocess.run(command, cwd=REPO, capture_output=True, text=True, check=False)
    assert good.returncode == 0, good.stderr
    failed = subprocess.run(
        [*command, "--cases", bad], cwd=REPO, capture_output=True, text=True, check=False
    )
    assert failed.returncode == 1
    assert "gap-aws" in failed.stdout
    assert "disagree" in failed.stderr


def test_unlabelled_cases_are_skipped_and_counted(tmp_path: Path) -> None:
    data = raw_set()
    extra = relabel(dict(data["cases"][0], id="waiting-1", needs_label=True), None, None)
    data["cases"].append(extra)
    out, _ = run("--cases", write(tmp_path, data))
    assert "skipped: 1 unlabelled case(s)" in out
    assert "disagreements: none" in out


def test_report_and_chart(tmp_path: Path) -> None:
    report, chart = tmp_path / "report.json", tmp_path / "chart.svg"
    out, _ = run("--report", str(report), "--chart", str(chart))
    data = json.loads(report.read_text())
    cases = len(load_cases().labelled)
    assert data["mode"] == "verifier"
    assert data["total"]["cases"] == cases
    assert data["disagreements"] == []
    assert data["keep_precision"] == data["labels"]["keep"]["precision"]
    assert data["keep_recall"] == data["labels"]["keep"]["recall"]
    assert set(data["categories"]) >= REQUIRED_CATEGORIES | EVIDENCE_KINDS
    negation = data["categories"]["negation"]
    assert negation["labels"]["quote_negated"]["labelled"] >= 5
    assert 0 < negation["sentences_checked"] <= negation["expected_keep"]
    assert sum(data["drop_reasons"].values()) == data["total"]["dropped"]
    svg = parse_svg(chart.read_text())
    labels = [el.text for el in svg.iter("{http://www.w3.org/2000/svg}text")]
    assert "profile_quote_not_found" in labels
    assert "kept" in labels
    assert f"Wrote the chart to {chart}" in out


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"reason": None}, 'a "drop" needs a "reason"'),
        ({"reason": "not_a_code"}, 'a "drop" needs a "reason"'),
        ({"kind": "both"}, '"kind" must be "match" or "gap"'),
        ({"category": "nowhere"}, "is not listed in categories"),
        ({"profile_ref": "profile:missing"}, "unknown profile_ref"),
        ({"expected": "maybe"}, '"expected" must be "keep", "drop" or null'),
        ({"expected": "reword", "reason": "point_judges"}, '"reword" is gone'),
        ({"sentence": "Kubernetes fits."}, 'only a "keep" gives sentence'),
        ({"needs_label": True}, 'labelled, so remove "needs_label"'),
    ],
)
def test_a_broken_case_file_is_a_clear_error(
    tmp_path: Path, change: dict[str, Any], message: str
) -> None:
    data = raw_set()
    case = next(c for c in data["cases"] if c["id"] == "inv-kubernetes")
    case.update(change)
    with pytest.raises(CommandError, match="inv-kubernetes") as caught:
        run("--cases", write(tmp_path, data))
    assert message in str(caught.value)


def test_duplicate_ids_and_missing_files_are_clear_errors(tmp_path: Path) -> None:
    data = raw_set()
    data["cases"].append(data["cases"][0])
    with pytest.raises(CommandError, match="duplicate id"):
        run("--cases", write(tmp_path, data))
    with pytest.raises(CommandError, match="cannot read"):
        run("--cases", str(tmp_path / "absent.json"))
    (tmp_path / "bad.json").write_text("{nope")
    with pytest.raises(CommandError, match="not JSON"):
        run("--cases", str(tmp_path / "bad.json"))


def test_a_claim_after_a_full_list_is_unchecked_not_kept() -> None:
    data = raw_set()
    cases = {c["id"]: c for c in data["cases"]}
    # Five distinct kept matches on the same two texts fill the list.
    first = ("match-java", "match-spring-boot", "match-postgresql", "match-english")
    full = [{"kind": "match", "claim": cases[i]["claim"]} for i in (*first, "match-rest-apis")]
    base = cases["match-hybrid-berlin"]
    case_data = {**data, "cases": [dict(base, id="sixth", preceding=full)]}
    case = parse_cases(case_data).cases[0]
    verdict = judge(case)
    assert verdict.outcome == "unchecked"
    assert not verdict.agrees
    assert score(parse_cases(case_data)).disagreements == [verdict]


# --------------------------------------------------------------------------- live mode

WORKED_PROFILE_TEXT = f"Headline: {WORKED_PROFILE['headline']}\nSkills: {WORKED_PROFILE['skills']}"
WORKED_JOB_TEXT = f"Job title: Java Engineer\nDescription: {WORKED_JOB_DESCRIPTION}"
NURSE_JOB_TEXT = "Job title: Nurse\nDescription: Wound care on a surgical ward."


def small_set(tmp_path: Path) -> str:
    """Two distinct pairs (the first used twice), and one case with no profile text."""
    claim = WORKED_DRAFT["matches"][0]
    cases = [
        {"id": "a1", "category": "c", "profile_ref": "p", "job_ref": "worked", "kind": "match",
         "claim": claim, "expected": "keep", "reason": None},
        {"id": "a2", "category": "c", "profile_ref": "p", "job_ref": "worked", "kind": "gap",
         "claim": WORKED_DRAFT["gaps"][0], "expected": "keep", "reason": None},
        {"id": "b1", "category": "c", "profile_ref": "p", "job_ref": "nurse", "kind": "match",
         "claim": claim, "expected": "drop", "reason": "job_quote_not_found"},
        {"id": "c1", "category": "c", "profile": "", "job_ref": "nurse", "kind": "match",
         "claim": claim, "expected": "drop", "reason": "profile_quote_not_found"},
    ]  # fmt: skip
    data = {
        "format": FORMAT,
        "categories": {"c": "test"},
        "texts": {"p": WORKED_PROFILE_TEXT, "worked": WORKED_JOB_TEXT, "nurse": NURSE_JOB_TEXT},
        "cases": cases,
    }
    return write(tmp_path, data, "small.json")


@pytest.mark.django_db
def test_live_mode_with_a_fake_model(tmp_path: Path, use_model: Any) -> None:
    model = use_model(WORKED_DRAFT)
    report, chart = tmp_path / "live.json", tmp_path / "live.svg"
    out, err = run(
        "--live", "--cases", small_set(tmp_path), "--report", str(report), "--chart", str(chart)
    )
    # The site's calls: each posting read once, then the viewer's call on what was kept
    # (the nurse posting has none of the job quotes: no requirement, no viewer's call).
    assert [p.system for p in model.prompts] == [
        POSTING_INSTRUCTION,
        VIEWER_INSTRUCTION,
        POSTING_INSTRUCTION,
    ]
    assert all(isinstance(p, ChatPrompt) for p in model.prompts)
    assert model.prompts[0].user == f"JOB POSTING:\n{WORKED_JOB_TEXT}"
    viewer = model.prompts[1].user
    assert viewer.endswith(f"CANDIDATE PROFILE:\n{WORKED_PROFILE_TEXT}")
    assert "1. Build secure [Java] APIs" in viewer and WORKED_JOB_TEXT not in viewer
    assert "Live run: 2 pair(s)" in out
    assert "p + worked" in out and "p + nurse" in out
    assert "requirements checked: 2 (pairs whose posting's reading kept none: 1)" in out
    # Java shown, AWS not found; the posting's "deploy services" holds no Kubernetes, so
    # the reading removed it before any viewer's call.
    assert "claims returned: 2, kept: 2 (1 matches, 1 gaps), dropped: 0 (0%)" in out
    assert "dropped by reason: none" in out
    assert "nothing verified: 1 of 2 answered pairs (50%)" in out
    assert "latency: p50" in out and "p95" in out
    assert "tokens: prompt n/a" in out
    # The progress bar goes to stderr, one line per pair when stderr is not a terminal.
    assert "[############------------] 1/2 p + worked: ok" in err
    assert "[########################] 2/2 p + nurse: no_requirements" in err
    data = json.loads(report.read_text())
    assert data["mode"] == "live"
    assert data["model"] == "fake-model"
    assert data["prompt_version"] == VIEWER_PROMPT_VERSION
    assert [p["outcome"] for p in data["pairs"]] == ["ok", "no_requirements"]
    assert [p["requirements"] for p in data["pairs"]] == [2, 0]
    totals = data["totals"]
    assert totals["claims"] == 2
    assert totals["kept"] == 2
    assert totals["drop_reasons"] == {}
    assert totals["nothing_verified_rate"] == 0.5
    assert totals["latency_ms_p50"] is not None
    # Counts only: no text of the profile or the job in the report.
    assert "Intermediate" not in report.read_text()
    assert "Build secure" not in report.read_text()
    svg = parse_svg(chart.read_text())
    assert svg.get("role") == "img"
    # Measuring is not serving: no log rows.
    assert ExplanationLog.objects.count() == 0


@pytest.mark.django_db
def test_live_mode_on_the_whole_set_calls_once_per_distinct_pair(use_model: Any) -> None:
    model = use_model({"matches": [], "gaps": []})
    out, _ = run("--live", "--no-progress")
    pairs = {(c.profile, c.job) for c in load_cases().cases if c.profile and c.job}
    # Each posting read once; none keeps a requirement, so no viewer's call is made.
    assert len(model.prompts) == len({job for _, job in pairs})
    assert f"nothing verified: {len(pairs)} of {len(pairs)}" in out


@pytest.mark.django_db
def test_live_mode_counts_failures_and_fails_when_nothing_answers(
    tmp_path: Path, use_model: Any
) -> None:
    def answer(prompt: ChatPrompt) -> str:
        if "Nurse" in prompt.user:
            raise ProviderTimeout("slow")
        return json.dumps(WORKED_DRAFT)

    use_model(answer)
    out, _ = run("--live", "--cases", small_set(tmp_path), "--no-progress")
    assert "pairs: 2, answered: 1, errors: timeout 1" in out

    use_model("this is not JSON")
    out = StringIO()
    with pytest.raises(CommandError, match="answered none"):
        call_command("explain_eval", "--live", "--cases", small_set(tmp_path), stdout=out)
    assert "errors: invalid_response 2" in out.getvalue()


def test_live_mode_without_a_model_says_how_to_get_one() -> None:
    with pytest.raises(CommandError, match="GEMINI_API_KEY"):
        run("--live")


def test_live_only_options_are_refused_elsewhere() -> None:
    with pytest.raises(CommandError, match="--demo-data"):
        run("--demo-data")
    with pytest.raises(CommandError, match="--with-texts"):
        run("--with-texts")


@pytest.mark.django_db
def test_live_limit_runs_the_first_pairs_only(tmp_path: Path, use_model: Any) -> None:
    model = use_model(WORKED_DRAFT)
    run("--live", "--cases", small_set(tmp_path), "--limit", "1", "--no-progress")
    assert [p.system for p in model.prompts] == [POSTING_INSTRUCTION, VIEWER_INSTRUCTION]


@pytest.mark.django_db
def test_live_on_the_hosts_data_through_the_adapter(
    worked_user: Any, worked_job: Job, make_user: Any, use_model: Any
) -> None:
    other = Job.objects.create(title="Nurse", company="St. Elsewhere", description="Wound care.")
    make_user("empty")  # a profile with no matching text: skipped, no call
    model = use_model(WORKED_DRAFT)
    # Unpublished, so the site reads no posting of it (use_model reads the others ahead).
    hidden = Job.objects.create(title="Draft", company="X", description="x", published=False)
    out, _ = run(
        "--live", "--demo-data", "--jobs", f"{worked_job.pk},{other.pk}", "--jobs",
        f"{hidden.pk}", "--no-progress",
    )  # fmt: skip
    # Two postings read; "Wound care." holds none of the draft's quotes: one viewer's call.
    assert [p.system for p in model.prompts].count(POSTING_INSTRUCTION) == 2
    [viewer] = [p.user for p in model.prompts if p.system == VIEWER_INSTRUCTION]
    assert viewer.startswith("JOB TITLE: Java Engineer\n")
    assert f"user dana + job {worked_job.pk}" in out
    assert "EXPLAIN_SOURCE jobportal.explain_source.PortalExplainSource" in out
    sent = "\n".join(p.user for p in model.prompts)
    assert "Java (Intermediate, 3 years)" in sent
    for private in ("Dana Q. Private", "dana.private@example.org", "7946", "987654"):
        assert private not in sent


@pytest.mark.django_db
def test_live_on_the_hosts_data_needs_job_ids(
    worked_user: Any, use_model: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from jobportal.explain_source import PortalExplainSource

    monkeypatch.delattr(PortalExplainSource, "job_ids")  # an adapter that lists no jobs
    use_model(WORKED_DRAFT)
    with pytest.raises(CommandError, match="--jobs"):
        run("--live", "--demo-data")


@pytest.mark.django_db
def test_live_through_the_real_sdk_against_the_fake_gemini_server(
    tmp_path: Path, use_gemini: Any
) -> None:
    server = use_gemini()
    server.reply_with_draft(WORKED_DRAFT)
    report = tmp_path / "gemini.json"
    out, err = run("--live", "--cases", small_set(tmp_path), "--report", str(report))
    assert len(server.requests) == 3  # two postings read, one viewer's call
    assert {r.model for r in server.requests} == {"gemini-test-model"}
    body = server.requests[1].body
    assert "CANDIDATE PROFILE:" in json.dumps(body)
    assert body["generationConfig"]["responseMimeType"] == "application/json"
    data = json.loads(report.read_text())
    assert data["model"] == "gemini-test-model"
    assert [p["outcome"] for p in data["pairs"]] == ["ok", "no_requirements"]
    # The fake reports 321 prompt, 87 output, 12 thinking, 420 total tokens per call.
    assert data["totals"]["tokens"] == {
        "prompt": 963,
        "output": 261,
        "thoughts": 36,
        "total": 1260,
    }
    assert "tokens: prompt 963, output 261, thoughts 36, total 1,260" in out
    assert data["totals"]["claims"] == 2
    for text in (out, err, report.read_text()):
        assert "CANARY" not in text


@pytest.mark.django_db
def test_live_through_the_real_sdk_counts_provider_errors(tmp_path: Path, use_gemini: Any) -> None:
    server = use_gemini()
    server.reply_with_error(500)
    out = StringIO()
    with pytest.raises(CommandError, match="answered none"):
        call_command(
            "explain_eval", "--live", "--cases", small_set(tmp_path), "--no-progress", stdout=out
        )
    assert "errors: provider_error 2" in out.getvalue()
    assert "FAKE-PROVIDER-DETAIL" not in out.getvalue()


# --------------------------------------------------------------------------- feedback


@pytest.fixture
def reports(worked_user: Any, worked_job: Job) -> list[FeedbackReport]:
    log = ExplanationLog.objects.create(
        user=worked_user,
        job_ref=str(worked_job.pk),
        outcome="ok",
        model_name="gemini-test-model",
        prompt_version="test-1",
    )
    match = WORKED_DRAFT["matches"][0]
    return [
        FeedbackReport.objects.create(
            log=log,
            user=worked_user,
            kind="match",
            point="\u201cJava\u201d is in your profile and in this job.",
            profile_quote=match["profileQuote"],
            job_quote=match["jobQuote"],
            reason=FeedbackReport.Reason.MISLEADING,
        ),
        FeedbackReport.objects.create(
            log=log,
            user=worked_user,
            kind="gap",
            point="AWS is not shown in your profile.",
            job_quote="deploy services on AWS",
            reason=FeedbackReport.Reason.NOT_IN_JOB,
        ),
    ]


@pytest.mark.django_db
def test_feedback_export_writes_unlabelled_cases(
    tmp_path: Path, reports: list[FeedbackReport]
) -> None:
    path = tmp_path / "feedback.json"
    out, _ = run("--from-feedback", str(path))
    assert f"Wrote the 2 case(s): 0 labelled by a reviewer, 2 unlabelled to {path}" in out
    exported = load_cases(path)
    assert [c.id for c in exported.cases] == [f"feedback-{r.pk}" for r in reports]
    assert exported.labelled == ()
    first, second = exported.cases
    assert first.kind == "match"
    assert first.claim.profile_quote == "Java (Intermediate, 3 years)"
    assert first.claim.job_quote == "Build secure Java APIs"
    assert second.kind == "gap"
    assert second.claim.profile_quote == ""
    assert first.profile == first.job == ""  # texts are never stored with reports
    raw = json.loads(path.read_text())["cases"][0]
    assert raw["needs_label"] is True
    assert raw["expected"] is None
    assert "point" not in raw["claim"]
    assert raw["feedback"]["shown"] == reports[0].point
    assert raw["feedback"]["reason"] == "misleading"
    assert raw["feedback"]["model"] == "gemini-test-model"
    # The export scores as it is: nothing to agree with, and it says what it skipped.
    out, _ = run("--cases", str(path))
    assert "skipped: 2 unlabelled case(s)" in out


@pytest.mark.django_db
def test_a_labelled_export_joins_the_scoring(tmp_path: Path, reports: list[FeedbackReport]) -> None:
    path = tmp_path / "feedback.json"
    run("--from-feedback", str(path), "--with-texts")
    data = json.loads(path.read_text())
    case = data["cases"][0]
    assert "Java (Intermediate, 3 years)" in case["profile"]
    assert "Build secure Java APIs" in case["job"]
    for private in ("Dana Q. Private", "dana.private@example.org", "7946", "987654"):
        assert private not in path.read_text()
    # A reviewer labels the first one and leaves the second for later.
    case.update(expected="keep", category="feedback")
    case["claim"]["term"] = "Java"  # the reviewer names what the point was about
    del case["needs_label"]
    path.write_text(json.dumps(data))
    out, _ = run("--cases", str(path))
    assert "feedback" in out
    assert "skipped: 1 unlabelled case(s)" in out
    assert "disagreements: none (1 of 1 cases agree)" in out


@pytest.mark.django_db
def test_confirmed_reports_keep_the_reviewers_label(
    tmp_path: Path, reports: list[FeedbackReport]
) -> None:
    confirmed, dismissed = reports
    confirmed.status = FeedbackReport.Status.CONFIRMED
    confirmed.expected = FeedbackReport.Expected.DROP
    confirmed.expected_reason = "profile_quote_not_found"
    confirmed.reviewer_note = "The profile never says intermediate."
    confirmed.save()
    dismissed.status = FeedbackReport.Status.DISMISSED
    dismissed.save()
    path = tmp_path / "feedback.json"
    out, _ = run("--from-feedback", str(path), "--with-texts")
    assert "1 case(s): 1 labelled by a reviewer, 0 unlabelled" in out
    exported = load_cases(path)
    (case,) = exported.cases  # the dismissed report is not a case
    assert (case.expected, case.reason) == ("drop", "profile_quote_not_found")
    raw = json.loads(path.read_text())["cases"][0]
    assert "needs_label" not in raw
    assert raw["feedback"]["status"] == "confirmed"
    assert raw["feedback"]["reviewer_note"] == "The profile never says intermediate."
    # A new report is exported unlabelled, and --confirmed leaves it out.
    dismissed.status = FeedbackReport.Status.NEW
    dismissed.save()
    out, _ = run("--from-feedback", str(path), "--confirmed")
    assert [c.id for c in load_cases(path).cases] == [f"feedback-{confirmed.pk}"]


@pytest.mark.django_db
def test_feedback_export_to_stdout(reports: list[FeedbackReport]) -> None:
    out, _ = run("--from-feedback", "-")
    data = json.loads(out)
    assert data["format"] == FORMAT
    assert len(data["cases"]) == 2


# --------------------------------------------------------------------------- pieces


def test_percentile_is_nearest_rank() -> None:
    assert percentile([], 0.5) is None
    assert percentile([7], 0.95) == 7
    values = list(range(1, 101))
    assert percentile(values, 0.50) == 50
    assert percentile(values, 0.95) == 95
    assert percentile([5, 1, 3], 0.5) == 3


def test_progress_bar_redraws_on_a_terminal_and_logs_elsewhere() -> None:
    written: list[str] = []
    bar = ProgressBar(4, written.append, redraw=True, width=8)
    bar.start()
    bar.advance("one")
    bar.advance()
    bar.finish()
    assert written[0] == "\r[--------] 0/4"
    assert written[1] == "\r[##------] 1/4 one"
    assert written[2].startswith("\r[####----] 2/4")
    assert written[-1] == "\n"
    logged: list[str] = []
    bar = ProgressBar(2, logged.append, redraw=False, width=4)
    bar.start()
    bar.advance("a")
    bar.advance("b")
    bar.finish()
    assert logged == ["[##--] 1/2 a\n", "[####] 2/2 b\n"]


def test_chart_escapes_its_labels_and_handles_no_drops() -> None:
    svg = drop_reasons_svg({"<script>": 2, "b": 1}, title='A "title" & <b>', kept=3)
    root = parse_svg(svg)
    texts = [el.text for el in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "<script>" in texts  # as text, not as an element
    assert root.find("{http://www.w3.org/2000/svg}script") is None
    assert 'A "title" & <b>' in texts
    empty = parse_svg(drop_reasons_svg({}, title="Nothing"))
    assert "No claims were dropped." in [
        el.text for el in empty.iter("{http://www.w3.org/2000/svg}text")
    ]


def test_job_ids_accept_lists_and_ranges() -> None:
    assert parse_ids(["1-3,7", "2", " 9 "]) == ["1", "2", "3", "7", "9"]
    assert parse_ids([]) == []
    with pytest.raises(PairsError):
        parse_ids(["5-2"])
