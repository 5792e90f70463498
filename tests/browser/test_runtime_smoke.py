"""The browser runtime path works: self-hosted Pyodide in a module Web Worker, from a wheel or a snapshot.

DESIGN.md §5: Pyodide from the pinned npm package, served by the site itself (no CDN, no micropip),
in a module worker; the engine as a py3-none-any wheel built with PyPA `build`, installed with
`loadPackage(url)` and an error callback. The first tests build such a page in a temporary folder,
serve it from 127.0.0.1 and drive Debian's chromium through it.

DESIGN.md §5.2: the site's widget pages start from the build's memory snapshot instead, and fall
back to the wheel, with a warning, when the snapshot cannot be used. The last tests serve the built
site, as it is and with its snapshot missing, corrupt or made for something else.
"""

from __future__ import annotations

import gzip
import json
import shutil
import subprocess
import sys
import textwrap
import time
import zipfile
from pathlib import Path

import pytest
from pyodide_runtime import PYODIDE_FILES, stage_pyodide, write_probe_page

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
READY = '#probe[data-state="ready"], #probe[data-state="error"]'


def build_wheel(project: Path, outdir: Path) -> Path:
    """`python -m build --wheel --no-isolation`: the way the site build makes the engine's wheel."""
    finished = subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(outdir), str(project)],
        capture_output=True,
        text=True,
        cwd=project,
    )
    if finished.returncode != 0:
        last_lines = "\n".join((finished.stdout + finished.stderr).strip().splitlines()[-12:])
        pytest.fail(
            f"`python -m build --wheel --no-isolation {project}` failed:\n{last_lines}", pytrace=False
        )
    (wheel,) = outdir.glob("*.whl")
    assert wheel.name.endswith("-py3-none-any.whl"), wheel.name
    return wheel


def load_probe(page, server, *, timeout_ms: int = 120_000) -> tuple[str, dict, float]:
    """Open the probe page; return its final state, its JSON and the seconds from navigation to it."""
    started = time.perf_counter()
    page.goto(server.url + "index.html")
    probe = page.wait_for_selector(READY, state="attached", timeout=timeout_ms)
    seconds = time.perf_counter() - started
    return probe.get_attribute("data-state"), json.loads(probe.text_content()), seconds


@pytest.fixture
def probe_root(tmp_path) -> Path:
    root = tmp_path / "www"
    stage_pyodide(root / "pyodide")
    return root


def served_paths(server) -> set[str]:
    return {served.path for served in server.log}


def test_a_wheel_installs_with_load_package_in_a_module_worker(
    tmp_path, probe_root, static_server, page, page_log
):
    # A throwaway pure-Python project, independent of the engine's state: the runtime path alone.
    project = tmp_path / "probe-project"
    (project / "solitaire_probe").mkdir(parents=True)
    (project / "pyproject.toml").write_text(
        textwrap.dedent(
            """\
            [build-system]
            requires = ["hatchling"]
            build-backend = "hatchling.build"

            [project]
            name = "solitaire-probe"
            version = "1.0"
            requires-python = ">=3.11"
            """
        )
    )
    (project / "solitaire_probe" / "__init__.py").write_text(
        "GREETINGS = {'hu': 'Szia', 'ca': 'Hola', 'ru': 'Привет'}\n"
        "def greet(language):\n    return GREETINGS.get(language, 'Hello')\n"
    )
    wheel = build_wheel(project, probe_root)
    write_probe_page(
        probe_root,
        wheels=(wheel.name,),
        python=textwrap.dedent(
            """\
            import json, sys
            import solitaire_probe
            json.dumps({"greeting": solitaire_probe.greet("hu"), "python": sys.version.split()[0],
                        "platform": sys.platform, "where": solitaire_probe.__file__})
            """
        ),
    )
    server = static_server(probe_root)

    state, probe, seconds = load_probe(page, server)

    assert state == "ready", probe.get("error")
    assert probe["result"]["greeting"] == "Szia"
    assert probe["result"]["platform"] == "emscripten"
    assert probe["result"]["where"].startswith("/lib/python3")  # installed into site-packages
    # Exactly the runtime files listed in PYODIDE_FILES, the page, its worker and the wheel.
    assert served_paths(server) == {
        "/index.html",
        "/probe-worker.mjs",
        f"/{wheel.name}",
        *(f"/pyodide/{name}" for name in PYODIDE_FILES),
    }
    assert all(served.status == 200 for served in server.log), server.log
    # The page log sees the worker's requests too (the wasm is fetched by the worker).
    assert any(url.endswith("/pyodide/pyodide.asm.wasm") for url in page_log.requests)
    page_log.assert_clean()
    print(
        f"\nruntime smoke: navigation to ready {seconds * 1000:.0f} ms (page clock {probe['pageMs']:.0f} ms; "
        f"worker {json.dumps({k: round(v) for k, v in probe['workerMs'].items()})}), "
        f"{server.bytes_sent():,} bytes in {len(server.log)} requests, Python {probe['result']['python']}"
    )


