"""The analysis board (docs/board.md) in a real browser, and its solver in Pyodide.

- ``click to judged and redrawn``: on the board page (hu, the seed deal), from the click that
  makes a move to the page's DOM holding the engine's answer (the worker's round trip, the move,
  its verdict under all 7 Scorpion presets, the board, the move list and the link rendered, the page's
  own work on the answer), measured with a MutationObserver on the widget: a legal move, its undo,
  a refused move. p90 over many clicks. Goal: ≤ 16 ms (one frame at 60 Hz).
- ``solver throughput, Pyodide / CPython``: the same searches (fixed budgets in positions, so the
  same positions are visited) in Pyodide, in a module worker of a bare page with the engine's wheel,
  and in this CPython process; positions per second, and the ratio.
- ``"solve" to a won line``: on the board page, from the click on *Is it still winnable?* to the
  solver's result in the page, for the seeds' deal (examples/scorpion/won.game), the page warm.
- ``Cancel to the search stopped``: a search of the seeds' deal under Easy (long), cancelled once it
  has searched; from the click on Cancel to the board's "not decided". Goal: ≤ 500 ms.

    python bench/bench_board.py       # on its own
    python bench/run.py board         # with the other benchmarks (make bench)
"""

from __future__ import annotations

import json
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

from tests.chromium import StaticServer, block_offsite, launch  # noqa: E402
from tests.pyodide_runtime import write_probe_page  # noqa: E402
from tests.widget_site import built  # noqa: E402

PAGE = "hu/board/"
BOARD = '[data-widget="analysis"]'
CLICKS = 30  # per kind of click
SOLVES = 5
# The searches both interpreters run: (name, game, position or code, rules, positions to search).
SEARCHES = (
    ("the seeds' deal under Easy", "scorpion", "record", "easy", 4000),
    ("SC1-CLA-AAAAAAB (lost)", "scorpion", "SC1-CLA-AAAAAAB", None, 4000),
    ("KL1-D3N-AAAAAAB", "klondike", "KL1-D3N-AAAAAAB", None, 4000),
)

# Runs in the page: click `selector`, resolve with the ms until the widget's DOM holds the answer.
_CLICK_TO_ANSWER = """async ([selector]) => {
  const root = document.querySelector('[data-widget="analysis"]');
  const changed = new Promise((resolve) => {
    const observer = new MutationObserver(() => { observer.disconnect(); resolve(performance.now()); });
    observer.observe(root.querySelector('[data-role="verdicts-summary"]').parentElement.parentElement,
                     { childList: true, subtree: true, characterData: true });  // not the pick's aria-pressed
  });
  const started = performance.now();
  root.querySelector(selector).click();
  return (await changed) - started;
}"""

# Runs in the page: click "Is it still winnable?", resolve with the ms until the solver's result.
_SOLVE = """async () => {
  const root = document.querySelector('[data-widget="analysis"]');
  const status = root.querySelector('[data-role="solver"]');
  delete status.dataset.result;
  const done = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (status.dataset.result) { observer.disconnect(); resolve(performance.now()); }
    });
    observer.observe(status, { attributes: true });
  });
  const started = performance.now();
  root.querySelector('[data-action="solve"]').click();
  const ended = await done;
  return [ended - started, status.dataset.result];
}"""


# Runs in the page: start a search, and once it has searched, click Cancel; resolve with the ms from
# Cancel until the board says the search stopped.
_CANCEL = """async () => {
  const root = document.querySelector('[data-widget="analysis"]');
  const status = root.querySelector('[data-role="solver"]');
  const progress = root.querySelector('[data-role="solver-progress"]');
  delete status.dataset.result;
  root.querySelector('[data-action="solve"]').click();
  while (!/[1-9]/.test(progress.textContent)) await new Promise((r) => setTimeout(r, 20));
  const stopped = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (status.dataset.result) { observer.disconnect(); resolve(performance.now()); }
    });
    observer.observe(status, { attributes: true });
  });
  const started = performance.now();
  root.querySelector('[data-action="cancel"]').click();
  return (await stopped) - started;
}"""


def in_the_page(site: Path) -> tuple[dict[str, list[float]], list[float], str]:
    """Click timings per kind, and the "solve" to result timings (with the last result)."""
    from playwright.sync_api import sync_playwright

    timings: dict[str, list[float]] = {"legal move (4♥ onto 5♥)": [], "undo": [], "refused move (4♣ onto 5♥)": [],
                                       "Cancel to the search stopped": []}
    solves, result = [], ""
    with sync_playwright() as playwright, StaticServer(site) as server:
        browser = launch(playwright)
        try:
            context = browser.new_context()
            block_offsite(context)
            page = context.new_page()
            page.goto(server.url + PAGE)
            page.wait_for_selector(f'{BOARD}[data-state="ready"]', state="attached", timeout=120_000)
            page.wait_for_timeout(500)
            for _ in range(CLICKS):
                page.click(f'{BOARD} [data-card="4H"]', position={"x": 5, "y": 5})  # a pick: no engine call
                timings["legal move (4♥ onto 5♥)"].append(
                    page.evaluate(_CLICK_TO_ANSWER, ['[data-column="7"] .sol-column-label']))
                timings["undo"].append(page.evaluate(_CLICK_TO_ANSWER, ['[data-action="undo"]']))
                page.click(f'{BOARD} [data-card="4C"]', position={"x": 5, "y": 5})
                timings["refused move (4♣ onto 5♥)"].append(
                    page.evaluate(_CLICK_TO_ANSWER, ['[data-column="7"] .sol-column-label']))
            page.click(f'{BOARD} [data-action="reset"]')
            for _ in range(SOLVES):
                ms, result = page.evaluate(_SOLVE)
                solves.append(ms)
            # Cancel: the seeds' deal under Easy, a search long enough to be cancelled.
            page.select_option(f"{BOARD} [data-role=rules]", "easy")
            page.wait_for_function("location.hash.includes('rules=easy')")
            for _ in range(SOLVES):
                timings["Cancel to the search stopped"].append(page.evaluate(_CANCEL))
        finally:
            browser.close()
    return timings, solves, result


