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
from collections.abc import Callable, Iterator, Sequence
from typing import Any, ClassVar, NamedTuple, TypeVar

from .cards import DECK, card_token, parse_card
from .errors import NotationError, RulesError
from .i18n import N_, Translator, translator
from .prng import shuffled_deck

UNDO_LIMIT = 100


class Move(NamedTuple):
    """A move: a card and where it goes (a column 0…, or a game's own target such as Klondike's
    foundation). The moves without a card (Scorpion's deal, Klondike's draw and recycle) have
    ``card`` ``NO_CARD``. A plain ``(card, to)`` tuple is the same move (equal, same hash)."""

    card: int
    to: int


NO_CARD = -1
TARGETS = 16
"""Targets 0…15: columns (Three Blind Mice has 10) and a game's own targets after them."""

MOVES: tuple[tuple[Move, ...], ...] = tuple(tuple(Move(c, to) for to in range(TARGETS)) for c in DECK)
"""Every card move made once: ``MOVES[card][to]``, so generating moves allocates nothing."""


@dataclasses.dataclass(frozen=True, slots=True)
class Verdict:
    """The engine's answer to an attempted move: legal, or a stable reason id.

    ``points`` is what the move earns (or would earn) when legal. ``game`` (the game that judged,
    not part of the verdict's value) picks the game's own wording of a shared reason: Scorpion's
    "one rank lower" is hu „eggyel kisebb értékű”, Klondike's „eggyel alacsonyabb rangú”.
    """

    legal: bool
    reason: str | None = None
    points: int = 0
    game: str | None = dataclasses.field(default=None, compare=False, repr=False)

    def message(self, lang: str = "en") -> str:
        """The app's message for a refused move, in ``lang`` ("" when the move is legal)."""
        if self.legal or self.reason is None:
            return ""
        own = OWN_REASONS.get((self.game or "", self.reason))
        if own is not None:
            return translator(lang).pgettext(f"reason|{self.game}", own)
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


OWN_REASONS: dict[tuple[str, str], str] = {}
"""A game's own wording of a reason another game shares (the same id, the same English), under the
msgctxt ``reason|<game>``, so each language words it as that game's texts do."""


def register_reasons(reasons: dict[str, str], game: str | None = None, own: dict[str, str] | None = None) -> None:
    """Add a game's reasons (msgctxt ``reason``); ``own``: the ones ``game`` words its own way."""
    for key, english in {**reasons, **(own or {})}.items():
        if REASONS.get(key, english) != english:
            raise ValueError(f"reason id {key!r} registered twice with different messages")
        REASONS[key] = english
    for key, english in (own or {}).items():
        if game is None:
            raise ValueError(f"reason id {key!r}: a game's own wording needs the game")
        OWN_REASONS[(game, key)] = english


# -- rules as data -----------------------------------------------------------------------------


class RulesBase:
    """Mixin for a game's frozen rules dataclass: named presets and ``preset,key=value`` parsing.

    Subclasses define ``PRESETS`` (name → dict of field values, ``classic`` first) and
    ``CHOICES`` (field → allowed values).
    """

    PRESETS: ClassVar[dict[str, dict[str, str]]]
    CHOICES: ClassVar[dict[str, tuple[str, ...]]]
    CODES: ClassVar[dict[str, str]]  # preset → its deal codes' variant letters (``CLA``, ``D1N``)
    GAME: ClassVar[str]

    @classmethod
    def coerce(cls: type[R], rules: R | str | None) -> R:
        """``rules`` as a rules object: given one, or parsed from ``"preset[,key=value…]"``."""
        return rules if isinstance(rules, cls) else cls.parse(rules)  # type: ignore[arg-type]

    @classmethod
    def parse(cls: type[R], text: str | None = None) -> R:
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
    def in_dollars(self) -> bool:
        """True when these rules score in dollars (Klondike's Vegas): a scoring table's column says so."""
        return False

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
        best: tuple[str, list[str]] | None = None
        for name, values in self.PRESETS.items():
            diff = [f"{k}={v}" for k, v in self.as_dict().items() if values.get(k) != v]
            if best is None or len(diff) < len(best[1]):
                best = (name, diff)
        assert best is not None
        return ",".join([best[0], *best[1]])


