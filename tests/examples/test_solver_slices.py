"""The solver in slices (engine.solver.Solving), as the analysis board runs it in the browser: the same
search as a one-shot ``solve``, paused and resumed, so its answers are the same; a stop ends it at
once, with the position as it was."""

from __future__ import annotations

import pytest
from test_solver import FOUR_MOVES, LOCKED_CLUBS, NEEDS_THE_DEAL, ROOT  # this folder's positions

from engine import position
from engine.records import Record
from engine.solver import Solving, solve

SEED = Record.load(ROOT / "examples" / "scorpion" / "won.game").start_position()
POSITIONS = {
    "four king moves": lambda: position("scorpion", FOUR_MOVES),
    "locked clubs (lost)": lambda: position("scorpion", LOCKED_CLUBS),
    "needs the deal": lambda: position("scorpion", NEEDS_THE_DEAL),
    "the seed deal": lambda: position("scorpion", str(SEED)),
    "the seed deal under easy": lambda: position("scorpion", str(SEED), rules="easy"),
    "a Klondike deal": lambda: position("klondike", code="KL1-D1N-AAAAAAG"),
    "a one-pass Klondike deal, best first, out of budget": lambda: position("klondike", code="KL1-D1V-AAAAAAC"),
    "a Scorpion deal out of budget (depth first and best first in turns)": lambda: position("scorpion",
                                                                                          code="SC1-EAS-AAAAADT"),
}
BUDGET = 3000  # positions: deterministic, whatever the machine
LONG = "SC1-EAS-AAAAADT"  # not decided in 20,000 positions: a search to pause


def sliced(pos, nodes: int, every: int) -> tuple:
    searching = Solving(pos, seconds=None, max_nodes=BUDGET, every=every)
    slices = 0
    while (result := searching.run(nodes)) is None:
        slices += 1
        assert searching.nodes >= slices * nodes  # each slice searched at least what it was asked
    return result, slices


@pytest.mark.parametrize("name", list(POSITIONS))
@pytest.mark.parametrize(("nodes", "every"), [(1, 1), (50, 16), (1024, 1024)])
def test_a_search_in_slices_answers_exactly_as_a_one_shot_solve(name, nodes, every):
    once = solve(POSITIONS[name](), seconds=None, max_nodes=BUDGET)
    pos = POSITIONS[name]()
    start = str(pos)
    result, _ = sliced(pos, nodes, every)
    assert (result.solved, result.moves, result.nodes) == (once.solved, once.moves, once.nodes)
    assert str(pos) == start and not pos.move_stack  # the position is as it was


def test_a_paused_search_holds_its_position_mid_search_and_gives_it_back_when_it_ends():
    pos = position("scorpion", code=LONG)
    start = str(pos)
    searching = Solving(pos, seconds=None, max_nodes=BUDGET, every=64)
    assert searching.run(200) is None and str(pos) != start  # paused: moves made
    searching.run()
    assert not pos.move_stack and str(pos) == start


@pytest.mark.parametrize("before", [500, 1500])  # in depth first's first turn; in best first's, depth first paused
def test_stop_ends_the_search_at_once_not_known(before):
    pos = position("scorpion", code=LONG)
    searching = Solving(pos, seconds=None, every=64)
    searching.run(before)
    result = searching.stop()
    assert result.solved is None and result.moves == () and result.nodes == searching.nodes >= before
    assert not pos.move_stack and searching.run() is result  # it stays ended


def test_a_progress_callback_that_says_false_cancels_solve():
    calls = []
    result = solve(position("scorpion", code=LONG), seconds=None, progress=lambda n: calls.append(n) or len(calls) < 2)
    assert result.solved is None and result.cancelled and calls == [1024, 2048] and result.nodes == 2048


def test_a_search_stopped_before_it_started_searched_nothing():
    pos = position("scorpion", FOUR_MOVES)
    result = Solving(pos).stop()
    assert (result.solved, result.nodes) == (None, 0)


def test_a_slice_in_seconds_ends_at_the_first_pause_after_its_time():
    searching = Solving(position("scorpion", code=LONG), seconds=None, every=32)
    assert searching.run(seconds=0) is None and 0 < searching.nodes <= 64


def test_a_budget_in_seconds_counts_only_the_time_spent_searching():
    import time

    searching = Solving(position("scorpion", code=LONG), seconds=0.5, every=32)
    searching.run(seconds=0.05)
    time.sleep(0.6)  # a pause longer than the whole budget: the search goes on afterwards
    assert searching.run(seconds=0.05) is None
    searching.stop()
