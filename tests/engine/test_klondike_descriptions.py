"""Klondike state descriptions (DESIGN.md §3.7) and the Klondike catalogs.

One paragraph per position and language: the stock, the waste and its top card, the foundations,
then each column with its face-down count and its face-up cards. Plurals come from the catalogs'
CLDR forms (Russian 1/2/5/21, Catalan's three forms); Hungarian keeps the noun singular after a
number („24 lap”). The catalogs are complete in hu, ca, ru and agree with the other domains.
"""

from __future__ import annotations

import string
from pathlib import Path

import pytest
from klondike_tables import klondike

import engine
from engine.i18n import LANGUAGES
from hooks import po

ROOT = Path(__file__).resolve().parents[2]
CODE = "KL1-D1N-AAAAAAG"


def test_the_deal_described_in_four_languages():
    pos = engine.deal(CODE)
    assert pos.describe("en") == (
        "Stock: 24 cards; waste: empty; foundations: empty. Column 1: ace of diamonds; column 2: 1 face-down "
        "card, then 7 of clubs; column 3: 2 face-down cards, then 9 of clubs; column 4: 3 face-down cards, then "
        "5 of diamonds; column 5: 4 face-down cards, then 8 of diamonds; column 6: 5 face-down cards, then 5 of "
        "hearts; column 7: 6 face-down cards, then ace of hearts."
    )
    assert pos.describe("hu") == (
        "Húzópakli: 24 lap; dobópakli: üres; alapok: üresek. 1. oszlop: káró ász; 2. oszlop: 1 lefordított lap, "
        "majd treff 7; 3. oszlop: 2 lefordított lap, majd treff 9; 4. oszlop: 3 lefordított lap, majd káró 5; "
        "5. oszlop: 4 lefordított lap, majd káró 8; 6. oszlop: 5 lefordított lap, majd kőr 5; 7. oszlop: 6 "
        "lefordított lap, majd kőr ász."
    )
    assert pos.describe("ca") == (
        "Munt: 24 cartes; descart: buit; bases: buides. Columna 1: as de diamants; columna 2: 1 tapada, després "
        "7 de trèvols; columna 3: 2 tapades, després 9 de trèvols; columna 4: 3 tapades, després 5 de diamants; "
        "columna 5: 4 tapades, després 8 de diamants; columna 6: 5 tapades, després 5 de cors; columna 7: 6 "
        "tapades, després as de cors."
    )
    assert pos.describe("ru") == (
        "Колода: 24 карты; сброс: пуст; основания: пусты. Столбец 1: туз бубён; столбец 2: 1 закрытая, затем "
        "семёрка треф; столбец 3: 2 закрытые, затем девятка треф; столбец 4: 3 закрытые, затем пятёрка бубён; "
        "столбец 5: 4 закрытые, затем восьмёрка бубён; столбец 6: 5 закрытых, затем пятёрка червей; столбец 7: "
        "6 закрытых, затем туз червей."
    )


@pytest.mark.parametrize(
    ("stock", "waste", "lang", "start"),
    [
        ("8h", "2C", "en", "Stock: 1 card; waste: 1 card, 2 of clubs on top; "),
        ("8h 7h", "2C 3D", "en", "Stock: 2 cards; waste: 2 cards, 3 of diamonds on top; "),
        ("8h", "2C", "hu", "Húzópakli: 1 lap; dobópakli: 1 lap, treff 2; "),
        ("8h 7h", "2C 3D", "hu", "Húzópakli: 2 lap; dobópakli: 2 lap, a legfelső: káró 3; "),
        ("8h", "2C", "ca", "Munt: 1 carta; descart: 1 carta, 2 de trèvols; "),
        ("8h 7h", "2C 3D", "ca", "Munt: 2 cartes; descart: 2 cartes, la de dalt: 3 de diamants; "),
        ("8h", "2C", "ru", "Колода: 1 карта; сброс: 1 карта, сверху двойка треф; "),
        ("8h 7h", "2C 3D", "ru", "Колода: 2 карты; сброс: 2 карты, сверху тройка бубён; "),
        ("8h 7h 6h 5h 4h", "2C 3D 4D 5D 6D", "ru", "Колода: 5 карт; сброс: 5 карт, сверху шестёрка бубён; "),
    ],
)
def test_stock_and_waste_counts_take_the_languages_plurals(stock, waste, lang, start):
    assert klondike("... 9S", stock=stock, waste=waste).describe(lang).startswith(start)


