"""Spelling: hunspell (Debian's hunspell with hunspell-hu, -ca, -ru; ``make test`` installs them)
flags at most 0.5% of the words of each language's built pages, names and marked English passages
aside.

The words are every page's text as a reader gets it (site_support.PageText): scripts, code and
what is hidden from every reader (the rank letters drawn on the cards) left out, and the passages
marked as another language (``lang="en"`` titles and names, the language names) left out too. A card
written as a symbol (``K♦``) and a token with a digit (``7♠``, ``2014-ben``, ``d’11``, ``KL1-D1N``)
are no words. A name is a word the English version of the page
also has as it is (Scorpion, Klondike, Goodsol, playsolitaire.io), with the language's endings
(„Scorpionban”, «l’Scorpion»), or a ``name`` of the language's glossary (ru Блейк, Фишера).
No private word list: a word hunspell does not know counts.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from site_support import ROOT, PageText

from hooks import po

DICTIONARIES = {"hu": "hu_HU", "ca": "ca_ES", "ru": "ru_RU"}
LIMIT = 0.005

_CARD = re.compile(r"(?:10|[2-9AJQKT])[♠♥♦♣]")  # K♦, Q♥: cards written as symbols
_WITH_DIGITS = re.compile(r"\S*\d\S*")  # 7♠, 2014-ben, d’11, 13-й, KL1-D1N: numbers and codes, not words
_WORD = re.compile(r"[^\W\d_]+(?:['’·\-][^\W\d_]+)*")  # col·locar, l’Scorpion, Klondike-ban
_ELIDED = re.compile(r"^(?:[ldnsmt]|qu)['’](?=\w)", re.I)
_DANGLING = re.compile(r"(?<![\w`])-[^\W\d_]+|(?<!\w)[^\W\d_]['’](?!\w)")  # `Z`-ig, d’`A`: code left out


class Words(PageText):
    """The page's prose with a space at every tag, so two labels side by side stay two words."""

    def handle_starttag(self, tag, attrs):
        super().handle_starttag(tag, attrs)
        self.handle_data(" ")

    def handle_endtag(self, tag):
        super().handle_endtag(tag)
        self.handle_data(" ")


def words(path: Path, lang: str) -> list[str]:
    page = Words(lang, foreign=False)
    page.feed(path.read_text(encoding="utf-8"))
    page.close()
    text = _WITH_DIGITS.sub(" ", _CARD.sub(" ", "\n".join(page.prose)))
    return _WORD.findall(_DANGLING.sub(" ", text))


def names(lang: str) -> list[str]:
    return [m.string for m in po.read(ROOT / "locales" / lang / "glossary.po", lang) if m.context == "name"]


def is_name(word: str, english: set[str], glossary: list[str]) -> bool:
    bare = _ELIDED.sub("", word)
    stems = [w for w in english if len(w) >= 3 and w[0].isupper()] + glossary
    return (bare in english or bare.split("-")[0] in english  # npm-csomagból
            or any(bare.startswith(stem) for stem in stems))


def misspelled(text_words: list[str], lang: str) -> list[str]:
    """The words hunspell does not know, one entry per occurrence."""
    done = subprocess.run(["hunspell", "-d", DICTIONARIES[lang], "-l"], input="\n".join(text_words),
                          capture_output=True, text=True, check=True)
    return done.stdout.split()


def spelling(site: Path, lang: str) -> tuple[int, list[str]]:
    """(words, the flagged ones that are not names) over every page of ``lang``."""
    glossary = names(lang)
    total, flagged = 0, []
    for page in sorted((site / lang).rglob("index.html")):
        english = set(words(site / page.relative_to(site / lang), "en"))
        english |= {part for w in english for part in re.split(r"['’\-]", w)}  # Klondike-Solver, Goodsol's
        found = words(page, lang)
        total += len(found)
        flagged += [w for w in misspelled(found, lang) if not is_name(w, english, glossary)]
    return total, flagged


@pytest.fixture(scope="module")
def hunspell():
    if shutil.which("hunspell") is None:
        pytest.fail("hunspell is missing: `make test` installs it (Debian: hunspell hunspell-hu hunspell-ca "
                    "hunspell-ru)", pytrace=False)
    listed = subprocess.run(["hunspell", "-D"], input="", capture_output=True, text=True).stderr
    missing = [d for d in DICTIONARIES.values() if f"/{d}" not in listed]
    if missing:
        pytest.fail(f"hunspell has no dictionary {', '.join(missing)} (Debian: hunspell-hu hunspell-ca hunspell-ru)",
                    pytrace=False)


@pytest.mark.parametrize("lang", sorted(DICTIONARIES))
def test_hunspell_flags_at_most_half_a_percent_of_the_words(built_site, hunspell, lang):
    total, flagged = spelling(built_site, lang)
    assert total > 10_000
    rate = len(flagged) / total
    print(f"\nspelling {lang}: {len(flagged)} of {total} words flagged ({rate:.2%}): {sorted(set(flagged))}")
    assert rate <= LIMIT, f"{lang}: {len(flagged)} of {total} words ({rate:.2%}): {sorted(set(flagged))}"


def test_a_misspelling_is_flagged_and_a_name_is_not(hunspell):
    assert misspelled(["lapanként", "laponként"], "hu") == ["lapanként"]
    assert is_name("l’Scorpion", {"Scorpion"}, []) and is_name("Scorpionban", {"Scorpion"}, [])
    assert is_name("Фишера", set(), ["Фишер"]) and not is_name("решатель", set(), ["Фишер"])
