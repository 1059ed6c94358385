from django.apps import AppConfig


class JobportalConfig(AppConfig):
    name = "jobportal"
    verbose_name = "Job portal"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """Connect the portal's signal handlers (a saved posting read ahead of time)."""
        from jobportal import signals  # noqa: F401
