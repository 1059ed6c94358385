"""`make mutate`: mutmut over the rule layer (every module under explain/core), one at a time.

    python -m tools.mutation.run                  # every module found under explain/core
    python -m tools.mutation.run words schema     # modules whose path contains these words
    python -m tools.mutation.run --report         # the last run's table and survivors again
    MUTATE_JOBS=2 python -m tools.mutation.run    # mutants tested in parallel (default 1)

Each module is mutated in its own scratch copy of the repository under .mutation/, with
its own test selection, so runs never touch the working tree and cannot see each other's
mutants. The run prints the score per module and the diff of every surviving mutant.

mutmut numbers its mutants per function, so an edit renumbers them: a survivor judged
equivalent is therefore keyed by a fingerprint that no unrelated edit moves (module,
function, and a hash of the changed lines' text), in tools/mutation/accepted.toml with
its reason. An accepted survivor leaves the score and is not shown; an entry whose code
changed no longer matches and is reported as stale. Exit status 1 when a survivor is
not accepted (or a run failed): it needs a test or an entry.

mutmut switches a mutant on in a process that has already imported the module, so code
that runs while the module is imported (a table of patterns compiled once) never meets
it. The functions a target lists as `import_time` are tested again the plain way: each of
their survivors is written into the scratch copy's source and the module's test selection
runs in a fresh interpreter; failing tests (or a failing import) kill it.
"""

from __future__ import annotations

import argparse
import glob
import hashlib
import json
import os
import resource
import shutil
import subprocess
import sys
import time
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from tools.mutation.targets import GOAL, ROOT, TARGETS, Target

SCRATCH = ROOT / ".mutation"
ACCEPTED = Path(__file__).with_name("accepted.toml")

# What the tests need beside the mutated package (mutmut copies `explain` itself).
ALSO_COPY = ["jobportal", "support", "templates", "tools", "manage.py"]

# mutmut's exit codes per mutant (mutmut/stats.py), folded into what the score needs.
KILLED = {1: "killed", 3: "killed", 36: "timeout", 24: "timeout", -24: "timeout"}
KILLED |= {152: "timeout", 255: "timeout", 37: "type check"}
NOT_KILLED = {0: "survived", 5: "no tests", 33: "no tests", 34: "skipped"}

# The statuses of a survivor of an import-time function, tested again in a fresh
# interpreter with the mutant in the source: pytest's exit 1 (a test failed) and 2 (the
# import, so collection, failed) kill it; a CPU limit stops an endless loop.
REIMPORTED = {1: "killed at import", 2: "killed at import", -24: "timeout at import"}
KILLED_STATUSES = frozenset(KILLED.values()) | {"killed at import", "timeout at import"}

# A derandomised Hypothesis profile (tests/conftest.py): a mutant meets the same examples
# on every run, so a score does not move between two runs of the same code.
PYTEST_ARGS = ["--hypothesis-profile=mutation", "-W", "ignore::DeprecationWarning"]

# Prints the diff of each named mutant; run inside a scratch copy, where mutmut's
# configuration and mutants live.
_DIFFS = """
import json, sys
from mutmut.mutation.diff_apply import get_diff_for_mutant
names = json.load(sys.stdin)
json.dump({name: get_diff_for_mutant(name) for name in names}, sys.stdout)
"""


@dataclass(frozen=True)
class Fingerprint:
    """What a mutant changes, in terms no unrelated edit moves.

    mutmut's own name ("...x__occurrences__mutmut_41") numbers the mutants of a function,
    so adding one mutable expression above renumbers everything after it. The
    fingerprint keeps the module and the function (a method as "Class.method") and
    hashes only the text of the removed and added lines of the mutant's diff: not the
    line numbers, not the context, so code moving around it leaves it the same, and a
    change to the mutated line itself makes it a new survivor to judge.
    """

    module: str  # dotted: "explain.core.verify"
    function: str  # "_occurrences", "_Checker.match"
    change: str  # diff_hash() of the mutant's diff

    @classmethod
    def of(cls, mutant: str, diff: str) -> Fingerprint:
        return cls(mutant.rsplit(".", 1)[0], qualname_of(mutant), diff_hash(diff))


