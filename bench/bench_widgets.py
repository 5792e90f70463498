"""The widgets in a real browser: how long a reader waits, and what a widget page costs.

- ``navigation to ready``: the Scorpion rules page (hu), cold in a freshly launched chromium each
  run, from navigation until its first widget (the seed deal's try-it board) is
  ``data-state="ready"``, against the bare page that only starts the same self-hosted Pyodide in a
  module worker (bench_runtime's baseline), measured the same way from the same site. Goal: the
  ratio ≤ 1.15.
- ``click to updated board``: in the page, from a button's click to the new board in the DOM
  (a MutationObserver on the board; the worker round trip, the engine's move, the renderer and
  the page's own work on the answer included), median over many clicks: replay steps (next /
  previous) and try-it moves (a move and its undo). Goal: ≤ 16 ms (one frame at 60 Hz).
- ``bytes besides the shared runtime``: everything the widget page transfers except the Pyodide
  files under ``pyodide/`` (which every widget page of the site shares and a browser caches once):
  the page, the theme, the widget script, stylesheet, worker and the engine's wheel; and the
  widgets' own share of it.

    python bench/bench_widgets.py       # on its own
    python bench/run.py widgets         # with the other benchmarks (make bench)
"""

from __future__ import annotations

import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for path in (str(ROOT), str(ROOT / "tests")):
    if path not in sys.path:
        sys.path.insert(0, path)

from bench.bench_runtime import PROBE_READY, measure_cold_load  # noqa: E402
from tests.chromium import PageLog, StaticServer, block_offsite, launch  # noqa: E402
from tests.pyodide_runtime import write_probe_page  # noqa: E402
from tests.widget_site import built  # noqa: E402

PAGE = "hu/scorpion/rules/"
READY = '#seed-deal[data-state="ready"]'
CLICKS = 40  # per kind of click
RUNS = 5  # cold loads of each page

# Runs in the page: click `selector` inside `widget`, resolve with the ms until the widget's DOM changed.
_CLICK_TO_BOARD = """async ([widget, selector]) => {
  const root = document.querySelector(widget);
  const changed = new Promise((resolve) => {
    const observer = new MutationObserver(() => { observer.disconnect(); resolve(performance.now()); });
    observer.observe(root.querySelector('[data-role="board"]'), { childList: true, subtree: true });
  });
  const started = performance.now();
  root.querySelector(selector).click();
  return (await changed) - started;
}"""


def click_timings(site: Path) -> dict[str, list[float]]:
    """Milliseconds from click to the new board, per kind of click (one warm page)."""
    from playwright.sync_api import sync_playwright

    timings: dict[str, list[float]] = {"replay step": [], "try-it move or undo": []}
    with sync_playwright() as playwright, StaticServer(site) as server:
        browser = launch(playwright)
        try:
            context = browser.new_context()
            block_offsite(context)
            page = context.new_page()
            page.goto(server.url + PAGE)
            page.wait_for_selector('#first-move[data-state="ready"]', state="attached", timeout=120_000)
            page.wait_for_selector(READY, state="attached", timeout=120_000)
            for i in range(CLICKS):
                action = '[data-action="next"]' if i % 2 == 0 else '[data-action="prev"]'
                timings["replay step"].append(page.evaluate(_CLICK_TO_BOARD, ["#first-move", action]))
            for i in range(CLICKS):
                if i % 2 == 0:  # pick 4♥ (no engine call), then time the click on column 7
                    page.click('#seed-deal [data-card="4H"]', position={"x": 5, "y": 5})
                    target = '[data-column="7"] .sol-column-label'
                else:
                    target = '[data-action="undo"]'
                timings["try-it move or undo"].append(page.evaluate(_CLICK_TO_BOARD, ["#seed-deal", target]))
        finally:
            browser.close()
    return timings


