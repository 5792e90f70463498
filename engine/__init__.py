"""The rules engine for Scorpion and Klondike as one app plays them.

Pure Python, no dependencies; the same code runs in CPython and in Pyodide.

>>> pos = position("scorpion", code="SC1-CLA-AAAAAAB")
>>> token, verdict = pos.play("deal")
>>> verdict.legal, str(pos).endswith(" - -")
(True, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module

from .codes import DealCode, parse_code
from .core import UNDO_LIMIT, Position, Verdict
from .errors import EngineError, NotationError, RulesError
from .scorpion import ScorpionPosition, ScorpionRules


class _Registry(Mapping):
    """A game's name → one of its module's attributes. Each game's module is imported when one of
    its entries is first looked up (the browser's widgets for Scorpion never compile Klondike)."""

    def __init__(self, **attributes: str):
        self._attributes = attributes  # game → the attribute's name in the game's module

    def __getitem__(self, game: str):
        if game not in _MODULES:
            raise KeyError(game)
        return getattr(import_module(_MODULES[game], __name__), self._attributes[game])

    def __contains__(self, game) -> bool:
        return game in _MODULES

    def __iter__(self):
        return iter(_MODULES)

    def __len__(self) -> int:
        return len(_MODULES)

    def __repr__(self) -> str:
        return repr(dict(self))


_MODULES = {"scorpion": ".scorpion", "klondike": ".klondike"}
GAMES: Mapping[str, type[Position]] = _Registry(scorpion="ScorpionPosition", klondike="KlondikePosition")
RULES: Mapping[str, type] = _Registry(scorpion="ScorpionRules", klondike="KlondikeRules")
_FACTS: Mapping = _Registry(scorpion="facts", klondike="facts")
_SCORING: Mapping = _Registry(scorpion="scoring_table", klondike="scoring_table")
_LAZY = {"KlondikePosition": ".klondike", "KlondikeRules": ".klondike"}


def __getattr__(name: str):
    if name in _LAZY:
        value = getattr(import_module(_LAZY[name], __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _game(game: str) -> str:
    if game not in GAMES:
        raise EngineError(f"unknown game {game!r} (expected one of {', '.join(GAMES)})")
    return game


def rules(game: str, text: str | None = None):
    """The rules object for ``game`` from ``"preset[,key=value…]"`` (default: the app's)."""
    return RULES[_game(game)].parse(text)


def position(game: str, text: str | None = None, *, rules: str | None = None, code: str | None = None,
             score: int | None = None) -> Position:
    """A position from a position string (with ``rules``) or a deal code. Bad input raises ``EngineError``."""
    cls = GAMES[_game(game)]
    if (text is None) == (code is None):
        raise EngineError("give either a position or a deal code")
    if code is not None:
        dc = parse_code(code)
        if dc.game_name != game:
            raise EngineError(f"deal code {code!r} is a {dc.game_name} code, not {game}")
        pos = cls.from_code(dc)
        if rules is not None and str(RULES[game].parse(rules)) != str(pos.rules):
            raise EngineError(f"deal code {code!r} carries its own rules ({pos.rules}); do not give --rules {rules}")
    else:
        pos = cls.from_string(text, RULES[game].parse(rules))
    if score is not None:
        pos.score = pos.check_start_score(score)
    return pos


def position_under(game: str, text: str, rules: str, score: int | None = None) -> Position:
    """The position ``text`` judged under ``rules``: with the same score where those rules allow it,
    else with their own starting score (Vegas dollars are no Normal score), as rulings compare them."""
    try:
        return position(game, text, rules=rules, score=score)
    except EngineError:
        return position(game, text, rules=rules)


def deal(code: str) -> Position:
    dc = parse_code(code)
    return GAMES[_game(dc.game_name)].from_code(dc)


def facts(game: str, rules: str | None = None) -> dict:
    return _FACTS[_game(game)](rules)


def scoring_table(game: str, rules: str | None = None, lang: str = "en") -> list[tuple[str, str]]:
    return _SCORING[_game(game)](rules, lang)


__all__ = [
    "GAMES", "RULES", "UNDO_LIMIT", "DealCode", "EngineError", "KlondikePosition", "KlondikeRules", "NotationError",
    "Position", "RulesError", "ScorpionPosition", "ScorpionRules", "Verdict", "deal", "facts", "parse_code", "position",
    "position_under", "rules", "scoring_table",
]
