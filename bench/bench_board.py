"""The analysis board (docs/board.md) in a real browser, and its solver in Pyodide.

- ``click to judged and redrawn``: on the board page (hu, the seed deal), from the click that
  makes a move to the page's DOM holding the engine's answer (the worker's round trip; the move,
  its verdict under the board's rules and its verdict under all 7 Scorpion presets, the table and
  its summary; the board, the move list and the link rendered; the page's own work on the answer),
  measured with a MutationObserver on the widget: a legal move, its undo, a refused move, again
  and again from the same position (the board keeps what it drew: ``AnalysisSession._judge``,
  ``_once``), and **a new move each click**: the seeds' won game played through from its deal,
  every move judged afresh, with a move list that grows to its 50 moves. p90 over many clicks.
  Goal: ≤ 16 ms (one frame at 60 Hz). The observer's callback runs once the page's whole
  synchronous work on the answer is done (it is queued behind it), so the DOM is complete there;
  the browser has not drawn it yet.
- ``…, painted``: the same clicks to the end of the browser's next frame after the DOM holds the
  answer (style, layout, paint and commit on the page's thread: a task posted from a
  requestAnimationFrame callback runs after them), what the reader sees. It includes the wait for
  the next frame (up to 16.7 ms at 60 Hz), so it is no measure of the page's own work alone.
- ``solver throughput, Pyodide / CPython``: the same searches (fixed budgets in positions, so the
  same positions are visited) in Pyodide, in a module worker of a bare page with the engine's wheel,
  and in this CPython process; positions per second, and the ratio.
- ``"solve" to a won line``: on the board page, from the click on *Is it still winnable?* to the
  solver's result in the page, for the seeds' deal (examples/scorpion/won.game), the page warm.
- ``the worker's Python per click``: ``engine.web.handle`` for the same clicks, timed inside
  Pyodide (a bare page's worker with the engine's wheel) and CPython: the Python part of a click
  (the same moves again, and a new move each click: the seeds' game played through).
- ``a move's verdicts, derived / read again``: the 7 presets' verdicts of each move of the seeds'
  game, each preset's position derived from the board's (``Position.under``) against its string
  read again under each preset (the way before); in Pyodide and in CPython.
- ``Cancel to the search stopped``: a search of an Easy deal the solver leaves undecided, cancelled
  once it has searched; from the click on Cancel to the board's "not decided". Goal: ≤ 500 ms.

    python bench/bench_board.py       # on its own
    python bench/run.py board         # with the other benchmarks (make bench)
"""

from __future__ import annotations

import csv
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
GAME_RULES = ("classic", "easy")  # the seeds' won game played through under each (every move new to the board)
SOLVES = 5
# The searches both interpreters run: (name, game, a code, "record" (the seeds' deal) or "undecided"
# (``undecided_easy_deal``), rules, positions to search).
SEARCHES = (
    ("the seeds' deal under Easy", "scorpion", "record", "easy", 4000),
    # deals that search the whole budget (the two above are decided in a few hundred positions or one)
    ("an Easy deal left undecided (the Cancel step's)", "scorpion", "undecided", None, 4000),
    ("SC1-CLA-AAAABIT (lost in 158,936)", "scorpion", "SC1-CLA-AAAABIT", None, 4000),
    ("SC1-CLA-AAAAAAB (lost)", "scorpion", "SC1-CLA-AAAAAAB", None, 4000),
    ("KL1-D3N-AAAAAAB", "klondike", "KL1-D3N-AAAAAAB", None, 4000),
)

