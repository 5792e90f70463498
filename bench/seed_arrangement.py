"""Where the unseen cards of the seed deal may lie so that the deal can be won (seeds 000/003).

The seeds show the 37 face-up cards of the deal of the rules pages and hide 15: 12 face down in
columns 1–4 (three each) and 3 in the reserve. This script places those 15 cards at random (a
seeded ``random.Random``, so the list is the same on every run), plays the seeds' first move
``4H>7`` and asks the solver whether the rest can be won, then prints the winnable arrangements,
shortest winning line first:

    python bench/seed_arrangement.py [--trials 300] [--nodes 20000] [--seed 2024]

``examples/scorpion/won.game`` is one of them (trial 225 with the defaults), its moves a line the
solver found from it. Not a benchmark (``make bench`` runs ``bench_*.py`` only).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import position  # noqa: E402
from engine.solver import solve  # noqa: E402

VISIBLE = "???3DJHTH3S/???QH3C4H7S/???AS7D7H3H/???KD8H7C9S/6H8CJS4C9C8D5C/6DQCKH4DKS9HJC/ADQD9D6S2HTD5H"
"""The seed deal as the seeds show it: ``???`` = three face-down cards."""
UNSEEN = "2S 4S 5S 8S TS QS AH 2D 5D JD AC 2C 6C TC KC".split()
FIRST_MOVE = "4H>7"


def arrangement(cards: list[str]) -> str:
    """The position string with ``cards`` face down in columns 1–4 (three each), then the reserve."""
    hidden = iter(c.lower() for c in cards)
    columns = ["".join(next(hidden) for _ in range(3)) + col[3:] if col.startswith("???") else col
               for col in VISIBLE.split("/")]
    return "/".join(columns) + " " + "".join(hidden) + " -"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--trials", type=int, default=300)
    parser.add_argument("--nodes", type=int, default=20000, help="solver budget per arrangement (positions)")
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    found = []
    for trial in range(args.trials):
        cards = UNSEEN[:]
        rng.shuffle(cards)
        text = arrangement(cards)
        pos = position("scorpion", text)
        pos.play(FIRST_MOVE)
        result = solve(pos, seconds=None, max_nodes=args.nodes)
        if result.solved:
            found.append((len(result.moves) + 1, trial, text, " ".join((FIRST_MOVE, *result.moves))))
    for length, trial, text, moves in sorted(found):
        print(f"{length} moves, trial {trial}: {text}\n    {moves}")
    print(f"{len(found)} of {args.trials} arrangements winnable within {args.nodes} positions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
