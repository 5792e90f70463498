"""Every catalog of a language against its glossary (``locales/<lang>/glossary.po``) and house rules.

The glossary is a PO file that Weblate reads as a glossary: ``term`` entries (the seeds' words),
``avoid`` entries flagged ``forbidden`` (calques and drifting terms the reviewers found), ``name``
entries and ``rule`` entries. These tests read every msgstr of the language's catalogs, the pages'
(``docs-*.po``) and the engine's (``engine.po``, ``scorpion.po``, ``klondike.po``):

- no msgstr uses a form the glossary forbids (its ``#. match:`` expression, case-insensitive);
- every term of the glossary is used somewhere (a glossary that drifts from the catalogs is wrong);
- the house rules a machine can check: numbers of four or more digits grouped as the language
  groups them, no Vegas amount in the app's display form outside quotes, a true minus before a
  negative number, quotation marks that never nest in the same style (values rendered first, so an
  app message quoted inside quotes counts).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from site_support import ROOT

from engine.i18n import grouped
from hooks import po, values

TRANSLATED = ("hu", "ca", "ru")
LOCALES = ROOT / "locales"


def glossary(lang: str) -> dict[str, list]:
    """The glossary's entries by context: ``{"term": [Message, …], "avoid": …, "name": …, "rule": …}``."""
    found: dict[str, list] = {}
    for m in po.read(LOCALES / lang / "glossary.po", lang):
        if m.id:
            found.setdefault(m.context, []).append(m)
    return found


def pattern(message) -> re.Pattern:
    """The expression a glossary entry stands for: its ``match:`` comment, or the form itself."""
    for comment in message.auto_comments:
        if comment.startswith("match:"):
            return re.compile(comment[len("match:"):].strip(), re.I)
    return re.compile(r"(?<!\w)" + re.escape(message.string), re.I)


def catalog_texts(lang: str) -> list[tuple[str, str]]:
    """``(file:line, msgstr)`` for every translated message of the language's catalogs."""
    texts = []
    for path in sorted((LOCALES / lang / "LC_MESSAGES").glob("*.po")):
        shown = path.relative_to(ROOT).as_posix()
        for m in po.read(path, lang, shown):
            if not m.id or m.fuzzy:
                continue
            for text in (m.string,) if isinstance(m.string, str) else m.string:
                if text:
                    texts.append((f"{shown}:{m.lineno}", text))
    return texts


_PLACEHOLDER = re.compile(r"\{\{.*?\}\}|\{[a-z_]+\}", re.S)
_CODE = re.compile(r"`[^`]*`")
_LINK_TARGET = re.compile(r"\]\([^)]*\)|\{[:#.]?[^{}]*=[^{}]*\}|<[^>]*>|https?://\S+")


def prose(text: str) -> str:
    """What a reader reads of a msgstr, as far as typed characters go: values, code, link targets,
    markup and format fields left out (a value is formatted by Babel, not typed)."""
    return _LINK_TARGET.sub(" ", _CODE.sub(" ", _PLACEHOLDER.sub(" ", text)))


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_catalog_uses_a_form_the_glossary_forbids(lang):
    forbidden = [(m, pattern(m)) for m in glossary(lang).get("avoid", [])]
    assert forbidden, f"locales/{lang}/glossary.po lists no forms to avoid"
    assert all("forbidden" in m.flags for m, _ in forbidden)
    found = []
    for place, text in catalog_texts(lang):
        for m, expression in forbidden:
            hit = expression.search(prose(text))
            if hit:
                found.append(f"{place}: {hit.group(0)!r} is a form to avoid ({m.id}): {m.user_comments[0]}")
    assert found == [], "\n".join(found)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_glossary_term_is_used_by_the_catalogs(lang):
    texts = [prose(text) for _, text in catalog_texts(lang)]
    unused = [m.id for m in glossary(lang).get("term", []) if not any(pattern(m).search(t) for t in texts)]
    assert unused == []


def test_the_catalan_glossary_records_the_elision_before_s_and_a_consonant():
    terms = {m.id: m for m in glossary("ca")["term"]}
    assert "l’Scorpion" in terms["Scorpion, Spider with the article"].string
    assert any(pattern(m).search("el Scorpion i del Spider") for m in glossary("ca")["avoid"])


# -- house rules ------------------------------------------------------------------------------------

GROUPING = {"hu": "\u00a0", "ru": "\u00a0", "ca": "."}  # CLDR, as Babel formats the values
_NUMBER = re.compile(r"(?<![\w.,:/\-–−+])(\d[\d.,\u00a0\u202f ]*\d|\d)(?![\w.,]*\w)")


