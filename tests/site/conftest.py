"""Fixtures for the site tests: the real site built once per session, and small scratch projects.

- ``built_site``      the checkout's site, built with ``mkdocs build --strict`` once per session
                      into a temporary folder (the build is the slow part; every test shares it).
- ``make_project``    factory: a scratch project (our mkdocs.yml with a short nav, the real hooks
                      and engine, the given pages and translations) for builds that must fail.
- ``build``           run ``mkdocs build`` on a project; returns ``Build(returncode, output, site)``.
"""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from hooks import catalogs, messages, po  # noqa: E402

LANGUAGES = ("en", "hu", "ca", "ru")


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


@pytest.fixture(scope="session")
def built_site(tmp_path_factory) -> Path:
    """The checkout's site, every language, built strictly once."""
    site = tmp_path_factory.mktemp("site")
    result = run_build(ROOT, site, strict=True)
    if result.returncode != 0:
        pytest.fail(f"the strict build of the site failed:\n{result.output[-4000:]}", pytrace=False)
    return site


@pytest.fixture
def build(tmp_path):
    def _build(project: Path, strict: bool = True) -> Build:
        return run_build(project, tmp_path / f"site-{'strict' if strict else 'dev'}", strict)

    return _build


@pytest.fixture
def make_project(tmp_path):
    """``make_project(pages, translations=None)``: a scratch project.

    ``pages`` maps a path in docs/ to its Markdown; ``translations`` maps a language to
    ``{msgid: msgstr}`` for its page catalogs (a msgid not given stays untranslated). The site
    catalog (nav titles, site name …) is always fully translated, from the checkout's own.
    """

    def _make(pages: dict[str, str], translations: dict[str, dict[str, str]] | None = None) -> Path:
        project = tmp_path / "project"
        (project / "docs").mkdir(parents=True)
        for link in ("hooks", "engine"):
            (project / link).symlink_to(ROOT / link, target_is_directory=True)
        config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
        config["nav"] = [{"Home": "index.md"}] + [{"Rules": p} for p in pages if p != "index.md"][:1]
        config.pop("extra_css", None)
        config.pop("watch", None)
        (project / "mkdocs.yml").write_text(yaml.safe_dump(config, allow_unicode=True, sort_keys=False),
                                            encoding="utf-8")
        for path, text in pages.items():
            (project / "docs" / path).parent.mkdir(parents=True, exist_ok=True)
            (project / "docs" / path).write_text(text, encoding="utf-8")
        site = messages.load_site(project / "mkdocs.yml")
        catalogs.extract(site, out=open(os.devnull, "w"))
        catalogs.update(site, out=open(os.devnull, "w"))
        for lang in site.languages:
            fill(po.catalog_path(site.locales, lang, po.SITE),
                 _entries(po.catalog_path(ROOT / "locales", lang, po.SITE), lang), lang)
            for slug in po.slugs_on_disk(site.locales, lang):
                if slug != po.SITE:
                    fill(po.catalog_path(site.locales, lang, slug), (translations or {}).get(lang, {}), lang)
        return project

    return _make


def _entries(path: Path, lang: str) -> dict[str, str]:
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