@dataclass(frozen=True)
class Accepted:
    """A survivor judged equivalent: no input tells the mutant from the program."""

    fingerprint: Fingerprint
    reason: str


@dataclass
class Result:
    target: Target
    statuses: dict[str, str] = field(default_factory=dict)
    diffs: dict[str, str] = field(default_factory=dict)
    accepted: dict[str, Accepted] = field(default_factory=dict)  # mutant name -> entry
    seconds: float = 0.0
    error: str = ""
    unrun: int = 0  # mutants a stopped run never reached (the score is over the others)
    reimported: dict[str, str] = field(default_factory=dict)  # import-time mutant -> status

    @property
    def total(self) -> int:
        return len(self.statuses)

    @property
    def killed(self) -> int:
        return sum(1 for s in self.statuses.values() if s in KILLED_STATUSES)

    @property
    def survivors(self) -> list[str]:
        """Survivors nobody has accepted: each needs a test or an entry."""
        return sorted(
            name
            for name, status in self.statuses.items()
            if status not in KILLED_STATUSES and name not in self.accepted
        )

    @property
    def judged(self) -> int:
        return self.total - len(self.accepted)

    @property
    def score(self) -> float:
        return 1.0 if self.judged <= 0 else self.killed / self.judged

    @property
    def shown_score(self) -> str:
        if self.judged <= 0:
            return "n/a" if self.unrun else "100.0%"
        return f"{self.score:.1%}"

    def fingerprint(self, name: str) -> Fingerprint:
        return Fingerprint.of(name, self.diffs.get(name, ""))


def changed_lines(diff: str) -> list[str]:
    """The removed and added lines of a unified diff, without its headers or context."""
    return [
        line
        for line in diff.splitlines()
        if line[:1] in "+-" and not line.startswith(("+++", "---"))
    ]


def diff_hash(diff: str) -> str:
    """A short hash of the changed lines only (not the line numbers or file names)."""
    joined = "\n".join(changed_lines(diff))
    return hashlib.sha1(joined.encode(), usedforsecurity=False).hexdigest()[:10]


def load_accepted(path: Path = ACCEPTED) -> dict[Fingerprint, Accepted]:
    """The reviewed list of equivalent survivors, keyed by fingerprint."""
    if not path.exists():
        return {}
    entries: dict[Fingerprint, Accepted] = {}
    for number, row in enumerate(tomllib.loads(path.read_text("utf-8")).get("survivor", []), 1):
        missing = {"module", "function", "change", "reason"} - row.keys()
        if missing or not str(row.get("reason", "")).strip():
            raise SystemExit(f"{path}: survivor {number} lacks {', '.join(sorted(missing))}")
        key = Fingerprint(row["module"], row["function"], row["change"])
        entries[key] = Accepted(key, row["reason"].strip())
    return entries


def toml_entry(fingerprint: Fingerprint, diff: str) -> str:
    """An entry to paste into accepted.toml once the reason is written."""
    return "\n".join(
        [
            "[[survivor]]",
            f'module = "{fingerprint.module}"',
            f'function = "{fingerprint.function}"',
            f'change = "{fingerprint.change}"',
            *(f"# {line}" for line in changed_lines(diff)),
            'reason = "..."',
        ]
    )


def tracked_files() -> list[str]:
    listed = subprocess.run(
        ["git", "ls-files", "-co", "--exclude-standard", "-z"],  # noqa: S607
        cwd=ROOT,
        check=True,
        capture_output=True,
    ).stdout.decode()
    return [name for name in listed.split("\0") if name and not name.startswith("docs/")]


