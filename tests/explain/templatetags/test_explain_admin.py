"""explain.templatetags.explain_admin: no alert without enough answers or a threshold."""

from __future__ import annotations

import pytest

from explain.templatetags.explain_admin import explain_drop_alert


@pytest.mark.django_db
def test_no_alert_on_an_empty_log(settings):
    assert explain_drop_alert() is None
    settings.EXPLAIN_ALERT_DROP_RATE = None
    assert explain_drop_alert() is None
