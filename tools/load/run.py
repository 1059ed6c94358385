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

from tools.load import phases
from tools.load.stack import LoadFailure, Stack, clear_redis, fake_gemini, workdir

# Two app servers; LOAD_PORTS="8201,8202" if these are taken.
PORTS = [int(port) for port in os.environ.get("LOAD_PORTS", "8101,8102").split(",")][:2]
CROWD = 200
USERS = 340  # 0-199 the crowd, 200-201 two servers, 300-339 warm-up; reused after a reset


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
            for port in PORTS:
                stack.start_server(port, **model)
            report["server"] = _describe(stack, model)
            print(f"   app servers on {PORTS}: {report['server']}")
            users = phases.prepare_users(stack, PORTS[0], seeded, PORTS)
            for port in PORTS:
                phases.warm(
                    stack, port, users[300:320] if port == PORTS[0] else users[320:], job_id
                )

            print(f"== 1. {CROWD} users click 'Why this job?' at once (model answers after 2 s)")
            report["crowd"] = phases.crowd(stack, PORTS[0], users[:CROWD], job_id)
            _print_crowd(report["crowd"])

            print("== 2. two app servers, one PostgreSQL, one Redis")
            report["two_servers"] = phases.two_servers(stack, PORTS, users[200:202], job_id)
            _print_two(report["two_servers"])

            print("== 3. server time per explanation, model answering at once")
            clear_redis()
            report["server_time"] = phases.server_time(
                stack, PORTS[0], users[:150], users[150:200], job_id
            )
            _print_server_time(report["server_time"])

            print("== 4. the model answers 500 for 10 s in the middle of a 30-s run")
            clear_redis()
            report["outage"] = phases.outage(stack, PORTS[0], users[:300], job_id)
            _print_outage(report["outage"])
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


def _print_two(two: dict[str, Any]) -> None:
    print(
        f"   20 parallel requests from one user over both servers {two['per_port']}: "
        f"{two['answered']} answered, {two['rate_limited']} got 429 + Retry-After, "
        f"{two['model_calls_parallel']} model call"
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
    print(
        f"   {out['requests']} users at {out['rate_per_s']:.0f}/s over {out['duration']:.0f} s: "
        f"{out['ok']} verified, {out['provider_error']} got the provider-error message "
        f"(the fake answered {out['fake_500s']} with HTTP 500)"
    )
    print(
        f"   log rows: {out['log_rows']}; {out['ok_after_recovery']} requests after the "
        "outage all verified, no restart"
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
