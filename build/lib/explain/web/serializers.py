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
        "point_unsupported), or null when it is the model's sentence.",
    )
    profile_quote = serializers.CharField(allow_blank=True)
    job_quote = serializers.CharField()
    profile_span = SpanSerializer(allow_null=True)
    job_span = SpanSerializer()
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
    demo = serializers.BooleanField(help_text="True when answers are recorded, not generated.")
    error = serializers.CharField(allow_null=True)
    retry_after = serializers.IntegerField(allow_null=True)
    matches = PointSerializer(many=True)
    gaps = PointSerializer(many=True)
    dropped = serializers.IntegerField()
    drop_reasons = serializers.DictField(child=serializers.IntegerField())
    drop_reason_lines = ReasonLineSerializer(many=True)
    notice = serializers.CharField(allow_null=True)
    reworded = serializers.IntegerField(help_text="Points code rewrote from their quotes.")
    rewritten = serializers.DictField(
        child=serializers.IntegerField(), help_text="Reworded points by reason code."
    )
    rewrite_lines = ReasonLineSerializer(many=True)
    reworded_notice = serializers.CharField(
        allow_null=True, help_text='"N point(s) were reworded to match their quotes."'
    )
    reword_intro = serializers.CharField(help_text="What rewording means, for the disclosure.")
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