def test_paths(target: Target) -> list[str]:
    found: set[str] = set()
    for pattern in target.tests:
        found.update(glob.glob(pattern, root_dir=ROOT, recursive=True))
    return sorted(found)


def mutmut_section(target: Target, tests: list[str]) -> str:
    def array(items: list[str]) -> str:
        return "[" + ", ".join(json.dumps(item) for item in items) + "]"

    return (
        "\n[tool.mutmut]\n"
        'source_paths = ["explain"]\n'
        f"only_mutate = {array([target.module])}\n"
        f"also_copy = {array(ALSO_COPY)}\n"
        f"pytest_add_cli_args_test_selection = {array(tests)}\n"
        f"pytest_add_cli_args = {array(PYTEST_ARGS)}\n"
        # A mutant that runs 20 times as long as all its tests is stuck (in CPU seconds,
        # which include a forked worker setting up Django's test database; default 30).
        # A target whose tests need no database may set a lower multiplier.
        f"timeout_multiplier = {target.timeout_multiplier}\n"
    )


def prepare(target: Target, tests: list[str]) -> Path:
    """A fresh scratch copy of the repository for this module, configured for mutmut."""
    work = scratch_dir(target)
    shutil.rmtree(work, ignore_errors=True)
    for name in tracked_files():
        source = ROOT / name
        if source.is_file():
            destination = work / name
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, destination)
    pyproject = work / "pyproject.toml"
    pyproject.write_text(
        pyproject.read_text(encoding="utf-8") + mutmut_section(target, tests), encoding="utf-8"
    )
    return work


def _be_nice() -> None:
    os.nice(10)  # the machine is shared: mutants wait for everyone else


def scratch_dir(target: Target) -> Path:
    return SCRATCH / target.module.replace("/", "_").removesuffix(".py")


def run_target(target: Target, jobs: int, accepted: dict[Fingerprint, Accepted]) -> Result:
    result = Result(target)
    tests = test_paths(target)
    if not tests:
        result.error = "no test file matches " + ", ".join(target.tests)
        return result
    work = prepare(target, tests)
    mutmut = Path(sys.executable).with_name("mutmut")
    started = time.monotonic()
    with (work / "mutmut.log").open("wb") as log:
        finished = subprocess.run(  # noqa: S603 - our own command line
            [str(mutmut), "run", "--max-children", str(jobs)],
            cwd=work,
            stdout=log,
            stderr=subprocess.STDOUT,
            preexec_fn=_be_nice,
            check=False,
        )
    result = collect(target, accepted, returncode=finished.returncode)
    if not result.error and target.import_time:
        # Accepted ones too, so an entry that a fresh import kills is reported stale.
        names = [
            name
            for name, status in sorted(result.statuses.items())
            if status not in KILLED_STATUSES and qualname_of(name) in target.import_time
        ]
        error = reimport(target, tests, names)
        result = collect(target, accepted)
        result.error = error
    result.seconds = time.monotonic() - started
    return result


REIMPORTED_FILE = "reimported.json"


def qualname_of(mutant: str) -> str:
    """The function a mutant changes: "_compile" for "pkg.mod.x__compile__mutmut_3",
    "_Checker.match" for "pkg.mod.xǁ_Checkerǁmatch__mutmut_44" (mutmut's names)."""
    local = mutant.rsplit(".", 1)[-1].rsplit("__mutmut_", 1)[0]
    if local.startswith("xǁ"):
        return ".".join(local.split("ǁ")[1:])
    return local.removeprefix("x_")


def _limited(cpu_seconds: int) -> Callable[[], None]:
    def setup() -> None:
        _be_nice()
        resource.setrlimit(resource.RLIMIT_CPU, (cpu_seconds, cpu_seconds + 1))

    return setup


