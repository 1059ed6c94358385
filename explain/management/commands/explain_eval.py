"""`manage.py explain_eval`: measure the verifier (always) and the model (with --live).

    manage.py explain_eval                      # score the verifier against the labelled set
    manage.py explain_eval --live               # run the configured model on each pair
    manage.py explain_eval --live --demo-data --jobs 1-13
                                                # ... on the host's users and jobs instead
    manage.py explain_eval --from-feedback reports.json [--confirmed]
                                                # "this looks wrong" reports as cases:
                                                # confirmed ones keep the reviewer's label

The verifier mode exits 1 when any labelled case disagrees, so it can gate a build. The
app stays generic: host data comes only through the EXPLAIN_SOURCE adapter.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from explain.adapter import JobUnavailable
from explain.conf import get_source, setting, verify_limits
from explain.eval.cases import (
    DEFAULT_PATH,
    CaseFile,
    CaseFileError,
    claim_record,
    dump_case_file,
    load_cases,
)
from explain.eval.chart import drop_reasons_svg
from explain.eval.live import Pair, PairResult, pairs_from_cases, render_live, run_live
from explain.eval.progress import ProgressBar
from explain.eval.scoring import render_table, score
from explain.llm.registry import get_chat_model, is_demo_model
from explain.models import FeedbackReport
from explain.schema import Claim
from explain.texts import job_text, profile_text
from explain.verify import Limits, normalize

FEEDBACK_CATEGORY = "feedback"


def parse_ids(values: list[str]) -> list[str]:
    """Job ids from "3", "1-13" and "2,5,8" (repeatable); order kept, repeats removed."""
    ids: list[str] = []
    for value in values:
        for part in value.split(","):
            part = part.strip()
            if not part:
                continue
            low, dash, high = part.partition("-")
            if dash and low.isdigit() and high.isdigit():
                if int(high) < int(low):
                    raise CommandError(f"--jobs: empty range {part!r}")
                ids.extend(str(n) for n in range(int(low), int(high) + 1))
            else:
                ids.append(part)
    return list(dict.fromkeys(ids))


class Command(BaseCommand):
    help = (
        "Score the verifier against the labelled set (exits 1 on any disagreement); with "
        "--live, run the configured chat model on each profile/job pair and report what "
        "survives; with --from-feedback, export user reports as cases to label."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--cases",
            default=str(DEFAULT_PATH),
            help="the case file (default: the labelled set shipped with the app)",
        )
        parser.add_argument("--report", metavar="PATH", help="write a JSON report here")
        parser.add_argument(
            "--chart", metavar="PATH", help="write an SVG bar chart of drop reasons here"
        )
        mode = parser.add_mutually_exclusive_group()
        mode.add_argument(
            "--live",
            action="store_true",
            help="run the configured chat model (GEMINI_API_KEY or EXPLAIN_CHAT_MODEL) on "
            "each distinct profile/job pair of the case file",
        )
        mode.add_argument(
            "--from-feedback",
            metavar="PATH",
            help='export "this looks wrong" reports to PATH ("-" for stdout) as unlabelled '
            "cases for review",
        )
        live = parser.add_argument_group("--live")
        live.add_argument(
            "--demo-data",
            action="store_true",
            help="use the host's users and jobs through EXPLAIN_SOURCE instead of the case "
            "file's texts (after seed_demo: the demo users and jobs)",
        )
        live.add_argument(
            "--jobs",
            action="append",
            default=[],
            metavar="IDS",
            help="with --demo-data: job ids, e.g. 1-13 or 2,5 (default: the adapter's "
            "job_ids(), if it has one)",
        )
        live.add_argument(
            "--users",
            action="append",
            default=[],
            metavar="NAMES",
            help="with --demo-data: usernames, e.g. demo,sam (default: every active user "
            "with a profile)",
        )
        live.add_argument("--limit", type=int, help="run at most this many pairs")
        live.add_argument(
            "--delay",
            type=float,
            default=0.0,
            metavar="SECONDS",
            help="wait between calls (to stay under a provider's rate limit)",
        )
        live.add_argument("--no-progress", action="store_true", help="no progress bar")
        feedback = parser.add_argument_group("--from-feedback")
        feedback.add_argument(
            "--with-texts",
            action="store_true",
            help="rebuild each report's profile and job text through EXPLAIN_SOURCE (as "
            "they are now: the log never stores texts); otherwise they are left empty",
        )

        feedback.add_argument(
            "--confirmed",
            action="store_true",
            help="only reports a reviewer confirmed in the admin (labelled cases)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if not options["live"]:
            stray = [
                flag
                for flag, given in (
                    ("--demo-data", options["demo_data"]),
                    ("--jobs", options["jobs"]),
                    ("--users", options["users"]),
                    ("--limit", options["limit"] is not None),
                )
                if given
            ]
            if stray:
                raise CommandError(f"{', '.join(stray)} only work with --live")
        for flag in ("with_texts", "confirmed"):
            if options[flag] and not options["from_feedback"]:
                name = "--" + flag.replace("_", "-")
                raise CommandError(f"{name} only works with --from-feedback")
        if options["from_feedback"]:
            self.export_feedback(
                options["from_feedback"],
                with_texts=options["with_texts"],
                confirmed=options["confirmed"],
            )
        elif options["live"]:
            self.live(options)
        else:
            self.verifier(options)

    # ----------------------------------------------------------------------- verifier

    def verifier(self, options: dict[str, Any]) -> None:
        case_file = self.load(options["cases"])
        limits = Limits()  # the labels are written against SPEC's default limits
        card = score(case_file, limits)
        self.stdout.write(
            f"Verifier against {case_file.origin}: {card.total.cases} labelled cases in "
            f"{len(card.rows)} categories (limits: {limits.max_quote_words} words a quote, "
            f"{limits.max_point_chars} characters a point, {limits.max_points} points a list)"
        )
        self.stdout.write("")
        for line in render_table(card):
            self.stdout.write(line)
        if options["report"]:
            report = {"mode": "verifier", "cases": case_file.origin, **card.as_dict()}
            self.write_file(options["report"], json.dumps(report, indent=2) + "\n", "report")
        if options["chart"]:
            svg = drop_reasons_svg(
                card.drop_reasons,
                title="Verifier on the labelled set: claims by outcome",
                subtitle=f"{card.total.cases} labelled claims; dropped claims by reason",
                kept=card.total.kept,
            )
            self.write_file(options["chart"], svg, "chart")
        if card.disagreements:
            raise CommandError(
                f"{len(card.disagreements)} of {card.total.cases} labelled cases disagree "
                "with the verifier (listed above)"
            )

    def load(self, path: str) -> CaseFile:
        """The case file, named relative to the working directory when it is under it."""
        try:
            path = str(Path(path).resolve().relative_to(Path.cwd()))
        except ValueError:
            pass
        try:
            return load_cases(path)
        except CaseFileError as exc:
            raise CommandError(str(exc)) from None

    def write_file(self, path: str, text: str, what: str) -> None:
        try:
            Path(path).write_text(text, encoding="utf-8")
        except OSError as exc:
            raise CommandError(f"cannot write the {what} to {path}: {exc.strerror}") from None
        self.stdout.write(f"Wrote the {what} to {path}")

    # ----------------------------------------------------------------------- live

    def live(self, options: dict[str, Any]) -> None:
        model = get_chat_model()
        if model is None:
            raise CommandError(
                "No chat model is configured: set GEMINI_API_KEY (or EXPLAIN_CHAT_MODEL)."
            )
        if options["demo_data"]:
            pairs = list(self.source_pairs(options["users"], options["jobs"]))
            source = "EXPLAIN_SOURCE " + str(setting("EXPLAIN_SOURCE"))
        else:
            if options["jobs"] or options["users"]:
                raise CommandError("--jobs and --users only work with --demo-data")
            case_file = self.load(options["cases"])
            pairs = pairs_from_cases(case_file)
            source = f"cases {case_file.origin}"
        if options["limit"] is not None:
            pairs = pairs[: max(options["limit"], 0)]
        if not pairs:
            raise CommandError("No profile/job pair to run.")
        limits = verify_limits()
        name = getattr(model, "model_name", "") or "custom"
        self.stdout.write(f"Live run: {len(pairs)} pair(s) from {source}, model {name}")
        if is_demo_model(model):
            self.stdout.write(
                "Note: the configured model is the recorded demo model; these are recorded "
                "answers, not a live model."
            )
        progress = ProgressBar(len(pairs), self.progress_write, redraw=self.stderr_is_terminal())
        show = not options["no_progress"]

        def on_result(result: PairResult) -> None:
            if show:
                progress.advance(f"{result.pair}: {result.outcome}")

        if show:
            progress.start()
        run = run_live(
            model,
            pairs,
            limits=limits,
            source=source,
            on_result=on_result,
            delay_seconds=max(options["delay"], 0.0),
        )
        if show:
            progress.finish()
        self.stdout.write("")
        for line in render_live(run):
            self.stdout.write(line)
        totals = run.totals()
        if options["report"]:
            report = json.dumps(run.as_dict(), indent=2) + "\n"
            self.write_file(options["report"], report, "report")
        if options["chart"]:
            svg = drop_reasons_svg(
                totals["drop_reasons"],
                title=f"Live run, {run.model}: claims by outcome",
                subtitle=(
                    f"{totals['claims']} claims from {totals['answered']} answered pairs; "
                    "dropped claims by reason"
                ),
                kept=totals["kept"],
            )
            self.write_file(options["chart"], svg, "chart")
        if not options["report"] and not options["chart"]:
            self.stdout.write("(add --report PATH and --chart PATH to save the results)")
        if not run.answered:
            raise CommandError("The model answered none of the pairs.")

    def progress_write(self, text: str) -> None:
        self.stderr.write(text, ending="", style_func=lambda x: x)
        self.stderr.flush()

    def stderr_is_terminal(self) -> bool:
        isatty = getattr(self.stderr, "isatty", None)
        return bool(isatty and isatty())

    def source_pairs(self, users: list[str], jobs: list[str]) -> Iterator[Pair]:
        """Pairs of the host's texts, composed, scrubbed and capped as the service does."""
        try:
            source = get_source()
        except LookupError:
            raise CommandError("--demo-data needs EXPLAIN_SOURCE (the host adapter)") from None
        job_ids = parse_ids(jobs)
        if not job_ids:
            listing = getattr(source, "job_ids", None)
            if not callable(listing):
                raise CommandError(
                    "--demo-data needs job ids: pass --jobs (e.g. --jobs 1-13), or give the "
                    "EXPLAIN_SOURCE adapter a job_ids() method"
                )
            job_ids = [str(job_id) for job_id in listing()]
        max_chars = int(setting("EXPLAIN_MAX_TEXT_CHARS"))
        user_model = get_user_model()
        people = user_model._default_manager.filter(is_active=True).order_by("pk")
        names = parse_ids(users)
        if names:
            people = people.filter(**{f"{user_model.USERNAME_FIELD}__in": names})
        for user in people:
            profile = profile_text(source.profile_fields(user), max_chars=max_chars)
            if not normalize(profile.text):
                continue
            for job_id in job_ids:
                try:
                    job = job_text(source.job_fields(job_id, user), max_chars=max_chars)
                except JobUnavailable:
                    continue
                yield Pair(
                    id=f"user {user.get_username()} + job {job_id}",
                    profile=profile.text,
                    job=job.text,
                )

    # ----------------------------------------------------------------------- feedback

    def export_feedback(self, path: str, *, with_texts: bool, confirmed: bool = False) -> None:
        # Dismissed reports are not cases; confirmed ones carry the reviewer's label.
        reports = (
            FeedbackReport.objects.select_related("log", "user")
            .exclude(status=FeedbackReport.Status.DISMISSED)
            .order_by("created_at", "id")
        )
        if confirmed:
            reports = reports.filter(status=FeedbackReport.Status.CONFIRMED)
        records = [self.feedback_record(report, with_texts=with_texts) for report in reports]
        text = dump_case_file(
            cases=records,
            about=(
                'Exported from "this looks wrong" reports. Confirmed reports carry the '
                "reviewer's label (expected keep, or drop with a reason); new ones are "
                "unlabelled: decide what the verifier must do. For each case write or trim "
                "the texts so they hold no personal data, pick a category, remove the "
                "feedback block, and move the case into the labelled set."
            ),
            categories={
                FEEDBACK_CATEGORY: "reports from users: labelled when a reviewer confirmed them"
            },
        )
        if path == "-":
            self.stdout.write(text, ending="")
            return
        labelled = sum(1 for record in records if record["expected"] is not None)
        what = (
            f"{len(records)} case(s): {labelled} labelled by a reviewer, "
            f"{len(records) - labelled} unlabelled"
        )
        self.write_file(path, text, what)

    def feedback_record(self, report: FeedbackReport, *, with_texts: bool) -> dict[str, Any]:
        profile = job = ""
        note = "Texts are not stored with reports; write the smallest texts that show the case."
        if with_texts:
            profile, job = self.current_texts(report)
            note = (
                "Texts rebuilt through EXPLAIN_SOURCE at export time: they may differ from "
                "what the model saw, and they are a user's profile; trim before committing."
            )
        claim = Claim.model_validate(
            {
                "point": report.point,
                "profileQuote": report.profile_quote,
                "jobQuote": report.job_quote,
            }
        )
        log = report.log
        labelled = report.status == FeedbackReport.Status.CONFIRMED and bool(report.expected)
        label: dict[str, Any] = (
            {"expected": report.expected, "reason": report.expected_reason or None}
            if labelled
            else {"expected": None, "reason": None, "needs_label": True}
        )
        return {
            "id": f"feedback-{report.pk}",
            "category": FEEDBACK_CATEGORY,
            "profile": profile,
            "job": job,
            "kind": report.kind,
            "claim": claim_record(claim),
            **label,
            "feedback": {
                "status": report.status,
                "times_reported": report.times_reported,
                "reviewer_note": report.reviewer_note,
                "reason": report.reason,
                "reported_at": report.created_at.isoformat(),
                "log": report.log_id,
                "job_ref": log.job_ref,
                "model": log.model_name,
                "prompt_version": log.prompt_version,
            },
            "note": note,
        }

    def current_texts(self, report: FeedbackReport) -> tuple[str, str]:
        try:
            source = get_source()
        except LookupError:
            raise CommandError("--with-texts needs EXPLAIN_SOURCE (the host adapter)") from None
        max_chars = int(setting("EXPLAIN_MAX_TEXT_CHARS"))
        profile = ""
        if report.user is not None:
            profile = profile_text(source.profile_fields(report.user), max_chars=max_chars).text
        try:
            job = job_text(
                source.job_fields(report.log.job_ref, report.user), max_chars=max_chars
            ).text
        except JobUnavailable:
            job = ""
        return profile, job