# Runs in the page: click `selector`, resolve with [the ms until the widget's DOM holds the answer (the
# board redrawn, the verdict shown, the table under every preset, the move list, the link), the ms until
# the browser's next frame after it is drawn].
_CLICK_TO_ANSWER = """async (selector) => {
  const root = document.querySelector('[data-widget="analysis"]');
  const painted = (at) => new Promise((resolve) => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve([at, performance.now()]);
    channel.port2.postMessage(null);
  }));
  const changed = new Promise((resolve) => {
    const observer = new MutationObserver(() => { observer.disconnect(); resolve(painted(performance.now())); });
    observer.observe(root.querySelector('[data-role="verdicts-summary"]').parentElement.parentElement,
                     { childList: true, subtree: true, characterData: true });
    // (not attributes: the pick's aria-pressed)
  });
  const started = performance.now();
  root.querySelector(selector).click();
  return (await changed).map((t) => t - started);
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


NEW_MOVE = "a new move (the seeds' game played through)"


def undecided_easy_deal() -> str:
    """The first Easy deal the committed win rates leave undecided (examples/stats/scorpion-easy.csv):
    its search still runs when Cancel comes, however fast the machine."""
    with (ROOT / "examples" / "stats" / "scorpion-easy.csv").open(encoding="utf-8") as f:
        return next(row["code"] for row in csv.DictReader(f) if row["result"] == "unknown")


def in_the_page(site: Path) -> tuple[dict[str, list[float]], list[float], str]:
    """Click timings per kind, and the "solve" to result timings (with the last result)."""
    from playwright.sync_api import sync_playwright

    from engine.records import Record

    game = Record.load(ROOT / "examples" / "scorpion" / "won.game").moves
    timings: dict[str, list[float]] = {}
    for kind in ("legal move (4♥ onto 5♥)", "undo", "refused move (4♣ onto 5♥)", NEW_MOVE):
        timings[kind] = []
        timings[f"{kind}, painted"] = []
    timings["Cancel to the search stopped"] = []

    def pick(card: str) -> None:  # a pick: no engine call (on the card's visible strip)
        page.click(f'{BOARD} [data-card="{card}"]', position={"x": 5, "y": 5})

    def click(kind: str, selector: str) -> None:
        first, drawn = page.evaluate(_CLICK_TO_ANSWER, selector)
        timings[kind].append(first)
        timings[f"{kind}, painted"].append(drawn)

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
                pick("4H")
                click("legal move (4♥ onto 5♥)", '[data-column="7"] .sol-column-label')
                click("undo", '[data-action="undo"]')
                pick("4C")
                click("refused move (4♣ onto 5♥)", '[data-column="7"] .sol-column-label')
            for rules in GAME_RULES:
                page.click(f'{BOARD} [data-action="reset"]')
                page.select_option(f"{BOARD} [data-role=rules]", rules)
                page.wait_for_function("r => location.hash.includes('rules=' + r) || r === 'classic'", arg=rules)
                for token in game:
                    if token == "deal":
                        click(NEW_MOVE, '[data-action="deal"]')
                        continue
                    card, column = token.split(">")
                    pick(card)
                    click(NEW_MOVE, f'[data-column="{column}"] .sol-column-label')
                page.wait_for_function("document.querySelector('[data-widget=analysis] [data-role=message]')"
                                       ".dataset.legal === 'true'")
            page.click(f'{BOARD} [data-action="reset"]')
            page.select_option(f"{BOARD} [data-role=rules]", "classic")
            for _ in range(SOLVES):
                ms, result = page.evaluate(_SOLVE)
                solves.append(ms)
            # Cancel: a deal the solver leaves undecided (the seeds' deal under Easy is won in a few
            # hundred positions, before a Cancel could come), opened cold from its link.
            page.goto(f"{server.url}{PAGE}#game=scorpion&code={undecided_easy_deal()}")
            page.wait_for_selector(f'{BOARD}[data-state="ready"]', state="attached", timeout=120_000)
            page.wait_for_function("document.querySelector('[data-widget=analysis] [data-role=message]').textContent")
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
    starts = {"record": None, "undecided": undecided_easy_deal()}  # a code, or None for the seeds' position
    searches = [(name, game, starts.get(start, start), seed if start == "record" else None, rules, nodes)
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


# The Python of one click, as the page's worker runs it: ``engine.web.handle`` for the bench's clicks
# (milliseconds, median and p90), and the 7 presets' verdicts of a move derived from the position on
# the board (``Position.under``) against reading its string again under each preset (the way before
# it), over the positions of the seeds' won game, each read for the first time (the parse caches
# emptied), as a reader's new moves are. Run in CPython and in Pyodide; the last line is the JSON.
_CLICKS_PYTHON = """
import json, statistics, time
from engine import position_under, scorpion, web
from engine.errors import EngineError
from engine.records import Record

def call(op, **fields):
    answer = json.loads(web.handle(json.dumps({"op": op, "id": "bench", **fields})))
    assert answer["ok"], answer

def reread_verdicts(board, token):  # the verdicts as they were made before: the board's string read 7 times
    here, score, dollars = str(board.pos), board.pos.score, board.pos.scored_in_dollars()
    out = []
    for p in board.presets:
        entry = {"rules": p, "name": board._name(p)}
        try:
            there = position_under(board.game, here, p, score, dollars=dollars)
            verdict = there.check_token(token)
        except EngineError:
            entry.update(legal=False, misfit=True, reason=None, message=None)
        else:
            entry.update(legal=verdict.legal, reason=verdict.reason, message=verdict.message(board.lang),
                         points=verdict.points if verdict.legal else None, dollars=there.scored_in_dollars())
        out.append(entry)
    return out

record = Record.parse(RECORD)
call("open", config={"kind": "analysis", "game": "scorpion", "start": str(record.start_position()),
                     "rules": "classic", "lang": "hu"})
