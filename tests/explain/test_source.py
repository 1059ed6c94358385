"""explain.source: the host's adapter named in EXPLAIN_SOURCE, built once per path."""

from __future__ import annotations

import pytest

from explain.source import _load_source, get_source


class CountingSource:
    built = 0

    def __init__(self) -> None:
        CountingSource.built += 1


@pytest.fixture
def fresh():
    _load_source.cache_clear()
    yield
    _load_source.cache_clear()


def test_the_named_adapter_is_built_once(settings, fresh):
    settings.EXPLAIN_SOURCE = f"{__name__}.CountingSource"
    CountingSource.built = 0
    first, second = get_source(), get_source()
    assert isinstance(first, CountingSource)
    assert first is second
    assert CountingSource.built == 1


def test_no_source_set_is_a_lookup_error(settings, fresh):
    settings.EXPLAIN_SOURCE = None
    with pytest.raises(LookupError, match="EXPLAIN_SOURCE"):
        get_source()
