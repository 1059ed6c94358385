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


REQUIREMENT_STATES = ["shown", "not_found", "not_yet", "unchecked"]
STREAMED_STATES = ["pending", *REQUIREMENT_STATES]


class AmountsSerializer(serializers.Serializer):
    profile = serializers.CharField(
        help_text='Years or level the profile quote states ("5 years").'
    )
    job = serializers.CharField(help_text='Years or level the job quote states ("3+ years").')
    line = serializers.CharField(
        help_text='"Your profile: 5 years · This job: 3+ years": side by side, never compared.'
    )


class ReportTargetSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=Kind.values)
    index = serializers.IntegerField(
        help_text="The requirement's place in `matches` (shown) or `gaps` (not found, not "
        'yet): what POST /api/feedback/ takes with `log_id` for "this looks wrong".'
    )


class RequirementSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="1 for the posting's first requirement, and so on.")
    state = serializers.ChoiceField(
        choices=STREAMED_STATES,
        help_text="shown, not_found, not_yet or unchecked (pending only on the stream's "
        "first line, before it is checked). Never a score.",
    )
    state_label = serializers.CharField(
        help_text='The state in words ("Not found in your profile").'
    )
    state_line = serializers.CharField(
        help_text="The sentence this site writes for the requirement in its state, in the "
        "user's language; optional ones say so. Never the model's words."
    )
    term = serializers.CharField(help_text="What the job asks for, in the job's own words.")
    alternatives = serializers.ListField(
        child=serializers.CharField(),
        help_text='Other names of a choice ("ACCA", "ACA" for "CIMA, ACCA or ACA"): any '
        "one of them shows the requirement.",
    )
    alternatives_line = serializers.CharField(
        allow_null=True, help_text='"Any one of: “CIMA”, “ACCA”, “ACA”" when there is a choice.'
    )
    optional = serializers.BooleanField(help_text="True when the job lists it as optional.")
    job_quote = serializers.CharField(help_text="The posting's words that state it, exactly.")
    job_span = SpanSerializer(allow_null=True)
    job_quote_term = QuoteTermSerializer(allow_null=True)
    job_context = ContextSerializer(allow_null=True)
    profile_quote = serializers.CharField(
        allow_blank=True, help_text="Shown only: the profile's words that show it, exactly."
    )
    profile_span = SpanSerializer(
        allow_null=True,
        help_text="Where profile_quote (shown) or profile_said (not yet) is in the profile.",
    )
    profile_quote_term = QuoteTermSerializer(allow_null=True)
    profile_said = serializers.CharField(
        allow_null=True,
        help_text="Not yet only: the profile's words naming it as missing or wished for (\"no "
        'Kubernetes yet"), word for word.',
    )
    profile_said_line = serializers.CharField(allow_null=True)
    amounts = AmountsSerializer(
        allow_null=True,
        help_text="Shown only, and only when both quotes state years or a level of the same "
        "kind for this requirement.",
    )
    add_choices = serializers.ListField(
        child=serializers.CharField(),
        help_text="Not found or not yet only: the names a person may choose to add to their "
        "profile (each name of a choice), only names of a skill, qualification, tool or "
        "language; empty for any other phrase.",
    )
    report = ReportTargetSerializer(
        allow_null=True,
        help_text="Where a report on it goes; null for unchecked ones and on streamed lines.",
    )


class RequirementsSummarySerializer(serializers.Serializer):
    total = serializers.IntegerField(help_text="Requirements the posting lists (every viewer's).")
    # DRF's metaclass takes declared fields off the class, so this `required` is a key of
    # the answer, not Field.required.
    required = serializers.IntegerField()  # type: ignore[assignment]
    optional = serializers.IntegerField()
    counts = serializers.DictField(
        child=serializers.IntegerField(), help_text="Requirements per state, for this viewer."
    )
    listed_line = serializers.CharField(
        help_text='"This job lists 7 requirements, 2 of them optional.": the same for every viewer.'
    )
    line = serializers.CharField(
        help_text="The bottom line: listed_line, then how many of the required and the "
        "optional ones the profile shows. Counts, never a score."
    )


class NotReadSerializer(serializers.Serializer):
    field = serializers.CharField(help_text="The posting's field holding the line.")
    text = serializers.CharField(help_text="The line as the posting has it.")
    line = serializers.CharField(help_text='"Not read: “…”"')


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
    matches = PointSerializer(
        many=True, help_text="Deprecated (a view of `requirements`: the shown ones)."
    )
    gaps = PointSerializer(
        many=True, help_text="Deprecated (a view of `requirements`: not found and not yet)."
    )
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
        help_text="The bottom line in words (`requirements_summary.line` when there is a "
        "checklist); never a score.",
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
    requirements = RequirementSerializer(
        many=True,
        help_text="The checklist: every requirement of the posting once, in the posting's "
        "order, in one state. Empty when the answer has no checklist.",
    )
    requirements_summary = RequirementsSummarySerializer(allow_null=True)
    not_read = NotReadSerializer(
        many=True, help_text="Lines of the posting's requirements this site did not read."
    )


class StreamPointLineSerializer(PointSerializer):
    """One NDJSON line of a streamed answer: a point, sent once it passed every check."""

    event = serializers.ChoiceField(choices=["point"])


class StreamRequirementsLineSerializer(serializers.Serializer):
    """The first NDJSON line of a streamed checklist: the posting's list, states pending."""

    event = serializers.ChoiceField(choices=["requirements"])
    requirements = RequirementSerializer(many=True)
    listed_line = serializers.CharField(help_text="The posting's own count, in words.")
    not_read = NotReadSerializer(many=True)


class StreamRequirementLineSerializer(RequirementSerializer):
    """One NDJSON line of a streamed checklist: a requirement's state, once checked."""

    event = serializers.ChoiceField(choices=["requirement"])


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
