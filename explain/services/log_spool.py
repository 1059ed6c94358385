"""Log rows the database could not take, kept on disk until it can.

A request that reached the model was billed, so its row must not be lost when
PostgreSQL is down or read-only: the row's fields (counts, never texts) go to one small
JSON file under EXPLAIN_LOG_SPOOL_DIR, and are written at the next successful log write
or by `manage.py explain_replay_log`. A model call under way leaves an "in flight" file
first, removed when its row is written or spooled; a worker killed mid-call leaves it
behind, and it is replayed as an internal_error row once its process is gone.

Each row is its own file, written whole (temporary name, then rename) and claimed by a
rename before it is replayed, so threads and processes sharing the directory never write
a row twice. The directory is bounded (EXPLAIN_LOG_SPOOL_MAX_ROWS).
"""

from __future__ import annotations

import json
import logging
import os
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.db import DatabaseError, InterfaceError, InternalError, OperationalError, transaction
from django.utils.dateparse import parse_datetime

from explain.conf import app_settings
from explain.models import ExplanationLog

logger = logging.getLogger(__name__)

# What the database says while it is down, restarting or read-only: keep the row.
OUTAGE_ERRORS = (OperationalError, InterfaceError, InternalError)

_SPOOLED = ".row.json"
_IN_FLIGHT = ".inflight.json"
_CLAIMED = ".claimed"
# An in-flight file this old is replayed even if a process of its number runs (reused pid).
IN_FLIGHT_MAX_AGE_SECONDS = 3600.0


def spool_dir() -> Path | None:
    """Where rows wait (EXPLAIN_LOG_SPOOL_DIR), or None when the host keeps no spool."""
    return app_settings.LOG_SPOOL_DIR


def _as_json(fields: dict[str, Any]) -> str:
    data = dict(fields)
    created = data.get("created_at")
    if isinstance(created, datetime):
        data["created_at"] = created.isoformat()
    return json.dumps(data, separators=(",", ":"), sort_keys=True)


def _write(folder: Path, name: str, fields: dict[str, Any]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / name
    partial = folder / f".{name}.partial"
    partial.write_text(_as_json(fields), encoding="utf-8")
    partial.replace(target)
    return target


def waiting() -> int:
    """Rows waiting in the spool (spooled and abandoned in-flight ones alike)."""
    folder = spool_dir()
    if folder is None or not folder.is_dir():
        return 0
    return sum(1 for entry in os.scandir(folder) if entry.name.endswith((_SPOOLED, _IN_FLIGHT)))


def spool(fields: dict[str, Any]) -> bool:
    """Keep one row the database refused; False (logged at ERROR) when it cannot be kept."""
    folder = spool_dir()
    if folder is None:
        logger.error("Explanation log row lost: no EXPLAIN_LOG_SPOOL_DIR to keep it in")
        return False
    try:
        if waiting() >= app_settings.LOG_SPOOL_MAX_ROWS:
            logger.error("Explanation log row lost: the spool is full (EXPLAIN_LOG_SPOOL_MAX_ROWS)")
            return False
        _write(folder, f"{time.time():.6f}-{uuid.uuid4().hex}{_SPOOLED}", fields)
    except OSError as exc:
        logger.error("Explanation log row lost: spool not writable (%s)", type(exc).__name__)
        return False
    logger.warning("Explanation log row spooled; %d waiting for the database", waiting())
    return True


@dataclass
class InFlight:
    """The mark a model call leaves until its row is written; a no-op without a spool."""

    path: Path | None = None

    def done(self) -> None:
        if self.path is not None:
            self.path.unlink(missing_ok=True)
            self.path = None


def mark_in_flight(fields: dict[str, Any]) -> InFlight:
    """Before a model call: the row to write should this process die before its end."""
    folder = spool_dir()
    if folder is None:
        return InFlight()
    name = f"{time.time():.6f}-{os.getpid()}-{uuid.uuid4().hex}{_IN_FLIGHT}"
    try:
        return InFlight(_write(folder, name, fields))
    except OSError as exc:
        logger.warning("Could not mark a model call in flight: %s", type(exc).__name__)
        return InFlight()


def _owner_gone(path: Path) -> bool:
    """Whether the process that marked this call in flight is no longer running."""
    try:
        started, pid = path.name.split("-")[:2]
        if time.time() - float(started) > IN_FLIGHT_MAX_AGE_SECONDS:
            return True
        if int(pid) == os.getpid():
            return False
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return True
    except (ValueError, PermissionError):
        return False
    return False


def _fields_from(text: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(text)
    created = data.get("created_at")
    data["created_at"] = parse_datetime(created) if isinstance(created, str) else None
    return data


def _insert(data: dict[str, Any]) -> None:
    """One recovered row, with the time of its request (auto_now_add would say now)."""
    created = data.pop("created_at", None)
    user_id = data.get("user_id")
    if user_id is not None and not get_user_model().objects.filter(pk=user_id).exists():
        data["user_id"] = None  # the user was deleted meanwhile; the row still counts
    with transaction.atomic():
        row = ExplanationLog.objects.create(**data, recovered=True)
        if created is not None:
            ExplanationLog.objects.filter(pk=row.pk).update(created_at=created)


def replay(limit: int | None = None, *, insert: Callable[[dict[str, Any]], None] = _insert) -> int:
    """Write waiting rows to the database; the number written. Stops at the first
    outage error (the rows stay for the next try)."""
    folder = spool_dir()
    if folder is None or not folder.is_dir():
        return 0
    names = sorted(
        entry.name for entry in os.scandir(folder) if entry.name.endswith((_SPOOLED, _IN_FLIGHT))
    )
    written = 0
    for name in names:
        if limit is not None and written >= limit:
            break
        path = folder / name
        if name.endswith(_IN_FLIGHT) and not _owner_gone(path):
            continue
        claimed = folder / f"{name}.{uuid.uuid4().hex}{_CLAIMED}"
        try:
            path.rename(claimed)  # atomic: one replayer wins each row
        except FileNotFoundError:
            continue
        try:
            insert(_fields_from(claimed.read_text(encoding="utf-8")))
        except OUTAGE_ERRORS:
            claimed.rename(path)
            break
        except (DatabaseError, ValueError, TypeError) as exc:
            logger.error("Spooled log row unreadable, kept aside: %s", type(exc).__name__)
            claimed.rename(folder / f"{name}.rejected")
            continue
        claimed.unlink(missing_ok=True)
        written += 1
    if written:
        logger.warning("Recovered %d explanation log rows from the spool", written)
    return written
