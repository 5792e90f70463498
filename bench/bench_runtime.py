"""Time to an interactive widget (DESIGN §5.2): the first widget against a bare Pyodide page.

What a reader waits for is the first widget that answers. Three pages, served from one copy of the
built site on 127.0.0.1, each loaded in a freshly launched chromium per run:

- ``widget``: the hu Scorpion rules page until its first widget (the seed deal's try-it board) is
  ``data-state="ready"``, as built: the worker starts from the build's memory snapshot;
- ``bare``: a page next to it that only starts the same self-hosted Pyodide in a module worker and
  runs ``1+1`` (tests/pyodide_runtime.py's probe), the baseline;
- ``no snapshot``: the widget page with the snapshot left out of its ``solitaire-runtime`` meta, so
  its worker starts as before the snapshot (loadPyodide, then the wheel): what a reader waited for
  before, and what the bytes are compared with.

Three profiles, interleaved run by run so that a change in the machine's load touches every page
alike: ``cold`` (empty cache, loopback), ``warm`` (the reader comes from another page of the same
kind, so the runtime is in the HTTP cache: the server lets the browser keep everything for an
hour) and ``slow`` (empty cache behind a 20 Mbit/s link shared by all connections, 40 ms before
each response: tests/chromium.py's ``Link``). Figures are medians of ``RUNS``; the ratios divide
medians. Goals: widget / bare ≤ 1.0 in every profile, aim ≤ 0.5 cold and warm; the bytes the
widget page downloads until it is ready at most 25% more than without the snapshot.

    python bench/bench_runtime.py       # on its own
    python bench/run.py runtime         # with the other benchmarks (make bench)
"""

from __future__ import annotations

import html
import json
import re
import shutil
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for path in (str(ROOT), str(ROOT / "tests")):
    if path not in sys.path:
        sys.path.insert(0, path)

from tests.chromium import Link, PageLog, StaticServer, launch_with_profile  # noqa: E402
from tests.pyodide_runtime import pyodide_version, write_probe_page  # noqa: E402

RUNS = 3
TIMEOUT_MS = 180_000
PROBE_READY = '#probe[data-state="ready"], #probe[data-state="error"]'
WIDGET_READY = '#seed-deal[data-state="ready"], #seed-deal[data-state="error"]'
SLOW = Link.mbit(20, 40)


@dataclass(frozen=True)
class Page:
    name: str
    root: Path  # the folder served
    path: str  # the page measured
    ready: str  # what it shows when ready
    before: str  # warm profile: the page of the same kind visited first


@dataclass(frozen=True)
class Profile:
    name: str
    cache: str  # the server's Cache-Control
    link: Link | None
    warm: bool  # visit the page's `before` first, in the same browser


PROFILES = (
    Profile("cold", "no-store", None, False),
    Profile("warm", "max-age=3600", None, True),
    Profile("slow", "no-store", SLOW, False),
)


