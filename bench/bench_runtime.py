"""The bare self-hosted Pyodide runtime, cold: the baseline a widget page is compared with.

A page that only starts Pyodide in a module Web Worker (tests/pyodide_runtime.py, no wheel), served
from 127.0.0.1 and loaded in a freshly launched chromium each time: milliseconds from navigation to
ready (median of RUNS), and the bytes it transfers. `measure_cold_load` is reusable: a widget
benchmark measures its own page the same way and divides by this baseline.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from tests.chromium import PageLog, StaticServer, block_offsite, launch
from tests.pyodide_runtime import pyodide_version, stage_pyodide, write_probe_page

RUNS = 3
PROBE_READY = '#probe[data-state="ready"], #probe[data-state="error"]'


def measure_cold_load(
    root: Path, page_path: str, ready_selector: str, *, runs: int = RUNS, timeout_ms: int = 120_000,
    strict: bool = True,
) -> dict:
    """Serve ``root``; open ``page_path`` ``runs`` times, each in a newly launched browser.

    Returns ``ms`` (each run, navigation to ``ready_selector`` attached), ``median_ms``, ``bytes``
    (what the server sent in one run) and ``errors``. A run that leaves 127.0.0.1 always fails; one
    whose page logs errors fails when ``strict``, otherwise its errors are returned for the table
    (a benchmark measures; the browser tests judge).
    """
    from playwright.sync_api import sync_playwright

    timings: list[float] = []
    sent: list[int] = []
    errors: set[str] = set()
    with sync_playwright() as playwright, StaticServer(root) as server:
        for _ in range(runs):
            browser = launch(playwright)
            try:
                context = browser.new_context()
                block_offsite(context)
                log = PageLog.attach(context)
                page = context.new_page()
                server.clear_log()
                started = time.perf_counter()
                page.goto(server.url + page_path)
                page.wait_for_selector(ready_selector, state="attached", timeout=timeout_ms)
                timings.append((time.perf_counter() - started) * 1000)
                sent.append(server.bytes_sent())
                if strict:
                    log.assert_clean()
                else:
                    log.assert_local_only()
                    errors.update(log.console_errors + log.page_errors + log.failed_requests)
            finally:
                browser.close()
    return {"ms": timings, "median_ms": statistics.median(timings), "bytes": max(sent), "errors": sorted(errors)}


def run():
    with tempfile.TemporaryDirectory(prefix="bench-runtime-") as folder:
        root = Path(folder)
        stage_pyodide(root / "pyodide")
        write_probe_page(root, python="import json, sys\njson.dumps(sys.version.split()[0])")
        cold = measure_cold_load(root, "index.html", PROBE_READY)
    version = pyodide_version()
    spread = f"runs: {', '.join(f'{ms:.0f}' for ms in cold['ms'])} ms"
    return [
        {
            "benchmark": f"bare Pyodide {version} page, navigation to ready (cold, fresh browser)",
            "value": round(cold["median_ms"]),
            "unit": "ms (median)",
            "note": spread,
        },
        {
            "benchmark": f"bare Pyodide {version} page, bytes transferred",
            "value": cold["bytes"],
            "unit": "bytes",
        },
    ]
