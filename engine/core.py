"""What every game shares: verdicts, rules objects, and the push/pop position.

Modelled on python-chess: a position holds the state; ``push(move)`` applies a move and
``pop()`` takes it back exactly (cards, face-down cards, score); ``legal_moves()`` generates;
``verdict(move)`` judges any attempted move without side effects. ``play(token)`` is the app's
behaviour: a legal move is made, an illegal one is refused with a reason and the position stays.

The ``undo`` the app offers keeps the last ``UNDO_LIMIT`` actions; ``pop()`` itself is unlimited
(the solver uses it).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any, ClassVar

from .errors import NotationError, RulesError
from .i18n import N_, translator

UNDO_LIMIT = 100


@dataclasses.dataclass(frozen=True, slots=True)
class Verdict:
    """The engine's answer to an attempted move: legal, or a stable reason id.

    ``points`` is what the move earns (or would earn) when legal.
    """

    legal: bool
    reason: str | None = None
    points: int = 0

    def message(self, lang: str = "en") -> str:
        """The app's message for a refused move, in ``lang`` ("" when the move is legal)."""
        if self.legal or self.reason is None:
            return ""
        english = REASONS.get(self.reason, self.reason)
        return translator(lang).pgettext("reason", english)


REASONS: dict[str, str] = {
    # Shared by both games. Each game module adds its own with ``register_reasons``.
    "nothing-to-undo": N_("reason", "Nothing to undo"),
    "face-down": N_("reason", "This card is face down"),
    "no-such-card": N_("reason", "This card is not on the table"),
    "same-column": N_("reason", "The card is already in this column"),
    "empty-needs-king": N_("reason", "Only a king can go onto an empty column"),
}


def register_reasons(reasons: dict[str, str]) -> None:
    for key, english in reasons.items():
        if REASONS.get(key, english) != english:
            raise ValueError(f"reason id {key!r} registered twice with different messages")
        REASONS[key] = english


# -- rules as data -----------------------------------------------------------------------------


class RulesBase:
    """Mixin for a game's frozen rules dataclass: named presets and ``preset,key=value`` parsing.

    Subclasses define ``PRESETS`` (name → dict of field values, ``classic`` first) and
    ``CHOICES`` (field → allowed values).
    """

    PRESETS: ClassVar[dict[str, dict[str, str]]]
    CHOICES: ClassVar[dict[str, tuple[str, ...]]]
    GAME: ClassVar[str]

    @classmethod
    def parse(cls, text: str | None = None):
        """``"classic"``, ``"easy"``, ``"classic,complete=stay"``, ``"empty=any"`` → rules.

        The first item may name a preset (default: the first preset); the other items override keys.
        """
        presets = list(cls.PRESETS)
        if text is None or not text.strip():
            return cls(**cls.PRESETS[presets[0]])
        items = [i.strip() for i in text.split(",")]
        values: dict[str, str] = {}
        preset = presets[0]
        if items and "=" not in items[0]:
            preset = items.pop(0)
            if preset not in cls.PRESETS:
                raise RulesError(
                    f"unknown {cls.GAME} rules preset {preset!r} (expected one of {', '.join(presets)})"
                )
        values.update(cls.PRESETS[preset])
        for item in items:
            key, eq, value = item.partition("=")
            key, value = key.strip(), value.strip()
            if not eq:
                raise RulesError(f"rules item {item!r}: only the first item may name a preset; then key=value")
            if key not in cls.CHOICES:
                raise RulesError(f"unknown {cls.GAME} rules key {key!r} (expected one of {', '.join(cls.CHOICES)})")
            if value not in cls.CHOICES[key]:
                raise RulesError(
                    f"rules key {key!r}: unknown value {value!r} (expected one of {'|'.join(cls.CHOICES[key])})"
                )
            values[key] = value
        return cls(**values)

    @property
    def preset(self) -> str | None:
        """The preset these rules are exactly, or None."""
        mine = self.as_dict()
        for name, values in self.PRESETS.items():
            if values == mine:
                return name
        return None

    def as_dict(self) -> dict[str, str]:
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}  # type: ignore[arg-type]

    def __str__(self) -> str:
        """The shortest string that ``parse`` turns back into these rules."""
        if self.preset:
            return self.preset
        best = None
        for name, values in self.PRESETS.items():
            diff = [f"{k}={v}" for k, v in self.as_dict().items() if values.get(k) != v]
            if best is None or len(diff) < len(best[1]):
                best = (name, diff)
        assert best is not None
        return ",".join([best[0], *best[1]])


# -- the position ------------------------------------------------------------------------------


