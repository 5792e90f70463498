"""MkDocs hook: what the widgets need at run time — the engine's wheel and self-hosted Pyodide.

- ``on_pre_build``: build the engine as a ``py3-none-any`` wheel with PyPA ``build --wheel
  --no-isolation`` (pyodide-build cannot run here: it needs a Python 3.14 host and downloads a
  cross-build environment), then the widgets' memory snapshot from it (``hooks/snapshot.mjs``, in
  Node: Pyodide with the engine imported and warmed up). Once per build, not once per language:
  mkdocs-static-i18n runs the other languages' builds from inside the first one, with its
  ``building`` flag set. Both are cached in the system's temporary folder, the wheel by a hash of
  its sources and the snapshot by its key (the Pyodide version, the wheel's hash and the scripts
  that make and read it), so ``mkdocs serve`` and repeated builds make them again only when the
  engine changed (a snapshot takes Node seconds to make; ``make bench`` reports that cold cost).
- ``on_post_page``: a page with a widget or a board gets the stylesheet; a page with a widget also
  gets the script and a ``<meta name="solitaire-runtime">`` saying where the runtime, the wheel and
  the snapshot are, as URLs relative to the page (every language, any host, any sub-path).
- ``on_post_build``: copy the runtime files from ``node_modules/pyodide`` (the npm package pinned by
  package.json / package-lock.json) to ``<site>/pyodide/``, the wheel to ``<site>/wheels/<hash>/``
  and the snapshot's files to ``<site>/snapshots/<key>/``, once, at the site root, shared by every
  language.

The page script (``docs/assets/solitaire/widgets.js``) starts one module Web Worker per page
(``worker.mjs``), which restores Pyodide from the snapshot, or, when that cannot be used, loads
Pyodide from ``pyodide/`` and the wheel with ``loadPackage(url)``. No CDN, no micropip: nothing is
requested from any other origin.
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
ASSETS = "assets/solitaire/"
# Exactly what a module worker fetches to start Pyodide and install one wheel (the runtime smoke
# test, tests/browser/test_runtime_smoke.py, checks this list against a server's log).
PYODIDE_FILES = ("pyodide.mjs", "pyodide-lock.json", "python_stdlib.zip", "pyodide.asm.mjs", "pyodide.asm.wasm")
RUNTIME_DIR = "pyodide/"
WHEELS_DIR = "wheels/"
SNAPSHOTS_DIR = "snapshots/"
# What hooks/snapshot.mjs writes and the worker fetches: the snapshot, an empty standard library
# archive and a lock file without packages (the worker needs no module file and installs nothing).
SNAPSHOT_FILES = ("engine.snapshot.gz", "python_stdlib.zip", "pyodide-lock.json")
SNAPSHOT_STATS = "snapshot.json"  # the maker's report (sizes, seconds), kept in the cache only
SNAPSHOT_SCRIPT = _ROOT / "hooks" / "snapshot.mjs"
SNAPSHOT_TIMEOUT = 900  # seconds; about 20 on an idle machine
# Everything that decides a snapshot's bytes besides the runtime and the wheel: its key hashes them.
SNAPSHOT_RECIPE = (SNAPSHOT_SCRIPT, _ROOT / "hooks" / "snapshot_warmup.py", _ROOT / "docs" / ASSETS / "worker.mjs")
WIDGET_MARK = "data-widget="
BOARD_MARK = 'class="sol-board'

_wheel: dict[str, Path | str] = {}  # "path": the built wheel, "url": its place in the site
_snapshot: dict[str, Path | str | int] = {}  # "folder", "key", "size", "url" (the snapshot's place in the site)


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


def pyodide_version() -> str:
    try:
        return json.loads((PYODIDE_PACKAGE / "package.json").read_text(encoding="utf-8"))["version"]
    except (OSError, ValueError, KeyError):
        raise PluginError(f"{PYODIDE_PACKAGE}/package.json is missing or unreadable: "
                          "run `make setup` (npm ci)") from None


def snapshot_key(wheel: Path) -> str:
    """``<Pyodide version>-<hash>``: the hash covers the wheel and the scripts that make and read the snapshot."""
    digest = hashlib.sha256(wheel.read_bytes())
    for path in SNAPSHOT_RECIPE:
        digest.update(path.read_bytes())
    return f"{pyodide_version()}-{digest.hexdigest()[:16]}"


def make_snapshot(wheel: Path, cache: Path | None = None) -> Path:
    """The folder with the snapshot's files for ``wheel``, made with Node unless already cached.

    ``cache`` is the folder that holds one sub-folder per key (default: the system's temporary
    folder). The folder also holds :data:`SNAPSHOT_STATS`, the maker's report.
    """
    key = snapshot_key(wheel)
    cache = Path(cache or tempfile.gettempdir())
    outdir = cache / f"solitaire-pyodide-snapshot-{key}"
    if all((outdir / name).is_file() for name in (*SNAPSHOT_FILES, SNAPSHOT_STATS)):
        return outdir
    node = shutil.which("node")
    if node is None:
        raise PluginError("making the widgets' memory snapshot needs Node.js (`node`, which comes with npm): "
                          "install it, then `make setup`")
    cache.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f"solitaire-pyodide-snapshot-{key}-", dir=cache))
    try:
        try:
            finished = subprocess.run(
                [node, str(SNAPSHOT_SCRIPT), "--pyodide", str(PYODIDE_PACKAGE), "--wheel", str(wheel),
                 "--key", key, "--out", str(staging)],
                capture_output=True, text=True, cwd=_ROOT, timeout=SNAPSHOT_TIMEOUT,
            )
        except subprocess.TimeoutExpired:
            raise PluginError(f"making the widgets' memory snapshot (node hooks/snapshot.mjs) took more than "
                              f"{SNAPSHOT_TIMEOUT} s") from None
        if finished.returncode != 0:
            detail = (finished.stderr or finished.stdout).strip().splitlines()[-1:] or ["no output"]
            raise PluginError(f"making the widgets' memory snapshot failed (node hooks/snapshot.mjs): {detail[0]}")
        (staging / SNAPSHOT_STATS).write_text(finished.stdout.strip().splitlines()[-1], encoding="utf-8")
        try:
            staging.rename(outdir)
        except OSError:  # another build made the same snapshot meanwhile: keep that one
            if not outdir.is_dir():
                raise
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return outdir


def snapshot_stats(folder: Path) -> dict:
    return json.loads((folder / SNAPSHOT_STATS).read_text(encoding="utf-8"))


def on_pre_build(config):
    if not _outermost(config) and _wheel:
        return
    path = build_wheel()
    _wheel["path"] = path
    _wheel["url"] = f"{WHEELS_DIR}{path.parent.name.rsplit('-', 1)[-1]}/{path.name}"
    log.info(f"engine wheel {path.name} ({path.stat().st_size:,} bytes)")
    folder = make_snapshot(path)
    stats = snapshot_stats(folder)
    _snapshot.update(folder=folder, key=stats["key"], size=stats["size"],
                     url=f"{SNAPSHOTS_DIR}{stats['key']}/{SNAPSHOT_FILES[0]}")
    log.info(f"memory snapshot {stats['key']} ({stats['bytes']:,} bytes gzipped, {stats['size']:,} restored)")


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
                              "wheel": get_relative_url(str(_wheel["url"]), here),
                              "snapshot": {"url": get_relative_url(str(_snapshot["url"]), here),
                                           "key": _snapshot["key"], "size": _snapshot["size"]}})
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
    snapshots = site / SNAPSHOTS_DIR
    if snapshots.is_dir():  # drop the snapshots of earlier engines (mkdocs serve)
        for old in snapshots.iterdir():
            if old.name != _snapshot["key"]:
                shutil.rmtree(old, ignore_errors=True)
    folder = snapshots / str(_snapshot["key"])
    folder.mkdir(parents=True, exist_ok=True)
    for name in SNAPSHOT_FILES:
        _copy_if_changed(Path(_snapshot["folder"]) / name, folder / name)


def _copy_if_changed(source: Path, target: Path) -> None:
    if target.is_file() and target.stat().st_size == source.stat().st_size \
            and target.stat().st_mtime >= source.stat().st_mtime:
        return
    shutil.copy2(source, target)
