"""Scorpion, exactly as the app plays it (seeds 000 hu, 003 ca), with the literature's variants as data.

>>> from engine import deal
>>> pos = deal("SC1-CLA-AAAAAAA")
>>> len(list(pos.legal_moves())) > 0
True

The rules (``ScorpionRules``), all of them fields, not subclasses:

- ``suits``: ``same`` (Classic) — a card goes onto the free end of another column when of the same
  suit and exactly one rank lower; ``any`` (Easy, hu Könnyített, ca Flexible) — any suit.
- ``empty``: ``king`` — an empty column takes only a king (with its block); ``any`` (Wasp).
- ``complete``: ``remove`` — a 13-card king-to-ace run of one suit, all face up, at the free end
  of the column that has just received cards, goes to one of the 4 places; ``stay`` — runs stay
  on the table and the game is won with four such columns and nothing else on the table.
- ``reserve``: ``anytime`` — the reserve is dealt whenever the player likes; ``stuck`` — only when
  play is stuck. **Stuck** means precisely: no block move is legal except moving a whole column
  (its bottom card and everything on it) into an empty column. Such a move only relocates a
  column; if it counted, a king at the table edge beside an empty column would forbid the deal
  forever.
- ``layout``: ``app`` (7×7; columns 1–4 three face down under four face up; reserve 3), ``bvs``
  (four face down in columns 1–3), ``scorpion-ii`` (three face down in columns 1–3),
  ``three-blind-mice`` (10 columns of 5; columns 8–10 three face down under two face up; two cards
  set aside face up, playable at any time, instead of a reserve).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import Any, ClassVar

from . import render
from .cards import ACE, DECK, KING, RANK, SUIT, SUITS, card, card_token, suit_cards
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

RESERVE = -1  # location of a card in the reserve (or set aside)
REMOVED = -2  # location of a card in a removed sequence
DEAL = Move(NO_CARD, -1)  # the move that deals the reserve: no card, no column

POINTS_SAME_SUIT = 5
POINTS_FLIP = 5
POINTS_SEQUENCE = 100
SEQUENCE = 13
PLACES = 4

# What may go onto a card: the card one rank lower of the same suit (Classic), or of any suit (Easy).
_BELOW_SAME = tuple((card(RANK[c] - 1, SUIT[c]),) if RANK[c] != ACE else () for c in DECK)
_BELOW_ANY = tuple(tuple(card(RANK[c] - 1, s) for s in range(len(SUITS))) if RANK[c] != ACE else () for c in DECK)
_RUN = tuple([card(r, s) for r in range(KING, ACE - 1, -1)] for s in range(len(SUITS)))
"""Each suit's complete sequence as it lies in a column: king at the table edge, ace at the free end."""

register_reasons(
    {
        "same-suit": N_("reason", "Rule: the cards must be of the same suit"),
        "on-ace": N_("reason", "Nothing can be placed on an ace"),
        "in-reserve": N_("reason", "This card is in the reserve; deal the reserve first"),
        "reserve-dealt": N_("reason", "The reserve has already been dealt"),
        "no-reserve": N_("reason", "These rules have no reserve to deal"),
        "reserve-not-stuck": N_("reason", "The reserve can be dealt only when no other move is possible"),
    },
    # Klondike's reason too, but Scorpion's texts say it their own way (hu „eggyel kisebb értékű”,
    # where Klondike's say „eggyel alacsonyabb rangú”): its own msgctxt.
    game="scorpion",
    own={"one-rank-lower": N_("reason|scorpion", "Rule: the card must be exactly one rank lower")},
)


@dataclasses.dataclass(frozen=True)
class Layout:
    """How a deal is laid out: column sizes, face-down cards per column, the reserve."""

    name: str
    sizes: tuple[int, ...]
    face_down: tuple[int, ...]
    reserve: int  # cards in the reserve (or set aside)
    aside: bool = False  # True: the reserve cards lie face up and are playable at any time
    deal_columns: tuple[int, ...] = (0, 1, 2)  # 0-based columns that receive the reserve

    @property
    def columns(self) -> int:
        return len(self.sizes)


