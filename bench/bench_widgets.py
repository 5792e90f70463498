"""The widgets in a real browser: how fast they answer, and what a widget page costs.

(How long a reader waits for the first widget, against a bare Pyodide page, in the cold, warm and
slow profiles: bench_runtime.py.)

- ``click to updated board``: in the page, from a button's click to the new board in the DOM
  (a MutationObserver on the board; the worker round trip, the engine's move, the renderer and
  the page's own work on the answer included), median over many clicks: replay steps (next /
  previous) and try-it moves (a move and its undo). Goal: ≤ 16 ms (one frame at 60 Hz).
- ``bytes besides the shared runtime``: everything the widget page transfers except the Pyodide
  files under ``pyodide/`` and the memory snapshot's under ``snapshots/`` (which every widget page
  of the site shares and a browser caches once):
  the page, the theme, the widget script, stylesheet and worker (and the engine's wheel when the
  snapshot cannot be used); and the widgets' own share of it.

    python bench/bench_widgets.py       # on its own
    python bench/run.py widgets         # with the other benchmarks (make bench)
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for path in (str(ROOT), str(ROOT / "tests")):
    if path not in sys.path:
        sys.path.insert(0, path)

from tests.chromium import PageLog, StaticServer, block_offsite, launch  # noqa: E402
from tests.widget_site import built  # noqa: E402

PAGE = "hu/scorpion/rules/"
READY = '#seed-deal[data-state="ready"]'
CLICKS = 40  # per kind of click

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
    runtime = sum(r.bytes_sent for r in log if r.path.startswith(("/pyodide/", "/snapshots/")))
    widgets = sum(r.bytes_sent for r in log if r.path.startswith(("/assets/solitaire/", "/wheels/")))
    total = sum(r.bytes_sent for r in log)
    return {"runtime": runtime, "widgets": widgets, "besides runtime": total - runtime, "total": total}


def run():
    site = built()
    clicks = click_timings(site)
    sizes = page_bytes(site)
    rows = []
    for kind, values in clicks.items():
        rows.append({"benchmark": f"click to updated board: {kind}", "value": round(statistics.median(values), 2),
                     "unit": "ms (median)", "goal": "≤ 16 ms",
                     "note": f"{len(values)} clicks, p90 {statistics.quantiles(values, n=10)[-1]:.1f} ms"})
    rows += [
        {"benchmark": "widget page bytes besides the shared runtime", "value": sizes["besides runtime"],
         "unit": "bytes", "note": f"of {sizes['total']:,} in all; the runtime is {sizes['runtime']:,}"},
        {"benchmark": "of which the widgets' own (script, stylesheet, worker)", "value": sizes["widgets"],
         "unit": "bytes", "note": "and the engine's wheel, when the snapshot cannot be used"},
    ]
    return rows


if __name__ == "__main__":
    for row in run():
        print(row)