def _fresh_pytest(work: Path, tests: list[str], cpu_seconds: int) -> int:
    """The selection in a new interpreter over the scratch copy's plain source."""
    command = [sys.executable, "-B", "-m", "pytest", "-x", "-q", "-p", "no:randomly"]
    command += ["-p", "no:cacheprovider", *PYTEST_ARGS, *tests]
    return subprocess.run(  # noqa: S603 - our own command line
        command,
        cwd=work,
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        preexec_fn=_limited(cpu_seconds),
        check=False,
    ).returncode


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def reimport(target: Target, tests: list[str], names: list[str]) -> str:
    """Test import-time mutants the plain way; their statuses go to REIMPORTED_FILE.

    Returns what went wrong, or "" when every mutant was tested.
    """
    work = scratch_dir(target)
    source = work / target.module
    original = source.read_bytes()
    for cache in source.parent.glob("__pycache__"):
        shutil.rmtree(cache)
    started = _children_cpu()
    clean = _fresh_pytest(work, tests, cpu_seconds=600)
    if clean != 0:
        return f"the tests fail without a mutant in a fresh interpreter (exit {clean})"
    cpu_limit = int(20 * max(_children_cpu() - started, 1.0)) + 1  # as mutmut's limit
    mutmut = Path(sys.executable).with_name("mutmut")
    statuses = {}
    for name in names:
        try:
            applied = subprocess.run(  # noqa: S603 - our own command line
                [str(mutmut), "apply", name], cwd=work, capture_output=True, check=False
            )
            if applied.returncode != 0:
                return f"mutmut apply {name} failed: {applied.stderr.decode()[-300:]}"
            code = _fresh_pytest(work, tests, cpu_limit)
        finally:
            source.write_bytes(original)
        statuses[name] = REIMPORTED.get(code) or NOT_KILLED.get(code) or "suspicious"
    (work / REIMPORTED_FILE).write_text(json.dumps(statuses, indent=1), encoding="utf-8")
    return ""


def collect(
    target: Target, accepted: dict[Fingerprint, Accepted], *, returncode: int = 0
) -> Result:
    """The result of the last run for this module, read from its scratch copy."""
    result = Result(target)
    work = scratch_dir(target)
    meta = work / "mutants" / (target.module + ".meta")
    if meta.exists() and not json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"]:
        return result  # nothing mutmut can mutate (mutmut then stops with exit 1)
    if returncode != 0 or not meta.exists():
        result.error = f"mutmut failed (exit {returncode}); see {work / 'mutmut.log'}"
        return result
    codes = json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"]
    result.unrun = sum(code is None for code in codes.values())
    codes = {name: code for name, code in codes.items() if code is not None}
    result.statuses = {
        name: KILLED.get(code) or NOT_KILLED.get(code) or "suspicious"
        for name, code in codes.items()
    }
    reimported = work / REIMPORTED_FILE
    if reimported.exists():
        result.reimported = json.loads(reimported.read_text(encoding="utf-8"))
        result.statuses.update(result.reimported)
    not_killed = [n for n, s in result.statuses.items() if s not in KILLED_STATUSES]
    if not_killed:
        shown = subprocess.run(  # noqa: S603 - our own command line
            [sys.executable, "-c", _DIFFS],
            cwd=work,
            input=json.dumps(not_killed).encode(),
            capture_output=True,
            check=True,
        )
        result.diffs = json.loads(shown.stdout)
    return judge(result, accepted)


def judge(result: Result, accepted: dict[Fingerprint, Accepted]) -> Result:
    """Mark the survivors whose fingerprint has an entry in accepted.toml."""
    result.accepted = {
        name: accepted[result.fingerprint(name)]
        for name, status in result.statuses.items()
        if status not in KILLED_STATUSES and result.fingerprint(name) in accepted
    }
    return result


def _dotted(module: str) -> str:
    return module.removesuffix(".py").replace("/", ".")


