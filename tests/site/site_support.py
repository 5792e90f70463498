"""What the site tests share: the checkout, building a project, reading built pages, filling catalogs."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from hooks import po  # noqa: E402

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