R = TypeVar("R", bound=RulesBase)


# -- the position ------------------------------------------------------------------------------


class Position:
    """Base class of every game's position (``ScorpionPosition``, ``KlondikePosition``).

    What every game shares lives here: the move stack with ``push``/``pop`` and the app's ``undo``,
    reading a position string (``from_string``: the columns by ``parse_columns``, every card once by
    ``CardsSeen``), writing it back (``__str__``: the columns, then the game's own fields), dealing
    (``deal``: the engine's shuffle cut into the game's columns), equality and ``repr``.

    A game implements ``parse_fields`` (its position string → the constructor's arguments),
    ``deal_layout``/``dealt``, ``fields_text``, ``_apply(move) -> (undo record, points)``,
    ``_revert(record)``, ``verdict``, ``legal_moves``, ``parse_move``, ``move_token``, ``is_won``,
    ``score_text`` and ``describe``.
    """

    GAME: ClassVar[str]  # the game's name in the registry (``engine.games``)
    TITLE: ClassVar[str]  # its name in English messages: "Scorpion"
    Rules: ClassVar[type[RulesBase]]
    rules: Any
    score: int
    cols: list[list[int]]  # table edge → free end
    down: list[int]  # face-down cards at the table edge of each column

    def __init__(self) -> None:
        self.move_stack: list[tuple[Any, Any, int]] = []  # (move, record, points)
        self._undo_floor = 0

    # Reading and writing -------------------------------------------------------------------
    @classmethod
    def from_string(cls: type[P], text: str, rules: Any = None) -> P:
        """The position a position string describes (DESIGN.md §3.2); errors name what is wrong."""
        rules = cls.Rules.coerce(rules)
        if not isinstance(text, str):
            raise NotationError(f"a {cls.TITLE} position is a string, not {type(text).__name__}")
        return cls(*cls.parse_fields(text, rules), rules)  # type: ignore[call-arg]

    @classmethod
    def deal(cls: type[P], number: int, rules: Any = None) -> P:
        """The deal with this number: the engine's shuffle (``prng``), dealt column by column from
        the table edge (``deal_layout``); the cards left over go where the game keeps them."""
        rules = cls.Rules.coerce(rules)
        deck = shuffled_deck(number)
        sizes, face_down = cls.deal_layout(rules)
        columns, i = [], 0
        for size in sizes:
            columns.append(deck[i : i + size])
            i += size
        return cls.dealt(columns, face_down, deck[i:], rules)

    def __str__(self) -> str:
        cols = "/".join(
            "".join(card_token(c, i >= d) for i, c in enumerate(col)) for col, d in zip(self.cols, self.down)
        )
        return " ".join((cols, *self.fields_text()))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self)!r}, rules={str(self.rules)!r})"

    def state(self) -> tuple[Any, ...]:
        """What the position string says, as a tuple to compare and hash: equal states, equal
        strings (the solver's look-ups, where writing the string is most of the cost)."""
        return tuple(map(tuple, self.cols)), tuple(self.down), self.fields_state()

    def fields_state(self) -> tuple[Any, ...]:
        """``fields_text``'s facts as a tuple (a game may give them without writing them out)."""
        return self.fields_text()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, type(self)) and str(self) == str(other) and self.rules == other.rules

    __hash__ = None  # type: ignore[assignment]  # positions change as moves are made

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
        verdict = Verdict(False, reason, game=self.GAME) if reason else Verdict(True, points=self.push(move))
        return self.move_token(move), verdict

    def push(self, move: Any) -> int:
        """Make a legal move (not checked: use ``verdict``/``play`` for untrusted input); returns points."""
        record, points = self._apply(move)
        self.score += points
        self.move_stack.append((move, record, points))
        if len(self.move_stack) - self._undo_floor > UNDO_LIMIT:
            self._undo_floor = len(self.move_stack) - UNDO_LIMIT
        return points

    def pop(self) -> Any:
        """Take back the last move exactly: cards, face-down cards and score. Returns the move."""
        move, record, points = self.move_stack.pop()
        self._revert(record)
        self.score -= points
        if self._undo_floor > len(self.move_stack):
            self._undo_floor = len(self.move_stack)
        return move

    def can_undo(self) -> bool:
        return len(self.move_stack) > self._undo_floor

    def under(self: P, rules: Any) -> P:
        """This position read under ``rules``: what ``from_string(str(self), rules)`` gives (its cards
        as they lie, no moves to take back, the constructor's score), without writing its string and
        reading it again (the analysis board judges every move under every preset). Where that string
        would not read under those rules, the same ``NotationError``."""
        rules = self.Rules.coerce(rules)
        return type(self)(*self.fields_under(rules), rules)  # type: ignore[call-arg]

    def check_token(self, token: str) -> Verdict:
        """Judge a move token without making it."""
        if token.strip() == "undo":
            return Verdict(self.can_undo(), None if self.can_undo() else "nothing-to-undo")
        return self.verdict(self.parse_move(token))

    def check_start_score(self, score: int) -> int:
        """A score this position may start with (``engine.position(score=…)``); Klondike refuses a
        Normal score below 0."""
        return score

    def refusal(self, move: Any) -> str | None:
        """Why the move is refused (its reason id), or None when it is legal. ``play`` asks this, not
        ``verdict``, so a game whose points need the move made (Scorpion) makes it only once."""
        verdict = self.verdict(move)
        return None if verdict.legal else verdict.reason

    # To be provided by each game -----------------------------------------------------------
    @staticmethod
    def parse_fields(text: str, rules: Any) -> tuple[Any, ...]:
        """The constructor's arguments (before ``rules``) from a position string, checked."""
        raise NotImplementedError

    def fields_under(self, rules: Any) -> tuple[Any, ...]:
        """The constructor's arguments (before ``rules``) as ``parse_fields(str(self), rules)`` returns
        them, checked against ``rules`` as it checks them (``under``)."""
        raise NotImplementedError

    @classmethod
    def deal_layout(cls, rules: Any) -> tuple[Sequence[int], Sequence[int]]:
        """The deal's column sizes and face-down cards per column."""
        raise NotImplementedError

    @classmethod
    def dealt(cls: type[P], columns: list[list[int]], down: Sequence[int], rest: list[int], rules: Any) -> P:
        """The dealt position: ``rest`` are the cards left over after the columns, in dealing order."""
        raise NotImplementedError

    def fields_text(self) -> tuple[str, ...]:
        """The position string's fields after the columns."""
        raise NotImplementedError

    def _apply(self, move: Any) -> tuple[Any, int]:
        raise NotImplementedError

    def _revert(self, record: Any) -> None:
        raise NotImplementedError

    def verdict(self, move: Any) -> Verdict:
        raise NotImplementedError

    def legal_moves(self) -> Iterator[Move]:
        raise NotImplementedError

    def parse_move(self, token: str) -> Move:
        raise NotImplementedError

    def move_token(self, move: Any) -> str:
        raise NotImplementedError

    def is_won(self) -> bool:
        raise NotImplementedError

    def score_text(self, lang: str = "en") -> str:
        """The score as the app shows it (the command line's ``score_text``)."""
        return str(self.score)

    def scored_in_dollars(self) -> bool:
        """True when the score counts dollars (Klondike's Vegas scoring): the widgets say „+5 $”."""
        return bool(self.rules.in_dollars)

    def own_score(self) -> int:
        """The score these rules give this position when no score comes with it from the same
        scoring (``engine.position_under``): the game's starting score, unless the position says
        more (Klondike's Vegas dollars follow from the cards on the foundations)."""
        return 0

    def describe(self, lang: str = "en") -> str:
        raise NotImplementedError