def stale(results: list[Result], accepted: dict[Fingerprint, Accepted]) -> list[Fingerprint]:
    """Entries of the modules run this time that no survivor matched.

    The code under such an entry changed, or a test now kills its mutant: either way
    the entry says nothing any more and should go (or be judged again).
    """
    ran = {_dotted(r.target.module) for r in results if not r.error and not r.unrun}
    used = {entry.fingerprint for r in results for entry in r.accepted.values()}
    return sorted(
        (key for key in accepted if key.module in ran and key not in used),
        key=lambda key: (key.module, key.function, key.change),
    )


def report(results: list[Result], accepted: dict[Fingerprint, Accepted]) -> bool:
    """Print the table and every survivor nobody accepted; True when there is none."""
    print()
    width = max([40, *(len(r.target.module) for r in results)])
    header = f"{'module':<{width}} {'mutants':>7} {'killed':>6} {'accepted':>8}"
    header += f" {'survived':>8} {'score':>7}  time"
    print(header)
    print("-" * len(header))
    ok = True
    for r in results:
        if r.error:
            ok = False
            print(f"{r.target.module:<{width}} ERROR: {r.error}")
            continue
        ok = ok and not r.survivors and not r.unrun
        print(
            f"{r.target.module:<{width}} {r.total:>7} {r.killed:>6} "
            f"{len(r.accepted):>8} {len(r.survivors):>8} {r.shown_score:>7}"
            f"  {r.seconds:4.0f}s{'' if r.score >= GOAL or r.unrun else f'  below {GOAL:.0%}'}"
            + (f"  (stopped: {r.unrun} mutants not run)" if r.unrun else "")
        )
    for r in results:
        if r.reimported:
            killed = sum(s in KILLED_STATUSES for s in r.reimported.values())
            print(
                f"{r.target.module}: {len(r.reimported)} survivors of import-time code "
                f"({', '.join(r.target.import_time)}) run again with the mutant in the source "
                f"and a fresh import: {killed} killed"
            )
    for r in results:
        for name in r.survivors:
            diff = r.diffs.get(name, "")
            print(f"\n# {name}: {r.statuses[name]}")
            print(diff or "(no diff)")
            print(f"# kill it with a test, or if it is equivalent add to {ACCEPTED.name}:")
            print(toml_entry(r.fingerprint(name), diff))
    for key in stale(results, accepted):
        print(
            f"\nstale entry in {ACCEPTED.name}: {key.module} {key.function} {key.change}"
            " matches no survivor (its code changed or a test kills it now)"
        )
    return ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("only", nargs="*", help="run only modules whose path contains these")
    parser.add_argument("--jobs", type=int, default=int(os.environ.get("MUTATE_JOBS", "1")))
    parser.add_argument(
        "--report", action="store_true", help="only report the last run of each module"
    )
    args = parser.parse_args(argv)
    targets = [t for t in TARGETS if not args.only or any(w in t.module for w in args.only)]
    if not targets:
        parser.error("no module matches " + " ".join(args.only))
    accepted = load_accepted()
    results = []
    for target in targets:
        if args.report:
            results.append(collect(target, accepted))
            continue
        print(f"mutating {target.module} ...", flush=True)
        results.append(run_target(target, args.jobs, accepted))
    ok = report(results, accepted)
    SCRATCH.mkdir(exist_ok=True)
    summary = SCRATCH / "summary.md"
    summary.write_text(markdown(results), encoding="utf-8")
    print(f"\nmarkdown table: {summary.relative_to(ROOT)}")
    return 0 if ok else 1


def markdown(results: list[Result]) -> str:
    """The score table as docs/mutation.md shows it."""
    lines = [
        "| module | mutants | killed | accepted | survived | score | run time |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for r in results:
        if r.error:
            lines.append(f"| `{r.target.module}` | error: {r.error} |")
            continue
        lines.append(
            f"| `{r.target.module}` | {r.total} | {r.killed} | {len(r.accepted)} | "
            f"{len(r.survivors)} | {r.shown_score} | {r.seconds:.0f} s |"
            + (f" {r.unrun} not run |" if r.unrun else "")
        )
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.exit(main())
