"""The JSON shapes of the API, declared so the OpenAPI schema documents them."""

from __future__ import annotations

from rest_framework import serializers

from explain.models import NOTE_MAX_LENGTH, FeedbackReport
from explain.outcomes import Kind, Outcome


class SpanSerializer(serializers.Serializer):
    start = serializers.IntegerField(help_text="Offset (code points) into the text sent.")
    end = serializers.IntegerField()
    field = serializers.CharField(allow_null=True, help_text="Field holding the quote, if one.")
    field_start = serializers.IntegerField(allow_null=True)
    field_end = serializers.IntegerField(allow_null=True)


class ContextSerializer(serializers.Serializer):
    before = serializers.CharField(allow_blank=True, help_text="Words before the quote.")
    quote = serializers.CharField(help_text="The quoted words as the posting has them.")
    after = serializers.CharField(allow_blank=True, help_text="The rest of the sentence.")


class QuoteTermSerializer(serializers.Serializer):
    before = serializers.CharField(allow_blank=True, help_text="The quote before the term.")
    term = serializers.CharField(help_text="The term as this side's quote writes it.")
    after = serializers.CharField(allow_blank=True, help_text="The quote after the term.")


class PointSerializer(serializers.Serializer):
    index = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=Kind.values)
    point = serializers.CharField(
        help_text="What the user reads: the sentence this site writes from the term and "
        "the quotes, in the user's language. Never the model's words."
    )
    term = serializers.CharField(help_text="The skill or requirement, in the job's own words.")
    profile_term = serializers.CharField(
        allow_blank=True,
        help_text="A match's term as the profile writes it, when it differs from `term`; "
        "else empty.",
    )
    optional = serializers.BooleanField(
        help_text="True when the job lists the term as optional (never shown as required)."
    )
    job_amount = serializers.CharField(
        allow_blank=True, help_text='Years or level the job quote states ("5+ years"), or empty.'
    )
    profile_amount = serializers.CharField(
        allow_blank=True, help_text='Years or level the profile quote states ("3 years"), or empty.'
    )
    amounts_line = serializers.CharField(
        allow_null=True,
        help_text='"Your profile: 3 years · This job: 5+ years" when both quotes state one; '
        "never compared.",
    )
    profile_said = serializers.CharField(
        allow_null=True,
        help_text="A gap's words of the profile that name the term only as missing or wished "
        'for ("no Kubernetes yet"), word for word; else null.',
    )
    profile_said_line = serializers.CharField(
        allow_null=True,
        help_text='"Your profile: “no Kubernetes yet”" when `profile_said` is set; else null.',
    )
    profile_quote = serializers.CharField(allow_blank=True)
    job_quote = serializers.CharField()
    profile_span = SpanSerializer(allow_null=True)
    job_span = SpanSerializer()
    profile_quote_term = QuoteTermSerializer(
        allow_null=True,
        help_text="The profile quote split around the term in the profile's own words "
        '("Postgres"), to mark it; null for a gap.',
    )
    job_quote_term = QuoteTermSerializer(
        allow_null=True,
        help_text='The job quote split around the term in the job\'s own words ("PostgreSQL").',
    )
    job_context = ContextSerializer(
        allow_null=True, help_text="The sentence of the posting around the job quote."
    )


class ReasonLineSerializer(serializers.Serializer):
    text = serializers.CharField(help_text="The failed check, in plain words.")
    count = serializers.IntegerField(help_text="How many points failed it.")
    line = serializers.CharField(help_text='The whole line, e.g. "1 point: ...".')


class ExplanationSerializer(serializers.Serializer):
    outcome = serializers.ChoiceField(choices=Outcome.choices)
    ok = serializers.BooleanField()
    job_id = serializers.CharField()
    log_id = serializers.IntegerField(allow_null=True)
    demo = serializers.BooleanField(
        help_text="True in demo mode: answers are recorded or come from a local word "
        "matcher, not from a model."
    )
    demo_notice = serializers.CharField(
        allow_null=True,
        help_text="In demo mode, where the points come from (a recording, or the word "
        "matcher on this server), in words to show; null otherwise.",
    )
    error = serializers.CharField(allow_null=True)
    retry_after = serializers.IntegerField(allow_null=True)
    matches = PointSerializer(many=True)
    gaps = PointSerializer(many=True)
    dropped = serializers.IntegerField()
    drop_reasons = serializers.DictField(child=serializers.IntegerField())
    drop_reason_lines = ReasonLineSerializer(many=True)
    notice = serializers.CharField(allow_null=True)
    written_by = serializers.CharField(
        help_text="Said once: the points' sentences are written by this site from the "
        "quoted words, not by the AI."
    )
    cut_notices = serializers.ListField(
        child=serializers.CharField(),
        help_text='One line per text too long to send whole: "Only the first N of M words ..."',
    )
    summary = serializers.CharField(
        allow_null=True,
        help_text="Counts of verified matches and gaps in words; never a score.",
    )
    remembered = serializers.BooleanField(
        help_text="True when shown again from the user's last visit (no model call)."
    )
    made_at = serializers.DateTimeField(
        allow_null=True, help_text="When the model wrote the draft shown."
    )
    made_line = serializers.CharField(
        allow_null=True, help_text="How old a cached explanation is, in words."
    )


class StreamPointLineSerializer(PointSerializer):
    """One NDJSON line of a streamed answer: a point, sent once it passed every check."""

    event = serializers.ChoiceField(choices=["point"])


class StreamResultLineSerializer(ExplanationSerializer):
    """The last NDJSON line of a streamed answer: the whole JSON answer."""

    event = serializers.ChoiceField(choices=["result"])


class FeedbackInputSerializer(serializers.Serializer):
    log_id = serializers.IntegerField(min_value=1)
    kind = serializers.ChoiceField(choices=Kind.values)
    index = serializers.IntegerField(min_value=0, max_value=50)
    reason = serializers.ChoiceField(choices=FeedbackReport.Reason.choices)
    note = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=NOTE_MAX_LENGTH,
        help_text='Optional words for "Something else"; shown to admins only.',
    )


class FeedbackOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    saved = serializers.BooleanField()