class Position:
    """Base class of ``ScorpionPosition`` and ``KlondikePosition``.

    Subclasses implement ``_apply(move) -> undo record`` (which also sets points on the record),
    ``_revert(record)``, ``verdict``, ``legal_moves``, ``parse_move``, ``__str__``, ``describe``.
    """

    GAME: ClassVar[str]
    rules: Any
    score: int

    def __init__(self) -> None:
        self.move_stack: list = []  # (move, record, points)
        self._undo_floor = 0

    # The app's actions ---------------------------------------------------------------------
    def play(self, token: str) -> tuple[str, Verdict]:
        """Play one move token the way the app does: legal → made, illegal → refused, position kept.

        ``undo`` takes back the last action (the last ``UNDO_LIMIT`` are kept). Returns the
        normalized token and the verdict; a malformed token raises ``NotationError``.
        """
        token = token.strip()
        if token == "undo":
            if len(self.move_stack) <= self._undo_floor:
                return token, Verdict(False, "nothing-to-undo")
            points = self.move_stack[-1][2]
            self.pop()
            return token, Verdict(True, points=-points)
        move = self.parse_move(token)
        reason = self.refusal(move)
        verdict = Verdict(False, reason) if reason else Verdict(True, points=self.push(move))
        return self.move_token(move), verdict

    def push(self, move) -> int:
        """Make a legal move (not checked: use ``verdict``/``play`` for untrusted input); returns points."""
        record, points = self._apply(move)
        self.score += points
        self.move_stack.append((move, record, points))
        if len(self.move_stack) - self._undo_floor > UNDO_LIMIT:
            self._undo_floor = len(self.move_stack) - UNDO_LIMIT
        return points

    def pop(self):
        """Take back the last move exactly: cards, face-down cards and score. Returns the move."""
        move, record, points = self.move_stack.pop()
        self._revert(record)
        self.score -= points
        if self._undo_floor > len(self.move_stack):
            self._undo_floor = len(self.move_stack)
        return move

    def can_undo(self) -> bool:
        return len(self.move_stack) > self._undo_floor

    # To be provided by each game -----------------------------------------------------------
    def _apply(self, move) -> tuple[Any, int]:
        raise NotImplementedError

    def _revert(self, record) -> None:
        raise NotImplementedError

    def verdict(self, move) -> Verdict:
        raise NotImplementedError

    def check_start_score(self, score: int) -> int:
        """A score this position may start with (``engine.position(score=…)``); Klondike refuses a
        Normal score below 0."""
        return score

    def refusal(self, move) -> str | None:
        """Why the move is refused (its reason id), or None when it is legal. ``play`` asks this, not
        ``verdict``, so a game whose points need the move made (Scorpion) makes it only once."""
        verdict = self.verdict(move)
        return None if verdict.legal else verdict.reason

    def legal_moves(self) -> Iterator:
        raise NotImplementedError

    def parse_move(self, token: str):
        raise NotImplementedError

    def move_token(self, move) -> str:
        raise NotImplementedError

    def is_won(self) -> bool:
        raise NotImplementedError

    def describe(self, lang: str = "en") -> str:
        raise NotImplementedError

    def check_token(self, token: str) -> Verdict:
        """Judge a move token without making it."""
        if token.strip() == "undo":
            return Verdict(self.can_undo(), None if self.can_undo() else "nothing-to-undo")
        return self.verdict(self.parse_move(token))


def column_number(text: str, columns: int, token: str) -> int:
    """A 1-based column number in a move token → 0-based index; errors name the token."""
    # ASCII digits only: str.isdigit() also accepts "²" and "٣", and int() refuses huge numbers.
    if not (text.isascii() and text.isdigit() and len(text) <= 3) or not 1 <= int(text) <= columns:
        raise NotationError(f"move {token!r}: no column {text!r} (columns are 1–{columns})")
    return int(text) - 1


def describe_columns(t, cols, down, context: str) -> str:
    """The columns part of a description: ``column 1: 3 face-down cards, then …; column 2: empty``.

    Each game translates it in its own ``context`` (Scorpion ``column``, Klondike ``tableau``), so
    that a game's wording (the seeds' Catalan "3 tapades") never leaks into the other's.
    """
    pget, npget = t.pgettext, t.npgettext  # the msgids are marked in each game (COLUMN_TEXTS)
    columns = []
    for n, (col, d) in enumerate(zip(cols, down), 1):
        label = pget(context, "column {n}").format(n=n)
        if not col:
            content = pget(context, "empty")
        else:
            cards = ", ".join(t.card(c) for c in col[d:])
            if d:
                hidden = npget(context, "{n} face-down card", "{n} face-down cards", d).format(n=d)
                content = pget(context, "{hidden}, then {cards}").format(hidden=hidden, cards=cards)
            else:
                content = cards
        columns.append(pget(context, "{label}: {content}").format(label=label, content=content))
    return "; ".join(columns)
