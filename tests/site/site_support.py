"""What the site tests share: the checkout, building a project, reading built pages, filling catalogs,
and the seed documents sentence by sentence."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from hooks import po  # noqa: E402

LANGUAGES = ("en", "hu", "ca", "ru")
SEEDS = Path(__file__).resolve().parent / "seeds"  # the seed documents, copied verbatim from ../shared/seeds


@dataclass
class Build:
    returncode: int
    output: str
    site: Path


def run_build(project: Path, site: Path, strict: bool = True) -> Build:
    cmd = [sys.executable, "-m", "mkdocs", "build", "--clean", "-f", str(project / "mkdocs.yml"), "-d", str(site)]
    if strict:
        cmd.append("--strict")
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", PYTHONPATH=str(ROOT))
    done = subprocess.run(cmd, cwd=project, env=env, capture_output=True, text=True, timeout=600)
    return Build(done.returncode, done.stdout + done.stderr, site)


def translated_entries(path: Path, lang: str) -> dict[str, str]:
    return {m.id: m.string for m in po.read(path, lang) if m.id and m.string}


def fill(path: Path, table: dict[str, str], lang: str) -> None:
    """Set the msgstr of every message of ``path`` that ``table`` translates."""
    catalog = po.read(path, lang)
    for message in catalog:
        if message.id and message.id in table:
            message.string = table[message.id]
            message.flags.discard("fuzzy")
    po.write(path, catalog)


def page_path(site: Path, lang: str, page: str) -> Path:
    """The built HTML of ``page`` (``scorpion/rules.md``) in ``lang``."""
    stem = page[: -len(".md")]
    rel = Path("index.html") if stem == "index" else Path(stem) / "index.html"
    return site / rel if lang == "en" else site / lang / rel


# -- reading a built page -------------------------------------------------------------------------

_BLOCK = frozenset("""address article aside blockquote body br button dd details dialog div dl dt fieldset
figcaption figure footer form h1 h2 h3 h4 h5 h6 header hr html label legend li main nav ol option output
p pre section select summary table tbody td tfoot th thead title tr ul""".split())
_VOID = frozenset("area base br col embed hr img input link meta source track wbr".split())
_SKIP = frozenset({"script", "style", "svg", "template", "noscript"})


class PageText(HTMLParser):
    """A built page's text as a reader sees it, one string per block (paragraph, item, cell …).

    ``blocks`` keeps inline code (its words are read with the sentence around them); ``prose`` leaves
    code out (``^`` is an operator in code, a glitch in prose). Scripts, styles, SVG and what is
    hidden from every reader (``aria-hidden="true"``: the rank letters drawn on the cards) are left out,
    and, given ``lang``, a block that fell back to English in a development build (``.i18n-fallback``,
    ``lang="en"``). A passage marked as English inside a sentence (a title, a name) stays: it is
    part of the sentence.
    """

    def __init__(self, lang: str | None = None, code_blocks: bool = False, foreign: bool = True):
        super().__init__(convert_charrefs=True)
        self.lang = lang
        self._keep_foreign = foreign  # False: leave out every passage marked as another language too
        self.blocks: list[str] = []
        self.prose: list[str] = []
        self._text: list[str] = []
        self._prose: list[str] = []
        self._skip: list[str] = []  # the tags whose content is left out, innermost last
        self._code = 0
        self._code_blocks = code_blocks

    def handle_starttag(self, tag, attrs):
        if tag in _VOID:
            if tag in _BLOCK:
                self._flush()
            return
        if self._skip:
            if tag == self._skip[-1]:
                self._skip.append(tag)
            return
        a = dict(attrs)
        hidden = a.get("aria-hidden") == "true"
        foreign = (self.lang is not None and a.get("lang") not in (None, self.lang)
                   and (not self._keep_foreign or "i18n-fallback" in (a.get("class") or "").split()))
        if tag in _SKIP or hidden or foreign or (tag == "pre" and not self._code_blocks):
            self._skip.append(tag)
            return
        if tag in _BLOCK:
            self._flush()
        if tag in ("code", "pre"):
            self._code += 1

    def handle_endtag(self, tag):
        if self._skip:
            if tag == self._skip[-1]:
                self._skip.pop()
            return
        if tag in ("code", "pre"):
            self._code = max(0, self._code - 1)
        if tag in _BLOCK:
            self._flush()

    def handle_data(self, data):
        if self._skip:
            return
        self._text.append(data)
        if not self._code:
            self._prose.append(data)

    def _flush(self):
        for buffer, out in ((self._text, self.blocks), (self._prose, self.prose)):
            text = normalized("".join(buffer))
            if text:
                out.append(text)
            buffer.clear()

    def close(self):
        super().close()
        self._flush()


def normalized(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").replace("\u202f", " ").split())


def read_page(path: Path, lang: str | None = None, foreign: bool = True) -> PageText:
    reader = PageText(lang, foreign=foreign)
    reader.feed(path.read_text(encoding="utf-8"))
    reader.close()
    return reader


def page_text(path: Path) -> str:
    """All of a page's blocks as one string (a sentence never spans two blocks)."""
    return "\n".join(read_page(path).blocks)


# -- the seeds, sentence by sentence --------------------------------------------------------------

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-ZÁÉÍÓÖŐÚÜŰÀÈÒÇ„«(])")
_DESCRIPTION = re.compile(r"^(tartalék|reserva): ")


def corrected(seed: str, corrections: dict[str, str]) -> str:
    for glitch, fix in corrections.items():
        assert glitch in seed, f"the correction {glitch!r} no longer matches the seed"
        seed = seed.replace(glitch, fix)
    return seed


def seed_parts(seed: str) -> tuple[list[str], list[str]]:
    """(sentences, description lines) of a seed: table cells and list items count as sentences."""
    sentences, descriptions = [], []
    for line in seed.splitlines():
        line = line.strip()
        if not line:
            continue
        if _DESCRIPTION.match(line):
            descriptions.append(line)
        elif line.startswith("|"):
            sentences += [c.strip() for c in line.strip("|").split("|") if c.strip() and not set(c.strip()) <= {"-"}]
        elif line.startswith("- "):
            sentences.append(line[2:])
        else:
            sentences += [s for s in _SENTENCE_END.split(line) if s]
    return sentences, descriptions


def seed_text(path: Path | None) -> str:
    if path is None:
        pytest.fail(f"seed not found under {SEEDS}", pytrace=False)
    return path.read_text(encoding="utf-8")