def page_bytes(site: Path) -> dict[str, int]:
    """Bytes the widget page transfers (cold), split into the shared runtime, the widgets' own, the rest."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright, StaticServer(site) as server:
        browser = launch(playwright)
        try:
            context = browser.new_context()
            block_offsite(context)
            PageLog.attach(context)
            page = context.new_page()
            page.goto(server.url + PAGE)
            page.wait_for_selector(READY, state="attached", timeout=120_000)
            page.wait_for_load_state("networkidle")
            time.sleep(0.5)
            log = server.log
        finally:
            browser.close()
    runtime = sum(r.bytes_sent for r in log if r.path.startswith("/pyodide/"))
    widgets = sum(r.bytes_sent for r in log if r.path.startswith(("/assets/solitaire/", "/wheels/")))
    total = sum(r.bytes_sent for r in log)
    return {"runtime": runtime, "widgets": widgets, "besides runtime": total - runtime, "total": total}


def run():
    site = built()
    with tempfile.TemporaryDirectory(prefix="bench-widgets-") as folder:
        # The bare page lives in the same site, next to the same runtime: only the page differs.
        bare_root = Path(folder) / "site"
        shutil.copytree(site, bare_root)
        write_probe_page(bare_root, python="import json, sys\njson.dumps(sys.version.split()[0])",
                         runtime="pyodide/", page="bare.html", worker="bare-worker.mjs")
        # Interleaved, one cold run of each at a time: a machine whose load changes during the
        # benchmark slows both pages alike, and the ratio stays fair.
        widget_runs, bare_runs = [], []
        for _ in range(RUNS):
            bare_runs.append(measure_cold_load(bare_root, "bare.html", PROBE_READY, runs=1, strict=False))
            widget_runs.append(measure_cold_load(bare_root, PAGE, READY, runs=1, strict=False))
    widget = {"ms": [r["ms"][0] for r in widget_runs], "errors": sorted({e for r in widget_runs for e in r["errors"]})}
    bare = {"ms": [r["ms"][0] for r in bare_runs]}
    widget["median_ms"], bare["median_ms"] = statistics.median(widget["ms"]), statistics.median(bare["ms"])
    ratio = widget["median_ms"] / bare["median_ms"]
    clicks = click_timings(site)
    sizes = page_bytes(site)
    rows = [
        {"benchmark": "widget page (hu rules), navigation to first widget ready, cold",
         "value": round(widget["median_ms"]), "unit": "ms (median)",
         "note": f"runs: {', '.join(f'{ms:.0f}' for ms in widget['ms'])} ms"
                 + (f"; the page logged {len(widget['errors'])} errors, e.g. {widget['errors'][0][:90]}"
                    if widget["errors"] else "")},
        {"benchmark": "bare Pyodide page, same site, navigation to ready, cold",
         "value": round(bare["median_ms"]), "unit": "ms (median)",
         "note": f"runs: {', '.join(f'{ms:.0f}' for ms in bare['ms'])} ms"},
        {"benchmark": "widget page / bare Pyodide page", "value": round(ratio, 3), "unit": "ratio",
         "goal": "≤ 1.15"},
    ]
    for kind, values in clicks.items():
        rows.append({"benchmark": f"click to updated board: {kind}", "value": round(statistics.median(values), 2),
                     "unit": "ms (median)", "goal": "≤ 16 ms",
                     "note": f"{len(values)} clicks, p90 {statistics.quantiles(values, n=10)[-1]:.1f} ms"})
    rows += [
        {"benchmark": "widget page bytes besides the shared runtime", "value": sizes["besides runtime"],
         "unit": "bytes", "note": f"of {sizes['total']:,} in all; the runtime is {sizes['runtime']:,}"},
        {"benchmark": "of which the widgets' own (script, stylesheet, worker, wheel)", "value": sizes["widgets"],
         "unit": "bytes"},
    ]
    return rows


if __name__ == "__main__":
    for row in run():
        print(row)
    print(f"({RUNS} cold runs of each page, interleaved)")
