"""The JSON shapes of the API, declared so the OpenAPI schema documents them."""

from __future__ import annotations

from rest_framework import serializers

from explain.models import FeedbackReport
from explain.outcomes import Kind, Outcome


class SpanSerializer(serializers.Serializer):
    start = serializers.IntegerField(help_text="Offset (code points) into the text sent.")
    end = serializers.IntegerField()
    field = serializers.CharField(allow_null=True, help_text="Field holding the quote, if one.")
    field_start = serializers.IntegerField(allow_null=True)
    field_end = serializers.IntegerField(allow_null=True)


class PointSerializer(serializers.Serializer):
    index = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=Kind.values)
    point = serializers.CharField(
        help_text="What the user reads: the model's sentence, or code's when `rewritten`."
    )
    term = serializers.CharField(help_text="The skill or requirement, in the job's own words.")
    rewritten = serializers.CharField(
        allow_null=True,
        help_text="Why code rewrote the point (point_judges, gap_blames_person, "
        "match_negated, point_unsupported), or null when it is the model's sentence.",
    )
    profile_quote = serializers.CharField(allow_blank=True)
    job_quote = serializers.CharField()
    profile_span = SpanSerializer(allow_null=True)
    job_span = SpanSerializer()


class ReasonLineSerializer(serializers.Serializer):
    text = serializers.CharField(help_text="The failed check, in plain words.")
    count = serializers.IntegerField(help_text="How many points failed it.")
    line = serializers.CharField(help_text='The whole line, e.g. "1 point: ...".')


class ExplanationSerializer(serializers.Serializer):
    outcome = serializers.ChoiceField(choices=Outcome.choices)
    ok = serializers.BooleanField()
    job_id = serializers.CharField()
    log_id = serializers.IntegerField(allow_null=True)
    demo = serializers.BooleanField(help_text="True when answers are recorded, not generated.")
    error = serializers.CharField(allow_null=True)
    retry_after = serializers.IntegerField(allow_null=True)
    matches = PointSerializer(many=True)
    gaps = PointSerializer(many=True)
    dropped = serializers.IntegerField()
    drop_reasons = serializers.DictField(child=serializers.IntegerField())
    drop_reason_lines = ReasonLineSerializer(many=True)
    notice = serializers.CharField(allow_null=True)


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


class FeedbackOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    saved = serializers.BooleanField()
