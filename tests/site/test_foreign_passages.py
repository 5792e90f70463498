"""Passages in another language are marked with ``lang`` (WCAG 3.1.2), so a screen reader reads an
English title with an English voice and a spell checker leaves it alone.

The English source marks them (``<span lang="en">…</span>``, ``*Title*{lang=en}``, a heading's
``{#id lang=en}``; the language names on the home page with their own ``lang``); every translation
keeps the marks (``make i18n-check`` counts them), and the built pages show it: each passage the
English page marks is marked on the Hungarian, Catalan and Russian page too. The win-rate table's
published sources, which a directive writes, carry the marks of their translations.
"""

from __future__ import annotations

from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

import pytest
from site_support import normalized

TRANSLATED = ("hu", "ca", "ru")


class Marked(HTMLParser):
    """``(lang, text)`` of every element inside the page's ``<article>`` that names its language (a
    widget's ``<div lang>``, which says the language of the engine's words, is not a passage)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[str, str]] = []
        self._open: list[tuple[str, str | None, list[str]]] = []  # (tag, lang, text)
        self._article = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("br", "img", "meta", "link", "input", "hr", "wbr", "source"):
            return
        if tag == "article":
            self._article += 1
        lang = dict(attrs).get("lang") if self._article and tag != "div" else None
        self._open.append((tag, lang, []))

    def handle_endtag(self, tag):
        while self._open:
            open_tag, lang, text = self._open.pop()
            if lang:
                self.found.append((lang, normalized("".join(text)).rstrip("¶ ")))
            if self._open:
                self._open[-1][2].extend(text)
            if open_tag == tag:
                break
        if tag == "article":
            self._article -= 1

    def handle_data(self, data):
        if self._open:
            self._open[-1][2].append(data)


def marked(path: Path) -> list[tuple[str, str]]:
    reader = Marked()
    reader.feed(path.read_text(encoding="utf-8"))
    return reader.found


def english_pages(site: Path) -> list[Path]:
    languages = {site / lang for lang in TRANSLATED}
    return sorted(p for p in site.rglob("index.html") if not any(parent in languages for parent in p.parents))


def test_the_english_source_marks_its_foreign_passages(built_site):
    # The titles of the works the site cites, the people who wrote them, the language names.
    sources = Counter(text for lang, text in marked(built_site / "sources" / "index.html") if lang == "en")
    assert sources["The Winnability of Klondike Solitaire and Many Other Patience Games"] == 1
    assert sources["Fast Splittable Pseudorandom Number Generators"] == 1
    assert sources["Charlie Blake"] == 1
    home = dict((text, lang) for lang, text in marked(built_site / "index.html"))
    assert (home["Magyar"], home["Català"], home["Русский"]) == ("hu", "ca", "ru")


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_english_passage_is_marked_in_every_language(built_site, lang):
    missing = {}
    pages = english_pages(built_site)
    assert len(pages) > 10
    for english in pages:
        wanted = Counter(text for mark, text in marked(english) if mark == "en")
        if not wanted:
            continue
        page = built_site / lang / english.relative_to(built_site)
        shown = Counter(text for mark, text in marked(page) if mark == "en")
        lost = wanted - shown
        if lost:
            missing[page.relative_to(built_site).as_posix()] = sorted(lost)
    assert missing == {}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_win_rate_tables_mark_the_english_titles_of_their_sources(built_site, lang):
    shown = Counter(text for mark, text in marked(built_site / lang / "statistics" / "index.html") if mark == "en")
    measured = winrates_presets()  # a table shows only the presets the win-rate run has reached
    if "klondike-draw1" in measured or "klondike-draw3" in measured:
        assert shown["The Winnability of Klondike Solitaire and Many Other Patience Games"] >= 1
    if "scorpion-wasp" in measured or "scorpion-traditional" in measured:
        assert shown["Wasp Solitaire"] >= 1


def winrates_presets() -> set[str]:
    from hooks import stats  # noqa: PLC0415

    return set(stats.load())
