"""The mutation runner's bookkeeping (tools/mutation/run.py): names and scores."""

from __future__ import annotations

import pytest

from tools.mutation.run import NOT_KILLED, REIMPORTED, ROOT, Result, function_of
from tools.mutation.targets import RULE_LAYER, TARGETS, Target


@pytest.mark.parametrize(
    ("mutant", "function"),
    [
        ("explain.core.rules.addressed_to_ai.x__compile__mutmut_12", "_compile"),
        ("explain.core.rules.points.x__any__mutmut_1", "_any"),
        ("explain.core.rules.points.x_point_rewrite__mutmut_10", "point_rewrite"),
        ("explain.core.verify.x\u01c1_Checker\u01c1match__mutmut_26", "match"),
        ("explain.core.verify.x\u01c1_Checker\u01c1_shown__mutmut_2", "_shown"),
    ],
)
def test_function_of_a_mutant(mutant: str, function: str) -> None:
    assert function_of(mutant) == function


def test_a_mutant_killed_by_a_fresh_import_counts_as_killed_and_one_that_passes_does_not() -> None:
    result = Result(Target("explain/x.py", RULE_LAYER, ()))
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
