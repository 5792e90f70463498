"""Our solver never contradicts Klondike-Solver (``pyksolve``): no deal proved lost by one and won by
the other (bench/solver_agreement.py; its full run covers 200 deals of each draw mode)."""

from __future__ import annotations

import pytest

from bench.solver_agreement import compare, contradictions


@pytest.mark.parametrize("draw", [1, 3])
def test_no_deal_is_won_by_one_solver_and_proved_lost_by_the_other(draw):
    table = compare(draw, deals=8, nodes=5_000, closed=20_000)
    assert contradictions(table) == 0, table
    assert table.get(("won", "won"), 0) >= 2, table  # the two answer, and agree, on some deals


def test_a_deal_missing_from_the_committed_win_rates_is_one_line_and_exit_status_2(capsys):
    from bench.solver_agreement import main  # noqa: PLC0415

    assert main(["--stats", "--deals", "1001", "--draw", "1"]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "KL1-D1N-AAAABMM is not in the committed win rates" in error
