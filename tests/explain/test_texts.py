"""explain.texts: the helpers docs/integrating.md tells an adapter to import."""

from __future__ import annotations

import explain.texts
from explain.core import texts as core_texts


def test_an_adapter_imports_the_same_helpers() -> None:
    assert explain.texts.Field is core_texts.Field
    assert explain.texts.text_from_html("<p>Java</p><p>Kafka</p>") == "Java\nKafka"
