"""The rules engine for Scorpion and Klondike as one app plays them.

Pure Python, no dependencies; the same code runs in CPython and in Pyodide.

>>> pos = position("scorpion", code="SC1-CLA-AAAAAAB")
>>> token, verdict = pos.play("deal")
>>> verdict.legal, str(pos).endswith(" - -")
(True, True)
"""

from __future__ import annotations

from .codes import DealCode, parse_code
from .core import UNDO_LIMIT, Position, Verdict
from .errors import EngineError, NotationError, RulesError
from .klondike import KlondikePosition, KlondikeRules
from .scorpion import ScorpionPosition, ScorpionRules

GAMES: dict[str, type[Position]] = {"scorpion": ScorpionPosition, "klondike": KlondikePosition}
RULES = {"scorpion": ScorpionRules, "klondike": KlondikeRules}
_FACTS = {}
_SCORING = {}

from . import scorpion as _scorpion  # noqa: E402

_FACTS["scorpion"] = _scorpion.facts
_SCORING["scorpion"] = _scorpion.scoring_table

from . import klondike as _klondike  # noqa: E402

_FACTS["klondike"] = _klondike.facts
_SCORING["klondike"] = _klondike.scoring_table


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
        check = getattr(pos, "check_start_score", None)  # e.g. Klondike Normal never below 0
        pos.score = check(score) if check else score
    return pos


def deal(code: str) -> Position:
    dc = parse_code(code)
    return GAMES[_game(dc.game_name)].from_code(dc)


def facts(game: str, rules: str | None = None) -> dict:
    return _FACTS[_game(game)](rules)


def scoring_table(game: str, rules: str | None = None, lang: str = "en") -> list[tuple[str, str]]:
    return _SCORING[_game(game)](rules, lang)


__all__ = [
    "GAMES", "RULES", "UNDO_LIMIT", "DealCode", "EngineError", "KlondikePosition", "KlondikeRules", "NotationError",
    "Position", "RulesError",
    "ScorpionPosition", "ScorpionRules", "Verdict", "deal", "facts", "parse_code", "position", "rules",
    "scoring_table",
]
