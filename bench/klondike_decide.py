"""How decisive the Klondike solver is at a fixed time per deal: won / lost / undecided per preset.

    nice -n 15 .venv/bin/python -m bench.klondike_decide                      # deals 0–99, 3 s each
    nice -n 15 .venv/bin/python -m bench.klondike_decide --deals 100 --first 100 --seconds 10 D1V
    nice -n 15 .venv/bin/python -m bench.klondike_decide --first 1000000000 --deals 50   # fresh deals

One process, deals one after the other. The budget is CPU seconds of this process (the search runs
in slices of ``engine.solver.SLICE`` positions through ``Solving``, and stops once the slices have
taken the budget), so another job on the machine does not eat into it; ``--nodes`` gives a
deterministic budget instead. Prints one line per preset: deals, won, lost, undecided, the CPU seconds
they took in all, and the positions searched per second. ``--verbose`` adds a line per deal.

It is the yardstick of issue 11's Klondike work: run the same command on ``main`` and on a branch.
``bench/winrates.py`` is the long run (1000 deals per preset, a budget in positions) whose results
are committed; this one takes minutes.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

if __package__ in (None, ""):  # run as a file: make the checkout importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.winrates import code_for  # noqa: E402
from engine import deal  # noqa: E402
from engine.solver import SLICE, Solving  # noqa: E402

VARIANTS = ("D1N", "D3N", "D1V", "D3V")


def code(variant: str, number: int) -> str:
    return code_for({"game": "klondike", "variant": variant}, number)


def decide(deal_code: str, seconds: float | None, nodes: int | None) -> tuple[bool | None, int, float]:
    """Solve one deal within ``seconds`` of CPU time (or ``nodes`` positions): (answer, positions, CPU s)."""
    started = time.process_time()
    searching = Solving(deal(deal_code), seconds=None, max_nodes=nodes)
    while (result := searching.run(SLICE)) is None:
        if seconds is not None and time.process_time() - started > seconds:
            result = searching.stop()
            break
    return result.solved, result.nodes, time.process_time() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("variants", nargs="*", default=list(VARIANTS), help=f"some of {' '.join(VARIANTS)}")
    parser.add_argument("--first", type=int, default=0, help="the first deal number (default 0)")
    parser.add_argument("--deals", type=int, default=100, help="deals per preset (default 100)")
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per deal (default 3)")
    parser.add_argument("--nodes", type=int, default=None, help="positions per deal instead of seconds")
    parser.add_argument("--verbose", action="store_true", help="a line per deal")
    args = parser.parse_args(argv)
    seconds = None if args.nodes else args.seconds
    budget = f"{args.nodes} positions" if args.nodes else f"{args.seconds:g} CPU s"
    print(f"deals {args.first}–{args.first + args.deals - 1}, {budget} each", flush=True)
    print(f"{'preset':6} {'deals':>5} {'won':>5} {'lost':>5} {'undec':>5} {'seconds':>8} {'pos/s':>7}", flush=True)
    for variant in args.variants:
        if variant not in VARIANTS:
            parser.error(f"{variant}: not one of {' '.join(VARIANTS)}")
        counts = {True: 0, False: 0, None: 0}
        total_s, total_n = 0.0, 0
        for number in range(args.first, args.first + args.deals):
            deal_code = code(variant, number)
            solved, n, s = decide(deal_code, seconds, args.nodes)
            counts[solved] += 1
            total_s += s
            total_n += n
            if args.verbose:
                print(f"  {deal_code} {({True: 'won', False: 'lost', None: '?'})[solved]:4} {n:8} {s:6.2f}",
                      flush=True)
        print(f"{variant:6} {args.deals:5} {counts[True]:5} {counts[False]:5} {counts[None]:5} {total_s:8.1f} "
              f"{total_n / total_s if total_s else 0:7.0f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
