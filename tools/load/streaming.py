"""The streaming phases of `make load`: the first point in a real browser, and many
streams held open at once. Each returns its figures and raises LoadFailure.
"""

from __future__ import annotations

import http.client
import json
import os
import statistics
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

from tools.load import client
from tools.load.client import HOST, User
from tools.load.seed import STREAM_DRAFT
from tools.load.stack import (
    LoadFailure,
    Stack,
    clear_redis,
    forget_readings,
    log_outcomes,
    log_position,
    stored_requirements,
)

CHROMIUM = Path(os.environ.get("EXPLAIN_CHROMIUM", "/usr/bin/chromium"))
# Gemini-like pacing: the first chunk after 400 ms, then 200 tokens a second,
# in events of 8 tokens (about 32 characters, 25 events a second).
FIRST_CHUNK_MS = 400
TOKENS_PER_SECOND = 200
TOKENS_PER_CHUNK = 8
CLAIMS = len(STREAM_DRAFT["matches"]) + len(STREAM_DRAFT["gaps"])

# Injected before the click: when the click happened, when the first requirement of the
# posting's list was in the panel (drawn from the stream's first line, every state still
# pending), when the first point was (the first state filled in) and when the whole answer
# was (the notice comes with the last line). Each time is taken in the frame after the
# change, when the browser draws it.
_PROBE = """
() => {
  const panel = document.getElementById("explain-panel");
  const button = panel.querySelector("[data-explain-button]");
  const t = window.__explainTimes = {};
  button.addEventListener("click", () => { t.click = performance.now(); }, { capture: true });
  const seen = (selector, key) => {
    if (t[key] === undefined && panel.querySelector(selector)) {
      t[key] = null;
      requestAnimationFrame(() => { t[key] = performance.now(); });
    }
  };
  new MutationObserver(() => {
    seen(".explain-requirement", "requirement");
    seen(".explain-point:not(.explain-state-pending)", "first");
    seen(".explain-notice, .explain-error", "done");
  }).observe(panel, { childList: true, subtree: true });
}
"""


def check(condition: bool, message: str) -> None:
    if not condition:
        raise LoadFailure(message)


def _stream_draft_text(draft: dict[str, Any] = STREAM_DRAFT) -> str:
    return json.dumps(draft)


def stream_seconds(draft: dict[str, Any] = STREAM_DRAFT) -> float:
    """How long the fake takes to write `draft` at the Gemini-like pace."""
    tokens = len(_stream_draft_text(draft)) / 4
    return FIRST_CHUNK_MS / 1000 + tokens / TOKENS_PER_SECOND


# --- 5. time to the first requirement and the first point, in Chromium ------------------


def stream_posting(stack: Stack, port: int, user: User, job_id: int) -> int:
    """Store the posting's requirements before any click, as reading ahead does: the
    seed and warm-up read it from the fake's short answer, so its reading is deleted and
    read again from STREAM_DRAFT by one request (not timed; its cached answer and rate
    counters are cleared after). Returns the number of requirements stored."""
    if stored_requirements(job_id) == CLAIMS:
        return CLAIMS
    forget_readings(job_id)
    stack.fake.reply_with_draft(STREAM_DRAFT)
    result = client.request(port, "POST", f"/explain/api/jobs/{job_id}/explanation/", user=user)
    data = result.json()
    outcome = data.get("outcome") if isinstance(data, dict) else None
    check(
        result.status == 200 and outcome == "ok", f"reading the posting: {result.status} {outcome}"
    )
    clear_redis()
    stored = stored_requirements(job_id)
    check(stored == CLAIMS, f"the posting's reading holds {stored} requirements, not {CLAIMS}")
    return stored


def first_point(stack: Stack, port: int, users: list[User], job_id: int) -> dict[str, Any]:
    """Click "Why this job?" in Chromium, once per user, on the Gemini-paced fake, for a
    posting whose requirements are stored before the click: when the list is drawn (the
    stream's first line, before the model's first chunk), when the first state is filled
    in and when the whole answer is."""
    requirements = stream_posting(stack, port, users[0], job_id)
    samples = _clicks(stack, port, users, job_id, STREAM_DRAFT)
    requirement = [s["requirement"] for s in samples]
    first = [s["first"] for s in samples]
    done = [s["done"] for s in samples]
    ratios = [s["first"] / s["done"] for s in samples]
    return {
        "clicks": len(samples),
        "claims": CLAIMS,
        "requirements": requirements,
        "requirement_ms": statistics.median(requirement),
        "requirement_all_ms": requirement,
        "first_ms": statistics.median(first),
        "done_ms": statistics.median(done),
        "ratio": statistics.median(ratios),
        "ratios": ratios,
        "fake_seconds": stream_seconds(),
    }


