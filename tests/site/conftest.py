"""Fixtures for the site tests: the real site built once per session, and small scratch projects.

- ``built_site``      the checkout's site, built with ``mkdocs build --strict`` once per session
                      into a temporary folder (the build is the slow part; every test shares it).
- ``make_project``    factory: a scratch project (our mkdocs.yml with a short nav, the real hooks
                      and engine, the given pages and translations) for builds that must fail.
- ``build``           run ``mkdocs build`` on a project; returns ``Build(returncode, output, site)``.

Helpers that tests import live in ``site_support.py`` (a plain module: ``conftest`` is not importable
by name when several folders have one).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import widget_site
import yaml
from site_support import ROOT, Build, fill, run_build, translated_entries

from hooks import catalogs, messages, po


@pytest.fixture(scope="session")
def built_site() -> Path:
    """The checkout's site, every language, built strictly once (shared with the widget tests)."""
    code, output, site = widget_site.build(strict=True)
    if code != 0:
        pytest.fail(f"the strict build of the site failed:\n{output[-4000:]}", pytrace=False)
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
        for link in ("hooks", "engine", "overrides"):
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
                 translated_entries(po.catalog_path(ROOT / "locales", lang, po.SITE), lang), lang)
            for slug in po.slugs_on_disk(site.locales, lang):
                if slug != po.SITE:
                    fill(po.catalog_path(site.locales, lang, slug), (translations or {}).get(lang, {}), lang)
        return project

    return _make
