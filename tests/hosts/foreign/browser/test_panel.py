"""The foreign host in Chromium: the panel end to end with and without JavaScript, and
the host's loud theme kept out of it (computed styles)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.hosts.foreign.conftest import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def log_in(page: Any, email: str, next_url: str) -> None:
    page.goto(f"/login/?next={next_url}")
    page.fill("#id_username", email)  # the form's field for USERNAME_FIELD (the e-mail)
    page.fill("#id_password", PASSWORD)
    page.click("form.login button[type=submit]")
    page.wait_for_load_state()
    assert "/login/" not in page.url, "login failed"


def style(page: Any, selector: str, prop: str) -> str:
    return str(
        page.eval_on_selector(selector, f"e => getComputedStyle(e).getPropertyValue('{prop}')")
    )


def test_the_panel_works_and_the_hosts_theme_stays_out(new_page, candidate, posting, model):
    page = new_page()
    log_in(page, candidate.email, f"/postings/{posting.pk}/")
    # The theme is really there: the host's own h2 is loud.
    assert style(page, ".masthead h2", "font-size") == "30px"
    assert style(page, ".masthead h2", "text-transform") == "uppercase"
    # ... and none of it reaches the panel.
    assert style(page, "#explain-heading", "font-size") == "20px"
    assert style(page, "#explain-heading", "text-transform") == "none"
    assert style(page, "#explain-heading", "letter-spacing") in ("normal", "0px")
    assert style(page, "#explain-heading", "color") != "rgb(200, 0, 0)"
    assert style(page, "#explain-panel", "padding-top") == "16px"
    assert style(page, ".explain-intro", "font-size") == "16px"
    # The accent comes from the host's custom property, not from its button rule.
    assert style(page, "[data-explain-button]", "background-color") == "rgb(15, 118, 110)"
    assert style(page, "[data-explain-button]", "border-top-left-radius") == "6px"

    page.click("[data-explain-button]")
    page.wait_for_selector(".explain-notice")
    assert page.inner_text(".explain-notice") == (
        "We removed 1 point the AI suggested: it did not pass our checks."
    )
    points = page.locator(".explain-point")
    assert points.count() == 2
    assert style(page, ".explain-points", "padding-left") == "0px"
    assert style(page, ".explain-points", "list-style-type") == "none"
    # Highlighting finds the quoted words in the HTML posting.
    points.filter(has_text="PostgreSQL").first.hover()
    page.wait_for_selector("[data-explain-field='body'] mark.explain-highlight")
    marked = page.locator("[data-explain-field='body'] mark.explain-highlight")
    assert "PostgreSQL tuning" in marked.all_inner_texts()
    assert page.probe.console_errors == [] and page.probe.page_errors == []


def test_without_javascript_the_result_page_has_its_own_container(
    new_page, candidate, posting, model
):
    page = new_page(javascript=False)
    log_in(page, candidate.email, f"/postings/{posting.pk}/")
    page.click("[data-explain-button]")
    page.wait_for_load_state()
    assert "/careers-explain/jobs/" in page.url
    assert page.locator(".explain-page").count() == 1
    assert style(page, ".explain-page .explain-panel", "padding-top") == "16px"
    assert style(page, ".explain-page .explain-sent", "padding-top") == "0px"
    assert style(page, ".explain-page h1", "text-transform") == "none"
    assert "PostgreSQL tuning" in page.inner_text(".explain-points")
    marked = page.locator(".explain-sent mark.explain-highlight").all_inner_texts()
    assert sorted(marked) == ["Kubernetes in production", "PostgreSQL tuning"]


def test_a_lost_session_is_read_by_its_status_code(new_page, candidate, posting, model):
    page = new_page()
    log_in(page, candidate.email, f"/postings/{posting.pk}/")
    page.context.clear_cookies()  # logged out elsewhere: the API answers 403, no outcome
    page.click("[data-explain-button]")
    page.wait_for_selector(".explain-error")
    assert page.inner_text(".explain-error").startswith("Your session has ended")
    assert model.prompts == []
