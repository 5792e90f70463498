"""Our solver against Klondike-Solver (ShootMe's, through the PyPI wrapper ``pyksolve``): on the first
deals of draw 1 and draw 3 (Normal scoring: unlimited passes, which is what Klondike-Solver plays),
no deal may be proved lost by one and won by the other.

    python bench/solver_agreement.py              # 200 deals of each draw mode
    python bench/solver_agreement.py --deals 50 --nodes 20000
    python bench/solver_agreement.py --deals 1000 --stats   # ours: the answers make winrates committed

Each deal gets a budget on both sides: ``--nodes`` positions for ours, ``--closed`` closed states
for Klondike-Solver's ``solve_fast``. The table counts each pair of answers (won / lost / not
known); the two cells "won by one, lost by the other" must be 0. A won line of ours is replayed in
our engine by ``solve`` itself; a won line of theirs is checked in our engine by
tests/engine/test_klondike_pyksolve.py. tests/examples/test_solver_agreement.py runs a few deals of
this in ``make test``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import find  # noqa: E402
from engine.cards import rank_of, suit_of  # noqa: E402
from engine.solver import solve  # noqa: E402

SOLVER_SUITS = {0: "4", 1: "3", 2: "2", 3: "1"}  # ours ♠ ♥ ♦ ♣ → the solver's digits
WORDS = {True: "won", False: "lost", None: "not known"}


def theirs(pos, draw: int, closed: int) -> bool | None:
    """Klondike-Solver's answer for the deal ``pos``: True won, False impossible, None not known."""
    from pyksolve import solver  # noqa: PLC0415

    order = [pos.cols[j][r] for r in range(7) for j in range(r, 7)] + list(reversed(pos.stock))
    game = solver.Solitaire()
    if not game.load_solitaire("".join(f"{rank_of(c) + 1:02d}{SOLVER_SUITS[suit_of(c)]}" for c in order)):
        raise ValueError(f"Klondike-Solver refused the deal {pos}")
    game.reset_game(draw)
    value = game.solve_fast(max_closed_count=closed).value
    return {1: True, -1: True, 0: False}.get(value)


def committed(draw: int) -> dict[str, bool | None]:
    """Our answers by deal code from the committed win rates (``examples/stats``, ``make winrates``)."""
    from bench.winrates import OUT, read_rows  # noqa: PLC0415
    from bench.winrates import WORDS as RESULTS  # noqa: PLC0415

    answers = {word: solved for solved, word in RESULTS.items()}
    return {code: answers[row["result"]] for code, row in read_rows(OUT / f"klondike-draw{draw}.csv").items()}


def compare(draw: int, deals: int, nodes: int, closed: int, first: int = 0,
            stats: bool = False) -> dict[tuple[str, str], int]:
    """Counts of (our answer, theirs) over deals ``first`` … ``first + deals - 1``; ``stats``: ours
    read from the committed win rates instead of solved here (with their own budget)."""
    game = find("klondike")
    numbers = range(first, first + deals)
    known: dict[int, bool | None] = {}
    if stats:  # every deal's answer first: a missing one stops the comparison before it starts
        answers = committed(draw)
        for number in numbers:
            code = game.code(number, f"draw{draw}")
            if code not in answers:
                raise LookupError(f"{code} is not in the committed win rates (examples/stats): run make winrates")
            known[number] = answers[code]
    table: dict[tuple[str, str], int] = {}
    for number in numbers:
        pos = game.deal(number, f"draw{draw}")  # ``solve`` leaves it as it was
        if stats:
            ours = known[number]
        else:
            ours = solve(pos, seconds=None, max_nodes=nodes).solved
        pair = (WORDS[ours], WORDS[theirs(pos, draw, closed)])
        table[pair] = table.get(pair, 0) + 1
    return table


def contradictions(table: dict[tuple[str, str], int]) -> int:
    return table.get(("won", "lost"), 0) + table.get(("lost", "won"), 0)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--nodes", type=int, default=20_000, help="our budget, positions per deal")
    parser.add_argument("--closed", type=int, default=200_000, help="Klondike-Solver's budget, closed states")
    parser.add_argument("--stats", action="store_true",
                        help="ours: the answers of the committed win rates (examples/stats), not solved here")
    parser.add_argument("--draw", type=int, choices=(1, 3), action="append",
                        help="only this draw mode (default: both)")
    args = parser.parse_args(argv)
    bad = 0
    for draw in args.draw or (1, 3):
        try:
            table = compare(draw, args.deals, args.nodes, args.closed, stats=args.stats)
        except LookupError as error:
            print(f"solver_agreement: {error}", file=sys.stderr)
            return 2
        source = "the committed win rates" if args.stats else f"{args.nodes} positions"
        print(f"draw {draw}, deals 0–{args.deals - 1} (ours, {source}: rows; Klondike-Solver, "
              f"{args.closed} closed states: columns)")
        print(f"{'':12}" + "".join(f"{w:>12}" for w in WORDS.values()))
        for ours in WORDS.values():
            print(f"{ours:12}" + "".join(f"{table.get((ours, t), 0):12}" for t in WORDS.values()))
        bad += contradictions(table)
    print("contradictions:", bad)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
