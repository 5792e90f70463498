"""Cards and their notation: the one vocabulary every module speaks.

A card is an ``int`` from 0 to 51: ``suit * 13 + rank``, rank 0 = ace … 12 = king, suits in the
app's fixed order spades, hearts, diamonds, clubs. Ints keep the hot paths (push, pop, move
generation) fast; the notation below is the only way in and out, and nothing outside this module
decodes a card by hand: ``rank_of``, ``suit_of``, ``is_red``, ``card`` (or, on hot paths, the
tables ``RANK``, ``SUIT``, ``RED`` they read).

>>> parse_card("4H") == card(3, HEARTS)
True
>>> card_token(parse_card("TS")), card_symbol(parse_card("TS"))
('TS', '10♠')
>>> rank_of(parse_card("QD")) == QUEEN, is_red(parse_card("QD")), OTHER_COLOUR[SPADES]
(True, True, (1, 2))
"""

from __future__ import annotations

from .errors import NotationError

RANKS = "A23456789TJQK"
SUITS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
SPADES, HEARTS, DIAMONDS, CLUBS = range(4)
ACE, KING, QUEEN, JACK = 0, 12, 11, 10
RED_SUITS = frozenset((HEARTS, DIAMONDS))
RANK_COUNT = len(RANKS)

DECK: tuple[int, ...] = tuple(range(len(SUITS) * RANK_COUNT))
"""The unshuffled deck: A♠ 2♠ … K♠ A♥ … K♥ A♦ … K♦ A♣ … K♣."""

# Tables for the hot paths (move generation, push/pop, the solver): a subscript, no arithmetic.
RANK: tuple[int, ...] = tuple(c % RANK_COUNT for c in DECK)
SUIT: tuple[int, ...] = tuple(c // RANK_COUNT for c in DECK)
RED: tuple[bool, ...] = tuple(SUIT[c] in RED_SUITS for c in DECK)
OTHER_COLOUR: tuple[tuple[int, ...], ...] = tuple(
    tuple(o for o in range(len(SUITS)) if (o in RED_SUITS) != (s in RED_SUITS)) for s in range(len(SUITS))
)
"""The suits of the other colour, per suit: spades → (hearts, diamonds)."""


def card(rank: int, suit: int) -> int:
    return suit * RANK_COUNT + rank


def rank_of(c: int) -> int:
    return RANK[c]


def suit_of(c: int) -> int:
    return SUIT[c]


def is_red(c: int) -> bool:
    return RED[c]


def suit_cards(suit: int) -> range:
    """The suit's 13 cards, ace to king."""
    return range(card(ACE, suit), card(KING, suit) + 1)


def parse_card(text: str) -> int:
    """``"4H"`` → the card; upper or lower case (case marks face up/down in positions)."""
    found = _TOKENS.get(text)
    if found is None:
        raise NotationError(f"{text!r} is not a card (rank {RANKS} then suit {SUITS}, e.g. 4H, TS)")
    return found


# Every way to write a card: rank and suit, each in either case (ASCII only: "ſ".upper() == "S").
_TOKENS: dict[str, int] = {
    r + s: card(RANKS.index(r.upper()), SUITS.index(s.upper()))
    for r in RANKS + RANKS.lower() for s in SUITS + SUITS.lower()
}


def card_token(c: int, face_up: bool = True) -> str:
    t = RANKS[RANK[c]] + SUITS[SUIT[c]]
    return t if face_up else t.lower()


def card_symbol(c: int) -> str:
    """The language-neutral display: ``4♥``, ``10♠``, ``K♣``."""
    r = RANK[c]
    return ("10" if r == RANKS.index("T") else RANKS[r]) + SUIT_SYMBOLS[SUIT[c]]
