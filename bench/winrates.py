"""Win rates per rules preset: solve the first N deal codes of every preset, with a stated budget.

    make winrates                               # every preset, 1000 deals each, both cores, resumable
    python bench/winrates.py                    # the same
    python bench/winrates.py scorpion-classic   # one preset (keys of PRESETS)
    python bench/winrates.py --summary          # only rebuild winrates.json from the CSV files
    python bench/winrates.py --fresh 100        # deals far from that set, 20 s of CPU each (prints, writes fresh.json)
    python bench/winrates.py --fresh 50 klondike-draw1-vegas   # only these presets' rows of fresh.json again
    python bench/winrates.py --probe --deals 200 --seconds 2 scorpion-easy scorpion-wasp
                                                # a quick measure: one process, a time budget, writes nothing
    python bench/winrates.py --probe --undecided scorpion-three-blind-mice   # the deals its CSV left unknown

"Thoughtful" play: the solver knows every face-down card (``engine.solver``). A deal is *won*
(the solver found a winning line; ``solve`` replays it in the engine before it answers), *lost*
(proved: every position that can be reached was explored, or shown lost by an argument written
in the solver) or *unknown* (the budget ran out first). The budget is a number of positions per
deal, not seconds, so the committed data is reproducible on any machine.

The run is resumable: each preset's CSV is written a row at a time, and a new run solves only the
deal codes its CSV does not hold yet (``--restart`` starts the presets named over; a raised budget
keeps the deals already decided and solves the unknown ones again, ``_raise_budget``). ``--jobs``
worker processes (default: every core) share the deals; a progress bar on stderr shows the deals
done, the decisions so far and the time left.

Output, committed as data under ``examples/stats/`` (CI does not rerun this; the Statistics
page renders it):

- ``<preset>.csv``: one row per deal: code, result, positions explored, moves of the winning
  line, CPU seconds (the only column that depends on the machine);
- ``winrates.json``: per preset the counts, the win rate among all deals with its 95% Wilson
  interval, the bounds that count every unknown deal as lost / as won, the budget, the CPU time
  taken, and the published figures to compare with, each with its source.

Why here and not under ``examples/``: ``examples/`` holds data only (records and results);
``bench/`` holds the scripts that measure. It is not a ``make bench`` benchmark (those are
``bench_*.py`` and take seconds).
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import GAMES, deal, find  # noqa: E402
from engine.solver import solve  # noqa: E402

OUT = ROOT / "examples" / "stats"
FIELDS = ["code", "result", "positions", "moves", "seconds"]

# Positions per deal. The whole run (every preset from scratch) must fit in two hours on two cores;
# with these it takes 13,288 s of CPU, 111 minutes on two cores (each preset's CPU seconds are in its
# .meta.json). The wider trees get more: under Easy and Wasp a card has several places to go; a
# Klondike deal lost for subtle reasons needs every position it reaches (100,000 to 900,000 for the
# draw-one deals that 10,000 left undecided, measured).
# Scorpion: at 20,000 the narrow presets left 11 deals undecided (Classic 1, BVS 1, Scorpion II 2,
# Three Blind Mice 7); 300,000 decides 9 of them (6 lost, 3 won, in 21,186 to 228,562 positions) for
# 46 s more CPU. Wasp gets 600,000: of its 10 that 200,000 left, 5 decided (4 lost, 1 won, in 212,181
# to 507,329), 137 s more; Easy stays at 200,000 (600,000 decided 1 of the first 5 of its 9).
# Unlimited passes get 4,200,000: of the deals that 1,000,000 left undecided, 2,000,000 decided 10 of
# draw one's 25 (5 won, 5 lost) and 6 of draw three's 25 (3 and 3), in 1,037,753 to 1,990,265
# positions; 4,000,000 decided 6 of draw one's 15 left (all lost, in 2,196,874 to 3,890,206
# positions) and 6 of draw three's 19 (2 won, 4 lost, in 2,074,202 to 3,532,943). Then the search's
# two best-first looks of 131,072 positions each (engine/solver/klondike.py, *The order*) won 2 of
# draw one's 9 left and 3 of draw three's 13 (in 65,602 to 275,300 positions: 7 and 10 left, 0.7 % and
# 1.0 %); the extra 200,000 keeps depth first's share above the 3,886,110 positions its longest
# decided deal needs. Both presets run from scratch with the looks: no answer changed but those five,
# draw one 2,575 → 2,337 s CPU, draw three 2,564 → 2,642 s (issue 11).
# With one pass (Vegas) the budget is 4,000,000: of the 43 draw-one deals that 1,000,000 left
# undecided, 2,000,000 decided 31 (9 won, 22 lost) and 4,000,000 another 7 of the 12 left (1 won,
# 6 lost, in 2,043,409 to 3,547,265 positions), at about 21,000 positions a second; draw one Vegas
# takes the most CPU (7,498 s). (Draw three Vegas decides all its deals in fewer than 1,000,000.)
SCORPION_BUDGET = 300_000
SCORPION_WIDE_BUDGET = 200_000
SCORPION_WASP_BUDGET = 600_000
KLONDIKE_BUDGET = 4_200_000
KLONDIKE_ONE_PASS_BUDGET = 4_000_000

PRESETS: dict[str, dict] = {
    # name: game, code variant, budget (positions per deal), what the preset is
    "scorpion-classic": {"game": "scorpion", "variant": "CLA", "nodes": SCORPION_BUDGET,
                         "rules": "The app's Classic: same suit, only a king on an empty column, "
                                  "complete sequences removed, the reserve any time."},
    "scorpion-easy": {"game": "scorpion", "variant": "EAS", "nodes": SCORPION_WIDE_BUDGET,
                      "rules": "The app's Easy: any suit one rank higher; the rest as Classic."},
    "scorpion-traditional": {"game": "scorpion", "variant": "TRA", "nodes": SCORPION_BUDGET,
                             "rules": "Traditional: complete sequences stay, the reserve only when play is stuck."},
    "scorpion-bvs": {"game": "scorpion", "variant": "BVS", "nodes": SCORPION_BUDGET,
                     "rules": "BVS: four face-down cards in columns 1 to 3; as Traditional."},
    "scorpion-scorpion-ii": {"game": "scorpion", "variant": "SC2", "nodes": SCORPION_BUDGET,
                             "rules": "Scorpion II: three face-down cards in columns 1 to 3; the rest as Classic."},
    "scorpion-wasp": {"game": "scorpion", "variant": "WSP", "nodes": SCORPION_WASP_BUDGET,
                      "rules": "Wasp: any card or block on an empty column; the rest as Classic."},
    "scorpion-three-blind-mice": {"game": "scorpion", "variant": "TBM", "nodes": SCORPION_BUDGET,
                                  "rules": "Three Blind Mice: ten columns of five, two cards set aside."},
    "klondike-draw1": {"game": "klondike", "variant": "D1N", "nodes": KLONDIKE_BUDGET,
                       "rules": "Klondike, draw 1, Normal scoring (unlimited passes through the stock)."},
    "klondike-draw3": {"game": "klondike", "variant": "D3N", "nodes": KLONDIKE_BUDGET,
                       "rules": "Klondike, draw 3, Normal scoring (unlimited passes through the stock)."},
    "klondike-draw1-vegas": {"game": "klondike", "variant": "D1V", "nodes": KLONDIKE_ONE_PASS_BUDGET,
                             "rules": "Klondike, draw 1, Vegas scoring (one pass through the stock)."},
    "klondike-draw3-vegas": {"game": "klondike", "variant": "D3V", "nodes": KLONDIKE_ONE_PASS_BUDGET,
                             "rules": "Klondike, draw 3, Vegas scoring (one pass through the stock)."},
}

FRESH_FROM = 1_000_000_000
"""Deal numbers of the fresh sample: far from the first thousand (``--fresh``)."""
FRESH_SECONDS = 20.0

KLONDIKE_THOUGHTFUL = {
    "figure": "81.945% ± 0.084%", "rate": 0.81945, "interval": [0.81861, 0.82029],
    "what": "thoughtful Klondike (every card known), 95% confidence interval",
    "source": "C. Blake and I. P. Gent, The Winnability of Klondike Solitaire and Many Other Patience Games",
    "url": "https://arxiv.org/abs/1906.12314",
}
PUBLISHED: dict[str, list[dict]] = {
    "scorpion-traditional": [
        {"figure": "about 9%", "rate": 0.09,
         "what": "Scorpion with the reserve dealt only when no other move is possible; the first 20,000 deals",
         "source": "adnamsale/Solitaire, README (a solver for cardgames.io's Scorpion)",
         "url": "https://github.com/adnamsale/Solitaire"},
        {"figure": "12.8%", "rate": 0.128,
         "what": "Scorpion, 1,000 random deals, wins proved by the vendor's search solver within its budget "
                 "(its rules: sequences built where they lie; its Wasp page says the reserve may be dealt "
                 "“at any moment”)",
         "source": "playsolitaire.io, Wasp Solitaire page",
         "url": "https://playsolitaire.io/wasp-solitaire"},
    ],
    "scorpion-wasp": [
        {"figure": "77.9%", "rate": 0.779,
         "what": "Wasp, 1,000 random deals, wins proved by the vendor's search solver within its budget",
         "source": "playsolitaire.io, Wasp Solitaire page",
         "url": "https://playsolitaire.io/wasp-solitaire"},
    ],
    "klondike-draw1": [KLONDIKE_THOUGHTFUL],
    "klondike-draw3": [KLONDIKE_THOUGHTFUL],
}


def wilson(successes: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval for a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def code_for(preset: dict, number: int) -> str:
    game = find(preset["game"])
    presets = {letters: name for name, letters in game.Rules.CODES.items()}
    return game.code(number, presets[preset["variant"]])


WORDS = {True: "won", False: "lost", None: "unknown"}


def solve_deal(task: tuple[str, str, int | None, float | None]) -> list:
    """One CSV row: solve the deal ``code`` within ``nodes`` positions (and ``seconds`` of this
    process's CPU time, so that the machine's other work does not shorten it: the search stops at
    the first look at the clock after them, every ``engine.solver.PROGRESS_EVERY`` positions)."""
    _, code, nodes, seconds = task
    started = time.process_time()
    until = None if seconds is None else started + seconds

    def within(_nodes: int) -> bool:
        return until is None or time.process_time() < until

    result = solve(deal(code), seconds=None, max_nodes=nodes, progress=within)
    return [code, WORDS[result.solved], result.nodes, len(result.moves) if result.solved else "",
            f"{time.process_time() - started:.3f}"]


class Progress:
    """A one-line progress bar on stderr: deals done, decisions, elapsed and remaining time."""

    def __init__(self, total: int, out=sys.stderr):
        self.total, self.done, self.out = total, 0, out
        self.counts = {"won": 0, "lost": 0, "unknown": 0}
        self.started = time.monotonic()
        self.tty = out.isatty()
        self.shown = -1

    def step(self, label: str, word: str) -> None:
        self.done += 1
        self.counts[word] += 1
        elapsed = time.monotonic() - self.started
        left = elapsed / self.done * (self.total - self.done)
        width = 30
        filled = width * self.done // max(self.total, 1)
        line = (f"[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total} deals  "
                f"won {self.counts['won']} lost {self.counts['lost']} unknown {self.counts['unknown']}  "
                f"{_clock(elapsed)} elapsed, ~{_clock(left)} left  {label}")
        if self.tty:
            print("\r" + line[:160].ljust(160), end="", file=self.out, flush=True)
        elif self.done * 20 // max(self.total, 1) != self.shown or self.done == self.total:
            self.shown = self.done * 20 // max(self.total, 1)
            print(line, file=self.out, flush=True)

    def close(self) -> None:
        if self.tty:
            print(file=self.out, flush=True)


def _clock(seconds: float) -> str:
    seconds = int(seconds)
    return f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"


def read_rows(path: Path) -> dict[str, dict]:
    """The rows a CSV already holds, by code (a partly written last line is dropped)."""
    if not path.exists():
        return {}
    rows = {}
    with path.open(encoding="utf-8", newline="") as f:
        for row in csv.DictReader(f):
            if row.get("seconds"):
                rows[row["code"]] = row
    return rows


def run(names: list[str], deals: int, nodes: int | None, jobs: int, restart: bool) -> None:
    """Solve every deal the CSV files of ``names`` do not hold yet, ``jobs`` at a time."""
    OUT.mkdir(parents=True, exist_ok=True)
    plan: list[tuple[str, list[str]]] = []
    for name in names:
        preset = PRESETS[name]
        if preset["game"] not in GAMES:
            raise SystemExit(f"winrates: the engine has no game {preset['game']!r}")
        path = OUT / f"{name}.csv"
        budget = nodes or preset["nodes"]
        meta = _meta(name)
        before = meta.get("budget_positions")
        if restart or before is None or before > budget:
            path.unlink(missing_ok=True)  # a new run, or a smaller budget: the old rows do not count
            _write_meta(name, budget, None)
        elif before < budget:
            _raise_budget(name, budget)
        have = read_rows(path)
        todo = [code_for(preset, n) for n in range(deals) if code_for(preset, n) not in have]
        plan.append((name, todo))
    progress = Progress(sum(len(todo) for _, todo in plan))
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for name, todo in plan:
            budget = nodes or PRESETS[name]["nodes"]
            path = OUT / f"{name}.csv"
            new = not path.exists()
            with path.open("a", newline="", encoding="utf-8") as f:
                writer = csv.writer(f, lineterminator="\n")
                if new:
                    writer.writerow(FIELDS)
                tasks = [(name, code, budget, None) for code in todo]
                for row in pool.map(solve_deal, tasks, chunksize=1):
                    writer.writerow(row)
                    f.flush()
                    progress.step(name, row[1])
            _finish(name, budget, deals)
            summary()
    progress.close()


def _raise_budget(name: str, budget: int) -> None:
    """The preset's budget is raised: its won and lost rows stand, its unknown rows are dropped
    (to be solved again). The search is deterministic and its budget only stops it, so a deal
    decided within the old budget is decided the same, in the same positions, within the new one:
    the CSV then holds what a run from scratch would (all but the CPU seconds). A change to the
    solver that changes any answer needs ``--restart``."""
    path = OUT / f"{name}.csv"
    _write_rows(path, [r for r in read_rows(path).values() if r["result"] != "unknown"])
    _write_meta(name, budget, None)


def _meta(name: str) -> dict:
    path = OUT / f"{name}.meta.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def _finish(name: str, budget: int, deals: int) -> None:
    """Sort the preset's CSV by deal number and record its budget and CPU time."""
    path = OUT / f"{name}.csv"
    rows = sorted(read_rows(path).values(), key=lambda r: r["code"])[:deals]
    _write_rows(path, rows)
    _write_meta(name, budget, round(sum(float(r["seconds"]) for r in rows), 1))


