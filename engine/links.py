"""Links into the analysis board: its whole state in the URL fragment (DESIGN.md §5.1).

``board_fragment`` writes the fragment a page links to (a ruling's position and disputed move,
a game): keys ``game``, ``code`` or ``position``, ``rules``, ``score``, ``moves`` (move tokens
joined by commas), each value percent-encoded, so a position string's spaces and slashes and a
move's ``>`` travel safely.

>>> board_fragment("scorpion", code="SC1-CLA-AAAAAAG", rules="classic", moves=["4H>7", "deal"])
'game=scorpion&code=SC1-CLA-AAAAAAG&rules=classic&moves=4H%3E7,deal'
>>> board_fragment("scorpion", position="4H/5H - -", score=5)
'game=scorpion&position=4H%2F5H%20-%20-&score=5'
"""

from __future__ import annotations

from collections.abc import Iterable
from urllib.parse import quote

from .errors import EngineError


def _part(value: object) -> str:
    return quote(str(value), safe="")


def board_fragment(game: str, *, position: str | None = None, code: str | None = None, rules: str | None = None,
                   score: int | None = None, moves: Iterable[str] = ()) -> str:
    """The analysis board's URL fragment (without ``#``) for a position or a deal code, its rules,
    its starting score and the moves to play on it."""
    if (position is None) == (code is None):
        raise EngineError("a board link names either a position or a deal code")
    parts = [f"game={_part(game)}"]
    parts.append(f"position={_part(position)}" if position is not None else f"code={_part(code)}")
    if rules:
        parts.append(f"rules={_part(rules)}")
    if score is not None:
        parts.append(f"score={_part(score)}")
    tokens = [t.strip() for t in moves if t.strip()]
    if tokens:
        parts.append("moves=" + ",".join(_part(t) for t in tokens))
    return "&".join(parts)


__all__ = ["board_fragment"]
