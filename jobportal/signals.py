"""The portal's own signal handlers: a saved posting's requirements read ahead of time.

The explain app never imports the portal's models; the portal tells it a posting was
saved (explain.tasks.posting_changed), and the app reads the posting's text through the
adapter once the save commits, only when that text has no reading yet.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db.models.signals import post_save
from django.dispatch import receiver

from explain.tasks import posting_changed
from jobportal.models import Job


@receiver(post_save, sender=Job, dispatch_uid="jobportal-read-posting-ahead")
def read_posting_ahead(sender: type[Job], instance: Job, raw: bool = False, **kwargs: Any) -> None:
    """A published posting saved: its requirements are read before any viewer asks.

    Fixtures being loaded (raw) and drafts are left alone; READ_POSTINGS_AHEAD = False
    turns it off (the browser tests count the viewers' model calls only).
    """
    if raw or not instance.published or not getattr(settings, "READ_POSTINGS_AHEAD", True):
        return
    posting_changed(instance.pk)
