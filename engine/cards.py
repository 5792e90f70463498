"""Cards and their notation.

A card is an ``int`` from 0 to 51: ``suit * 13 + rank``, rank 0 = ace … 12 = king, suits in the
app's fixed order spades, hearts, diamonds, clubs. Ints keep the hot paths (push, pop, move
generation) fast; the notation below is the only way in and out.

>>> parse_card("4H") == card(3, HEARTS)
True
>>> card_token(parse_card("TS")), card_symbol(parse_card("TS"))
('TS', '10♠')
"""

from __future__ import annotations

from .errors import NotationError

RANKS = "A23456789TJQK"
SUITS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
SPADES, HEARTS, DIAMONDS, CLUBS = range(4)
ACE, KING, QUEEN, JACK = 0, 12, 11, 10
RED_SUITS = frozenset((HEARTS, DIAMONDS))

DECK: tuple[int, ...] = tuple(range(52))
"""The unshuffled deck: A♠ 2♠ … K♠ A♥ … K♥ A♦ … K♦ A♣ … K♣."""


def card(rank: int, suit: int) -> int:
    return suit * 13 + rank


def rank_of(c: int) -> int:
    return c % 13


def suit_of(c: int) -> int:
    return c // 13


def is_red(c: int) -> bool:
    return c // 13 in RED_SUITS


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
    t = RANKS[c % 13] + SUITS[c // 13]
    return t if face_up else t.lower()


def card_symbol(c: int) -> str:
    """The language-neutral display: ``4♥``, ``10♠``, ``K♣``."""
    r = c % 13
    return ("10" if r == 9 else RANKS[r]) + SUIT_SYMBOLS[c // 13]
