from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from tests.hosts.foreign.careers.models import Posting


def posting_detail(request: HttpRequest, pk: int) -> HttpResponse:
    posting = get_object_or_404(Posting, pk=pk, is_live=True)
    return render(request, "careers/posting.html", {"posting": posting})
