"""`make load`: the production setup on this machine, under load, with checks and figures.

PostgreSQL (a database of its own, `loadtest`, made afresh), Redis (database 2, keys
under `loadtest:`), gunicorn with jobportal/gunicorn.conf.py on 127.0.0.1:8101 and :8102
under tools.load.settings (the production settings plus two yardstick views), and the tests'
fake Gemini server. The client is this process. Bounded: about 1,500 requests, and the
whole run is stopped after LOAD_MAX_SECONDS (300 by default).

Exit status 0 when every check passed; the goals (1.3x and 3x) are reported, not enforced.
"""

from __future__ import annotations

import json
import os
import platform
import signal
import sys
import time
from pathlib import Path
from typing import Any

from tools.load import outage, phases, streaming
from tools.load.seed import DRAFT
from tools.load.stack import LoadFailure, Stack, clear_redis, fake_gemini, workdir

# Two app servers; LOAD_PORTS="8201,8202" if these are taken.
PORTS = [int(port) for port in os.environ.get("LOAD_PORTS", "8101,8102").split(",")][:2]
CROWD = 200
STREAMS = min(CROWD, int(os.environ.get("LOAD_STREAMS", "200")))
OUTAGE_USERS = 200  # over 40 s: 5 a second
SIZE_RUNS = 3  # clicks per answer size in phase 7
USERS = 340  # 0-199 the crowd, 200-201 two servers, 202-299 phase 3, 300-339 warm-up;
# reused after a reset


def _timeout(signum: int, frame: Any) -> None:
    raise LoadFailure(f"make load took longer than {os.environ.get('LOAD_MAX_SECONDS', 300)} s")


def _stopped(signum: int, frame: Any) -> None:
    raise LoadFailure(f"stopped by signal {signum}")


def stop_on_signals() -> None:
    """SIGINT and SIGTERM end the run through its cleanup, which stops the servers."""
    signal.signal(signal.SIGINT, _stopped)
    signal.signal(signal.SIGTERM, _stopped)


def machine() -> str:
    cpu = "?"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{os.cpu_count()} cores ({cpu}), Python {platform.python_version()}"


def busy_note() -> str:
    """The load average: figures taken on a machine busy with other work say so."""
    load = os.getloadavg()[0]
    cores = os.cpu_count() or 1
    note = f"load average {load:.1f} on {cores} cores"
    if load > cores:
        note += " (the machine was busy with other work: timings are pessimistic)"
    return note


def server_model() -> dict[str, str]:
    """The gunicorn model under test: the production defaults unless LOAD_* say otherwise."""
    model = {}
    for key in ("worker_class", "workers", "threads"):
        value = os.environ.get(f"LOAD_{key.upper()}")
        if value:
            model[key] = value
    return model


def wanted(phase: int) -> bool:
    """LOAD_PHASES="5,6" runs only those phases (after the setup and warm-up); default all."""
    chosen = os.environ.get("LOAD_PHASES", "")
    return not chosen or str(phase) in chosen.split(",")


