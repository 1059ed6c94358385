"""explain.schema: the stable name of the draft a model fills."""

from __future__ import annotations

import explain.schema
from explain.core import schema as core_schema


def test_the_public_names_are_the_schema_itself() -> None:
    assert explain.schema.Draft is core_schema.Draft
    assert explain.schema.Claim is core_schema.Claim
