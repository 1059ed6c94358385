from __future__ import annotations

from django.apps import AppConfig


class ExplainConfig(AppConfig):
    name = "explain"
    verbose_name = "Why this job? explanations"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from explain import checks  # noqa: F401  (registers the system checks)
        from explain.checks import concurrency  # noqa: F401  (the cap on calls in flight)
