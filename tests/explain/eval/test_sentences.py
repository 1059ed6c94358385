"""explain.eval.sentences: the labels' English templates, filled only from the point."""

from __future__ import annotations

from dataclasses import dataclass

from explain.eval.sentences import point_kind, template_sentence


@dataclass(frozen=True)
class Point:
    term: str
    profile_term: str = ""
    profile_span: tuple[int, int] | None = None
    optional: bool = False


MATCH = (0, 4)


def test_a_match_says_where_the_words_are():
    point = Point("Java", "Java", MATCH)
    assert template_sentence(point) == "\u201cJava\u201d is in your profile and in this job."


def test_case_and_compatibility_forms_are_the_same_way_of_writing():
    assert "is in your profile and in this job" in template_sentence(
        Point("Django", "\uff24\uff4a\uff41\uff4e\uff47\uff4f", MATCH)
    )
    assert "is in your profile and in this job" in template_sentence(
        Point("Python", "python", MATCH)
    )


def test_a_match_written_another_way_names_both_forms():
    point = Point("PostgreSQL", "Postgres", MATCH)
    assert template_sentence(point) == (
        "\u201cPostgres\u201d in your profile; \u201cPostgreSQL\u201d in this job."
    )


def test_optional_matches_and_gaps_say_optional():
    assert template_sentence(Point("Docker", "Docker", MATCH, optional=True)) == (
        "\u201cDocker\u201d is in your profile; this job lists it as optional."
    )
    assert template_sentence(Point("Kubernetes", "k8s", MATCH, optional=True)) == (
        "\u201ck8s\u201d in your profile; this job lists \u201cKubernetes\u201d as optional."
    )
    assert template_sentence(Point("Rust", optional=True)) == (
        "This job lists \u201cRust\u201d as optional; it was not found in your profile."
    )


def test_a_gap_says_not_found_never_lacking():
    assert template_sentence(Point("AWS")) == (
        "This job asks for \u201cAWS\u201d; it was not found in your profile."
    )


def test_the_kind_is_the_points_own_when_it_has_one():
    @dataclass(frozen=True)
    class Kinded(Point):
        kind: str = "gap"

    assert point_kind(Kinded("AWS", profile_span=MATCH)) == "gap"
    assert point_kind(Point("AWS", profile_span=MATCH)) == "match"
    assert point_kind(Point("AWS")) == "gap"