def ungrouped(text: str, lang: str) -> list[str]:
    """Numbers of four or more digits not grouped in threes as ``lang`` groups them, or grouped where
    it does not (hu „1000”, „12 345”); a year, 1900–2099 written as four digits, stays as it is."""
    bad = []
    for m in _NUMBER.finditer(prose(text)):
        number = m.group(1).rstrip(" ")
        digits = re.sub(r"\D", "", number)
        if len(digits) < 4 or (len(number) == 4 and 1900 <= int(number) <= 2099):
            continue
        whole = number.split(",")[0]
        if grouped(int(re.sub(r"\D", "", whole)), lang):
            if not re.fullmatch(r"\d{1,3}(?:%s\d{3})+" % re.escape(GROUPING[lang]), whole):
                bad.append(number)
        elif not whole.isdigit():  # hu: four digits stay together (CLDR's minimum grouping), „1000”
            bad.append(number)
    return bad


@pytest.mark.parametrize("lang", TRANSLATED)
def test_numbers_of_four_or_more_digits_are_grouped_as_the_language_groups_them(lang):
    found = [f"{place}: {n!r}" for place, text in catalog_texts(lang) for n in ungrouped(text, lang)]
    assert found == [], "\n".join(found)


def test_the_grouping_check_catches_an_ordinary_space_and_spares_years():
    assert ungrouped("az első 20 000 leosztás", "hu") == ["20 000"]
    assert ungrouped("első 1000 leosztás, 2019-ben", "hu") == []  # four digits stay together in hu
    assert ungrouped("az első 1\u00a0000 leosztás", "hu") == ["1\u00a0000"]
    assert ungrouped("els primers 1000 repartiments", "ca") == ["1000"]
    assert ungrouped("az első 20\u00a0000 leosztás (2019)", "hu") == []
    assert ungrouped("els primers 20.000 repartiments", "ca") == []


_QUOTES = {"hu": "„”", "ca": "«»", "ru": "«»"}
_MONEY = re.compile(r"\{\{[^{}]*\|\s*money\s*\}\}")
_TYPED_DOLLARS = re.compile(r"[+\-−]?\$\s?\d")


@pytest.mark.parametrize("lang", TRANSLATED)
def test_vegas_amounts_in_the_apps_form_only_inside_quotes(lang):
    # The app shows „+$208”; running prose says „+208 $” (| dollars). A quoted screen keeps | money.
    opening, closing = _QUOTES[lang]
    found = []
    for place, text in catalog_texts(lang):
        for m in _MONEY.finditer(text):
            if not (text[: m.start()].endswith(opening) and text[m.end():].startswith(closing)):
                found.append(f"{place}: {m.group(0)} outside {opening}…{closing} (use | dollars in prose)")
        found += [f"{place}: {m.group(0)!r} typed" for m in _TYPED_DOLLARS.finditer(prose(text))]
    assert found == [], "\n".join(found)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_negative_numbers_have_a_true_minus(lang):
    hyphen = re.compile(r"(?:^|(?<=[\s(„«]))-\d")
    found = [f"{place}: {text[:60]!r}" for place, text in catalog_texts(lang) if hyphen.search(prose(text))]
    assert found == [], "\n".join(found)


def nested(text: str, opening: str, closing: str) -> bool:
    """True when a quotation opens inside another one of the same style (»«, “” or „“ belong inside)."""
    depth = 0
    for ch in text:
        if ch == opening:
            depth += 1
            if depth > 1:
                return True
        elif ch == closing and depth:
            depth -= 1
    return False


def rendered(text: str, lang: str) -> str:
    try:
        return values.render(text, lang)
    except values.PlaceholderError:
        return text  # a format field of the engine's ({message}): its own catalog entry is checked


@pytest.mark.parametrize("lang", TRANSLATED)
def test_quotation_marks_never_nest_in_the_same_style(lang):
    opening, closing = _QUOTES[lang]
    found = [f"{place}: {text[:70]!r}" for place, text in catalog_texts(lang)
             if nested(rendered(text, lang), opening, closing)]
    assert found == [], "\n".join(found)


def test_the_nesting_check_sees_a_quoted_message_that_quotes():
    assert nested("нельзя («Счёт «Вегас»: колоду…»)", "«", "»")
    assert not nested("нельзя — Счёт «Вегас»: колоду можно пройти только один раз", "«", "»")


def test_every_language_has_a_glossary():
    assert sorted(p.parent.name for p in Path(LOCALES).glob("*/glossary.po")) == sorted(TRANSLATED)