@pytest.mark.allow_console_errors
def test_a_failed_wheel_is_reported_not_swallowed(probe_root, static_server, page, page_log):
    # loadPackage resolves even when the wheel is missing; the probe must turn that into an error.
    write_probe_page(probe_root, wheels=("missing-1.0-py3-none-any.whl",), python='"{}"')
    server = static_server(probe_root)

    state, probe, _ = load_probe(page, server)

    assert state == "error"
    assert "missing-1.0-py3-none-any.whl" in probe["error"]
    page_log.assert_local_only()


def test_the_engine_wheel_imports_in_pyodide(tmp_path, probe_root, static_server, page, page_log):
    # The real engine, built from this checkout as the site build does; every module must import
    # under Pyodide's Python as it does under CPython.
    wheel = build_wheel(ROOT, probe_root)
    with zipfile.ZipFile(wheel) as archive:
        modules = sorted(
            name[: -len(".py")].replace("/", ".").removesuffix(".__init__")
            for name in archive.namelist()
            if name.startswith("engine/") and name.endswith(".py") and not name.endswith("__main__.py")
        )
    assert modules, f"{wheel.name} holds no engine module"
    write_probe_page(
        probe_root,
        wheels=(wheel.name,),
        python=textwrap.dedent(
            f"""\
            import importlib, json, sys
            failures = {{}}
            for name in {modules!r}:
                try:
                    importlib.import_module(name)
                except Exception as error:
                    failures[name] = f"{{type(error).__name__}}: {{error}}"
            json.dumps({{"failures": failures, "python": sys.version.split()[0]}})
            """
        ),
    )
    server = static_server(probe_root)

    state, probe, seconds = load_probe(page, server)

    assert state == "ready", probe.get("error")
    assert probe["result"]["failures"] == {}
    page_log.assert_clean()
    print(
        f"\nengine wheel {wheel.name}: {len(modules)} modules import in Pyodide "
        f"(Python {probe['result']['python']}) in {seconds * 1000:.0f} ms from navigation"
    )


# ---- the widgets' memory snapshot (hooks/snapshot.mjs, docs/assets/solitaire/worker.mjs) ----------
#
# Pyodide's snapshot options are private to it (pinned in package.json): these tests are what tells
# that the pinned version still restores our snapshot in a real browser, and that a snapshot that
# cannot be used costs a reader time, never the widgets.

WIDGET_PAGE = "hu/scorpion/rules/"
WIDGET_READY = '#seed-deal[data-state="ready"], #seed-deal[data-state="error"]'
FALLBACK_WARNING = "memory snapshot"


def snapshot_file(site: Path) -> Path:
    (found,) = (site / "snapshots").glob("*/engine.snapshot.gz")
    return found


def open_widget_page(page, server) -> str:
    page.goto(server.url + WIDGET_PAGE)
    return page.wait_for_selector(WIDGET_READY, state="attached", timeout=120_000).get_attribute("data-state")


