"""A small HTTP client for the load runs: one connection per request, like separate users.

It plays the browser behind the load balancer: TLS ends at the balancer, which sends
X-Forwarded-Proto: https (the production settings trust it), so secure cookies, the CSRF
Origin check and HSTS behave as in production. Cookies are kept by hand per user.
"""

from __future__ import annotations

import http.client
import json
import math
import re
import statistics
import time
from dataclasses import dataclass, field
from typing import Any

HOST = "127.0.0.1"


@dataclass
class User:
    username: str
    sessionid: str
    csrftoken: str = ""
    form_token: str = ""

    def cookie(self) -> str:
        parts = [f"sessionid={self.sessionid}"]
        if self.csrftoken:
            parts.append(f"csrftoken={self.csrftoken}")
        return "; ".join(parts)


@dataclass
class Result:
    port: int
    status: int
    seconds: float
    body: bytes = b""
    headers: dict[str, str] = field(default_factory=dict)
    error: str = ""
    started: float = 0.0
    finished: float = 0.0

    def json(self) -> Any:
        try:
            return json.loads(self.body)
        except ValueError:
            return None


def request(
    port: int,
    method: str,
    path: str,
    *,
    user: User | None = None,
    body: bytes = b"",
    content_type: str = "application/json",
    timeout: float = 90.0,
) -> Result:
    headers = {
        "Host": f"{HOST}:{port}",
        "X-Forwarded-Proto": "https",
        "Connection": "close",
        "Accept": "application/json, text/html",
    }
    if user is not None:
        headers["Cookie"] = user.cookie()
    if method == "POST":
        headers["Origin"] = f"https://{HOST}:{port}"
        headers["Content-Type"] = content_type
        headers["Content-Length"] = str(len(body))
        if user is not None and user.csrftoken:
            headers["X-CSRFToken"] = user.form_token or user.csrftoken
    started = time.monotonic()
    conn = http.client.HTTPConnection(HOST, port, timeout=timeout)
    try:
        conn.request(method, path, body=body or None, headers=headers)
        response = conn.getresponse()
        data = response.read()
        finished = time.monotonic()
        return Result(
            port=port,
            status=response.status,
            seconds=finished - started,
            body=data,
            headers={k.lower(): v for k, v in response.getheaders()},
            started=started,
            finished=finished,
        )
    except Exception as exc:
        finished = time.monotonic()
        return Result(
            port=port,
            status=0,
            seconds=finished - started,
            error=f"{type(exc).__name__}: {exc}",
            started=started,
            finished=finished,
        )
    finally:
        conn.close()


_COOKIE = re.compile(r"csrftoken=([A-Za-z0-9]+)")
_FORM_TOKEN = re.compile(rb'name="csrfmiddlewaretoken" value="([A-Za-z0-9]+)"')


def open_job_page(port: int, user: User, job_id: int) -> Result:
    """What a user does before clicking: open the job page, which sets the CSRF cookie."""
    result = request(port, "GET", f"/jobs/{job_id}/", user=user)
    cookie = _COOKIE.search(result.headers.get("set-cookie", ""))
    if cookie:
        user.csrftoken = cookie.group(1)
    token = _FORM_TOKEN.search(result.body)
    if token:
        user.form_token = token.group(1).decode()
    return result


def percentile(values: list[float], pct: float) -> float:
    """Nearest-rank percentile (no interpolation): a value that was really measured."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(1, min(len(ordered), math.ceil(pct / 100 * len(ordered))))
    return ordered[rank - 1]


def summary(values: list[float]) -> dict[str, float]:
    return {
        "n": len(values),
        "p50": statistics.median(values) if values else float("nan"),
        "p95": percentile(values, 95),
        "p99": percentile(values, 99),
        "max": max(values) if values else float("nan"),
    }
