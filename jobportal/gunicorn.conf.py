"""gunicorn settings for production: `gunicorn -c jobportal/gunicorn.conf.py jobportal.wsgi`.

The server model, chosen by measurement (docs/performance.md, `make load-compare`):
threaded workers (gthread). A request for an explanation spends about all of its time
waiting for the model (seconds, up to EXPLAIN_TIMEOUT_SECONDS) and django-ratelimit and
DRF are synchronous, so a worker thread per waiting request is the cheap unit of
concurrency; processes add memory and database pools, not speed, beyond one per core.

Every value can be overridden from the environment (or gunicorn's own GUNICORN_CMD_ARGS).
"""

from __future__ import annotations

import gc
import multiprocessing
import os
from typing import Any

wsgi_app = "jobportal.wsgi:application"

# Behind the load balancer on a private network, e.g. GUNICORN_BIND=0.0.0.0:8000.
bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000").split(",")

# One process per core; each runs `threads` requests at once. Concurrency per app server
# is workers * threads; keep threads <= 100 (the SDK's HTTP pool per process).
worker_class = os.environ.get("GUNICORN_WORKER_CLASS", "gthread")
workers = int(os.environ.get("WEB_CONCURRENCY", str(multiprocessing.cpu_count())))
# (gunicorn turns a "sync" worker with threads > 1 into gthread, so sync gets 1.)
# A streamed explanation (the panel's ?stream=1) holds its thread while the model writes,
# as a waiting request does: 200 open streams over two servers measured 0 errors
# (docs/performance.md, phase 6).
threads = int(os.environ.get("GUNICORN_THREADS", "100" if worker_class == "gthread" else "1"))

# Each worker takes only as many connections as it has threads, so a burst spreads over
# the workers: with gunicorn's default (1,000) one worker took more of a 200-request
# burst than its 100 threads while the other had threads idle, and the sleep-2-s burst
# took 4.1 s instead of 2.1 s (docs/performance.md). So no kept-alive connections
# either: they would hold a slot each (the load balancer opens one per request).
worker_connections = int(os.environ.get("GUNICORN_WORKER_CONNECTIONS", str(threads)))
keepalive = int(os.environ.get("GUNICORN_KEEPALIVE", "0"))

# A model call may take EXPLAIN_TIMEOUT_SECONDS (30 s): leave room above it, and let
# in-flight explanations finish on a graceful restart.
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "60"))
graceful_timeout = int(os.environ.get("GUNICORN_GRACEFUL_TIMEOUT", "40"))
backlog = 2048

# The load balancer's addresses, trusted for X-Forwarded-Proto (gunicorn's default:
# local): the same list as EXPLAIN_TRUSTED_PROXIES, whose X-Forwarded-For the app reads
# (explain/controls/addresses.py), unless FORWARDED_ALLOW_IPS says otherwise.
forwarded_allow_ips = (
    os.environ.get("FORWARDED_ALLOW_IPS")
    or os.environ.get("EXPLAIN_TRUSTED_PROXIES")
    or "127.0.0.1,::1"
)

# Access log on stdout with the server time per request (%(D)s, microseconds).
accesslog = os.environ.get("GUNICORN_ACCESSLOG", "-")
access_log_format = '%(h)s "%(r)s" %(s)s %(b)s %(D)sus "%(a)s"'
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOGLEVEL", "info")

# Heartbeat files on tmpfs, not on a disk that may stall (gunicorn's own advice).
SHM = "/dev/shm"  # noqa: S108 - gunicorn makes its own unlinked files there
worker_tmp_dir = SHM if os.path.isdir(SHM) else None


def post_worker_init(worker: Any) -> None:
    """The app is loaded: its modules, settings and patterns live as long as the worker,
    so the garbage collector stops scanning them on every full collection (gc.freeze).
    Measured in-process on the explanation API, collections cost 0.75-0.9 ms of CPU per
    explanation before, 0.15-0.2 ms after (docs/performance.md)."""
    gc.freeze()