def draft_of(points: int) -> dict[str, list[dict[str, str]]]:
    """The first `points` claims of STREAM_DRAFT, matches and gaps alternating from the
    start of each list (2 points: a match and a gap)."""
    matches, gaps = STREAM_DRAFT["matches"], STREAM_DRAFT["gaps"]
    check(0 < points <= CLAIMS, f"{points} points: the draft has 1 to {CLAIMS}")
    from_matches = (points + 1) // 2
    return {"matches": matches[:from_matches], "gaps": gaps[: points - from_matches]}


def answer_sizes(
    stack: Stack, port: int, users: list[User], job_id: int, *, sizes: tuple[int, ...] = (2, 5, 10)
) -> list[dict[str, Any]]:
    """Time to the first point and to the whole answer in Chromium, for answers of each
    size, one click per user (a fresh answer each: the cache is emptied between sizes)."""
    figures = []
    for points in sizes:
        clear_redis()
        draft = draft_of(points)
        samples = _clicks(stack, port, users, job_id, draft)
        figures.append(
            {
                "points": points,
                "runs": len(samples),
                "first_ms": [s["first"] for s in samples],
                "done_ms": [s["done"] for s in samples],
                "fake_seconds": stream_seconds(draft),
            }
        )
    return figures


def _clicks(
    stack: Stack, port: int, users: list[User], job_id: int, draft: dict[str, Any]
) -> list[dict[str, float]]:
    """One click per user in a fresh Chromium context, the fake writing `draft` at the
    Gemini-like pace; every click must end in a verified answer listing every requirement
    of the posting's stored reading, each in its state."""
    check(CHROMIUM.exists(), f"Chromium not found at {CHROMIUM} (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    stack.fake.reply_streaming(
        draft,
        first_chunk_ms=FIRST_CHUNK_MS,
        tokens_per_second=TOKENS_PER_SECOND,
        tokens_per_chunk=TOKENS_PER_CHUNK,
    )
    rows = stored_requirements(job_id)
    check(rows > 0, "the posting has no stored reading: the click would read it first")
    logged_before = log_position()
    samples: list[dict[str, float]] = []
    playwright = sync_playwright().start()
    try:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=["--no-sandbox", "--disable-gpu"]
        )
        for user in users:
            samples.append(_one_click(browser, port, user, job_id, rows))
        browser.close()
    finally:
        playwright.stop()
    outcomes = log_outcomes(logged_before)
    check(outcomes == {"ok": len(users)}, f"log rows {outcomes}, expected {len(users)} ok")
    return samples


def _one_click(browser: Any, port: int, user: User, job_id: int, rows: int) -> dict[str, float]:
    # Plain HTTP on loopback, as behind the balancer: it says the request came over
    # HTTPS (X-Forwarded-Proto) and the session and CSRF cookies are the user's.
    base = f"http://{HOST}:{port}"
    context = browser.new_context(base_url=base, extra_http_headers={"X-Forwarded-Proto": "https"})
    try:
        context.add_cookies(
            [
                {"name": "sessionid", "value": user.sessionid, "url": base},
                {"name": "csrftoken", "value": user.csrftoken, "url": base},
            ]
        )
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(f"/jobs/{job_id}/")
        page.evaluate(_PROBE)
        page.get_by_role("button", name="Why this job?").click()
        page.wait_for_function(
            "() => window.__explainTimes && window.__explainTimes.done", timeout=30_000
        )
        times = page.evaluate("() => window.__explainTimes")
        shown = page.locator("#explain-panel .explain-requirement").count()
        pending = page.locator("#explain-panel .explain-state-pending").count()
        notice = page.locator("#explain-panel .explain-notice").count()
        check(not errors, f"script errors on the page: {errors[:1]}")
        check(
            shown == rows and pending == 0 and notice == 1,
            f"{shown} requirements ({pending} pending) and {notice} notices shown",
        )
        return timings(times)
    finally:
        context.close()


def timings(times: dict[str, float | None]) -> dict[str, float]:
    """Milliseconds from the click to the list drawn, the first state and the whole answer,
    from the probe's marks; the list must come before its first state is filled in."""
    for key, what in (
        ("requirement", "no requirement"),
        ("first", "no state"),
        ("done", "no answer"),
    ):
        check(times.get(key) is not None, f"{what} was drawn")
    click = float(times["click"] or 0.0)
    taken = {key: float(times[key] or 0.0) - click for key in ("requirement", "first", "done")}
    check(
        taken["requirement"] <= taken["first"] <= taken["done"],
        f"drawn out of order: {taken}",
    )
    return taken


# --- 6. many streams held open at once, on two app servers --------------------------------