LAYOUTS = {
    "app": Layout("app", (7,) * 7, (3, 3, 3, 3, 0, 0, 0), 3),
    "bvs": Layout("bvs", (7,) * 7, (4, 4, 4, 0, 0, 0, 0), 3),
    "scorpion-ii": Layout("scorpion-ii", (7,) * 7, (3, 3, 3, 0, 0, 0, 0), 3),
    "three-blind-mice": Layout(
        "three-blind-mice", (5,) * 10, (0,) * 7 + (3, 3, 3), 2, aside=True, deal_columns=()
    ),
}


@dataclasses.dataclass(frozen=True)
class ScorpionRules(RulesBase):
    suits: str = "same"
    empty: str = "king"
    complete: str = "remove"
    reserve: str = "anytime"
    layout: str = "app"

    GAME: ClassVar[str] = "scorpion"
    CHOICES: ClassVar[dict[str, tuple[str, ...]]] = {
        "suits": ("same", "any"),
        "empty": ("king", "any"),
        "complete": ("remove", "stay"),
        "reserve": ("anytime", "stuck"),
        "layout": tuple(LAYOUTS),
    }
    _BASE: ClassVar[dict[str, str]] = dict(
        suits="same", empty="king", complete="remove", reserve="anytime", layout="app"
    )
    PRESETS: ClassVar[dict[str, dict[str, str]]] = {
        "classic": _BASE,
        "easy": {**_BASE, "suits": "any"},
        "traditional": {**_BASE, "complete": "stay", "reserve": "stuck"},
        "bvs": {**_BASE, "complete": "stay", "reserve": "stuck", "layout": "bvs"},
        "scorpion-ii": {**_BASE, "layout": "scorpion-ii"},
        "wasp": {**_BASE, "empty": "any"},
        "three-blind-mice": {**_BASE, "layout": "three-blind-mice"},
    }
    CODES: ClassVar[dict[str, str]] = {
        "classic": "CLA", "easy": "EAS", "traditional": "TRA", "bvs": "BVS",
        "scorpion-ii": "SC2", "wasp": "WSP", "three-blind-mice": "TBM",
    }

    @property
    def grid(self) -> Layout:
        return LAYOUTS[self.layout]


COLUMN_TEXTS = (  # the columns of a description, in this game's own words (engine.core.describe_columns)
    N_("column", "column {n}"), N_("column", "empty"), NP_("column", "{n} face-down card", "{n} face-down cards"),
    N_("column", "{hidden}, then {cards}"), N_("column", "{label}: {content}"),
)

PRESET_NAMES = {
    "classic": N_("preset", "Classic"),
    "easy": N_("preset", "Easy"),
    "traditional": N_("preset", "Traditional"),
    "bvs": N_("preset", "BVS"),
    "scorpion-ii": N_("preset", "Scorpion II"),
    "wasp": N_("preset", "Wasp"),
    "three-blind-mice": N_("preset", "Three Blind Mice"),
}


