"""One page-not-found page per language (hooks/not_found.py, overrides/404.html), as built."""

from __future__ import annotations

import re

import pytest
from site_support import LANGUAGES, ROOT

from hooks import po
from hooks.messages import NOT_FOUND


def words(lang: str, msgid: str) -> str:
    if lang == "en":
        return msgid
    path = po.catalog_path(ROOT / "locales", lang, po.SITE)
    return po.translations(path, lang, str(path)).get("404", msgid).msgstr


def not_found(site, lang: str) -> str:
    return (site / ("404.html" if lang == "en" else f"{lang}/404.html")).read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_language_has_a_page_not_found_in_its_language(built_site, lang):
    html = not_found(built_site, lang)
    assert re.search(r'<html lang="(\w+)"', html)[1] == lang
    assert f'<h1 id="not-found">{words(lang, NOT_FOUND["title"])}</h1>' in html
    assert words(lang, NOT_FOUND["text"]) in html


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_page_not_found_leads_home_and_to_the_other_languages_homes(built_site, lang):
    html = not_found(built_site, lang)
    home = "/" if lang == "en" else f"/{lang}/"
    assert f'<a href="{home}">{words(lang, NOT_FOUND["home"])}</a>' in html
    links = dict((code, href) for href, code in re.findall(r'<a href="([^"]*)" hreflang="(\w+)"', html))
    assert links == {code: "/" if code == "en" else f"/{code}/" for code in LANGUAGES}
    nav = {re.search(r'href="([^"]*)"', a)[1] for a in re.findall(r'<a [^>]*class="md-nav__link"[^>]*>', html)}
    others = tuple(f"/{code}/" for code in LANGUAGES if code not in ("en", lang))
    assert nav and all(link.startswith(home) and not link.startswith(others) for link in nav), nav  # its pages


def test_the_english_page_not_found_is_english(built_site):
    # it used to be the last language built: a Russian title and navigation
    html = not_found(built_site, "en")
    assert "Правила" not in html and "<title>Scorpion and Klondike rules</title>" in html
