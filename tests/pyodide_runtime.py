"""The self-hosted Pyodide runtime, staged and probed outside the site (tests and benchmarks).

The npm package ``pyodide`` (pinned in package.json / package-lock.json, installed by ``npm ci``)
holds more than a page needs. A page that starts Pyodide in a module Web Worker and installs one
wheel with ``loadPackage(url)`` fetches exactly :data:`PYODIDE_FILES`, nothing else (the runtime
smoke test asserts this against the server's log).

:func:`write_probe_page` writes a minimal page: it starts a module worker, the worker loads Pyodide,
installs the given wheels (failing on any ``errorCallback`` message: ``loadPackage`` resolves
even when a package failed), runs a Python snippet and posts its result back. The page shows the
outcome in ``#probe[data-state="loading|ready|error"]``, its text is JSON.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYODIDE_PACKAGE = ROOT / "node_modules" / "pyodide"

# What a module worker fetches to start Pyodide, in the order it asks for them.
PYODIDE_FILES = (
    "pyodide.mjs",  # the loader: `import { loadPyodide } from "./pyodide.mjs"`
    "pyodide-lock.json",  # the package index; read at start even when no package comes from it
    "python_stdlib.zip",  # the standard library
    "pyodide.asm.mjs",  # the Emscripten glue
    "pyodide.asm.wasm",  # CPython compiled to WebAssembly
)


class PyodideMissing(RuntimeError):
    """node_modules/pyodide is not installed (`make setup` runs `npm ci`)."""


def pyodide_version() -> str:
    return json.loads((PYODIDE_PACKAGE / "package.json").read_text())["version"]


def stage_pyodide(destination: Path) -> Path:
    """Copy the runtime files into ``destination`` (created) and return it."""
    missing = [name for name in PYODIDE_FILES if not (PYODIDE_PACKAGE / name).is_file()]
    if missing:
        raise PyodideMissing(f"{PYODIDE_PACKAGE} lacks {', '.join(missing)}: run `make setup`")
    destination.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        shutil.copyfile(PYODIDE_PACKAGE / name, destination / name)
    return destination


PROBE_PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<link rel="icon" href="data:,">
<title>Pyodide probe</title>
</head>
<body>
<output id="probe" data-state="loading">loading</output>
<script type="application/json" id="probe-config">__CONFIG__</script>
<script type="module">
const probe = document.getElementById("probe");
const config = JSON.parse(document.getElementById("probe-config").textContent);
// Pyodide 314 refuses classic workers: the worker must be a module.
const worker = new Worker(new URL(config.worker, location.href), { type: "module" });
const settle = (state, payload) => {
  probe.textContent = JSON.stringify({ ...payload, pageMs: performance.now() });
  probe.dataset.state = state;
};
worker.onmessage = (event) => settle(event.data.state, event.data);
worker.onerror = (event) => settle("error", { error: `worker: ${event.message || "failed to start"}` });
worker.postMessage({
  indexURL: new URL(config.indexURL, location.href).href,
  wheels: config.wheels.map((wheel) => new URL(wheel, location.href).href),
  python: config.python,
});
</script>
</body>
</html>
"""

PROBE_WORKER = """import { loadPyodide } from "./__INDEX__pyodide.mjs";

self.onmessage = async ({ data }) => {
  const started = performance.now();
  try {
    const pyodide = await loadPyodide({ indexURL: data.indexURL });
    const loaded = performance.now();
    const problems = [];
    if (data.wheels.length) {
      // loadPackage resolves even when a package failed: its errorCallback is the only signal.
      await pyodide.loadPackage(data.wheels, {
        messageCallback: () => {},
        errorCallback: (message) => problems.push(message),
      });
    }
    if (problems.length) throw new Error(`loadPackage: ${problems.join("; ")}`);
    const installed = performance.now();
    const result = JSON.parse(pyodide.runPython(data.python));
    self.postMessage({
      state: "ready",
      result,
      workerMs: { loadPyodide: loaded - started, loadPackage: installed - loaded,
                  python: performance.now() - installed },
    });
  } catch (error) {
    self.postMessage({ state: "error", error: String((error && error.stack) || error) });
  }
};
"""


def write_probe_page(
    root: Path,
    *,
    python: str,
    wheels: tuple[str, ...] = (),
    runtime: str = "pyodide/",
    page: str = "index.html",
    worker: str = "probe-worker.mjs",
) -> Path:
    """Write the probe page and its worker into ``root``; return the page's path.

    ``python`` is run with ``runPython`` after the wheels are installed; its last expression must
    be a JSON string (``json.dumps(...)``). ``wheels`` and ``runtime`` are URLs relative to the page.
    The worker lives next to the page, so ``runtime`` is relative to it as well.
    """
    config = {"worker": worker, "indexURL": runtime, "wheels": list(wheels), "python": python}
    config_json = json.dumps(config).replace("</", "<\\/")
    (root / page).write_text(PROBE_PAGE.replace("__CONFIG__", config_json), encoding="utf-8")
    (root / worker).write_text(PROBE_WORKER.replace("__INDEX__", runtime), encoding="utf-8")
    return root / page