def _write_rows(path: Path, rows: list[dict]) -> None:
    with path.open("w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, FIELDS, lineterminator="\n")
        writer.writeheader()
        writer.writerows({k: r[k] for k in FIELDS} for r in rows)


def _write_meta(name: str, budget: int, cpu: float | None) -> None:
    (OUT / f"{name}.meta.json").write_text(
        json.dumps({"budget_positions": budget, "cpu_seconds": cpu}, indent=1) + "\n", encoding="utf-8")


DECIMALS = 6
"""Fractions in ``winrates.json`` keep this many decimals: the Statistics page rounds them once more,
to a tenth of a percent, and at four decimals a bound such as 0.268531 (26.9 %) came out 26.8 %."""


def summary() -> dict:
    found = {}
    for name, preset in PRESETS.items():
        rows = list(read_rows(OUT / f"{name}.csv").values())
        if not rows:
            continue
        rows.sort(key=lambda r: r["code"])
        counts = {word: sum(1 for r in rows if r["result"] == word) for word in ("won", "lost", "unknown")}
        n = len(rows)
        won, unknown = counts["won"], counts["unknown"]
        low, high = wilson(won, n)
        meta = _meta(name)
        decided = sorted(float(r["seconds"]) for r in rows if r["result"] != "unknown")
        found[name] = {
            "game": preset["game"], "rules": preset["rules"],
            "deals": n, "codes": f"{rows[0]['code']} … {rows[-1]['code']}",
            "budget_positions": meta.get("budget_positions", preset["nodes"]),
            "cpu_seconds": meta.get("cpu_seconds"),
            "won": won, "lost": counts["lost"], "unknown": unknown,
            "rate": round(won / n, DECIMALS),
            "wilson95": [round(low, DECIMALS), round(high, DECIMALS)],
            "bounds": {"unknown_as_lost": round(won / n, DECIMALS),
                       "unknown_as_won": round((won + unknown) / n, DECIMALS),
                       "wilson95_low": round(low, DECIMALS),
                       "wilson95_high": round(wilson(won + unknown, n)[1], DECIMALS)},
            "median_seconds_decided": decided[len(decided) // 2] if decided else None,
            "published": PUBLISHED.get(name, []),
        }
    data = {
        "about": "Thoughtful win rates (every face-down card known to the solver) of the first deal codes of "
                 "each preset. won: a winning line was found and replayed; lost: proved, every reachable "
                 "position was explored or shown lost by an argument written in the solver; unknown: the "
                 "budget (positions per deal) ran out. rate and wilson95 count unknown deals as not won, so "
                 "they are lower bounds; bounds.unknown_as_won is the upper bound.",
        "script": "bench/winrates.py",
        "presets": found,
        # every published figure, measured yet or not: the site catalog takes their words from here
        "published": PUBLISHED,
    }
    (OUT / "winrates.json").write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return data


def fresh(count: int, jobs: int, seconds: float = FRESH_SECONDS, names: list[str] | None = None) -> dict:
    """``count`` deals of every preset (or of the presets ``names``) from deal number ``FRESH_FROM``
    on, ``seconds`` each: the share decided, per preset and in all (written to ``fresh.json``).
    Named presets replace their own counts in the committed file, whose other presets stand: the
    file must then be of the same deals and seconds (else ``ValueError``, one line), so that
    after a change to one game's search only that game is measured again."""
    names = names or list(PRESETS)
    about = (f"Deals {FRESH_FROM} to {FRESH_FROM + count - 1} of every preset, at most {seconds:g} s "
             "CPU each (CPython, this machine)")
    per: dict[str, dict[str, int]] = {}
    if set(names) != set(PRESETS):
        path = OUT / "fresh.json"
        before = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
        if before.get("about") != about:
            raise ValueError(f"{path}: holds {before.get('about', 'nothing')!r}, not {about!r}; "
                             "measure every preset (no names) to start it over")
        per = {name: counts for name, counts in before["presets"].items() if name not in names}
    tasks = [(name, code_for(PRESETS[name], FRESH_FROM + n), None, seconds) for name in names for n in range(count)]
    progress = Progress(len(tasks))
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for (name, *_), row in zip(tasks, pool.map(solve_deal, tasks, chunksize=1)):
            per.setdefault(name, {"won": 0, "lost": 0, "unknown": 0})[row[1]] += 1
            progress.step(name, row[1])
    progress.close()
    per = {name: per[name] for name in PRESETS if name in per}
    total = sum(sum(c.values()) for c in per.values())
    decided = sum(c["won"] + c["lost"] for c in per.values())
    data = {"about": about, "seconds": seconds, "presets": per, "decided": decided, "deals": total,
            "decided_share": round(decided / total, 4) if total else None}
    (OUT / "fresh.json").write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    return data


def probe(names: list[str], deals: int, seconds: float | None, nodes: int | None, undecided: bool,
          out=sys.stdout) -> dict[str, dict]:
    """Solve deals 0 … ``deals`` − 1 of each preset (or, ``undecided``, the codes its committed CSV
    left unknown) in this process, one at a time, within ``seconds`` and/or ``nodes`` each; print
    per preset the counts and the CPU seconds. Writes nothing: it compares two versions of the
    solver on the same deals (run it on each, same flags, ``nice``), not a result to publish."""
    found = {}
    for name in names:
        if undecided:
            codes = [code for code, row in read_rows(OUT / f"{name}.csv").items() if row["result"] == "unknown"]
        else:
            codes = [code_for(PRESETS[name], n) for n in range(deals)]
        counts = {"won": 0, "lost": 0, "unknown": 0}
        cpu = 0.0
        slow = []
        for code in codes:
            row = solve_deal((name, code, nodes, seconds))
            counts[row[1]] += 1
            cpu += float(row[4])
            if row[1] == "unknown":
                slow.append(code)
        found[name] = {**counts, "deals": len(codes), "cpu_seconds": round(cpu, 1), "unknown_codes": slow}
        budget = " and ".join(b for b in (f"{seconds:g} s" if seconds else "",
                                          f"{nodes} positions" if nodes else "") if b)
        print(f"{name:26} {len(codes):4} deals at {budget}: won {counts['won']:4} lost {counts['lost']:4} "
              f"unknown {counts['unknown']:4}  {cpu:7.1f} s CPU ({cpu / max(len(codes), 1):.2f} per deal)",
              file=out, flush=True)
        if slow:
            print("    unknown: " + " ".join(slow), file=out, flush=True)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("presets", nargs="*", help=f"some of: {', '.join(PRESETS)}")
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--nodes", type=int, default=None, help="override the preset's budget (positions per deal)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes (default: every core)")
    parser.add_argument("--restart", action="store_true", help="solve the presets named again from the first deal")
    parser.add_argument("--summary", action="store_true", help="only rebuild winrates.json")
    parser.add_argument("--fresh", type=int, default=0, metavar="N",
                        help=f"instead: N deals of every preset (or of those named) from deal {FRESH_FROM} on, "
                             f"{FRESH_SECONDS:g} s each")
    parser.add_argument("--probe", action="store_true",
                        help="instead: solve the presets' deals in this process within --seconds/--nodes, print counts "
                             "and CPU time, write nothing")
    parser.add_argument("--seconds", type=float, default=None, help="with --probe: a budget per deal in CPU seconds")
    parser.add_argument("--undecided", action="store_true",
                        help="with --probe: the deals each preset's committed CSV left unknown")
    args = parser.parse_args(argv)
    unknown = [p for p in args.presets if p not in PRESETS]
    if unknown:
        parser.error(f"unknown preset(s) {', '.join(unknown)} (presets: {', '.join(PRESETS)})")
    if args.probe:
        if args.seconds is None and args.nodes is None:
            parser.error("--probe needs a budget: --seconds and/or --nodes")
        probe(args.presets or list(PRESETS), args.deals, args.seconds, args.nodes, args.undecided)
        return 0
    if args.fresh:
        try:
            data = fresh(args.fresh, args.jobs, names=args.presets)
        except ValueError as error:
            print(f"error: {error}", file=sys.stderr)
            return 2
        for name, c in data["presets"].items():
            print(f"{name:26} won {c['won']:4} lost {c['lost']:4} unknown {c['unknown']:4}")
        share = data["decided_share"]
        print(f"decided within {data['seconds']:g} s: {data['decided']} of {data['deals']} ({share:.1%})")
        return 0
    if not args.summary:
        run(args.presets or list(PRESETS), args.deals, args.nodes, args.jobs, args.restart)
    data = summary()
    for name, s in data["presets"].items():
        print(f"{name:26} won {s['won']:4} lost {s['lost']:4} unknown {s['unknown']:4}  "
              f"rate {s['rate']:.1%} [{s['wilson95'][0]:.1%}, {s['wilson95'][1]:.1%}]  "
              f"up to {s['bounds']['unknown_as_won']:.1%}  ({s['cpu_seconds']} s CPU)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
