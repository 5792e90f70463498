"""A position judged under other rules (``Position.under``, ``engine.position_under`` given a position).

The analysis board judges every move under every preset of the game. It derives each preset's
position from the one on the board instead of writing its string and reading it again; the rule is
that the two are the same thing, in every respect the engine keeps (cards, face-down counts,
reserve, stock, waste, foundations, rules, score, nothing to take back), and that a position the
string would not fit (another layout, removed sequences where runs stay) is refused the same way.
Over the seed deal and the whole won games of examples/, and games played from deals of every
preset of both games.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import engine
from engine.errors import EngineError, NotationError
from engine.records import Record

ROOT = Path(__file__).resolve().parents[2]
WON_GAMES = ("scorpion/won.game", "klondike/won-normal.game", "klondike/won-vegas.game")
SEED_DEAL = str(Record.load(ROOT / "examples" / "scorpion" / "won.game").start_position())  # the seeds' deal


def _along(pos: engine.Position, moves: int) -> list[engine.Position]:
    """``pos`` and the positions after each of its first ``moves`` legal moves (the last move listed
    each time: reserve deals, draws and removals come up too)."""
    out = [pos.under(pos.rules)]
    for _ in range(moves):
        listed = list(pos.legal_moves())
        if not listed:
            break
        pos.push(listed[-1])
        out.append(pos.under(pos.rules))
    return out


def _positions(game: str) -> list[engine.Position]:
    found = engine.find(game)
    out: list[engine.Position] = []
    if game == "scorpion":
        out.append(engine.position(game, SEED_DEAL, rules="classic"))
    for name in WON_GAMES:
        if name.startswith(game):
            record = Record.load(ROOT / "examples" / name)
            pos = record.start_position()
            out.append(pos.under(pos.rules))
            for token in record.moves:
                assert pos.play(token)[1].legal, (name, token)
                out.append(pos.under(pos.rules))
    for preset in found.presets:
        for number in (1, 2):
            out += _along(found.deal(number, preset), 25)
    return out


def _read_afresh(pos: engine.Position, rules: str) -> engine.Position | str:
    try:
        return type(pos).from_string(str(pos), engine.find(pos.GAME).rules(rules))
    except NotationError:
        return "refused"


def _derived(pos: engine.Position, rules: str) -> engine.Position | str:
    try:
        return pos.under(rules)
    except NotationError:
        return "refused"


def _state(pos: engine.Position | str):
    return pos if isinstance(pos, str) else (str(pos), pos.rules, vars(pos))


@pytest.mark.parametrize("game", ["scorpion", "klondike"])
def test_a_position_under_other_rules_is_its_string_read_under_them(game):
    refused = 0
    for pos in _positions(game):
        for preset in engine.find(game).presets:
            derived = _derived(pos, preset)
            assert _state(derived) == _state(_read_afresh(pos, preset)), (str(pos), str(pos.rules), preset)
            refused += derived == "refused"
    if game == "scorpion":
        assert refused  # Three Blind Mice's layout, removed runs where they stay: both refused
    else:
        assert not refused  # every Klondike position reads under every Klondike rules


def test_a_position_under_other_rules_has_no_moves_to_take_back():
    pos = engine.position("scorpion", SEED_DEAL, rules="classic")
    pos.play("4H>7")
    derived = pos.under("easy")
    assert not derived.can_undo() and derived.play("undo")[1].legal is False


def test_a_layout_the_position_does_not_fit_is_refused_with_the_reading_error():
    pos = engine.position("scorpion", SEED_DEAL, rules="classic")
    with pytest.raises(NotationError, match="7 columns; the three-blind-mice layout has 10"):
        pos.under("three-blind-mice")
    with pytest.raises(NotationError) as read:
        engine.position("scorpion", SEED_DEAL, rules="three-blind-mice")
    with pytest.raises(NotationError) as derived:
        pos.under("three-blind-mice")
    assert derived.value.message == read.value.message


@pytest.mark.parametrize("game", ["scorpion", "klondike"])
def test_a_score_carries_over_from_a_position_as_from_its_string(game):
    # Vegas dollars are no Normal points, nor points dollars: the same rule whether the position
    # comes as a string or already read.
    for pos in _positions(game)[::7]:
        for preset in engine.find(game).presets:
            for score, dollars in ((None, False), (165, False), (-30, True), (-30, False), (0, True)):
                try:
                    expected = engine.position_under(game, str(pos), preset, score, dollars=dollars)
                except EngineError:
                    with pytest.raises(EngineError):
                        engine.position_under(game, pos, preset, score, dollars=dollars)
                    continue
                got = engine.position_under(game, pos, preset, score, dollars=dollars)
                assert _state(got) == _state(expected), (str(pos), preset, score, dollars)


def test_a_position_of_another_game_is_refused():
    with pytest.raises(EngineError, match="a scorpion position is no klondike position"):
        engine.position_under("klondike", engine.position("scorpion", SEED_DEAL), "draw1")
