"""Scorpion engine speed in CPython: push+pop, legal-move generation, verdicts, random playouts.

``make bench`` runs it with the others (``bench/run.py``); alone: ``python -m bench.bench_scorpion``.
Deals SC1-CLA-… and positions met in random play from them; see ``bench/engine_speed.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a file: make the checkout importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.engine_speed import print_rows, rows  # noqa: E402
from engine.scorpion import ScorpionPosition  # noqa: E402


def run() -> list[dict]:
    return rows(
        "scorpion",
        deal=lambda number, rnd: ScorpionPosition.deal(number),
        attempts=lambda pos: [(c, to) for c in range(0, 52, 5) for to in range(7)],
        depth=40,
        verdict_note="pos.verdict(move) on legal and illegal moves",
    )


if __name__ == "__main__":
    sys.exit(print_rows(run()))