P = TypeVar("P", bound=Position)


# -- reading position strings ------------------------------------------------------------------


class CardsSeen:
    """Where each card of a position string was met: every card exactly once, or a clear error."""

    def __init__(self) -> None:
        self.where: dict[int, str] = {}

    def take(self, c: int, where: str) -> None:
        if c in self.where:
            raise NotationError(f"card {card_token(c)} appears twice ({self.where[c]} and {where})")
        self.where[c] = where

    def check_complete(self) -> None:
        missing = [card_token(c) for c in DECK if c not in self.where]
        if missing:
            raise NotationError(f"cards missing from the position: {' '.join(missing)}")


def parse_run(run: str, where: str, seen: CardsSeen) -> list[tuple[int, bool]]:
    """A run of two-character cards (``5sah2S``) → (card, face up) pairs; upper case is face up."""
    if len(run) % 2:
        raise NotationError(f"{where}: {run!r} is not a run of two-character cards")
    out = []
    for i in range(0, len(run), 2):
        tok = run[i : i + 2]
        c = parse_card(tok)
        if tok not in (tok.upper(), tok.lower()):
            raise NotationError(f"{where}: {tok!r} mixes cases (face up is upper case, face down lower)")
        seen.take(c, where)
        out.append((c, tok == tok.upper()))
    return out