def held_streams(
    stack: Stack, ports: list[int], users: list[User], job_id: int, *, seconds: float = 5.0
) -> dict[str, Any]:
    """All users ask at once with ?stream=1, split over the servers; the fake writes each
    answer over `seconds`. Every stream must end in a verified answer."""
    text = _stream_draft_text()
    tokens_per_chunk = 16
    stack.fake.reply_streaming(
        STREAM_DRAFT,
        tokens_per_second=len(text) / 4 / seconds,
        tokens_per_chunk=tokens_per_chunk,
    )
    logged_before = log_position()
    idle_mb = {port: stack.server_rss_mb(port) for port in ports}
    cpu_before = sum(stack.server_cpu_seconds(port) for port in ports)
    peak_mb = dict(idle_mb)
    open_now = [0]
    peak_open = [0]
    lock = threading.Lock()
    results: list[dict[str, Any] | None] = [None] * len(users)
    barrier = threading.Barrier(len(users) + 1)

    def one(index: int) -> None:
        port = ports[index % len(ports)]
        barrier.wait()
        results[index] = _read_stream(port, users[index], job_id, open_now, peak_open, lock)

    threads = [threading.Thread(target=one, args=(i,), daemon=True) for i in range(len(users))]
    for thread in threads:
        thread.start()
    barrier.wait()
    started = time.monotonic()
    while any(t.is_alive() for t in threads) and time.monotonic() - started < seconds * 6:
        for port in ports:
            peak_mb[port] = max(peak_mb[port], stack.server_rss_mb(port))
        time.sleep(0.2)
    for thread in threads:
        thread.join(timeout=5)
    wall = time.monotonic() - started
    time.sleep(0.2)  # the workers finish writing the last log rows
    cpu = sum(stack.server_cpu_seconds(port) for port in ports) - cpu_before
    done = [r for r in results if r is not None]
    check(len(done) == len(users), f"{len(users) - len(done)} streams never finished")
    errors = [r for r in done if r["error"] or r["outcome"] != "ok" or r["points"] != CLAIMS]
    check(not errors, f"{len(errors)} streams failed: {errors[:1]}")
    outcomes = log_outcomes(logged_before)
    check(outcomes == {"ok": len(users)}, f"log rows {outcomes}, expected {len(users)} ok")
    grown = sum(peak_mb[p] - idle_mb[p] for p in ports)
    return {
        "streams": len(users),
        "per_port": dict(Counter(r["port"] for r in done)),
        "errors": len(errors),
        "peak_open": peak_open[0],
        "wall": wall,
        "held_s": statistics.median(r["seconds"] for r in done),
        "first_line_s": statistics.median(r["first_line"] for r in done),
        "idle_mb": sum(idle_mb.values()),
        "peak_mb": sum(peak_mb.values()),
        "mb_per_stream": grown / len(users),
        "events_per_stream": len(stream_pieces_of(text, tokens_per_chunk)),
        "server_cpu_ms_each": cpu * 1000 / len(users),
    }


def stream_pieces_of(text: str, tokens_per_chunk: int) -> tuple[str, ...]:
    from support.fake_gemini import stream_pieces

    return stream_pieces(text, tokens_per_chunk=tokens_per_chunk)


def _read_stream(
    port: int,
    user: User,
    job_id: int,
    open_now: list[int],
    peak_open: list[int],
    lock: threading.Lock,
) -> dict[str, Any]:
    """One streamed explanation, read line by line as it arrives."""
    headers = {
        "Host": f"{HOST}:{port}",
        "X-Forwarded-Proto": "https",
        "Connection": "close",
        "Accept": "application/x-ndjson",
        "Cookie": user.cookie(),
        "Origin": f"https://{HOST}:{port}",
        "X-CSRFToken": user.form_token or user.csrftoken,
        "Content-Length": "0",
    }
    outcome: dict[str, Any] = {"port": port, "error": "", "outcome": None, "points": 0}
    started = time.monotonic()
    conn = http.client.HTTPConnection(HOST, port, timeout=60)
    counted = False
    try:
        conn.request("POST", f"/explain/api/jobs/{job_id}/explanation/?stream=1", headers=headers)
        response = conn.getresponse()
        with lock:
            open_now[0] += 1
            peak_open[0] = max(peak_open[0], open_now[0])
        counted = True
        outcome["status"] = response.status
        while True:
            line = response.readline()
            if not line:
                break
            outcome.setdefault("first_line", time.monotonic() - started)
            data = json.loads(line)
            if data.get("event") == "point":
                outcome["points"] += 1
            elif data.get("event") == "result":
                outcome["outcome"] = data.get("outcome")
    except Exception as exc:
        outcome["error"] = f"{type(exc).__name__}: {exc}"
    finally:
        conn.close()
        if counted:
            with lock:
                open_now[0] -= 1
    outcome["seconds"] = time.monotonic() - started
    outcome.setdefault("first_line", outcome["seconds"])
    return outcome