def main() -> int:
    stop_on_signals()
    signal.signal(signal.SIGALRM, _timeout)
    signal.alarm(int(os.environ.get("LOAD_MAX_SECONDS", "300")))
    started = time.monotonic()
    report: dict[str, Any] = {"machine": machine(), "load_before": busy_note()}
    fake = fake_gemini()
    with workdir() as tmp:
        stack = Stack.prepare(fake, Path(tmp))
        try:
            print("== setup: database loadtest, migrate, collectstatic, check --deploy, seed")
            seeded = stack.setup_database(USERS)
            job_id = int(seeded["job_id"])
            model = server_model()
            # The browser phase talks plain HTTP to the servers on loopback (no balancer
            # in front), so its requests' Origin is http://127.0.0.1:<port>.
            stack.env["CSRF_TRUSTED_ORIGINS"] = ",".join(f"http://127.0.0.1:{p}" for p in PORTS)
            for port in PORTS:
                stack.start_server(port, extra_env=None, **model)
            report["server"] = _describe(stack, model)
            print(f"   app servers on {PORTS}: {report['server']}")
            users = phases.prepare_users(stack, PORTS[0], seeded, PORTS)
            for port in PORTS:
                phases.warm(
                    stack, port, users[300:320] if port == PORTS[0] else users[320:], job_id
                )

            if wanted(1):
                print(f"== 1. {CROWD} users click 'Why this job?' at once (model answers at 2 s)")
                report["crowd"] = phases.crowd(stack, PORTS[0], users[:CROWD], job_id)
                _print_crowd(report["crowd"])

            if wanted(2):
                print("== 2. two app servers, one PostgreSQL, one Redis")
                report["two_servers"] = phases.two_servers(stack, PORTS, users[200:202], job_id)
                _print_two(report["two_servers"])

            if wanted(3):
                print("== 3. server time per explanation, model answering at once")
                clear_redis()
                report["server_time"] = phases.server_time(
                    stack, PORTS[0], users[:150], users[150:200] + users[202:300], job_id
                )
                _print_server_time(report["server_time"])

            if wanted(4):
                print(
                    f"== 4. the provider is down (503 after {outage.DOWN_STALL:.0f} s) for 20 s "
                    "of a 40-s run, with the circuit breaker"
                )
                clear_redis()
                report["outage"] = outage.provider_down(
                    stack, PORTS[0], users[:OUTAGE_USERS], job_id, DRAFT
                )
                _print_outage(report["outage"])

            if wanted(5):
                print(
                    "== 5. time to the first requirement and the first point in Chromium, the "
                    f"posting's {streaming.CLAIMS} requirements stored before the click (first "
                    f"chunk {streaming.FIRST_CHUNK_MS} ms, {streaming.TOKENS_PER_SECOND} tokens/s)"
                )
                clear_redis()
                report["first_point"] = streaming.first_point(stack, PORTS[0], users[:5], job_id)
                _print_first_point(report["first_point"])

            if wanted(6):
                print(f"== 6. {STREAMS} streams held open for 5 s at once over two app servers")
                streaming.stream_posting(stack, PORTS[0], users[0], job_id)
                clear_redis()
                report["streams"] = streaming.held_streams(stack, PORTS, users[:STREAMS], job_id)
                _print_streams(report["streams"])
            if wanted(7):
                print(
                    "== 7. time to the first point and to the whole answer in Chromium, for "
                    f"2-, 5- and 10-point answers, {SIZE_RUNS} runs each (same pacing as 5)"
                )
                streaming.stream_posting(stack, PORTS[0], users[0], job_id)
                report["answer_sizes"] = streaming.answer_sizes(
                    stack, PORTS[0], users[:SIZE_RUNS], job_id
                )
                _print_answer_sizes(report["answer_sizes"])
            alive = all(p.poll() is None for p in stack.servers.values())
            phases.check(alive, "an app server exited during the run")
        except LoadFailure as failure:
            print(f"\nLOAD CHECK FAILED: {failure}", file=sys.stderr)
            print(f"(server logs were in {tmp})", file=sys.stderr)
            _tail_logs(Path(tmp))
            return 1
        finally:
            signal.alarm(0)
            stack.stop()
            fake.stop()
    report["seconds"] = time.monotonic() - started
    report["load_after"] = busy_note()
    print(f"\nAll checks passed in {report['seconds']:.0f} s on {report['machine']}.")
    print(f"Before the run: {report['load_before']}; after: {report['load_after']}.")
    out = os.environ.get("LOAD_REPORT")
    if out:
        Path(out).write_text(json.dumps(report, indent=2))
    return 0


def _describe(stack: Stack, model: dict[str, str]) -> str:
    env_class = model.get("worker_class", "gthread (config default)")
    workers = model.get("workers", "config default")
    threads = model.get("threads", "config default")
    pids = stack.server_pids(next(iter(stack.servers)))
    return f"gunicorn {env_class}, workers {workers} ({len(pids) - 1} running), threads {threads}"


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:,.0f} ms"


def _print_crowd(crowd: dict[str, Any]) -> None:
    lat, ceil = crowd["latency"], crowd["ceiling_latency"]
    print(
        f"   explanations: {crowd['verified']}/{crowd['users']} verified, "
        f"{crowd['errors']} errors, {crowd['log_rows']} log rows, "
        f"{crowd['model_calls']} model calls"
    )
    print(
        f"   explanation:  wall {crowd['wall']:.2f} s  p50 {_ms(lat['p50'])}  "
        f"p95 {_ms(lat['p95'])}  p99 {_ms(lat['p99'])}"
    )
    print(
        f"   sleep 2 s:    wall {crowd['ceiling_wall']:.2f} s  p50 {_ms(ceil['p50'])}  "
        f"p95 {_ms(ceil['p95'])}  p99 {_ms(ceil['p99'])}"
    )
    verdict = "met" if crowd["ratio"] <= 1.3 else "MISSED"
    print(f"   wall time / ceiling: {crowd['ratio']:.2f}x (goal <= 1.3x: {verdict})")
    print(
        f"   CPU per explanation: app server {crowd['server_cpu_ms_each']:.1f} ms, "
        f"load client + fake model {crowd['client_and_fake_cpu_ms_each']:.1f} ms "
        f"(all on the same {os.cpu_count()} cores)"
    )
    print(
        f"   model calls arrived {crowd['model_calls_from']:.2f}-"
        f"{crowd['model_calls_until']:.2f} s after the first click"
    )


def _print_two(two: dict[str, Any]) -> None:
    print(
        f"   20 parallel requests from one user over both servers {two['per_port']}: "
        f"{two['answered']} answered, {two['rate_limited']} got 429 + Retry-After, "
        f"{two['model_calls_parallel']} model calls (EXPLAIN_RATE)"
    )
    print(f"   cached explanation served by the other server: {', '.join(two['cached_across'])}")
    print(f"   log rows: {two['log_rows']}")