def _searches_python() -> str:
    """The Python both interpreters run: each search with its budget, timed inside the interpreter
    (the best of two); its last line is the JSON of the results."""
    from engine.records import Record

    seed = str(Record.load(ROOT / "examples" / "scorpion" / "won.game").start_position())
    searches = [(name, game, None if start == "record" else start, seed if start == "record" else None, rules, nodes)
                for name, game, start, rules, nodes in SEARCHES]
    return f"""
import json, time
from engine import position
from engine.solver import solve
out = []
for name, game, code, text, rules, nodes in {searches!r}:
    best = None
    for _ in range(2):
        pos = position(game, text, rules=rules, code=code)
        began = time.perf_counter()
        result = solve(pos, seconds=None, max_nodes=nodes)
        spent = time.perf_counter() - began
        best = spent if best is None else min(best, spent)
    out.append([name, result.nodes, best, result.solved])
json.dumps(out)"""


def throughput(site: Path) -> tuple[list, list]:
    """Each search's (name, positions, seconds, answer) in Pyodide and in CPython."""
    from playwright.sync_api import sync_playwright

    code = _searches_python()
    namespace: dict = {}
    exec(code, namespace)  # noqa: S102 (our own code): the searches in this process
    cpython = json.loads(json.dumps(namespace["out"]))
    with tempfile.TemporaryDirectory(prefix="bench-board-") as folder:
        root = Path(folder)
        shutil.copytree(site / "pyodide", root / "pyodide")
        wheel = next((site / "wheels").rglob("*.whl"))
        shutil.copy2(wheel, root / wheel.name)
        write_probe_page(root, python=code, wheels=(wheel.name,))
        with sync_playwright() as playwright, StaticServer(root) as server:
            browser = launch(playwright)
            try:
                context = browser.new_context()
                block_offsite(context)
                page = context.new_page()
                page.goto(server.url + "index.html")
                page.wait_for_selector('#probe[data-state="ready"], #probe[data-state="error"]', state="attached",
                                       timeout=600_000)
                answer = json.loads(page.text_content("#probe"))
            finally:
                browser.close()
    if "result" not in answer:
        raise RuntimeError(f"the Pyodide probe failed: {answer.get('error', answer)}"[:300])
    return answer["result"], cpython


def run():
    site = built()
    timings, solves, result = in_the_page(site)
    rows = []
    cancels = timings.pop("Cancel to the search stopped")
    for kind, values in timings.items():
        rows.append({"benchmark": f"board: click to judged and redrawn, {kind}",
                     "value": round(statistics.quantiles(values, n=10)[-1], 1), "unit": "ms (p90)", "goal": "≤ 16 ms",
                     "note": f"{len(values)} clicks, median {statistics.median(values):.1f} ms"})
    rows.append({"benchmark": "board: Cancel to the search stopped", "value": round(max(cancels)), "unit": "ms (max)",
                 "goal": "≤ 500 ms", "note": f"{len(cancels)} cancels: " + ", ".join(f"{ms:.0f}" for ms in cancels)
                 + " ms"})
    rows.append({"benchmark": "board: \"solve\" to a won line, the seeds' deal",
                 "value": round(statistics.median(solves)),
                 "unit": "ms (median)", "note": f"{len(solves)} solves ({result}): "
                                                + ", ".join(f"{ms:.0f}" for ms in solves) + " ms"})
    pyodide, cpython = throughput(site)
    for (name, nodes, seconds, solved), (_, c_nodes, c_seconds, _) in zip(pyodide, cpython):
        assert nodes == c_nodes, (name, nodes, c_nodes)  # the same search, position for position
        rows.append({"benchmark": f"solver in Pyodide / CPython, {name}", "value": round(c_seconds / seconds, 3),
                     "unit": "ratio (throughput)",
                     "note": f"{nodes:,} positions ({solved}): Pyodide {nodes / seconds:,.0f}/s, "
                             f"CPython {c_nodes / c_seconds:,.0f}/s"})
    return rows


if __name__ == "__main__":
    started = time.perf_counter()
    for row in run():
        print(row)
    print(f"({time.perf_counter() - started:.0f} s)")
