"""The portal's URLs, with the explain app mounted under /explain/."""

from __future__ import annotations

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from jobportal import views
from jobportal.throttle import throttled

urlpatterns = [
    path("", views.job_list, name="job-list"),
    path("jobs/<int:pk>/", views.job_detail, name="job-detail"),
    path("profile/", views.profile_edit, name="profile-edit"),
    path("asked/", views.jobs_asked, name="jobs-asked"),
    path("profile/cv/", views.profile_from_cv, name="profile-from-cv"),
    path("profile/demo-reset/", views.demo_reset, name="demo-reset"),
    path("signup/", throttled(views.signup, "signup"), name="signup"),
    path("favicon.ico", views.favicon, name="favicon"),
    path("login/", throttled(auth_views.LoginView.as_view(), "login"), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("explain/", include("explain.urls")),
    # set_language: the language switcher in the page header posts here.
    path("i18n/", include("django.conf.urls.i18n")),
    # The admin's own login form, throttled like the site's (before admin.site.urls).
    path("admin/login/", throttled(admin.site.login, "login")),
    path("admin/", admin.site.urls),
]

# A database or cache fault that escaped the views' middleware is still a 503, not a 500.
handler500 = "jobportal.views.server_error"
