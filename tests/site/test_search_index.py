"""Search per language (hooks/search_index.py), as built: each language has its own index, with the
lunr language that stems its words where lunr has one (en, hu, ru) and exact words for Catalan; each
page searches its own language's index; no index reads the widgets' internals."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from site_support import LANGUAGES, page_path

from engine import render
from hooks import search_index

OTHERS = {lang: tuple(f"{o}/" for o in LANGUAGES if o not in (lang, "en")) for lang in LANGUAGES}


def index_of(site: Path, lang: str) -> dict:
    root = site if lang == "en" else site / lang
    return json.loads((root / "search" / "search_index.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_language_has_an_index_of_its_own_pages(built_site, lang):
    docs = index_of(built_site, lang)["docs"]
    pages = {d["location"].split("#")[0] for d in docs}
    assert "scorpion/rules/" in pages and "klondike/faq/" in pages and "" in pages
    assert not [d["location"] for d in docs if d["location"].startswith(("hu/", "ca/", "ru/"))]
    assert len(docs) == len({d["location"] for d in docs})


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_index_speaks_its_pages_language(built_site, lang):
    # every title of the index is a title of a page of that language
    docs = index_of(built_site, lang)["docs"]
    home = page_path(built_site, lang, "index.md").read_text(encoding="utf-8")
    first = next(d for d in docs if d["location"] == "")
    assert first["title"] and first["title"] in home


@pytest.mark.parametrize(("lang", "lunr", "stems"), [("en", "en", True), ("hu", "hu", True), ("ru", "ru", True),
                                                     ("ca", "en", False)])
def test_words_are_stemmed_where_lunr_knows_the_language_and_exact_in_catalan(built_site, lang, lunr, stems):
    config = index_of(built_site, lang)["config"]
    assert config["lang"] == [lunr]
    assert ("stemmer" in config["pipeline"]) == stems
    if not stems:  # no English stop words or stemmer cutting Catalan words
        assert config["pipeline"] == []
        assert re.match(config["separator"], "’") and re.match(config["separator"], "«")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_searches_its_own_language(built_site, lang):
    html = page_path(built_site, lang, "scorpion/rules.md").read_text(encoding="utf-8")
    config = json.loads(re.search(r'<script id="__config" type="application/json">(.*?)</script>', html, re.S)[1])
    assert config["base"] == "../.."  # the language's root, two folders up from scorpion/rules/
    assert config["search"].startswith("../../" + ("" if lang == "en" else "../") + search_index.WORKER)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_index_reads_the_widgets_internals(built_site, lang):
    # the hints and toggles are marked data-search-exclude (search_text.py keeps them out in every build)
    texts = " ".join(d["text"] for d in index_of(built_site, lang)["docs"])
    for key in ("replay-hint", "show-description", "show-board", "controls"):
        assert render.text(key, lang) not in texts, key


def test_the_split_keeps_each_languages_entries_relative_to_its_root():
    gathered = {"config": {"lang": ["en", "hu"], "separator": "[\\s\\-]+", "pipeline": ["stopWordFilter"]},
                "docs": [{"location": "", "title": "Home"}, {"location": "hu/x/#a", "title": "X"},
                         {"location": "x/", "title": "X"}, {"location": "hu/", "title": "Kezdőlap"}]}
    split = search_index.split(gathered, "en", ["en", "hu"])
    assert [d["location"] for d in split["en"]["docs"]] == ["", "x/"]
    assert [d["location"] for d in split["hu"]["docs"]] == ["x/#a", ""]
    assert split["hu"]["config"]["lang"] == ["hu"] and "stemmer" in split["hu"]["config"]["pipeline"]
