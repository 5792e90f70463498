"""Klondike, exactly as the app plays it (seed 001, hu), on the shared core.

>>> from engine import deal
>>> pos = deal("KL1-D1N-AAAAAAG")
>>> str(pos.rules), pos.score, len(pos.stock)
('draw1', 0, 24)
>>> pos.play("draw")[1].legal
True

The rules (``KlondikeRules``), both of them fields:

- ``draw``: ``1`` (hu „Könnyű”, Easy) — one card at a time; ``3`` (hu „Nehéz”, Hard) — three
  cards at a time, fanned on the waste; only the last one plays, the one under it is freed when
  it is played. Drawing three is three single draws in a row (fewer when the stock holds fewer).
- ``scoring``: ``normal`` — starts at 0, never below 0, unlimited recycles; ``vegas`` — starts at
  −$52, +$5 per card onto a foundation, no floor, and no recycle at all: one pass through the
  stock in both draw modes.

Presets (the first is the default): ``draw1`` (draw 1, Normal: the app's new-game default),
``draw3`` (draw 3, Normal), ``draw1-vegas``, ``draw3-vegas``. Deal codes carry them as ``D1N``,
``D3N``, ``D1V``, ``D3V``: ``KL1-D3V-AAAAAAG``.

The deal: the engine's shuffle (``prng.shuffled_deck``), dealt column by column from the table
edge like Scorpion's — card 1 is column 1; cards 2–3 column 2; … cards 22–28 column 7 — only
the last card of each column face up; cards 29–52 form the stock in drawing order.

Moves (tokens): ``draw``, ``recycle``, ``QS>3`` (the card says where it comes from: the waste's
top, a column — with every card on it — or the top of its foundation), ``KH>F`` (onto its
foundation), ``tap:QS``, ``dtap:QS``, ``undo``.

Decisions where the seed is silent (each keeps every sentence of the seed true):

- **Points, Normal** (anchor: Windows Standard scoring): a card from the waste onto the tableau
  +5; any card onto its foundation +10 (from the waste too: it earns the foundation's 10, not
  5 more); a face-down card turning face up +5; column to column 0; drawing 0; a take-back from a
  foundation 0 (the seed: „pontot nem nyerve és nem veszítve”, where Windows has −15). A recycle
  costs 100 when drawing one (Windows) and 20 when drawing three (Windows' draw-three amount,
  charged from the first recycle: Windows' free passes would need a pass count, which a position
  string does not carry). The floor: a recycle takes at most the points there are, so the score
  never goes below 0 and a recycle at the start of a game, with fewer than 100 points, costs
  less than 100. The points a move records are the ones actually applied, so an undo gives
  back exactly those (a recycle from 40 shows 0; its undo gives the 40 back).
  Hence a game won without take-backs is worth 52 × 10 + 21 × 5 = 625, plus 5 for every card
  played from the waste onto the tableau, minus the recycle penalties actually charged.
- **Points, Vegas**: +$5 for every card onto a foundation, nothing else scores; start −$52.
  Won without take-backs: −52 + 52 × 5 = +$208; with at most 10 cards on the foundations the
  score is at most −$2, from the 11th card on at least +$3.
- **Take-backs and points already earned**: a card taken back from a foundation keeps the points
  it earned, and earns them again when it goes back up — the take-back itself gains and loses
  nothing, as the seed says. This is why the seed's totals are for games won *without*
  take-backs (each round trip adds 10 in Normal, $5 in Vegas).
- **Taps**: ``tap`` and ``dtap`` act on a top card: the waste's top card or a column's free end.
  One tap sends it to its foundation when it can go there (refused otherwise, with the reason).
  A double tap only looks on the tableau: the columns whose free end takes it, the longest
  first (on equal length the leftmost), then, for a king, the leftmost empty column; a king
  already alone at the table edge has nowhere new to go. Cards on the foundations are taken
  back by dragging (``QS>3``), as the seed says, not by tapping.
- **Draw and recycle are separate tokens**: ``draw`` on an empty stock is refused („the stock is
  empty”); ``recycle`` is the app's tap on the empty stock and is refused while the stock has
  cards, when the waste is empty, and always under Vegas scoring.
- **Positions** reject face-up cards that do not follow each other down in alternating colours:
  play can never lay them so, and the notation is for positions that can occur.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import Any, ClassVar

from . import render
from .cards import (
    ACE,
    DECK,
    KING,
    OTHER_COLOUR,
    RANK,
    RED,
    SUIT,
    SUIT_SYMBOLS,
    SUITS,
    card,
    card_token,
    parse_card,
    suit_cards,
)
from .codes import DIGITS, MAX_NUMBER
from .core import (
    MOVES,
    NO_CARD,
    UNDO_LIMIT,
    CardsSeen,
    Move,
    Position,
    RulesBase,
    Verdict,
    column_number,
    describe_columns,
    move_card,
    parse_columns,
    parse_run,
    register_reasons,
)
from .errors import NotationError
from .games import Game
from .i18n import N_, NP_, Translator, sentence_case, translator

COLUMNS = 7
FACE_DOWN = 21  # 0 + 1 + … + 6
DEALT = 28
STOCK_SIZE = len(DECK) - DEALT
FOUNDATIONS = len(SUITS)

# Card locations (``loc[card]``): a column 0–6, or one of these.
STOCK, WASTE, FOUNDATION_PILE = -1, -2, -3

# Move targets after the columns: a move is ``Move(card, target)``; draw and recycle have no card.
FOUNDATION = 7  # the card's own foundation
TAP = 8
DTAP = 9
DRAW = Move(NO_CARD, 10)
RECYCLE = Move(NO_CARD, 11)

# What may lie on a card on the tableau: the two cards of the other colour one rank lower.
_FOLLOWERS = tuple(tuple(card(RANK[c] - 1, s) for s in OTHER_COLOUR[SUIT[c]]) if RANK[c] != ACE else ()
                   for c in DECK)
_KINGS = tuple(card(KING, s) for s in range(FOUNDATIONS))

register_reasons(
    {
        "one-rank-lower": N_("reason", "Rule: the card must be exactly one rank lower"),
        "opposite-colour": N_("reason", "Rule: the cards must be of opposite colours"),
        "foundation-needs-ace": N_("reason", "A foundation starts with the ace"),
        "foundation-next-card": N_("reason", "Rule: a foundation takes the next card of its suit"),
        "foundation-one-card": N_("reason", "Only the top card of a column can go to a foundation"),
        "on-foundation": N_("reason", "This card is already on its foundation"),
        "foundation-not-top": N_("reason", "Only the top card of a foundation can be taken back"),
        "foundation-by-drag": N_("reason", "Drag a card on a foundation to take it back"),
        "in-stock": N_("reason", "This card is in the stock; draw it first"),
        "waste-not-top": N_("reason", "Only the top card of the waste can be played"),
        "stock-empty": N_("reason", "The stock is empty"),
        "stock-not-empty": N_("reason", "The stock is not empty yet"),
        "waste-empty": N_("reason", "The waste is empty: there is nothing to turn over"),
        "vegas-one-pass": N_("reason", "Vegas scoring: the stock can be gone through only once"),
        "tap-not-top": N_("reason", "Only a top card responds to a tap; drag the cards instead"),
        "no-place": N_("reason", "There is no place for this card on the tableau"),
    }
)


# -- the rules ------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class KlondikeRules(RulesBase):
    draw: str = "1"
    scoring: str = "normal"

    GAME: ClassVar[str] = "klondike"
    CHOICES: ClassVar[dict[str, tuple[str, ...]]] = {"draw": ("1", "3"), "scoring": ("normal", "vegas")}
    PRESETS: ClassVar[dict[str, dict[str, str]]] = {
        "draw1": {"draw": "1", "scoring": "normal"},
        "draw3": {"draw": "3", "scoring": "normal"},
        "draw1-vegas": {"draw": "1", "scoring": "vegas"},
        "draw3-vegas": {"draw": "3", "scoring": "vegas"},
    }
    CODES: ClassVar[dict[str, str]] = {"draw1": "D1N", "draw3": "D3N", "draw1-vegas": "D1V", "draw3-vegas": "D3V"}

    @property
    def draw_count(self) -> int:
        return int(self.draw)

    @property
    def vegas(self) -> bool:
        return self.scoring == "vegas"

    @property
    def in_dollars(self) -> bool:
        return self.vegas

    @property
    def points(self) -> dict[str, int]:
        """The point table of these rules (event id → points); see ``SCORING`` for the labels."""
        return POINTS[self.scoring][self.draw]

    @property
    def start_score(self) -> int:
        return self.points["start"]


POINTS: dict[str, dict[str, dict[str, int]]] = {
    # scoring → draw → event → points. The one place the numbers live.
    "normal": {
        draw: {"start": 0, "waste-tableau": 5, "foundation": 10, "flip": 5, "tableau-tableau": 0,
               "take-back": 0, "draw": 0, "recycle": -penalty}
        for draw, penalty in (("1", 100), ("3", 20))
    },
    "vegas": {
        draw: {"start": -52, "waste-tableau": 0, "foundation": 5, "flip": 0, "tableau-tableau": 0,
               "take-back": 0, "draw": 0}
        for draw in ("1", "3")
    },
}

DRAW_NAMES = {"1": N_("draw mode", "Easy (draw 1)"), "3": N_("draw mode", "Hard (draw 3)")}
SCORING_NAMES = {"normal": N_("scoring mode", "Normal"), "vegas": N_("scoring mode", "Vegas")}


def vegas_text(score: int) -> str:
    """Vegas scores as the app shows them, the same in every language: +$208, $0, -$52."""
    if score > 0:
        return f"+${score}"
    if score < 0:
        return f"-${-score}"
    return "$0"


def _follows(upper: int, lower: int) -> bool:
    """True when ``upper`` may lie on ``lower`` on the tableau: one rank lower, opposite colour."""
    return upper in _FOLLOWERS[lower]


# -- the position ---------------------------------------------------------------------------------

COLUMN_TEXTS = (  # the columns of a description, in this game's own words (engine.core.describe_columns)
    N_("tableau", "column {n}"), N_("tableau", "empty"), NP_("tableau", "{n} face-down card", "{n} face-down cards"),
    N_("tableau", "{hidden}, then {cards}"), N_("tableau", "{label}: {content}"),
)



@lru_cache(maxsize=256)
def _parse_fields(text: str, rules: KlondikeRules) -> tuple[Any, ...]:
    """The columns, face-down counts, stock, waste and foundations of a position string, checked.

    Pure, so kept by its input (see ``engine.scorpion._parse_fields``); the constructor copies them."""
    fields = text.split(" ")
    if len(fields) != 4:
        raise NotationError(
            "Klondike position needs 4 space-separated fields (columns, stock, waste, foundations), "
            f"got {len(fields)}"
        )
    col_text, stock_text, waste_text, found_text = fields
    parts = col_text.split("/")
    if len(parts) != COLUMNS:
        raise NotationError(f"Klondike position has {len(parts)} columns; Klondike has {COLUMNS}")
    seen = CardsSeen()
    columns, down = parse_columns(parts, seen, _follows)
    stock = []
    if stock_text != "-":
        for c, face_up in parse_run(stock_text, "stock", seen):
            if face_up:
                raise NotationError(f"stock: card {card_token(c)} must be face down (lower case)")
            stock.append(c)
    waste = []
    if waste_text != "-":
        for c, face_up in parse_run(waste_text, "waste", seen):
            if not face_up:
                raise NotationError(f"waste: card {card_token(c, False)} must be face up (upper case)")
            waste.append(c)
    piles = found_text.split("/")
    if len(piles) != FOUNDATIONS:
        raise NotationError(
            f"foundations {found_text!r}: 4 piles separated by / in the order ♠/♥/♦/♣ (e.g. 3S/-/AD/-), "
            f"got {len(piles)}"
        )
    foundations = []
    for s, pile in enumerate(piles):
        if pile == "-":
            foundations.append(0)
            continue
        try:
            top = parse_card(pile)
        except NotationError:
            raise NotationError(f"foundations: {pile!r} is neither a card nor - (e.g. 3S/-/AD/-)") from None
        if pile != pile.upper():
            raise NotationError(f"foundations: card {pile} must be face up (upper case)")
        if SUIT[top] != s:
            raise NotationError(
                f"foundations: {pile} is on the {SUIT_SYMBOLS[s]} pile (the piles are in the order ♠/♥/♦/♣, "
                "e.g. 3S/-/AD/-)"
            )
        for c in suit_cards(s)[: RANK[top] + 1]:
            seen.take(c, f"the {SUIT_SYMBOLS[s]} foundation")
        foundations.append(RANK[top] + 1)
    seen.check_complete()
    return columns, down, tuple(stock), tuple(waste), tuple(foundations)


class KlondikePosition(Position):
    """A Klondike position: 7 columns with their face-down counts, the stock, the waste, 4 foundations.

    Position string: ``<col1>/…/<col7> <stock> <waste> <foundations>``; columns from the table edge
    to the free end, face down in lower case; ``stock`` face down in drawing order (first = drawn
    next), ``waste`` face up from bottom to top (last = the playable card), each ``-`` when empty;
    ``foundations`` the top card of each pile in the fixed order ♠/♥/♦/♣, ``-`` for an empty one:
    ``3S/-/AD/-``.

    Internally the stock is kept the other way round (``stock[-1]`` is drawn next) and each
    foundation is the number of cards on it.
    """

    GAME = "klondike"
    TITLE = "Klondike"
    Rules = KlondikeRules
    rules: KlondikeRules

    def __init__(self, columns: Sequence[Sequence[int]], down: Sequence[int], stock: Sequence[int],
                 waste: Sequence[int], foundations: Sequence[int], rules: KlondikeRules | None = None,
                 score: int | None = None):
        super().__init__()
        self.rules = rules or KlondikeRules()
        self.cols = [list(c) for c in columns]
        self.down = list(down)
        self.stock: list[int] = list(reversed(stock))  # stock[-1] is drawn next
        self.waste: list[int] = list(waste)
        self.found: list[int] = list(foundations)  # cards on each foundation, ♠ ♥ ♦ ♣
        self.score = self.rules.start_score if score is None else score
        self.loc = [FOUNDATION_PILE] * len(DECK)
        for i, col in enumerate(self.cols):
            for c in col:
                self.loc[c] = i
        for c in self.stock:
            self.loc[c] = STOCK
        for c in self.waste:
            self.loc[c] = WASTE
        p = self.rules.points
        self._p_waste = p["waste-tableau"]
        self._p_found = p["foundation"]
        self._p_flip = p["flip"]
        self._penalty = -p.get("recycle", 0)

    # -- construction -------------------------------------------------------------------------
    parse_fields = staticmethod(_parse_fields)

    @classmethod
    def deal_layout(cls, rules: KlondikeRules) -> tuple[Sequence[int], Sequence[int]]:
        """1 to 7 cards per column, only the last face up."""
        return range(1, COLUMNS + 1), range(COLUMNS)

    @classmethod
    def dealt(cls, columns: list[list[int]], down: Sequence[int], rest: list[int],
              rules: KlondikeRules) -> KlondikePosition:
        """The 24 cards left over form the stock in drawing order."""
        return cls(columns, down, rest, [], [0] * FOUNDATIONS, rules)

    def fields_under(self, rules: KlondikeRules) -> tuple[Any, ...]:
        """What ``_parse_fields`` reads from this position's string: the same under every rules."""
        return self.cols, self.down, self.stock[::-1], self.waste, self.found  # the constructor copies them

    def check_start_score(self, score: int) -> int:
        """A start score these rules allow (``--score``): Normal scoring never goes below 0."""
        if not self.rules.vegas and score < 0:
            raise NotationError(f"score {score}: Normal scoring never goes below 0")
        return score

    def fields_text(self) -> tuple[str, ...]:
        stock = "".join(card_token(c, False) for c in reversed(self.stock)) or "-"
        waste = "".join(card_token(c) for c in self.waste) or "-"
        found = "/".join(card_token(card(n - 1, s)) if n else "-" for s, n in enumerate(self.found))
        return stock, waste, found

    def fields_state(self) -> tuple[Any, ...]:
        return tuple(self.stock), tuple(self.waste), tuple(self.found)

    # -- moves ---------------------------------------------------------------------------------
    def parse_move(self, token: str) -> Move:
        token = token.strip()
        if token == "draw":
            return DRAW
        if token == "recycle":
            return RECYCLE
        kind, colon, card_text = token.partition(":")
        if colon:
            if kind not in ("tap", "dtap"):
                raise NotationError(f"move {token!r}: unknown action {kind!r} (tap:QS or dtap:QS)")
            return Move(move_card(card_text, token), TAP if kind == "tap" else DTAP)
        card_text, sep, target = token.partition(">")
        if not sep:
            raise NotationError(
                f"move {token!r} is not a Klondike move (e.g. draw, recycle, QS>3, KH>F, tap:QS, dtap:QS, undo)"
            )
        c = move_card(card_text, token)
        if target == "F":
            return Move(c, FOUNDATION)
        if not target.isdigit() and target.upper() == "F":
            raise NotationError(f"move {token!r}: write the foundation as F")
        return Move(c, column_number(target, COLUMNS, token))

    def move_token(self, move: Any) -> str:
        if move == DRAW:
            return "draw"
        if move == RECYCLE:
            return "recycle"
        c, to = move
        if to == TAP:
            return f"tap:{card_token(c)}"
        if to == DTAP:
            return f"dtap:{card_token(c)}"
        return f"{card_token(c)}>{'F' if to == FOUNDATION else to + 1}"

    # -- verdicts ------------------------------------------------------------------------------
    def verdict(self, move: Any) -> Verdict:
        if move == DRAW:
            return Verdict(True) if self.stock else Verdict(False, "stock-empty")
        if move == RECYCLE:
            if self.rules.vegas:
                return Verdict(False, "vegas-one-pass")
            if self.stock:
                return Verdict(False, "stock-not-empty")
            if not self.waste:
                return Verdict(False, "waste-empty")
            return Verdict(True, points=self._recycle_points())
        c, to = move
        if to == TAP or to == DTAP:
            resolved = self._resolve_tap(move)
            if isinstance(resolved, str):
                return Verdict(False, resolved)
            return Verdict(True, points=self._card_points(*resolved))
        where = self.loc[c]
        reason = self._source_reason(c, where, top_only=to == FOUNDATION)
        if reason:
            return Verdict(False, reason)
        if to == FOUNDATION:
            if where == FOUNDATION_PILE:
                return Verdict(False, "on-foundation")
            reason = self._foundation_reason(c)
        else:
            if where == to:
                return Verdict(False, "same-column")
            reason = self._tableau_reason(c, to)
        if reason:
            return Verdict(False, reason)
        return Verdict(True, points=self._card_points(c, to))

    def _source_reason(self, c: int, where: int, top_only: bool) -> str | None:
        """Why ``c`` cannot be picked up where it is (None: it can)."""
        if where == STOCK:
            return "in-stock"
        if where == WASTE:
            return None if self.waste[-1] == c else "waste-not-top"
        if where == FOUNDATION_PILE:
            return None if self.found[SUIT[c]] == RANK[c] + 1 else "foundation-not-top"
        col = self.cols[where]
        idx = col.index(c)
        if idx < self.down[where]:
            return "face-down"
        if top_only and idx != len(col) - 1:
            return "foundation-one-card"
        return None

    def _foundation_reason(self, c: int) -> str | None:
        have = self.found[SUIT[c]]
        if have == RANK[c]:
            return None
        return "foundation-needs-ace" if have == 0 else "foundation-next-card"

    def _tableau_reason(self, c: int, to: int) -> str | None:
        dest = self.cols[to]
        if not dest:
            return None if RANK[c] == KING else "empty-needs-king"
        top = dest[-1]
        if RANK[c] + 1 != RANK[top]:
            return "one-rank-lower"
        if RED[c] == RED[top]:
            return "opposite-colour"
        return None

    def _resolve_tap(self, move: Any) -> Move | str:
        """What a tap or a double tap on this card does: the move it makes, or the reason it does nothing."""
        c: int
        kind: int
        c, kind = move
        where = self.loc[c]
        if where == FOUNDATION_PILE:
            return "on-foundation" if kind == TAP else "foundation-by-drag"
        reason = self._source_reason(c, where, top_only=False)
        if reason:
            return reason
        if where >= 0 and self.cols[where][-1] != c:
            return "foundation-one-card" if kind == TAP else "tap-not-top"
        if kind == TAP:
            return self._foundation_reason(c) or MOVES[c][FOUNDATION]
        best = None
        for j, dest in enumerate(self.cols):
            if j != where and dest and _follows(c, dest[-1]) and (best is None or len(dest) > len(self.cols[best])):
                best = j
        if best is not None:
            return MOVES[c][best]
        if RANK[c] == KING and not (where >= 0 and len(self.cols[where]) == 1):
            for j, dest in enumerate(self.cols):
                if not dest:
                    return MOVES[c][j]
        return "no-place"

    def resolve(self, move: Any) -> Move | None:
        """The card move a tap or a double tap makes here (None when it does nothing); other moves as they are."""
        if move[1] in (TAP, DTAP):
            resolved = self._resolve_tap(move)
            return None if isinstance(resolved, str) else resolved
        return Move(*move)

    def _card_points(self, c: int, to: int) -> int:
        where = self.loc[c]
        if where == FOUNDATION_PILE:
            return 0  # a take-back gains and loses nothing
        points = self._p_found if to == FOUNDATION else (self._p_waste if where == WASTE else 0)
        if where >= 0:
            d = self.down[where]
            if d and self.cols[where][d] == c:
                points += self._p_flip
        return points

    def _recycle_points(self) -> int:
        # The floor at 0: a recycle takes at most the points there are.
        return -min(self._penalty, max(self.score, 0))

    # -- move generation -----------------------------------------------------------------------
    def legal_moves(self) -> Iterator[Move]:
        """Every legal move: to the foundations, onto the tableau (waste, columns, take-backs), draw, recycle.

        Taps are not listed: each does what one of these moves does.
        """
        cols, down, found, loc, moves = self.cols, self.down, self.found, self.loc, MOVES
        waste_top = self.waste[-1] if self.waste else -1
        # to the foundations
        for col in cols:
            if col:
                c = col[-1]
                if found[SUIT[c]] == RANK[c]:
                    yield moves[c][FOUNDATION]
        if waste_top >= 0 and found[SUIT[waste_top]] == RANK[waste_top]:
            yield moves[waste_top][FOUNDATION]
        # onto a card on the tableau: the two cards of the other colour one rank lower
        for j, dest in enumerate(cols):
            if not dest:
                continue
            for c in _FOLLOWERS[dest[-1]]:  # none on an ace
                w = loc[c]
                if w >= 0:
                    if w != j and cols[w].index(c) >= down[w]:
                        yield moves[c][j]
                elif w == WASTE:
                    if c == waste_top:
                        yield moves[c][j]
                elif w == FOUNDATION_PILE and found[SUIT[c]] == RANK[c] + 1:
                    yield moves[c][j]
        # kings onto empty columns
        empties = [j for j, col in enumerate(cols) if not col]
        if empties:
            for k in _KINGS:
                w = loc[k]
                if w >= 0:
                    if cols[w].index(k) < down[w]:
                        continue
                elif w == WASTE:
                    if k != waste_top:
                        continue
                elif w == FOUNDATION_PILE:
                    if found[SUIT[k]] != RANK[k] + 1:
                        continue
                else:
                    continue
                for j in empties:
                    yield moves[k][j]
        if self.stock:
            yield DRAW
        elif self.waste and not self.rules.vegas:
            yield RECYCLE

    # -- making and taking back moves ----------------------------------------------------------
    def _apply(self, move: Any) -> tuple[Any, int]:
        if move == DRAW:
            n = min(self.rules.draw_count, len(self.stock))
            stock, waste, loc = self.stock, self.waste, self.loc
            for _ in range(n):
                c = stock.pop()
                waste.append(c)
                loc[c] = WASTE
            return (DRAW, n), 0
        if move == RECYCLE:
            points = self._recycle_points()
            self.stock = self.waste[::-1]
            self.waste = []
            for c in self.stock:
                self.loc[c] = STOCK
            return (RECYCLE, 0), points
        c, to = move
        if to == TAP or to == DTAP:
            resolved = self._resolve_tap(move)
            assert not isinstance(resolved, str), resolved
            c, to = resolved
        points = self._card_points(c, to)
        loc = self.loc
        src = loc[c]
        flipped = False
        if src == WASTE:
            self.waste.pop()
            block = [c]
        elif src == FOUNDATION_PILE:
            self.found[SUIT[c]] -= 1
            block = [c]
        else:
            col = self.cols[src]
            idx = col.index(c)
            block = col[idx:]
            del col[idx:]
            d = self.down[src]
            if d and d == idx:
                self.down[src] = d - 1
                flipped = True
        if to == FOUNDATION:
            self.found[SUIT[c]] += 1
            loc[c] = FOUNDATION_PILE
        else:
            self.cols[to].extend(block)
            for b in block:
                loc[b] = to
        return (c, src, to, len(block), flipped), points

    def _revert(self, record: Any) -> None:
        if record[0] == DRAW:
            stock, waste, loc = self.stock, self.waste, self.loc
            for _ in range(record[1]):
                c = waste.pop()
                stock.append(c)
                loc[c] = STOCK
            return
        if record[0] == RECYCLE:
            self.waste = self.stock[::-1]
            self.stock = []
            for c in self.waste:
                self.loc[c] = WASTE
            return
        c, src, to, n, flipped = record
        loc = self.loc
        if to == FOUNDATION:
            self.found[SUIT[c]] -= 1
            block = [c]
        else:
            dest = self.cols[to]
            block = dest[len(dest) - n :]
            del dest[len(dest) - n :]
        if src == WASTE:
            self.waste.append(c)
        elif src == FOUNDATION_PILE:
            self.found[SUIT[c]] += 1
        else:
            if flipped:
                self.down[src] += 1
            self.cols[src].extend(block)
        for b in block:
            loc[b] = src

    # -- state ---------------------------------------------------------------------------------
    def is_won(self) -> bool:
        """Won when all 52 cards are on the foundations. No defeat is ever declared."""
        return sum(self.found) == len(DECK)

    def score_text(self, lang: str = "en") -> str:
        """Normal: the number (``625``); Vegas: dollars, ``+$208``, ``$0``, ``-$52`` in every language."""
        return vegas_text(self.score) if self.rules.vegas else str(self.score)

    def own_score(self) -> int:
        """Normal points come from the way play went, which a position does not tell: its own score is
        the start's 0. Vegas dollars are the stake back for every card on the foundations: −52 $ and
        5 $ a card (a card taken back and played again is paid twice, which a position cannot tell
        either: this is the least it has won)."""
        if self.rules.vegas:
            return self.rules.start_score + self.rules.points["foundation"] * sum(self.found)
        return self.rules.start_score

    def describe(self, lang: str = "en") -> str:
        """One paragraph for screen readers, no-JS readers and the pages."""
        t = translator(lang)
        stock = stock_text(t, len(self.stock))
        n = len(self.waste)
        if n:
            waste = t.npgettext(
                "waste", "waste: {n} card, {card} on top", "waste: {n} cards, {card} on top", n
            ).format(n=n, card=t.card(self.waste[-1]))
        else:
            waste = t.pgettext("waste", "waste: empty")
        n = sum(self.found)
        if n:
            # the count, then the top card of each foundation (16 cards, four named): one sentence; the
            # names joined as the language joins a list ("3 of spades and ace of diamonds"), so that two
            # names are heard as two cards, not as one pile's
            tops = render.list_text([t.card(card(k - 1, s)) for s, k in enumerate(self.found) if k], lang)
            found = t.npgettext(
                "foundations", "foundations: {n} card, on top: {cards}", "foundations: {n} cards, on top: {cards}", n
            ).format(n=n, cards=tops)
        else:
            found = t.pgettext("foundations", "foundations: empty")
        columns = describe_columns(t, self.cols, self.down, "tableau")
        text = f"{stock}; {waste}; {found}. {columns}."
        if self.is_won():
            text += " " + t.pgettext("state", "Every card is on the foundations: the game is won.")
        return sentence_case(text, lang)


