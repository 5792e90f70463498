"""Properties of every Scorpion game, checked over random legal playouts under every preset.

- 52 cards, always: columns + reserve + removed sequences;
- ``pop`` (and the app's ``undo``) restores the position string and the score exactly;
- a move never lowers the score; each move earns exactly what the seeds' table says
  (+5 same suit, +5 per face-down card turned, +100 per sequence), so the points add up to the score;
- only the last face-down card of a column turns, and only where cards left or a sequence went;
- position strings round-trip; ``verdict`` has no side effects; ``legal_moves()`` and ``verdict()``
  agree on every move generated and on sampled other moves.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import engine
from engine.cards import suit_cards, suit_of
from engine.scorpion import DEAL, RESERVE, ScorpionPosition, ScorpionRules

PRESETS = list(ScorpionRules.PRESETS)
COMBINED = [*PRESETS, "classic,complete=stay", "easy,empty=any", "bvs,reserve=anytime", "three-blind-mice,suits=any"]
NUMBERS = st.integers(min_value=0, max_value=26**7 - 1)
PLAYOUT = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
EVERY_PRESET = pytest.mark.parametrize("preset", COMBINED)


def cards_on_table(pos: ScorpionPosition) -> int:
    return sum(map(len, pos.cols)) + len(pos.reserve) + 13 * len(pos.removed)


def state(pos: ScorpionPosition) -> tuple:
    """Everything a move may change, internal bookkeeping included."""
    return (str(pos), pos.score, len(pos.move_stack), pos.can_undo(), tuple(pos.loc), tuple(pos.down))


def check_consistent(pos: ScorpionPosition) -> None:
    assert cards_on_table(pos) == 52
    seen = sorted(c for col in pos.cols for c in col) + sorted(pos.reserve)
    seen += [c for s in pos.removed for c in suit_cards(s)]
    assert sorted(seen) == list(range(52))
    for i, col in enumerate(pos.cols):
        assert all(pos.loc[c] == i for c in col)
        assert pos.down[i] < len(col) or pos.down[i] == 0  # never ends face down
    assert all(pos.loc[c] == RESERVE for c in pos.reserve)


def play_and_check(pos: ScorpionPosition, move) -> int:
    """Push a legal move, checking its points against the table and the face-down rule; returns points."""
    before_down = list(pos.down)
    before_removed = len(pos.removed)
    same_suit = 0
    if move != DEAL:
        card, to = move
        src = pos.loc[card]
        dest = pos.cols[to]
        same_suit = bool(dest) and suit_of(dest[-1]) == suit_of(card)
    verdict = pos.verdict(move)
    points = pos.push(move)
    assert verdict.legal and verdict.points == points
    turned = [b - a for b, a in zip(before_down, pos.down, strict=True)]
    assert all(t in (0, 1) for t in turned), "only the last face-down card turns"
    removed = len(pos.removed) - before_removed
    assert removed in (0, 1) or (move == DEAL and removed <= 3)
    if move != DEAL:
        # cards turn only in the column the block left, or where a sequence was just removed
        assert all(t == 0 or i in (src, to) for i, t in enumerate(turned))
        assert turned[to] == 0 or removed
    else:
        assert all(t == 0 or i in pos.rules.grid.deal_columns for i, t in enumerate(turned))
    assert points == 5 * same_suit + 5 * sum(turned) + 100 * removed
    assert points >= 0
    return points


def playout(pos: ScorpionPosition, rnd: random.Random, steps: int, undo_rate: float = 0.15):
    """Random legal play with some undos; yields after every action."""
    total = 0
    history = [(str(pos), pos.score)]
    for _ in range(steps):
        if pos.can_undo() and rnd.random() < undo_rate:
            _, verdict = pos.play("undo")
            assert verdict.legal
            history.pop()
            total += verdict.points
            assert (str(pos), pos.score) == history[-1]
        else:
            moves = list(pos.legal_moves())
            if not moves:
                break
            assert len(set(moves)) == len(moves), "legal_moves() repeats a move"
            if rnd.random() < 0.5:  # half the time play like a greedy player, to reach removals and wins
                best = max(pos.verdict(m).points for m in moves)
                moves = [m for m in moves if pos.verdict(m).points == best]
            total += play_and_check(pos, rnd.choice(moves))
            history.append((str(pos), pos.score))
        assert pos.score == total
        yield


@EVERY_PRESET
@PLAYOUT
@given(number=NUMBERS, seed=st.integers(0, 2**32 - 1))
def test_playouts_keep_52_cards_and_score_by_the_table(number, preset, seed):
    rnd = random.Random(seed)
    pos = ScorpionPosition.deal(number, preset)
    assert pos.score == 0
    for _ in playout(pos, rnd, 150):
        check_consistent(pos)
    event(f"sequences removed: {len(pos.removed)}")
    event(f"reserve dealt: {not pos.reserve}")
    event(f"won: {pos.is_won()}")


@EVERY_PRESET
@PLAYOUT
@given(number=NUMBERS, seed=st.integers(0, 2**32 - 1))
def test_pop_restores_position_and_score_exactly(number, preset, seed):
    rnd = random.Random(seed)
    pos = ScorpionPosition.deal(number, preset)
    stack = []
    for _ in playout(pos, rnd, 80, undo_rate=0.0):
        stack.append(state(pos)[:2])
    while pos.move_stack:
        assert (str(pos), pos.score) == stack.pop()
        pos.pop()
        check_consistent(pos)
    assert (str(pos), pos.score) == (str(ScorpionPosition.deal(number, preset)), 0)


@EVERY_PRESET
@PLAYOUT
@given(number=NUMBERS, seed=st.integers(0, 2**32 - 1))
def test_position_strings_round_trip(number, preset, seed):
    rnd = random.Random(seed)
    rules = ScorpionRules.parse(preset)
    pos = ScorpionPosition.deal(number, rules)
    for _ in playout(pos, rnd, 60):
        text = str(pos)
        again = engine.position("scorpion", text, rules=preset)
        assert str(again) == text and again.rules == rules
        assert set(again.legal_moves()) == set(pos.legal_moves())
        assert again.describe("en") == pos.describe("en")


@EVERY_PRESET
@PLAYOUT
@given(number=NUMBERS, seed=st.integers(0, 2**32 - 1))
def test_verdict_has_no_side_effects_and_agrees_with_legal_moves(number, preset, seed):
    rnd = random.Random(seed)
    pos = ScorpionPosition.deal(number, preset)
    columns = pos.rules.grid.columns
    for _ in playout(pos, rnd, 60):
        before = state(pos)
        legal = set(pos.legal_moves())
        assert state(pos) == before
        for move in legal:
            assert pos.verdict(move).legal, pos.move_token(move)
        candidates = [(rnd.randrange(52), rnd.randrange(columns)) for _ in range(25)] + [DEAL]
        for move in candidates:
            verdict = pos.verdict(move)
            assert verdict.legal == (move in legal), (str(pos), pos.move_token(move), verdict)
            assert verdict.legal or verdict.reason
            token = pos.move_token(move)
            assert pos.check_token(token) == verdict
        assert state(pos) == before


@EVERY_PRESET
@settings(max_examples=5, deadline=None)
@given(number=NUMBERS, seed=st.integers(0, 2**32 - 1))
def test_verdict_agrees_with_legal_moves_on_every_card_and_column(number, preset, seed):
    rnd = random.Random(seed)
    pos = ScorpionPosition.deal(number, preset)
    columns = pos.rules.grid.columns
    for i, _ in enumerate(playout(pos, rnd, 60)):
        if i % 6:
            continue
        before = state(pos)
        legal = set(pos.legal_moves())
        judged = {(c, to) for c in range(52) for to in range(columns) if pos.verdict((c, to)).legal}
        if pos.verdict(DEAL).legal:
            judged.add(DEAL)
        assert judged == legal
        assert state(pos) == before


@EVERY_PRESET
@PLAYOUT
@given(number=NUMBERS, seed=st.integers(0, 2**32 - 1))
def test_a_positions_state_tells_positions_apart_exactly_as_its_string_does(number, preset, seed):
    rnd = random.Random(seed)
    pos = ScorpionPosition.deal(number, preset)
    strings, states = {}, {}
    for _ in playout(pos, rnd, 80):
        text, state_ = str(pos), pos.state()
        assert strings.setdefault(text, state_) == state_
        assert states.setdefault(state_, text) == text
        assert engine.position("scorpion", text, rules=preset).state() == state_
