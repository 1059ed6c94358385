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

import importlib
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import translation

from explain.conf import app_settings
from explain.core.verify import Limits, VerifiedPoint
from explain.eval import checklist_pairs, equivalence, postings, reading_corpus, report
from explain.eval.cases import DEFAULT_PATH, CaseFile, CaseFileError, load_cases
from explain.eval.feedback_cases import FeedbackExportError, export_feedback
from explain.eval.flag_marks import export_flag_marks
from explain.eval.host_pairs import PairsError, host_pairs
from explain.eval.live import Pair, PairResult, pairs_from_cases, render_live, run_live
from explain.eval.progress import ProgressBar
from explain.eval.scoring import SentenceWriter, render_table, score
from explain.eval.sentences import template_sentence
from explain.llm.registry import get_chat_model, is_demo_model
from explain.services.limits import verify_limits

# The site's sentence writer, when the app ships one; else the labels' own templates.
SENTENCES_MODULE = "explain.sentences"

# Options that only mean something in one mode, with the mode's flag.
ONLY_WITH = {
    "--live": ("demo_data", "jobs", "users", "limit"),
    "--from-feedback": ("with_texts", "confirmed"),
}


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
        mode.add_argument(
            "--from-flag-marks",
            metavar="PATH",
            help='export the flags admins marked as not addressed to an AI to PATH ("-" '
            "for stdout) as lines of the detector's corpus (support/corpus/)",
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
        self.refuse_stray_options(options)
        try:
            if options["from_feedback"]:
                self.feedback(options)
            elif options["from_flag_marks"]:
                self.flag_marks(options["from_flag_marks"])
            elif options["live"]:
                self.live(options)
            else:
                self.verifier(options)
        except (PairsError, FeedbackExportError) as exc:
            raise CommandError(str(exc)) from None

    def refuse_stray_options(self, options: dict[str, Any]) -> None:
        mode_on = {"--live": options["live"], "--from-feedback": options["from_feedback"]}
        for mode, names in ONLY_WITH.items():
            stray = [
                "--" + name.replace("_", "-")
                for name in names
                if not mode_on[mode]
                and options[name] not in (None, [])
                and options[name] is not False
            ]
            if stray:
                verb = "work" if len(stray) > 1 else "works"
                raise CommandError(f"{', '.join(stray)} only {verb} with {mode}")

    # ----------------------------------------------------------------------- verifier

    def verifier(self, options: dict[str, Any]) -> None:
        case_file = self.load(options["cases"])
        limits = Limits()  # the labels are written against the default limits
        sentence, writer = sentence_writer()
        card = score(case_file, limits, sentence=sentence, writer=writer)
        self.stdout.write(report.verifier_heading(case_file, card, limits))
        self.stdout.write("")
        for line in render_table(card):
            self.stdout.write(line)
        self.stdout.write("")
        for line in equivalence.lines(equivalence.score(equivalence.load())):
            self.stdout.write(line)
        self.reading(sentence)
        posting_figures = self.postings()
        checklist_figures = self.checklists()
        if options["report"]:
            text = report.verifier_report(
                case_file, card, postings=posting_figures, checklists=checklist_figures
            )
            self.write_file(options["report"], text, "report")
        if options["chart"]:
            self.write_file(options["chart"], report.verifier_chart(card), "chart")
        if card.disagreements:
            raise CommandError(
                f"{len(card.disagreements)} of {card.total.cases} labelled cases disagree "
                "with the verifier (listed above)"
            )

    def reading(self, sentence: SentenceWriter) -> None:
        """The reading corpus and its held-out sets: precision and recall per kind and per
        language (explain/eval/reading_corpus.py); reported, never a gate."""
        paths = (
            reading_corpus.CORPUS_PATH,
            reading_corpus.HOLDOUT_PATH,
            reading_corpus.FRESH_PATH,
            reading_corpus.DEV2_PATH,
            reading_corpus.DEV3_PATH,
            reading_corpus.FRESH2_PATH,
            reading_corpus.FRESH3_PATH,
            reading_corpus.DEV4_PATH,
            reading_corpus.FRESH4_PATH,
            reading_corpus.DEV5A_PATH,
            reading_corpus.DEV5B_PATH,
            reading_corpus.FRESH5_PATH,
            reading_corpus.DEV6A_PATH,
            reading_corpus.DEV6B_PATH,
            reading_corpus.FRESH6_PATH,
            reading_corpus.FRESH7_PATH,
        )
        for path in paths:
            judged = reading_corpus.judge_corpus(
                reading_corpus.load_corpus(path), sentence=sentence
            )
            self.stdout.write("")
            for line in reading_corpus.lines(judged, name=path.name):
                self.stdout.write(line)

    def postings(self) -> dict[str, Any]:
        """The posting set: requirement precision and recall against its labels, the
        optional flag and the requirements field's line coverage, per language and per
        kind (explain/eval/postings.py); reported, never a gate. Returns the figures for
        the JSON report."""
        try:
            shipped = postings.load_postings()
        except postings.PostingSetError as exc:
            raise CommandError(str(exc)) from None
        scored = postings.score_answerers(shipped)
        self.stdout.write("")
        for line in postings.lines(shipped, scored=scored):
            self.stdout.write(line)
        return postings.summary(shipped, scored)

    def checklists(self) -> dict[str, Any]:
        """The labelled profile pairs: how often `shown` is true, how often a true "not
        yet" is said, the states given, per language (explain/eval/checklist_pairs.py);
        reported, never a gate. Returns the figures for the JSON report."""
        try:
            pairs = checklist_pairs.load_pairs(postings.load_postings())
        except (postings.PostingSetError, checklist_pairs.PairSetError) as exc:
            raise CommandError(str(exc)) from None
        judged = checklist_pairs.judge_all(pairs)
        self.stdout.write("")
        for line in checklist_pairs.lines(pairs, judged=judged):
            self.stdout.write(line)
        return checklist_pairs.summary(pairs, judged)

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
        pairs, source = self.pairs(options)
        name = getattr(model, "model_name", "") or "custom"
        self.stdout.write(f"Live run: {len(pairs)} pair(s) from {source}, model {name}")
        if is_demo_model(model):
            self.stdout.write(
                "Note: the configured model is the recorded demo model; these are recorded "
                "answers, not a live model."
            )
        show = not options["no_progress"]
        progress = ProgressBar(len(pairs), self.progress_write, redraw=self.stderr_is_terminal())

        def on_result(result: PairResult) -> None:
            if show:
                progress.advance(f"{result.pair}: {result.outcome}")

        if show:
            progress.start()
        run = run_live(
            model,
            pairs,
            limits=verify_limits(),
            source=source,
            on_result=on_result,
            delay_seconds=max(options["delay"], 0.0),
        )
        if show:
            progress.finish()
        self.stdout.write("")
        for line in render_live(run):
            self.stdout.write(line)
        if options["report"]:
            self.write_file(options["report"], report.live_report(run), "report")
        if options["chart"]:
            self.write_file(options["chart"], report.live_chart(run), "chart")
        if not options["report"] and not options["chart"]:
            self.stdout.write("(add --report PATH and --chart PATH to save the results)")
        if not run.answered:
            raise CommandError("The model answered none of the pairs.")

    def pairs(self, options: dict[str, Any]) -> tuple[list[Pair], str]:
        """The pairs to run (the host's, or the case file's) and where they come from."""
        if options["demo_data"]:
            pairs = list(host_pairs(options["users"], options["jobs"]))
            source = f"EXPLAIN_SOURCE {app_settings.SOURCE}"
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
        return pairs, source

    def progress_write(self, text: str) -> None:
        self.stderr.write(text, ending="", style_func=lambda x: x)
        self.stderr.flush()

    def stderr_is_terminal(self) -> bool:
        isatty = getattr(self.stderr, "isatty", None)
        return bool(isatty and isatty())

    # ----------------------------------------------------------------------- feedback

    def feedback(self, options: dict[str, Any]) -> None:
        export = export_feedback(with_texts=options["with_texts"], confirmed=options["confirmed"])
        path = options["from_feedback"]
        if path == "-":
            self.stdout.write(export.text, ending="")
            return
        what = (
            f"{export.cases} case(s): {export.labelled} labelled by a reviewer, "
            f"{export.cases - export.labelled} unlabelled"
        )
        self.write_file(path, export.text, what)

    def flag_marks(self, path: str) -> None:
        export = export_flag_marks()
        if path == "-":
            self.stdout.write(export.text, ending="")
            return
        self.write_file(path, export.text, f"{export.marks} sentence(s) marked as wrong flags")


def sentence_writer() -> tuple[SentenceWriter, str]:
    """The site's `point_sentence` in English when the app has one, else the templates.

    Looked up when the command runs, so the eval works with or without that module.
    """
    try:
        module = importlib.import_module(SENTENCES_MODULE)
    except ModuleNotFoundError as exc:
        if exc.name != SENTENCES_MODULE:
            raise
        return template_sentence, "explain.eval.sentences.template_sentence"
    point_sentence = getattr(module, "point_sentence", None)
    if not callable(point_sentence):
        return template_sentence, "explain.eval.sentences.template_sentence"

    def english(point: VerifiedPoint) -> str:
        with translation.override("en"):
            return str(point_sentence(point))

    return english, f"{SENTENCES_MODULE}.point_sentence"