def load(server: StaticServer, page: Page, warm: bool) -> dict:
    """One navigation in a newly launched browser with an empty profile: ``ms`` to ready, ``bytes``
    written until then, ``state`` (ready or error) and the page's ``errors`` and ``warnings``."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright, tempfile.TemporaryDirectory(prefix="bench-profile-") as profile:
        context = launch_with_profile(playwright, profile)
        try:
            log = PageLog.attach(context)
            tab = context.new_page()
            if warm:
                tab.goto(server.url + page.before)
                tab.wait_for_selector(page.ready, state="attached", timeout=TIMEOUT_MS)
                tab.wait_for_load_state("networkidle")
            server.clear_log()
            log.console.clear()
            started = time.perf_counter()
            tab.goto(server.url + page.path)
            shown = tab.wait_for_selector(page.ready, state="attached", timeout=TIMEOUT_MS)
            ms = (time.perf_counter() - started) * 1000
            sent = server.bytes_written()
            state = shown.get_attribute("data-state")
            log.assert_local_only()
        finally:
            context.close()
    return {"ms": ms, "bytes": sent, "state": state,
            "errors": log.console_errors + log.page_errors + log.failed_requests,
            "warnings": [text for kind, text in log.console if kind == "warning"]}


def without_snapshot(page_file: Path) -> None:
    """Take the snapshot out of the runtime meta of ``page_file``: its worker starts the old way."""
    text = page_file.read_text(encoding="utf-8")
    meta = re.search(r'<meta name="solitaire-runtime" content="([^"]*)">', text)
    runtime = json.loads(html.unescape(meta.group(1)))
    del runtime["snapshot"]
    content = html.escape(json.dumps(runtime), quote=True)
    page_file.write_text(text[:meta.start(1)] + content + text[meta.end(1):], encoding="utf-8")


def stage(site: Path, folder: Path) -> tuple[Page, ...]:
    """Two copies of ``site`` in ``folder``: as built, with the bare pages added; and one whose
    widget pages measured here start without the snapshot."""
    built, old = folder / "site", folder / "no-snapshot"
    shutil.copytree(site, built)
    python = "import json, sys\njson.dumps(sys.version.split()[0])"
    for name in ("bare", "bare-before"):
        write_probe_page(built, python=python, runtime="pyodide/", page=f"{name}.html", worker=f"{name}-worker.mjs")
    shutil.copytree(site, old)
    for lang in ("hu", "ca"):
        without_snapshot(old / lang / "scorpion" / "rules" / "index.html")
    return (
        Page("bare", built, "bare.html", PROBE_READY, "bare-before.html"),
        Page("widget", built, "hu/scorpion/rules/", WIDGET_READY, "ca/scorpion/rules/"),
        Page("no snapshot", old, "hu/scorpion/rules/", WIDGET_READY, "ca/scorpion/rules/"),
    )


def measure(site: Path, runs: int = RUNS) -> dict[tuple[str, str], list[dict]]:
    """(profile, page) → one ``load`` result per run."""
    results: dict[tuple[str, str], list[dict]] = {}
    with tempfile.TemporaryDirectory(prefix="bench-runtime-") as folder:
        pages = stage(site, Path(folder))
        for _ in range(runs):
            for profile in PROFILES:
                for page in pages:
                    with StaticServer(page.root, cache=profile.cache, link=profile.link) as server:
                        results.setdefault((profile.name, page.name), []).append(load(server, page, profile.warm))
    return results


def snapshot_facts(site: Path) -> dict:
    (snapshot,) = (site / "snapshots").glob("*/engine.snapshot.gz")
    return {"key": snapshot.parent.name, "bytes": snapshot.stat().st_size}


def run():
    from tests.widget_site import built

    site = built()
    results = measure(site)
    median = {key: statistics.median(r["ms"] for r in runs) for key, runs in results.items()}
    size = {key: statistics.median(r["bytes"] for r in runs) for key, runs in results.items()}

    def note(key):
        runs = results[key]
        text = "runs: " + ", ".join(f"{r['ms']:.0f}" for r in runs) + " ms"
        failed = [r["state"] for r in runs if r["state"] != "ready"]
        errors = sorted({e for r in runs for e in r["errors"]})
        warnings = sorted({w for r in runs for w in r["warnings"]})
        if failed:
            text += f"; {len(failed)} run(s) ended in {failed[0]}"
        if errors:
            text += f"; errors, e.g. {errors[0][:90]}"
        if warnings:
            text += f"; warnings, e.g. {warnings[0][:90]}"
        return text

    rows = []
    for profile in PROFILES:
        p = profile.name
        for page in ("widget", "bare", "no snapshot"):
            rows.append({"benchmark": f"{p}: {page} page, navigation to ready", "value": round(median[p, page]),
                         "unit": "ms (median)", "note": note((p, page))})
        goal = "≤ 1.0 (aim ≤ 0.5)" if p in ("cold", "warm") else "≤ 1.0"
        rows.append({"benchmark": f"{p}: widget / bare", "value": round(median[p, "widget"] / median[p, "bare"], 3),
                     "unit": "ratio", "goal": goal})
        rows.append({"benchmark": f"{p}: widget without snapshot / bare",
                     "value": round(median[p, "no snapshot"] / median[p, "bare"], 3), "unit": "ratio",
                     "note": "the start before the snapshot, for comparison"})
        rows.append({"benchmark": f"{p}: bytes until the widget is ready", "value": int(size[p, "widget"]),
                     "unit": "bytes", "note": f"without snapshot {int(size[p, 'no snapshot']):,}; "
                                              f"bare page {int(size[p, 'bare']):,}"})
        rows.append({"benchmark": f"{p}: bytes, with / without snapshot",
                     "value": round(size[p, "widget"] / size[p, "no snapshot"], 3), "unit": "ratio", "goal": "≤ 1.25"})
    facts = snapshot_facts(site)
    rows.append({"benchmark": f"memory snapshot {facts['key']} (Pyodide {pyodide_version()})", "value": facts["bytes"],
                 "unit": "bytes (gzip)", "note": "bench_site reports what making it costs"})
    return rows


if __name__ == "__main__":
    for row in run():
        print(row)
