"""Scorpion, exactly as the app plays it (seeds 000 hu, 003 ca), with the literature's variants as data.

>>> pos = ScorpionPosition.from_code("SC1-CLA-AAAAAAA")
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
from collections.abc import Iterator
from functools import lru_cache
from typing import ClassVar

from .cards import ACE, KING, SUITS, card_token, parse_card, rank_of, suit_of
from .codes import DIGITS, MAX_NUMBER, DealCode, parse_code
from .core import UNDO_LIMIT, Position, RulesBase, Verdict, column_number, describe_columns, register_reasons
from .errors import NotationError
from .i18n import N_, NP_, translator
from .prng import shuffled_deck

RESERVE = -1  # location of a card in the reserve (or set aside)
REMOVED = -2  # location of a card in a removed sequence
DEAL = (-1, -1)  # the move that deals the reserve

POINTS_SAME_SUIT = 5
POINTS_FLIP = 5
POINTS_SEQUENCE = 100
SEQUENCE = 13
PLACES = 4

register_reasons(
    {
        "same-suit": N_("reason", "Rule: the cards must be of the same suit"),
        "one-rank-lower": N_("reason", "Rule: the card must be exactly one rank lower"),
        "on-ace": N_("reason", "Nothing can be placed on an ace"),
        "in-reserve": N_("reason", "This card is in the reserve; deal the reserve first"),
        "reserve-dealt": N_("reason", "The reserve has already been dealt"),
        "no-reserve": N_("reason", "These rules have no reserve to deal"),
        "reserve-not-stuck": N_("reason", "The reserve can be dealt only when no other move is possible"),
    }
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


def preset_name(preset: str, lang: str = "en") -> str:
    """The preset's name as the app (or the literature) calls it: hu Könnyített, ca Flexible; rules
    that are no preset (``classic,reserve=stuck``) as they are written."""
    return translator(lang).pgettext("preset", PRESET_NAMES.get(preset, preset))


@lru_cache(maxsize=256)
def _parse_position(text: str, rules: ScorpionRules) -> tuple:
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
    seen: dict[int, str] = {}

    def take(c: int, where: str) -> None:
        if c in seen:
            raise NotationError(f"card {card_token(c)} appears twice ({seen[c]} and {where})")
        seen[c] = where

    columns, down = [], []
    for n, part in enumerate(parts, 1):
        if len(part) % 2:
            raise NotationError(f"column {n}: {part!r} is not a run of two-character cards")
        col, d, face_up_seen = [], 0, False
        for i in range(0, len(part), 2):
            tok = part[i : i + 2]
            c = parse_card(tok)
            take(c, f"column {n}")
            if tok[0].islower() or tok[1].islower():
                if tok != tok.lower():
                    raise NotationError(f"column {n}: {tok!r} mixes cases (face up is upper case, face down lower)")
                if face_up_seen:
                    raise NotationError(f"column {n}: face-down card {tok} lies on a face-up card")
                d += 1
            else:
                face_up_seen = True
            col.append(c)
        if col and not face_up_seen:
            raise NotationError(f"column {n}: ends with a face-down card (it would have turned face up)")
        columns.append(col)
        down.append(d)
    reserve = []
    if reserve_text != "-":
        if len(reserve_text) % 2:
            raise NotationError(f"reserve {reserve_text!r} is not a run of two-character cards")
        toks = [reserve_text[i : i + 2] for i in range(0, len(reserve_text), 2)]
        for tok in toks:
            c = parse_card(tok)
            take(c, "the reserve")
            if grid.aside and tok != tok.upper():
                raise NotationError(f"reserve: set-aside card {tok} must be face up (upper case)")
            if not grid.aside and tok != tok.lower():
                raise NotationError(f"reserve: card {tok} must be face down (lower case)")
            reserve.append(c)
        if grid.aside and len(reserve) > grid.reserve:
            raise NotationError(f"{len(reserve)} cards set aside; the layout sets aside {grid.reserve}")
        if not grid.aside and len(reserve) != grid.reserve:
            raise NotationError(
                f"the reserve holds {len(reserve)} cards; it is dealt all at once, so {grid.reserve} or -"
            )
    removed = []
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
            for r in range(13):
                take(s * 13 + r, "the removed sequences")
            removed.append(s)
    missing = [card_token(c) for c in range(52) if c not in seen]
    if missing:
        raise NotationError(f"cards missing from the position: {' '.join(missing)}")
    return tuple(map(tuple, columns)), tuple(down), tuple(reserve), tuple(removed)


class ScorpionPosition(Position):
    """A Scorpion position: columns (table edge → free end), face-down counts, reserve, removed suits.

    Position string: ``<col1>/…/<colN> <reserve> <removed>``; cards are two characters each, face
    down in lower case (always at the table edge); ``reserve`` is the reserve in dealing order,
    face down (set-aside cards face up under Three Blind Mice), ``-`` when empty; ``removed`` the
    suits of the removed sequences in removal order, ``-`` when none.
    """

    GAME = "scorpion"

    def __init__(self, columns, down, reserve, removed, rules: ScorpionRules | None = None, score: int = 0):
        super().__init__()
        self.rules = rules or ScorpionRules()
        self.cols: list[list[int]] = [list(c) for c in columns]
        self.down: list[int] = list(down)
        self.reserve: list[int] = list(reserve)
        self.removed: list[int] = list(removed)
        self.score = score
        self.loc = [REMOVED] * 52
        for i, col in enumerate(self.cols):
            for c in col:
                self.loc[c] = i
        for c in self.reserve:
            self.loc[c] = RESERVE

    # -- construction -------------------------------------------------------------------------
    @classmethod
    def from_string(cls, text: str, rules: ScorpionRules | str | None = None) -> ScorpionPosition:
        if not isinstance(rules, ScorpionRules):
            rules = ScorpionRules.parse(rules)
        if not isinstance(text, str):
            raise NotationError(f"a Scorpion position is a string, not {type(text).__name__}")
        return cls(*_parse_position(text, rules), rules)

    @classmethod
    def deal(cls, number: int, rules: ScorpionRules | str | None = None) -> ScorpionPosition:
        """The deal with this number: the engine's shuffle, dealt column by column (table edge
        first), the cards left over forming the reserve in dealing order."""
        if not isinstance(rules, ScorpionRules):
            rules = ScorpionRules.parse(rules)
        grid = rules.grid
        deck = shuffled_deck(number)
        columns, i = [], 0
        for size in grid.sizes:
            columns.append(deck[i : i + size])
            i += size
        return cls(columns, grid.face_down, deck[i:], [], rules)

    @classmethod
    def from_code(cls, code: str | DealCode) -> ScorpionPosition:
        dc = parse_code(code) if isinstance(code, str) else code
        if dc.game != "SC":
            raise NotationError(f"deal code {dc}: not a Scorpion code (SC1-…)")
        presets = {v: k for k, v in ScorpionRules.CODES.items()}
        if dc.variant not in presets:
            raise NotationError(
                f"deal code {dc}: unknown Scorpion preset {dc.variant!r} (expected one of {', '.join(presets)})"
            )
        return cls.deal(dc.number, ScorpionRules.parse(presets[dc.variant]))

    @staticmethod
    def code(number: int, preset: str = "classic") -> str:
        return str(DealCode("SC", 1, ScorpionRules.CODES[preset], number))

    def __str__(self) -> str:
        cols = "/".join(
            "".join(card_token(c, i >= d) for i, c in enumerate(col)) for col, d in zip(self.cols, self.down)
        )
        aside = self.rules.grid.aside
        reserve = "".join(card_token(c, aside) for c in self.reserve) or "-"
        removed = "".join(SUITS[s] for s in self.removed) or "-"
        return f"{cols} {reserve} {removed}"

    def __repr__(self) -> str:
        return f"ScorpionPosition({str(self)!r}, rules={str(self.rules)!r})"

    def __eq__(self, other) -> bool:
        return isinstance(other, ScorpionPosition) and str(self) == str(other) and self.rules == other.rules

    # -- moves ---------------------------------------------------------------------------------
    def parse_move(self, token: str):
        token = token.strip()
        if token == "deal":
            return DEAL
        card_text, sep, col_text = token.partition(">")
        if not sep:
            raise NotationError(f"move {token!r} is not a Scorpion move (e.g. 4H>7, deal, undo)")
        try:
            c = parse_card(card_text)
        except NotationError:
            raise NotationError(f"move {token!r}: {card_text!r} is not a card (e.g. 4H, TS)") from None
        if card_text != card_text.upper():
            raise NotationError(f"move {token!r}: write the card in upper case ({card_text.upper()})")
        return (c, column_number(col_text, self.rules.grid.columns, token))

    def move_token(self, move) -> str:
        return "deal" if move == DEAL else f"{card_token(move[0])}>{move[1] + 1}"

    def verdict(self, move) -> Verdict:
        reason = self.refusal(move)
        return Verdict(False, reason) if reason else self._points_verdict(move)

    def refusal(self, move) -> str | None:
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
            return "empty-needs-king" if rank_of(c) != KING and self.rules.empty == "king" else None
        top = dest[-1]
        if rank_of(top) == ACE:
            return "on-ace"
        if rank_of(c) + 1 != rank_of(top):
            return "one-rank-lower"
        if self.rules.suits == "same" and suit_of(c) != suit_of(top):
            return "same-suit"
        return None

    def _points_verdict(self, move) -> Verdict:
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

    def legal_moves(self) -> Iterator[tuple[int, int]]:
        """Every legal move: block moves (each empty column separately), set-aside cards, the deal."""
        yield from self._card_moves(relocations=True)
        if self.reserve and not self.rules.grid.aside:
            if self.rules.reserve == "anytime" or not any(True for _ in self._card_moves(relocations=False)):
                yield DEAL

    def _card_moves(self, relocations: bool) -> Iterator[tuple[int, int]]:
        cols, down, loc = self.cols, self.down, self.loc
        empties = [i for i, col in enumerate(cols) if not col]
        same = self.rules.suits == "same"
        for d, dest in enumerate(cols):
            if not dest:
                continue
            top = dest[-1]
            r = top % 13
            if r == ACE:
                continue
            if same:
                candidates = (top - 1,)
            else:
                candidates = tuple(s * 13 + r - 1 for s in range(4))
            for c in candidates:
                w = loc[c]
                if w >= 0:
                    if w != d and cols[w].index(c) >= down[w]:
                        yield (c, d)
                elif w == RESERVE and self.rules.grid.aside:
                    yield (c, d)
        if empties:
            any_card = self.rules.empty == "any"
            for w, col in enumerate(cols):
                for i in range(down[w], len(col)):
                    c = col[i]
                    if not any_card and c % 13 != KING:
                        continue
                    if i == 0 and not relocations:
                        continue  # moving a whole column into an empty one only relocates it
                    for e in empties:
                        if e != w:
                            yield (c, e)
            if self.rules.grid.aside:
                for c in self.reserve:
                    if any_card or c % 13 == KING:
                        for e in empties:
                            yield (c, e)

    # -- making and taking back moves ----------------------------------------------------------
    def _apply(self, move):
        if move == DEAL:
            return self._apply_deal()
        c, to = move
        cols, loc = self.cols, self.loc
        dest = cols[to]
        points = POINTS_SAME_SUIT if dest and suit_of(dest[-1]) == suit_of(c) else 0
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

    def _remove_complete(self, i: int):
        """Remove a complete king-to-ace run of one suit at the free end of column ``i``."""
        if self.rules.complete != "remove":
            return None, 0
        col = self.cols[i]
        n = len(col)
        if n - self.down[i] < SEQUENCE:
            return None, 0
        ace = col[-1]
        if ace % 13 != ACE:
            return None, 0
        for k in range(1, SEQUENCE):
            if col[n - 1 - k] != ace + k:
                return None, 0
        del col[n - SEQUENCE :]
        suit = ace // 13
        for r in range(SEQUENCE):
            self.loc[ace + r] = REMOVED
        self.removed.append(suit)
        points = POINTS_SEQUENCE
        flipped = len(col) == self.down[i] and self.down[i] > 0
        if flipped:
            self.down[i] -= 1
            points += POINTS_FLIP
        return (i, flipped), points

    def _apply_deal(self):
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

    def _undo_removal(self, removal) -> None:
        i, flipped = removal
        if flipped:
            self.down[i] += 1
        suit = self.removed.pop()
        ace = suit * 13
        self.cols[i].extend(ace + r for r in range(SEQUENCE - 1, -1, -1))
        for r in range(SEQUENCE):
            self.loc[ace + r] = i

    def _revert(self, record) -> None:
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
        return len(full) == PLACES and all(
            len(col) == SEQUENCE and col == list(range(col[0], col[0] - SEQUENCE, -1)) and col[0] % 13 == KING
            for col in full
        ) and not any(self.down)

    def score_text(self, lang: str = "en") -> str:
        return str(self.score)

    def describe(self, lang: str = "en") -> str:
        """One paragraph for screen readers, no-JS readers and the pages (seeds 000/003 verbatim)."""
        t = translator(lang)
        grid = self.rules.grid
        if grid.aside:
            cards = ", ".join(t.card(c) for c in self.reserve) or t.pgettext("aside", "none")
            head = t.pgettext("aside", "cards set aside: {cards}").format(cards=cards)
        elif self.reserve:
            n = len(self.reserve)
            head = t.npgettext(
                "reserve", "reserve: {n} face-down card", "reserve: {n} face-down cards", n
            ).format(n=n)
        else:
            head = t.pgettext("reserve", "reserve: dealt")
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
        return text


def facts(rules: ScorpionRules | str | None = None) -> dict[str, int]:
    """The numbers the pages quote, computed from the rules (one fact, one place)."""
    if not isinstance(rules, ScorpionRules):
        rules = ScorpionRules.parse(rules)
    g = rules.grid
    dealt = sum(g.sizes)
    face_down = sum(g.face_down)
    covered = [n for n, d in enumerate(g.face_down, 1) if d]  # columns dealt with face-down cards
    open_ = [n for n, d in enumerate(g.face_down, 1) if not d]  # columns dealt all face up
    return {
        "deck": 52,
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


def scoring_table(rules=None, lang: str = "en") -> list[tuple[str, str]]:
    t = translator(lang)
    return [(t.pgettext("scoring", label), f"+{p}" if p else "0") for _, label, p in SCORING]


__all__ = ["ScorpionRules", "ScorpionPosition", "Layout", "LAYOUTS", "DEAL", "facts", "scoring_table"]
