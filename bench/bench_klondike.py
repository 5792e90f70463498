"""Klondike engine speed in CPython: push+pop, legal-move generation, verdicts, random playouts.

``make bench`` runs it with the others (``bench/run.py``); alone: ``python -m bench.bench_klondike``.
The solver lives on push/pop and move generation; the goal is ≥ 100,000 push+pop per second on
the project's 2-core machine, as for Scorpion. Figures are the best of three rounds over the same
positions (deals KL1-D1N-… and KL1-D3N-… and positions met in random play from them), so runs compare.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a file: make the checkout importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bench_scorpion import best_rate  # noqa: E402
from engine.klondike import DTAP, TAP, KlondikePosition  # noqa: E402


def positions(count: int = 200, seed: int = 1) -> list[KlondikePosition]:
    """Positions a game meets: fresh deals and positions after 0–60 random moves, draw 1 and draw 3."""
    rnd = random.Random(seed)
    found = []
    for number in range(count):
        pos = KlondikePosition.deal(number, "draw1" if number % 2 else "draw3")
        for _ in range(rnd.randrange(60)):
            moves = list(pos.legal_moves())
            if not moves:
                break
            pos.push(rnd.choice(moves))
        found.append(KlondikePosition.from_string(str(pos), pos.rules))
    return found


def bench_push_pop(table: list[KlondikePosition]) -> float:
    pairs = [(pos, move) for pos in table for move in list(pos.legal_moves())[:4]]

    def body():
        for pos, move in pairs:
            pos.push(move)
            pos.pop()

    return best_rate(body, len(pairs))


def bench_legal_moves(table: list[KlondikePosition]) -> float:
    def body():
        for pos in table:
            list(pos.legal_moves())

    return best_rate(body, len(table))


def bench_verdicts(table: list[KlondikePosition]) -> float:
    tries = [(pos, (c, to)) for pos in table[:50] for c in range(0, 52, 5) for to in (*range(8), TAP, DTAP)]

    def body():
        for pos, move in tries:
            pos.verdict(move)

    return best_rate(body, len(tries))


def bench_playouts(max_moves: int = 200) -> tuple[float, float]:
    """Random games from fresh deals until stuck (or max_moves): playouts/s and moves per playout."""
    rnd = random.Random(7)
    moves_made = [0, 0]

    def body():
        pos = KlondikePosition.deal(rnd.randrange(26**7), rnd.choice(("draw1", "draw3")))
        n = 0
        while n < max_moves:
            moves = list(pos.legal_moves())
            if not moves:
                break
            pos.push(moves[rnd.randrange(len(moves))])
            n += 1
        moves_made[0] += n
        moves_made[1] += 1

    rate = best_rate(body)
    return rate, moves_made[0] / moves_made[1]


def run() -> list[dict]:
    table = positions()
    playouts, length = bench_playouts()
    return [
        {"benchmark": "klondike push+pop", "value": bench_push_pop(table), "unit": "per s",
         "goal": "≥ 100,000 per s", "note": "one push and its pop; positions from 200 deals in play"},
        {"benchmark": "klondike legal-move generation", "value": bench_legal_moves(table), "unit": "per s",
         "note": "list(pos.legal_moves()), all moves of a position"},
        {"benchmark": "klondike verdicts", "value": bench_verdicts(table), "unit": "per s",
         "note": "pos.verdict(move) on legal and illegal moves, taps included"},
        {"benchmark": "klondike random playouts", "value": playouts, "unit": "per s",
         "note": f"deal, then random legal moves until stuck or 200 (mean {length:.0f} moves)"},
    ]


def main() -> int:
    rows = run()
    width = max(len(row["benchmark"]) for row in rows)
    for row in rows:
        goal = f"  (goal {row['goal']})" if "goal" in row else ""
        print(f"{row['benchmark']:<{width}}  {row['value']:>12,.0f} {row['unit']}{goal}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
