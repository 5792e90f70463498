"""Inline values ``{{ … }}``: numbers from the engine, with each language's grammar (hooks/values.py)."""

from __future__ import annotations

import pytest

from hooks import values

FACTS = {"deck": 52, "columns": 7, "face_down": 12, "places": 4, "vegas_win": 208, "vegas_start": -52, "zero": 0}


def facts(game, rules):
    """A stand-in for engine.facts, for these unit tests only."""
    if game != "scorpion":
        raise values.PlaceholderError(f"unknown game {game!r}")
    return dict(FACTS, face_down=9 if rules == "scorpion-ii" else 12)


def render(text, lang="en"):
    return values.render(text, lang, facts)


def test_a_fact_is_a_number_from_the_engine():
    assert render("{{ scorpion.face_down }} face-down cards") == "12 face-down cards"


def test_rules_select_the_facts_of_a_preset():
    assert render("{{ scorpion[scorpion-ii].face_down }}") == "9"


@pytest.mark.parametrize(("number", "expected"), [
    ("1 | ordinal", "az 1."), ("2 | ordinal", "a 2."), ("5 | ordinal", "az 5."), ("10 | ordinal", "a 10."),
    ("scorpion.deck", "az 52"), ("100", "a 100"), ("1000", "az 1000"), ("11 | ordinal", "a 11."),
])
def test_hungarian_article_follows_the_number_as_read(number, expected):
    # DESIGN.md §1: az 1., az 5., az 52, az 1000; a 2., a 10., a 100 (never "a(z)", "a 1.", "a 5.")
    assert render(f"{{{{ az {number} }}}}", "hu").replace("\u00a0", " ") == expected
    assert render(f"{{{{ a {number} }}}}", "hu").replace("\u00a0", " ") == expected


def test_hungarian_article_is_capitalised_at_a_sentence_start():
    assert render("{{ Az scorpion.deck }} lap", "hu") == "Az 52 lap"


@pytest.mark.parametrize(("n", "form"), [(1, "1 карта"), (2, "2 карты"), (4, "4 карты"), (5, "5 карт"),
                                         (11, "11 карт"), (12, "12 карт"), (21, "21 карта"), (22, "22 карты")])
def test_russian_plural_forms_come_from_cldr(n, form):
    text = f'{{{{ {n} | plural one="# карта" few="# карты" many="# карт" }}}}'
    assert render(text, "ru") == form


def test_a_missing_plural_category_takes_other():
    assert render('{{ 5 | plural one="# carta" other="# cartes" }}', "ca") == "5 cartes"


def test_a_plural_without_the_needed_form_is_an_error():
    with pytest.raises(values.PlaceholderError, match="many"):
        render('{{ 5 | plural one="# карта" few="# карты" }}', "ru")


def test_catalan_article_elides_before_a_vowel_sound_and_not_before_vuit():
    assert render("{{ el 11 }}, {{ el 5 }}, {{ la 1 }}, {{ d' 11 }}, {{ del 4 }}, {{ al 8 }}", "ca") == \
        "l’11, el 5, l’1, d’11, del 4, al 8"  # the seeds' typographic apostrophe; «al 8», «del 8,3 %»


def test_vegas_money_is_the_apps_format():
    # seed 001: „+$208”, „$0” vagy „-$52”
    assert [render(f"{{{{ scorpion.{k} | money }}}}") for k in ("vegas_win", "zero", "vegas_start")] == \
        ["+$208", "$0", "-$52"]


def test_ordinals_per_language():
    assert [render("{{ 2 | ordinal }}", lang) for lang in ("en", "hu", "ca", "ru")] == ["2nd", "2.", "2n", "2-й"]
    assert render("{{ 1 | ordinal f }}", "ca") == "1a"


def test_numbers_are_formatted_for_the_language():
    assert render("{{ 1000 }}", "en") == "1,000"
    assert render("{{ 1000 }}", "ca") == "1.000"


@pytest.mark.parametrize(("text", "message"), [
    ("{{ scorpion.nope }}", "unknown fact 'scorpion.nope'"),
    ("{{ scorpion.deck | frob }}", "unknown filter 'frob'"),
    ("{{ az scorpion.deck }}", "unknown article 'az' for en"),
    ('{{ scorpion.deck | plural one="x }}', "unexpected"),
    ("{{ }}", r"expected \[article\] value"),
])
def test_a_bad_value_is_a_one_line_error(text, message):
    with pytest.raises(values.PlaceholderError, match=message) as info:
        render(text)
    assert "\n" not in str(info.value)


def test_check_finds_problems_without_the_engine():
    assert values.check('{{ scorpion.deck | plural one="# карта" }}', "ru")
    assert values.check("{{ az scorpion.deck }}", "hu") == []


def test_names_lists_the_values_a_translation_must_keep():
    assert values.names("{{ az scorpion.deck }} and {{ scorpion.face_down | signed }}") == \
        ["scorpion.deck", "scorpion.face_down"]
