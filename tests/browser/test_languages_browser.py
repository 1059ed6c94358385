"""French and Spanish in a real Chromium: a browser set to the language gets the page,
the panel and the sentences code writes in it, without touching the switcher, and the
page stays accessible."""

from __future__ import annotations

import pytest
from django.utils import translation
from playwright.sync_api import expect

from explain import wording
from jobportal.demo_data import DEMO_PASSWORD
from jobportal.models import Job
from tests.browser.axe import assert_accessible
from tests.browser.helpers import WITH_INVENTED_CLAIM, bottom_line, log_in, save_screenshot

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(
    ("locale", "language", "viewport", "heading", "work_mode", "your_profile"),
    [
        pytest.param(
            "fr-FR",
            "fr",
            {"width": 390, "height": 844},
            "Ce que nous avons trouvé",
            "Hybride",
            "Votre profil",
            id="fr-390x844",
        ),
        pytest.param(
            "es-ES",
            "es",
            {"width": 1440, "height": 900},
            "Lo que hemos encontrado",
            "Híbrido",
            "Tu perfil",
            id="es-1440x900",
        ),
    ],
)
def test_the_browsers_language_gives_the_page_and_the_panel(
    browser,
    live_server,
    demo_data,
    use_model,
    locale,
    language,
    viewport,
    heading,
    work_mode,
    your_profile,
):
    use_model(WITH_INVENTED_CLAIM)
    job = Job.objects.get(title="Java Engineer", company="Northwind Systems")
    context = browser.new_context(base_url=live_server.url, locale=locale, viewport=viewport)
    context.set_default_timeout(10_000)
    try:
        page = context.new_page()
        log_in(page, "demo", DEMO_PASSWORD, next_url=job.get_absolute_url())
        expect(page.locator("html")).to_have_attribute("lang", language)
        expect(page.locator('[data-explain-field="remote"]')).to_have_text(work_mode)
        expect(page.locator("#site-language")).to_have_value(language)
        page.locator("[data-explain-button]").click()
        panel = page.locator("#explain-panel")
        with translation.override(language):
            summary = bottom_line(2, 1)
            notice = wording.removed_notice(1)
        expect(panel.locator(".explain-result-heading")).to_have_text(heading)
        expect(panel.locator(".explain-summary")).to_have_text(summary)
        expect(panel.locator(".explain-notice")).to_have_text(notice)
        expect(panel).to_contain_text(your_profile)
        # The quotes' labels are the language's (the bottom line's sentences are the
        # catalogue's: compared with wording above, in the same language).
        expect(panel.locator("dt", has_text="This job")).to_have_count(0)
        assert_accessible(page)
        save_screenshot(page, f"page-{language}-{viewport['width']}")
    finally:
        context.close()
