"""Win rates per rules preset: solve the first N deal codes of each preset, with a stated budget.

    python bench/winrates.py                    # every preset below, 1000 deals each
    python bench/winrates.py scorpion-classic   # one preset (keys of PRESETS)
    python bench/winrates.py --summary          # only rebuild winrates.json from the CSV files

"Thoughtful" play: the solver knows every face-down card (``engine.solver``). A deal is *won*
(the solver found a winning line, which the engine replays), *lost* (every reachable position
was explored: it cannot be won) or *unknown* (the budget ran out first). The budget is a number
of positions per deal, not seconds, so the committed data is reproducible on any machine.

Output, committed as data under ``examples/stats/`` (CI does not rerun this; the Statistics
page renders it):

- ``<preset>.csv``: one row per deal: code, result, positions explored, moves of the winning
  line, seconds (the only column that depends on the machine);
- ``winrates.json``: per preset the counts, the win rate among all deals with its 95% Wilson
  interval, the bounds that count every unknown deal as lost / as won, the budget, the time
  taken, and the published figures to compare with, each with its source.

Why here and not under ``examples/``: ``examples/`` holds data only (records and results);
``bench/`` holds the scripts that measure. It is not a ``make bench`` benchmark (those are
``bench_*.py`` and take seconds); a full run takes about half an hour of one core.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import GAMES, deal, find  # noqa: E402
from engine.solver import solve  # noqa: E402

OUT = ROOT / "examples" / "stats"

PRESETS: dict[str, dict] = {
    # name: game, code variant, budget (positions per deal), what the preset is
    "scorpion-classic": {"game": "scorpion", "variant": "CLA", "nodes": 20000,
                         "rules": "The app's Classic: same suit, only a king on an empty column, "
                                  "complete sequences removed, the reserve any time."},
    "scorpion-easy": {"game": "scorpion", "variant": "EAS", "nodes": 20000,
                      "rules": "The app's Easy: any suit one rank higher; the rest as Classic."},
    "scorpion-traditional": {"game": "scorpion", "variant": "TRA", "nodes": 20000,
                             "rules": "Traditional: complete sequences stay, the reserve only when play is stuck."},
    "scorpion-wasp": {"game": "scorpion", "variant": "WSP", "nodes": 20000,
                      "rules": "Wasp: any card or block on an empty column; the rest as Classic."},
    "klondike-draw1": {"game": "klondike", "variant": "D1N", "nodes": 50000,
                       "rules": "Klondike, draw 1, Normal scoring (unlimited passes through the stock)."},
    "klondike-draw3": {"game": "klondike", "variant": "D3N", "nodes": 50000,
                       "rules": "Klondike, draw 3, Normal scoring (unlimited passes through the stock)."},
}

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
                 "'at any moment')",
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


def run_preset(name: str, deals: int, nodes: int | None = None, out=sys.stdout) -> Path:
    preset = PRESETS[name]
    if preset["game"] not in GAMES:
        raise SystemExit(f"winrates: the engine has no game {preset['game']!r}")
    budget = nodes or preset["nodes"]
    path = OUT / f"{name}.csv"
    OUT.mkdir(parents=True, exist_ok=True)
    started = time.process_time()
    with path.open("w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f, lineterminator="\n")
        writer.writerow(["code", "result", "positions", "moves", "seconds"])
        for number in range(deals):
            code = code_for(preset, number)
            pos = deal(code)
            result = solve(pos, seconds=None, max_nodes=budget)
            if result.solved:
                check = deal(code)
                for token in result.moves:
                    check.play(token)
                if not check.is_won():
                    raise SystemExit(f"winrates: {code}: the solver's line does not win when replayed")
            word = {True: "won", False: "lost", None: "unknown"}[result.solved]
            writer.writerow([code, word, result.nodes, len(result.moves) if result.solved else "",
                             f"{result.seconds:.3f}"])
            if number % 100 == 99:
                f.flush()
                print(f"{name}: {number + 1}/{deals} deals, {time.process_time() - started:.0f} s CPU",
                      file=out, flush=True)
    meta = OUT / f"{name}.meta.json"
    meta.write_text(json.dumps({"budget_positions": budget, "cpu_seconds": round(time.process_time() - started, 1)},
                               indent=1) + "\n", encoding="utf-8")
    return path


def summary() -> dict:
    found = {}
    for name, preset in PRESETS.items():
        path = OUT / f"{name}.csv"
        if not path.exists():
            continue
        rows = list(csv.DictReader(path.open(encoding="utf-8")))
        if not rows:
            continue
        counts = {word: sum(1 for r in rows if r["result"] == word) for word in ("won", "lost", "unknown")}
        n = len(rows)
        won, unknown = counts["won"], counts["unknown"]
        low, high = wilson(won, n)
        meta_path = OUT / f"{name}.meta.json"
        meta = json.loads(meta_path.read_text(encoding="utf-8")) if meta_path.exists() else {}
        solved_seconds = sorted(float(r["seconds"]) for r in rows if r["result"] != "unknown")
        found[name] = {
            "game": preset["game"], "rules": preset["rules"],
            "deals": n, "codes": f"{rows[0]['code']} … {rows[-1]['code']}",
            "budget_positions": meta.get("budget_positions"), "cpu_seconds": meta.get("cpu_seconds"),
            "won": won, "lost": counts["lost"], "unknown": unknown,
            "rate": round(won / n, 4),
            "wilson95": [round(low, 4), round(high, 4)],
            "bounds": {"unknown_as_lost": round(won / n, 4),
                       "unknown_as_won": round((won + unknown) / n, 4),
                       "wilson95_low": round(wilson(won, n)[0], 4),
                       "wilson95_high": round(wilson(won + unknown, n)[1], 4)},
            "median_seconds_decided": solved_seconds[len(solved_seconds) // 2] if solved_seconds else None,
            "published": PUBLISHED.get(name, []),
        }
    data = {
        "about": "Thoughtful win rates (every face-down card known to the solver) of the first deal codes of "
                 "each preset. won: a winning line was found and replayed; lost: every reachable position was "
                 "explored; unknown: the budget (positions per deal) ran out. rate and wilson95 count unknown "
                 "deals as not won, so they are lower bounds; bounds.unknown_as_won is the upper bound.",
        "script": "bench/winrates.py",
        "presets": found,
    }
    (OUT / "winrates.json").write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return data


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("presets", nargs="*", help=f"some of: {', '.join(PRESETS)}")
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--nodes", type=int, default=None, help="override the preset's budget (positions per deal)")
    parser.add_argument("--summary", action="store_true", help="only rebuild winrates.json")
    args = parser.parse_args(argv)
    unknown = [p for p in args.presets if p not in PRESETS]
    if unknown:
        parser.error(f"unknown preset(s) {', '.join(unknown)}")
    if not args.summary:
        for name in args.presets or list(PRESETS):
            run_preset(name, args.deals, args.nodes)
            summary()
    data = summary()
    for name, s in data["presets"].items():
        print(f"{name:22} won {s['won']:4} lost {s['lost']:4} unknown {s['unknown']:4}  "
              f"rate {s['rate']:.1%} [{s['wilson95'][0]:.1%}, {s['wilson95'][1]:.1%}]  "
              f"up to {s['bounds']['unknown_as_won']:.1%}  ({s['cpu_seconds']} s CPU)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
