"""Klondike, exactly as the app plays it (seed 001, hu), on the shared core.

>>> pos = KlondikePosition.from_code("KL1-D1N-AAAAAAG")
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
from collections.abc import Iterator
from functools import lru_cache
from typing import ClassVar

from .cards import KING, SUIT_SYMBOLS, card_token, parse_card
from .codes import DIGITS, MAX_NUMBER, DealCode, parse_code
from .core import UNDO_LIMIT, Position, RulesBase, Verdict, column_number, describe_columns, register_reasons
from .errors import NotationError
from .i18n import N_, NP_, translator
from .prng import shuffled_deck

COLUMNS = 7
DECK = 52
FACE_DOWN = 21  # 0 + 1 + … + 6
DEALT = 28
STOCK_SIZE = DECK - DEALT
SUITS = 4

# Card locations (``loc[card]``): a column 0–6, or one of these.
STOCK, WASTE, FOUNDATION_PILE = -1, -2, -3

# Move targets: a move is ``(card, target)``; draw and recycle have no card.
FOUNDATION = 7  # the card's own foundation
TAP = 8
DTAP = 9
DRAW = (-1, 10)
RECYCLE = (-1, 11)

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
    def points(self) -> dict[str, int]:
        """The point table of these rules (event id → points); see ``SCORING`` for the labels."""
        return POINTS[self.scoring][self.draw]

    @property
    def start_score(self) -> int:
        return self.points["start"]

    @property
    def code(self) -> str:
        """The deal-code variant (``D1N`` …)."""
        return f"D{self.draw}{self.scoring[0].upper()}"


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


def preset_name(rules: KlondikeRules | str, lang: str = "en") -> str:
    """The rules as the app's New game dialog names them: hu „Könnyű (1 lapos húzás), Normál pontozás”."""
    if not isinstance(rules, KlondikeRules):
        rules = KlondikeRules.parse(rules)
    t = translator(lang)
    return t.pgettext("preset", "{draw}, {scoring} scoring").format(
        draw=t.pgettext("draw mode", DRAW_NAMES[rules.draw]),
        scoring=t.pgettext("scoring mode", SCORING_NAMES[rules.scoring]),
    )


def vegas_text(score: int) -> str:
    """Vegas scores as the app shows them, the same in every language: +$208, $0, -$52."""
    if score > 0:
        return f"+${score}"
    if score < 0:
        return f"-${-score}"
    return "$0"


