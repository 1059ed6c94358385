"""The admin: log and report pages, their figures and charts.

Django's autodiscovery imports this package; the pages register themselves.
"""

from explain.admin import pages, postings  # noqa: F401
