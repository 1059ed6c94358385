"""The model table: one name in, the request rules of its family out."""

from __future__ import annotations

from datetime import date

import pytest

from explain.llm.profiles import (
    DEFAULT_MODEL,
    FAMILIES,
    NEWEST,
    RETIRED,
    Thinking,
    family_for,
    is_valid_model_name,
    request_rules,
    retirement,
)
from support.fake_gemini import RETIRED_MODELS


def test_the_default_is_googles_replacement_for_the_retired_default():
    assert DEFAULT_MODEL == "gemini-3.5-flash-lite"
    assert RETIRED["gemini-2.5-flash"].replacement == DEFAULT_MODEL
    assert RETIRED["gemini-2.5-flash"].retired_on == date(2026, 12, 1)
    assert retirement(DEFAULT_MODEL) is None


@pytest.mark.parametrize(
    ("model", "family", "param", "thinking", "temperature", "bound"),
    [
        ("gemini-3.5-flash-lite", "Gemini 3.x Flash-Lite", Thinking.LEVEL, "MINIMAL", False, 3072),
        ("gemini-3.8-flash", "Gemini 3.x Flash", Thinking.LEVEL, "MINIMAL", False, 3072),
        ("gemini-3-pro-preview", "Gemini 3.x Pro", Thinking.LEVEL, "LOW", False, 4096),
        ("gemini-2.5-flash-lite", "Gemini 2.5 Flash-Lite", Thinking.BUDGET, 0, True, 2048),
        ("gemini-2.5-flash-001", "Gemini 2.5 Flash", Thinking.BUDGET, 0, True, 2048),
        ("gemini-2.5-pro", "Gemini 2.5 Pro", Thinking.BUDGET, 128, True, 2176),
    ],
)
def test_each_family_gets_its_rules_for_a_copying_task(
    model, family, param, thinking, temperature, bound
):
    rules = request_rules(model)
    assert (rules.family.name, rules.known) == (family, True)
    assert rules.thinking_param is param
    assert rules.thinking == thinking
    assert rules.send_temperature is temperature
    assert rules.max_output_tokens == bound


def test_an_unknown_name_gets_the_newest_familys_rules():
    family, known = family_for("gemini-flash-latest")
    assert (family, known) == (NEWEST, False)
    assert NEWEST is FAMILIES[0]
    rules = request_rules("gemini-flash-latest")
    assert (rules.thinking, rules.send_temperature, rules.known) == ("MINIMAL", False, False)


@pytest.mark.parametrize(
    ("model", "thinking", "expected"),
    [
        ("gemini-3.5-flash-lite", "low", "LOW"),
        ("gemini-3.5-flash-lite", "HIGH", "HIGH"),
        ("gemini-3-pro", "minimal", "LOW"),  # Pro takes LOW or HIGH only: kept at LOW
        ("gemini-2.5-flash-lite", 0, 0),
        ("gemini-2.5-flash-lite", 100, 0),  # 1-511 is not a budget Flash-Lite takes
        ("gemini-2.5-flash-lite", 512, 512),
        ("gemini-2.5-pro", 0, 128),  # Pro cannot switch thinking off
        ("gemini-2.5-flash", "LOW", 0),  # a level for a budget family
        ("gemini-3.5-flash-lite", 512, "MINIMAL"),  # a budget for a level family
        ("gemini-3.5-flash-lite", True, "MINIMAL"),
    ],
)
def test_explain_thinking_overrides_only_with_a_value_the_family_takes(model, thinking, expected):
    rules = request_rules(model, thinking=thinking)
    assert rules.thinking == expected
    taken = rules.family.thinking_problem(thinking) is None
    assert rules.thinking_overridden is taken


def test_the_output_bound_leaves_room_for_the_thinking_chosen():
    assert request_rules("gemini-3.5-flash-lite", thinking="HIGH").max_output_tokens > 16000
    assert request_rules("gemini-2.5-flash", thinking=4096).max_output_tokens == 2048 + 4096
    assert request_rules("gemini-2.5-flash", max_output_tokens=999).max_output_tokens == 999


@pytest.mark.parametrize(
    ("name", "valid"),
    [
        ("gemini-3.5-flash-lite", True),
        ("gemini-2.5-flash-001", True),
        ("gemini 3.5 flash", False),
        ("models/gemini-3.5-flash-lite", False),
        ("../gemini", False),
        ("gemini-3.5-flash-lite\u200b", False),
        ("gémini-3.5-flash", False),
        ("GEMINI-3.5", False),
        ("", False),
        (None, False),
        ("g" * 81, False),
    ],
)
def test_model_names_with_spaces_slashes_or_other_scripts_are_not_model_names(name, valid):
    assert is_valid_model_name(name) is valid


def test_retirement_covers_versions_of_a_retired_name_but_not_its_lite_sibling():
    assert retirement("gemini-2.5-flash-002") is RETIRED["gemini-2.5-flash"]
    assert retirement("gemini-2.5-flash-lite") is None
    assert retirement("gemini-2.5-pro") is RETIRED["gemini-2.5-pro"]


def test_the_fake_server_refuses_every_model_the_table_calls_retired():
    assert set(RETIRED) <= RETIRED_MODELS