def _follows(upper: int, lower: int) -> bool:
    """True when ``upper`` may lie on ``lower`` on the tableau: one rank lower, opposite colour."""
    return upper % 13 + 1 == lower % 13 and ((upper // 13) in (1, 2)) != ((lower // 13) in (1, 2))


# -- the position ---------------------------------------------------------------------------------

COLUMN_TEXTS = (  # the columns of a description, in this game's own words (engine.core.describe_columns)
    N_("tableau", "column {n}"), N_("tableau", "empty"), NP_("tableau", "{n} face-down card", "{n} face-down cards"),
    N_("tableau", "{hidden}, then {cards}"), N_("tableau", "{label}: {content}"),
)



@lru_cache(maxsize=256)
def _parse_position(text: str, rules: KlondikeRules) -> tuple:
    """The columns, face-down counts, stock, waste and foundations of a position string, checked.

    Pure, so kept by its input (see ``engine.scorpion._parse_position``); the constructor copies them."""
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
    seen: dict[int, str] = {}

    def take(c: int, where: str) -> None:
        if c in seen:
            raise NotationError(f"card {card_token(c)} appears twice ({seen[c]} and {where})")
        seen[c] = where

    def cards(run: str, where: str) -> list[tuple[int, str]]:
        if len(run) % 2:
            raise NotationError(f"{where}: {run!r} is not a run of two-character cards")
        out = []
        for i in range(0, len(run), 2):
            tok = run[i : i + 2]
            c = parse_card(tok)
            if tok not in (tok.upper(), tok.lower()):
                raise NotationError(f"{where}: {tok!r} mixes cases (face up is upper case, face down lower)")
            take(c, where)
            out.append((c, tok))
        return out

    columns, down = [], []
    for n, part in enumerate(parts, 1):
        where = f"column {n}"
        col, d, prev_up = [], 0, None
        for c, tok in cards(part, where):
            if tok.islower():
                if prev_up is not None:
                    raise NotationError(f"{where}: face-down card {tok} lies on a face-up card")
                d += 1
            else:
                if prev_up is not None and not _follows(c, prev_up):
                    raise NotationError(
                        f"{where}: {tok} cannot lie on {card_token(prev_up)} (face-up cards go down "
                        "one rank at a time in alternating colours)"
                    )
                prev_up = c
            col.append(c)
        if col and prev_up is None:
            raise NotationError(f"{where}: ends with a face-down card (it would have turned face up)")
        columns.append(col)
        down.append(d)
    stock = []
    if stock_text != "-":
        for c, tok in cards(stock_text, "stock"):
            if tok != tok.lower():
                raise NotationError(f"stock: card {tok} must be face down (lower case)")
            stock.append(c)
    waste = []
    if waste_text != "-":
        for c, tok in cards(waste_text, "waste"):
            if tok != tok.upper():
                raise NotationError(f"waste: card {tok} must be face up (upper case)")
            waste.append(c)
    piles = found_text.split("/")
    if len(piles) != SUITS:
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
        if top // 13 != s:
            raise NotationError(
                f"foundations: {pile} is on the {SUIT_SYMBOLS[s]} pile (the piles are in the order ♠/♥/♦/♣, "
                "e.g. 3S/-/AD/-)"
            )
        for c in range(s * 13, top + 1):
            take(c, f"the {SUIT_SYMBOLS[s]} foundation")
        foundations.append(top % 13 + 1)
    missing = [card_token(c) for c in range(DECK) if c not in seen]
    if missing:
        raise NotationError(f"cards missing from the position: {' '.join(missing)}")
    return tuple(map(tuple, columns)), tuple(down), tuple(stock), tuple(waste), tuple(foundations)


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

    def __init__(self, columns, down, stock, waste, foundations, rules: KlondikeRules | None = None,
                 score: int | None = None):
        super().__init__()
        self.rules = rules or KlondikeRules()
        self.cols: list[list[int]] = [list(c) for c in columns]
        self.down: list[int] = list(down)
        self.stock: list[int] = list(reversed(stock))  # stock[-1] is drawn next
        self.waste: list[int] = list(waste)
        self.found: list[int] = list(foundations)  # cards on each foundation, ♠ ♥ ♦ ♣
        self.score = self.rules.start_score if score is None else score
        self.loc = [FOUNDATION_PILE] * DECK
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
    @classmethod
    def from_string(cls, text: str, rules: KlondikeRules | str | None = None) -> KlondikePosition:
        if not isinstance(rules, KlondikeRules):
            rules = KlondikeRules.parse(rules)
        if not isinstance(text, str):
            raise NotationError(f"a Klondike position is a string, not {type(text).__name__}")
        return cls(*_parse_position(text, rules), rules)

    @classmethod
    def deal(cls, number: int, rules: KlondikeRules | str | None = None) -> KlondikePosition:
        """The deal with this number: the engine's shuffle, dealt column by column (table edge first,
        1 to 7 cards, only the last face up), the 24 cards left forming the stock in drawing order."""
        if not isinstance(rules, KlondikeRules):
            rules = KlondikeRules.parse(rules)
        deck = shuffled_deck(number)
        columns, i = [], 0
        for size in range(1, COLUMNS + 1):
            columns.append(deck[i : i + size])
            i += size
        return cls(columns, range(COLUMNS), deck[i:], [], [0] * SUITS, rules)

    @classmethod
    def from_code(cls, code: str | DealCode) -> KlondikePosition:
        dc = parse_code(code) if isinstance(code, str) else code
        if dc.game != "KL":
            raise NotationError(f"deal code {dc}: not a Klondike code (KL1-…)")
        presets = {v: k for k, v in KlondikeRules.CODES.items()}
        if dc.variant not in presets:
            raise NotationError(
                f"deal code {dc}: unknown Klondike draw mode and scoring {dc.variant!r} "
                f"(expected one of {', '.join(presets)})"
            )
        return cls.deal(dc.number, KlondikeRules.parse(presets[dc.variant]))

    @staticmethod
    def code(number: int, rules: KlondikeRules | str = "draw1") -> str:
        if not isinstance(rules, KlondikeRules):
            rules = KlondikeRules.parse(rules)
        return str(DealCode("KL", 1, rules.code, number))

    def check_start_score(self, score: int) -> int:
        """A start score these rules allow (``--score``): Normal scoring never goes below 0."""
        if not self.rules.vegas and score < 0:
            raise NotationError(f"score {score}: Normal scoring never goes below 0")
        return score

    def __str__(self) -> str:
        cols = "/".join(
            "".join(card_token(c, i >= d) for i, c in enumerate(col)) for col, d in zip(self.cols, self.down)
        )
        stock = "".join(card_token(c, False) for c in reversed(self.stock)) or "-"
        waste = "".join(card_token(c) for c in self.waste) or "-"
        found = "/".join(card_token(s * 13 + n - 1) if n else "-" for s, n in enumerate(self.found))
        return f"{cols} {stock} {waste} {found}"

    def __repr__(self) -> str:
        return f"KlondikePosition({str(self)!r}, rules={str(self.rules)!r})"

    def __eq__(self, other) -> bool:
        return isinstance(other, KlondikePosition) and str(self) == str(other) and self.rules == other.rules

    # -- moves ---------------------------------------------------------------------------------
    def parse_move(self, token: str):
        token = token.strip()
        if token == "draw":
            return DRAW
        if token == "recycle":
            return RECYCLE
        kind, colon, card_text = token.partition(":")
        if colon:
            if kind not in ("tap", "dtap"):
                raise NotationError(f"move {token!r}: unknown action {kind!r} (tap:QS or dtap:QS)")
            return (self._move_card(card_text, token), TAP if kind == "tap" else DTAP)
        card_text, sep, target = token.partition(">")
        if not sep:
            raise NotationError(
                f"move {token!r} is not a Klondike move (e.g. draw, recycle, QS>3, KH>F, tap:QS, dtap:QS, undo)"
            )
        c = self._move_card(card_text, token)
        if target == "F":
            return (c, FOUNDATION)
        if not target.isdigit() and target.upper() == "F":
            raise NotationError(f"move {token!r}: write the foundation as F")
        return (c, column_number(target, COLUMNS, token))

    @staticmethod
    def _move_card(text: str, token: str) -> int:
        try:
            c = parse_card(text)
        except NotationError:
            raise NotationError(f"move {token!r}: {text!r} is not a card (e.g. QS, TH)") from None
        if text != text.upper():
            raise NotationError(f"move {token!r}: write the card in upper case ({text.upper()})")
        return c

    def move_token(self, move) -> str:
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
    def verdict(self, move) -> Verdict:
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
            return None if self.found[c // 13] == c % 13 + 1 else "foundation-not-top"
        col = self.cols[where]
        idx = col.index(c)
        if idx < self.down[where]:
            return "face-down"
        if top_only and idx != len(col) - 1:
            return "foundation-one-card"
        return None

    def _foundation_reason(self, c: int) -> str | None:
        have = self.found[c // 13]
        if have == c % 13:
            return None
        return "foundation-needs-ace" if have == 0 else "foundation-next-card"

    def _tableau_reason(self, c: int, to: int) -> str | None:
        dest = self.cols[to]
        if not dest:
            return None if c % 13 == KING else "empty-needs-king"
        top = dest[-1]
        if c % 13 + 1 != top % 13:
            return "one-rank-lower"
        if ((c // 13) in (1, 2)) == ((top // 13) in (1, 2)):
            return "opposite-colour"
        return None

    def _resolve_tap(self, move) -> tuple[int, int] | str:
        """What a tap or a double tap on this card does: the move it makes, or the reason it does nothing."""
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
            return self._foundation_reason(c) or (c, FOUNDATION)
        best = None
        for j, dest in enumerate(self.cols):
            if j != where and dest and _follows(c, dest[-1]) and (best is None or len(dest) > len(self.cols[best])):
                best = j
        if best is not None:
            return (c, best)
        if c % 13 == KING and not (where >= 0 and len(self.cols[where]) == 1):
            for j, dest in enumerate(self.cols):
                if not dest:
                    return (c, j)
        return "no-place"

    def resolve(self, move) -> tuple[int, int] | None:
        """The card move a tap or a double tap makes here (None when it does nothing); other moves as they are."""
        if move[1] in (TAP, DTAP):
            resolved = self._resolve_tap(move)
            return None if isinstance(resolved, str) else resolved
        return move

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
    def legal_moves(self) -> Iterator[tuple[int, int]]:
        """Every legal move: to the foundations, onto the tableau (waste, columns, take-backs), draw, recycle.

        Taps are not listed: each does what one of these moves does.
        """
        cols, down, found, loc = self.cols, self.down, self.found, self.loc
        waste_top = self.waste[-1] if self.waste else -1
        # to the foundations
        for col in cols:
            if col:
                c = col[-1]
                if found[c // 13] == c % 13:
                    yield (c, FOUNDATION)
        if waste_top >= 0 and found[waste_top // 13] == waste_top % 13:
            yield (waste_top, FOUNDATION)
        # onto a card on the tableau: the two cards of the opposite colour one rank lower
        for j, dest in enumerate(cols):
            if not dest:
                continue
            top = dest[-1]
            r = top % 13 - 1
            if r < 0:
                continue
            for s in ((1, 2) if top // 13 in (0, 3) else (0, 3)):
                c = s * 13 + r
                w = loc[c]
                if w >= 0:
                    if w != j and cols[w].index(c) >= down[w]:
                        yield (c, j)
                elif w == WASTE:
                    if c == waste_top:
                        yield (c, j)
                elif w == FOUNDATION_PILE and found[s] == r + 1:
                    yield (c, j)
        # kings onto empty columns
        empties = [j for j, col in enumerate(cols) if not col]
        if empties:
            for s in range(SUITS):
                k = s * 13 + KING
                w = loc[k]
                if w >= 0:
                    if cols[w].index(k) < down[w]:
                        continue
                elif w == WASTE:
                    if k != waste_top:
                        continue
                elif w == FOUNDATION_PILE:
                    if found[s] != 13:
                        continue
                else:
                    continue
                for j in empties:
                    yield (k, j)
        if self.stock:
            yield DRAW
        elif self.waste and not self.rules.vegas:
            yield RECYCLE

    # -- making and taking back moves ----------------------------------------------------------
    def _apply(self, move):
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
            self.found[c // 13] -= 1
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
            self.found[c // 13] += 1
            loc[c] = FOUNDATION_PILE
        else:
            self.cols[to].extend(block)
            for b in block:
                loc[b] = to
        return (c, src, to, len(block), flipped), points

    def _revert(self, record) -> None:
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
            self.found[c // 13] -= 1
            block = [c]
        else:
            dest = self.cols[to]
            block = dest[len(dest) - n :]
            del dest[len(dest) - n :]
        if src == WASTE:
            self.waste.append(c)
        elif src == FOUNDATION_PILE:
            self.found[c // 13] += 1
        else:
            if flipped:
                self.down[src] += 1
            self.cols[src].extend(block)
        for b in block:
            loc[b] = src

    # -- state ---------------------------------------------------------------------------------
    def is_won(self) -> bool:
        """Won when all 52 cards are on the foundations. No defeat is ever declared."""
        return sum(self.found) == DECK

    def score_text(self, lang: str = "en") -> str:
        """Normal: the number (``625``); Vegas: dollars, ``+$208``, ``$0``, ``-$52`` in every language."""
        return vegas_text(self.score) if self.rules.vegas else str(self.score)

    def describe(self, lang: str = "en") -> str:
        """One paragraph for screen readers, no-JS readers and the pages."""
        t = translator(lang)
        n = len(self.stock)
        if n:
            stock = t.npgettext("stock", "stock: {n} card", "stock: {n} cards", n).format(n=n)
        else:
            stock = t.pgettext("stock", "stock: empty")
        n = len(self.waste)
        if n:
            waste = t.npgettext(
                "waste", "waste: {n} card, {card} on top", "waste: {n} cards, {card} on top", n
            ).format(n=n, card=t.card(self.waste[-1]))
        else:
            waste = t.pgettext("waste", "waste: empty")
        n = sum(self.found)
        if n:
            tops = ", ".join(t.card(s * 13 + k - 1) for s, k in enumerate(self.found) if k)
            found = t.npgettext(
                "foundations", "foundations, {n} card: {cards}", "foundations, {n} cards: {cards}", n
            ).format(n=n, cards=tops)
        else:
            found = t.pgettext("foundations", "foundations: empty")
        columns = describe_columns(t, self.cols, self.down, "tableau")
        text = f"{stock}; {waste}; {found}. {columns}."
        if self.is_won():
            text += " " + t.pgettext("state", "Every card is on the foundations: the game is won.")
        return text


# -- facts and the point table for the pages ------------------------------------------------------


def facts(rules: KlondikeRules | str | None = None) -> dict[str, int]:
    """The numbers the pages quote, computed from the rules (one fact, one place)."""
    if not isinstance(rules, KlondikeRules):
        rules = KlondikeRules.parse(rules)
    p = rules.points
    out = {
        "deck": DECK,
        "columns": COLUMNS,
        "dealt": DEALT,
        "face_down": FACE_DOWN,
        "face_up": DEALT - FACE_DOWN,
        "stock": STOCK_SIZE,
        "foundations": SUITS,
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
    won = p["start"] + DECK * p["foundation"] + FACE_DOWN * p["flip"]
    out["won_score"] = won  # Normal: plus 5 per card from the waste onto the tableau, minus recycles
    if rules.vegas:
        # the number of cards on the foundations from which the score is positive
        out["positive_from"] = next(k for k in range(DECK + 1) if p["start"] + k * p["foundation"] > 0)
        out["negative_up_to"] = max(k for k in range(DECK + 1) if p["start"] + k * p["foundation"] < 0)
    else:
        out["recycle_penalty"] = -p["recycle"]
        out["floor"] = 0
    return out


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


def scoring_table(rules: KlondikeRules | str | None = None, lang: str = "en") -> list[tuple[str, str]]:
    """(label, points) rows for these rules, in ``lang``: Normal ``+10``, ``-100``; Vegas ``+$5``, ``-$52``."""
    if not isinstance(rules, KlondikeRules):
        rules = KlondikeRules.parse(rules)
    t = translator(lang)
    p = rules.points
    rows = []
    for event, label in SCORING:
        if event not in p:
            continue
        points = p[event]
        if rules.vegas:
            text = vegas_text(points)
        else:
            text = f"+{points}" if points > 0 else str(points)
        rows.append((t.pgettext("scoring", label), text))
    return rows


__all__ = [
    "KlondikeRules", "KlondikePosition", "POINTS", "SCORING", "DRAW", "RECYCLE", "FOUNDATION", "TAP", "DTAP",
    "facts", "scoring_table", "preset_name", "vegas_text",
]
