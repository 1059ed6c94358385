"""explain.verify: the stable public name outside checks import keeps the published API."""

from __future__ import annotations

import explain.verify
from explain.core import verify as core_verify
from explain.schema import Draft


def test_the_public_names_are_the_verifier_itself() -> None:
    for name in explain.verify.__all__:
        assert getattr(explain.verify, name) is getattr(core_verify, name)


def test_the_public_api_answers_as_the_spec_says() -> None:
    assert explain.verify.normalize("  Ｊava\u00a0Dev ") == "java dev"
    assert explain.verify.is_quoted("Java", "We use Java daily.")
    assert not explain.verify.is_quoted("Java", "We use JavaScript daily.")
    assert explain.verify.find_quote("use Java", "We use Java daily.") == (3, 11)
    draft = Draft.model_validate(
        {"matches": [], "gaps": [{"term": "Java", "jobQuote": "We use Java daily"}]}
    )
    result = explain.verify.verify_draft(draft, "Python developer", "We use Java daily.")
    assert list(result.matches) == []
    assert len(result.gaps) + result.dropped == 1
    assert sum(result.drop_reasons.values()) == result.dropped