@lru_cache(maxsize=256)
def _parse_fields(text: str, rules: ScorpionRules) -> tuple[Any, ...]:
    """The columns, face-down counts, reserve and removed suits of a position string, checked.

    Pure, so kept by its input: a site build or a widget parses the same few positions many times
    (a ruling's verdict under each rule set, a reset). The position's constructor copies them."""
    grid = rules.grid
    fields = text.split(" ")
    if len(fields) != 3:
        raise NotationError(
            f"Scorpion position needs 3 space-separated fields (columns, reserve, removed), got {len(fields)}"
        )
    col_text, reserve_text, removed_text = fields
    if not reserve_text or not removed_text:
        raise NotationError("Scorpion position: the reserve and removed fields are never empty (write - for none)")
    parts = col_text.split("/")
    if len(parts) != grid.columns:
        raise NotationError(
            f"Scorpion position has {len(parts)} columns; the {rules.layout} layout has {grid.columns}"
        )
    seen = CardsSeen()
    columns, down = parse_columns(parts, seen)
    reserve = []
    if reserve_text != "-":
        for c, face_up in parse_run(reserve_text, "the reserve", seen):
            if grid.aside and not face_up:
                raise NotationError(f"reserve: set-aside card {card_token(c, False)} must be face up (upper case)")
            if not grid.aside and face_up:
                raise NotationError(f"reserve: card {card_token(c)} must be face down (lower case)")
            reserve.append(c)
        if grid.aside and len(reserve) > grid.reserve:
            raise NotationError(f"{len(reserve)} cards set aside; the layout sets aside {grid.reserve}")
        if not grid.aside and len(reserve) != grid.reserve:
            raise NotationError(
                f"the reserve holds {len(reserve)} cards; it is dealt all at once, so {grid.reserve} or -"
            )
    removed: list[int] = []
    if removed_text != "-":
        for ch in removed_text:
            s = SUITS.find(ch) if ch.isupper() else -1
            if s < 0:
                raise NotationError(f"removed sequences {removed_text!r}: {ch!r} is not a suit (S, H, D, C)")
            if s in removed:
                raise NotationError(f"removed sequences {removed_text!r}: suit {ch} removed twice")
            if rules.complete == "stay":
                raise NotationError(
                    "removed sequences given, but these rules leave complete sequences on the table"
                )
            for c in suit_cards(s):
                seen.take(c, "the removed sequences")
            removed.append(s)
    seen.check_complete()
    return columns, down, tuple(reserve), tuple(removed)


