from django.apps import AppConfig


class JobportalConfig(AppConfig):
    name = "jobportal"
    verbose_name = "Job portal"
    default_auto_field = "django.db.models.BigAutoField"
