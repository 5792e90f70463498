"""The rules engine for Scorpion and Klondike as one app plays them.

Pure Python, no dependencies; the same code runs in CPython and in Pyodide. Which game a call is
about is the registry's business (``engine.games``): nothing here knows one game from another.

>>> pos = position("scorpion", code="SC1-CLA-AAAAAAB")
>>> token, verdict = pos.play("deal")
>>> verdict.legal, str(pos).endswith(" - -")
(True, True)
"""

from __future__ import annotations

from typing import Any

from .codes import DealCode
from .core import UNDO_LIMIT, Move, Position, Verdict
from .errors import EngineError, NotationError, RulesError
from .games import GAMES, Game, find, name_of_code, parse_code


def rules(game: str, text: str | None = None) -> Any:
    """The rules object for ``game`` from ``"preset[,key=value…]"`` (default: the app's)."""
    return find(game).rules(text)


def position(game: str, text: str | None = None, *, rules: str | None = None, code: str | None = None,
             score: int | None = None) -> Position:
    """A position from a position string (with ``rules``) or a deal code. Bad input raises ``EngineError``."""
    found = find(game)
    pos: Position
    if (text is None) == (code is None):
        raise EngineError("give either a position or a deal code")
    if code is not None:
        dc = parse_code(code)
        if dc.game != found.code_letters:
            raise EngineError(f"deal code {code!r} is a {name_of_code(dc.game)} code, not {game}")
        pos = found.from_code(dc)
        if rules is not None and str(found.rules(rules)) != str(pos.rules):
            raise EngineError(f"deal code {code!r} carries its own rules ({pos.rules}); do not give --rules {rules}")
    else:
        assert text is not None
        pos = found.position(text, rules)
    if score is not None:
        pos.score = pos.check_start_score(score)
    elif text is not None:
        pos.score = pos.own_score()
    return pos


def position_under(game: str, text: str | Position, rules: Any, score: int | None = None, *,
                   dollars: bool = False) -> Position:
    """The position ``text`` judged under ``rules``: with the score it has (``score``, counting dollars
    when ``dollars``) where those rules count the same way and allow it; else with the score those
    rules give the position by themselves (``Position.own_score``): Vegas dollars are no Normal
    points, nor Normal points dollars. ``text`` may be a position already read (of ``game``): the same
    answer as from its string, without reading it again (``Position.under``)."""
    if isinstance(text, Position):
        if text.GAME != game:
            raise EngineError(f"a {text.GAME} position is no {game} position")
        pos = text.under(rules)
        pos.score = pos.own_score()
    else:
        pos = position(game, text, rules=rules)
    if score is not None and dollars == pos.scored_in_dollars():
        try:
            pos.score = pos.check_start_score(score)
        except EngineError:
            pass
    return pos


def deal(code: str) -> Position:
    """The deal a code names, in its game and under its preset."""
    dc = parse_code(code)
    pos: Position = find(name_of_code(dc.game)).from_code(dc)
    return pos


def facts(game: str, rules: str | None = None) -> dict[str, int]:
    return find(game).facts(rules)


def scoring_table(game: str, rules: str | None = None, lang: str = "en") -> list[tuple[str, str]]:
    return find(game).scoring_table(rules, lang)


__all__ = [
    "GAMES", "UNDO_LIMIT", "DealCode", "EngineError", "Game", "Move", "NotationError", "Position", "RulesError",
    "Verdict", "deal", "facts", "find", "parse_code", "position", "position_under", "rules", "scoring_table",
]
