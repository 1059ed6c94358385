"""explain.checks.ratelimit: django-ratelimit must be importable and switched on."""

from __future__ import annotations

import sys

from django.core.checks import run_checks

from tests.explain.checks.helpers import by_id, ids


def test_the_rate_limit_on_passes():
    assert not {"explain.E009", "explain.W005"} & set(ids(run_checks()))


def test_a_switched_off_rate_limit_is_a_warning(settings):
    settings.RATELIMIT_ENABLE = False
    assert "RATELIMIT_ENABLE" in by_id(run_checks(), "explain.W005").hint


def test_a_missing_django_ratelimit_is_an_error(monkeypatch):
    for name in [n for n in sys.modules if n.startswith("django_ratelimit")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "django_ratelimit", None)  # import fails
    assert "pip install django-ratelimit" in by_id(run_checks(), "explain.E009").hint