def _print_server_time(st: dict[str, Any]) -> None:
    e, b = st["explain_ms"], st["bare_ms"]
    print(f"   {st['pairs']} pairs, one request at a time, server time from gunicorn's log:")
    print(f"   explanation:        median {e['p50']:.1f} ms  p95 {e['p95']:.1f} ms")
    print(f"   bare JSON view:     median {b['p50']:.1f} ms  p95 {b['p95']:.1f} ms")
    print(
        f"   CPU per request:    explanation {st['cpu_ms_explain']:.1f} ms, bare view "
        f"{st['cpu_ms_bare']:.1f} ms ({st['cpu_ms_explain'] / st['cpu_ms_bare']:.1f}x)"
    )
    verdict = "met" if st["ratio_p50"] <= 3 else "MISSED"
    print(
        f"   ratio: median {st['ratio_p50']:.2f}x, p95 {st['ratio_p95']:.2f}x "
        f"(goal <= 3x: {verdict})"
    )


def _print_outage(out: dict[str, Any]) -> None:
    def line(label: str, figures: dict[str, float]) -> str:
        return (
            f"   {label:<26} n {figures['n']:>3}  p50 {_ms(figures['p50']):>9}  "
            f"p95 {_ms(figures['p95']):>9}"
        )

    print(
        f"   {out['users']} users at {out['rate_per_s']:.0f}/s over 40 s: {out['outcomes']}; "
        f"{out['log_rows']} log rows"
    )
    print(line("provider up, before:", out["healthy"]))
    print(line("down, breaker closed:", out["before_open"]))
    print(line("down, breaker open:", out["once_open"]))
    verdict = "met" if out["goal_met"] else "MISSED"
    print(
        f"   breaker opened {out['opened_after_s']:.1f} s into the outage; "
        f"p95 once open <= 1 s: {verdict}; model calls while down: "
        f"{out['model_calls_while_down']} for {out['asked_while_down']} users"
    )
    print(
        f"   first verified answer {out['first_ok_after_return_s']:.1f} s after the provider "
        f"came back (that user waited {_ms(out['first_ok_wait_s'])})"
    )


def _print_first_point(fp: dict[str, Any]) -> None:
    for line in first_point_lines(fp):
        print(line)


def first_point_lines(fp: dict[str, Any]) -> list[str]:
    """Phase 5's report: the first requirement drawn (goal: within 150 ms of the click)
    beside the first point and the whole answer."""
    listed = ", ".join(f"{ms:,.0f}" for ms in fp["requirement_all_ms"])
    within = "met" if fp["requirement_ms"] <= 150 else "MISSED"
    ratios = ", ".join(f"{r:.0%}" for r in fp["ratios"])
    verdict = "met" if fp["ratio"] <= 0.35 else "MISSED"
    return [
        f"   {fp['clicks']} clicks, medians after the click: first requirement drawn "
        f"{fp['requirement_ms']:,.0f} ms, first point drawn {fp['first_ms']:,.0f} ms, "
        f"whole answer drawn {fp['done_ms']:,.0f} ms (the fake writes for "
        f"{fp['fake_seconds']:.2f} s)",
        f"   first requirement ({fp['requirements']} listed): {listed} ms "
        f"(goal <= 150 ms: {within})",
        f"   first point / whole answer: {fp['ratio']:.0%} ({ratios}; goal <= 35 %: {verdict})",
    ]


def _print_answer_sizes(sizes: list[dict[str, Any]]) -> None:
    for size in sizes:
        first = ", ".join(f"{ms:,.0f}" for ms in size["first_ms"])
        done = ", ".join(f"{ms:,.0f}" for ms in size["done_ms"])
        print(
            f"   {size['points']:>2} points: first point {first} ms; whole answer {done} ms "
            f"(the fake writes for {size['fake_seconds']:.2f} s)"
        )


def _print_streams(st: dict[str, Any]) -> None:
    print(
        f"   {st['streams']} streams {st['per_port']}: {st['errors']} errors, "
        f"{st['peak_open']} open at once, held {st['held_s']:.1f} s (median), "
        f"first line after {st['first_line_s']:.2f} s, all done in {st['wall']:.1f} s"
    )
    print(
        f"   memory, both servers: {st['idle_mb']:.0f} MB idle, {st['peak_mb']:.0f} MB with "
        f"the streams open: {st['mb_per_stream'] * 1024:.0f} KB per open stream"
    )
    print(
        f"   app CPU per streamed explanation: {st['server_cpu_ms_each']:.1f} ms "
        f"(the model's answer in {st['events_per_stream']} events; the SDK reads each one)"
    )


def _tail_logs(tmp: Path) -> None:
    for log in sorted(tmp.glob("*.log")):
        if log.name.startswith("access-"):
            continue
        lines = log.read_text(errors="replace").splitlines()[-15:]
        if lines:
            print(f"--- {log.name}", file=sys.stderr)
            print("\n".join(lines), file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
