"""Grammar by rule: Hungarian a/az (numbers read aloud), Catalan elision (typographic ’, as the seeds write it)."""

import pytest

from engine.grammar import ca_article, ca_de, ca_with_article, hu_article, hu_with_article


@pytest.mark.parametrize(
    "word, article",
    [
        # DESIGN §1: az 1., az 5., az 52, az 1000; a 2., a 10., a 100
        ("1.", "az"), ("5.", "az"), (52, "az"), (1000, "az"), ("2.", "a"), ("10.", "a"), (100, "a"),
        (11, "a"), (50, "az"), (500, "az"), (5000, "az"), (10000, "a"), (1_000_000, "az"), (3, "a"),
        ("ász", "az"), ("oszlop", "az"), ("kőr 4", "a"), ("Példák", "a"), ("tartalék", "a"),
    ],
)
def test_hungarian_article_follows_the_sound_of_the_next_word(word, article):
    assert hu_article(word) == article


def test_hungarian_article_at_the_start_of_a_sentence_is_capitalised():
    assert hu_with_article("1.", capital=True) == "Az 1."


@pytest.mark.parametrize(
    "word, article",
    [
        ("as", "l’"), ("or", "l’"), ("1", "l’"), ("11", "l’"),
        ("11a", "l’"), ("1r", "l’"),  # ordinals elide like their numbers
        ("rei", "el "), ("2", "el "), ("10", "el "), ("12", "el "), ("18", "el "), ("100", "el "),
        # vuit: a consonant
        ("8", "el "), ("80", "el "), ("8è", "el "), ("8,3", "el "), ("81,8", "el "), ("8.000", "el "),
        ("1,5", "l’"), ("11.000", "l’"), ("1.000.000", "l’"),  # u coma cinc, onze mil, un milió
        ("1.000", "el "), ("1.500", "el "),  # mil, mil cinc-cents
    ],
)
def test_catalan_article_elides_before_a_vowel_sound_and_not_before_vuit(word, article):
    assert ca_article(word) == article


def test_catalan_feminine_article_and_contractions():
    assert ca_article("dama", "f") == "la "
    assert ca_with_article("rei", preposition="de") == "del rei"
    assert ca_with_article("rei", preposition="a") == "al rei"
    assert ca_with_article("as", preposition="de") == "de l’as"
    assert ca_de("or") == "d’or" and ca_de("piques") == "de piques"
    assert ca_with_article("8,3\u00a0%", preposition="de") == "del 8,3\u00a0%"  # «del 8,3 %», not «de l’8,3 %»
    assert ca_de("8") == "de 8" and ca_de("11") == "d’11"
