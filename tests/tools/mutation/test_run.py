"""The mutation runner's bookkeeping (tools/mutation/run.py): names, fingerprints, scores."""

from __future__ import annotations

from pathlib import Path

import pytest

from tools.mutation.run import (
    ACCEPTED,
    NOT_KILLED,
    REIMPORTED,
    ROOT,
    Accepted,
    Fingerprint,
    Result,
    judge,
    load_accepted,
    qualname_of,
    report,
    stale,
    toml_entry,
)
from tools.mutation.targets import CORE, TARGETS, Target, discover

# A mutant's diff as mutmut prints it: the function before and after, with context.
DIFF = """\
--- explain/core/rules/words.py
+++ explain/core/rules/words.py
@@ -1,5 +1,5 @@
 def words(text):
     out = []
-    if text and text[0] == " ":
+    if text and text[0] != " ":
         out.append(text)
     return out"""

# The same mutation after an unrelated edit: a line added above it in the function, so
# the hunk moves and its context differs; and mutmut numbers the mutant differently.
MOVED = """\
--- explain/core/rules/words.py
+++ explain/core/rules/words.py
@@ -3,6 +3,6 @@
 def words(text):
     \"\"\"Split a text.\"\"\"
     found = []
-    if text and text[0] == " ":
+    if text and text[0] != " ":
         found.append(text)"""

OTHER = DIFF.replace('!= " "', '== "  "')


@pytest.mark.parametrize(
    ("mutant", "function"),
    [
        ("explain.core.rules.addressed_to_ai.x__compile__mutmut_12", "_compile"),
        ("explain.core.rules.words.x_words__mutmut_10", "words"),
        ("explain.core.verify.x\u01c1_Checker\u01c1match__mutmut_26", "_Checker.match"),
        ("explain.core.verify.x\u01c1_Source\u01c1__init____mutmut_2", "_Source.__init__"),
    ],
)
def test_qualname_of_a_mutant(mutant: str, function: str) -> None:
    assert qualname_of(mutant) == function


def test_the_fingerprint_stays_when_unrelated_lines_move_and_the_number_changes() -> None:
    first = Fingerprint.of("explain.core.rules.words.x_words__mutmut_3", DIFF)
    moved = Fingerprint.of("explain.core.rules.words.x_words__mutmut_7", MOVED)
    assert first == moved
    assert first == Fingerprint("explain.core.rules.words", "words", first.change)


def test_the_fingerprint_changes_with_the_mutated_line_or_the_function() -> None:
    first = Fingerprint.of("explain.core.rules.words.x_words__mutmut_3", DIFF)
    assert Fingerprint.of("explain.core.rules.words.x_words__mutmut_3", OTHER) != first
    assert Fingerprint.of("explain.core.rules.words.x_split__mutmut_3", DIFF) != first
    assert Fingerprint.of("explain.core.rules.amounts.x_words__mutmut_3", DIFF) != first


def _result(statuses: dict[str, str], diffs: dict[str, str]) -> Result:
    result = Result(Target("explain/core/rules/words.py", ()))
    result.statuses = statuses
    result.diffs = diffs
    return result


def test_an_accepted_survivor_leaves_the_score_and_is_not_reported(
    capsys: pytest.CaptureFixture[str],
) -> None:
    name = "explain.core.rules.words.x_words__mutmut_7"
    key = Fingerprint.of("explain.core.rules.words.x_words__mutmut_3", DIFF)
    accepted = {key: Accepted(key, "no input tells them apart")}
    result = judge(_result({"a": "killed", name: "survived"}, {name: MOVED}), accepted)
    assert result.survivors == []
    assert result.score == 1.0
    assert report([result], accepted) is True
    out = capsys.readouterr().out
    assert name not in out
    assert stale([result], accepted) == []