def stock_text(t: Translator, n: int) -> str:
    """The stock in the description and in the draw button's name, one wording per state:
    "stock: 24 cards", or "stock: empty"."""
    if n:
        return t.npgettext("stock", "stock: {n} card", "stock: {n} cards", n).format(n=n)
    return t.pgettext("stock", "stock: empty")


# -- facts and the point table for the pages ------------------------------------------------------


SCORING = (
    # (event id, English label, msgctxt "scoring"); the points come from POINTS per rules.
    ("waste-tableau", N_("scoring", "A card goes from the waste onto the tableau")),
    ("foundation", N_("scoring", "A card goes onto its foundation (from the waste or the tableau)")),
    ("flip", N_("scoring", "A face-down card turns face up")),
    ("tableau-tableau", N_("scoring", "Cards move from column to column")),
    ("take-back", N_("scoring", "A card is taken back from a foundation onto the tableau")),
    ("draw", N_("scoring", "Cards are drawn from the stock")),
    ("recycle", N_("scoring", "The waste is turned over into the stock (the score never goes below 0)")),
    ("start", N_("scoring", "The score at the start of a game")),
)


class Klondike(Game):
    name = "klondike"
    title = N_("game", "Klondike")  # its name in the reader's language: Game.title_in
    Rules = KlondikeRules
    Position = KlondikePosition
    search_class = "KlondikeSearch"
    code_variant = "draw mode and scoring"
    pick_texts = ("selected-foundation", "selected-touch-foundation")  # a picked card may go to a foundation too
    taps = True  # seed 001: one tap sends a card to its foundation, a double tap finds it a place on the table

    def preset_name(self, preset: str, lang: str = "en") -> str:
        """The rules as the app's New game dialog names them: hu „Könnyű (1 lapos húzás), Normál pontozás”."""
        rules = KlondikeRules.parse(preset)
        t = translator(lang)
        return t.pgettext("preset", "{draw}, {scoring} scoring").format(
            draw=t.pgettext("draw mode", DRAW_NAMES[rules.draw]),
            scoring=t.pgettext("scoring mode", SCORING_NAMES[rules.scoring]),
        )

    def facts(self, rules: RulesBase | str | None = None) -> dict[str, int]:
        """The numbers the pages quote, computed from the rules (one fact, one place)."""
        rules = KlondikeRules.coerce(rules)  # type: ignore[arg-type]
        p = rules.points
        deck = len(DECK)
        out = {
            "deck": deck,
            "columns": COLUMNS,
            "dealt": DEALT,
            "face_down": FACE_DOWN,
            "face_up": DEALT - FACE_DOWN,
            "stock": STOCK_SIZE,
            "foundations": FOUNDATIONS,
            "draw": rules.draw_count,
            "recycles": 0 if rules.vegas else -1,  # -1: unlimited
            "undo_limit": UNDO_LIMIT,
            "code_letters": DIGITS,  # a deal code's number: DIGITS letters A–Z, base 26
            "code_base": 26,
            "deals_per_preset": MAX_NUMBER + 1,  # deal numbers per draw mode and scoring
            "start_score": p["start"],
            "points_foundation": p["foundation"],
            "points_waste_tableau": p["waste-tableau"],
            "points_flip": p["flip"],
            "points_tableau_tableau": p["tableau-tableau"],
            "points_take_back": p["take-back"],
        }
        # A game won without take-backs: every card onto its foundation once, every face-down card turned.
        won = p["start"] + deck * p["foundation"] + FACE_DOWN * p["flip"]
        out["won_score"] = won  # Normal: plus 5 per card from the waste onto the tableau, minus recycles
        if rules.vegas:
            # the number of cards on the foundations from which the score is positive
            out["positive_from"] = next(k for k in range(deck + 1) if p["start"] + k * p["foundation"] > 0)
            out["negative_up_to"] = max(k for k in range(deck + 1) if p["start"] + k * p["foundation"] < 0)
        else:
            out["recycle_penalty"] = -p["recycle"]
            out["floor"] = 0
        return out

    def scoring_table(self, rules: RulesBase | str | None = None, lang: str = "en") -> list[tuple[str, str]]:
        """(label, points) rows for these rules, in ``lang``: Normal ``+10``, ``−100``; Vegas ``+5 $``, ``−52 $``
        (en ``+$5``), as ``render.points_cell`` writes amounts in prose."""
        rules = KlondikeRules.coerce(rules)  # type: ignore[arg-type]
        t = translator(lang)
        p = rules.points
        rows = []
        for event, label in SCORING:
            if event not in p:
                continue
            rows.append((t.pgettext("scoring", label), render.points_cell(p[event], lang, dollars=rules.vegas)))
        return rows

    def board_top(self, pos: Any, lang: str, interactive: bool) -> str:
        """The stock (the draw or recycle button, on a board one plays on), the waste (its last cards
        fanned, the top one playable) and the four foundations in the app's fixed order ♠ ♥ ♦ ♣."""
        t = translator(lang)
        esc, text = render.esc, render.text
        stock_n = len(pos.stock)
        stock_label = text("stock", lang)
        name = sentence_case(stock_text(t, stock_n), lang)  # as the description says it
        button = (render.attrs(class_="sol-deal", data_action="deal", data_move="draw" if stock_n else "recycle")
                  if interactive else None)
        stock_body = render.stack(min(stock_n, 3), stock_n, name, lang, button)
        shown = pos.waste[-pos.rules.draw_count:] if pos.waste else []
        waste = [render.card(c, lang, button=interactive and i == len(shown) - 1) for i, c in enumerate(shown)]
        found = []
        for s, n in enumerate(pos.found):
            suit_attr = f' data-foundation="{SUITS[s]}"'
            if n:
                found.append((suit_attr, render.card(card(n - 1, s), lang, button=interactive)))
                continue
            label = esc(text("foundation-empty-suit", lang, suit=t.suit(s, "name")))
            glyph = f'<span class="sol-slot-suit" aria-hidden="true">{SUIT_SYMBOLS[s]}</span>'
            if interactive:
                found.append((suit_attr, f'<button type="button" class="sol-slot" data-target="F" '
                                         f'aria-label="{label}">{glyph}</button>'))
            else:
                found.append((suit_attr, f'<span class="sol-slot">{glyph}<span class="sol-sr">{label}</span></span>'))
        found_html = '<ol class="sol-pile sol-spread">' + "".join(f"<li{a}>{h}</li>" for a, h in found) + "</ol>"
        return (
            f'<div class="sol-place-group sol-stock" data-place="stock"><span class="sol-label" aria-hidden="true">'
            f"{esc(stock_label)}</span>{stock_body}</div>"
            f'<div class="sol-place-group sol-waste" data-place="waste"><span class="sol-label">'
            f'{esc(text("waste", lang))}</span>{render.pile(waste, "sol-pile sol-fan") if waste else ""}</div>'
            f'<div class="sol-place-group sol-foundations" data-place="foundations"><span class="sol-label">'
            f'{esc(text("foundations", lang))}</span>{found_html}</div>'
        )


GAME = Klondike()

__all__ = [
    "DRAW", "DTAP", "FOUNDATION", "GAME", "POINTS", "RECYCLE", "SCORING", "TAP", "Klondike", "KlondikePosition",
    "KlondikeRules", "vegas_text",
]
