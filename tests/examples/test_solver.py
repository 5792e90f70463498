"""The solver (engine/solver.py): winning lines that replay, proofs that a position cannot be won,
budgets, determinism, and the position left as it was."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import position
from engine.records import Record
from engine.solver import SLICE, ScorpionSearch, _best_first, _depth_first, _depth_then_best, search_for, solve
from engine.solver.klondike import BEST_FIRST_LOOK

ROOT = Path(__file__).resolve().parents[2]

# Spades complete but for A♠; the other suits complete in their columns. Only a column that receives
# cards is checked for a complete sequence, so each king must move onto an empty column.
FOUR_MOVES = ("KSQSJSTS9S8S7S6S5S4S3S2S/AS/KHQHJHTH9H8H7H6H5H4H3H2HAH///KDQDJDTD9D8D7D6D5D4D3D2DAD/"
              "KCQCJCTC9C8C7C6C5C4C3C2CAC - -")
# Only the clubs are left, and they are locked: 96 positions can be reached, none of them won.
LOCKED_CLUBS = "2C/KC5C9C/QC7C4C/3C/8C6C/AC/TCJC - SHD"
# Needs the deal: the reserve holds the cards the spades and the clubs lack.
SPADES = "KSQSJSTS9S8S7S6S5S4S3S"
NEEDS_THE_DEAL = (f"{SPADES}/KHQHJHTH9H8H7H6H5H4H3H2HAH/KDQDJDTD9D8D7D6D5D4D3D2DAD//"
                  "KCQCJCTC9C8C7C6C5C4C3C2C// 2sasac -")


def replays_to_a_win(text: str, moves, rules: str | None = None) -> bool:
    pos = position("scorpion", text, rules=rules)
    for token in moves:
        _, verdict = pos.play(token)
        if not verdict.legal:
            return False
    return pos.is_won()


def exhaustive(start) -> tuple[bool, int]:
    """An independent check: every reachable position, keyed by its full position string
    (breadth first, the engine's own moves, draws one by one). Returns (winnable, positions)."""
    seen, frontier = {str(start)}, [str(start)]
    while frontier:
        following = []
        for text in frontier:
            pos = type(start).from_string(text, start.rules)
            if pos.is_won():
                return True, len(seen)
            for move in list(pos.legal_moves()):
                pos.push(move)
                if str(pos) not in seen:
                    seen.add(str(pos))
                    following.append(str(pos))
                pos.pop()
        frontier = following
    return False, len(seen)


def test_solver_finds_the_four_king_moves():
    result = solve(position("scorpion", FOUR_MOVES), max_nodes=1000)
    assert result.solved is True
    assert result.moves[0] == "AS>1"
    assert replays_to_a_win(FOUR_MOVES, result.moves)


def test_solver_deals_the_reserve_when_it_must():
    result = solve(position("scorpion", NEEDS_THE_DEAL), max_nodes=1000)
    assert result.solved is True and "deal" in result.moves
    assert replays_to_a_win(NEEDS_THE_DEAL, result.moves)


def test_solver_proves_a_locked_position_cannot_be_won():
    result = solve(position("scorpion", LOCKED_CLUBS), max_nodes=10_000)
    assert result.solved is False and result.moves == ()
    assert exhaustive(position("scorpion", LOCKED_CLUBS)) == (False, 96)


def test_an_exhausted_budget_is_not_an_answer():
    pos = position("scorpion", code="SC1-CLA-AAAAAAD")
    result = solve(pos, seconds=None, max_nodes=50)
    assert result.solved is None and result.nodes <= 50 and result.moves == ()


def test_a_face_down_card_under_the_card_that_must_go_onto_it_loses_at_once():
    # Column 3 is dealt QC JC face down at its edge: JC fits only on QC, so it never moves, and QC
    # never turns up. The search proves it from the start, without a move.
    pos = position("scorpion", code="SC1-CLA-AAAAAAJ")
    assert str(pos).split("/")[2].startswith("qcjc")
    result = solve(pos, seconds=None, max_nodes=50)
    assert (result.solved, result.nodes) == (False, 1)


def test_solver_is_deterministic_and_leaves_the_position_as_it_was():
    pos = position("scorpion", code="SC1-CLA-AAAAAAD")
    before, stack = str(pos), len(pos.move_stack)
    first = solve(pos, seconds=None, max_nodes=20_000)
    assert (str(pos), len(pos.move_stack), pos.score) == (before, stack, 0)
    again = solve(pos, seconds=None, max_nodes=20_000)
    assert (again.solved, again.moves, again.nodes) == (first.solved, first.moves, first.nodes)


def test_solver_wins_the_seed_deal_after_4h_onto_5h():
    start = Record.load(ROOT / "examples" / "scorpion" / "won.game").start_position()
    start.play("4H>7")
    result = solve(start, seconds=None, max_nodes=20_000)
    assert result.solved is True


@pytest.mark.parametrize(("game", "code"), [("scorpion", "SC1-EAS-AAAAAAC"), ("klondike", "KL1-D1N-AAAAAAG")])
def test_a_winning_line_takes_no_detour_one_move_would_cut_short(game, code):
    """The search wanders (1,900 steps for SC1-EAS-AAAAAAC); the line a reader gets does not: from no
    position on it does one move reach a position of the line further on than the next."""
    start = position(game, code=code)
    result = solve(start, seconds=None, max_nodes=20_000)
    assert result.solved is True
    line = [str(start)]
    pos = position(game, str(start), rules=start.rules)
    for token in result.moves:
        pos.play(token)
        line.append(str(pos))
    assert pos.is_won()
    where = {text: n for n, text in enumerate(line)}
    pos = position(game, str(start), rules=start.rules)
    for n, token in enumerate(result.moves):
        for move in list(pos.legal_moves()):
            pos.push(move)
            assert where.get(str(pos), -1) <= n + 1, f"move {n + 1} of the line is a detour"
            pos.pop()
        pos.play(token)


@pytest.mark.parametrize("rules", ["easy", "traditional", "wasp"])
def test_solver_plays_by_the_rules_it_is_given(rules):
    pos = position("scorpion", NEEDS_THE_DEAL, rules=rules)
    result = solve(pos, max_nodes=5000)
    assert result.solved is True
    assert replays_to_a_win(NEEDS_THE_DEAL, result.moves, rules)


def test_under_easy_depth_first_and_best_first_take_turns_so_a_deep_depth_first_win_is_still_found():
    """SC1-EAS-AAAAACE: depth first alone wins it in 1,348 positions, best first not in 20,000. After
    depth first's first 1,024 positions best first takes its turn of 1,024, then depth first goes on
    where it paused: won at 1,348 + 1,024 positions, the line replayed."""
    pos = position("scorpion", code="SC1-EAS-AAAAACE")
    result = solve(pos, seconds=None, max_nodes=20_000)
    assert (result.solved, result.nodes) == (True, 1_348 + 1_024)
    assert replays_to_a_win(str(pos), result.moves, "easy")
    assert not pos.move_stack  # both searches gave their positions back


def test_the_key_ignores_where_a_column_stands_once_the_reserve_is_dealt():
    a = position("scorpion", "KSQSJSTS9S8S7S6S5S4S3S2S//AS/KHQHJHTH9H8H7H6H5H4H3H2HAH///KDQDJDTD9D8D7D6D5D4D3D2DAD"
                             "KCQCJCTC9C8C7C6C5C4C3C2CAC - -")
    b = position("scorpion", "/KSQSJSTS9S8S7S6S5S4S3S2S/AS/KHQHJHTH9H8H7H6H5H4H3H2HAH///KDQDJDTD9D8D7D6D5D4D3D2DAD"
                             "KCQCJCTC9C8C7C6C5C4C3C2CAC - -")
    assert ScorpionSearch(a).key() == ScorpionSearch(b).key()
    with_reserve = position("scorpion", NEEDS_THE_DEAL)
    moved = position("scorpion", NEEDS_THE_DEAL.replace(f"{SPADES}/", "/").replace("2DAD//", f"2DAD/{SPADES}/"))
    assert ScorpionSearch(with_reserve).key() != ScorpionSearch(moved).key()  # column 1 gets a reserve card


# -- Klondike ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("code", ["KL1-D1N-AAAAAAD", "KL1-D3N-AAAAAAD"])
def test_solver_wins_klondike_deals_whose_lines_replay(code):
    result = solve(position("klondike", code=code), seconds=None, max_nodes=20_000)
    assert result.solved is True
    pos = position("klondike", code=code)
    for token in result.moves:
        assert pos.play(token)[1].legal, token
    assert pos.is_won()


@pytest.mark.parametrize("code", ["KL1-D3N-AAAAAFN", "KL1-D3N-AAAAAHJ"])
def test_klondike_solver_proves_a_dead_deal_cannot_be_won(code):
    # Drawing three, the cards that reach the top of the waste never fit anywhere.
    result = solve(position("klondike", code=code), seconds=None, max_nodes=1000)
    assert result.solved is False
    assert exhaustive(position("klondike", code=code))[0] is False


def drive(run) -> tuple[bool | None, int]:
    """Run a search generator to its end: (answer, positions)."""
    try:
        while True:
            next(run)
    except StopIteration as end:
        solved, _, searched, _ = end.value
        return solved, searched


def depth_first_alone(code: str, nodes: int) -> tuple[bool | None, int]:
    """The depth-first search alone (no best-first look) on a deal: (answer, positions)."""
    return drive(_depth_first(search_for(position("klondike", code=code)), None, nodes, lambda: 0.0, SLICE))


def best_first_alone(code: str, order: str, nodes: int) -> tuple[bool | None, int]:
    """One best-first search alone, by the search's method ``order``, on a deal: (answer, positions)."""
    search = search_for(position("klondike", code=code))
    return drive(_best_first(search, None, nodes, lambda: 0.0, SLICE, order))


def wins_in_the_engine(code: str, moves) -> bool:
    pos = position("klondike", code=code)
    return all(pos.play(token)[1].legal for token in moves) and pos.is_won()


def test_with_unlimited_passes_the_best_first_looks_win_deals_depth_first_does_not():
    """Two looks, two orders, each wins a deal the others do not soon win. KL1-D3N-AAAAAWB: depth
    first has not won it in 20,000 positions (in the committed win rates of the search before the
    looks' orders were two, 326,757), nor the one-pass order; the estimate of a won line's length
    wins it in 306, on its first turn, after depth first's first 1,024 positions.
    KL1-D1N-AAAAALQ: the one-pass order wins it in 233, on its first turn, after depth first's
    and the estimate's first 1,024 each."""
    assert depth_first_alone("KL1-D3N-AAAAAWB", 20_000) == (None, 20_000)
    assert best_first_alone("KL1-D3N-AAAAAWB", "priority", 1024) == (None, 1024)
    result = solve(position("klondike", code="KL1-D3N-AAAAAWB"), seconds=None, max_nodes=20_000)
    assert (result.solved, result.nodes) == (True, SLICE + 306)
    assert wins_in_the_engine("KL1-D3N-AAAAAWB", result.moves)

    assert depth_first_alone("KL1-D1N-AAAAALQ", 20_000) == (None, 20_000)
    assert best_first_alone("KL1-D1N-AAAAALQ", "estimate", 1024) == (None, 1024)
    result = solve(position("klondike", code="KL1-D1N-AAAAALQ"), seconds=None, max_nodes=20_000)
    assert (result.solved, result.nodes) == (True, 2 * SLICE + 233)
    assert wins_in_the_engine("KL1-D1N-AAAAALQ", result.moves)


def test_with_unlimited_passes_two_looks_by_two_orders_each_have_best_first_look_positions():
    search = search_for(position("klondike", code="KL1-D1N-AAAAAAI"))
    assert search.best_first_orders == ("estimate", "priority")
    assert search.depth_first_nodes == SLICE and search.best_first_nodes == BEST_FIRST_LOOK


@pytest.mark.parametrize(("code", "answer"), [("KL1-D1N-AAAAAAI", True), ("KL1-D1N-AAAAADL", False)])
def test_the_best_first_looks_cost_a_deal_at_most_their_own_positions(code, answer):
    """Each best-first look has ``best_first_nodes`` positions and no more (BEST_FIRST_LOOK in the
    win rates; 2 × SLICE here, so that depth first decides these deals after the looks have had
    theirs): a deal they do not decide in them is decided where depth first alone decides it,
    that many positions later (won or proved lost)."""
    look = 2 * SLICE
    solved, searched = depth_first_alone(code, 100_000)
    assert solved is answer and searched > 2 * look
    # (a search proves a deal lost in N positions only with a budget of more than N)
    search = search_for(position("klondike", code=code))
    search.best_first_nodes = look
    run = _depth_then_best(search, None, searched + 2 * look + 1, lambda: 0.0, SLICE)
    assert drive(run) == (answer, searched + 2 * look)
