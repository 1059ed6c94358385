"""explain.urls: the stable routes, under whatever prefix the host chose."""

from __future__ import annotations

from django.urls import resolve, reverse


def test_the_stable_api_url():
    assert reverse("explain:api-explain", args=["12"]) == "/explain/api/jobs/12/explanation/"
    assert resolve("/explain/api/jobs/12/explanation/").url_name == "api-explain"


def test_every_route_is_named_in_the_namespace():
    for name, args in [
        ("explain-job", ["1"]),
        ("report-point", []),
        ("api-feedback", []),
        ("api-schema", []),
    ]:
        assert reverse(f"explain:{name}", args=args).startswith("/explain/")