class ScorpionPosition(Position):
    """A Scorpion position: columns (table edge → free end), face-down counts, reserve, removed suits.

    Position string: ``<col1>/…/<colN> <reserve> <removed>``; cards are two characters each, face
    down in lower case (always at the table edge); ``reserve`` is the reserve in dealing order,
    face down (set-aside cards face up under Three Blind Mice), ``-`` when empty; ``removed`` the
    suits of the removed sequences in removal order, ``-`` when none.
    """

    GAME = "scorpion"
    TITLE = "Scorpion"
    Rules = ScorpionRules
    rules: ScorpionRules

    def __init__(self, columns: Sequence[Sequence[int]], down: Sequence[int], reserve: Sequence[int],
                 removed: Sequence[int], rules: ScorpionRules | None = None, score: int = 0):
        super().__init__()
        self.rules = rules or ScorpionRules()
        self.cols = [list(c) for c in columns]
        self.down = list(down)
        self.reserve: list[int] = list(reserve)
        self.removed: list[int] = list(removed)
        self.score = score
        self.loc = [REMOVED] * len(DECK)
        for i, col in enumerate(self.cols):
            for c in col:
                self.loc[c] = i
        for c in self.reserve:
            self.loc[c] = RESERVE

    # -- construction -------------------------------------------------------------------------
    parse_fields = staticmethod(_parse_fields)

    @classmethod
    def deal_layout(cls, rules: ScorpionRules) -> tuple[Sequence[int], Sequence[int]]:
        return rules.grid.sizes, rules.grid.face_down

    @classmethod
    def dealt(cls, columns: list[list[int]], down: Sequence[int], rest: list[int],
              rules: ScorpionRules) -> ScorpionPosition:
        """The cards left over after the columns form the reserve, in dealing order."""
        return cls(columns, down, rest, [], rules)

    def fields_under(self, rules: ScorpionRules) -> tuple[Any, ...]:
        """What ``_parse_fields`` reads from this position's string under ``rules``, with the checks
        there that depend on the rules (the string is good under the position's own): the layout's
        columns and reserve (written face up where set aside), removed sequences only where removed."""
        grid = rules.grid
        if len(self.cols) != grid.columns:
            raise NotationError(
                f"Scorpion position has {len(self.cols)} columns; the {rules.layout} layout has {grid.columns}"
            )
        if self.reserve:
            face_up = self.rules.grid.aside  # how the string writes the reserve
            if grid.aside and not face_up:
                raise NotationError(
                    f"reserve: set-aside card {card_token(self.reserve[0], False)} must be face up (upper case)")
            if not grid.aside and face_up:
                raise NotationError(f"reserve: card {card_token(self.reserve[0])} must be face down (lower case)")
            if grid.aside and len(self.reserve) > grid.reserve:
                raise NotationError(f"{len(self.reserve)} cards set aside; the layout sets aside {grid.reserve}")
            if not grid.aside and len(self.reserve) != grid.reserve:
                raise NotationError(
                    f"the reserve holds {len(self.reserve)} cards; it is dealt all at once, so {grid.reserve} or -"
                )
        if self.removed and rules.complete == "stay":
            raise NotationError("removed sequences given, but these rules leave complete sequences on the table")
        return self.cols, self.down, self.reserve, self.removed  # the constructor copies them

    def fields_text(self) -> tuple[str, ...]:
        aside = self.rules.grid.aside
        reserve = "".join(card_token(c, aside) for c in self.reserve) or "-"
        removed = "".join(SUITS[s] for s in self.removed) or "-"
        return reserve, removed

    def fields_state(self) -> tuple[Any, ...]:
        return tuple(self.reserve), tuple(self.removed)

    # -- moves ---------------------------------------------------------------------------------
    def parse_move(self, token: str) -> Move:
        token = token.strip()
        if token == "deal":
            return DEAL
        card_text, sep, col_text = token.partition(">")
        if not sep:
            raise NotationError(f"move {token!r} is not a Scorpion move (e.g. 4H>7, deal, undo)")
        return Move(move_card(card_text, token), column_number(col_text, self.rules.grid.columns, token))

    def move_token(self, move: Any) -> str:
        return "deal" if move == DEAL else f"{card_token(move[0])}>{move[1] + 1}"

    def verdict(self, move: Any) -> Verdict:
        reason = self.refusal(move)
        return Verdict(False, reason, game=self.GAME) if reason else self._points_verdict(move)

    def refusal(self, move: Any) -> str | None:
        if move == DEAL:
            return self._deal_refusal()
        c, to = move
        where = self.loc[c]
        if where == REMOVED:
            return "no-such-card"
        if where == RESERVE:
            if not self.rules.grid.aside:
                return "in-reserve"
        else:
            if self.cols[where].index(c) < self.down[where]:
                return "face-down"
            if where == to:
                return "same-column"
        dest = self.cols[to]
        if not dest:
            return "empty-needs-king" if RANK[c] != KING and self.rules.empty == "king" else None
        top = dest[-1]
        if RANK[top] == ACE:
            return "on-ace"
        if RANK[c] + 1 != RANK[top]:
            return "one-rank-lower"
        if self.rules.suits == "same" and SUIT[c] != SUIT[top]:
            return "same-suit"
        return None

    def _points_verdict(self, move: Any) -> Verdict:
        """A legal move's verdict: its points, found by making the move and taking it back."""
        record, points = self._apply(move)
        self._revert(record)
        return Verdict(True, points=points)

    def _deal_refusal(self) -> str | None:
        grid = self.rules.grid
        if grid.aside or not grid.deal_columns:
            return "no-reserve"
        if not self.reserve:
            return "reserve-dealt"
        if self.rules.reserve == "stuck" and any(True for _ in self._card_moves(relocations=False)):
            return "reserve-not-stuck"
        return None

    def legal_moves(self) -> Iterator[Move]:
        """Every legal move: block moves (each empty column separately), set-aside cards, the deal."""
        yield from self._card_moves(relocations=True)
        if self.reserve and not self.rules.grid.aside:
            if self.rules.reserve == "anytime" or not any(True for _ in self._card_moves(relocations=False)):
                yield DEAL

    def _card_moves(self, relocations: bool) -> Iterator[Move]:
        cols, down, loc, moves = self.cols, self.down, self.loc, MOVES
        aside = self.rules.grid.aside
        below = _BELOW_SAME if self.rules.suits == "same" else _BELOW_ANY
        empties = [i for i, col in enumerate(cols) if not col]
        for d, dest in enumerate(cols):
            if not dest:
                continue
            for c in below[dest[-1]]:  # none below an ace
                w = loc[c]
                if w >= 0:
                    if w != d and cols[w].index(c) >= down[w]:
                        yield moves[c][d]
                elif w == RESERVE and aside:
                    yield moves[c][d]
        if empties:
            any_card = self.rules.empty == "any"
            for w, col in enumerate(cols):
                for i in range(down[w], len(col)):
                    c = col[i]
                    if not any_card and RANK[c] != KING:
                        continue
                    if i == 0 and not relocations:
                        continue  # moving a whole column into an empty one only relocates it
                    for e in empties:
                        if e != w:
                            yield moves[c][e]
            if aside:
                for c in self.reserve:
                    if any_card or RANK[c] == KING:
                        for e in empties:
                            yield moves[c][e]

    # -- making and taking back moves ----------------------------------------------------------
    def _apply(self, move: Any) -> tuple[Any, int]:
        if move == DEAL:
            return self._apply_deal()
        c, to = move
        cols, loc = self.cols, self.loc
        dest = cols[to]
        points = POINTS_SAME_SUIT if dest and SUIT[dest[-1]] == SUIT[c] else 0
        src = loc[c]
        if src == RESERVE:
            idx = self.reserve.index(c)
            del self.reserve[idx]
            block = [c]
            flipped = False
        else:
            col = cols[src]
            idx = col.index(c)
            block = col[idx:]
            del col[idx:]
            flipped = len(col) == self.down[src] and self.down[src] > 0
            if flipped:
                self.down[src] -= 1
                points += POINTS_FLIP
        dest.extend(block)
        for b in block:
            loc[b] = to
        removal, rpoints = self._remove_complete(to)
        return (src, idx, to, len(block), flipped, removal), points + rpoints

    def _remove_complete(self, i: int) -> tuple[tuple[int, bool] | None, int]:
        """Remove a complete king-to-ace run of one suit at the free end of column ``i``."""
        if self.rules.complete != "remove":
            return None, 0
        col = self.cols[i]
        n = len(col)
        if n - self.down[i] < SEQUENCE or RANK[col[-1]] != ACE:
            return None, 0
        suit = SUIT[col[-1]]
        if col[n - SEQUENCE :] != _RUN[suit]:
            return None, 0
        del col[n - SEQUENCE :]
        for c in _RUN[suit]:
            self.loc[c] = REMOVED
        self.removed.append(suit)
        points = POINTS_SEQUENCE
        flipped = len(col) == self.down[i] and self.down[i] > 0
        if flipped:
            self.down[i] -= 1
            points += POINTS_FLIP
        return (i, flipped), points

    def _apply_deal(self) -> tuple[Any, int]:
        cards = self.reserve
        self.reserve = []
        for c, i in zip(cards, self.rules.grid.deal_columns):
            self.cols[i].append(c)
            self.loc[c] = i
        removals, points = [], 0
        for i in self.rules.grid.deal_columns:
            removal, p = self._remove_complete(i)
            if removal:
                removals.append(removal)
                points += p
        return ("deal", cards, removals), points

    def _undo_removal(self, removal: tuple[int, bool]) -> None:
        i, flipped = removal
        if flipped:
            self.down[i] += 1
        run = _RUN[self.removed.pop()]
        self.cols[i].extend(run)
        for c in run:
            self.loc[c] = i

    def _revert(self, record: Any) -> None:
        if record[0] == "deal":
            _, cards, removals = record
            for removal in reversed(removals):
                self._undo_removal(removal)
            for c, i in zip(cards, self.rules.grid.deal_columns):
                self.cols[i].pop()
                self.loc[c] = RESERVE
            self.reserve = cards
            return
        src, idx, to, n, flipped, removal = record
        if removal:
            self._undo_removal(removal)
        dest = self.cols[to]
        block = dest[len(dest) - n :]
        del dest[len(dest) - n :]
        if src == RESERVE:
            self.reserve.insert(idx, block[0])
            self.loc[block[0]] = RESERVE
        else:
            if flipped:
                self.down[src] += 1
            self.cols[src].extend(block)
            for b in block:
                self.loc[b] = src

    # -- state ---------------------------------------------------------------------------------
    def is_won(self) -> bool:
        if self.rules.complete == "remove":
            return len(self.removed) == PLACES
        if self.reserve:
            return False
        full = [col for col in self.cols if col]
        return len(full) == PLACES and all(col == _RUN[SUIT[col[0]]] for col in full) and not any(self.down)

    def describe(self, lang: str = "en") -> str:
        """One paragraph for screen readers, no-JS readers and the pages: the seeds' lines (000, 003),
        each sentence starting with a capital (``sentence_case``)."""
        t = translator(lang)
        grid = self.rules.grid
        if grid.aside and self.reserve:
            cards = ", ".join(t.card(c) for c in self.reserve)
            head = t.pgettext("aside", "cards set aside: {cards}").format(cards=cards)
        elif grid.aside:
            head = t.pgettext("aside", "cards set aside: none")
        else:
            head = reserve_text(t, len(self.reserve))
        if self.rules.complete == "remove":
            if self.removed:
                n = len(self.removed)
                suits = ", ".join(t.suit(s, "name") for s in self.removed)
                head += "; " + t.npgettext(
                    "removed", "{n} sequence removed: {suits}", "{n} sequences removed: {suits}", n
                ).format(n=n, suits=suits)
            else:
                head += "; " + t.pgettext("removed", "no sequence removed yet")
        columns = describe_columns(t, self.cols, self.down, "column")
        text = f"{head}. {columns}."
        if self.is_won():
            text += " " + t.pgettext("state", "The game is won.")
        return sentence_case(text, lang)


