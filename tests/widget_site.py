"""The site with its widgets, built once per test session (and per benchmark run) into a temporary folder.

The real-browser widget tests and ``bench/bench_widgets.py`` need the finished site: pages in every
language, the engine's wheel, the Pyodide runtime at the site root. ``built()`` returns the
strict build the site tests share (``build(strict=True)``, run once per process), or a plain build
when the strict one fails: a widget test must not fail on a missing page translation.
"""

from __future__ import annotations

import atexit
import os
import shutil
import subprocess
import sys
import tempfile
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ("en", "hu", "ca", "ru")


class SiteBuildFailed(RuntimeError):
    pass


@cache
def build(strict: bool) -> tuple[int, str, Path]:
    """``mkdocs build`` of the checkout (``--strict`` or not), once per process: (exit code, output, folder)."""
    site = Path(tempfile.mkdtemp(prefix="solitaire-site-"))
    atexit.register(shutil.rmtree, site, ignore_errors=True)
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", PYTHONPATH=str(ROOT))
    cmd = [sys.executable, "-m", "mkdocs", "build", "--clean", "-f", str(ROOT / "mkdocs.yml"), "-d", str(site)]
    done = subprocess.run(cmd + ["--strict"] * strict, cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
    return done.returncode, done.stdout + done.stderr, site


def built() -> Path:
    """The site folder: the strict build's (which the site tests use too), or, when that one fails, a
    plain build's, so the widgets are still tested."""
    for strict in (True, False):
        code, output, site = build(strict)
        if code == 0:
            return site
    raise SiteBuildFailed(f"mkdocs build failed:\n{output[-4000:]}")


def page_url(base: str, lang: str, page: str = "scorpion/rules/") -> str:
    """The URL of ``page`` in ``lang`` on a server whose root URL is ``base`` (ends with /)."""
    return base + ("" if lang == "en" else f"{lang}/") + page