def test_russian_21_takes_the_singular_form():
    stock = " ".join(r + "h" for r in "a23456789tjqk") + " " + " ".join(r + "d" for r in "a2345678")  # 21 cards
    pos = klondike("... 9S", stock=stock)
    assert pos.describe("ru").startswith("Колода: 21 карта; ")
    assert pos.describe("en").startswith("Stock: 21 cards; ")


def test_foundations_count_the_cards_and_say_the_named_ones_are_the_top_cards():
    # 4 cards on the foundations, two of them named: the sentence says the named ones are on top
    pos = klondike("... 9S", foundations="3S/-/AD/-")
    assert "; foundations: 4 cards, on top: 3 of spades and ace of diamonds. " in pos.describe("en")
    assert "; az alapokon 4 lap, legfelül: pikk 3 és káró ász. " in pos.describe("hu")
    assert "; bases: 4 cartes (les de dalt: 3 de piques i as de diamants). " in pos.describe("ca")
    assert "; на основаниях 4 карты, сверху тройка пик и туз бубён. " in pos.describe("ru")
    pos = klondike("... 9S", foundations="AS/-/-/-")
    assert "; на основаниях 1 карта, сверху туз пик. " in pos.describe("ru")
    assert "; bases: 1 carta (as de piques). " in pos.describe("ca")


def test_an_empty_column_and_a_won_game():
    pos = klondike("", "... KS", foundations="-/-/-/-")
    assert "Column 1: empty; column 2: " in pos.describe("en")
    assert "1. oszlop: üres; 2. oszlop: " in pos.describe("hu")
    won = klondike(foundations="KS/KH/KD/KC")
    assert won.describe("en").endswith("Every card is on the foundations: the game is won.")
    assert won.describe("ca").endswith("Totes les cartes són a les bases: la partida està guanyada.")
    assert won.describe("ru").endswith("Все карты на основаниях: пасьянс сошёлся.")
    assert ("foundations: 52 cards, on top: king of spades, king of hearts, king of diamonds, and king of clubs."
            in won.describe())


def test_descriptions_are_one_line():
    pos = klondike("... 9S", "", "KH QS", stock="8h", waste="2C 3D", foundations="AS/-/AD/-")
    for lang in LANGUAGES:
        assert "\n" not in pos.describe(lang) and pos.describe(lang).endswith(".")


# -- the catalogs ----------------------------------------------------------------------------------


def entries(lang: str, domain: str) -> dict:
    path = ROOT / "locales" / lang / "LC_MESSAGES" / f"{domain}.po"
    return {(m.context, m.id if isinstance(m.id, str) else m.id[0]): m for m in po.read(path, lang) if m.id}


def forms(text: str | tuple) -> tuple:
    return text if isinstance(text, tuple) else (text,)


@pytest.mark.parametrize("lang", ["hu", "ca", "ru"])
def test_klondike_catalog_is_complete_and_not_fuzzy(lang):
    found = entries(lang, "klondike")
    assert found, "klondike.po has entries"
    missing = [key for key, m in found.items() if m.fuzzy or not all(forms(m.string))]
    assert missing == []
    english = entries("en", "klondike")
    assert set(found) == set(english)
    for key, m in found.items():  # the same placeholders as the English
        placeholders = {name for text in forms(english[key].id) for name in _fields(text)}
        for text in forms(m.string):
            assert set(_fields(text)) <= placeholders, (key, text)


def _fields(text: str) -> list[str]:
    return [name for _, name, _, _ in string.Formatter().parse(text) if name]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_message_in_two_domains_reads_the_same_in_both(lang):
    # Catalogs are merged at run time: a msgid shared with Scorpion or the core must not diverge.
    # (Where Scorpion words a shared reason its own way, its entry has its own msgctxt, reason|scorpion:
    # tests/engine/test_scorpion_rules.py.)
    klondike_po = entries(lang, "klondike")
    for domain in ("engine", "scorpion"):
        other = entries(lang, domain)
        for key in set(klondike_po) & set(other):
            assert klondike_po[key].string == other[key].string, (domain, key)
