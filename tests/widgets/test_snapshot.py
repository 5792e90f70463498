"""The widgets' memory snapshot as the build makes and ships it (hooks/widgets.py, hooks/snapshot.mjs,
hooks/snapshot_warmup.py). That a browser restores it, and falls back when it cannot, is proven in
tests/browser/test_runtime_smoke.py.
"""

from __future__ import annotations

import gzip
import json
import re
import subprocess
import sys
import zipfile
from html import unescape
from pathlib import Path

import pytest
from widget_site import LANGUAGES

from hooks import widgets

ROOT = Path(__file__).resolve().parents[2]


def snapshot_header(path: Path) -> dict:
    with gzip.open(path) as stream:
        start = stream.read(4096)
    assert start[:8] == b"SOLSNAP1"
    length = int.from_bytes(start[8:12], "little")
    return json.loads(start[12:length])


def test_the_warm_up_imports_every_engine_module_and_answers_every_game_in_every_language():
    # The warm-up runs in CPython as in Pyodide: a request the engine would refuse fails here first.
    code = ("import json; from hooks import snapshot_warmup as w; modules = w.warm_up(); w.forget_files(); "
            "w.answers_without_imports(); print(json.dumps(modules))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    modules = json.loads(done.stdout)
    engine_files = {".".join(p.relative_to(ROOT / "engine").with_suffix("").parts).removesuffix(".__init__")
                    for p in (ROOT / "engine").rglob("*.py")} - {"__init__", "__main__"}  # engine.solver's too
    assert {m.removeprefix("engine.") for m in modules} == engine_files  # Klondike and the solver too


def test_the_snapshot_key_names_the_pyodide_version_and_changes_with_the_wheel_and_the_scripts(
    tmp_path, monkeypatch
):
    wheel = tmp_path / "engine.whl"
    wheel.write_bytes(b"one wheel")
    recipe = [tmp_path / name for name in ("snapshot.mjs", "snapshot_warmup.py", "worker.mjs")]
    for path in recipe:
        path.write_text(path.name)
    monkeypatch.setattr(widgets, "SNAPSHOT_RECIPE", tuple(recipe))
    key = widgets.snapshot_key(wheel)
    assert key.startswith(widgets.pyodide_version() + "-")
    assert widgets.snapshot_key(wheel) == key
    wheel.write_bytes(b"another wheel")
    assert widgets.snapshot_key(wheel) != key
    for path in recipe:
        wheel.write_bytes(b"one wheel")
        path.write_text(path.name + " changed")
        assert widgets.snapshot_key(wheel) != key, path.name
        path.write_text(path.name)


def test_the_site_ships_the_snapshot_once_with_an_empty_standard_library_and_no_packages(site):
    (folder,) = (site / "snapshots").iterdir()
    assert sorted(p.name for p in folder.iterdir()) == sorted(widgets.SNAPSHOT_FILES)
    header = snapshot_header(folder / "engine.snapshot.gz")
    assert header["key"] == folder.name and folder.name.startswith(widgets.pyodide_version() + "-")
    with zipfile.ZipFile(folder / "python_stdlib.zip") as archive:
        assert archive.namelist() == []
    lock = json.loads((folder / "pyodide-lock.json").read_text())
    pyodide_lock = json.loads((widgets.PYODIDE_PACKAGE / "pyodide-lock.json").read_text())
    assert lock == {"info": pyodide_lock["info"], "packages": {}}
    for lang in ("hu", "ca", "ru"):
        assert not (site / lang / "snapshots").exists()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_widget_pages_name_the_snapshot_its_key_and_its_size(site, lang):
    page = site / ("" if lang == "en" else lang) / "klondike" / "rules" / "index.html"
    meta = re.search(r'<meta name="solitaire-runtime" content="([^"]*)">', page.read_text(encoding="utf-8"))
    snapshot = json.loads(unescape(meta.group(1)))["snapshot"]
    file = (page.parent / snapshot["url"]).resolve()
    assert not snapshot["url"].startswith(("/", "http")) and file.is_file()
    header = snapshot_header(file)
    assert snapshot["key"] == header["key"] == file.parent.name
    assert snapshot["size"] == header["size"]
