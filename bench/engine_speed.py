"""How fast a game's engine runs in CPython: push+pop, legal-move generation, verdicts, playouts.

One measurement for every game (``bench_scorpion``, ``bench_klondike`` give it their deals and
their attempted moves). The solver lives on push/pop and move generation; the goal is ≥ 100,000
push+pop per second on the project's 2-core machine. Figures are the best of ``ROUNDS`` rounds of
``SECONDS`` over the same positions (deals and positions met in random play from them), so runs
compare.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable

ROUNDS = 3
SECONDS = 0.4  # per round


def best_rate(body: Callable[[], object], units_per_call: int = 1) -> float:
    """Calls ``body`` repeatedly for SECONDS, ROUNDS times; the best rate in units per second."""
    best = 0.0
    for _ in range(ROUNDS):
        calls, start = 0, time.perf_counter()
        deadline = start + SECONDS
        while True:
            body()
            calls += 1
            now = time.perf_counter()
            if now >= deadline:
                break
        best = max(best, calls * units_per_call / (now - start))
    return best


def random_play(pos, rnd: random.Random, max_moves: int) -> int:
    """Random legal moves until stuck or ``max_moves``; returns how many were made."""
    n = 0
    while n < max_moves:
        moves = list(pos.legal_moves())
        if not moves:
            break
        pos.push(moves[rnd.randrange(len(moves))])
        n += 1
    return n


def positions(deal: Callable[[int], object], count: int = 200, depth: int = 40, seed: int = 1) -> list:
    """Positions a game meets: deals ``0 … count-1`` after 0 … ``depth`` random moves each,
    re-read from their position strings (no move history)."""
    rnd = random.Random(seed)
    found = []
    for number in range(count):
        pos = deal(number)
        random_play(pos, rnd, rnd.randrange(depth))
        found.append(type(pos).from_string(str(pos), pos.rules))
    return found


def rows(game: str, deal: Callable[[int, random.Random], object], attempts: Callable[[object], list],
         depth: int, verdict_note: str, max_moves: int = 200) -> list[dict]:
    """The four rows of ``make bench`` for one game.

    ``deal(number, rnd)`` makes a position (``rnd`` may pick the rules); ``attempts(pos)`` lists moves
    to judge, legal and illegal.
    """
    fixed = random.Random(0)
    table = positions(lambda n: deal(n, fixed), depth=depth)
    pairs = [(pos, move) for pos in table for move in list(pos.legal_moves())[:4]]
    tries = [(pos, move) for pos in table[:50] for move in attempts(pos)]

    def push_pop():
        for pos, move in pairs:
            pos.push(move)
            pos.pop()

    def generate():
        for pos in table:
            list(pos.legal_moves())

    def judge():
        for pos, move in tries:
            pos.verdict(move)

    rnd, made = random.Random(7), [0, 0]

    def playout():
        made[0] += random_play(deal(rnd.randrange(26**7), rnd), rnd, max_moves)
        made[1] += 1

    playouts = best_rate(playout)
    return [
        {"benchmark": f"{game} push+pop", "value": best_rate(push_pop, len(pairs)), "unit": "per s",
         "goal": "≥ 100,000 per s", "note": "one push and its pop; positions from 200 deals in play"},
        {"benchmark": f"{game} legal-move generation", "value": best_rate(generate, len(table)), "unit": "per s",
         "note": "list(pos.legal_moves()), all moves of a position"},
        {"benchmark": f"{game} verdicts", "value": best_rate(judge, len(tries)), "unit": "per s",
         "note": verdict_note},
        {"benchmark": f"{game} random playouts", "value": playouts, "unit": "per s",
         "note": f"deal, then random legal moves until stuck or {max_moves} (mean {made[0] / made[1]:.0f} moves)"},
    ]


def print_rows(table: list[dict]) -> int:
    width = max(len(row["benchmark"]) for row in table)
    for row in table:
        goal = f"  (goal {row['goal']})" if "goal" in row else ""
        print(f"{row['benchmark']:<{width}}  {row['value']:>12,.0f} {row['unit']}{goal}")
    return 0


if __name__ == "__main__":
    sys.exit(print("run bench/bench_scorpion.py or bench/bench_klondike.py"))
