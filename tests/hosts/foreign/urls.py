from __future__ import annotations

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from tests.hosts.foreign.careers import api, views

urlpatterns = [
    path("admin/", admin.site.urls),
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("postings/<int:pk>/", views.posting_detail, name="posting"),
    path("api/postings/", api.PostingList.as_view(), name="api-postings"),
    path("careers-explain/", include("explain.urls")),  # explain
]
