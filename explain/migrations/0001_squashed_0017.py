"""All of explain's migrations up to 0017 in one, for new installs.

A fresh database runs only this; one that has applied 0001-0017 records it as applied.
The old files stay until every install has migrated past 0017, then they can go.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    replaces = [
        ("explain", "0001_initial"),
        ("explain", "0002_admin_triage"),
        ("explain", "0003_outcome_internal_error_no_recording"),
        ("explain", "0004_alter_explanationlog_outcome"),
        ("explain", "0005_feedback_note"),
        ("explain", "0006_daily_rollup"),
        ("explain", "0007_claim_support_counts"),
        ("explain", "0008_rollup_rewrites"),
        ("explain", "0009_feedback_have_it_reason"),
        ("explain", "0010_outcome_temporarily_unavailable"),
        ("explain", "0011_faults_log_recovered_one_report_per_user"),
        ("explain", "0012_admin_names_in_words"),
        ("explain", "0013_outcome_recalled"),
        ("explain", "0014_hidden_text_counted"),
        ("explain", "0015_flag_marks"),
        ("explain", "0016_outcome_account_daily_limit"),
        ("explain", "0017_page_optional_counts"),
    ]

    dependencies = [
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="RollupState",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("last_day", models.DateField()),
            ],
        ),
        migrations.CreateModel(
            name="ExplanationDay",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("day", models.DateField()),
                ("model_name", models.CharField(blank=True, max_length=100)),
                ("prompt_version", models.CharField(blank=True, max_length=40)),
                ("outcome", models.CharField(max_length=32)),
                ("requests", models.PositiveIntegerField(default=0)),
                ("with_drop", models.PositiveIntegerField(default=0)),
                ("dropped", models.PositiveIntegerField(default=0)),
                ("prompt_tokens", models.BigIntegerField(null=True)),
                ("output_tokens", models.BigIntegerField(null=True)),
                ("total_tokens", models.BigIntegerField(null=True)),
                ("thoughts_tokens", models.BigIntegerField(null=True)),
                ("drop_reasons", models.JSONField(default=dict)),
                ("rewritten", models.JSONField(default=dict)),
                ("latency", models.JSONField(default=dict)),
            ],
            options={
                "constraints": [
                    models.UniqueConstraint(
                        fields=("day", "model_name", "prompt_version", "outcome"),
                        name="explain_day_unique",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="ExplanationLog",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "created_at",
                    models.DateTimeField(
                        auto_now_add=True, db_index=True, verbose_name="created at"
                    ),
                ),
                ("job_ref", models.CharField(db_index=True, max_length=64, verbose_name="job")),
                (
                    "job_title",
                    models.CharField(
                        blank=True, default="", max_length=200, verbose_name="job title"
                    ),
                ),
                (
                    "outcome",
                    models.CharField(
                        choices=[
                            ("ok", "OK"),
                            ("cached", "Served from cache"),
                            ("nothing_verified", "Nothing verified"),
                            ("provider_error", "Provider error"),
                            ("timeout", "Timeout"),
                            ("invalid_response", "Invalid response"),
                            ("blocked", "Blocked by the provider"),
                            ("rate_limited", "Rate limited"),
                            ("disabled", "Explanations unavailable"),
                            ("no_profile", "No profile yet"),
                            ("job_unavailable", "Job not found"),
                            ("internal_error", "Internal error"),
                            ("no_recording", "No demo recording"),
                            ("model_unavailable", "Model unavailable (check GEMINI_MODEL)"),
                            ("provider_busy", "Provider busy (HTTP 429)"),
                            ("circuit_open", "Skipped: provider down (circuit open)"),
                            ("daily_limit", "Daily call limit reached"),
                            ("account_daily_limit", "Account's daily calls used"),
                            ("temporarily_unavailable", "Shared cache unavailable"),
                            ("recalled", "Shown again on a page view"),
                        ],
                        db_index=True,
                        max_length=32,
                        verbose_name="outcome",
                    ),
                ),
                (
                    "kept_matches",
                    models.PositiveSmallIntegerField(default=0, verbose_name="kept matches"),
                ),
                (
                    "kept_gaps",
                    models.PositiveSmallIntegerField(default=0, verbose_name="kept gaps"),
                ),
                (
                    "kept_optional_matches",
                    models.PositiveSmallIntegerField(
                        default=0, verbose_name="kept optional matches"
                    ),
                ),
                (
                    "kept_optional_gaps",
                    models.PositiveSmallIntegerField(default=0, verbose_name="kept optional gaps"),
                ),
                (
                    "dropped",
                    models.PositiveSmallIntegerField(default=0, verbose_name="removed points"),
                ),
                (
                    "unchecked",
                    models.PositiveSmallIntegerField(default=0, verbose_name="unchecked points"),
                ),
                ("drop_reasons", models.JSONField(blank=True, default=dict)),
                ("rewritten", models.JSONField(blank=True, default=dict)),
                (
                    "profile_words_sent",
                    models.PositiveIntegerField(default=0, verbose_name="profile words sent"),
                ),
                (
                    "profile_words_total",
                    models.PositiveIntegerField(default=0, verbose_name="profile words in all"),
                ),
                (
                    "job_words_sent",
                    models.PositiveIntegerField(default=0, verbose_name="posting words sent"),
                ),
                (
                    "job_words_total",
                    models.PositiveIntegerField(default=0, verbose_name="posting words in all"),
                ),
                ("profile_instructions", models.PositiveSmallIntegerField(default=0)),
                (
                    "job_instructions",
                    models.PositiveSmallIntegerField(
                        db_index=True,
                        default=0,
                        verbose_name="sentences addressed to an AI in the posting",
                    ),
                ),
                (
                    "profile_hidden",
                    models.PositiveSmallIntegerField(
                        default=0, verbose_name="hidden pieces removed from the profile"
                    ),
                ),
                (
                    "job_hidden",
                    models.PositiveSmallIntegerField(
                        default=0, verbose_name="hidden pieces removed from the posting"
                    ),
                ),
                (
                    "model_name",
                    models.CharField(
                        blank=True, db_index=True, max_length=100, verbose_name="model"
                    ),
                ),
                (
                    "prompt_version",
                    models.CharField(blank=True, max_length=40, verbose_name="prompt version"),
                ),
                ("latency_ms", models.PositiveIntegerField(default=0, verbose_name="latency (ms)")),
                (
                    "prompt_tokens",
                    models.PositiveIntegerField(
                        blank=True, null=True, verbose_name="prompt tokens"
                    ),
                ),
                (
                    "output_tokens",
                    models.PositiveIntegerField(
                        blank=True, null=True, verbose_name="output tokens"
                    ),
                ),
                (
                    "thoughts_tokens",
                    models.PositiveIntegerField(
                        blank=True, null=True, verbose_name="thinking tokens"
                    ),
                ),
                (
                    "total_tokens",
                    models.PositiveIntegerField(blank=True, null=True, verbose_name="total tokens"),
                ),
                (
                    "recovered",
                    models.BooleanField(default=False, verbose_name="recovered from the spool"),
                ),
                (
                    "user",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="user",
                    ),
                ),
            ],
            options={
                "verbose_name": "explanation log",
                "ordering": ["-created_at", "-id"],
            },
        ),
        migrations.CreateModel(
            name="LogNeedingReview",
            fields=[],
            options={
                "verbose_name": "answer needing review",
                "verbose_name_plural": "answers needing review",
                "proxy": True,
                "indexes": [],
                "constraints": [],
            },
            bases=("explain.explanationlog",),
        ),
        migrations.CreateModel(
            name="FeedbackReport",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "created_at",
                    models.DateTimeField(
                        auto_now_add=True, db_index=True, verbose_name="created at"
                    ),
                ),
                (
                    "kind",
                    models.CharField(
                        choices=[("match", "match"), ("gap", "gap")],
                        max_length=5,
                        verbose_name="kind",
                    ),
                ),
                ("point", models.CharField(max_length=500, verbose_name="point")),
                (
                    "profile_quote",
                    models.CharField(blank=True, max_length=500, verbose_name="profile quote"),
                ),
                ("job_quote", models.CharField(max_length=500, verbose_name="job quote")),
                (
                    "reason",
                    models.CharField(
                        choices=[
                            ("not_in_profile", "My profile does not say this"),
                            ("not_in_job", "The job does not ask for this"),
                            ("misleading", "The quote does not support the point"),
                            ("offensive", "Offensive or inappropriate"),
                            ("other", "Something else"),
                            ("have_it", "I do have this"),
                        ],
                        max_length=20,
                        verbose_name="reason",
                    ),
                ),
                ("note", models.CharField(blank=True, max_length=300, verbose_name="note")),
                (
                    "times_reported",
                    models.PositiveIntegerField(default=1, verbose_name="times reported"),
                ),
                (
                    "status",
                    models.CharField(
                        choices=[
                            ("new", "New"),
                            ("confirmed", "Confirmed"),
                            ("dismissed", "Dismissed"),
                        ],
                        db_index=True,
                        default="new",
                        max_length=10,
                        verbose_name="status",
                    ),
                ),
                ("reviewer_note", models.TextField(blank=True, verbose_name="reviewer note")),
                (
                    "expected",
                    models.CharField(
                        blank=True,
                        choices=[
                            ("keep", "Keep: the point is fair"),
                            ("drop", "Drop: the verifier should remove it"),
                        ],
                        max_length=4,
                        verbose_name="expected",
                    ),
                ),
                (
                    "expected_reason",
                    models.CharField(blank=True, max_length=40, verbose_name="drop reason"),
                ),
                (
                    "reviewed_at",
                    models.DateTimeField(blank=True, null=True, verbose_name="reviewed at"),
                ),
                (
                    "log",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="reports",
                        to="explain.explanationlog",
                        verbose_name="explanation log",
                    ),
                ),
                (
                    "user",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="user",
                    ),
                ),
            ],
            options={
                "verbose_name": "feedback report",
                "ordering": ["-created_at", "-id"],
            },
        ),
        migrations.CreateModel(
            name="FeedbackReporter",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                (
                    "report",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="reporters",
                        to="explain.feedbackreport",
                    ),
                ),
                (
                    "user",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
        ),
        migrations.CreateModel(
            name="FlagMark",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "created_at",
                    models.DateTimeField(
                        auto_now_add=True, db_index=True, verbose_name="created at"
                    ),
                ),
                ("job_ref", models.CharField(db_index=True, max_length=64, verbose_name="job")),
                ("sentence", models.TextField(verbose_name="sentence")),
                ("fingerprint", models.CharField(max_length=64, unique=True)),
                ("language", models.CharField(blank=True, max_length=16, verbose_name="language")),
                ("kind", models.CharField(blank=True, max_length=32, verbose_name="kind")),
                ("how", models.CharField(blank=True, max_length=32, verbose_name="read")),
                (
                    "marked_by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="marked by",
                    ),
                ),
            ],
            options={
                "verbose_name": "flag marked as wrong",
                "verbose_name_plural": "flags marked as wrong",
                "ordering": ["-created_at", "-id"],
            },
        ),
        migrations.AddIndex(
            model_name="explanationlog",
            index=models.Index(fields=["-created_at", "-id"], name="explain_log_newest"),
        ),
        migrations.AddConstraint(
            model_name="feedbackreporter",
            constraint=models.UniqueConstraint(
                fields=("report", "user"), name="explain_one_report_per_user"
            ),
        ),
    ]