def parse_columns(parts: list[str], seen: CardsSeen,
                  follows: Callable[[int, int], bool] | None = None) -> tuple[tuple[tuple[int, ...], ...],
                                                                          tuple[int, ...]]:
    """The columns of a position string (already split at ``/``): the cards and the face-down
    count of each. Face-down cards lie at the table edge, and a column never ends face down;
    ``follows(upper, lower)``, when given, says which face-up card may lie on which."""
    columns, down = [], []
    for n, part in enumerate(parts, 1):
        where = f"column {n}"
        col, d, prev_up = [], 0, None
        for c, face_up in parse_run(part, where, seen):
            if not face_up:
                if prev_up is not None:
                    raise NotationError(f"{where}: face-down card {card_token(c, False)} lies on a face-up card")
                d += 1
            else:
                if follows is not None and prev_up is not None and not follows(c, prev_up):
                    raise NotationError(
                        f"{where}: {card_token(c)} cannot lie on {card_token(prev_up)} (face-up cards go down "
                        "one rank at a time in alternating colours)"
                    )
                prev_up = c
            col.append(c)
        if col and prev_up is None:
            raise NotationError(f"{where}: ends with a face-down card (it would have turned face up)")
        columns.append(tuple(col))
        down.append(d)
    return tuple(columns), tuple(down)


def column_number(text: str, columns: int, token: str) -> int:
    """A 1-based column number in a move token → 0-based index; errors name the token."""
    # ASCII digits only: str.isdigit() also accepts "²" and "٣", and int() refuses huge numbers.
    if not (text.isascii() and text.isdigit() and len(text) <= 3) or not 1 <= int(text) <= columns:
        raise NotationError(f"move {token!r}: no column {text!r} (columns are 1–{columns})")
    return int(text) - 1


def move_card(text: str, token: str) -> int:
    """The card of a move token (``4H`` in ``4H>7``), upper case; errors name the token."""
    try:
        c = parse_card(text)
    except NotationError:
        raise NotationError(f"move {token!r}: {text!r} is not a card (e.g. 4H, TS)") from None
    if text != text.upper():
        raise NotationError(f"move {token!r}: write the card in upper case ({text.upper()})")
    return c


def describe_columns(t: Translator, cols: list[list[int]], down: list[int], context: str) -> str:
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
