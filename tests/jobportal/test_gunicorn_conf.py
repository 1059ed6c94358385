"""jobportal/gunicorn.conf.py: gunicorn trusts X-Forwarded-Proto from the same proxies
whose X-Forwarded-For the app reads (EXPLAIN_TRUSTED_PROXIES), unless told otherwise."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

CONF = Path(__file__).resolve().parents[2] / "jobportal" / "gunicorn.conf.py"


@pytest.mark.parametrize(
    ("forwarded", "trusted", "expected"),
    [
        (None, None, "127.0.0.1,::1"),
        (None, "10.0.0.2,10.0.1.0/24", "10.0.0.2,10.0.1.0/24"),
        ("10.9.9.9", "10.0.0.2", "10.9.9.9"),
    ],
)
def test_forwarded_allow_ips(monkeypatch, forwarded, trusted, expected):
    for name, value in (("FORWARDED_ALLOW_IPS", forwarded), ("EXPLAIN_TRUSTED_PROXIES", trusted)):
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)
    assert runpy.run_path(str(CONF))["forwarded_allow_ips"] == expected


def test_a_worker_freezes_the_loaded_app_out_of_the_collector():
    """What the app loaded lives as long as the worker: full collections skip it."""
    import gc

    hook = runpy.run_path(str(CONF))["post_worker_init"]
    gc.unfreeze()
    try:
        hook(None)
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
