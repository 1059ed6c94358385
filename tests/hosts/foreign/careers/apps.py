from __future__ import annotations

from django.apps import AppConfig


class CareersConfig(AppConfig):
    name = "tests.hosts.foreign.careers"
    label = "careers"
    default_auto_field = "django.db.models.BigAutoField"
