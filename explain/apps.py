from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ExplainConfig(AppConfig):
    name = "explain"
    verbose_name = _("Why this job? explanations")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from explain import checks  # noqa: F401  (registers the system checks)