def test_a_new_survivor_is_reported_with_an_entry_to_paste_and_fails_the_run(
    capsys: pytest.CaptureFixture[str],
) -> None:
    name = "explain.core.rules.words.x_words__mutmut_8"
    key = Fingerprint.of("explain.core.rules.words.x_words__mutmut_3", DIFF)
    accepted = {key: Accepted(key, "no input tells them apart")}
    result = judge(_result({"a": "killed", name: "survived"}, {name: OTHER}), accepted)
    assert result.survivors == [name]
    assert result.score == 0.5
    assert report([result], accepted) is False
    out = capsys.readouterr().out
    assert name in out
    assert toml_entry(result.fingerprint(name), OTHER) in out
    # The accepted entry matched nothing in a module that ran: its code changed.
    assert stale([result], accepted) == [key]
    assert f"stale entry in {ACCEPTED.name}" in out


def test_a_pasted_entry_reads_back_as_the_same_fingerprint(tmp_path: Path) -> None:
    key = Fingerprint.of("explain.core.rules.words.x_words__mutmut_3", DIFF)
    entry = toml_entry(key, DIFF).replace('reason = "..."', 'reason = "the same either way"')
    path = tmp_path / "accepted.toml"
    path.write_text(entry + "\n", encoding="utf-8")
    assert load_accepted(path) == {key: Accepted(key, "the same either way")}


def test_an_entry_without_a_reason_is_refused(tmp_path: Path) -> None:
    key = Fingerprint.of("explain.core.rules.words.x_words__mutmut_3", DIFF)
    path = tmp_path / "accepted.toml"
    path.write_text(toml_entry(key, DIFF).replace('"..."', '"  "') + "\n", encoding="utf-8")
    with pytest.raises(SystemExit):
        load_accepted(path)


def test_the_reviewed_list_reads_and_names_only_core_modules_that_exist() -> None:
    entries = load_accepted()
    assert entries
    for key in entries:
        path = ROOT / (key.module.replace(".", "/") + ".py")
        assert key.module.startswith("explain.core."), key
        assert path.is_file(), key
        name = key.function.rsplit(".", 1)[-1]
        assert f"def {name}(" in path.read_text(encoding="utf-8"), key


def test_discovery_finds_every_core_module_and_tests_for_each() -> None:
    on_disk = {
        path.relative_to(ROOT).as_posix()
        for path in (ROOT / CORE).rglob("*.py")
        if path.name != "__init__.py"
    }
    assert {target.module for target in TARGETS} == on_disk
    assert {"explain/core/verify.py", "explain/core/rules/words.py"} <= on_disk
    for target in TARGETS:
        assert target.module.startswith(CORE + "/")
        own = target.tests[0]
        assert list(ROOT.glob(own)), (target.module, own)


def test_discovery_follows_the_tree_not_a_list(tmp_path: Path) -> None:
    (tmp_path / CORE / "rules").mkdir(parents=True)
    for name in ("__init__.py", "fresh.py", "rules/__init__.py", "rules/newer.py"):
        (tmp_path / CORE / name).write_text("", encoding="utf-8")
    found = {target.module: target.tests[0] for target in discover(tmp_path)}
    assert found == {
        "explain/core/fresh.py": "tests/explain/core/**/test_fresh*.py",
        "explain/core/rules/newer.py": "tests/explain/core/**/test_newer*.py",
    }


def test_a_mutant_killed_by_a_fresh_import_counts_as_killed_and_one_that_passes_does_not() -> None:
    result = Result(Target("explain/x.py", ()))
    result.statuses = {
        "a": "killed",
        "b": REIMPORTED[1],  # a test failed with the mutant in the source
        "c": REIMPORTED[2],  # the import itself failed
        "d": REIMPORTED.get(0) or NOT_KILLED[0],  # every test passed: a survivor
    }
    assert result.killed == 3
    assert result.survivors == ["d"]
    assert result.score == 0.75


def test_import_time_functions_are_named_only_where_they_exist() -> None:
    """A listed name that is no function of its module would silently test nothing."""
    for target in TARGETS:
        source = (ROOT / target.module).read_text(encoding="utf-8")
        for name in target.import_time:
            assert f"\ndef {name}(" in source, (target.module, name)
