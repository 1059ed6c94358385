"""Contact links of schemes without "//" and messenger handles written after the
messenger's name: removed; the same names used as words (a product, a skill) stay."""

from __future__ import annotations

import pytest

from explain.core.contact_details import contains_contact, scrub

REMOVED_CASES = [
    pytest.param("Ring me: tel:+4930901820", "Ring me: [removed]", id="tel"),
    pytest.param("skype:jonas.w?call after 5", "[removed] after 5", id="skype-link"),
    pytest.param("callto:jonas.w", "[removed]", id="callto"),
    pytest.param("SMS sms:+4915112345678", "SMS [removed]", id="sms"),
    pytest.param("Chat whatsapp:send?phone=4915112345678", "Chat [removed]", id="whatsapp-link"),
    pytest.param("facetime:jonas@mail.example", "[removed]", id="facetime"),
    pytest.param("Skype: jonas_w", "Skype: [removed]", id="skype-colon"),
    pytest.param("Skype ID: live:.cid.5a1b", "Skype ID: [removed]", id="skype-id-live"),
    pytest.param("skype jonas.weber.dev", "skype [removed]", id="skype-dotted"),
    pytest.param("Telegram @jonasw", "Telegram [removed]", id="telegram-at"),
    pytest.param("Viber 4915112345678", "Viber [removed]", id="viber-digits"),
    pytest.param("Signal: +49 151 12345678", "Signal: [removed]", id="signal-number"),
    pytest.param("WeChat: jonas-w88", "WeChat: [removed]", id="wechat"),
    pytest.param("WhatsApp +49 151 1234 5678 (evenings)", "WhatsApp [removed] (evenings)", id="wa"),
    pytest.param("Móvil / WhatsApp: 612 345 678", "Móvil / WhatsApp: [removed]", id="es-wa"),
    pytest.param("Contact: wa.me/4915112345678", "Contact: [removed]", id="wa-me"),
    pytest.param("TEL:+33142685300", "[removed]", id="upper-case"),
]

KEPT = [
    "Skype for Business and Microsoft Teams administration",
    "WhatsApp Business API integrations",
    "Signal processing: 5 years",
    "Signal 5G networks and radio planning",
    "Experience in signal.processing pipelines",
    "Telegram bot development in Python",
    "Line management of 6 engineers",
    "Product line: industrial sensors",
    "Hotel: 4 stars, Hostel: 2",
    "Deadline: 2025-03-01",
    "Pipeline: CI/CD with GitLab",
    "Intel: x86 optimisation",
    "Discord community moderation",
    "Time:5 minutes",
]


@pytest.mark.parametrize(("text", "expected"), REMOVED_CASES)
def test_contact_links_and_handles_are_removed(text, expected):
    assert scrub(text) == expected
    assert contains_contact(text)


@pytest.mark.parametrize("text", KEPT)
def test_the_same_names_as_words_stay(text):
    assert scrub(text) == text
    assert not contains_contact(text)
