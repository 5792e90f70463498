"""Solver speed: the seed deal of the rules pages, a Klondike deal, positions explored per second.

``make bench`` runs it with the others (``bench/run.py``); alone: ``python -m bench.bench_solver``.
Times are the best of three solves of the same position (the solver is deterministic), in CPU
seconds of this process, so another process on the machine does not count against it. The win
rates per preset are a separate, long run (``bench/winrates.py``) whose results are committed.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

if __package__ in (None, ""):  # run as a file: make the checkout importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

ROOT = Path(__file__).resolve().parent.parent
ROUNDS = 3


def best(make_position, nodes: int = 200_000):
    """The best of ROUNDS solves: (CPU seconds, the result)."""
    from engine.solver import solve

    times, result = [], None
    for _ in range(ROUNDS):
        pos = make_position()
        start = time.process_time()
        result = solve(pos, seconds=None, max_nodes=nodes)
        times.append(time.process_time() - start)
    return min(times), result


def run():
    from engine import position
    from engine.records import Record

    won = Record.load(ROOT / "examples" / "scorpion" / "won.game")

    def seed_deal():
        return won.start_position()

    def after_first_move():
        pos = won.start_position()
        pos.play("4H>7")
        return pos

    cases = [
        ("seed deal (won.game), from the start", seed_deal),
        ("seed deal after 4H>7", after_first_move),
        ("Klondike KL1-D1N-AAAAAAG", lambda: position("klondike", code="KL1-D1N-AAAAAAG")),
        ("Klondike KL1-D3N-AAAAAAD", lambda: position("klondike", code="KL1-D3N-AAAAAAD")),
    ]
    for name, make in cases:
        seconds, result = best(make)
        answer = {True: "won", False: "cannot be won", None: "budget ran out"}[result.solved]
        yield {"benchmark": f"solve {name}", "value": round(seconds * 1000, 1), "unit": "ms CPU",
               "note": f"{answer}, {result.nodes} positions, {len(result.moves)} moves"}
    # Throughput on a deal the solver cannot finish quickly
    seconds, result = best(lambda: position("scorpion", code="SC1-CLA-AAAAAAJ"), nodes=20_000)
    yield {"benchmark": "positions explored (Scorpion, SC1-CLA-AAAAAAJ)", "value": round(result.nodes / seconds),
           "unit": "per s CPU", "note": f"{result.nodes} positions in {seconds:.2f} s"}
    seconds, result = best(lambda: position("klondike", code="KL1-D1N-AAAAAAB"), nodes=20_000)
    yield {"benchmark": "positions explored (Klondike, KL1-D1N-AAAAAAB)", "value": round(result.nodes / seconds),
           "unit": "per s CPU", "note": f"{result.nodes} positions in {seconds:.2f} s"}


if __name__ == "__main__":
    for row in run():
        print(row)
