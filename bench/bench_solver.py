"""Solver speed: positions explored per second, against the search as it was before (same positions,
same run), and the time to an answer on the pages' deals.

``make bench`` runs it with the others (``bench/run.py``); alone: ``python -m bench.bench_solver``.
Times are CPU seconds of this process (another process on the machine does not count against it),
the best of ``ROUNDS`` runs of the same search (the solver is deterministic); for the throughput the two
searches take turns on each deal, so that a slow minute of this machine falls on both.

- **Throughput**: both searches explore the same start positions, each for at most ``NODES``
  positions: the current one (``engine.solver``) and the one before issue 11, kept unchanged as
  ``bench/baseline_solver.py``. The figure is the ratio of their positions per CPU second, per
  game (goal: at least 2), with each deal's own ratio in the note (and where this search ended a
  deal it decided before ``NODES``): the deals differ far more than the totals do (the old
  search's rate alone ranges over three-fold from deal to deal), so the total is read with them.
  The deals were picked as ones the old search could not finish in the budget; two of them it
  does finish within ``NODES`` (SC1-EAS-AAAAACQ and KL1-D3N-AAAAABO, both won; the old search
  never changes). They are kept as they are, so that the figure stays comparable from one
  measurement to the next. A sample of every preset's first deals would measure no speed: the
  new search decides most of those at the start, in one position.
- **Where Klondike's time goes**: the same deals searched again by this search with its dead-end
  proofs (``KlondikeSearch.dead_end``) timed around each call: their share of the CPU time, per
  deal, and the positions per second that would be left if they cost nothing, against the old
  search's rate of the throughput row. The proofs are what decide the one-pass (Vegas) deals, and
  each costs more than the rest of a position: this row says how much of the throughput gap they
  are, so that the figure above is read with its cause.
- **Answers per second**: the first ``DEALS`` deals of a preset of each game, each searched by both
  for at most the positions the issue's "today" counted with (Scorpion 20,000, Klondike 50,000):
  how many each decides (won or proved lost) and in how many CPU seconds, and the ratio of their
  answers per CPU second. A position costs this search more (its dead-end proofs), and it needs
  far fewer of them: this is the figure a reader of the analysis board waits on.
- **Answers**: the seed deal of the rules pages, after its first move, and two Klondike deals:
  the time to the answer, with the positions explored. The win rates per preset are a separate,
  long run (``make winrates``, ``bench/winrates.py``) whose results are committed.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

if __package__ in (None, ""):  # run as a file: make the checkout importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

ROOT = Path(__file__).resolve().parent.parent
ROUNDS = 3
NODES = 4000
GOAL = 2.0

THROUGHPUT = {
    "scorpion": ["SC1-EAS-AAAAAAJ", "SC1-EAS-AAAAACQ", "SC1-WSP-AAAAABX", "SC1-TBM-AAAAADX", "SC1-CLA-AAAAAAI",
                 "SC1-SC2-AAAAAFB"],
    "klondike": ["KL1-D1N-AAAAABC", "KL1-D3N-AAAAABM", "KL1-D1V-AAAAAAC", "KL1-D3V-AAAAAAY", "KL1-D1N-AAAAAAI",
                 "KL1-D3N-AAAAABO"],
}
DEALS = 20
ANSWERS = {"scorpion": ("SC", ("CLA", "EAS"), 20_000), "klondike": ("KL", ("D1N", "D3N"), 50_000)}


def best(solve, make_position, nodes: int):
    """The best of ROUNDS solves: (CPU seconds, the result)."""
    times, result = [], None
    for _ in range(ROUNDS):
        pos = make_position()
        start = time.process_time()
        result = solve(pos, seconds=None, max_nodes=nodes)
        times.append(time.process_time() - start)
    return min(times), result


def throughput(solvers: list, codes: list[str]) -> list[list[tuple[int, float]]]:
    """Per solver, per deal of ``codes``, positions explored and CPU seconds, each deal explored for
    at most NODES positions: the best of ROUNDS, the solvers taking turns on each deal in each
    round (a slow minute of the machine falls on all of them alike, not on whichever ran then)."""
    from engine import deal  # noqa: PLC0415

    times = [[float("inf")] * len(codes) for _ in solvers]
    nodes = [[0] * len(codes) for _ in solvers]
    for _ in range(ROUNDS):
        for i, code in enumerate(codes):
            for k, solve in enumerate(solvers):
                pos = deal(code)
                start = time.process_time()
                result = solve(pos, seconds=None, max_nodes=NODES)
                times[k][i] = min(times[k][i], time.process_time() - start)
                nodes[k][i] = result.nodes
    return [list(zip(n, t)) for n, t in zip(nodes, times)]


def proof_share(codes: list[str]) -> list[tuple[int, float, float]]:
    """Per deal of ``codes`` (Klondike), this search explored for at most NODES positions: the
    positions, the CPU seconds, and the CPU seconds spent inside the dead-end proofs, timed around
    each call of ``KlondikeSearch.dead_end`` (the best of ROUNDS, by the whole time). The method is
    put back as it was afterwards, whatever happens."""
    from engine import deal  # noqa: PLC0415
    from engine.solver import solve  # noqa: PLC0415
    from engine.solver.klondike import KlondikeSearch  # noqa: PLC0415

    proof = KlondikeSearch.dead_end
    spent = [0.0]

    def timed(self: KlondikeSearch) -> bool:
        start = time.process_time()
        try:
            return proof(self)
        finally:
            spent[0] += time.process_time() - start

    KlondikeSearch.dead_end = timed  # type: ignore[method-assign]
    try:
        out = []
        for code in codes:
            best: tuple[int, float, float] | None = None
            for _ in range(ROUNDS):
                spent[0] = 0.0
                pos = deal(code)
                start = time.process_time()
                result = solve(pos, seconds=None, max_nodes=NODES)
                whole = time.process_time() - start
                if best is None or whole < best[1]:
                    best = (result.nodes, whole, spent[0])
            assert best is not None
            out.append(best)
    finally:
        KlondikeSearch.dead_end = proof  # type: ignore[method-assign]
    return out


def rate(runs: list[tuple[int, float]]) -> float:
    """Positions per CPU second over ``runs`` (positions, CPU seconds), one per deal."""
    return sum(n for n, _ in runs) / sum(t for _, t in runs)


def answers(solve, letters: str, variant: str, budget: int) -> tuple[int, float]:
    """Deals decided (won or proved lost) among the first DEALS of ``variant``, and the CPU seconds."""
    from engine import deal  # noqa: PLC0415
    from engine.codes import DealCode  # noqa: PLC0415

    decided, seconds = 0, 0.0
    for number in range(DEALS):
        pos = deal(str(DealCode(letters, 1, variant, number)))
        start = time.process_time()
        result = solve(pos, seconds=None, max_nodes=budget)
        seconds += time.process_time() - start
        decided += result.solved is not None
    return decided, seconds


def run():
    from bench import baseline_solver  # noqa: PLC0415
    from engine import position  # noqa: PLC0415
    from engine.records import Record  # noqa: PLC0415
    from engine.solver import solve  # noqa: PLC0415

    old_rates = {}
    for game, codes in THROUGHPUT.items():
        old, new = throughput([baseline_solver.solve, solve], codes)
        old_nodes, new_nodes = sum(n for n, _ in old), sum(n for n, _ in new)
        old_rate, new_rate = rate(old), rate(new)
        old_rates[game] = old_rate
        per_deal = ", ".join(f"{code[4:]} {rate([b]) / rate([a]):.2f}" + (f" (ended at {b[0]})" if b[0] < NODES else "")
                             for code, a, b in zip(codes, old, new))
        yield {"benchmark": f"positions per second, {game}: this search / the one before issue 11",
               "value": round(new_rate / old_rate, 2), "unit": "×", "goal": f"≥ {GOAL:g}",
               "note": f"{new_rate:,.0f} vs {old_rate:,.0f} per s CPU on {len(codes)} deals "
                       f"({new_nodes} and {old_nodes} positions, at most {NODES} each); per deal: {per_deal}"}

    codes = THROUGHPUT["klondike"]
    runs = proof_share(codes)
    nodes, whole, proofs = (sum(run[k] for run in runs) for k in range(3))
    without = nodes / (whole - proofs)  # positions per CPU second, the proofs' time left out
    shares = ", ".join(f"{code[4:]} {p / w:.0%}" for code, (_, w, p) in zip(codes, runs))
    yield {"benchmark": "positions per second, klondike, the dead-end proofs' time left out: "
                        "this search / the one before issue 11",
           "value": round(without / old_rates["klondike"], 2), "unit": "×",
           "note": f"the proofs take {proofs / whole:.0%} of this search's CPU time on the throughput deals "
                   f"(per deal: {shares}); {without:,.0f} positions per s CPU without them"}

    for game, (letters, variants, budget) in ANSWERS.items():
        for variant in variants:
            old_answers, old_seconds = answers(baseline_solver.solve, letters, variant, budget)
            new_answers, new_seconds = answers(solve, letters, variant, budget)
            yield {"benchmark": f"answers per second, {game} {variant}: this search / the one before issue 11",
                   "value": round((new_answers / new_seconds) / (old_answers / old_seconds), 2) if old_answers
                   else float("inf"), "unit": "×",
                   "note": f"first {DEALS} deals, at most {budget:,} positions each: {new_answers} decided in "
                           f"{new_seconds:.2f} s CPU against {old_answers} in {old_seconds:.2f} s"}

    won = Record.load(ROOT / "examples" / "scorpion" / "won.game")

    def after_first_move():
        pos = won.start_position()
        pos.play("4H>7")
        return pos

    cases = [
        ("seed deal (won.game), from the start", won.start_position),
        ("seed deal after 4H>7", after_first_move),
        ("Klondike KL1-D1N-AAAAAAG", lambda: position("klondike", code="KL1-D1N-AAAAAAG")),
        ("Klondike KL1-D3N-AAAAAAD", lambda: position("klondike", code="KL1-D3N-AAAAAAD")),
    ]
    for name, make in cases:
        seconds, result = best(solve, make, 200_000)
        answer = {True: "won", False: "cannot be won", None: "budget ran out"}[result.solved]
        yield {"benchmark": f"solve {name}", "value": round(seconds * 1000, 1), "unit": "ms CPU",
               "note": f"{answer}, {result.nodes} positions, {len(result.moves)} moves"}


if __name__ == "__main__":
    for row in run():
        print(row)