def warnings(page_log) -> list[str]:
    return [text for kind, text in page_log.console if kind == "warning"]


def assert_started_from_the_wheel(server, page_log) -> str:
    """The worker started the old way, after one warning that names the snapshot; returns the warning."""
    paths = served_paths(server)
    assert any(path.startswith("/wheels/") for path in paths) and "/pyodide/python_stdlib.zip" in paths
    (warning,) = [text for text in warnings(page_log) if FALLBACK_WARNING in text]
    assert "engine.snapshot.gz cannot be used" in warning
    return warning


@pytest.fixture
def site_copy(site, tmp_path) -> Path:
    copy = tmp_path / "site"
    shutil.copytree(site, copy)
    return copy


def rewrite_header(path: Path, **changes) -> None:
    """Change fields of the snapshot file's JSON header (the file stays a valid gzip stream)."""
    data = gzip.decompress(path.read_bytes())
    length = int.from_bytes(data[8:12], "little")
    header = json.loads(data[12:length].decode())
    header.update(changes)
    text = json.dumps(header, separators=(",", ":")).encode()
    new_length = -(-(12 + len(text)) // 16) * 16  # a multiple of 16, as the worker expects
    head = data[:8] + new_length.to_bytes(4, "little") + text.ljust(new_length - 12)
    path.write_bytes(gzip.compress(head + data[length:]))


def test_a_widget_page_starts_from_the_builds_memory_snapshot(site, static_server, page, page_log):
    server = static_server(site)

    assert open_widget_page(page, server) == "ready"

    paths = served_paths(server)
    snapshot = "/" + str(snapshot_file(site).relative_to(site))
    assert snapshot in paths
    # Neither the standard library nor the wheel: the snapshot holds the engine, imported and warmed up.
    assert not [path for path in paths if path.startswith("/wheels/") or path == "/pyodide/python_stdlib.zip"]
    assert not warnings(page_log)
    # The engine answers: the reader's first move is judged.
    page.click('#seed-deal [data-card="4H"]', position={"x": 5, "y": 5})
    page.click('#seed-deal [data-column="7"] .sol-column-label')
    page.wait_for_selector('#seed-deal [data-role="message"][data-legal="true"]', state="attached")


def test_a_corrupt_snapshot_is_reported_as_a_warning_and_the_wheel_starts_the_engine(
    site_copy, static_server, page, page_log
):
    snapshot = snapshot_file(site_copy)
    data = bytearray(snapshot.read_bytes())
    for at in range(len(data) // 2, len(data) // 2 + 64):
        data[at] ^= 0x5A
    snapshot.write_bytes(bytes(data))
    server = static_server(site_copy)

    assert open_widget_page(page, server) == "ready"

    assert_started_from_the_wheel(server, page_log)


@pytest.mark.allow_console_errors
def test_a_missing_snapshot_is_reported_as_a_warning_and_the_wheel_starts_the_engine(
    site_copy, static_server, page, page_log
):
    snapshot = snapshot_file(site_copy)
    snapshot.unlink()
    server = static_server(site_copy)

    assert open_widget_page(page, server) == "ready"

    assert "HTTP 404" in assert_started_from_the_wheel(server, page_log)
    # The browser's own report of the 404 is the only error.
    problems = page_log.console_errors + page_log.page_errors + page_log.failed_requests
    assert problems and all("engine.snapshot.gz" in problem or "404" in problem for problem in problems)


@pytest.mark.parametrize(("change", "reason"), [
    ({"key": "314.0.7-0000000000000000"}, "made for 314.0.7-0000000000000000"),
    ({"baseHash": 12345}, "differs from the one the snapshot was made against"),
])
def test_a_snapshot_made_for_another_engine_or_runtime_is_refused(
    site_copy, static_server, page, page_log, change, reason
):
    rewrite_header(snapshot_file(site_copy), **change)
    server = static_server(site_copy)

    assert open_widget_page(page, server) == "ready"

    assert reason in assert_started_from_the_wheel(server, page_log)
