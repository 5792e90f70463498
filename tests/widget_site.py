"""The site with its widgets, built once per test session (and per benchmark run) into a temporary folder.

The real-browser widget tests and ``bench/bench_widgets.py`` need the finished site: pages in every
language, the engine's wheel, the Pyodide runtime at the site root. ``built()`` runs ``mkdocs
build`` (not strict: the strict build is the site tests' business; a widget test must not fail on a
missing page translation) the first time it is called and returns the same folder afterwards.
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
def built() -> Path:
    """The site folder (built on the first call of the process)."""
    site = Path(tempfile.mkdtemp(prefix="solitaire-widget-site-"))
    atexit.register(shutil.rmtree, site, ignore_errors=True)
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--clean", "-f", str(ROOT / "mkdocs.yml"), "-d", str(site)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=900,
    )
    if done.returncode != 0:
        raise SiteBuildFailed(f"mkdocs build failed:\n{(done.stdout + done.stderr)[-4000:]}")
    return site


def page_url(base: str, lang: str, page: str = "scorpion/rules/") -> str:
    """The URL of ``page`` in ``lang`` on a server whose root URL is ``base`` (ends with /)."""
    return base + ("" if lang == "en" else f"{lang}/") + page
