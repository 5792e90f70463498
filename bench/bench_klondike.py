"""Klondike engine speed in CPython: push+pop, legal-move generation, verdicts, random playouts.

``make bench`` runs it with the others (``bench/run.py``); alone: ``python -m bench.bench_klondike``.
Deals KL1-D1N-… and KL1-D3N-… and positions met in random play from them; see
``bench/engine_speed.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a file: make the checkout importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.engine_speed import print_rows, rows  # noqa: E402
from engine.klondike import DTAP, TAP, KlondikePosition  # noqa: E402


def run() -> list[dict]:
    return rows(
        "klondike",
        deal=lambda number, rnd: KlondikePosition.deal(number, rnd.choice(("draw1", "draw3"))),
        attempts=lambda pos: [(c, to) for c in range(0, 52, 5) for to in (*range(8), TAP, DTAP)],
        depth=60,
        verdict_note="pos.verdict(move) on legal and illegal moves, taps included",
    )


if __name__ == "__main__":
    sys.exit(print_rows(run()))