def reserve_text(t: Translator, n: int) -> str:
    """The reserve in the description and in the deal button's name, one wording per state:
    "reserve: 3 face-down cards", or "reserve: dealt" once it is empty."""
    if n:
        return t.npgettext("reserve", "reserve: {n} face-down card", "reserve: {n} face-down cards", n).format(n=n)
    return t.pgettext("reserve", "reserve: dealt")


SCORING = (
    # (event id, English label, points); the label is the msgid (msgctxt "scoring")
    ("same-suit", N_("scoring", "The placed card is of the same suit as the card it goes onto"), POINTS_SAME_SUIT),
    ("flip", N_("scoring", "A face-down card turns face up (after a sequence is removed, too)"), POINTS_FLIP),
    ("sequence", N_("scoring", "A complete sequence is removed"), POINTS_SEQUENCE),
    (
        "other",
        N_(
            "scoring",
            "Any other move: a king onto an empty column, a placement on another suit under Easy, "
            "dealing the reserve",
        ),
        0,
    ),
)


class Scorpion(Game):
    name = "scorpion"
    title = N_("game", "Scorpion")  # its name in the reader's language: Game.title_in
    Rules = ScorpionRules
    Position = ScorpionPosition
    search_class = "ScorpionSearch"

    def preset_name(self, preset: str, lang: str = "en") -> str:
        """The preset's name as the app (or the literature) calls it: hu Könnyített, ca Flexible; rules
        that are no preset (``classic,reserve=stuck``) as they are written."""
        return translator(lang).pgettext("preset", PRESET_NAMES.get(preset, preset))

    def facts(self, rules: RulesBase | str | None = None) -> dict[str, int]:
        """The numbers the pages quote, computed from the rules (one fact, one place)."""
        g = ScorpionRules.coerce(rules).grid  # type: ignore[arg-type]
        dealt = sum(g.sizes)
        face_down = sum(g.face_down)
        covered = [n for n, d in enumerate(g.face_down, 1) if d]  # columns dealt with face-down cards
        open_ = [n for n, d in enumerate(g.face_down, 1) if not d]  # columns dealt all face up
        return {
            "deck": len(DECK),
            "columns": g.columns,
            "column_size": max(g.sizes),
            "dealt": dealt,
            "face_down": face_down,
            "face_up": dealt - face_down,
            "reserve": g.reserve,
            "places": PLACES,
            "sequence_length": SEQUENCE,
            "face_down_columns": sum(1 for d in g.face_down if d),
            "face_down_per_column": max(g.face_down),
            "face_up_on_face_down": max(g.sizes) - max(g.face_down),  # face-up cards dealt onto them
            "face_down_first_column": covered[0],
            "face_down_last_column": covered[-1],
            "face_up_columns": len(open_),
            "face_up_first_column": open_[0],
            "face_up_last_column": open_[-1],
            "deal_columns": len(g.deal_columns),  # columns the reserve is dealt onto (1, 2, 3)
            "points_same_suit": POINTS_SAME_SUIT,
            "points_flip": POINTS_FLIP,
            "points_sequence": POINTS_SEQUENCE,
            "min_win_score": face_down * POINTS_FLIP + PLACES * POINTS_SEQUENCE,
            "undo_limit": UNDO_LIMIT,
            "code_letters": DIGITS,  # a deal code's number, in letters A–Z: SC1-CLA-AAAAAAB
            "deals_per_preset": MAX_NUMBER + 1,
        }

    def scoring_table(self, rules: RulesBase | str | None = None, lang: str = "en") -> list[tuple[str, str]]:
        t = translator(lang)
        return [(t.pgettext("scoring", label), render.points_cell(p, lang)) for _, label, p in SCORING]

    def board_top(self, pos: Any, lang: str, interactive: bool) -> str:
        """The reserve (a button that deals it, on a board one plays on) or the cards set aside, and
        the places for the removed sequences."""
        t = translator(lang)
        grid = pos.rules.grid
        top = []
        if grid.aside:
            aside = [render.card(c, lang, button=interactive) for c in pos.reserve]
            top.append(
                f'<div class="sol-place-group sol-aside" data-place="aside">'
                f'<span class="sol-label">{render.esc(render.text("aside", lang))}</span>'
                f'{render.pile(aside, "sol-pile sol-spread")}</div>'
            )
        else:
            n = len(pos.reserve)
            name = sentence_case(reserve_text(t, n), lang)  # as the description says it
            button = render.attrs(class_="sol-deal", data_action="deal", data_move="deal") if interactive else None
            body = render.stack(n, n, name, lang, button)
            top.append(
                f'<div class="sol-place-group sol-reserve" data-place="reserve">'
                f'<span class="sol-label" aria-hidden="true">{render.esc(render.text("reserve", lang))}</span>'
                f"{body}</div>"
            )
        if pos.rules.complete == "remove":
            places = []
            for i in range(PLACES):
                if i < len(pos.removed):
                    s = pos.removed[i]
                    label = render.text("removed-suit", lang, suit=t.suit(s, "name"))
                    places.append(render.card(card(KING, s), lang, label=label, token_attr="data-removed"))
                else:
                    empty = render.esc(render.text("place-empty", lang))
                    places.append(f'<span class="sol-slot"><span class="sol-sr">{empty}</span></span>')
            top.append(
                f'<div class="sol-place-group sol-places" data-place="removed">'
                f'<span class="sol-label" aria-hidden="true">{render.esc(render.text("places", lang))}</span>'
                f'{render.pile(places, "sol-pile sol-spread")}</div>'
            )
        return "".join(top)


GAME = Scorpion()

__all__ = ["DEAL", "GAME", "LAYOUTS", "Layout", "Scorpion", "ScorpionPosition", "ScorpionRules"]
