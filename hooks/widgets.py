"""MkDocs hook: what the widgets need at run time — the engine's wheel and self-hosted Pyodide.

- ``on_pre_build``: build the engine as a ``py3-none-any`` wheel with PyPA ``build --wheel
  --no-isolation`` (pyodide-build cannot run here: it needs a Python 3.14 host and downloads a
  cross-build environment). Once per build, not once per language: mkdocs-static-i18n runs the
  other languages' builds from inside the first one, with its ``building`` flag set. The wheel is
  cached by a hash of its sources, so ``mkdocs serve`` rebuilds it only when the engine changed.
- ``on_post_page``: a page with a widget or a board gets the stylesheet; a page with a widget also
  gets the script and a ``<meta name="solitaire-runtime">`` saying where the runtime and the wheel
  are, as URLs relative to the page (every language, any host, any sub-path).
- ``on_post_build``: copy the runtime files from ``node_modules/pyodide`` (the npm package pinned by
  package.json / package-lock.json) to ``<site>/pyodide/`` and the wheel to
  ``<site>/wheels/<hash>/``, once, at the site root, shared by every language.

The page script (``docs/assets/solitaire/widgets.js``) starts one module Web Worker per page
(``worker.mjs``), which loads Pyodide from ``pyodide/`` and the wheel with ``loadPackage(url)``.
No CDN, no micropip: nothing is requested from any other origin.
"""

from __future__ import annotations

import hashlib
import html
import json
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.plugins import get_plugin_logger
from mkdocs.utils import get_relative_url

_ROOT = Path(__file__).resolve().parent.parent

log = get_plugin_logger("widgets")

PYODIDE_PACKAGE = _ROOT / "node_modules" / "pyodide"
# Exactly what a module worker fetches to start Pyodide and install one wheel (the runtime smoke
# test, tests/browser/test_runtime_smoke.py, checks this list against a server's log).
PYODIDE_FILES = ("pyodide.mjs", "pyodide-lock.json", "python_stdlib.zip", "pyodide.asm.mjs", "pyodide.asm.wasm")
RUNTIME_DIR = "pyodide/"
WHEELS_DIR = "wheels/"
ASSETS = "assets/solitaire/"
WIDGET_MARK = "data-widget="
BOARD_MARK = 'class="sol-board'

_wheel: dict[str, Path | str] = {}  # "path": the built wheel, "url": its place in the site


def _outermost(config) -> bool:
    """True in the build mkdocs started (the default language), False in the builds that
    mkdocs-static-i18n runs for the other languages from inside it."""
    plugin = config.plugins.get("i18n")
    return not getattr(plugin, "building", False)


def _sources_hash() -> str:
    digest = hashlib.sha256()
    files = [_ROOT / "pyproject.toml", _ROOT / "hooks" / "wheel_catalogs.py", *sorted((_ROOT / "engine").rglob("*.py"))]
    files += sorted(p for p in (_ROOT / "locales").glob("*/LC_MESSAGES/*.po") if not p.name.startswith("docs-"))
    for path in files:
        if "__pycache__" in path.parts:
            continue
        digest.update(str(path.relative_to(_ROOT)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def build_wheel() -> Path:
    """The engine's wheel, built with PyPA ``build`` (cached by the hash of its sources)."""
    key = _sources_hash()
    outdir = Path(tempfile.gettempdir()) / f"solitaire-engine-wheel-{key}"
    found = sorted(outdir.glob("*-py3-none-any.whl")) if outdir.is_dir() else []
    if found:
        return found[0]
    staging = Path(tempfile.mkdtemp(prefix="solitaire-engine-wheel-"))
    finished = subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(staging), str(_ROOT)],
        capture_output=True, text=True, cwd=_ROOT,
    )
    wheels = sorted(staging.glob("*-py3-none-any.whl"))
    if finished.returncode != 0 or len(wheels) != 1:
        detail = (finished.stderr or finished.stdout).strip().splitlines()[-1:] or ["no wheel written"]
        raise PluginError(f"building the engine wheel failed (python -m build --wheel --no-isolation): {detail[0]}")
    if outdir.exists():
        shutil.rmtree(outdir, ignore_errors=True)
    staging.rename(outdir)
    return outdir / wheels[0].name


def on_pre_build(config):
    if not _outermost(config) and _wheel:
        return
    path = build_wheel()
    _wheel["path"] = path
    _wheel["url"] = f"{WHEELS_DIR}{path.parent.name.rsplit('-', 1)[-1]}/{path.name}"
    log.info(f"engine wheel {path.name} ({path.stat().st_size:,} bytes)")


_ID = re.compile(r'\sid="([^"]*)"')
_WIDGET_ID = re.compile(r'<div class="sol-widget[^"]*" id="([^"]*)"')


def check_ids(output: str, where: str) -> None:
    """A widget's id (and its deep links, ``<id>-<move>``) must be unique on its page: two widgets
    with one id, or a widget named like a heading, would send links to the wrong place."""
    counts = Counter(_ID.findall(output))
    for wid in _WIDGET_ID.findall(output):
        clashes = [i for i in counts if counts[i] > 1 and (i == wid or re.fullmatch(re.escape(wid) + r"-\d+", i))]
        if clashes:
            raise PluginError(f"{where}: widget id {wid!r}: {clashes[0]!r} is used more than once on the page "
                              "(give each widget an id of its own, unlike any heading's)")


def on_post_page(output: str, page, config) -> str:
    has_widget = WIDGET_MARK in output
    if not has_widget and BOARD_MARK not in output:
        return output
    here = page.url
    if has_widget:
        check_ids(output, f"docs/{page.file.src_uri}")

    def rel(url: str) -> str:
        return html.escape(get_relative_url(url, here), quote=True)

    head = f'<link rel="stylesheet" href="{rel(ASSETS + "widgets.css")}">'
    if has_widget:
        if not _wheel:
            raise PluginError("widgets.py: the engine wheel was not built (on_pre_build did not run)")
        runtime = json.dumps({"index": get_relative_url(RUNTIME_DIR, here),
                              "wheel": get_relative_url(str(_wheel["url"]), here)})
        head = f'<meta name="solitaire-runtime" content="{html.escape(runtime, quote=True)}">{head}'
        head += f'<script type="module" src="{rel(ASSETS + "widgets.js")}"></script>'
    if "</head>" not in output:
        raise PluginError(f"widgets.py: {page.file.src_uri}: the page has no </head> to put the widget assets in")
    return output.replace("</head>", head + "</head>", 1)


def on_post_build(config):
    if not _outermost(config):
        return
    site = Path(config.site_dir)
    missing = [name for name in PYODIDE_FILES if not (PYODIDE_PACKAGE / name).is_file()]
    if missing:
        raise PluginError(f"{PYODIDE_PACKAGE} lacks {', '.join(missing)}: run `make setup` (npm ci)")
    runtime = site / RUNTIME_DIR
    runtime.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        _copy_if_changed(PYODIDE_PACKAGE / name, runtime / name)
    wheels = site / WHEELS_DIR
    target = site / _wheel["url"]
    if wheels.is_dir():  # drop the wheels of earlier engine versions (mkdocs serve)
        for old in wheels.iterdir():
            if old.name != target.parent.name:
                shutil.rmtree(old, ignore_errors=True)
    target.parent.mkdir(parents=True, exist_ok=True)
    _copy_if_changed(_wheel["path"], target)


def _copy_if_changed(source: Path, target: Path) -> None:
    if target.is_file() and target.stat().st_size == source.stat().st_size \
            and target.stat().st_mtime >= source.stat().st_mtime:
        return
    shutil.copy2(source, target)