clicks = {"legal": [], "undo": [], "refused": [], "new": []}
for n in range(CLICKS + 5):
    for kind, op, fields in (("legal", "move", {"token": "4H>7"}), ("undo", "undo", {}),
                             ("refused", "move", {"token": "4C>7"})):
        began = time.perf_counter()
        call(op, **fields)
        if n >= 5:
            clicks[kind].append((time.perf_counter() - began) * 1000)
for rules in RULES:  # a new move each click: the seeds' game played through, under each rule set in turn
    call("reset")
    call("rules", rules=rules)
    for token in record.moves:
        began = time.perf_counter()
        call("move", token=token)
        clicks["new"].append((time.perf_counter() - began) * 1000)
call("rules", rules="classic")
board = web.SESSIONS["bench"]
ways = {"derived": board.verdicts, "read again": lambda token: reread_verdicts(board, token)}
spent = {way: [] for way in ways}
for _ in range(3):
    for way, judge in ways.items():
        call("reset")
        scorpion._parse_fields.cache_clear()
        began = time.perf_counter()
        for token in record.moves:
            judge(token)
            board.pos.play(token)
        spent[way].append(time.perf_counter() - began)
call("reset")
for token in record.moves:  # the same verdicts both ways, move for move
    assert board.verdicts(token) == reread_verdicts(board, token), token
    board.pos.play(token)
call("reset")
out = {kind: [statistics.median(ms), statistics.quantiles(ms, n=10)[-1]] for kind, ms in clicks.items()}
out["verdicts"] = [len(record.moves), min(spent["derived"]), min(spent["read again"])]
json.dumps(out)"""


def _clicks_python() -> str:
    record = (ROOT / "examples" / "scorpion" / "won.game").read_text(encoding="utf-8")
    return f"RECORD = {record!r}\nCLICKS = {CLICKS}\nRULES = {GAME_RULES!r}\n" + _CLICKS_PYTHON


def python_per_click(site: Path) -> tuple[dict, dict]:
    """The Python of the bench's clicks and of a move's verdicts, in Pyodide and in CPython."""
    code = _clicks_python()
    namespace: dict = {}
    exec(code, namespace)  # noqa: S102 (our own code)
    return _in_pyodide(site, code), json.loads(json.dumps(namespace["out"]))


def _in_pyodide(site: Path, code: str):
    """What ``code`` (Python whose last line is a JSON text) gives in Pyodide, in a module worker of a
    bare page with the engine's wheel."""
    from playwright.sync_api import sync_playwright

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
    return answer["result"]


def throughput(site: Path) -> tuple[list, list]:
    """Each search's (name, positions, seconds, answer) in Pyodide and in CPython."""
    code = _searches_python()
    namespace: dict = {}
    exec(code, namespace)  # noqa: S102 (our own code): the searches in this process
    cpython = json.loads(json.dumps(namespace["out"]))
    return _in_pyodide(site, code), cpython


def run():
    site = built()
    timings, solves, result = in_the_page(site)
    rows = []
    cancels = timings.pop("Cancel to the search stopped")
    for kind, values in timings.items():
        if kind.endswith("painted"):  # what the reader sees: the next frame drawn after the DOM has it
            rows.append({"benchmark": f"board: click to judged and redrawn, {kind}",
                         "value": round(statistics.quantiles(values, n=10)[-1], 1), "unit": "ms (p90)",
                         "note": f"{len(values)} clicks, median {statistics.median(values):.1f} ms; the next frame "
                                 "drawn, its wait for the display included"})
            continue
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
    in_pyodide, in_cpython = python_per_click(site)
    for kind, name in (("legal", "legal move"), ("undo", "undo"), ("refused", "refused move"), ("new", NEW_MOVE)):
        rows.append({"benchmark": f"board: the worker's Python per click, {name}",
                     "value": round(in_pyodide[kind][1], 2), "unit": "ms (p90, Pyodide)",
                     "note": f"median {in_pyodide[kind][0]:.2f} ms; CPython median {in_cpython[kind][0]:.2f}, "
                             f"p90 {in_cpython[kind][1]:.2f} ms"})
    for where, found in (("Pyodide", in_pyodide), ("CPython", in_cpython)):
        moves, derived, read = found["verdicts"]
        rows.append({"benchmark": f"board: a move's verdicts under 7 presets, derived / read again ({where})",
                     "value": round(derived / read, 3), "unit": "ratio (time)",
                     "note": f"{moves} moves of the seeds' game: {derived / moves * 1000:.3f} ms derived, "
                             f"{read / moves * 1000:.3f} ms read again per move"})
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
